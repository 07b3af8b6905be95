"""The balance lab: what a rules change does to the game, measured over many games.

``brass balance`` (:mod:`brass.lab.command`) is its face; the same parts serve a script::

    from brass.lab import Job, RulesetRef, run_job, backend, figures

    job = Job(RulesetRef.of("birmingham"), players=2, bots=("greedy", "greedy"), groups=50, seed=7)
    result = run_job(job, backend(workers=2))
    report = figures(result, job.ruleset.load())

The parts, in the order a job goes through them:

* :mod:`~brass.lab.jobs` -- a job as plain data, and the seed of each game (a hash of
  the job's seed and the game's index, never of the order work finishes in);
* :mod:`~brass.lab.games` -- one game played and summarised (who won, VP, length, each
  era's actions, what the winners scored from);
* :mod:`~brass.lab.tally` -- summaries added up, in integers, the same in any order;
* :mod:`~brass.lab.work` -- the chunk of games every backend runs;
* :mod:`~brass.lab.backends` -- serial, local processes, a Ray cluster;
* :mod:`~brass.lab.driver` -- chunks out, tallies committed in order, the early stop;
* :mod:`~brass.lab.stats`, :mod:`~brass.lab.report`, :mod:`~brass.lab.page` -- the figures,
  as data, text and a page with charts.
"""

from .backends import Processes, RayCluster, Serial, backend
from .driver import Result, run_job
from .jobs import Job, JobError, RulesetRef
from .report import figures
from .stats import FirstPlayerTest

__all__ = ["Job", "JobError", "RulesetRef", "Serial", "Processes", "RayCluster", "backend", "run_job", "Result", "figures", "FirstPlayerTest"]

"""The balance lab's throughput: games per second on 1 and 2 local workers, and on Ray.

    python benchmarks/lab.py            # print the figures
    python benchmarks/lab.py --write    # also rewrite benchmarks/LAB.md
    python benchmarks/lab.py --quick    # smaller jobs (a rough look)

Each figure is the wall time of a whole ``run_job`` (chunks out, tallies back,
merged in order), the median of repeated runs with their spread, on this
machine with nothing else running. The games are uniformly random 4-player
Birmingham games (the bench.py game), so the figure is the lab's, not a bot's;
one greedy job gives the rate with a real bot. The
``random`` bot lists every legal move and draws one (bench.py's faster random
game counts them instead). Ray is started once, before the
runs (a cluster is already up when one uses it); its start is timed apart.
The projection to a million games on 64 cores scales the measured rate per
worker by the measured efficiency of two workers.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from brass import __version__  # noqa: E402
from brass.lab import Job, Processes, RayCluster, RulesetRef, Serial, run_job  # noqa: E402
from brass.lab.backends import cores  # noqa: E402


def timed(job: Job, make_backend, repeats: int, size: int) -> list:
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = run_job(job, make_backend(), size=size)
        seconds.append(time.perf_counter() - started)
        assert result.tally.sides[0].games == job.groups * len(job.lineups)
    return seconds


def rate(job: Job, seconds: list) -> tuple:
    games = job.groups * len(job.lineups)
    rates = sorted(games / s for s in seconds)
    return statistics.median(rates), rates[0], rates[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    games = 40 if args.quick else 320
    birmingham = RulesetRef.of("birmingham")
    job = Job(birmingham, players=4, bots=("random",) * 4, groups=games, seed=2026)
    greedy = Job(birmingham, players=4, bots=("greedy",) * 4, groups=8 if args.quick else 24, seed=2026)
    size = 10  # chunks of 10 random games, about a second each on one core
    rows = []
    figures = {}

    def measure(label, make_backend, which=job):
        chunk = size if which is job else 2  # greedy: 2 games, about 3 s on one core
        median, low, high = rate(which, timed(which, make_backend, args.repeats, chunk))
        figures[label] = median
        rows.append((label, f"{median:.1f} games/s (runs {low:.1f}-{high:.1f})"))
        print(f"{label}: {rows[-1][1]}", flush=True)

    measure("serial (this process)", Serial)
    measure("1 local worker process", lambda: Processes(1))
    measure("2 local worker processes", lambda: Processes(2))
    scaling = figures["2 local worker processes"] / figures["1 local worker process"]
    rows.append(("2 workers against 1 (aim >= 1.8)", f"**{scaling:.2f}x**"))
    print(f"scaling: {scaling:.2f}x", flush=True)
    try:
        import ray
    except ImportError:
        ray = None
    if ray is not None:
        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        rows.append(("Ray start on this machine (once per session)", f"{time.perf_counter() - started:.1f} s"))
        from brass.lab.backends import _LabActor
        from brass.lab.work import BalanceTask

        actor_class = ray.remote(num_cpus=1)(_LabActor)
        started = time.perf_counter()
        actors = [actor_class.remote(BalanceTask(job)) for _ in range(2)]
        ray.get([actor.version.remote() for actor in actors])
        rows.append(("Ray actors started, rules loaded and compiled (once per job)", f"{time.perf_counter() - started:.1f} s"))
        for actor in actors:
            ray.kill(actor)
        measure("Ray, 2 actors (--cluster auto)", lambda: RayCluster("auto", 2))
        overhead = figures["2 local worker processes"] / figures["Ray, 2 actors (--cluster auto)"] - 1
        rows.append(("Ray's overhead against 2 local processes (aim <= 10%)", f"**{overhead:+.1%}**"))
        print(f"ray overhead: {overhead:+.1%}", flush=True)
        ray.shutdown()
    measure("greedy bots, 2 local worker processes", lambda: Processes(2), greedy)
    per_worker = figures["2 local worker processes"] / 2
    efficiency = scaling / 2
    cores64 = 64 * per_worker * efficiency
    greedy64 = 64 * figures["greedy bots, 2 local worker processes"] / 2 * efficiency
    projection = (
        f"A million uniformly random 4-player games on 64 cores at this machine's speed per core and the "
        f"efficiency measured on two ({efficiency:.0%}): {cores64:.0f} games/s, **{1e6 / cores64 / 60:.0f} minutes**; "
        f"with greedy bots in every seat {greedy64:.1f} games/s, **{1e6 / greedy64 / 3600:.1f} hours**. "
        f"A paired job (--against) plays twice the games. The driver merges a chunk's tally in about a "
        f"millisecond, so at 64 workers and chunks of a few seconds it is far from the bottleneck; "
        f"the cores of a cloud machine are often slower than this one's, so take it as an order of magnitude."
    )
    print(projection)
    if args.write:
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%MZ")
        lines = [
            "# The balance lab's throughput",
            "",
            f"Measured {now} with `python benchmarks/lab.py`, engine {__version__}, on {platform.machine()}, "
            f"{cores()} cores, Python {platform.python_version()}; nothing else running. Wall time of whole jobs "
            f"({job.groups} random 4-player Birmingham games, chunks of {size}; greedy: {greedy.groups} games, chunks of 2), "
            f"median of {args.repeats} runs, the runs' range beside it.",
            "",
            "| what | figure |",
            "| --- | --- |",
            *[f"| {label} | {value} |" for label, value in rows],
            "",
            "## A million games",
            "",
            projection,
            "",
        ]
        (HERE / "LAB.md").write_text("\n".join(lines))
        print(f"wrote {HERE / 'LAB.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

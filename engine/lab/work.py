"""The unit of work of a balance job: a chunk of seed groups, played and tallied.

:func:`chunks` cuts a job into chunks; :func:`run_chunk` plays one and returns its
:class:`~brass.lab.tally.Tally`. Every backend (:mod:`brass.lab.backends`) runs
this same function: a worker loads the job's rulesets once (:func:`loaded`) and
keeps them for every chunk it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from .games import play
from .jobs import Job, group_seed
from .tally import Tally


@dataclass(frozen=True)
class Chunk:
    index: int  # its place in the job: results are committed in this order
    part: int  # -1: the main games; n >= 0: the ladder's pair n
    start: int  # first seed group
    stop: int  # after the last

    @property
    def groups(self) -> int:
        return self.stop - self.start


def chunks(job: Job, size: int) -> list:
    """The job's work in chunks of ``size`` seed groups: the main games, then the ladder's."""
    found = []
    parts = [(-1, job.groups)] + [(n, job.ladder_groups) for n in range(len(job.ladder_pairs()))]
    for part, groups in parts:
        for start in range(0, groups, size):
            found.append(Chunk(len(found), part, start, min(groups, start + size)))
    return found


_LOADED: dict = {}  # (digest of the job's rulesets) -> (ruleset, base or None): one load per process


def loaded(job: Job) -> tuple:
    key = (job.ruleset, job.against)
    if key not in _LOADED:
        ruleset = job.ruleset.load()
        base = job.against.load() if job.against is not None else None
        for rules in (ruleset, base):
            if rules is not None:
                rules.fast  # noqa: B018 - the code generated once, here, not in the first game
        _LOADED.clear()  # a worker serves one job at a time
        _LOADED[key] = (ruleset, base)
    return _LOADED[key]


def run_chunk(job: Job, chunk: Chunk) -> Tally:
    """Play a chunk's seed groups and tally them (the same chunk, the same tally)."""
    ruleset, base = loaded(job)
    tally = Tally()
    if chunk.part < 0:
        for group in range(chunk.start, chunk.stop):
            seed = group_seed(job.seed, group)
            measured = [play(ruleset, lineup, seed, (0, group, turn)) for turn, lineup in enumerate(job.lineups)]
            for game in measured:
                tally.sides[0].add(game)
            if base is not None:
                compared = [play(base, lineup, seed, (1, group, turn)) for turn, lineup in enumerate(job.lineups)]
                for game in compared:
                    tally.sides[1].add(game)
                tally.paired.add(measured, compared)
        return tally
    pair = job.ladder_pairs()[chunk.part]
    for group in range(chunk.start, chunk.stop):
        seed = group_seed(job.seed, group, f"ladder/{pair[0]}/{pair[1]}")
        for turn, lineup in enumerate(job.ladder_lineups(pair)):
            tally.add_ladder(pair, play(ruleset, lineup, seed, (2, group, turn)))
    return tally


class BalanceTask:
    """A balance job's work, as the backends run it."""

    def __init__(self, job: Job):
        self.job = job

    def prepare(self) -> None:
        loaded(self.job)

    def run(self, chunk: Chunk) -> Tally:
        return run_chunk(self.job, chunk)


class GamesTask:
    """``brass simulate``'s work: games numbered start to stop, seeded ``seed + number``,
    each reported whole (its record too, when asked). ``on_move(game)`` is called
    after every move: only for a task played in this process (a callback does not
    travel to a worker)."""

    def __init__(self, ruleset, bots: tuple, seed: int, records: bool = False, on_move=None):
        self.ruleset_ref, self.bots, self.seed, self.records, self.on_move = ruleset, tuple(bots), seed, records, on_move

    def prepare(self) -> None:
        self._ruleset = self.ruleset_ref.load()
        self._ruleset.fast  # noqa: B018

    def run(self, chunk: Chunk) -> list:
        from ..bots.seating import play_out, seat_bots
        from ..game import Game

        ruleset = getattr(self, "_ruleset", None) or self.ruleset_ref.load()
        found = []
        for number in range(chunk.start, chunk.stop):
            seed = self.seed + number
            game = Game(ruleset, [f"{bot} {i + 1}" for i, bot in enumerate(self.bots)], seed=seed)
            play_out(game, seat_bots(self.bots, seed), self.on_move)  # module:Class allowed: the names come from the command line
            outcome = game.outcome()
            found.append({
                "number": number, "seed": seed, "moves": len(game.history), "scores": outcome.scores,
                "winners": outcome.winners, "record": game.record() if self.records else None,
            })
        return found

"""Running a balance job: chunks out to a backend, tallies back in order, a stop when settled.

Chunks finish in any order; their tallies are committed in the chunks' own order,
so what has been counted after n chunks is the same whatever backend played
them and however fast. A sequential test looks only at committed chunks, so an
early stop, too, falls at the same game everywhere.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from .backends import Serial, cores
from .games import SHARE
from .jobs import Job, JobError
from .stats import FirstPlayerTest
from .tally import Tally
from .work import BalanceTask, Chunk, chunks


@dataclass
class Result:
    job: Job
    tally: Tally
    backend: str
    workers: int
    seconds: float
    settled: Optional[str] = None  # what the sequential test settled, if it stopped the job
    settled_after: int = 0  # games of the ruleset measured when it did
    chunk_groups: int = 0
    extra: dict = field(default_factory=dict)


def chunk_size(job: Job, workers: int, settle: bool) -> int:
    """Seed groups per chunk: enough chunks to share out (four per worker), each long
    enough to be worth sending (at most 25 groups); small while a test may stop the job."""
    most = 5 if settle else 25
    return max(1, min(most, job.groups // (4 * max(1, workers)) or 1))


def run_job(job: Job, backend=None, size: Optional[int] = None, settle: Optional[FirstPlayerTest] = None, on_progress: Optional[Callable] = None, task=None) -> Result:
    """Play the job on the backend (default: serial) and tally it; see the module's text.
    ``size``: seed groups per chunk; ``settle``: a test that may stop the main games early;
    ``on_progress(tally, seconds)`` after each chunk; ``task``: what plays a chunk (the
    job's :class:`~brass.lab.work.BalanceTask` unless given)."""
    if job.groups <= 0:
        raise JobError("a balance job needs at least one game")
    backend = backend or Serial()
    started = time.perf_counter()
    size = size or chunk_size(job, getattr(backend, "workers", None) or cores(), settle is not None)
    work = chunks(job, size)
    main = [chunk for chunk in work if chunk.part < 0]
    ladder = [chunk for chunk in work if chunk.part >= 0]
    total = Tally()
    result = Result(job, total, backend.name, getattr(backend, "workers", 1) or 1, 0.0, chunk_groups=size)
    try:
        for part in (main, ladder):
            if not part:
                continue
            stop = _commit(task or BalanceTask(job), backend, part, total, settle if part is main else None, on_progress, started)
            if stop is not None:
                result.settled, result.settled_after = stop, total.sides[0].games
    finally:
        backend.close()
    result.workers = getattr(backend, "workers", 1) or 1
    result.seconds = time.perf_counter() - started
    return result


def _commit(task, backend, work: list, total: Tally, settle, on_progress, started: float) -> Optional[str]:
    """Run chunks, merging their tallies into ``total`` in order; the test's verdict if it stopped them."""
    runs = in_order(backend.run(task, work), work)
    try:
        for _, tally in runs:
            total.merge(tally)
            if settle is not None:
                side = total.sides[0]
                verdict = settle.verdict(side.wins_by_turn[0] / SHARE, side.games)
                if verdict is not None:
                    return verdict
            if on_progress is not None:
                on_progress(total, time.perf_counter() - started)
    finally:
        runs.close()
    return None


def in_order(runs, work: list):
    """``(chunk, result)`` from a backend's run, put back in the order of ``work``."""
    waiting: dict = {}
    following = 0  # the place in ``work`` of the next chunk to give
    try:
        for chunk, result in runs:
            waiting[chunk.index] = result
            while following < len(work) and work[following].index in waiting:
                yield work[following], waiting.pop(work[following].index)
                following += 1
    finally:
        runs.close()


def run_in_order(task, backend, work: list):
    """Each chunk's result, in the chunks' order, whatever order the backend finishes them in."""
    try:
        yield from in_order(backend.run(task, work), work)
    finally:
        backend.close()


def game_chunks(games: int, size: int) -> list:
    return [Chunk(n, -1, start, min(games, start + size)) for n, start in enumerate(range(0, games, size))]

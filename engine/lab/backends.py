"""Where a balance job's chunks are played: here, on every core, or on a Ray cluster.

Each backend runs a *task* on chunks and yields ``(chunk, result)`` as they
finish, in any order; the driver puts them back in order (:mod:`brass.lab.driver`).
A task is a picklable object with ``prepare()`` (run once in each worker: load
and compile the rulesets) and ``run(chunk)``; a balance job's is
:class:`brass.lab.work.BalanceTask`, ``brass simulate``'s :class:`brass.lab.work.GamesTask`. Every backend bounds the work in flight (a few
chunks per worker), loads the rulesets once per worker, and plays a chunk again
if its worker dies: a chunk's result is counted once, whoever played it.

Ray is an existing distributed engine (actors that keep the compiled rules,
``ray.wait`` for back-pressure), installed with the ``cluster`` extra. A cluster
must have this package installed at the driver's version; each worker says its
version and a mismatch is refused.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Iterator, Optional

from .jobs import JobError
from .work import Chunk

IN_FLIGHT_PER_WORKER = 2  # chunks given to a worker ahead: enough to keep it busy, not to pile up
RETRIES = 2  # a chunk whose worker died is given to another this many times more


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Serial:
    """In this process, one chunk after another."""

    name = "serial"
    workers = 1

    def run(self, task, work: list) -> Iterator[tuple]:
        task.prepare()
        for chunk in work:
            yield chunk, task.run(chunk)

    def close(self) -> None:
        pass


# ------------------------------------------------------------------ local processes
def _start_worker(task) -> None:
    task.prepare()  # the rulesets loaded and compiled once, before the first chunk


def _play_chunk(task, chunk: Chunk):
    return chunk.index, task.run(chunk)


class Processes:
    """Worker processes on this machine (the default: one per core)."""

    name = "processes"

    def __init__(self, workers: Optional[int] = None):
        self.workers = workers or cores()
        self._pool = None

    def _new_pool(self, task):
        import concurrent.futures
        import multiprocessing

        # 'spawn' where fork is unsafe elsewhere; fork here: the parent's imports come free.
        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        return concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker, initargs=(task,))

    def run(self, task, work: list) -> Iterator[tuple]:
        import concurrent.futures
        from concurrent.futures.process import BrokenProcessPool

        pending = list(reversed(work))
        # A dead worker breaks the whole pool: every chunk in flight fails with it, and
        # which one killed it is not said. Those chunks are played again one at a time
        # (suspects), so that a try is charged only to a chunk that broke a pool alone.
        suspects: list = []
        tries = {chunk.index: 0 for chunk in work}
        self._pool = self._new_pool(task)
        running: dict = {}
        try:
            while pending or suspects or running:
                if suspects:
                    if not running:
                        chunk = suspects.pop()
                        running[self._pool.submit(_play_chunk, task, chunk)] = chunk
                else:
                    while pending and len(running) < self.workers * IN_FLIGHT_PER_WORKER:
                        chunk = pending.pop()
                        running[self._pool.submit(_play_chunk, task, chunk)] = chunk
                done, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                lost = []
                for future in done:
                    chunk = running.pop(future)
                    try:
                        _, tally = future.result()
                    except BrokenProcessPool:
                        lost.append(chunk)
                        continue
                    yield chunk, tally
                if lost:
                    lost += list(running.values())  # the rest of the broken pool's chunks
                    for future in running:
                        future.cancel()
                    running.clear()
                    if len(lost) == 1:  # it was alone: it broke the pool
                        suspects.append(self._retry(lost[0], tries, "its worker process died"))
                    else:
                        suspects.extend(sorted(lost, key=lambda c: -c.index))
                    self._pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = self._new_pool(task)
        finally:
            self.close()

    @staticmethod
    def _retry(chunk: Chunk, tries: dict, why: str) -> Chunk:
        tries[chunk.index] += 1
        if tries[chunk.index] > RETRIES:
            raise JobError(f"chunk {chunk.index} failed {tries[chunk.index]} times ({why}); stopping")
        return chunk

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


# ------------------------------------------------------------------ Ray
def _ray():
    try:
        import ray
    except ImportError:
        raise JobError("--cluster needs Ray: python -m pip install -e '.[cluster]' (or 'brass-rules[cluster]')") from None
    return ray


def _reachable(address: str, seconds: float = 3.0) -> None:
    """Refuse at once a ray://HOST:PORT that does not answer (ray.init would wait long)."""
    target = address.split("://", 1)[-1]
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise JobError(f"--cluster {address}: write ray://HOST:PORT (the Ray client port, 10001 by default) or auto")
    try:
        with socket.create_connection((host, int(port)), timeout=seconds):
            pass
    except OSError as error:
        raise JobError(f"--cluster {address}: nothing answers at {host}:{port} ({error.strerror or error}); is the Ray head running?") from None


class RayCluster:
    """Actors on a Ray cluster, each keeping the job's compiled rules.

    ``address``: "auto" joins the cluster this machine belongs to (RAY_ADDRESS, or
    one started with ``ray start``), else starts Ray here on ``workers`` cores;
    "ray://HOST:PORT" connects to a cluster's head."""

    name = "ray"

    def __init__(self, address: str = "auto", workers: Optional[int] = None):
        self.address = address
        self.workers = workers
        self.started_here = False
        self.ray = _ray()

    def _connect(self) -> None:
        ray = self.ray
        if ray.is_initialized():
            return
        if self.address.startswith("ray://"):
            _reachable(self.address)
            ray.init(address=self.address, log_to_driver=False)
            return
        if self.address != "auto":
            raise JobError(f"--cluster {self.address}: write auto or ray://HOST:PORT")
        try:
            ray.init(address="auto", log_to_driver=False)
        except ConnectionError:
            ray.init(num_cpus=self.workers or cores(), include_dashboard=False, log_to_driver=False)
            self.started_here = True

    def run(self, task, work: list) -> Iterator[tuple]:
        from .. import __version__

        ray = self.ray
        self._connect()
        workers = self.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.workers = workers
        actor_class = ray.remote(num_cpus=1)(_LabActor)
        actors = [actor_class.remote(task) for _ in range(workers)]
        versions = ray.get([actor.version.remote() for actor in actors])
        if any(version != __version__ for version in versions):
            raise JobError(f"the cluster's workers run brass {sorted(set(versions))}, this driver {__version__}: install the same version on every node")
        pending = list(reversed(work))
        tries = {chunk.index: 0 for chunk in work}
        running: dict = {}  # object ref -> (chunk, actor, the order it was sent in)
        idle = [actor for actor in actors for _ in range(IN_FLIGHT_PER_WORKER)]
        sent = 0
        try:
            while pending or running:
                while pending and idle:
                    actor = idle.pop()
                    chunk = pending.pop()
                    running[actor.run.remote(chunk)] = (chunk, actor, sent)
                    sent += 1
                ready, _ = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    if ref not in running:  # dropped with its dead actor's other chunks
                        continue
                    chunk, actor, order = running.pop(ref)
                    try:
                        tally = ray.get(ref)
                    except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError, ray.exceptions.ObjectLostError):
                        # An actor plays its chunks in the order sent: the first of its
                        # chunks still out is the one it died on; the others go back uncharged.
                        lost = [(order, chunk)] + [(o, c) for r, (c, a, o) in list(running.items()) if a is actor]
                        for r in [r for r, (_, a, _) in running.items() if a is actor]:
                            del running[r]
                        lost.sort(key=lambda item: item[0])
                        pending.append(Processes._retry(lost[0][1], tries, "its Ray worker died"))
                        pending.extend(c for _, c in lost[1:])
                        fresh = actor_class.remote(task)  # a new actor in its place, with all its slots
                        actors.append(fresh)
                        idle = [a for a in idle if a is not actor] + [fresh] * IN_FLIGHT_PER_WORKER
                        continue
                    except ray.exceptions.RayTaskError as error:
                        raise JobError(f"chunk {chunk.index} failed on the cluster: {error}") from None
                    idle.append(actor)
                    yield chunk, tally
        finally:
            for actor in actors:
                try:
                    ray.kill(actor)
                except Exception:  # already gone
                    pass

    def close(self) -> None:
        if self.started_here and self.ray.is_initialized():
            self.ray.shutdown()


class _LabActor:
    """A Ray worker: the task's rulesets loaded once, then chunk after chunk."""

    def __init__(self, task):
        self.task = task
        task.prepare()

    def version(self) -> str:
        from .. import __version__

        return __version__

    def run(self, chunk: Chunk):
        return self.task.run(chunk)


def backend(workers: Optional[int] = None, cluster: Optional[str] = None):
    """The backend the options ask for: Ray with ``cluster``, else processes (serial for 1)."""
    if cluster:
        return RayCluster(cluster, workers)
    if workers == 1:
        return Serial()
    return Processes(workers)


def elapsed(started: float) -> float:
    return time.perf_counter() - started

"""Tasks for the backends' tests: a balance job's work, with a worker that dies once."""

from __future__ import annotations

import os
from pathlib import Path

from brass.lab.work import BalanceTask


class DiesOnce(BalanceTask):
    """Plays like the job's own task, but the worker given chunk ``fatal`` first
    leaves its process at once (no exception, no cleanup: as if killed), once
    only: ``marker`` is written first, so the chunk's second try plays."""

    def __init__(self, job, fatal: int, marker: str):
        super().__init__(job)
        self.fatal, self.marker = fatal, marker

    def run(self, chunk):
        if chunk.index == self.fatal and not Path(self.marker).exists():
            Path(self.marker).write_text(str(os.getpid()))
            os._exit(1)
        return super().run(chunk)


class CountsChunks(BalanceTask):
    """Plays like the job's own task and appends each chunk it plays to a file:
    which chunks were played, and how often."""

    def __init__(self, job, log: str):
        super().__init__(job)
        self.log = log

    def run(self, chunk):
        tally = super().run(chunk)
        with open(self.log, "a") as out:
            out.write(f"{chunk.index}\n")
        return tally


class AlwaysDies(BalanceTask):
    """A chunk whose every try kills its worker (a rule that crashes the interpreter, say)."""

    def __init__(self, job, fatal: int):
        super().__init__(job)
        self.fatal = fatal

    def run(self, chunk):
        if chunk.index == self.fatal:
            os._exit(1)
        return super().run(chunk)

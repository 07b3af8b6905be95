"""Small variants made in a temporary folder, for tests of what a variant author sees."""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path

BIRMINGHAM = Path(__file__).resolve().parents[2] / "rulesets" / "birmingham"

# The manifest of a variant of Birmingham named v: a test adds what it changes.
VARIANT = """\
name: v
title: "A variant"
version: "1.0.0"
base: birmingham
"""


@contextlib.contextmanager
def fails_after(seconds: int, what: str):
    """Fail with ``what`` rather than wait, if the block takes longer (a hang is what such tests check against)."""

    def hung(signum, frame):
        raise AssertionError(f"{what} took more than {seconds} s: something hangs")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)

"""How large the long sweeps run: the oracle comparison, the rule fuzzer, the soak,
seeded whole games and playouts, each marked ``sweep``.

``BRASS_SWEEP`` chooses the size: ``ci`` (the default: what ``.ci/run`` and a plain
``pytest`` run, small enough for a 2-core machine, large enough to mean something)
or ``nightly`` (the full size, for a run that may take an hour). The assertions are
the same at both sizes; only the amount of play differs.
"""

from __future__ import annotations

import os

SIZES = ("ci", "nightly")


def chosen() -> str:
    """The size asked for; a misspelt one is refused rather than run small."""
    name = os.environ.get("BRASS_SWEEP", "ci").strip().lower() or "ci"
    if name not in SIZES:
        raise ValueError(f"BRASS_SWEEP={name!r}: write one of {', '.join(SIZES)}")
    return name


def size(ci: int, nightly: int, exact: str | None = None) -> int:
    """The sweep's size at the chosen size; the environment variable ``exact``, if
    given and set, names the size itself (for a quick local run of one sweep)."""
    if exact and os.environ.get(exact):
        return int(os.environ[exact])
    return nightly if chosen() == "nightly" else ci

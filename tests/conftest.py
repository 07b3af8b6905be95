"""The suite's size and order: the sweeps' size is checked and shown, and they run first.

The suite runs on every core with pytest-xdist (``-n auto --dist loadgroup``, the
README's command). Each worker takes the next test when it is free, so the few
long sweeps start first and the hundreds of short tests fill in around them:
both workers end together instead of one waiting on a sweep begun last.
"""

from __future__ import annotations

import pytest

from tests.support import sweep


def pytest_configure(config):
    try:
        sweep.chosen()
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def pytest_report_header(config):
    return f"sweeps: {sweep.chosen()} size (BRASS_SWEEP=nightly for the full size)"


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.get_closest_marker("sweep") is None)  # stable: the order is kept otherwise

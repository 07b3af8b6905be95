"""What a test runs on, installed: skipped where it is missing, failed under CI.

CI (``CI=true``) installs everything a feature runs on (``.ci/run``), so a part
missing there is a broken install, not a reason to skip."""

from __future__ import annotations

import importlib
import os
import shutil

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need(module: str, install: str):
    """The module, imported; else a skip here (of the whole module, at its top), a
    failure under CI, saying how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        _missing(f"{module} is not installed ({install})")


def need_programs(*programs: str, install: str) -> None:
    """Each program found; else a skip here (of the whole module, at its top), a failure under CI."""
    missing = [program for program in programs if not shutil.which(program)]
    if missing:
        _missing(f"{', '.join(missing)} not found ({install})")


def _missing(why: str):
    if under_ci():
        pytest.fail(f"{why}: CI must install it", pytrace=False)
    pytest.skip(why, allow_module_level=True)

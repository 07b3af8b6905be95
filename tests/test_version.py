"""The version is written once (engine/version.py); the installed metadata is read from it."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import brass
from brass.version import __version__

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_package_and_its_metadata_give_one_version():
    assert brass.__version__ == __version__
    installed = importlib.metadata.version("brass-rules")
    assert installed == __version__, f"installed metadata says {installed}: reinstall (python -m pip install -e .)"


def test_pyproject_reads_the_version_and_writes_none_itself():
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "brass.version.__version__"}

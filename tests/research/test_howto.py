"""The how-to's examples run as shown (docs/howto/research.rst)."""

from __future__ import annotations

import doctest
from pathlib import Path

from tests.support.needs import need

PAGE = Path(__file__).resolve().parents[2] / "docs" / "howto" / "research.rst"


def test_the_examples_of_the_research_how_to_run_as_shown():
    need("pyspiel", "python -m pip install -e '.[openspiel]'")
    need("pettingzoo", "python -m pip install -e '.[rl]'")
    failures, tried = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0

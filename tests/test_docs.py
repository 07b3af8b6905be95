"""The documentation builds with Sphinx, without a single warning.

This is the documented build command (docs/conf.py), run into a temporary
folder; the generated pages (rules chapters, language and data references) are
made by the build itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_documentation_builds_without_warnings(tmp_path):
    pytest.importorskip("sphinx")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(tmp_path / "html")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    built = tmp_path / "html"
    for page in ("index.html", "reference/language.html", "reference/hooks.html", "generated/rules-birmingham.html", "generated/rules-lancashire.html"):
        assert (built / page).exists(), page
    chapter = (built / "generated" / "rules-birmingham.html").read_text(encoding="utf-8")
    assert "Where coal comes from" in chapter and "Example:" in chapter
    assert (built / "_images" / "birmingham-map.svg").exists() or (built / "generated" / "birmingham-map.svg").exists()


@pytest.mark.parametrize("page", ["howto/simulate.rst", "reference/notation.rst"])
def test_the_python_examples_in_the_pages_run_as_shown(page):
    import doctest

    failures, tried = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0

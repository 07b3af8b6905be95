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

from brass.bots import BOTS

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
    assert "For engine readers" in chapter and "engine-notes" in chapter  # the notes that are not rules, in a box
    assert "Not allowed when" not in chapter and "Require:" not in chapter
    for page in ("index.html", "howto/write-a-bot.html"):
        html = (built / page).read_text(encoding="utf-8")
        missing = [name for name in BOTS if f'<span class="pre">{name}</span>' not in html]
        assert missing == [], f"{page} does not name the bots {missing}"
    index = (built / "index.html").read_text(encoding="utf-8")
    assert [c for c in command_names() if f'<span class="pre">{c}</span>' not in index] == []
    assert (built / "_images" / "birmingham-map.svg").exists() or (built / "generated" / "birmingham-map.svg").exists()


def command_names() -> list:
    """The ``brass`` commands, as the command line registers them."""
    import argparse

    from brass.cli import COMMANDS

    commands = argparse.ArgumentParser(prog="brass").add_subparsers(dest="command")
    for command in COMMANDS:
        command.add_parser(commands)
    return list(commands.choices)


def test_the_generated_tables_name_every_bot_and_every_command():
    from brass.terminal.session import PROMPT
    from brass.sphinxext import bots_reference, commands_reference

    bots = bots_reference()
    assert [name for name in BOTS if f"``{name}``" not in bots] == []
    assert "``easy`` (a level)" in bots and "``greedy`` (a level)" not in bots
    commands = commands_reference()
    assert [name for name in command_names() if f"``brass {name}``" not in commands] == []
    assert [c.usage for c in PROMPT if f"``{c.usage}``" not in commands] == []


@pytest.mark.parametrize("page", ["howto/simulate.rst", "reference/notation.rst"])
def test_the_python_examples_in_the_pages_run_as_shown(page):
    import doctest

    failures, tried = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0

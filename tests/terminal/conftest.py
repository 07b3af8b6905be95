"""Driving ``brass play`` (and replay, record) in-process with typed lines, as a terminal shows them."""

from __future__ import annotations

import pytest

from brass.cli import main


class Typed:
    """The lines a player types; each prompt and line is echoed, as on a terminal."""

    def __init__(self, lines):
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt=""):
        print(prompt, end="")
        self.prompts.append(prompt)
        if not self.lines:
            print()
            raise EOFError
        line = self.lines.pop(0)
        if line is KeyboardInterrupt:
            print()
            raise KeyboardInterrupt
        print(line)
        return line


@pytest.fixture(scope="session", autouse=True)
def rulesets_loaded_from_the_repository():
    """Rule files are named relative to where a ruleset is first loaded (and kept
    loaded): load them here, before any test moves to a folder of its own."""
    from brass import load_ruleset

    for name in ("birmingham", "lancashire"):
        for ruleset in (load_ruleset(name), load_ruleset(name, trust=False)):  # two entries in its cache
            ruleset.fast  # noqa: B018 -- the generated rules, named by their rule lines, too


@pytest.fixture(autouse=True)
def wide_and_apart(monkeypatch, tmp_path, rulesets_loaded_from_the_repository):
    """A wide console, so no line the tests look for is wrapped; a folder of its own,
    since a game left unsaved when input ends is saved where we are; no history file
    of the player's."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("BRASS_HISTORY", str(tmp_path / "history"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def brass(monkeypatch, capsys):
    """brass(*argv, typed=[...]) -> (exit status, what the terminal showed)."""

    def run(*argv, typed=()):
        typist = Typed(typed)
        monkeypatch.setattr("builtins.input", typist)
        code = main(list(argv))
        captured = capsys.readouterr()
        run.prompts = typist.prompts
        run.left = typist.lines
        return code, captured.out + captured.err

    return run

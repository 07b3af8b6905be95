"""Saving never crashes or leaks; text from outside never acts on a terminal (SECURITY.md).

A save that cannot be written says which file and why, and the game goes on;
what is saved is readable by its owner only (a record holds the seed, which
tells every card to come). A player's name or a ruleset's text that holds a
terminal's escape sequence is written out or refused, never printed raw.
"""

from __future__ import annotations

import io
import json
import os
import stat

import pytest

from brass import Game, load_ruleset
from brass.cli import main
from brass.errors import RulesetError, SaveError
from tests.support.variants import VARIANT


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_saved_game_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "game.json"
    Game("birmingham", 2, seed=1).save(path)
    assert mode(path) == 0o600
    assert json.loads(path.read_text())["seed"] == 1


def test_saving_over_a_file_others_could_read_makes_it_private(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o644)
    Game("birmingham", 2, seed=1).save(path)
    assert mode(path) == 0o600


@pytest.mark.parametrize(
    "where, why",
    [
        (lambda tmp: tmp, "it is a folder; give a file name"),
        (lambda tmp: tmp / "missing" / "game.json", "the folder {tmp}/missing does not exist"),
    ],
)
def test_a_save_that_cannot_be_written_says_why(tmp_path, where, why):
    path = where(tmp_path)
    with pytest.raises(SaveError) as error:
        Game("birmingham", 2, seed=1).save(path)
    assert str(error.value) == f"cannot save to {path}: {why.format(tmp=tmp_path)}"
    assert not list(tmp_path.glob(".*.tmp"))  # nothing half written is left behind


def test_a_full_disk_is_named_and_the_old_file_is_kept(tmp_path, monkeypatch):
    import errno

    path = tmp_path / "game.json"
    path.write_text("the earlier save")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(SaveError, match="the disk is full"):
        Game("birmingham", 2, seed=1).save(path)
    assert path.read_text() == "the earlier save"


def test_at_the_terminal_a_failed_save_is_said_and_the_game_goes_on(capsys, monkeypatch, tmp_path):
    good = tmp_path / "good.json"
    script = f"save {tmp_path}/missing/x.json\nsave {tmp_path}\nsave {good}\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = main(["play", "birmingham", "--players", "2", "--seats", "human,quick", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Traceback" not in out + err
    assert f"not saved: cannot save to {tmp_path}/missing/x.json: the folder {tmp_path}/missing does not exist" in out
    assert f"not saved: cannot save to {tmp_path}: it is a folder; give a file name" in out
    assert f"saved to {good}" in out
    assert mode(good) == 0o600


def test_the_web_store_keeps_its_games_private(tmp_path):
    pytest.importorskip("starlette")
    from brass.web.store import Store

    store = Store(tmp_path, bot_delay=0)
    table = store.create(Game("birmingham", 2, seed=1), ["human", "human"])
    saved = tmp_path / "games" / f"{table.id}.json"
    assert mode(saved) == 0o600
    assert mode(tmp_path / "games") == 0o700


# ------------------------------------------------------------ text that reaches a terminal


def test_a_name_with_an_escape_sequence_is_written_out():
    game = Game("birmingham", ["Ann\x1b[2J", "Bob\nMallory: I win"], seed=1)
    assert [p.name for p in game.state.players] == ["Ann\\x1b[2J", "Bob\\x0aMallory: I win"]


def test_a_ruleset_title_with_an_escape_is_refused_where_it_stands(tmp_path):
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(VARIANT.replace('title: "A variant"', 'title: "A \\e[2J variant"'), encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(folder))
    assert f"{folder}/ruleset.yaml:2: the text 'A \\x1b[2J variant' holds the control character U+001B" in str(error.value)


def test_a_rule_file_with_an_escape_is_refused_and_shown_harmless(tmp_path):
    folder = tmp_path / "v"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(VARIANT + "rules: [rules/r.brass]\n", encoding="utf-8")
    (folder / "rules" / "r.brass").write_text('action extra "Extra\x1b[31m":\n    cite "x"\n    choose card from you.hand\n    call play_card(card)\n', encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(folder))
    message = str(error.value)
    assert "r.brass:1:20: the control character U+001B (ESCAPE) has no place in a rule file" in message
    assert "\x1b" not in message and 'action extra "Extra\u241b[31m":' in message

"""Records from outside: accepted whole, or refused with a RecordError that says what and where."""

from __future__ import annotations

import json

import pytest

from brass import Game
from brass.cli import main
from brass.errors import RecordError
from brass.ruleset import installed_rulesets


def good_record() -> dict:
    game = Game("birmingham", 2, seed=4)
    for _ in range(3):
        game.push(next(iter(game.legal_moves)))
    return game.record()


def refused(record) -> str:
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    return str(error.value)


def test_a_good_record_replays():
    record = good_record()
    assert Game.from_record(record).record() == record


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.pop("moves"), "record: missing field 'moves'"),
        (lambda r: r.update(players="ab"), "record.players: expected a list, got a string ('ab')"),
        (lambda r: r.update(seed="4"), "record.seed: expected a whole number, got a string ('4')"),
        (lambda r: r["moves"][0].update(player=-1), "record.moves[0].player: -1 is out of range: it must be at least 0"),
        (lambda r: r["moves"][1].pop("move"), "record.moves[1]: missing field 'move'"),
        (lambda r: r["moves"][0].update(move=["build"]), "record.moves[0].move: expected a string, got a list of 1 item"),
        (lambda r: r.update(colour="red"), "record: unexpected field 'colour'; allowed fields: chance, engine, format, lineage, moves, players, position, ruleset, ruleset_version, seed"),
        (lambda r: r.update(ruleset="../evil"), "record.ruleset: '../evil' is not an identifier (lower-case letters, digits, '-' and '_'; no paths)"),
        # The installed rulesets, whatever variants are installed too (the variant tutorial installs one).
        (lambda r: r.update(ruleset="chess"), "record.ruleset: 'chess' is not an installed ruleset; installed: " + ", ".join(sorted(installed_rulesets()))),
        (lambda r: r.update(ruleset_version="9.9"), "the record was made with birmingham 9.9, but birmingham 1.0.0 is installed; the rules may differ, so it is not replayed"),
        (lambda r: r.update(players=[f"p{i}" for i in range(9)]), "the record's game cannot be set up: Brass: Birmingham is for 2, 3, 4 players, not 9"),
        (lambda r: r.update(moves=[{"player": 1, "move": "pass"}]), "move 1 ('pass') is by player 1, but player 0 is to move"),
        (lambda r: r.update(position={"players": [{"money": 10**30}]}), "record.position.players[0].money: 1000000000000000000000000000000 is out of range: it must be at most 1000000"),
        (lambda r: r.update(position={"players": [{"vp": -50}]}), "record.position.players[0].vp: -50 is out of range: it must be at least 0"),
        (lambda r: r.update(position={"players": [{"hand": ["wild-location"] * 20}]}), "record.position: 20 Wild location cards are in hands, but the game has 4"),
        (lambda r: r.update(position={"tiles": [{"space": "dudley.0", "owner": 16}]}), "record.position.tiles[0].owner: 16 is out of range: it must be at most 15"),
        (lambda r: r.update(position={"tiles": [{"space": "dudley.0", "owner": 3}]}), "record.position: the position is not one a game can reach: the tile at dudley.0 is owned by seat 3, but the seats are 0 to 1"),
    ],
)
def test_a_broken_record_is_refused_with_what_and_where(change, message):
    record = good_record()
    change(record)
    assert refused(record) == message


def test_a_record_that_is_not_a_record():
    assert refused([1, 2]) == "not a game record (expected format 'brass-game-record/1')"
    assert refused({"format": "pgn"}) == "not a game record (expected format 'brass-game-record/1')"


def test_a_record_never_runs_code_from_a_folder(tmp_path):
    """A record names an installed ruleset; a path in its place is refused before anything is read."""
    folder = tmp_path / "evil"
    folder.mkdir()
    marker = tmp_path / "ran"
    (folder / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (folder / "ruleset.yaml").write_text("name: evil\n")
    record = good_record()
    record["ruleset"] = str(folder)
    assert refused(record).startswith("record.ruleset: ")
    assert not marker.exists()


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe{}", "not UTF-8 text (byte 0xff at offset 0); a game record is JSON in UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 64 levels deep; a game record is not"),
        (b'{"format": ', "1:12: not valid JSON: Expecting value"),
        (b"{}", "not a game record (expected format 'brass-game-record/1')"),
    ],
)
def test_a_record_file_that_cannot_be_read(tmp_path, content, message):
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as error:
        Game.load(path)
    assert str(error.value).endswith(message)
    assert str(error.value).startswith(str(path)) or message.startswith("not a game record")


def test_a_huge_number_in_a_record_file(tmp_path):
    path = tmp_path / "game.json"
    record = good_record()
    path.write_text(json.dumps(record).replace('"seed": 4', '"seed": ' + "9" * 5000))
    with pytest.raises(RecordError) as error:
        Game.load(path)
    assert "not a game record" in str(error.value) or "record.seed" in str(error.value)


def test_brass_replay_of_a_broken_record_says_why(tmp_path, capsys):
    path = tmp_path / "game.json"
    record = good_record()
    record["position"] = {"players": [{"money": 10**30}]}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "record.position.players[0].money: 1000000000000000000000000000000 is out of range: it must be at most 1000000" in out + err


def test_an_installed_name_is_not_taken_from_the_current_folder(tmp_path, monkeypatch):
    """A record's "birmingham" is the installed Birmingham, whatever folder of that name is here."""
    import shutil
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham"
    shutil.copytree(source, tmp_path / "birmingham", ignore=shutil.ignore_patterns("__pycache__", "__init__.py", "introductory", "open_beer"))
    rules = tmp_path / "birmingham" / "rules" / "actions.brass"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    record = good_record()
    game = Game.from_record(record)
    assert game.ruleset.folder == source

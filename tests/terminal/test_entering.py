"""brass record at a real table: forgiving names, help and undo at every prompt,
rounds announced, resuming, never overwriting unasked (issue 21, point 8)."""

from __future__ import annotations

import json

import pytest

from brass import Game
from brass.recording import Recorder

MERCHANTS = "blank, all goods, cotton, manufactured goods, blank"
ADA = "birmingham coventry iron works brewery dudley stafford coal mine worcester"
BEN = "birmingham coalbrookdale brewery kidderminster iron works pottery wolverhampton redditch"
SETUP = [MERCHANTS, ADA, BEN, "Ben, Ada"]
RECORD = ("record", "birmingham", "--players", "2", "--names", "Ada,Ben", "--out", "table.json")


def scripted(lines):
    lines, asked, said = list(lines), [], []

    def ask(prompt):
        asked.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)

    return ask, asked, said


def test_names_as_said_at_the_table():
    ask, asked, said = scripted(SETUP)
    game = Recorder("birmingham", ["Ada", "Ben"], ask, said.append).game
    assert said == []
    assert [s.token.name for s in game.state.spaces if s.token] == [
        "Merchant: blank", "Merchant: all goods", "Merchant: cotton", "Merchant: manufactured goods", "Merchant: blank"]
    assert [c.id for c in game.players[0].hand] == ["birmingham", "coventry", "iron", "brewery", "dudley", "stafford", "coal", "worcester"]
    assert [c.name for c in game.players[1].hand][4] == "Iron works"


def test_help_at_a_question_is_help_not_a_tile():
    ask, asked, said = scripted(["help"] + SETUP)
    Recorder("birmingham", ["Ada", "Ben"], ask, said.append)
    assert said[0].startswith("Type each tile as it was drawn or turned up, by the name shown on it or its id,")
    assert "Left in the Merchant tiles: Merchant: all goods, Merchant: cotton, Merchant: manufactured goods, Merchant: blank (2)." in said[0]
    assert asked[0] == asked[1]  # the same question again


def test_a_misspelt_card_gets_a_suggestion():
    ask, asked, said = scripted([MERCHANTS, "birmingam"] + SETUP[1:])
    Recorder("birmingham", ["Ada", "Ben"], ask, said.append)
    assert said[0].startswith("there is no card 'birmingam' in the draw deck (did you mean birmingham?); left: ")


def test_undo_at_a_question_takes_back_the_last_card_told():
    # Ada's last card was a Cannock, not a Worcester: at Ben's question, undo, and tell it again.
    ask, asked, said = scripted([MERCHANTS, ADA, "undo", "cannock", BEN, "Ben, Ada"])
    game = Recorder("birmingham", ["Ada", "Ben"], ask, said.append).game
    assert asked[2:5] == ["Ben draws 8 cards: which? ", "Ada draws 1 card: which? ", "Ben draws 8 cards: which? "]
    assert [c.id for c in game.players[0].hand][-1] == "cannock"


def test_brass_record_announces_rounds_shows_the_move_first_and_takes_back(brass):
    typed = SETUP + [
        "build card=birmingham industry=cotton",  # Ben's turn ends: he draws
        "undo",  # at the draw's question: the move is not entered
        "build card=birmingham industry=cotton", "stafford",
        "undo",  # at Ada's prompt: Ben's move, with the card he drew
        "build card=birmingham industry=cotton", "cannock",
        "quit",
    ]
    code, out = brass(*RECORD, typed=typed)
    assert code == 0
    move = "build card=birmingham industry=cotton location=birmingham slot=birmingham.0"
    assert "Canal era, round 1: Ben, then Ada.\nBen> " in out
    assert f"Ben> build card=birmingham industry=cotton\nBen: {move}\nBen draws 1 card: which? undo\ntaken back: {move} is not entered\n" in out
    assert f"Ada> undo\ntook back: {move}, with what it turned up\n" in out
    assert out.count("Ben draws 1 card: which? ") == 3  # asked again each time
    record = json.loads(open("table.json").read())
    assert [m["move"] for m in record["moves"]] == ["build card=birmingham industry=cotton"]
    assert Game.from_record(record).players[1].hand[-1].id == "cannock"


def test_a_recording_goes_on_where_it_stopped(brass):
    brass(*RECORD, typed=SETUP + ["build card=birmingham industry=cotton", "stafford", "quit"])
    code, out = brass("record", "--resume", "table.json", typed=["loan card=coventry", "cannock", "quit"])
    assert code == 0
    assert out.startswith("Going on with a game of Brass: Birmingham: 1 moves entered.")
    assert not any("which" in prompt and "draws 8" in prompt for prompt in brass.prompts)  # no set-up asked again
    assert brass.prompts[0] == "Ada> "
    record = json.loads(open("table.json").read())
    assert [m["move"] for m in record["moves"]] == ["build card=birmingham industry=cotton", "loan card=coventry"]
    assert Game.from_record(record).players[1].hand[-1].id == "stafford"


@pytest.mark.parametrize("answer, written", [("", False), ("o", True)])
def test_an_existing_record_is_not_overwritten_unasked(brass, answer, written):
    with open("table.json", "w") as kept:
        kept.write("{}")
    code, out = brass(*RECORD, typed=[answer] + SETUP + ["quit"])
    assert brass.prompts[0] == "table.json already holds a record. r: go on with it, o: overwrite it, Enter: stop "
    if written:
        assert code == 0 and json.loads(open("table.json").read())["ruleset"] == "birmingham"
    else:
        assert code == 1 and "nothing written; table.json is as it was" in out
        assert open("table.json").read() == "{}"

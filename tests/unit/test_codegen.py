"""Rewrites the code generator makes of expressions, against the interpreter.

The oracle (tests/test_generated_rules.py) holds whole games to the interpreter;
here single definitions, written for the rewrite they exercise, are compared on
positions chosen to tell a right rewrite from a wrong one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from brass import Game, load_ruleset
from brass.language.codegen.search import Search
from brass.language.runtime import Run

BIRMINGHAM = Path(__file__).resolve().parents[2] / "rulesets" / "birmingham"

DEFINES = '''
define with_coal_mines = [l for l in locations if any(t.industry.id == "coal" for t in l.tiles)]
define own_unflipped_towns = [l for l in locations if l.kind == "town" and any(not t.flipped and t.owner == you for t in l.tiles if t.level >= 1)]
define full_locations = [l for l in locations if any(len(l.slots) == 1 for t in l.tiles)]
define names_of_iron_places = [l.name for l in locations if not any(t.industry.id != "iron" for t in l.tiles) and any(t.industry.id == "iron" for t in l.tiles)]
'''

POSITION = {
    "era": "canal",
    "round": 2,
    "turn_order": [0, 1],
    "players": [{"money": 40, "hand": ["leek", "iron"]}, {}],
    "tiles": [
        {"space": "dudley.0", "owner": 0, "industry": "coal", "level": 1},
        {"space": "stoke-on-trent.1", "owner": 1, "industry": "iron", "level": 1, "flipped": True},
        {"space": "birmingham.0", "owner": 0, "industry": "cotton", "level": 1},
        {"space": "coalbrookdale.0", "owner": 0, "industry": "iron", "level": 1},
        {"space": "coalbrookdale.2", "owner": 1, "industry": "coal", "level": 1},
    ],
    "links": [],
}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("codegen") / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    rules = folder / "rules" / "actions.brass"
    rules.write_text(rules.read_text() + DEFINES)
    game = Game(load_ruleset(str(folder), trust=True), 2, seed=1)
    game.set_position(POSITION, any_cards=True)  # Leek: a 3-4 player card, for its place on the map
    assert game.fast is not None
    return game


def values(game, name: str):
    you = game.state.players[0]
    generated = game.fast.defines[name](Search(game, "replay", you=you))
    interpreted = game.rules.define_value(name, Run(game, "replay", you=you))
    return list(generated), list(interpreted)


@pytest.mark.parametrize("name", ["with_coal_mines", "own_unflipped_towns", "full_locations", "names_of_iron_places"])
def test_a_definition_has_the_interpreters_value(game, name):
    generated, interpreted = values(game, name)
    assert generated == interpreted


def test_the_tests_of_a_locations_tiles_are_made_once_for_all_locations(game):
    """The any over l.tiles becomes a look-up in a set made from the tiles on the board."""
    generated, _ = values(game, "with_coal_mines")
    assert [l.id for l in generated] == ["coalbrookdale", "dudley"]
    source = " ".join(game.fast.source.split())  # one line however long lines were broken
    assert "slot.location.index for" in source
    # A test that uses the location itself is left as written.
    full = source[source.index("def D_full_locations"):].split(" def ", 1)[0]
    assert "slot.location.index for" not in full


def test_the_look_up_follows_the_tiles_as_they_change(game):
    mark = game.state.journal.mark()
    try:
        game.play("build card=leek industry=coal")  # a coal mine in Leek
        generated, interpreted = values(game, "with_coal_mines")
        assert generated == interpreted and "leek" in [l.id for l in generated]
    finally:
        game.state.journal.rollback(mark)


# A name a round of a repeat sets with ``let`` keeps its value into the next
# round and after the repeat, in the generated code as in the interpreter.
CARRIED = '''
action tally "Tally":
    choose card from you.hand
    call play_card(card)
    let total = 0
    repeat 3:
        let total = total + 1
        gain total
    gain total * 10

action tally_chosen "Tally chosen":
    choose card from you.hand
    call play_card(card)
    let previous = none
    let total = 0
    repeat 1 to 2:
        choose amount from [1, 2, 3]
            where previous == none or amount > previous
        let total = total + amount
        let previous = amount
    gain total * 100
'''


@pytest.fixture(scope="module")
def carried(tmp_path_factory):
    folder = tmp_path_factory.mktemp("carried") / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    rules = folder / "rules" / "actions.brass"
    rules.write_text(rules.read_text() + CARRIED)
    return load_ruleset(str(folder), trust=True)


@pytest.mark.parametrize("generated", [True, False])
def test_a_let_in_a_repeat_is_carried_to_the_next_round_and_after(carried, generated):
    game = Game(carried, 2, seed=1)
    if not generated:
        game.fast = None
    mover = game.state.players[game.to_move]
    before = mover.money
    game.push(next(iter(game.legal_moves.of("tally"))))
    assert mover.money - before == 1 + 2 + 3 + 30


@pytest.mark.parametrize("generated", [True, False])
def test_a_let_carried_through_rounds_of_choices_orders_them(carried, generated):
    game = Game(carried, 2, seed=1)
    if not generated:
        game.fast = None
    moves = sorted(m.notation().split(" ", 2)[2] for m in game.legal_moves.of("tally_chosen") if "card=" + game.state.players[game.to_move].hand[0].id in m.notation())
    # One or two increasing amounts: 1, 2, 3, 1+2, 1+3, 2+3.
    assert moves == ["amount=1", "amount=1 amount=2", "amount=1 amount=3", "amount=2", "amount=2 amount=3", "amount=3"]
    mover = game.state.players[game.to_move]
    before = mover.money
    game.play(f"tally_chosen card={mover.hand[0].id} amount=1 amount=3")
    assert mover.money - before == 400

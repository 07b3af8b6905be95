"""Rewrites the code generator makes of expressions, against the interpreter.

The oracle (tests/test_generated_rules.py) holds whole games to the interpreter;
here single definitions, written for the rewrite they exercise, are compared on
positions chosen to tell a right rewrite from a wrong one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import Game, load_ruleset
from engine.language.codegen.search import Search
from engine.language.runtime import Run

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
    source = game.fast.source
    assert "slot.location.index for" in source
    # A test that uses the location itself is left as written.
    full = source[source.index("def D_full_locations"):].split("\ndef ", 1)[0]
    assert "slot.location.index for" not in full


def test_the_look_up_follows_the_tiles_as_they_change(game):
    mark = game.state.journal.mark()
    try:
        game.play("build card=leek industry=coal")  # a coal mine in Leek
        generated, interpreted = values(game, "with_coal_mines")
        assert generated == interpreted and "leek" in [l.id for l in generated]
    finally:
        game.state.journal.rollback(mark)

"""The engine holds no Birmingham number: change one line of a rule file and the game changes.

Each test copies the ruleset, edits one line, loads the copy from its folder,
and plays the same move in the original and in the copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from brass import Game, IllegalMoveError, load_ruleset

BIRMINGHAM = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham"


def edited(tmp_path: Path, file: str, old: str, new: str):
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    path = folder / file
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must appear exactly once in {file}"
    path.write_text(text.replace(old, new))
    return load_ruleset(str(folder), trust=True)


def game_at(ruleset, position: dict) -> Game:
    game = Game(ruleset, 2, seed=1)
    game.set_position(position, any_cards=True)  # a laboratory position: any card
    return game


CANAL = {
    "era": "canal",
    "round": 2,
    "turn_order": [0, 1],
    "players": [{"money": 40, "income_level": 0, "hand": ["leek", "iron"], "discard": []}, {}],
    "tiles": [],
    "links": [],
}


def test_the_canal_link_cost_is_a_rule(tmp_path):
    changed = edited(tmp_path, "rules/actions.brass", "set canal_cost = 3 ", "set canal_cost = 4 ")
    for ruleset, cost in (("birmingham", 3), (changed, 4)):
        game = game_at(ruleset, CANAL)
        game.play("network card=leek line=birmingham--dudley")
        assert game.state.players[0].spent == cost


def test_the_loan_amount_and_its_income_levels_are_rules(tmp_path):
    more_money = edited(tmp_path / "a", "rules/actions.brass", "set loan_money = 30 ", "set loan_money = 40 ")
    fewer_levels = edited(tmp_path / "b", "rules/actions.brass", "set loan_levels = 3 ", "set loan_levels = 2 ")
    results = {}
    for name, ruleset in (("original", "birmingham"), ("money", more_money), ("levels", fewer_levels)):
        game = game_at(ruleset, CANAL)
        game.play("loan card=leek")
        p = game.state.players[0]
        results[name] = (p.money, game.board.income.level(p.income_space))
    assert results == {"original": (70, -3), "money": (80, -3), "levels": (70, -2)}


RAIL_COAL = {
    "era": "rail",
    "round": 2,
    "turn_order": [0, 1],
    "players": [{"money": 40, "income_level": 0, "hand": ["birmingham", "iron"], "discard": [], "mat": {"cotton": 2}}, {}],
    "tiles": [],
    "links": [{"line": "birmingham--oxford", "owner": 1}],
    "markets": {"coal": 0},
}


def test_the_coal_market_empty_price_is_a_rule(tmp_path):
    changed = edited(tmp_path, "rules/resources.brass", "when empty pay 8", "when empty pay 9")
    for ruleset, price in (("birmingham", 8), (changed, 9)):
        game = game_at(ruleset, RAIL_COAL)
        # A cotton mill II costs £14 and 1 coal; the empty coal market sells at its empty price.
        game.play("build card=birmingham industry=cotton")
        assert game.state.players[0].spent == 14 + price


DOUBLE_RAIL = {
    "era": "rail",
    "round": 2,
    "turn_order": [0, 1],
    "players": [{"money": 40, "income_level": 0, "hand": ["leek", "iron"], "discard": []}, {}],
    "tiles": [
        {"space": "cannock.1", "owner": 1, "industry": "coal", "level": 2, "cubes": {"coal": 3}},
        {"space": "walsall.1", "owner": 0, "industry": "brewery", "level": 2, "cubes": {"beer": 1}, "era": "rail"},
    ],
    "links": [],
}


def test_the_beer_a_double_rail_link_needs_is_a_rule(tmp_path):
    move = "network card=leek line=cannock--walsall second_link second_line=birmingham--walsall"
    game = game_at("birmingham", DOUBLE_RAIL)
    game.play(move)
    assert game.state.players[0].spent == 15
    changed = edited(tmp_path, "rules/actions.brass", "set double_rail_beer = 1 ", "set double_rail_beer = 2 ")
    game = game_at(changed, DOUBLE_RAIL)
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    assert "not enough beer can be reached for this (2 beer needed)" in str(error.value)

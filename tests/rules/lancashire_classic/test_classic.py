"""Brass (2007): what the classic variant changes, beyond the YAML cases."""

from __future__ import annotations

import random

import pytest

from brass import Game, load_ruleset
from brass.errors import SetupError


def test_the_classic_rules_are_for_three_or_four():
    with pytest.raises(SetupError) as error:
        Game("lancashire-classic", 2, seed=1)
    assert str(error.value) == "Brass (2007 classic rules) is for 3, 4 players, not 2"


def test_the_variant_changes_only_what_it_declares():
    base = load_ruleset("lancashire")
    classic = load_ruleset("lancashire-classic")
    assert classic.lineage() == ["lancashire 1.0.0", "lancashire-classic 1.0.0"]
    cotton = {t.level: t.fields["vp"] for t in classic.board.get("industry", "cotton").levels}
    assert cotton == {1: 3, 2: 5, 3: 9, 4: 12}
    assert {t.level: t.fields["vp"] for t in base.board.get("industry", "cotton").levels}[1] == 5
    # Its own declarations replace the base's; the rest come from the base's files.
    assert classic.label(classic.rules.defines["deck_for"].where.file) == "lancashire-classic/rules/classic.brass"
    assert base.label(base.rules.defines["deck_for"].where.file) == "lancashire/rules/setup.brass"
    assert classic.label(classic.rules.actions["sell"].where.file) == "lancashire/rules/actions.brass"


@pytest.mark.parametrize("players, rounds, set_aside", [(3, 10, (7, 4)), (4, 8, (4, 0))])
def test_every_period_has_its_2007_rounds(players, rounds, set_aside):
    game = Game("lancashire-classic", players, seed=players)
    # All twelve distant market tiles, whatever the player count.
    assert len(game.state.token_piles["distant_market"]) == 12
    assert len(game.state.deck) + sum(len(p.hand) for p in game.state.players) == 64
    assert game.state.counters["beneath_deck_tile"] == set_aside[0]
    rng = random.Random(players)
    seen = {}
    beneath = {}
    while not game.is_over():
        state = game.state
        seen[state.era.id] = state.round
        beneath[state.era.id] = state.counters.get("beneath_deck_tile")
        move = next(m for m in game.legal_moves if m.frame == "pass") if any(True for _ in game.legal_moves) else None
        game.push(move or game.random_move(rng))
    assert seen == {"canal": rounds, "rail": rounds}
    assert beneath == {"canal": set_aside[0], "rail": set_aside[1]}


def test_ties_go_by_income_space_then_money_then_turn_order():
    game = Game("lancashire-classic", 3, seed=1)
    game.set_position(
        {
            "era": "rail",
            "round": 10,
            "to_move": 2,
            "turn_order": [1, 2, 0],
            "actions_left": 1,
            "players": [
                {"vp": 50, "income_space": 31, "money": 9, "hand": [], "discard": []},
                {"vp": 50, "income_space": 31, "money": 9, "hand": [], "discard": []},
                {"vp": 50, "income_space": 33, "money": 0, "hand": ["bolton"], "discard": []},
            ],
            "tiles": [],
            "links": [],
            "deck": [],
            "counters": {"beneath_deck_tile": 0},
        }
    )
    game.play("pass card=bolton")
    outcome = game.outcome()
    # Seat 2 has the highest income space (level 11 like the others, space 33).
    # Seats 0 and 1 tie on space and money: the next round's turn order decides
    # (nobody spent, so seat 1 stays ahead of seat 0).
    assert outcome.ranking == [[2], [1], [0]]

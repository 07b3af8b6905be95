"""Mechanics both editions share, one suite run against both rulesets.

The test bodies are the same; each ruleset names the places on its own board
that fit them (a town with cotton spaces, a coal mine one link away, another two
links away...). Costs used here are equal in both editions: a cotton mill II
costs £14 and 1 coal, a cotton mill III £16, 1 coal and 1 iron, a coal mine II
£7, an iron works II £7 and 1 coal.
"""

from __future__ import annotations

import pytest

from brass import Game, IllegalMoveError

PLACES = {
    "birmingham": {
        "town": "worcester",  # cotton spaces only
        "town_card": "worcester",
        "cotton_space": "worcester.0",
        "near_coal": "kidderminster.0",  # one link: kidderminster--worcester
        "far_coal": "dudley.0",  # two links: worcester--birmingham--dudley
        "links": ["kidderminster--worcester", "birmingham--worcester", "birmingham--dudley"],
        "far_iron": "coalbrookdale.1",  # not connected to anything
        "coal_town": "dudley",  # a coal-only space, and its card
        "coal_card": "dudley",
        "coal_space": "dudley.0",
        "other_card": "stafford",
    },
    "lancashire": {
        "town": "bury",
        "town_card": "bury",
        "cotton_space": "bury.0",
        "near_coal": "bolton.0",  # one link: bolton--bury
        "far_coal": "wigan.0",  # two links: bury--bolton--wigan
        "links": ["bolton--bury", "bolton--wigan"],
        "far_iron": "barrow-in-furness.1",
        "coal_town": "wigan",
        "coal_card": "wigan",
        "coal_space": "wigan.0",
        "other_card": "oldham",
    },
}

RULESETS = sorted(PLACES)


def at(ruleset: str, position: dict) -> Game:
    game = Game(ruleset, 2, seed=1)
    base = {"era": "rail", "round": 2, "turn_order": [0, 1], "tiles": [], "links": []}
    base.update(position)
    game.set_position(base)
    return game


def hand(*cards, money=40, **fields):
    return {"money": money, "income_level": 0, "hand": list(cards), "discard": [], **fields}


def mine(space, cubes, owner=1, level=2):
    return {"space": space, "owner": owner, "industry": "coal", "level": level, "cubes": {"coal": cubes} if cubes else {}, "flipped": cubes == 0}


def cubes_on(game, space, resource):
    tile = game.state.slot_tiles[game.board.get("slot", space).index]
    return tile.cubes.get(resource, 0) if tile else None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_coal_comes_from_the_nearest_connected_mine(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "players": [hand(p["town_card"], mat={"cotton": 2}), hand(p["other_card"])],
        "tiles": [mine(p["near_coal"], 2), mine(p["far_coal"], 3)],
        "links": [{"line": line, "owner": 1} for line in p["links"]],
    })
    game.play(f"build card={p['town_card']} industry=cotton slot={p['cotton_space']}")
    assert (cubes_on(game, p["near_coal"], "coal"), cubes_on(game, p["far_coal"], "coal")) == (1, 3)
    assert game.state.players[0].spent == 14  # the coal was free


@pytest.mark.parametrize("ruleset", RULESETS)
def test_coal_comes_from_the_next_mine_when_the_nearest_is_dry(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "players": [hand(p["town_card"], mat={"cotton": 2}), hand(p["other_card"])],
        "tiles": [mine(p["near_coal"], 0), mine(p["far_coal"], 3)],
        "links": [{"line": line, "owner": 1} for line in p["links"]],
    })
    game.play(f"build card={p['town_card']} industry=cotton slot={p['cotton_space']}")
    assert cubes_on(game, p["far_coal"], "coal") == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unconnected_mine_gives_no_coal(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "players": [hand(p["town_card"], mat={"cotton": 2}), hand(p["other_card"])],
        "tiles": [mine(p["far_coal"], 3)],
        "links": [],
    })
    with pytest.raises(IllegalMoveError) as error:
        game.play(f"build card={p['town_card']} industry=cotton slot={p['cotton_space']}")
    assert "not enough coal for this (1 coal needed)" in str(error.value)
    assert cubes_on(game, p["far_coal"], "coal") == 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_iron_comes_from_any_iron_works_connected_or_not(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "players": [hand(p["town_card"], mat={"cotton": 3}), hand(p["other_card"])],
        "tiles": [mine(p["near_coal"], 2), {"space": p["far_iron"], "owner": 1, "industry": "iron", "level": 2, "cubes": {"iron": 2}}],
        "links": [{"line": line, "owner": 1} for line in p["links"]],
        "markets": {"iron": 8},
    })
    game.play(f"build card={p['town_card']} industry=cotton slot={p['cotton_space']}")
    assert cubes_on(game, p["far_iron"], "iron") == 1
    assert game.state.markets["iron"] == 8
    assert game.state.players[0].spent == 16


@pytest.mark.parametrize("ruleset", RULESETS)
def test_without_an_iron_works_iron_is_bought_cheapest_first(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "players": [hand(p["town_card"], mat={"cotton": 3}), hand(p["other_card"])],
        "tiles": [mine(p["near_coal"], 2)],
        "links": [{"line": line, "owner": 1} for line in p["links"]],
        "markets": {"iron": 3},
    })
    market = game.board.get("market", "iron")
    cheapest = market.prices[len(market.prices) - 3]
    game.play(f"build card={p['town_card']} industry=cotton slot={p['cotton_space']}")
    assert game.state.markets["iron"] == 2
    assert game.state.players[0].spent == 16 + cheapest


@pytest.mark.parametrize("ruleset", RULESETS)
def test_overbuilding_your_own_mine(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        "era": "canal",
        "players": [hand(p["coal_card"], mat={"coal": 2}), hand(p["other_card"])],
        "tiles": [mine(p["coal_space"], 1, owner=0, level=1)],
        "markets": {"coal": 0},
    })
    game.play(f"build card={p['coal_card']} industry=coal slot={p['coal_space']}")
    tile = game.state.slot_tiles[game.board.get("slot", p["coal_space"]).index]
    assert (tile.owner, tile.type.level) == (0, 2)
    assert len(game.state.box) == 1  # the old tile left the game


@pytest.mark.parametrize("ruleset", RULESETS)
def test_another_players_mine_only_when_no_coal_is_left(ruleset):
    p = PLACES[ruleset]
    position = {
        "era": "canal",
        "players": [hand(p["coal_card"], mat={"coal": 2}), hand(p["other_card"])],
        "tiles": [mine(p["coal_space"], 0, owner=1, level=1)],
    }
    game = at(ruleset, {**position, "markets": {"coal": 1}})
    with pytest.raises(IllegalMoveError) as error:
        game.play(f"build card={p['coal_card']} industry=coal slot={p['coal_space']}")
    assert "can be built over only when no coal is left on the board or in the market" in str(error.value)
    game = at(ruleset, {**position, "markets": {"coal": 0}})
    game.play(f"build card={p['coal_card']} industry=coal slot={p['coal_space']}")
    assert game.state.slot_tiles[game.board.get("slot", p["coal_space"]).index].owner == 0


END_OF_ROUND = {"era": "canal", "round": 3, "to_move": 1, "actions_left": 1}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_turn_order_by_money_spent_ties_keep_their_order(ruleset):
    p = PLACES[ruleset]
    for spent, order in (((9, 2), [1, 0]), ((4, 4), [0, 1]), ((0, 5), [0, 1])):
        game = at(ruleset, {**END_OF_ROUND, "players": [hand(p["town_card"], spent=spent[0]), hand(p["other_card"], spent=spent[1])]})
        game.play(f"pass card={p['other_card']}")
        assert game.state.turn_order == order
        assert [pl.spent for pl in game.state.players] == [0, 0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_income_is_paid_and_charged(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {**END_OF_ROUND, "players": [hand(p["town_card"], money=10, income_level=6), hand(p["other_card"], money=10, income_level=-3)]})
    game.play(f"pass card={p['other_card']}")
    assert [pl.money for pl in game.state.players] == [16, 7]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_shortfall_sells_tiles_for_half_then_costs_points(ruleset):
    p = PLACES[ruleset]
    game = at(ruleset, {
        **END_OF_ROUND,
        "players": [hand(p["town_card"], money=0, income_level=-9, vp=3), hand(p["other_card"])],
        "tiles": [mine(p["coal_space"], 1, owner=0, level=2)],
    })
    game.play(f"pass card={p['other_card']}")
    assert game.to_move == 0 and game.state.frame.name == "end_of_round"
    assert [m.notation() for m in game.legal_moves] == ["end_of_round"]  # the only tile: no choice to write
    game.play(f"end_of_round sell_tile={p['coal_space']}")
    # -£9, +£3 for the coal mine II (half of £7), then 3 VP for the last £6 -- all there are.
    assert (game.state.players[0].money, game.state.players[0].vp) == (0, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_links_and_flipped_tiles_score_at_the_end_of_an_era(ruleset):
    p = PLACES[ruleset]
    board_line = p["links"][0]
    game = at(ruleset, {
        "era": "canal",
        "round": 8,
        "to_move": 1,
        "actions_left": 1,
        "players": [hand(money=0, vp=0), hand(p["other_card"], money=0, vp=0)],
        "tiles": [mine(p["near_coal"], 0, owner=0, level=2)],  # flipped: 2 VP, its link icons
        "links": [{"line": board_line, "owner": 1}],
        "deck": [],
        "counters": {"beneath_deck_tile": 0},
    })
    flipped = game.state.slot_tiles[game.board.get("slot", p["near_coal"]).index]
    icons = flipped.type.fields["link_icons"]
    game.play(f"pass card={p['other_card']}")
    assert game.state.era.id == "rail"
    assert game.state.players[0].vp == 2  # the flipped coal mine II
    assert game.state.players[1].vp == icons  # the link touches the mine's location
    assert game.state.links() == []

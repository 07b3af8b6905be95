"""engine/position.py: setting a game to a described position."""

import pytest

from brass import Game
from brass.position import PositionError


def test_a_position_sets_what_it_names():
    game = Game("birmingham", 2, seed=1)
    game.set_position(
        {
            "era": "rail",
            "round": 4,
            "turn_order": [1, 0],
            "actions_left": 1,
            "players": [{"money": 3, "income_level": 5, "mat": {"coal": 3}}, {"hand": ["stafford"]}],
            "tiles": [{"space": "dudley.0", "owner": 1, "industry": "coal", "level": 2, "cubes": {"coal": 2}}],
            "links": [{"line": "birmingham--dudley", "owner": 0}],
            "markets": {"coal": 2},
        }
    )
    state = game.state
    assert (state.era.id, state.round, state.turn_order, game.to_move, state.actions_left) == ("rail", 4, [1, 0], 1, 1)
    assert state.players[0].money == 3 and game.board.income.level(state.players[0].income_space) == 5
    assert game.board.get("industry", "coal").stack[state.players[0].mat["coal"]].level == 3
    assert [c.id for c in state.players[1].hand] == ["stafford"]
    assert state.links()[0].kind == "rail"
    assert state.markets["coal"] == 2


@pytest.mark.parametrize(
    "position, message",
    [
        ({"era": "steam"}, "unknown era 'steam'; eras: canal, rail"),
        ({"turn_order": [0, 0]}, "turn_order must list every seat once: [0, 0]"),
        ({"markets": {"coal": 99}}, "market coal holds 0 to 14 cubes, not 99"),
        ({"tiles": [{"space": "coventry.0", "owner": 0, "industry": "coal"}]}, "space coventry.0 shows no Coal mine icon"),
        ({"colour": "red"}, "position: unexpected field 'colour'; allowed fields: actions_left, counters, deck, era, links, markets, piles, players, round, spaces, tiles, to_move, token_piles, turn_order"),
        # Nothing from nowhere: every value in range, every owner a seat.
        ({"players": [{"money": 10**30}]}, "position.players[0].money: 1000000000000000000000000000000 is out of range: it must be at most 1000000"),
        ({"players": [{"vp": -50}]}, "position.players[0].vp: -50 is out of range: it must be at least 0"),
        ({"players": [{"money": "lots"}]}, "position.players[0].money: expected a whole number, got a string ('lots')"),
        ({"players": [{}, {}, {}]}, "position.players: 3 players described, but the game has 2"),
        # Within the rules' own limits, each said at its path.
        ({"players": [{"income_level": 99}]}, "position.players[0].income_level: 99 is above the track's highest level (30)"),
        ({"players": [{"income_level": -11}]}, "position.players[0].income_level: -11 is below the track's lowest level (-10)"),
        ({"players": [{"income_space": 200}]}, "position.players[0].income_space: 200 is beyond the track's last space (99)"),
        ({"to_move": 7}, "position.to_move: 7 is not a seat; the seats are 0 to 1"),
        ({"round": 2, "actions_left": 100}, "position.actions_left: 100 is more than a turn has here (2, by the rules' actions_this_turn)"),
        ({"era": "canal", "round": 1, "actions_left": 2}, "position.actions_left: 2 is more than a turn has here (1, by the rules' actions_this_turn)"),
        ({"round": 999}, "position.round: 999 is beyond the rounds an era may run (1 to 200)"),
        (
            {"era": "canal", "tiles": [{"space": "dudley.0", "owner": 0, "industry": "coal", "era": "rail"}]},
            "position.tiles[0].era: a tile of the Rail era cannot stand in the Canal era, which comes before it",
        ),
        (
            {"tiles": [{"space": "dudley.0", "owner": 0, "industry": "coal", "level": 1, "cubes": {"coal": 99}}]},
            "the position is not one a game can reach: the Coal mine I at dudley.0 holds 99 coal; built in the Canal era it holds at most 2",
        ),
        (
            {"spaces": {"oxford:0": {"token": "cotton-1", "cubes": {"beer": 3}}}},
            "the position is not one a game can reach: the space oxford:0 holds 3 beer; no more than 1 is ever dealt to it",
        ),
        ({"tiles": [{"space": "dudley.0", "owner": -1}]}, "position.tiles[0].owner: -1 is out of range: it must be at least 0"),
        (
            {"tiles": [{"space": "dudley.0", "owner": 5}]},
            "the position is not one a game can reach: the tile at dudley.0 is owned by seat 5, but the seats are 0 to 1",
        ),
        (
            {"players": [{"hand": ["wild-industry"] * 20}]},
            "20 Wild industry cards are in hands, but the game has 4",
        ),
        (
            {"players": [{"hand": ["stafford"] * 3}]},
            "more cards than the game has: 3 Stafford (the game has 2)",
        ),
        (
            # Birmingham's mat has one level-1 coal mine.
            {"tiles": [{"space": "dudley.0", "owner": 0, "level": 1}, {"space": "cannock.1", "owner": 0, "industry": "coal", "level": 1}]},
            "Player 1's Coal mine tiles on the board (2 of level 1) cannot all have come off the mat (with its tiles left on it)",
        ),
        (
            {"players": [{"mat": {"coal": 1}}], "tiles": [{"space": "dudley.0", "owner": 0, "level": 2}]},
            "Player 1's Coal mine tiles on the board (1 of level 2) cannot all have come off the mat (with level 1 left on it)",
        ),
        (
            {"links": [{"line": "birmingham--dudley", "owner": 0, "kind": "steam"}]},
            "the position is not one a game can reach: the steam link on birmingham--dudley is of a kind that line does not take (canal, rail)",
        ),
    ],
)
def test_a_position_that_cannot_be(position, message):
    from tests.support.fingerprint import fingerprint

    game = Game("birmingham", 2, seed=1)
    before = fingerprint(game)
    with pytest.raises(PositionError) as error:
        game.set_position(position)
    assert str(error.value) == message
    # A refused position leaves the game exactly as it was.
    assert fingerprint(game) == before


def test_a_position_settles_what_it_leaves_out():
    """The bank, the supply, the mats, the deck and the piles follow from what is given."""
    from tests.support.invariants import check_invariants

    game = Game("birmingham", 2, seed=1)
    dealt = [c.id for c in game.state.deck]
    game.set_position(
        {
            "players": [{"money": 7, "hand": ["stafford", "wild-location"]}, {}],
            "tiles": [{"space": "dudley.0", "owner": 0, "level": 2, "cubes": {"coal": 2}}],
        }
    )
    check_invariants(game)
    state = game.state
    coal = game.board.get("industry", "coal")
    # Coal I and one coal II came off the mat: the level I tile is out of the game.
    assert state.players[0].mat["coal"] == 2
    assert state.box == [(0, coal.stack[0])]
    assert state.piles["wild-location"] == 3
    # The deck lost the card now in a hand and gained those the replaced hand held.
    assert sorted(c.id for c in state.deck + state.players[0].hand + state.players[1].hand if c.pile is None) == sorted(
        dealt + [c.id for c in Game("birmingham", 2, seed=1).state.players[0].hand] + [c.id for c in Game("birmingham", 2, seed=1).state.players[1].hand]
    )

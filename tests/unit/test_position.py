"""engine/position.py: setting a game to a described position."""

import pytest

from engine import Game
from engine.position import PositionError


def test_a_position_sets_what_it_names():
    game = Game("birmingham", 2, seed=1)
    game.set_position(
        {
            "era": "rail",
            "round": 4,
            "turn_order": [1, 0],
            "actions_left": 1,
            "players": [{"money": 3, "income_level": 5, "mat": {"coal": 3}}, {"hand": ["leek"]}],
            "tiles": [{"space": "dudley.0", "owner": 1, "industry": "coal", "level": 2, "cubes": {"coal": 2}}],
            "links": [{"line": "birmingham--dudley", "owner": 0}],
            "markets": {"coal": 2},
        }
    )
    state = game.state
    assert (state.era.id, state.round, state.turn_order, game.to_move, state.actions_left) == ("rail", 4, [1, 0], 1, 1)
    assert state.players[0].money == 3 and game.board.income.level(state.players[0].income_space) == 5
    assert game.board.get("industry", "coal").stack[state.players[0].mat["coal"]].level == 3
    assert [c.id for c in state.players[1].hand] == ["leek"]
    assert state.links()[0].kind == "rail"
    assert state.markets["coal"] == 2


@pytest.mark.parametrize(
    "position, message",
    [
        ({"era": "steam"}, "unknown era 'steam'; eras: canal, rail"),
        ({"turn_order": [0, 0]}, "turn_order must list every seat once: [0, 0]"),
        ({"markets": {"coal": 99}}, "market coal holds 0 to 14 cubes, not 99"),
        ({"tiles": [{"space": "coventry.0", "owner": 0, "industry": "coal"}]}, "space coventry.0 shows no Coal mine icon"),
        ({"colour": "red"}, "unknown position fields: colour; known: actions_left, counters, deck, era, links, markets, piles, players, round, spaces, tiles, to_move, token_piles, turn_order"),
    ],
)
def test_a_position_that_cannot_be(position, message):
    game = Game("birmingham", 2, seed=1)
    with pytest.raises(PositionError) as error:
        game.set_position(position)
    assert str(error.value) == message

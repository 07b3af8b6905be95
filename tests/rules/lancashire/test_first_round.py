"""The first round of the Canal era from a real set-up (Rulebook: Player turns;
Double-action build).

A YAML position always sets ``actions_left``, so these cases start from a fresh
game instead: one action in the first round, hence no double-action build; two
actions from the second round on.
"""

from __future__ import annotations

import pytest

from brass import Game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_round_has_one_action_and_no_double_action_build(players):
    """Rulebook: Player turns -- 1 action in the first Canal round; Double-action build -- it needs both actions."""
    game = Game("lancashire", players, seed=7)
    state = game.state
    assert (state.era.id, state.round, state.actions_left) == ("canal", 1, 1)
    assert not any(m.notation().startswith("double_build") for m in game.legal_moves)
    first = game.to_move
    game.play(f"pass card={state.players[first].hand[0].id}")
    # one action, and the turn has passed on
    assert game.to_move != first
    assert len(state.players[first].hand) == 8
    while state.round == 1:
        seat = game.to_move
        game.play(f"pass card={state.players[seat].hand[0].id}")
    assert state.round == 2
    assert state.actions_left == 2
    assert any(m.notation().startswith("double_build") for m in game.legal_moves)

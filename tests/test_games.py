"""Whole seeded games for every player count, invariants checked after every move.

Bots of every kind play (uniformly random, quick random and greedy, mixed), so
the games build, sell, borrow, scout and run short of money. Each game must
end after the last era with the right number of rounds in each era.
"""

from __future__ import annotations

import pytest

from brass import Game
from brass.bots import make_bot
from tests.support import sweep
from tests.support.invariants import check_invariants

ROUNDS_PER_ERA = {2: 10, 3: 9, 4: 8}  # both rulebooks: exactly 10/9/8 rounds for 2/3/4 players

SEEDS = range(11, 11 + sweep.size(ci=2, nightly=10))  # games per ruleset and player count

SEATINGS = {
    2: ["greedy", "random"],
    3: ["quick", "greedy", "random"],
    4: ["greedy", "quick", "random", "greedy"],
}


def play_checked(ruleset: str, players: int, seed: int, bots: list[str]) -> tuple[Game, dict]:
    game = Game(ruleset, players, seed=seed)
    seats = {i: make_bot(name, seed * 10 + i) for i, name in enumerate(bots)}
    last_round = {}
    check_invariants(game)
    while not game.is_over():
        move = seats[game.to_move].choose(game)
        # Every move's notation reads back as the same move.
        assert game.parse(move.notation()).notation() == move.notation()
        game.push(move)
        check_invariants(game)
        state = game.state
        last_round[state.era.id] = state.round
    return game, last_round


@pytest.mark.sweep
@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_games_keep_every_invariant(ruleset, players, seed):
    bots = SEATINGS[players]
    game, rounds = play_checked(ruleset, players, seed, bots)
    assert game.is_over()
    assert game.state.era.is_last
    assert rounds == {"canal": ROUNDS_PER_ERA[players], "rail": ROUNDS_PER_ERA[players]}
    outcome = game.outcome()
    assert sorted(i for group in outcome.ranking for i in group) == list(range(players))
    # No link survives the end of an era, and no level-1 tile survives the canal era
    # except pottery I, built in the rail era.
    assert game.state.links() == []


@pytest.mark.parametrize("ruleset", ["birmingham-introductory", "birmingham-open-beer", "lancashire-classic"])
def test_variants_keep_every_invariant(ruleset):
    game, rounds = play_checked(ruleset, 3, 21, ["quick", "greedy", "random"])
    assert game.is_over()
    expected_eras = {"birmingham-introductory": {"canal"}}.get(ruleset, {"canal", "rail"})
    assert set(rounds) == expected_eras

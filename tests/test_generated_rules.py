"""The generated rules against the interpreter: same moves, same notation, same states.

The game runs rules as generated Python (:mod:`brass.language.codegen`), which
defers choices, hoists conditions and reorders decisions; the interpreter walks
the rules as written and stays the reference. Here both play the same seeded
games side by side, for every installed project ruleset and player count, and at
every position must agree on:

* the legal moves, in order, decision by decision (hence their notation);
* the state after each move's own effects (``scored_moves``);
* how many moves there are (``count_moves``, which counts without listing);
* the move a seeded quick random bot takes;
* the state after the move played, flow included.

Positions partway through a procedure (a shortfall sale at the end of a round)
and partway through an action (after a reveal) come up in these games and are
counted, so that a test that never reached them cannot pass unnoticed.

A sweep: 2,000 positions per ruleset in CI, 10,000 nightly (``BRASS_SWEEP``,
:mod:`tests.support.sweep`); ``BRASS_ORACLE_POSITIONS`` sets the number itself.
Each ruleset is its own test, so pytest-xdist plays them on every core.
"""

from __future__ import annotations

import random

import pytest

from brass import Game, Move
from tests.support import sweep
from tests.support.fingerprint import fingerprint

POSITIONS = sweep.size(ci=2000, nightly=10_000, exact="BRASS_ORACLE_POSITIONS")
# The longest first (Lancashire's positions have the most moves), so that pytest-xdist starts them first.
RULESETS = ["lancashire-classic", "lancashire", "birmingham-introductory", "birmingham", "birmingham-open-beer"]


def compare_position(fast: Game, reference: Game, rng: random.Random) -> Move:
    """Compare everything at one position; return a uniformly random legal move to play."""
    assert fingerprint(fast) == fingerprint(reference), "the two games no longer stand alike"
    generated = fast.scored_moves(fingerprint)
    expected = reference.scored_moves(fingerprint)
    assert [m.notation() for m, _ in generated] == [m.notation() for m, _ in expected]
    for (move, after), (wanted, wanted_after) in zip(generated, expected):
        assert move.decisions == wanted.decisions, move.notation()
        assert after == wanted_after, f"the state after {move.notation()} differs"
    assert fast.count_moves() == len(expected)
    state = rng.getstate()
    quick = fast.random_move(rng)
    drawn = rng.getstate()
    rng.setstate(state)
    assert reference.random_move(rng).decisions == quick.decisions
    assert rng.getstate() == drawn, "the two paths drew different random numbers"
    uniform = fast.uniform_random_move(rng)
    assert uniform.notation() in {m.notation() for m, _ in expected}
    return uniform


def play_side_by_side(ruleset: str, positions: int) -> dict:
    """Compare at ``positions`` positions of seeded games; return what kinds were seen."""
    seen = {"positions": 0, "procedure": 0, "partial action": 0}
    players_cycle = [p for p in (2, 3, 4) if p in Game(ruleset, 3 if ruleset == "lancashire-classic" else 2, seed=0).ruleset.players]
    seed = 0
    while seen["positions"] < positions:
        seed += 1
        players = players_cycle[seed % len(players_cycle)]
        fast = Game(ruleset, players, seed=seed)
        reference = Game(ruleset, players, seed=seed)
        reference.fast = None
        rng = random.Random(seed)
        while not fast.is_over() and seen["positions"] < positions:
            frame = fast.state.frame
            if frame.kind == "procedure":
                seen["procedure"] += 1
            elif frame.partial:
                seen["partial action"] += 1
            move = compare_position(fast, reference, rng)
            fast.push(move)
            reference.push(Move(move.frame, move.player, move.decisions))  # as written, without the values
            seen["positions"] += 1
        assert fingerprint(fast) == fingerprint(reference)
        assert fast.fallbacks == (), "the generated code handed over to the interpreter"
    return seen


@pytest.mark.sweep
@pytest.mark.parametrize("ruleset", RULESETS)
def test_generated_rules_play_as_the_interpreter(ruleset):
    seen = play_side_by_side(ruleset, POSITIONS)
    assert seen["positions"] == POSITIONS
    if POSITIONS >= 2000:
        # The long run must have gone through the frames that stop partway.
        assert seen["procedure"] > 0, seen
        if ruleset.startswith("lancashire"):
            assert seen["partial action"] > 0, seen


def test_every_project_ruleset_is_generated():
    for ruleset in RULESETS:
        assert Game(ruleset, 3, seed=1).fast is not None, ruleset

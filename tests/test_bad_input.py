"""Bad input from outside: a refused move, record or ruleset leaves everything as it was.

Each test gives the engine something a careless or hostile user could, and
checks two things: the refusal is the project's own error, saying what and
where, and the game (or the process) is exactly as before.
"""

from __future__ import annotations

import random

import pytest

from brass import Game, IllegalMoveError, InvalidMoveError, Move
from brass.errors import MoveError
from brass.language.runtime import Decision
from tests.support.fingerprint import fingerprint


def played(ruleset="birmingham", players=2, seed=5, moves=30) -> Game:
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.push(game.uniform_random_move(rng))
    return game


def a_build(game: Game) -> Move:
    """A build among the legal moves, playing on until there is one."""
    rng = random.Random(1)
    while True:
        builds = [m for m in game.legal_moves.of("build") if len(m.decisions) > 3] if game.state.frame.kind == "action" and not game.state.frame.script else []
        if builds:
            return builds[0]
        game.push(game.uniform_random_move(rng))


def unchanged(game: Game):
    """A snapshot to compare with after a refusal: the state, whose move, the history."""
    return fingerprint(game), game.to_move, len(game.history), game.can_undo()


# ------------------------------------------------------------------ Move objects
def test_a_move_kept_from_an_earlier_position_is_checked_again():
    game = played(moves=4)
    kept = a_build(game)
    # The position moves on: a loan paid with the very card the kept build plays.
    card = next(d.text for d in kept.decisions if d.key == "card")
    game.play(f"loan card={card}")
    assert kept.notation() not in {m.notation() for m in game.legal_moves}
    before = unchanged(game)
    with pytest.raises(IllegalMoveError):
        game.push(kept)
    assert unchanged(game) == before


def test_a_move_with_a_decision_changed_is_refused_and_changes_nothing():
    game = played(moves=6)
    move = a_build(game)
    decisions = list(move.decisions)
    location = next(i for i, d in enumerate(decisions) if d.key == "location")
    decisions[location] = Decision("location", "nowhere", True, "choose", decisions[location].player)
    before = unchanged(game)
    with pytest.raises(MoveError) as refused:
        game.push(Move(move.frame, move.player, tuple(decisions)))
    assert "nowhere" in str(refused.value)
    assert unchanged(game) == before


def test_the_first_part_of_a_move_is_not_a_move():
    game = played(moves=6)
    move = a_build(game)
    before = unchanged(game)
    with pytest.raises(MoveError):
        game.push(Move(move.frame, move.player, move.decisions[:2]))
    assert unchanged(game) == before


def test_a_move_from_another_game_of_the_same_position_is_accepted():
    game, twin = played(moves=8), played(moves=8)
    move = next(iter(twin.legal_moves))
    game.push(Move(move.frame, move.player, move.decisions))
    twin.push(move)
    assert fingerprint(game) == fingerprint(twin)


def test_push_takes_a_move_not_a_text():
    game = played(moves=2)
    with pytest.raises(InvalidMoveError, match="use play"):
        game.push("loan card=birmingham")


def test_a_bad_move_in_a_frame_waiting_partway_leaves_it_waiting():
    """A shortfall sale at the end of a round (Birmingham, seed 1 after 30 moves)."""
    game = played(seed=1, moves=30)
    frame = game.state.frame
    assert frame.kind == "procedure" and frame.partial
    move = next(iter(game.legal_moves))
    bad = Move(move.frame, move.player, tuple(Decision(d.key, "nowhere.9", d.printed, d.kind, d.player) for d in move.decisions))
    before = unchanged(game)
    with pytest.raises(MoveError):
        game.push(bad)
    assert unchanged(game) == before
    game.push(move)  # and the real move still plays
    assert game.to_move is not None or game.is_over()


def test_a_hook_that_fails_after_a_move_takes_the_move_back():
    game = played(moves=3)

    class Failing:
        from brass import hookimpl

        @hookimpl
        def brass_after_move(self, game, move):
            raise RuntimeError("a plugin's bug")

    plugin = Failing()
    game.ruleset.plugins.register(plugin)
    try:
        before = unchanged(game)
        with pytest.raises(RuntimeError, match="a plugin's bug"):
            game.push(next(iter(game.legal_moves)))
        assert unchanged(game) == before
    finally:
        game.ruleset.plugins.unregister(plugin)


def test_every_error_crosses_process_boundaries_intact():
    """brass arena runs games in worker processes: an error must pickle and come back the same."""
    import pickle

    from brass import errors

    where = errors.Where("v/rules/x.brass", 3, 5, "    pay nothing")
    made = [
        errors.RuleFileError("unknown name 'nothing'", where, "did you mean 'nothing_at_all'?"),
        errors.DataError([errors.DataProblem("v/data/board.yaml:3", "locations[0]", "missing field 'id'")]),
        errors.RulesetErrors([errors.PluginError("no module")]),
        errors.RuleRuntimeError("this gives 10^13", where),
        errors.IllegalMoveError("build card=x", ["no such card"], "cannot build"),
        errors.AmbiguousMoveError("build", ["build card=a", "build card=b"]),
        errors.InvalidMoveError("'?' is not a move"),
        errors.RecordError("record.seed: expected integer"),
    ]
    for error in made:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)


# ------------------------------------------------------------------ the work a written move costs


def decisions_taken(monkeypatch, work) -> int:
    """How many decisions the interpreter takes while ``work`` runs (its unit of work)."""
    from brass.language import decisions

    taken = [0]
    take = decisions._Point.take

    def counted(self, *args, **kwargs):
        taken[0] += 1
        return take(self, *args, **kwargs)

    monkeypatch.setattr(decisions._Point, "take", counted)
    work()
    monkeypatch.setattr(decisions._Point, "take", take)
    return taken[0]


@pytest.mark.parametrize("repeats", [11, 300])
def test_a_choice_written_many_times_is_refused_at_once(repeats, monkeypatch):
    # Reading once tried every order of a choice's values: 11 of them exhausted a
    # gigabyte. Now each reading is one search, whatever the repeats.
    import tracemalloc

    game = Game("birmingham", 2, seed=1)
    before = unchanged(game)
    tracemalloc.start()
    with pytest.raises(IllegalMoveError, match="'x' is not a possible choice for card"):
        game.play("build " + "card=x " * repeats)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2_000_000
    assert unchanged(game) == before


def test_reading_a_move_costs_no_more_than_a_few_listings(monkeypatch):
    # Every value of develop's industry, written four times over: each reading may
    # branch over the written values, but only over options the move list has too.
    game = Game("birmingham", 2, seed=1)
    card = game.state.players[game.to_move].hand[0].id
    industries = " ".join(f"industry={i}" for i in ("pottery", "iron", "manufacturer", "cotton", "coal", "brewery"))
    game.fast = None  # list the moves as the interpreter does, in the same unit
    listing = decisions_taken(monkeypatch, lambda: list(game.legal_moves.of("develop")))

    def read():
        with pytest.raises(IllegalMoveError, match="one industry too many"):
            game.play(f"develop card={card} " + " ".join([industries] * 4))

    assert decisions_taken(monkeypatch, read) < 3 * listing


def test_two_values_of_one_choice_are_read_in_either_order():
    game = Game("birmingham", 2, seed=1)
    card = game.state.players[game.to_move].hand[0].id
    written = game.parse(f"develop card={card} industry=coal industry=brewery")
    assert written.notation() == f"develop card={card} industry=brewery industry=coal"

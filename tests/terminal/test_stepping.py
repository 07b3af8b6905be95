"""brass replay --step: from the start, forward and back (issue 21, point 6)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from brass import Game
from brass.cli import main


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    """A whole two-player game between quick bots, saved by brass simulate."""
    folder = tmp_path_factory.mktemp("records")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["simulate", "birmingham", "--players", "2", "--games", "1", "--seed", "2", "--bot", "quick", "--save", str(folder / "game")]) == 0
    return folder / "game-1.json"


def moves_of(record_file):
    record = json.loads(record_file.read_text())
    game = Game.from_record(record)
    return record, [played.move for played in game.history], game


def line_of(game, move, number) -> str:
    return f"{number}. {game.state.players[move.player].name}: {move.full_notation()}"


def test_the_readme_s_command_starts_at_the_first_move_and_waits(brass, record_file):
    record, moves, game = moves_of(record_file)
    total = len(moves)
    code, out = brass("replay", str(record_file), "--step", typed=["", "", "q"])
    assert code == 0
    assert out.startswith(f"{total} moves; at the start, before the first move. Enter or n: next move; p: previous;")
    assert brass.prompts == [f"move 0/{total}> ", f"move 1/{total}> ", f"move 2/{total}> "]  # it waits before each
    assert f"move 0/{total}> \n{line_of(game, moves[0], 1)}\n" in out
    assert f"move 1/{total}> \n{line_of(game, moves[1], 2)}\n" in out
    assert "\n3. " not in out
    assert f"The position after move 2 of {total} " in out


def test_back_and_jump(brass, record_file):
    record, moves, game = moves_of(record_file)
    total = len(moves)
    code, out = brass("replay", str(record_file), "--step", typed=["", "", "p", "p", "p", "10", "c", str(total + 1), "q"])
    assert code == 0
    assert f"back to the position after move 1 (move 2, {record['moves'][1]['move']}, taken back):" in out
    assert "back to the start, before the first move (move 1, " in out
    assert "this is the start: there is no move before it" in out
    assert "at the position after move 10:\n== " in out
    assert out.count(line_of(game, moves[9], 10)) == 1  # 'c': move 10 and its changes, again
    assert f"there is no move {total + 1}: the record has {total} (0 is the start)" in out
    assert f"The position after move 10 of {total} " in out
    early = Game.from_record(dict(record, moves=record["moves"][:10]))
    assert f"Draw deck: {len(early.state.deck)}" in out.split("The position after move 10")[1]


def test_step_from_a_move_and_to_the_end(brass, record_file):
    record, moves, game = moves_of(record_file)
    total = len(moves)
    code, out = brass("replay", str(record_file), "--step", "--to", str(total - 1), typed=["", "", "q"])
    assert code == 0
    assert out.startswith(f"{total} moves; at the position after move {total - 1}.")
    assert line_of(game, moves[-1], total) in out
    assert f"that was the last move ({total}); p goes back, q stops" in out
    assert f"Replayed {total} moves of " in out and "Score breakdown" in out

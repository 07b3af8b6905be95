"""The terminal face: engine/terminal.py and the play and replay commands that use it."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest

from brass import Game
from brass.cli import main
from brass.terminal import Console, changes, network_groups, score_log

ANSI = "\x1b["


def play(monkeypatch, capsys, argv, script):
    """Run ``brass play`` with typed lines; the input ends after the last."""
    lines = iter(script)

    def fake_input(prompt=""):
        print(prompt, end="")
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    code = main(["play", *argv])
    return code, capsys.readouterr().out


@pytest.fixture(autouse=True)
def wide(monkeypatch, tmp_path):
    """A wide console, so that no line the tests look for is wrapped; and a folder
    of its own, since a game left unsaved when input ends is saved where we are."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    """A whole two-player game between quick bots, saved by brass simulate."""
    folder = tmp_path_factory.mktemp("records")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["simulate", "birmingham", "--players", "2", "--games", "1", "--seed", "2", "--bot", "quick", "--save", str(folder / "game")]) == 0
    return folder / "game-1.json"


# ------------------------------------------------------------------- console
def test_no_colour_when_the_output_is_not_a_terminal(capsys, record_file):
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert "Players, in turn order" in out and ANSI not in out
    game = Game("birmingham", 2, seed=1)
    coloured = io.StringIO()
    Console(file=coloured, width=100, color=True).board(game, 0)
    assert ANSI in coloured.getvalue()  # on a terminal (forced here) the players have colours
    plain = io.StringIO()
    Console(file=plain, width=100).board(game, 0)
    assert ANSI not in plain.getvalue()


@pytest.mark.parametrize("width", [60, 100])
def test_the_board_keeps_to_the_width(width):
    game = Game("birmingham", 3, seed=4)
    out = io.StringIO()
    Console(file=out, width=width).board(game, 0)
    lines = out.getvalue().splitlines()
    assert len(lines) > 20
    assert max(len(line) for line in lines) <= width
    assert any(len(line) > width - 10 for line in lines)  # and uses it


# ------------------------------------------------------------------- changes
def test_changes_lists_what_a_move_changed():
    game = Game("birmingham", 2, seed=1)
    mover = game.to_move
    before = game.view(mover)
    game.play("loan card=birmingham")
    lines = changes(before, game.view(mover), game)
    name = game.state.players[mover].name
    own = next(line for line in lines if line.startswith(f"{name}: "))
    assert "money £17 → £47" in own and "income level 0 → -3" in own
    assert "discarded Birmingham" in own
    assert changes(game.view(mover), game.view(mover), game) == []


def test_changes_of_a_built_link_and_tile():
    game = Game("birmingham", 2, seed=1)
    move = next(m for m in game.legal_moves if m.frame == "network")
    before = game.view(None)
    game.push(move)
    lines = changes(before, game.view(None), game)
    assert any(line.startswith("canal link built: ") for line in lines)
    assert not any("cards drawn" in line for line in lines)  # an onlooker sees no hand


def test_after_a_move_the_changes_show_and_not_the_board_again(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "quit"])
    assert code == 0
    assert out.count("Players, in turn order") == 1  # once, at the start
    after = out[out.index("played: pass card="):]
    assert "draw deck: 22 → 21 cards" in after
    assert "Players, in turn order" not in after


def test_board_and_network_on_request(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["board", "network", "quit"])
    assert code == 0
    assert out.count("Players, in turn order") == 2
    assert "Player 1 has no network yet" in out


def test_the_network_is_grouped_by_own_links():
    game = Game("birmingham", 2, seed=1)
    player = game.to_move
    while len(network_groups(game, player)) == 0 or game.to_move != player:
        moves = [m for m in game.legal_moves if m.frame == "network"] if game.to_move == player else []
        game.push(moves[0] if moves else next(iter(game.legal_moves)))
    groups = network_groups(game, player)
    line = game.board.get("line", groups[0]["links"][0]["line"])
    assert set(groups[0]["places"]) >= {loc.index for loc in line.locations}


# ------------------------------------------------------------------ hot seat
def test_hot_seat_hides_each_hand_from_the_other(monkeypatch, capsys):
    script = ["", "moves pass", "1", "", "moves pass", "1", "", "quit", "n"]
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,human", "--seed", "3"], script)
    assert code == 0
    marker = "press Enter to see your hand."
    segments = out.split(marker)
    assert len(segments) == 4  # before the first Enter, then one sitting for each turn
    assert "your hand" not in segments[0]
    shadow = Game("birmingham", ["Player 1", "Player 2"], seed=3)  # the same game, followed move by move
    for segment, before in zip(segments[1:], segments[:-1]):
        sitting = before.rsplit("\n", 1)[-1].split(" to move:")[0]
        player = next(p for p in shadow.state.players if p.name == sitting)
        other = next(p for p in shadow.state.players if p is not player)
        hand_lines = [line.strip() for line in segment.splitlines() if line.strip().startswith("your hand:")]
        assert hand_lines[0] == "your hand: " + ", ".join(sorted(c.name for c in player.hand))
        for line in segment.splitlines():
            if "cards drawn" in line or "your hand" in line:
                assert not line.strip().startswith(other.name)
        for line in segment.splitlines():
            if line.startswith(f"{sitting}> played: "):
                shadow.play(line.split("played: ", 1)[1])
        others_hand = "your hand: " + ", ".join(sorted(c.name for c in other.hand))
        assert others_hand not in segment or others_hand == hand_lines[0]


# ------------------------------------------------------------------- quitting
def test_quit_asks_to_save_unsaved_moves(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "kept.json"
    script = ["moves pass", "1", "quit", "", "quit", "y", str(saved)]
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], script)
    assert code == 0
    assert out.count("Save first?") == 2  # Enter: go on playing; then y
    assert f"saved to {saved}" in out
    assert len(json.loads(saved.read_text())["moves"]) >= 1


def test_quit_without_unsaved_moves_asks_nothing(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "kept.json"
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", f"save {saved}", "quit"])
    assert code == 0 and "Save first?" not in out


def test_the_end_of_input_keeps_an_unsaved_game(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1"])
    assert code == 0
    assert "Save first?" in out
    assert (tmp_path / "brass-birmingham-3.json").exists()


def test_ctrl_c_asks_too(monkeypatch, capsys, tmp_path):
    answers = iter(["moves pass", "1", KeyboardInterrupt, "n"])

    def fake_input(prompt=""):
        print(prompt, end="")
        answer = next(answers)
        if answer is KeyboardInterrupt:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "birmingham", "--seats", "human,quick", "--seed", "3"]) == 0
    assert "Save first?" in capsys.readouterr().out  # and n: quit without saving
    assert next(answers, None) is None


# ----------------------------------------------------------------------- load
def test_load_continues_a_saved_game(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "game.json"
    play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", f"save {saved}", "quit"])
    moves = len(json.loads(saved.read_text())["moves"])
    code, out = play(monkeypatch, capsys, ["birmingham", "--load", str(saved), "--seats", "human,quick"], ["moves pass", "1", "quit", "y", ""])
    assert code == 0
    assert f"seed 3; {moves} moves loaded from {saved}" in out
    assert "round 2" in out
    assert len(json.loads(saved.read_text())["moves"]) > moves  # saved again, to the file it came from


def test_load_needs_a_seat_for_each_player(capsys, tmp_path, record_file):
    assert main(["play", "birmingham", "--load", str(record_file), "--seats", "human,quick,quick"]) == 2
    assert "3 seats given for 2 players" in capsys.readouterr().err


# --------------------------------------------------------------------- replay
def test_replay_to_a_move(capsys, record_file):
    record = json.loads(record_file.read_text())
    assert main(["replay", str(record_file), "--to", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"The position after move 5 of {len(record['moves'])} ")
    early = Game.from_record(dict(record, moves=record["moves"][:5]))
    assert f"Draw deck: {len(early.state.deck)}" in out
    assert main(["replay", str(record_file), "--to", "9999"]) == 1
    assert "the record has" in capsys.readouterr().err


def test_replay_step_by_step(monkeypatch, capsys, record_file):
    record = json.loads(record_file.read_text())
    answers = iter(["", "", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["replay", str(record_file), "--step", "--to", "3"]) == 0
    out = capsys.readouterr().out
    game = Game.from_record(dict(record, moves=record["moves"][:6]))
    for number in (4, 5, 6):
        move = game.history[number - 1].move
        assert f"\n{number}. {game.state.players[move.player].name}: {move.full_notation()}\n" in out
    assert "\n7. " not in out
    assert "The position after move 6 of" in out


# -------------------------------------------------------------------- scoring
def test_the_score_log_adds_up_to_the_final_vp(record_file):
    game, log = score_log(json.loads(record_file.read_text()))
    assert [era.era for era in log.eras] == [era.name for era in game.board.eras]
    for player in game.state.players:
        i = player.index
        gained = sum(era.after_vp[i] - era.start_vp[i] for era in log.eras)
        assert gained + (log.final_vp[i] - log.eras[-1].after_vp[i]) == player.vp


def test_replay_ends_with_a_score_breakdown(capsys, record_file):
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    breakdown = out[out.index("Score breakdown"):]
    assert "Canal era" in breakdown and "Rail era" in breakdown and "Flipped tiles" in breakdown
    assert "total (income level" in breakdown


# ----------------------------------------------------------- without rich
@pytest.fixture
def no_rich(monkeypatch):
    for name in [m for m in sys.modules if m == "rich" or m.startswith("rich.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich now fails


def test_plain_text_without_rich(no_rich, monkeypatch, capsys, record_file):
    assert not Console().rich
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert "Players, in turn order:" in out  # engine/render.py's plain table
    assert "Score breakdown:" in out and "VP scored" in out
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "network", "quit", "n"])
    assert code == 0
    assert "played: pass card=" in out and "draw deck: 22 → 21 cards" in out

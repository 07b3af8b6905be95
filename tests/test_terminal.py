"""The terminal face: engine/terminal.py and the play and replay commands that use it."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest

import brass
from brass import Game, load_ruleset
from brass.cli import main
from brass.language import keywords
from brass.language.runtime import Run
from brass.terminal import Console, changes, network_groups, score_lines, score_log
from tests.support.needs import need

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
    plain = io.StringIO()
    Console(file=plain, width=100).board(Game("birmingham", 2, seed=1), 0)
    assert ANSI not in plain.getvalue()


def test_colour_on_a_terminal_with_rich():
    need("rich", "python -m pip install -e '.[terminal]'")
    coloured = io.StringIO()
    Console(file=coloured, width=100, color=True).board(Game("birmingham", 2, seed=1), 0)
    assert ANSI in coloured.getvalue()  # on a terminal (forced here) the players have colours


@pytest.mark.parametrize("width", [60, 100])
def test_the_board_keeps_to_the_width(width):
    game = Game("birmingham", 3, seed=4)
    out = io.StringIO()
    Console(file=out, width=width).board(game, 0)
    lines = out.getvalue().splitlines()
    assert len(lines) > 10
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
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "1", "quit"])
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
    script = ["", "moves pass", "1", "1", "", "moves pass", "1", "1", "", "quit", "n"]
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
            if line.startswith(sitting) and "> played: " in line:
                shadow.play(line.split("played: ", 1)[1])
        others_hand = "your hand: " + ", ".join(sorted(c.name for c in other.hand))
        assert others_hand not in segment or others_hand == hand_lines[0]


# ------------------------------------------------------------------- quitting
def test_quit_asks_to_save_unsaved_moves(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "kept.json"
    script = ["moves pass", "1", "1", "quit", "", "quit", "y", str(saved)]
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], script)
    assert code == 0
    assert out.count("Save first?") == 2  # Enter: go on playing; then y
    assert f"saved to {saved}" in out
    assert len(json.loads(saved.read_text())["moves"]) >= 1


def test_quit_without_unsaved_moves_asks_nothing(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "kept.json"
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "1", f"save {saved}", "quit"])
    assert code == 0 and "Save first?" not in out


def test_the_end_of_input_keeps_an_unsaved_game(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "1"])
    assert code == 0
    assert "Save first?" in out
    assert (tmp_path / "brass-birmingham-3.json").exists()


def test_ctrl_c_asks_too(monkeypatch, capsys, tmp_path):
    answers = iter(["moves pass", "1", "1", KeyboardInterrupt, "n"])

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
    play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "1", f"save {saved}", "quit"])
    moves = len(json.loads(saved.read_text())["moves"])
    code, out = play(monkeypatch, capsys, ["birmingham", "--load", str(saved), "--seats", "human,quick"], ["moves pass", "1", "1", "quit", "y", ""])
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


# -------------------------------------------------------------------- scoring
@pytest.fixture(scope="module")
def greedy_records(tmp_path_factory):
    """A whole game of each edition between greedy bots (who score), saved by brass simulate."""
    folder = tmp_path_factory.mktemp("greedy")
    records = {}
    for edition, players in (("birmingham", 3), ("lancashire", 2)):
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["simulate", edition, "--players", str(players), "--games", "1", "--seed", "1", "--bot", "greedy", "--save", str(folder / edition)]) == 0
        records[edition] = json.loads((folder / f"{edition}-1.json").read_text())
    return records


class _EraScoring:
    """Each player's VP just before and just after each era's end_of_era (between the
    last round's end and the era's end nothing else runs): what the era's scoring gave."""

    def __init__(self):
        self.before, self.gained = None, []

    @brass.hookimpl
    def brass_round_end(self, game):
        self.before = [p.vp for p in game.state.players]

    @brass.hookimpl
    def brass_era_end(self, game, era):
        self.gained.append([p.vp - b for p, b in zip(game.state.players, self.before)])


def era_scoring(record: dict) -> list:
    ruleset = load_ruleset(record["ruleset"])
    seen = _EraScoring()
    ruleset.plugins.register(seen)
    try:
        Game.from_record(record, ruleset)
    finally:
        ruleset.plugins.unregister(seen)
    return seen.gained


@pytest.mark.parametrize("edition", ["birmingham", "lancashire"])
def test_each_era_s_links_and_tiles_are_what_its_scoring_gave(greedy_records, edition):
    record = greedy_records[edition]
    game, log = score_log(record)
    assert log.headings[:2] == ("links", "tiles")
    assert [era.era for era in log.eras] == [era.name for era in game.board.eras]
    for era, gained in zip(log.eras, era_scoring(record)):
        assert set(era.scored) == {"links", "tiles"}
        assert [era.scored["links"][i] + era.scored["tiles"][i] for i in range(len(gained))] == gained
    assert sum(sum(era.scored["links"]) for era in log.eras) > 0 and sum(sum(era.scored["tiles"]) for era in log.eras) > 0


@pytest.mark.parametrize("edition", ["birmingham", "lancashire"])
def test_the_totals_are_the_final_vp(greedy_records, edition):
    game, log = score_log(greedy_records[edition])
    for player in game.state.players:
        scored, in_play = log.totals(player.index)
        assert sum(scored) + in_play == player.vp
    rows = log.rows(game)
    totals = [row for row in rows if row.total]
    assert len(totals) == len(game.state.players) and len(rows) == len(totals) * (len(log.parts) + 1)
    assert [row.cells[-2] for row in totals] == [str(game.state.players[row.index].vp) for row in totals]


def test_lancashire_s_money_scores_at_the_end_of_the_game(greedy_records):
    game, log = score_log(greedy_records["lancashire"])
    assert log.headings == ("links", "tiles", "money")
    assert log.end is not None and log.end.era == "end of game" and set(log.end.scored) == {"money"}
    for player in game.state.players:
        i = player.index
        assert log.end.scored["money"][i] == player.money // 10 == player.vp - log.eras[-1].vp[i]
        assert log.end.in_play[i] == 0


def test_vp_lost_in_play_are_vp_in_play(record_file):
    """Birmingham's shortfall costs VP in this game of quick bots: not links, not tiles."""
    game, log = score_log(json.loads(record_file.read_text()))
    assert log.headings == ("links", "tiles") and log.end is None
    assert any(value < 0 for era in log.eras for value in era.in_play)
    for player in game.state.players:
        i = player.index
        assert log.eras[0].in_play[i] == log.eras[0].vp[i] - sum(points[i] for points in log.eras[0].scored.values())


def test_a_row_of_the_breakdown(greedy_records):
    """The rows' exact text, from the figures (the bots' play may change)."""
    game, log = score_log(greedy_records["lancashire"])
    rows = log.rows(game)
    assert log.columns == ("Player", "Era", "VP for links", "VP for tiles", "VP for money", "VP in play", "VP", "Money")
    first = rows[0].index
    name, level = game.state.players[first].name, game.board.income.level(game.state.players[first].income_space)
    canal, end = log.eras[0], log.end
    links, tiles, in_play = canal.scored["links"][first], canal.scored["tiles"][first], canal.in_play[first]
    assert rows[0].cells == ["Canal era", f"{links:+d}", f"{tiles:+d}", "", f"{in_play:+d}", str(canal.vp[first]), f"£{canal.money[first]}"]
    lines = score_lines(rows, log)
    assert lines[1] == f"  {name}, Canal era: {links + tiles:+d} VP scored ({links:+d} for links, {tiles:+d} for tiles), {in_play:+d} VP in play; {canal.vp[first]} VP, money £{canal.money[first]}"
    points = end.scored["money"][first]
    assert lines[3] == f"  {name}, end of game: {points:+d} VP scored ({points:+d} for money); {end.vp[first]} VP, money £{end.money[first]}"
    (links, tiles, money), in_play = log.totals(first)
    assert lines[4] == f"  {name}, total (income {level}): {end.vp[first]} VP ({links} for links, {tiles} for tiles, {money} for money, {in_play} in play), money £{end.money[first]}"


@pytest.mark.parametrize("edition", ["birmingham", "lancashire"])
def test_the_interpreter_logs_the_same_scores(greedy_records, edition):
    """The generated rules and the interpreter (the reference) make the same log."""
    record = greedy_records[edition]
    game, _ = score_log(record)
    reference = Game(edition, record["players"], seed=record["seed"])
    reference.fast = None
    for entry in record["moves"]:
        reference.play(entry["move"])
    assert reference.is_over() and reference.state.scored == game.state.scored
    assert {heading for _, heading, _, _ in game.state.scored} >= {"links", "tiles"}


def test_the_log_of_headed_scores_is_journaled():
    game = Game("lancashire", 2, seed=3)
    player = game.state.players[0]
    run = Run(game, "replay", you=player)
    journal = game.state.journal
    mark = journal.mark()
    keywords.score(run, 3, heading="links")
    keywords.score(run, 2)  # no heading: in play, not logged
    keywords.score(run, 4, heading="tiles", source="cotton")  # what scored, for the balance lab
    keywords.lose_points(run, 13, heading="tiles")  # never below zero: 9 lost
    logged = [(0, "links", 3, None), (0, "tiles", 4, "cotton"), (0, "tiles", -9, None)]
    assert game.state.scored == logged and player.vp == 0
    copy = game.state.copy()
    journal.rollback(mark)
    assert game.state.scored == [] and copy.scored == logged


def test_replay_ends_with_a_score_breakdown(capsys, record_file):
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    breakdown = out[out.index("Score breakdown"):]
    assert "Canal era" in breakdown and "Rail era" in breakdown and "VP for" in breakdown and "tiles" in breakdown
    assert "total (income" in breakdown


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
    code, out = play(monkeypatch, capsys, ["birmingham", "--seats", "human,quick", "--seed", "3"], ["moves pass", "1", "1", "network", "quit", "n"])
    assert code == 0
    assert "played: pass card=" in out and "draw deck: 22 → 21 cards" in out

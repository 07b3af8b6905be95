"""The table and the scoring, readable (issue 21, point 5): a compact board, a running
preview of the era's scoring, the era's scoring itemised as it happens, change lines
that say where money and income came from, the last era's links on a finished game's
board, and the board as a picture from inside brass play."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest

from brass import Game
from brass.bots import make_bot
from brass.cli import main
from brass.terminal import Console, changes
from brass.render import preview_text
from brass.terminal.scores import era_end_now

SEVEN = ("play", "birmingham", "--players", "2", "--seats", "human,greedy", "--seed", "7")


def shown(game, viewer, width=100, **how) -> list:
    out = io.StringIO()
    Console(file=out, width=width, plain=True).board(game, viewer, **how)
    return out.getvalue().splitlines()


def played(game, move, viewer) -> list:
    """A move's change lines, as brass play shows them."""
    before, scored = game.view(viewer), len(game.state.scored)
    with game.explore(move):
        own = game.view(viewer)
    game.push(move)
    return changes(before, game.view(viewer), game, own=own, mover=move.player, scored=game.state.scored[scored:])


# ------------------------------------------------------------------ the board
def test_the_board_is_compact_and_every_space_is_on_request():
    game = Game("birmingham", ["Ada", "Ben"], seed=7)
    lines = shown(game, 0)
    assert len(lines) <= 14
    assert lines[-2:] == ["Tiles (* flipped; VP, and income when flipped): none", "Links: none"]
    assert not any(line.startswith("Every space") for line in lines)
    every = shown(game, 0, full=True)
    assert "Every space (space: industry level owner, * = flipped, cubes):" in every
    assert any(line.startswith("  Dudley ") and "0:[coal]  1:[iron]" in line for line in every)


def test_tiles_show_their_vp_and_income_and_markets_their_prices():
    game = Game("birmingham", ["Ada", "Ben"], seed=7)
    game.play("build coal dudley")
    lines = shown(game, 0)
    assert "Tiles (* flipped; VP, and income when flipped): Dudley 0: Coal mine I Ada, 2 coal (1 VP, +4 income)" in lines
    assert any("Coal market 13/14 (next £1, then £2, £2)" in line for line in lines)
    assert lines[0] == "== Brass: Birmingham: Canal era, round 1 -- Ben to move (1 action left) =="


def test_plain_lines_wrap_between_words():
    game = Game("birmingham", ["Ada", "Ben"], seed=7)
    for line in shown(game, 0, width=60):
        assert len(line) <= 60
    assert not any(line.endswith("Wild lo") for line in shown(game, 0, width=60))


# ------------------------------------------------------------- era scoring
@pytest.fixture(scope="module")
def era_end():
    """A game of greedy bots up to the move that ends the Canal era: the game just
    before it, the move, the preview of the era's end taken after the move's own
    effects, and the move's change lines."""
    game = Game("birmingham", ["Ada", "Ben"], seed=1)
    bots = {seat: make_bot("greedy", (1, seat, "greedy")) for seat in (0, 1)}
    while True:
        move = bots[game.to_move].choose(game)
        with game.explore(move):
            preview = era_end_now(game)
        if _ends_era(game, move):
            before = game.copy()
            return before, move, preview, played(game, move, move.player), game
        game.push(move)


def _ends_era(game, move) -> bool:
    trial = game.copy()
    trial.push(move)
    return trial.state.era_index != game.state.era_index


def test_the_preview_is_what_the_era_s_end_then_scores(era_end):
    before, move, preview, lines, game = era_end
    scored: list = [{}, {}]
    for player, heading, points, _ in game.state.scored:
        scored[player][heading] = scored[player].get(heading, 0) + points
    assert preview == scored
    assert sum(sum(p.values()) for p in preview) > 0


def test_the_era_s_scoring_is_itemised_when_it_happens(era_end):
    before, move, preview, lines, game = era_end
    said = "; ".join(f"{name} " + ", ".join(f"{points:+d} for {heading}" for heading, points in preview[i].items()) for i, name in enumerate(["Ada", "Ben"]))
    assert f"VP scored: {said}" in lines
    assert lines.index(f"VP scored: {said}") < lines.index("the Canal era is over; the Rail era begins")


def test_the_players_table_previews_the_era_s_end(era_end):
    before = era_end[0]
    preview = era_end_now(before)
    lines = shown(before, 0)
    for index, name in enumerate(["Ada", "Ben"]):
        row = next(line for line in lines if f" {name} " in line and "income" in line)
        assert f"({preview_text(preview[index])} if the era ended now)" in row
    assert sum(sum(p.values()) for p in preview) > 0


# ------------------------------------------------------------ change lines
def test_money_the_move_spent_and_the_round_paid_are_told_apart():
    game = Game("birmingham", ["Ada", "Ben"], seed=1)
    game.set_position({"round": 2, "turn_order": [1, 0], "players": [{"hand": ["coal", "dudley"], "income_level": 5, "money": 10}, {"hand": ["stafford"]}]})
    game.play("pass")
    game.play("pass card=coal")
    lines = played(game, game.parse("loan dudley"), 0)
    assert lines[0].startswith("Ada: money £10 → £42 (+£30 the move, +£2 at the round's end); income level 5 → 2 (-6 spaces); hand 1 → 8; cards drawn: ")
    assert lines[-1] == "round 3 begins"


def test_income_from_a_flip_and_from_a_merchant_s_barrel():
    game = Game("birmingham", ["Ada", "Ben"], seed=1)
    game.set_position({
        "round": 2, "turn_order": [0, 1],
        "players": [{"hand": ["stafford", "coalbrookdale"]}, {"hand": ["coalbrookdale"]}],
        "tiles": [{"space": "birmingham.0", "owner": 0, "industry": "cotton", "level": 1}],
        "links": [{"line": "birmingham--oxford", "owner": 0}],
        "spaces": {"oxford:0": {"token": "cotton-1", "cubes": {"beer": 1}}, "oxford:1": {"token": "manufacturer-1", "cubes": {"beer": 1}}},
    })
    lines = played(game, game.parse("sell card=stafford birmingham.0"), 0)
    assert lines[0] == (
        "Ada: income level 0 → 4 (+7 spaces: Cotton mill I flipped at Birmingham 0 +5; +2 with the barrel at Oxford:0 (Merchant: cotton)); "
        "hand 2 → 1; discarded Stafford"
    )


def test_a_card_laid_and_drawn_again_is_drawn():
    game = Game("birmingham", ["Ada", "Ben"], seed=7)
    before = game.view(0)
    after = json.loads(json.dumps(before))
    after["players"][0]["discard"].append("iron")  # her Iron works laid, and another drawn: the same hand
    assert changes(before, after, game, mover=0)[0] == "Ada: cards drawn: Iron works; discarded Iron works"


def test_a_move_taken_back_reads_backwards():
    game = Game("birmingham", ["Ada", "Ben"], seed=7)
    start = game.view(0)
    game.play("develop coal card=cannock")
    lines = changes(game.view(0), start, game, mover=0, taken_back=True)
    assert lines[0].startswith("Ada: money £")
    assert "mat Coal mine: 1 tile back on, next I" in lines[0] and "cards back in hand: " in lines[0]
    assert not any("cards drawn" in line or "tile off" in line for line in lines)


def test_no_plural_written_with_s_in_brackets(brass):
    code, out = brass(*SEVEN, typed=["board", "network", "quit"])
    assert "(s)" not in out
    assert "(1 action left)" in out


# --------------------------------------------------------- a finished game
def test_a_finished_game_s_board_keeps_the_last_era_s_links(tmp_path, capsys):
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["simulate", "birmingham", "--players", "2", "--games", "1", "--seed", "1", "--bot", "greedy", "--save", str(tmp_path / "game")]) == 0
    record = json.loads((tmp_path / "game-1.json").read_text())
    before_the_end = Game.from_record(dict(record, moves=record["moves"][:-1]))
    last = Game.from_record(record)
    assert main(["replay", str(tmp_path / "game-1.json")]) == 0
    out = capsys.readouterr().out
    links = re.search(r"\nLinks:(.*?)\nFinal standings", out, re.S).group(1)  # the finished game's table
    assert links.count("(rail)") >= len([link for link in before_the_end.state.links() if link.kind == "rail"]) > 0
    assert not list(last.state.links())  # the rules took them off; the table still shows them


# ----------------------------------------------------------------- svg
def test_svg_inside_play_draws_the_board(brass, tmp_path):
    code, out = brass(*SEVEN, typed=["svg", f"svg {tmp_path / 'mine.svg'}", "quit"])
    assert code == 0
    assert "the board is drawn in brass-birmingham-7-move0.svg (open it in a web browser)" in out
    assert (tmp_path / "mine.svg").read_text().startswith("<svg")

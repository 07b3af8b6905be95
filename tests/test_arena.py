"""brass arena: seats rotated, win rates with Wilson intervals, a rating."""

from __future__ import annotations

import re

import pytest

from brass.bots import arena
from brass.cli import main


def test_wilson_interval():
    low, high = arena.wilson(15, 20)
    assert low == pytest.approx(0.531, abs=0.001)
    assert high == pytest.approx(0.888, abs=0.001)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_round_robin_lineups_and_rotations():
    assert arena.lineups(["hard", "greedy"], 2) == [("hard", "greedy")]
    assert arena.lineups(["hard", "greedy"], 4) == [("hard", "greedy", "greedy", "greedy"), ("greedy", "hard", "hard", "hard")]
    assert arena.rotations(("a", "b", "c")) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    work = arena.tasks("birmingham", [("a", "b")], 4, seed=10)
    assert [(t[1], t[2]) for t in work] == [(("a", "b"), 10), (("b", "a"), 10), (("a", "b"), 11), (("b", "a"), 11)]


def test_bradley_terry_puts_the_winner_first():
    results = [arena.GameResult(("a", "b"), 1, [0, 1], [0], [{}, {}], [1, 1], [0.0, 0.0]) for _ in range(8)]
    results += [arena.GameResult(("b", "a"), 1, [0, 1], [0], [{}, {}], [1, 1], [0.0, 0.0]) for _ in range(2)]
    ratings = arena.bradley_terry(results)
    assert ratings["a"] > 0 > ratings["b"]
    assert ratings["a"] == pytest.approx(-ratings["b"])


def test_a_seeded_game_is_reproducible():
    first = arena.play_game("birmingham", ("quick", "random"), 3)
    second = arena.play_game("birmingham", ("quick", "random"), 3)
    assert first.scores == second.scores and first.winners == second.winners


def test_arena_output(capsys):
    assert main(["arena", "birmingham", "--bots", "quick,random", "--games", "2", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "quick vs random: 2 games" in out
    assert re.search(r"quick +wins [\d.]+/2 = +[\d.]+%  \(95% CI [\d.]+% - [\d.]+%\)", out)
    assert re.search(r"^bot +rating +games +median VP +median income +s/decision +max s$", out, re.M)
    assert "Bradley-Terry" in out


def test_arena_in_two_processes_gives_the_same_games(capsys):
    matches = [("quick", "random")]
    alone = arena.run("lancashire", matches, 2, seed=4)
    together = arena.run("lancashire", matches, 2, seed=4, processes=2)
    assert [r.scores for r in alone] == [r.scores for r in together]


def test_arena_lineup_for_four_players(capsys):
    assert main(["arena", "lancashire", "--players", "4", "--lineup", "quick,random,random,random", "--games", "1", "--quiet"]) == 0
    assert "quick vs 3 x random: 1 games" in capsys.readouterr().out


def test_arena_refuses_an_unknown_bot(capsys):
    assert main(["arena", "birmingham", "--bots", "quick,clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err

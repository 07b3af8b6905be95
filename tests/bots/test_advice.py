"""Moves explained: the bot's best moves, their worth, why the first; a game reviewed."""

from __future__ import annotations

import json

import pytest

from brass.bots import make_bot
from brass.bots.advice import advise, review
from brass.cli import main
from brass.game import Game


def _turn_start(seed: int = 12) -> Game:
    game = Game("birmingham", 2, seed=seed)
    bot = make_bot("quick", seed)
    while not (game.state.actions_left == 2 and game.state.round > 1):
        game.push(bot.choose(game))
    return game


def test_advice_gives_three_legal_moves_best_first_and_says_why():
    game = _turn_start()
    advice = advise(game)
    assert advice.seat == game.to_move and len(advice.candidates) == 3
    worths = [c.worth for c in advice.candidates]
    assert worths[1:] == sorted(worths[1:], reverse=True)  # the first is the move played: the best mean, or the favourite kept
    for candidate in advice.candidates:
        assert game.parse(candidate.move.full_notation()).notation() == candidate.move.notation()  # legal here, typed as shown
    first, second = advice.candidates[:2]
    # The reason names both plans and the gap between them.
    assert advice.reason.startswith(first.move.notation())
    assert f"rather than {second.move.notation()}" in advice.reason
    assert f"{first.worth - second.worth:.1f} points better" in advice.reason
    assert advice.lines()[0].startswith("1. " + first.move.full_notation())


def test_a_favourite_kept_within_the_noise_says_so(monkeypatch):
    from brass.bots import search

    seen = {}
    scripted = [[0.0, 0.0], [3.0, -1.0], [-5.0, -5.0], [-6.0, -6.0], [-7.0, -7.0]]  # per plan played out, per redeal

    def play_out(self, world, plan, seat, rng, budget=None):
        index, calls = seen.setdefault(id(plan), (len(seen), []))
        calls.append(1)
        return scripted[index][len(calls) - 1]

    monkeypatch.setattr(search.SearchBot, "_play_out", play_out)
    advice = advise(_turn_start())
    first, second = advice.candidates[:2]
    assert (first.worth, second.worth) == (0.0, 1.0)
    assert f"rather than {second.move.notation()}" in advice.reason
    assert ": the turn plans' favourite; the other scored 1.0 points more over 2 redeals" in advice.reason
    assert "within the noise of so few redeals (± 1.4)" in advice.reason


def test_the_same_position_gets_the_same_advice():
    game = _turn_start()
    assert [c.move.notation() for c in advise(game).candidates] == [c.move.notation() for c in advise(game.copy()).candidates]


def test_advice_is_for_the_player_to_move():
    game = _turn_start()
    with pytest.raises(ValueError, match="is not to move; advice is for the player to move"):
        advise(game, seat=1 - game.to_move)


def test_the_differences_are_what_the_two_plans_leave():
    game = _turn_start(14)
    advice = advise(game)
    assert advice.differences, "two different plans leave different positions"
    phrases = [phrase for phrase, _, _ in advice.differences]
    assert len(phrases) == len(set(phrases))
    for phrase, change, points in advice.differences:
        assert change != 0


def _short_record(moves: int = 10) -> dict:
    game = Game("birmingham", 2, seed=21)
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    for _ in range(moves):
        game.push(bots[game.to_move].choose(game))
    return game.record()


def test_a_review_weighs_the_move_played_beside_the_bots():
    record = _short_record()
    found = list(review(record, seats=[1]))
    assert found and all(item.seat == 1 for item in found)
    for item in found:
        assert item.loss >= 0
        assert item.loss == pytest.approx(max(0.0, item.worth_best - item.worth_played))
        assert (item.loss == 0) or item.best != item.played


def test_brass_analyse_prints_each_move_and_a_summary(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_short_record(6)))
    assert main(["analyse", str(path), "--seats", "2", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    moves, summary = lines[:-1], lines[-1]["summary"]
    assert moves and all(line["seat"] == 2 for line in moves)
    assert summary[0]["seat"] == 2 and summary[0]["moves"] == len(moves)
    assert main(["analyse", str(path), "--seats", "3"]) == 2
    assert "seats are numbered 1 to 2" in capsys.readouterr().err

"""Strength as the best projects measure it: seed groups, bootstrap intervals, diagnostics, replays."""

from __future__ import annotations

import pytest

from brass.bots import strength
from brass.bots.strength import GameReport, SeatReport, bootstrap, diagnostics, group_lineups, group_mean, pair_share, play_measured, replay_check
from brass.game import Game


def test_a_group_is_every_rotation_of_the_seats_once():
    assert group_lineups(("hard", "planner")) == [("hard", "planner"), ("planner", "hard")]
    assert group_lineups(("hard", "planner", "planner", "planner")) == [
        ("hard", "planner", "planner", "planner"), ("planner", "planner", "planner", "hard"),
        ("planner", "planner", "hard", "planner"), ("planner", "hard", "planner", "planner"),
    ]
    assert group_lineups(("hard",) * 4) == [("hard",) * 4]  # self-play: one game a seed


def test_the_bootstrap_interval_holds_the_mean_and_repeats():
    values = [float(v) for v in range(20)]
    mean, low, high = bootstrap(values)
    assert mean == pytest.approx(9.5) and low < mean < high
    assert (low, high) == bootstrap(values)[1:]  # a seeded stream: the same interval
    assert 6.5 < low < 8.5 and 10.5 < high < 12.5  # the standard error is 1.3
    assert bootstrap([3.0] * 5) == (3.0, 3.0, 3.0)


def _seat(bot, vp, place) -> SeatReport:
    return SeatReport(bot, vp, 0, 0, place)


def test_pairs_of_seats_won_count_ties_half():
    report = GameReport("x", ("hard", "planner", "planner", "planner"), 1,
                        [_seat("hard", 90, 1), _seat("planner", 95, 0), _seat("planner", 90, 1), _seat("planner", 70, 3)])
    assert pair_share(report, "hard", "planner") == pytest.approx((0 + 0.5 + 1) / 3)
    assert pair_share(report, "planner", "hard") == pytest.approx((1 + 0.5 + 0) / 3)
    assert pair_share(report, "hard", "greedy") is None
    groups = [[report, report], [report]]
    assert group_mean(groups, lambda r, s: s.vp if s.bot == "hard" else None) == [90.0, 90.0]


def test_a_measured_game_replays_and_says_what_each_seat_did():
    report = play_measured("birmingham", ("greedy", "planner"), 7)
    assert [s.bot for s in report.seats] == ["greedy", "planner"]
    replay_check(report)  # the seed and the moves give the same scores with no bot
    for seat in report.seats:
        assert len(seat.unsold) == 2 and len(seat.era_income) == 2  # each era's end seen
        assert seat.decisions > 20 and seat.loans >= 0 and seat.developed >= seat.developed_unbuilt >= 0
    assert report.seats[1].era_income[1] == report.seats[1].income  # income does not move at the last era's end
    found = diagnostics([[report]], "planner")
    assert found["seats"] == 1 and found["median VP"] == report.seats[1].vp
    assert "unflipped at era 1 end, a seat" in found and "median income at era 1 end" in found
    broken = GameReport(report.ruleset, report.lineup, report.seed, [SeatReport(**{**vars(s), "vp": s.vp + 1}) for s in report.seats], report.moves)
    with pytest.raises(AssertionError, match="the replay differs"):
        replay_check(broken)


def test_a_seat_judges_by_the_judge_it_is_given():
    from brass.bots.features import INDEX, PRIOR
    from brass.bots.judge import _OVERRIDES, KNOTS, Fit, fitting

    row = list(PRIOR)
    row[INDEX["money_value"]] = 0.0  # money worth nothing: spend it, whatever it buys
    row[INDEX["income_value"]] = 5.0
    spendthrift = Fit(2, {era: [list(row) for _ in KNOTS] for era in ("canal", "rail")})
    with fitting("birmingham", 2, None):
        plain = play_measured("birmingham", ("easy", "easy"), 3)
    written = play_measured("birmingham", ("easy", "easy"), 3, judges={0: None, 1: None})
    assert written.moves == plain.moves  # the written heuristic either way
    mixed = play_measured("birmingham", ("easy", "easy"), 3, judges={0: spendthrift})
    assert mixed.moves != plain.moves
    assert not _OVERRIDES  # each decision's judge was set for that decision only


def test_a_loan_is_counted_by_what_it_does():
    game = Game("birmingham", 2, seed=3)
    watch = strength._Watch(game)
    before = watch.before(game)
    game.play("loan card=" + game.state.players[game.to_move].hand[0].id)
    watch.after(game, before)
    assert watch.loans == [1, 0] or watch.loans == [0, 1]
    before = watch.before(game)
    game.play("pass card=" + game.state.players[game.to_move].hand[0].id)
    watch.after(game, before)
    assert sum(watch.loans) == 1

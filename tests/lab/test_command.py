"""``brass balance`` as an author runs it: the report, its files, and every refusal."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from brass.cli import main
from brass import Game
from tests.support.needs import need


def balance(capsys, *argv):
    code = main(["balance", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """One small paired job with a ladder, as JSON, with its page and representative game."""
    folder = tmp_path_factory.mktemp("balance")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([
            "balance", "birmingham", "--against", "birmingham-open-beer", "--players", "2", "--bots", "random",
            "--games", "6", "--seed", "3", "--workers", "1", "--ladder", "random,greedy", "--ladder-games", "2",
            "--json", "--html", str(folder / "report.html"), "--out", str(folder / "games"), "--progress", "never",
        ])
    assert code == 0
    return json.loads(out.getvalue()), folder


def test_the_json_report_names_what_it_measured(report):
    found, _ = report
    job = found["job"]
    assert (job["ruleset"], job["against"], job["players"], job["bots"], job["seed"]) == ("birmingham", "birmingham-open-beer", 2, ["random", "random"], 3)
    assert len(job["ruleset_hash"]) == len(job["against_hash"]) == 16 and job["ruleset_hash"] != job["against_hash"]
    assert job["engine"] and job["seed_groups"] == 6 and job["backend"] == "serial"


def test_the_json_report_holds_every_figure_the_author_asked_for(report):
    found, _ = report
    measured = found["measured"]
    assert measured["games"] == found["base"]["games"] == 6
    for seat in measured["seats"]:
        assert 0 <= seat["win"]["low"] <= seat["win"]["rate"] <= seat["win"]["high"] <= 1
        assert set(seat["vp"]) == {"mean", "median", "p5", "p95", "min", "max"}
    assert sum(seat["win"]["rate"] for seat in measured["seats"]) == pytest.approx(1)
    assert "first round" in measured["first_player"]["measured"] and measured["first_player"]["fair"] == 0.5
    assert 0 <= measured["balance"] <= 1 and 0 <= measured["at_most_zero_vp"] <= 1
    assert {"median", "p5", "p95", "max"} <= set(measured["margin"]) and {"median", "p95"} <= set(measured["moves"])
    assert [era["era"] for era in measured["eras"]] == ["Canal era", "Rail era"]
    assert {"actions", "links", "flipped", "unflipped"} <= set(measured["eras"][0])
    assert {"winners_by_main_source", "entropy_bits", "evenness"} <= set(measured["strategy"])
    paired = found["paired"]
    assert paired["groups"] == 6 and len(paired["seats"]) == 2
    assert {"mean", "low", "high"} == set(paired["delta_first_player_win"])
    matrix = found["ladder"]["matrix"]
    assert matrix["random"]["greedy"]["games"] == matrix["greedy"]["random"]["games"] == 2
    assert matrix["random"]["greedy"]["rate"] + matrix["greedy"]["random"]["rate"] == pytest.approx(1)


def test_the_representative_game_is_a_record_that_replays_to_the_median_length(report):
    found, _ = report
    game = found["representative"]
    assert game["moves"] in range(found["measured"]["moves"]["p5"], found["measured"]["moves"]["p95"] + 1)
    replayed = Game.load(game["record"])
    assert len(replayed.history) == game["moves"] and replayed.is_over()
    assert open(game["board"]).read().startswith("<svg")


def test_the_page_opens_offline(report):
    found, folder = report
    page = (folder / "report.html").read_text()
    assert page.lower().startswith("<!doctype html>") and "<svg" in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page
    assert "<script src" not in page and "<link" not in page
    assert found["job"]["ruleset_hash"] in page


def test_the_text_report_is_a_table_with_intervals(capsys, tmp_path):
    code, out, err = balance(capsys, "birmingham", "--players", "2", "--bots", "random", "--games", "4", "--workers", "1", "--out", str(tmp_path))
    assert code == 0 and err == ""
    assert out.startswith("Balance of birmingham")
    assert "%" in out and "[" in out  # rates with their intervals
    assert f"{tmp_path}/median-game.json" in out


def test_until_settled_stops_and_says_what_was_settled(capsys, tmp_path):
    code, out, _ = balance(capsys, "birmingham", "--players", "2", "--bots", "random", "--games", "400", "--until-settled", "--delta", "0.45",
                           "--workers", "1", "--json", "--out", str(tmp_path))
    found = json.loads(out)
    assert code == 0 and found["settled"]["verdict"].startswith("the first player")
    assert found["settled"]["after_games"] == found["measured"]["games"] < 400


@pytest.mark.parametrize(("argv", "message"), [
    (["no-such-variant"], "brass: 'no-such-variant' is neither an installed ruleset nor a ruleset folder; installed: "),
    (["birmingham", "--against", "nowhere"], "brass: 'nowhere' is neither an installed ruleset nor a ruleset folder"),
    (["birmingham", "--bots", "grandmaster"], "brass: unknown bot 'grandmaster'; bots: "),
    (["birmingham", "--players", "5"], "brass: birmingham is for 2, 3, 4 players, not 5\n"),
    (["birmingham", "--players", "3", "--bots", "greedy,random"], "brass: --bots gives 2 bots for 3 players: give one for every seat, or one for each seat\n"),
    (["birmingham", "--games", "0"], "brass: --games must be at least 1\n"),
    (["birmingham", "--ladder", "greedy"], "brass: --ladder needs two levels or more, e.g. random,greedy,hard\n"),
])
def test_bad_input_is_refused_saying_what_would_be_right(capsys, argv, message):
    code, out, err = balance(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message)


def test_a_cluster_that_does_not_answer_is_refused_within_seconds(capsys):
    need("ray", "python -m pip install -e '.[cluster]'")
    started = time.monotonic()
    code, _, err = balance(capsys, "birmingham", "--games", "2", "--cluster", "ray://127.0.0.1:1")
    assert code == 2 and "nothing answers at 127.0.0.1:1" in err
    assert time.monotonic() - started < 10


def test_simulate_on_worker_processes_prints_what_it_prints_alone(capsys):
    argv = ["simulate", "birmingham", "--players", "2", "--games", "4", "--seed", "9", "--bot", "random", "--json"]
    def games():  # each game's line, and the summary but for its times
        lines = capsys.readouterr().out.splitlines()
        summary = json.loads(lines[-1])
        for timing in ("seconds", "games_per_second"):
            summary["summary"].pop(timing)
        return lines[:-1], summary

    assert main([*argv, "--workers", "1"]) == 0
    alone = games()
    assert main([*argv, "--workers", "2"]) == 0
    assert games() == alone and len(alone[0]) == 4


HOWTO = Path(__file__).resolve().parent.parent.parent / "docs" / "howto" / "balance"


def test_the_how_tos_first_variant_gives_the_first_player_five_pounds_more():
    from brass import load_ruleset

    for seed in (1, 2, 3):
        base = Game("birmingham", 3, seed=seed)
        variant = Game(load_ruleset(HOWTO / "first-player-five"), 3, seed=seed)
        first = variant.state.turn_order[0]
        assert variant.state.turn_order == base.state.turn_order
        assert [p.money - q.money for p, q in zip(variant.state.players, base.state.players)] == [5 if i == first else 0 for i in range(3)]


def test_the_how_tos_second_variant_changes_one_tiles_vp_and_is_compared_on_the_same_seeds(capsys, tmp_path):
    code, out, _ = balance(capsys, str(HOWTO / "cotton-vp"), "--against", "birmingham", "--players", "2", "--bots", "greedy",
                           "--games", "2", "--workers", "1", "--json", "--out", str(tmp_path))
    found = json.loads(out)
    assert code == 0 and found["job"]["ruleset"] == "cotton-vp" and found["paired"]["groups"] == 2
    from brass import load_ruleset

    def vp(ruleset):
        cotton = next(industry for industry in load_ruleset(ruleset).board.industries if industry.id == "cotton")
        return [tile.fields["vp"] for tile in cotton.levels]

    assert vp(HOWTO / "cotton-vp") == [5, 5, 12, 12] and vp("birmingham") == [5, 5, 9, 12]

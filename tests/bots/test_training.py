"""Fitting the judge: least squares towards the heuristic, seeded rounds, the file written."""

from __future__ import annotations

import random
import sys

import pytest

from tests.support.needs import need

need("numpy", "pip install -e '.[train]'")

from brass.bots.features import INDEX, NAMES, PRIOR, SIGNS, SIZE
from brass.bots.judge import KNOTS, read_judge
from brass.bots.training import SEED_BASE, Sample, Training, blend, fit, game_seeds, quality
from brass.cli import main


def _synthetic(weights: list, count: int, seed: int = 1) -> list:
    """Positions whose gains are exactly a known sum of features (the same at every knot)."""
    rng = random.Random(seed)
    samples = []
    for _ in range(count):
        rows = [[1.0] + [rng.uniform(0, 10) for _ in range(SIZE - 1)] for _ in range(2)]
        vp = [rng.randrange(30), rng.randrange(30)]
        final = [v + sum(w * x for w, x in zip(weights, row)) for v, row in zip(vp, rows)]
        samples.append(Sample(0, rng.random(), rows, vp, final))
    return samples


def _signed(weights: list) -> list:
    """The weights with those whose sign the rules settle turned to that sign."""
    return [abs(w) * SIGNS[name] if name in SIGNS else w for name, w in zip(NAMES, weights)]


def test_a_fit_finds_the_weights_that_made_the_gains():
    weights = _signed([5.0] + [rng_w for rng_w in (0.5, -0.25, 1.5) * SIZE][: SIZE - 1])
    found = fit(_synthetic(weights, 400), ["canal"], 2, ridge=1e-6)
    for row in found.weights["canal"]:
        assert row == pytest.approx(weights, abs=1e-2)
    assert quality(found, _synthetic(weights, 50, seed=2), ["canal"])["rmse"] == pytest.approx(0.0, abs=1e-2)


def test_a_fit_never_finds_that_a_shortfall_or_a_debt_helps():
    # Games in which a shortfall went with later gains (as a bot's bad judge can
    # make them): the fit holds the shortfall's weight at 0, not at the +2 the
    # games show, and the debt's at 0, not below it.
    weights = _signed([5.0] + [0.5] * (SIZE - 1))
    weights[INDEX["shortfall"]] = 2.0
    weights[INDEX["debt"]] = -1.0
    found = fit(_synthetic(weights, 400), ["canal"], 2, ridge=1e-6)
    for row in found.weights["canal"]:
        assert row[INDEX["shortfall"]] == 0.0 and row[INDEX["debt"]] == 0.0
        for name, sign in SIGNS.items():
            assert row[INDEX[name]] * sign >= 0, name


def test_with_few_games_a_fit_stays_near_the_heuristic():
    weights = [5.0] + [3.0] * (SIZE - 1)  # far from the prior
    found = fit(_synthetic(weights, 3), ["canal"], 2, ridge=100.0)
    for row in found.weights["canal"]:
        assert row[1:] == pytest.approx(list(PRIOR[1:]), abs=0.3)


def test_a_blend_lies_between_the_judge_in_play_and_the_fit():
    rows = [[2.0] * SIZE for _ in KNOTS]
    toward = fit(_synthetic([1.0] * SIZE, 50), ["canal"], 2)
    toward.weights = {"canal": rows}
    half = blend(None, toward, 0.5)
    assert half.weights["canal"][0][0] == 2.0  # the mean gain is the fit's
    assert half.weights["canal"][0][1] == pytest.approx((PRIOR[1] + 2.0) / 2)
    assert blend(half, toward, 1.0).weights == toward.weights


def test_training_seeds_are_apart_from_measurement():
    seeds = game_seeds(1, 0, 10) + game_seeds(1, 1, 10) + game_seeds(2, 0, 10)
    assert len(set(seeds)) == 30 and min(seeds) >= SEED_BASE


def test_train_judge_writes_a_fresh_judge_and_the_same_one_again(tmp_path, capsys):
    out = tmp_path / "judge.yaml"
    args = ["train-judge", "birmingham", "--players", "2", "--games", "2", "--rounds", "0", "--seed", "3", "--bot", "easy", "--out", str(out)]
    assert main(args) == 0
    first = out.read_text()
    judge = read_judge(out)
    assert set(judge.fits) == {2} and judge.fits[2].trained["command"].startswith("brass train-judge birmingham --players 2 --games 2")
    from brass.ruleset import load_ruleset

    assert judge.stale(load_ruleset("birmingham")) is None
    assert main(args) == 0
    assert out.read_text() == first  # seeded: the same arguments, the same file
    assert main(["train-judge", "birmingham", "--players", "5", "--out", str(out)]) == 2
    assert "birmingham is for 2, 3, 4 players" in capsys.readouterr().err


def test_train_judge_without_numpy_says_which_extra_before_playing(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "numpy", None)  # as on a core install
    out = tmp_path / "judge.yaml"
    assert main(["train-judge", "birmingham", "--games", "2", "--rounds", "0", "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.err == "brass: brass train-judge: fitting a judge needs numpy, which the core install leaves out: pip install 'brass-rules[train]'\n"
    assert captured.out == "" and not out.exists()


def test_train_judge_resumes_from_the_fit_in_the_file_and_says_so(tmp_path, capsys):
    out = tmp_path / "judge.yaml"
    first = ["train-judge", "birmingham", "--players", "2", "--games", "2", "--rounds", "0", "--seed", "3", "--bot", "easy", "--out", str(out)]
    resumed = ["train-judge", "birmingham", "--players", "2", "--games", "2", "--rounds", "1", "--seed", "4", "--bot", "easy", "--out", str(out), "--resume"]
    assert main(resumed) == 2  # nothing to start from yet
    assert f"brass train-judge --resume: no fresh judge for 2 players to start from in {out} (there is none); fit one first without --resume" in capsys.readouterr().err
    assert main(first) == 0
    started = read_judge(out).fits[2]
    assert main(resumed) == 0
    said = capsys.readouterr().out
    assert "round 0, the judge started from: 2/2 games" in said and "round 1: the judge started from " in said
    fit = read_judge(out).fits[2]
    assert fit.trained["command"] == "brass train-judge birmingham --players 2 --games 2 --rounds 1 --seed 4 --bot easy --resume"
    assert fit.trained["started_from"]["command"] == started.trained["command"]

"""The fitted judge: its file, what it was fitted for, and a stale one refused."""

from __future__ import annotations

import shutil
import warnings

import pytest

from brass.bots import judge as judging
from brass.bots.evaluation import Heuristic
from brass.bots.features import NAMES, PRIOR, SIZE
from brass.bots.judge import KNOTS, Fit, JudgeFile, LearnedJudge, StaleJudgeWarning, fitting, judge, read_judge, ruleset_digest
from brass.errors import DataError
from brass.game import Game
from brass.ruleset import load_ruleset
from brass.version import __version__


def _prior_fit(players: int, eras=("canal", "rail"), bias: float = 0.0) -> Fit:
    row = list(PRIOR)
    row[0] = bias
    return Fit(players, {era: [list(row) for _ in KNOTS] for era in eras})


@pytest.fixture
def variant(tmp_path):
    """A copy of Birmingham as a ruleset folder of its own, with its own judge file."""
    folder = tmp_path / "copy"
    source = load_ruleset("birmingham").folder
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__", "judge.yaml", "*.py", "introductory", "open_beer"))
    judging._LOADED.clear()
    judging._JUDGES.clear()
    judging._WARNED.clear()
    yield folder
    judging._LOADED.clear()
    judging._JUDGES.clear()
    judging._WARNED.clear()


def test_a_judge_with_the_prior_weights_judges_as_the_heuristic():
    game = Game("birmingham", 3, seed=2)
    from brass.bots import make_bot

    bot = make_bot("greedy", 2)
    for _ in range(40):
        game.push(bot.choose(game))
    learned = LearnedJudge(game, _prior_fit(3))
    assert learned.values(game) == pytest.approx(Heuristic(game).values(game), abs=1e-9)
    assert learned.relative(game, 1) == pytest.approx(Heuristic(game).relative(game, 1), abs=1e-9)
    parts = learned.contributions(game, 1)
    assert sum(parts.values()) == pytest.approx(learned.value(game, 1))


def test_the_weights_between_two_knots_lie_on_a_line():
    game = Game("birmingham", 2, seed=2)
    rows = [[float(k)] * SIZE for k in range(len(KNOTS))]
    learned = LearnedJudge(game, Fit(2, {"canal": rows, "rail": rows}))
    assert learned.weights(0, 0.0)[0] == 0.0
    assert learned.weights(0, 1.0)[0] == len(KNOTS) - 1
    assert learned.weights(0, (KNOTS[1] + KNOTS[2]) / 2)[5] == pytest.approx(1.5)


def test_the_file_is_written_and_read_back(variant):
    ruleset = load_ruleset(str(variant))
    path = variant / "data" / "judge.yaml"
    JudgeFile(ruleset.name, ruleset_digest(ruleset), __version__, NAMES, {2: _prior_fit(2, bias=3.25)}).write(path)
    found = read_judge(path)
    assert found.stale(ruleset) is None
    assert found.fits[2].weights["canal"][0][0] == 3.25
    assert "brass train-judge" in path.read_text().splitlines()[0]
    game = Game(ruleset, 2, seed=1)
    assert isinstance(judge(game), LearnedJudge)
    assert isinstance(judge(Game(ruleset, 3, seed=1)), Heuristic)  # no fit for three players: the written heuristic


def test_a_stale_judge_is_refused_and_said_so(variant):
    ruleset = load_ruleset(str(variant))
    path = variant / "data" / "judge.yaml"
    JudgeFile(ruleset.name, ruleset_digest(ruleset), "0.0.1", NAMES, {2: _prior_fit(2)}).write(path)
    with pytest.warns(StaleJudgeWarning, match=r"stale \(it was fitted with engine 0\.0\.1, this is .*\).*brass train-judge"):
        chosen = judge(Game(ruleset, 2, seed=1))
    assert isinstance(chosen, Heuristic)  # never the stale one
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once per ruleset, not at every game
        judge(Game(ruleset, 2, seed=2))


def test_a_rule_changed_makes_the_judge_stale_and_a_comment_does_not(variant):
    ruleset = load_ruleset(str(variant))
    digest = ruleset_digest(ruleset)
    rules = variant / "rules" / "bots.brass"
    rules.write_text(rules.read_text() + "\n# a comment changes no rule\n")
    assert ruleset_digest(load_ruleset(str(variant))) == digest
    rules.write_text(rules.read_text().replace("define bot_lasting_level = 2", "define bot_lasting_level = 3"))
    changed = load_ruleset(str(variant))
    assert ruleset_digest(changed) != digest
    file = JudgeFile(ruleset.name, digest, __version__, NAMES, {2: _prior_fit(2)})
    assert file.stale(changed) == "the ruleset's rules or data have changed since it was fitted"


def test_a_broken_judge_file_says_where(variant):
    path = variant / "data" / "judge.yaml"
    path.write_text("format: brass-judge/1\nruleset: copy\nengine: 1\n")
    with pytest.raises(DataError, match=r"judge.yaml.*ruleset_hash"):
        read_judge(path)


def test_a_fit_being_made_is_what_the_bots_judge_by(variant):
    ruleset = load_ruleset(str(variant))
    game = Game(ruleset, 2, seed=1)
    assert isinstance(judge(game), Heuristic)
    with fitting(ruleset.name, 2, _prior_fit(2, bias=7.0)):
        found = judge(game)
        assert isinstance(found, LearnedJudge) and found.fit.weights["canal"][0][0] == 7.0
    assert isinstance(judge(game), Heuristic)


def test_one_player_s_worth_is_read_from_its_row_alone():
    from brass.bots import make_bot

    game = Game("lancashire", 4, seed=9)
    bot = make_bot("greedy", 9)
    for _ in range(50):
        game.push(bot.choose(game))
    fit = _prior_fit(4, bias=1.5)
    fit.weights["canal"][2][5] = 0.75  # a weight away from the prior, at the middle of the era
    learned = LearnedJudge(game, fit)
    values = learned.values(game)
    assert [learned.value(game, seat) for seat in range(4)] == pytest.approx(values, abs=1e-9)


def test_every_judge_shipped_with_an_installed_ruleset_is_fresh():
    # A rule or data change makes a shipped judge stale: the bots then judge by the
    # written heuristic (with a warning). Refit it in the same change.
    from brass.ruleset import installed_rulesets

    shipped = 0
    for name in installed_rulesets():
        ruleset = load_ruleset(name)
        path = judging.judge_path(ruleset)
        if not path.exists():
            continue
        shipped += 1
        file = read_judge(path)
        commands = "; ".join(fit.trained.get("command", "?") for fit in file.fits.values())
        assert file.stale(ruleset) is None, f"{path} is stale ({file.stale(ruleset)}): fit it again with {commands}"
        for players, fit in file.fits.items():
            assert players in ruleset.players
            assert fit.trained.get("command", "").startswith(f"brass train-judge {name} --players {players} ")
    assert shipped >= 1  # Birmingham's, at least

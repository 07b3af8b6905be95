"""Rulesets that validate and would then crash or hang in play.

Each test writes a small variant of Brass: Birmingham whose rules ask for
something no game can give: no actions in a turn, a definition that needs
itself, a billion rounds, every way to pick 12 of 27 places, a ranking that is
not a list, no end after the last era, a string of 10^11 characters. Where the
rule text shows the mistake, loading refuses it (a RuleFileError naming file,
line and column); where only play shows it, play stops with a RuleRuntimeError
naming the rule's file and line, and the game is left as it was before the move.
Both the generated code and the interpreter are run where they differ.
The limits are in engine/language/limits.py.
"""

from __future__ import annotations

import copy
import random
import re
import textwrap
from pathlib import Path

import pytest

from brass import Game, load_ruleset
from brass.errors import RuleRuntimeError, RulesetErrors, SlowRulesWarning
from brass.language import limits
from brass.language.codegen.search import Search, multisets, run_frame
from tests.support.fingerprint import fingerprint
from tests.support.variants import fails_after

RULES = "v/rules/variant.brass"  # how a message names the variant's rule file


@pytest.fixture(autouse=True)
def no_hang():
    """Every test here ends within seconds: a hang is what they check against."""
    with fails_after(20, "the test"):
        yield


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    """Run from the temporary folder, so messages name the variant's files as RULES does."""
    monkeypatch.chdir(tmp_path)


def variant(tmp_path: Path, rules: str, base: str = "birmingham") -> str:
    folder = tmp_path / "v"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(f"name: v\ntitle: A variant\nversion: 1.0.0\nbase: {base}\nrules:\n  - rules/variant.brass\n")
    (folder / "rules" / "variant.brass").write_text(textwrap.dedent(rules))
    return str(folder)


def refused(tmp_path: Path, rules: str) -> str:
    """What loading the variant says is wrong."""
    with pytest.raises(RulesetErrors) as error:
        load_ruleset(variant(tmp_path, rules))
    return str(error.value)


def loaded(tmp_path: Path, rules: str, way: str = "generated", base: str = "birmingham"):
    """The variant, run by the generated code (falling back on the interpreter, as
    games do) or by the interpreter alone."""
    ruleset = load_ruleset(variant(tmp_path, rules, base))
    if way == "interpreted":
        ruleset = copy.copy(ruleset)
        ruleset.__dict__["fast"] = None
    return ruleset


def unchanged(game: Game):
    return fingerprint(game), game.to_move, len(game.history)


def play_until_refused(game: Game, moves: int = 2000, seed: int = 1) -> RuleRuntimeError:
    """Play random moves until one stops with a rule error; check it changed nothing."""
    rng = random.Random(seed)
    for _ in range(moves):
        assert not game.is_over(), "the game ended without the error"
        move = game.random_move(rng)
        before = unchanged(game)
        try:
            game.push(move)
        except RuleRuntimeError as error:
            assert unchanged(game) == before
            return error
    raise AssertionError(f"{moves} moves played without the error")


WAYS = pytest.mark.parametrize("way", ["generated", "interpreted"])

# -------------------------------------------------------- 1. actions_this_turn


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", f"{RULES}:1:28: 'actions_this_turn' gives 0 here; it must be a whole number from 1 to 100"),
        ("-1", f"{RULES}:1:28: 'actions_this_turn' gives -1 here; it must be a whole number from 1 to 100"),
        ("1000", f"{RULES}:1:28: 'actions_this_turn' gives 1000 here; it must be a whole number from 1 to 100"),
        ('"two"', f"{RULES}:1:28: 'actions_this_turn' must give a whole number, but this gives text"),
        ("none", f"{RULES}:1:28: 'actions_this_turn' must give a whole number, but this gives none"),
        ("true", f"{RULES}:1:28: 'actions_this_turn' must give a whole number, but this gives true or false"),
        ("1 if first_round else 0", f"{RULES}:1:50: 'actions_this_turn' gives 0 here"),
    ],
)
def test_actions_this_turn_that_is_plainly_wrong_is_refused_as_it_loads(tmp_path, value, message):
    assert message in refused(tmp_path, f"define actions_this_turn = {value}\n")


@WAYS
@pytest.mark.parametrize("value, gave", [("len(deck) * 0", "0"), ("len(deck) * 1000", "20,000"), ("era.name", "'Canal era'")])
def test_actions_this_turn_that_goes_wrong_in_play_stops_the_move_and_changes_nothing(tmp_path, way, value, gave):
    ruleset = loaded(tmp_path, f"define actions_this_turn = 1 if round == 1 else {value}\n", way)
    error = play_until_refused(Game(ruleset, ["a", "b"], seed=1))
    assert str(error).startswith(f"{RULES}:1:1: actions_this_turn gave {gave} for ")
    assert str(error).endswith("; it must be a whole number from 1 to 100")


def test_actions_this_turn_takes_no_parameter(tmp_path):
    assert f"{RULES}:1:1: 'actions_this_turn' takes no parameter, not 1" in refused(tmp_path, "define actions_this_turn(p) = 2\n")


def test_an_action_that_uses_no_action_is_refused(tmp_path):
    # It could be taken for ever: the turn would never end.
    message = refused(tmp_path, "action wait:\n    uses 0\n    pay 0\n")
    assert f"{RULES}:2:5: an action uses from 1 to 100 of the turn's actions, not 0" in message


# ------------------------------------------------------------------ 2. cycles


def test_definitions_that_need_each_other_are_refused_with_every_step(tmp_path):
    message = refused(tmp_path, "define loop_a = loop_b + 1\ndefine loop_b = loop_a\n")
    assert message.startswith(
        f"{RULES}:1:1: definition 'loop_a' depends on itself, so it can never be worked out: "
        f"loop_a uses loop_b ({RULES}:1:17), loop_b uses loop_a ({RULES}:2:17)"
    )
    assert "The rule language has no recursion" in message
    assert message.count("depends on itself") == 1  # one cycle, told once


def test_a_function_that_calls_itself_is_refused(tmp_path):
    message = refused(tmp_path, "define f(n) = 0 if n <= 0 else f(n - 1)\n")
    assert f"{RULES}:1:1: definition 'f' depends on itself, so it can never be worked out: f uses f ({RULES}:1:32)" in message


def test_procedures_that_call_each_other_are_refused_with_every_step(tmp_path):
    rules = """\
        procedure p(x):
            call q(x)
        procedure q(x):
            gain 1
            call p(x)
        """
    message = refused(tmp_path, rules)
    assert f"{RULES}:1:1: procedure 'p' calls itself, so it would never end: p calls q ({RULES}:2:5), q calls p ({RULES}:5:5)" in message


def test_a_chain_of_definitions_and_a_local_name_like_a_definition_still_load(tmp_path):
    rules = """\
        define base_actions = 2
        define actions_this_turn = 1 if first_round else base_actions
        define twice(base_actions) = base_actions * 2
        """
    ruleset = loaded(tmp_path, rules)
    assert Game(ruleset, 2, seed=1).state.actions_left == 1


# ----------------------------------------------------------------- 3. repeat


def test_a_repeat_of_a_billion_rounds_written_out_is_refused_as_it_loads(tmp_path):
    message = refused(tmp_path, "procedure end_of_turn:\n    repeat 1000000000:\n        gain 0\n")
    assert f"{RULES}:2:12: repeat asks for 1,000,000,000 rounds; a repeat runs at most 1,000" in message


@WAYS
def test_a_repeat_of_a_computed_huge_count_stops_at_the_repeat(tmp_path, way):
    rules = """\
        procedure end_of_turn:
            repeat 100000 * 100000:
                gain 0
            draw hand_size - len(you.hand)
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    error = play_until_refused(game)
    assert str(error) == f"{RULES}:2:5: repeat asks for 10,000,000,000 rounds; a repeat runs at most 1,000"


@WAYS
def test_a_repeat_of_three_rounds_still_runs_three(tmp_path, way):
    rules = """\
        action collect "Collect":
            repeat 3:
                gain 2
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    money = game.players[game.to_move].money
    game.play("collect")
    assert game.players[game.history[-1].move.player].money == money + 6


@WAYS
def test_a_repeat_while_that_never_ends_stops_at_the_limit(tmp_path, way):
    rules = """\
        procedure end_of_turn:
            repeat while true:
                gain 0
            draw hand_size - len(you.hand)
        """
    error = play_until_refused(Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1))
    assert str(error) == f"{RULES}:2:5: repeat while ran 1,000 rounds and its condition is still true; a repeat runs at most 1,000"


@WAYS
def test_a_decision_in_each_of_a_thousand_rounds_is_a_rule_error_not_a_recursion_error(tmp_path, way):
    rules = """\
        action spin:
            repeat 1000:
                choose c from [1]
            pay 0
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    before = unchanged(game)
    with pytest.raises(RuleRuntimeError) as error:
        list(game.legal_moves.of("spin"))
    assert str(error.value).startswith(f"{RULES}:2:5: the rule code nests too deeply to run")
    assert unchanged(game) == before


def test_the_generated_repeat_checks_its_count_itself(tmp_path):
    """Not only the interpreter, when the generated code hands over: the generated
    code stops too, before its first round."""
    rules = """\
        action spin:
            repeat 1 if round == 1 else len(you.hand) * 1000000:
                gain 0
        """
    game = Game(loaded(tmp_path, rules), ["a", "b"], seed=1)
    game.state.round = 2  # (this game is thrown away)
    with pytest.raises(RuleRuntimeError, match="rounds; a repeat runs at most 1,000"):
        run_frame(game, game.state.frame, "all", only="spin")


# ----------------------------------------------------------------- 4. choose N


@WAYS
def test_choosing_12_of_every_location_is_refused_before_any_is_listed(tmp_path, way):
    rules = """\
        action spin:
            choose 12 place from locations
            pay 0
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    before = unchanged(game)
    with pytest.raises(RuleRuntimeError) as error:
        list(game.legal_moves.of("spin"))
    assert str(error.value) == f"{RULES}:2:5: choosing 12 of 27 items gives 17,383,860 combinations; a choose may offer at most 10,000"
    assert unchanged(game) == before


@WAYS
def test_choosing_2_of_every_location_still_lists_them_all(tmp_path, way):
    rules = """\
        action spin:
            choose 2 place from locations
            pay 0
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    assert len(list(game.legal_moves.of("spin"))) == 27 * 26 // 2


def test_combinations_are_counted_with_copies_before_any_is_listed():
    limits.check_combinations([8] * 10, 3)  # few ways, whatever C(80, 3)
    with pytest.raises(RuleRuntimeError, match="choosing 12 of 60 items gives more than 10,000 combinations"):
        multisets([n for n in range(30) for _ in range(2)], 12)
    assert len(multisets(list(range(20)), 3)) == 1140


# ------------------------------------------------------------------ 5. ranking


@pytest.mark.parametrize(
    "value, message",
    [
        ("5", f"{RULES}:1:21: 'ranking' must give a list, but this gives a whole number"),
        ('"abc"', f"{RULES}:1:21: 'ranking' must give a list, but this gives text"),
        ("none", f"{RULES}:1:21: 'ranking' must give a list, but this gives none"),
        ("[p.vp, none]", f"{RULES}:1:28: 'ranking' must give a list of numbers, but this item is none"),
    ],
)
def test_a_ranking_that_is_plainly_not_a_list_of_numbers_is_refused_as_it_loads(tmp_path, value, message):
    assert message in refused(tmp_path, f"define ranking(p) = {value}\n")


def test_a_ranking_without_the_player_is_refused(tmp_path):
    assert f"{RULES}:1:1: 'ranking' takes one parameter, the player, not 0" in refused(tmp_path, "define ranking = [1]\n")


def test_a_ranking_that_is_not_a_list_in_play_is_a_rule_error(tmp_path):
    ruleset = loaded(tmp_path, "define ranking(p) = [p.vp] if p.vp > 1000 else p.name\n", base="birmingham-introductory")
    game = Game(ruleset, ["a", "b"], seed=1)
    with pytest.raises(RuleRuntimeError) as error:
        game.playout(random.Random(1), uniform=False)  # which gives the outcome at the end
    assert game.is_over()
    assert str(error.value) == f"{RULES}:1:1: ranking gave 'a' for a; it must be a list of numbers, highest first, such as [p.vp, p.money]"


# ------------------------------------------------------ 6. game_ends_after_era


def test_a_game_that_never_ends_after_its_eras_is_refused_as_it_loads(tmp_path):
    message = refused(tmp_path, "define game_ends_after_era = false\n")
    assert f"{RULES}:1:30: 'game_ends_after_era' is always false, so the game would never end" in message


def test_game_ends_after_era_must_be_true_or_false(tmp_path):
    message = refused(tmp_path, "define game_ends_after_era = 1 if era.is_last else 0\n")
    assert f"{RULES}:1:30: 'game_ends_after_era' must give true or false, but this gives a whole number" in message


@WAYS
def test_game_ends_after_era_false_after_the_last_era_stops_the_last_move(tmp_path, way):
    game = Game(loaded(tmp_path, "define game_ends_after_era = era.index > 5\n", way), ["a", "b"], seed=1)
    rng = random.Random(1)
    refusal = None
    while refusal is None:  # quickly to the last era: the error comes at its end
        before = unchanged(game)
        try:
            game.playout(rng, moves=1, uniform=False)
        except RuleRuntimeError as error:
            refusal = error
    assert str(refusal) == f"{RULES}:1:1: game_ends_after_era is false after the last era, the Rail era; there is no era after it"
    assert unchanged(game) == before
    assert not game.is_over()


def test_an_era_that_never_ends_stops_after_its_round_limit(tmp_path):
    rules = """\
        define era_over = round > 100000
        action wait "Wait":
            pay 0
        """
    game = Game(loaded(tmp_path, rules), ["a", "b"], seed=1)
    with pytest.raises(RuleRuntimeError) as error:
        game.playout(random.Random(1), uniform=False)
    assert str(error.value) == f"{RULES}:1:1: the Canal era has run 200 rounds and era_over is still false; an era runs at most 200 rounds"


# -------------------------------------------------------- 7. huge arithmetic


@WAYS
@pytest.mark.parametrize(
    "expression, message",
    [
        ('"x" * 100000 * 1000000', "this would make a string of 100,000 characters (1 times 100,000); rule arithmetic makes strings of at most 10,000"),
        ("[1, 2] * 6000", "this would make a list of 12,000 items (2 times 6,000); rule arithmetic makes lists of at most 10,000"),
        ('"ab" * 3000 + "ab" * 3000', "this makes a string of 12,000 characters; rule arithmetic makes strings of at most 10,000"),
        (
            "1000000 * 1000000 * 1000000",
            "this gives 1,000,000,000,000,000,000; rule arithmetic keeps whole numbers between -1,000,000,000,000 and 1,000,000,000,000",
        ),
    ],
)
def test_arithmetic_that_makes_a_huge_value_stops_where_it_is_written(tmp_path, way, expression, message):
    rules = f"""\
        procedure end_of_turn:
            let value = {expression}
            draw hand_size - len(you.hand)
        """
    error = play_until_refused(Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1))
    assert str(error) == f"{RULES}:2:17: {message}"


@WAYS
def test_arithmetic_of_ordinary_size_is_as_before(tmp_path, way):
    rules = """\
        define tag = "ab" * 3 + "c"
        define big = 1000000 * 1000000 - 1
        define parts = [1, 2] * 2
        """
    game = Game(loaded(tmp_path, rules, way), ["a", "b"], seed=1)
    assert [game.define(name) for name in ("tag", "big", "parts")] == ["abababc", 10**12 - 1, [1, 2, 1, 2]]


def test_the_generated_arithmetic_checks_sizes_itself(tmp_path):
    rules = """\
        define big = len(deck) * 1000000 * 1000000
        define long = "x" * (len(deck) * 1000)
        """
    game = Game(loaded(tmp_path, rules), ["a", "b"], seed=1)
    for name in ("big", "long"):
        with pytest.raises(RuleRuntimeError, match="rule arithmetic"):
            game.ruleset.fast.defines[name](Search(game, "replay"))


def test_loops_nested_deeper_than_python_allows_run_on_the_interpreter(tmp_path):
    # Python allows 20 loops inside one another in a function; the language allows more.
    loops = "".join("    " * (depth + 1) + f"for p{depth} in [1]:\n" for depth in range(25))
    rules = "procedure end_of_turn:\n" + loops + "    " * 26 + "gain 1\n" + "    draw hand_size - len(you.hand)\n"
    ruleset = loaded(tmp_path, rules)
    declined = f"v: the generated code declines these rules ({RULES}:27:110 (procedure end_of_turn): the generated Python is beyond Python's limits: too many statically nested blocks); they run on the interpreter"
    with pytest.warns(SlowRulesWarning, match=re.escape(declined)):
        game = Game(ruleset, ["a", "b"], seed=1)  # said, never silent: when the first game is made
    assert ruleset.fast is None and game.fast is None
    why = ruleset.untranslatable  # which part, which rule line
    assert why.part == "procedure end_of_turn" and (why.where.file, why.where.line) == (RULES, 27)
    assert why.reason == "the generated Python is beyond Python's limits: too many statically nested blocks"
    mover = game.to_move
    money = game.players[mover].money
    game.push(next(iter(game.legal_moves.of("loan"))))
    assert game.players[mover].money > money


def test_validate_says_when_rules_run_on_the_interpreter(tmp_path, capsys):
    from brass.cli import main

    loops = "".join("    " * (depth + 1) + f"for p{depth} in [1]:\n" for depth in range(25))
    rules = "procedure end_of_turn:\n" + loops + "    " * 26 + "gain 1\n" + "    draw hand_size - len(you.hand)\n"
    assert main(["validate", variant(tmp_path, rules)]) == 0
    out, err = capsys.readouterr()
    # Which part, and where: the procedure and its rule line, then the generator's reason.
    assert re.search(
        r"  note: runs on the interpreter, several times slower: the generated code declines these rules "
        r"\(v/rules/variant\.brass:\d+:\d+ \(procedure end_of_turn\): the generated Python is beyond Python's limits: too many statically nested blocks\)",
        out,
    ), out


# ------------------------------------------------------- the work of one search
# Each construct above is bounded; these bound the total: limits.MAX_STEPS (options
# tried, rounds run) for one search, limits.MAX_MOVES for one listing, and
# checks.MAX_DEFINITION_COST for one use of a definition.
TOO_MUCH = "the rules take more than 100,000 steps (options tried, rounds run) to find the moves here; a real game needs a few thousand: this rule multiplies choices or rounds past what a game can play"
ACTION_HEAD = """\
        action extra "Extra":
            cite "x"
            describe "x"
            choose card from you.hand
            call play_card(card)
"""


@WAYS
def test_three_repeats_of_a_thousand_inside_one_another_stop_where_the_steps_run_out(tmp_path, way):
    rules = ACTION_HEAD + """\
            let n = 0
            repeat 1000:
                repeat 1000:
                    repeat 1000:
                        let n = n + 1
            gain n % 2
        """
    with pytest.raises(limits.TooMuchWork) as error:
        Game(loaded(tmp_path, rules, way), 2, seed=1).count_moves()
    assert str(error.value) == f"{RULES}:9:13: {TOO_MUCH}"


@WAYS
def test_a_repeat_at_least_once_around_a_choice_stops_where_the_steps_run_out(tmp_path, way):
    rules = ACTION_HEAD + """\
            repeat at least 1:
                choose x from [1, 2]
        """
    game = Game(loaded(tmp_path, rules, way), 2, seed=1)
    before = unchanged(game)
    with pytest.raises(limits.TooMuchWork) as error:
        list(game.legal_moves)
    assert str(error.value) == f"{RULES}:6:5: {TOO_MUCH}"
    assert unchanged(game) == before


def test_procedures_whose_choices_multiply_seven_deep_stop_where_the_steps_run_out(tmp_path):
    rules = "".join(f"procedure p{i}():\n    choose x{i} from [1, 2, 3, 4]\n    call p{i + 1}()\n    call p{i + 1}()\n\n" for i in range(7))
    rules += "procedure p7():\n    gain 1\n\n" + textwrap.dedent(ACTION_HEAD) + "    call p0()\n"
    with pytest.raises(limits.TooMuchWork) as error:
        list(Game(loaded(tmp_path, rules), 2, seed=1).legal_moves)
    assert str(error.value).startswith(f"{RULES}:") and str(error.value).endswith(TOO_MUCH)


def test_four_choices_of_a_location_are_counted_but_not_listed(tmp_path):
    rules = ACTION_HEAD + """\
            choose a from locations
            choose b from locations
            choose c from locations
            choose d from locations
        """
    game = Game(loaded(tmp_path, rules), 2, seed=1)
    assert game.count_moves() > 3_000_000  # counted without listing: cheap
    game.uniform_random_move(random.Random(1))  # and drawn from, as bots do
    with pytest.raises(limits.TooMuchWork) as error:
        list(game.legal_moves)
    assert str(error.value).startswith(f"{RULES}:1:1: this position has ")
    assert str(error.value).endswith(" legal moves; a listing holds at most 100,000 (they may be counted, or drawn at random): this rule multiplies choices past what a player can choose from")


def test_validate_plays_the_first_position_and_names_the_rule(tmp_path, capsys):
    from brass.cli import main

    rules = ACTION_HEAD + """\
            repeat at least 1:
                choose x from [1, 2]
        """
    assert main(["validate", variant(tmp_path, rules)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{RULES}:6:5: setting up a game of 2 players and listing its first moves: {TOO_MUCH}")


def test_a_definition_that_would_work_out_millions_is_refused_as_it_loads(tmp_path):
    rules = "define d0(x) = x + 1\n" + "".join(f"define d{i}(x) = d{i - 1}(x) + d{i - 1}(x) + d{i - 1}(x) + d{i - 1}(x)\n" for i in range(1, 14))
    message = refused(tmp_path, rules)
    assert f"{RULES}:10:1: one use of definition 'd9' would work out 349,525 definitions (d8 4 times, each with what it uses); a definition may cost at most 100,000" in message
    assert "'d10'" not in message  # it costs too much because d9 does: d9 is the one to mend


def test_long_definitions_are_called_not_written_out(tmp_path):
    # Eight deep, four uses each: 87,381 definitions a use, under the limit, and far
    # too long to inline everywhere (the generator took minutes at thirteen deep).
    rules = "define d0(x) = x + 1\n" + "".join(f"define d{i}(x) = d{i - 1}(x) + d{i - 1}(x) + d{i - 1}(x) + d{i - 1}(x)\n" for i in range(1, 9))
    rules += textwrap.dedent(ACTION_HEAD) + "    gain d8(0) % 3\n"
    ruleset = loaded(tmp_path, rules)
    assert ruleset.fast is not None and len(ruleset.fast.source) < 2_000_000
    game = Game(ruleset, 2, seed=1)
    assert game.count_moves() > 0

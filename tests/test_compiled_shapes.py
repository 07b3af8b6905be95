"""Rule shapes the shipped rulesets do not use, compiled and interpreted side by side.

The oracle test (tests/test_generated_rules.py) compares the two paths on the
installed rulesets only; a variant may write what they never do. Each case here
adds one action to Birmingham in that shape and compares, at positions of a
seeded game, the legal moves, their count and the state after each of them.
tests/test_rule_fuzz.py does the same for rule programs made at random.
"""

from __future__ import annotations

import random
import textwrap

import pytest

from brass import Game, load_ruleset
from brass.errors import RulesetError
from tests.support.fingerprint import fingerprint
from tests.support.variants import VARIANT


def ruleset_with(tmp_path, rules: str):
    folder = tmp_path / "v"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(VARIANT + "rules: [rules/extra.brass]\n", encoding="utf-8")
    (folder / "rules" / "extra.brass").write_text(textwrap.dedent(rules), encoding="utf-8")
    return load_ruleset(str(folder))


def same_on_both_paths(ruleset, action: str, positions: int = 6, seed: int = 3) -> int:
    """Compare the action's moves on both paths at positions of a seeded game; the moves seen."""
    assert ruleset.fast is not None, ruleset.untranslatable
    fast, reference = Game(ruleset, 2, seed=seed), Game(ruleset, 2, seed=seed)
    reference.fast = None
    rng = random.Random(seed)
    seen = 0
    for _ in range(positions):
        compiled = [(m.notation(), after) for m, after in fast.scored_moves(fingerprint)]
        interpreted = [(m.notation(), after) for m, after in reference.scored_moves(fingerprint)]
        assert [n for n, _ in compiled] == [n for n, _ in interpreted]
        assert compiled == interpreted, "a move leaves another state compiled than interpreted"
        assert fast.count_moves() == reference.count_moves() == len(interpreted)
        seen += sum(1 for n, _ in interpreted if n.startswith(action))
        move = fast.uniform_random_move(rng)
        fast.push(move)
        reference.play(move.notation())
    assert fast.fallbacks == ()
    return seen


# The statements every action here starts with: a card, as every action plays one.
HEAD = """\
    cite "test"
    describe "test"
    choose card from you.hand
    call play_card(card)
"""

SHAPES = {
    # The issue's case: the first way an author writes a conditional cost.
    "let in an if": """
        let cost = 30
        if you.money >= 15:
            let cost = 10
        require you.money >= cost
            else "too poor"
        pay cost
    """,
    "let in elif and else": """
        let cost = 1
        if you.money >= 100:
            let cost = 50
        elif you.money >= 10:
            let cost = 7
        else:
            let cost = 0
        gain cost
    """,
    "let in an if after a choice": """
        let bonus = 0
        choose amount from [1, 2, 3]
        if amount == 2:
            let bonus = 5
        gain amount + bonus
    """,
    "a choice in an if that names a variable from before": """
        let amount = 1
        if you.money > 5:
            choose amount from [2, 3]
        gain amount
    """,
    "let in a for, added up": """
        let total = 0
        for other in you.hand:
            let total = total + 1
        gain total
    """,
    "let in a for with a choice in it": """
        let total = 0
        for step in [1, 2]:
            choose extra from [0, step]
            let total = total + extra
        gain total
    """,
    "a for's variable named like a variable from before": """
        let step = 9
        for step in [1, 2, 3]:
            gain 0
        gain step
    """,
    "let in optionally": """
        let cost = 0
        optionally splurge:
            let cost = 2
        pay cost
    """,
    "let in a repeat, read after it": """
        let total = 0
        repeat 1 to 2:
            choose amount from [1, 4]
            let total = total + amount
        gain total
    """,
    "an if in a loop sets a variable of the loop's": """
        let total = 0
        for step in [1, 2, 3]:
            if step != 2:
                let total = total + step
        gain total
    """,
    "nested ifs": """
        let cost = 0
        if you.money > 1:
            if you.money > 2:
                let cost = 1
            let cost = cost + 1
        pay cost
    """,
    # What each branch of an if must pay is checked before the options are listed
    # (analysis._branch_guard): the branches below are those the guard must get right.
    "a cost in each branch, after a choice": """
        choose amount from [1, 2, 3]
        if amount == 2:
            pay 15
        elif you.money > 100:
            pay 200
        else:
            pay amount * 9
        gain 1
    """,
    "a branch condition that an earlier statement changes": """
        choose amount from [1, 2, 3]
        gain amount
        if you.money >= 19:
            pay 19
        else:
            pay 18
    """,
    "a branch cost computed in the branch": """
        choose amount from [1, 2]
        if amount == 1:
            let cost = you.money + amount
            pay cost
        else:
            pay 3
    """,
    "the same requirement twice, nothing between": """
        require you.money > 0
            else "broke"
        require you.money > 0
            else "still broke"
        choose amount from [1, 2]
        gain amount
    """,
    "as names a variable from before": """
        let earned = 5
        if you.money > 0:
            gain 1 as earned
        if earned == none:
            gain 2
    """,
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_rule_shape_lists_the_same_moves_on_both_paths(tmp_path, shape):
    rules = "action extra \"Extra\":\n" + HEAD + textwrap.indent(textwrap.dedent(SHAPES[shape]).strip("\n"), "    ") + "\n"
    ruleset = ruleset_with(tmp_path, rules)
    assert same_on_both_paths(ruleset, "extra") > 0


def test_the_conditional_cost_of_the_issue_lists_its_moves(tmp_path):
    # Money 17 at the start: the cost is lowered to 10, so each card is a move.
    ruleset = ruleset_with(tmp_path, "action extra \"Extra\":\n" + HEAD + textwrap.indent(textwrap.dedent(SHAPES["let in an if"]).strip("\n"), "    ") + "\n")
    game = Game(ruleset, 2, seed=1)
    assert len(list(game.legal_moves.of("extra"))) == len(set(c.id for c in game.state.players[game.to_move].hand))


# ------------------------------------------------ names that look generated


def test_a_procedure_named_like_a_generated_one_runs_its_own_body(tmp_path):
    # Generated code once named a specialised play_card "P_play_card_185": a
    # procedure of that name ran play_card's body. Every number is tried here.
    procedures = "".join(f"procedure play_card_{n}(card):\n    gain {n % 7 + 1}\n\n" for n in range(1, 400, 7))
    rules = procedures + "action extra \"Extra\":\n" + HEAD + "".join(f"    call play_card_{n}(card)\n" for n in range(1, 400, 7))
    assert same_on_both_paths(ruleset_with(tmp_path, rules), "extra", positions=3) > 0


def test_a_parameter_named_like_a_generated_variable_is_its_own(tmp_path):
    # "n_162" as a parameter and "let n" once became one Python variable.
    params = ", ".join(f"n_{i}" for i in range(1, 300))
    rules = (
        f"procedure spend({params}):\n    let n = 1\n    gain n_1 + n_150 + n_299 + n\n\n"
        "action extra \"Extra\":\n" + HEAD + f"    call spend({', '.join(str(i) for i in range(1, 300))})\n"
    )
    ruleset = ruleset_with(tmp_path, rules)
    assert same_on_both_paths(ruleset, "extra", positions=2) > 0
    game = Game(ruleset, 2, seed=1)
    before = game.state.players[game.to_move].money
    game.play(f"extra card={game.state.players[game.to_move].hand[0].id}")
    assert game.state.players[0 if game.state.players[0].money != 17 else 1].money - before in (1 + 150 + 299 + 1,)


def test_text_that_looks_like_a_generated_name_is_text(tmp_path):
    # The cache of values fixed for the ruleset renamed "word_N" inside strings:
    # len("ab_1") and len("abcdefgh_1") shared one value.
    rules = "action extra \"Extra\":\n" + HEAD + '    gain len("ab_1")\n    score len("abcdefgh_1")\n'
    ruleset = ruleset_with(tmp_path, rules)
    game = Game(ruleset, 2, seed=1)
    player = game.state.players[game.to_move]
    money, vp = player.money, player.vp
    game.play(f"extra card={player.hand[0].id}")
    assert (player.money - money, player.vp - vp) == (4, 10)


@pytest.mark.parametrize("letter, name", [("\u017f", "LATIN SMALL LETTER LONG S"), ("\u212a", "KELVIN SIGN")])
def test_a_name_outside_ascii_is_refused_where_it_stands(tmp_path, letter, name):
    # Python folds these into "s" and "K", and the grammar's case-blind match let them
    # through: every game then crashed while validation said valid.
    with pytest.raises(RulesetError) as error:
        ruleset_with(tmp_path, f"action extra \"Extra\":\n{HEAD}    let co{letter}t = 3\n    gain co{letter}t\n").rules
    message = str(error.value)
    assert "extra.brass:6:" in message
    assert message.endswith(f"A name is written with the letters a-z and A-Z, digits and _; {letter!r} is U+{ord(letter):04X} {name}, not one of them.")

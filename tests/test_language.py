"""The rule language: parsing, compiling, and the messages authors get."""

from __future__ import annotations

from pathlib import Path

import pytest

from brass import load_ruleset
from brass.errors import RuleFileError, RulesetErrors
from brass.language import ast
from brass.language.compiler import compile_rules
from brass.language.parser import parse_rule_file, parse_rules, rule_parser
from brass.language.vocabulary import BUILTINS

RULES = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham" / "rules"


def birmingham_layer():
    return [parse_rule_file(path, f"birmingham/rules/{path.name}") for path in sorted(RULES.glob("*.brass"))]


def compile_over_birmingham(snippet: str):
    """Compile a snippet as a variant layer over Birmingham's rules."""
    return compile_rules([birmingham_layer(), [parse_rules(snippet, "variant.brass")]], BUILTINS, load_ruleset("birmingham").board)


def only_error(snippet: str) -> str:
    with pytest.raises(RulesetErrors) as raised:
        compile_over_birmingham(snippet)
    assert len(raised.value.errors) == 1, str(raised.value)
    return str(raised.value.errors[0])


def syntax_error(snippet: str) -> str:
    with pytest.raises(RuleFileError) as raised:
        parse_rules(snippet, "bad.brass")
    return str(raised.value)


def test_the_parser_is_built_once():
    assert rule_parser() is rule_parser()


def test_the_tree_keeps_file_line_and_column():
    rule_file = parse_rules('set a = 1\n\naction go "Go":\n    cite "p.1"\n    pay a\n', "t.brass")
    action = rule_file.declarations[1]
    assert isinstance(action, ast.Action)
    assert (action.where.file, action.where.line, action.where.column) == ("t.brass", 3, 1)
    command = action.body[1]
    assert isinstance(command, ast.Command) and command.name == "pay"
    assert (command.where.line, command.where.column) == (5, 5)


def test_every_birmingham_rule_file_parses():
    """Every rule file in the folder parses, and the manifest lists each of them."""
    import yaml

    layer = birmingham_layer()
    manifest = yaml.safe_load((RULES.parent / "ruleset.yaml").read_text(encoding="utf-8"))
    assert sorted(f"rules/{path.name}" for path in RULES.glob("*.brass")) == sorted(manifest["rules"])
    assert all(rule_file.declarations for rule_file in layer)


# ---------------------------------------------------------------- syntax errors
def test_syntax_error_an_unfinished_expression():
    assert syntax_error("action x:\n    require a ==\n") == (
        "bad.brass:2:17: unexpected end of line; expected an expression\n"
        "        require a ==\n"
        "                    ^"
    )


def test_syntax_error_a_misspelt_word():
    assert syntax_error("action x:\n    choose card form hand\n") == (
        "bad.brass:2:17: unexpected 'form'; expected \"from\", the end of the line\n"
        "        choose card form hand\n"
        "                    ^"
    )


def test_syntax_error_a_block_without_its_colon():
    assert syntax_error("action x\n    pay 3\n") == (
        "bad.brass:1:9: unexpected end of line; expected a string in double quotes, \":\"\n"
        "    action x\n"
        "            ^\n"
        'A line that opens a block ends with ":".'
    )


def test_syntax_error_single_quotes():
    assert syntax_error("action x:\n    require 'a'\n") == (
        "bad.brass:2:13: unexpected character \"'\"\n"
        "        require 'a'\n"
        "                ^\n"
        'Strings are written in double quotes: "like this".'
    )


def test_syntax_error_a_message_hole_that_is_not_an_expression():
    assert syntax_error('action x:\n    require a else "{a b}"\n') == (
        "bad.brass:2:20: the hole {a b} in this message is not an expression\n"
        '        require a else "{a b}"\n'
        "                       ^\n"
        "Inside a message, {...} holds an expression such as {location.name}; write {{ for a literal brace. (UnexpectedToken)"
    )


# ---------------------------------------------------------------- compile errors
def test_unknown_name_suggests_the_close_one():
    assert only_error("action a:\n    choose card from you.hand\n    pay car.cost\n") == (
        "variant.brass:3:9: unknown name 'car'\n        pay car.cost\n            ^\nDid you mean 'card'?"
    )


def test_unknown_keyword_suggests_the_close_one():
    assert only_error("action a:\n    payy 3\n") == "variant.brass:2:5: unknown keyword 'payy'\n        payy 3\n        ^\nDid you mean 'pay'?"


def test_a_keyword_with_wrong_arguments_shows_its_use():
    assert only_error("action a:\n    pay 3, 4, 5\n") == (
        "variant.brass:2:5: 'pay' is used wrongly: too many positional arguments\n"
        "        pay 3, 4, 5\n        ^\nUse: pay amount, player=None"
    )


def test_unknown_function():
    assert only_error("action a:\n    let x = lenn(you.hand)\n") == (
        "variant.brass:2:13: unknown function 'lenn'\n        let x = lenn(you.hand)\n                ^\nDid you mean 'len'?"
    )


def test_division_must_round_down():
    assert only_error("action a:\n    let x = 3 / 2\n") == (
        "variant.brass:2:13: '/' is not allowed: Brass rounds down\n"
        "        let x = 3 / 2\n                ^\n"
        "Write '//' for division rounded down, as the rulebook's halves are."
    )


def test_a_stoppable_repeat_begins_with_a_choose():
    assert only_error("action a:\n    repeat 1 to 2:\n        pay 1\n") == (
        "variant.brass:2:5: a repeat that the player may stop must begin with a choose\n"
        "        repeat 1 to 2:\n        ^\n"
        "Its first decision is how a move shows each further round (e.g. 'tile=...')."
    )


def test_unknown_event():
    assert only_error("on emptyed(tile):\n    pay 1\n") == (
        "variant.brass:1:1: unknown event 'emptyed'\n    on emptyed(tile):\n    ^\nDid you mean 'emptied'?"
    )


def test_a_procedure_called_as_a_keyword():
    assert only_error("action a:\n    flip you\n") == (
        "variant.brass:2:5: unknown keyword 'flip'\n        flip you\n        ^\n'flip' is a procedure: write 'call flip(...)'."
    )


def test_a_clause_that_does_not_belong():
    assert only_error("action a:\n    require you.money > 3 where 1\n") == (
        "variant.brass:2:27: 'where' is not allowed on require\n"
        "        require you.money > 3 where 1\n"
        "                              ^\n"
        'A require takes one clause: else "message".'
    )


def test_twice_in_one_layer_is_an_error_but_a_later_layer_replaces():
    with pytest.raises(RulesetErrors) as raised:
        compile_rules([[parse_rules("set a = 1\nset a = 2\n", "one.brass")]], BUILTINS, load_ruleset("birmingham").board)
    assert str(raised.value.errors[0]) == (
        "one.brass:2:1: setting 'a' is declared twice\n    set a = 2\n    ^\n"
        "The first is at one.brass:1:1. A variant replaces a rule by declaring it in its own files."
    )
    rules = compile_over_birmingham("set canal_cost = 4\n")
    assert rules.settings["canal_cost"] == 4


def test_every_problem_is_reported_at_once():
    with pytest.raises(RulesetErrors) as raised:
        compile_over_birmingham("action a:\n    payy 3\n    let x = lenn(1)\n\naction b:\n    pay car\n")
    assert [str(e).splitlines()[0] for e in raised.value.errors] == [
        "variant.brass:2:5: unknown keyword 'payy'",
        "variant.brass:6:9: unknown name 'car'",
    ]


def test_a_ruleset_without_its_flow_is_told_what_is_missing():
    with pytest.raises(RulesetErrors) as raised:
        compile_rules([[parse_rules("action pass:\n    pay 0\n", "only.brass")]], BUILTINS, load_ruleset("birmingham").board)
    assert [str(e).splitlines()[0] for e in raised.value.errors] == [
        "the rule files declare no procedure 'setup', which the game flow runs",
        "the rule files declare no procedure 'end_of_turn', which the game flow runs",
        "the rule files declare no procedure 'end_of_round', which the game flow runs",
        "the rule files declare no procedure 'end_of_era', which the game flow runs",
        "the rule files declare no definition 'actions_this_turn' (how many actions the player to move takes this turn)",
        "the rule files declare no definition 'era_over' (true at the end of a round when the era ends)",
        "the rule files declare no definition 'ranking' (the list of values players are ranked by at the end, highest first)",
    ]


def test_every_builtin_word_is_documented_with_an_example_that_parses():
    for table in (BUILTINS.keywords, BUILTINS.functions, BUILTINS.names):
        for word in table.values():
            assert word.doc, f"{word.name} has no description"
            assert word.example, f"{word.name} has no example"
            source = word.example if word.example.rstrip().endswith(":") is False else word.example + "\n        pass 0"
            parse_rules(f"action example:\n    {source}\n", f"{word.name}-example.brass")


# ------------------------------------------------------------- score headings
def test_the_score_headings_are_the_rules_own_in_order_of_first_use():
    assert compile_over_birmingham("action a:\n    score 1, heading=\"bonus\"\n").score_headings == ("links", "tiles", "bonus")
    assert load_ruleset("lancashire").rules.score_headings == ("links", "tiles", "money")


def test_a_misspelt_score_heading_is_refused():
    assert only_error('action a:\n    score 1, heading="tiels"\n') == (
        "variant.brass:2:22: the score heading 'tiels' is spelt almost like 'tiles' (used at birmingham/rules/flow.brass:67:55): "
        "they would be two columns of the score breakdown\n"
        '        score 1, heading="tiels"\n                         ^\n'
        'Spell a heading one way wherever it is used (heading="tiles"); two different headings need names less alike.'
    )
    assert "the score heading 'link' is spelt almost like 'links'" in only_error('action a:\n    lose_points 1, heading="link"\n')
    compile_over_birmingham('action a:\n    score 1, heading="canal links"\n    score 1, heading="rail links"\n')  # alike, not too alike


def test_a_score_heading_is_lower_case_words_written_in_the_rule():
    assert only_error('action a:\n    score 1, heading="Tiles"\n') == (
        "variant.brass:2:22: the score heading 'Tiles' is not lower-case words (letters, one space between words)\n"
        '        score 1, heading="Tiles"\n                         ^\nWrite it as heading="tiles".'
    )
    assert only_error('action a:\n    score 1, heading=you.name\n').splitlines()[0] == (
        "variant.brass:2:22: the heading of 'score' must be written in the rule as a string, like heading=\"tiles\""
    )
    assert only_error('action a:\n    score 1, you, "tiles"\n').splitlines()[0] == "variant.brass:2:19: give the heading of 'score' by name"

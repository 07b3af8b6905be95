"""The generated code as a person reads it: each line knows its rule, guards are
written once, and an error inside it names the rule it was running."""

from __future__ import annotations

import re
import traceback

import pytest

from brass import Game, load_ruleset
from brass.language.codegen.search import multisets, run_frame
from brass.language.statements import _multisets as interpreters_multisets


@pytest.fixture(scope="module", params=["birmingham", "lancashire"])
def generated(request):
    return load_ruleset(request.param).fast


def test_every_function_knows_the_rule_it_was_written_for(generated):
    lines = generated.source.splitlines()
    assert len(generated.origins) == len(lines)
    for number, text in enumerate(lines, 1):
        if text.startswith("def ") and not text.startswith(("def KEEP_", "def TILED_")):
            where = generated.rule_line(number)
            assert where is not None, text
            assert where.file.endswith(".brass") and where.line > 0


def test_a_statement_is_traced_to_its_own_line():
    generated = load_ruleset("birmingham").fast
    number = next(n for n, text in enumerate(generated.source.splitlines(), 1) if "KW_build_tile(" in text)
    where = generated.rule_line(number)
    assert where.file.endswith("actions.brass")
    assert where.text.strip().startswith("build_tile industry, slot")


def test_the_annotated_source_explains_itself(generated):
    annotated = generated.annotated()
    assert annotated.startswith("# The Python that brass generates")
    for prefix in ("FA_action", "AA_action", "P_proc", "CONSUME_res", "KW_word", "WHOLE(x)"):
        assert prefix in annotated
    # Each run of lines is headed by its rule, file and line, as a comment.
    assert re.search(r"^ *# rulesets/\w+/rules/actions\.brass:\d+  choose card from you\.hand$", annotated, re.M)
    # Comments only: the annotated source is the same program.
    code = [line for line in annotated.splitlines() if not line.lstrip().startswith("#")]
    assert code == generated.source.splitlines()


def test_an_error_inside_generated_code_names_the_rule_line():
    game = Game("birmingham", 2, seed=3)
    namespace = game.ruleset.fast.fast_actions["build"].__globals__
    kept = namespace["KW_build_tile"]

    def broken(*args, **kwargs):
        raise ValueError("a keyword that breaks")

    namespace["KW_build_tile"] = broken
    try:
        with pytest.raises(ValueError) as raised:
            run_frame(game, game.state.frame, "all", only="build")
    finally:
        namespace["KW_build_tile"] = kept
    shown = "".join(traceback.format_exception(raised.value))
    assert re.search(r"in the generated code of rulesets/birmingham/rules/actions\.brass:\d+: build_tile industry, slot as built", shown)


def test_no_guard_is_written_twice_in_a_row():
    source = load_ruleset("birmingham").fast.source
    scout = source[source.index("def FA_scout(S):") :].split("\ndef ", 1)[0]
    assert scout.count(".pile for ") == 1  # "you cannot scout while you hold a wild card", once
    network = source[source.index("def FA_network(S):") :].split("\ndef ", 1)[0]
    assert network.count("(YOU).money >= (5)") == 1


def test_a_cost_in_each_branch_is_checked_before_listing_options():
    source = load_ruleset("birmingham").fast.source
    network = source[source.index("def FA_network(S):") :].split("\ndef ", 1)[0]
    body = network.split("\n", 2)[2]  # after the header and the prologue
    guard = body[: body.index("): return")]  # the first statement: canal £3, else rail £5
    assert "money >= (3)" in guard and "money >= (5)" in guard and "'canal'" in guard


def test_actions_that_start_alike_share_one_deferred_card():
    source = load_ruleset("birmingham").fast.source
    keys = set(re.findall(r"S\.remembered\((CONST\[\d+\]), 'card'\)", source))
    assert len(keys) == 1  # network, develop, sell, loan and pass: choose a card, play it


@pytest.mark.parametrize("expanded", [True, False])
def test_multisets_come_in_the_interpreters_order(monkeypatch, expanded):
    import random

    from brass.language.codegen import search

    if not expanded:
        monkeypatch.setattr(search, "_EXPANDED_COMBINATIONS", 0)
    rng = random.Random(5)
    for _ in range(400):
        items = [rng.choice("abcde") for _ in range(rng.randrange(9))]
        count = rng.randrange(5)
        assert multisets(items, count) == interpreters_multisets(items, count), (items, count)


@pytest.mark.parametrize("name", ["birmingham", "lancashire"])
def test_generated_lines_are_short_enough_to_read(name):
    """Long expressions are broken inside their brackets (codegen.source.wrapped): no
    line runs on for hundreds of characters, and arithmetic is checked by a short call."""
    source = load_ruleset(name).fast.source
    lines = source.splitlines()
    assert max(len(line) for line in lines) <= 130
    assert sum(len(line) > 100 for line in lines) <= len(lines) // 100
    assert ":= " not in "".join(line for line in lines if "WHOLE(" in line)  # no walrus around a bounds check


def test_a_long_line_is_broken_where_python_reads_it_as_one():
    from brass.language.codegen.source import wrapped

    line = "x = [" + ", ".join(f"item_{i} if flag_{i} else other_{i}" for i in range(12)) + "]"
    parts = wrapped(line, 60)
    assert len(parts) > 2 and all(len(part) <= 60 for part in parts)
    namespace = {f"item_{i}": i for i in range(12)} | {f"other_{i}": -i for i in range(12)} | {f"flag_{i}": i % 2 for i in range(12)}
    exec("\n".join(parts), namespace)
    assert namespace["x"] == [i if i % 2 else -i for i in range(12)]
    assert wrapped("short = 1", 60) == ["short = 1"]
    assert wrapped("# " + "a very long comment " * 10, 60) == ["# " + "a very long comment " * 10]

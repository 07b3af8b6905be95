"""Every example of the language reference runs.

Each keyword, function and name of the engine's vocabulary, and each statement
form the reference shows, has an example written in the language. Here every
example becomes an action of a variant and is played in a small position; it
must run to completion in at least one of the two editions (some words need a
part only one edition has, such as wild cards or the distant market).
"""

from __future__ import annotations

import re
import textwrap

import pytest

from brass import Game, load_ruleset
from brass.errors import RuleRuntimeError, RulesetErrors
from brass.language.vocabulary import BUILTINS
from brass.sphinxext import DECLARATIONS, STATEMENTS

POSITIONS = {
    "birmingham": {
        "era": "canal",
        "round": 2,
        "turn_order": [0, 1],
        "players": [
            {"money": 40, "income_level": 3, "vp": 5, "hand": ["leek", "iron", "stone"], "discard": []},
            {"money": 40, "income_level": 0, "hand": ["stafford"], "discard": []},
        ],
        "tiles": [{"space": "dudley.0", "owner": 0, "industry": "coal", "level": 1, "cubes": {"coal": 2}}],
        "links": [{"line": "birmingham--dudley", "owner": 0}],
        "markets": {"coal": 10},
    },
    "lancashire": {
        "era": "canal",
        "round": 2,
        "turn_order": [0, 1],
        "players": [
            {"money": 40, "income_level": 3, "vp": 5, "hand": ["bolton", "iron", "bury"], "discard": []},
            {"money": 40, "income_level": 0, "hand": ["oldham"], "discard": []},
        ],
        "tiles": [{"space": "wigan.0", "owner": 0, "industry": "coal", "level": 1, "cubes": {"coal": 2}}],
        "links": [{"line": "blackburn--wigan", "owner": 0, "kind": "canal"}],
        "markets": {"coal": 6},
    },
}


def examples() -> list:
    found = []
    for table in (BUILTINS.keywords, BUILTINS.functions, BUILTINS.names):
        for name in sorted(table):
            found.append((f"{table[name].kind} {name}", table[name].example))
    for form, _, example in STATEMENTS:
        found.append((f"statement {form}", example))
    return found


def variant(tmp_path, base: str, snippets: list, left_out: set) -> tuple:
    """A variant with one action per example; returns its folder and each action's first line."""
    folder = tmp_path / f"examples-{base}-{len(left_out)}"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(f'name: examples-{base}\ntitle: "Examples"\nversion: "0.0.1"\nbase: {base}\nrules: [rules/examples.brass]\n')
    body = []
    starts = {}
    line = 1
    for number, (_, example) in enumerate(snippets):
        if number in left_out:
            continue
        text = f"action example_{number}:\n    {example}\n"
        starts[number] = line
        body.append(text)
        line += text.count("\n") + 1
    (folder / "rules" / "examples.brass").write_text("\n".join(body))
    return str(folder), starts


def compiled(tmp, base: str, snippets: list):
    """The variant of every example that compiles in this edition (some need the other's data)."""
    left_out: set = set()
    while True:
        folder, starts = variant(tmp, base, snippets, left_out)
        try:
            return load_ruleset(folder, trust=True), left_out
        except RulesetErrors as errors:
            lines = [e.where.line for e in errors.errors if getattr(e, "where", None) is not None]
            assert lines, str(errors)
            for bad in lines:
                left_out.add(max(n for n, start in starts.items() if start <= bad))


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("language-examples")
    snippets = examples()
    loaded = {base: compiled(tmp, base, snippets) for base in POSITIONS}
    return snippets, loaded


def runs(loaded, base: str, number: int) -> str:
    """'ran' if the example completes in some way, else why not."""
    ruleset, left_out = loaded
    if number in left_out:
        return "does not compile here (a name this edition lacks)"
    game = Game(ruleset, 2, seed=1)
    game.set_position(POSITIONS[base], any_cards=True)  # a laboratory position: any card
    try:
        move = next(iter(game.legal_moves.of(f"example_{number}")), None)
    except RuleRuntimeError as error:  # it needs a part this edition lacks
        return f"error: {error}"
    return "ran" if move is not None else "no legal way to complete it here"


# The generated code runs every example as the interpreter does: an example that made it
# hand over (a KeyError for a pile this edition lacks, once) fails here.
@pytest.mark.filterwarnings("error::brass.errors.SlowRulesWarning")
@pytest.mark.parametrize("index", range(len(examples())), ids=[e[0] for e in examples()])
def test_every_example_runs(games, index):
    snippets, loaded = games
    results = {base: runs(pair, base, index) for base, pair in loaded.items()}
    assert "ran" in results.values(), f"{snippets[index][0]}: {snippets[index][1]!r} runs nowhere: {results}"


@pytest.mark.parametrize("form, text, example", DECLARATIONS, ids=[d[0] for d in DECLARATIONS])
def test_every_declaration_example_compiles_into_a_playable_variant(tmp_path, form, text, example):
    folder = tmp_path / "declaration"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text('name: declaration\ntitle: "Declaration"\nversion: "0.0.1"\nbase: birmingham\nrules: [rules/example.brass]\n')
    (folder / "rules" / "example.brass").write_text(textwrap.dedent(example) + "\n")
    game = Game(load_ruleset(str(folder), trust=True), 2, seed=1)
    assert game.legal_moves.count() > 0


@pytest.mark.parametrize("generated", [True, False], ids=["generated", "interpreted"])
def test_a_pile_this_edition_lacks_is_a_rule_error_naming_the_piles_it_has(games, generated):
    snippets, loaded = games
    number = next(n for n, (name, _) in enumerate(snippets) if name == "function pile_size")
    ruleset, _ = loaded["lancashire"]
    game = Game(ruleset, 2, seed=1)
    game.set_position(POSITIONS["lancashire"], any_cards=True)
    if not generated:
        game.fast = None
    with pytest.raises(RuleRuntimeError) as error:
        next(iter(game.legal_moves.of(f"example_{number}")), None)
    # Located in the rule file on both paths: file, line and column.
    assert re.search(r"/examples\.brass:\d+:\d+: there is no face-up pile 'wild-location'; face-up piles: none$", str(error.value)), str(error.value)
    assert not any(fallback.code_fault for fallback in game.fallbacks)  # the rules' error, not the generator's

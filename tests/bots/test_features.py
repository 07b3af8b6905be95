"""The judge's features: read from the rules, the written heuristic inside them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from brass.bots import make_bot
from brass.bots.evaluation import heuristic
from brass.bots.features import NAMES, PRIOR, SIZE, features, phase
from brass.game import Game

EDITION_WORDS = re.compile(r"birmingham|lancashire|cotton|pottery|brewery|beer|merchant|shipyard|\bport\b|\bcoal\b|\biron\b", re.I)


def _played(ruleset: str, players: int, moves: int, seed: int = 3) -> list:
    game = Game(ruleset, players, seed=seed)
    bot = make_bot("greedy", seed)
    positions = []
    for _ in range(moves):
        if game.is_over():
            break
        game.push(bot.choose(game))
        positions.append(game.copy())
    return positions


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_weighed_by_the_prior_a_row_is_the_written_heuristic(ruleset):
    for game in _played(ruleset, 3, 60)[::6]:
        rows = features(game).rows(game)
        expected = heuristic(game).values(game)
        assert len(rows) == 3 and all(len(row) == SIZE for row in rows)
        for player, row in zip(game.state.players, rows):
            assert player.vp + sum(w * x for w, x in zip(PRIOR, row)) == pytest.approx(expected[player.index], abs=1e-9)


def test_a_row_says_what_a_player_holds():
    game = _played("birmingham", 2, 30)[-1]
    rows = features(game).rows(game)
    index = {name: i for i, name in enumerate(NAMES)}
    for player, row in zip(game.state.players, rows):
        mine = [t for t in game.state.slot_tiles if t is not None and t.owner == player.index]
        assert row[index["tiles"]] == len(mine)
        assert row[index["flipped_vp"]] == sum(t.type.fields.get("vp", 0) for t in mine if t.flipped)
        assert row[index["links"]] == sum(1 for k in game.state.line_links if k is not None and k.owner == player.index)
        money = player.money
        assert row[index["money_first"]] + row[index["money_next"]] + row[index["money_hoard"]] == max(money, 0)
        assert row[index["bias"]] == 1.0


def test_the_phase_runs_from_one_to_nothing_in_each_era():
    game = Game("birmingham", 2, seed=5)
    assert phase(game) == (0, pytest.approx(1.0, abs=0.2))
    bot = make_bot("quick", 5)
    seen = []
    while not game.is_over():
        seen.append(phase(game))
        game.push(bot.choose(game))
    eras = sorted({era for era, _ in seen})
    assert eras == [0, 1]
    for era in eras:
        left = [share for e, share in seen if e == era]
        assert left == sorted(left, reverse=True) and min(left) < 0.1 and max(left) > 0.7


def _code_lines(path: Path) -> list:
    """(line number, text) of a module's code: its comments and docstrings left out
    (they may name an edition to explain; the code may not)."""
    import ast
    import io
    import tokenize

    source = path.read_text(encoding="utf-8")
    skipped = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(node, clean=False) is not None:
            first = node.body[0]
            skipped.update(range(first.lineno, first.end_lineno + 1))
    lines = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE) or token.start[0] in skipped:
            continue
        lines.setdefault(token.start[0], []).append(token.string)
    return [(number, " ".join(words)) for number, words in sorted(lines.items())]


def test_the_bots_hold_no_edition_facts():
    # The brief: no edition's names in engine code; the bots read them from the rules.
    for path in sorted(Path(__file__).parents[2].joinpath("engine", "bots").glob("*.py")):
        for number, code in _code_lines(path):
            assert not EDITION_WORDS.search(code), f"{path.name}:{number}: {code}"


def test_the_check_finds_an_edition_word_in_code(tmp_path):
    module = tmp_path / "module.py"
    module.write_text('"""Judges a cotton mill (a docstring may say so)."""\n# so may a comment: cotton\nKIND = "cotton"\n', encoding="utf-8")
    found = [number for number, code in _code_lines(module) if EDITION_WORDS.search(code)]
    assert found == [3]

"""Checking a ruleset whole: loading it (data, rule files, plugin), then setting up a
game of each player count and listing its first moves, so that a rule that loads
but cannot run is found by ``brass validate``, not at the table. Above the game
wing (it plays), where :mod:`brass.ruleset`, which finds and loads rulesets, is below it.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Optional

from . import data as data_module
from .errors import RuleRuntimeError, RulesetError, RulesetErrors, SlowRulesWarning
from .game import Game
from .ruleset import MANIFEST, _Loader, nested_variants, shown


def check_ruleset(name_or_path: str, trust: bool = False, bases: Optional[dict] = None) -> list[RulesetError]:
    """Every problem of a ruleset, as a list (empty if it is valid); ``trust`` as for
    load_ruleset. ``bases`` maps a base's name to the folder to take it from (a
    nested variant is checked over the folder it sits in, not the installed base)."""
    return _checked(name_or_path, trust, bases)[1]


def _checked(name_or_path: str, trust: bool = False, bases: Optional[dict] = None):
    """(the ruleset or None, its problems)."""
    try:
        ruleset = _Loader(trust, bases).load(name_or_path)
    except RulesetErrors as errors:
        return None, _flatten(errors.errors)
    except RulesetError as error:
        return None, [error]
    problems = _first_positions(ruleset)
    return (None if problems else ruleset), problems


def _first_positions(ruleset) -> list:
    """What goes wrong when the rules set up a game of each player count and list its
    first moves: a rule that loads but cannot run (a limit of brass.language.limits
    passed, a value of the wrong kind), found by validation rather than at the table."""
    problems = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SlowRulesWarning)  # validate says it in its own words
        ruleset.fast  # noqa: B018
    for players in ruleset.players:
        try:
            game = Game(ruleset, players, seed=1)
            for _ in game.legal_moves:
                pass
        except RuleRuntimeError as error:
            problems.append(RuleRuntimeError(f"setting up a game of {players} players and listing its first moves: {error.message}", error.where))
            break  # the same rule fails alike for the other counts
    return problems


def check_with_variants(name_or_path: str, trust: bool = False) -> list[tuple]:
    """A ruleset, then each nested variant (see nested_variants), as (what it is
    called: its folder's name or the name given; the path or name it was checked by;
    the loaded ruleset, or None; its problems). A variant is checked over the folder
    it sits in, even where a ruleset of its base's name is installed."""
    folder, variants = nested_variants(name_or_path, trust)
    results = [((folder.name if folder is not None and Path(name_or_path).is_dir() else name_or_path), name_or_path, *_checked(name_or_path, trust))]
    if not variants:
        return results
    try:
        name = data_module.YamlFile(data_module.inside(folder, MANIFEST), MANIFEST).data.get("name")
    except (data_module.FileProblem, AttributeError):
        name = None
    bases = {name: folder} if isinstance(name, str) else {}
    for variant in variants:
        results.append((variant.name, shown(variant), *_checked(str(variant), trust, bases)))
    return results


def _flatten(errors) -> list:
    result = []
    for error in errors:
        if isinstance(error, RulesetErrors):
            result.extend(_flatten(error.errors))
        else:
            result.append(error)
    return result

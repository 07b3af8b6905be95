"""Brass: Birmingham, as a ruleset of the Brass rules engine.

The rules are in ``rules/*.brass`` and the facts in ``data/*.yaml``. This module
holds the hooks for what the rule language does not say: checks of the data
that no schema can express, and how a merchant space reads on the board.
"""

from __future__ import annotations

from brass import hookimpl
from brass.errors import DataProblem


@hookimpl
def brass_check_ruleset(ruleset):
    """Merchant tiles must buy industries that exist."""
    industries = {industry.id for industry in ruleset.board.industries}
    problems = []
    for token in ruleset.board.tokens.get("merchant_tiles", ()):
        for good in token.fields.get("goods", []):
            if good not in industries:
                problems.append(
                    DataProblem("birmingham/data/tokens.yaml", f"pools[merchant_tiles].tokens[{token.id}].goods", f"unknown industry {good!r}")
                )
    return problems


@hookimpl
def brass_describe_space(game, space):
    """A merchant space: what its tile buys, and whether its beer is there."""
    if space.token is None:
        return None
    goods = space.token.fields.get("goods", [])
    if not goods:
        return "blank merchant tile"
    names = {i.id: i.name for i in game.board.industries}
    beer = " + beer" if space.cubes.get("beer") else ""
    return "buys " + ", ".join(names.get(g, g) for g in goods) + beer

"""Brass: Lancashire (Roxley, 2018), as a ruleset of the Brass rules engine.

The rules are in ``rules/*.brass`` and the facts in ``data/*.yaml``. This module
holds the hooks for what the rule language does not say: how the distant cotton
market and the deck tile read on the table, and checks of the market's data.
"""

from __future__ import annotations

from brass import hookimpl
from brass.errors import DataProblem


@hookimpl
def brass_status_lines(game):
    state = game.state
    market = game.board.pools["distant_market"]
    marker = state.counters.get("market_marker", 1)
    track = market["track"]
    if marker >= market["closed_at"]:
        where = "on the X: closed"
    else:
        where = f"on position {marker} (a sale there gains {track[marker - 1]} income spaces)"
    left = len(state.token_piles["distant_market"])
    lines = [f"Distant cotton market: marker {where}; {left} tile(s) face down"]
    beneath = state.counters.get("beneath_deck_tile", 0)
    above = max(0, len(state.deck) - beneath)
    if not game.rules.settings.get("deck_tile", True):
        lines.append(f"Draw deck: {above} card(s) to draw, {beneath} set aside")
    elif state.era.id == "canal":
        lines.append(f"Deck tile (Stephenson's Rocket): {above} card(s) above, {beneath} beneath, unused this era")
    else:
        revealed = state.counters.get("deck_tile_revealed", 0)
        if not revealed:
            lines.append(f"Deck tile (Nathan Rothschild): {above} card(s) above, {beneath} beneath")
        elif state.round <= revealed + 1:
            lines.append(f"Deck tile revealed in round {revealed}: round {revealed + 1} is the last with loans")
        else:
            lines.append("Deck tile turned to Stephenson's Rocket: no more loans")
    return lines


@hookimpl
def brass_check_ruleset(ruleset):
    """The market track must give an income for every position above the X."""
    pool = ruleset.board.pools.get("distant_market")
    if pool is None:
        return [DataProblem("lancashire/data/tokens.yaml", "pools", "the distant_market pool is missing")]
    problems = []
    if len(pool.get("track", [])) != pool.get("closed_at", 0) - 1:
        problems.append(
            DataProblem("lancashire/data/tokens.yaml", "pools[distant_market].track", "one income per position above the X is needed")
        )
    return problems

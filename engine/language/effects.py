"""What rule code reads and changes: the parts of the game state, by name.

The code generator (:mod:`brass.language.codegen`) moves rule code around
only where this says it is safe: a choice nothing later reads may be counted
instead of explored, and a condition may be checked before the choices above
it when nothing in between changes what it reads. So every word of the
language says which *regions* of the state it reads and which it writes.

A word that says nothing is assumed to read and write everything: a ruleset's
own words are always right, just not reordered. Declaring them (``reads=``,
``writes=`` on the vocabulary's decorators) lets the compiler do more.
"""

from __future__ import annotations

CARDS = "cards"  # hands, discard piles, the draw deck, face-up piles
MONEY = "money"  # players' money, money spent this round, the bank
INCOME = "income"  # income markers
VP = "vp"  # victory points
MATS = "mats"  # tiles left on player mats, tiles out of the game
TILES = "tiles"  # industry tiles on the board, flipped or not
LINKS = "links"  # link tiles on the board
CUBES = "cubes"  # cubes and barrels on tiles and spaces, markets, the supply
TOKENS = "tokens"  # tokens dealt to spaces, face-down token piles
COUNTERS = "counters"  # counters the rules keep
FLOW = "flow"  # turn order, round, era, actions of the turn
FIELDS = "fields"  # counters a ruleset keeps per player
CHANCE = "chance"  # the record of shuffles

EVERYTHING = frozenset({CARDS, MONEY, INCOME, VP, MATS, TILES, LINKS, CUBES, TOKENS, COUNTERS, FLOW, FIELDS, CHANCE})
NOTHING = frozenset()


def regions(spec) -> frozenset:
    """Normalise a declaration: None (unknown: everything), a name, or names."""
    if spec is None:
        return EVERYTHING
    if isinstance(spec, str):
        spec = (spec,)
    found = frozenset(spec)
    unknown = found - EVERYTHING
    if unknown:
        raise ValueError(f"unknown state regions {sorted(unknown)}; regions: {', '.join(sorted(EVERYTHING))}")
    return found

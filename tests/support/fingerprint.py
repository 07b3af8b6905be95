"""A game state as plain values, for comparing two runs of the same rules.

It is taken after every legal move of thousands of positions, so it is written
to be quick. Board objects (cards, tile types, tokens) are kept as they are:
two games of one loaded ruleset share them, and they compare by identity.
"""

from __future__ import annotations


def _items(mapping) -> tuple:
    return tuple(sorted(mapping.items())) if len(mapping) > 1 else tuple(mapping.items())


def fingerprint(game) -> tuple:
    """Everything the rules can see or change, without journal positions or caches."""
    state = game.state
    players = tuple(
        (p.money, p.income_space, p.vp, p.spent, tuple(p.hand), tuple(p.discard), _items(p.mat), _items(p.fields))
        for p in state.players
    )
    tiles = tuple(
        (t.slot, t.type, t.owner, t.flipped, tuple(sorted(t.cubes.items())) if len(t.cubes) > 1 else tuple(t.cubes.items()), t.era)
        for t in filter(None, state.slot_tiles)
    )
    links = tuple((link.line, link.owner, link.kind) for link in filter(None, state.line_links))
    spaces = tuple((s.token, tuple(sorted(s.cubes.items())) if len(s.cubes) > 1 else tuple(s.cubes.items())) for s in state.spaces)
    frame = state.frame
    if frame is not None:
        frame = (frame.kind, frame.name, frame.you, tuple(frame.script), frame.waiting, frame.then, frame.args, frame.partial, frame.reveals)
    return (
        players,
        tiles,
        links,
        spaces,
        _items(state.markets),
        tuple(state.deck),
        _items(state.piles),
        tuple((pool, tuple(pile)) for pool, pile in sorted(state.token_piles.items())),
        _items(state.counters),
        tuple(state.box),
        state.bank,
        _items(state.supply),
        (state.era_index, state.round, state.turn_index, state.actions_left, state.actions_taken, state.phase),
        tuple(state.turn_order),
        tuple(state.chance_log),
        tuple(state.scored),
        frame,
    )

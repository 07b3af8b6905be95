"""A game state as plain values, for comparing two runs of the same rules."""

from __future__ import annotations


def _items(mapping) -> tuple:
    return tuple(sorted(mapping.items()))


def fingerprint(game) -> tuple:
    """Everything the rules can see or change, without journal positions or caches."""
    state = game.state
    players = tuple(
        (p.money, p.income_space, p.vp, p.spent, tuple(c.id for c in p.hand), tuple(c.id for c in p.discard), _items(p.mat), _items(p.fields))
        for p in state.players
    )
    tiles = tuple(None if t is None else (t.type.id, t.owner, t.flipped, _items(t.cubes), t.era) for t in state.slot_tiles)
    links = tuple(None if link is None else (link.owner, link.kind) for link in state.line_links)
    spaces = tuple((s.token.id if s.token is not None else None, _items(s.cubes)) for s in state.spaces)
    frame = state.frame
    if frame is not None:
        frame = (frame.kind, frame.name, frame.you, tuple(frame.script), frame.waiting, frame.then, frame.args, frame.partial, frame.reveals)
    return (
        players,
        tiles,
        links,
        spaces,
        _items(state.markets),
        tuple(c.id for c in state.deck),
        _items(state.piles),
        tuple((pool, tuple(t.id for t in pile)) for pool, pile in sorted(state.token_piles.items())),
        _items(state.counters),
        tuple((owner, tile.id) for owner, tile in state.box),
        state.bank,
        _items(state.supply),
        (state.era_index, state.round, state.turn_index, state.actions_left, state.actions_taken, state.phase),
        tuple(state.turn_order),
        tuple(state.chance_log),
        frame,
    )

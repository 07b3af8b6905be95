"""A game as one seat might believe it to be: hidden information dealt anew.

A bot that searches must not read what its seat cannot see. :func:`determinize`
copies the game and deals everything hidden from that seat afresh: the other
players' hands, the order of the draw deck, cards laid face down, the face-down
token piles (such as Lancashire's distant-market tiles) and the seed future
shuffles draw from. The unseen items are gathered, sorted canonically (by id),
and shuffled by the bot's own random stream, so the copy depends only on what
the seat sees (``game.view(seat)``) and on that stream, never on the real deal.
"""

from __future__ import annotations

import random

from ..game import Game


def _key(item) -> str:
    return str(getattr(item, "id", item))


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which what ``seat`` cannot see is redealt by ``rng``."""
    copy = game.copy()
    state = copy.state
    unseen = list(state.deck)
    holders = []  # (list, start, size): where unseen cards go back
    for p in state.players:
        face_down = p.fields.get("face_down", 0)
        if face_down:
            unseen.extend(p.discard[:face_down])
            holders.append((p.discard, 0, face_down))
        if p.index == seat:
            p.hand.sort(key=_key)  # its order is not part of what the seat knows
        else:
            unseen.extend(p.hand)
            holders.append((p.hand, 0, len(p.hand)))
    unseen.sort(key=_key)
    rng.shuffle(unseen)
    dealt = 0
    for target, start, size in holders:
        target[start:start + size] = unseen[dealt:dealt + size]
        dealt += size
    state.deck[:] = unseen[dealt:]
    for pool in sorted(state.token_piles):
        pile = state.token_piles[pool]
        pile.sort(key=_key)
        rng.shuffle(pile)
    copy.seed = rng.randrange(2**31)  # the shuffles still to come are unknown too
    copy.chance = {}
    return copy

"""What each page is sent: one seat's view of its table, or an onlooker's.

Every message to a browser is made here. A seat gets its own
:func:`brass.view.player_view` (its hand, the other hands' sizes), the board
drawn for it, the log in words, and, on its move, the legal moves with their
words. An onlooker gets what everyone may see: no hand, no moves. Nothing
else about the game is sent: no deck, no seed, no other seat's token (a record
holds the seed, from which the deck follows, so a record is sent only when the
game is over or to the only person at the table).

A message is built once per change of its table and seat and then shared by
every connection showing it (a seat open in many tabs costs one).
"""

from __future__ import annotations

import time
from typing import Optional

from ..explain.moves import card_words, value_words
from ..svg import board_svg
from .scores import breakdown
from .sheet import sheet_of
from .table import HUMAN, Table

CHAT_SENT = 60  # lines of chat a page is sent with the table


def seat_message(table: Table, seat: Optional[int]) -> dict:
    """Everything one seat's page shows (``seat`` None: an onlooker's), as it may see it.
    Built once per change and seat; the clock's seconds are filled in when sent."""
    with table.lock:
        key = (table.revision, seat)
        cache = getattr(table, "_messages", None)
        if cache is None or cache[0] != table.revision:
            cache = table._messages = (table.revision, {})
        message = cache[1].get(key)
        if message is None:
            message = cache[1][key] = _build(table, seat)
        left = max(0.0, table.deadline - time.time()) if table.deadline else None
        thinking_for = time.time() - table.thinking_since if table.thinking is not None else None
    return {**message, "clock_left": left, "thinking_for": thinking_for}


def _build(table: Table, seat: Optional[int]) -> dict:
    game = table.game
    over = game.is_over()
    yours = seat is not None and not over and game.to_move == seat
    frame = game.state.frame
    choosing_action = yours and frame.kind == "action" and not frame.script
    return {
        "type": "state",
        "game": table.id,
        "version": table.version,
        "seat": seat,
        "title": game.ruleset.title,
        "ruleset": game.ruleset.name,
        "seats": [
            {"seat": i, "name": p.name, "kind": kind, "claimed": table.claimed[i]}
            for i, (p, kind) in enumerate(zip(game.players, table.seats))
        ],
        "view": game.view(seat),
        "svg": _map(table),
        "sheet": sheet_of(game.ruleset),
        "log": list(table.log),
        "your_turn": yours,
        "waiting_in": _waiting_in(game),
        "thinking": table.thinking,
        "trouble": table.trouble,
        "notice": table.notice,
        "can_undo": yours and table.can_undo(seat),
        "can_save": seat is not None and _may_save(table, seat),
        **_moves(game, yours),
        "actions": [{"id": a.name, "title": a.title} for a in game.rules.actions.values()] if choosing_action else [],
        "outcome": _outcome(table) if over else None,
        "chat": table.chat[-CHAT_SENT:],
        "clock": table.clock,
        "watch": f"/watch/{table.watch}" if seat is not None else None,
        "rematch": _rematch(table, seat),
        "hand": _hand(game, seat),
    }


def _map(table: Table) -> str:
    """The map, drawn once per change for every seat: it shows only what all may see."""
    kept = getattr(table, "_map", None)
    if kept is None or kept[0] != table.revision:
        kept = table._map = (table.revision, board_svg(table.game, None, panel=False))
    return kept[1]


def _waiting_in(game) -> Optional[str]:
    """The procedure a move is asked in, in words ('End of round'), when it is not an action."""
    frame = game.state.frame
    if frame is None or frame.kind == "action":
        return None
    return (frame.name or "").replace("_", " ").capitalize()


def _hand(game, seat: Optional[int]) -> list:
    if seat is None:
        return []
    return [{"id": c.id, "name": c.name, "kind": c.kind, "words": card_words(c)} for c in sorted(game.state.players[seat].hand, key=lambda c: (c.kind, c.name))]


def _moves(game, yours: bool) -> dict:
    """The legal moves (each its frame, its full text and its decisions [key, text, kind]),
    and each choice's value in words, once ({"key=text": words}). A whole move's words
    are asked for when it is chosen (a ``why`` answers them): saying each of hundreds of
    moves would cost more than the page needs."""
    if not yours:
        return {"moves": [], "names": {}}
    names: dict = {}
    moves = []
    for move in game.legal_moves:
        values = move.values or [None] * len(move.decisions)
        for decision, value in zip(move.decisions, values):
            key = f"{decision.key}={decision.text}"
            if key not in names:
                names[key] = _choice_words(game, decision, value, move.player)
        moves.append({"frame": move.frame, "text": move.full_notation(), "d": [[d.key, d.text, d.kind] for d in move.decisions]})
    return {"moves": moves, "names": names}


def _choice_words(game, decision, value, player) -> str:
    if decision.kind == "action":
        return getattr(value, "title", decision.text)
    if decision.kind == "option":
        return decision.key.replace("_", " ")
    if value is None:
        return decision.text
    if type(value).__name__ == "Card":
        return card_words(value)
    try:
        return value_words(game, value, decision.text, player)
    except Exception:
        return decision.text


def _outcome(table: Table) -> dict:
    outcome = table.game.outcome()
    return {"result": outcome.result(), "ranking": outcome.ranking, "scores": outcome.scores, "breakdown": breakdown(table)}


def _may_save(table: Table, seat: int) -> bool:
    return table.game.is_over() or table.human_seats() == [seat]


def _rematch(table: Table, seat: Optional[int]) -> Optional[str]:
    """The rematch's page for this seat (its own link, or the onlookers')."""
    if table.rematch is None or table.store is None:
        return None
    other = table.store.tables.get(table.rematch)
    if other is None:
        return None
    if seat is None:
        return f"/watch/{other.watch}"
    token = other.tokens[seat] if seat < len(other.tokens) and other.seats[seat] == HUMAN else None
    return f"/play/{token}" if token else f"/watch/{other.watch}"

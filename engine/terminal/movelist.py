"""The legal moves as a player thinks of them: by action, then by what each does,
with what it costs.

A Birmingham network may be paid for with any of seven cards, so the same canal
was listed seven times. Here moves that differ only in the card spent are one
entry (:class:`Entry`), with the cards it may be paid with; picking it asks
which card. Each entry says what the move costs: money (or gains), income, and
where coal, iron or beer come from, as the rules' own choices name them
(``coal``, ``beer``: the names of the sources a move takes). The costs are
taken while each move's own effects are applied (``Game.scored_moves``), before
the turn ends: a round's income is not folded into a build's cost.

``moves TEXT`` keeps the moves the words fit, read as :mod:`brass.game.wording`
reads a move (any case, a town by its name, a line by its ends), without asking
the words to say all a move does: ``moves dudley`` is every move that involves
Dudley.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from ..game.wording import Matcher, alike, one_of_twins, split
from ..language.decisions import spelling
from ..model.state import BoardTile
from ..model.static import Card, Industry, Line, Location, Slot
from ..render import money


@dataclass
class Entry:
    """One line of a move list: a move, or moves that differ only in the card spent."""

    moves: list  # the moves, one per card (or set of cards) that may pay for it
    does: str  # what it does, in shown names
    costs: str  # what it costs and where its sources come from
    cards: list = field(default_factory=list)  # the card(s) each move spends, shown

    @property
    def action(self) -> str:
        return self.moves[0].frame


def entries(game, moves: list) -> list:
    """The moves as entries, in the order given (the rules'), each once."""
    player = game.to_move
    costs = _costs(game, player)
    grouped: dict = {}
    for move in one_of_twins(moves):
        key = (move.frame, _beyond_cards(move))
        entry = grouped.get(key)
        if entry is None:
            grouped[key] = Entry([move], does(game, move), costs.get(move.notation(), ""), [_cards(game, move)])
        else:
            entry.moves.append(move)
            entry.cards.append(_cards(game, move))
    return _by_what_matters(list(grouped.values()))


def _by_what_matters(found: list) -> list:
    """Entries by action, then by the first choice that is not a card (a build's
    industry, a sale's tile), each in the order they first come; else as they were."""
    actions: dict = {}
    firsts: dict = {}
    keyed = []
    for number, entry in enumerate(found):
        action = actions.setdefault(entry.action, len(actions))
        first = next(iter(_beyond_cards(entry.moves[0])), None)
        keyed.append(((action, firsts.setdefault((entry.action, first), len(firsts)), number), entry))
    return [entry for _, entry in sorted(keyed, key=lambda pair: pair[0])]


def _beyond_cards(move) -> tuple:
    """A move's choices apart from the cards it spends."""
    values = move.values if move.values is not None else (None,) * len(move.decisions)
    return tuple((d.key, d.text) for d, v in zip(move.decisions, values) if d.kind != "action" and not _is_cards(v))


def _is_cards(value) -> bool:
    return isinstance(value, Card) or isinstance(value, (tuple, list)) and bool(value) and all(isinstance(v, Card) for v in value)


def _cards(game, move) -> str:
    values = move.values if move.values is not None else (None,) * len(move.decisions)
    spent = [shown(game, d.text, v) for d, v in zip(move.decisions, values) if _is_cards(v)]
    return ", ".join(spent)


# ---------------------------------------------------------------- in words
def shown(game, text: str, value) -> str:
    """A value of a choice by its shown name: a card, an industry, a place, a space, a line."""
    if isinstance(value, (Card, Industry, Location)):
        return value.name
    if isinstance(value, Slot):
        return f"{value.location.name} {value.number}"
    if isinstance(value, Line):
        return "–".join(place.name for place in value.locations)
    if isinstance(value, BoardTile):
        return f"{value.type.industry.name} in {value.slot.location.name} {value.slot.number}"
    if isinstance(value, (tuple, list)) and value and "+" in text:
        return " + ".join(shown(game, part, item) for part, item in zip(text.split("+"), value))
    return text


def does(game, move) -> str:
    """What a move does, its choices (not its cards, nor its sources) by their shown names."""
    values = move.values if move.values is not None else (None,) * len(move.decisions)
    parts = []
    places = {v.index for v in values if isinstance(v, Location)}
    for decision, value in zip(move.decisions, values):
        if decision.kind in ("action", "more", "offer") or _is_cards(value):
            continue
        if decision.kind == "option":
            if value is True or decision.text == "yes":
                parts.append(decision.key.replace("_", " "))
            continue
        if isinstance(value, Slot) and value.location.index in places:
            # The place is said already: the space too only if the place has another,
            # unlike it (a like one is the same choice).
            if len(value.location.slots) > 1 + len(alike(value)) and parts and parts[-1] == value.location.name:
                parts[-1] = f"{parts[-1]} {value.number}"
            continue
        parts.append(shown(game, decision.text, value))
    return f"{move.frame} " + ", ".join(parts) if parts else move.frame


def sources(game, move) -> list:
    """Where a move's sources come from, by the rules' names for them: 'coal: Dudley 0',
    'iron: the market ×2', 'beer: Stone 0, Oxford:0'."""
    by_key: dict = {}
    for decision in move.decisions:
        if decision.kind == "offer":
            for part in decision.text.split("+"):
                where, _, count = part.partition("*")
                found = by_key.setdefault(decision.key, {})
                found[_source(game, where)] = found.get(_source(game, where), 0) + (int(count) if count.isdigit() else 1)
    return [f"{key}: " + ", ".join(place if n == 1 else f"{place} ×{n}" for place, n in places.items()) for key, places in by_key.items()]


def _source(game, where: str) -> str:
    """A source by its place: an industry space (Dudley 0), a token space (Oxford:0), the market."""
    for mark in (".", ":"):
        place, sep, number = where.rpartition(mark)
        location = game.board.get("location", place) if sep and number.isdigit() else None
        if location is not None:
            return f"{location.name}{' ' if mark == '.' else ':'}{number}"
    return "the market" if where == "market" else where


def _costs(game, player: int) -> dict:
    """Each legal move's cost, by its notation: money, income, sources."""
    if player is None:
        return {}

    def snapshot(g):
        p = g.state.players[player]
        return p.money, p.income_space

    before = snapshot(game)
    income = game.board.income
    found = {}
    for move, (cash, space) in game.scored_moves(snapshot):
        parts = []
        spent = before[0] - cash
        if spent > 0:
            parts.append(money(spent))
        elif spent < 0:
            parts.append(f"gain {money(-spent)}")
        if space != before[1]:
            old, new = income.level(before[1]), income.level(space)
            parts.append(f"income level {old} → {new}" if old != new else f"income {space - before[1]:+d} spaces")
        parts += sources(game, move)
        found[move.notation()] = "; ".join(parts) if parts else "free"
    return found


# ---------------------------------------------------------------- filtering
def filtered(game, text: str) -> tuple:
    """The legal moves the words fit (all, for no words), and the first word that names
    nothing (or None): (moves, unknown word)."""
    words = text.split()
    moves = list(game.legal_moves)
    if not words:
        return moves, None
    actions = {move.frame for move in moves}
    first = next((a for a in actions if a.lower() == words[0].lower()), None)
    if first is not None:
        moves, words = [m for m in moves if m.frame == first], words[1:]
        if not words:
            return moves, None
    said = split(words)
    kept, unknown = [], None
    for action in dict.fromkeys(m.frame for m in moves):
        matcher = Matcher([m for m in moves if m.frame == action], game.board)
        kept += matcher.matching(said, exactly=False)
        if unknown is None:
            unknown = next(iter(matcher.unknown(said.bare)), None)
    if not kept:
        wanted = spelling(text)
        kept = [m for m in moves if wanted in spelling(m.full_notation())]  # the notation's own words, as typed
    return kept, (unknown if not kept else None)


# ---------------------------------------------------------------- on screen
@dataclass
class Listing:
    """A list of moves to show: its entries, numbered from 1, grouped by action."""

    entries: list

    def lines(self, width: int = 100) -> list:
        lines, action = [], None
        room = max(24, min(44, width // 2 - 4))
        for number, entry in enumerate(self.entries, 1):
            if entry.action != action:
                action = entry.action
                group = [e for e in self.entries if e.action == action]
                moves = sum(len(e.moves) for e in group)
                lines.append(f"{action}: {_count(len(group), 'choice')}" + (f" ({moves} moves with the cards that may pay)" if moves != len(group) else ""))
            lines.append(f"  {number:>3}. {entry.does:<{room}} {entry.costs}{_paid(entry)}")
        return lines


def _paid(entry: Entry) -> str:
    cards = [c for c in entry.cards if c]
    if not cards:
        return ""
    if len(cards) == 1:
        return f"; card: {cards[0]}"
    if len(cards) <= 3:
        return f"; card: {' or '.join(cards)}"
    if any(" + " in c for c in cards):
        return f"; any of {len(cards)} sets of cards"
    return f"; any of {len(cards)} cards"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def summary(entries_: list) -> str:
    """A long list, counted by action: what 'moves' would show."""
    counts: dict = {}
    for entry in entries_:
        counts[entry.action] = counts.get(entry.action, 0) + 1
    total = sum(len(e.moves) for e in entries_)
    by_action = ", ".join(f"{action} {n}" for action, n in counts.items())
    first = next(iter(counts), "build")
    return f"{total} legal moves, {len(entries_)} choices leaving the card aside ({by_action}). Type 'moves {first}' (or any words, such as a place) to list some, numbered."


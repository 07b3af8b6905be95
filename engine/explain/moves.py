"""A move in words, from the rules: for people who do not read move notation.

Nothing here knows an edition. The sentence starts from the action's
``describe`` line (``describe "build {a(industry.name)} in {location.name}"``)
filled in with the move's own choices, and goes on with each choice the line
does not mention, named as the ruleset's data names it (a line by its places,
a space by its place and number, coal or beer by where it comes from)::

    >>> from brass import Game
    >>> from brass.explain.moves import move_words
    >>> game = Game("birmingham", 2, seed=1)
    >>> move = game.parse("network card=dudley line=birmingham--walsall")
    >>> move_words(game, move).sentence()
    'Build a canal link: Birmingham – Walsall (card: Dudley)'
    >>> move_words(game, game.parse("loan card=birmingham")).sentence()
    'Take a loan (card: Birmingham)'

A move is described at the position it is made in (before it is played):
that is where its choices mean what they say ("your coal mine in Dudley"). A
move the game listed carries its values; a written one is read back from the
board's data and the state, value by value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..language import ast
from ..language.runtime import Frame, Run

# Decisions that only say "no more of these": they add nothing to the words.
_BOOKKEEPING = ("more",)


@dataclass
class MoveWords:
    """A move in words: the action's title, its describe line, each other choice."""

    title: str  # "Network"; a procedure's name in words ("End of round") for a move inside one
    summary: str  # the describe line filled in ("build a canal link"), or ""
    details: list = field(default_factory=list)  # (what, value) in words: ("line", "Birmingham – Walsall")
    card: Optional[str] = None  # the card played, when there is one, named

    def sentence(self) -> str:
        """One line: 'Build a canal link: Birmingham – Walsall (card: Dudley)'."""
        head = capitalised(self.summary or self.title)
        shown = [_detail(what, value) for what, value in self.details]
        text = head + (": " + "; ".join(shown) if shown else "")
        return text + (f" (card: {self.card})" if self.card else "")


# Choices named by their value alone in a sentence: what they are is plain from it.
_LEADING = ("line", "location", "industry", "tile", "slot", "mill")


def _detail(what: str, value: str) -> str:
    if what in _LEADING:
        return value
    if value.startswith("from "):  # where a resource comes from: 'coal from the market'
        return f"{what} {value}"
    return f"{what}: {value}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_words(game, move) -> MoveWords:
    """The words of ``move`` (a Move of ``game``, legal at its position now)."""
    resolved = resolve(game, move)
    frame = move.frame
    action = game.rules.actions.get(frame) if frame in game.rules.actions else None
    title = action.title if action is not None else frame.replace("_", " ").capitalize()
    template_names: set = set()
    summary = ""
    if action is not None and action.describe is not None:
        template_names = _template_names(action)
        summary = _summary(game, move, action, resolved)
    details, card, used = [], None, set()
    for decision, value in resolved:
        key, kind = decision.key, decision.kind
        if kind == "action" or kind in _BOOKKEEPING:
            continue
        if kind == "option":
            if decision.text == "yes":
                details.append((words_of_key(key), "yes"))
            continue
        if key == "card" and card is None:
            card = value_words(game, value, decision.text, move.player)
            continue
        if key in template_names and key not in used:
            used.add(key)  # said by the describe line
            continue
        words = value_words(game, value, decision.text, move.player)
        if _kind_name(value) == "slot" and value.location.name in summary:
            words = slot_words(value, with_place=False)  # the place is said already
        details.append((words_of_key(key), words))
    return MoveWords(title, summary, details, card)


def words_of_key(key: str) -> str:
    """A choice's name in words: ``second_line`` -> 'second line'."""
    return key.split(":")[-1].replace("_", " ")


def _template_names(action) -> set:
    names = set()
    for statement in action.node.body:
        if isinstance(statement, ast.Describe):
            for part in statement.template.parts:
                names |= {node.id for node in _walk(part) if isinstance(node, ast.Name)}
    return names


def _walk(node):
    yield node
    if isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
    elif hasattr(node, "__dataclass_fields__"):
        for name in node.__dataclass_fields__:
            child = getattr(node, name)
            if isinstance(child, (tuple, list)) or hasattr(child, "__dataclass_fields__"):
                yield from _walk(tuple(child) if isinstance(child, list) else child)


def _summary(game, move, action, resolved) -> str:
    values = {}
    for decision, value in resolved:
        values.setdefault(decision.key, value)  # a choice made twice: its first value
    try:
        run = Run(game, "enumerate", you=game.state.players[move.player])
        return action.describe(Frame(values, run))
    except Exception:  # a describe line that needs what the move did not choose: the title says enough
        return ""


# ------------------------------------------------------------------ values
def resolve(game, move) -> list:
    """(decision, value) for each decision of ``move``: the values the game listed
    it with, or else each written value read back from the board and the state."""
    if move.values is not None:
        return list(zip(move.decisions, move.values))
    return [(d, value_of(game, d.key, d.text, d.kind)) for d in move.decisions]


def value_of(game, key: str, text: str, kind: str = "choose"):
    """The thing a written value stands for, best effort: a board object, a tile on
    the board, where a resource comes from; the text itself if nothing fits."""
    if kind == "action":
        return game.rules.actions.get(text, text)
    if kind in ("option", "more"):
        return text == "yes"
    if key in game.rules.resources:
        return Sources(game, text)
    if "+" in text:
        return tuple(value_of(game, key, part) for part in text.split("+"))
    board = game.board
    found = [thing for (kind_, ident), thing in board.by_id.items() if ident == text]
    if not found:
        return int(text) if text.lstrip("-").isdigit() else text
    wanted = key.split(":")[-1].split("_")[-1]
    named = [thing for thing in found if _kind_name(thing) == wanted]
    if named:
        return named[0]
    slot = next((thing for thing in found if _kind_name(thing) == "slot"), None)
    if slot is not None and game.state.slot_tiles[slot.index] is not None:
        return game.state.slot_tiles[slot.index]  # a tile, chosen by its space
    return found[0]


def _kind_name(thing) -> str:
    name = type(thing).__name__.lower()
    return {"tiletype": "tile_type"}.get(name, name)


class Sources:
    """Where a resource comes from, as a move writes it: ``dudley.0*2+market``."""

    def __init__(self, game, text: str):
        self.game, self.text = game, text

    def parts(self) -> list:
        """(holder or None for the market, count) for each source."""
        if self.text in ("", "none"):
            return []
        found = []
        for part in self.text.split("+"):
            ident, _, count = part.partition("*")
            holder = None if ident == "market" else _holder(self.game, ident)
            if holder is None and ident != "market":
                holder = ident  # named by a space the board does not know: said as written
            found.append((holder, int(count) if count.isdigit() else 1))
        return found


def _holder(game, ident: str):
    board, state = game.board, game.state
    slot = board.get("slot", ident)
    if slot is not None:
        return state.slot_tiles[slot.index] or slot
    for space in state.spaces:
        if space.space.id == ident:
            return space
    return None


def value_words(game, value, text: str = "", player: Optional[int] = None) -> str:
    """A chosen value as a person reads it."""
    allocation = getattr(value, "parts", None)
    if isinstance(value, Sources) or (allocation is not None and hasattr(value, "bought")):
        return _sources_words(game, value, player)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(game, item, "", player) for item in value)
    kind = _kind_name(value)
    if kind == "line":
        return " – ".join(loc.name for loc in value.locations)
    if kind == "slot":
        return slot_words(value)
    if kind == "boardtile":
        return tile_words(game, value, player)
    if kind == "spacestate":
        return _space_words(value)
    if kind == "card":
        return value.name
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name
    return str(value) if value is not None else text


def slot_words(slot, with_place: bool = True) -> str:
    """An industry space: 'space 2 in Dudley (Coal mine or Iron works)'."""
    industries = " or ".join(i.name for i in slot.industries)
    place = f" in {slot.location.name}" if with_place else ""
    return f"space {slot.number + 1}{place} ({industries})"


def card_words(card) -> str:
    """A card with its kind: 'Dudley (location card)'."""
    kind = (card.kind or "").replace("_", " ")
    return f"{card.name} ({kind} card)" if kind else card.name


def tile_words(game, tile, player: Optional[int] = None) -> str:
    """A tile on the board: 'your Coal mine in Dudley' or "Ann's Coal mine in Dudley"."""
    owner = "your" if tile.owner == player else f"{game.state.players[tile.owner].name}'s"
    return f"{owner} {tile.type.industry.name} in {tile.slot.location.name}"


def _space_words(space) -> str:
    token = space.token.name if space.token is not None else "nothing"
    return f"{space.space.location.name} ({token})"


def _sources_words(game, value, player) -> str:
    if isinstance(value, Sources):
        parts = value.parts()
    else:
        parts = [(holder, count) for holder, count in value.parts] + ([(None, value.bought)] if value.bought else [])
    if not parts:
        return "none needed"
    said = []
    for holder, count in parts:
        times = f" ×{count}" if count > 1 else ""
        if holder is None:
            said.append(f"the market{times}")
        elif _kind_name(holder) == "boardtile":
            said.append(tile_words(game, holder, player) + times)
        elif _kind_name(holder) == "spacestate":
            said.append(_space_words(holder) + times)
        else:
            said.append(f"{holder}{times}")
    return "from " + " and ".join(said)

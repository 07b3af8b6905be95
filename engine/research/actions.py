"""One flat action space for a ruleset: every small decision of a move as an index.

A move in this engine is already a sequence of small decisions
(:mod:`brass.language.decisions`): the action, then each choice its rules ask
for, one at a time. Each decision's value is a thing of the ruleset's data (a
card, a place, a line, an industry, an industry space...), a number or a word
the rules write, yes or no, or several of these at once (the cards a Scout
discards; where the coal of a build comes from). An *atom* is one such thing;
a value of several things is its atoms in order, followed by ``end`` where a
shorter value could also stop there (:mod:`brass.research.moves` walks them).

The atoms come in sections, always in this order, each sorted by id:

====================  ==========================================================
``action``            the ruleset's actions
``card``              its cards, those dealt and those on face-up piles
``industry``          its industries
``location``          its places
``slot``              its industry spaces (a tile on the board is named by its space)
``line``              its lines (a link is named by its line)
``space``             its token spaces (a merchant space)
``token``             the tokens of every pool (merchant tiles, market tiles)
``market``            a purchase from the general market (``market`` in a source)
``seat``              the seats, 0 to the most players the ruleset takes
``number``            every whole number the rules write (settings and constants)
``word``              every string the rules write
``flag``              ``no``, ``yes``
``none``, ``end``     nothing; the end of a value of several atoms
====================  ==========================================================

Chance outcomes use the same atoms (a card drawn, a token turned up, a seat in
the turn order), so an index means one thing whoever decides it. The list of
atoms is all the mapping is built from: its SHA-256 (:attr:`ActionSpace.digest`)
changes exactly when an index could change meaning, so a trained agent can
check that the space it learnt on is the one it plays on.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Iterator

from ..errors import BrassError
from ..language import ast
from ..language.consumption import Allocation
from ..model.state import BoardTile, PlayerState, SpaceState

SCHEME = "brass-actions/1"  # the way atoms are laid out; part of the digest
SECTIONS = ("action", "card", "industry", "location", "slot", "line", "space", "token", "market", "seat", "number", "word", "flag", "none", "end")


class ActionSpaceError(BrassError):
    """A decision's value has no atom in the action space (a rule chose something
    its data and rule text do not name)."""


class ActionSpace:
    """The atoms of one ruleset, index by index, and the way back from words."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        board = ruleset.board
        rules = ruleset.rules
        numbers, words = _constants(rules)
        cards = {card.id: card for card in board.cards}
        for card, _ in board.piles.values():
            cards.setdefault(card.id, card)
        by_section = {
            "action": {name: action for name, action in rules.actions.items()},
            "card": cards,
            "industry": {industry.id: industry for industry in board.industries},
            "location": {location.id: location for location in board.locations},
            "slot": {slot.id: slot for slot in board.slots},
            "line": {line.id: line for line in board.lines},
            "space": {space.id: space for space in board.spaces},
            "token": {token.id: token for tokens in board.tokens.values() for token in tokens},
            "market": {"market": None},
            "seat": {seat: seat for seat in range(max(ruleset.players))},
            "number": {number: number for number in numbers},
            "word": {word: word for word in words},
            "flag": {"no": False, "yes": True},
            "none": {"none": None},
            "end": {"end": None},
        }
        self.words: list[str] = []  # "section:id", by index
        self.index_of: dict[str, int] = {}
        self.sections: dict[str, range] = {}
        self._static: dict[int, int] = {}  # id(board object) -> index
        self._keep = []  # the board objects whose id() the table above holds
        self._numbers: dict[int, int] = {}
        self._words: dict[str, int] = {}
        for section in SECTIONS:
            start = len(self.words)
            for ident in sorted(by_section[section], key=_order):
                thing = by_section[section][ident]
                index = len(self.words)
                word = f"{section}:{ident}" if section not in ("none", "end") else section
                self.words.append(word)
                self.index_of[word] = index
                if section in ("number",):
                    self._numbers[thing] = index
                elif section == "word":
                    self._words[thing] = index
                elif thing is not None and section not in ("seat", "flag"):
                    self._static[id(thing)] = index
                    self._keep.append(thing)
            self.sections[section] = range(start, len(self.words))
        self.NO = self.index_of["flag:no"]
        self.YES = self.index_of["flag:yes"]
        self.NONE = self.index_of["none"]
        self.END = self.index_of["end"]
        self.MARKET = self.index_of["market:market"]
        self.SEATS = self.sections["seat"]
        # What each shuffle's order is used for (chance.PILE or chance.SEEN), learnt by
        # the games of this ruleset as they are played (brass.research.chance).
        self.shuffle_kinds: dict = {}
        self.digest = hashlib.sha256("\n".join([SCHEME, *self.words]).encode()).hexdigest()

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.ruleset.name}: {len(self)} atoms, {self.digest[:12]}>"

    # ------------------------------------------------------------ both ways
    def word(self, index: int) -> str:
        """The atom at an index, as ``section:id`` (``card:coventry``, ``flag:yes``, ``end``)."""
        if not 0 <= index < len(self.words):
            raise ActionSpaceError(f"{index} is not an index of the {self.ruleset.name} action space (0 to {len(self.words) - 1})")
        return self.words[index]

    def index(self, word: str) -> int:
        """The index of an atom written ``section:id``."""
        found = self.index_of.get(word)
        if found is None:
            section = word.partition(":")[0]
            hint = f"; its section {section!r} has {len(self.sections[section])} atoms" if section in self.sections else f"; sections: {', '.join(SECTIONS)}"
            raise ActionSpaceError(f"{word!r} is not an atom of the {self.ruleset.name} action space{hint}")
        return found

    def text(self, index: int) -> str:
        """How an atom is written in move notation (``coventry``, ``yes``, ``market``)."""
        word = self.word(index)
        return word.partition(":")[2] or word

    # ------------------------------------------------------- values to atoms
    def atoms(self, value, key: str = "?") -> tuple:
        """The atoms of one decision's value, in order (see the module's text)."""
        found = self._static.get(id(value))
        if found is not None:
            return (found,)
        cls = value.__class__
        if cls is bool:
            return (self.YES if value else self.NO,)
        if value is None:
            return (self.NONE,)
        if cls is BoardTile:
            return (self._static[id(value.slot)],)
        if cls is SpaceState:
            return (self._static[id(value.space)],)
        if cls is PlayerState:
            return (self.SEATS[value.index],)
        if cls is Allocation:
            atoms = []
            for holder, count in value.parts:
                atoms.extend(self.atoms(holder, key) * count)
            atoms.extend((self.MARKET,) * value.bought)
            return tuple(atoms)
        if cls is tuple or cls is list:  # several things at once, in any order: sorted
            return tuple(sorted(atom for item in value for atom in self.atoms(item, key)))
        if cls is int:
            found = self._numbers.get(value)
        elif cls is str:
            found = self._words.get(value)
        if found is None:
            raise ActionSpaceError(
                f"{key}={value!r}: the {self.ruleset.name} action space has no atom for this {cls.__name__}; "
                f"its atoms are the ruleset's data and the numbers and words its rules write"
            )
        return (found,)

    def chance_atom(self, item) -> int:
        """The atom of an item drawn or shuffled by chance: a card, a token, a seat."""
        found = self._static.get(id(item))
        if found is not None:
            return found
        if item.__class__ is int and 0 <= item < len(self.SEATS):
            return self.SEATS[item]
        raise ActionSpaceError(f"{item!r}: the {self.ruleset.name} action space has no atom for a shuffled or drawn item of this kind")


def _order(ident):
    """Sections sort by id; numbers by value."""
    return (0, ident, "") if isinstance(ident, int) else (1, 0, str(ident))


def _constants(rules) -> tuple[list, list]:
    """Every whole number and string the rule text writes (constants and settings)."""
    numbers, words = set(), set()
    for node in _nodes(tuple(rules.declarations.values())):
        if isinstance(node, ast.Const):
            value = node.value
            if value.__class__ is int and value >= 0:
                numbers.add(value)
            elif value.__class__ is str:
                words.add(value)
    for value in rules.settings.values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if item.__class__ is int and item >= 0:
                numbers.add(item)
            elif item.__class__ is str:
                words.add(item)
    return sorted(numbers), sorted(words)


def _nodes(value) -> Iterator:
    """Every syntax-tree node within a value (nodes, tuples of them, fields of them)."""
    if isinstance(value, ast.Node):
        yield value
        for field in dataclasses.fields(value):
            if field.name != "where":
                yield from _nodes(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _nodes(item)

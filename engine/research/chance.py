"""Chance made explicit, one outcome at a time: the game the research faces play.

The engine's own games take every shuffle's order from a seeded stream
(:meth:`brass.game.Game.shuffled`), so a seed and a list of moves replay
exactly. OpenSpiel and the learning libraries want more: every card drawn,
every tile turned up and every order shuffled as a *chance node*, whose
outcomes and their probabilities they can see, sample or enumerate. A
:class:`ChanceGame` gives them that, with the engine's rules unchanged:

* A shuffle laid as a face-down pile (the draw deck, Lancashire's distant
  market tiles) is left in the order it was given: nobody knows the order of a
  face-down pile, so each item is decided only when it leaves the pile.
* The n-th item to leave a face-down pile since it was formed is the outcome
  chance decided for it (:attr:`Chances.drawn`), swapped to where the rules
  take it from; the order of the rest still means nothing. If chance has not
  decided it yet, the item the rules reach stands in, the step runs on to its
  end, and then :class:`NeedChance` is raised: the game puts itself back
  exactly as it was (the all or nothing of ``Game._apply``), chance decides the
  items in the order they left, and the step runs again.
* Any other shuffle (merchant tiles dealt face up, the turn order) is seen by
  everyone at once: its whole order is decided by chance, item by item, and
  the step runs again.

Which labels are laid as face-down piles is learnt by watching the first
shuffle of each (:attr:`Chances.kinds`, shared by the games of a ruleset).
The watching is on only while a face applies a step (:meth:`ChanceGame.step`):
listing moves, exploring them and a bot's copies run the engine as it is.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from ..game import Game
from ..model.journal import Journal, NotingJournal

PILE, SEEN = "pile", "seen"
_NOWHERE = None  # where an item drawn goes when it goes to no list (turned up)  # how a shuffle's order is used: laid face down, or seen at once


class NeedChance(BaseException):
    """A step met chance not decided yet; the game was put back as it was.

    A BaseException, so that no ``except Exception`` on its way (the runner
    falling back to the interpreter when generated code fails) takes it for a
    broken rule."""

    def __init__(self, needs: tuple):
        super().__init__(needs)
        self.needs = needs


@dataclass(frozen=True)
class Draw:
    """An item about to leave a face-down pile, unseen until now."""

    pile: str  # "deck" or a token pool
    generation: int  # how many times the pile was formed before
    position: int  # how many items left it since it was last formed
    left: tuple  # the items in the pile as this one left


@dataclass(frozen=True)
class Shuffle:
    """A shuffle everyone sees at once: its whole order is chance's."""

    label: str
    occurrence: int
    items: tuple


class Chances:
    """What chance has decided in one game."""

    __slots__ = ("orders", "drawn", "kinds", "shuffled", "laid")

    def __init__(self, kinds: dict):
        self.orders: dict = {}  # (label, occurrence) -> the order of a seen shuffle
        self.drawn: dict = {}  # (pile, generation) -> the items that left it, in order
        self.kinds = kinds  # label -> PILE or SEEN, learnt; shared by the games of a ruleset
        self.shuffled: dict = {}  # (label, occurrence) -> the items shuffled
        self.laid: dict = {}  # (label, occurrence) -> (pile, generation) it was laid as

    def copy(self) -> "Chances":
        other = Chances(self.kinds)
        other.orders = dict(self.orders)
        other.drawn = {key: list(items) for key, items in self.drawn.items()}
        other.shuffled = dict(self.shuffled)
        other.laid = dict(self.laid)
        return other

    def order(self, label: str, occurrence: int) -> list:
        """A shuffle's order as chance decided it: a seen one's, or a face-down pile's
        items in the order they left it, then those still in it."""
        given = self.orders.get((label, occurrence))
        if given is not None:
            return list(given)
        items = list(self.shuffled[(label, occurrence)])
        drawn = self.drawn.get(self.laid.get((label, occurrence)), [])
        for item in drawn:
            items.remove(item)
        return list(drawn) + items


class ChanceJournal(NotingJournal):
    """The journal of a step a face applies: it decides each item that leaves a
    face-down pile, and notes what chance must still decide. Its notes are
    rolled back with the changes they came with."""

    __slots__ = ("game", "piles")

    def __init__(self, game: "ChanceGame", entries: list):
        super().__init__(entries)  # the entries shared with the game's own journal
        self.game = game  # notes: "need", "drawn", "lazy"
        state = game.state
        self.piles = {id(state.deck): "deck", **{id(pile): pool for pool, pile in state.token_piles.items()}}

    def _note(self, kind: str, data) -> None:
        self.note(kind, data)

    # -- the face-down piles
    def pop(self, items: list, index: int = -1):
        pile = self.piles.get(id(items))
        if pile is None:
            return super().pop(items, index)
        if index < 0:
            index += len(items)
        generation, size = self.game.state.chance_piles[pile]
        position = size - len(items)
        decided = self.game.chances.drawn.get((pile, generation), ())
        if position < len(decided):
            item = decided[position]
            if items[index] is not item:  # the order of a face-down pile means nothing: swap it in for good
                other = next((i for i, held in enumerate(items) if held is item), None)
                if other is None:
                    raise RuntimeError(f"chance decided {item!r} as item {position} to leave the {pile} pile, which does not hold it")
                items[index], items[other] = item, items[index]
            value = super().pop(items, index)
            self._note("drawn", [pile, generation, position, _NOWHERE])
            return value
        left = tuple(items)
        value = super().pop(items, index)
        self._note("need", Draw(pile, generation, position, left))
        return value

    def append(self, items: list, value) -> None:
        super().append(items, value)
        if id(items) in self.piles:
            self._reform(items)
        events = self.events
        if events:
            last = events[-1]
            if last[1] == "drawn" and last[2][3] is _NOWHERE and last[0] == len(self.entries) - 2:
                last[2][3] = items  # where the item drawn just now went
        return None

    def insert(self, items: list, index: int, value) -> None:
        super().insert(items, index, value)
        if id(items) in self.piles:
            self._reform(items)

    def setindex(self, items: list, index: int, value) -> None:
        super().setindex(items, index, value)
        if id(items) in self.piles:
            self._reform(items)

    def remove(self, items: list, value) -> None:
        # A named item taken out of a face-down pile is no draw: the pile is formed anew.
        super().pop(items, items.index(value))
        if id(items) in self.piles:
            self._reform(items)

    def replace_list(self, items: list, values) -> None:
        super().replace_list(items, values)
        if id(items) not in self.piles:
            return
        self._reform(items)
        last = self.game.last_shuffle
        if last is not None and last[1] is values:
            self.game.chances.laid[last[0]] = (self.piles[id(items)], self.game.state.chance_piles[self.piles[id(items)]][0])
        for event in self.events:
            if event[1] == "lazy" and event[2][1] is values:
                event[1] = "laid"
                self.game.chances.kinds[event[2][0].label] = PILE

    def _reform(self, items: list) -> None:
        """A face-down pile changed other than by a draw: its items are counted anew."""
        state = self.game.state
        pile = self.piles[id(items)]
        generation, _ = state.chance_piles[pile]
        self.set(state, "chance_piles", {**state.chance_piles, pile: (generation + 1, len(items))})

    # -- what chance must decide
    def needs(self) -> tuple:
        """What chance must still decide for this step, in the order it was met."""
        needs = []
        for _, kind, data in self.events:
            if kind == "need":
                needs.append(data)
            elif kind == "lazy":
                needs.append(data[0])
                self.game.chances.kinds[data[0].label] = SEEN
        return tuple(needs)

    def waiting(self) -> bool:
        """Is something met in this step still to be decided by chance?"""
        return any(kind == "need" or kind == "lazy" for _, kind, _ in self.events)

    def destinations(self) -> list:
        """(pile, generation, position, the list it went to or None) of each item drawn
        with its outcome decided, in this step."""
        return [tuple(data) for _, kind, data in self.events if kind == "drawn"]


class ChanceGame(Game):
    """A game whose every shuffle and draw is decided by chance one outcome at a
    time (see the module's text). Made with the outcomes decided so far; raises
    NeedChance from its constructor while the set-up needs more."""

    def __init__(self, ruleset, players, chances: Chances):
        self.chances = chances
        self.drawing = True  # deciding chance: on while a face applies a step
        self.last_shuffle = None  # ((label, occurrence), the list shuffled() returned)
        try:
            super().__init__(ruleset, players, seed=0)
        finally:
            self.drawing = False
        self.seen = self.state.journal.destinations()  # where the set-up's draws went
        self.state.journal = _plain(self.state.journal)

    # -- steps
    def step(self, tokens, player: int, trusted: bool = False) -> list:
        """Apply a move's decisions (as ``Game._apply`` takes them) with chance watched;
        NeedChance, the game as it was, if chance must decide more first. Returns where
        the items drawn in it went (:meth:`ChanceJournal.destinations`). ``trusted``:
        the game listed the move at this very position, its values with it."""
        with self.watched() as journal:
            self._apply(tokens, player, None, trusted)
            seen = journal.destinations()
        self._undo_floor = len(self.history)
        return seen

    @contextlib.contextmanager
    def watched(self):
        """Chance watched while the block runs: a ChanceJournal on the state."""
        state = self.state
        plain = state.journal
        journal = ChanceJournal(self, plain.entries)
        state.journal = journal
        self.drawing = True
        try:
            yield journal
        finally:
            self.drawing = False
            state.journal = plain

    def _advance(self) -> None:
        if not self.drawing:
            super()._advance()
            return
        state = self.state
        journal = state.journal
        if not isinstance(journal, ChanceJournal):  # the set-up: the constructor's own run
            state.chance_piles = {"deck": (0, 0), **{pool: (0, 0) for pool in state.token_piles}}
            journal = state.journal = ChanceJournal(self, journal.entries)
        super()._advance()
        needs = journal.needs()
        if needs:
            raise NeedChance(needs)

    def _open_frame(self, frame) -> None:
        # Chance must decide first: the step stops here rather than explore the next
        # player's moves (Game._advance asks whether there are any) to no use.
        if self.drawing:
            journal = self.state.journal
            if journal.__class__ is ChanceJournal and journal.events and journal.waiting():
                raise NeedChance(journal.needs())
        super()._open_frame(frame)

    def shuffled(self, label: str, items: list) -> list:
        if not self.drawing:
            return super().shuffled(label, items)
        state = self.state
        occurrence = state.chance_log.count(label)
        state.journal.append(state.chance_log, label)
        self.chances.shuffled[(label, occurrence)] = tuple(items)
        order = self.chances.orders.get((label, occurrence))
        if order is not None:
            return list(order)
        result = list(items)
        self.last_shuffle = ((label, occurrence), result)
        kind = self.chances.kinds.get(label)
        if kind == PILE:
            return result  # each item is decided as it leaves the pile
        need = Shuffle(label, occurrence, tuple(items))
        if kind == SEEN:
            raise NeedChance(state.journal.needs() + (need,))
        state.journal._note("lazy", [need, result])  # not known yet: watch where it is laid
        return result

    # -- copies
    def copy(self) -> "ChanceGame":
        """An independent copy, a ChanceGame with its own record of chance."""
        other = super().copy()
        other.__class__ = type(self)
        other.chances = self.chances.copy()
        other.drawing = False
        return other


def _plain(journal: Journal) -> Journal:
    """A plain journal over the same entries."""
    if type(journal) is Journal:
        return journal
    plain = Journal()
    plain.entries = journal.entries
    return plain

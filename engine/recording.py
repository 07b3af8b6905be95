"""Entering a game played at a table, draw by draw.

At the table nobody knows the order of a shuffled pile: a card is known when
someone draws it. So the order of every shuffle is *told*, piece by piece, as
its items become visible, and checked against what is left of it:

* Every shuffle goes through :meth:`RecordingGame.shuffled`, which keeps a
  :class:`ToldPile` per shuffle (label and occurrence): the items shuffled,
  those told so far at their positions, and those that left the pile unseen.
  Its order is the told items in their places and the rest in any order; the
  game's ``chance`` holds these orders, so the game's own record replays.
* Before anything is applied (the set-up, then each move), it is tried on a
  copy whose journal watches the piles (:class:`WatchingJournal`): an item that
  leaves a face-down pile (``state.deck``, ``state.token_piles``) into a hand is
  seen by that player, one that goes nowhere is turned up for everyone, one that
  goes anywhere else (face down on a discard pile) is seen by nobody. A shuffle
  that is not laid as a face-down pile (tiles dealt face up, the turn order) is
  seen whole at once. The first seen item not yet told is asked for, the piles
  are rearranged to fit, and the step is tried again until it needs nothing
  more; only then is it applied to the game.
* Items nobody saw keep whatever identity they had; if a card told later can
  only be one of them, the game is rebuilt from its record with the new order.

:class:`Recorder` holds a game entered this way; :func:`record_game` is the
interactive loop of ``brass record``.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Optional

from .errors import SaveError, UndoError
from .game import Game
from .language.decisions import notation as value_notation, spelling, spellings
from .model.journal import NotingJournal
from .ruleset import Ruleset, load_ruleset

TURN_ORDER = "turn_order"  # the label of the engine's shuffle_turn_order


class Stop(Exception):
    """The person entering the game stopped (quit, or end of input)."""


class TakenBack(Exception):
    """The person entering the game took back the move being entered (``undo`` at its
    first question): it is not played."""


class NotLeft(ValueError):
    """A told item that does not fit what is left of the shuffle."""


# ------------------------------------------------------------------ piles
class ToldPile:
    """One shuffle's outcome, as far as it is known."""

    def __init__(self, label: str, occurrence: int, items: list, title: str):
        self.label = label
        self.occurrence = occurrence
        self.items = list(items)
        self.title = title  # "the draw deck", "the Distant cotton market", "Merchant tiles"
        self.told: dict = {}  # position -> item, seen and told
        self.unseen: dict = {}  # position -> item it was when it left the pile face down
        self.place: Optional[str] = None  # "deck" or a token pool: a face-down pile; None: seen whole
        self.show = _shown  # an item for a person
        self._said: Optional[dict] = None  # id(item) -> the ways to name it

    def order(self) -> list:
        """The told items in their places, the unseen ones as they were if they can
        still be, the rest in the order they were given."""
        result = [None] * len(self.items)
        left = list(self.items)
        for position, item in self.told.items():
            result[position] = item
            left.remove(item)
        for position, item in sorted(self.unseen.items()):
            if position not in self.told and item in left:
                result[position] = item
                left.remove(item)
        for position, item in enumerate(result):
            if item is None:
                result[position] = left.pop(0)
        return result

    def left(self) -> list:
        """What may still be told: every item not told yet."""
        left = list(self.items)
        for item in self.told.values():
            left.remove(item)
        return left

    def tell(self, position: int, text: str, noun: str = "card"):
        """Tell the item at a position by id or shown name, or a part of the name that is
        its alone (``blank`` for "Merchant: blank"); NotLeft if none is left that fits."""
        wanted = spelling(text)
        left = self.left()
        known = [item for item in self.items if wanted in self.names_of(item)]
        fits = [item for item in left if item in known]
        if not fits:
            name = self.show(known[0]) if known else repr(text.strip())
            what = f"no {name} {noun} left in {self.title}" if known else f"no {noun} {name} in {self.title}{self._close(wanted)}"
            raise NotLeft(f"there is {what}; left: {describe(left, self.show)}")
        self.told[position] = fits[0]
        return fits[0]

    def names_of(self, item) -> set:
        """Every way to name an item: its id and shown name, and each part of the name
        (after a colon, its first word, its id without a number) no other kind of item has."""
        return self._names().get(id(item), set())

    def names(self, text: str) -> bool:
        """Does the text name one of the shuffle's items?"""
        wanted = spelling(text)
        return any(wanted in names for names in self._names().values())

    def _names(self) -> dict:
        if self._said is None:
            loose: dict = {}  # a part of a name -> the shown names it is part of
            for item in self.items:
                for part in _parts(item):
                    loose.setdefault(part, set()).add(self.show(item))
            self._said = {id(item): _spellings(item) | {part for part in _parts(item) if len(loose[part]) == 1} for item in self.items}
        return self._said

    def _close(self, wanted: str) -> str:
        import difflib

        every = sorted({name for names in self._names().values() for name in names})
        close = difflib.get_close_matches(wanted, every, n=1, cutoff=0.7)
        return f" (did you mean {close[0]}?)" if close else ""


def _spellings(item) -> set:
    return spellings(item, value_notation(item))


def _parts(item) -> set:
    """Parts of an item's name a person may say alone: after a colon ("Merchant: blank"),
    the first word, the id without its number (blank-1)."""
    parts = set()
    name = getattr(item, "name", None)
    ident = value_notation(item)
    if isinstance(name, str):
        tail = name.rpartition(":")[2]
        parts.add(spelling(tail))
        parts.add(spelling(tail).split("-")[0])
    stem, dash, number = ident.rpartition("-")
    if dash and number.isdigit():
        parts.add(spelling(stem))
    return {part for part in parts if part}


def _shown(item) -> str:
    return getattr(item, "name", None) or value_notation(item)


def describe(items, show=None) -> str:
    """Items for a person: 'Birmingham (2), Coventry', in the order they first come."""
    counts = Counter((show or _shown)(item) for item in items)
    return ", ".join(name if n == 1 else f"{name} ({n})" for name, n in counts.items()) or "nothing"


# ---------------------------------------------------------------- watching
class WatchingJournal(NotingJournal):
    """A journal that notes, net of rollbacks, what leaves the face-down piles and
    where it goes, every shuffle, and where the items of a shuffle are laid."""

    def __init__(self, game: "RecordingGame", entries: Optional[list] = None):
        super().__init__(entries)
        self.game = game
        self.last_shuffle = None  # (pile, the list shuffled() returned)
        self.watching = True

    def _note(self, kind: str, data: dict) -> dict:
        return self.note(kind, data) if self.watching else data

    def _pile_of(self, items: list) -> Optional[ToldPile]:
        if not self.watching:
            return None
        state = self.game.state
        if items is state.deck:
            place = "deck"
        else:
            place = next((pool for pool, pile in state.token_piles.items() if pile is items), None)
        if place is None:
            return None
        return self.game.recorder.latest(place, state.chance_log)

    def pop(self, items: list, index: int = -1):
        pile = self._pile_of(items)
        before = len(items)
        value = super().pop(items, index)
        if pile is not None:
            position = len(pile.items) - before + (index if index >= 0 else index + before)
            self._note("pop", {"pile": pile, "position": position, "item": value, "to": "shown"})
        return value

    def append(self, items: list, value) -> None:
        super().append(items, value)
        last = self.events[-1][2] if self.events and self.events[-1][1] == "pop" else None
        if last is not None and last["to"] == "shown" and last["item"] is value and self.events[-1][0] == len(self.entries) - 2:
            hands = [p.index for p in self.game.state.players if p.hand is items]
            last["to"] = hands[0] if hands else "hidden"

    def replace_list(self, items: list, values) -> None:
        super().replace_list(items, values)
        if self.last_shuffle is not None and values is self.last_shuffle[1]:
            state = self.game.state
            pile = self.last_shuffle[0]
            if items is state.deck:
                pile.place = "deck"
            else:
                pile.place = next((pool for pool, pile_list in state.token_piles.items() if pile_list is items), None)

    def set(self, obj, attr: str, value) -> None:
        super().set(obj, attr, value)
        if self.last_shuffle is not None and any(value is item for item in self.last_shuffle[1]):
            where = getattr(getattr(obj, "space", None), "id", None) or getattr(obj, "id", None)
            if where is not None:
                self._note("laid", {"pile": self.last_shuffle[0], "item": value, "where": str(where)})

    def shuffled(self, pile: ToldPile, order: list) -> None:
        self.last_shuffle = (pile, order)
        self._note("shuffle", {"pile": pile})


class RecordingGame(Game):
    """A game whose shuffles are told (see the module's text)."""

    def __init__(self, ruleset, players, recorder: "Recorder", watch: bool = False, seed: int = 0):
        self.recorder = recorder
        self._watch = watch
        super().__init__(ruleset, players, seed=seed, chance=None)
        self.chance = recorder.chance  # shared: copies and records see every order told

    def _advance(self) -> None:
        if getattr(self, "_watch", False) and not isinstance(self.state.journal, WatchingJournal):
            self.state.journal = WatchingJournal(self, self.state.journal.entries)
        super()._advance()

    def shuffled(self, label: str, items: list) -> list:
        log = self.state.chance_log
        occurrence = sum(1 for entry in log if entry == label)
        self.state.journal.append(log, label)
        pile = self.recorder.pile(self, label, occurrence, items)
        order = pile.order()
        journal = self.state.journal
        if isinstance(journal, WatchingJournal):
            journal.shuffled(pile, order)
        return order


# ---------------------------------------------------------------- recorder
class Recorder:
    """A game entered as it is played: ``ask(prompt)`` answers each question
    about what chance turned up; ``say(text)`` reports what does not fit."""

    def __init__(self, ruleset: Ruleset | str, players, ask: Callable[[str], str], say: Callable[[str], None] = print, resume: Optional[dict] = None):
        """``resume``: a record this recorder made before; its set-up and moves are entered
        again, each item seen then told as the record has it, and the questions go on
        from where it stopped."""
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        self.ask = ask
        self.say = say
        self.piles: dict = {}  # (label, occurrence) -> ToldPile
        self.places: dict = {}  # place -> label shuffled into it
        self.chance: dict = {}  # label -> [order of ids per occurrence], shared with the games
        # What was told, in order, as (the moves entered before it, pile, position): what
        # undo takes back; and, the same way, what left a pile face down, unseen.
        self.told: list = []
        self.hidden: list = []
        self.preset = {(label, n): order for label, orders in ((resume or {}).get("chance") or {}).items() for n, order in enumerate(orders)}
        self.game: Optional[RecordingGame] = None
        self.game = self._settle(self._set_up)
        self.game.state.journal.watching = False  # from here on, each step is watched on a copy
        for entry in (resume or {}).get("moves", ()):
            self.play(entry["move"])
        self.preset = {}

    # -- piles
    def pile(self, game, label: str, occurrence: int, items: list) -> ToldPile:
        key = (label, occurrence)
        pile = self.piles.get(key)
        if pile is None or (not pile.told and pile.items != list(items)):
            told = pile.told if pile is not None else {}
            pile = ToldPile(label, occurrence, items, self._title(game, label))
            pile.told = told
            if label == TURN_ORDER:
                names = [p.name for p in game.state.players]
                pile.show = lambda seat: names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)
            self.piles[key] = pile
            self._refresh()
        return pile

    def latest(self, place: str, chance_log: list) -> Optional[ToldPile]:
        label = self.places.get(place, place)
        occurrence = sum(1 for entry in chance_log if entry == label) - 1
        return self.piles.get((label, occurrence))

    def _title(self, game, label: str) -> str:
        if label == "deck":
            return "the draw deck"
        if label == TURN_ORDER:
            return "the turn order"
        pool = game.board.pools.get(label)
        return f"the {pool['name']}" if pool and pool.get("name") else f"the {label!r} shuffle"

    def _refresh(self) -> None:
        """Every order known, into the games' ``chance`` (the same dict, changed in place)."""
        orders: dict = {}
        for (label, occurrence), pile in sorted(self.piles.items(), key=lambda kv: kv[0]):
            ids = [item if isinstance(item, int) else value_notation(item) for item in pile.order()]
            orders.setdefault(label, []).append(ids)
        self.chance.clear()
        self.chance.update(orders)

    # -- steps: tried on a watched game, asked about, applied
    def _set_up(self) -> tuple:
        game = RecordingGame(self.ruleset, self.names, self, watch=True)
        return game, game.state.journal.events

    def _try(self, text: str) -> tuple:
        sim = self.game.copy()
        sim.__class__ = RecordingGame
        sim._watch = True
        sim.state.journal = WatchingJournal(sim, sim.state.journal.entries)
        sim.play(text)
        return sim, sim.state.journal.events

    def _settle(self, step) -> RecordingGame:
        """Run a step until nothing it turns up is unknown; return the game it made."""
        while True:
            game, events = step()
            for kind, data in ((e[1], e[2]) for e in events):
                if kind == "shuffle" and data["pile"].place is not None:
                    self.places[data["pile"].place] = data["pile"].label
            group = self._unknown(events)
            if group is None:
                self._note_unseen(events)
                return game
            self._ask_group(game, *group)
            self._fit()

    def _unknown(self, events) -> Optional[tuple]:
        """The first thing turned up that nobody has told yet: (kind, pile, who, positions, where)."""
        for number, (_, kind, data) in enumerate(events):
            pile = data["pile"]
            if kind == "shuffle" and pile.place is None:
                untold = [p for p in range(len(pile.items)) if p not in pile.told]
                if untold:
                    where = [e[2]["where"] for e in events if e[1] == "laid" and e[2]["pile"] is pile]
                    return ("open", pile, None, untold, where)
            if kind == "pop" and data["to"] != "hidden" and data["position"] not in pile.told:
                positions = [data["position"]]
                for _, kind2, other in events[number + 1:]:
                    if kind2 != "pop" or other["pile"] is not pile or other["to"] != data["to"] or other["position"] in pile.told:
                        break
                    positions.append(other["position"])
                return ("draw", pile, data["to"], positions, None)
        return None

    def _note_unseen(self, events) -> None:
        for _, kind, data in events:
            if kind == "pop" and data["to"] == "hidden" and data["position"] not in data["pile"].unseen:
                data["pile"].unseen[data["position"]] = data["item"]
                self.hidden.append((self.step, data["pile"], data["position"]))

    def _fit(self) -> None:
        """The game's piles rearranged to the orders told; rebuilt if an unseen item must change."""
        self._refresh()
        if self.game is None:
            return
        for pile in self.piles.values():
            order = pile.order()
            if any(order[p] is not item for p, item in pile.unseen.items()):
                self._rebuild()
                return
        state = self.game.state
        for place, label in self.places.items():
            pile = self.latest(place, state.chance_log)
            items = state.deck if place == "deck" else state.token_piles.get(place)
            if pile is None or items is None or pile.place != place:
                continue
            order = pile.order()
            items[:] = order[len(order) - len(items):]

    def _rebuild(self) -> None:
        for pile in self.piles.values():
            order = pile.order()
            for position in pile.unseen:
                pile.unseen[position] = order[position]
        self._refresh()
        self._replay([p.move.notation() for p in self.game.history])

    def _replay(self, moves: list) -> None:
        """The game again from its set-up, with these moves and the orders told."""
        game = RecordingGame(self.ruleset, self.names, self)
        for text in moves:
            game.play(text)
        self.game = game

    # -- questions
    @property
    def step(self) -> int:
        """How many moves are entered (-1 during the set-up): what is told belongs to the next."""
        return len(self.game.history) if self.game is not None else -1

    def _tell(self, pile: ToldPile, position: int, text: str, noun: str) -> None:
        pile.tell(position, text, noun)
        self.told.append((self.step, pile, position))

    def _from_record(self, pile: ToldPile, positions: list) -> bool:
        """Tell what a record being resumed says is at these positions; False if it says nothing."""
        order = self.preset.get((pile.label, pile.occurrence))
        if order is None:
            return False
        for position in positions:
            self._tell(pile, position, str(order[position]), "item")
        return True

    def take_back_told(self) -> bool:
        """Forget the last item told in the step being entered (it is asked again); False if none."""
        if not self.told or self.told[-1][0] != self.step:
            return False
        _, pile, position = self.told.pop()
        del pile.told[position]
        return True

    def _ask_group(self, game, kind, pile, who, positions, where) -> None:
        noun = "card" if pile.label == "deck" else "tile"
        names = [p.name for p in game.state.players]
        first = len(positions)
        if self._from_record(pile, positions):
            return
        while positions:
            count = len(positions)
            if kind == "open" and pile.label == TURN_ORDER:
                prompt = f"Turn order: which players, first to play first? ({', '.join(names)})"
            elif kind == "open":
                places = f", one on each of {', '.join(where)}" if len(where) == count else ""
                prompt = f"{pile.title[0].upper()}{pile.title[1:]}{places}: which {count}, in order?"
            elif who == "shown":
                prompt = f"{'A' if count == 1 else count} {noun}{'s' if count > 1 else ''} turned up from {pile.title}: which?"
            else:
                more = " more" if count < first else ""
                prompt = f"{names[who]} draws {count}{more} {noun}{'s' if count > 1 else ''}: which?"
            answer = self._answer(prompt)
            said = answer.strip().lower()
            if said in ("help", "?"):
                self.say(QUESTION_HELP.format(noun=noun, title=pile.title, left=describe(pile.left(), pile.show)))
                continue
            if said == "undo":
                if self.take_back_told():
                    return  # the step is tried again, and asks for what was taken back
                if self.step >= 0:
                    raise TakenBack()
                self.say("nothing to take back yet")
                continue
            words = self._words(answer, pile, names)
            if not words:
                continue
            for word in words:
                if not positions:
                    self.say(f"only {count} {'is' if count == 1 else 'are'} needed here; '{word}' and after are left out")
                    break
                try:
                    self._tell(pile, positions[0], word, noun)
                except NotLeft as error:
                    self.say(str(error))
                    break
                positions = positions[1:]

    def _answer(self, prompt: str) -> str:
        try:
            answer = self.ask(prompt + " ")
        except EOFError:
            raise Stop() from None
        if answer.strip().lower() in ("quit", "exit"):
            raise Stop()
        return answer

    @staticmethod
    def _words(answer: str, pile: ToldPile, names: list) -> list:
        """The items an answer names: separated by commas, or by spaces, a name of
        several words (Iron works) taken whole where the words name an item together."""
        if "," in answer:
            words = [w.strip() for w in answer.split(",") if w.strip()]
        else:
            words, said = [], answer.split()
            start = 0
            while start < len(said):
                end = next((end for end in range(min(len(said), start + 4), start + 1, -1) if pile.names(" ".join(said[start:end]))), start + 1)
                words.append(" ".join(said[start:end]))
                start = end
        if pile.label == TURN_ORDER:
            seats = {spelling(name): str(i) for i, name in enumerate(names)}
            seats.update({str(i + 1): str(i) for i in range(len(names))})
            words = [seats.get(spelling(w), w) for w in words]
        return words

    # -- moves
    def play(self, text: str):
        """Check a move, ask what it turns up, apply it; MoveError if it is not legal,
        TakenBack if the person entering it takes it back at its first question."""
        self.game.parse(text)  # a move that does not fit is refused before any question
        try:
            self._settle(lambda: self._try(text))
        except TakenBack:
            self._forget_step(self.step)
            raise
        return self.game.play(text)

    def take_back(self):
        """Take back the last move entered, with what it turned up (asked again if it is
        entered again); UndoError if there is none. Unlike a game's undo, it reaches past
        cards drawn: at a table, what was entered is corrected."""
        moves = [played.move for played in self.game.history]
        if not moves:
            raise UndoError("nothing to take back: no move has been entered yet")
        self._forget_step(len(moves) - 1)
        self._replay([move.notation() for move in moves[:-1]])
        return moves[-1]

    def _forget_step(self, step: int) -> None:
        for _, pile, position in [entry for entry in self.told if entry[0] >= step]:
            pile.told.pop(position, None)
        for _, pile, position in [entry for entry in self.hidden if entry[0] >= step]:
            pile.unseen.pop(position, None)
        self.told = [entry for entry in self.told if entry[0] < step]
        self.hidden = [entry for entry in self.hidden if entry[0] < step]
        self._refresh()

    def record(self) -> dict:
        self._refresh()
        return self.game.record()

    def save(self, path) -> bool:
        """Save the record so far; if it cannot be written, say why (the game goes on)."""
        self._refresh()
        try:
            self.game.save(path)
        except SaveError as error:
            self.say(f"not saved: {error}")
            return False
        return True


QUESTION_HELP = """Type each {noun} as it was drawn or turned up, by the name shown on it or its id,
separated by commas or spaces (a name of several words is taken whole).
Left in {title}: {left}.
  undo   take back the last {noun} told (at the first question of a move: the move)
  quit   stop; the record so far is kept"""

# ------------------------------------------------------------------ the loop
def record_game(ruleset, names, path, ask: Optional[Callable[[str], str]] = None, say: Callable[[str], None] = print, resume: Optional[dict] = None):
    """Enter a game as it is played, saving its record to ``path`` after every step
    (:func:`brass.terminal.entering.record_game`, the loop of ``brass record``)."""
    from .terminal.entering import record_game as loop

    return loop(ruleset, names, path, ask=ask, say=say, resume=resume)

"""A move said in a player's own words, matched against the legal moves.

The notation (:mod:`brass.game.notation`) names each choice: ``build
industry=coal location=dudley``. People say ``build coal in dudley``,
``network birmingham dudley``, ``sell birmingham`` or ``loan 20``. When the
strict reading (:mod:`brass.game.reading`) finds no move in such a text, it is
matched here against the legal moves of the action, one by one:

* each word, or run of words (``iron works``, ``warrington and runcorn``), must
  name one of the move's choices: a value by its id or shown name in any case, a
  town by its first word (``warrington``), a line by its two ends in either order
  (``birmingham dudley``, ``birmingham-dudley``, ``birmingham--dudley``), an
  industry space by its place (``sell birmingham``) or its id (``birmingham.0``),
  one of several things by itself (``scout leek stone stafford``); small words
  such as ``in``, ``at``, ``to`` may stand between them;
* a word that names a card and also something else (most towns are both) is read
  as the other thing: the card is what a move spends, the other words say what it
  does. Only if no move fits so is it read as the card too;
* ``NAME=VALUE`` keeps its meaning: a choice written so is that choice;
* a move that does more than is said (takes an optional step, or makes a written
  choice twice, as a second sale) does not fit.

The moves that fit, in the rules' order, are the answer: one is the move; several
are for the player to choose among; none is refused with the rules' reason for
the most likely reading of the words (:func:`reading`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from itertools import product
from typing import Optional

from ..language.decisions import notation, spelling, spellings
from ..model.static import Card, Slot

# Words that join the names in a sentence and name nothing themselves.
LINKING_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "from", "in", "into", "of", "on", "the", "to", "using", "via", "with"})
LONGEST_NAME = 4  # words in the longest name said as several words ("warrington and runcorn")
MOST_SEGMENTATIONS = 64


@dataclass(frozen=True)
class Option:
    """One value a choice of the legal moves takes: (key, text), what it is, and how it may be said."""

    key: str
    text: str
    card: bool  # a card (or cards): a town named alone is read as something else first
    names: frozenset  # spellings that name it whole
    exact: frozenset  # of those, its id and shown name (not a first word, nor the place of a space)
    ends: tuple = ()  # a line: each end's spellings (a set per end)
    items: tuple = ()  # several things (A+B): (each item's notation, its spellings)
    several: bool = False  # one of the things a choice of several takes (cards=A+B+C)


def option(key: str, value, text: str, kind: str = "choose") -> Option:
    """An option as it may be said. A source (``coal=dudley.0``: kind ``offer``) only by
    its own notation: a place named alone is where to build, not where coal comes from."""
    if kind == "option":  # an optional step, taken: said by its name
        return Option(key, text, False, frozenset({spelling(key)}), frozenset({spelling(key)}))
    items = tuple(value) if isinstance(value, (list, tuple)) and "+" in text else ()
    card = isinstance(value, Card) or bool(items) and all(isinstance(item, Card) for item in items)
    exact = set(spellings(value, text))
    names = set(exact)
    ends: tuple = ()
    if kind == "offer":
        pass
    elif "--" in text:
        places = getattr(value, "locations", None) or [None, None]
        ends = tuple(frozenset(_said_names(end, getattr(place, "name", None))) for end, place in zip(text.split("--"), places))
        for a, b in product(*ends) if len(ends) == 2 else ():
            names.update({f"{a}--{b}", f"{b}--{a}", f"{a}-{b}", f"{b}-{a}"})
    elif not items:
        place, sep, number = text.rpartition(".")
        if sep and number.isdigit() and place:  # an industry space: by its place too
            names.update(_said_names(place, None))
        names.update(_said_names(text, getattr(value, "name", None)))
    said_items = tuple((notation(item), frozenset(_said_names(notation(item), getattr(item, "name", None)))) for item in items)
    return Option(key, text, card, frozenset(names), frozenset(exact), ends, said_items)


def _said_names(ident: str, name: Optional[str]) -> set:
    """An id and a shown name, as said: whole, and by the first word of a name of several."""
    said = {spelling(ident)}
    if name:
        said.add(spelling(name))
    for whole in list(said):
        first = whole.split("-")[0]
        if first and first != whole and not first.isdigit():
            said.add(first)
    return said


@dataclass(frozen=True)
class Fit:
    """How a phrase names a choice of a move: the option, and which part of it
    (None: the whole; ("end", n) of a line; ("item", n) of several), and whether
    by its id or shown name (``exact``) or more loosely."""

    option: Option
    part: Optional[tuple] = None
    exact: bool = True


def fits(phrase: str, opt: Option) -> list:
    """The ways a spelled phrase names an option."""
    found = []
    if phrase in opt.names:
        found.append(Fit(opt, None, phrase in opt.exact))
    for number, end in enumerate(opt.ends):
        if phrase in end:
            found.append(Fit(opt, ("end", number)))
    for number, (_, item) in enumerate(opt.items):
        if phrase in item:
            found.append(Fit(opt, ("item", number)))
    return found


@dataclass
class Words:
    """A text after its action's name: the choices written NAME=VALUE, the bare words,
    and where each stands among the words (what is said together goes together)."""

    named: list  # (key as written, value)
    bare: list  # the other words, in order
    named_at: list  # the position of each named choice among the words
    bare_at: list  # the position of each bare word


def split(tokens) -> Words:
    """The words of a move (``brass.game.notation.words``), the action's name left out."""
    words = Words([], [], [], [])
    for position, word in enumerate(tokens):
        key, sep, value = word.partition("=")
        if sep and key and value:
            words.named.append((key, value))
            words.named_at.append(position)
        else:
            words.bare.append(word)
            words.bare_at.append(position)
    return words


class Matcher:
    """The legal moves of one action (or waiting frame), ready to be matched with words;
    ``board`` (the game's) names what no legal move has, to say why it is not possible."""

    def __init__(self, moves: list, board=None):
        self.moves = moves
        self.board = board
        self.options: dict = {}  # (key, text) -> Option
        self.move_options: list = []  # per move: [(Option, decision)] of its choices
        self.kinds: dict = {}  # key -> the types of thing it takes (Location, Card...), and if several at once
        for move in moves:
            values = move.values if move.values is not None else (None,) * len(move.decisions)
            chosen = []
            for decision, value in zip(move.decisions, values):
                if decision.kind in ("action", "more") or (decision.kind == "option" and decision.text != "yes"):
                    continue
                found = self.options.get((decision.key, decision.text))
                if found is None:
                    found = option(decision.key, value, decision.text, decision.kind)
                    self.options[(decision.key, decision.text)] = found
                    if decision.kind == "choose":
                        self._note_kind(decision.key, value, bool(found.items))
                chosen.append((found, decision))
            self.move_options.append(chosen)
        self.keys = list(dict.fromkeys(key for key, _ in self.options))
        # Choices some move makes more than once (a sale's tile, a development's industry).
        self.repeated = {opt.key for chosen in self.move_options for opt, _ in chosen if sum(1 for other, _ in chosen if other.key == opt.key) > 1}
        self._things: Optional[list] = None

    def _note_kind(self, key: str, value, several: bool) -> None:
        things = value if several else (value,)
        self.kinds.setdefault(key, set()).update((type(thing), several) for thing in things if hasattr(thing, "id"))

    def things(self) -> list:
        """Everything in the game a choice of these moves could take, legal now or not,
        as options of that choice: what words name when no legal move has them."""
        if self._things is None:
            self._things = []
            for thing in (self.board.by_id.values() if self.board is not None else ()):
                for key, kinds in self.kinds.items():
                    for kind, several in kinds:
                        if isinstance(thing, kind):
                            found = option(key, thing, notation(thing))
                            self._things.append(Option(found.key, found.text, found.card, found.names, found.exact, found.ends, (), several))
        return self._things

    # -- the words
    def key_of(self, written: str) -> Optional[str]:
        """A choice's name as written: exact, in other case, or by a unique start."""
        if written in self.keys:
            return written
        same = [k for k in self.keys if k.lower() == written.lower()] or [k for k in self.keys if k.startswith(written.lower())]
        return same[0] if len(same) == 1 else None

    def phrase_fits(self, phrase: str, anything: bool = False) -> list:
        """What a spelled phrase names among the legal moves' options (``anything``: and,
        if none, among everything in the game)."""
        found = [fit for opt in self.options.values() for fit in fits(phrase, opt)]
        if anything and not found:
            found = [fit for opt in self.things() for fit in fits(phrase, opt)]
        return found

    def segmentations(self, bare: list, anything: bool = False) -> list:
        """Every way to read the bare words as phrases (each naming something) and
        linking words; each a list of (where the phrase starts among the bare words, its fits)."""
        found: list = []

        def walk(start: int, so_far: list) -> None:
            if len(found) >= MOST_SEGMENTATIONS:
                return
            if start == len(bare):
                found.append(list(so_far))
                return
            label = self.label(bare[start])  # "card brewery": the card is the brewery
            for first, key in ((start, None), (start + 1, label)) if label else ((start, None),):
                for end in range(min(len(bare), first + LONGEST_NAME), first, -1):
                    words = bare[first:end]
                    fitting = self._fits_of(words, anything)
                    if key:
                        fitting = [fit for fit in fitting if fit.option.key == key]
                    if not fitting:
                        continue
                    walk(end, so_far + [(first, fitting)])
                    after = self.label(bare[end]) if end < len(bare) and not key else None
                    labelled = [fit for fit in fitting if fit.option.key == after]
                    if labelled:  # "the brewery card"
                        walk(end + 1, so_far + [(first, labelled)])
            if bare[start].lower() in LINKING_WORDS:
                walk(start + 1, so_far)

        walk(0, [])
        return found

    def label(self, word: str) -> Optional[str]:
        """The choice a word names by its name ("card", "cards", "line"), if it does."""
        said = spelling(word).rstrip("s")
        keys = [key for key in self.keys if spelling(key).rstrip("s") == said]
        return keys[0] if len(keys) == 1 else None

    def _fits_of(self, words: list, anything: bool = False) -> list:
        """What a run of words names: joined as a name (``iron works``), or two words as a line's ends."""
        fitting = self.phrase_fits(spelling("-".join(words)), anything)
        if len(words) == 2 and not fitting:
            fitting = [fit for fit in self.phrase_fits(spelling("--".join(words)), anything) if fit.part is None]
        return fitting

    def unknown(self, bare: list) -> list:
        """The bare words that name nothing, alone or with their neighbours."""
        covered = set()
        for start in range(len(bare)):
            for end in range(start + 1, min(len(bare), start + LONGEST_NAME) + 1):
                if self._fits_of(bare[start:end], anything=True):
                    covered.update(range(start, end))
        return [word for number, word in enumerate(bare) if number not in covered and word.lower() not in LINKING_WORDS and not self.label(word)]

    def close_to(self, word: str) -> Optional[str]:
        """What a misspelt word may have meant: the closest id or shown name, as the choice
        it is most likely for (not the card, if something else), or alone if it is a
        line's end."""
        order = {key: number for number, key in enumerate(self.keys)}
        by_name: dict = {}
        for opt in [*self.options.values(), *self.things()]:
            for name in opt.exact:
                by_name.setdefault(name, []).append((opt.card, order.get(opt.key, 0), f"{opt.key}={opt.text}"))
            for end, place in zip(opt.ends, opt.text.split("--")):
                for name in end:
                    by_name.setdefault(name, []).append((False, -1, place))
        close = difflib.get_close_matches(spelling(word), list(by_name), n=1, cutoff=0.7)
        return min(by_name[close[0]])[2] if close else None

    # -- the moves
    def matching(self, words: Words, exactly: bool = True) -> list:
        """The moves that fit the words, in the rules' order (see the module's text);
        ``exactly=False``: also moves that do more than the words say (a list's filter)."""
        named = []
        for (key, value), position in zip(words.named, words.named_at):
            real = self.key_of(key)
            if real is None:
                return []
            named.append((position, real, spelling(value.strip("'\""))))
        readings = [[(words.bare_at[start], fitting) for start, fitting in reading] for reading in self.segmentations(words.bare)] if words.bare else [[]]
        for cards_too in (False, True):
            found = [(move, chosen) for move, chosen in zip(self.moves, self.move_options) if any(_fits_move(chosen, named, reading, cards_too, exactly) for reading in readings)]
            if found:
                return _one_of_twins(found)
        return []


def _one_of_twins(found: list) -> list:
    return one_of_twins([move for move, _ in found])


def one_of_twins(moves: list) -> list:
    """The moves, each once where several differ only in which of two like spaces of one
    place they build on (Bury's two spaces for a cotton mill or a coal mine): the spaces
    are alike, so the first is taken."""
    kept, seen = [], set()
    for move in moves:
        values = move.values if move.values is not None else (None,) * len(move.decisions)
        like = tuple(_alike(decision, value) for decision, value in zip(move.decisions, values))
        if like not in seen:
            seen.add(like)
            kept.append(move)
    return kept


def alike(slot) -> list:
    """The other spaces of a space's place that take the same industries."""
    return [other for other in slot.location.slots if other is not slot and other.industries == slot.industries]


def _alike(decision, value) -> tuple:
    """A decision as far as it matters: a space by its place and what may be built on it."""
    if isinstance(value, Slot):
        return (decision.key, value.location.id, tuple(getattr(i, "id", i) for i in value.industries))
    return (decision.key, decision.text)


def _fits_move(chosen: list, named: list, reading: list, cards_too: bool, exactly: bool = True) -> bool:
    """Do the written choices and the phrases of one reading all name choices of this
    move, none twice, together as they are said, and does the move do nothing more
    than they say?"""
    free = list(range(len(chosen)))
    given = []  # (position among the words, the choice of the move it names)
    for position, key, value in named:
        number = next((n for n in free if chosen[n][0].key == key and value in chosen[n][0].names | {spelling(chosen[n][0].text)}), None)
        if number is None:
            return False
        free.remove(number)
        given.append((position, number))
    # First pass: a phrase that names a card and something else names the other thing.
    phrases = [(position, fitting if cards_too else [fit for fit in fitting if not fit.option.card] or fitting) for position, fitting in reading]
    return _assign(chosen, phrases, 0, free, {}, given, exactly)


def _assign(chosen: list, phrases: list, number: int, free: list, parts: dict, given: list, exactly: bool = True) -> bool:
    """Give each phrase a choice of the move (a whole one, or a part of a line or of
    several things not already given), backtracking; then check the move as a whole."""
    if number == len(phrases):
        return (not exactly or _says_all(chosen, {index for _, index in given})) and _together(chosen, given)
    position, fitting = phrases[number]
    for fit in fitting:
        for index in free:
            if chosen[index][0] is not fit.option:
                continue
            if fit.part is None:
                if index in parts:
                    continue
                rest = [n for n in free if n != index]
                if _assign(chosen, phrases, number + 1, rest, parts, given + [(position, index)], exactly):
                    return True
            else:
                taken = parts.get(index, frozenset())
                if fit.part in taken:
                    continue
                if _assign(chosen, phrases, number + 1, free, {**parts, index: taken | {fit.part}}, given + [(position, index)], exactly):
                    return True
    return False


def _says_all(chosen: list, said: set) -> bool:
    """A move fits only if each step it takes is said, and each choice it makes more
    than once (a second sale, a second development) is said each time."""
    counts: dict = {}
    for opt, decision in chosen:
        if decision.printed:
            counts[opt.key] = counts.get(opt.key, 0) + 1
    for index, (opt, decision) in enumerate(chosen):
        if index in said:
            continue
        if decision.kind == "option" or (decision.printed and counts[opt.key] > 1):
            return False
    return True


def _together(chosen: list, given: list) -> bool:
    """What is said together goes together: of the choices said more than once (a sale's
    tile and its beer, twice), each round said (from one's first choice to where a
    choice comes again) must be within one round the move makes, each in its own."""
    keys = [chosen[index][0].key for index in dict.fromkeys(index for _, index in sorted(given))]
    repeated = {key for key in keys if keys.count(key) > 1}
    if not repeated:
        return True
    made = _round_numbers([chosen[index][0].key if chosen[index][0].key in repeated else None for index in range(len(chosen))])
    said_order = [index for index in dict.fromkeys(index for _, index in sorted(given)) if chosen[index][0].key in repeated]
    said = _round_numbers([chosen[index][0].key for index in said_order])
    rounds: dict = {}  # a round said -> the round of the move it is in
    for index, said_round in zip(said_order, said):
        if rounds.setdefault(said_round, made[index]) != made[index]:
            return False
    return len(set(rounds.values())) == len(rounds)


def _round_numbers(keys: list) -> list:
    """For each key in turn (None: not counted), the round it falls in: a round ends
    where a key it has comes again."""
    numbers, current, number = [], set(), 0
    for key in keys:
        if key is not None and key in current:
            number, current = number + 1, set()
        if key is not None:
            current.add(key)
        numbers.append(number)
    return numbers


def reading(matcher: Matcher, name: str, words: Words) -> Optional[str]:
    """The most likely meaning of the words as notation, to ask the rules why it is
    not a legal move: each phrase as the choice it names whole (among the legal moves,
    else among everything in the game), not a card if it can be something else, the
    rules' later choices first (a card comes first in most actions, and is what a move
    spends), in the order said; None if the words cannot be read so."""
    readings = matcher.segmentations(words.bare, anything=True) if words.bare else [[]]
    if not readings:
        return None
    order = {key: number for number, key in enumerate(matcher.keys)}
    parts = [(position, matcher.key_of(k) or k, v) for (k, v), position in zip(words.named, words.named_at)]
    used = {key for _, key, _ in parts}
    several: dict = {}  # key -> the things said for a choice of several
    for start, fitting in min(readings, key=len):
        said = []  # (option, the text it stands for here, one of several?, exact?)
        for fit in fitting:
            opt = fit.option
            if fit.part is None and (opt.key not in used or opt.several or opt.key in matcher.repeated):
                said.append((opt, opt.text, opt.several, fit.exact))
            elif fit.part is not None and fit.part[0] == "item":
                said.append((opt, opt.items[fit.part[1]][0], True, fit.exact))
        if not said:
            continue
        opt, value, of_several, _ = min(said, key=lambda s: (not s[3], s[0].card, -order.get(s[0].key, 0)))
        if of_several:
            several.setdefault(opt.key, [words.bare_at[start], []])[1].append(value)
            continue
        used.add(opt.key)
        parts.append((words.bare_at[start], opt.key, None if value == "yes" and not opt.ends else value))
    parts += [(position, key, "+".join(texts)) for key, (position, texts) in several.items()]
    return " ".join([name] + [key if value is None else f"{key}={value}" for _, key, value in sorted(parts, key=lambda part: part[0])])

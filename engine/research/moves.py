"""A move as a walk through small decisions: the legal moves of a frame, narrowed atom by atom.

The engine lists the legal moves of the frame a game waits in as *paths*: the
decisions of each move in the rules' order, where one path may stand for many
moves (a choice taken last, generated code's
:class:`~brass.language.codegen.search.Deferred`). A :class:`Walk` starts
from those paths and follows them one atom at a time
(:mod:`brass.research.actions`): the options now are the distinct next atoms of
the moves still possible, ``end`` where a value of several atoms may stop
short. An option that is the only one is taken at once, so a player is asked
only where there is a real choice; the walk is complete when one move is left.

Nothing here makes Move objects or writes notation: a path's entries carry
their values, and the move is applied from them (``Game._apply``'s tokens).
"""

from __future__ import annotations

from typing import Optional

from ..errors import RuleRuntimeError
from ..language.codegen.search import Deferred

# A cursor: one move still possible, and how far along it the walk is:
# (entries, entry index, its concrete entry, its atoms, atoms taken of it, entries taken)
_ENTRIES, _AT, _ENTRY, _ATOMS, _TAKEN, _DONE = range(6)


class Walk:
    """The legal moves of the frame a game waits in, narrowed atom by atom.

    Copies may share a walk's state: each step makes new lists, never changes one."""

    __slots__ = ("space", "game", "native", "player", "cursors", "options", "chosen", "asked", "move")

    def __init__(self, space, game):
        self.space = space
        self.game = game
        self.native = True  # its values are its game's own, listed at this very position
        frame = game.state.frame
        self.player = frame.waiting
        search = game.runner.all_paths(game)
        if search is None:
            reason = game.fallbacks[-1] if game.fallbacks else game.ruleset.untranslatable
            raise RuleRuntimeError(f"the research faces walk the moves the generated code lists, and {game.ruleset.name} has none here: {reason}")
        skip = len(frame.script)
        cursors = []
        for path, _, _ in game.runner.one_path_per_effect(game, frame, search.found):
            cursors.extend(_enter(space, tuple(path[skip:]), 0, ()))
        if not cursors:
            raise RuleRuntimeError("no legal move exists although the game waits for one")
        self.cursors = cursors
        self.chosen: tuple = ()  # the atoms of the move so far, forced ones too
        self.asked = 0  # the decisions taken by choose(): real choices
        self.move: Optional[tuple] = None  # the entries of the whole move, once one is left
        self.options: tuple = ()
        self._settle()

    def again(self, game) -> "Walk":
        """The same decisions walked on another game (a copy of this one's, with the
        same legal moves)."""
        other = Walk(self.space, game)
        while other.move is None and len(other.chosen) < len(self.chosen):
            atom = self.chosen[len(other.chosen)]  # the forced ones the other walk took itself
            if atom not in other.options:
                break
            other.choose(atom)
        other.asked = self.asked
        if other.chosen != self.chosen:
            raise RuntimeError(f"the decisions {self.chosen} cannot be walked again on the copy (it walked {other.chosen})")
        return other

    def copy(self, game=None) -> "Walk":
        """A copy; ``game``: for a copy of the walk's game, which holds its hands in the
        same order (the values of the move, found there by identity or notation)."""
        other = Walk.__new__(Walk)
        for name in Walk.__slots__:
            setattr(other, name, getattr(self, name))
        if game is not None:
            other.game = game
            other.native = False
        return other

    # -- the decision now
    @property
    def key(self) -> Optional[str]:
        """The name of the choice the options are for (``card``, ``coal``...)."""
        if self.move is not None:
            return None
        cursor = self.cursors[0]
        entry = cursor[_ENTRY]
        return entry.key if entry.__class__ is Deferred else entry[0]

    def counts(self) -> dict:
        """How many whole moves each option leads to (choosing options in proportion
        to these draws a legal move uniformly, as ``Game.playout`` does)."""
        counts: dict = {}
        for atom, group in self._options().items():
            counts[atom] = sum(_moves_after(cursor) for cursor in group)
        return counts

    def choose(self, atom: int) -> None:
        """Take one of the options."""
        if atom not in self.options:
            shown = ", ".join(self.space.word(a) for a in self.options)
            raise ValueError(f"{atom} ({_word(self.space, atom)}) is not a legal option of {self.key} now; the options: {shown}")
        self._take(atom)
        self.asked += 1
        self._settle()

    def toward(self, tokens: list) -> int:
        """The option that leads to the move whose decisions are these (key, text), all
        of them; ValueError if no legal move makes them."""
        from ..language.decisions import notation

        def fits(cursor) -> bool:
            entries = cursor[_DONE] + ((cursor[_ENTRY],) if cursor[_ENTRY] is not None else ()) + tuple(cursor[_ENTRIES][cursor[_AT] + 1 :])
            if len(entries) != len(tokens):
                return False
            return all(e[0] == key and (e[2] if e[2] is not None else notation(e[1])) == text for e, (key, text) in zip(entries, tokens))

        for atom, group in self._options().items():
            if any(fits(cursor) for cursor in _expanded(group)):
                return atom
        raise ValueError(f"no legal move here makes the decisions {' '.join(f'{k}={t}' for k, t in tokens)}")

    def tokens(self) -> list:
        """The whole move as ``Game._apply`` takes it: (key, text, value), the values the
        walk's game's own."""
        return [(entry[0], entry[2], entry[1]) for entry in self.move]

    # -- the walk
    def _options(self) -> dict:
        end = self.space.END
        groups: dict = {}
        for cursor in self.cursors:
            atoms, taken = cursor[_ATOMS], cursor[_TAKEN]
            atom = atoms[taken] if taken < len(atoms) else end
            group = groups.get(atom)
            if group is None:
                groups[atom] = [cursor]
            else:
                group.append(cursor)
        return groups

    def _take(self, atom: int) -> None:
        space = self.space
        self.chosen += (atom,)
        group = [c for c in self.cursors if (c[_ATOMS][c[_TAKEN]] if c[_TAKEN] < len(c[_ATOMS]) else space.END) == atom]
        if atom == space.END:
            self.cursors = [n for c in group for n in _enter(space, c[_ENTRIES], c[_AT] + 1, c[_DONE] + (c[_ENTRY],))]
        else:
            self.cursors = [(c[0], c[1], c[2], c[3], c[4] + 1, c[5]) for c in group]

    def _settle(self) -> None:
        """Take every option that is the only one; stop at a real choice or the end."""
        space = self.space
        while True:
            done = [c for c in self.cursors if c[_ENTRY] is None]
            if done:
                if len(done) != len(self.cursors) or len(done) > 1:
                    raise RuleRuntimeError(
                        f"the decisions {', '.join(space.word(a) for a in self.chosen)} make "
                        f"{len(done)} complete moves and {len(self.cursors) - len(done)} longer ones: the walk cannot tell them apart"
                    )
                self.move = done[0][_DONE]
                self.options = ()
                return
            groups = self._options()
            if len(groups) > 1:
                self.options = tuple(sorted(groups))
                return
            (atom,) = groups
            if atom == space.END:  # every value complete: no need to say so
                self.cursors = [n for c in self.cursors for n in _enter(space, c[_ENTRIES], c[_AT] + 1, c[_DONE] + (c[_ENTRY],))]
            else:
                self._take(atom)


def _enter(space, entries: tuple, at: int, done: tuple) -> list:
    """Cursors at entry ``at`` of a path: one per option of a deferred choice."""
    if at == len(entries):
        return [(entries, at, None, (), 0, done)]
    entry = entries[at]
    if entry.__class__ is Deferred:
        return [(entries, at, full, space.atoms(full[1], full[0]), 0, done) for full in (entry.entry(i, v) for i, v in entry.valid)]
    return [(entries, at, entry, space.atoms(entry[1], entry[0]), 0, done)]


def _moves_after(cursor) -> int:
    """The moves a cursor stands for: one per option of each deferred choice ahead."""
    count = 1
    for entry in cursor[_ENTRIES][cursor[_AT] + 1 :]:
        if entry.__class__ is Deferred:
            count *= len(entry.valid)
    return count


def _word(space, atom) -> str:
    try:
        return space.word(atom)
    except Exception:
        return "no atom"


def _expanded(cursors) -> list:
    """Cursors with every deferred choice after their current entry spelt out."""
    result = []
    for cursor in cursors:
        rests = [()]
        for entry in cursor[_ENTRIES][cursor[_AT] + 1 :]:
            options = [entry.entry(i, v) for i, v in entry.valid] if entry.__class__ is Deferred else [entry]
            rests = [rest + (option,) for rest in rests for option in options]
        for rest in rests:
            entries = cursor[_ENTRIES][: cursor[_AT] + 1] + rest
            result.append((entries,) + cursor[1:])
    return result

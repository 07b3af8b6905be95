"""The values a game hands out: moves, the legal moves now, the outcome; and the
frame a game waits in, with the history of moves made.

A leaf of the game wing: nothing here runs rules. :class:`LegalMoves` asks its
game, whatever game it is given, for the moves (python-chess's lazy
collection).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from ..errors import InvalidMoveError
from .notation import write_move


@dataclass(frozen=True)
class FrameState:
    """Rule code that is running and waits for a player's decision."""

    kind: str  # action | procedure
    name: Optional[str]  # the procedure; for an action frame, None until an action is chosen
    you: Optional[int]  # the acting player, if any
    mark: int  # journal position when the frame started
    script: tuple = ()  # every decision taken so far in it, as (key, text)
    waiting: Optional[int] = None  # whose decision it is now
    then: Optional[str] = None  # the phase that follows once it completes
    args: tuple = ()
    partial: bool = False  # has it run part way (its effects so far are on the state)?
    reveals: int = 0  # hidden information its earlier moves revealed

    def but(self, **changes) -> "FrameState":
        """A copy with some fields changed (as dataclasses.replace, which is slow)."""
        other = object.__new__(FrameState)
        fields = dict(self.__dict__)
        fields.update(changes)
        object.__setattr__(other, "__dict__", fields)
        return other

    def move_name(self, action) -> str:
        """The name a move made in this frame is written with: its procedure's, or the
        action's (``action``: the one chosen, for an action frame not yet named)."""
        if self.kind == "action":
            return self.name or (action.name if action else "?")
        return self.name


@dataclass(frozen=True)
class Move:
    """A move: the frame it belongs to, who made it, and every decision in it."""

    frame: str
    player: int
    decisions: tuple  # of Decision, including those the notation leaves out
    # The values chosen, decision by decision, when the game made the move: they
    # let push find each option without writing its notation again.
    values: Optional[tuple] = field(default=None, compare=False, repr=False)
    # The position the game made it at: pushed there, it needs no checking again.
    origin: Optional[object] = field(default=None, compare=False, repr=False)

    def notation(self) -> str:
        """The short form: what tells this move apart from the other legal ones."""
        return write_move(self.frame, self.decisions)

    def full_notation(self) -> str:
        """The full form: every choice the move makes (place, space, sources), for people to read."""
        return write_move(self.frame, self.decisions, full=True)

    def __str__(self) -> str:
        return self.notation()

    def tokens(self) -> list:
        return [(d.key, d.text) for d in self.decisions]


@dataclass
class Outcome:
    """How the game ended: the ranking (ties share a place) and the final figures."""

    ranking: list  # list of lists of player indexes, best first
    scores: list  # per player: dict of vp, income_level, money
    names: list

    @property
    def winners(self) -> list:
        return self.ranking[0] if self.ranking else []

    def result(self) -> str:
        names = [self.names[i] for i in self.winners]
        if len(names) == 1:
            return f"{names[0]} wins"
        return "shared win: " + ", ".join(names)


@dataclass
class _Played:
    move: Move
    mark: int  # journal position before the move
    turn: tuple  # (era, round, turn index) when it was made
    frame: FrameState  # the frame that was waiting for it
    position: object  # the game's moment before it: undo goes back to that position


class LegalMoves:
    """The legal moves now, generated on demand (as in python-chess)."""

    def __init__(self, game, only=None):
        self.game = game
        self.only = only

    def of(self, action: str) -> "LegalMoves":
        """Only the moves of one action (the others are not even generated)."""
        if action not in self.game.rules.actions:
            raise InvalidMoveError(f"{action!r} is not an action; the actions are: {', '.join(self.game.rules.actions)}")
        return LegalMoves(self.game, action)

    def __iter__(self) -> Iterator[Move]:
        yield from self.game.runner.moves(self.game, self.only)

    def __contains__(self, move) -> bool:
        if isinstance(move, Move):
            move = move.notation()
        try:
            self.game.parse(move)
        except Exception:
            return False
        return True

    def count(self) -> int:
        return self.game.count_moves(self.only)

    def __bool__(self) -> bool:
        return self.count() > 0

    def __repr__(self) -> str:
        moves = [m.notation() for m, _ in zip(self, range(6))]
        return f"<LegalMoves {', '.join(moves)}{', ...' if len(moves) == 6 else ''}>"

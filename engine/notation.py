"""Move notation: how a move is written and read.

A move is the name of the action (or of the procedure asking, such as
``end_of_round``) followed by its decisions, each ``name=value``; an optional
step taken is written as its bare name. Decisions the player had no real
choice in are left out. The shapes::

    ACTION name=value name=value ...
    ACTION name=value OPTIONAL_STEP name=value ...
    PROCEDURE name=value

Values are identifiers: ``LOCATION.N`` is an industry space, ``LOCATION:N`` a
token space, ``A+B`` several sources, ``X*2`` two from the same one, ``market``
a purchase. The documentation shows each ruleset's moves.
"""

from __future__ import annotations

import re

from .errors import InvalidMoveError

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_VALUE = re.compile(r"^[A-Za-z0-9_.:+*/-]+$")


def parse_move(text: str) -> tuple[str, list[tuple[str, str | None]]]:
    """Split a move into its frame name and its tokens ``(name, value or None)``."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMoveError("the move is empty: write an action's name and its choices, e.g. 'loan card=stafford'")
    frame = words[0]
    if not _WORD.match(frame):
        raise InvalidMoveError(f"{frame!r} is not an action name: a move starts with one, e.g. 'build'")
    tokens = []
    for word in words[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if not _WORD.match(key):
                raise InvalidMoveError(f"{word!r}: {key!r} is not a decision name")
            if not value or not _VALUE.match(value):
                raise InvalidMoveError(f"{word!r}: {value!r} is not a value (use identifiers such as dudley.0 or stone.0+market)")
            tokens.append((key, value))
        elif _WORD.match(word):
            tokens.append((word, None))
        else:
            raise InvalidMoveError(f"{word!r} is neither NAME=VALUE nor a bare NAME")
    return frame, tokens


def write_move(frame: str, decisions) -> str:
    """The notation of a move from its decisions (only the printed ones appear)."""
    words = [frame]
    for decision in decisions:
        if decision.printed and decision.kind != "action":
            words.append(decision.token())
    return " ".join(words)

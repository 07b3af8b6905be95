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
a purchase. A value with spaces is quoted: ``card="Coal mine"``. The
documentation shows each ruleset's moves; docs/reference/notation.rst says
which other spellings are understood.
"""

from __future__ import annotations

import re

from ..errors import InvalidMoveError

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_VALUE = re.compile(r"^[A-Za-z0-9_.:+*/-]+$")
_QUOTED_VALUE = re.compile(r"^[^\x00-\x1f\"=]+$")  # a shown name: letters, spaces, punctuation


def words(text: str) -> list[str]:
    """The words of a move; a double-quoted stretch (a name with spaces) stays in one word."""
    if '"' not in text:
        return text.split()
    found, word, quoted, touched = [], [], False, False
    for char in text:
        if char == '"':
            quoted = not quoted
            touched = True
        elif char.isspace() and not quoted:
            if word or touched:
                found.append("".join(word))
            word, touched = [], False
        else:
            word.append(char)
    if quoted:
        raise InvalidMoveError(f"{text!r}: a quote is not closed; write a name with spaces as card=\"Coal mine\"")
    if word or touched:
        found.append("".join(word))
    return found


def parse_move(text: str) -> tuple[str, list[tuple[str, str | None]]]:
    """Split a move into its frame name and its tokens ``(name, value or None)``."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, not {type(text).__name__}")
    said = words(text)
    if not said:
        raise InvalidMoveError("the move is empty: write an action's name and its choices, as the list of moves shows them")
    frame = said[0]
    if not _WORD.match(frame):
        raise InvalidMoveError(f"{frame!r} is not an action name: a move starts with one, e.g. 'build'")
    tokens = []
    for word in said[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if not _WORD.match(key):
                raise InvalidMoveError(f"{word!r}: {key!r} is not a decision name")
            if not value or not (_VALUE.match(value) or _QUOTED_VALUE.match(value)):
                raise InvalidMoveError(f"{word!r}: {value!r} is not a value (write an identifier as the moves list shows it, or a shown name in quotes)")
            tokens.append((key, value))
        elif _WORD.match(word):
            tokens.append((word, None))
        else:
            raise InvalidMoveError(f"{word!r} is neither NAME=VALUE nor a bare NAME")
    return frame, tokens


def write_move(frame: str, decisions, full: bool = False) -> str:
    """The notation of a move from its decisions.

    Short (the default): only what tells it apart from the other legal moves,
    for typing. ``full``: every decision, so that it names everything the move
    does (the place, the space, the sources); for showing a move to a person.
    Both read back as the same move."""
    words = [frame]
    for decision in decisions:
        if decision.kind == "action":
            continue
        if decision.printed:
            words.append(decision.token())
        elif full and decision.kind in ("choose", "offer"):  # what the short form leaves out: places, sources
            words.append(decision.token())
    return " ".join(words)

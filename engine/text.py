"""Text from outside, made safe to show.

A player's name comes from a command line, a web form or a record; printed as
it is, an escape sequence in it would act on the terminal that shows it
(clearing the screen, rewriting earlier lines). Ruleset files and rule files
refuse such characters where they are read (:mod:`brass.data`,
:mod:`brass.language.parser`); names are kept, with each control character
written out as its escape.
"""

from __future__ import annotations

import re

# Control characters, C0 and C1, and DEL: a terminal acts on them.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """The text with each control character written as an escape: ESC as ``\\x1b``."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)

"""The rule file's own comments, found again for the statements they explain.

Rule files state each rule in prose in comments above (or at the end of) the
code that enforces it. :class:`SourceComments` reads the rule file a
declaration came from and hands out those comments as note steps: the
comment block just above a line, and a comment trailing a line of code. Each
comment line is handed out once, so a comment above a block is not repeated
before the block's first statement.

Two marks set a comment apart as a note for engine readers rather than a
rule of play (documented in the rule language reference): a paragraph that
begins ``Engine:``, and a line of code that ends with ``# engine`` (or
``# engine: why``), which keeps that statement out of the rule text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from .steps import Step
from .words import capitalised

_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_ENGINE_PARAGRAPH = re.compile(r"^engine:\s*", re.IGNORECASE)  # "# Engine: a move names ..."
_ENGINE_TAG = re.compile(r"^engine\b\s*(?::\s*(?P<why>.*))?$", re.IGNORECASE)  # "let previous = none  # engine"


class SourceComments:
    """The comments of one rule file, each handed out as a note only once."""

    def __init__(self, ruleset, file: str):
        self.lines = source_lines(ruleset, file)
        self.used_lines: set = set()

    def notes_above(self, line: int, in_body: bool = True) -> list[Step]:
        """The comment lines just above a line of the rule file, as notes.

        In a body, blank lines between the comments and the statement are
        allowed; above a declaration they are not (a section's header comment
        is not the declaration's)."""
        if not self.lines or line < 2:
            return []
        found = []
        index = line - 2
        while index >= 0:
            text = self.lines[index].strip()
            if text.startswith("#"):
                found.append((index + 1, text))
            elif not text and in_body:
                found.append((index + 1, ""))
            elif in_body and re.match(r'(cite|describe)\s+"', text):
                pass  # meta lines are not rendered; comments above them still are
            else:
                break
            index -= 1
        found.reverse()
        return self._paragraphs(found)

    def trailing_note(self, where) -> list[Step]:
        """The comment at the end of a node's line, as a note (if not handed out yet)."""
        if where is None or not where.text or where.line in self.used_lines:
            return []
        comment = trailing_comment(where.text)
        if not comment or _ENGINE_TAG.match(comment):
            return []  # an engine tag is the statement's mark, not prose
        self.used_lines.add(where.line)
        return [Step(comment, "note")]

    def notes_around(self, where) -> list[Step]:
        """The comments above a node's line, then the one at its end."""
        return self.notes_above(where.line) + self.trailing_note(where)

    def else_line(self, first_line: int) -> Optional[int]:
        """The line of ``else:`` above the first statement of an else block."""
        if not self.lines:
            return None
        index = first_line - 2
        while index >= 0:
            text = self.lines[index].strip()
            if re.match(r"else\s*:", text):
                return index + 1
            if text and not text.startswith("#"):
                return None
            index -= 1
        return None

    def _paragraphs(self, numbered: list) -> list[Step]:
        """Numbered comment lines as notes, one per paragraph (blank lines and rulers split them)."""
        notes = []
        current: list[str] = []

        def flush():
            if current:
                text = " ".join(current)
                engine = _ENGINE_PARAGRAPH.match(text)
                notes.append(Step(capitalised(text[engine.end() :]), "engine") if engine else Step(text, "note"))
                current.clear()

        for number, text in numbered:
            if number in self.used_lines:
                continue
            if not text:
                flush()
                continue
            self.used_lines.add(number)
            body = text.lstrip("#").strip()
            if not body or re.search(r"-{4,}|={4,}", body):
                flush()
                continue
            current.append(body)
        flush()
        return notes


def engine_tag(where):
    """Whether a node's line ends with ``# engine`` (kept out of the rule text), and the
    reason given after ``engine:`` ("" if none); None if it has no such mark."""
    comment = trailing_comment(where.text) if where is not None and where.text else None
    found = _ENGINE_TAG.match(comment) if comment else None
    return None if found is None else (found.group("why") or "").strip()


def source_lines(ruleset, file: str) -> Optional[list]:
    """The lines of a rule file, named as its declarations' places name it (None if not found)."""
    found = ruleset.locate(file) if hasattr(ruleset, "locate") else _by_layer_name(ruleset, file)
    if found is None:
        return None
    layer, relative = found
    try:
        return (Path(layer.folder) / relative).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None


def _by_layer_name(ruleset, file: str):
    """For a ruleset-like object: the layer of a file named ``layer/relative/path``."""
    # The longest matching layer name wins: one name may begin with another's plus a folder.
    for layer in sorted(getattr(ruleset, "layers", None) or (), key=lambda l: -len(l.name)):
        if file.startswith(f"{layer.name}/"):
            return layer, file[len(layer.name) + 1 :]
    return None


def trailing_comment(line: str) -> Optional[str]:
    """The comment at the end of a line of code, if any."""
    blanked = _STRING.sub(lambda m: " " * len(m.group(0)), line)  # a '#' inside a string is not a comment
    position = blanked.find("#")
    if position < 0 or not blanked[:position].strip():
        return None
    comment = line[position + 1 :].strip()
    return comment or None

"""The :class:`Step` the explainer produces, and its rendering as plain text.

A step is one English sentence of a rule (or a paragraph of the rule file's
own comment prose, marked as a note), with the steps of a nested block (the
body of an ``if``, ``for``, ``repeat`` or ``optionally``) as its children.

A third kind, ``engine``, is a note for engine readers, not a rule of play:
how a move is written, what a statement is for in the search, which setting a
number comes from. The rule chapters set these apart from the rule text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("step", "note", "engine")


@dataclass
class Step:
    text: str  # one English sentence (or a comment's prose)
    kind: str = "step"  # "note": the rule file's prose; "engine": a note for engine readers; "step": rendered code
    children: list = field(default_factory=list)  # nested steps (blocks of if/for/repeat/optionally)
    # A sentence about one player ("The player draws 8 cards") also kept as the
    # player would be told it ("Draw 8 cards"), for a loop that already says whose
    # turn it is ("For each player:"): who it is said of, and that plain sentence.
    said_of: str = field(default="", compare=False, repr=False)
    plain: str = field(default="", compare=False, repr=False)
    # A note naming the settings the numbers come from keeps them by name, so the
    # notes of several declarations (a chapter's terms) can say them once.
    settings: dict = field(default_factory=dict, compare=False, repr=False)


def render_steps(steps: list[Step], indent: str = "  ", bullet: str = "- ", level: int = 0) -> str:
    """Steps as indented plain text: one line each, notes marked with '#', notes
    for engine readers with '(engine)'."""
    lines = []
    for step in steps:
        mark = {"note": "# ", "engine": "(engine) "}.get(step.kind, bullet)
        lines.append(f"{indent * level}{mark}{step.text}")
        if step.children:
            lines.append(render_steps(step.children, indent, bullet, level + 1))
    return "\n".join(line for line in lines if line)


SETTINGS_NOTE = "The numbers above are settings of the rule files (a variant may change them): "


def settings_note(settings: dict) -> Step:
    """The note for engine readers that names the settings some numbers come from."""
    from .words import join_words, setting_literal

    names = join_words([f"{name} = {setting_literal(value)}" for name, value in settings.items()], "and")
    return Step(SETTINGS_NOTE + names + ".", "engine", settings=dict(settings))


def split_engine_notes(steps: list[Step]) -> tuple[list[Step], list[Step]]:
    """The rule text, and the notes for engine readers (at any depth), apart; the
    settings the notes name are said once, in one note at the end."""
    rules, engine = _split(steps)
    settings: dict = {}
    for note in engine:
        settings.update(note.settings)
    engine = [note for note in engine if not note.settings]
    return rules, engine + ([settings_note(settings)] if settings else [])


def _split(steps: list[Step]) -> tuple[list[Step], list[Step]]:
    rules, engine = [], []
    for step in steps:
        if step.kind == "engine":
            engine.append(step)
            continue
        kept, found = _split(step.children)
        engine.extend(found)
        rules.append(Step(step.text, step.kind, kept, step.said_of, step.plain) if found else step)
    return rules, engine

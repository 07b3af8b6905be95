"""The :class:`Step` the explainer produces, and its rendering as plain text.

A step is one English sentence of a rule (or a paragraph of the rule file's
own comment prose, marked as a note), with the steps of a nested block (the
body of an ``if``, ``for``, ``repeat`` or ``optionally``) as its children.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Step:
    text: str  # one English sentence (or a comment's prose)
    kind: str = "step"  # "note" for the rule file's own comment prose, "step" for rendered code
    children: list = field(default_factory=list)  # nested steps (blocks of if/for/repeat/optionally)


def render_steps(steps: list[Step], indent: str = "  ", bullet: str = "- ", level: int = 0) -> str:
    """Steps as indented plain text: one line each, notes marked with '#'."""
    lines = []
    for step in steps:
        mark = "# " if step.kind == "note" else bullet
        lines.append(f"{indent * level}{mark}{step.text}")
        if step.children:
            lines.append(render_steps(step.children, indent, bullet, level + 1))
    return "\n".join(line for line in lines if line)

"""The marks a picture of the board is drawn with: player colours, industry marks,
resource colours, and what a tile shows.

An industry's mark is a shape of its own, a colour of its own and its first
letter (or two), given in the order of the ruleset's industries: told apart by
shape alone (for colour blindness), by colour at a glance, by letter when
close. Nothing here knows an edition: it is all the ruleset's data in order.
"""

from __future__ import annotations

import math
from html import escape

# Okabe & Ito (2008): distinguishable with deuteranopia, protanopia and tritanopia.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#000000")
# Light versions, for a tile not yet flipped (the same hue, so colour still tells the owner).
PLAYER_TINTS = ("#f8dca3", "#c9e7f8", "#a6e0cf", "#efd3e4", "#a9cfe8", "#f3c1a1", "#faf5b8", "#c7c7c7")
INK = "#2f2a24"
PAPER = "#f6f0e1"

GLYPH_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "pentagon", "star", "cross")
GLYPH_COLOURS = ("#b03a2e", "#1f5f99", "#7d3c98", "#3b3b3b", "#c0560e", "#8a6a12", "#117a65", "#5d6d7e")
RESOURCE_COLOURS = ("#2b2b2b", "#c8641e", "#9a6b2f", "#3f72a8", "#5c8c2a", "#8e44ad")


def colour(owner: int) -> str:
    return PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def tint(owner: int) -> str:
    return PLAYER_TINTS[owner % len(PLAYER_TINTS)]


def text_on(fill: str) -> str:
    """Dark or white text, whichever reads better on ``fill`` (a #rrggbb colour)."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    light = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if light > 0.5 else "#ffffff"


# ------------------------------------------------------------------ industries
def industry_glyphs(industries) -> dict:
    """Each industry's mark: {id: {shape, colour, letters}}."""
    letters = glyph_letters(industries)
    return {
        industry.id: {
            "shape": GLYPH_SHAPES[index % len(GLYPH_SHAPES)],
            "colour": GLYPH_COLOURS[index % len(GLYPH_COLOURS)],
            "letters": letters[industry.id],
        }
        for index, industry in enumerate(industries)
    }


def glyph_letters(industries) -> dict:
    """One capital letter for an industry whose initial is its own, else the initial and
    the first later letter that no other industry with that initial has second."""
    names = {industry.id: industry.name for industry in industries}
    initials: dict = {}
    for ident, name in names.items():
        initials.setdefault(name[:1].upper(), []).append(ident)
    letters = {}
    for initial, group in initials.items():
        if len(group) == 1:
            letters[group[0]] = initial
            continue
        taken: set = set()
        for ident in group:
            rest = [c for c in names[ident][1:].lower() if c.isalpha()]
            seconds = {names[o][1:2].lower() for o in group if o != ident}
            choice = next((c for c in rest if c not in taken and c not in seconds), None) or next((c for c in rest if c not in taken), "")
            taken.add(choice)
            letters[ident] = initial + choice
    return letters


def abbreviations(industries) -> dict:
    """The shortest prefix of each industry's name that tells them all apart (at least one letter)."""
    names = {industry.id: industry.name for industry in industries}
    for length in range(1, 8):
        short = {ident: name[:length].capitalize() for ident, name in names.items()}
        if len(set(short.values())) == len(short):
            return short
    return {ident: ident[:8] for ident in names}


def shape_path(shape: str, x: float, y: float, r: float) -> str:
    """An SVG element of ``shape`` centred at (x, y), of radius ``r`` (no fill given)."""
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"'
    if shape == "square":
        s = r * 0.9
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" rx="1.5"'
    sides = {"diamond": (4, 0), "triangle": (3, -90), "hexagon": (6, 0), "pentagon": (5, -90)}.get(shape)
    if sides is not None:
        n, start = sides
        scale = 1.15 if n == 3 else 1.0
        points = [(x + r * scale * math.cos(math.radians(start + 360 * k / n)), y + r * scale * math.sin(math.radians(start + 360 * k / n)) + (r * 0.2 if n == 3 else 0)) for k in range(n)]
        return '<polygon points="' + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"'
    if shape == "star":
        points = []
        for k in range(10):
            radius = r * 1.1 if k % 2 == 0 else r * 0.55
            angle = math.radians(-90 + 36 * k)
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        return '<polygon points="' + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"'
    w = r * 0.38  # a cross
    pts = [(-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w), (w, r), (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w)]
    return '<polygon points="' + " ".join(f"{x + px:.1f},{y + py:.1f}" for px, py in pts) + '"'


def glyph(mark: dict, x: float, y: float, r: float, faded: bool = False) -> str:
    """An industry's mark: its shape in its colour, its letters in white."""
    opacity = ' opacity="0.45"' if faded else ""
    size = r * (1.15 if len(mark["letters"]) == 1 else 0.95)
    shape = f'{shape_path(mark["shape"], x, y, r)} fill="{mark["colour"]}" stroke="#ffffff" stroke-width="1"/>'
    if r < 9:  # too small for letters to read: the shape and colour say it
        return f'<g class="glyph"{opacity}>{shape}</g>'
    letters = f'<text x="{x:.1f}" y="{y + size * 0.36:.1f}" text-anchor="middle" font-size="{size:.1f}" font-weight="700" fill="#ffffff">{escape(mark["letters"])}</text>'
    return f'<g class="glyph"{opacity}>{shape}{letters}</g>'


# ------------------------------------------------------------------ resources
def resource_colours(names) -> dict:
    """A colour for each resource, in the order given."""
    return {name: RESOURCE_COLOURS[index % len(RESOURCE_COLOURS)] for index, name in enumerate(names)}


def resources_of(rules, board) -> list:
    """The resources of a ruleset: its rules' ``resource`` declarations, then its markets'."""
    names = list(rules.resources)
    for market in board.markets:
        if market.resource and market.resource not in names:
            names.append(market.resource)
    return names


def tile_uses(rules) -> dict:
    """Which of a tile's resource fields are paid when it is built, and which later (to
    sell it): read from the rules' ``consume RESOURCE, x.RESOURCE`` statements, in code
    that builds a tile (``build_tile``) or in other code."""
    from ..language import ast

    built, later = set(), set()
    bodies = [action.node.body for action in rules.actions.values()] + [p.node.body for p in rules.procedures.values() if p.node is not None]
    for body in bodies:
        commands = list(_commands(body, ast))
        builds = any(c.name == "build_tile" for c in commands)
        for command in commands:
            if command.name != "consume" or len(command.args) < 2:
                continue
            resource, amount = command.args[0], command.args[1]
            if isinstance(resource, ast.Name) and isinstance(amount, ast.Attribute) and amount.name == resource.id:
                (built if builds else later).add(resource.id)
    return {"build": sorted(built), "later": sorted(later - built)}


def _commands(body, ast):
    for statement in body:
        if isinstance(statement, ast.Command):
            yield statement
        for name in ("body", "otherwise"):
            inner = getattr(statement, name, None)
            if isinstance(inner, tuple):
                yield from _commands(inner, ast)
        for branch in getattr(statement, "branches", ()) or ():
            yield from _commands(branch[1], ast)


def roman(level: int) -> str:
    numerals = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    return numerals[level] if 0 <= level < len(numerals) else str(level)


def shown_value(ruleset, field: str, value) -> str:
    """A data value as the ruleset's ``show: values:`` prints it (a merchant's bonus:
    '4 VP'), else plainly."""
    spec = (ruleset.manifest.get("show", {}).get("values", {}) or {}).get(field)
    if isinstance(spec, dict) and isinstance(value, dict):
        template = (spec.get("text") or {}).get(value.get(spec.get("by")))
        if isinstance(template, str):
            try:
                return template.format(**value)
            except (KeyError, IndexError, ValueError):
                pass
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)

"""A picture of a position, as SVG: the board, every tile and link, the markets, the players.

Like ``chess.svg.board``: give it a game (or a game and a seat, to draw what
that seat may see) and it returns SVG text::

    from brass import Game
    from brass.svg import board_svg
    game = Game("birmingham", 3, seed=1)
    open("board.svg", "w").write(board_svg(game))

Everything drawn comes from the ruleset's board data (each place's ``map``
position, its industry spaces and token spaces, the lines between places) and
from :func:`brass.view.player_view`, so a variant's board shows up as it is,
and nothing is drawn that the seat may not see. The player colours are the
Okabe-Ito palette, told apart by people with any common colour blindness; a
tile's owner is also written on it, so colour is never the only clue.
"""

from __future__ import annotations

import math
import textwrap
from html import escape
from typing import Optional

# Okabe & Ito (2008): distinguishable with deuteranopia, protanopia and tritanopia.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#000000")
INK = "#333333"
PAPER = "#fbf7ee"
MAP_WIDTH = 860
PANEL_WIDTH = 360
MARGIN = 70
SLOT = 30  # the side of an industry space, in pixels


class MapLayout:
    """Where each place of a board is drawn: its ``map`` position (longitude,
    latitude), projected so that distances look right at the board's latitude."""

    def __init__(self, board, width: int = MAP_WIDTH, margin: int = MARGIN):
        placed = {loc.id: loc.fields["map"] for loc in board.locations if "map" in loc.fields}
        self.complete = len(placed) == len(board.locations)
        if not placed:
            placed = {loc.id: (i % 6, i // 6) for i, loc in enumerate(board.locations)}
        lats = [lat for _, lat in placed.values()]
        squeeze = math.cos(math.radians(sum(lats) / len(lats))) if self.complete else 1.0
        xs = {k: lon * squeeze for k, (lon, lat) in placed.items()}
        span_x = max(xs.values()) - min(xs.values()) or 1
        span_y = max(lats) - min(lats) or 1
        scale = (width - 2 * margin) / max(span_x, span_y * 0.9)
        self.width = width
        self.height = int(span_y * scale + 2 * margin)
        left, top = min(xs.values()), max(lats)
        self.points = {k: (margin + (xs[k] - left) * scale, margin + (top - placed[k][1]) * scale) for k in placed}

    def __getitem__(self, location_id: str) -> tuple[float, float]:
        return self.points[location_id]

    def spread(self, sizes: dict, gap: float = 6, rounds: int = 60) -> None:
        """Move places apart where their boxes (width, height) would overlap: places
        close on the real map (Walsall and Wolverhampton) stay close but readable."""
        points = {k: list(v) for k, v in self.points.items()}
        ids = list(points)
        for _ in range(rounds):
            moved = False
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    (ax, ay), (bx, by) = points[a], points[b]
                    need_x = (sizes[a][0] + sizes[b][0]) / 2 + gap - abs(ax - bx)
                    need_y = (sizes[a][1] + sizes[b][1]) / 2 + gap - abs(ay - by)
                    if need_x <= 0 or need_y <= 0:
                        continue
                    moved = True
                    # Push along the axis that needs the smaller move, half each way.
                    if need_x < need_y:
                        step = need_x / 2 * (1 if ax >= bx else -1)
                        points[a][0] += step
                        points[b][0] -= step
                    else:
                        step = need_y / 2 * (1 if ay >= by else -1)
                        points[a][1] += step
                        points[b][1] -= step
            if not moved:
                break
        xs = [x for x, _ in points.values()]
        ys = [y for _, y in points.values()]
        dx = MARGIN - min(xs) if min(xs) < MARGIN else 0
        dy = MARGIN - min(ys) if min(ys) < MARGIN else 0
        self.points = {k: (x + dx, y + dy) for k, (x, y) in points.items()}
        self.width = max(self.width, int(max(xs) + dx + MARGIN))
        self.height = max(self.height, int(max(ys) + dy + MARGIN))


def abbreviations(industries) -> dict:
    """The shortest prefix of each industry's name that tells them all apart (at least one letter)."""
    names = {industry.id: industry.name for industry in industries}
    for length in range(1, 8):
        short = {ident: name[:length].capitalize() for ident, name in names.items()}
        if len(set(short.values())) == len(short):
            return short
    return {ident: ident[:8] for ident in names}


def board_svg(game, viewer: Optional[int] = None, title: Optional[str] = None, panel: bool = True) -> str:
    """The position of ``game`` as SVG text, as seat ``viewer`` may see it (None: what all may see).

    ``panel``: with the players, the markets and a legend beside the map (a picture
    on its own); without, the map alone, for a page that shows the rest itself."""
    view = game.view(viewer)
    board = game.board
    layout = MapLayout(board)
    layout.spread({loc.id: _place_size(loc) for loc in board.locations})
    short = abbreviations(board.industries)
    names = [p["name"] for p in view["players"]]
    height = max(layout.height, 120 + 90 * len(names) + 260) if panel else layout.height
    width = layout.width + (PANEL_WIDTH if panel else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11" role="img">',
        f"<title>{escape(title or _title(game, view))}</title>",
        f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
    ]
    out += _lines(board, layout, view)
    out += _places(board, layout, view, short)
    if panel:
        out += _panel(game, view, layout.width, short)
    out.append("</svg>")
    return "\n".join(out)


def _title(game, view) -> str:
    era = next((e.name for e in game.board.eras if e.id == view["era"]), view["era"])
    return f"{game.ruleset.title}: {era}, round {view['round']}"


def _colour(owner: int) -> str:
    return PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def _lines(board, layout, view) -> list:
    """Every line, and each link on it in its owner's colour. A line of three
    places (Kidderminster, Worcester and a farm brewery) is one link: drawn as a
    fork from the middle of its places, so it reads as one tile."""
    links = {link["line"]: link for link in view["links"]}
    first = link_kinds(board)[0]
    parts = ['<g id="lines">']
    for line in board.lines:
        ends = [layout[loc.id] for loc in line.locations]
        link = links.get(line.id)
        dash = line_dash(board, line) if link is None else ""
        stroke, width = (_colour(link["owner"]), 7) if link else ("#8a8a8a", 2)
        hub = (sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends))
        segments = [(ends[0], ends[1])] if len(ends) == 2 else [(hub, end) for end in ends]
        label = f"{line.id}: {link['kind']} link of {view['players'][link['owner']]['name']}" if link else f"{line.id} ({'/'.join(line.kinds)})"
        parts.append(f"<g><title>{escape(label)}</title>")
        for (x1, y1), (x2, y2) in segments:
            if link:  # a dark edge under the colour keeps light colours visible on paper
                parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{INK}" stroke-width="{width + 2}" stroke-linecap="round"/>')
            parts.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"{dash}/>'
            )
        if link and link["kind"] != first:  # a later era's link: a dot, so that the kind is not told by colour alone
            (x1, y1), (x2, y2) = segments[0]
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            parts.append(f'<circle cx="{mx:.0f}" cy="{my:.0f}" r="3" fill="{INK}"/>')
        parts.append("</g>")
    parts.append("</g>")
    return parts


def _place_size(location) -> tuple[float, float]:
    """The room a place takes on the map: its row of spaces (or its mark), its
    token spaces below, and its name above."""
    n = len(location.slots)
    width = max(SLOT * n + 2 * (n - 1) + 8 if n else 28, 34 * len(location.spaces), 6.2 * len(location.name.split(" (")[0]) * 0.6)
    height = (SLOT + 8 if n else 28) + (30 if location.spaces else 0) + 14
    return width, height


def link_kinds(board) -> list:
    """The kinds of link the eras build, in era order (the board's data names them)."""
    return list(dict.fromkeys(era.link for era in board.eras)) or ["link"]


_DASHES = ("2 3", "6 4", "8 3 2 3")  # a line of one kind: dotted for the first era's, dashed for the next


def line_dash(board, line) -> str:
    """The SVG dash of a line that takes only some kinds of link ('' for one that takes all)."""
    kinds = link_kinds(board)
    if set(kinds) <= set(line.kinds) or not line.kinds:
        return ""
    index = kinds.index(line.kinds[0]) if line.kinds[0] in kinds else len(_DASHES) - 1
    return f' stroke-dasharray="{_DASHES[min(index, len(_DASHES) - 1)]}"'


def _places(board, layout, view, short) -> list:
    tiles = {tile["space"]: tile for tile in view["tiles"]}
    spaces = {space["space"]: space for space in view["spaces"]}
    parts = ['<g id="places">']
    taken: list = []  # boxes drawn so far: labels go where they overlap none
    boxes = {}
    for location in board.locations:
        x, y = layout[location.id]
        n = len(location.slots)
        row = SLOT * n + 2 * (n - 1)
        box = (x - row / 2 - 4, y - SLOT / 2 - 4, x + row / 2 + 4, y + SLOT / 2 + 4) if n else (x - 14, y - 14, x + 14, y + 14)
        boxes[location.id] = box
        taken.append(box)
    for location in board.locations:
        x, y = layout[location.id]
        x0, y0, x1, y1 = boxes[location.id]
        parts.append(f'<g id="place-{escape(location.id)}"><title>{escape(location.name)}</title>')
        if location.slots:
            parts.append(f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" rx="6" fill="#e9d8b4" stroke="#7a5c2e"/>')
            for number, slot in enumerate(location.slots):
                sx = x0 + 4 + number * (SLOT + 2)
                parts += _slot(slot, sx, y - SLOT / 2, tiles.get(slot.id), short, view)
        else:
            parts.append(f'<rect x="{x - 10:.0f}" y="{y - 10:.0f}" width="20" height="20" fill="#cfe0f0" stroke="#2e5a7a" transform="rotate(45 {x:.0f} {y:.0f})"/>')
        for number, space in enumerate(location.spaces):
            shown = spaces.get(space.id)
            if shown is None:
                continue
            parts += _token_space(space, shown, x + (number - (len(location.spaces) - 1) / 2) * 34, y + 26)
            taken.append((x - 17 * len(location.spaces), y + 14, x + 17 * len(location.spaces), y + 40))
        parts.append("</g>")
        parts += _label(location.name.split(" (")[0], boxes[location.id], taken, layout.width)
    parts.append("</g>")
    return parts


def _slot(slot, x, y, tile, short, view) -> list:
    icons = "/".join(short[i.id] for i in slot.industries)
    if tile is None:
        return [
            f'<g><title>{escape(slot.id)}: empty ({escape(", ".join(i.name for i in slot.industries))})</title>',
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{SLOT}" height="{SLOT}" fill="#fffaf0" stroke="#b39b72"/>',
            f'<text x="{x + SLOT / 2:.0f}" y="{y + SLOT / 2 + 3:.0f}" text-anchor="middle" font-size="6.5" fill="#8c7a5a">{escape(icons)}</text>',
            "</g>",
        ]
    owner = view["players"][tile["owner"]]["name"]
    state = "flipped" if tile["flipped"] else "not flipped"
    cubes = sum(tile["cubes"].values())
    what = f"{slot.id}: {tile['industry']} level {tile['level']} of {owner}, {state}"
    if cubes:
        what += ", " + ", ".join(f"{n} {r}" for r, n in tile["cubes"].items())
    parts = [f"<g><title>{escape(what)}</title>"]
    # A flipped tile is drawn dark with light text, as its back is on the table.
    fill = _colour(tile["owner"])
    parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{SLOT}" height="{SLOT}" fill="{fill}" stroke="{INK}" stroke-width="{3 if tile["flipped"] else 1}"/>')
    if tile["flipped"]:
        parts.append(f'<rect x="{x + 3:.0f}" y="{y + 3:.0f}" width="{SLOT - 6}" height="{SLOT - 6}" fill="{INK}" opacity="0.55"/>')
    text_fill = "#ffffff" if tile["flipped"] else INK
    parts.append(f'<text x="{x + SLOT / 2:.0f}" y="{y + 10:.0f}" text-anchor="middle" font-size="8" font-weight="bold" fill="{text_fill}">{escape(short[tile["industry"]])}</text>')
    parts.append(f'<text x="{x + SLOT / 2:.0f}" y="{y + 19:.0f}" text-anchor="middle" font-size="8" fill="{text_fill}">{_roman(tile["level"])}·{tile["owner"] + 1}</text>')
    if cubes:
        parts.append(f'<circle cx="{x + SLOT - 1:.0f}" cy="{y + 1:.0f}" r="6" fill="#ffffff" stroke="{INK}"/>')
        parts.append(f'<text x="{x + SLOT - 1:.0f}" y="{y + 4:.0f}" text-anchor="middle" font-size="8">{cubes}</text>')
    parts.append("</g>")
    return parts


def _token_space(space, shown, x, y) -> list:
    token = shown["token"] or "none"
    barrels = sum(shown["cubes"].values())
    text = f"{space.id}: {token}" + (f", {barrels} barrel{'s' if barrels != 1 else ''}" if barrels else "")
    parts = [f"<g><title>{escape(text)}</title>"]
    parts.append(f'<rect x="{x - 15:.0f}" y="{y - 9:.0f}" width="30" height="18" rx="3" fill="#ffffff" stroke="#2e5a7a"/>')
    parts.append(f'<text x="{x:.0f}" y="{y + 3:.0f}" text-anchor="middle" font-size="7">{escape(token[:7])}</text>')
    if barrels:
        parts.append(f'<circle cx="{x + 15:.0f}" cy="{y - 9:.0f}" r="5" fill="#c98b3b" stroke="{INK}"/>')
        parts.append(f'<text x="{x + 15:.0f}" y="{y - 6:.0f}" text-anchor="middle" font-size="7">{barrels}</text>')
    parts.append("</g>")
    return parts


def _label(name: str, box, taken: list, width: int) -> list:
    """A place's name above its box, or else below, right or left: wherever it overlaps nothing."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    text_width = 6.2 * len(name)
    candidates = [
        (cx, y0 - 4, "middle", (cx - text_width / 2, y0 - 15, cx + text_width / 2, y0 - 2)),
        (cx, y1 + 12, "middle", (cx - text_width / 2, y1 + 1, cx + text_width / 2, y1 + 14)),
        (x1 + 4, (y0 + y1) / 2 + 4, "start", (x1 + 4, (y0 + y1) / 2 - 7, x1 + 4 + text_width, (y0 + y1) / 2 + 6)),
        (x0 - 4, (y0 + y1) / 2 + 4, "end", (x0 - 4 - text_width, (y0 + y1) / 2 - 7, x0 - 4, (y0 + y1) / 2 + 6)),
    ]

    def clear(b):
        inside = b[0] >= 2 and b[2] <= width - 2 and b[1] >= 2
        return inside and not any(b[0] < t[2] and t[0] < b[2] and b[1] < t[3] and t[1] < b[3] for t in taken)

    lx, ly, anchor, chosen = next((c for c in candidates if clear(c[3])), candidates[0])
    taken.append(chosen)
    # A halo of paper under the name keeps it readable where it crosses a line.
    return [
        f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}" fill="{PAPER}" stroke="{PAPER}" stroke-width="3">{escape(name)}</text>',
        f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}" fill="{INK}">{escape(name)}</text>',
    ]


def _panel(game, view, left: int, short) -> list:
    """Beside the map: whose turn, the players, the markets, what else the rules count, and a legend."""
    x = left + 10
    y = 30
    parts = [f'<g id="panel" transform="translate({x},0)">']
    parts.append(f'<text x="0" y="{y}" font-size="14" font-weight="bold">{escape(_title(game, view))}</text>')
    y += 20
    if view["over"]:
        parts.append(f'<text x="0" y="{y}">The game is over.</text>')
    elif view["to_move"] is not None:
        parts.append(f'<text x="0" y="{y}">To move: {escape(view["players"][view["to_move"]]["name"])} ({view["actions_left"]} action(s) left)</text>')
    y += 24
    order = {seat: place for place, seat in enumerate(view["turn_order"], 1)}
    for p in view["players"]:
        colour = _colour(p["index"])
        parts.append(f'<rect x="0" y="{y - 11}" width="14" height="14" fill="{colour}" stroke="{INK}"/>')
        parts.append(f'<text x="20" y="{y}" font-weight="bold">{escape(p["name"])} (seat {p["index"] + 1}, plays {order.get(p["index"], "?")})</text>')
        y += 15
        parts.append(f'<text x="20" y="{y}">£{p["money"]} · income {p["income_level"]:+d} · {p["vp"]} VP · spent £{p["spent"]}</text>')
        y += 15
        hand = p.get("hand")
        hand_text = "hand: " + (", ".join(hand) if hand is not None else f"{p['hand_size']} cards")
        for line in textwrap.wrap(hand_text, 52):
            parts.append(f'<text x="20" y="{y}" font-size="10">{escape(line)}</text>')
            y += 13
        y += 9
    parts.append(f'<text x="0" y="{y}" font-weight="bold">Markets</text>')
    y += 15
    for market in game.board.markets:
        held = view["markets"].get(market.id, 0)
        room = len(market.prices)
        parts.append(f'<text x="0" y="{y}">{escape(market.id)}: {held} of {room}</text>')
        for i in range(room):
            fill = "#555555" if i < held else "#ffffff"
            parts.append(f'<rect x="{90 + i * 11}" y="{y - 9}" width="9" height="9" fill="{fill}" stroke="{INK}"/>')
        y += 16
    shown = {k: v for k, v in view["counters"].items() if not k.endswith("_drawn")}
    face_down = view.get("face_down", {})
    if shown or view["piles"] or face_down:
        y += 4
        parts.append(f'<text x="0" y="{y}" font-weight="bold">Also</text>')
        y += 15
        rows = [(f"{pile} pile", f"{count} cards") for pile, count in view["piles"].items()]
        rows += [(pool, f"{count} tiles face down") for pool, count in face_down.items()]
        rows += list(shown.items())
        for key, value in rows:
            parts.append(f'<text x="0" y="{y}">{escape(key.replace("_", " ").replace("-", " "))}: {escape(str(value))}</text>')
            y += 14
    parts.append(f'<text x="0" y="{y}">draw deck: {view["deck_size"]} cards</text>')
    y += 24
    parts.append(f'<text x="0" y="{y}" font-weight="bold">Legend</text>')
    y += 15
    for industry in game.board.industries:
        parts.append(f'<text x="0" y="{y}">{escape(short[industry.id])}: {escape(industry.name)}</text>')
        y += 13
    kinds = link_kinds(game.board)
    later = ", ".join(kinds[1:]) or kinds[0]
    for text in (
        "A tile: its industry, then level·seat.",
        "Dark inside: flipped. White dot: cubes or barrels on it.",
        f"Lines: dotted {kinds[0]} only, dashed {later} only;",
        f"a link in its owner's colour ({later}: with a dot).",
    ):
        parts.append(f'<text x="0" y="{y}">{escape(text)}</text>')
        y += 13
    parts.append("</g>")
    return parts


def _roman(level: int) -> str:
    numerals = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    return numerals[level] if 0 <= level < len(numerals) else str(level)


# ------------------------------------------------------------------ icons
# An industry's mark: a shape of its own and a colour of its own, with its first
# letters, so that industries are told apart by shape alone (colour blindness)
# and by colour at a glance. Given in the order of the ruleset's industries.
GLYPH_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "pentagon", "star", "cross")
GLYPH_COLOURS = ("#c0392b", "#2c6fb0", "#8e44ad", "#3d3d3d", "#d35400", "#a07a18", "#16a085", "#7f8c8d")
RESOURCE_COLOURS = ("#2b2b2b", "#d9822b", "#a86b32", "#4a7fb5", "#6a9a3a", "#9b59b6")


def industry_glyphs(industries) -> dict:
    """Each industry's mark: {id: {shape, colour, letters}}, letters telling them apart."""
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
    the first later letter that no other industry with that initial uses there."""
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
            choice = next((c for c in rest if c not in taken and all(c not in names[o][1:2].lower() for o in group if o != ident)), None)
            choice = choice or next((c for c in rest if c not in taken), "")
            taken.add(choice)
            letters[ident] = initial + choice
    return letters


def resource_colours(names) -> dict:
    """A colour for each resource, in the order given."""
    return {name: RESOURCE_COLOURS[index % len(RESOURCE_COLOURS)] for index, name in enumerate(names)}


def tile_uses(rules) -> dict:
    """Which of a tile's resource fields are paid when it is built, and which later
    (to sell it): read from the rules' ``consume RESOURCE, x.RESOURCE`` statements,
    in code that builds a tile (``build_tile``) or in other code."""
    from .language import ast

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

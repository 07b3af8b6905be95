"""The map: every place with its industry spaces, every line, every tile and link as
one seat may see them, each thing saying in words what it is.

Every pointable thing is a group with ``data-cat`` (place, slot, line, space) and
``data-value`` (its id, as a move writes it), and a ``<title>`` in words: a page
finds what a click or a tap means, and what to say about it, without guessing.
Names lie over everything and take no pointer: they never hide a line or a
space from a click. Each line has a wide, unseen stroke to catch a click.
"""

from __future__ import annotations

from html import escape
from typing import Optional

from .layout import MapLayout, overlaps, place_label, text_width
from .marks import INK, PAPER, colour, glyph, industry_glyphs, resource_colours, resources_of, roman, shown_value, text_on, tile_uses, tint

SLOT = 46  # the side of an industry space, in map units
GAP = 3
PAD = 5
NAME = 17  # a place's name, in map units
MAP_WIDTH = 1000
MARGIN = 24
LINE = "#9b907c"


class Picture:
    """What drawing one position needs, worked out once."""

    def __init__(self, game, viewer: Optional[int]):
        self.game = game
        self.board = game.board
        self.view = game.view(viewer)
        self.viewer = viewer
        self.marks = industry_glyphs(self.board.industries)
        self.resources = resource_colours(resources_of(game.rules, self.board))
        self.uses = tile_uses(game.rules)
        self.tiles = {tile.slot.id: tile for tile in game.state.tiles()}
        self.spaces = {space["space"]: space for space in self.view["spaces"]}
        self.links = {link["line"]: link for link in self.view["links"]}
        self.names = [p["name"] for p in self.view["players"]]
        self.icons = {loc.id: link_icons(game, loc) for loc in self.board.locations}
        self.layout = MapLayout(self.board, width=MAP_WIDTH, margin=MARGIN + NAME + 6)
        sizes = {loc.id: place_size(loc, self.spaces) for loc in self.board.locations}
        # Room for the name too: above or below the box, as wide as it is written.
        room = {loc.id: (max(sizes[loc.id][0], text_width(loc.name.split(" (")[0], NAME) + 26), sizes[loc.id][1] + 2 * (NAME + 4)) for loc in self.board.locations}
        self.layout.spread(room, gap=10)
        self.boxes = {}
        for loc in self.board.locations:
            x, y = self.layout[loc.id]
            w, h = sizes[loc.id]
            self.boxes[loc.id] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def link_icons(game, location) -> int:
    """The link icons a place shows now: the rules' own ``icons(location)`` if they define
    it; else the place's printed icons and its flipped tiles' (the data's meaning)."""
    define = game.rules.defines.get("icons")
    if define is not None and len(getattr(define, "params", ()) or ()) == 1:
        try:
            value = game.define("icons", None, location)
            if isinstance(value, int):
                return value
        except Exception:  # a definition of another meaning: the data's count stands
            pass
    tiles = [t for t in game.state.tiles() if t.slot.location is location and t.flipped]
    return location.link_icons + sum(t.type.fields.get("link_icons", 0) for t in tiles)


def place_size(location, spaces: dict) -> tuple:
    """The box of a place: its industry spaces in their printed rows, or its token spaces."""
    if location.slots:
        rows = location.fields.get("rows") or [list(range(len(location.slots)))]
        across = max(len(row) for row in rows)
        return across * (SLOT + GAP) - GAP + 2 * PAD, len(rows) * (SLOT + GAP) - GAP + 2 * PAD
    shown = [s for s in location.spaces if s.id in spaces]
    if shown:
        return len(shown) * (SLOT + GAP) - GAP + 2 * PAD, SLOT + 2 * PAD + 16
    return 30, 30


# ------------------------------------------------------------------ the map
def map_svg(picture: Picture, title: str, extra_width: int = 0, extra_height: int = 0) -> list:
    layout = picture.layout
    width, height = layout.width + extra_width, max(layout.height, extra_height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="system-ui, sans-serif" font-size="12" role="img" class="brass-board" data-map-width="{layout.width}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
    ]
    out += lines(picture)
    out += places(picture)
    out += labels(picture)
    return out


def lines(picture: Picture) -> list:
    """Every line, and each link on it in its owner's colour. A line of three places is one
    link: drawn as a fork from the middle of its places."""
    board, layout, view = picture.board, picture.layout, picture.view
    first = link_kinds(board)[0]
    parts = ['<g id="lines">']
    for line in board.lines:
        ends = [layout[loc.id] for loc in line.locations]
        link = picture.links.get(line.id)
        hub = (sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends))
        segments = [(ends[0], ends[1])] if len(ends) == 2 else [(hub, end) for end in ends]
        names = " – ".join(loc.name for loc in line.locations)
        icons = sum(picture.icons[loc.id] for loc in line.locations)
        if link:
            owner = view["players"][link["owner"]]["name"]
            label = f"{names}: {owner}'s {link['kind']} link; {icons} link icon{'s' if icons != 1 else ''} at its ends"
        else:
            label = f"{names}: a line for a {' or '.join(line.kinds) or 'any'} link"
        parts.append(f'<g data-cat="line" data-value="{escape(line.id)}"><title>{escape(label)}</title>')
        for (x1, y1), (x2, y2) in segments:
            xy = f'x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"'
            parts.append(f'<line {xy} stroke="transparent" stroke-width="22" class="hit"/>')
            if link:  # a dark edge under the colour keeps light colours visible on paper
                parts.append(f'<line {xy} stroke="{INK}" stroke-width="12" stroke-linecap="round"/>')
                parts.append(f'<line {xy} stroke="{colour(link["owner"])}" stroke-width="9" stroke-linecap="round" class="stroke"/>')
                if link["kind"] != first:  # a later era's link: rails down its middle, so the kind is not told by colour alone
                    parts.append(f'<line {xy} stroke="{INK}" stroke-width="1.5" stroke-dasharray="4 3"/>')
            else:
                parts.append(f'<line {xy} stroke="{LINE}" stroke-width="3.5" stroke-linecap="round" class="stroke"{line_dash(board, line)}/>')
        if link:
            (x1, y1), (x2, y2) = segments[0]
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            parts.append(f'<circle cx="{mx:.0f}" cy="{my:.0f}" r="10" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>')
            parts.append(f'<text x="{mx:.0f}" y="{my + 4.5:.0f}" text-anchor="middle" font-size="13" font-weight="700" fill="{INK}">{icons}</text>')
        parts.append("</g>")
    parts.append("</g>")
    return parts


def link_kinds(board) -> list:
    """The kinds of link the eras build, in era order (the board's data names them)."""
    return list(dict.fromkeys(era.link for era in board.eras)) or ["link"]


_DASHES = ("2 4", "9 5", "8 3 2 3")  # a line of one kind: dotted for the first era's, dashed for the next


def line_dash(board, line) -> str:
    """The SVG dash of a line that takes only some kinds of link ('' for one that takes all)."""
    kinds = link_kinds(board)
    if set(kinds) <= set(line.kinds) or not line.kinds:
        return ""
    index = kinds.index(line.kinds[0]) if line.kinds[0] in kinds else len(_DASHES) - 1
    return f' stroke-dasharray="{_DASHES[min(index, len(_DASHES) - 1)]}"'


def places(picture: Picture) -> list:
    parts = ['<g id="places">']
    for location in picture.board.locations:
        x0, y0, x1, y1 = picture.boxes[location.id]
        icons = picture.icons[location.id]
        what = location.name + (f" ({location.kind.replace('_', ' ')})" if location.kind else "")
        if icons:
            what += f"; {icons} link icon{'s' if icons != 1 else ''} here"
        parts.append(f'<g id="place-{escape(location.id)}" data-cat="place" data-value="{escape(location.id)}"><title>{escape(what)}</title>')
        if location.slots:
            parts.append(f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" rx="7" fill="#e7d5ad" stroke="#7a5c2e" stroke-width="1.5" class="box"/>')
            rows = location.fields.get("rows") or [list(range(len(location.slots)))]
            for r, row in enumerate(rows):
                for c, number in enumerate(row):
                    if 0 <= number < len(location.slots):
                        sx, sy = x0 + PAD + c * (SLOT + GAP), y0 + PAD + r * (SLOT + GAP)
                        parts += industry_space(picture, location.slots[number], sx, sy)
        else:
            parts += merchant(picture, location, (x0, y0, x1, y1))
        parts.append("</g>")
    parts.append("</g>")
    return parts


def industry_space(picture: Picture, slot, x: float, y: float) -> list:
    tile = picture.tiles.get(slot.id)
    where = f"{slot.location.name}, space {slot.number + 1}"
    if tile is None:
        kinds = " or ".join(i.name for i in slot.industries)
        parts = [f'<g data-cat="slot" data-value="{escape(slot.id)}"><title>{escape(f"{where}: empty; for {kinds}")}</title>']
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{SLOT}" height="{SLOT}" rx="4" fill="#fbf6e9" stroke="#b39b72" stroke-width="1.2" class="box"/>')
        marks = [picture.marks[i.id] for i in slot.industries]
        if len(marks) == 1:
            parts.append(glyph(marks[0], x + SLOT / 2, y + SLOT / 2, 13))
        else:
            step = SLOT / (len(marks) + 1)
            for k, mark in enumerate(marks):
                parts.append(glyph(mark, x + step * (k + 1), y + SLOT / 2 + (-7 if k % 2 == 0 else 7), 10))
        parts.append("</g>")
        return parts
    return built_tile(picture, slot, tile, x, y, where)


def built_tile(picture: Picture, slot, tile, x: float, y: float, where: str) -> list:
    """A tile on the board: its owner's colour (pale until flipped), its industry's mark,
    its level, its VP, the cubes on it, and what selling it still needs."""
    fields = tile.type.fields
    owner = tile.owner
    name = picture.names[owner]
    industry = tile.type.industry
    flipped = tile.flipped
    fill = colour(owner) if flipped else tint(owner)
    ink = text_on(fill)
    vp, income = fields.get("vp", 0), fields.get("income", 0)
    needs = {r: fields.get(r, 0) for r in picture.uses["later"] if isinstance(fields.get(r), int) and fields.get(r, 0) > 0}
    cubes = {r: n for r, n in tile.cubes.items() if n}
    words = [f"{where}: {name}'s {industry.name}, level {tile.type.level}", "flipped" if flipped else "not flipped"]
    if cubes:
        words.append(" and ".join(f"{n} {r} on it" for r, n in cubes.items()))
    if needs and not flipped:
        words.append("to sell it: " + " and ".join(f"{n} {r}" for r, n in needs.items()))
    words.append(f"{vp} VP" + ("" if flipped else " once flipped") + (f", income +{income} when it flips" if not flipped and income else ""))
    links = fields.get("link_icons", 0)
    if links:
        words.append(f"{links} link icon{'s' if links != 1 else ''}" + ("" if flipped else " once flipped"))
    parts = [f'<g data-cat="slot" data-value="{escape(slot.id)}" class="tile"><title>{escape("; ".join(words))}</title>']
    parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{SLOT}" height="{SLOT}" rx="4" fill="{fill}" stroke="{INK if flipped else colour(owner)}" stroke-width="{2.5 if flipped else 3}" class="box"/>')
    parts.append(glyph(picture.marks[industry.id], x + 10, y + 10, 7.5))
    parts.append(f'<text x="{x + SLOT - 4:.0f}" y="{y + 14:.0f}" text-anchor="end" font-size="12" font-weight="700" fill="{ink}">{roman(tile.type.level)}</text>')
    if not flipped and income:  # what flipping it will add to its owner's income
        parts.append(f'<text x="{x + SLOT / 2 + 1:.0f}" y="{y + 13:.0f}" text-anchor="middle" font-size="9.5" fill="{ink}">+{income}</text>')
    # The middle: cubes on it, or what selling it needs.
    row = [(picture.resources.get(r, INK), n, False) for r, n in cubes.items()] or [(picture.resources.get(r, INK), n, True) for r, n in needs.items() if not flipped]
    cx = x + 5
    for fill_colour, count, wanted in row[:2]:
        shown = min(count, 4)
        for k in range(shown):
            style = f'fill="#ffffff" stroke="{fill_colour}" stroke-width="2"' if wanted else f'fill="{fill_colour}" stroke="#ffffff" stroke-width="0.8"'
            parts.append(f'<rect x="{cx + k * 8:.0f}" y="{y + 20:.0f}" width="7" height="7" rx="{3.5 if wanted else 1}" {style}/>')
        if count > shown:
            parts.append(f'<text x="{cx + shown * 8 + 1:.0f}" y="{y + 27:.0f}" font-size="9" fill="{ink}">+{count - shown}</text>')
        cx += min(count, 4) * 8 + 6
    parts.append(f'<text x="{x + 3:.0f}" y="{y + SLOT - 4:.0f}" font-size="12" font-weight="{700 if flipped else 400}" fill="{ink}">{vp}<tspan font-size="8">VP</tspan></text>')
    parts.append(f'<circle cx="{x + SLOT - 8:.0f}" cy="{y + SLOT - 8:.0f}" r="6.5" fill="{colour(owner)}" stroke="{INK}" stroke-width="1"/>')
    parts.append(f'<text x="{x + SLOT - 8:.0f}" y="{y + SLOT - 4.5:.0f}" text-anchor="middle" font-size="9.5" font-weight="700" fill="{text_on(colour(owner))}">{owner + 1}</text>')
    parts.append("</g>")
    return parts


def merchant(picture: Picture, location, box) -> list:
    """A place with token spaces (a merchant): each tile dealt to it, what it buys, the
    cubes beside it, and what the place pays (as the ruleset's ``show: values:`` says)."""
    x0, y0, x1, y1 = box
    parts = [f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" rx="7" fill="#d9e6f0" stroke="#2e5a7a" stroke-width="1.5" class="box"/>']
    shown = [s for s in location.spaces if s.id in picture.spaces]
    ruleset = picture.game.ruleset
    values = ruleset.manifest.get("show", {}).get("values", {}) or {}
    extras = [shown_value(ruleset, field, location.fields[field]) for field in values if field in location.fields]
    for k, space in enumerate(shown):
        parts += token_space(picture, space, picture.spaces[space.id], x0 + PAD + k * (SLOT + GAP), y0 + PAD)
    if extras:
        parts.append(f'<text x="{(x0 + x1) / 2:.0f}" y="{y1 - 5:.0f}" text-anchor="middle" font-size="12" font-weight="600" fill="#1d3d55">{escape(", ".join(extras))}</text>')
    return parts


def token_space(picture: Picture, space, shown: dict, x: float, y: float) -> list:
    token = picture.board.get("token", shown["token"]) if shown["token"] else None
    name = token.name if token is not None else "nothing"
    goods = [g for g in (token.fields.get("goods", []) if token is not None else []) if g in picture.marks]
    cubes = {r: n for r, n in shown["cubes"].items() if n}
    words = f"{space.location.name}, space {space.number + 1}: {name}"
    if goods:
        names = {i.id: i.name for i in picture.board.industries}
        words += "; buys " + ", ".join(names[g] for g in goods)
    if cubes:
        words += "; " + " and ".join(f"{n} {r} beside it" for r, n in cubes.items())
    parts = [f'<g data-cat="space" data-value="{escape(space.id)}"><title>{escape(words)}</title>']
    parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{SLOT}" height="{SLOT}" rx="4" fill="#ffffff" stroke="#2e5a7a" stroke-width="1.2" class="box"/>')
    if goods:
        step = SLOT / (min(len(goods), 3) + 1)
        for k, good in enumerate(goods[:3]):
            parts.append(glyph(picture.marks[good], x + step * (k + 1), y + SLOT / 2 + 3, 8 if len(goods) > 1 else 11))
    else:
        parts.append(f'<text x="{x + SLOT / 2:.0f}" y="{y + SLOT / 2 + 4:.0f}" text-anchor="middle" font-size="11" fill="#7a8a99">{"—" if token is not None else ""}</text>')
    for k, (resource, count) in enumerate(cubes.items()):
        cx, cy = x + SLOT - 7 - 12 * k, y + 7
        parts.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="6" fill="{picture.resources.get(resource, INK)}" stroke="#ffffff" stroke-width="1"/>')
        if count > 1:
            parts.append(f'<text x="{cx:.0f}" y="{cy + 3:.0f}" text-anchor="middle" font-size="8" fill="#ffffff">{count}</text>')
    parts.append("</g>")
    return parts


def labels(picture: Picture) -> list:
    """Each place's name (with the link icons it shows), over everything, taking no pointer."""
    layout = picture.layout
    taken = list(picture.boxes.values())
    for line in picture.board.lines:  # the circles on links: a name does not cover them
        if line.id in picture.links:
            ends = [layout[loc.id] for loc in line.locations]
            (x1, y1), (x2, y2) = (ends[0], ends[1]) if len(ends) == 2 else ((sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)), ends[0])
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            taken.append((mx - 11, my - 11, mx + 11, my + 11))
    parts = ['<g id="labels" pointer-events="none">']
    for location in picture.board.locations:
        name = location.name.split(" (")[0]
        icons = picture.icons[location.id]
        badge = 22 if icons else 0  # room for the link icons' circle after the name
        lx, ly, anchor, room = place_label(name, picture.boxes[location.id], taken, layout.width, layout.height, NAME, extra=badge)
        parts.append(f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}" font-size="{NAME}" font-weight="600" fill="{PAPER}" stroke="{PAPER}" stroke-width="4" stroke-linejoin="round">{escape(name)}</text>')
        parts.append(f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}" font-size="{NAME}" font-weight="600" fill="{INK}">{escape(name)}</text>')
        if icons:
            ix = room[2] - 9
            iy = (room[1] + room[3]) / 2
            parts.append(f'<circle cx="{ix:.0f}" cy="{iy:.0f}" r="9" fill="#ffffff" stroke="{INK}" stroke-width="1.2"/>')
            parts.append(f'<text x="{ix:.0f}" y="{iy + 4:.0f}" text-anchor="middle" font-size="12" font-weight="700" fill="{INK}">{icons}</text>')
    parts.append("</g>")
    return parts


__all__ = ["Picture", "map_svg", "link_kinds", "line_dash", "link_icons", "overlaps"]

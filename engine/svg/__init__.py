"""A picture of a position, as SVG: the board, every tile and link, the markets, the players.

Like ``chess.svg.board``: give it a game (or a game and a seat, to draw what
that seat may see) and it returns SVG text::

    from brass import Game
    from brass.svg import board_svg
    game = Game("birmingham", 3, seed=1)
    open("board.svg", "w").write(board_svg(game))

Everything drawn comes from the ruleset's board data (each place's ``map``
position, its industry spaces in their printed rows, its token spaces, the
lines between places), its tiles' values, and :func:`brass.view.player_view`,
so a variant's board shows up as it is, and nothing is drawn that the seat may
not see. The player colours are the Okabe-Ito palette, told apart by people
with any common colour blindness; a tile's owner is also written on it, and
each industry has a shape of its own, so colour is never the only clue.

:mod:`.board` draws the map, :mod:`.panel` the side panel of a picture on its
own, :mod:`.layout` places things, :mod:`.marks` holds colours and marks.
"""

from __future__ import annotations

from typing import Optional

from .board import Picture, line_dash, link_icons, link_kinds, map_svg
from .layout import MapLayout
from .marks import PLAYER_COLOURS, abbreviations, glyph, industry_glyphs, resource_colours, resources_of, roman, tile_uses
from .panel import PANEL_WIDTH, panel

__all__ = [
    "MapLayout",
    "PLAYER_COLOURS",
    "abbreviations",
    "board_svg",
    "glyph",
    "industry_glyphs",
    "line_dash",
    "link_icons",
    "link_kinds",
    "resource_colours",
    "resources_of",
    "roman",
    "tile_uses",
]


def board_svg(game, viewer: Optional[int] = None, title: Optional[str] = None, panel: bool = True) -> str:
    """The position of ``game`` as SVG text, as seat ``viewer`` may see it (None: what all may see).

    ``panel``: with the players, the markets and a legend beside the map (a picture
    on its own); without, the map alone, for a page that shows the rest itself."""
    picture = Picture(game, viewer)
    title = title or _title(game, picture.view)
    if not panel:
        return "\n".join(map_svg(picture, title) + ["</svg>"])
    side, height = _panel(game, picture, title)
    out = map_svg(picture, title, extra_width=PANEL_WIDTH, extra_height=height)
    return "\n".join(out + side + ["</svg>"])


def _panel(game, picture, title):
    return panel(game, picture.view, picture.layout.width, title)


def _title(game, view) -> str:
    era = next((e.name for e in game.board.eras if e.id == view["era"]), view["era"])
    return f"{game.ruleset.title}: {era}, round {view['round']}"


"""The console: where ``brass play``, ``replay`` and ``record`` write.

Colour only on a terminal, tables as wide as the terminal, drawn with ``rich``
when it is installed (the ``terminal`` extra) and as the plain text of
:mod:`brass.render` when it is not.
"""

from __future__ import annotations

import sys
import textwrap
from typing import Optional

from ..render import board_header, hand_lines, money, preview_text, render, slot_text, table_lines, tile_text
from .network import network_lines
from .scores import ScoreLog, era_end_now, score_lines

PLAYER_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan", "bold yellow")


def _rich():
    """The parts of rich used here, or None when it is not installed."""
    try:
        from rich import box
        from rich.console import Console as RichConsole
        from rich.table import Table
        from rich.text import Text
    except ImportError:
        return None
    return RichConsole, Table, Text, box


class Console:
    """Where the terminal output goes: rich when installed, plain text otherwise.

    ``color``: None decides by whether the output is a terminal (rich's own
    test, which also honours NO_COLOR); ``width``: None asks the terminal."""

    def __init__(self, file=None, width: Optional[int] = None, color: Optional[bool] = None, plain: bool = False):
        self._file = file
        parts = None if plain else _rich()
        self.rich = parts is not None
        if self.rich:
            RichConsole, self._Table, self._Text, self._box = parts
            self._console = RichConsole(
                file=file, width=width, force_terminal=color, no_color=color is False,
                highlight=False, markup=False, emoji=False,
            )
        self._width = width

    @property
    def file(self):
        return self._file if self._file is not None else sys.stdout

    @property
    def is_terminal(self) -> bool:
        if self.rich:
            return self._console.is_terminal
        isatty = getattr(self.file, "isatty", None)
        return bool(isatty and isatty())

    @property
    def width(self) -> int:
        if self.rich:
            return self._console.width
        if self._width:
            return self._width
        import shutil

        return shutil.get_terminal_size((80, 24)).columns

    # ------------------------------------------------------------ printing
    def say(self, text: str = "", style: Optional[str] = None, wrap: bool = False) -> None:
        """One message, as it is: the terminal wraps it, nothing is cut (``wrap``: wrapped
        here at the console's width, between words)."""
        if self.rich:
            self._console.print(text, style=style, soft_wrap=not wrap)
        else:
            print(text, file=self.file)

    def lines(self, lines, style: Optional[str] = None, wrap: bool = False) -> None:
        for line in lines:
            self.say(line, style, wrap)

    def clear(self) -> None:
        """Hide what is on the screen: cleared on a terminal, a rule elsewhere."""
        if self.is_terminal:
            if self.rich:
                self._console.clear()
            else:
                self.file.write("\033[2J\033[H")
        else:
            self.say("-" * min(self.width, 60))

    # The terminal's alternate screen keeps no scrollback, and leaving it brings back
    # the main screen as it was: what is shown there is gone once it is left.
    PRIVATE, PUBLIC = "\033[?1049h\033[2J\033[H", "\033[?1049l"

    def private(self, on: bool) -> None:
        """Start (or end) what only one player may see: on a terminal, a screen of its own
        that leaves nothing in the scrollback; elsewhere, a rule above and below."""
        if self.is_terminal:
            self.file.write(self.PRIVATE if on else self.PUBLIC)
            self.file.flush()
        else:
            self.say(("v" if on else "^") * min(self.width, 60))

    def _player_text(self, name: str, index: Optional[int]):
        style = PLAYER_STYLES[index % len(PLAYER_STYLES)] if index is not None else None
        return self._Text(name, style=style or "")

    # -------------------------------------------------------------- the table
    def board(self, game, viewer: Optional[int] = None, *, full: bool = False, links=None) -> None:
        """The table as the viewer may see it, compact (see :func:`brass.render.render`);
        ``full``: every space of the board too; ``links``: the links to show, if not
        those on the board now (a finished game's last era's)."""
        preview = era_end_now(game) if not game.is_over() else None
        if not self.rich:
            for line in render(game, viewer, full=full, links=links, preview=preview, width=self.width).split("\n"):
                self.lines(textwrap.wrap(line, self.width, subsequent_indent="      ") or [""])  # between words
            return
        self.say(board_header(game), style="bold", wrap=True)
        self._console.print(self.players_table(game, viewer, preview))
        self.lines(hand_lines(game, viewer), wrap=True)
        self.lines(table_lines(game), wrap=True)
        if any(tile is not None for tile in game.state.slot_tiles):
            self.say("Tiles (* flipped; VP, and income when flipped)", style="italic")
            self._console.print(self.tiles_table(game))
        else:
            self.say("Tiles: none yet")
        self._console.print(self.links_text(game, links))
        if viewer is not None:
            self.lines(network_lines(game, viewer, brief=True), style="dim", wrap=True)
        if full:
            self._console.print(self.locations_table(game))

    def status(self, game, viewer: Optional[int] = None) -> None:
        """Who is to move, and the viewer's hand: what a turn starts with."""
        self.say(board_header(game), style="bold")
        self.lines(hand_lines(game, viewer, mat=False))

    def players_table(self, game, viewer: Optional[int] = None, preview=None):
        state = game.state
        table = self._Table(box=self._box.SIMPLE_HEAD, title="Players, in turn order", title_justify="left", pad_edge=False)
        headings = ("", "Player", "Money", "Income", "VP", *(("Era end now",) if preview else ()), "Spent", "Hand")
        for heading in headings:
            table.add_column(heading, justify="left" if heading in ("", "Player", "Era end now") else "right", no_wrap=heading != "Player")
        to_move = game.to_move
        for position, index in enumerate(state.turn_order, 1):
            p = state.players[index]
            mark = ">" if index == to_move else ""
            name = self._player_text(p.name + (" (you)" if index == viewer else ""), index)
            level = game.board.income.level(p.income_space)
            soon = (preview_text(preview[index]),) if preview else ()
            table.add_row(f"{mark}{position}", name, money(p.money), str(level), str(p.vp), *soon, money(p.spent), str(len(p.hand)))
        return table

    def tiles_table(self, game):
        """The tiles built, by place, each in its owner's colour, with its VP and income."""
        state = game.state
        table = self._Table(box=self._box.SIMPLE_HEAD, pad_edge=False, show_header=False)
        table.add_column("Place", no_wrap=True, max_width=24)
        table.add_column("Tiles")
        for location in game.board.locations:
            tiles = [state.slot_tiles[slot.index] for slot in location.slots]
            if not any(tiles):
                continue
            text = self._Text()
            for tile in tiles:
                if tile is not None:
                    if text:
                        text.append(";  ")
                    text.append(tile_text(game, tile), style=PLAYER_STYLES[tile.owner % len(PLAYER_STYLES)])
            table.add_row(location.name, text)
        return table

    def links_text(self, game, links=None):
        """The links, each in its owner's colour."""
        text = self._Text("Links: ")
        links = list(game.state.links()) if links is None else links
        for number, link in enumerate(links):
            if number:
                text.append(", ")
            ends = "–".join(place.name for place in link.line.locations)
            text.append(f"{ends} ({link.kind})", style=PLAYER_STYLES[link.owner % len(PLAYER_STYLES)])
        if not links:
            text.append("none")
        return text

    def locations_table(self, game):
        """Every space of the board by place, built or not (``board all``)."""
        state = game.state
        table = self._Table(box=self._box.SIMPLE_HEAD, title="Every space (space: industry level owner, * = flipped, cubes)", title_justify="left", pad_edge=False)
        table.add_column("Place", no_wrap=True, max_width=24)
        table.add_column("Spaces")
        for location in game.board.locations:
            if not location.slots:
                continue
            spaces = self._Text()
            for slot in location.slots:
                tile = state.slot_tiles[slot.index]
                if spaces:
                    spaces.append("  ")
                spaces.append(slot_text(game, slot), style=PLAYER_STYLES[tile.owner % len(PLAYER_STYLES)] if tile is not None else "dim")
            table.add_row(location.name, spaces)
        return table

    # ---------------------------------------------------------- the rest
    def changes(self, lines: list, indent: str = "  ") -> None:
        for line in lines:
            self.say(indent + line, style="dim" if line.startswith("(") else None)

    def network(self, game, player: int) -> None:
        self.lines(network_lines(game, player))

    def scores(self, game, log: "ScoreLog") -> None:
        """The end-of-game breakdown: per player and era, the VP scored under each of the
        rules' headings, the VP gained or lost in play, VP and money."""
        rows = log.rows(game)
        if not self.rich:
            self.lines(score_lines(rows, log))
            return
        table = self._Table(box=self._box.SIMPLE_HEAD, title="Score breakdown", title_justify="left", pad_edge=False)
        for number, heading in enumerate(log.columns):
            # Two lines ("VP for" over "links"): each column as narrow as its figures allow.
            title = "\n".join(heading.rsplit(" ", 1)) if number >= 2 else heading
            table.add_column(title, justify="left" if number < 2 else "right", no_wrap=number < 2)
        last = None
        for row in rows:
            name = self._player_text(row.name, row.index) if row.index != last else ""
            last = row.index
            table.add_row(name, *row.cells, style="bold" if row.total else None, end_section=row.total)
        self._console.print(table)
        self.lines(log.notes(), style="dim")



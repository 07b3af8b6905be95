"""The terminal face of ``brass play`` and ``brass replay``.

A small :class:`Console`: colour only on a terminal, tables as wide as the
terminal, drawn with ``rich`` when it is installed (the ``terminal`` extra) and
as the plain text of :mod:`brass.render` when it is not. Beside it, what the
console shows, each worked out from what a player may see:

* :func:`changes` -- what a move changed, from two :func:`brass.view.player_view` dicts;
* :func:`network` -- the places a player's links and tiles reach, grouped;
* :func:`score_log` -- the VP each player scored in each era, under each of the rules'
  score headings, replayed from the record.

Nothing here knows an edition: names come from the ruleset's board, figures
from the views, the score headings from the rules (``score 3, heading="links"``),
the eras' ends from the ``brass_era_end`` hook every ruleset's flow passes through.
"""

from __future__ import annotations

import sys
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

from . import hookimpl
from .render import ROMAN, board_header, hand_lines, money, render, slot_text, table_lines

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

    def _player_text(self, name: str, index: Optional[int]):
        style = PLAYER_STYLES[index % len(PLAYER_STYLES)] if index is not None else None
        return self._Text(name, style=style or "")

    # -------------------------------------------------------------- the table
    def board(self, game, viewer: Optional[int] = None) -> None:
        """The whole table as the viewer may see it."""
        if not self.rich:
            self.say(render(game, viewer))
            return
        self.say(board_header(game), style="bold", wrap=True)
        self._console.print(self.players_table(game, viewer))
        self.lines(hand_lines(game, viewer), wrap=True)
        self.lines(table_lines(game), wrap=True)
        self._console.print(self.locations_table(game))

    def status(self, game, viewer: Optional[int] = None) -> None:
        """Who is to move, and the viewer's hand: what a turn starts with."""
        self.say(board_header(game), style="bold")
        self.lines(hand_lines(game, viewer, mat=False))

    def players_table(self, game, viewer: Optional[int] = None):
        state = game.state
        table = self._Table(box=self._box.SIMPLE_HEAD, title="Players, in turn order", title_justify="left", pad_edge=False)
        for heading in ("", "Player", "Money", "Income", "VP", "Spent", "Hand"):
            table.add_column(heading, justify="left" if heading in ("", "Player") else "right", no_wrap=heading != "Player")
        to_move = game.to_move
        for position, index in enumerate(state.turn_order, 1):
            p = state.players[index]
            mark = ">" if index == to_move else ""
            name = self._player_text(p.name + (" (you)" if index == viewer else ""), index)
            level = game.board.income.level(p.income_space)
            table.add_row(f"{mark}{position}", name, money(p.money), str(level), str(p.vp), money(p.spent), str(len(p.hand)))
        return table

    def locations_table(self, game):
        """The board by location: its spaces and tiles, and the links built from it."""
        state = game.state
        table = self._Table(box=self._box.SIMPLE_HEAD, title="Board (space: industry level owner, * = flipped, cubes)", title_justify="left", pad_edge=False)
        table.add_column("Location", no_wrap=True, max_width=24)
        table.add_column("Spaces", ratio=3)
        table.add_column("Links", ratio=2)
        links_at: dict = {}
        for link in state.links():
            for location in link.line.locations:
                links_at.setdefault(location.index, []).append(link)
        for location in game.board.locations:
            if not location.slots and location.index not in links_at:
                continue
            spaces = self._Text()
            for slot in location.slots:
                tile = state.slot_tiles[slot.index]
                if spaces:
                    spaces.append("  ")
                spaces.append(slot_text(game, slot), style=PLAYER_STYLES[tile.owner % len(PLAYER_STYLES)] if tile is not None else "dim")
            links = self._Text()
            for link in links_at.get(location.index, []):
                others = [loc.name for loc in link.line.locations if loc is not location]
                if links:
                    links.append(", ")
                links.append(f"{'-'.join(others) or link.line.id} ({link.kind})", style=PLAYER_STYLES[link.owner % len(PLAYER_STYLES)])
            table.add_row(location.name, spaces, links)
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


# ---------------------------------------------------------------- changes
def _names(game):
    """A function naming an id of a kind (location, card...), by the board if there is one."""
    board = game.board if game is not None else None

    def name(kind: str, ident) -> str:
        thing = board.get(kind, ident) if board is not None else None
        return getattr(thing, "name", None) or str(ident)

    return name


def _level(value) -> str:
    return ROMAN.get(value, str(value))


def _figure(key: str, value) -> str:
    return money(value) if key in ("money", "spent") else str(value)


PLAYER_FIGURES = (("money", "money"), ("income_level", "income level"), ("vp", "VP"), ("spent", "spent"), ("hand_size", "hand"))


def changes(before: dict, after: dict, game=None) -> list[str]:
    """What changed between two views of a game (:func:`brass.view.player_view`), one line a thing.

    Only what both views show is compared: a hand appears when the viewer's
    own is in both. ``game`` (optional) names ids by its board."""
    name = _names(game)
    lines = []
    lines += _flow_changes(before, after, name)
    for old, new in zip(before["players"], after["players"]):
        lines += _player_changes(old, new, name)
    lines += _tile_changes(before, after, name)
    lines += _link_changes(before, after, name)
    lines += _space_changes(before, after, name)
    for market, cubes in after["markets"].items():
        was = before["markets"].get(market)
        if was != cubes:
            lines.append(f"{name('market', market)}: {was} → {cubes} cubes")
    for key, label in (("piles", "pile"), ("counters", "counter")):
        for item in sorted(set(before[key]) | set(after[key])):
            was, now = before[key].get(item), after[key].get(item)
            if was != now:
                lines.append(f"{label} {name('card', item) if key == 'piles' else item}: {was} → {now}")
    if before["deck_size"] != after["deck_size"]:
        lines.append(f"draw deck: {before['deck_size']} → {after['deck_size']} cards")
    if after["over"] and not before["over"]:
        lines.append("the game is over")
    return lines


def _flow_changes(before, after, name) -> list[str]:
    lines = []
    if before["era"] != after["era"]:
        lines.append(f"the {name('era', before['era'])} is over; the {name('era', after['era'])} begins")
    elif before["round"] != after["round"]:
        lines.append(f"round {after['round']} begins")
    if before["turn_order"] != after["turn_order"]:
        order = ", ".join(after["players"][i]["name"] for i in after["turn_order"])
        lines.append(f"turn order: {order}")
    return lines


def _player_changes(old: dict, new: dict, name) -> list[str]:
    parts = [f"{label} {_figure(key, old[key])} → {_figure(key, new[key])}" for key, label in PLAYER_FIGURES if old[key] != new[key]]
    laid = []
    if len(new["discard"]) > len(old["discard"]) and new["discard"][: len(old["discard"])] == old["discard"]:
        laid = new["discard"][len(old["discard"]):]
    if "hand" in old and "hand" in new:
        gone = Counter(old["hand"]) - Counter(new["hand"]) - Counter(laid)
        came = Counter(new["hand"]) - Counter(old["hand"])
        if gone:
            parts.append("cards out of hand: " + ", ".join(name("card", c) for c in sorted(gone.elements())))
        if came:
            parts.append("cards drawn: " + ", ".join(name("card", c) for c in sorted(came.elements())))
    if laid:
        parts.append("discarded " + ", ".join(c if c.startswith("(") else name("card", c) for c in laid))
    for industry, levels in new["mat"].items():
        was = old["mat"].get(industry, [])
        if was != levels:
            next_level = f"next {_level(levels[0])}" if levels else "none left"
            parts.append(f"mat {name('industry', industry)}: {len(was) - len(levels)} tile(s) off, {next_level}")
    return [f"{new['name']}: " + "; ".join(parts)] if parts else []


def _tile_text(tile: dict, players: list, name) -> str:
    cubes = "".join(f", {n} {k}" for k, n in tile["cubes"].items())
    flipped = " (flipped)" if tile["flipped"] else ""
    return f"{name('industry', tile['industry'])} {_level(tile['level'])}{flipped} of {players[tile['owner']]['name']}{cubes}"


def _tile_changes(before, after, name) -> list[str]:
    players = after["players"]
    old = {t["space"]: t for t in before["tiles"]}
    new = {t["space"]: t for t in after["tiles"]}
    lines = []
    for space in sorted(set(old) | set(new)):
        was, now = old.get(space), new.get(space)
        where = f"{name('location', (now or was)['location'])} {space.rsplit('.', 1)[-1]}"
        if was == now:
            continue
        if was is None:
            lines.append(f"built at {where}: {_tile_text(now, players, name)}")
        elif now is None:
            lines.append(f"removed from {where}: {_tile_text(was, players, name)}")
        elif (was["industry"], was["level"], was["owner"]) != (now["industry"], now["level"], now["owner"]):
            lines.append(f"at {where}: {_tile_text(was, players, name)} replaced by {_tile_text(now, players, name)}")
        else:
            what = []
            if now["flipped"] != was["flipped"]:
                what.append("flipped" if now["flipped"] else "turned back")
            for cube in sorted(set(was["cubes"]) | set(now["cubes"])):
                a, b = was["cubes"].get(cube, 0), now["cubes"].get(cube, 0)
                if a != b:
                    what.append(f"{cube} {a} → {b}")
            lines.append(f"at {where}: {name('industry', now['industry'])} {_level(now['level'])} of {players[now['owner']]['name']} " + ", ".join(what))
    return lines


def _link_changes(before, after, name) -> list[str]:
    players = after["players"]
    old = {(link["line"], link["owner"], link["kind"]) for link in before["links"]}
    new = {(link["line"], link["owner"], link["kind"]) for link in after["links"]}
    lines = [f"{kind} link built: {line} by {players[owner]['name']}" for line, owner, kind in sorted(new - old)]
    gone = sorted(old - new)
    if gone and not new:
        lines.append(f"all {len(gone)} link(s) left the board")
    else:
        lines += [f"{kind} link removed: {line} of {players[owner]['name']}" for line, owner, kind in gone]
    return lines


def _space_changes(before, after, name) -> list[str]:
    old = {s["space"]: s for s in before["spaces"]}
    new = {s["space"]: s for s in after["spaces"]}
    lines = []
    for space in sorted(set(old) | set(new)):
        was, now = old.get(space), new.get(space)
        if was == now:
            continue
        if now is None:
            lines.append(f"space {space}: {name('token', was['token'])} removed")
        elif was is None or was["token"] != now["token"]:
            lines.append(f"space {space}: {name('token', now['token'])}")
        else:
            for cube in sorted(set(was["cubes"]) | set(now["cubes"])):
                a, b = was["cubes"].get(cube, 0), now["cubes"].get(cube, 0)
                if a != b:
                    lines.append(f"space {space}: {cube} {a} → {b}")
    return lines


# ---------------------------------------------------------------- network
def network_groups(game, player: int) -> list[dict]:
    """The places in a player's network (their tiles' locations, their links' ends),
    grouped by the player's own links; each group with what it holds and the
    further places anyone's links join to it."""
    view = game.view(player)
    board = game.board
    ends = {link["line"]: [loc.index for loc in board.get("line", link["line"]).locations] for link in view["links"]}
    own_links = [link for link in view["links"] if link["owner"] == player]
    places = {board.get("location", t["location"]).index for t in view["tiles"] if t["owner"] == player}
    for link in own_links:
        places.update(ends[link["line"]])
    groups = _components(places, [ends[link["line"]] for link in own_links])
    everyone = _components(set(i for e in ends.values() for i in e) | places, list(ends.values()))
    found = []
    for group in groups:
        reach = next((c for c in everyone if group & c), set(group))
        found.append({
            "places": sorted(group),
            "tiles": [t for t in view["tiles"] if t["owner"] == player and board.get("location", t["location"]).index in group],
            "links": [link for link in own_links if set(ends[link["line"]]) & group],
            "also_reached": sorted(reach - group),
        })
    found.sort(key=lambda g: (-len(g["places"]), g["places"]))
    return found


def _components(nodes: set, edges: list) -> list[set]:
    parent = {n: n for n in nodes}

    def root(n):
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for edge in edges:
        for a, b in zip(edge, edge[1:]):
            parent.setdefault(a, a)
            parent.setdefault(b, b)
            parent[root(a)] = root(b)
    groups: dict = {}
    for n in parent:
        groups.setdefault(root(n), set()).add(n)
    return list(groups.values())


def network_lines(game, player: int) -> list[str]:
    board = game.board
    name = _names(game)
    who = game.state.players[player].name
    groups = network_groups(game, player)
    if not groups:
        return [f"{who} has no network yet: no tile or link on the board."]
    lines = [f"{who}'s network: {len(groups)} group(s) of places joined by {who}'s own links"]
    for number, group in enumerate(groups, 1):
        places = ", ".join(board.locations[i].name for i in group["places"])
        lines.append(f"  {number}. {places}")
        if group["tiles"]:
            tiles = ", ".join(f"{name('industry', t['industry'])} {_level(t['level'])}{'*' if t['flipped'] else ''} at {name('location', t['location'])}" for t in group["tiles"])
            lines.append(f"     tiles: {tiles}")
        if group["links"]:
            lines.append("     links: " + ", ".join(f"{link['line']} ({link['kind']})" for link in group["links"]))
        if group["also_reached"]:
            lines.append("     joined by others' links to: " + ", ".join(board.locations[i].name for i in group["also_reached"]))
    return lines


# ------------------------------------------------------------- score log
@dataclass
class ScorePart:
    """A stretch of the game, per player: an era (its turns and its end), or what
    follows the last era's end. ``scored``: heading -> VP scored under it, per
    player (the headings scored under in it, even if for 0 VP);
    ``in_play``: the VP gained or lost otherwise; ``vp``, ``money``: at its end."""

    era: str
    scored: dict
    in_play: list
    vp: list
    money: list

    def heading_total(self, i: int) -> int:
        return sum(points[i] for points in self.scored.values())


@dataclass
class ScoreLog:
    """Each era, as the replay saw it, and what the end of the game scored after it.

    ``headings``: the score headings of the rules (``score 3, heading="links"``),
    the breakdown's columns, in the order the rule files first use them."""

    headings: tuple = ()
    eras: list = field(default_factory=list)
    end: Optional[ScorePart] = None

    @property
    def columns(self) -> tuple:
        """The breakdown's columns: who and when, a column of VP per heading, then the rest."""
        return ("Player", "Era", *(f"VP for {h}" for h in self.headings), "VP in play", "VP", "Money")

    @property
    def parts(self) -> list:
        return self.eras + ([self.end] if self.end is not None else [])

    def totals(self, i: int) -> tuple:
        """A player's VP under each heading over the game, and in play."""
        parts = self.parts
        scored = [sum(part.scored[h][i] for part in parts if h in part.scored) for h in self.headings]
        return scored, sum(part.in_play[i] for part in parts)

    def rows(self, game) -> list:
        """One row per player and era (and the end of the game, if it scored), then the
        player's total; players in their final order. Cells as in ``columns``."""
        outcome = game.outcome()
        order = [i for group in outcome.ranking for i in group] if outcome else list(range(len(game.state.players)))
        rows = []
        for i in order:
            p = game.state.players[i]
            for part in self.parts:
                cells = [_signed(part.scored[h][i]) if h in part.scored else "" for h in self.headings]
                in_play = _signed(part.in_play[i]) if part is not self.end or any(part.in_play) else ""
                rows.append(_Row(i, p.name, [part.era, *cells, in_play, str(part.vp[i]), money(part.money[i])]))
            scored, in_play = self.totals(i)
            level = game.board.income.level(p.income_space)
            rows.append(_Row(i, p.name, [f"total (income {level})", *map(str, scored), str(in_play), str(p.vp), money(p.money)], total=True))
        return rows

    def notes(self) -> list[str]:
        headings = ", ".join(self.headings)
        first = f"VP for {headings}: what the rules scored under each heading, in the era's turns or at its end." if headings else "The rules score no VP under a heading."
        text = f"({first} VP in play: the rest of the VP gained or lost in the era. VP, Money: each player's at its end.)"
        return textwrap.wrap(text, 78, subsequent_indent=" ")


def _signed(points: int) -> str:
    return f"{points:+d}"


@dataclass
class _Row:
    index: int
    name: str
    cells: list
    total: bool = False


def score_lines(rows: list, log: ScoreLog) -> list[str]:
    """The breakdown as plain text, one line a row."""
    lines = ["Score breakdown:"]
    for row in rows:
        era, *scored, in_play, vp, cash = row.cells
        parts = [f"{points} for {h}" for h, points in zip(log.headings, scored) if points]
        if row.total:
            parts.append(f"{in_play} in play")
            lines.append(f"  {row.name}, {era}: {vp} VP ({', '.join(parts)}), money {cash}")
            continue
        gained = sum(int(points) for points in scored if points)
        text = f"{gained:+d} VP scored ({', '.join(parts)})" if parts else "no VP scored"
        if in_play:
            text += f", {in_play} VP in play"
        lines.append(f"  {row.name}, {era}: {text}; {vp} VP, money {cash}")
    return lines + log.notes()


class _Watcher:
    """A plugin that notes, at each era's end, each player's VP and money, and how much of
    the game's log of headed scores (``GameState.scored``) the era has made."""

    def __init__(self, headings: tuple, start: list = ()):
        self.log = ScoreLog(headings)
        self.vp = list(start)  # each player's VP when the stretch being watched began (none given: 0)
        self.logged = 0

    def part(self, game, era: str) -> ScorePart:
        """The stretch of the game since the last one ended, named ``era``."""
        state = game.state
        n = len(state.players)
        vp = [p.vp for p in state.players]
        before = self.vp + [0] * (n - len(self.vp))
        scored: dict = {}
        for player, heading, points, _source in state.scored[self.logged:]:
            scored.setdefault(heading, [0] * n)[player] += points
            if heading not in self.log.headings:  # scored by a plugin's Python, not a rule
                self.log.headings += (heading,)
        part = ScorePart(era, scored, [0] * n, vp, [p.money for p in state.players])
        part.in_play = [vp[i] - before[i] - part.heading_total(i) for i in range(n)]
        self.vp, self.logged = vp, len(state.scored)
        return part

    @hookimpl
    def brass_era_end(self, game, era):
        self.log.eras.append(self.part(game, era.name))

    def finish(self, game) -> None:
        """What the end of the game scored after the last era's end, if anything (or,
        in a game not over, what the era being played has scored so far)."""
        over = game.outcome() is not None
        part = self.part(game, "end of game" if over else f"{game.state.era.name} (so far)")
        if part.scored or any(part.in_play) or not over:
            self.log.end = part


def score_log(record: dict, ruleset=None):
    """Replay a record, noting what each era scored under each heading; (game, ScoreLog).

    Generic: the headings are the rules' own (``CompiledRules.score_headings``),
    the points under each come from the game's log of headed scores, and the
    eras' ends from the ``brass_era_end`` hook every ruleset's flow passes through."""
    from .game import Game
    from .ruleset import load_ruleset

    if ruleset is None:
        ruleset = load_ruleset(record["ruleset"])
    elif isinstance(ruleset, str):
        ruleset = load_ruleset(ruleset)
    # A record from a position: the count starts from the VP it gives.
    start = [spec.get("vp", 0) for spec in (record.get("position") or {}).get("players", [])]
    watcher = _Watcher(ruleset.rules.score_headings, start)
    ruleset.plugins.register(watcher)
    try:
        game = Game.from_record(record, ruleset)
    finally:
        ruleset.plugins.unregister(watcher)
    watcher.finish(game)
    return game, watcher.log

"""A ruleset's rules as a document, generated from the ruleset itself.

The same document is printed by ``brass rules RULESET [TOPIC]`` and becomes a
chapter of the Sphinx documentation, so the rules a reader learns can never
disagree with the rules the engine plays: the tables come from the data files,
the steps from the rule files (see :mod:`brass.explain`), and each worked
example is played by the engine as the page is made.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Optional

from .errors import RulesetError
from .explain.steps import split_engine_notes
from .explain.words import constant_words
from .ruleset import Ruleset
from .svg import MapLayout, line_dash, link_kinds

# ----------------------------------------------------------------------- model


@dataclass
class Para:
    text: str


@dataclass
class Table:
    headers: list
    rows: list
    caption: str = ""


@dataclass
class Steps:
    steps: list  # brass.explain.Step


@dataclass
class Figure:
    svg: str
    name: str
    caption: str


@dataclass
class Section:
    key: str
    title: str
    blocks: list = field(default_factory=list)
    children: list = field(default_factory=list)

    def find(self, key: str) -> Optional["Section"]:
        if self.key == key:
            return self
        for child in self.children:
            found = child.find(key)
            if found is not None:
                return found
        return None

    def keys(self) -> list[str]:
        result = [self.key]
        for child in self.children:
            result.extend(child.keys())
        return result


# --------------------------------------------------------------------- building


def rules_document(ruleset: Ruleset) -> Section:
    """The whole document for a ruleset."""
    from . import explain

    doc = Section("rules", f"{ruleset.title}: the rules")
    doc.blocks.append(Para(HOW_TO_READ))
    doc.children.append(_overview(ruleset))
    doc.children.append(_setup(ruleset, explain))
    doc.children.append(_board(ruleset))
    doc.children.append(_tiles(ruleset))
    doc.children.append(_cards(ruleset))
    doc.children.append(_resources(ruleset, explain))
    tokens = _tokens(ruleset)
    if tokens is not None:
        doc.children.append(tokens)
    doc.children.append(_turn(ruleset, explain))
    doc.children.append(_flow(ruleset, explain))
    doc.children.append(_terms(ruleset, explain))
    doc.children.append(_citations(ruleset))
    bots = _bot_terms(ruleset, explain)
    if bots is not None:
        doc.children.append(bots)  # last: a learner has read every rule before it
    return doc


ENGINE_HEADING = "For engine readers"  # the box of notes that are not rules of play
HOW_TO_READ = (
    "Each rule below is written from the rule file that the engine plays, so it says exactly what the "
    "engine does. The sentences in italics are the rule file's own prose; the others are its rule code "
    "said in words. A box headed \u201c" + ENGINE_HEADING + "\u201d holds what is there only for the "
    "engine (how a move is written, which setting a number comes from): a player can skip it. A refused "
    "move is told why in play, in the rulebook's words, so those messages are not repeated here."
)


def _declared(ruleset, kind: str, name: str) -> bool:
    return (kind, name) in ruleset.rules.declarations


def _steps(explain, ruleset, kind, name) -> Steps:
    return Steps(explain.explain_declaration(ruleset, kind, name))


def _overview(ruleset: Ruleset) -> Section:
    section = Section("overview", "Overview")
    manifest = ruleset.manifest
    if ruleset.description:
        section.blocks.append(Para(" ".join(ruleset.description.split())))
    eras = ", then ".join(f"the {e.name} (links: {e.link})" for e in ruleset.board.eras)
    section.blocks.append(Para(f"For {', '.join(map(str, ruleset.players))} players. The game is played in {eras}."))
    if manifest.get("rulebook"):
        section.blocks.append(Para("Source: " + " ".join(str(manifest["rulebook"]).split())))
    if len(ruleset.layers) > 1:
        base = ruleset.layers[-2]
        section.blocks.append(Para(f"This is a variant of {base.manifest.get('title', base.name)} ({base.name}). It changes:"))
        rows = []
        own = ruleset.layers[-1]
        for (kind, name), node in sorted(ruleset.rules.declarations.items()):
            found = ruleset.locate(node.where.file)
            if found is not None and found[0] is own:
                what = f"new {kind}" if (kind, name) in ruleset.rules.added else kind
                rows.append([what, name, f"{ruleset.label(node.where.file)}:{node.where.line}"])
        for patch in ruleset.layers[-1].manifest.get("patches", []):
            rows.append(["data", f"{patch['file']}: {patch['path']}", patch.get("why", "")])
        section.blocks.append(Table(["what", "name", "where / why"], rows))
    section.blocks.append(Para(f"Ruleset {ruleset.name} {ruleset.version}; lineage: {' > '.join(ruleset.lineage())}."))
    return section


def _setup(ruleset, explain) -> Section:
    section = Section("setup", "Set-up and the game's numbers")
    rows = []
    for (kind, name), node in ruleset.rules.declarations.items():
        if kind == "setting":
            rows.append([name, _value(ruleset.rules.settings.get(name)), f"{ruleset.label(node.where.file)}:{node.where.line}"])
    section.blocks.append(Para("The numbers the rule files name (change one and the game changes):"))
    section.blocks.append(Table(["setting", "value", "where"], rows))
    section.blocks.append(Para("Set-up, step by step:"))
    section.blocks.append(_steps(explain, ruleset, "procedure", "setup"))
    return section


def _value(value) -> str:
    """A setting's value in the table of settings, as a rule file writes it."""
    if isinstance(value, list):
        return ", ".join(map(constant_words, value))
    return constant_words(value)


def _board(ruleset) -> Section:
    board = ruleset.board
    shown = Shown.of(ruleset)
    section = Section("board", "The board")
    svg = map_svg(ruleset)
    if svg:
        section.blocks.append(Figure(svg, f"{ruleset.name}-map.svg", f"The board's places and lines (places drawn roughly where they lie; {_line_styles(board)})."))
    rows = []
    for location in board.locations:
        slots = "; ".join(f"{s.number}: " + " or ".join(i.name for i in s.industries) for s in location.slots) or "-"
        rows.append([location.name, location.kind, slots, "; ".join(_location_extras(location, shown))])
    section.children.append(Section("locations", "Places", [Table(["place", "kind", "industry spaces", "also"], rows)]))
    line_rows = [[line.display(), " and ".join(line.kinds)] for line in board.lines]
    section.children.append(Section("lines", "Lines", [Para(f"{len(board.lines)} lines; each holds one link tile at most."), Table(["line", "takes"], line_rows)]))
    return section


# A place's fields the table shows in columns of their own, or nowhere.
PLACE_SHOWN_ELSEWHERE = ("id", "name", "kind", "slots", "rows", "map", "note", "spaces")


def _location_extras(location, shown: Shown) -> list:
    """What else a place has, in the data's order: "banner teal", "2 link icons",
    "market access" for a flag, "beer bonus: 4 VP" for an object."""
    extra = []
    for key, value in location.fields.items():
        if key in PLACE_SHOWN_ELSEWHERE or _empty(value) or value is False:
            continue
        if value is True:
            extra.append(shown.heading(key))
        elif isinstance(value, int):
            extra.append(f"{value} {shown.heading(key)}")
        elif isinstance(value, str):
            extra.append(f"{shown.heading(key)} {value}")
        else:
            extra.append(f"{shown.heading(key)}: {shown.flat(value, key)}")
    if location.spaces:
        count = len(location.spaces)
        extra.append(f"{count} token space{'s' if count != 1 else ''} (from {_and(sorted({str(s.min_players) for s in location.spaces}))} players)")
    return extra


def _line_styles(board) -> str:
    kinds = link_kinds(board)
    if len(kinds) == 1:
        return "lines solid"
    words = [f"{' and '.join(kinds)} lines solid"]
    for index, kind in enumerate(kinds):
        words.append(f"{kind}-only {'dotted' if index == 0 else 'dashed'}")
    return ", ".join(words)


def _and(words: list) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ------------------------------------------------------------ showing the data


@dataclass
class Shown:
    """How the ruleset's manifest asks its data to be shown (``show:``, merged base
    first, so a variant keeps each setting of its base that it does not give)."""

    tile_columns: tuple = ()
    headings: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset) -> "Shown":
        merged: dict = {}
        for layer in ruleset.layers:
            for key, value in (layer.manifest.get("show") or {}).items():
                if isinstance(value, dict) and isinstance(merged.get(key), dict):
                    merged[key] = {**merged[key], **value}
                else:
                    merged[key] = value
        return cls(tuple(merged.get("tile_columns", ())), merged.get("headings", {}), merged.get("values", {}))

    def heading(self, key: str) -> str:
        return self.headings.get(key) or {"vp": "VP"}.get(key, key.replace("_", " "))

    def flat(self, value, key: str = "") -> str:
        """A value as a table cell or a label says it: yes/no, lists joined, an object
        by its text in ``show.values`` or else as "field value" pairs."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, dict):
            text = self._text(value, key)
            if text is not None:
                return text
            return ", ".join(f"{self.heading(k)} {self.flat(v, k)}" for k, v in value.items())
        if isinstance(value, list):
            return ", ".join(self.flat(v) for v in value)
        return str(value)

    def _text(self, value: dict, key: str):
        shown = self.values.get(key)
        if isinstance(shown, dict):
            shown = shown.get("text", {}).get(str(value.get(shown.get("by"))))
        if not isinstance(shown, str):
            return None
        return _FIELD.sub(lambda m: self.flat(value[m.group(1)], m.group(1)) if m.group(1) in value else m.group(0), shown)


_FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")  # "{amount} VP": a field in braces, nothing else
_flat = Shown().flat  # for values no ruleset setting concerns (cubes, counters)


def _tiles(ruleset) -> Section:
    section = Section("tiles", "Industries and their tiles")
    shown = Shown.of(ruleset)
    keys = _tile_keys(ruleset, shown)
    for industry in ruleset.board.industries:
        present = [k for k in keys if any(not _empty(tile.fields.get(k)) for tile in industry.levels)]
        rows = [[str(tile.level), str(tile.count)] + [_cell(tile.fields.get(k), k, shown) for k in present] for tile in industry.levels]
        blocks = [Table([shown.heading("level"), shown.heading("count")] + [shown.heading(k) for k in present], rows)]
        never = [str(t.level) for t in industry.levels if "cost" in t.fields and t.fields["cost"] is None]
        if never:
            blocks.append(Para(f"Level {_and(never)} can never be built."))
        for note in [t.fields["doubt"] for t in industry.levels if "doubt" in t.fields]:
            blocks.append(Para(f"Doubt: {note}"))
        section.children.append(Section(f"tiles-{industry.id}", industry.name, blocks))
    return section


TILE_ROWS = ("level", "count")  # every tile table starts with these
TILE_NOTES = ("note", "doubt")  # shown below a table, not in it


def _tile_keys(ruleset, shown: Shown) -> list:
    """The tile columns in one order for every industry: the manifest's ``show.tile_columns``,
    then the other fields in the order the data first gives them."""
    keys = [k for k in shown.tile_columns if k not in TILE_ROWS + TILE_NOTES]
    for industry in ruleset.board.industries:
        for tile in industry.levels:
            keys.extend(k for k in tile.fields if k not in keys and k not in TILE_ROWS + TILE_NOTES)
    return keys


def _empty(value) -> bool:
    """Nothing to show: no value, zero, or an empty list (False is a value: "no")."""
    return value is None or (not isinstance(value, bool) and value in (0, "", [], {}))


NONE = "\u2014"  # an em dash: nothing here


def _cell(value, key: str, shown: Shown) -> str:
    """A table cell: yes/no for a flag, a dash for nothing, lists joined."""
    if value is None or value == [] or value == "":
        return NONE
    return shown.flat(value, key)


def _cards(ruleset) -> Section:
    section = Section("cards", "Cards")
    counts = [str(n) for n in ruleset.players]
    rows = []
    for card in ruleset.board.cards:
        copies = card.fields.get("copies", {})
        what = card.location.name if card.location is not None else " or ".join(i.name for i in card.industries)
        rows.append([card.name, card.kind, what] + [str(copies.get(n, 0)) for n in counts])
    totals = [str(sum(c.fields.get("copies", {}).get(n, 0) for c in ruleset.board.cards)) for n in counts]
    rows.append(["all", "", ""] + totals)
    section.blocks.append(Table(["card", "kind", "builds", *[f"{n} players" for n in counts]], rows))
    if ruleset.board.piles:
        piles = [[card.name, str(count)] for card, count in ruleset.board.piles.values()]
        section.blocks.append(Para("Face-up piles, never in the deck:"))
        section.blocks.append(Table(["card", "count"], piles))
    return section


def _resources(ruleset, explain) -> Section:
    section = Section("resources", "Markets and resources")
    rows = []
    for market in ruleset.board.markets:
        rows.append([market.name, ", ".join(map(str, market.prices)), str(market.initial)])
    section.blocks.append(Table(["market", "prices of its spaces, cheapest first", "cubes at set-up"], rows))
    for (kind, name), node in ruleset.rules.declarations.items():
        if kind == "resource":
            section.children.append(Section(f"resource-{name}", f"Where {name} comes from", [_steps(explain, ruleset, "resource", name)]))
    return section


def _tokens(ruleset) -> Optional[Section]:
    pools = ruleset.board.pools
    if not pools:
        return None
    section = Section("tokens", "Tokens")
    shown = Shown.of(ruleset)
    for pool_id, pool in pools.items():
        tokens = ruleset.board.tokens[pool_id]
        keys = []
        for token in tokens:
            for key in token.fields:
                if key not in ("id", "name", "note") and key not in keys:
                    keys.append(key)
        rows = [[t.name] + [shown.flat(t.fields.get(k, ""), k) for k in keys] for t in tokens]
        blocks = [Table(["token"] + [shown.heading(k) for k in keys], rows)]
        for key, value in pool.items():
            if key not in ("id", "name", "tokens", "note"):
                blocks.append(Para(f"{shown.heading(key).capitalize()}: {shown.flat(value, key)}."))
        section.children.append(Section(f"tokens-{pool_id}", pool["name"], blocks))
    return section


def _turn(ruleset, explain) -> Section:
    rules = ruleset.rules
    section = Section("actions", "A turn and its actions")
    section.blocks.append(Para("Money paid for an action counts as money spent this round. Actions each turn:"))
    section.blocks.append(_steps(explain, ruleset, "definition", "actions_this_turn"))
    rows = [[a.title, a.name, str(a.uses), a.cite or ""] for a in rules.actions.values()]
    section.blocks.append(Table(["action", "written", "actions it takes", "rule"], rows))
    for action in rules.actions.values():
        blocks = [Para(f"Rule: {action.cite}.")] if action.cite else []
        blocks.append(_steps(explain, ruleset, "action", action.name))
        blocks.extend(_examples(ruleset, action.name))
        section.children.append(Section(action.name, action.title, blocks))
    others = Section("procedures", "Steps the actions share", [])
    used = {"setup", "end_of_turn", "end_of_round", "end_of_era", "end_of_game", "start_of_era"}
    for (kind, name), node in rules.declarations.items():
        if kind == "procedure" and name not in used:
            others.children.append(Section(f"procedure-{name}", name.replace("_", " ").capitalize(), [_steps(explain, ruleset, "procedure", name)]))
        elif kind == "handler":
            others.children.append(Section(f"on-{name}", f"When a tile is {name}" if name == "emptied" else f"On {name}", [_steps(explain, ruleset, "handler", name)]))
    section.children.append(others)
    return section


def _flow(ruleset, explain) -> Section:
    section = Section("flow", "Rounds, eras and the end")
    for name, title in (("end_of_turn", "The end of a turn"), ("end_of_round", "The end of a round"), ("end_of_era", "The end of an era"), ("end_of_game", "The end of the game")):
        if _declared(ruleset, "procedure", name):
            section.children.append(Section(name.replace("_", "-"), title, [_steps(explain, ruleset, "procedure", name)]))
    section.children.append(Section("era-over", "When an era ends", [_steps(explain, ruleset, "definition", "era_over")]))
    section.children.append(Section("winning", "Winning", [Para("Players are ranked by these values, highest first, each breaking ties in the one before; players equal on all share the place."), _steps(explain, ruleset, "definition", "ranking")]))
    return section


# Definitions the chapter explains in sections of their own.
EXPLAINED_ELSEWHERE = ("actions_this_turn", "era_over", "ranking")


def _terms(ruleset, explain) -> Section:
    """Every definition the rule files make, in their order: the words the steps use."""
    section = Section("terms", "Terms the rules use")
    section.blocks.append(Para("The steps above say these in words, or in full where they are short."))
    steps = []
    for (kind, name), node in ruleset.rules.declarations.items():
        if kind == "definition" and name not in EXPLAINED_ELSEWHERE and not name.startswith(BOT_PREFIX):
            steps.extend(explain.explain_declaration(ruleset, kind, name))
    section.blocks.append(Steps(steps))
    return section


# Definitions named so are for the engine's bots, not rules of play (the language's
# compiler knows the prefix too): a learner's terms leave them out.
BOT_PREFIX = "bot_"


def _bot_terms(ruleset, explain) -> Optional[Section]:
    """The definitions only the bots read, apart from the rules: a player can skip them."""
    steps = []
    for (kind, name), node in ruleset.rules.declarations.items():
        if kind == "definition" and name.startswith(BOT_PREFIX):
            for step in explain.explain_declaration(ruleset, kind, name):
                if step.kind == "step" and step.text.startswith("Bot "):
                    step.text = step.text[4:5].upper() + step.text[5:]  # the section says whom they are for
                steps.append(step)
    if not steps:
        return None
    section = Section("bot-terms", "What the bots are told")
    section.blocks.append(Para("Not rules of play: the engine's bots read these to judge a position, and a game never does. A player can skip them."))
    section.blocks.append(Steps(steps))
    return section


def _citations(ruleset) -> Section:
    rows = []
    for (kind, name), node in ruleset.rules.declarations.items():
        cites = []
        body = getattr(node, "body", None) or ()
        for stmt in _walk(body):
            text = getattr(stmt, "text", None)
            if type(stmt).__name__ == "Cite" and text not in cites:
                cites.append(text)
        cites.extend(getattr(node, "cites", ()) or ())
        if cites:
            rows.append([f"{kind} {name}", "; ".join(cites), f"{ruleset.label(node.where.file)}:{node.where.line}"])
    return Section("citations", "What each rule cites", [Table(["rule", "rulebook", "rule file"], rows)])


def _walk(stmts):
    for stmt in stmts:
        yield stmt
        for attr in ("body", "otherwise"):
            inner = getattr(stmt, attr, None)
            if isinstance(inner, tuple):
                yield from _walk(inner)
        for branch in getattr(stmt, "branches", ()) or ():
            yield from _walk(branch[1])


# ---------------------------------------------------------------- worked turns


def _examples(ruleset, action: str) -> list:
    """Worked examples of an action: played by the engine, with their numbers."""
    from .errors import BrassError
    from .game import Game

    blocks = []
    examples, inherited = load_examples(ruleset)
    for example in examples:
        if example.get("action") != action:
            continue
        try:
            game = Game(ruleset, example.get("players", 2), seed=example.get("seed", 1))
            game.set_position(example["position"], any_cards=True)  # examples are rule cases
            before = game.view(None)
            mover = game.state.players[game.to_move]
            played = []
            for text in example["moves"]:
                played.append(game.play(text).notation())
        except BrassError:
            if inherited:
                continue  # a base's example that does not fit this variant
            raise
        after = game.view(None)
        lines = [f"Example: {example['title']}.", " ".join(example.get("text", "").split())]
        blocks.append(Para(" ".join(line for line in lines if line)))
        blocks.append(Para(f"{mover.name} plays: " + "; then ".join(f"``{m}``" for m in played)))
        blocks.append(Table(["what", "before", "after"], _changes(before, after)))
    return blocks


def _level(levels: list) -> str:
    return f"level {levels[0]} ({len(levels)} left)" if levels else "none left"


def load_examples(ruleset) -> tuple[list, bool]:
    """The worked examples of the ruleset (or of its nearest base), and whether inherited."""
    for layer in reversed(ruleset.layers):
        path = layer.folder / "examples.yaml"
        if path.exists():
            # Read as every ruleset file is: bounded, safe, the problem named with the file.
            from .data import FileProblem, load_yaml, read_text

            try:
                document, _ = load_yaml(read_text(path))
            except FileProblem as problem:
                raise RulesetError(f"{path}: {problem}") from None
            return (document or {}).get("examples", []), layer is not ruleset.layers[-1]
    return [], False


def _changes(before: dict, after: dict) -> list:
    rows = []
    for old, new in zip(before["players"], after["players"]):
        for key in ("money", "spent", "income_level", "income_space", "vp", "hand_size"):
            if old[key] != new[key]:
                rows.append([f"{old['name']}: {key.replace('_', ' ')}", str(old[key]), str(new[key])])
    tiles_before = {t["space"]: t for t in before["tiles"]}
    tiles_after = {t["space"]: t for t in after["tiles"]}

    def describe(tile):
        if tile is None:
            return "empty"
        cubes = ", ".join(f"{n} {k}" for k, n in tile["cubes"].items())
        owner = after["players"][tile["owner"]]["name"]
        return f"{tile['industry']} {tile['level']} of {owner}" + (", flipped" if tile["flipped"] else "") + (f", {cubes}" if cubes else "")

    for space in sorted(set(tiles_before) | set(tiles_after)):
        old, new = tiles_before.get(space), tiles_after.get(space)
        if old != new:
            rows.append([f"space {space}", describe(old), describe(new)])
    links_before = {link["line"]: link for link in before["links"]}
    for link in after["links"]:
        if link["line"] not in links_before:
            rows.append([f"line {link['line']}", "free", f"{link['kind']} of {after['players'][link['owner']]['name']}"])
    for market, cubes in after["markets"].items():
        if before["markets"].get(market) != cubes:
            rows.append([f"{market} market", f"{before['markets'][market]} cubes", f"{cubes} cubes"])
    spaces_before = {s["space"]: s for s in before["spaces"]}
    for space in after["spaces"]:
        old = spaces_before.get(space["space"])
        if old and old["cubes"] != space["cubes"]:
            rows.append([f"space {space['space']}", _flat(old["cubes"]) or "nothing", _flat(space["cubes"]) or "nothing"])
    for old, new in zip(before["players"], after["players"]):
        for industry, levels in new["mat"].items():
            was = old["mat"][industry]
            if was != levels:
                rows.append([f"{old['name']}: lowest {industry} on the mat", _level(was), _level(levels)])
    for pile, count in after["piles"].items():
        if before["piles"].get(pile) != count:
            rows.append([f"{pile} pile", str(before["piles"][pile]), str(count)])
    for key, value in after["counters"].items():
        if before["counters"].get(key) != value and not key.endswith("_drawn"):
            rows.append([key.replace("_", " "), str(before["counters"].get(key, 0)), str(value)])
    return rows


# ------------------------------------------------------------------------- map


def map_svg(ruleset, width: int = 720) -> str:
    """The board's places and lines as an SVG picture (from each place's ``map`` position)."""
    board = ruleset.board
    layout = MapLayout(board, width=width, margin=60)  # the board's projection, as the game's picture draws it
    if not layout.complete:
        return ""
    height = layout.height
    point = layout.__getitem__

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="#fbf7ee"/>',
    ]
    for line in board.lines:
        ends = [loc.id for loc in line.locations]
        dash = line_dash(board, line)
        x1, y1 = point(ends[0])
        for other in ends[1:]:
            x2, y2 = point(other)
            parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#555" stroke-width="2"{dash}/>')
    # Places and the labels drawn so far are obstacles: each label goes above its
    # place, or else to the right, the left or below, wherever it overlaps nothing.
    taken: list = []
    for location in board.locations:
        px, py = point(location.id)
        taken.append((px - 12, py - 12, px + 12, py + 12))
    for location in board.locations:
        x, y = point(location.id)
        if location.slots:
            radius = 7 + 2 * len(location.slots)
            parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{radius}" fill="#e9d8b4" stroke="#7a5c2e" stroke-width="1.5"/>')
            parts.append(f'<text x="{x:.0f}" y="{y:.0f}" dy="4" text-anchor="middle" font-size="10">{len(location.slots)}</text>')
        else:
            parts.append(f'<rect x="{x - 9:.0f}" y="{y - 9:.0f}" width="18" height="18" fill="#cfe0f0" stroke="#2e5a7a" transform="rotate(45 {x:.0f} {y:.0f})"/>')
        name = location.name.split(" (")[0]  # a note in brackets after a name is left off the map
        text_width = 6.4 * len(name)
        candidates = [  # (x, y, anchor, box): above, right, left, below the place
            (x, y - 14, "middle", (x - text_width / 2, y - 25, x + text_width / 2, y - 12)),
            (x + 15, y + 4, "start", (x + 15, y - 7, x + 15 + text_width, y + 6)),
            (x - 15, y + 4, "end", (x - 15 - text_width, y - 7, x - 15, y + 6)),
            (x, y + 24, "middle", (x - text_width / 2, y + 13, x + text_width / 2, y + 26)),
        ]

        def clear(box):
            inside = box[0] >= 2 and box[2] <= width - 2
            return inside and not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken)

        lx, ly, anchor, box = next((c for c in candidates if clear(c[3])), candidates[0])
        taken.append(box)
        parts.append(f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}">{name.replace("&", "&amp;")}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


# ------------------------------------------------------------------- rendering


def to_text(section: Section, width: int = 88, level: int = 0) -> str:
    """A section as plain text for a terminal."""
    out = []
    underline = "=-~."[min(level, 3)]
    out.append(section.title + "\n" + underline * len(section.title))
    for block in section.blocks:
        out.append(_block_text(block, width))
    for child in section.children:
        out.append(to_text(child, width, level + 1))
    return "\n\n".join(part for part in out if part)


def _block_text(block, width: int) -> str:
    if isinstance(block, Para):
        return textwrap.fill(block.text, width)
    if isinstance(block, Table):
        return _table_text(block)
    if isinstance(block, Steps):
        rules, engine = split_engine_notes(block.steps)
        text = "\n".join(_steps_text(rules, width, 0))
        if engine:
            notes = [line for note in engine for line in textwrap.wrap(note.text, width - 4, initial_indent="  - ", subsequent_indent="    ")]
            text += f"\n\n[{ENGINE_HEADING}: not rules of play]\n" + "\n".join(notes)
        return text
    if isinstance(block, Figure):
        return f"[{block.caption} -- see the HTML documentation]"
    return ""


MAX_COLUMN = 40  # characters of a text table's column but the last; longer cells wrap


def _table_text(block: Table) -> str:
    """A table in aligned columns; a cell too long for its column wraps onto more lines."""
    columns = list(zip(*([block.headers] + block.rows))) if block.rows else [[h] for h in block.headers]
    widths = [max(len(str(c)) for c in column) for column in columns]
    widths = [w if i == len(widths) - 1 else min(w, MAX_COLUMN) for i, w in enumerate(widths)]
    lines = []
    for number, row in enumerate([block.headers] + block.rows):
        cells = [textwrap.wrap(str(c), w) or [""] if len(str(c)) > w else [str(c)] for c, w in zip(row, widths)]
        for depth in range(max(len(c) for c in cells)):
            lines.append("  ".join((c[depth] if depth < len(c) else "").ljust(w) for c, w in zip(cells, widths)))
        if number == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def _steps_text(steps, width, depth) -> list:
    lines = []
    indent = "  " * depth
    for step in steps:
        if step.kind == "note":
            lines.extend(textwrap.wrap(step.text, width - len(indent), initial_indent=indent, subsequent_indent=indent))
        else:
            lines.extend(textwrap.wrap(step.text, width - len(indent) - 2, initial_indent=indent + "- ", subsequent_indent=indent + "  "))
        lines.extend(_steps_text(step.children, width, depth + 1))
    return lines


_RST_LEVELS = "=-~^'\""


def to_rst(section: Section, level: int = 0, figures: Optional[dict] = None) -> str:
    """A section as reStructuredText; figures' SVG text is collected into ``figures``."""
    out = ([f".. _{section.key}:", ""] if level == 0 else [""]) + [section.title, _RST_LEVELS[min(level, 5)] * len(section.title), ""]
    for block in section.blocks:
        out.append(_block_rst(block, figures))
        out.append("")
    for child in section.children:
        out.append(to_rst(child, level + 1, figures))
    return "\n".join(out)


def _rst_text(text) -> str:
    text = str(text)
    for char in ("*", "|", "_"):
        text = text.replace(char, "\\" + char)
    return text.replace("`", "'")


def _block_rst(block, figures) -> str:
    if isinstance(block, Para):
        return block.text if "``" in block.text else _rst_text(block.text)
    if isinstance(block, Table):
        lines = [".. list-table::", "   :header-rows: 1", ""]
        for row in [block.headers] + block.rows:
            lines.append("   * - " + (_rst_text(row[0]) or "\\"))
            for cell in row[1:]:
                lines.append("     - " + (_rst_text(cell) or "\\"))
        return "\n".join(lines)
    if isinstance(block, Steps):
        rules, engine = split_engine_notes(block.steps)
        text = "\n".join(_steps_rst(rules, 0))
        if engine:
            box = [f".. admonition:: {ENGINE_HEADING}", "   :class: engine-notes", "", "   Not rules of play: how the rule files say them to the engine.", ""]
            box += [f"   - {_rst_text(note.text)}" for note in engine]
            text += "\n\n" + "\n".join(box)
        return text
    if isinstance(block, Figure):
        if figures is not None:
            figures[block.name] = block.svg
        return f".. figure:: {block.name}\n   :width: 100%\n\n   {_rst_text(block.caption)}"
    return ""


def _steps_rst(steps, depth) -> list:
    lines = []
    indent = "   " * depth
    for step in steps:
        text = _rst_text(step.text)
        if step.kind == "note":
            lines.append(f"{indent}*{text}*" if depth == 0 else f"{indent}- *{text}*")
        else:
            lines.append(f"{indent}- {text}")
        lines.append("")
        if step.children:
            lines.extend(_steps_rst(step.children, depth + 1))
    return lines

"""Ruleset data: YAML files checked against the engine's JSON Schemas.

Every file is checked, and every problem found is reported at once, each with
the file, the line and the path inside it (``industries[ID].tiles[2].cost``).
A ruleset may add fields to the schemas (``extend:`` in ``ruleset.yaml``), with
defaults, so its rule files can read them and typos in them are still caught.
After the schemas come the checks a schema cannot express: identifiers that
must exist, and must be unique.
"""

from __future__ import annotations

import copy
import difflib
import functools
import json
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .errors import DataError, DataProblem
from .model.static import (
    Board,
    Card,
    Era,
    IncomeTrack,
    Industry,
    Line,
    Location,
    Market,
    Slot,
    Space,
    TileType,
    Token,
)

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
DATA_KINDS = ("board", "links", "industries", "cards", "tokens", "markets", "income_track")
DEFAULT_FILES = {
    "board": "data/board.yaml",
    "links": "data/links.yaml",
    "industries": "data/tiles.yaml",
    "cards": "data/cards.yaml",
    "tokens": "data/tokens.yaml",
    "markets": "data/markets.yaml",
    "income_track": "data/income_track.yaml",
}
OPTIONAL_KINDS = ("tokens",)
# Where each extendable object lives: (schema, definition name).
EXTENSION_POINTS = {
    "location": ("board", "location"),
    "line": ("links", "line"),
    "industry": ("industries", "industry"),
    "tile": ("industries", "tile"),
    "card": ("cards", "card"),
    "token": ("tokens", "token"),
    "pool": ("tokens", "pool"),
    "market": ("markets", "market"),
}


@functools.lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The engine's JSON Schema of one kind of data file."""
    return json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def _registry() -> Registry:
    return Registry().with_resource("brass:common", Resource.from_contents(schema("common")))


# ------------------------------------------------------------------- YAML files
class YamlFile:
    """A YAML document and the line of every node in it, by path."""

    def __init__(self, path: Path, display: str):
        self.path = path
        self.display = display
        self.lines: dict[tuple, int] = {}
        text = path.read_text(encoding="utf-8")
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None:
            self._index(node, ())
        self.data = _string_keys(yaml.safe_load(text)) if text.strip() else None
        self.patched = False  # a variant changed it: lines refer to the base file as written

    def _index(self, node, path: tuple) -> None:
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                self.lines[path + (str(key.value),)] = key.start_mark.line + 1
                self._index(value, path + (str(key.value),))
        elif isinstance(node, yaml.SequenceNode):
            for position, value in enumerate(node.value):
                self._index(value, path + (position,))

    def line_of(self, path: tuple) -> int | None:
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)


def _string_keys(value):
    """YAML reads {2: 0} with integer keys; JSON Schema wants strings."""
    if isinstance(value, dict):
        return {str(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value


def format_path(data, path) -> str:
    """A readable path: list items with an id are named by it."""
    text = ""
    node = data
    for part in path:
        if isinstance(part, int):
            item = node[part] if isinstance(node, list) and part < len(node) else None
            ident = item.get("id") if isinstance(item, dict) else None
            if isinstance(ident, str) and ident:
                text += f"[{ident}]"
            else:
                text += f"[{part}]"
            node = item
        else:
            text += ("." if text else "") + str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return text


# ------------------------------------------------------------------ validation
def extended_schema(kind: str, extend: dict) -> dict:
    """The schema of a data kind, with the ruleset's declared fields added."""
    result = copy.deepcopy(schema(kind))
    for target, fields in (extend or {}).items():
        schema_name, definition = EXTENSION_POINTS[target]
        if schema_name == kind:
            result["$defs"][definition]["properties"].update(fields)
    return result


def _problem_text(error, data) -> str:
    validator = error.validator
    if validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        words = []
        for key in extra:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            words.append(f"unexpected field {key!r}{hint}")
        return "; ".join(words) + f"; allowed fields: {', '.join(allowed)}"
    if validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return "missing field " + ", ".join(repr(k) for k in missing)
    if validator == "type":
        expected = error.validator_value
        if isinstance(expected, list):
            expected = " or ".join(expected)
        article = "an" if str(expected)[0] in "aeiou" else "a"
        return f"expected {article} {expected}, found {error.instance!r}"
    if validator == "pattern":
        return f"{error.instance!r} is not a valid identifier (lower-case letters, digits, '-' and '_')"
    if validator == "enum":
        return f"{error.instance!r} is not one of {', '.join(map(repr, error.validator_value))}"
    if validator in ("minimum", "maximum", "minItems", "maxItems"):
        return error.message
    return error.message


def validate(kind: str, document: YamlFile, extend: dict) -> list[DataProblem]:
    """Every schema problem of one data file."""
    if document.data is None:
        return [DataProblem(document.display, "", "the file is empty")]
    validator = Draft202012Validator(extended_schema(kind, extend), registry=_registry())
    problems = []
    for error in sorted(validator.iter_errors(document.data), key=lambda e: [str(p) for p in e.absolute_path]):
        path = tuple(error.absolute_path)
        where = format_path(document.data, path)
        line = document.line_of(path)
        file = f"{document.display}:{line}" if line else document.display
        problems.append(DataProblem(file, where, _problem_text(error, document.data)))
    return problems


def apply_defaults(kind: str, data: dict, extend: dict) -> None:
    """Fill in the defaults of fields a ruleset declared (``default:`` in ``extend``)."""
    for target, fields in (extend or {}).items():
        schema_name, _ = EXTENSION_POINTS[target]
        if schema_name != kind:
            continue
        defaults = {k: v["default"] for k, v in fields.items() if isinstance(v, dict) and "default" in v}
        if not defaults:
            continue
        for item in _objects_of(kind, target, data):
            for key, value in defaults.items():
                item.setdefault(key, copy.deepcopy(value))


def _objects_of(kind: str, target: str, data: dict) -> list:
    if target == "location":
        return data.get("locations", [])
    if target == "line":
        return data.get("lines", [])
    if target == "industry":
        return data.get("industries", [])
    if target == "tile":
        return [t for ind in data.get("industries", []) for t in ind.get("tiles", [])]
    if target == "card":
        return data.get("cards", []) + [p["card"] for p in data.get("piles", []) if "card" in p]
    if target == "token":
        return [t for pool in data.get("pools", []) for t in pool.get("tokens", [])]
    if target == "pool":
        return data.get("pools", [])
    if target == "market":
        return data.get("markets", [])
    return []


# ------------------------------------------------------------- building a board
class _Problems:
    def __init__(self, documents: dict):
        self.documents = documents
        self.items: list[DataProblem] = []

    def add(self, kind: str, path: tuple, message: str) -> None:
        document = self.documents[kind]
        line = document.line_of(path)
        file = f"{document.display}:{line}" if line else document.display
        self.items.append(DataProblem(file, format_path(document.data, path), message))


def _unknown(kind: str, ident, known) -> str:
    close = difflib.get_close_matches(str(ident), sorted(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown {kind} {ident!r}{hint}"


def build_board(manifest: dict, documents: dict) -> Board:
    """Make the static board from checked data; raise DataError listing every problem."""
    build = _BoardBuilder(manifest, documents)
    industries = build.industries()
    locations, slots, spaces = build.locations({ind.id: ind for ind in industries})
    location_by_id = {loc.id: loc for loc in locations}
    lines, lines_at = build.lines(locations, location_by_id)
    cards, piles = build.cards(location_by_id, {ind.id: ind for ind in industries})
    tokens, pools = build.tokens()
    markets = build.markets()
    income = build.income_track()
    eras_data = manifest.get("eras") or []
    eras = tuple(Era(i, e, i == len(eras_data) - 1) for i, e in enumerate(eras_data))
    if build.problems.items:
        raise DataError(build.problems.items)
    board = Board(
        locations=tuple(locations),
        slots=tuple(slots),
        spaces=tuple(spaces),
        lines=tuple(lines),
        industries=tuple(industries),
        tile_types=tuple(tt for ind in industries for tt in ind.levels),
        cards=tuple(cards),
        piles=piles,
        tokens=tokens,
        pools=pools,
        markets=tuple(markets),
        eras=eras,
        income=income,
    )
    board.lines_at = {loc: tuple(ls) for loc, ls in lines_at.items()}
    _index(board)
    return board


def _index(board: Board) -> None:
    """Every named thing of the board by (kind, id)."""
    for kind, items in (
        ("location", board.locations),
        ("line", board.lines),
        ("industry", board.industries),
        ("card", board.cards),
        ("market", board.markets),
        ("era", board.eras),
        ("slot", board.slots),
        ("tile_type", board.tile_types),
    ):
        for item in items:
            board.by_id[(kind, item.id)] = item
    for card, _ in board.piles.values():
        board.by_id[("card", card.id)] = card
    for pool_tokens in board.tokens.values():
        for token in pool_tokens:
            board.by_id[("token", token.id)] = token


class _BoardBuilder:
    """Builds each part of the board from its data file, noting every problem."""

    def __init__(self, manifest: dict, documents: dict):
        self.problems = _Problems(documents)
        self.documents = documents
        self.data = {kind: doc.data if doc is not None else None for kind, doc in documents.items()}
        self.players = manifest.get("players", [2, 3, 4])
        eras_data = manifest.get("eras") or []
        self.era_ids = {e["id"] for e in eras_data}
        self.link_kinds = {e["link"] for e in eras_data}

    def unique(self, kind, items, path) -> None:
        seen = set()
        for position, item in enumerate(items):
            ident = item.get("id")
            if ident in seen:
                self.problems.add(kind, path + (position, "id"), f"the id {ident!r} is used twice")
            seen.add(ident)

    def industries(self) -> list:
        industries = []
        count = 0
        self.unique("industries", self.data["industries"]["industries"], ("industries",))
        for i, ind_data in enumerate(self.data["industries"]["industries"]):
            industry = Industry(i, ind_data)
            levels = []
            for t, tile_data in enumerate(ind_data.get("tiles", [])):
                for era in tile_data.get("eras", []):
                    if era not in self.era_ids:
                        self.problems.add("industries", ("industries", i, "tiles", t, "eras"), _unknown("era", era, self.era_ids))
                levels.append(TileType(count, industry, tile_data))
                count += 1
            ordered = sorted(levels, key=lambda tt: tt.level)
            if [tt.level for tt in levels] != [tt.level for tt in ordered] or len({tt.level for tt in levels}) != len(levels):
                self.problems.add("industries", ("industries", i, "tiles"), "levels must be listed lowest first, each once")
            industry.levels = tuple(levels)
            industry.stack = tuple(tt for tt in levels for _ in range(tt.count))
            industries.append(industry)
        return industries

    def locations(self, industry_by_id: dict) -> tuple:
        locations, slots, spaces = [], [], []
        self.unique("board", self.data["board"]["locations"], ("locations",))
        for i, loc_data in enumerate(self.data["board"]["locations"]):
            location = Location(i, loc_data)
            own_slots = []
            for n, icons in enumerate(loc_data.get("slots", [])):
                known = []
                for icon in icons:
                    if icon in industry_by_id:
                        known.append(industry_by_id[icon])
                    else:
                        self.problems.add("board", ("locations", i, "slots", n), _unknown("industry", icon, industry_by_id))
                slot = Slot(len(slots), location, n, tuple(known))
                slots.append(slot)
                own_slots.append(slot)
            for row_number, row in enumerate(loc_data.get("rows", [])):
                for index in row:
                    if index >= len(own_slots):
                        self.problems.add("board", ("locations", i, "rows", row_number), f"space {index} does not exist here")
            own_spaces = []
            for n, space_data in enumerate(loc_data.get("spaces", [])):
                space = Space(len(spaces), location, n, space_data["min_players"])
                spaces.append(space)
                own_spaces.append(space)
            location.slots = tuple(own_slots)
            location.spaces = tuple(own_spaces)
            locations.append(location)
        return locations, slots, spaces

    def lines(self, locations: list, location_by_id: dict) -> tuple:
        lines = []
        lines_at: dict = {loc: [] for loc in locations}
        self.unique("links", self.data["links"]["lines"], ("lines",))
        for i, line_data in enumerate(self.data["links"]["lines"]):
            ends = []
            for e, end in enumerate(line_data.get("ends", [])):
                if end in location_by_id:
                    ends.append(location_by_id[end])
                else:
                    self.problems.add("links", ("lines", i, "ends", e), _unknown("location", end, location_by_id))
            if len(set(line_data.get("ends", []))) != len(line_data.get("ends", [])):
                self.problems.add("links", ("lines", i, "ends"), "a line cannot join a location to itself")
            for kind in line_data.get("kinds", []):
                if self.link_kinds and kind not in self.link_kinds:
                    self.problems.add("links", ("lines", i, "kinds"), f"no era builds {kind!r} links (eras build: {', '.join(sorted(self.link_kinds))})")
            line = Line(i, line_data, tuple(ends))
            lines.append(line)
            for loc in ends:
                lines_at[loc].append(line)
        return lines, lines_at

    def cards(self, location_by_id: dict, industry_by_id: dict) -> tuple:
        cards = []
        self.unique("cards", self.data["cards"]["cards"], ("cards",))
        for i, card_data in enumerate(self.data["cards"]["cards"]):
            cards.append(_card(self.problems, ("cards", i), len(cards), card_data, location_by_id, industry_by_id, None, self.players))
        piles = {}
        for i, pile_data in enumerate(self.data["cards"].get("piles", [])):
            card = _card(self.problems, ("piles", i, "card"), len(cards), pile_data["card"], location_by_id, industry_by_id, pile_data["id"], self.players)
            piles[pile_data["id"]] = (card, pile_data["count"])
        return cards, piles

    def tokens(self) -> tuple:
        tokens, pools = {}, {}
        if self.documents.get("tokens") is not None:
            for p, pool in enumerate(self.data["tokens"]["pools"]):
                self.unique("tokens", pool["tokens"], ("pools", p, "tokens"))
                tokens[pool["id"]] = tuple(Token(t, pool["id"], token) for t, token in enumerate(pool["tokens"]))
                pools[pool["id"]] = pool
        return tokens, pools

    def markets(self) -> list:
        markets = []
        self.unique("markets", self.data["markets"]["markets"], ("markets",))
        for i, market_data in enumerate(self.data["markets"]["markets"]):
            market = Market(i, market_data)
            if market.initial > len(market.prices):
                self.problems.add("markets", ("markets", i, "initial"), f"{market.initial} cubes do not fit in {len(market.prices)} spaces")
            if list(market.prices) != sorted(market.prices):
                self.problems.add("markets", ("markets", i, "prices"), "prices must be listed cheapest first")
            markets.append(market)
        return markets

    def income_track(self) -> IncomeTrack:
        track_data = self.data["income_track"]
        levels = track_data["level_by_space"]
        if levels != sorted(levels):
            self.problems.add("income_track", ("level_by_space",), "levels must never fall from one space to the next")
        if not 0 <= track_data["start_space"] < len(levels):
            self.problems.add("income_track", ("start_space",), f"there is no space {track_data['start_space']}")
        return IncomeTrack(track_data["start_space"], tuple(levels))


def _card(problems, path, index, card_data, location_by_id, industry_by_id, pile, players) -> Card:
    location = None
    if "location" in card_data:
        location = location_by_id.get(card_data["location"])
        if location is None:
            problems.add("cards", path + ("location",), _unknown("location", card_data["location"], location_by_id))
    industries = []
    for n, ident in enumerate(card_data.get("industries", [])):
        if ident in industry_by_id:
            industries.append(industry_by_id[ident])
        else:
            problems.add("cards", path + ("industries", n), _unknown("industry", ident, industry_by_id))
    if card_data["kind"] == "location" and "location" not in card_data:
        problems.add("cards", path, "a location card must name its location")
    if card_data["kind"] == "industry" and not card_data.get("industries"):
        problems.add("cards", path, "an industry card must show at least one industry")
    return Card(index, card_data, location, tuple(industries), pile)

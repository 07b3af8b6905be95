"""A ruleset's printed matter, for the page: the mats' tiles with their values, the
markets' price ladders, the income track, what each merchant tile buys.

All of it is the ruleset's data, read generically: a tile's fields (cost, VP,
income, link icons, and the resources it needs, named by the rules'
resources), the descriptions the ruleset's schema gives them, the values
``show:`` says how to print (a merchant's bonus). Built once per ruleset.
"""

from __future__ import annotations

from ..language.runtime import Frame, Run
from ..svg import industry_glyphs, resource_colours, resources_of, tile_uses

# What the engine's own schema says of a tile's fields (schemas/industries.json).
CORE_FIELDS = {
    "cost": "Money to build it.",
    "vp": "Victory points on its flipped side.",
    "income": "Income-track spaces gained when it flips.",
    "link_icons": "Link icons on its flipped side.",
}


_SHEETS: dict = {}  # id of a loaded ruleset -> (the ruleset, its sheet)


def sheet_of(ruleset) -> dict:
    """The sheet of a loaded ruleset, made once."""
    kept = _SHEETS.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        kept = _SHEETS[id(ruleset)] = (ruleset, _sheet(ruleset))
    return kept[1]


def _sheet(ruleset) -> dict:
    board = ruleset.board
    extend = ruleset.manifest.get("extend", {})
    resources = _resources(ruleset)
    uses = tile_uses(ruleset.rules)
    return {
        "industries": [
            {
                "id": industry.id,
                "name": industry.name,
                "glyph": industry_glyphs(board.industries)[industry.id],
                "levels": [_level(tile, resources) for tile in industry.levels],
            }
            for industry in board.industries
        ],
        "fields": {**CORE_FIELDS, **{k: v.get("description", "") for k, v in extend.get("tile", {}).items() if isinstance(v, dict)}},
        "resources": resources,
        "uses": uses,
        "markets": [_market(market, ruleset) for market in board.markets],
        "eras": [{"id": era.id, "name": era.name, "link": era.link} for era in board.eras],
        "income": list(board.income.level_by_space),
        "income_start": board.income.start_space,
        "cards": {card.id: {"name": card.name, "kind": card.kind} for card in board.cards},
    }


def _resources(ruleset) -> list:
    names = resources_of(ruleset.rules, ruleset.board)
    colours = resource_colours(names)
    return [{"id": name, "name": name.replace("_", " "), "colour": colours[name]} for name in names]


def _level(tile, resources) -> dict:
    fields = tile.fields
    needs = {r["id"]: fields[r["id"]] for r in resources if isinstance(fields.get(r["id"]), int) and fields[r["id"]] > 0}
    return {
        "level": tile.level,
        "count": tile.count,
        "cost": fields.get("cost"),
        "vp": fields.get("vp", 0),
        "income": fields.get("income", 0),
        "link_icons": fields.get("link_icons", 0),
        "eras": list(fields.get("eras", [])),
        "needs": needs,
        "fields": {k: v for k, v in fields.items() if k not in ("level", "count") and isinstance(v, (int, str, bool, list)) and not isinstance(v, dict)},
    }


def _market(market, ruleset) -> dict:
    return {"id": market.id, "name": market.name, "resource": market.resource, "prices": list(market.prices), "empty": _empty_price(market, ruleset)}


def _empty_price(market, ruleset):
    """What a cube costs when the market is empty (the resource's ``when empty pay``), if fixed."""
    rule = ruleset.rules.resources.get(market.resource)
    if rule is None or rule.empty_price is None:
        return None
    try:
        value = rule.empty_price(Frame({"tile": None, "target": None}, Run.__new__(Run)))
    except Exception:  # a price that depends on the position: not printed
        return None
    return value if isinstance(value, int) else None

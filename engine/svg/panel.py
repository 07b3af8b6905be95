"""Beside the map, for a picture on its own (``brass svg``, the balance lab): whose turn,
the players, the markets' price ladders, what else the rules count, and a legend.
A web page shows all of this itself, around a map drawn without it."""

from __future__ import annotations

import textwrap
from html import escape

from .marks import INK, colour, glyph, industry_glyphs, resource_colours, resources_of

PANEL_WIDTH = 380


def market_cubes(market, held: int) -> list:
    """Which price spaces hold a cube: a market fills from its dearest space down."""
    room = len(market.prices)
    return [i >= room - held for i in range(room)]


def next_price(market, held: int):
    """What the next cube bought from the market costs (None: the market is empty)."""
    return market.prices[len(market.prices) - held] if held > 0 else None


def panel(game, view, left: int, title: str) -> tuple:
    """The panel's SVG parts, and its height."""
    x, y = left + 12, 30
    parts = [f'<g id="panel" transform="translate({x},0)">']
    parts.append(f'<text x="0" y="{y}" font-size="16" font-weight="bold">{escape(title)}</text>')
    y += 22
    if view["over"]:
        parts.append(f'<text x="0" y="{y}">The game is over.</text>')
    elif view["to_move"] is not None:
        parts.append(f'<text x="0" y="{y}">To move: {escape(view["players"][view["to_move"]]["name"])} ({view["actions_left"]} action(s) left)</text>')
    y += 26
    order = {seat: place for place, seat in enumerate(view["turn_order"], 1)}
    for p in view["players"]:
        parts.append(f'<rect x="0" y="{y - 12}" width="15" height="15" fill="{colour(p["index"])}" stroke="{INK}"/>')
        parts.append(f'<text x="22" y="{y}" font-weight="bold">{escape(p["name"])} (seat {p["index"] + 1}, plays {order.get(p["index"], "?")})</text>')
        y += 16
        parts.append(f'<text x="22" y="{y}">£{p["money"]} · income {p["income_level"]:+d} · {p["vp"]} VP · spent £{p["spent"]}</text>')
        y += 16
        hand = p.get("hand")
        hand_text = "hand: " + (", ".join(hand) if hand is not None else f"{p['hand_size']} cards")
        for line in textwrap.wrap(hand_text, 56):
            parts.append(f'<text x="22" y="{y}" font-size="11">{escape(line)}</text>')
            y += 14
        y += 10
    colours = resource_colours(resources_of(game.rules, game.board))
    for market in game.board.markets:
        held = view["markets"].get(market.id, 0)
        price = next_price(market, held)
        words = f"{market.name}: {held} of {len(market.prices)}" + (f", the next £{price}" if price is not None else ", empty")
        parts.append(f'<text x="0" y="{y}" font-weight="bold">{escape(words)}</text>')
        y += 6
        for i, (cost, full) in enumerate(zip(market.prices, market_cubes(market, held))):
            cx = i * 24
            parts.append(f'<rect x="{cx}" y="{y}" width="22" height="22" rx="3" fill="#ffffff" stroke="{INK}" stroke-width="0.8"/>')
            if full:
                parts.append(f'<rect x="{cx + 4}" y="{y + 4}" width="14" height="14" rx="2" fill="{colours.get(market.resource, INK)}"/>')
            parts.append(f'<text x="{cx + 11}" y="{y + 34}" text-anchor="middle" font-size="10">£{cost}</text>')
        y += 52
    shown = {k: v for k, v in view["counters"].items() if not k.endswith("_drawn")}
    rows = [(f"{pile} pile", f"{count} cards") for pile, count in view["piles"].items()]
    rows += [(pool, f"{count} tiles face down") for pool, count in view.get("face_down", {}).items()]
    rows += list(shown.items()) + [("draw deck", f"{view['deck_size']} cards")]
    for key, value in rows:
        parts.append(f'<text x="0" y="{y}">{escape(key.replace("_", " ").replace("-", " "))}: {escape(str(value))}</text>')
        y += 15
    y += 12
    parts.append(f'<text x="0" y="{y}" font-weight="bold">Legend</text>')
    y += 18
    for industry in game.board.industries:
        parts.append(glyph(industry_glyphs(game.board.industries)[industry.id], 9, y - 4, 8))
        parts.append(f'<text x="24" y="{y}">{escape(industry.name)}</text>')
        y += 19
    from .board import link_kinds

    kinds = link_kinds(game.board)
    later = ", ".join(kinds[1:]) or kinds[0]
    for text in (
        "A tile: its industry, level, VP and owner's seat;",
        "pale until flipped; squares: cubes on it; rings: to sell it.",
        f"Lines: dotted {kinds[0]} only, dashed {later} only;",
        f"a link in its owner's colour ({later}: rails down its middle),",
        "with the link icons at its ends in its circle.",
    ):
        parts.append(f'<text x="0" y="{y}" font-size="11.5">{escape(text)}</text>')
        y += 15
    parts.append("</g>")
    return parts, y + 20

"""The game as text for a terminal: players, markets, token spaces, board, links.

:func:`render` is the plain table; its parts (the header, a player's hand and
mat, the markets and token spaces, one space of the board) are here for other
displays (:mod:`brass.terminal`) to lay out their own way.
"""

from __future__ import annotations

from typing import Optional

ROMAN = {0: "0", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}


def money(amount: int) -> str:
    return f"£{amount}" if amount >= 0 else f"-£{-amount}"


def plural(count: int, noun: str, sign: bool = False) -> str:
    """'1 action', '2 actions'; ``sign``: '+5 spaces'."""
    figure = f"{count:+d}" if sign else str(count)
    return f"{figure} {noun}" if abs(count) == 1 else f"{figure} {noun}s"


_money = money  # the older name


def render(game, viewer: Optional[int] = None, *, full: bool = False, links=None, preview=None, width: int = 100) -> str:
    """The table as the viewer may see it, compact: the players (with what the era's
    end would score now, from ``preview``: see :func:`brass.terminal.scores.era_end_now`),
    the viewer's hand, the markets with their prices, the tiles built (each with its
    VP and income), the links, and the viewer's network. ``full``: every space of the
    board too. ``links``: the links to show, if not those on the board now (a finished
    game's last era's)."""
    state = game.state
    lines = [board_header(game), "Players, in turn order:"]
    for position, index in enumerate(state.turn_order, 1):
        p = state.players[index]
        level = game.board.income.level(p.income_space)
        mark = ">" if index == game.to_move else " "
        soon = f" ({preview_text(preview[index])} if the era ended now)" if preview else ""
        lines.append(
            f" {mark}{position}. {p.name:<12} {money(p.money):>5}  income {level:>3}  VP {p.vp:>3}{soon}  spent {money(p.spent)}  hand {len(p.hand)}"
        )
        if viewer == index:
            lines.extend("   " + line for line in hand_lines(game, viewer))
    lines.extend(table_lines(game))
    lines.extend(_wrapped("Tiles (* flipped; VP, and income when flipped): ", tiles_by_place(game), width))
    lines.extend(_wrapped("Links: ", links_by_owner(game, links), width))
    if full:
        lines.append("Every space (space: industry level owner, * = flipped, cubes):")
        for location in game.board.locations:
            if location.slots:
                lines.append(f"  {location.name:<18} " + "  ".join(slot_text(game, slot) for slot in location.slots))
    return "\n".join(lines)


def _wrapped(head: str, items: list, width: int) -> list[str]:
    """Items after a heading, one per line if they do not fit on one."""
    if not items:
        return [head + "none"]
    one = head + "; ".join(items)
    if len(one) <= width:
        return [one]
    return [head.rstrip()] + [f"  {item}" for item in items]


def preview_text(scores: dict) -> str:
    """'+7: links 2, tiles 5' from VP by heading."""
    total = sum(scores.values())
    parts = ", ".join(f"{heading} {points}" for heading, points in scores.items() if points)
    return f"{total:+d}" + (f": {parts}" if parts else "")


def tile_text(game, tile) -> str:
    """A tile on the board: level, owner, cubes, its VP and (unflipped) the income flipping adds."""
    tile_type = tile.type
    owner = game.state.players[tile.owner].name
    cubes = "".join(f", {n} {k}" for k, n in sorted(tile.cubes.items()) if n)
    vp = tile_type.fields.get("vp", 0)
    worth = f"{vp} VP" if tile.flipped else f"{vp} VP, +{tile_type.fields.get('income', 0)} income"
    return f"{tile.slot.number}: {tile_type.industry.name} {ROMAN.get(tile_type.level, tile_type.level)}{'*' if tile.flipped else ''} {owner}{cubes} ({worth})"


def tiles_by_place(game) -> list[str]:
    """The tiles built, by place: 'Dudley 0: Coal mine I Ada, 2 coal (1 VP, +4 income)'."""
    found = []
    for location in game.board.locations:
        tiles = [game.state.slot_tiles[slot.index] for slot in location.slots]
        built = [tile_text(game, tile) for tile in tiles if tile is not None]
        if built:
            found.append(f"{location.name} " + ", ".join(built))
    return found


def links_by_owner(game, links=None) -> list[str]:
    """The links, by owner: 'Ada: Birmingham–Dudley (canal), ...'."""
    links = list(game.state.links()) if links is None else links
    by_owner: dict = {}
    for link in links:
        ends = "–".join(place.name for place in link.line.locations)
        by_owner.setdefault(link.owner, []).append(f"{ends} ({link.kind})")
    return [f"{game.state.players[owner].name}: " + ", ".join(found) for owner, found in sorted(by_owner.items())]


def board_header(game) -> str:
    """The era, the round and who is to move, doing what."""
    state = game.state
    to_move = game.to_move
    header = f"== {game.ruleset.title}: {state.era.name}, round {state.round}"
    if game.is_over():
        header += " -- game over"
    elif to_move is not None:
        frame = state.frame
        what = f"{plural(state.actions_left, 'action')} left" if frame.kind == "action" else f"decision in {frame.name}"
        header += f" -- {state.players[to_move].name} to move ({what})"
    return header + " =="


def hand_lines(game, viewer: Optional[int], mat: bool = True) -> list[str]:
    """The viewer's own hand (and the tiles left on their mat): nobody else's."""
    if viewer is None:
        return []
    p = game.state.players[viewer]
    hand = ", ".join(sorted(c.name for c in p.hand)) or "(empty)"
    lines = [f"  your hand: {hand}"]
    if mat:
        lines.append("  your mat: " + "; ".join(mat_parts(game, p)))
    return lines


def mat_parts(game, p) -> list[str]:
    parts = []
    for industry in game.board.industries:
        position = p.mat.get(industry.id, 0)
        left = len(industry.stack) - position
        if left:
            level = industry.stack[position].level
            parts.append(f"{industry.name} {ROMAN.get(level, level)} ({left} left)")
    return parts


def market_text(game, market) -> str:
    """A market: its cubes, and the price of the next few bought."""
    cubes = game.state.markets[market.id]
    capacity = len(market.prices)
    if not cubes:
        return f"{market.name} {cubes}/{capacity} (empty)"
    prices = [money(market.prices[capacity - left]) for left in range(cubes, max(0, cubes - 3), -1)]
    then = f", then {', '.join(prices[1:])}" if len(prices) > 1 else ""
    return f"{market.name} {cubes}/{capacity} (next {prices[0]}{then})"


def table_lines(game) -> list[str]:
    """The markets, the draw deck and piles, the token spaces, and the ruleset's own status lines."""
    state = game.state
    board = game.board
    markets = [market_text(game, market) for market in board.markets]
    piles = ", ".join(f"{board.piles[k][0].name} {v}" for k, v in state.piles.items())
    lines = ["Markets: " + " | ".join(markets) + f"    Draw deck: {len(state.deck)}" + (f"    Piles: {piles}" if piles else "")]
    token_lines = []
    for space in state.spaces:
        if space.token is None:
            continue
        described = game.ruleset.hook.brass_describe_space(game=game, space=space)
        if described is None:
            cubes = ", ".join(f"{n} {k}" for k, n in space.cubes.items())
            described = space.token.name + (f" [{cubes}]" if cubes else "")
        token_lines.append(f"{space.space.location.name}:{space.space.number} {described}")
    if token_lines:
        lines.append("Token spaces: " + "; ".join(token_lines))
    for extra in game.ruleset.hook.brass_status_lines(game=game):
        lines.extend(extra or [])
    return lines


def slot_text(game, slot) -> str:
    """One industry space: what may be built there, or the tile on it."""
    state = game.state
    tile = state.slot_tiles[slot.index]
    if tile is None:
        return f"{slot.number}:[" + "/".join(i.id for i in slot.industries) + "]"
    owner = state.players[tile.owner].name
    flipped = "*" if tile.flipped else ""
    cubes = "".join(f" {n} {k}" for k, n in sorted(tile.cubes.items()))
    return f"{slot.number}:{tile.type.industry.name} {ROMAN.get(tile.type.level, tile.type.level)}{flipped} {owner}{cubes}"


def link_text(game, link) -> str:
    return f"{link.line.id} ({link.kind}, {game.state.players[link.owner].name})"


def render_outcome(game) -> str:
    outcome = game.outcome()
    if outcome is None:
        return "The game is not over."
    lines = ["Final standings:"]
    place = 1
    for group in outcome.ranking:
        for index in group:
            s = outcome.scores[index]
            lines.append(
                f"  {place}. {outcome.names[index]:<10} VP {s['vp']:>3}  income level {s['income_level']:>3}  money {money(s['money'])}"
            )
        place += len(group)
    lines.append(outcome.result())
    return "\n".join(lines)

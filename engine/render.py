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


_money = money  # the older name


def render(game, viewer: Optional[int] = None) -> str:
    """The whole table as the viewer may see it."""
    state = game.state
    board = game.board
    lines = [board_header(game), "Players, in turn order:"]
    for position, index in enumerate(state.turn_order, 1):
        p = state.players[index]
        level = board.income.level(p.income_space)
        text = (
            f"  {position}. {p.name:<10} {money(p.money):>5}  spent {money(p.spent):>4}  "
            f"income level {level:>3} (space {p.income_space:>2})  VP {p.vp:>3}  hand {len(p.hand)}"
        )
        lines.append(text)
        if viewer == index:
            lines.extend("   " + line for line in hand_lines(game, viewer))
    lines.extend(table_lines(game))
    lines.append("Board (space: industry level owner, * = flipped, cubes):")
    for location in board.locations:
        if not location.slots:
            continue
        parts = [slot_text(game, slot) for slot in location.slots]
        lines.append(f"  {location.name:<18} " + "  ".join(parts))
    links = [link_text(game, link) for link in state.links()]
    lines.append("Links: " + (", ".join(links) if links else "none"))
    return "\n".join(lines)


def board_header(game) -> str:
    """The era, the round and who is to move, doing what."""
    state = game.state
    to_move = game.to_move
    header = f"== {game.ruleset.title}: {state.era.name}, round {state.round}"
    if game.is_over():
        header += " -- game over"
    elif to_move is not None:
        frame = state.frame
        what = f"{state.actions_left} action(s) left" if frame.kind == "action" else f"decision in {frame.name}"
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


def table_lines(game) -> list[str]:
    """The markets, the draw deck and piles, the token spaces, and the ruleset's own status lines."""
    state = game.state
    board = game.board
    markets = []
    for market in board.markets:
        cubes = state.markets[market.id]
        capacity = len(market.prices)
        price = market.prices[capacity - cubes] if cubes else None
        markets.append(f"{market.name} {cubes}/{capacity}" + (f" (next {money(price)})" if price is not None else " (empty)"))
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

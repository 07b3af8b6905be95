"""The game as text for a terminal: players, markets, token spaces, board, links."""

from __future__ import annotations

from typing import Optional

ROMAN = {0: "0", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}


def _money(amount: int) -> str:
    return f"£{amount}" if amount >= 0 else f"-£{-amount}"


def render(game, viewer: Optional[int] = None) -> str:
    """The whole table as the viewer may see it."""
    state = game.state
    board = game.board
    lines = []
    era = state.era
    to_move = game.to_move
    header = f"== {game.ruleset.title}: {era.name}, round {state.round}"
    if game.is_over():
        header += " -- game over"
    elif to_move is not None:
        frame = state.frame
        what = f"{state.actions_left} action(s) left" if frame.kind == "action" else f"decision in {frame.name}"
        header += f" -- {state.players[to_move].name} to move ({what})"
    lines.append(header + " ==")
    lines.append("Players, in turn order:")
    for position, index in enumerate(state.turn_order, 1):
        p = state.players[index]
        level = board.income.level(p.income_space)
        text = (
            f"  {position}. {p.name:<10} {_money(p.money):>5}  spent {_money(p.spent):>4}  "
            f"income level {level:>3} (space {p.income_space:>2})  VP {p.vp:>3}  hand {len(p.hand)}"
        )
        lines.append(text)
        if viewer == index:
            hand = ", ".join(sorted(c.name for c in p.hand)) or "(empty)"
            lines.append(f"     your hand: {hand}")
            mat = []
            for industry in board.industries:
                position_ = p.mat.get(industry.id, 0)
                left = len(industry.stack) - position_
                if left:
                    mat.append(f"{industry.name} {ROMAN.get(industry.stack[position_].level, industry.stack[position_].level)} ({left} left)")
            lines.append("     your mat: " + "; ".join(mat))
    markets = []
    for market in board.markets:
        cubes = state.markets[market.id]
        capacity = len(market.prices)
        price = market.prices[capacity - cubes] if cubes else None
        markets.append(f"{market.name} {cubes}/{capacity}" + (f" (next {_money(price)})" if price is not None else " (empty)"))
    piles = ", ".join(f"{board.piles[k][0].name} {v}" for k, v in state.piles.items())
    lines.append("Markets: " + " | ".join(markets) + f"    Draw deck: {len(state.deck)}" + (f"    Piles: {piles}" if piles else ""))
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
    lines.append("Board (space: industry level owner, * = flipped, cubes):")
    for location in board.locations:
        if not location.slots:
            continue
        parts = []
        for slot in location.slots:
            tile = state.slot_tiles[slot.index]
            if tile is None:
                parts.append(f"{slot.number}:[" + "/".join(i.id for i in slot.industries) + "]")
            else:
                owner = state.players[tile.owner].name
                flipped = "*" if tile.flipped else ""
                cubes = "".join(f" {n} {k}" for k, n in sorted(tile.cubes.items()))
                parts.append(f"{slot.number}:{tile.type.industry.name} {ROMAN.get(tile.type.level, tile.type.level)}{flipped} {owner}{cubes}")
        lines.append(f"  {location.name:<18} " + "  ".join(parts))
    links = [f"{link.line.id} ({link.kind}, {state.players[link.owner].name})" for link in state.links()]
    lines.append("Links: " + (", ".join(links) if links else "none"))
    return "\n".join(lines)


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
                f"  {place}. {outcome.names[index]:<10} VP {s['vp']:>3}  income level {s['income_level']:>3}  money {_money(s['money'])}"
            )
        place += len(group)
    lines.append(outcome.result())
    return "\n".join(lines)

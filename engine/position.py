"""Set a game to a described position: for rule cases, puzzles and analysis.

A position is plain data (YAML in the rule cases), every field optional::

    era: ERA_ID
    round: 2
    turn_order: [1, 0]         # seats, first to play first
    to_move: 1                 # whose turn it is (default: the first in turn order)
    actions_left: 2
    players:                   # by seat; anything left out keeps its value
      - {money: 20, income_level: 3, vp: 0, hand: [CARD, CARD], mat: {INDUSTRY: 2}}
      - {money: 5, income_space: 12, spent: 3}
    tiles:                     # industry tiles on the board, replacing all others
      - {space: LOCATION.0, owner: 0, industry: INDUSTRY, level: 2, cubes: {RESOURCE: 3}}
      - {space: LOCATION.1, owner: 1, industry: INDUSTRY, level: 1, flipped: true}
    links:                     # link tiles, replacing all others (kind: the era's)
      - {line: LINE_ID, owner: 1}
    markets: {MARKET: 10}
    spaces:                    # token spaces: what is dealt to each, and its cubes
      LOCATION:0: {token: TOKEN, cubes: {RESOURCE: 1}}
    deck: [CARD, CARD]         # the draw deck, top first (default: as dealt)
    piles: {PILE: 3}
    token_piles: {POOL: [TOKEN, TOKEN]}   # face-down token piles, top first
    counters: {NAME: 3}        # counters the rules keep (a marker's position...)

``mat: {INDUSTRY: 2}`` means the lowest tile of it left on the mat is level 2.
The game then waits for the player to move to take an action.
"""

from __future__ import annotations

from .errors import BrassError
from .model.state import BoardLink, BoardTile, new_version


class PositionError(BrassError):
    """A position names something that does not exist, or is inconsistent."""


def set_position(game, spec: dict) -> None:
    state = game.state
    board = game.board
    known = {"era", "round", "turn_order", "to_move", "actions_left", "players", "tiles", "links", "markets", "spaces", "deck", "piles", "token_piles", "counters"}
    unknown = set(spec) - known
    if unknown:
        raise PositionError(f"unknown position fields: {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    if "era" in spec:
        eras = [e.id for e in board.eras]
        if spec["era"] not in eras:
            raise PositionError(f"unknown era {spec['era']!r}; eras: {', '.join(eras)}")
        state.era_index = eras.index(spec["era"])
    state.round = spec.get("round", state.round if "era" not in spec else 2)
    if "turn_order" in spec:
        order = list(spec["turn_order"])
        if sorted(order) != list(range(len(state.players))):
            raise PositionError(f"turn_order must list every seat once: {order}")
        state.turn_order = order
    for index, player_spec in enumerate(spec.get("players", [])):
        _set_player(game, state.players[index], player_spec or {})
    if "tiles" in spec:
        state.slot_tiles = [None] * len(board.slots)
        for tile_spec in spec["tiles"]:
            _place_tile(game, tile_spec)
    if "links" in spec:
        state.line_links = [None] * len(board.lines)
        for link_spec in spec["links"]:
            line = _get(board, "line", link_spec["line"])
            state.line_links[line.index] = BoardLink(line, link_spec["owner"], link_spec.get("kind", state.era.link))
    if "markets" in spec:
        for market_id, cubes in spec["markets"].items():
            market = _get(board, "market", market_id)
            if not 0 <= cubes <= len(market.prices):
                raise PositionError(f"market {market_id} holds 0 to {len(market.prices)} cubes, not {cubes}")
            state.markets[market_id] = cubes
    if "spaces" in spec:
        by_id = {s.space.id: s for s in state.spaces}
        for space_id, space_spec in spec["spaces"].items():
            if space_id not in by_id:
                raise PositionError(f"unknown token space {space_id!r}; token spaces are written LOCATION:N")
            space = by_id[space_id]
            if "token" in space_spec:
                token_id = space_spec["token"]
                space.token = None if token_id is None else _get(board, "token", token_id)
            if "cubes" in space_spec:
                space.cubes = {k: v for k, v in space_spec["cubes"].items() if v}
    if "deck" in spec:
        state.deck = [_get(board, "card", c) for c in spec["deck"]]
    if "piles" in spec:
        for pile, count in spec["piles"].items():
            if pile not in state.piles:
                raise PositionError(f"unknown pile {pile!r}; piles: {', '.join(state.piles)}")
            state.piles[pile] = count
    if "token_piles" in spec:
        for pool, tokens in spec["token_piles"].items():
            if pool not in state.token_piles:
                raise PositionError(f"unknown token pool {pool!r}; pools: {', '.join(state.token_piles) or 'none'}")
            state.token_piles[pool] = [_get(board, "token", t) for t in tokens]
    if "counters" in spec:
        state.counters.update(spec["counters"])
    to_move = spec.get("to_move", state.turn_order[0])
    state.turn_index = state.turn_order.index(to_move)
    state.actions_left = spec.get("actions_left", 2)
    state.actions_taken = 0
    state.links_version = new_version()
    state.pieces_version = new_version()
    state.tiles_version = new_version()
    state.phase = "action"
    state.frame = None
    state.journal.forget()
    game.history.clear()
    game._undo_floor = 0
    game._advance()
    if state.frame is not None:
        from dataclasses import replace

        state.journal.forget_before(state.frame.mark)
        state.frame = replace(state.frame, mark=0)
    else:
        state.journal.forget()


def _get(board, kind: str, ident: str):
    found = board.get(kind, ident)
    if found is None:
        raise PositionError(f"unknown {kind} {ident!r}")
    return found


def _set_player(game, player, spec: dict) -> None:
    board = game.board
    known = {"money", "income_space", "income_level", "vp", "spent", "hand", "discard", "mat"}
    unknown = set(spec) - known
    if unknown:
        raise PositionError(f"unknown player fields: {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    for field in ("money", "vp", "spent", "income_space"):
        if field in spec:
            setattr(player, field, spec[field])
    if "income_level" in spec:
        player.income_space = board.income.highest_space_of(spec["income_level"])
    if "hand" in spec:
        player.hand = [_get(board, "card", c) for c in spec["hand"]]
    if "discard" in spec:
        player.discard = [_get(board, "card", c) for c in spec["discard"]]
        player.fields["face_down"] = 0
    for industry_id, level in spec.get("mat", {}).items():
        industry = _get(board, "industry", industry_id)
        if level is None:
            player.mat[industry_id] = len(industry.stack)
            continue
        positions = [i for i, tile_type in enumerate(industry.stack) if tile_type.level == level]
        if not positions:
            raise PositionError(f"{industry.name} has no level {level}")
        player.mat[industry_id] = positions[0]


def _place_tile(game, spec: dict) -> None:
    board = game.board
    state = game.state
    slot = _get(board, "slot", spec["space"])
    industry = _get(board, "industry", spec.get("industry") or (slot.industries[0].id if len(slot.industries) == 1 else ""))
    if industry not in slot.industries:
        raise PositionError(f"space {slot.id} shows no {industry.name} icon")
    levels = [t for t in industry.levels if t.level == spec.get("level", industry.levels[0].level)]
    if not levels:
        raise PositionError(f"{industry.name} has no level {spec.get('level')}")
    era = spec.get("era")
    era_index = [e.id for e in board.eras].index(era) if era else state.era_index
    tile = BoardTile(levels[0], spec["owner"], slot, era_index)
    tile.flipped = bool(spec.get("flipped", False))
    tile.cubes = {k: v for k, v in spec.get("cubes", {}).items() if v}
    state.slot_tiles[slot.index] = tile

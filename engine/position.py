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

``mat: {INDUSTRY: 2}`` means the lowest tile of it left on the mat is level 2,
with every tile of that level still there unless the board's tiles say otherwise;
``mat: {INDUSTRY: {level: 1, left: 1}}`` says how many of that level are left
(one cotton mill I, the others taken); ``mat: {INDUSTRY: null}``, none at all.
The game then waits for the player to move to take an action.

What a position leaves out follows from what it gives, so that every position
is one a game could reach:

- the bank's balance and the general supply are ledgers, settled to match;
- a player's tiles on the board come off that player's mat: where the position
  gives no ``mat`` for the industry, the mat gives up the lowest tiles that
  cover them; tiles taken off a mat and not on the board are out of the game;
- where hands or discards are given and the deck is not, the deck is what is
  left of the game's cards, in the order dealt; where wild cards are in hands
  and their piles are not given, the piles hold the rest.

Then the position is checked (:mod:`brass.invariants`, and no card more often
than the game has it) and refused with the first problem found: no money,
tiles, cubes or cards from nowhere, every owner a seat.
"""

from __future__ import annotations

from collections import Counter

from .errors import BrassError
from .invariants import cards_in_game, first_broken_invariant
from .language.limits import MAX_ROUNDS_PER_ERA
from .model.state import BoardLink, BoardTile, new_version


class PositionError(BrassError):
    """A position names something that does not exist, or is inconsistent."""


def set_position(game, spec: dict, any_cards: bool = False) -> None:
    """Set ``game`` to the position ``spec``, or raise PositionError leaving the game as it was.

    ``any_cards`` lets the position hand out cards the game does not have (a card
    used only with more players): rule cases do, to test a rule with the fewest
    pieces. Every other check stays.
    """
    from .records import schema_problem

    problem = schema_problem("position", spec, "position")
    if problem:
        raise PositionError(problem)
    if len(spec.get("players", [])) > len(game.state.players):
        raise PositionError(f"position.players: {len(spec['players'])} players described, but the game has {len(game.state.players)}")
    saved = game.state.copy(), list(game.history), game._undo_floor, game.position, game.__dict__.get("_cards_at_start")
    try:
        _set(game, spec, any_cards)
    except BaseException:
        game.state, game.history, game._undo_floor, game.position, game._cards_at_start = saved
        raise


def _set(game, spec: dict, any_cards: bool) -> None:
    state = game.state
    board = game.board
    cards_before = cards_in_game(game)
    if "era" in spec:
        eras = [e.id for e in board.eras]
        if spec["era"] not in eras:
            raise PositionError(f"unknown era {spec['era']!r}; eras: {', '.join(eras)}")
        state.era_index = eras.index(spec["era"])
    state.round = spec.get("round", state.round if "era" not in spec else 2)
    if not 1 <= state.round <= MAX_ROUNDS_PER_ERA:
        raise PositionError(f"position.round: {state.round} is beyond the rounds an era may run (1 to {MAX_ROUNDS_PER_ERA})")
    if "turn_order" in spec:
        order = list(spec["turn_order"])
        if sorted(order) != list(range(len(state.players))):
            raise PositionError(f"turn_order must list every seat once: {order}")
        state.turn_order = order
    for index, player_spec in enumerate(spec.get("players", [])):
        _set_player(game, state.players[index], player_spec or {}, f"position.players[{index}]")
    if "tiles" in spec:
        state.slot_tiles = [None] * len(board.slots)
        for index, tile_spec in enumerate(spec["tiles"]):
            _place_tile(game, tile_spec, f"position.tiles[{index}]")
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
    _settle_mats(game, [(p or {}).get("mat", {}) for p in spec.get("players", [])])
    _settle_cards(game, spec, cards_before, any_cards)
    _settle_ledgers(game)
    to_move = spec.get("to_move", state.turn_order[0])
    if to_move not in state.turn_order:
        raise PositionError(f"position.to_move: {to_move} is not a seat; the seats are 0 to {len(state.players) - 1}")
    state.turn_index = state.turn_order.index(to_move)
    # A turn has the actions the rules give it (actions_this_turn), and no more.
    most = game._actions_this_turn(state.players[to_move])
    state.actions_left = spec.get("actions_left", most)
    if state.actions_left > most:
        raise PositionError(f"position.actions_left: {state.actions_left} is more than a turn has here ({most}, by the rules' actions_this_turn)")
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
    broken = first_broken_invariant(game)
    if broken:
        raise PositionError(f"the position is not one a game can reach: {broken}")


def _settle_mats(game, mats: list[dict]) -> None:
    """Take each player's tiles on the board off the mat; the rest taken are out of the game.

    ``mats`` holds, by seat, the position's ``mat`` (industry: level of the lowest
    tile left, or None for none left). A given level may sit at several places of
    the stack (two level-2 tiles); the first that leaves the board's tiles off the
    mat is meant. Where no level is given, the fewest tiles that cover them.
    """
    state = game.state
    state.box = []
    for p in state.players:
        given = mats[p.index] if p.index < len(mats) else {}
        for industry in game.board.industries:
            stack = industry.stack
            placed = Counter(t.type.level for t in state.slot_tiles if t is not None and t.owner == p.index and t.type.industry is industry)
            if industry.id in given:
                choices = _mat_places(industry, given[industry.id])
            else:
                choices = range(p.mat.get(industry.id, 0), len(stack) + 1)
            taken = next((i for i in choices if not placed - Counter(t.level for t in stack[:i])), None)
            if taken is None:
                left = _mat_words(given[industry.id]) if industry.id in given else "its tiles"
                raise PositionError(
                    f"{p.name}'s {industry.name} tiles on the board ({_levels(placed)}) cannot all have come off the mat "
                    f"(with {left} left on it)"
                )
            p.mat[industry.id] = taken
            for tile_type in stack[:taken]:
                if placed[tile_type.level] > 0:
                    placed[tile_type.level] -= 1
                else:
                    state.box.append((p.index, tile_type))


def _mat_places(industry, given) -> list:
    """Where on the industry's stack (how many tiles taken) a position's ``mat`` entry
    may mean: a level (any place where that level is lowest), ``{level, left}``
    (one place), or None (all taken)."""
    stack = industry.stack
    if given is None:
        return [len(stack)]
    level = given["level"] if isinstance(given, dict) else given
    places = [i for i, tile_type in enumerate(stack) if tile_type.level == level]
    if not places:
        raise PositionError(f"{industry.name} has no level {level}")
    if not isinstance(given, dict):
        return places
    left = given["left"]
    if left > len(places):
        raise PositionError(f"{industry.name} has {len(places)} tile{'s' if len(places) != 1 else ''} of level {level}, so {left} cannot be left")
    return [places[-1] + 1 - left]


def _mat_words(given) -> str:
    if given is None:
        return "none"
    if isinstance(given, dict):
        return f"{given['left']} of level {given['level']}"
    return f"level {given}"


def _levels(levels: Counter) -> str:
    return ", ".join(f"{count} of level {level}" for level, count in sorted(levels.items()) if count) or "none"


def _settle_cards(game, spec: dict, cards: Counter, any_cards: bool) -> None:
    """Check no card is in play more often than the game has it; fill the deck and piles left unsaid."""
    state = game.state
    in_hands = Counter()
    for p in state.players:
        in_hands.update(c.id for c in p.hand if c.pile is None)
        in_hands.update(c.id for c in p.discard if c.pile is None)
    if "deck" in spec:
        in_play = in_hands + Counter(c.id for c in state.deck)
        extra = in_play - cards
        if extra and not any_cards:
            raise PositionError("more cards than the game has: " + _cards_text(game, extra, in_play, cards))
    elif any("hand" in (p or {}) or "discard" in (p or {}) for p in spec.get("players", [])):
        extra = in_hands - cards
        if extra and any_cards:
            cards = cards + extra
        elif extra:
            raise PositionError("more cards than the game has: " + _cards_text(game, extra, in_hands, cards))
        left = cards - in_hands
        deck = []
        for card in state.deck:
            if left[card.id] > 0:
                left[card.id] -= 1
                deck.append(card)
        for card in game.board.cards:  # cards freed from replaced hands go under the deck
            deck.extend([card] * left[card.id])
            left[card.id] = 0
        state.deck = deck
    if "piles" not in spec:
        wild = Counter(c.pile for p in state.players for c in p.hand if c.pile is not None)
        for pile, (card, total) in game.board.piles.items():
            if wild[pile] > total:
                raise PositionError(f"{wild[pile]} {card.name} cards are in hands, but the game has {total}")
            state.piles[pile] = total - wild[pile]
    game._cards_at_start = cards_in_game(game)


def _cards_text(game, extra: Counter, in_play: Counter, cards: Counter) -> str:
    names = {c.id: c.name for c in game.board.cards}
    return ", ".join(f"{in_play[c]} {names.get(c, c)} (the game has {cards[c]})" for c in sorted(extra))


def _settle_ledgers(game) -> None:
    """The bank and the general supply are ledgers: settle them to what the position holds."""
    state = game.state
    board = game.board
    state.bank = -sum(p.money + p.spent for p in state.players)
    resources = set(state.supply) | {m.resource for m in board.markets}
    for tile in state.slot_tiles:
        if tile is not None:
            resources.update(tile.cubes)
    for space in state.spaces:
        resources.update(space.cubes)
    for resource in resources:
        on_tiles = sum(t.cubes.get(resource, 0) for t in state.slot_tiles if t is not None)
        on_spaces = sum(s.cubes.get(resource, 0) for s in state.spaces)
        in_markets = sum(state.markets[m.id] for m in board.markets if m.resource == resource)
        state.supply[resource] = -(on_tiles + on_spaces + in_markets)


def _get(board, kind: str, ident: str):
    found = board.get(kind, ident)
    if found is None:
        raise PositionError(f"unknown {kind} {ident!r}")
    return found


def _set_player(game, player, spec: dict, where: str) -> None:
    board = game.board
    known = {"money", "income_space", "income_level", "vp", "spent", "hand", "discard", "mat"}
    unknown = set(spec) - known
    if unknown:
        raise PositionError(f"unknown player fields: {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    for field in ("money", "vp", "spent", "income_space"):
        if field in spec:
            setattr(player, field, spec[field])
    track = board.income
    if "income_space" in spec and not 0 <= spec["income_space"] <= track.top_space:
        raise PositionError(f"{where}.income_space: {spec['income_space']} is beyond the track's last space ({track.top_space})")
    if "income_level" in spec:
        level = spec["income_level"]
        if level > track.max_level:
            raise PositionError(f"{where}.income_level: {level} is above the track's highest level ({track.max_level})")
        if level < track.min_level:
            raise PositionError(f"{where}.income_level: {level} is below the track's lowest level ({track.min_level})")
        player.income_space = track.highest_space_of(level)
    if "hand" in spec:
        player.hand = [_get(board, "card", c) for c in spec["hand"]]
    if "discard" in spec:
        player.discard = [_get(board, "card", c) for c in spec["discard"]]
        player.fields["face_down"] = 0
    for industry_id, given in spec.get("mat", {}).items():
        player.mat[industry_id] = _mat_places(_get(board, "industry", industry_id), given)[0]


def _place_tile(game, spec: dict, where: str) -> None:
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
    eras = [e.id for e in board.eras]
    if era is not None and era not in eras:
        raise PositionError(f"{where}.era: unknown era {era!r}; eras: {', '.join(eras)}")
    era_index = eras.index(era) if era else state.era_index
    if era_index > state.era_index:
        raise PositionError(f"{where}.era: a tile of the {board.eras[era_index].name} cannot stand in the {state.era.name}, which comes before it")
    tile = BoardTile(levels[0], spec["owner"], slot, era_index)
    tile.flipped = bool(spec.get("flipped", False))
    tile.cubes = {k: v for k, v in spec.get("cubes", {}).items() if v}
    state.slot_tiles[slot.index] = tile

"""What every position of every game must satisfy, whatever the ruleset.

Money, tiles, cubes and cards are neither created nor lost: the engine keeps
ledgers (the bank's balance, the general supply, the box), and these checks add
everything up. They run after every action in the seeded-game tests and the
soak (``benchmarks/soak.py``), and on every position that comes from outside,
such as a record's starting position (:func:`brass.position.set_position`).

:func:`broken_invariants` lists what is wrong, first problem first; it never
raises, so that a corrupted position can be described rather than crash.
"""

from __future__ import annotations

from collections import Counter


def broken_invariants(game) -> list[str]:
    """Every invariant the game's position breaks, in a fixed order (empty if none)."""
    problems: list[str] = []
    for check in (_seats, _money, _tiles, _cubes, _cards, _links):
        problems.extend(check(game))
    return problems


def first_broken_invariant(game) -> str | None:
    problems = broken_invariants(game)
    return problems[0] if problems else None


def cards_in_game(game) -> Counter:
    """The game's own cards (wild cards aside) wherever they are: deck, hands, discards."""
    state = game.state
    cards = Counter(c.id for c in state.deck if c.pile is None)
    for p in state.players:
        cards.update(c.id for c in p.hand if c.pile is None)
        cards.update(c.id for c in p.discard if c.pile is None)
    return cards


def _seats(game):
    state = game.state
    seats = range(len(state.players))
    if sorted(state.turn_order) != list(seats):
        yield f"the turn order {state.turn_order} does not list every seat once"
    for tile in state.slot_tiles:
        if tile is not None and tile.owner not in seats:
            yield f"the tile at {tile.slot.id} is owned by seat {tile.owner}, but the seats are 0 to {len(seats) - 1}"
    for link in state.line_links:
        if link is not None and link.owner not in seats:
            yield f"the link on {link.line.id} is owned by seat {link.owner}, but the seats are 0 to {len(seats) - 1}"


def _money(game):
    state = game.state
    players = state.players
    if state.bank + sum(p.money + p.spent for p in players) != 0:
        yield "money is not conserved: the bank's ledger and the players' money and spending do not add up"
    # Only a player deciding how to cover a shortfall may be in debt meanwhile.
    in_procedure = state.frame is not None and state.frame.kind == "procedure"
    waiting = game.to_move
    track = game.board.income
    for p in players:
        if p.money < 0 and not (in_procedure and p.index == waiting):
            yield f"{p.name} has {p.money} money; money is never below 0"
        if p.spent < 0:
            yield f"{p.name} has spent {p.spent}; spending is never below 0"
        if p.vp < 0:
            yield f"{p.name} has {p.vp} VP; VP are never below 0"
        if not 0 <= p.income_space <= track.top_space:
            yield f"{p.name}'s income marker is on space {p.income_space}; the track has spaces 0 to {track.top_space}"


def _tiles(game):
    """Every tile taken from a mat is on the board or in the box, and no other tile is."""
    state = game.state
    for p in state.players:
        placed: dict[str, Counter] = {}
        for tile in state.slot_tiles:
            if tile is not None and tile.owner == p.index:
                placed.setdefault(tile.type.industry.id, Counter())[tile.type.level] += 1
        for owner, tile_type in state.box:
            if owner == p.index:
                placed.setdefault(tile_type.industry.id, Counter())[tile_type.level] += 1
        for industry in game.board.industries:
            taken_count = p.mat.get(industry.id, 0)
            if not 0 <= taken_count <= len(industry.stack):
                yield f"{p.name}'s mat has taken {taken_count} {industry.name} tiles; it holds {len(industry.stack)}"
                continue
            taken = Counter(t.level for t in industry.stack[:taken_count])
            out = placed.get(industry.id, Counter())
            if out != taken:
                yield (
                    f"{p.name}'s {industry.name} tiles do not add up: taken from the mat {_levels(taken)}, "
                    f"on the board or out of the game {_levels(out)}"
                )


def _levels(levels: Counter) -> str:
    if not levels:
        return "none"
    return ", ".join(f"{count} of level {level}" for level, count in sorted(levels.items()))


def _cubes(game):
    """Cubes on tiles, on spaces and in markets, plus the supply's ledger, sum to 0."""
    state = game.state
    board = game.board
    for tile in state.slot_tiles:
        if tile is not None:
            for resource, n in tile.cubes.items():
                if n <= 0:
                    yield f"the tile at {tile.slot.id} holds {n} {resource}"
                else:
                    yield from _most_cubes(game, tile, resource, n)
            if tile.slot.location.slots[tile.slot.number] is not tile.slot:
                yield f"the tile at {tile.slot.id} is not on its location's slot"
    for space in state.spaces:
        for resource, n in space.cubes.items():
            if n < 0:
                yield f"the space {space.space.id} holds {n} {resource}"
            elif n > 0 and "cubes_when_dealt" in game.rules.defines:
                most = game._define("cubes_when_dealt", None, space, resource)
                if isinstance(most, int) and n > most:
                    yield f"the space {space.space.id} holds {n} {resource}; no more than {most} is ever dealt to it"
    for market in board.markets:
        if not 0 <= state.markets[market.id] <= len(market.prices):
            yield f"the {market.id} market holds {state.markets[market.id]} cubes; it has room for 0 to {len(market.prices)}"
    resources = set(state.supply) | {m.resource for m in board.markets}
    for resource in sorted(resources):
        on_tiles = sum(t.cubes.get(resource, 0) for t in state.slot_tiles if t is not None)
        on_spaces = sum(s.cubes.get(resource, 0) for s in state.spaces)
        in_markets = sum(state.markets[m.id] for m in board.markets if m.resource == resource)
        if on_tiles + on_spaces + in_markets + state.supply.get(resource, 0) != 0:
            yield f"{resource} is not conserved: the cubes on the board and the supply's ledger do not add up"


def _most_cubes(game, tile, resource: str, n: int):
    """No tile holds more cubes than it was built with, where the rules say how many
    that is (their definition ``cubes_when_built(tile, resource, era)``)."""
    if "cubes_when_built" not in game.rules.defines:
        return
    era = game.board.eras[tile.era]
    try:
        most = game._define("cubes_when_built", None, tile.type, resource, era)
    except Exception as error:  # the rule itself fails: say so rather than crash
        yield f"cubes_when_built fails for the tile at {tile.slot.id}: {error}"
        return
    if isinstance(most, int) and n > most:
        name = f"{tile.type.industry.name} {_roman(tile.type.level)}"
        yield f"the {name} at {tile.slot.id} holds {n} {resource}; built in the {era.name} it holds at most {most}"


def _roman(level: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}.get(level, str(level))


def _cards(game):
    """No card appears more often than the game has it; wild cards are in hands or on their piles."""
    state = game.state
    players = state.players
    start = game.__dict__.get("_cards_at_start")
    if start is not None:
        now = cards_in_game(game)
        extra = now - start
        missing = start - now
        if extra:
            yield "cards appeared: " + ", ".join(f"{n} {card}" for card, n in sorted(extra.items()))
        if missing:
            yield "cards vanished: " + ", ".join(f"{n} {card}" for card, n in sorted(missing.items()))
    for p in players:
        if any(c.pile is not None for c in p.discard):
            yield f"a wild card is in {p.name}'s discard pile; wild cards go back to their piles"
    for pile, left in state.piles.items():
        if left < 0:
            yield f"the {pile} pile holds {left} cards"
    wild_in_hands = Counter(c.pile for p in players for c in p.hand if c.pile is not None)
    for pile, (card, total) in game.board.piles.items():
        if wild_in_hands[pile] + state.piles.get(pile, 0) != total:
            yield (
                f"wild cards are not conserved: {wild_in_hands[pile]} {card.name} in hands and "
                f"{state.piles.get(pile, 0)} on the pile, but the game has {total}"
            )


def _links(game):
    for link in game.state.line_links:
        if link is not None and link.kind not in link.line.kinds:
            yield f"the {link.kind} link on {link.line.id} is of a kind that line does not take ({', '.join(link.line.kinds)})"

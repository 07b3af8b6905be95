"""Invariants every position of every game must satisfy, whatever the ruleset.

Money, tiles, cubes and cards are neither created nor lost: the engine keeps
ledgers (the bank's balance, the general supply, the box), and these checks
add everything up after every move.
"""

from __future__ import annotations


def check_invariants(game) -> None:
    state = game.state
    board = game.board
    players = state.players
    # Money: the bank's balance, players' money and money on character tiles sum to 0.
    assert state.bank + sum(p.money + p.spent for p in players) == 0, "money is not conserved"
    waiting = game.to_move
    in_procedure = state.frame is not None and state.frame.kind == "procedure"
    for p in players:
        # Only a player deciding how to cover a shortfall may be in debt meanwhile.
        assert p.money >= 0 or (in_procedure and p.index == waiting), f"{p.name} has {p.money}"
        assert p.spent >= 0 and p.vp >= 0
        assert 0 <= p.income_space <= board.income.top_space
    # Tiles: every tile taken from a mat is on the board or in the box.
    for p in players:
        taken = sum(p.mat.values())
        on_board = sum(1 for t in state.slot_tiles if t is not None and t.owner == p.index)
        boxed = sum(1 for owner, _ in state.box if owner == p.index)
        assert taken == on_board + boxed, f"tiles of {p.name}: {taken} taken, {on_board} on the board, {boxed} in the box"
        for industry in board.industries:
            assert 0 <= p.mat.get(industry.id, 0) <= len(industry.stack)
    # Cubes: on tiles, on spaces and in markets, plus the supply's ledger, sum to 0.
    resources = set(state.supply) | {m.resource for m in board.markets}
    for resource in resources:
        on_tiles = sum(t.cubes.get(resource, 0) for t in state.slot_tiles if t is not None)
        on_spaces = sum(s.cubes.get(resource, 0) for s in state.spaces)
        in_markets = sum(state.markets[m.id] for m in board.markets if m.resource == resource)
        assert on_tiles + on_spaces + in_markets + state.supply.get(resource, 0) == 0, f"{resource} is not conserved"
    for tile in state.slot_tiles:
        if tile is not None:
            assert all(n > 0 for n in tile.cubes.values()), f"{tile} holds an empty or negative count"
            assert tile.slot.location.slots[tile.slot.number] is tile.slot
    for market in board.markets:
        assert 0 <= state.markets[market.id] <= len(market.prices)
    # Cards: the deck, hands and discard piles hold the game's deck; wild cards are
    # in hands or on their piles.
    piles = {card.id: total for card, total in board.piles.values()}
    in_play = len(state.deck) + sum(len(p.hand) + len(p.discard) for p in players)
    wild_in_hands = sum(1 for p in players for c in p.hand if c.pile is not None)
    # However many cards the rules dealt at the start, none may appear or vanish.
    deck_cards = game.__dict__.setdefault("_cards_at_start", in_play - wild_in_hands)
    wild_in_discards = sum(1 for p in players for c in p.discard if c.pile is not None)
    assert wild_in_discards == 0, "a wild card reached a discard pile"
    assert in_play - wild_in_hands == deck_cards, "cards are not conserved"
    assert wild_in_hands + sum(state.piles.values()) == sum(piles.values()), "wild cards are not conserved"
    for pile, left in state.piles.items():
        assert left >= 0
    # Links: one per line at most, of the line's kinds.
    for link in state.line_links:
        if link is not None:
            assert link.kind in link.line.kinds
    assert sorted(state.turn_order) == list(range(len(players)))

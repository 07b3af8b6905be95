"""The deck, the deck tile and the distant market's counters (Brass: Lancashire).

The YAML expectations cannot read the rules' counters (beneath_deck_tile,
deck_tile_revealed, market_marker) nor the face-down market tiles, so these
cases read them from ``game.state``. The numbers come from the reference
(cards.yaml, distant_market.yaml): decks of 40 / 54 / 64 cards without wild
cards; one card per player beneath the deck tile in the Canal era, two in the
Rail era; 10 / 9 / 8 rounds in each era; the tile revealed at the end of the
round in which the last card above it is drawn, the next round the last with
loans, so none in the final four rounds.
"""

from __future__ import annotations

from collections import Counter

import pytest

from brass import Game

DECK = {
    # card: copies with 2, 3, 4 players (reference cards.yaml)
    "manchester": (4, 4, 4), "liverpool": (3, 3, 4), "preston": (3, 3, 3),
    "lancaster": (0, 2, 3), "barrow-in-furness": (0, 2, 2), "blackburn": (0, 2, 2),
    "fleetwood": (0, 1, 1), "burnley": (0, 0, 2), "colne": (0, 0, 2),
    "birkenhead": (2, 2, 2), "bolton": (2, 2, 2), "macclesfield": (2, 2, 2),
    "oldham": (2, 2, 2), "rochdale": (2, 2, 2), "stockport": (2, 2, 2),
    "warrington-and-runcorn": (2, 2, 2), "wigan": (2, 2, 2), "bury": (1, 1, 1),
    "ellesmere-port": (1, 1, 1),
    "cotton": (0, 5, 8), "port": (3, 4, 5), "coal": (3, 4, 4), "iron": (3, 3, 3), "shipyard": (3, 3, 3),
}
MARKET_MOVES = {2: [1, 2, 2, 2, 3, 3, 3, 4], 3: [0, 1, 2, 2, 2, 2, 3, 3, 3, 4], 4: [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4]}
ROUNDS = {2: 10, 3: 9, 4: 8}
REVEALED_IN = {2: 5, 3: 4, 4: 3}


def all_cards(game: Game) -> Counter:
    state = game.state
    cards = Counter(c.id for c in state.deck)
    for player in state.players:
        cards.update(c.id for c in player.hand)
        cards.update(c.id for c in player.discard)
    return cards


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_has_every_card_of_the_player_count_and_no_wild_card(players):
    """Rulebook: Set-up -- remove the cards that do not show the player count; there are no wild cards."""
    game = Game("lancashire", players, seed=3)
    wanted = Counter({card: copies[players - 2] for card, copies in DECK.items() if copies[players - 2]})
    assert all_cards(game) == wanted
    assert sum(wanted.values()) == {2: 40, 3: 54, 4: 64}[players]
    assert not any(card.startswith("wild") for card in all_cards(game))
    assert not game.state.piles, "no wild card piles"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_card_per_player_beneath_the_tile_and_a_full_market(players):
    """Rulebook: Set-up -- the deck tile with 1 card per player beneath; the market tiles of the player count face down, the marker on top."""
    game = Game("lancashire", players, seed=3)
    counters = game.state.counters
    assert counters["beneath_deck_tile"] == players
    assert counters["market_marker"] == 1
    assert sorted(t.fields["move"] for t in game.state.token_piles["distant_market"]) == MARKET_MOVES[players]


def pass_turn(game: Game) -> None:
    """The player to move passes with every action of the turn."""
    seat = game.to_move
    while game.to_move == seat and game.state.era is not None and not game.is_over():
        hand = game.state.players[seat].hand
        game.play(f"pass card={hand[0].id}")
        if game.to_move != seat or game.state.actions_left == 0:
            break


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_of_passes_follows_the_deck_tile(players):
    """Rulebook: Set-up, End of the Canal era, Loan -- the Canal era never draws the cards beneath the tile and lasts
    10 / 9 / 8 rounds; the Rail era draws them, the tile is revealed in round 5 / 4 / 3, loans are allowed one more
    round and never in the final four."""
    game = Game("lancashire", players, seed=5)
    state = game.state
    canal_rounds = set()
    while state.era.id == "canal":
        canal_rounds.add(state.round)
        assert state.counters.get("deck_tile_revealed", 0) == 0
        # the cards beneath the tile are never drawn in the Canal era
        assert len(state.deck) >= players
        pass_turn(game)
    assert max(canal_rounds) == ROUNDS[players]

    # the end of the Canal era: every card back, 8 each, 2 per player beneath the tile, the market reset
    assert state.round == 1
    assert sum(all_cards(game).values()) == sum(c[players - 2] for c in DECK.values())
    assert all(len(p.hand) == 8 for p in state.players)
    assert state.counters["beneath_deck_tile"] == 2 * players
    assert state.counters["deck_tile_revealed"] == 0
    assert state.counters["market_marker"] == 1
    assert len(state.token_piles["distant_market"]) == len(MARKET_MOVES[players])

    loan_rounds = set()
    rail_rounds = set()
    while not game.is_over():
        rail_rounds.add(state.round)
        if any(m.notation().startswith("loan") for m in game.legal_moves):
            loan_rounds.add(state.round)
        pass_turn(game)
        if not game.is_over() and state.counters.get("deck_tile_revealed"):
            assert state.counters["deck_tile_revealed"] == REVEALED_IN[players]
    assert max(rail_rounds) == ROUNDS[players]
    assert loan_rounds == set(range(1, REVEALED_IN[players] + 2))
    # no loans in the final four rounds
    assert ROUNDS[players] - max(loan_rounds) == 4


def test_the_deck_tile_is_revealed_in_the_round_its_last_card_above_is_drawn():
    """Rulebook: Deck tile -- drawing the last card above the tile reveals it; the counter keeps that round."""
    game = Game("lancashire", 2, seed=1)
    game.set_position({
        "era": "rail", "round": 5, "turn_order": [0, 1], "tiles": [], "links": [],
        "players": [{"hand": ["coal", "iron"], "discard": []}, {"hand": ["coal", "port"], "discard": []}],
        "deck": ["wigan", "bury", "oldham", "bolton", "stockport", "macclesfield"],
        "counters": {"beneath_deck_tile": 4, "deck_tile_revealed": 0},
    })
    game.play("pass card=coal")
    game.play("pass card=iron")
    # seat 0 drew the 2 cards above the tile and the 4 beneath it
    assert [c.id for c in game.state.players[0].hand] == ["wigan", "bury", "oldham", "bolton", "stockport", "macclesfield"]
    assert game.state.counters["deck_tile_revealed"] == 5


def test_the_deck_tile_is_not_revealed_while_cards_lie_above_it():
    """Rulebook: Deck tile -- the tile shows only once nothing lies above it."""
    game = Game("lancashire", 2, seed=1)
    game.set_position({
        "era": "rail", "round": 4, "turn_order": [0, 1], "tiles": [], "links": [],
        "players": [{"hand": ["coal"] * 8, "discard": []}, {"hand": ["coal"] * 8, "discard": []}],
        # three cards above the tile, four beneath
        "deck": ["wigan", "bury", "oldham", "bolton", "stockport", "macclesfield", "colne"],
        "counters": {"beneath_deck_tile": 4, "deck_tile_revealed": 0},
    }, any_cards=True)  # hands of one card, to count draws plainly
    game.play("pass card=coal")
    game.play("pass card=coal")
    # seat 0 refilled to 8 with two cards: one card is left above the tile
    assert len(game.state.players[0].hand) == 8
    assert len(game.state.deck) == 5
    assert game.state.counters["deck_tile_revealed"] == 0
    # seat 1 draws the last card above the tile (and one beneath): the tile shows in this round
    game.play("pass card=coal")
    game.play("pass card=coal")
    assert len(game.state.deck) == 3
    assert game.state.counters["deck_tile_revealed"] == 4


def test_the_canal_era_never_reveals_the_deck_tile():
    """Rulebook: Set-up -- in the Canal era the cards beneath the tile are not used, and the tile is not revealed."""
    game = Game("lancashire", 2, seed=1)
    game.set_position({
        "era": "canal", "round": 9, "turn_order": [0, 1], "tiles": [], "links": [],
        "players": [{"hand": ["coal", "iron"], "discard": []}, {"hand": ["coal", "port"], "discard": []}],
        "deck": ["wigan", "bury", "oldham", "bolton"],
        "counters": {"beneath_deck_tile": 2},
    })
    game.play("pass card=coal")
    game.play("pass card=iron")
    assert [c.id for c in game.state.players[0].hand] == ["wigan", "bury"]
    assert game.state.counters.get("deck_tile_revealed", 0) == 0
    assert game.state.counters["beneath_deck_tile"] == 2


def test_the_end_of_the_canal_era_resets_the_distant_market():
    """Rulebook: End of the Canal era -- the marker back on the top space, every market tile shuffled back."""
    game = Game("lancashire", 2, seed=1)
    coal = ["coal"] * 19
    game.set_position({
        "era": "canal", "round": 10, "turn_order": [0, 1], "to_move": 1, "actions_left": 1, "tiles": [], "links": [],
        "players": [{"hand": [], "discard": coal}, {"hand": ["coal"], "discard": coal[:18]}],
        "deck": ["coal", "coal"],
        "token_piles": {"distant_market": ["move-4-l"]},
        "counters": {"beneath_deck_tile": 2, "market_marker": 9},
    }, any_cards=True)  # discards of one card, to fill the era plainly
    game.play("pass card=coal")
    assert game.state.era.id == "rail"
    assert game.state.counters["market_marker"] == 1
    assert sorted(t.fields["move"] for t in game.state.token_piles["distant_market"]) == MARKET_MOVES[2]
    assert game.state.counters["beneath_deck_tile"] == 4
    assert len(game.state.deck) == 24

"""Chance, one outcome at a time: every card drawn, tile turned up and shuffle seen is
a chance node with its true probabilities, and a game played so is the engine's own
game, replayed exactly from its record."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from brass import Game
from brass.research.chance import ChanceGame, Chances, NeedChance
from brass.research.table import CHANCE, HIDDEN
from tests.research.play import RULESETS, decisions, fewest, finished, table
from tests.support import sweep

GAMES = sweep.size(ci=1, nightly=6)


def _same_game(one: Game, other: Game) -> None:
    """Everything the rules can see alike, but the order of what is still face down."""
    first, second = list(one.state.digest()), list(other.state.digest())
    for digest in (first, second):
        digest[5] = sorted(card.id for card in digest[5])  # the draw deck
        digest[7] = [(pool, sorted(token.id for token in pile)) for pool, pile in digest[7]]
    assert first == second


@pytest.mark.parametrize("name", RULESETS)
def test_a_game_played_by_chance_replays_in_the_engine_from_its_record(name):
    for seed in range(GAMES):
        played = finished(name, fewest(name), seed)
        record = played.engine_record()
        replayed = Game.from_record(record)
        _same_game(replayed, played.game)
        assert replayed.outcome().ranking == played.game.outcome().ranking
        assert len(record["moves"]) == played.steps


def test_the_first_draw_is_a_card_of_the_deck_at_its_true_odds():
    played = table("birmingham", 2)
    assert played.current_player == CHANCE
    outcomes = dict(played.chance_outcomes())
    space = played.space
    merchant = {space.index(f"token:{t.id}") for t in space.ruleset.board.tokens["merchant_tiles"]}
    assert set(outcomes) <= merchant  # set-up first deals the merchant tiles, face up
    assert sum(outcomes.values()) == pytest.approx(1.0)
    rng = random.Random(0)
    while not any(space.word(a).startswith("card:") for a, _ in played.chance_outcomes()):
        played.apply(played.random_outcome(rng))
    outcomes = dict(played.chance_outcomes())
    deck = Counter()
    for card in space.ruleset.board.cards:
        deck[space.index(f"card:{card.id}")] += card.fields.get("copies", {}).get("2", 0)
    total = sum(deck.values())
    assert outcomes == {atom: pytest.approx(count / total) for atom, count in deck.items() if count}


def test_every_card_in_a_hand_came_through_a_chance_node_no_other_seat_saw():
    played = table("birmingham", 2)
    rng = random.Random(5)
    while played.current_player == CHANCE:
        played.apply(played.random_outcome(rng))
    hidden = [atom for who, atom in played.record if who == CHANCE and atom == HIDDEN]
    state = played.game.state
    buried = sum(p.fields.get("face_down", 0) for p in state.players)
    assert len(hidden) == sum(len(p.hand) for p in state.players) + buried == 2 * 8 + 2
    seen = [played.space.word(atom) for who, atom in played.record if who == CHANCE and atom != HIDDEN]
    assert all(word.startswith(("token:", "seat:")) for word in seen)  # merchant tiles and the turn order: seen by all


def _distant_sale():
    """A Lancashire table where a mill may be sold to the distant market, and the atom."""
    for seed in range(10):
        for played in decisions("lancashire", 2, seed, limit=400):
            if played.is_terminal():
                break
            distant = played.space.index("word:distant")
            if distant in played.legal_actions():
                return played, distant
    raise AssertionError("no sale to the distant market in ten seeded games")


def test_the_distant_market_tile_turned_up_is_a_chance_node_everyone_sees():
    played, distant = _distant_sale()
    state = played.game.state
    pile = list(state.token_piles["distant_market"])
    marker = state.counters.get("market_marker", 0)
    played.apply(distant)
    while played.current_player != CHANCE:  # the rest of the move: which port or none is left
        played.apply(played.legal_actions()[0])
    space = played.space
    outcomes = played.chance_outcomes()
    assert [space.word(a) for a, _ in outcomes] == sorted(f"token:{t.id}" for t in pile)
    assert all(p == pytest.approx(1 / len(pile)) for _, p in outcomes)
    token = max(pile, key=lambda t: t.fields["move"])
    played.apply(space.index(f"token:{token.id}"))
    assert played.record[-1] == (CHANCE, space.index(f"token:{token.id}"))  # turned up for everyone
    state = played.game.state
    assert token not in state.token_piles["distant_market"]
    closed = space.ruleset.board.pools["distant_market"]["closed_at"]
    assert state.counters["market_marker"] == min(marker + token.fields["move"], closed)


def test_a_step_that_needs_chance_leaves_the_game_as_it_was():
    """A move that ends a turn needs the cards its player draws: the step is run, put
    back, chance decides, and the step runs again."""
    rng = random.Random(2)
    played = table("birmingham", 2)
    waited = 0
    while played.steps < 6:
        if played.current_player == CHANCE:
            played.apply(played.random_outcome(rng))
            continue
        before = played.game.state.digest()
        played.apply(rng.choice(played.legal_actions()))
        if played.current_player == CHANCE and played.retry is not None:
            assert played.game.state.digest() == before  # the move waits, undone, for chance
            with pytest.raises(NeedChance):
                played.copy().game.step(played.retry[1], played.retry[2])
            waited += 1
    assert waited >= 2  # the first round's turns end with a refill


def test_a_set_up_waiting_for_chance_raises_until_decided():
    chances = Chances({})
    with pytest.raises(NeedChance) as need:
        ChanceGame("birmingham", 2, chances)
    first = need.value.needs[0]
    assert first.label == "merchant_tiles" and len(first.items) == 5  # the merchant tiles of a 2-player game

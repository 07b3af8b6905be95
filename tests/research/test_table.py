"""A game as the research faces see it: small decisions, chance nodes and an end;
words and atoms both ways; copies, resampled deals and returns."""

from __future__ import annotations

import pickle
import random

import pytest

from brass.bots.base import GreedyBot
from brass.research.table import CHANCE, HIDDEN, TERMINAL, rank_returns
from tests.research.play import decisions, finished, table


def test_a_player_is_asked_only_where_there_is_a_choice():
    for played in decisions("lancashire", 3, seed=1, limit=400):
        if played.is_terminal():
            break
        options = played.legal_actions()
        assert len(options) >= 2 and options == sorted(options)
        assert played.current_player == played.game.to_move


def test_the_walk_holds_exactly_the_engines_legal_moves():
    checked = 0
    for played in decisions("lancashire", 3, seed=2, every=11, limit=400):
        if played.is_terminal() or played.walk.asked or played.walk.chosen:
            continue
        game = played.game
        counts = played.walk.counts()
        assert sorted(counts) == played.legal_actions()
        assert sum(counts.values()) == game.count_moves() == len(list(game.legal_moves))
        checked += 1
    assert checked >= 5


def test_a_move_from_its_atoms_to_words_and_back():
    rng = random.Random(3)
    checked = 0
    for played in decisions("birmingham", 2, seed=3, every=5, limit=200):
        if played.is_terminal() or played.walk.asked:
            continue
        probe, atoms = played.copy(), []
        while probe.steps == played.steps and probe.current_player == played.current_player:
            atom = rng.choice(probe.legal_actions())
            atoms.append(atom)
            probe.apply(atom)
        words = played.move_words(atoms)
        assert played.game.parse(words).notation() == words  # a legal move, as the engine writes it
        assert played.move_atoms(words) == atoms
        checked += 1
    assert checked >= 5


def test_words_that_are_no_move_here_say_why():
    played = next(decisions("birmingham", 2, seed=1))
    space = played.space
    with pytest.raises(ValueError, match=r"is not a legal option of action now; the options: action:build"):
        played.move_words([space.index("line:birmingham--dudley")])
    with pytest.raises(ValueError, match=r"are not a whole move: card is still to choose"):
        played.move_words([space.index("action:loan")])
    with pytest.raises(ValueError, match=r"is not a legal option of action now"):
        played.apply(space.index("flag:yes"))


def test_rank_returns_run_from_one_to_minus_one_and_share_ties():
    assert rank_returns([[2], [0], [1]], 3) == [0.0, -1.0, 1.0]
    assert rank_returns([[0, 1], [2], [3]], 4) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])
    assert rank_returns([[0, 1]], 2) == [0.0, 0.0]


def test_the_end_gives_rank_returns_and_victory_points():
    played = finished("birmingham", 3, seed=2)
    assert played.current_player == TERMINAL and played.legal_actions() == [] and played.chance_outcomes() == []
    outcome = played.game.outcome()
    returns = played.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert returns[outcome.winners[0]] == max(returns)
    assert played.returns("vp") == [float(s["vp"]) for s in outcome.scores]
    with pytest.raises(ValueError, match=r"returns are 'rank' or 'vp', not 'money'"):
        played.returns("money")
    with pytest.raises(ValueError, match=r"the game is over: no more actions"):
        played.apply(0)


def test_a_copy_goes_its_own_way():
    played = next(decisions("lancashire", 2, seed=4, every=30))
    for played in decisions("lancashire", 2, seed=4, every=30):
        if played.walk is not None and played.walk.asked == 0:
            break
    before = played.game.state.digest()
    copy = played.copy()
    rng = random.Random(1)
    for _ in range(40):
        if copy.is_terminal():
            break
        copy.apply(copy.random_outcome(rng) if copy.current_player == CHANCE else rng.choice(copy.legal_actions()))
    assert played.game.state.digest() == before


def test_a_resampled_deal_keeps_what_the_seat_knows_and_deals_the_rest_anew():
    played = None
    for played in decisions("birmingham", 3, seed=6, every=25):
        if played.game.state.round >= 3:
            break
    seat = played.current_player
    state = played.game.state
    others = [p.index for p in state.players if p.index != seat]
    dealt = set()
    for n in range(6):
        other = played.resample(seat, random.Random(n))
        ostate = other.game.state
        assert sorted(c.id for c in ostate.players[seat].hand) == sorted(c.id for c in state.players[seat].hand)
        assert [len(ostate.players[o].hand) for o in others] == [len(state.players[o].hand) for o in others]
        assert len(ostate.deck) == len(state.deck)
        assert other.record == played.record and other.legal_actions() == played.legal_actions()
        dealt.add(tuple(sorted(c.id for c in ostate.players[others[0]].hand)))
        rng = random.Random(n)
        while not other.is_terminal():  # and the resampled game plays on to its end
            other.apply(other.random_outcome(rng) if other.current_player == CHANCE else rng.choice(other.legal_actions()))
    assert len(dealt) > 1
    with pytest.raises(ValueError, match=r"a deal is resampled at a player's decision"):
        finished("birmingham", 2, seed=1).resample(0, random.Random(0))


def test_a_table_pickles_as_its_atoms_and_unpickles_by_replaying_them():
    played = None
    for played in decisions("lancashire", 2, seed=2, every=40, limit=200):
        pass
    again = pickle.loads(pickle.dumps(played))
    assert again.applied == played.applied and again.record == played.record
    assert again.game.state.digest() == played.game.state.digest()


def test_a_bot_plays_whole_moves_on_a_table():
    played = table("birmingham", 2)
    rng = random.Random(0)
    bot = GreedyBot(seed=1)
    moves = 0
    while played.steps < 8:
        if played.current_player == CHANCE:
            played.apply(played.random_outcome(rng))
        else:
            played.apply_move(bot.choose(played.game))
            moves += 1
    assert moves == 8 and len(played.engine_record()["moves"]) == 8
    assert any(who == 0 for who, _ in played.record)  # its decisions are in the public record
    assert all(atom != HIDDEN for who, atom in played.record if who != CHANCE)
    with pytest.raises(TypeError, match=r"whole moves were applied"):
        pickle.dumps(played)

"""Brass as OpenSpiel games: registered per ruleset, OpenSpiel's own random simulation
test for every ruleset and player count, a resampled deal ISMCTS can use, and
OpenSpiel's ISMCTS and MCTS bots playing whole games."""

from __future__ import annotations

import pytest

from tests.support.needs import need

pyspiel = need("pyspiel", "python -m pip install -e '.[openspiel]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import brass.openspiel  # noqa: E402
from brass.openspiel.evaluator import HeuristicEvaluator  # noqa: E402
from brass.research import space_of  # noqa: E402
from brass.ruleset import installed_rulesets, load_ruleset  # noqa: E402
from tests.research.play import GAMES  # noqa: E402
from tests.support import sweep  # noqa: E402

SIMS = sweep.size(ci=1, nightly=5)


def test_a_game_is_registered_per_installed_ruleset():
    names = {"brass_" + name.replace("-", "_") for name in installed_rulesets()}
    assert names <= set(pyspiel.registered_names())
    assert set(brass.openspiel.REGISTERED) == names
    game = pyspiel.load_game("brass_birmingham_introductory", {"players": 3})
    assert game.num_players() == 3 and game.get_type().short_name == "brass_birmingham_introductory"
    space = space_of(load_ruleset("birmingham-introductory"))
    assert game.num_distinct_actions() == game.max_chance_outcomes() == len(space)
    assert pyspiel.load_game("brass_lancashire_classic").num_players() == 3  # its fewest


def test_a_player_count_the_ruleset_does_not_take_is_refused():
    with pytest.raises(ValueError, match=r"brass_lancashire_classic: Brass \(2007 classic rules\) is for 3, 4 players, not 2"):
        pyspiel.load_game("brass_lancashire_classic", {"players": 2})


@pytest.mark.parametrize("name,players", GAMES)
def test_openspiels_random_simulation_test_passes(name, players):
    game = pyspiel.load_game("brass_" + name.replace("-", "_"), {"players": players})
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=False, verbose=False)


def _midgame(name="brass_birmingham", players=2, decisions=120, seed=1):
    game = pyspiel.load_game(name, {"players": players})
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    made = 0
    while made < decisions:
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    while state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=odds)))
    return game, state


def test_a_state_serialises_and_comes_back_the_same():
    game, state = _midgame("brass_lancashire", 3, decisions=60)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.observation_tensor(0) == state.observation_tensor(0)


def test_the_tensors_are_openspiels_own():
    """The state builds its tensors itself (OpenSpiel's own copy through C++ is slow):
    the same numbers as OpenSpiel's observer gives."""
    game, state = _midgame("brass_lancashire", 3, decisions=40)
    for player in range(3):
        assert state.observation_tensor(player) == pyspiel.State.observation_tensor(state, player)
        assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(state, player)
    assert state.observation_tensor() == state.observation_tensor(state.current_player())
    start = game.new_initial_state()
    assert start.observation_tensor(0) == pyspiel.State.observation_tensor(start, 0)
    with pytest.raises(ValueError, match=r"player 3: the players are 0 to 2"):
        state.observation_tensor(3)


def test_the_strings_name_decisions_and_chance():
    game, state = _midgame(decisions=10)
    player = state.current_player()
    words = [state.action_to_string(player, action) for action in state.legal_actions()]
    key = state.table.walk.key
    assert all(word.startswith(f"{key}=") for word in words)
    assert "to decide" in str(state)
    start = game.new_initial_state()
    assert start.is_chance_node()
    assert start.action_to_string(pyspiel.PlayerId.CHANCE, start.chance_outcomes()[0][0]).startswith("chance: token:")


def test_a_resampled_state_is_one_the_player_cannot_tell_apart():
    game, state = _midgame(players=3, decisions=90)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        rival = (player + 1) % 3
        hands.add(tuple(sorted(c.id for c in other.table.game.state.players[rival].hand)))
    assert len(hands) > 1  # the hands it cannot see are dealt anew


def _play(game, bots, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decided = [0] * game.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=odds)))
        else:
            player = state.current_player()
            state.apply_action(bots[player].step(state))
            decided[player] += 1
    return state, decided


def test_openspiels_ismcts_and_mcts_bots_play_a_whole_game():
    game = pyspiel.load_game("brass_birmingham", {"players": 2})
    evaluator = HeuristicEvaluator()
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=np.random.RandomState(2)),
    ]
    state, decided = _play(game, bots, seed=3)
    assert all(count > 20 for count in decided)
    assert sum(state.returns()) == pytest.approx(0.0) and max(state.returns()) <= 1.0
    assert state.table.game.is_over()


@pytest.mark.sweep
def test_ismcts_plays_lancashire_its_distant_market_resampled_too():
    players = sweep.size(ci=2, nightly=4)
    game = pyspiel.load_game("brass_lancashire", {"players": players})
    evaluator = HeuristicEvaluator()
    sims = sweep.size(ci=2, nightly=20)  # ISMCTS needs two: the first only opens the root
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims, random_state=np.random.RandomState(s)) for s in range(players)]
    state, decided = _play(game, bots, seed=4)
    assert all(count > 10 for count in decided) and state.is_terminal()


def test_a_public_observer_shows_no_hand_and_none_shows_every_hand():
    from open_spiel.python.observation import make_observation

    game, state = _midgame(decisions=30)
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    own = make_observation(game)
    public.set_from(state, 0)
    own.set_from(state, 0)
    assert not public.dict["hand"].any() and own.dict["hand"].sum() == len(state.table.game.state.players[0].hand)
    assert '"hand"' not in public.string_from(state, 0) and '"hand"' in own.string_from(state, 0)
    with pytest.raises(ValueError, match=r"not every seat's hand"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_heuristic_evaluator_ranks_the_seats():
    from brass.bots.evaluation import evaluate

    game, state = _midgame(players=3, decisions=150)
    values = HeuristicEvaluator().evaluate(state)
    scores = [evaluate(state.table.game, seat) for seat in range(3)]
    assert sum(values) == pytest.approx(0.0) and set(values) <= {1.0, 0.5, 0.0, -0.5, -1.0}
    assert values[scores.index(max(scores))] == max(values) and values[scores.index(min(scores))] == min(values)
    prior = HeuristicEvaluator().prior(state)
    assert [a for a, _ in prior] == state.legal_actions() and sum(p for _, p in prior) == pytest.approx(1.0)

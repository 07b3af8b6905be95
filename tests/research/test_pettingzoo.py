"""Brass as a PettingZoo AEC environment: PettingZoo's own API test, masks, rewards."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.needs import need

need("pettingzoo", "python -m pip install -e '.[rl]'")

from pettingzoo.test import api_test  # noqa: E402

import brass.pettingzoo  # noqa: E402


# The classic conventions' dict observation ({"observation", "action_mask"}) draws two
# warnings from api_test, which looks for a Box or a Discrete.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("ruleset,players", [("birmingham", 2), ("lancashire", 3)])
def test_pettingzoos_api_test_passes(ruleset, players):
    api_test(brass.pettingzoo.env(ruleset=ruleset, players=players), num_cycles=3000)


def _play(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert np.array_equal(mask.astype(bool), env.unwrapped.action_masks())
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps


def test_a_game_ends_with_rank_rewards_summing_to_zero():
    env = brass.pettingzoo.env(ruleset="birmingham", players=3)
    _play(env, seed=1)
    raw = env.unwrapped
    assert raw.agents == []
    outcome = raw.table.game.outcome()
    rewards = raw.table.returns()
    assert sum(rewards) == pytest.approx(0.0) and rewards[outcome.winners[0]] == max(rewards)


def test_victory_points_as_rewards():
    env = brass.pettingzoo.raw_env(ruleset="birmingham", players=2, rewards="vp")
    env.reset(seed=3)
    collected = {agent: 0.0 for agent in env.possible_agents}
    rng = np.random.default_rng(3)
    while env.agents:
        agent = env.agent_selection
        observation, reward, termination, truncation, _ = env.last()
        collected[agent] += reward
        env.step(None if termination else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    scores = env.table.game.outcome().scores
    assert [collected[a] for a in env.possible_agents] == [float(s["vp"]) for s in scores]


def test_the_same_seed_plays_the_same_chance():
    env = brass.pettingzoo.env(ruleset="lancashire", players=2)
    _play(env, seed=5)
    first = env.unwrapped.table.applied
    _play(env, seed=5)
    assert env.unwrapped.table.applied == first


def test_the_arguments_are_checked():
    with pytest.raises(ValueError, match=r"rewards are 'rank' or 'vp', not 'money'"):
        brass.pettingzoo.env(rewards="money")
    with pytest.raises(ValueError, match=r"is for 3, 4 players, not 2"):
        brass.pettingzoo.env(ruleset="lancashire-classic", players=2)


def test_it_renders_as_text():
    env = brass.pettingzoo.raw_env(ruleset="birmingham", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "player_0 (Player 1)" in text and "decides action" in text

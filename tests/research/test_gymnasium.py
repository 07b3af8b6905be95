"""One seat against our bots, as a Gymnasium environment with action masks; and
MaskablePPO, the masked-PPO learner of sb3-contrib, learning on it."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.needs import need

need("gymnasium", "python -m pip install -e '.[rl]'")

import brass.gymnasium  # noqa: E402


def test_an_episode_against_bots_ends_with_the_seats_rank():
    env = brass.gymnasium.env(ruleset="birmingham", players=3, seat=1, opponents=["random", "quick"])
    observation, info = env.reset(seed=2)
    assert observation.shape == env.observation_space.shape and env.observation_space.contains(observation)
    rng = np.random.default_rng(2)
    done, steps = False, 0
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        observation, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        steps += 1
    assert steps > 30 and not env.action_masks().any()
    ranking = info["ranking"]
    places = [i for i, group in enumerate(ranking) if 1 in group]
    assert reward == pytest.approx(env.table.returns()[1]) and info["won"] == (places == [0])
    with pytest.raises(RuntimeError, match=r"the game is over"):
        env.step(0)


def test_the_arguments_are_checked():
    with pytest.raises(ValueError, match=r"opponents: one bot for each of the 2 other seats, not 1"):
        brass.gymnasium.env(players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match=r"seat 2: the seats of a 2-player game are 0 to 1"):
        brass.gymnasium.env(players=2, seat=2)


def test_maskable_ppo_learns_on_it():
    sb3_contrib = need("sb3_contrib", "python -m pip install torch==2.13.0 && python -m pip install -e '.[rl]'")
    env = brass.gymnasium.env(ruleset="birmingham", players=2, opponents="quick")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=1, device="cpu")
    model.learn(total_timesteps=256)
    observation, _ = env.reset(seed=9)
    action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]

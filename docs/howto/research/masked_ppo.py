"""Train a masked-PPO agent on Brass: Birmingham for a few minutes on CPU, then play it.

    python docs/howto/research/masked_ppo.py --minutes 5 --games 100

The learner takes seat 0 of a two-player game (brass.gymnasium), one small
decision per step, the illegal ones masked out (sb3-contrib's MaskablePPO asks
the environment's action_masks()). It trains against the ``random`` bot, then
plays ``--games`` games against ``random`` and against ``greedy``; so does an
agent that picks uniformly among its legal decisions, for comparison. Win
rates come with 95% intervals (Wilson's); a shared win counts as half.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import brass.gymnasium


class Minutes(BaseCallback):
    """Stop learning once the time is up."""

    def __init__(self, minutes: float):
        super().__init__()
        self.deadline = time.monotonic() + 60 * minutes

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def play(choose, opponent: str, games: int, seed: int) -> tuple:
    """Games won (a shared win counts half) by ``choose(env, observation)`` at seat 0."""
    env = brass.gymnasium.env(ruleset="birmingham", players=2, opponents=opponent)
    score = 0.0
    for game in range(games):
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            observation, reward, done, _, info = env.step(choose(env, observation))
        winners = [group for group in info["ranking"] if 0 in group]
        score += 0.0 if info["ranking"].index(winners[0]) else 1.0 / len(winners[0])
    return score, games


def interval(score: float, games: int) -> str:
    """The win rate and its 95% Wilson interval."""
    p, z = score / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return f"{100 * p:.0f}% ({100 * (centre - half):.0f}–{100 * (centre + half):.0f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="time to learn")
    parser.add_argument("--games", type=int, default=100, help="games against each bot, afterwards")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core: the game, not the network, is the slow part

    env = brass.gymnasium.env(ruleset="birmingham", players=2, opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, learning_rate=3e-4, gamma=1.0, seed=args.seed, device="cpu", verbose=0)
    started = time.monotonic()
    model.learn(total_timesteps=10**9, callback=Minutes(args.minutes))
    learnt = time.monotonic() - started
    steps = model.num_timesteps
    print(f"learnt for {learnt / 60:.1f} minutes: {steps} decisions, about {steps // 95} games against random", flush=True)

    def trained(env, observation):
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(env, observation):
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    print("| seat 0 | against random | against greedy |")
    print("| --- | --- | --- |")
    for name, choose in (("MaskablePPO, trained", trained), ("uniform among legal decisions", uniform)):
        rates = [interval(*play(choose, opponent, args.games, seed=10_000)) for opponent in ("random", "greedy")]
        print(f"| {name} | {rates[0]} | {rates[1]} |", flush=True)


if __name__ == "__main__":
    main()

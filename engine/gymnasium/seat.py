"""The single-agent environment (see :mod:`brass.gymnasium`)."""

from __future__ import annotations

import random
from typing import Optional, Sequence, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots.registry import make_bot
from ..research import space_of
from ..research.observation import Encoder
from ..research.table import CHANCE, Table
from ..ruleset import load_ruleset


def env(**kwargs) -> "SeatEnv":
    """The environment: ``ruleset``, ``players``, ``seat`` (the learner's), ``opponents``
    (a bot's name for every other seat, or one name per other seat), ``rewards``
    ("rank" or "vp"), ``render_mode`` ("ansi")."""
    return SeatEnv(**kwargs)


class SeatEnv(gym.Env):
    """One seat's game against bots, one small decision per step."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        ruleset: str = "birmingham",
        players: int = 2,
        seat: int = 0,
        opponents: Union[str, Sequence[str]] = "greedy",
        rewards: str = "rank",
        render_mode: Optional[str] = None,
    ):
        loaded = load_ruleset(ruleset)
        if players not in loaded.players:
            raise ValueError(f"{loaded.title} is for {', '.join(map(str, loaded.players))} players, not {players}")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: the seats of a {players}-player game are 0 to {players - 1}")
        if rewards not in ("rank", "vp"):
            raise ValueError(f"rewards are 'rank' or 'vp', not {rewards!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"opponents: one bot for each of the {players - 1} other seats, not {len(names)}")
        self.ruleset = loaded
        self.players = players
        self.seat = seat
        self.opponent_names = names
        self.reward_kind = rewards
        self.render_mode = render_mode
        self.space = space_of(loaded)
        self.encoder = Encoder(self.space, players)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self.table: Optional[Table] = None
        self.rng = random.Random()
        self.opponents: dict = {}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
        others = [s for s in range(self.players) if s != self.seat]
        self.opponents = {s: make_bot(name, seed=self.rng.randrange(2**31)) for s, name in zip(others, self.opponent_names)}
        self.table = Table(self.space, self.players)
        self._play_others()
        return self._observation(), self._info()

    def step(self, action):
        table = self.table
        if table is None or table.is_terminal():
            raise RuntimeError("the game is over (or was never begun): call reset()")
        table.apply(int(action))
        self._play_others()
        terminated = table.is_terminal()
        reward = table.returns(self.reward_kind)[self.seat] if terminated else 0.0
        return self._observation(), float(reward), terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (all False once the game is over)."""
        mask = np.zeros(len(self.space), bool)
        if self.table is not None and self.table.current_player == self.seat:
            mask[self.table.legal_actions()] = True
        return mask

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self.table is None:
            return None
        game = self.table.game
        lines = [f"{game.ruleset.title}: {game.state.era.name}, round {game.state.round}"]
        for p in game.state.players:
            who = "learner" if p.index == self.seat else self.opponent_names[[s for s in range(self.players) if s != self.seat].index(p.index)]
            lines.append(f"  {p.name} ({who}): {p.vp} VP, £{p.money}")
        return "\n".join(lines)

    # -- in between the learner's decisions
    def _play_others(self) -> None:
        """Chance and the bots' moves, until the learner decides or the game ends."""
        table = self.table
        while not table.is_terminal():
            player = table.current_player
            if player == CHANCE:
                table.apply(table.random_outcome(self.rng))
            elif player == self.seat:
                return
            else:
                table.apply_move(self.opponents[player].choose(table.game))

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self.table, self.seat)

    def _info(self) -> dict:
        info = {"action_mask": self.action_masks()}
        if self.table.is_terminal():
            outcome = self.table.game.outcome()
            info["ranking"] = outcome.ranking
            info["won"] = self.seat in outcome.winners
        return info

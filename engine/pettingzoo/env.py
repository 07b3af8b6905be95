"""The AEC environment (see :mod:`brass.pettingzoo`)."""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..research import space_of
from ..research.observation import Encoder
from ..research.table import CHANCE, Table
from ..ruleset import load_ruleset

REWARDS = ("rank", "vp")


def env(**kwargs) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (order enforced,
    actions checked against the space): ``ruleset``, ``players``, ``rewards``
    ("rank" or "vp"), ``render_mode`` ("ansi" or "human")."""
    environment = raw_env(**kwargs)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


def raw_env(**kwargs) -> "BrassEnv":
    """The environment itself, unwrapped."""
    return BrassEnv(**kwargs)


class BrassEnv(AECEnv):
    """A game of Brass for agents that take turns, one small decision at a time."""

    metadata = {"name": "brass_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, ruleset: str = "birmingham", players: int = 2, rewards: str = "rank", render_mode: Optional[str] = None):
        super().__init__()
        if rewards not in REWARDS:
            raise ValueError(f"rewards are {' or '.join(map(repr, REWARDS))}, not {rewards!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is {' or '.join(map(repr, self.metadata['render_modes']))}, not {render_mode!r}")
        loaded = load_ruleset(ruleset)
        if players not in loaded.players:
            raise ValueError(f"{loaded.title} is for {', '.join(map(str, loaded.players))} players, not {players}")
        self.ruleset = loaded
        self.players = players
        self.reward_kind = rewards
        self.render_mode = render_mode
        self.space = space_of(loaded)
        self.encoder = Encoder(self.space, players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.space)) for agent in self.possible_agents}
        self.table: Optional[Table] = None
        self.rng = random.Random()

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # --------------------------------------------------------------- the game
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self.table = Table(self.space, self.players)
        self._play_chance()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.current_player]

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(int(action))
        self._play_chance()
        if self.table.is_terminal():
            results = self.table.returns(self.reward_kind)
            for other in self.agents:
                self.rewards[other] = results[self.agent_name_mapping[other]]
                self.terminations[other] = True
        else:
            self.agent_selection = self.possible_agents[self.table.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _play_chance(self) -> None:
        table = self.table
        while table.current_player == CHANCE:
            table.apply(table.random_outcome(self.rng))

    # ---------------------------------------------------------- what is seen
    def observe(self, agent: str) -> dict:
        seat = self.agent_name_mapping[agent]
        return {"observation": self.encoder.encode(self.table, seat), "action_mask": self._mask(seat)}

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(len(self.space), np.int8)
        if self.table.current_player == seat:
            mask[self.table.legal_actions()] = 1
        return mask

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent to move, as booleans (MaskablePPO's question)."""
        return self._mask(self.agent_name_mapping[self.agent_selection]).astype(bool)

    def render(self) -> Optional[str]:
        if self.render_mode is None or self.table is None:
            return None
        table = self.table
        game = table.game
        state = game.state
        lines = [f"{game.ruleset.title}: {state.era.name}, round {state.round}"]
        for p in state.players:
            lines.append(f"  {self.possible_agents[p.index]} ({p.name}): {p.vp} VP, £{p.money}, income {game.board.income.level(p.income_space)}, {len(p.hand)} cards")
        if table.is_terminal():
            lines.append("  game over: " + game.outcome().result())
        else:
            walk = table.walk
            chosen = " ".join(self.space.words[a] for a in walk.chosen)
            lines.append(f"  {self.agent_selection} decides {walk.key} [{chosen}]: {len(walk.options)} options")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.table = None

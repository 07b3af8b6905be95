"""The OpenSpiel game and state of a ruleset, on a :class:`~brass.research.table.Table`.

The state is a thin shell: OpenSpiel's questions are the table's
(:attr:`~brass.research.table.Table.current_player`, legal actions, chance
outcomes, returns), and a clone is the table's copy, which copies the engine's
game (:meth:`brass.game.Game.copy`, some tens of microseconds) rather than
deep-copying it. :class:`BrassObserver` gives OpenSpiel the tensors and strings
of :mod:`brass.research.observation`.
"""

from __future__ import annotations

import functools
import random
import warnings

import numpy as np
import pyspiel

from ..errors import BrassError
from ..language.limits import MAX_ACTIONS_PER_TURN, MAX_ROUNDS_PER_ERA
from ..research import space_of
from ..research.observation import Encoder
from ..research.table import CHANCE, TERMINAL, Table
from ..ruleset import installed_rulesets, load_ruleset

# Decisions allowed for a move in the bound below: a move names its action and each
# of its choices, a choice of several things (the cards of a Scout, the coal of a
# double link) one decision for each; the longest seen are about a dozen.
DECISIONS_PER_MOVE = 24


def game_name(ruleset_name: str) -> str:
    """The OpenSpiel name of a ruleset's game: ``brass_`` and its name, ``_`` for ``-``."""
    return "brass_" + ruleset_name.replace("-", "_")


def game_type(ruleset) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=game_name(ruleset.name),
        long_name=f"Brass: {ruleset.title}" if not ruleset.title.startswith("Brass") else ruleset.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(ruleset.players),
        min_num_players=min(ruleset.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(ruleset.players)},
    )


def max_game_length(ruleset, players: int) -> int:
    """A bound on the actions of a game, chance's included, from the limits the engine
    enforces (an era runs at most MAX_ROUNDS_PER_ERA rounds, a turn at most
    MAX_ACTIONS_PER_TURN actions) and DECISIONS_PER_MOVE: millions, where a real
    game takes a few hundred (docs/reference/research.rst gives the figures)."""
    moves = len(ruleset.board.eras) * MAX_ROUNDS_PER_ERA * players * MAX_ACTIONS_PER_TURN
    cards = sum(sum(card.fields.get("copies", {}).values()) for card in ruleset.board.cards)
    return moves * DECISIONS_PER_MOVE + cards * len(ruleset.board.eras) * 2


class BrassGame(pyspiel.Game):
    """A ruleset's game for a number of players (subclassed per ruleset by :func:`register_all`)."""

    ruleset_name = "birmingham"

    def __init__(self, params=None):
        params = dict(params or {})
        ruleset = load_ruleset(self.ruleset_name)
        players = int(params.get("players", min(ruleset.players)))
        if players not in ruleset.players:
            raise ValueError(f"{game_name(ruleset.name)}: {ruleset.title} is for {', '.join(map(str, ruleset.players))} players, not {players}")
        params["players"] = players
        self.ruleset = ruleset
        self.space = space_of(ruleset)
        self.encoder = Encoder(self.space, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=len(self.space),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(ruleset, players),
        )
        super().__init__(_TYPES[ruleset.name], info, params)
        self._start = Table(self.space, players)  # copied for each new game: the set-up is tried once

    def new_initial_state(self) -> "BrassState":
        return BrassState(self, self._start.copy())

    def make_py_observer(self, iig_obs_type=None, params=None) -> "BrassObserver":
        return BrassObserver(self, iig_obs_type, params)


class BrassState(pyspiel.State):
    """A game in progress: OpenSpiel's questions answered by a Table."""

    def __init__(self, game: BrassGame, table: Table = None):
        super().__init__(game)
        self.table = table if table is not None else Table(game.space, game.num_players())

    def current_player(self) -> int:
        player = self.table.current_player
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player: int) -> list:
        return self.table.legal_actions() if player == self.table.current_player else []

    def chance_outcomes(self) -> list:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        space = self.table.space
        word = space.word(action)
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {word}"
        walk = self.table.walk
        key = walk.key if walk is not None and player == self.table.current_player else None
        return f"{key}={space.text(action)}" if key else word

    def is_terminal(self) -> bool:
        return self.table.is_terminal()

    def returns(self) -> list:
        return self.table.returns()

    def observation_tensor(self, player: int = None) -> list:
        """The observation of ``player`` (the one to move if None), as OpenSpiel's own
        method gives it, built here: OpenSpiel copies its observer's tensor through C++
        into a list, some 100 µs for 1,400 numbers."""
        return self._tensor(player, recall=False)

    def information_state_tensor(self, player: int = None) -> list:
        """The information state of ``player`` (see :meth:`observation_tensor`)."""
        return self._tensor(player, recall=True)

    def _tensor(self, player, recall: bool) -> list:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.table.players:
            raise ValueError(f"player {player}: the players are 0 to {self.table.players - 1}")
        encoder = self.get_game().encoder
        if self.table.game is None:
            return [0.0] * (encoder.recall_size if recall else encoder.size)
        return encoder.encode(self.table, player, recall=recall).tolist()

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "BrassState":
        """A state the seat ``player_id`` cannot tell from this one: the hands it does
        not hold, the cards laid face down and the draw deck dealt anew."""
        seed = int(probability_sampler() * 2**53)
        return BrassState(self.get_game(), self.table.resample(player_id, random.Random(seed)))

    def __str__(self) -> str:
        table = self.table
        game = table.game
        if game is None:
            return "setting up"
        state = game.state
        head = f"{game.ruleset.name} {state.era.id} round {state.round}"
        players = "; ".join(f"{p.name}: {p.vp} VP, £{p.money}, {len(p.hand)} cards" for p in state.players)
        if table.is_terminal():
            return f"{head}, over: {players}"
        if table.current_player == CHANCE:
            return f"{head}, chance: {players}"
        walk = table.walk
        chosen = " ".join(table.space.words[a] for a in walk.chosen)
        return f"{head}, {state.players[walk.player].name} to decide {walk.key} [{chosen}]: {players}"


class BrassObserver:
    """OpenSpiel's observer: the observation (or, with perfect recall, the information
    state) of a seat, as a flat tensor with named views, and as a string."""

    def __init__(self, game: BrassGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"the Brass observer takes no parameters, not {sorted(params)}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not obs_type.public_info or obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "the Brass observer gives what one seat sees: the public information, with that seat's "
                "private information (PrivateInfoType.SINGLE_PLAYER) or without it (NONE); not every seat's hand"
            )
        self.encoder = game.encoder
        self.recall = bool(obs_type.perfect_recall)
        self.private = obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        blocks = self.encoder.recall_blocks if self.recall else self.encoder.blocks
        self.tensor = np.zeros(sum(size for _, size, _ in blocks), np.float32)
        self.dict = {}
        at = 0
        for name, size, shape in blocks:
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: BrassState, player: int) -> None:
        if state.table.game is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode(state.table, player, out=self.tensor, recall=self.recall, private=self.private)

    def string_from(self, state: BrassState, player: int) -> str:
        if state.table.game is None:
            return f"seat {player}: setting up; record: [{' '.join(f'{who}:{atom}' for who, atom in state.table.record)}]"
        return self.encoder.describe(state.table, player, recall=self.recall, private=self.private)


_TYPES: dict = {}


def register_all() -> dict:
    """Register the game of every installed ruleset that loads (once); a ruleset that
    does not load is left out with a warning saying why. Returns game name -> ruleset."""
    registered = {}
    for name in installed_rulesets():
        try:
            registered[game_name(name)] = _register(name)
        except BrassError as error:
            warnings.warn(f"brass.openspiel: the ruleset {name!r} is not registered: {error}", stacklevel=2)
    return registered


@functools.lru_cache(maxsize=None)
def _register(name: str) -> str:
    ruleset = load_ruleset(name)
    kind = game_type(ruleset)
    _TYPES[ruleset.name] = kind
    game_class = type(f"BrassGame_{game_name(name)}", (BrassGame,), {"ruleset_name": name, "__doc__": f"{ruleset.title} as an OpenSpiel game."})
    pyspiel.register_game(kind, game_class)
    return name

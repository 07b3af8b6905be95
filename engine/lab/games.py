"""One game of bots, watched: what a balance report needs of it, as whole numbers.

:func:`play` seats the bots, plays to the end and returns a :class:`GameSummary`.
The summary is read through the engine's hooks and its public state, never an
edition's names: the industries, actions, eras and score headings are the
ruleset's own. What is counted at an era's end is read at the end of its last
round, before the era's end clears the board (as an era's end may take away its
links and its oldest tiles).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .. import hookimpl
from ..bots.seating import play_out, seat_bots
from ..game import Game

SHARE = 12  # a win shared by k players is 12/k for each: whole numbers for 1 to 4 (and 6) winners


@dataclass
class EraSummary:
    actions: Counter = field(default_factory=Counter)  # action name -> moves
    flipped: Counter = field(default_factory=Counter)  # industry -> flipped tiles on the board at the era's end
    unflipped: Counter = field(default_factory=Counter)  # industry -> tiles never flipped (unsold, unused) at its end
    links: int = 0  # links on the board at the era's end
    rounds: int = 0


@dataclass
class GameSummary:
    """A finished game, for the tally: every figure a whole number."""

    game_id: tuple  # (side, group, rotation): side 0 the ruleset measured, 1 the base
    lineup: tuple  # the bot in each seat
    vp: tuple  # per seat
    money: tuple
    income: tuple  # income levels
    shares: tuple  # per seat: its share of the win, in twelfths (12: won alone)
    order: tuple  # the seats in the first round's turn order (the deal's: after it, spending decides)
    first_counts: tuple  # per seat: rounds it was first in turn order
    moves: int
    eras: list  # EraSummary, in order
    sources: dict  # seat -> Counter(source -> VP scored from it)

    @property
    def first(self) -> int:
        """The seat first in the first round's turn order."""
        return self.order[0]


class _Watcher:
    """A plugin that counts, while one game is played, what the summary reports."""

    def __init__(self, game: Game):
        self.game = game
        self.eras: list = []
        players = len(game.state.players)
        self.first_counts = [0] * players
        self.era = -1

    def _current(self) -> EraSummary:
        index = self.game.state.era_index
        while len(self.eras) <= index:
            self.eras.append(EraSummary())
        return self.eras[index]

    @hookimpl
    def brass_turn_start(self, game, player):
        if game is not self.game:
            return
        state = game.state
        if state.turn_index == 0:
            self.first_counts[state.turn_order[0]] += 1
            self._current().rounds += 1

    @hookimpl
    def brass_after_move(self, game, move):
        if game is not self.game or move is None:
            return
        era = self.game.history[-1].turn[0] if self.game.history else self.game.state.era_index
        if move.frame in game.rules.actions:
            while len(self.eras) <= era:
                self.eras.append(EraSummary())
            self.eras[era].actions[move.frame] += 1

    @hookimpl
    def brass_round_end(self, game):
        if game is not self.game:
            return
        # Kept at every round's end: the last of an era is what stood when it was scored.
        era = self._current()
        era.flipped, era.unflipped = Counter(), Counter()
        for tile in game.state.slot_tiles:
            if tile is not None:
                (era.flipped if tile.flipped else era.unflipped)[tile.type.industry.id] += 1
        era.links = sum(1 for link in game.state.line_links if link is not None)


def play(ruleset, lineup: tuple, seed: int, game_id: tuple) -> GameSummary:
    """Play one seeded game of the lineup's bots to the end and summarise it."""
    watcher = None

    def watch(game):
        nonlocal watcher
        watcher = _Watcher(game)
        return watcher

    game, order = _played(ruleset, lineup, seed, watch)
    return summarise(game, watcher, lineup, order, game_id)


def _played(ruleset, lineup: tuple, seed: int, watch=None) -> tuple:
    """(the game played to the end, the first round's turn order); ``watch(game)``
    gives a plugin that sees it played."""
    names = [f"{bot} {seat + 1}" for seat, bot in enumerate(lineup)]
    game = Game(ruleset, names, seed=seed)
    watcher = watch(game) if watch is not None else None
    if watcher is not None:
        ruleset.plugins.register(watcher)
    try:
        order = tuple(game.state.turn_order)
        play_out(game, seat_bots(lineup, seed, imports=False))
    finally:
        if watcher is not None:
            ruleset.plugins.unregister(watcher)
    return game, order


def summarise(game: Game, watcher: _Watcher, lineup: tuple, order: tuple, game_id: tuple) -> GameSummary:
    outcome = game.outcome()
    players = game.state.players
    winners = outcome.winners
    shares = tuple(SHARE // len(winners) if seat in winners else 0 for seat in range(len(players)))
    sources: dict = {}
    for seat, heading, points, source in game.state.scored:
        sources.setdefault(seat, Counter())[str(source or heading)] += points
    for seat, player in enumerate(players):  # points not under a heading: gained in play
        headed = sum(sources.get(seat, Counter()).values())
        if player.vp - headed:
            sources.setdefault(seat, Counter())["in play"] += player.vp - headed
    return GameSummary(
        game_id=game_id,
        lineup=tuple(lineup),
        vp=tuple(p.vp for p in players),
        money=tuple(p.money for p in players),
        income=tuple(game.board.income.level(p.income_space) for p in players),
        shares=shares,
        order=order,
        first_counts=tuple(watcher.first_counts),
        moves=len(game.history),
        eras=watcher.eras,
        sources=sources,
    )


def replay(ruleset, lineup: tuple, seed: int) -> Game:
    """The same game again, kept whole (for the report's representative game)."""
    return _played(ruleset, lineup, seed)[0]

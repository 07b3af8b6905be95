"""What a balance job has counted: whole numbers only, so that any split of the work adds up alike.

A :class:`Tally` holds sums, sums of squares and histograms of whole numbers (a
win shared by k players counts 12/k twelfths). Adding two tallies is exact and
does not depend on their order, so the games of a job give the same tally
whether one process played them or a cluster did, in whatever order the chunks
came back. Everything a report says is computed from a tally at the end.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .games import GameSummary

SIDES = ("variant", "base")  # side 0: the ruleset measured; side 1: the base it is compared with


def _add(counter: Counter, other: Counter) -> None:
    for key, value in other.items():
        counter[key] += value


@dataclass
class SideTally:
    """The games of one ruleset."""

    games: int = 0
    seats: int = 0
    wins: Counter = field(default_factory=Counter)  # seat -> twelfths of wins
    wins_by_turn: Counter = field(default_factory=Counter)  # place in the first round's turn order -> twelfths
    wins_by_bot: Counter = field(default_factory=Counter)  # bot -> twelfths
    seats_by_bot: Counter = field(default_factory=Counter)  # bot -> seats it held
    first_rounds: Counter = field(default_factory=Counter)  # seat -> rounds first in turn order
    rounds: int = 0
    vp_sum: Counter = field(default_factory=Counter)  # seat -> sum of VP
    vp_squares: Counter = field(default_factory=Counter)
    vp: dict = field(default_factory=dict)  # seat -> Counter(VP -> seats)
    margin: Counter = field(default_factory=Counter)  # winner's VP - the best other's -> games
    at_most_zero: int = 0  # seats ending with 0 VP or fewer
    moves: Counter = field(default_factory=Counter)  # moves -> games
    game_rounds: Counter = field(default_factory=Counter)  # rounds -> games
    eras: dict = field(default_factory=dict)  # era index -> {"games", "actions", "flipped", "unflipped", "links"}
    winning_source: Counter = field(default_factory=Counter)  # the source a winner scored most from -> winners
    source_vp: Counter = field(default_factory=Counter)  # source -> VP winners scored from it
    shortest_of: dict = field(default_factory=dict)  # moves -> the least game id of that length

    def add(self, game: GameSummary) -> None:
        self.games += 1
        players = len(game.vp)
        self.seats += players
        for seat in range(players):
            share = game.shares[seat]
            self.wins[seat] += share
            self.wins_by_bot[game.lineup[seat]] += share
            self.seats_by_bot[game.lineup[seat]] += 1
            self.first_rounds[seat] += game.first_counts[seat]
            vp = game.vp[seat]
            self.vp_sum[seat] += vp
            self.vp_squares[seat] += vp * vp
            self.vp.setdefault(seat, Counter())[vp] += 1
            if vp <= 0:
                self.at_most_zero += 1
        # Turn order after the first round follows spending; the first round's order is the deal's.
        for place, seat in enumerate(game.order):
            self.wins_by_turn[place] += game.shares[seat]
        self.rounds += sum(game.first_counts)
        ranked = sorted(game.vp, reverse=True)
        self.margin[ranked[0] - (ranked[1] if len(ranked) > 1 else 0)] += 1
        self.moves[game.moves] += 1
        self.game_rounds[sum(era.rounds for era in game.eras)] += 1
        for index, era in enumerate(game.eras):
            counted = self.eras.setdefault(index, {"games": 0, "actions": Counter(), "flipped": Counter(), "unflipped": Counter(), "links": 0})
            counted["games"] += 1
            _add(counted["actions"], era.actions)
            _add(counted["flipped"], era.flipped)
            _add(counted["unflipped"], era.unflipped)
            counted["links"] += era.links
        for seat in range(players):
            if game.shares[seat]:
                sources = game.sources.get(seat, Counter())
                _add(self.source_vp, sources)
                if sources:
                    best = max(sorted(sources), key=lambda s: sources[s])  # ties: the first by name
                    self.winning_source[best] += 1
        known = self.shortest_of.get(game.moves)
        if known is None or game.game_id < known:
            self.shortest_of[game.moves] = game.game_id

    def merge(self, other: "SideTally") -> None:
        self.games += other.games
        self.seats += other.seats
        self.rounds += other.rounds
        self.at_most_zero += other.at_most_zero
        for name in ("wins", "wins_by_turn", "wins_by_bot", "seats_by_bot", "first_rounds", "vp_sum", "vp_squares", "margin", "moves", "game_rounds", "winning_source", "source_vp"):
            _add(getattr(self, name), getattr(other, name))
        for seat, histogram in other.vp.items():
            _add(self.vp.setdefault(seat, Counter()), histogram)
        for index, era in other.eras.items():
            mine = self.eras.setdefault(index, {"games": 0, "actions": Counter(), "flipped": Counter(), "unflipped": Counter(), "links": 0})
            mine["games"] += era["games"]
            mine["links"] += era["links"]
            for name in ("actions", "flipped", "unflipped"):
                _add(mine[name], era[name])
        for moves, game_id in other.shortest_of.items():
            known = self.shortest_of.get(moves)
            if known is None or game_id < known:
                self.shortest_of[moves] = game_id


@dataclass
class PairedTally:
    """The ruleset against its base, seed group by seed group (the unit of the comparison)."""

    groups: int = 0
    vp: Counter = field(default_factory=Counter)  # seat -> sum over groups of the group's VP difference
    vp_squares: Counter = field(default_factory=Counter)
    first: int = 0  # sum over groups of the difference in the first player's twelfths
    first_squares: int = 0

    def add(self, variant: list, base: list) -> None:
        """One group: its games on the ruleset and on the base, rotation for rotation."""
        self.groups += 1
        players = len(variant[0].vp)
        for seat in range(players):
            difference = sum(v.vp[seat] - b.vp[seat] for v, b in zip(variant, base))
            self.vp[seat] += difference
            self.vp_squares[seat] += difference * difference
        difference = sum(v.shares[v.first] - b.shares[b.first] for v, b in zip(variant, base))
        self.first += difference
        self.first_squares += difference * difference

    def merge(self, other: "PairedTally") -> None:
        self.groups += other.groups
        _add(self.vp, other.vp)
        _add(self.vp_squares, other.vp_squares)
        self.first += other.first
        self.first_squares += other.first_squares


@dataclass
class Tally:
    """All a job has counted so far."""

    sides: list = field(default_factory=lambda: [SideTally(), SideTally()])
    paired: PairedTally = field(default_factory=PairedTally)
    ladder: dict = field(default_factory=dict)  # "a|b" -> [games, a's twelfths, b's twelfths]

    def merge(self, other: "Tally") -> None:
        for mine, theirs in zip(self.sides, other.sides):
            mine.merge(theirs)
        self.paired.merge(other.paired)
        for key, (games, a, b) in other.ladder.items():
            counted = self.ladder.setdefault(key, [0, 0, 0])
            counted[0] += games
            counted[1] += a
            counted[2] += b

    def add_ladder(self, pair: tuple, game: GameSummary) -> None:
        counted = self.ladder.setdefault(f"{pair[0]}|{pair[1]}", [0, 0, 0])
        counted[0] += 1
        counted[1] += sum(share for bot, share in zip(game.lineup, game.shares) if bot == pair[0])
        counted[2] += sum(share for bot, share in zip(game.lineup, game.shares) if bot == pair[1])

    def comparable(self) -> dict:
        """The tally as plain, ordered data: equal tallies give equal dicts."""

        def plain(value):
            if isinstance(value, Counter) or isinstance(value, dict):
                return {str(k): plain(value[k]) for k in sorted(value, key=lambda k: (str(type(k)), k))}
            if isinstance(value, (list, tuple)):
                return [plain(v) for v in value]
            if hasattr(value, "__dataclass_fields__"):
                return {name: plain(getattr(value, name)) for name in value.__dataclass_fields__}
            return value

        return plain(self)

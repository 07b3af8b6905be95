"""How strong a bot is, measured the way the best game-AI projects measure it.

* **Seed groups.** Every lineup is played from every rotation of its seats on the
  same seed: one seed's games are a *group*, and the group, not the game, is the
  unit (the games of a group share their deal, so they are not independent).
* **Bootstrap intervals.** A figure's 95% interval is the 2.5th and 97.5th
  percentiles of its mean over groups drawn with replacement (:func:`bootstrap`,
  4,000 draws from a seeded stream: the same games give the same interval).
* **Diagnostics beside every figure** (:class:`SeatReport`): seats ending at zero
  VP or less, loans taken, shortfalls at a round's end, tiles left unflipped at
  each era's end, tiles developed away and never built after, the income level at
  each era's end. Every one is read from the game by what the rules do, never by
  an edition's names: a loan is an action of one's own after which one's income
  level is lower and one's money higher; a shortfall is a decision the rules ask
  at a round's end, or points lost in play; a develop is a tile leaving one's mat
  without reaching the board.
* **Replayable.** A game is its ruleset, lineup and seed (the bots are seeded by
  :func:`~brass.bots.seating.seat_bots`); :func:`play_measured` keeps its moves
  too, so a figure can be checked by replaying the games with no bot at all.

``benchmarks/strength.py`` runs the measurements published in
``benchmarks/BOTS.md``.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Optional

from .. import hookimpl
from ..game import Game
from ..ruleset import load_ruleset
from .arena import DecisionClock
from .judge import fitting
from .seating import seat_bots

ROUND_END = "end_of_round"  # the engine's round-end procedure: the rules' decisions there are shortfalls


@dataclass
class SeatReport:
    """One seat of one game: its score and what it did on the way."""

    bot: str
    vp: int
    income: int
    money: int
    place: int  # 0 for the winners, 1 for the next...
    loans: int = 0
    shortfalls: int = 0  # round ends at which it was short of money (tiles sold or points lost)
    developed: int = 0  # tiles that left its mat without being built
    developed_unbuilt: int = 0  # ... of an industry it never built afterwards
    unsold: list = field(default_factory=list)  # per era: its tiles still unflipped at the era's end
    era_income: list = field(default_factory=list)  # per era: its income level at the era's end
    decisions: int = 0
    seconds: float = 0.0  # processor seconds choosing (the bot's own process)
    longest: float = 0.0


@dataclass
class GameReport:
    ruleset: str
    lineup: tuple
    seed: int
    seats: list  # SeatReport per seat
    moves: list = field(default_factory=list)  # the moves' notation, in order: the game replays from its seed


class _EraEnds:
    """A plugin noting, for one game only, each player's unflipped tiles and income level
    at the end of the last round of each era (just before the era is scored)."""

    def __init__(self, game: Game):
        self.game = game
        self.unsold: list = []  # per era: per player
        self.income: list = []

    @hookimpl
    def brass_round_end(self, game):
        if game is not self.game or not game.define("era_over", None):
            return
        state = game.state
        counts = [0] * len(state.players)
        for tile in state.slot_tiles:
            if tile is not None and not tile.flipped:
                counts[tile.owner] += 1
        self.unsold.append(counts)
        self.income.append([game.board.income.level(p.income_space) for p in state.players])


class _Watch:
    """What a game's moves did, seat by seat: loans, shortfalls, develops."""

    def __init__(self, game: Game):
        count = len(game.state.players)
        self.loans = [0] * count
        self.shortfalls: set = set()  # (seat, era, round)
        self.developed = [0] * count
        self.pending: list = [[] for _ in range(count)]  # per seat: industries developed, awaiting a build
        self.unbuilt = [0] * count

    @staticmethod
    def _snapshot(game: Game) -> tuple:
        state = game.state
        built = [dict() for _ in state.players]
        for tile in state.slot_tiles:
            if tile is not None:
                industry = tile.type.industry.id
                built[tile.owner][industry] = built[tile.owner].get(industry, 0) + 1
        return (
            [(p.money, game.board.income.level(p.income_space), p.vp, dict(p.mat)) for p in state.players],
            built,
            (state.era_index, state.round),
        )

    def before(self, game: Game) -> tuple:
        frame = game.state.frame
        return self._snapshot(game), game.to_move, frame.kind == "procedure" and frame.name == ROUND_END

    def after(self, game: Game, before: tuple) -> None:
        (players, built, when), mover, at_round_end = before
        now_players, now_built, _ = self._snapshot(game)
        if at_round_end:
            self.shortfalls.add((mover, *when))
        for seat, ((money, level, vp, mat), (money2, level2, vp2, mat2)) in enumerate(zip(players, now_players)):
            if vp2 < vp:
                self.shortfalls.add((seat, *when))
            if seat == mover and not at_round_end and level2 < level and money2 > money:
                self.loans[seat] += 1
            for industry, position in mat2.items():
                left = position - mat.get(industry, 0)
                placed = max(0, now_built[seat].get(industry, 0) - built[seat].get(industry, 0))
                if placed:
                    self.pending[seat] = [x for x in self.pending[seat] if x != industry]
                if left > placed:
                    self.developed[seat] += left - placed
                    self.pending[seat].extend([industry] * (left - placed))

    def finish(self) -> None:
        self.unbuilt = [len(found) for found in self.pending]


def play_measured(ruleset_name: str, lineup: tuple, seed: int, trust: bool = False, judges: Optional[dict] = None) -> GameReport:
    """One seeded game of bots, with every seat's diagnostics and the moves played.
    ``judges``: seat -> the fit (:class:`~brass.bots.judge.Fit`, or None for the
    written heuristic) that seat's bot judges by, instead of the ruleset's judge:
    two judges played against each other."""
    ruleset = load_ruleset(ruleset_name, trust=trust)
    game = Game(ruleset, [f"{bot} {i + 1}" for i, bot in enumerate(lineup)], seed=seed)
    bots = seat_bots(lineup, seed)
    count = len(lineup)
    if judges:
        bots = {seat: _JudgedBot(bot, fitting(ruleset.name, count, judges[seat])) if seat in judges else bot for seat, bot in bots.items()}
    clock = DecisionClock(count)
    decisions, seconds, longest = clock.decisions, clock.seconds, clock.longest
    watch = _Watch(game)
    ends = _EraEnds(game)
    ruleset.plugins.register(ends)
    moves = []
    try:
        while not game.is_over():
            seat = game.to_move
            move = clock.choose(bots[seat], game)
            before = watch.before(game)
            game.push(move)
            moves.append(move.notation())
            watch.after(game, before)
    finally:
        ruleset.plugins.unregister(ends)
    watch.finish()
    outcome = game.outcome()
    places = [0] * count
    for place, group in enumerate(outcome.ranking):
        for seat in group:
            places[seat] = place
    seats = []
    for seat, bot in enumerate(lineup):
        score = outcome.scores[seat]
        seats.append(
            SeatReport(
                bot, score["vp"], score["income_level"], score["money"], places[seat],
                loans=watch.loans[seat],
                shortfalls=sum(1 for s, *_ in watch.shortfalls if s == seat),
                developed=watch.developed[seat],
                developed_unbuilt=watch.unbuilt[seat],
                unsold=[era[seat] for era in ends.unsold],
                era_income=[era[seat] for era in ends.income],
                decisions=decisions[seat], seconds=seconds[seat], longest=longest[seat],
            )
        )
    return GameReport(ruleset.name, tuple(lineup), seed, seats, moves)


class _JudgedBot:
    """A bot that chooses by a judge of its own (a :class:`~brass.bots.judge.fitting`
    entered for each of its decisions only)."""

    def __init__(self, bot, judging):
        self.bot, self.judging = bot, judging

    def choose(self, game: Game):
        with self.judging:
            return self.bot.choose(game)


def replay_check(report: GameReport, trust: bool = False) -> None:
    """Replay a measured game from its seed and moves, with no bot; AssertionError if any
    seat's VP, income or money differs from the report's."""
    ruleset = load_ruleset(report.ruleset, trust=trust)
    game = Game(ruleset, [f"{bot} {i + 1}" for i, bot in enumerate(report.lineup)], seed=report.seed)
    for text in report.moves:
        game.play(text)
    scores = game.outcome().scores
    for seat, found in zip(report.seats, scores):
        assert (found["vp"], found["income_level"], found["money"]) == (seat.vp, seat.income, seat.money), f"seed {report.seed}: the replay differs"


# ------------------------------------------------------------------ the groups
def rotations(lineup: tuple) -> list:
    return [tuple(lineup[i:] + lineup[:i]) for i in range(len(lineup))]


def group_lineups(lineup: tuple) -> list:
    """The lineups of one seed group: every rotation of the seats, each once (a
    lineup of one bot alone is one game)."""
    found = []
    for spun in rotations(tuple(lineup)):
        if spun not in found:
            found.append(spun)
    return found


def play_groups(ruleset: str, lineup: tuple, seeds: list, trust: bool = False, on_game=None) -> list:
    """Every seed's group of games (a list of GameReport per seed)."""
    groups = []
    for seed in seeds:
        games = []
        for spun in group_lineups(lineup):
            report = play_measured(ruleset, spun, seed, trust)
            games.append(report)
            if on_game is not None:
                on_game(report)
        groups.append(games)
    return groups


# ------------------------------------------------------------------ statistics
def bootstrap(values: list, draws: int = 4000, seed: int = 0) -> tuple[float, float, float]:
    """(mean, low, high): the mean of per-group values and its 95% percentile bootstrap
    interval (groups drawn with replacement, ``draws`` times, from a seeded stream)."""
    if not values:
        return float("nan"), float("nan"), float("nan")
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(draws))
    return sum(values) / n, means[int(0.025 * draws)], means[min(draws - 1, int(0.975 * draws))]


def pair_share(report: GameReport, bot: str, other: str) -> Optional[float]:
    """The share of (``bot`` seat, ``other`` seat) pairs of a game that ``bot`` won (placed
    higher; a tie counts half), or None if the game has no such pair."""
    won = pairs = 0.0
    for a in report.seats:
        if a.bot != bot:
            continue
        for b in report.seats:
            if b.bot != other:
                continue
            pairs += 1
            won += 1.0 if a.place < b.place else 0.5 if a.place == b.place else 0.0
    return won / pairs if pairs else None


def group_mean(groups: list, value) -> list:
    """Per group: the mean of ``value(report, seat)`` over its seats (None values skipped)."""
    found = []
    for games in groups:
        values = [value(report, seat) for report in games for seat in report.seats]
        values = [v for v in values if v is not None]
        if values:
            found.append(sum(values) / len(values))
    return found


def seats_of(groups: list, bot: str) -> list:
    return [seat for games in groups for report in games for seat in report.seats if seat.bot == bot]


def diagnostics(groups: list, bot: str) -> dict:
    """The diagnostics of a bot's seats: medians and counts over every seat it held."""
    seats = seats_of(groups, bot)
    if not seats:
        return {}
    eras = max(len(s.unsold) for s in seats)
    found = {
        "seats": len(seats),
        "median VP": statistics.median(s.vp for s in seats),
        "seats at 0 VP or less": sum(1 for s in seats if s.vp <= 0),
        "loans a seat": round(statistics.fmean(s.loans for s in seats), 2),
        "seats with a shortfall": sum(1 for s in seats if s.shortfalls),
        "shortfalls": sum(s.shortfalls for s in seats),
        "tiles developed a seat": round(statistics.fmean(s.developed for s in seats), 2),
        "developed, never built after": round(statistics.fmean(s.developed_unbuilt for s in seats), 2),
        "median final income": statistics.median(s.income for s in seats),
        "s/decision": round(sum(s.seconds for s in seats) / max(1, sum(s.decisions for s in seats)), 3),
        "max s": round(max(s.longest for s in seats), 2),
    }
    for era in range(eras):
        found[f"unflipped at era {era + 1} end, a seat"] = round(statistics.fmean(s.unsold[era] for s in seats if len(s.unsold) > era), 2)
        found[f"median income at era {era + 1} end"] = statistics.median(s.era_income[era] for s in seats if len(s.era_income) > era)
    return found

"""Bots against bots: round-robin matches with the seats rotated, and how strong each is.

A *lineup* is the bot in each seat. Every lineup is played from every rotation of
its seats with the same seeds, so no bot gains from sitting first. Results are
win rates with 95% Wilson intervals (a shared win counts as a share), and a
Bradley-Terry rating on the Elo scale from every pair of seats held by
different bots in a game (the better placed wins the pair).
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Optional

from ..game import Game
from ..ruleset import load_ruleset
from .seating import seat_bots


@dataclass
class GameResult:
    lineup: tuple  # the bot in each seat
    seed: int
    places: list  # per seat: 0 for the winners, 1 for the next...
    winners: list
    scores: list  # per seat: vp, income_level, money
    decisions: list  # per seat: moves chosen
    seconds: list  # per seat: processor time spent choosing (its own process's, so others' load barely moves it)
    longest: list = field(default_factory=list)  # per seat: the longest one decision took


class DecisionClock:
    """Processor time each seat's bot spends choosing: decisions, seconds and the longest
    one, per seat (its own process's time, so others' load barely moves it)."""

    def __init__(self, seats: int):
        self.decisions, self.seconds, self.longest = [0] * seats, [0.0] * seats, [0.0] * seats

    def choose(self, bot, game):
        """The bot's move for the seat to move, timed."""
        seat = game.to_move
        started = time.process_time()
        move = bot.choose(game)
        took = time.process_time() - started
        self.seconds[seat] += took
        self.longest[seat] = max(self.longest[seat], took)
        self.decisions[seat] += 1
        return move


def play_game(ruleset_name: str, lineup: tuple, seed: int, trust: bool = False) -> GameResult:
    """One game of bots, seeded: the same arguments, the same game."""
    ruleset = load_ruleset(ruleset_name, trust=trust)
    game = Game(ruleset, [f"{bot} {i + 1}" for i, bot in enumerate(lineup)], seed=seed)
    bots = seat_bots(lineup, seed)
    clock = DecisionClock(len(lineup))
    decisions, seconds, longest = clock.decisions, clock.seconds, clock.longest
    while not game.is_over():
        game.push(clock.choose(bots[game.to_move], game))
    outcome = game.outcome()
    places = [0] * len(lineup)
    for place, group in enumerate(outcome.ranking):
        for seat in group:
            places[seat] = place
    return GameResult(tuple(lineup), seed, places, list(outcome.winners), outcome.scores, decisions, seconds, longest)


def _play(task) -> GameResult:
    try:
        return play_game(*task)
    except Exception:  # a worker's error must reach the parent whole (not every error pickles)
        import traceback

        raise RuntimeError(f"game {task[1]} seed {task[2]} failed:\n{traceback.format_exc()}") from None


def lineups(bots: list, players: int) -> list:
    """The round robin: for each pair of bots, one against the other in every other
    seat, and the other way round (for two players, each pair once per order)."""
    result = []
    for first, second in itertools.combinations(bots, 2):
        result.append((first,) + (second,) * (players - 1))
        if players > 2:
            result.append((second,) + (first,) * (players - 1))
    return result


def rotations(lineup: tuple) -> list:
    return [lineup[i:] + lineup[:i] for i in range(len(lineup))]


def tasks(ruleset: str, matches: list, games: int, seed: int, trust: bool = False) -> list:
    """(ruleset, seats, seed, trust) for each game: ``games`` per lineup, seats rotated
    (every rotation of one seed in turn, so a lineup's games share their deals)."""
    found = []
    for lineup in matches:
        spins = rotations(tuple(lineup))
        for number in range(games):
            spin = spins[number % len(spins)]
            found.append((ruleset, spin, seed + number // len(spins), trust))
    return found


def run(ruleset: str, matches: list, games: int, seed: int = 1, processes: int = 1, trust: bool = False, on_result=None) -> list:
    """Play every game (in ``processes`` worker processes if more than one)."""
    work = tasks(ruleset, matches, games, seed, trust)
    results = []
    if processes > 1:
        import multiprocessing

        with multiprocessing.Pool(processes) as pool:
            for result in pool.imap(_play, work):
                results.append(result)
                if on_result:
                    on_result(result)
    else:
        for task in work:
            result = _play(task)
            results.append(result)
            if on_result:
                on_result(result)
    return results


# ------------------------------------------------------------------ statistics
def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@dataclass
class Match:
    lineup: tuple  # canonical: the lineup as asked, before rotation
    games: int = 0
    wins: dict = field(default_factory=dict)  # bot -> games won (shares)


def summarize(results: list, matches: list) -> list[Match]:
    by_key = {tuple(sorted(m)): Match(tuple(m)) for m in matches}
    for result in results:
        match = by_key[tuple(sorted(result.lineup))]
        match.games += 1
        for seat in result.winners:
            bot = result.lineup[seat]
            match.wins[bot] = match.wins.get(bot, 0.0) + 1 / len(result.winners)
    return list(by_key.values())


def bradley_terry(results: list, iterations: int = 200) -> dict:
    """Ratings on the Elo scale (mean 0) from every pair of seats of different bots."""
    wins: dict = {}
    names = sorted({bot for r in results for bot in r.lineup})
    for result in results:
        for a, b in itertools.combinations(range(len(result.lineup)), 2):
            x, y = result.lineup[a], result.lineup[b]
            if x == y:
                continue
            score = 1.0 if result.places[a] < result.places[b] else 0.0 if result.places[a] > result.places[b] else 0.5
            wins[(x, y)] = wins.get((x, y), 0.0) + score
            wins[(y, x)] = wins.get((y, x), 0.0) + 1 - score
    strength = {name: 1.0 for name in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            won = sum(wins.get((i, j), 0.0) for j in names if j != i) + 0.5  # a half win and loss against a virtual equal: no infinities
            played = sum((wins.get((i, j), 0.0) + wins.get((j, i), 0.0)) / (strength[i] + strength[j]) for j in names if j != i) + 1.0 / (strength[i] + 1.0)
            new[i] = won / played
        mean = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        strength = {k: v / mean for k, v in new.items()}
    return {name: 400 * math.log10(value) for name, value in strength.items()}


def report(results: list, matches: list) -> str:
    """The table ``brass arena`` prints."""
    lines = []
    for match in summarize(results, matches):
        if not match.games:
            continue
        seats = " vs ".join(_seats(match.lineup))
        lines.append(f"{seats}: {match.games} games")
        for bot in dict.fromkeys(match.lineup):
            won = match.wins.get(bot, 0.0)
            low, high = wilson(won, match.games)
            lines.append(f"  {bot:<12} wins {won:g}/{match.games} = {won / match.games:6.1%}  (95% CI {low:.1%} - {high:.1%})")
    lines.append("")
    lines.append(f"{'bot':<12} {'rating':>7} {'games':>6} {'median VP':>10} {'median income':>14} {'s/decision':>11} {'max s':>6}")
    ratings = bradley_terry(results)
    for bot in sorted(ratings, key=lambda b: -ratings[b]):
        seats = [(r, s) for r in results for s, name in enumerate(r.lineup) if name == bot]
        vp = statistics.median(r.scores[s]["vp"] for r, s in seats)
        income = statistics.median(r.scores[s]["income_level"] for r, s in seats)
        decisions = sum(r.decisions[s] for r, s in seats)
        seconds = sum(r.seconds[s] for r, s in seats)
        longest = max((r.longest[s] for r, s in seats if r.longest), default=0.0)
        games = len({id(r) for r, _ in seats})
        lines.append(f"{bot:<12} {ratings[bot]:>7.0f} {games:>6} {vp:>10g} {income:>14g} {seconds / max(1, decisions):>11.3f} {longest:>6.2f}")
    lines.append("rating: Bradley-Terry on the Elo scale (mean 0), from every pair of seats of different bots")
    lines.append("s/decision, max s: processor seconds per decision (the bot's own process), mean and longest")
    return "\n".join(lines)


def _seats(lineup: tuple) -> list:
    grouped = []
    for bot, run_ in itertools.groupby(lineup):
        count = len(list(run_))
        grouped.append(f"{count} x {bot}" if count > 1 else bot)
    return grouped


def parse_lineup(text: str, players: Optional[int]) -> tuple:
    seats = tuple(part.strip() for part in text.split(",") if part.strip())
    if players is not None and len(seats) != players:
        raise ValueError(f"the lineup {text!r} has {len(seats)} seats, not {players}")
    return seats

"""Fitting the judge to self-play: ``brass train-judge``.

The judge learns what a position is worth from how games went on from it. Bots
play whole games against themselves; after every move the position's features
are noted for every player (:mod:`brass.bots.features`), and at the end each
note is paired with the points that player went on to gain. A least-squares fit
(ridge, numpy) finds the weights, per era and per knot of the era
(:mod:`brass.bots.judge`), that best predict those gains.

The fit is then played: the bots judge by it and play new games, to which the
next fit is made (*rounds*), so the judge comes to value positions as the bots
that use it play them out. Every game is seeded (``seed`` and the game's number:
the same command gives the same judge anywhere, see :func:`game_seeds`), and
its last games are kept out of the fit to say how well it predicts
(``quality``).

Training seeds are from :data:`SEED_BASE` up; the strength figures
(``benchmarks/BOTS.md``) are measured on seeds below it, so no game a judge was
fitted to is ever used to measure it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..game import Game
from ..ruleset import load_ruleset
from ..version import __version__
from .features import NAMES, PRIOR, SIZE, features, phase
from .judge import KNOTS, Fit, JudgeFile, fitting, ruleset_digest
from .seating import seat_bots

SEED_BASE = 1_000_000  # training games are seeded from here up; measurement stays below
RIDGES = (0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 100.0)  # the shrinkages tried: the one that best predicts held-out games is kept
RIDGE = 0.03
HELD_OUT = 0.2  # the share of a round's games kept out of its fit, to judge the fit by


def game_seeds(seed: int, round_: int, games: int) -> list:
    """The seeds of one round's games: distinct for every seed, round and game."""
    start = SEED_BASE + seed * 100_000 + round_ * 10_000
    return [start + number for number in range(games)]


@dataclass
class Sample:
    """One position of a game: its era, the share of the era left, each player's
    features and points then, and (once the game is over) each player's final points."""

    era: int
    left: float
    rows: list
    vp: list
    final: list = field(default_factory=list)


def self_play(ruleset, players: int, seed: int, bot: str = "planner") -> list:
    """One seeded game of ``bot`` against itself, and its positions (Samples)."""
    game = Game(ruleset, players, seed=seed)
    bots = seat_bots([bot] * players, seed)
    measure = features(game)
    samples = []
    while not game.is_over():
        era, left = phase(game)
        samples.append(Sample(era, left, measure.rows(game), [p.vp for p in game.state.players]))
        game.push(bots[game.to_move].choose(game))
    final = [p.vp for p in game.state.players]
    for sample in samples:
        sample.final = final
    return samples


def _basis(left: float) -> list:
    """Each knot's share of a point of the era (two neighbouring knots share it)."""
    step = 1.0 / (len(KNOTS) - 1)
    at = min(int(left / step), len(KNOTS) - 2)
    share = (left - KNOTS[at]) / step
    found = [0.0] * len(KNOTS)
    found[at] = 1 - share
    found[at + 1] = share
    return found


def fit(samples: list, eras: list, players: int, ridge: float = RIDGE) -> Fit:
    """The weights, per era and knot, that best predict the points each player goes on
    to gain: least squares, each weight held towards the written heuristic's
    (:data:`~brass.bots.features.PRIOR`) by ``ridge`` (a share of its column's own
    scale, times the positions): with few games the fit stays near the heuristic."""
    import numpy as np

    weights = {}
    for number, era in enumerate(eras):
        mine = [s for s in samples if s.era == number]
        if not mine:
            weights[era] = [list(PRIOR) for _ in KNOTS]
            continue
        x, y = _design(mine)
        weights[era] = _solve(x, y, ridge).reshape(len(KNOTS), SIZE).tolist()
    return Fit(players, weights)


def _solve(x, y, ridge: float):
    """Ridge regression towards the prior: (X'X + D) w = X'y + D p, D the ridge times
    each feature's mean square times the rows a knot (the bias columns held by nothing)."""
    import numpy as np

    prior = np.tile(np.asarray(PRIOR, dtype=float), len(KNOTS))
    # Each feature's own scale (its mean square over the knots together), the same at
    # every knot: a knot few positions fall near is held as firmly as the others.
    feature = np.square(x).reshape(len(y), len(KNOTS), SIZE).sum(axis=1).mean(axis=0)
    scale = np.tile(feature, len(KNOTS)) * len(y) / len(KNOTS)
    scale[[k * SIZE for k in range(len(KNOTS))]] = 0.0  # the bias: free
    penalty = np.diag(ridge * scale + 1e-6)
    return np.linalg.solve(x.T @ x + penalty, x.T @ y + penalty @ prior)


def _design(samples: list):
    """The least-squares problem: a row per player and position (its features, spread
    over the knots), the points it went on to gain."""
    import numpy as np

    rows = np.asarray([row for sample in samples for row in sample.rows], dtype=float)
    basis = np.asarray([_basis(sample.left) for sample in samples for _ in sample.rows], dtype=float)
    gains = np.asarray([final - vp for sample in samples for final, vp in zip(sample.final, sample.vp)], dtype=float)
    x = (basis[:, :, None] * rows[:, None, :]).reshape(len(rows), len(KNOTS) * SIZE)
    return x, gains


def quality(found: Fit, samples: list, eras: list) -> dict:
    """How well a fit predicts games it was not fitted to: the root mean square error of
    the points each player still gains, against that of the written heuristic (its
    weights, with the mean gain at each knot fitted) and that of the mean gain alone."""
    import numpy as np

    if not samples:
        return {}
    errors = {"rmse": [], "rmse_of_the_heuristic": [], "rmse_of_the_mean": []}
    prior = np.tile(np.asarray(PRIOR, dtype=float), len(KNOTS))
    biases = [k * SIZE for k in range(len(KNOTS))]
    for number, era in enumerate(eras):
        mine = [s for s in samples if s.era == number]
        if not mine:
            continue
        x, y = _design(mine)
        w = np.asarray(found.weights[era], dtype=float).reshape(-1)
        errors["rmse"].extend((x @ w - y).tolist())
        rest = y - x @ prior  # the heuristic's guess, its mean gain at each knot fitted
        coef, *_ = np.linalg.lstsq(x[:, biases], rest, rcond=None)
        errors["rmse_of_the_heuristic"].extend((x[:, biases] @ coef - rest).tolist())
        coef, *_ = np.linalg.lstsq(x[:, biases], y, rcond=None)
        errors["rmse_of_the_mean"].extend((x[:, biases] @ coef - y).tolist())
    found = {"positions": len(errors["rmse"])}
    for key, values in errors.items():
        found[key] = round(float(np.sqrt(np.mean(np.square(values)))), 2)
    return found


def choose_ridge(train: list, held: list, eras: list, players: int) -> float:
    """The shrinkage, of :data:`RIDGES`, to fit ``train`` with: the largest whose fit
    predicts ``held`` within 1% of the best (few games kept out can favour a loose fit
    by chance; a firmer one is the safer bet)."""
    errors = [(quality(fit(train, eras, players, ridge), held, eras).get("rmse", 0.0), ridge) for ridge in RIDGES]
    best = min(error for error, _ in errors)
    return max(ridge for error, ridge in errors if error <= best * 1.01)


@dataclass
class Round:
    """One round of training: the judge its games were played by (None: the written
    heuristic), the VP a seat they scored, and the fit made to them."""

    played_by: Optional[Fit]
    vp_a_seat: float
    fitted: Fit


@dataclass
class Training:
    """What ``brass train-judge`` does for one player count: rounds of self-play and fits.

    Round 0 plays by the written heuristic; each later round plays by the fit the
    round before made. Every fit is thus played before it is chosen: the judge
    kept is the one whose games scored the most VP a seat (self-play, so the VP
    are what the bots make of the game, not what they take from each other). If
    no fit played better than the written heuristic, the heuristic's own weights
    are kept (with the fitted mean gains: the same decisions)."""

    ruleset: str
    players: int
    games: int = 100
    rounds: int = 2
    seed: int = 1
    bot: str = "planner"
    trust: bool = False
    say: Callable[[str], None] = print
    on_round: Optional[Callable[[int, Fit], None]] = None  # each round's fit, as it is made

    def run(self) -> Fit:
        """``rounds`` fits, each played: ``rounds + 1`` rounds of ``games`` games. A fit is
        made to the round's games and the round's before; its shrinkage is chosen, and
        its quality measured, on the round's last games, kept out."""
        ruleset = load_ruleset(self.ruleset, trust=self.trust)
        eras = [era.id for era in ruleset.board.eras]
        current: Optional[Fit] = None
        earlier: list = []
        done: list = []
        positions = 0
        for number in range(self.rounds + 1):
            train, held, score = self._play(ruleset, number, current)
            positions += len(train) + len(held)
            ridge = choose_ridge(earlier + train, held, eras, self.players)
            measured = quality(fit(earlier + train, eras, self.players, ridge), held, eras)
            made = fit(earlier + train + held, eras, self.players, ridge)
            made.quality = {**measured, "ridge": ridge}
            done.append(Round(current, score, made))
            self.say(f"round {number}: {self.games} games played by {'fit ' + str(number - 1) if current else 'the written heuristic'}: "
                     f"{score:.1f} VP a seat; fit {number} made to {len(earlier) + len(train) + len(held)} positions, ridge {ridge}; "
                     f"on games kept out: {measured}")
            earlier = train + held
            current = made
            if self.on_round is not None:
                self.on_round(number, made)
        chosen = self.choose(done, eras)
        chosen.trained = {
            "command": self.command(),
            "bot": self.bot,
            "seed": self.seed,
            "games_per_round": self.games,
            "rounds": self.rounds,
            "positions": positions,
            "seeds": f"{game_seeds(self.seed, 0, 1)[0]} and up",
            "vp_a_seat_by_round": [round(r.vp_a_seat, 1) for r in done],
        }
        return chosen

    def _play(self, ruleset, number: int, current: Optional[Fit]) -> tuple:
        """One round's games, played by ``current``: (positions fitted to, positions kept
        out, VP a seat)."""
        started = time.process_time()
        seeds = game_seeds(self.seed, number, self.games)
        kept = max(1, int(len(seeds) * HELD_OUT))
        train, held, scores = [], [], []
        with fitting(ruleset.name, self.players, current):
            for count, seed in enumerate(seeds, 1):
                played = self_play(ruleset, self.players, seed, self.bot)
                (held if count > len(seeds) - kept else train).extend(played)
                scores.append(sum(played[-1].final) / self.players)
                if count % 10 == 0 or count == len(seeds):
                    self.say(f"  round {number}: {count}/{len(seeds)} games, {sum(scores) / len(scores):.1f} VP a seat so far, {time.process_time() - started:.0f} s")
        return train, held, sum(scores) / len(scores)

    def choose(self, done: list, eras: list) -> Fit:
        """The fit whose games scored the most VP a seat; the heuristic's weights (and the
        last fit's mean gains) if none beat the heuristic's own games."""
        heuristic_score = done[0].vp_a_seat
        played = [(r.vp_a_seat, number) for number, r in enumerate(done) if r.played_by is not None]
        best = max(played, default=None)
        if best is not None and best[0] > heuristic_score:
            chosen = done[best[1]].played_by
            self.say(f"kept fit {best[1] - 1}: its games scored {best[0]:.1f} VP a seat, the written heuristic's {heuristic_score:.1f}")
            return Fit(chosen.players, chosen.weights, {}, {**chosen.quality, "vp_a_seat": round(best[0], 1), "vp_a_seat_by_the_heuristic": round(heuristic_score, 1)})
        last = done[-1].fitted
        weights = {era: [[row[0]] + list(PRIOR[1:]) for row in rows] for era, rows in last.weights.items()}
        self.say(f"kept the written heuristic's weights: no fit played better than its {heuristic_score:.1f} VP a seat")
        return Fit(last.players, weights, {}, {"vp_a_seat_by_the_heuristic": round(heuristic_score, 1)})

    def command(self) -> str:
        return f"brass train-judge {self.ruleset} --players {self.players} --games {self.games} --rounds {self.rounds} --seed {self.seed} --bot {self.bot}"


def judge_file(ruleset, fits: dict, previous: Optional[JudgeFile] = None) -> JudgeFile:
    """The judge file for a ruleset: the new fits, and those of other player counts kept
    from the previous file if it is still fresh (a stale one's are dropped)."""
    kept = {}
    if previous is not None and previous.stale(ruleset) is None:
        kept = dict(previous.fits)
    kept.update(fits)
    return JudgeFile(ruleset.name, ruleset_digest(ruleset), __version__, NAMES, kept)

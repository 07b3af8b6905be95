"""Fitting the judge to self-play: ``brass train-judge``.

The judge learns what a position is worth from how games went on from it. Bots
play whole games against themselves; after every move the position's features
are noted for every player (:mod:`brass.bots.features`), and at the end each
note is paired with the points that player went on to gain. A least-squares fit
(ridge regression with numpy, each weight held towards the written heuristic's)
finds the weights, per era and per knot of the era (:mod:`brass.bots.judge`),
that best predict those gains.

A fit is then *played* before it is used: each round, the judge in play and
judges part and all of the way to the new fit play the same seeded games, and
the one whose games scored the most VP a seat is kept (:class:`Training`). Every
game is seeded (``seed``, the round and the game's number: the same command
gives the same judge anywhere, see :func:`game_seeds`).

Training seeds are from :data:`SEED_BASE` up; the strength figures
(``benchmarks/BOTS.md``) are measured on seeds below it, so no game a judge was
fitted to, or chosen by, is ever used to measure it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..game import Game
from ..ruleset import load_ruleset
from ..version import __version__
from .features import NAMES, PRIOR, SIGNS, SIZE, features, phase
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


def numpy_for_fitting():
    """numpy, which fitting needs (the ``train`` extra); a judge in play does not."""
    try:
        import numpy
    except ImportError:
        raise ImportError("fitting a judge needs numpy, which the core install leaves out: pip install 'brass-rules[train]'") from None
    return numpy


def fit(samples: list, eras: list, players: int, ridge: float = RIDGE) -> Fit:
    """The weights, per era and knot, that best predict the points each player goes on
    to gain: least squares, each weight held towards the written heuristic's
    (:data:`~brass.bots.features.PRIOR`) by ``ridge`` (a share of its column's own
    scale, times the positions): with few games the fit stays near the heuristic."""
    np = numpy_for_fitting()

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
    each feature's mean square times the rows a knot (the bias columns held by nothing),
    the weights of :data:`~brass.bots.features.SIGNS` held to their sign: one that
    comes out on the wrong side is fixed at 0 and the rest solved again (least
    squares with the others free), until none is."""
    np = numpy_for_fitting()

    prior = np.tile(np.asarray(PRIOR, dtype=float), len(KNOTS))
    # Each feature's own scale (its mean square over the knots together), the same at
    # every knot: a knot few positions fall near is held as firmly as the others.
    feature = np.square(x).reshape(len(y), len(KNOTS), SIZE).sum(axis=1).mean(axis=0)
    scale = np.tile(feature, len(KNOTS)) * len(y) / len(KNOTS)
    scale[[k * SIZE for k in range(len(KNOTS))]] = 0.0  # the bias: free
    penalty = np.diag(ridge * scale + 1e-6)
    left, right = x.T @ x + penalty, x.T @ y + penalty @ prior
    signs = np.tile(np.asarray([SIGNS.get(name, 0) for name in NAMES], dtype=float), len(KNOTS))
    free = np.ones(len(right), dtype=bool)
    while True:
        weights = np.zeros(len(right))
        weights[free] = np.linalg.solve(left[np.ix_(free, free)], right[free])
        wrong = signs * weights < 0
        if not wrong.any():
            return weights
        free &= ~wrong


def _design(samples: list):
    """The least-squares problem: a row per player and position (its features, spread
    over the knots), the points it went on to gain."""
    np = numpy_for_fitting()

    rows = np.asarray([row for sample in samples for row in sample.rows], dtype=float)
    basis = np.asarray([_basis(sample.left) for sample in samples for _ in sample.rows], dtype=float)
    gains = np.asarray([final - vp for sample in samples for final, vp in zip(sample.final, sample.vp)], dtype=float)
    x = (basis[:, :, None] * rows[:, None, :]).reshape(len(rows), len(KNOTS) * SIZE)
    return x, gains


def quality(found: Fit, samples: list, eras: list) -> dict:
    """How well a fit predicts games it was not fitted to: the root mean square error of
    the points each player still gains, against that of the written heuristic (its
    weights, with the mean gain at each knot fitted) and that of the mean gain alone."""
    np = numpy_for_fitting()

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


STEPS = (0.5, 1.0)  # how far towards a new fit the candidates go from the judge in play


def blend(base: Optional[Fit], toward: Fit, step: float) -> Fit:
    """The judge ``step`` of the way from ``base`` (None: the written heuristic, its
    weights with the fit's mean gains) to ``toward``."""
    weights = {}
    for era, rows in toward.weights.items():
        if base is None:
            start = [[row[0]] + list(PRIOR[1:]) for row in rows]
        else:
            start = base.weights[era]
        weights[era] = [[a + step * (b - a) for a, b in zip(low, high)] for low, high in zip(start, rows)]
    return Fit(toward.players, weights)


@dataclass
class Candidate:
    """A judge tried in a round: its name, its weights (None: the written heuristic)
    and the VP a seat its games scored, game by game (the round's seeds, in order)."""

    name: str
    fit: Optional[Fit]
    scores: list = field(default_factory=list)

    @property
    def vp_a_seat(self) -> float:
        return sum(self.scores) / len(self.scores)


@dataclass
class Training:
    """What ``brass train-judge`` does for one player count: rounds of play, fit and choice.

    Round 0: the written heuristic (or ``start``, a judge fitted before) plays ``games``
    self-play games, and a fit is made to them (towards the heuristic: with few games it stays near it). Each later
    round plays, on the round's own seeds, the judge in play and the judges part and
    all of the way to the last fit (:data:`STEPS`); the one whose games scored the
    most VP a seat is kept (self-play, so the VP are what the bots make of the game,
    not what they take from each other), and a new fit is made to every game of
    the round. A fit is never kept for predicting well, only for playing well: what
    predicts the points to come best is not always what chooses moves best (a
    judge that counts the coal mines' points by how often they flip will build too
    many of them)."""

    ruleset: str
    players: int
    games: int = 40
    rounds: int = 2
    seed: int = 1
    bot: str = "planner"
    trust: bool = False
    say: Callable[[str], None] = print
    start: Optional[Fit] = None  # the judge to start from (a fit made before), else the written heuristic

    def run(self) -> Fit:
        ruleset = load_ruleset(self.ruleset, trust=self.trust)
        eras = [era.id for era in ruleset.board.eras]
        kept = Candidate("the written heuristic", None) if self.start is None else Candidate("the judge started from", self.start)
        history = []
        positions = 0
        samples = self._round(ruleset, 0, [kept])
        positions += len(samples)
        made = self._fit(samples, [], eras)
        history.append({"round": 0, kept.name: round(kept.vp_a_seat, 1)})
        earlier = samples
        for number in range(1, self.rounds + 1):
            tried = [Candidate(kept.name, kept.fit)]
            tried += [Candidate(f"fit {number - 1} at {step:g}", blend(kept.fit, made, step)) for step in STEPS]
            samples = self._round(ruleset, number, tried)
            positions += len(samples)
            best = max(tried, key=lambda c: c.vp_a_seat)  # ties: the judge in play, listed first
            history.append({"round": number, **{c.name: round(c.vp_a_seat, 1) for c in tried}})
            self.say(f"round {number}: " + "; ".join(f"{c.name} {c.vp_a_seat:.1f} VP a seat" for c in tried) + f"; kept {best.name}")
            kept = Candidate(best.name, best.fit)
            made = self._fit(samples, earlier, eras)
            earlier = samples
        chosen = kept.fit if kept.fit is not None else blend(None, made, 0.0)
        chosen.trained = {
            "command": self.command(),
            "bot": self.bot,
            "seed": self.seed,
            "games_a_judge_a_round": self.games,
            "rounds": self.rounds,
            "positions": positions,
            "seeds": f"{game_seeds(self.seed, 0, 1)[0]} and up",
            "kept": kept.name,
            "vp_a_seat": history,
        }
        if self.start is not None:
            chosen.trained["started_from"] = dict(self.start.trained)
        chosen.quality = made.quality
        return chosen

    def _round(self, ruleset, number: int, tried: list) -> list:
        """Every candidate's games on the round's seeds; their positions, all together."""
        seeds = game_seeds(self.seed, number, self.games)
        samples = []
        for candidate in tried:
            started = time.process_time()
            with fitting(ruleset.name, self.players, candidate.fit):
                for count, seed in enumerate(seeds, 1):
                    played = self_play(ruleset, self.players, seed, self.bot)
                    samples.extend(played)
                    candidate.scores.append(sum(played[-1].final) / self.players)
                    if count % 10 == 0 or count == len(seeds):
                        self.say(f"  round {number}, {candidate.name}: {count}/{len(seeds)} games, {candidate.vp_a_seat:.1f} VP a seat so far, {time.process_time() - started:.0f} s")
        return samples

    def _fit(self, samples: list, earlier: list, eras: list) -> Fit:
        """A fit to a round's positions and the round's before, its shrinkage chosen (and
        its quality measured) on the round's last games, kept out."""
        cut = int(len(samples) * (1 - HELD_OUT))
        train, held = earlier + samples[:cut], samples[cut:]
        ridge = choose_ridge(train, held, eras, self.players)
        measured = quality(fit(train, eras, self.players, ridge), held, eras)
        made = fit(earlier + samples, eras, self.players, ridge)
        made.quality = {**measured, "ridge": ridge}
        self.say(f"  fitted to {len(earlier) + len(samples)} positions, ridge {ridge}; on positions kept out: {measured}")
        return made

    def command(self) -> str:
        resume = " --resume" if self.start is not None else ""
        return f"brass train-judge {self.ruleset} --players {self.players} --games {self.games} --rounds {self.rounds} --seed {self.seed} --bot {self.bot}{resume}"


def judge_file(ruleset, fits: dict, previous: Optional[JudgeFile] = None) -> JudgeFile:
    """The judge file for a ruleset: the new fits, and those of other player counts kept
    from the previous file if it is still fresh (a stale one's are dropped)."""
    kept = {}
    if previous is not None and previous.stale(ruleset) is None:
        kept = dict(previous.fits)
    kept.update(fits)
    return JudgeFile(ruleset.name, ruleset_digest(ruleset), __version__, NAMES, kept)

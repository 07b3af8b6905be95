"""Bots that plan: a heuristic bot and a search bot, both deciding from one seat's view.

Each decision starts from :func:`~brass.bots.determinize.determinize`: a copy
of the game in which everything the seat cannot see is dealt anew by the bot's
own random stream. So a bot never reads another hand or the deck order, and the
same view with the same seed gives the same decision whatever the real deal.

A turn is usually more than one action, and nothing is drawn between them: so
both bots plan the *whole turn* (:func:`plans`). They keep the heuristic's best
first actions and the best of each kind of action (a loan or a sale that pays
only with what follows it), and judge each by the best action that can follow
it in the same turn: a loan and the build it pays for, a build and the sale it
opens, are seen together.

* :class:`HeuristicBot` takes the first action of the best plan by the
  heuristic (:class:`~brass.bots.evaluation.Heuristic`), judged against the
  others. ``choice`` > 1 makes it pick at random among its few best plans (the
  ``easy`` level).
* :class:`SearchBot` is a determinised sampling search (information-set Monte
  Carlo with the heuristic as prior, rollout policy and judge): it keeps the
  best few plans, and for each of several redeals plays each plan, then the
  other players' replies by the heuristic until its own next turn, and judges
  that position by the best action it would have then. The plan with the best
  mean wins. The budget is counted in plans, redeals and moves, never in wall
  time, so a seed gives the same game on any machine.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..errors import MoveError
from ..game import Game, Move
from .base import Bot
from .determinize import determinize
from .evaluation import heuristic

FIRST_ACTIONS = 3  # the heuristic's best first actions a plan starts from ...
SKIPPED_KINDS = ("pass",)  # ... and the best of every other kind of action but these


class Plan(NamedTuple):
    move: Move  # the action to take now
    value: float  # the heuristic's verdict after the turn's actions
    then: Optional[Move]  # the action after it in the same turn (None: the turn ends)


def _ranked(game: Game, seat: int) -> list:
    """(move, score) for every legal move, best first (ties in the rules' order)."""
    judge = heuristic(game)
    scored = game.scored_moves(lambda g: judge.relative(g, seat))
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i] for i in order]


def _best(game: Game, seat: int) -> tuple[Move, float]:
    """The seat's best move one action ahead (the seat is to move), by its own worth
    (half the cost of judging every move against the others), with its value
    against the others. Only the best is made into a Move: the cheap way through
    thousands of moves."""
    judge = heuristic(game)
    move = game.best_moves(lambda g: judge.value(g, seat))[0]
    with game.explore(move):
        return move, judge.relative(game, seat)


def _turn(game: Game) -> tuple:
    state = game.state
    return (state.era_index, state.round, state.turn_index)


def _starts(ranked: list, first: int) -> list:
    """The best ``first`` moves, then the best move of each action not yet among them."""
    kept = list(ranked[:first])
    kinds = {move.notation().split()[0] for move, _ in kept} | set(SKIPPED_KINDS)
    for move, score in ranked[first:]:
        kind = move.notation().split()[0]
        if kind not in kinds:
            kinds.add(kind)
            kept.append((move, score))
    return kept


def plans(game: Game, seat: int, first: Optional[int] = None) -> list[Plan]:
    """The seat's turn plans, best first: each start (:func:`_starts`) with the best
    action after it when the turn goes on (ties in the heuristic's order)."""
    ranked = _ranked(game, seat)
    if len(ranked) == 1:
        return [Plan(ranked[0][0], ranked[0][1], None)]
    turn = _turn(game)
    found = []
    for move, score in _starts(ranked, FIRST_ACTIONS if first is None else first):
        after = game.copy()
        after.push(after.parse(move.notation()))
        if not after.is_over() and after.to_move == seat and _turn(after) == turn:
            then, score = _best(after, seat)
            found.append(Plan(move, score, then))
        else:
            found.append(Plan(move, score, None))
    order = sorted(range(len(found)), key=lambda i: -found[i].value)
    return [found[i] for i in order]


def _heuristic_move(game: Game, rng) -> Move:
    """The heuristic's best move for whoever is to move (ties drawn by ``rng``), by
    its own worth alone (half the cost of judging it against the others)."""
    seat = game.to_move
    judge = heuristic(game)
    return rng.choice(game.best_moves(lambda g: judge.value(g, seat)))


class HeuristicBot(Bot):
    """The first action of the turn plan the heuristic likes best."""

    name = "medium"
    choice = 1  # pick among this many best plans
    starts = FIRST_ACTIONS  # the best first actions its plans start from

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        world = determinize(game, seat, self.rng)
        found = plans(world, seat, self.starts)
        if self.choice > 1:
            pick = found[self.rng.randrange(min(self.choice, len(found)))].move
        else:
            best = found[0].value
            pick = self.rng.choice([plan.move for plan in found if plan.value >= best - 1e-9])
        return _here(game, pick)


class EasyBot(HeuristicBot):
    """The heuristic's choice, often not its first: one of its three best plans."""

    name = "easy"
    choice = 3


class SearchBot(Bot):
    """Determinised sampling search over the best turn plans (see the module)."""

    name = "hard"
    starts = 3  # the best first actions its plans start from
    candidates = 3  # plans kept from the heuristic's ranking
    samples = 2  # redeals of the hidden information per decision
    horizon = 4  # at most this many moves played after a plan, on the way to the seat's next turn

    def choose(self, game: Game) -> Move:
        return self.estimates(game, 1)[0][0]

    def estimates(self, game: Game, count: int = 3) -> list[tuple[Move, float]]:
        """The bot's best ``count`` moves with the mean value it found for each
        (points ahead of the others), best first."""
        seat = game.to_move
        rng = self.rng
        root = determinize(game, seat, rng)
        found = plans(root, seat, self.starts)
        kept = found[: max(self.candidates, count)]
        if len(kept) == 1:
            return [(_here(game, kept[0].move), kept[0].value)]
        totals = [0.0] * len(kept)
        for _ in range(self.samples):
            world = determinize(game, seat, rng)
            for index, plan in enumerate(kept):
                totals[index] += self._play_out(world, plan, seat, rng)
        # Ties go to the heuristic's order (the first kept is its favourite).
        order = sorted(range(len(kept)), key=lambda i: (-totals[i], i))[:count]
        return [(_here(game, kept[i].move), totals[i] / self.samples) for i in order]

    def _play_out(self, world: Game, plan: Plan, seat: int, rng) -> float:
        """Play the plan in a copy of the world, then the heuristic for everyone until
        the seat's next turn (or the horizon); there, the best the seat can do in
        one action, by the heuristic."""
        game = world.copy()
        turn = _turn(game)
        game.push(game.parse(plan.move.notation()))
        if plan.then is not None and not game.is_over() and game.to_move == seat and _turn(game) == turn:
            # A chance inside the first action (a token turned up) may differ in this
            # redeal and forbid the planned second one: then the heuristic moves.
            try:
                game.push(game.parse(plan.then.notation()))
            except MoveError:
                pass
        for _ in range(self.horizon):
            if game.is_over():
                break
            if game.to_move == seat and _turn(game) != turn:
                break
            game.push(_heuristic_move(game, rng))
        judge = heuristic(game)
        if game.is_over() or game.to_move != seat:
            return judge.relative(game, seat)
        return _best(game, seat)[1]


def _here(game: Game, move: Move) -> Move:
    """The same move, as the real game's own (a redealt copy made it)."""
    return game.parse(move.notation())

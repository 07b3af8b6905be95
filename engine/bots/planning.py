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

* :class:`HeuristicBot` (``planner``) takes the first action of the best plan
  by the heuristic (:class:`~brass.bots.evaluation.Heuristic`), judged against
  the others.
* :class:`EasyBot` (``easy``) takes one action at a time: the heuristic's best
  single action, with no plan for the rest of the turn (so it takes a loan only
  when the loan by itself seems worth it).
* :class:`MediumBot` (``medium``) takes some decisions as ``planner`` and the
  rest as ``easy`` (its own stream draws which), so it stands between them.
  Picking at random among the best plans, the old way to weaken a level,
  weakened little: the best few plans are about as good as each other, and
  what makes the planning bots strong is the plans they see.
* :class:`SearchBot` (``hard``) is a determinised sampling search
  (information-set Monte Carlo with the heuristic as prior, rollout policy and
  judge): it keeps the best few plans that differ (two passes discarding
  different cards are one plan), and for each of several redeals plays each
  plan, then the others' replies to the end of the round, each reply the best
  turn plan of its player (as ``planner`` plays), and judges the position
  there, where every seat has had its turn. Within a redeal every plan meets
  the same random draws (common random numbers), so the plans' means differ by
  the plans, not by luck. The favourite plan is played unless another's mean beats
  it by more than the redeals' noise (:func:`brass.bots.search.preferred`).

Both keep to a :class:`Budget` of positions judged (every legal move looked at
costs one, more on a crowded board): a decision among thousands of moves (two
links built at once, say) follows fewer first actions and plays fewer redeals
out. Counted in positions, never in time, so a seed gives the same game on any
machine.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..game import Game, Move
from .base import Bot
from .determinize import determinize
from .judge import judge

FIRST_ACTIONS = 3  # the heuristic's best first actions a plan starts from ...
SKIPPED_KINDS = ("pass",)  # ... and the best of every other kind of action but these
REPLY_COST = 6  # positions a reply's turn plan is reckoned to judge, per legal move of the last turn planned


class Budget:
    """How many more positions a decision may judge: every legal move looked at
    costs one, more on a crowded board (``weight``, see :func:`crowding`).
    Counted, never timed, so a seed gives the same decision on any machine; and
    a decision among thousands of moves looks at fewer plans, and plays fewer
    out, than one among a few hundred."""

    def __init__(self, positions: Optional[int] = None, weight: float = 1.0):
        self.left = positions  # None: no limit
        self.weight = weight  # what one position judged costs
        self.moves = 0  # legal moves at the last turn planned

    def affords(self, positions: float) -> bool:
        return self.left is None or self.left >= positions * self.weight

    def since(self, before: float) -> float:
        """Positions judged since ``left`` was ``before``."""
        return (before - self.left) / self.weight

    def counted(self, score):
        """``score``, charging one position (times the weight) a call."""
        if self.left is None:
            return score
        weight = self.weight

        def charged(game):
            self.left -= weight
            return score(game)

        return charged


CROWD = 40  # pieces on the board (tiles and links) that double what judging a position costs


def crowding(game: Game) -> float:
    """What judging one position costs here, against an empty board: a position is
    judged tile by tile and link by link (and the moves that make it consume from
    more of them), so a position late in a game takes about 70 microseconds where an
    early one takes 40. Read once per decision, at its start."""
    state = game.state
    pieces = sum(1 for tile in state.slot_tiles if tile is not None) + sum(1 for link in state.line_links if link is not None)
    return 1.0 + pieces / CROWD


UNLIMITED = Budget()


class Plan(NamedTuple):
    move: Move  # the action to take now
    value: float  # the heuristic's verdict after the turn's actions
    then: Optional[Move]  # the action after it in the same turn (None: the turn ends)
    after: Optional[Game] = None  # the copy ``then`` was found in (the game after ``move``), where it goes on as it is


def _ranked(game: Game, seat: int, budget: Budget = UNLIMITED) -> list:
    """(move, score) for every legal move, best first (ties in the rules' order)."""
    measure = judge(game)
    scored = game.scored_moves(budget.counted(lambda g: measure.relative(g, seat)))
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i] for i in order]


def _best(game: Game, seat: int, budget: Budget = UNLIMITED) -> tuple[Move, float]:
    """The seat's best move one action ahead (the seat is to move), by its own worth
    (half the cost of judging every move against the others), with its value
    against the others. Only the best is made into a Move: the cheap way through
    thousands of moves."""
    measure = judge(game)
    move = game.best_moves(budget.counted(lambda g: measure.value(g, seat)))[0]
    with game.explore(move):
        return move, measure.relative(game, seat)


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


def plans(game: Game, seat: int, first: Optional[int] = None, budget: Optional[Budget] = None) -> list[Plan]:
    """The seat's turn plans, best first: each start (:func:`_starts`) with the best
    action after it when the turn goes on (ties in the heuristic's order). Starts
    are followed in the heuristic's order while the budget lasts (a follow-up is
    reckoned to cost as many positions as the last one did, the first as many as
    there are first moves); the first is always followed, the rest dropped."""
    budget = Budget() if budget is None else budget
    ranked = _ranked(game, seat, budget)
    budget.moves = len(ranked)
    if len(ranked) == 1:
        return [Plan(ranked[0][0], ranked[0][1], None)]
    turn = _turn(game)
    found = []
    cost = len(ranked)
    for move, score in _starts(ranked, FIRST_ACTIONS if first is None else first):
        if found and not budget.affords(cost):
            break
        after = game.copy()
        after.push(after.parse(move.notation()))
        if not after.is_over() and after.to_move == seat and _turn(after) == turn:
            before = budget.left
            then, score = _best(after, seat, budget)
            if before is not None:
                cost = budget.since(before)
            found.append(Plan(move, score, then, after))
        else:
            found.append(Plan(move, score, None))
    order = sorted(range(len(found)), key=lambda i: -found[i].value)
    return [found[i] for i in order]


def _kind(move: Optional[Move]) -> str:
    return move.notation().split()[0] if move is not None else ""


def _distinct(found: list, count: int) -> list:
    """The first ``count`` plans that differ in worth or in their kinds of action: two
    plans alike in both (a pass discarding this card or that one) are one plan to
    play out, so the next is played out instead."""
    kept = []
    for plan in found:
        if any(abs(plan.value - other.value) < 1e-9 and _kind(plan.move) == _kind(other.move) and _kind(plan.then) == _kind(other.then) for other in kept):
            continue
        kept.append(plan)
        if len(kept) == count:
            break
    return kept


def _heuristic_move(game: Game, rng, budget: Budget = UNLIMITED) -> Move:
    """The heuristic's best move for whoever is to move (ties drawn by ``rng``), by
    its own worth alone (half the cost of judging it against the others)."""
    seat = game.to_move
    measure = judge(game)
    return rng.choice(game.best_moves(budget.counted(lambda g: measure.value(g, seat))))


class HeuristicBot(Bot):
    """The first action of the turn plan the heuristic likes best: the planning
    heuristic at full strength (``planner``), and the plans ``hard`` searches."""

    name = "planner"
    starts = FIRST_ACTIONS  # the best first actions its plans start from
    budget = 20_000  # positions a decision may judge (see Budget): under a second of one core

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        world = determinize(game, seat, self.rng)
        found = plans(world, seat, self.starts, Budget(self.budget, crowding(game)))
        best = found[0].value
        return _here(game, self.rng.choice([plan.move for plan in found if plan.value >= best - 1e-9]))


class EasyBot(Bot):
    """One action at a time: the action the heuristic likes best, judged against
    the others, with no plan for the rest of the turn (so a loan is taken only
    when it seems worth its cost by itself)."""

    name = "easy"

    def choose(self, game: Game) -> Move:
        return _single_action(game, self.rng)


class MediumBot(HeuristicBot):
    """Between ``easy`` and ``planner``: a third of its decisions (as its own stream
    draws) are the first action of the best turn plan, the rest the heuristic's
    best single action. A plan now and then is enough to stand well above ``easy``
    (the loan with the build it pays for, now and then, is most of the difference)."""

    name = "medium"
    planning = 1 / 3  # the share of decisions taken by turn plans

    def choose(self, game: Game) -> Move:
        if self.rng.random() < self.planning:
            return super().choose(game)
        return _single_action(game, self.rng)


def _single_action(game: Game, rng) -> Move:
    """The heuristic's best action for the player to move, judged against the others
    (ties drawn by ``rng``), in a redealt copy of the game as the player sees it."""
    seat = game.to_move
    world = determinize(game, seat, rng)
    measure = judge(world)
    return _here(game, rng.choice(world.best_moves(lambda g: measure.relative(g, seat))))


def _here(game: Game, move: Move) -> Move:
    """The same move, as the real game's own (a redealt copy made it)."""
    return game.parse(move.notation())

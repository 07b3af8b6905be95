"""The searching levels: ``hard`` and ``expert``.

Both are a determinised sampling search (information-set Monte Carlo) over the
planner's turn plans (:mod:`brass.bots.planning`), judged by the ruleset's judge
(:func:`brass.bots.judge.judge`): the fitted one where the ruleset ships a fresh
one, else the written heuristic.

* The best few plans that differ are kept (two passes discarding different
  cards are one plan), and the plans that start with each kind of action the
  best ones do not.
* For each of several redeals of what the seat cannot see, each plan is played
  on: its two actions, then every other player's turn until the seat's own next
  turn, each played an action at a time by the judge's best action (as ``easy``
  plays: cheap enough for several turns), then the seat's own next turn by its
  best turn plan (as ``planner`` plays, and as the bot will play it; the budget
  allowing, else an action at a time too). The position reached is
  judged against the others. Within a redeal every plan meets the same random
  draws (common random numbers), so the plans' means differ by the plans, not
  by luck.
* A plan's worth is its mean over the redeals. The planner's favourite (the
  plan the heuristic ranks first) is played unless another plan's gain over it,
  redeal by redeal, is more than ``confidence`` standard errors (:func:`preferred`):
  two redeals cannot tell a point or two from the luck of the deal, and a plan
  picked for a lucky mean plays worse than its mean (the winner's curse). Seeing
  its own next turn is what the search adds to the plans: a build that opens a
  sale next turn, a development that lets a better tile be built, the loan that
  the next turn spends.

Both keep to a :class:`~brass.bots.planning.Budget` of positions judged, counted,
never timed, so a seed gives the same game on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Optional

from ..errors import MoveError
from ..game import Game, Move
from .base import Bot
from .determinize import determinize
from .judge import judge
from .planning import REPLY_COST, UNLIMITED, Budget, Plan, _best, _distinct, _here, _heuristic_move, _turn, crowding, plans


@dataclass
class Estimate:
    """One plan the search weighed: its first action (a move of the real game), the rest of
    the turn, its worth (the mean over redeals, in points ahead of the others), and
    the plan itself with the position it leaves (in the search's own redealt world)."""

    move: Move
    then: Optional[Move]
    worth: float
    redeals: int  # how many redeals the worth is the mean of (0: the plan's own value)
    plan: Plan
    world: Game  # the redealt world the plan was made in
    noise: float = 0.0  # the standard error of a plan's gain over the favourite (inf: one redeal, no telling)


class SearchBot(Bot):
    """Determinised sampling search over the best turn plans (see the module)."""

    name = "hard"
    starts = 3  # the best first actions its plans start from
    candidates = 3  # plans kept from the ranking
    samples = 2  # redeals of the hidden information per decision (fewer when the budget runs short)
    horizon = 24  # at most this many actions (or single choices) played after a plan
    plan_next_turn = True  # its own next turn by a turn plan, as it will play it (else its best action at a time,
    # as the others: that judged a scout or a loan by what single greedy actions made of it next turn; BOTS.md)
    plan_budget = 16_000  # positions the turn plans may judge ...
    budget = 24_000  # ... and the whole decision, playing out included (times: benchmarks/BOTS.md)
    confidence = 2.0  # standard errors a plan's gain over the favourite must exceed (0: the best mean wins)

    def choose(self, game: Game) -> Move:
        return self.search(game, 1)[0].move

    def estimates(self, game: Game, count: int = 3) -> list[tuple[Move, float]]:
        """The bot's best ``count`` moves with the worth it found for each (points ahead
        of the others), best first."""
        return [(found.move, found.worth) for found in self.search(game, count)]

    def search(self, game: Game, count: int = 3, include: Optional[Move] = None) -> list[Estimate]:
        """The bot's best ``count`` plans, best first, each with its worth. ``include``: a
        move of the game to weigh as well, beside the bot's own plans (as a review asks:
        what was this move worth?); it is in the list whatever its rank.

        A plan is played out only when the budget left affords it (reckoned at the
        costliest playing out so far); a redeal not played out for every plan is
        dropped. With none played, the plans' own order and values."""
        seat = game.to_move
        rng = self.rng
        root = determinize(game, seat, rng)
        weight = crowding(game)
        planning = Budget(self.plan_budget, weight)
        found = plans(root, seat, self.starts, planning)
        budget = Budget(self.budget - (self.plan_budget - planning.left), weight)
        budget.moves = planning.moves
        kept = _distinct(found, max(self.candidates, count))
        extra = None
        if include is not None:
            extra = _plan_of(root, seat, include, kept + found)
            if extra not in kept:
                kept.append(extra)
        if len(kept) == 1:
            plan = kept[0]
            return [Estimate(_here(game, plan.move), plan.then, plan.value, 0, plan, root)]
        rows = []  # per redeal played out: every plan's value
        others = len(game.state.players) - 1
        cost = (1 + 2 * (others + 1) + (REPLY_COST if self.plan_next_turn else 0)) * planning.moves  # a plan's playing out, reckoned before any is played
        for _ in range(self.samples):
            world = determinize(game, seat, rng)
            stream = rng.randrange(2**31)  # every plan meets the same draws (ties among replies): only the plans differ
            values = []
            for plan in kept:
                if not budget.affords(cost):
                    break  # a redeal not played out for every plan is dropped: the plans must meet the same one
                before = budget.left
                values.append(self._play_out(world, plan, seat, random.Random(stream), budget))
                if before is not None:
                    cost = max(cost, budget.since(before))
            if len(values) < len(kept):
                break
            rows.append(values)
        played = len(rows)
        if played:
            worth = [sum(row[i] for row in rows) / played for i in range(len(kept))]
            order, noise = preferred(rows, self.confidence)
        else:
            worth = [plan.value for plan in kept]
            order, noise = sorted(range(len(kept)), key=lambda i: (-worth[i], i)), 0.0
        chosen = order[:count]
        if extra is not None:
            mine = kept.index(extra)
            if mine not in chosen:
                chosen.append(mine)
        return [Estimate(_here(game, kept[i].move), kept[i].then, worth[i], played, kept[i], root, noise) for i in chosen]

    def _play_out(self, world: Game, plan: Plan, seat: int, rng, budget: Budget = UNLIMITED) -> float:
        """The plan's worth in one redeal: the position :meth:`_played_out` reaches,
        judged against the others."""
        game = self._played_out(world, plan, seat, rng, budget)
        return judge(game).relative(game, seat)

    def _played_out(self, world: Game, plan: Plan, seat: int, rng, budget: Budget = UNLIMITED) -> Game:
        """A copy of the world after the plan, the others' turns until the seat's next
        turn, and that turn. The others play the judge's best action, one action at a
        time (as ``easy`` does: cheap enough to play several turns); the seat plays its
        next turn so too, or by its best turn plan (as ``planner`` does) if the bot
        plans its next turn (``plan_next_turn``). The point reached is the
        same whatever the plan (the end of the seat's next turn), so the plans are
        judged alike. A turn plan the budget no longer affords is played an action at
        a time; the game's end ends it too."""
        game = world.copy()
        _play_turn(game, plan.move, plan.then)
        start = _turn(game)
        own = None  # the seat's next turn, once it has come
        for _ in range(self.horizon):
            if game.is_over():
                break
            now = _turn(game)
            if own is not None and now != own:
                break  # the seat's next turn is over
            if own is None and now != start and game.to_move == seat and game.state.frame.kind == "action":
                own = now
                # A turn plan is reckoned to judge as many moves as the last turn planned, several times over.
                if self.plan_next_turn and budget.affords(REPLY_COST * budget.moves):
                    turn = plans(game, seat, 1, budget)[0]
                    if turn.after is not None:
                        # Go on in the copy the second action was found in: it needs no reading
                        # back there (a Sell read back lists every Sell to find its order).
                        game = turn.after
                        game.push(turn.then)
                    else:
                        _play_turn(game, turn.move, turn.then)
                    break
            game.push(_heuristic_move(game, rng, budget))
        return game


class ExpertBot(SearchBot):
    """``hard``'s search with room to think, for reviewing games: more plans, more redeals,
    a larger budget (issue 22 allows it 10 s a decision; its measured times are in
    benchmarks/BOTS.md: the engine names no edition)."""

    name = "expert"
    starts = 4
    candidates = 5
    samples = 4
    plan_budget = 30_000
    budget = 120_000


def preferred(rows: list, confidence: float) -> tuple[list, float]:
    """The plans in the order to play them, and the standard error of a plan's gain
    over the favourite. ``rows``: one list per redeal, every plan's value in it (the
    plans met the same draws), the first plan the planner's favourite.

    A plan's gain is its mean, redeal by redeal, less the favourite's. Its standard
    error comes from the spread of those paired differences about their means, pooled
    over the plans (two redeals give one plan's spread one degree of freedom, too
    few to trust alone). The favourite is played unless a plan gains more than
    ``confidence`` standard errors; then the plan of the best mean among those that
    do. One redeal has no spread: nothing can tell its gains from luck, and the
    favourite stays. ``confidence`` 0: the best mean, whatever the spread. The rest
    follow by their means (ties in the plans' own order)."""
    count, width = len(rows), len(rows[0])
    means = [sum(row[i] for row in rows) / count for i in range(width)]
    by_mean = sorted(range(width), key=lambda i: (-means[i], i))
    if confidence <= 0 or width == 1:
        return by_mean, 0.0
    if count < 2:
        return [0] + [i for i in by_mean if i != 0], math.inf
    spread = 0.0
    for i in range(1, width):
        gain = means[i] - means[0]
        spread += sum((row[i] - row[0] - gain) ** 2 for row in rows)
    noise = math.sqrt(spread / ((width - 1) * (count - 1)) / count)
    beating = [i for i in by_mean if i != 0 and means[i] - means[0] > confidence * noise]
    first = beating[0] if beating else 0
    return [first] + [i for i in by_mean if i != first], noise


def _plan_of(world: Game, seat: int, move: Move, known: list) -> Plan:
    """A turn plan starting with ``move`` (a move of the real game): one of ``known`` if
    one starts so, else made here, with the best action after it in the same turn."""
    text = world.parse(move.notation()).notation()
    for plan in known:
        if plan.move.notation() == text:
            return plan
    after = world.copy()
    after.push(after.parse(text))
    turn = _turn(world)
    if not after.is_over() and after.to_move == seat and _turn(after) == turn:
        then, value = _best(after, seat)
        return Plan(world.parse(text), value, then, after)
    return Plan(world.parse(text), judge(after).relative(after, seat), None)


def _play_turn(game: Game, move: Move, then: Optional[Move]) -> None:
    """Push a turn plan's actions: ``then`` only if the turn goes on after ``move``. A
    chance inside the first action (a token turned up) may differ in another redeal
    and forbid the planned second one: then it is left for the caller to choose."""
    player, turn = game.to_move, _turn(game)
    game.push(game.parse(move.notation()))
    if then is not None and not game.is_over() and game.to_move == player and _turn(game) == turn:
        try:
            game.push(game.parse(then.notation()))
        except MoveError:
            pass

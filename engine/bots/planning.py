"""Bots that plan: a heuristic bot and a search bot, both deciding from one seat's view.

Each decision starts from :func:`~engine.bots.determinize.determinize`: a copy
of the game in which everything the seat cannot see is dealt anew by the bot's
own random stream. So a bot never reads another hand or the deck order, and the
same view with the same seed gives the same decision whatever the real deal.

* :class:`HeuristicBot` tries every legal move and keeps the one after which the
  heuristic (:class:`~engine.bots.evaluation.Heuristic`) says it stands best
  against the best of the others. ``choice`` > 1 makes it pick at random among
  its few best moves (the ``easy`` level).
* :class:`SearchBot` is a determinised sampling search (information-set
  Monte Carlo with the heuristic as both prior and rollout policy): it keeps the
  heuristic's best few moves, and for each of several redeals plays each of them
  out with every player moving by the heuristic until the bot's next turn, then
  judges the position reached. The move with the best mean wins. The budget is
  counted in redeals and candidate moves, never in wall time, so a seed gives
  the same game on any machine.
"""

from __future__ import annotations

from ..game import Game, Move
from .base import Bot
from .determinize import determinize
from .evaluation import heuristic


def _ranked(game: Game, seat: int) -> list:
    """(move, score) for every legal move, best first (ties in the rules' order)."""
    judge = heuristic(game)
    scored = game.scored_moves(lambda g: judge.relative(g, seat))
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i] for i in order]


def _heuristic_move(game: Game, rng) -> Move:
    """The heuristic's best move for whoever is to move (ties drawn by ``rng``), by
    its own worth alone (half the cost of judging it against the others)."""
    seat = game.to_move
    judge = heuristic(game)
    return rng.choice(game.best_moves(lambda g: judge.value(g, seat)))


class HeuristicBot(Bot):
    """The legal move after which the heuristic likes its position best (one move deep)."""

    name = "medium"
    choice = 1  # pick among this many best moves

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        world = determinize(game, seat, self.rng)
        ranked = _ranked(world, seat)
        best = ranked[0][1]
        if self.choice > 1:
            pick = ranked[self.rng.randrange(min(self.choice, len(ranked)))][0]
        else:
            pick = self.rng.choice([move for move, score in ranked if score >= best - 1e-9])
        return _here(game, pick)


class EasyBot(HeuristicBot):
    """The heuristic's choice, often not its first: one of its three best moves."""

    name = "easy"
    choice = 3


class SearchBot(Bot):
    """Determinised sampling search over the heuristic's best moves (see the module)."""

    name = "hard"
    candidates = 4  # moves kept from the heuristic's ranking
    samples = 2  # redeals of the hidden information per decision
    horizon = 4  # at most this many moves played out after each candidate

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        rng = self.rng
        root = determinize(game, seat, rng)
        ranked = _ranked(root, seat)
        if len(ranked) == 1:
            return _here(game, ranked[0][0])
        kept = ranked[: self.candidates]
        totals = [0.0] * len(kept)
        for _ in range(self.samples):
            world = determinize(game, seat, rng)
            for index, (move, _) in enumerate(kept):
                totals[index] += self._play_out(world, move, seat, rng)
        # Ties go to the heuristic's order (the first kept is its favourite).
        best = max(range(len(kept)), key=lambda i: (totals[i], -i))
        return _here(game, kept[best][0])

    def estimates(self, game: Game, count: int = 3) -> list[tuple[Move, float]]:
        """The bot's best ``count`` moves with the mean value it found for each
        (points ahead of the best other player), best first."""
        seat = game.to_move
        rng = self.rng
        root = determinize(game, seat, rng)
        kept = _ranked(root, seat)[: max(self.candidates, count)]
        totals = [0.0] * len(kept)
        for _ in range(self.samples):
            world = determinize(game, seat, rng)
            for index, (move, _) in enumerate(kept):
                totals[index] += self._play_out(world, move, seat, rng)
        order = sorted(range(len(kept)), key=lambda i: (-totals[i], i))[:count]
        return [(_here(game, kept[i][0]), totals[i] / self.samples) for i in order]

    def _play_out(self, world: Game, move: Move, seat: int, rng) -> float:
        """Play ``move`` in a copy of the world, then the heuristic for everyone until
        the seat's next turn (or the horizon); the heuristic's verdict there."""
        game = world.copy()
        game.push(game.parse(move.notation()))
        state = game.state
        start = (state.era_index, state.round, state.turn_index)
        others_moved = False
        for _ in range(self.horizon):
            if game.is_over():
                break
            mover = game.to_move
            if mover == seat and others_moved:
                break
            if mover != seat:
                others_moved = True
            game.push(_heuristic_move(game, rng))
        return heuristic(game).relative(game, seat)


def _here(game: Game, move: Move) -> Move:
    """The same move, as the real game's own (a redealt copy made it)."""
    return game.parse(move.notation())

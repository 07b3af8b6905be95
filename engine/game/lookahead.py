"""What bots and simulations ask of a game: counts, random draws, playouts, one move ahead.

A mixin of :class:`brass.game.Game`. Each call asks the game's runner
(:mod:`brass.game.runner`), which answers with the generated rules where it can
(:mod:`brass.language.codegen`) and the interpreter where it must: the answers
are the same, only the cost differs. Where the generated code answers, a path
may stand for many moves, so moves are counted and drawn without listing them.
"""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING, Optional

from ..errors import GameOverError, RuleRuntimeError
from ..language.codegen.search import nth, weight

if TYPE_CHECKING:
    from .moves import Move, Outcome


class Lookahead:
    """The part of a Game that bots and simulations use (Game inherits it)."""

    def scored_moves(self, score) -> list[tuple[Move, object]]:
        """Every legal move with ``score(game)`` computed just after it.

        The score is taken while the move's own effects are applied (before any
        card is drawn), then the state is rolled back: one pass for a bot that
        looks one move ahead, with no replaying.
        """
        return self.runner.scored_moves(self, score)

    def best_moves(self, score, tolerance: float = 1e-9) -> list[Move]:
        """The legal moves after which ``score(game)`` is highest, ties all given, in
        the order of ``scored_moves`` (which this agrees with exactly). Only those
        moves are made into Move objects: a bot that keeps the best of hundreds of
        moves pays for one or two."""
        scored = self.runner.scored_paths(self, score)
        if scored is None:
            return _best(self.scored_moves(score), tolerance)
        best = _best(scored, tolerance)  # the paths, not yet moves
        return [move for move, _ in self.runner.distinct_moves(self, ((found, None) for found in best))]

    @contextlib.contextmanager
    def explore(self, move: Move):
        """Apply a move's own effects (nothing after it: no card is drawn), then take it back.

        For bots that look ahead::

            with game.explore(move):
                value = evaluate(game, player)
        """
        with self.runner.at_frame_start(self) as frame:
            self.runner.rerun(self, tuple(frame.script) + tuple(move.tokens()))
            yield self

    def random_move(self, rng: random.Random) -> Move:
        """A legal move found by trying options in random order (fast, not uniform)."""
        if self.state.frame is None:
            raise GameOverError("the game is over")
        move = self.runner.random_move(self, rng)
        if move is not None:
            return self.runner.kept_move(self, move)
        raise RuleRuntimeError("no legal move exists although the game waits for one")

    def count_moves(self, only=None) -> int:
        """How many legal moves there are, counted without listing them where the rules allow."""
        frame = self.state.frame
        if frame is None:
            return 0
        search = self.runner.all_paths(self, only)
        if search is not None:
            return sum(weight(path) for path, _, _ in self.runner.one_path_per_effect(self, frame, search.found))
        return len(self.runner.moves(self, only))

    def uniform_random_move(self, rng: random.Random) -> Move:
        """A legal move drawn uniformly from all of them (without listing them where the rules allow)."""
        frame = self.state.frame
        if frame is None:
            raise GameOverError("the game is over")
        search = self.runner.all_paths(self)
        if search is not None and search.found:
            path, action = _draw(self.runner.one_path_per_effect(self, frame, search.found), rng, with_action=True)
            return self.runner.move(self, frame, action, path[len(frame.script):])
        moves = self.runner.moves(self)
        if not moves:
            raise RuleRuntimeError("no legal move exists although the game waits for one")
        return rng.choice(moves)

    def era_ended_now(self):
        """A copy of the game with the era ended at once: the rules' ``end_of_era``
        run on it, the decision now awaited left aside. For previews ("what would
        the era's scoring give now?"); the copy is not a position the game can reach.
        Raises what the rules raise."""
        trial = self.copy()
        trial.state.frame = None
        trial._start_procedure("end_of_era", None, "after_era")
        return trial

    def playout(self, rng: random.Random, moves: Optional[int] = None, uniform: bool = True) -> Optional[Outcome]:
        """Play random moves to the end of the game (or ``moves`` of them), fast.

        For bots that search by playing games out: no Move object, no notation
        and no history are made (the ``brass_after_move`` hook gets ``move=None``).
        The moves played are not recorded and cannot be undone, so play out a
        ``copy()``. Returns the outcome if the game ended.

        ``uniform=True``: each move is drawn uniformly from all the legal moves.
        ``uniform=False``: about three times faster, and not uniform: an action
        and then each decision are tried in random order until a move is found
        (what the quick bot does), a choice taken last drawn among its valid options."""
        played = 0
        runner = self.runner
        while self.state.frame is not None and (moves is None or played < moves):
            frame = self.state.frame
            path = None
            if uniform:
                search = runner.all_paths(self)
            else:
                search = runner.random_path(self, rng, sample=True)
            if search is not None and search.found:
                if uniform:
                    path = _draw(runner.one_path_per_effect(self, frame, search.found), rng)
                else:
                    path = search.found[0][0]
                    path = nth(path, rng.randrange(weight(path)))
            if path is None:  # the interpreter's way
                move = self.uniform_random_move(rng) if uniform else self.random_move(rng)
                tokens = move.tokens()
            else:
                tokens = [(entry[0], entry[2], entry[1]) for entry in path[len(frame.script):]]
            self._apply(tokens, frame.waiting, None)
            self._undo_floor = len(self.history)
            played += 1
        return self.outcome()


def _best(scored, tolerance: float) -> list:
    """The moves of (move, value) pairs whose value is the highest, within tolerance."""
    best, best_value = [], None
    for move, value in scored:
        if best_value is None or value > best_value + tolerance:
            best, best_value = [move], value
        elif abs(value - best_value) <= tolerance:
            best.append(move)
    return best


def _draw(found: list, rng: random.Random, with_action: bool = False):
    """A full path drawn uniformly from the moves that paths found by generated code stand for."""
    weights = [weight(path) for path, _, _ in found]
    number = rng.randrange(sum(weights))
    for (path, _, action), count in zip(found, weights):
        if number < count:
            full = nth(path, number)
            return (full, action) if with_action else full
        number -= count
    raise AssertionError("drawn past the end")  # pragma: no cover

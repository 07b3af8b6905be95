"""Running the rules' frames: the one room that knows both rule engines.

A *frame* is rule code that waits for decisions: an action, or a procedure that
asks (:class:`~brass.game.moves.FrameState`). The game asks the rules a few
questions of a frame, written down once in :class:`RuleEngine`: the first way it
completes, every way (of one action; with a score at each), the way some given
decisions take, and the value of a definition. Two engines answer them:

* :class:`Generated`, the rules as Python (:mod:`brass.language.codegen`), fast;
* :class:`Interpreted`, the interpreter (:mod:`brass.language.runtime`), the
  reference, which alone says why a written move fits no rule.

:class:`Runner` owns the choice between them, as lark's ``ParsingFrontend`` owns
the choice of parser: generated code first, the interpreter where there is no
generated code (``Ruleset.untranslatable`` says why) or where it fails. A failure
is never silent: each is kept on the game (``Game.fallbacks``, with the question
and the reason), and one that is the generated code's fault rather than the
rules' is warned (:class:`~brass.errors.SlowRulesWarning`) once a game. A rule's
own error (a limit passed, a value of the wrong kind) is raised again by the
interpreter, which names its line. Nothing else in the package runs an engine.
"""

from __future__ import annotations

import contextlib
import warnings
from dataclasses import dataclass
from typing import Iterator, Optional, Protocol

from ..errors import BrassError, RuleRuntimeError, SlowRulesWarning, Where
from ..language.codegen.search import Search, decisions as path_decisions, expand, order_key, run_frame, weight
from ..language.decisions import LEAF, decide, notation as value_notation
from ..language.limits import MAX_MOVES, TooMuchWork, too_many_moves
from ..language.runtime import Frame, Run
from ..language.statements import located_work, run_block, too_deep
from .moves import FrameState, Move
from .same_moves import SameMoves


class Answer(Protocol):
    """What an engine found in a frame."""

    found: list  # (path, stopped, action) for each way found: its decisions, why it stopped early (or None), its action
    scores: list  # asked with a score: its value at each found, in order
    reveals: int  # hidden information revealed on the way (by a replay)


class RuleEngine(Protocol):
    """The questions the game asks of the rules about a frame.

    Each runs the frame's code from the state as it is (the runner puts the state
    the frame started in there first), and leaves the state as it was, but for
    ``replay``, which keeps its effects. A path in an answer is the engine's own
    record of its decisions, which only the runner reads: the Decisions taken for
    the interpreter; for generated code, entries with their values, where a choice
    taken last may stand for each of its options (``codegen.search.weight``).
    """

    def define(self, game, name: str, you, *args):
        """The value of the rules' definition ``name`` for the player ``you`` (or None),
        its parameters given ``args`` in order."""

    def first(self, game, frame: FrameState, *, cheapest_first: bool = False, rng=None, sample: bool = False) -> Answer:
        """The first way the frame's code completes, if any: options tried in the rules'
        order (the shortest actions first with ``cheapest_first``), or in random order
        drawn from ``rng`` (``sample``: a playout's draw, which need not draw what the
        interpreter would)."""

    def all(self, game, frame: FrameState, *, only: Optional[str] = None, score=None) -> Answer:
        """Every way the frame's code completes (``only``: in this action), in the rules'
        order; ``score(game)`` at each, taken while its effects are applied."""

    def replay(self, game, frame: FrameState, tokens, *, trusted: bool = False) -> Answer:
        """The frame run with the decisions ``tokens`` (all of them, its script's
        first), its effects kept; found holds the one way they take, none if they do
        not fit. ``trusted``: the game made them here, each with its value."""


@dataclass(frozen=True)
class Fallback:
    """A question the interpreter answered because the generated code failed at it."""

    question: str  # what was asked: "list the moves", "replay a move", "work out era_over"...
    reason: str  # the generated code's error, as "TypeError: ..."
    where: Optional[Where] = None  # the rule it was running, when the error is a rule's
    # The generated code's own fault, not an error the game raises on purpose (a rule's,
    # a set-up's: the interpreter raises it again, a rule's with its line).
    code_fault: bool = True

    def __str__(self) -> str:
        at = f" at {self.where}" if self.where is not None else ""
        return f"{self.question}: {self.reason}{at}"


# ----------------------------------------------------------------- the engines
class Generated:
    """:class:`RuleEngine` over the rules as generated Python (``Ruleset.fast``).

    Its answers are :class:`~brass.language.codegen.search.Search` objects, whose
    paths may stand for many moves each: ``weight``, ``expand`` and ``nth`` of
    :mod:`brass.language.codegen.search` count, list and draw them.
    """

    def define(self, game, name: str, you, *args):
        return game.fast.defines[name](Search(game, "replay", you=you), *args)

    def first(self, game, frame, cheapest_first=False, rng=None, sample=False) -> Search:
        if rng is None:
            return run_frame(game, frame, "first", cheapest_first=cheapest_first)
        return run_frame(game, frame, "random", rng=rng, sample=sample)

    def all(self, game, frame, only=None, score=None) -> Search:
        return run_frame(game, frame, "all", only=only, on_leaf=None if score is None else lambda: score(game))

    def replay(self, game, frame, tokens, trusted=False) -> Search:
        frame = frame.but(script=tuple(tokens))
        if trusted:  # a move the game made here: its values stand, unchecked
            journal = game.state.journal
            mark = journal.mark()
            search = run_frame(game, frame, "replay", trusted=True)
            if search.found:
                return search
            journal.rollback(mark)
        return run_frame(game, frame, "replay")


class Listing:
    """The interpreter's answer: what it found, the scores, and its run, which knows
    why a path failed (``run.best_failures()``)."""

    __slots__ = ("run", "found", "scores")

    def __init__(self, run: Run, found: Optional[list] = None):
        self.run = run
        self.found = found if found is not None else []
        self.scores: list = []

    @property
    def reveals(self) -> int:
        return self.run.reveals


class Interpreted:
    """:class:`RuleEngine` over the interpreter: the reference, and slower. Its paths
    are the Decisions taken; its answers (:class:`Listing`) keep the run."""

    def define(self, game, name: str, you, *args):
        try:
            return game.rules.define_value(name, Run(game, "replay", you=you), *args)
        except RecursionError as error:
            raise too_deep(error) from None

    def first(self, game, frame, cheapest_first=False, rng=None, sample=False) -> Listing:
        run = self.run(game, frame, "enumerate" if rng is None else "random", (), rng=rng)
        return Listing(run, self._one(game, run, frame, cheapest_first))

    def all(self, game, frame, only=None, score=None) -> Listing:
        listing = Listing(self.run(game, frame, "enumerate", ()))
        for found in self.solutions(game, listing.run, frame, only=only):
            listing.found.append(found)
            if score is not None:
                listing.scores.append(score(game))
        return listing

    def replay(self, game, frame, tokens, trusted=False) -> Listing:
        run = self.run(game, frame.but(script=tuple(tokens)), "replay", ())
        return Listing(run, self._one(game, run, frame))

    def _one(self, game, run: Run, frame, cheapest_first: bool = False) -> list:
        solutions = self.solutions(game, run, frame, cheapest_first)
        found = next(solutions, None)
        solutions.close()
        return [found] if found is not None else []

    def move(self, game, frame: FrameState, found) -> Move:
        """The move a path found stands for (made here: push trusts it)."""
        path, _, action = found
        return Move(frame.move_name(action), frame.waiting, tuple(path[len(frame.script) :]), origin=game.moment)

    def run(self, game, frame: FrameState, mode: str, tokens, *, rng=None, diagnose=False) -> Run:
        """A run of the frame from its start: earlier moves' decisions first, then ``tokens``."""
        you = game.state.players[frame.you] if frame.you is not None else None
        mover = frame.waiting if mode != "replay" else None
        run = Run(game, mode, you=you, tokens=list(frame.script) + list(tokens), rng=rng, mover=mover, diagnose=diagnose)
        run.prefix = len(frame.script)
        run.reveals_before = frame.reveals
        run.action = None
        return run

    def solutions(self, game, run: Run, frame: FrameState, cheapest_first: bool = False, only=None) -> Iterator[tuple]:
        """(path, stopped, action) for each way the frame's code completes with the run's tokens."""
        try:
            for signal in self._frame_code(game, run, frame, cheapest_first, only):
                if not run.exhausted:
                    key, text = run.peek()
                    token = key if text is None else f"{key}={text}"
                    taken = sum(1 for d in run.path if d.key == key)
                    passed = run.forced_past.get(run.next_index()) if run.mode == "parse" else None
                    if passed is not None:
                        run.fail_again(passed)  # why it did not fit the choice it was written for
                    elif taken:
                        count = ("one", "two", "three", "four")[taken - 1] if taken <= 4 else str(taken)
                        run.fail(f"'{token}' is one {key} too many: this move takes {count} here")
                    else:
                        run.fail(self._not_asked(game, frame, run, token, key))
                    continue
                stopped = run.stopped if signal is LEAF else None
                run.stopped = None
                yield list(run.path), stopped, run.action
        except RecursionError as error:  # every search by the interpreter comes through here
            raise too_deep(error) from None
        except TooMuchWork as error:
            raise located_work(error) from None

    def _frame_code(self, game, run: Run, frame: FrameState, cheapest_first: bool = False, only=None):
        if frame.kind == "action":
            return self._action_slot(game, run, frame, cheapest_first, only)
        procedure = game.rules.procedures[frame.name]
        return run_block(procedure.body, 0, Frame(dict(zip(procedure.params, frame.args)), run))

    def _action_slot(self, game, run: Run, frame: FrameState, cheapest_first: bool = False, only=None):
        state = game.state
        actions = [a for a in game.rules.actions.values() if a.uses <= state.actions_left and (only is None or a.name == only)]
        if cheapest_first:  # to learn quickly whether any move exists: short actions first
            actions.sort(key=lambda a: len(a.body))
        options = [(a, a.name) for a in actions]
        for action in decide(run, "action", options, kind="action", decider=frame.you):
            if action is LEAF:
                yield LEAF
                continue
            body_frame = Frame({}, run)
            run.describe = (action.describe, body_frame) if action.describe else None
            run.action = action
            yield from run_block(action.body, 0, body_frame)

    def _not_asked(self, game, frame: FrameState, run: Run, token: str, key: str) -> str:
        """Why a written choice fits no move: its rules ask for it only when..., or never."""
        from ..explain.asked import only_when

        if frame.kind == "action":
            declaration = code_of(game.rules, run.action.name) if run.action is not None else None
        else:
            declaration = code_of(game.rules, frame.name)
        if declaration is not None:
            try:
                when = only_when(declaration, key, game.rules.declarations, game.ruleset)
            except Exception:  # a rule the English cannot read: the plain reason stands
                when = None
            if when:
                return f"'{token}' does not fit this move: {key} is chosen only when {when}"
        return f"'{token}' does not fit this move: nothing in it asks for {key}"


def code_of(rules, name: str):
    """The syntax tree of an action, or of a procedure that asks for decisions."""
    declarations = rules.declarations
    return declarations.get(("action", name)) or declarations.get(("procedure", name))


GENERATED = Generated()
INTERPRETED = Interpreted()


# ------------------------------------------------------------------ the runner
class Runner(SameMoves):
    """The game's way to the rules (``Game.runner``): each question asked of the
    generated code first, of the interpreter where that cannot answer. It keeps
    nothing of a game (what it must remember, it writes on the game), so one
    runner serves every game."""

    # -- the questions
    def define(self, game, name: str, you, *args):
        """The value of one of the rules' definitions (see :meth:`RuleEngine.define`)."""
        if game.fast is not None:
            try:
                return GENERATED.define(game, name, you, *args)
            except Exception as error:
                self._fell_back(game, f"work out {name}", error)
        return INTERPRETED.define(game, name, you, *args)

    def has_move(self, game) -> bool:
        """Has the player to move a legal move?"""
        with self.at_frame_start(game) as frame:
            answer = self._generated(game, "find a move", GENERATED.first, frame, True)
            if answer is None:
                answer = INTERPRETED.first(game, frame, cheapest_first=True)
        return bool(answer.found)

    def moves(self, game, only: Optional[str] = None) -> list:
        """The legal moves (``only``: of one action), one per effect, in the rules' order."""
        frame = game.state.frame
        if frame is None:
            return []
        search = self.all_paths(game, only)
        if search is not None:
            return self._generated_moves(game, frame, search)
        return self.one_move_per_effect(game, frame, self._interpreted_moves(game, frame, only))

    def scored_moves(self, game, score) -> list:
        """(move, score(game)) for each legal move, the score taken while the move's own
        effects are applied, in the order of :meth:`moves`."""
        frame = game.state.frame
        if frame is None:
            return []
        scored = self.scored_paths(game, score)
        if scored is not None:
            return self.distinct_moves(game, scored)
        with self.at_frame_start(game):
            listing = INTERPRETED.all(game, frame, score=score)
        # One listing gives both the moves and their scores (the moves are listed
        # as :meth:`moves` lists them: the first of each notation, one per effect).
        moves, values, seen = [], [], set()
        for found, value in zip(listing.found, listing.scores):
            move = INTERPRETED.move(game, frame, found)
            text = move.notation()
            if text not in seen:
                seen.add(text)
                moves.append(move)
                values.append(value)
        kept = {id(move) for move in self.one_move_per_effect(game, frame, moves)}
        return [(move, value) for move, value in zip(moves, values) if id(move) in kept]

    def random_move(self, game, rng) -> Optional[Move]:
        """A legal move found by trying options in random order (None if there is none)."""
        frame = game.state.frame
        saved = rng.getstate()  # the interpreter must draw the same numbers if it steps in
        search = self.random_path(game, rng)
        if search is not None and search.found:
            path, _, action = search.found[0]
            return self.move(game, frame, action, path[len(frame.script) :])
        rng.setstate(saved)
        with self.at_frame_start(game):
            listing = INTERPRETED.first(game, frame, rng=rng)
        if not listing.found:
            return None
        if search is not None:
            self._disagreed(game, "draw a move")
        return INTERPRETED.move(game, frame, listing.found[0])

    def rerun(self, game, tokens, trusted: bool = False) -> tuple:
        """Run the current frame from its start with these decisions and keep the
        effects: ((path, stopped, action), hidden information revealed so far)."""
        frame = game.state.frame
        search = None
        if game.fast is not None:
            journal = game.state.journal
            mark = journal.mark()
            search = self._generated(game, "replay a move", GENERATED.replay, frame, tokens, trusted)
            if search is not None:
                if search.found:
                    return search.found[0], search.reveals
                journal.rollback(mark)  # the interpreter says why the decisions do not fit
        listing = INTERPRETED.replay(game, frame, tokens)
        if not listing.found:
            reasons = "; ".join(f.text() for f in listing.run.best_failures()) or "no reason recorded"
            raise RuleRuntimeError(f"decisions taken earlier no longer fit the rules: {reasons}")
        if search is not None:
            self._disagreed(game, "replay a move")
        return listing.found[0], listing.reveals

    # -- the generated code's own answers, whose paths stand for many moves each
    def all_paths(self, game, only: Optional[str] = None, score=None) -> Optional[Search]:
        """Every way the current frame completes, as generated code finds them from the
        state the frame started in; None where it cannot answer (no generated code for
        these rules, or it failed: kept on the game). Then ask :meth:`moves`."""
        if game.fast is None:
            return None
        with self.at_frame_start(game) as frame:
            return self._generated(game, "score the moves" if score is not None else "list the moves", GENERATED.all, frame, only, score)

    def random_path(self, game, rng, sample: bool = False) -> Optional[Search]:
        """A way the current frame completes, options tried in random order, as generated
        code finds it (see :meth:`RuleEngine.first`); None as for :meth:`all_paths`."""
        if game.fast is None:
            return None
        with self.at_frame_start(game) as frame:
            return self._generated(game, "draw a move", GENERATED.first, frame, False, rng, sample)

    def scored_paths(self, game, score) -> Optional[list]:
        """((path, stopped, action), score) for each path generated code finds, in the
        rules' order, one per effect; None where the interpreter must do it."""
        frame = game.state.frame
        search = self.all_paths(game, score=score) if frame is not None else None
        if search is None:
            return None
        scored = sorted(zip(search.found, search.scores), key=lambda pair: order_key(pair[0][0]))
        kept = self.one_path_per_effect(game, frame, [found for found, _ in scored])  # full paths: kept ones as they are
        if len(kept) < len(scored):
            kept_ids = {id(found) for found in kept}
            scored = [pair for pair in scored if id(pair[0]) in kept_ids]
        return scored

    def distinct_moves(self, game, scored) -> list:
        """(Move, value) for ((path, stopped, action), value) pairs of full paths, one per
        notation (one move, however many ways the rules reach it)."""
        frame = game.state.frame
        skip = len(frame.script)
        result, seen = [], set()
        for (path, stopped, action), value in scored:
            move = self.move(game, frame, action, path[skip:])
            text = move.notation()
            if text not in seen:
                seen.add(text)
                result.append((move, value))
        return result

    def move(self, game, frame: FrameState, action, path) -> Move:
        """The move the decisions of a full path found by generated code stand for (its
        part after the frame's script)."""
        return Move(frame.move_name(action), frame.waiting, path_decisions(path), tuple(entry[1] for entry in path), game.moment)

    # -- reading a written move: the interpreter's, which says why not
    def reading(self, game, frame: FrameState, tokens, *, diagnose: bool = False) -> Run:
        """An interpreter's run that reads these tokens as a move of the frame (the
        caller says how: ``run.in_order``, ``run.values_any_order``)."""
        return INTERPRETED.run(game, frame, "parse", tokens, diagnose=diagnose)

    def read_moves(self, game, frame: FrameState, run: Run) -> Iterator[Move]:
        """The moves a reading run finds in the frame, run from the state it started in
        (within :meth:`at_frame_start`, which gives the frame)."""
        for found in INTERPRETED.solutions(game, run, frame):
            yield INTERPRETED.move(game, frame, found)

    # -- frames
    @contextlib.contextmanager
    def at_frame_start(self, game):
        """Explore from the state the current frame started in, then put everything back."""
        state = game.state
        frame = state.frame
        journal = state.journal
        partial = frame.partial
        if partial:
            journal.rollback(frame.mark)
        mark = journal.mark()
        try:
            yield frame
        finally:
            journal.rollback(mark)
            if partial:
                self.rerun(game, frame.script)
                journal.set(state, "frame", frame)

    def continue_frame(self, game, tokens, trusted: bool = False) -> bool:
        """Give the current frame more decisions; finish it or leave it waiting.

        Returns True if hidden information was revealed on the way."""
        state = game.state
        journal = state.journal
        frame = state.frame
        all_tokens = tuple(frame.script) + tuple(tokens)
        if frame.partial:
            journal.rollback(frame.mark)
        (path, stopped, action), reveals = self.rerun(game, all_tokens, trusted and frame.kind == "action" and not frame.script)
        revealed = reveals > frame.reveals
        if stopped is None:
            journal.set(state, "frame", None)
            if frame.kind == "action":
                journal.set(state, "actions_left", state.actions_left - action.uses)
                journal.set(state, "actions_taken", state.actions_taken + 1)
            else:
                journal.set(state, "phase", frame.then)
            return revealed
        waiting = stopped[1] if stopped[1] is not None and stopped[1] >= 0 else frame.you
        name = frame.name if frame.kind == "procedure" else (action.name if action else None)
        script = tuple((t[0], t[1] if t[1] is not None else value_notation(t[2])) for t in all_tokens)
        journal.set(state, "frame", frame.but(script=script, waiting=waiting, name=name, partial=True, reveals=reveals))
        return revealed

    def _generated_moves(self, game, frame: FrameState, search: Search) -> list:
        """The legal moves of the paths generated code found."""
        return self.moves_of_paths(game, frame, search.found)

    def moves_of_paths(self, game, frame: FrameState, paths: list, complete: bool = True) -> list:
        """The legal moves of these paths found by generated code, one per effect
        (``complete``: as for :meth:`one_path_per_effect`)."""
        skip = len(frame.script)
        found = self.one_path_per_effect(game, frame, paths, complete)
        _check_listing(found)
        full = [(whole, action) for path, _, action in found for whole in expand(path)]
        full.sort(key=lambda found: order_key(found[0]))  # deferred choices back in the rules' order
        moves, seen = [], set()
        for path, action in full:
            move = self.move(game, frame, action, path[skip:])
            text = move.notation()
            if text not in seen:
                seen.add(text)
                moves.append(move)
        return moves

    def _interpreted_moves(self, game, frame: FrameState, only) -> list:
        """The legal moves as the interpreter finds them (every one: those that do what
        an earlier one does are left out by the callers)."""
        with self.at_frame_start(game):
            listing = INTERPRETED.all(game, frame, only=only)
        moves, seen = [], set()
        for found in listing.found:
            move = INTERPRETED.move(game, frame, found)
            text = move.notation()
            if text not in seen:
                seen.add(text)
                moves.append(move)
        return moves

    def _next_moves(self, game, frame: FrameState) -> list:
        """The decisions, as (key, text) tokens, of each move that can come next in a frame
        waiting part way; run from the state as it is (and put back)."""
        journal = game.state.journal
        mark = journal.mark()
        skip = len(frame.script)
        search = self._generated(game, "list the moves", GENERATED.all, frame, None, None)
        journal.rollback(mark)
        if search is not None:
            return [tuple((d.key, d.text) for d in path_decisions(full[skip:])) for path, _, _ in search.found for full in expand(path)]
        listing = INTERPRETED.all(game, frame)
        journal.rollback(mark)
        return [tuple((d.key, d.text) for d in path[skip:]) for path, _, _ in listing.found]

    # -- saying so
    def _generated(self, game, question: str, ask, *args):
        """``ask(game, *args)`` of the generated code; None if there is none for these
        rules, or if it failed: then what it did is undone and the fallback kept."""
        if game.fast is None:
            return None
        journal = game.state.journal
        mark = journal.mark()
        try:
            return ask(game, *args)
        except Exception as error:
            journal.rollback(mark)
            self._fell_back(game, question, error)
            return None

    def _fell_back(self, game, question: str, error: Exception) -> None:
        """Keep on the game that the interpreter answers ``question`` instead; warn if
        it is the generated code's fault (once a game)."""
        code_fault = not isinstance(error, BrassError)
        fallback = Fallback(question, f"{type(error).__name__}: {error}", getattr(error, "where", None), code_fault)
        first = not any(earlier.code_fault for earlier in game.fallbacks)
        game.fallbacks += (fallback,)
        if code_fault and first:
            warnings.warn(
                f"{game.ruleset.name}: the generated code failed to {question} ({fallback.reason}); the interpreter took over",
                SlowRulesWarning,
                stacklevel=4,
            )

    def _disagreed(self, game, question: str) -> None:
        """The generated code found no way where the interpreter found one: its fault."""
        self._fell_back(game, question, AssertionError("the generated code found nothing where the interpreter found a way"))


RUNNER = Runner()


def _check_listing(found: list) -> None:
    """Refuse to list more than limits.MAX_MOVES moves, naming the action that has most."""
    total = sum(weight(path) for path, _, _ in found)
    if total <= MAX_MOVES:
        return
    by_action: dict = {}
    for path, _, action in found:
        name = getattr(action, "name", None)
        count, _ = by_action.get(name, (0, action))
        by_action[name] = (count + weight(path), action)
    _, most = max(by_action.values(), key=lambda entry: entry[0])
    raise too_many_moves(total, getattr(most, "where", None))

"""A game of Brass, played by the rules of a ruleset.

The model is python-chess's board: :attr:`Game.legal_moves` is a lazy
collection, :meth:`Game.play` checks and applies a move written in notation,
:meth:`Game.push` applies a move the game produced, :meth:`Game.undo` takes
back the last move of the current turn, :meth:`Game.outcome` says who won.
Chance is explicit, as in OpenSpiel: every shuffle draws from its own random
stream derived from the seed (or takes a given order), so a seed and a move
list replay exactly, on any machine.

The flow (eras, rounds, turns, actions) is the same for every edition; what
happens in it is the ruleset's: the engine runs the rules' procedures
``setup``, ``start_of_era``, ``end_of_turn``, ``end_of_round``, ``end_of_era``
and ``end_of_game``, and asks the rules' definitions ``actions_this_turn``,
``era_over`` and ``ranking``.
"""

from __future__ import annotations

import contextlib
import json
import random
import warnings
from dataclasses import dataclass, field
from typing import Iterator, Optional

from . import __version__
from .errors import (
    AmbiguousMoveError,
    BrassError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    RuleRuntimeError,
    SetupError,
    SlowRulesWarning,
    UndoError,
)
from .language.codegen.search import Search, decisions as path_decisions, expand, order_key, run_frame, weight
from .language.decisions import LEAF, decide, notation as value_notation
from .language.limits import MAX_MOVES, MAX_ROUNDS_PER_ERA, TooMuchWork, actions_per_turn, shown, too_many_moves
from .language.runtime import Frame, Run
from .language.statements import located_work, run_block, too_deep
from .invariants import cards_in_game
from .lookahead import Lookahead
from .same_moves import SameMoves, _decision_counts
from .model.state import GameState
from .notation import parse_move, write_move
from .ruleset import Ruleset, load_ruleset
from .text import printable

RECORD_FORMAT = "brass-game-record/1"


@dataclass(frozen=True)
class FrameState:
    """Rule code that is running and waits for a player's decision."""

    kind: str  # action | procedure
    name: Optional[str]  # the procedure; for an action frame, None until an action is chosen
    you: Optional[int]  # the acting player, if any
    mark: int  # journal position when the frame started
    script: tuple = ()  # every decision taken so far in it, as (key, text)
    waiting: Optional[int] = None  # whose decision it is now
    then: Optional[str] = None  # the phase that follows once it completes
    args: tuple = ()
    partial: bool = False  # has it run part way (its effects so far are on the state)?
    reveals: int = 0  # hidden information its earlier moves revealed

    def but(self, **changes) -> "FrameState":
        """A copy with some fields changed (as dataclasses.replace, which is slow)."""
        other = object.__new__(FrameState)
        fields = dict(self.__dict__)
        fields.update(changes)
        object.__setattr__(other, "__dict__", fields)
        return other


@dataclass(frozen=True)
class Move:
    """A move: the frame it belongs to, who made it, and every decision in it."""

    frame: str
    player: int
    decisions: tuple  # of Decision, including those the notation leaves out
    # The values chosen, decision by decision, when the game made the move: they
    # let push find each option without writing its notation again.
    values: Optional[tuple] = field(default=None, compare=False, repr=False)
    # The position the game made it at: pushed there, it needs no checking again.
    origin: Optional[object] = field(default=None, compare=False, repr=False)

    def notation(self) -> str:
        """The short form: what tells this move apart from the other legal ones."""
        return write_move(self.frame, self.decisions)

    def full_notation(self) -> str:
        """The full form: every choice the move makes (place, space, sources), for people to read."""
        return write_move(self.frame, self.decisions, full=True)

    def __str__(self) -> str:
        return self.notation()

    def tokens(self) -> list:
        return [(d.key, d.text) for d in self.decisions]


@dataclass
class Outcome:
    """How the game ended: the ranking (ties share a place) and the final figures."""

    ranking: list  # list of lists of player indexes, best first
    scores: list  # per player: dict of vp, income_level, money
    names: list

    @property
    def winners(self) -> list:
        return self.ranking[0] if self.ranking else []

    def result(self) -> str:
        names = [self.names[i] for i in self.winners]
        if len(names) == 1:
            return f"{names[0]} wins"
        return "shared win: " + ", ".join(names)


@dataclass
class _Played:
    move: Move
    mark: int  # journal position before the move
    turn: tuple  # (era, round, turn index) when it was made
    frame: FrameState  # the frame that was waiting for it
    position: object  # the game's position token before it: undo goes back to that position


class Game(Lookahead, SameMoves):
    """One game: a ruleset, a number of players, a seed or a given set-up."""

    def __init__(
        self,
        ruleset: Ruleset | str,
        players: int | list[str] = 2,
        seed: Optional[int] = None,
        chance: Optional[dict] = None,
    ):
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.rules = self.ruleset.rules
        # A name is shown on terminals and web pages: control characters are written out (brass.text).
        names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else [printable(str(n)) for n in players]
        if len(names) not in self.ruleset.players:
            raise SetupError(f"{self.ruleset.title} is for {', '.join(map(str, self.ruleset.players))} players, not {len(names)}")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.chance = {k: [list(o) for o in v] for k, v in (chance or {}).items()}
        self.state = GameState(self.ruleset.board, names)
        # The generated rules run the game; None runs the interpreter instead (the
        # reference, which tests compare against). ``fast_fallbacks`` counts the
        # times the generated code met something it did not expect and the
        # interpreter stepped in.
        self.fast = self.ruleset.fast
        self.fast_fallbacks = 0
        self._position = object()  # changes with every move: a move made at another position is checked
        for player in self.state.players:
            player.income_space = self.ruleset.board.income.start_space
        self.history: list[_Played] = []
        self._undo_floor = 0
        self._idle_turns = 0  # turns in a row in which nobody could act: a guard against rules that never end an era
        self.position: Optional[dict] = None
        self._advance()
        self._cards_at_start = cards_in_game(self)  # the invariants hold the game to these cards

    @classmethod
    def from_position(cls, ruleset, players, position: dict, seed: int = 0, chance: Optional[dict] = None) -> "Game":
        """A game set to a described position (see :mod:`brass.position`)."""
        game = cls(ruleset, players, seed=seed, chance=chance)
        game.set_position(position)
        return game

    def set_position(self, position: dict, any_cards: bool = False) -> None:
        """Set the game to a described position; the player to move then takes an action.

        The position is checked (see :mod:`brass.position`); PositionError says
        what is wrong, and the game is left as it was.
        """
        from .position import set_position

        set_position(self, position, any_cards=any_cards)
        self.position = position
        self._position = object()

    # ----------------------------------------------------------------- chance
    def shuffled(self, label: str, items: list) -> list:
        """A shuffle: the given order for this shuffle if the set-up names one, else seeded."""
        log = self.state.chance_log
        occurrence = sum(1 for entry in log if entry == label)
        self.state.journal.append(log, label)
        given = self.chance.get(label)
        if given is not None and occurrence < len(given):
            return self._given_order(label, occurrence, items, given[occurrence])
        rng = random.Random(f"{self.seed}/{label}/{occurrence}")
        result = list(items)
        rng.shuffle(result)
        return result

    def _given_order(self, label, occurrence, items, order) -> list:
        pool = {}
        for item in items:
            pool.setdefault(value_notation(item), []).append(item)
        result = []
        for ident in order:
            ident = str(ident)
            if not pool.get(ident):
                raise SetupError(f"the given order for {label!r} (shuffle {occurrence + 1}) names {ident!r}, which is not among the items to shuffle")
            result.append(pool[ident].pop())
        leftover = [k for k, v in pool.items() for _ in v]
        if leftover:
            raise SetupError(f"the given order for {label!r} (shuffle {occurrence + 1}) leaves out {', '.join(sorted(leftover))}")
        return result

    # ------------------------------------------------------------------- flow
    @property
    def board(self):
        return self.ruleset.board

    @property
    def players(self) -> list:
        return self.state.players

    @property
    def to_move(self) -> Optional[int]:
        """Index of the player who must move now, or None when the game is over."""
        frame = self.state.frame
        return frame.waiting if frame is not None else None

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def _set(self, attr, value):
        self.state.journal.set(self.state, attr, value)

    def _advance(self) -> None:
        """Run the flow until a player must decide, or the game ends."""
        state = self.state
        hook = self.ruleset.hook
        while state.frame is None:
            phase = state.phase
            if phase == "over":
                return
            if phase == "setup":
                self._start_procedure("setup", None, "after_setup")
            elif phase == "after_setup":
                hook.brass_setup(game=self)
                self._set("phase", "era_start")
            elif phase == "era_start":
                self._set("round", 1)
                self._set("turn_index", 0)
                if "start_of_era" in self.rules.procedures:
                    self._start_procedure("start_of_era", None, "turn_start")
                else:
                    self._set("phase", "turn_start")
            elif phase == "turn_start":
                you = state.current_player
                self._set("actions_left", self._actions_this_turn(you))
                self._set("actions_taken", 0)
                self._set("phase", "action")
                hook.brass_turn_start(game=self, player=you)
            elif phase == "action":
                you = state.current_player
                if state.actions_left > 0:
                    self._open_frame(FrameState("action", None, you.index, 0, waiting=you.index))
                    if self._first_solution() is not None:
                        self._idle_turns = 0
                        return
                    self._set("frame", None)  # no legal action at all: the turn passes
                    self._idle_turns += 1
                    if self._idle_turns > 3 * len(state.players):
                        raise RuleRuntimeError(
                            f"three rounds passed with no possible action and the era does not end: "
                            f"'era_over' stays false in the {state.era.name}, round {state.round}"
                        )
                self._set("phase", "turn_end")
            elif phase == "turn_end":
                self._start_procedure("end_of_turn", state.current_player.index, "next_turn")
            elif phase == "next_turn":
                if state.turn_index + 1 < len(state.players):
                    self._set("turn_index", state.turn_index + 1)
                    self._set("phase", "turn_start")
                else:
                    self._set("phase", "round_end")
            elif phase == "round_end":
                self._start_procedure("end_of_round", None, "after_round")
            elif phase == "after_round":
                hook.brass_round_end(game=self)
                if self._define("era_over", None):
                    self._set("phase", "era_end")
                elif state.round >= MAX_ROUNDS_PER_ERA:
                    raise RuleRuntimeError(
                        f"the {state.era.name} has run {state.round} rounds and era_over is still false; an era runs at most {MAX_ROUNDS_PER_ERA} rounds",
                        self.rules.defines["era_over"].where,
                    )
                else:
                    self._set("round", state.round + 1)
                    self._set("turn_index", 0)
                    self._set("phase", "turn_start")
            elif phase == "era_end":
                self._start_procedure("end_of_era", None, "after_era")
            elif phase == "after_era":
                hook.brass_era_end(game=self, era=state.era)
                if self._game_ends_after_era():
                    self._set("phase", "game_end")
                else:
                    self._set("era_index", state.era_index + 1)
                    self._set("phase", "era_start")
            elif phase == "game_end":
                if "end_of_game" in self.rules.procedures:
                    self._start_procedure("end_of_game", None, "over")
                else:
                    self._set("phase", "over")
            else:  # pragma: no cover
                raise RuntimeError(f"unknown phase {phase!r}")

    def _actions_this_turn(self, you) -> int:
        """The rules' ``actions_this_turn``, checked: a whole number from 1 to limits.MAX_ACTIONS_PER_TURN
        (0 would pass turns for ever, a string or none cannot be counted down)."""
        value = self._define("actions_this_turn", you)
        try:
            return actions_per_turn(value, you.name)
        except RuleRuntimeError as error:
            raise RuleRuntimeError(error.args[0], self.rules.defines["actions_this_turn"].where) from None

    def _game_ends_after_era(self) -> bool:
        """The rules' ``game_ends_after_era`` if they define it; else after the last era.
        It must be true or false, and true after the last era: there is none after it."""
        era = self.state.era
        if "game_ends_after_era" not in self.rules.defines:
            return era.is_last
        value = self._define("game_ends_after_era", None)
        where = self.rules.defines["game_ends_after_era"].where
        if not isinstance(value, bool):
            raise RuleRuntimeError(f"game_ends_after_era gave {shown(value)} after the {era.name}; it must be true or false", where)
        if not value and era.is_last:
            raise RuleRuntimeError(f"game_ends_after_era is false after the last era, the {era.name}; there is no era after it", where)
        return value

    def _define(self, name: str, you, *args):
        """The value of one of the rules' definitions, for the flow (``args``: its parameters')."""
        if self.fast is not None:
            try:
                return self.fast.defines[name](Search(self, "replay", you=you), *args)
            except Exception:
                self.fast_fallbacks += 1
        try:
            return self.rules.define_value(name, Run(self, "replay", you=you), *args)
        except RecursionError as error:
            raise too_deep(error) from None

    def _open_frame(self, frame: FrameState) -> None:
        self._set("frame", frame)
        # The frame starts here: rolling back to its mark keeps the frame itself.
        self.state.frame = frame.but(mark=self.state.journal.mark())

    def _start_procedure(self, name: str, you: Optional[int], then: str) -> None:
        self._open_frame(FrameState("procedure", name, you, 0, then=then))
        self._continue_frame(())

    # ----------------------------------------------------------- running frames
    def _frame_generator(self, run: Run, frame: FrameState, cheapest_first: bool = False, only=None):
        if frame.kind == "action":
            return self._action_slot(run, frame, cheapest_first, only)
        procedure = self.rules.procedures[frame.name]
        return run_block(procedure.body, 0, Frame(dict(zip(procedure.params, frame.args)), run))

    def _action_slot(self, run: Run, frame: FrameState, cheapest_first: bool = False, only=None):
        state = self.state
        actions = [a for a in self.rules.actions.values() if a.uses <= state.actions_left and (only is None or a.name == only)]
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

    def _new_run(self, frame: FrameState, mode: str, tokens, *, rng=None, diagnose=False) -> Run:
        """A run of the frame from its start: earlier moves' decisions first, then ``tokens``."""
        you = self.state.players[frame.you] if frame.you is not None else None
        mover = frame.waiting if mode != "replay" else None
        run = Run(self, mode, you=you, tokens=list(frame.script) + list(tokens), rng=rng, mover=mover, diagnose=diagnose)
        run.prefix = len(frame.script)
        run.reveals_before = frame.reveals
        run.action = None
        return run

    def _solutions(self, run: Run, frame: FrameState, cheapest_first: bool = False, only=None) -> Iterator[tuple]:
        """(path, stopped, action) for each way the frame's code completes with the run's tokens."""
        try:
            for signal in self._frame_generator(run, frame, cheapest_first, only):
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
                        run.fail(self._not_asked(frame, run, token, key))
                    continue
                stopped = run.stopped if signal is LEAF else None
                run.stopped = None
                yield list(run.path), stopped, run.action
        except RecursionError as error:  # every search by the interpreter comes through here
            raise too_deep(error) from None
        except TooMuchWork as error:
            raise located_work(error) from None

    def _not_asked(self, frame: FrameState, run: Run, token: str, key: str) -> str:
        """Why a written choice fits no move: its rules ask for it only when..., or never."""
        from .explain.asked import only_when

        if frame.kind == "action":
            declaration = self._code_of(run.action.name) if run.action is not None else None
        else:
            declaration = self._code_of(frame.name)
        if declaration is not None:
            try:
                when = only_when(declaration, key, self.rules.declarations, self.ruleset)
            except Exception:  # a rule the English cannot read: the plain reason stands
                when = None
            if when:
                return f"'{token}' does not fit this move: {key} is chosen only when {when}"
        return f"'{token}' does not fit this move: nothing in it asks for {key}"

    @contextlib.contextmanager
    def _at_frame_start(self):
        """Explore from the state the current frame started in, then put everything back."""
        frame = self.state.frame
        journal = self.state.journal
        partial = frame.partial
        if partial:
            journal.rollback(frame.mark)
        mark = journal.mark()
        try:
            yield frame
        finally:
            journal.rollback(mark)
            if partial:
                self._rerun(frame.script)
                self._set("frame", frame)

    def _fast(self, work, mark: int):
        """Run generated code; on anything unexpected, undo what it did and say so (None):
        the interpreter then does the work (and says where, for a rule that goes wrong)."""
        try:
            return work()
        except Exception as error:
            self.state.journal.rollback(mark)
            self.fast_fallbacks += 1
            if not isinstance(error, RuleRuntimeError) and self.fast_fallbacks == 1:
                # Not a rule's fault but the generator's: said once a game, never silent.
                warnings.warn(
                    f"{self.ruleset.name}: the generated code failed ({type(error).__name__}: {error}); the interpreter took over",
                    SlowRulesWarning,
                    stacklevel=3,
                )
            return None

    def _rerun(self, tokens, trusted: bool = False) -> tuple:
        """Run the current frame from its start with these decisions and keep the effects."""
        frame = self.state.frame
        if self.fast is not None:
            mark = self.state.journal.mark()
            if trusted:
                search = self._fast(lambda: run_frame(self, frame.but(script=tuple(tokens)), "replay", trusted=True), mark)
                if search is not None and search.found:
                    return search.found[0], search
                self.state.journal.rollback(mark)
            search = self._fast(lambda: run_frame(self, frame.but(script=tuple(tokens)), "replay"), mark)
            if search is not None and search.found:
                return search.found[0], search
            self.state.journal.rollback(mark)  # the interpreter says why the decisions do not fit
        run = self._new_run(frame.but(script=tuple(tokens)), "replay", ())
        generator = self._solutions(run, frame)
        found = next(generator, None)
        generator.close()
        if found is None:
            reasons = "; ".join(f.text() for f in run.best_failures()) or "no reason recorded"
            raise RuleRuntimeError(f"decisions taken earlier no longer fit the rules: {reasons}")
        return found, run

    def _first_solution(self):
        frame = self.state.frame
        if self.fast is not None:
            with self._at_frame_start():
                mark = self.state.journal.mark()
                search = self._fast(lambda: run_frame(self, frame, "first", cheapest_first=True), mark)
            if search is not None:
                return search.found[0] if search.found else None
        with self._at_frame_start():
            run = self._new_run(frame, "enumerate", ())
            for found in self._solutions(run, frame, cheapest_first=True):
                return found
        return None

    def _continue_frame(self, tokens, trusted: bool = False) -> bool:
        """Give the current frame more decisions; finish it or leave it waiting.

        Returns True if hidden information was revealed on the way."""
        state = self.state
        frame = state.frame
        all_tokens = tuple(frame.script) + tuple(tokens)
        if frame.partial:
            state.journal.rollback(frame.mark)
        (path, stopped, action), run = self._rerun(all_tokens, trusted and frame.kind == "action" and not frame.script)
        revealed = run.reveals > frame.reveals
        if stopped is None:
            self._set("frame", None)
            if frame.kind == "action":
                self._set("actions_left", state.actions_left - action.uses)
                self._set("actions_taken", state.actions_taken + 1)
            else:
                self._set("phase", frame.then)
            return revealed
        waiting = stopped[1] if stopped[1] is not None and stopped[1] >= 0 else frame.you
        name = frame.name if frame.kind == "procedure" else (action.name if action else None)
        script = tuple((t[0], t[1] if t[1] is not None else value_notation(t[2])) for t in all_tokens)
        self._set("frame", frame.but(script=script, waiting=waiting, name=name, partial=True, reveals=run.reveals))
        return revealed

    # ----------------------------------------------------------------- moves
    @property
    def legal_moves(self) -> "LegalMoves":
        """The legal moves of the player to move (lazy; iterate, count(), ``in``)."""
        return LegalMoves(self)

    def _move(self, frame: FrameState, action, path) -> Move:
        """The move a path found by generated code stands for."""
        return Move(self._frame_name(frame, action), frame.waiting, path_decisions(path), tuple(entry[1] for entry in path), self._position)

    def _interpreted_move(self, frame: FrameState, action, path) -> Move:
        """The move a path found by the interpreter stands for (made here: push trusts it)."""
        return Move(self._frame_name(frame, action), frame.waiting, tuple(path[len(frame.script):]), origin=self._position)

    def _frame_name(self, frame: FrameState, action) -> str:
        if frame.kind == "action":
            return frame.name or (action.name if action else "?")
        return frame.name

    def _enumerate(self, only=None, with_effects: bool = False) -> Iterator[Move]:
        """Each legal move, yielded with the state as it is: the caller may read, copy or
        play on the game between moves. ``with_effects``: each move is yielded while its
        own effects are on the state (rolled back after), by the interpreter."""
        frame = self.state.frame
        if frame is None:
            return
        if self.fast is not None and not with_effects:
            moves = self._generated_moves(frame, only)
            if moves is not None:
                yield from moves
                return
        if with_effects:
            # Which moves do what an earlier one does is known only once all are
            # listed, and a move's effects cannot stay on the state meanwhile.
            kept = {move.notation() for move in self._enumerate(only)}
            for move in self._interpreted_moves(frame, only):
                if move.notation() in kept:
                    yield move
        else:
            yield from self._one_move_per_effect(frame, list(self._interpreted_moves(frame, only)))

    def _generated_moves(self, frame: FrameState, only) -> Optional[list]:
        """The legal moves, found by generated code (None if it could not)."""
        with self._at_frame_start():
            mark = self.state.journal.mark()
            search = self._fast(lambda: run_frame(self, frame, "all", only=only), mark)
        if search is None:
            return None
        skip = len(frame.script)
        found = self._one_path_per_effect(frame, search.found)
        _check_listing(found)
        full = [(whole, action) for path, _, action in found for whole in expand(path)]
        full.sort(key=lambda found: order_key(found[0]))  # deferred choices back in the rules' order
        moves, seen = [], set()
        for path, action in full:
            move = self._move(frame, action, path[skip:])
            text = move.notation()
            if text not in seen:
                seen.add(text)
                moves.append(move)
        return moves

    def _interpreted_moves(self, frame: FrameState, only) -> Iterator[Move]:
        """The legal moves as the interpreter finds them, each while its effects are on the state
        (every one: those that do what an earlier one does are left out by the callers)."""
        seen = set()
        with self._at_frame_start():
            run = self._new_run(frame, "enumerate", ())
            for path, stopped, action in self._solutions(run, frame, only=only):
                move = self._interpreted_move(frame, action, path)
                text = move.notation()
                if text not in seen:
                    seen.add(text)
                    yield move

    def parse(self, text: str) -> Move:
        """The legal move a text stands for; raises a MoveError saying why not."""
        frame = self.state.frame
        if frame is None:
            raise GameOverError("the game is over: no more moves")
        first = text.split(maxsplit=1)[0] if isinstance(text, str) and text.split() else None
        if frame.kind == "action" and not frame.script and first is not None and first not in self.rules.actions:
            # The action first: 'xyzzy 42' is an unknown action, whatever follows it.
            import difflib

            actions = list(self.rules.actions)
            close = difflib.get_close_matches(first.lower(), actions, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise InvalidMoveError(f"{first!r} is not an action{hint}; the actions are: {', '.join(actions)}")
        name, tokens = parse_move(text)
        if frame.kind == "action" and not frame.script:
            action = self.rules.actions[name]
            if action.uses > self.state.actions_left:
                raise IllegalMoveError(text, [f"{action.title} takes {action.uses} actions and you have {self.state.actions_left} left"], f"cannot {action.title.lower()}")
            tokens = [("action", name)] + tokens
        elif name != frame.name:
            raise InvalidMoveError(f"the game is waiting for a decision in {frame.name!r}, not in {name!r}; write '{frame.name} ...'")
        found = {}
        failures = []
        deepest, best_reading = -1, (False, False)  # the reading that got furthest says why it fails
        # Written in the rules' order first (a move's own notation always is),
        # then matched by name in any order; then, if a choice is written more
        # than once (develop's two industries), its values in any order: the
        # rules may list such moves once, in one order, and a person need not know which.
        for in_order, values_any_order in self._readings(tokens):
            with self._at_frame_start():
                run = self._new_run(frame, "parse", tokens)
                run.in_order = in_order
                run.values_any_order = values_any_order
                for path, stopped, action in self._solutions(run, frame):
                    move = self._interpreted_move(frame, action, path)
                    found.setdefault(move.notation(), move)
                    if len(found) > 1:
                        break
                best = run.best_failures()
                depth = max((f.depth for f in best), default=-1)
                if depth > deepest or not failures:
                    if depth > deepest:
                        deepest, best_reading = depth, (in_order, values_any_order)
                    failures = best or failures
            if found:
                break
        if len(found) == 1:
            return self._kept_move(next(iter(found.values())))
        if len(found) > 1:
            all_found = [m.notation() for m in self._matching(tokens)]
            raise AmbiguousMoveError(text, all_found or list(found))
        choices, kinds = self._choices_now(name)
        respelt = self._respelt(name, tokens, choices)
        if respelt is not None:
            return self.parse(respelt)
        error = self._illegal(text, tokens, failures, values_any_order=best_reading[1])
        if not any("(did you mean" in reason for reason in error.reasons):
            # The rules' reason comes from the path the search got furthest on, which
            # may not offer the misspelt value's choice at all: say what was meant.
            for key, value in tokens:
                # Only a thing chosen by name: a source (dudley.0*2, oxford:1) is read by the rules.
                if key in choices and value is not None and kinds[key] == "choose":
                    self._check_spelt(name, key, value, choices[key])
        raise error

    def _choices_now(self, name: str) -> tuple:
        """Each choice the legal moves of this action (or of the waiting frame) make now,
        with the values they give it: (key -> {text: value}, in the rules' order; key ->
        the kind of decision)."""
        frame = self.state.frame
        only = name if frame.kind == "action" and not frame.script else None
        choices: dict = {}
        kinds: dict = {}
        for move in self._enumerate(only):
            values = move.values if move.values is not None else (None,) * len(move.decisions)
            for decision, value in zip(move.decisions, values):
                if decision.kind not in ("action", "more"):  # "more": a repeat's say, never written
                    choices.setdefault(decision.key, {}).setdefault(decision.text, value)
                    kinds[decision.key] = decision.kind
        return choices, kinds

    def _respelt(self, name: str, tokens, choices: dict) -> Optional[str]:
        """When no legal move fits a text: the text with its choices' names written out
        in full, if one is a unique start of a choice name ('loc' for location) or in
        other case; None if all the names are the legal moves' own. A name no legal
        move of the action has is refused here, with the names it has: the search
        would only say that nothing in the move it got furthest with asks for it."""
        if not choices:
            return None  # no legal move: the rules' reason says why
        words, changed = [], False
        for key, value in tokens:
            if key == "action":
                continue
            if key in choices:
                words.append(key if value is None else f"{key}={value}")
                continue
            starts = [k for k in choices if k.lower() == key.lower()] or [k for k in choices if k.startswith(key.lower())]
            if len(starts) == 1:
                words.append(starts[0] if value is None else f"{starts[0]}={value}")
                changed = True
                continue
            owners = self._owners(key, choices) if value is None else []
            if len(owners) == 1:  # a value alone, of one choice only: 'build cotton'
                words.append(f"{owners[0]}={key}")
                changed = True
                continue
            if self._asked_somewhere(name, key):
                return None  # a choice of the rules, not possible now: their reason says why
            raise InvalidMoveError(self._not_a_choice_name(name, key, value, choices, starts))
        return " ".join([name] + words) if changed else None

    def _check_spelt(self, name: str, key: str, value: str, options: dict) -> None:
        """Refuse a value that no legal move has and that names nothing in the game: a
        misspelling, with the legal ones close to it. (A real name that is not possible
        now is left to the rules, which say why.)"""
        import difflib

        from .language.decisions import spelling, spellings

        written = spelling(value.strip("'\""))
        by_spelling = {s: t for t, v in options.items() for s in spellings(v, t)}
        if written in by_spelling or written in self._known_spellings():
            return
        close = difflib.get_close_matches(written, list(by_spelling), n=3, cutoff=0.6)
        if not close:
            return
        from .language.statements import SHOWN_CHOICES

        hint = " or ".join(dict.fromkeys(by_spelling[c] for c in close))
        what = f"a {name}" if name in self.rules.actions else name
        shown = ", ".join(list(options)[:SHOWN_CHOICES])
        more = f", ... and {len(options) - SHOWN_CHOICES} more" if len(options) > SHOWN_CHOICES else ""
        raise InvalidMoveError(f"{value!r} names nothing in this game (did you mean {key}={hint}?); the possible ones for {key} in {what} now are: {shown}{more}")

    def _known_spellings(self) -> set:
        """Every way anything on the board or in the cards can be written (ids, shown names)."""
        known = getattr(self.ruleset, "_known_spellings", None)
        if known is None:
            from .language.decisions import spelling

            known = set()
            for (kind, ident), thing in self.board.by_id.items():
                known.add(spelling(str(ident)))
                if isinstance(getattr(thing, "name", None), str):
                    known.add(spelling(thing.name))
            self.ruleset._known_spellings = known
        return known

    def _asked_somewhere(self, name: str, key: str) -> bool:
        """Does the code of this action (or procedure) ask for this choice anywhere?"""
        from .explain.asked import guards

        declaration = self._code_of(name)
        return declaration is not None and guards(declaration.body, key, self.rules.declarations) is not None

    def _code_of(self, name: str):
        """The syntax tree of an action, or of a procedure that asks for decisions."""
        declarations = self.rules.declarations
        return declarations.get(("action", name)) or declarations.get(("procedure", name))

    @staticmethod
    def _owners(word: str, choices: dict) -> list:
        """The choices that have a value written as this word."""
        from .language.decisions import spelling, spellings

        return [k for k, options in choices.items() if any(spelling(word) in spellings(v, t) for t, v in options.items())]

    def _not_a_choice_name(self, name: str, key: str, value, choices: dict, starts: list) -> str:
        import difflib

        from .language.decisions import spelling, spellings

        what = f"a {name} now" if name in self.rules.actions else f"{name} now"
        names = ", ".join(choices)
        if value is None:  # a value written without the name of its choice?
            owners = self._owners(key, choices)
            if owners:
                ways = " or ".join(f"{k}={key}" for k in owners)
                return f"'{key}' alone is not a choice: write which choice it is for, {ways}; the choices of {what} are: {names}"
            by_spelling = {s: (k, t) for k, options in choices.items() for t, v in options.items() for s in spellings(v, t)}
            close = difflib.get_close_matches(spelling(key), list(by_spelling), n=1, cutoff=0.7)
            if close:
                k, t = by_spelling[close[0]]
                return f"'{key}' is not a choice of {what} (did you mean {k}={t}?); a choice is written NAME=VALUE, and the choices are: {names}"
        close = starts or difflib.get_close_matches(key.lower(), list(choices), n=2, cutoff=0.6)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return f"'{key}' is not a choice of {what}{hint}; its choices are: {names}"

    @staticmethod
    def _readings(tokens) -> Iterator[tuple]:
        """(in_order, values_any_order) for each way to read a move's tokens, in turn:
        in the rules' order; by name in any order; and, if a choice is written more
        than once (develop's two industries), by name with its values in any order too.
        Each is one search of the rules, so reading a move costs a few listings at most."""
        yield True, False
        yield False, False
        keys = [key for key, value in tokens if value is not None]
        if len(keys) != len(set(keys)):
            yield False, True

    def _matching(self, tokens) -> list:
        frame = self.state.frame
        result = {}
        with self._at_frame_start():
            run = self._new_run(frame, "parse", tokens)
            run.in_order = False
            for path, stopped, action in self._solutions(run, frame):
                move = self._interpreted_move(frame, action, path)
                result.setdefault(move.notation(), move)
                if len(result) >= 50:
                    break
        return list(result.values())

    def _illegal(self, text, tokens, failures, values_any_order: bool = False) -> IllegalMoveError:
        frame = self.state.frame
        with self._at_frame_start():
            run = self._new_run(frame, "parse", tokens, diagnose=True)
            run.in_order = False
            run.values_any_order = values_any_order
            try:
                for _ in self._solutions(run, frame):
                    pass
            except RuleRuntimeError:
                # Going on past a failed requirement can run into what that
                # requirement guards against; the reasons found so far stand.
                if not run.failures:
                    raise
            detailed = run.best_failures()
        chosen = detailed or failures
        reasons = []
        summary = ""
        for position, failure in enumerate(chosen):
            # One citation for a run of reasons from the same rule.
            following = chosen[position + 1] if position + 1 < len(chosen) else None
            reasons.append(failure.text(with_cite=following is None or following.cite != failure.cite))
            if failure.describe and not summary:
                summary = f"cannot {failure.describe}"
        if not summary and frame.kind == "action" and not frame.script:
            action = self.rules.actions.get(tokens[0][1]) if tokens else None
            if action is not None:
                summary = f"cannot {action.title.lower()}"
        if not reasons:
            reasons = ["no legal move fits it"]
        return IllegalMoveError(text, reasons, summary)

    def play(self, text: str) -> Move:
        """Check a move written in notation and apply it; return the move played."""
        move = self.parse(text)
        self.push(move)
        return move

    def push(self, move: Move) -> None:
        """Apply a legal move (one from legal_moves, random_move or parse).

        A move the game made at this very position is applied as it is. Any other
        (kept from an earlier position, built by hand, read from elsewhere) is
        checked first, as ``parse`` checks a written move: it must be a whole legal
        move here, or it is refused with the rules' reasons and nothing changes."""
        frame = self.state.frame
        if frame is None:
            raise GameOverError("the game is over: no more moves")
        if not isinstance(move, Move):
            raise InvalidMoveError(f"push takes a Move (from legal_moves, parse or a bot), not {type(move).__name__}; to play a written move, use play()")
        if move.player != frame.waiting:
            raise IllegalMoveError(move.notation(), [f"it is {self.state.players[frame.waiting].name}'s move"])
        trusted = move.origin is self._position
        if not trusted:
            move = self._checked(move)
        if move.values is not None:
            tokens = [(d.key, d.text, value) for d, value in zip(move.decisions, move.values)]
        else:
            tokens = [(d.key, d.text) for d in move.decisions]
        self._apply(tokens, move.player, move, trusted)

    def _checked(self, move: Move) -> Move:
        """The legal move here that a Move from elsewhere is, decision for decision."""
        text = move.notation()
        legal = self.parse(text)
        # The same decisions in another order, to the same effect, stand for the move kept.
        if _decision_counts(legal) != _decision_counts(move):
            raise IllegalMoveError(text, [f"it is not a whole move here: the legal move it stands for is {legal.notation()!r}, with the decisions {', '.join(d.key for d in legal.decisions)}"])
        return legal

    def _apply(self, tokens, player: int, move: Optional[Move], trusted: bool = False) -> None:
        """Give the waiting frame a move's decisions, run the game on, mark what can be undone.

        ``move`` is None in a playout, which keeps no history. ``trusted``: the game
        made the move at this very position, so its choices need no checking.
        All or nothing: if anything fails on the way (a rule that breaks, a hook
        that raises), the game is put back exactly as it was and the error raised."""
        state = self.state
        mark = state.journal.mark()
        turn = (state.era_index, state.round, state.turn_index)
        position, history, idle = self._position, len(self.history), self._idle_turns
        frame = state.frame
        try:
            revealed = self._continue_frame(tokens, trusted)
            self._position = object()
            if move is not None:
                self.history.append(_Played(move, mark, turn, frame, position))
            self._advance()
            hook = self.ruleset.hook.brass_after_move
            if hook.get_hookimpls():
                hook(game=self, move=move)
        except BaseException:
            self._restore(mark, frame)
            del self.history[history:]
            self._position, self._idle_turns = position, idle
            raise
        self._mark_boundaries(player, turn, revealed)

    def _restore(self, mark: int, frame: FrameState) -> None:
        """Back to the journal position ``mark``, with ``frame`` waiting as it was."""
        journal = self.state.journal
        if not frame.partial:
            journal.rollback(mark)
            return
        # A frame waiting partway is rolled back to its start by the next move, and
        # run again with all its decisions: the journal after ``mark`` is not the
        # record of that move alone. So its decisions so far are run again, as when
        # moves are explored from there.
        journal.rollback(frame.mark)
        self._rerun(frame.script)
        self._set("frame", frame)

    def _mark_boundaries(self, player: int, turn: tuple, revealed: bool) -> None:
        """After a move: can it still be taken back? If not, forget the journal."""
        state = self.state
        frame = state.frame
        same_turn = (state.era_index, state.round, state.turn_index) == turn
        own_next_action = frame is not None and frame.kind == "action" and not frame.partial and frame.waiting == player
        if same_turn and own_next_action and not revealed:
            return
        self._undo_floor = len(self.history)
        if frame is None:
            state.journal.forget()
        else:
            # Keep only what the waiting frame may need to roll back to its start.
            state.journal.forget_before(frame.mark)
            state.frame = frame.but(mark=0)

    def can_undo(self) -> bool:
        """True if the last move was the mover's own, in this turn, with no card drawn since."""
        return len(self.history) > self._undo_floor

    def undo(self) -> Move:
        """Take back the last move of the current turn; return it."""
        if not self.can_undo():
            raise UndoError("nothing to undo: moves can be taken back only within your own turn, before any card is drawn or hidden information revealed")
        played = self.history.pop()
        self._restore(played.mark, played.frame)
        # The very position the move was made at: the moves listed there are legal
        # here as they were, and need no checking again (search pushes and undoes them).
        self._position = played.position
        return played.move

    # -------------------------------------------------------------- outcome
    def outcome(self) -> Optional[Outcome]:
        """The ranking once the game is over, else None."""
        if not self.is_over():
            return None
        run = Run(self, "replay")
        ranking_rule = self.rules.defines["ranking"]
        keyed = []
        for player in self.state.players:
            key = ranking_rule.value(Frame({ranking_rule.params[0]: player}, run))
            if not isinstance(key, (list, tuple)) or not all(isinstance(value, int) for value in key):
                # Compared player against player, anything else would fail or rank by accident.
                raise RuleRuntimeError(f"ranking gave {shown(key)} for {player.name}; it must be a list of numbers, highest first, such as [p.vp, p.money]", ranking_rule.where)
            keyed.append((tuple(key), player.index))
        keyed.sort(key=lambda kv: kv[0], reverse=True)
        ranking = []
        last = None
        for key, index in keyed:
            if ranking and key == last:
                ranking[-1].append(index)
            else:
                ranking.append([index])
            last = key
        scores = [self.scores(p) for p in self.state.players]
        return Outcome(ranking, scores, [p.name for p in self.state.players])

    def scores(self, player) -> dict:
        return {
            "vp": player.vp,
            "income_level": self.board.income.level(player.income_space),
            "money": player.money,
        }

    # --------------------------------------------------------------- records
    def record(self) -> dict:
        """Everything needed to replay this game exactly."""
        return {
            "format": RECORD_FORMAT,
            "engine": __version__,
            "ruleset": self.ruleset.name,
            "ruleset_version": self.ruleset.version,
            "lineage": self.ruleset.lineage(),
            "players": [p.name for p in self.state.players],
            "seed": self.seed,
            "chance": self.chance,
            "position": self.position,
            "moves": [{"player": p.move.player, "move": p.move.notation()} for p in self.history],
        }

    def save(self, path) -> None:
        """Write the record to a file only its owner may read (it holds the seed);
        SaveError saying why if it cannot be written, and the game goes on."""
        from .records import write_private

        write_private(path, json.dumps(self.record(), indent=1) + "\n")

    @classmethod
    def from_record(cls, record: dict, ruleset: Ruleset | str | None = None) -> "Game":
        """Replay a record; raise RecordError saying why if it cannot be replayed.

        The record is checked whole first (:mod:`brass.records`); it names an
        installed ruleset, which is loaded unless ``ruleset`` is given.
        """
        from .position import PositionError
        from .records import check_record
        from .ruleset import installed_rulesets

        check_record(record)
        if ruleset is None:
            installed = installed_rulesets()
            if record["ruleset"] not in installed:
                raise RecordError(
                    f"record.ruleset: {record['ruleset']!r} is not an installed ruleset; installed: {', '.join(sorted(installed))}"
                )
            ruleset = record["ruleset"]
        try:
            ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        except BrassError as error:
            raise RecordError(f"the record's ruleset {record['ruleset']!r} cannot be loaded: {error}") from error
        if ruleset.name != record["ruleset"] or ruleset.version != record["ruleset_version"]:
            raise RecordError(
                f"the record was made with {record['ruleset']} {record['ruleset_version']}, "
                f"but {ruleset.name} {ruleset.version} is installed; the rules may differ, so it is not replayed"
            )
        try:
            game = cls(ruleset, record["players"], seed=record["seed"], chance=record.get("chance") or None)
            if record.get("position"):
                game.set_position(record["position"])
        except PositionError as error:
            text = str(error)
            raise RecordError(f"record.{text}" if text.startswith("position") else f"record.position: {text}") from error
        except BrassError as error:
            raise RecordError(f"the record's game cannot be set up: {error}") from error
        for number, entry in enumerate(record["moves"], 1):
            if game.to_move != entry["player"]:
                raise RecordError(f"move {number} ({entry['move']!r}) is by player {entry['player']}, but player {game.to_move} is to move")
            try:
                game.play(entry["move"])
            except BrassError as error:
                raise RecordError(f"move {number} ({entry['move']!r}) cannot be replayed: {error}") from error
        return game

    @classmethod
    def load(cls, path) -> "Game":
        """Replay the record in a file (see :meth:`from_record`)."""
        from .records import read_record

        return cls.from_record(read_record(path))

    # -------------------------------------------------------------- copies
    def copy(self) -> "Game":
        """An independent copy (for search); its undo history starts empty."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._position = object()
        other.history = []
        other._undo_floor = 0
        frame = self.state.frame
        if frame is not None and frame.partial:
            with self._at_frame_start():
                other.state = self.state.copy()
            other.state.frame = frame.but(mark=0, script=(), partial=False)
            other._rerun(frame.script)
            other.state.frame = frame.but(mark=0)
        else:
            other.state = self.state.copy()
            if frame is not None:
                other.state.frame = frame.but(mark=0)
        return other

    # ----------------------------------------------------------------- views
    def view(self, player: Optional[int] = None) -> dict:
        """What a player may see (None: an onlooker sees no hand)."""
        from .view import player_view

        return player_view(self, player)


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


class LegalMoves:
    """The legal moves now, generated on demand (as in python-chess)."""

    def __init__(self, game: Game, only=None):
        self.game = game
        self.only = only

    def of(self, action: str) -> "LegalMoves":
        """Only the moves of one action (the others are not even generated)."""
        if action not in self.game.rules.actions:
            raise InvalidMoveError(f"{action!r} is not an action; the actions are: {', '.join(self.game.rules.actions)}")
        return LegalMoves(self.game, action)

    def __iter__(self) -> Iterator[Move]:
        return self.game._enumerate(self.only)

    def __contains__(self, move) -> bool:
        if isinstance(move, Move):
            move = move.notation()
        try:
            self.game.parse(move)
        except Exception:
            return False
        return True

    def count(self) -> int:
        return self.game.count_moves(self.only)

    def __bool__(self) -> bool:
        return self.count() > 0

    def __repr__(self) -> str:
        moves = [m.notation() for m, _ in zip(self, range(6))]
        return f"<LegalMoves {', '.join(moves)}{', ...' if len(moves) == 6 else ''}>"

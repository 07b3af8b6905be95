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
``era_over`` and ``ranking``. The game asks them through its runner
(:mod:`brass.game.runner`), which alone knows the two rule engines; a written
move is read by :mod:`brass.game.reading`.
"""

from __future__ import annotations

import json
import random
from typing import Optional

from ..errors import BrassError, GameOverError, IllegalMoveError, InvalidMoveError, RecordError, RuleRuntimeError, SetupError, UndoError
from ..invariants import cards_in_game
from ..language.decisions import notation as value_notation
from ..language.limits import MAX_ROUNDS_PER_ERA, actions_per_turn, shown
from ..model.state import GameState
from ..records import RECORD_FORMAT, check_record, read_record, write_private
from ..ruleset import Ruleset, installed_rulesets, load_ruleset
from ..text import printable
from ..version import __version__
from . import reading
from .lookahead import Lookahead
from .moves import FrameState, LegalMoves, Move, Outcome, _Played
from .runner import RUNNER

# The undo policy, Board Game Arena's: a move may be taken back within its
# player's own turn, before any card is drawn or hidden information revealed.
UNDO_REFUSED = "nothing to undo: moves can be taken back only within your own turn, before any card is drawn or hidden information revealed"


class Game(Lookahead):
    """One game: a ruleset, a number of players, a seed or a given set-up."""

    # What runs the rules' frames for the game (brass.game.runner): one for every
    # game, since it keeps nothing of any.
    runner = RUNNER

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
        # reference, which tests compare against). ``fallbacks``: each time the
        # generated code failed at a question and the interpreter answered it
        # (brass.game.runner.Fallback: the question, the reason).
        self.fast = self.ruleset.fast
        self.fallbacks: tuple = ()
        self.moment = object()  # changes with every move: a move made at another moment is checked
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
        from ..position import set_position

        set_position(self, position, any_cards=any_cards)
        self.position = position
        self.moment = object()

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
                    if self.runner.has_move(self):
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
                if self.define("era_over", None):
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
        value = self.define("actions_this_turn", you)
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
        value = self.define("game_ends_after_era", None)
        where = self.rules.defines["game_ends_after_era"].where
        if not isinstance(value, bool):
            raise RuleRuntimeError(f"game_ends_after_era gave {shown(value)} after the {era.name}; it must be true or false", where)
        if not value and era.is_last:
            raise RuleRuntimeError(f"game_ends_after_era is false after the last era, the {era.name}; there is no era after it", where)
        return value

    def define(self, name: str, player=None, *args):
        """The value of the rules' definition ``name`` now, for ``player`` (a seat, a
        player of the state, or None), its parameters given ``args`` in order."""
        you = self.state.players[player] if isinstance(player, int) else player
        return self.runner.define(self, name, you, *args)

    _define = define  # the name brass.invariants asks by

    def _open_frame(self, frame: FrameState) -> None:
        self._set("frame", frame)
        # The frame starts here: rolling back to its mark keeps the frame itself.
        self.state.frame = frame.but(mark=self.state.journal.mark())

    def _start_procedure(self, name: str, you: Optional[int], then: str) -> None:
        self._open_frame(FrameState("procedure", name, you, 0, then=then))
        self.runner.continue_frame(self, ())

    # ----------------------------------------------------------------- moves
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to move (lazy; iterate, count(), ``in``)."""
        return LegalMoves(self)

    def parse(self, text: str) -> Move:
        """The legal move a text stands for; raises a MoveError saying why not (see
        :mod:`brass.game.reading`)."""
        return reading.parse(self, text)

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
        trusted = move.origin is self.moment
        if not trusted:
            move = reading.checked(self, move)
        if move.values is not None:
            tokens = [(d.key, d.text, value) for d, value in zip(move.decisions, move.values)]
        else:
            tokens = [(d.key, d.text) for d in move.decisions]
        self._apply(tokens, move.player, move, trusted)

    def _apply(self, tokens, player: int, move: Optional[Move], trusted: bool = False) -> None:
        """Give the waiting frame a move's decisions, run the game on, mark what can be undone.

        ``move`` is None in a playout, which keeps no history. ``trusted``: the game
        made the move at this very position, so its choices need no checking.
        All or nothing: if anything fails on the way (a rule that breaks, a hook
        that raises), the game is put back exactly as it was and the error raised."""
        state = self.state
        mark = state.journal.mark()
        turn = (state.era_index, state.round, state.turn_index)
        position, history, idle = self.moment, len(self.history), self._idle_turns
        frame = state.frame
        try:
            revealed = self.runner.continue_frame(self, tokens, trusted)
            self.moment = object()
            if move is not None:
                self.history.append(_Played(move, mark, turn, frame, position))
            self._advance()
            hook = self.ruleset.hook.brass_after_move
            if hook.get_hookimpls():
                hook(game=self, move=move)
        except BaseException:
            self._restore(mark, frame)
            del self.history[history:]
            self.moment, self._idle_turns = position, idle
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
        self.runner.rerun(self, frame.script)
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

    def undo_refusal(self, player: Optional[int] = None) -> Optional[str]:
        """Why the last move cannot be taken back now (by ``player``, a seat, if given),
        or None if it can: the one statement of the undo policy (UNDO_REFUSED)."""
        if len(self.history) <= self._undo_floor:
            return UNDO_REFUSED
        if player is not None and self.history[-1].move.player != player:
            return UNDO_REFUSED  # only the player who made it takes it back
        return None

    def can_undo(self, player: Optional[int] = None) -> bool:
        """True if the last move was the mover's own (``player``'s, if given), in this
        turn, with no card drawn and nothing hidden revealed since."""
        return self.undo_refusal(player) is None

    def undo(self, player: Optional[int] = None) -> Move:
        """Take back the last move of the current turn (``player``'s, if given); return it.
        UndoError saying why not (see :meth:`undo_refusal`)."""
        refusal = self.undo_refusal(player)
        if refusal is not None:
            raise UndoError(refusal)
        played = self.history.pop()
        self._restore(played.mark, played.frame)
        # The very position the move was made at: the moves listed there are legal
        # here as they were, and need no checking again (search pushes and undoes them).
        self.moment = played.position
        return played.move

    # -------------------------------------------------------------- outcome
    def outcome(self) -> Optional[Outcome]:
        """The ranking once the game is over, else None."""
        if not self.is_over():
            return None
        ranking_rule = self.rules.defines["ranking"]
        keyed = []
        for player in self.state.players:
            key = self.define("ranking", None, player)
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
        write_private(path, json.dumps(self.record(), indent=1) + "\n")

    @classmethod
    def from_record(cls, record: dict, ruleset: Ruleset | str | None = None, *, moves: Optional[int] = None) -> "Game":
        """Replay a record; raise RecordError saying why if it cannot be replayed.

        The record is checked whole first (:mod:`brass.records`); it names an
        installed ruleset, which is loaded unless ``ruleset`` is given. ``moves``:
        the game at that move, only the first so many of its moves replayed (0 to
        the number it has; RecordError if it has not so many).
        """
        from ..position import PositionError

        check_record(record)
        played = record["moves"]
        if moves is not None:
            if not 0 <= moves <= len(played):
                raise RecordError(f"move {moves}: the record has {len(played)} move{'s' if len(played) != 1 else ''} (0 to {len(played)})")
            played = played[:moves]
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
        for number, entry in enumerate(played, 1):
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
        return cls.from_record(read_record(path))

    # -------------------------------------------------------------- copies
    def copy(self) -> "Game":
        """An independent copy (for search); its undo history starts empty."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.moment = object()
        other.history = []
        other._undo_floor = 0
        frame = self.state.frame
        if frame is not None and frame.partial:
            with self.runner.at_frame_start(self):
                other.state = self.state.copy()
            other.state.frame = frame.but(mark=0, script=(), partial=False)
            other.runner.rerun(other, frame.script)
            other.state.frame = frame.but(mark=0)
        else:
            other.state = self.state.copy()
            if frame is not None:
                other.state.frame = frame.but(mark=0)
        return other

    # ----------------------------------------------------------------- views
    def view(self, player: Optional[int] = None) -> dict:
        """What a player may see (None: an onlooker sees no hand)."""
        from ..view import player_view

        return player_view(self, player)

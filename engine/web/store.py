"""The games a server holds: each a table of seats, kept on disk so a restart loses none.

A :class:`Table` is one game with who sits where (a person, or a bot by name) and
one secret token per seat. Its record (:meth:`brass.game.Game.record`) is written
to ``DIR/games/ID.json`` after every move, and :class:`Store` replays every file
it finds when the server starts. Bots move in a thread of their own; whoever
listens (a browser's connection) is told through a callback after each change.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from pathlib import Path
from typing import Callable, Optional

from ..bots import make_bot
from ..bots.seating import seat_bots
from ..game.game import UNDO_REFUSED
from ..records import write_private
from ..errors import BrassError, MoveError, UndoError
from ..game import Game

HUMAN = "human"


class Table:
    """One game on the server: the game, its seats, their tokens and listeners."""

    def __init__(self, table_id: str, game: Game, seats: list, tokens: list, store: "Store"):
        self.id = table_id
        self.game = game
        self.seats = list(seats)  # per seat: "human" or a bot's name
        self.tokens = list(tokens)
        self.store = store
        self.lock = threading.RLock()
        self.version = 0  # goes up with every change: listeners compare it
        self.thinking: Optional[int] = None  # the bot seat choosing now
        # Seats come from a request or a saved file: registered bots only, nothing imported by name.
        self._bots = seat_bots(self.seats, game.seed, imports=False)
        self._listeners: list = []
        self._bot_thread: Optional[threading.Thread] = None

    # ------------------------------------------------------------- seats
    def seat_of(self, token: str) -> Optional[int]:
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, token):
                return seat
        return None

    def human_seats(self) -> list:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]

    # ------------------------------------------------------------- moves
    def play(self, seat: int, text: str):
        """Play a move written in notation for ``seat``; raise MoveError saying why not."""
        with self.lock:
            self._check_turn(seat)
            move = self.game.play(text)
            self._changed()
            return move

    def undo(self, seat: int):
        with self.lock:
            self._check_turn(seat)
            refused = self._undo_refusal(seat)
            if refused is not None:
                raise UndoError(refused)
            move = self.game.undo()
            self._changed()
            return move

    def can_undo(self, seat: int) -> bool:
        return self._undo_refusal(seat) is None

    def _undo_refusal(self, seat: int):
        """The game's undo policy (Game.undo_refusal), for a seat whose turn it is."""
        if self.game.to_move != seat:
            return UNDO_REFUSED
        return self.game.undo_refusal(seat)

    def why(self, seat: int, text: str) -> Optional[str]:
        """Why ``text`` (a move, or the start of one) cannot be played now, or None if it can."""
        with self.lock:
            self._check_turn(seat)
            try:
                self.game.parse(text)
            except MoveError as error:
                return str(error)
            return None

    def _check_turn(self, seat: int) -> None:
        if self.game.is_over():
            raise MoveError("the game is over: no more moves")
        if self.game.to_move != seat:
            whose = self.game.players[self.game.to_move].name if self.game.to_move is not None else "nobody"
            raise MoveError(f"it is {whose}'s move, not yours")

    # ------------------------------------------------------------- changes
    def listen(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` (from any thread) after every change; returns a function that stops it."""
        with self.lock:
            self._listeners.append(callback)

        def stop():
            with self.lock:
                if callback in self._listeners:
                    self._listeners.remove(callback)

        return stop

    def _changed(self) -> None:
        self.version += 1
        self.store.save(self)
        for callback in list(self._listeners):
            callback()
        self.wake_bots()

    def wake_bots(self) -> None:
        """Start the bot thread if a bot is to move and none is running."""
        with self.lock:
            if self.game.is_over() or self.game.to_move not in self._bots:
                return
            if self._bot_thread is not None and self._bot_thread.is_alive():
                return
            self._bot_thread = threading.Thread(target=self._run_bots, name=f"bots-{self.id}", daemon=True)
            self._bot_thread.start()

    def _run_bots(self) -> None:
        while True:
            time.sleep(self.store.bot_delay)
            with self.lock:
                seat = self.game.to_move
                if self.game.is_over() or seat not in self._bots:
                    self.thinking = None
                    return
                self.thinking = seat
                try:
                    move = self._bots[seat].choose(self.game)
                    self.game.push(move)
                except BrassError as error:  # a broken bot must not take the server down
                    self.store.log(f"table {self.id}: bot {self.seats[seat]} failed: {error}")
                    self.thinking = None
                    return
                self.thinking = None
                self.version += 1
                self.store.save(self)
                listeners = list(self._listeners)
            for callback in listeners:
                callback()

    # ------------------------------------------------------------- disk
    def to_json(self) -> dict:
        return {"id": self.id, "seats": self.seats, "tokens": self.tokens, "record": self.game.record()}


class Store:
    """Every table, by id and by seat token; kept in ``data_dir`` (None: in memory only)."""

    def __init__(self, data_dir=None, bot_delay: float = 0.4, log: Callable[[str], None] = print):
        self.dir = Path(data_dir) / "games" if data_dir is not None else None
        self.bot_delay = bot_delay
        self.log = log
        self.tables: dict = {}
        self._lock = threading.Lock()
        if self.dir is not None:
            self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._load_all()

    def _load_all(self) -> None:
        for path in sorted(self.dir.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                game = Game.from_record(data["record"])
                table = Table(data["id"], game, data["seats"], data["tokens"], self)
            except (BrassError, ValueError, KeyError, TypeError) as error:
                self.log(f"{path}: not loaded: {error}")
                continue
            self.tables[table.id] = table
        for table in self.tables.values():
            table.wake_bots()

    def create(self, game: Game, seats: list) -> Table:
        """A new table for ``game``; each person's seat gets a secret token."""
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats given for {len(game.players)} players")
        for kind in seats:
            if kind != HUMAN:
                make_bot(kind, 0, imports=False)  # fails now, with the reason, if there is no such bot
        with self._lock:
            table_id = secrets.token_hex(6)
            tokens = [secrets.token_urlsafe(18) if kind == HUMAN else None for kind in seats]
            table = Table(table_id, game, seats, tokens, self)
            self.tables[table_id] = table
        self.save(table)
        table.wake_bots()
        return table

    def by_token(self, token: str):
        """(table, seat) for a seat's token, or (None, None)."""
        for table in list(self.tables.values()):
            seat = table.seat_of(token)
            if seat is not None:
                return table, seat
        return None, None

    def save(self, table: Table) -> None:
        if self.dir is None:
            return
        # The seats' tokens and the seed are in it: readable by the server's user only.
        write_private(self.dir / f"{table.id}.json", json.dumps(table.to_json(), indent=1) + "\n")

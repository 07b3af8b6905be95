"""The bots at a table: they think on a copy of the game, never holding the table.

While a bot thinks, every page shows it ("is thinking"), and the table answers
everyone at once: the bot works on :meth:`Game.copy`, and its move is applied
only if the position is still the one it thought about. A bot that fails (any
exception) or thinks longer than :attr:`Limits.bot_seconds` is reported on
every page as the table's *trouble*, and any person at the table may hand its
seat to another bot or to a person (:meth:`SeatBots.hand_over`). A table never
waits in silence.
"""

from __future__ import annotations

import threading
import time
import traceback
from typing import Optional

from ..bots.seating import seat_bots
from ..errors import BrassError
from .table import HUMAN, Table, check_seats, new_token


class SeatBots:
    """The bots of one table and the thread that runs them (one at a time)."""

    def __init__(self, table: Table, delay: float, log):
        self.table = table
        self.delay = delay  # a pause before each bot move, so people see them one by one
        self.log = log
        self.bots = seat_bots(table.seats, table.game.seed, imports=False)
        self.generation = 0  # goes up when a seat is handed over: a bot still thinking is then ignored
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()

    def wake(self) -> None:
        """Start the thread if a bot is to move and none is running."""
        table = self.table
        with table.lock:
            if table.game.is_over() or table.game.to_move not in self.bots or table.trouble is not None:
                return
        with self._lock:
            # A thread still waiting for a bot whose seat was handed over is left to finish
            # alone (its answer is ignored): the new bot does not wait for it.
            if self._thread is not None and self._thread.is_alive() and self._thread.generation == self.generation:
                return
            self._thread = threading.Thread(target=self._run, args=(self.generation,), name=f"bots-{table.id}", daemon=True)
            self._thread.generation = self.generation
            self._thread.start()

    def _run(self, started: int) -> None:
        table = self.table
        while started == self.generation:
            time.sleep(self.delay)
            with table.lock:
                seat = table.game.to_move
                if table.game.is_over() or seat not in self.bots or table.trouble is not None:
                    return
                version, generation, bot = table.version, self.generation, self.bots[seat]
                game = table.game.copy()  # thought about away from the table: pages keep answering
                table.thinking, table.thinking_since = seat, time.time()
                table.changed_now()
            try:
                move = bot.choose(game)
            except Exception as error:  # any failure of a bot is reported, never a silent stall
                self._failed(seat, version, generation, error)
                return
            with table.lock:
                if generation != self.generation:
                    return  # the seat was handed over meanwhile
                table.thinking = None
                try:
                    if not table.push_bot(seat, move, version):
                        table.changed_now()
                except BrassError as error:
                    self._failed(seat, version, generation, error)
                    return

    def _failed(self, seat: int, version: int, generation: int, error: Exception) -> None:
        table = self.table
        detail = str(error) if isinstance(error, BrassError) else f"{type(error).__name__}: {error}"
        self.log(f"table {table.id}: bot {table.seats[seat]} failed: {detail}")
        if not isinstance(error, BrassError):
            self.log(traceback.format_exc())
        with table.lock:
            if generation != self.generation or version != table.version:
                return
            table.thinking = None
            table.trouble = {"seat": seat, "bot": table.seats[seat], "message": f"failed: {detail[:300]}", "failed": True}
            table.changed_now()

    def check_overdue(self, limit: float) -> None:
        """Report a bot thinking longer than ``limit`` seconds (it may still answer)."""
        table = self.table
        with table.lock:
            if table.thinking is None or table.trouble is not None or time.time() - table.thinking_since < limit:
                return
            seat = table.thinking
            table.trouble = {"seat": seat, "bot": table.seats[seat], "message": f"has been thinking for over {limit:g} s", "failed": False}
            table.changed_now()

    def hand_over(self, by: int, seat: int, to: str) -> Optional[str]:
        """Seat ``seat`` (a bot's) goes to bot ``to`` or to a person (``human``), asked by the
        person in seat ``by``; returns the new person's token. ValueError saying why not."""
        table = self.table
        with table.lock:
            if table.seats[by] != HUMAN:
                raise ValueError("only a person at the table may hand a seat over")
            if not 0 <= seat < len(table.seats) or table.seats[seat] == HUMAN:
                raise ValueError("only a bot's seat can be handed over")
            if table.trouble is None or table.trouble["seat"] != seat:
                raise ValueError(f"{table.game.players[seat].name}'s bot is not in trouble: it keeps its seat")
            seats = list(table.seats)
            seats[seat] = to
            check_seats(seats, len(seats))
            was = table.seats[seat]
            table.seats = seats
            token = new_token() if to == HUMAN else None
            table.tokens[seat] = token
            table.claimed[seat] = False
            self.generation += 1
            self.bots = seat_bots(table.seats, table.game.seed, imports=False)
            table.thinking = None
            table.trouble = None
            who = "a person" if to == HUMAN else f"the bot {to}"
            table.notice = f"{table.game.players[seat].name}'s seat went from the bot {was} to {who}, at {table.game.players[by].name}'s request"
            table.start_clock()
            table.changed_now(save=True)
        self.wake()
        return token

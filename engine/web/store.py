"""The games a server holds, kept on disk so that neither a restart nor a crash loses one.

Each table is the file ``DIR/games/ID.json`` (:meth:`brass.web.table.Table.to_json`),
written after every change *atomically*: the text goes to a new file beside
it, is flushed to the disk, and then replaces the old one, so a crash at any
moment leaves either the old file or the new one, whole. At the start every
file is read back by :func:`brass.web.table.table_from_json`, the same check a
new table passes before it is accepted; a file that fails it is reported and
skipped, the others load. A file's id must be its name, and a path is never
made from anything a file says: nothing can be written outside ``DIR/games``.

The store also keeps the tables' clocks: a ticker thread reports bots that
think too long and moves for a person whose time has run out.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from pathlib import Path
from typing import Callable, Optional

from ..bots import make_bot
from ..errors import BrassError, RecordError
from .bot_seats import SeatBots
from .limits import Limits, Refused
from .table import HUMAN, ID, Table, table_from_json, table_json_for

TIMEOUT_BOT = "greedy"  # moves for a person whose time ran out: quick, and sensible


class Store:
    """Every table, by id and by token; kept in ``data_dir`` (None: in memory only)."""

    def __init__(self, data_dir=None, bot_delay: float = 0.4, log: Callable[[str], None] = print, limits: Optional[Limits] = None, tick: float = 0.5):
        self.dir = Path(data_dir) / "games" if data_dir is not None else None
        self.archive = Path(data_dir) / "finished" if data_dir is not None else None
        self.bot_delay = bot_delay
        self.log = log
        self.limits = limits or Limits()
        self.tables: dict = {}
        self._tokens: dict = {}  # sha256 of a token -> (table id, seat or None for onlookers)
        self._lock = threading.RLock()
        self.save_errors: dict = {}  # table id -> why its last save failed
        if self.dir is not None:
            self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._load_all()
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, args=(tick,), name="brass-clock", daemon=True)
        self._ticker.start()

    # ------------------------------------------------------------- loading
    def _load_all(self) -> None:
        for stale in self.dir.glob(".*.tmp"):  # a save cut short by a crash: the file it was to replace is whole
            stale.unlink(missing_ok=True)
        for path in sorted(self.dir.glob("*.json")):
            try:
                table = self._read(path)
            except (BrassError, Refused, ValueError, OSError, RecursionError) as error:
                self.log(f"{path}: not loaded: {getattr(error, 'reason', error)}")
                continue
            except Exception as error:  # one bad file must not keep the others from loading
                self.log(f"{path}: not loaded: {type(error).__name__}: {error}")
                continue
            self._add(table)
        for table in list(self.tables.values()):
            table.bots.wake()

    def _read(self, path: Path) -> Table:
        if path.is_symlink() or not path.is_file():
            raise RecordError("not a regular file")
        if path.stat().st_size > self.limits.record_body_bytes * 2:
            raise RecordError(f"{path.stat().st_size} bytes: too big for a table")
        from .limits import parse_json

        data = parse_json(path.read_bytes().decode("utf-8"), self.limits.json_depth, "the file")
        table = table_from_json(data, self.limits)
        if f"{table.id}.json" != path.name:
            raise RecordError(f"its id {table.id!r} is not its file's name")
        if table.id in self.tables or any(self._digest(t) in self._tokens for t in [*table.tokens, table.watch] if t):
            raise RecordError(f"table {table.id}: its id or a token is another table's")
        return table

    # ------------------------------------------------------------- tables
    def _add(self, table: Table) -> None:
        with self._lock:
            self.tables[table.id] = table
            self._index(table)
        table.on_change = self._changed
        table.store = self
        table.bots = SeatBots(table, self.bot_delay, self.log)
        table.start_clock()

    def _index(self, table: Table) -> None:
        for key, value in list(self._tokens.items()):
            if value[0] == table.id:
                del self._tokens[key]
        for seat, token in enumerate(table.tokens):
            if token:
                self._tokens[self._digest(token)] = (table.id, seat)
        self._tokens[self._digest(table.watch)] = (table.id, None)

    @staticmethod
    def _digest(token: str) -> bytes:
        # Looked up by a hash of the token: how long a lookup takes tells nothing of the token.
        return hashlib.sha256(token.encode("utf-8", "replace")).digest()

    def create(self, data, seats: Optional[list] = None) -> Table:
        """A new table from its file form (brass.web.table.new_table_json), checked as a file
        read back at the next start is; saved before it is answered. Refused if not.

        ``create(game, seats)``: a table for a game made here (its record is its file form)."""
        if seats is not None:
            data = table_json_for(data, seats)
        try:
            table = table_from_json(json.loads(json.dumps(data)), self.limits)
        except BrassError as error:
            raise Refused(400, str(error)) from None
        with self._lock:
            if len(self.tables) >= self.limits.games_kept and not self._archive_one():
                raise Refused(503, f"this server keeps at most {self.limits.games_kept} games, all still being played: finish or remove one first")
            self._add(table)
        self.save(table)
        table.bots.wake()
        return table

    def _archive_one(self) -> bool:
        """Make room: the finished game changed longest ago leaves for DIR/finished."""
        finished = [t for t in self.tables.values() if t.game.is_over()]
        if not finished:
            return False
        oldest = min(finished, key=lambda t: t.changed)
        del self.tables[oldest.id]
        self._tokens = {k: v for k, v in self._tokens.items() if v[0] != oldest.id}
        if self.dir is not None:
            self.archive.mkdir(exist_ok=True, mode=0o700)
            try:
                os.replace(self.dir / f"{oldest.id}.json", self.archive / f"{oldest.id}.json")
            except OSError as error:
                self.log(f"table {oldest.id}: not archived: {error}")
        return True

    def by_token(self, token: str):
        """(table, seat) for a seat's token; (table, None) for a table's onlookers' token;
        (None, None) for any other."""
        found = self._tokens.get(self._digest(token)) if isinstance(token, str) else None
        if found is None:
            return None, None
        table = self.tables.get(found[0])
        return (table, found[1]) if table is not None else (None, None)

    def reindex(self, table: Table) -> None:
        with self._lock:
            self._index(table)

    def open_tables(self) -> list:
        """The listed tables a person may join or watch, newest first."""
        with self._lock:
            listed = [t for t in self.tables.values() if t.listed and not t.game.is_over()]
        return sorted(listed, key=lambda t: -t.created)

    # ------------------------------------------------------------- disk
    def _changed(self, table: Table, save: bool) -> None:
        if save:
            self.save(table)

    def save(self, table: Table) -> None:
        if self.dir is None:
            return
        assert ID.fullmatch(table.id)  # checked when the table was made: never a path
        text = json.dumps(table.to_json(), indent=1) + "\n"
        try:
            write_atomically(self.dir / f"{table.id}.json", text)
        except OSError as error:
            self.save_errors[table.id] = str(error)
            self.log(f"table {table.id}: not saved: {error}")
        else:
            self.save_errors.pop(table.id, None)

    # ------------------------------------------------------------- clocks
    def _tick(self, every: float) -> None:
        while not self._stop.wait(every):
            for table in list(self.tables.values()):
                try:
                    table.bots.check_overdue(self.limits.bot_seconds)
                    self._time_out(table)
                except Exception as error:  # the clock keeps every table: one table's fault stops none
                    self.log(f"table {table.id}: clock: {type(error).__name__}: {error}")

    def _time_out(self, table: Table) -> None:
        with table.lock:
            if table.deadline is None or time.time() < table.deadline:
                return
            game = table.game
            seat = game.to_move
            if game.is_over() or table.seats[seat] != HUMAN:
                table.deadline = None
                return
            move = make_bot(TIMEOUT_BOT, (game.seed, seat, "timeout"), imports=False).choose(game.copy())
            name = game.players[seat].name
            table.time_out(seat, move, f"{name}'s time ran out ({table.clock} s a move): the bot {TIMEOUT_BOT} moved for them")

    def close(self) -> None:
        self._stop.set()


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all, readable by its owner only: a new
    file beside it, flushed to the disk, then renamed over it (and the folder flushed)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)

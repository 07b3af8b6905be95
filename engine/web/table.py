"""One game on the server: a table of seats, each a person or a bot.

A :class:`Table` holds the game, who sits where, one secret token per person's
seat and one for onlookers, the log of moves in words, the chat, and the
table's settings (a clock, whether it is listed). Every move goes through
:meth:`Table.play` or :meth:`Table.push_bot`, each under the table's lock and
each checked against the *version* of the position: a move chosen at an
older position (a double click, a frame sent again, a second tab) is refused,
so a move is applied at most once.

Its file form (:meth:`Table.to_json`) and :func:`table_from_json` are the one
way in and out: a new table is built from the file it will be saved as,
checked by the same code that loads it at the next start.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from typing import Callable, Optional

from ..bots.registry import bot_class
from ..errors import BrassError, MoveError, RecordError, UndoError
from ..explain.moves import move_words
from ..game import Game
from ..game.game import UNDO_REFUSED
from ..records import check_record
from .limits import Limits, Refused

HUMAN = "human"
FORMAT = "brass-web-table/1"
ID = re.compile(r"[0-9a-f]{12}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
CLOCKS = (0, 30, 60, 120, 300, 600)  # seconds per move a table may choose (0: no clock)
STALE = "this move was chosen on an older position (the board has changed since): look again and choose anew"


class Table:
    """One game on the server: its seats, their tokens, its log and listeners."""

    def __init__(self, table_id: str, game: Game, seats: list, tokens: list, *, watch: str, limits: Limits, settings: Optional[dict] = None):
        settings = settings or {}
        self.id = table_id
        self.game = game
        self.seats = list(seats)  # per seat: "human" or a bot's name
        self.tokens = list(tokens)  # per seat: the secret of a person's seat, None for a bot
        self.watch = watch  # the onlookers' token: public information only
        self.limits = limits
        self.lock = threading.RLock()
        self.version = int(settings.get("version", 0))  # the position's: every move and undo counts
        self.revision = 0  # anything shown changed (a move, a bot thinking, a line of chat)
        self.claimed = list(settings.get("claimed") or [t is not None for t in tokens])  # a person has the seat
        self.listed = bool(settings.get("listed", False))  # on the home page's list of open tables
        self.clock = int(settings.get("clock", 0))  # seconds per move, 0: none
        self.created = float(settings.get("created", time.time()))
        self.changed = float(settings.get("changed", self.created))
        self.chat: list = list(settings.get("chat", []))
        self.rematch: Optional[str] = settings.get("rematch")
        self.log: list = []  # per move: n, player, text (notation), words
        self.scores: list = []  # per move: the era and the VP scored so far under each heading, before it
        self.thinking: Optional[int] = None  # the bot seat choosing now
        self.thinking_since = 0.0
        self.trouble: Optional[dict] = None  # a bot that failed or is overdue: seat, bot, message
        self.deadline: Optional[float] = None  # when the person to move runs out of time
        self.notice: Optional[str] = None  # a line every page shows (time ran out, a seat handed over)
        self.on_change: Callable[["Table", bool], None] = lambda table, saved: None
        self._listeners: list = []
        self._hinting = threading.Lock()
        self.bots = None  # set by the store: brass.web.bot_seats.SeatBots
        self.store = None  # the store that keeps it

    # ------------------------------------------------------------- seats
    def human_seats(self) -> list:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]

    def open_seats(self) -> list:
        """People's seats no one has taken yet (joined from the list, or their link opened)."""
        return [i for i in self.human_seats() if not self.claimed[i]]

    def claim(self, seat: int) -> None:
        with self.lock:
            if not self.claimed[seat]:
                self.claimed[seat] = True
                self.changed_now(save=True)

    # ------------------------------------------------------------- moves
    def play(self, seat: int, text: str, version) -> None:
        """Play a move written in notation for ``seat``, chosen at position ``version``;
        MoveError saying why not (and the game is left as it was)."""
        with self.lock:
            self._check_turn(seat)
            self._check_version(version)
            move = self.game.parse(text)
            self._push(move)
            self.changed_now(save=True, moved=True)

    def undo(self, seat: int, version) -> None:
        with self.lock:
            self._check_turn(seat)
            self._check_version(version)
            refused = self._undo_refusal(seat)
            if refused is not None:
                raise UndoError(refused)
            self.game.undo()
            self.log.pop()
            self.scores.pop()
            self.changed_now(save=True, moved=True)

    def push_bot(self, seat: int, move, version: int) -> bool:
        """A bot's move, chosen at ``version``: applied if the position is still that one."""
        with self.lock:
            if version != self.version or self.game.to_move != seat or self.seats[seat] == HUMAN:
                return False
            self._push(self.game.parse(move.notation()))  # chosen on a copy: checked here
            self.changed_now(save=True, moved=True)
            return True

    def _push(self, move) -> None:
        push_logged(self.game, self.log, self.scores, move)

    def can_undo(self, seat: int) -> bool:
        return self._undo_refusal(seat) is None

    def _undo_refusal(self, seat: int):
        """The game's undo policy (Game.undo_refusal), for a seat whose turn it is."""
        if self.game.to_move != seat:
            return UNDO_REFUSED
        return self.game.undo_refusal(seat)

    def why(self, seat: int, text: str) -> tuple:
        """(why ``text`` (a move, or the start of one) cannot be played now, None if it can;
        the move in words if it can)."""
        with self.lock:
            self._check_turn(seat)
            try:
                move = self.game.parse(text)
            except MoveError as error:
                return str(error), None
            try:
                return None, move_words(self.game, move).sentence()
            except Exception:  # words are a courtesy
                return None, move.full_notation()

    def hint(self, seat: int, version) -> dict:
        """The hard bot's advice for ``seat`` now, as ``brass play``'s hint gives it
        (:func:`brass.bots.advice.advise`): ``moves``, its three best, each with its
        words, its worth and the action its plan takes after it, and ``reason``, why the
        first beats the second. Worked out on a copy, away from the table, one hint at
        a time per table."""
        from ..bots.advice import advise

        with self.lock:
            self._check_turn(seat)
            self._check_version(version)
            game = self.game.copy()
        if not self._hinting.acquire(blocking=False):
            raise MoveError("a hint is being worked out for this table already: a moment")
        try:
            advice = advise(game, seat)
            moves = [{"text": c.move.full_notation(), "words": _words(game, c.move), "value": round(float(c.worth), 1),
                      "then": _then_words(game, c.move, c.then)} for c in advice.candidates]
            return {"moves": moves, "reason": advice.reason}
        finally:
            self._hinting.release()

    def _check_turn(self, seat: int) -> None:
        if self.game.is_over():
            raise MoveError("the game is over: no more moves")
        if self.game.to_move != seat:
            whose = self.game.players[self.game.to_move].name
            raise MoveError(f"it is {whose}'s move, not yours")

    def _check_version(self, version) -> None:
        if version != self.version:
            raise MoveError(STALE)

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

    def listeners(self) -> int:
        return len(self._listeners)

    def time_out(self, seat: int, move, notice: str) -> None:
        """The person in ``seat`` ran out of time: ``move`` (a bot's) is made for them."""
        with self.lock:
            self._push(self.game.parse(move.notation()))
            self.changed_now(save=True, moved=True, notice=notice)

    def changed_now(self, save: bool = False, moved: bool = False, notice: Optional[str] = None) -> None:
        """Something shown changed: count it, save if asked, tell every page, wake the bots."""
        with self.lock:
            self.revision += 1
            if moved:
                self.version += 1
                self.notice = notice
                self.trouble = None
                self.deadline = time.time() + self.clock if self.clock and self._person_to_move() else None
            self.changed = time.time()
            self.on_change(self, save)
            listeners = list(self._listeners)
        for callback in listeners:
            callback()
        if moved and self.bots is not None:
            self.bots.wake()

    def start_clock(self) -> None:
        """A person to move on a table with a clock has until now plus the clock (at the
        start, and after a restart: the time already taken is not known)."""
        with self.lock:
            self.deadline = time.time() + self.clock if self.clock and self._person_to_move() else None

    def _person_to_move(self) -> bool:
        return not self.game.is_over() and self.seats[self.game.to_move] == HUMAN

    def say(self, seat: Optional[int], text: str) -> dict:
        """A line of chat from ``seat`` (None: the table itself)."""
        with self.lock:
            line = {"seat": seat, "text": text, "at": round(time.time(), 1)}
            self.chat.append(line)
            del self.chat[: -self.limits.chat_kept]
            self.changed_now(save=True)
            return line

    # ------------------------------------------------------------- disk
    def to_json(self) -> dict:
        with self.lock:
            return {
                "format": FORMAT,
                "id": self.id,
                "seats": list(self.seats),
                "tokens": list(self.tokens),
                "watch": self.watch,
                "claimed": list(self.claimed),
                "listed": self.listed,
                "clock": self.clock,
                "version": self.version,
                "created": round(self.created, 3),
                "changed": round(self.changed, 3),
                "rematch": self.rematch,
                "chat": list(self.chat),
                "record": self.game.record(),
            }


# ------------------------------------------------------------------ checked in
def _words(game: Game, move) -> str:
    """A move in words, else in full notation (words are a courtesy)."""
    try:
        return move_words(game, move).sentence()
    except Exception:
        return move.full_notation()


def _then_words(game: Game, move, then) -> Optional[str]:
    """In words, the action a hint's plan takes after ``move`` in the same turn (None: none)."""
    if then is None:
        return None
    after = game.copy()
    after.push(move)
    try:
        return _words(after, after.parse(then.notation()))
    except BrassError:
        return then.full_notation()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def table_from_json(data, limits: Limits) -> Table:
    """A table from its file form, checked whole: RecordError saying what is wrong.

    The same for a table being created (from a request) and one read back at the
    next start: what is accepted once loads again."""
    if not isinstance(data, dict):
        raise RecordError("not a table: expected an object")
    legacy = "format" not in data  # written before tables had a format: ids, seats, tokens, record
    if not legacy and data.get("format") != FORMAT:
        raise RecordError(f"not a table: its format is {data.get('format')!r}, not {FORMAT!r}")
    table_id = data.get("id")
    if not isinstance(table_id, str) or not ID.fullmatch(table_id):
        raise RecordError(f"id: {table_id!r} is not a table id (12 hex digits)")
    record = data.get("record")
    check_record(record)
    seats = check_seats(data.get("seats"), len(record["players"]))
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) != len(seats):
        raise RecordError(f"tokens: expected a list of {len(seats)}")
    for seat, (kind, token) in enumerate(zip(seats, tokens)):
        if kind == HUMAN and not (isinstance(token, str) and TOKEN.fullmatch(token)):
            raise RecordError(f"tokens[{seat}]: a person's seat needs a token of 16 to 64 letters, digits, - or _")
        if kind != HUMAN and token is not None:
            raise RecordError(f"tokens[{seat}]: a bot's seat has no token")
    watch = data.get("watch") if not legacy else new_token()
    if not (isinstance(watch, str) and TOKEN.fullmatch(watch)) or watch in tokens:
        raise RecordError("watch: the onlookers' token must be 16 to 64 letters, digits, - or _, and no seat's")
    if len(set(t for t in tokens if t)) != len([t for t in tokens if t]):
        raise RecordError("tokens: two seats share a token")
    settings = {} if legacy else _settings(data, len(seats), limits)
    if len(record["moves"]) > limits.record_moves:
        raise RecordError(f"record.moves: {len(record['moves'])} moves; this server replays at most {limits.record_moves}")
    game, log, scores = replay(record)
    table = Table(table_id, game, seats, tokens, watch=watch, limits=limits, settings=settings)
    table.log, table.scores = log, scores
    return table


def check_seats(seats, players: int) -> list:
    """Who sits where: 'human' or a registered bot's name (never a module to import)."""
    if not isinstance(seats, list) or len(seats) != players:
        raise RecordError(f"seats: expected a list of {players} (a person's or a bot's name for each player)")
    for seat, kind in enumerate(seats):
        if not isinstance(kind, str):
            raise RecordError(f"seats[{seat}]: expected 'human' or a bot's name")
        if kind != HUMAN:
            try:
                bot_class(kind, imports=False)
            except ValueError as error:  # the registry's own words: which bots there are
                raise RecordError(str(error)) from None
    return list(seats)


def _settings(data: dict, seats: int, limits: Limits) -> dict:
    claimed = data.get("claimed")
    if not (isinstance(claimed, list) and len(claimed) == seats and all(isinstance(c, bool) for c in claimed)):
        raise RecordError(f"claimed: expected {seats} true or false")
    if not isinstance(data.get("listed"), bool):
        raise RecordError("listed: expected true or false")
    if data.get("clock") not in CLOCKS:
        raise RecordError(f"clock: expected one of {', '.join(map(str, CLOCKS))} (seconds a move)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**53:
        raise RecordError("version: expected a whole number from 0")
    for key in ("created", "changed"):
        if not isinstance(data.get(key), (int, float)) or isinstance(data.get(key), bool):
            raise RecordError(f"{key}: expected a time (seconds)")
    rematch = data.get("rematch")
    if rematch is not None and not (isinstance(rematch, str) and ID.fullmatch(rematch)):
        raise RecordError("rematch: expected a table id or null")
    chat = data.get("chat")
    if not isinstance(chat, list) or len(chat) > limits.chat_kept:
        raise RecordError(f"chat: expected a list of at most {limits.chat_kept} lines")
    for number, line in enumerate(chat):
        ok = isinstance(line, dict) and set(line) == {"seat", "text", "at"}
        ok = ok and (line["seat"] is None or (isinstance(line["seat"], int) and 0 <= line["seat"] < seats))
        ok = ok and isinstance(line["text"], str) and len(line["text"]) <= limits.chat_chars and isinstance(line["at"], (int, float))
        if not ok:
            raise RecordError(f"chat[{number}]: expected seat, text (at most {limits.chat_chars} characters) and time")
    return {key: data[key] for key in ("claimed", "listed", "clock", "version", "created", "changed", "rematch", "chat")}


def push_logged(game: Game, log: list, scores: list, move) -> None:
    """Apply a move, noting its words (said at the position it is made in) and, for the
    score breakdown, the era and the scores before it."""
    try:
        words = move_words(game, move).sentence()
    except Exception:  # words are a courtesy: a move is never refused for want of them
        words = move.full_notation()
    state = game.state
    before = (state.era_index, len(state.scored), [p.vp for p in state.players], [p.money for p in state.players])
    game.push(move)
    log.append({"n": len(log) + 1, "player": move.player, "text": move.full_notation(), "words": words})
    scores.append(before)


def replay(record: dict):
    """The game of a record, with each move's words and the scores before it:
    (game, log, scores). RecordError saying which move cannot be replayed."""
    game = Game.from_record({**record, "moves": []})
    log, scores = [], []
    for number, entry in enumerate(record["moves"], 1):
        if game.to_move != entry["player"]:
            raise RecordError(f"move {number} ({entry['move']!r}) is by player {entry['player']}, but player {game.to_move} is to move")
        try:
            push_logged(game, log, scores, game.parse(entry["move"]))
        except BrassError as error:
            raise RecordError(f"move {number} ({entry['move']!r}) cannot be replayed: {error}") from error
    return game, log, scores


# ------------------------------------------------------------------ new tables
def new_table_json(body: dict, limits: Limits) -> dict:
    """The file form of a table a request asks for (a new game, or a record to go on
    with); Refused(400) saying what is wrong. Checked again whole by table_from_json."""
    if not isinstance(body, dict):
        raise Refused(400, "expected an object: ruleset, seats, names, seed (or record, seats)")
    seats = body.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 16 or not all(isinstance(s, str) for s in seats):
        raise Refused(400, "seats: expected a list of 'human' or a bot's name, one per player")
    if HUMAN not in seats:
        raise Refused(400, "seats: at least one seat must be a person's (human)")
    if "record" in body:
        record = body["record"]
        try:
            check_record(record)
        except RecordError as error:
            raise Refused(400, str(error)) from None
    else:
        record = _new_record(body, len(seats), limits)
    clock = body.get("clock", 0)
    if clock not in CLOCKS:
        raise Refused(400, f"clock: {clock!r} is not offered; choose one of {', '.join(map(str, CLOCKS))} (seconds a move, 0: none)")
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise Refused(400, "listed: expected true or false")
    tokens = [new_token() if kind == HUMAN else None for kind in seats]
    open_seats = body.get("open", [])
    if not isinstance(open_seats, list) or not all(isinstance(s, int) and 0 <= s < len(seats) and seats[s] == HUMAN for s in open_seats):
        raise Refused(400, "open: expected the numbers (from 0) of people's seats left for others to join")
    now = time.time()
    return {
        "format": FORMAT,
        "id": secrets.token_hex(6),
        "seats": seats,
        "tokens": tokens,
        "watch": new_token(),
        "claimed": [kind == HUMAN and seat not in open_seats for seat, kind in enumerate(seats)],
        "listed": listed,
        "clock": clock,
        "version": 0,
        "created": now,
        "changed": now,
        "rematch": None,
        "chat": [],
        "record": record,
    }


def table_json_for(game: Game, seats: list) -> dict:
    """The file form of a new table for ``game``, made here (Store.create(game, seats))."""
    now = time.time()
    return {
        "format": FORMAT, "id": secrets.token_hex(6), "seats": list(seats),
        "tokens": [new_token() if kind == HUMAN else None for kind in seats], "watch": new_token(),
        "claimed": [kind == HUMAN for kind in seats], "listed": False, "clock": 0, "version": 0,
        "created": now, "changed": now, "rematch": None, "chat": [], "record": game.record(),
    }


def _new_record(body: dict, players: int, limits: Limits) -> dict:
    from ..ruleset import installed_rulesets

    ruleset = body.get("ruleset")
    installed = installed_rulesets()
    if not isinstance(ruleset, str) or ruleset not in installed:  # a name, never a path
        asked = ruleset if isinstance(ruleset, str) else str(ruleset)[:40]
        raise Refused(400, f"unknown ruleset {asked!r}; installed: {', '.join(sorted(installed))}")
    names = body.get("names") or []
    if not isinstance(names, list) or len(names) > players:
        raise Refused(400, f"names: expected at most {players} names, one per seat")
    names = [check_name(name, i, limits) for i, name in enumerate(names)] + [f"Player {i + 1}" for i in range(len(names), players)]
    seed = body.get("seed")
    if seed in (None, ""):
        seed = secrets.randbelow(2**31)
    elif isinstance(seed, str) and re.fullmatch(r"-?\d{1,19}", seed.strip()):
        seed = int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        raise Refused(400, f"seed: expected a whole number from {-(2**63)} to {2**63 - 1}, or nothing for a random one")
    try:
        return Game(ruleset, names, seed=seed).record()
    except BrassError as error:
        raise Refused(400, str(error)) from None


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def check_name(name, seat: int, limits: Limits) -> str:
    """A player's name from a request: its own characters, shown as typed (no control
    characters, which a terminal acts on), within the page's length."""
    if not isinstance(name, str):
        raise Refused(400, f"names[{seat}]: expected text")
    name = name.strip()
    if not name:
        return f"Player {seat + 1}"
    if len(name) > limits.name_chars:
        raise Refused(400, f"names[{seat}]: {len(name)} characters; a name has at most {limits.name_chars}")
    if _CONTROL.search(name):
        raise Refused(400, f"names[{seat}]: a name cannot hold control characters")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(400, f"names[{seat}]: a name cannot hold a lone surrogate") from None
    return name

"""What the server takes from a request, and how often: every limit in one place.

Each limit is refused early, with a status and a reason a person can act on,
never read whole and never parsed into a 500: a body is counted as it streams
in, its nesting is measured on the brackets before it is parsed (JSON nests by
recursion), a WebSocket frame is measured before it is read as JSON. The
figures are far above what a real table needs (a whole game's record is some
20 KB; a move's text, a hundred characters).

    limits = Limits(games_per_minute=2)     # make_app(..., limits=limits)
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

from ..records import MAX_NESTING, json_nesting


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64_000  # a request without a record
    record_body_bytes: int = 2_000_000  # one that carries a game record (a game, a replay)
    record_moves: int = 5_000  # moves in a record sent to the server (a real game has a few hundred)
    socket_frame_chars: int = 16_000  # one WebSocket message
    move_chars: int = 500  # a move's text on a page (a record allows 2,000; a real move needs under 200)
    json_depth: int = 32  # nesting of any JSON the server reads (a record nests 6 deep)
    name_chars: int = 40  # a player's name typed on the page (a record allows 100)
    chat_chars: int = 500
    chat_kept: int = 200  # lines of chat a table keeps
    games_per_minute: int = 10  # games one client may create in a minute
    games_kept: int = 500  # games the server holds; beyond, the oldest finished one is archived
    sockets_per_table: int = 48
    sockets_per_client: int = 64
    # What one connection may send, on average and at once: a page asks why as the pointer
    # passes over refused choices, and the words of each whole move it offers.
    messages_per_second: float = 20.0
    message_burst: int = 40
    client_messages_per_second: float = 30.0  # what one address may send over all its connections ...
    client_message_burst: int = 60  # ... and at once (a move's text is short: a question costs milliseconds)
    bot_seconds: float = 60.0  # a bot thinking longer than this is reported, and its seat may be handed over


class Refused(Exception):
    """A request refused: the HTTP status (or WebSocket close code) and the reason."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


def parse_json(text: str, limit: int, what: str = "the request"):
    """JSON text, its nesting measured before it is parsed; Refused(400) saying why not."""
    if json_nesting(text, limit) > limit:
        raise Refused(400, f"{what} is nested more than {limit} levels deep")
    try:
        return json.loads(text)
    except ValueError as error:  # JSONDecodeError, and numbers too long to convert
        raise Refused(400, f"{what} is not valid JSON: {error}") from None


async def read_json(request, limit_bytes: int, depth: int):
    """The body of ``request`` as JSON: Refused(413) past ``limit_bytes`` (counted as it
    arrives, before any of it is parsed), Refused(415) if it is not sent as JSON."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        # A form on another web site can post text/plain without asking; JSON it cannot.
        raise Refused(415, f"send JSON (Content-Type: application/json), not {kind or 'no content type'}")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit_bytes:
        raise Refused(413, f"the request is {int(declared)} bytes; this server reads at most {limit_bytes}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit_bytes:
            raise Refused(413, f"the request is over {limit_bytes} bytes, the most this server reads")
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the request is not UTF-8 text") from None
    return parse_json(text, depth)


def clean_text(value, limit: int, what: str) -> str:
    """A string from a request, within ``limit`` characters and encodable (no lone
    surrogate, which JSON can carry and no page can show); Refused(400) if not."""
    if not isinstance(value, str):
        raise Refused(400, f"{what} must be text")
    if len(value) > limit:
        raise Refused(400, f"{what} is {len(value)} characters long; at most {limit}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(400, f"{what} holds a character that is not text (a lone surrogate)") from None
    return value


class Rate:
    """A token bucket: ``burst`` at once, then ``per_second`` on average."""

    def __init__(self, per_second: float, burst: float):
        self.per_second, self.burst = per_second, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until one more may be taken."""
        return max(0.0, (1 - self.tokens) / self.per_second)


class PerClient:
    """A Rate for each client address (forgotten once it is full again: memory stays small)."""

    def __init__(self, per_second: float, burst: float):
        self.per_second, self.burst = per_second, burst
        self._rates: dict = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> bool:
        with self._lock:
            if len(self._rates) > 10_000:
                now = time.monotonic()
                self._rates = {k: r for k, r in self._rates.items() if r.tokens + (now - r.at) * r.per_second < r.burst}
            rate = self._rates.setdefault(client, Rate(self.per_second, self.burst))
            return rate.take()

    def wait(self, client: str) -> float:
        with self._lock:
            rate = self._rates.get(client)
            return rate.wait() if rate is not None else 0.0


def check_depth_limit(limits: Limits) -> None:
    """The server's JSON depth stays within what a record may nest (records.MAX_NESTING)."""
    if limits.json_depth > MAX_NESTING:
        raise ValueError(f"json_depth {limits.json_depth} is over the records' own limit {MAX_NESTING}")

"""The web app: a Starlette application serving the page, a small JSON API and one
WebSocket per open page.

What a page is sent is made by :mod:`brass.web.messages`; the tables and their
files by :mod:`brass.web.table` and :mod:`brass.web.store`; the live part by
:mod:`brass.web.live`. Every request is bounded (:mod:`brass.web.limits`) and
must name this server and come from its pages (:mod:`brass.web.guard`).

    from brass.web.app import make_app
    app = make_app("games")      # uvicorn.run(app) serves it
"""

from __future__ import annotations

import contextlib
import functools
import json
import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ..bots import BOTS
from ..errors import BrassError, RecordError
from ..game import Game
from ..ruleset import installed_rulesets, load_ruleset
from ..svg import board_svg
from .guard import Guard, allowed_hosts_for
from .limits import Limits, PerClient, Refused, read_json
from .live import seat_socket
from .store import Store
from .table import CLOCKS, HUMAN, Table, new_table_json, replay

STATIC = Path(__file__).parent / "static"
REPLAYS_KEPT = 64  # replays held at once; the oldest goes first


def refusal(error: Refused) -> JSONResponse:
    return JSONResponse({"error": error.reason}, status_code=error.status)


# ------------------------------------------------------------------ setup data
@functools.lru_cache(maxsize=1)
def _rulesets() -> list:
    found = []
    for name in sorted(installed_rulesets()):
        try:
            ruleset = load_ruleset(name)
        except BrassError:
            continue
        found.append({"name": name, "title": ruleset.title, "players": list(ruleset.players)})
    return found


async def setup(request: Request) -> JSONResponse:
    rulesets = await run_in_threadpool(_rulesets)
    limits: Limits = request.app.state.limits
    return JSONResponse({"rulesets": rulesets, "seats": [HUMAN] + list(BOTS), "clocks": list(CLOCKS), "name_chars": limits.name_chars})


# ------------------------------------------------------------------ games
async def create_game(request: Request) -> JSONResponse:
    app = request.app
    limits: Limits = app.state.limits
    client = request.client.host if request.client else "?"
    try:
        if not app.state.creations.take(client):
            raise Refused(429, f"too many games started from your address: at most {limits.games_per_minute} a minute")
        body = await read_json(request, limits.record_body_bytes, limits.json_depth)
        if isinstance(body, dict) and "record" not in body and len(json.dumps(body)) > limits.body_bytes:
            raise Refused(413, f"a new game's request is at most {limits.body_bytes} bytes")
        data = new_table_json(body, limits)
        table = await run_in_threadpool(app.state.store.create, data)
    except Refused as error:
        return refusal(error)
    return JSONResponse(_links(table))


def _links(table: Table) -> dict:
    return {
        "game": table.id,
        "links": [{"seat": i, "name": table.game.players[i].name, "url": f"/play/{table.tokens[i]}", "open": not table.claimed[i]} for i in table.human_seats()],
        "watch": f"/watch/{table.watch}",
    }


async def tables(request: Request) -> JSONResponse:
    """The open tables: listed ones still being played, with their free seats."""
    found = []
    for table in request.app.state.store.open_tables()[:100]:
        with table.lock:
            game = table.game
            found.append({
                "game": table.id,
                "title": game.ruleset.title,
                "players": [{"seat": i, "name": p.name, "kind": kind, "open": kind == HUMAN and not table.claimed[i]} for i, (p, kind) in enumerate(zip(game.players, table.seats))],
                "era": game.state.era.name,
                "round": game.state.round,
                "clock": table.clock,
                "watch": f"/watch/{table.watch}",
            })
    return JSONResponse({"tables": found})


async def join(request: Request) -> JSONResponse:
    """Take a free seat of a listed table: its link, once."""
    store: Store = request.app.state.store
    limits: Limits = request.app.state.limits
    try:
        body = await read_json(request, limits.body_bytes, limits.json_depth)
        table = store.tables.get(request.path_params["game"])
        if table is None or not table.listed:
            raise Refused(404, "no open table has this id")
        seat = body.get("seat") if isinstance(body, dict) else None
        with table.lock:
            if seat not in table.open_seats():
                raise Refused(409, "that seat is taken (or is a bot's): choose another")
            table.claim(seat)
            token = table.tokens[seat]
    except Refused as error:
        return refusal(error)
    return JSONResponse({"url": f"/play/{token}"})


def _table(request: Request):
    return request.app.state.store.by_token(request.path_params["token"])


async def state(request: Request) -> JSONResponse:
    from .messages import seat_message

    table, seat = _table(request)
    if table is None or seat is None:
        return JSONResponse({"error": "no game has this link"}, status_code=404)
    return JSONResponse(await run_in_threadpool(seat_message, table, seat))


async def save(request: Request) -> Response:
    from .messages import _may_save

    table, seat = _table(request)
    if table is None or seat is None:
        return JSONResponse({"error": "no game has this link"}, status_code=404)
    if not _may_save(table, seat):
        return JSONResponse(
            {"error": "the record holds the seed, from which every hand follows: it can be saved once the game is over"},
            status_code=403,
        )
    with table.lock:
        text = json.dumps(table.game.record(), indent=1) + "\n"
    headers = {"Content-Disposition": f'attachment; filename="brass-{table.id}.json"'}
    return Response(text, media_type="application/json", headers=headers)


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def seat_page(request: Request) -> Response:
    """A seat's or an onlooker's page; with status 404 for a link that opens nothing (the
    page then says so, and does not try again)."""
    table, seat = _table(request)
    watching = request.url.path.startswith("/watch/")
    found = table is not None and (seat is None) == watching
    return FileResponse(STATIC / "index.html", status_code=200 if found else 404)


def rematch(app, table: Table, seat: int) -> dict:
    """A new game of the same ruleset with the same seats and names, a new seed; every
    page of the old table is pointed at its own seat of the new one."""
    with table.lock:
        if not table.game.is_over():
            raise Refused(409, "a rematch can be started once the game is over")
        if table.rematch is not None and table.rematch in app.state.store.tables:
            return {"type": "rematch", "url": None}
        game = table.game
        body = {"ruleset": game.ruleset.name, "seats": list(table.seats), "names": [p.name for p in game.players], "clock": table.clock, "listed": False}
        data = new_table_json(body, app.state.limits)
        data["claimed"] = list(table.claimed)
        new = app.state.store.create(data)
        table.rematch = new.id
        table.changed_now(save=True)
    return {"type": "rematch", "url": None}


# ------------------------------------------------------------------ replays
class Replay:
    """A record shown move by move, as anyone may see it (no hands)."""

    def __init__(self, record: dict):
        self.record = record
        self.total = len(record["moves"])
        _game, self.log, _scores = replay(record)  # checked whole, and the words of every move
        self.game = self._start()
        self.at = 0
        self.lock = threading.Lock()

    def _start(self) -> Game:
        return Game.from_record({**self.record, "moves": []})

    def show(self, n: int) -> dict:
        n = max(0, min(self.total, n))
        with self.lock:
            if n < self.at:
                self.game, self.at = self._start(), 0
            while self.at < n:
                self.game.play(self.record["moves"][self.at]["move"])
                self.at += 1
            view = self.game.view(None)
            return {"n": n, "total": self.total, "svg": board_svg(self.game, None, panel=False), "log": self.log[:n], "view": view, "players": [p.name for p in self.game.players]}


async def create_replay(request: Request) -> JSONResponse:
    app = request.app
    limits: Limits = app.state.limits
    replays: OrderedDict = app.state.replays
    try:
        body = await read_json(request, limits.record_body_bytes, limits.json_depth)
        if not isinstance(body, dict):
            raise Refused(400, "expected an object: a record, or a seat's token")
        if "token" in body:
            table, _seat = app.state.store.by_token(body["token"])
            if table is None:
                raise Refused(404, "no game has this link")
            with table.lock:
                record = table.game.record()
        else:
            record = body.get("record")
        if isinstance(record, dict) and isinstance(record.get("moves"), list) and len(record["moves"]) > limits.record_moves:
            raise Refused(400, f"record.moves: {len(record['moves'])} moves; this server replays at most {limits.record_moves}")
        try:
            shown = await run_in_threadpool(Replay, record)
        except (BrassError, KeyError, TypeError) as error:
            raise Refused(400, str(error) if isinstance(error, BrassError) else f"not a game record: {error}") from None
    except Refused as error:
        return refusal(error)
    replay_id = secrets.token_urlsafe(12)
    replays[replay_id] = shown
    while len(replays) > REPLAYS_KEPT:
        replays.popitem(last=False)
    return JSONResponse({"replay": replay_id, "total": shown.total, "url": f"/replay/{replay_id}"})


async def replay_position(request: Request) -> JSONResponse:
    shown = request.app.state.replays.get(request.path_params["replay"])
    if shown is None:
        return JSONResponse({"error": "no such replay (the server keeps the latest few, until it stops)"}, status_code=404)
    try:
        n = int(request.query_params.get("n", shown.total))
    except ValueError:
        return JSONResponse({"error": "n must be a number"}, status_code=400)
    return JSONResponse(await run_in_threadpool(shown.show, n))


# ------------------------------------------------------------------ the app
def make_app(data_dir=None, bot_delay: float = 0.4, *, limits: Optional[Limits] = None, allowed_hosts=("localhost", "127.0.0.1", "::1"), log=print) -> Guard:
    """The app, its games kept in ``data_dir`` (None: in memory only).

    ``allowed_hosts``: the Host names it answers to (None: any; see brass.web.guard)."""
    limits = limits or Limits()
    routes = [
        Route("/", page),
        Route("/play/{token}", seat_page),
        Route("/watch/{token}", seat_page),
        Route("/replay/{replay}", page),
        Route("/api/setup", setup),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/tables", tables),
        Route("/api/tables/{game}/join", join, methods=["POST"]),
        Route("/api/state/{token}", state),
        Route("/api/save/{token}", save),
        Route("/api/replays", create_replay, methods=["POST"]),
        Route("/api/replays/{replay}", replay_position),
        WebSocketRoute("/ws/watch/{token}", seat_socket),
        WebSocketRoute("/ws/{token}", seat_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    store = Store(data_dir, bot_delay=bot_delay, limits=limits, log=log)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        store.close()  # its clock stops with the server

    app = Starlette(routes=routes, exception_handlers={RecordError: _record_error}, lifespan=lifespan)
    app.state.limits = limits
    app.state.store = store
    app.state.replays = OrderedDict()
    app.state.sockets = {}
    app.state.creations = PerClient(limits.games_per_minute / 60.0, limits.games_per_minute)
    app.state.client_messages = PerClient(limits.client_messages_per_second, limits.client_message_burst)
    app.state.rematch = functools.partial(rematch, app)
    guarded = Guard(app, allowed_hosts)
    guarded.state = app.state  # tests and the server reach the store through the app they hold
    return guarded


async def _record_error(request, error):
    return JSONResponse({"error": str(error)}, status_code=400)


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir=None) -> None:
    """Run the server until interrupted (``brass serve``)."""
    import uvicorn

    limits = Limits()
    allowed = allowed_hosts_for(host)
    app = make_app(data_dir, limits=limits, allowed_hosts=allowed)
    if allowed is None:
        print(f"brass: listening on every address ({host}): any Host name is answered, so keep it to a trusted network", flush=True)
    print(f"brass: serving on http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/ (games kept in {data_dir or 'memory only'}); Ctrl-C stops", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="wsproto", ws_max_size=limits.socket_frame_chars * 4, h11_max_incomplete_event_size=64 * 1024)

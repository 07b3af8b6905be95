"""The web app: a Starlette application serving the page, a small JSON API and one
WebSocket per seat.

Every message to a browser is made for one seat by :func:`seat_message`: that
seat's :func:`brass.view.player_view`, the board drawn for it, the log, and,
when it is that seat's move, the legal moves. Nothing else about the game is
sent: no other hand, no deck, no seed (a record holds the seed, from which the
deck follows, so a record is downloaded only when the game is over or when
the person asking is the only one at the table).

    from brass.web.app import make_app
    app = make_app("games")      # uvicorn.run(app) serves it
"""

from __future__ import annotations

import asyncio
import functools
import json
import secrets
import threading
from pathlib import Path
from typing import Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import BOTS
from ..errors import BrassError, MoveError, UndoError
from ..game import Game
from ..ruleset import installed_rulesets, load_ruleset
from ..svg import board_svg
from .store import HUMAN, Store, Table

STATIC = Path(__file__).parent / "static"


# ------------------------------------------------------------------ messages
def seat_message(table: Table, seat: int) -> dict:
    """Everything one seat's page shows, as that seat may see it."""
    with table.lock:
        game = table.game
        over = game.is_over()
        yours = not over and game.to_move == seat
        message = {
            "type": "state",
            "game": table.id,
            "version": table.version,
            "seat": seat,
            "title": game.ruleset.title,
            "seats": [{"seat": i, "name": p.name, "kind": kind} for i, (p, kind) in enumerate(zip(game.players, table.seats))],
            "view": game.view(seat),
            "svg": board_svg(game, seat),
            "log": _log(game),
            "your_turn": yours,
            "thinking": table.thinking,
            "can_undo": yours and table.can_undo(seat),
            "can_save": _may_save(table, seat),
            "moves": _moves(game) if yours else [],
            "actions": list(game.rules.actions) if yours and game.state.frame.kind == "action" and not game.state.frame.script else [],
            "outcome": _outcome(game) if over else None,
        }
    return message


def _log(game: Game) -> list:
    return [{"n": n, "player": played.move.player, "text": played.move.full_notation()} for n, played in enumerate(game.history, 1)]


def _moves(game: Game) -> list:
    """The legal moves, each its frame, its full text and its decisions [key, value, kind]."""
    return [
        {"frame": move.frame, "text": move.full_notation(), "d": [[d.key, d.text, d.kind] for d in move.decisions]}
        for move in game.legal_moves
    ]


def _outcome(game: Game) -> dict:
    outcome = game.outcome()
    return {"result": outcome.result(), "ranking": outcome.ranking, "scores": outcome.scores}


def _may_save(table: Table, seat: int) -> bool:
    return table.game.is_over() or table.human_seats() == [seat]


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
    return JSONResponse({"rulesets": rulesets, "seats": [HUMAN] + list(BOTS)})


# ------------------------------------------------------------------ games
async def create_game(request: Request) -> JSONResponse:
    store: Store = request.app.state.store
    try:
        body = await request.json()
        table = await run_in_threadpool(_create, store, body)
    except (BrassError, ValueError, KeyError, TypeError) as error:
        return JSONResponse({"error": str(error)}, status_code=400)
    links = [
        {"seat": i, "name": table.game.players[i].name, "url": f"/play/{table.tokens[i]}"}
        for i in table.human_seats()
    ]
    return JSONResponse({"game": table.id, "links": links})


def _create(store: Store, body: dict) -> Table:
    seats = [str(kind) for kind in body["seats"]]
    if "record" in body:
        game = Game.from_record(body["record"])
    else:
        names = body.get("names") or [f"Player {i + 1}" for i in range(len(seats))]
        names = [str(name).strip() or f"Player {i + 1}" for i, name in enumerate(names)]
        seed = body.get("seed")
        ruleset = str(body["ruleset"])
        installed = installed_rulesets()
        if ruleset not in installed:  # a name, never a path: a request does not choose files to load
            raise ValueError(f"unknown ruleset {ruleset!r}; installed: {', '.join(sorted(installed))}")
        game = Game(ruleset, names, seed=int(seed) if seed not in (None, "") else None)
    if HUMAN not in seats:
        raise ValueError("at least one seat must be a person's (human)")
    return store.create(game, seats)


def _table(request: Request):
    table, seat = request.app.state.store.by_token(request.path_params["token"])
    return table, seat


async def state(request: Request) -> JSONResponse:
    table, seat = _table(request)
    if table is None:
        return JSONResponse({"error": "no game has this link"}, status_code=404)
    return JSONResponse(await run_in_threadpool(seat_message, table, seat))


async def save(request: Request) -> Response:
    table, seat = _table(request)
    if table is None:
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


async def page(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html")


# ------------------------------------------------------------------ replays
class Replay:
    """A record shown move by move, as anyone may see it (no hands)."""

    def __init__(self, record: dict):
        self.record = record
        self.total = len(record["moves"])
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
            return {"n": n, "total": self.total, "svg": board_svg(self.game, None), "log": _log(self.game)}


async def create_replay(request: Request) -> JSONResponse:
    replays: dict = request.app.state.replays
    try:
        body = await request.json()
        if "token" in body:
            table, _ = request.app.state.store.by_token(str(body["token"]))
            if table is None:
                return JSONResponse({"error": "no game has this link"}, status_code=404)
            with table.lock:
                record = table.game.record()
        else:
            record = body["record"]
        Game.from_record(record)  # the whole record is checked before it is shown
        replay = Replay(record)
    except (BrassError, ValueError, KeyError, TypeError) as error:
        return JSONResponse({"error": str(error)}, status_code=400)
    replay_id = secrets.token_urlsafe(12)
    replays[replay_id] = replay
    return JSONResponse({"replay": replay_id, "total": replay.total, "url": f"/replay/{replay_id}"})


async def replay_position(request: Request) -> JSONResponse:
    replay = request.app.state.replays.get(request.path_params["replay"])
    if replay is None:
        return JSONResponse({"error": "no such replay (replays last until the server stops)"}, status_code=404)
    try:
        n = int(request.query_params.get("n", replay.total))
    except ValueError:
        return JSONResponse({"error": "n must be a number"}, status_code=400)
    return JSONResponse(await run_in_threadpool(replay.show, n))


# ------------------------------------------------------------------ live
def handle(table: Table, seat: int, data: dict) -> Optional[dict]:
    """Do what a seat's browser asks; the reply to it alone (the new state goes to all)."""
    kind = data.get("type")
    text = str(data.get("text", ""))
    try:
        if kind == "play":
            table.play(seat, text)
            return None
        if kind == "undo":
            table.undo(seat)
            return None
        if kind == "why":
            return {"type": "why", "text": text, "reason": table.why(seat, text)}
    except (MoveError, UndoError) as error:
        return {"type": "refused", "text": text, "reason": str(error)}
    return {"type": "refused", "text": text, "reason": f"unknown request {kind!r}"}


async def seat_socket(websocket: WebSocket) -> None:
    table, seat = websocket.app.state.store.by_token(websocket.path_params["token"])
    await websocket.accept()
    if table is None:
        await websocket.send_json({"type": "error", "message": "no game has this link"})
        await websocket.close(code=4404)
        return
    loop = asyncio.get_running_loop()
    changes: asyncio.Queue = asyncio.Queue()
    stop = table.listen(lambda: loop.call_soon_threadsafe(changes.put_nowait, True))

    async def push_states():
        while True:
            await changes.get()
            while not changes.empty():
                changes.get_nowait()
            await websocket.send_json(await run_in_threadpool(seat_message, table, seat))

    pusher = asyncio.create_task(push_states())
    try:
        await websocket.send_json(await run_in_threadpool(seat_message, table, seat))
        while True:
            data = await websocket.receive_json()
            reply = await run_in_threadpool(handle, table, seat, data if isinstance(data, dict) else {})
            if reply is not None:
                await websocket.send_json(reply)
    except WebSocketDisconnect:
        pass
    finally:
        stop()
        pusher.cancel()


# ------------------------------------------------------------------ the app
def make_app(data_dir=None, bot_delay: float = 0.4) -> Starlette:
    """The app, its games kept in ``data_dir`` (None: in memory only)."""
    routes = [
        Route("/", page),
        Route("/play/{token}", page),
        Route("/replay/{replay}", page),
        Route("/api/setup", setup),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/state/{token}", state),
        Route("/api/save/{token}", save),
        Route("/api/replays", create_replay, methods=["POST"]),
        Route("/api/replays/{replay}", replay_position),
        WebSocketRoute("/ws/{token}", seat_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.store = Store(data_dir, bot_delay=bot_delay)
    app.state.replays = {}
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir=None) -> None:
    """Run the server until interrupted (``brass serve``)."""
    import uvicorn

    app = make_app(data_dir)
    print(f"brass: serving on http://{host}:{port}/ (games kept in {data_dir or 'memory only'}); Ctrl-C stops", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")

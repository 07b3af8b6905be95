"""One WebSocket per open page: the table's state pushed to it, its requests read.

A page sends small JSON messages: ``play`` (a move's text and the *version* of
the position it was chosen at), ``undo`` (with the version too), ``why`` (why
a choice cannot be made, or a whole move in words), ``hint`` (the hard bot's
three best moves, their worth, and why the first), ``chat``, ``seat`` (hand a bot's seat that failed
to another bot or a person), ``rematch``. Each is measured before it is read
(frame size, nesting, text length) and each connection may send only so many
a second: a page that floods is refused, and slows no other table. A move
chosen at an older version is refused (brass.web.table.STALE): a double
click, a frame sent twice or a second tab cannot move twice.

Onlookers (``/ws/watch/TOKEN``) are sent what everyone may see and may send
nothing but ``why`` (answered: "you are watching").
"""

from __future__ import annotations

import asyncio
from typing import Optional

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import MoveError, UndoError
from .limits import Rate, Refused, clean_text, parse_json
from .messages import seat_message
from .table import HUMAN, Table

NO_LINK = "this link opens no game: it may be mistyped, or the game was removed from the server"


async def seat_socket(websocket: WebSocket) -> None:
    app = websocket.app
    store, limits = app.state.store, app.state.limits
    table, seat = store.by_token(websocket.path_params["token"])
    watching = websocket.scope["path"].startswith("/ws/watch/")
    client = websocket.client.host if websocket.client else "?"
    await websocket.accept()
    websocket.state.client = client
    if table is None or (seat is None) != watching:
        await websocket.send_json({"type": "error", "message": NO_LINK, "final": True})
        await websocket.close(code=4404)
        return
    counts = app.state.sockets
    if counts.get(table.id, 0) >= limits.sockets_per_table or counts.get(client, 0) >= limits.sockets_per_client:
        await websocket.send_json({"type": "error", "message": "too many pages are open on this table (or from your address): close some", "final": True})
        await websocket.close(code=4429)
        return
    for key in (table.id, client):
        counts[key] = counts.get(key, 0) + 1
    if seat is not None:
        table.claim(seat)
    try:
        await _serve(websocket, app, table, seat)
    finally:
        for key in (table.id, client):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]


async def _serve(websocket: WebSocket, app, table: Table, seat: Optional[int]) -> None:
    limits = app.state.limits
    loop = asyncio.get_running_loop()
    changes: asyncio.Event = asyncio.Event()
    stop = table.listen(lambda: loop.call_soon_threadsafe(changes.set))

    async def push_states():
        # The latest state only: a page that reads slowly gets fewer, never a backlog.
        while True:
            await changes.wait()
            changes.clear()
            await websocket.send_json(await run_in_threadpool(seat_message, table, seat))

    pusher = asyncio.create_task(push_states())
    rate = Rate(limits.messages_per_second, limits.message_burst)
    clients, client = app.state.client_messages, websocket.state.client
    try:
        await websocket.send_json(await run_in_threadpool(seat_message, table, seat))
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                await websocket.send_json({"type": "refused", "reason": "binary frames are not read: send JSON text"})
                continue
            if len(text) > limits.socket_frame_chars:
                await websocket.close(code=1009, reason=f"a message is at most {limits.socket_frame_chars} characters")
                break
            if not (rate.take() and clients.take(client)):
                # Past its rate, a connection is not read for a while: the rest of what it
                # sends waits in the network's buffers, and costs the server nothing.
                await websocket.send_json({"type": "refused", "reason": "too many requests at once: slow down"})
                await asyncio.sleep(max(rate.wait(), clients.wait(client)))
                continue
            reply = await _answer(app, table, seat, text)
            if reply is not None:
                await websocket.send_json(reply)
    except WebSocketDisconnect:
        pass
    finally:
        stop()
        pusher.cancel()


async def _answer(app, table: Table, seat: Optional[int], text: str) -> Optional[dict]:
    limits = app.state.limits
    try:
        data = parse_json(text, 4, "the message")
        if not isinstance(data, dict):
            raise Refused(400, "a message is a JSON object with a type")
        kind = data.get("type")
        if kind == "ping":  # answered in turn: all that was asked before is answered before it
            return {"type": "pong"}
        if seat is None:
            raise Refused(403, "you are watching: onlookers cannot play, undo or chat")
        if kind == "play":
            move = clean_text(data.get("text"), limits.move_chars, "a move")
            await run_in_threadpool(table.play, seat, move, data.get("version"))
            return None
        if kind == "undo":
            await run_in_threadpool(table.undo, seat, data.get("version"))
            return None
        if kind == "why":
            move = clean_text(data.get("text"), limits.move_chars, "a move")
            reason, words = await run_in_threadpool(table.why, seat, move)
            return {"type": "why", "text": move, "reason": reason, "words": words}
        if kind == "hint":
            return {"type": "hint", "version": data.get("version"), **await run_in_threadpool(table.hint, seat, data.get("version"))}
        if kind == "chat":
            line = clean_text(data.get("text"), limits.chat_chars, "a chat line").strip()
            if line:
                await run_in_threadpool(table.say, seat, line)
            return None
        if kind == "seat":
            return await _hand_over(app, table, seat, data)
        if kind == "rematch":
            return await run_in_threadpool(app.state.rematch, table, seat)
        raise Refused(400, f"unknown request {str(kind)[:40]!r}: expected play, undo, why, hint, chat, seat, rematch or ping")
    except (MoveError, UndoError) as error:
        return {"type": "refused", "text": data.get("text") if isinstance(data.get("text"), str) else "", "reason": str(error)}
    except Refused as refused:
        return {"type": "refused", "reason": refused.reason}


async def _hand_over(app, table: Table, seat: int, data: dict) -> Optional[dict]:
    target, to = data.get("seat"), data.get("to")
    if not isinstance(target, int) or not isinstance(to, str):
        raise Refused(400, "seat: give the seat (a number) and who takes it ('human' or a bot's name)")
    try:
        token = await run_in_threadpool(table.bots.hand_over, seat, target, to)
    except Exception as error:  # RecordError (no such bot) or ValueError (not allowed now)
        raise Refused(400, str(error)) from None
    app.state.store.reindex(table)
    if to == HUMAN:
        return {"type": "link", "seat": target, "url": f"/play/{token}", "text": f"Give this link to whoever takes {table.game.players[target].name}'s seat"}
    return None

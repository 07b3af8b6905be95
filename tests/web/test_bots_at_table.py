"""Bots never stall a table: a bot that fails or thinks too long is reported on every page,
and its seat can be handed to another bot or a person; "is thinking" shows while it
thinks, and the table answers meanwhile (issue 20, point 4).

Before: a failing bot was logged on the server's console and the game waited for ever;
the bot thought holding the table's lock, so "is thinking" was never sent and every
request for the table waited."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from brass.errors import BrassError  # noqa: E402
from brass.web.limits import Limits  # noqa: E402
from tests.web.helpers import app_client, drain, new_game, state_until, table_of, tokens_of, until  # noqa: E402


class Failing:
    def choose(self, game):
        raise RuntimeError("the bot's own bug")


class Slow:
    def __init__(self, seconds, then=None):
        self.seconds, self.then = seconds, then
        self.released = threading.Event()

    def choose(self, game):
        self.released.wait(self.seconds)
        return next(iter(game.legal_moves))


def table_with_bot(client, bot, seats=("greedy", "human")):
    """A table whose bot (seat 0) is ``bot``, set before the bot thread first looks."""
    created = new_game(client, list(seats), seed=11)
    table = table_of(client, created)
    table.bots.bots[0] = bot
    return created, table


def until_bot_to_move(table):
    while table.game.to_move != 0:
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path, bot_delay=0.3, limits=Limits(games_per_minute=1000, bot_seconds=0.5)) as client:
        yield client


def test_a_failing_bot_is_reported_and_its_seat_handed_to_another_bot(client):
    created, table = table_with_bot(client, Failing())
    until_bot_to_move(table)
    token = tokens_of(created)[1]
    with client.websocket_connect(f"/ws/{token}") as ws:
        failed = state_until(ws, lambda m: m["trouble"] is not None)
        assert failed["trouble"] == {"seat": 0, "bot": "greedy", "message": "failed: RuntimeError: the bot's own bug", "failed": True}
        assert failed["thinking"] is None
        ws.send_json({"type": "seat", "seat": 0, "to": "random"})
        moved = state_until(ws, lambda m: any(e["player"] == 0 for e in m["log"]))
    assert table.seats[0] == "random"
    assert moved["trouble"] is None
    assert any("went from the bot greedy to the bot random" in (m or "") for m in [table.notice, moved["notice"]]) or table.log


def test_a_seat_handed_to_a_person_gets_a_link_of_its_own(client):
    created, table = table_with_bot(client, Failing())
    until_bot_to_move(table)
    with client.websocket_connect(f"/ws/{tokens_of(created)[1]}") as ws:
        state_until(ws, lambda m: m["trouble"] is not None)
        ws.send_json({"type": "seat", "seat": 0, "to": "human"})
        link = next(m for m in drain(ws) if m["type"] == "link")
    assert link["seat"] == 0 and link["url"].startswith("/play/")
    token = link["url"].rsplit("/", 1)[1]
    with client.websocket_connect(f"/ws/{token}") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["your_turn"] and first["moves"]
        assert first["notice"].startswith("Player 1's seat went from the bot greedy to a person")


def test_a_bot_in_no_trouble_keeps_its_seat(client):
    created, table = table_with_bot(client, Slow(30))
    with client.websocket_connect(f"/ws/{tokens_of(created)[1]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "seat", "seat": 0, "to": "random"})
        ws.send_json({"type": "seat", "seat": 1, "to": "random"})
        reasons = [m["reason"] for m in drain(ws) if m["type"] == "refused"]
    assert reasons == ["Player 1's bot is not in trouble: it keeps its seat", "only a bot's seat can be handed over"]
    table.bots.bots[0].released.set()


def test_thinking_shows_and_the_table_answers_meanwhile(client):
    slow = Slow(1.5)
    created, table = table_with_bot(client, slow)
    until_bot_to_move(table)
    token = tokens_of(created)[1]
    with client.websocket_connect(f"/ws/{token}") as ws:
        thinking = state_until(ws, lambda m: m["thinking"] == 0)
        assert thinking["thinking_for"] is not None
        start = time.perf_counter()
        assert client.get(f"/api/state/{token}").json()["thinking"] == 0
        assert time.perf_counter() - start < 0.5, "the table waited for its bot"
        slow.released.set()
        done = state_until(ws, lambda m: m["thinking"] is None and m["log"] and m["log"][-1]["player"] == 0)
    assert done["trouble"] is None


def test_a_bot_thinking_too_long_is_reported_and_can_be_replaced(client):
    slow = Slow(30)
    created, table = table_with_bot(client, slow)
    until_bot_to_move(table)
    with client.websocket_connect(f"/ws/{tokens_of(created)[1]}") as ws:
        overdue = state_until(ws, lambda m: m["trouble"] is not None)
        assert overdue["trouble"]["message"] == "has been thinking for over 0.5 s" and not overdue["trouble"]["failed"]
        ws.send_json({"type": "seat", "seat": 0, "to": "random"})
        state_until(ws, lambda m: m["log"] and m["log"][-1]["player"] == 0)
    slow.released.set()  # its answer, late, is not played: the seat is another bot's now
    time.sleep(0.1)
    assert [e["player"] for e in table.log].count(0) == 1


def test_a_bot_move_the_table_refuses_is_reported(client):
    class Wrong:
        def choose(self, game):
            raise BrassError("no move")

    created, table = table_with_bot(client, Wrong())
    until_bot_to_move(table)
    until(lambda: table.trouble is not None)
    assert table.trouble["message"] == "failed: no move"

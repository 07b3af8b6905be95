"""Exactly once: a move chosen at a position is applied at most once, whatever a page sends.

Each test here failed before moves carried the version of their position: the
server applied whatever text arrived, so a frame sent twice, a double click or
a second tab made the move twice (issue 20, point 1)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from brass.web.table import STALE  # noqa: E402
from tests.web.helpers import app_client, drain, new_game, state_until, table_of, tokens_of  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as client:
        yield client


def two_actions_to_play(table):
    """Play the first round (one action a turn) so that the mover has two actions: a
    move repeated would then be legal again, the case the audit found."""
    while table.game.state.actions_left < 2:
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)


def loan_of(message):
    return next(m for m in message["moves"] if m["frame"] == "loan")


def test_the_same_play_frame_twice_makes_one_move(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    two_actions_to_play(table)
    mover = table.game.to_move
    with client.websocket_connect(f"/ws/{tokens_of(created)[mover]}") as ws:
        first = ws.receive_json()
        loan = loan_of(first)
        frame = {"type": "play", "text": loan["text"], "version": first["version"]}
        money = table.game.state.players[mover].money
        ws.send_json(frame)
        ws.send_json(frame)  # the double click, or the same frame sent again
        replies = drain(ws)
    assert [m for m in replies if m["type"] == "refused"] == [{"type": "refused", "text": loan["text"], "reason": STALE}]
    assert len(table.log) == len(first["log"]) + 1
    assert [e["text"] for e in table.log].count(loan["text"]) == 1
    assert table.game.state.players[mover].money == money + 30  # one loan's money (Birmingham: £30)


def test_a_move_without_its_version_is_refused(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    mover = table.game.to_move
    with client.websocket_connect(f"/ws/{tokens_of(created)[mover]}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "play", "text": first["moves"][0]["text"]})
        ws.send_json({"type": "play", "text": first["moves"][0]["text"], "version": first["version"] - 1})
        ws.send_json({"type": "play", "text": first["moves"][0]["text"], "version": str(first["version"])})
        assert [m["reason"] for m in drain(ws)] == [STALE] * 3
    assert table.log == []


def test_an_undo_sent_twice_takes_back_one_move(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    two_actions_to_play(table)
    mover = table.game.to_move
    with client.websocket_connect(f"/ws/{tokens_of(created)[mover]}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "play", "text": loan_of(first)["text"], "version": first["version"]})
        played = state_until(ws, lambda m: m["version"] == first["version"] + 1)
        ws.send_json({"type": "undo", "version": played["version"]})
        ws.send_json({"type": "undo", "version": played["version"]})
        assert [m["reason"] for m in drain(ws) if m["type"] == "refused"] == [STALE]
    assert table.log == first["log"] and table.version == played["version"] + 1


def test_one_seat_in_two_tabs_moving_at_once_makes_one_move(client):
    """Two connections of one seat, each sending a different move chosen at the same
    position, at the same instant: one is applied, the other refused as stale."""
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    two_actions_to_play(table)
    mover = table.game.to_move
    token = tokens_of(created)[mover]
    with client.websocket_connect(f"/ws/{token}") as tab1, client.websocket_connect(f"/ws/{token}") as tab2:
        first, _ = tab1.receive_json(), tab2.receive_json()
        moves = [m["text"] for m in first["moves"]]
        go = threading.Barrier(2)

        def send(ws, text):
            go.wait()
            ws.send_json({"type": "play", "text": text, "version": first["version"]})

        threads = [threading.Thread(target=send, args=(tab, text)) for tab, text in ((tab1, moves[0]), (tab2, moves[-1]))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        replies = drain(tab1) + drain(tab2)
    assert len(table.log) == len(first["log"]) + 1, "both tabs' moves were applied"
    assert sum(1 for r in replies if r["type"] == "refused" and r["reason"] == STALE) == 1

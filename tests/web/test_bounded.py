"""Bounded: what a request may carry and how often, refused early with a reason; no other
site may create or play games; a flooding client does not slow another game (issue 20,
point 3).

Before: a 200 MB body was read whole (748 MB of memory), JSON nested 100,000 deep got a
500, 1 MB of move text took 3.3 s and slowed every other game, 300 games in a row were
all created, and a form on another site could create games."""

from __future__ import annotations

import json
import os
import socket
import statistics
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from brass.web.limits import Limits  # noqa: E402
from tests.web.helpers import HOST, app_client, drain, new_game, table_of, tokens_of  # noqa: E402
from tests.web.server import running_server  # noqa: E402
from tests.web.wsclient import Closed, Socket  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as client:
        yield client


# ------------------------------------------------------------------ bodies
def test_a_body_over_the_limit_is_refused_before_it_is_read(tmp_path):
    """50 MB announced: the answer (413) comes after the first megabyte is sent, not the 50."""
    with running_server(tmp_path) as server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            size = 50_000_000
            raw.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n".encode())
            raw.sendall(b"{" + b" " * 1_000_000)
            reply = b""
            while b"}" not in reply:
                reply += raw.recv(4096)
            reply = reply.decode("latin-1")
        assert reply.startswith("HTTP/1.1 413"), reply[:200]
        assert f"the request is {size} bytes; this server reads at most 2000000" in reply


def test_a_body_sent_in_chunks_is_counted_as_it_comes(client):
    def chunks():
        for _ in range(300):
            yield b" " * 10_000

    response = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "over 2000000 bytes" in response.json()["error"]


@pytest.mark.parametrize("path", ["/api/games", "/api/replays"])
def test_json_nested_too_deep_is_refused_not_a_500(client, path):
    deep_record = '{"seats": ["human"], "record": {"a": ' + "[" * 40 + "1" + "]" * 40 + "}}"
    for body in ("[" * 100_000 + "]" * 100_000, deep_record):
        response = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400 and "nested more than 32 levels deep" in response.json()["error"]


def test_a_form_from_another_site_cannot_create_a_game(client):
    body = json.dumps({"ruleset": "birmingham", "seats": ["human", "greedy"]})
    response = client.post("/api/games", content=body, headers={"Content-Type": "text/plain"})
    assert response.status_code == 415 and "send JSON" in response.json()["error"]
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json", "Origin": "http://evil.example"})
    assert response.status_code == 403 and "a page from http://evil.example may not" in response.json()["error"]
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json", "Origin": f"http://{HOST}"})
    assert response.status_code == 200


def test_another_host_name_is_not_answered(tmp_path):
    import httpx

    with running_server(tmp_path) as server:
        assert httpx.get(f"{server.url}api/setup").status_code == 200
        response = httpx.get(f"{server.url}api/setup", headers={"Host": "evil.example"})
        assert response.status_code == 400 and "does not answer to the host 'evil.example'" in response.json()["error"]
        created = httpx.post(f"{server.url}api/games", json={"ruleset": "birmingham", "seats": ["human", "quick"]}, headers={"Host": "evil.example:80"})
        assert created.status_code == 400 and not server.store.tables


def test_a_socket_from_another_site_is_refused(tmp_path):
    with running_server(tmp_path) as server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        import httpx

        created = httpx.post(f"{server.url}api/games", json={"ruleset": "birmingham", "seats": ["human", "greedy"]}).json()
        token = tokens_of(created)[0]
        with pytest.raises(Closed) as refused:
            Socket(f"ws://127.0.0.1:{port}/ws/{token}", origin="http://evil.example")
        assert refused.value.code == 403
        with Socket(f"ws://127.0.0.1:{port}/ws/{token}", origin=f"http://127.0.0.1:{port}") as ws:
            assert ws.receive_json()["type"] == "state"


# ------------------------------------------------------------------ rates and caps
def test_games_created_per_minute_are_capped(tmp_path):
    with app_client(tmp_path, limits=Limits(games_per_minute=3)) as client:
        answers = [client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "random"]}) for _ in range(5)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    assert "at most 3 a minute" in answers[-1].json()["error"]


def finished_record():
    from brass import Game
    from brass.bots.seating import play_out, seat_bots

    game = play_out(Game("birmingham", ["A", "B"], seed=7), seat_bots(["random", "random"], 7))
    return game.record()


def test_games_kept_are_capped_and_a_finished_one_makes_room(tmp_path):
    with app_client(tmp_path, limits=Limits(games_kept=2, games_per_minute=100)) as client:
        new_game(client, ["human", "human"])
        over = client.post("/api/games", json={"record": finished_record(), "seats": ["human", "human"]}).json()
        third = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "human"]})
        assert third.status_code == 200, "the finished game did not make room"
        assert over["game"] not in client.app.state.store.tables
        assert (tmp_path / "finished" / f"{over['game']}.json").exists()
        fourth = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "human"]})
        assert fourth.status_code == 503 and "at most 2 games" in fourth.json()["error"]


# ------------------------------------------------------------------ sockets
def test_what_a_socket_sends_is_measured_before_it_is_read(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    token = tokens_of(created)[table.game.to_move]
    with client.websocket_connect(f"/ws/{token}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "why", "text": "build " + "card=coal " * 300})
        ws.send_json({"type": "play", "text": "loan " * 500, "version": first["version"]})
        ws.send_text("{ not json")
        ws.send_text("[" * 1000 + "]" * 1000)
        ws.send_bytes(b"\x00\x01")
        ws.send_text('{"type": "why", "text": "\\ud800"}')
        ws.send_json({"type": "fly"})
        ws.send_json(["play"])
        reasons = [m["reason"] for m in drain(ws)]
        assert reasons == [
            "a move is 3006 characters long; at most 500",
            "a move is 2500 characters long; at most 500",
            "the message is not valid JSON: Expecting property name enclosed in double quotes: line 1 column 3 (char 2)",
            "the message is nested more than 4 levels deep",
            "binary frames are not read: send JSON text",
            "a move holds a character that is not text (a lone surrogate)",
            "unknown request 'fly': expected play, undo, why, hint, chat, seat, rematch or ping",
            "a message is a JSON object with a type",
        ]
        ws.send_text(json.dumps({"type": "why", "text": "x" * 20_000}))
        with pytest.raises(Exception):
            ws.receive_json()  # closed: 1009, the frame too big
    assert table.log == []


def test_a_socket_that_floods_is_slowed(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    with client.websocket_connect(f"/ws/{tokens_of(created)[table.game.to_move]}") as ws:
        ws.receive_json()
        limits = Limits()
        start = time.perf_counter()
        for _ in range(limits.message_burst + 30):
            ws.send_json({"type": "why", "text": "pass"})
        answers = [ws.receive_json() for _ in range(limits.message_burst + 30)]
        taken = time.perf_counter() - start
    refused = [a for a in answers if a["type"] == "refused"]
    assert refused and all(a["reason"] == "too many requests at once: slow down" for a in refused)
    assert len(answers) - len(refused) >= limits.message_burst  # the burst, and what the rate let through meanwhile
    assert taken > 0.5, "past its burst, a connection is read at its rate only"


def test_a_link_that_opens_nothing_says_so_once(client):
    with client.websocket_connect("/ws/" + "x" * 24) as ws:
        message = ws.receive_json()
        assert message == {"type": "error", "message": "this link opens no game: it may be mistyped, or the game was removed from the server", "final": True}


def move_time(port, token) -> float:
    """Seconds from sending a move to seeing its state."""
    with Socket(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
        message = ws.receive_json()
        start = time.perf_counter()
        ws.send_json({"type": "play", "text": message["moves"][0]["text"], "version": message["version"]})
        while not (message.get("type") == "state" and message.get("version", -1) > 0 and message["log"]):
            message = ws.receive_json()
        return time.perf_counter() - start


def flood(port: int, tokens: list, seconds: float, sent) -> None:
    """In a process of its own (as an attacker is): send costly questions as fast as
    possible on every connection, never reading an answer: the longest move text the
    server reads, and 20,000 characters (which before the limits cost some 60 ms each).
    At a lower priority: its own sending loop is not the server's work, and where every
    core is busy (CI runs the tests on all of them) it would take the time the server
    needs, so the test would measure the machine, not the server (a CI run failed so).
    """
    os.nice(10)
    fits = json.dumps({"type": "why", "text": ("network " + "line=birmingham--walsall " * 80)[:500]})
    huge = json.dumps({"type": "why", "text": "build " + "card=coal " * 2_000})
    sockets = [Socket(f"ws://127.0.0.1:{port}/ws/{token}", source="127.0.0.2") for token in tokens]
    for ws in sockets:
        ws.sock.settimeout(0.05)
    end = time.time() + seconds
    while time.time() < end:
        for number, ws in enumerate(sockets):
            try:
                ws.send_text(huge if number % 2 else fits)
                sent.value += 1
            except OSError:  # its buffers full: the server stopped reading it, as it should
                pass


def test_a_flooding_client_does_not_slow_another_game(tmp_path):
    """Eight connections to four games, from another address, send costly questions as
    fast as they can: the server answers them at the rate it allows one address, and a
    move in another game stays quick."""
    import multiprocessing

    import httpx

    with running_server(tmp_path, limits=Limits(games_per_minute=1000, socket_frame_chars=30_000)) as server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))

        def game():
            created = httpx.post(f"{server.url}api/games", json={"ruleset": "birmingham", "seats": ["human", "human"], "seed": 1}).json()
            table = server.store.tables[created["game"]]
            return table, tokens_of(created)[table.game.to_move]

        quiet = [move_time(port, game()[1]) for _ in range(3)]
        flooded = [game() for _ in range(4)]
        answered = []
        for table, _token in flooded:
            table.why = (lambda why: lambda *args: answered.append(1) or why(*args))(table.why)
        context = multiprocessing.get_context("fork")
        sent = context.Value("i", 0)
        attacker = context.Process(target=flood, args=(port, [token for _table, token in flooded] * 2, 10.0, sent))
        start = time.time()
        attacker.start()
        time.sleep(0.6)
        loaded = [move_time(port, game()[1]) for _ in range(5)]
        attacker.kill()
        attacker.join(timeout=10)
        seconds = time.time() - start
    quiet_time, loaded_time = statistics.median(quiet), statistics.median(loaded)
    assert sent.value > 100, "the flood did not flow"
    limits = Limits()
    allowed = limits.client_message_burst + limits.client_messages_per_second * seconds
    assert len(answered) <= allowed, f"{len(answered)} questions answered from one address in {seconds:.1f} s; the rate allows {allowed:.0f}"
    # Measured where this test was written (2 shared cores): a move took 0.04 s on a quiet
    # server and 0.06 s under this flood; without the rates and the move text's limit, 0.43 s.
    assert loaded_time < 4 * quiet_time + 0.1, f"a move took {loaded_time:.3f} s under the flood, {quiet_time:.3f} s without"

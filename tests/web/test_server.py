"""The web server without a browser: its API, its WebSocket per seat, what each seat may see,
and games kept across a restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from tests.web.helpers import Watch, app_client, new_game, receive, state_until, table_of, tokens_of, until  # noqa: E402

STATIC = Path(__file__).resolve().parents[2] / "engine" / "web" / "static"


# ------------------------------------------------------------------ tests
@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as client:
        yield client


def test_setup_lists_rulesets_and_bots(client):
    setup = client.get("/api/setup").json()
    names = {r["name"] for r in setup["rulesets"]}
    assert {"birmingham", "lancashire"} <= names
    assert {"human", "easy", "medium", "hard", "greedy", "random"} <= set(setup["seats"])


def test_each_person_gets_a_secret_link_and_bots_none(client):
    created = new_game(client, ["human", "medium", "human"])
    tokens = tokens_of(created)
    assert sorted(tokens) == [0, 2]
    assert len(set(tokens.values())) == 2 and all(len(t) >= 20 for t in tokens.values())
    assert client.get(f"/play/{tokens[0]}").status_code == 200
    assert client.get("/play/not-a-token").status_code == 404, "a link that opens nothing says so"
    assert client.get("/api/state/not-a-token").status_code == 404
    assert client.get(f"/api/state/{tokens[2]}").json()["seat"] == 2


def test_bad_games_are_refused_with_a_reason(client):
    response = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human"] * 7})
    assert response.status_code == 400 and "players" in response.json()["error"]
    response = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "no-such-bot"]})
    assert response.status_code == 400


def test_a_seat_sees_only_its_own_hand_through_a_whole_exchange(client):
    """Every message and response to each seat: no other hand, no deck order, no seed."""
    created = new_game(client, ["human", "human"])
    tokens = tokens_of(created)
    table = table_of(client, created)
    watches = {seat: Watch(table, seat) for seat in tokens}
    sockets = {}
    with client.websocket_connect(f"/ws/{tokens[0]}") as ws0, client.websocket_connect(f"/ws/{tokens[1]}") as ws1:
        sockets = {0: ws0, 1: ws1}
        for seat, ws in sockets.items():
            receive(ws, watches[seat])
            watches[seat].check(client.get(f"/api/state/{tokens[seat]}").json())
            watches[seat].check(client.get(f"/play/{tokens[seat]}").text)
        for _ in range(4):  # four moves: two turns, with the why, refusal and undo paths on the way
            mover = table.game.to_move
            ws = sockets[mover]
            ws.send_json({"type": "why", "text": "build location=nowhere"})
            assert receive(ws, watches[mover])["type"] == "why"
            ws.send_json({"type": "play", "text": "xyzzy", "version": table.version})
            assert receive(ws, watches[mover])["type"] == "refused"
            move = next(iter(table.game.legal_moves)).full_notation()
            ws.send_json({"type": "play", "text": move, "version": table.version})
            for seat, other in sockets.items():
                assert receive(other, watches[seat])["type"] == "state"
        for seat in tokens:
            response = client.get(f"/api/save/{tokens[seat]}")
            assert response.status_code == 403
            watches[seat].check(response.json())
    assert all(w.seen > 8 for w in watches.values())


def test_moves_by_pointing_refusal_reason_and_undo(client):
    created = new_game(client, ["human", "human"])
    tokens = tokens_of(created)
    table = table_of(client, created)
    game = table.game
    while game.state.actions_left < 2:  # the first round has one action a turn: play it out
        advance(table)
    mover = game.to_move
    with client.websocket_connect(f"/ws/{tokens[mover]}") as ws:
        first = ws.receive_json()
        assert first["your_turn"] and first["moves"] and "build" in [a["id"] for a in first["actions"]]
        assert not first["can_undo"]
        ws.send_json({"type": "why", "text": "build card=coal location=birmingham"})
        why = ws.receive_json()
        assert why["type"] == "why" and why["reason"] and why["words"] is None
        move = first["moves"][0]["text"]
        ws.send_json({"type": "why", "text": move})
        words = ws.receive_json()["words"]
        assert words and "=" not in words, "a whole move is answered with its words"
        assert all(f"{key}={text}" in first["names"] for m in first["moves"] for key, text, _ in m["d"])
        ws.send_json({"type": "play", "text": move, "version": first["version"]})
        after = ws.receive_json()
        assert after["log"][-1]["text"] == move and after["can_undo"]
        assert after["log"][-1]["words"] == words
        ws.send_json({"type": "undo", "version": after["version"]})
        undone = ws.receive_json()
        assert undone["log"] == first["log"] and not undone["can_undo"]


def test_not_your_turn_is_refused(client):
    created = new_game(client, ["human", "human"])
    tokens = tokens_of(created)
    table = table_of(client, created)
    waiting = 1 - table.game.to_move
    with client.websocket_connect(f"/ws/{tokens[waiting]}") as ws:
        assert ws.receive_json()["moves"] == []
        ws.send_json({"type": "play", "text": "loan", "version": table.version})
        refused = ws.receive_json()
        assert refused["type"] == "refused" and "not yours" in refused["reason"]


def test_a_bot_replies_and_its_move_is_pushed(client):
    created = new_game(client, ["human", "greedy"], seed=3)
    token = tokens_of(created)[0]
    table = table_of(client, created)
    with client.websocket_connect(f"/ws/{token}") as ws:
        message = state_until(ws, lambda m: m["your_turn"])
        ws.send_json({"type": "play", "text": message["moves"][-1]["text"], "version": message["version"]})
        # States may be skipped (a page is sent the latest): the bot's move and the turn back.
        message = state_until(ws, lambda m: m["your_turn"] and m["log"] and m["log"][-1]["player"] == 1)
    assert table.game.to_move == 0


def test_games_survive_a_restart(tmp_path):
    with app_client(tmp_path) as client:
        created = new_game(client, ["human", "human"])
        tokens = tokens_of(created)
        table = table_of(client, created)
        for _ in range(3):
            advance(table)
        before = client.get(f"/api/state/{tokens[0]}").json()
    assert (tmp_path / "games" / f"{created['game']}.json").exists()
    with app_client(tmp_path) as client:
        after = client.get(f"/api/state/{tokens[0]}").json()
    assert len(after["log"]) == 3 and after["log"] == before["log"]
    assert after["view"] == before["view"]
    assert after["version"] == before["version"] == 3, "the position's version goes on across a restart"


def test_save_replay_and_load(client):
    created = new_game(client, ["human", "random"], seed=2)
    token = tokens_of(created)[0]
    table = table_of(client, created)
    until(lambda: table.game.to_move == 0 and table.thinking is None)
    advance(table)
    until(lambda: table.game.to_move == 0 and table.thinking is None and len(table.log) >= 2)
    record = client.get(f"/api/save/{token}")  # the only person at the table may save
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    record = record.json()
    replay = client.post("/api/replays", json={"record": record}).json()
    assert replay["total"] == len(record["moves"])
    start = client.get(f"/api/replays/{replay['replay']}?n=0").json()
    end = client.get(f"/api/replays/{replay['replay']}?n={replay['total']}").json()
    assert start["log"] == [] and len(end["log"]) == replay["total"] and "<svg" in end["svg"]
    assert all("hand" not in p for p in start["view"]["players"])
    assert end["log"][-1]["words"], "a replay's log is in words"
    loaded = client.post("/api/games", json={"record": record, "seats": ["human", "human"]}).json()
    assert len(loaded["links"]) == 2
    state = client.get(loaded["links"][0]["url"].replace("/play/", "/api/state/")).json()
    assert len(state["log"]) == len(record["moves"])


def advance(table, moves=1):
    """Play the first legal move for whoever is to move, through the table (its log, its version)."""
    for _ in range(moves):
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)


def test_the_page_needs_no_internet():
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=[\"']?(https?:)?//", text), f"{path.name} loads something from the internet"
        assert "import(" not in text and "cdn" not in text.lower()


def test_static_files_are_served(client):
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert "viewport" in client.get("/").text


def test_serve_is_a_command():
    from brass.cli import main

    with pytest.raises(SystemExit) as leaving:
        main(["serve", "--help"])
    assert leaving.value.code == 0

"""The web server without a browser: its API, its WebSocket per seat, what each seat may see,
and games kept across a restart."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from brass.web.app import make_app  # noqa: E402

STATIC = Path(__file__).resolve().parents[2] / "engine" / "web" / "static"


def new_game(client, seats, ruleset="birmingham", seed=1):
    response = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, "seed": seed})
    assert response.status_code == 200, response.text
    return response.json()


def tokens_of(created):
    return {link["seat"]: link["url"].rsplit("/", 1)[1] for link in created["links"]}


def table_of(client, created):
    return client.app.state.store.tables[created["game"]]


# ------------------------------------------------------------------ secrecy
class Watch:
    """Every message and HTTP body one seat receives, checked as it arrives."""

    def __init__(self, table, seat):
        self.table, self.seat, self.seen = table, seat, 0

    def check(self, payload):
        self.seen += 1
        game = self.table.game
        text = payload if isinstance(payload, str) else json.dumps(payload)
        deck = [card.id for card in game.state.deck]
        if len(deck) > 1:
            assert json.dumps(deck) not in text and ", ".join(deck) not in text, "the deck order reached a seat"
        if not isinstance(payload, str):
            self._walk(payload)
            if payload.get("type") == "state":
                self._state(payload)

    def _walk(self, value):
        if isinstance(value, dict):
            for key in ("deck", "seed", "record", "chance", "tokens"):
                assert key not in value, f"{key!r} was sent to a seat"
            for item in value.values():
                self._walk(item)
        elif isinstance(value, list):
            for item in value:
                self._walk(item)

    def _state(self, message):
        assert message["seat"] == self.seat
        for player in message["view"]["players"]:
            assert ("hand" in player) == (player["index"] == self.seat), "another seat's hand was sent"
        own = set(message["view"]["players"][self.seat]["hand"])
        hands = re.findall(r">hand: ([^<]*)<", message["svg"])
        for index, shown in enumerate(hands):
            if index != self.seat:
                assert re.fullmatch(r"\d+ cards", shown), f"the board shows another hand: {shown}"
        if not message["your_turn"]:
            assert message["moves"] == []
        for move in message["moves"]:
            for key, value, _ in move["d"]:
                if key == "card":
                    assert value in own, f"a move offers a card not in this seat's hand: {value}"


def receive(ws, watch):
    message = ws.receive_json()
    watch.check(message)
    return message


# ------------------------------------------------------------------ tests
@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, bot_delay=0)) as client:
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
            ws.send_json({"type": "play", "text": "xyzzy"})
            assert receive(ws, watches[mover])["type"] == "refused"
            move = next(iter(table.game.legal_moves)).full_notation()
            ws.send_json({"type": "play", "text": move})
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
        game.play(next(iter(game.legal_moves)).notation())
    mover = game.to_move
    with client.websocket_connect(f"/ws/{tokens[mover]}") as ws:
        first = ws.receive_json()
        assert first["your_turn"] and first["moves"] and "build" in first["actions"]
        assert not first["can_undo"]
        ws.send_json({"type": "why", "text": "build card=coal location=birmingham"})
        why = ws.receive_json()
        assert why["type"] == "why" and why["reason"]
        move = first["moves"][0]["text"]
        ws.send_json({"type": "play", "text": move})
        after = ws.receive_json()
        assert after["log"][-1]["text"] == move and after["can_undo"]
        ws.send_json({"type": "undo"})
        undone = ws.receive_json()
        assert undone["log"] == first["log"] and not undone["can_undo"]


def test_not_your_turn_is_refused(client):
    created = new_game(client, ["human", "human"])
    tokens = tokens_of(created)
    table = table_of(client, created)
    waiting = 1 - table.game.to_move
    with client.websocket_connect(f"/ws/{tokens[waiting]}") as ws:
        assert ws.receive_json()["moves"] == []
        ws.send_json({"type": "play", "text": "loan"})
        refused = ws.receive_json()
        assert refused["type"] == "refused" and "not yours" in refused["reason"]


def test_a_bot_replies_and_its_move_is_pushed(client):
    created = new_game(client, ["human", "greedy"], seed=3)
    token = tokens_of(created)[0]
    table = table_of(client, created)
    with client.websocket_connect(f"/ws/{token}") as ws:
        message = ws.receive_json()
        while not message["your_turn"]:
            message = ws.receive_json()
        for _ in range(2):  # both actions of the turn (one in the very first round)
            if not message["your_turn"]:
                break
            ws.send_json({"type": "play", "text": message["moves"][-1]["text"]})
            message = ws.receive_json()
        while not message["your_turn"]:
            message = ws.receive_json()
        assert any(entry["player"] == 1 for entry in message["log"])
    assert table.game.to_move == 0


def test_games_survive_a_restart(tmp_path):
    with TestClient(make_app(tmp_path, bot_delay=0)) as client:
        created = new_game(client, ["human", "human"])
        tokens = tokens_of(created)
        game = table_of(client, created).game
        played = [game.play(next(iter(game.legal_moves)).notation()).notation() for _ in range(3)]
        client.app.state.store.save(table_of(client, created))
        before = client.get(f"/api/state/{tokens[0]}").json()
    assert (tmp_path / "games" / f"{created['game']}.json").exists()
    with TestClient(make_app(tmp_path, bot_delay=0)) as client:
        after = client.get(f"/api/state/{tokens[0]}").json()
    assert [e["text"] for e in after["log"]] == [e["text"] for e in before["log"]] and len(after["log"]) == len(played)
    assert after["view"] == before["view"]


def test_save_replay_and_load(client):
    created = new_game(client, ["human", "random"], seed=2)
    token = tokens_of(created)[0]
    table = table_of(client, created)
    deadline = time.time() + 10
    while table.game.to_move != 0 and time.time() < deadline:
        time.sleep(0.02)
    record = client.get(f"/api/save/{token}")  # the only person at the table may save
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    record = record.json()
    replay = client.post("/api/replays", json={"record": record}).json()
    assert replay["total"] == len(record["moves"])
    start = client.get(f"/api/replays/{replay['replay']}?n=0").json()
    end = client.get(f"/api/replays/{replay['replay']}?n={replay['total']}").json()
    assert start["log"] == [] and len(end["log"]) == replay["total"] and "<svg" in end["svg"]
    assert "hand: 8 cards" in start["svg"] or "cards" in start["svg"]
    loaded = client.post("/api/games", json={"record": record, "seats": ["human", "human"]}).json()
    assert len(loaded["links"]) == 2
    state = client.get(loaded["links"][0]["url"].replace("/play/", "/api/state/")).json()
    assert len(state["log"]) == len(record["moves"])


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

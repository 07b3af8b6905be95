"""What the web tests share: an app on a TestClient, new games, and a watch on what each
seat is sent (no other hand, no deck order, no seed, no token)."""

from __future__ import annotations

import json
import re
import time

from starlette.testclient import TestClient

from brass.web.app import make_app
from brass.web.limits import Limits

HOST = "testserver"  # the Host a TestClient names


def app_client(data_dir, limits=None, bot_delay=0.0, **kwargs) -> TestClient:
    app = make_app(data_dir, bot_delay=bot_delay, limits=limits or Limits(games_per_minute=1000), allowed_hosts=[HOST], log=lambda text: None, **kwargs)
    return TestClient(app)


def store_of(client):
    return client.app.state.store


def new_game(client, seats, ruleset="birmingham", seed=1, **extra):
    response = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, "seed": seed, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def tokens_of(created):
    return {link["seat"]: link["url"].rsplit("/", 1)[1] for link in created["links"]}


def table_of(client, created):
    return store_of(client).tables[created["game"]]


def until(test, seconds=10.0, every=0.01):
    """Wait until ``test()`` is true; fail saying so if it never is."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if test():
            return
        time.sleep(every)
    raise AssertionError(f"not so within {seconds} s")


def state_until(ws, test, limit=200):
    """Read states from a socket until one passes ``test`` (other messages skipped)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message.get("type") == "state" and test(message):
            return message
    raise AssertionError("no such state came")


def drain(ws) -> list:
    """Every message a socket has been sent so far in answer to what it sent: what comes
    before the answer to a question asked now (the server answers a connection in order)."""
    ws.send_json({"type": "ping"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


class Watch:
    """Every message and HTTP body one seat (or an onlooker, seat None) receives, checked as it arrives."""

    def __init__(self, table, seat):
        self.table, self.seat, self.seen = table, seat, 0

    def check(self, payload):
        self.seen += 1
        game = self.table.game
        text = payload if isinstance(payload, str) else json.dumps(payload)
        deck = [card.id for card in game.state.deck]
        if len(deck) > 1:
            assert json.dumps(deck) not in text and ", ".join(deck) not in text, "the deck order reached a page"
        for seat, token in enumerate(self.table.tokens):
            if token and seat != self.seat:
                assert token not in text, "another seat's token reached a page"
        if not isinstance(payload, str):
            self._walk(payload)
            if payload.get("type") == "state":
                self._state(payload)

    def _walk(self, value):
        if isinstance(value, dict):
            for key in ("deck", "seed", "record", "chance", "tokens"):
                assert key not in value, f"{key!r} was sent to a page"
            for item in value.values():
                self._walk(item)
        elif isinstance(value, list):
            for item in value:
                self._walk(item)

    def _state(self, message):
        assert message["seat"] == self.seat
        for player in message["view"]["players"]:
            assert ("hand" in player) == (player["index"] == self.seat), "another seat's hand was sent"
        own = set(message["view"]["players"][self.seat]["hand"]) if self.seat is not None else set()
        assert {card["id"] for card in message["hand"]} == own
        others = [p for p in self.table.game.state.players if p.index != self.seat]
        for player in others:
            secret = sorted(c.id for c in player.hand)
            assert json.dumps(secret) not in json.dumps(message), "another hand, in order, reached a page"
        assert not re.search(r">hand: [a-z]", message["svg"]), "the board shows a hand"
        if not message["your_turn"]:
            assert message["moves"] == []
        for move in message["moves"]:
            for key, value, *_ in move["d"]:
                if key == "card":
                    assert value in own, f"a move offers a card not in this seat's hand: {value}"


def receive(ws, watch):
    message = ws.receive_json()
    watch.check(message)
    return message

"""A table, not just a link (issue 20, point 6): the open tables on the home page and a
free seat joined from there, onlookers who see only what everyone may, a rematch with the
same seats, the score breakdown per era, a clock a table chooses, and a table chat."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from brass import Game  # noqa: E402
from brass.bots.seating import play_out, seat_bots  # noqa: E402
from brass.web.limits import Limits  # noqa: E402
from tests.web.helpers import Watch, app_client, drain, new_game, receive, state_until, table_of, tokens_of, until  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as client:
        yield client


def finished_record(seed=7):
    return play_out(Game("birmingham", ["Ann", "Bob"], seed=seed), seat_bots(["random", "random"], seed)).record()


def test_a_listed_table_shows_its_free_seats_and_one_may_join(client):
    created = new_game(client, ["human", "human", "greedy"], listed=True, open=[1])
    listed = client.get("/api/tables").json()["tables"]
    assert [t["game"] for t in listed] == [created["game"]]
    seats = listed[0]["players"]
    assert [(p["seat"], p["open"]) for p in seats] == [(0, False), (1, True), (2, False)]
    assert "token" not in str(listed) and all(link["url"].rsplit("/", 1)[1] not in str(listed) for link in created["links"])
    joined = client.post(f"/api/tables/{created['game']}/join", json={"seat": 1})
    assert joined.status_code == 200 and joined.json()["url"] == created["links"][1]["url"]
    again = client.post(f"/api/tables/{created['game']}/join", json={"seat": 1})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    assert client.post(f"/api/tables/{created['game']}/join", json={"seat": 2}).status_code == 409
    assert [p["open"] for p in client.get("/api/tables").json()["tables"][0]["players"]] == [False, False, False]


def test_an_unlisted_table_is_not_shown_nor_joined(client):
    created = new_game(client, ["human", "human"], open=[1])
    assert client.get("/api/tables").json()["tables"] == []
    assert client.post(f"/api/tables/{created['game']}/join", json={"seat": 1}).status_code == 404


def test_an_onlooker_sees_only_what_everyone_may_and_cannot_act(client):
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    watch_token = created["watch"].rsplit("/", 1)[1]
    watch = Watch(table, None)
    with client.websocket_connect(f"/ws/watch/{watch_token}") as ws:
        first = receive(ws, watch)
        assert first["seat"] is None and first["hand"] == [] and first["moves"] == [] and first["watch"] is None
        for kind in ({"type": "play", "text": "pass", "version": first["version"]}, {"type": "chat", "text": "hi"}, {"type": "undo", "version": 0}):
            ws.send_json(kind)
        refused = [m for m in drain(ws) if m["type"] == "refused"]
        assert [m["reason"] for m in refused] == ["you are watching: onlookers cannot play, undo or chat"] * 3
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)
        receive(ws, watch)
    assert table.chat == [] and len(table.log) == 1
    assert client.get(f"/api/state/{watch_token}").status_code == 404, "an onlooker's token opens no seat"
    assert client.get(f"/watch/{watch_token}").status_code == 200 and client.get(f"/play/{watch_token}").status_code == 404


def test_a_finished_game_has_a_score_breakdown_per_era(client):
    record = finished_record()
    created = client.post("/api/games", json={"record": record, "seats": ["human", "human"]}).json()
    table = table_of(client, created)
    with client.websocket_connect(f"/ws/{tokens_of(created)[0]}") as ws:
        outcome = ws.receive_json()["outcome"]
    breakdown = outcome["breakdown"]
    assert breakdown["headings"][:2] == ["links", "tiles"]
    assert [era["era"] for era in breakdown["eras"]] == ["Canal era", "Rail era"]
    game = table.game
    for i, player in enumerate(game.state.players):
        total = breakdown["totals"][i]
        assert total["vp"] == player.vp and total["money"] == player.money
        # Every VP is accounted for: scored under a heading, or in play.
        assert sum(total["scored"].values()) + total["in_play"] == player.vp
        assert sum(era["players"][i]["scored"]["links"] for era in breakdown["eras"]) == sum(p for s, h, p, _ in game.state.scored if s == i and h == "links")
        assert breakdown["eras"][-1]["players"][i]["vp"] == player.vp


def test_a_rematch_seats_everyone_again_and_points_each_page_to_its_seat(client):
    created = client.post("/api/games", json={"record": finished_record(8), "seats": ["human", "human"]}).json()
    table = table_of(client, created)
    tokens = tokens_of(created)
    with client.websocket_connect(f"/ws/{tokens[0]}") as ws0, client.websocket_connect(f"/ws/{tokens[1]}") as ws1:
        ws0.receive_json(), ws1.receive_json()
        ws0.send_json({"type": "rematch"})
        first = state_until(ws0, lambda m: m["rematch"])
        second = state_until(ws1, lambda m: m["rematch"])
    new = client.app.state.store.tables[table.rematch]
    assert [p.name for p in new.game.players] == ["Ann", "Bob"] and new.seats == table.seats
    assert new.game.seed != table.game.seed and not new.game.is_over()
    assert first["rematch"] == f"/play/{new.tokens[0]}" and second["rematch"] == f"/play/{new.tokens[1]}"
    assert new.tokens[0] not in str(second) and new.tokens[1] not in str(first)


def test_a_rematch_waits_for_the_end(client):
    created = new_game(client, ["human", "human"])
    with client.websocket_connect(f"/ws/{tokens_of(created)[0]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "rematch"})
        assert [m["reason"] for m in drain(ws) if m["type"] == "refused"] == ["a rematch can be started once the game is over"]


def test_the_clock_runs_from_the_first_move_and_again_after_a_restart(tmp_path):
    with app_client(tmp_path) as client:
        created = new_game(client, ["human", "human"], clock=60)
        table = table_of(client, created)
        assert table.deadline is not None and 55 < table.deadline - time.time() <= 60
    with app_client(tmp_path) as client:
        assert client.app.state.store.tables[created["game"]].deadline is not None


def test_a_clock_moves_for_a_person_whose_time_runs_out(tmp_path):
    with app_client(tmp_path, limits=Limits(games_per_minute=1000)) as client:
        created = new_game(client, ["human", "human"], clock=30)
        table = table_of(client, created)
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)
        mover = table.game.to_move
        with client.websocket_connect(f"/ws/{tokens_of(created)[mover]}") as ws:
            first = ws.receive_json()
            assert first["clock"] == 30 and 25 < first["clock_left"] <= 30
            table.deadline -= 30  # as if the time had gone by
            timed_out = state_until(ws, lambda m: len(m["log"]) == 2)
    assert timed_out["log"][-1]["player"] == mover
    assert timed_out["notice"] == f"{table.game.players[mover].name}'s time ran out (30 s a move): the bot greedy moved for them"


def test_a_table_chats_and_keeps_its_chat_across_a_restart(tmp_path):
    with app_client(tmp_path) as client:
        created = new_game(client, ["human", "human"])
        tokens = tokens_of(created)
        with client.websocket_connect(f"/ws/{tokens[0]}") as ws0, client.websocket_connect(f"/ws/{tokens[1]}") as ws1:
            ws0.receive_json(), ws1.receive_json()
            ws0.send_json({"type": "chat", "text": "  good luck <b>all</b>  "})
            ws0.send_json({"type": "chat", "text": "x" * 501})
            said = state_until(ws1, lambda m: m["chat"])
            assert [m["reason"] for m in drain(ws0) if m["type"] == "refused"] == ["a chat line is 501 characters long; at most 500"]
        assert said["chat"][0]["seat"] == 0 and said["chat"][0]["text"] == "good luck <b>all</b>"
    with app_client(tmp_path) as client:
        table = client.app.state.store.tables[created["game"]]
        assert [line["text"] for line in table.chat] == ["good luck <b>all</b>"]


def test_the_tab_title_and_turn_follow_the_state(client):
    """What the page's title is made from: your_turn, the player to move, the outcome."""
    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    mover = table.game.to_move
    tokens = tokens_of(created)
    with client.websocket_connect(f"/ws/{tokens[mover]}") as mine, client.websocket_connect(f"/ws/{tokens[1 - mover]}") as theirs:
        assert mine.receive_json()["your_turn"] and not theirs.receive_json()["your_turn"]
        table.play(mover, next(iter(table.game.legal_moves)).notation(), table.version)
        until(lambda: table.game.to_move != mover)
        assert not state_until(mine, lambda m: m["version"] == 1)["your_turn"]
        assert state_until(theirs, lambda m: m["version"] == 1)["your_turn"]


def test_a_hint_gives_the_hard_bots_best_moves_in_words_their_worth_and_why(client):
    from brass.bots.advice import advise

    created = new_game(client, ["human", "human"])
    table = table_of(client, created)
    advice = advise(table.game.copy())  # the same position, seen by the same seat: the same advice
    with client.websocket_connect(f"/ws/{tokens_of(created)[table.game.to_move]}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "hint", "version": first["version"]})
        hint = next(m for m in drain(ws) if m["type"] == "hint")
    legal = {m["text"] for m in first["moves"]}
    assert 1 <= len(hint["moves"]) <= 3 and all(m["text"] in legal and m["words"] and "=" not in m["words"] for m in hint["moves"])
    assert [(m["text"], m["value"]) for m in hint["moves"]] == [(c.move.full_notation(), round(c.worth, 1)) for c in advice.candidates]
    assert [m["then"] is None for m in hint["moves"]] == [c.then is None for c in advice.candidates]
    # The reason names the redeals' gain, or why the favourite stays though another scored more.
    assert hint["reason"] == advice.reason
    assert " points better over 2 redeals of the hidden cards" in hint["reason"] or "the turn plans' favourite; the other scored" in hint["reason"]
    assert table.log == [], "a hint plays nothing"

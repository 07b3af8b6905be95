"""Nothing is lost: a game the server accepts always loads again, a crash at any moment
leaves every game whole, and one bad file in ``--data`` harms no other (issue 20, point 2).

Before: a seed of 2^63 or a name of 150 characters was accepted, saved, then refused
at the next start; a file with the id ``../../pwned`` was saved outside the folder;
one with an integer token made every later request fail with a 500."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from brass.web.limits import Limits  # noqa: E402
from brass.web.store import Store  # noqa: E402
from tests.web.helpers import app_client, new_game, table_of, tokens_of  # noqa: E402
from tests.web.server import free_port  # noqa: E402
from tests.web.wsclient import Socket  # noqa: E402

def reload(folder) -> tuple:
    """The store a restart would make from ``folder``, and what it said."""
    said = []
    store = Store(folder, log=said.append, bot_delay=3600)  # looked at, not played on: the bots wait
    store.close()
    return store, said


# ------------------------------------------------------------------ created = loadable
@pytest.mark.parametrize(
    "body, reason",
    [
        ({"seed": 2**63}, "seed: expected a whole number"),
        ({"seed": -(2**63) - 1}, "seed: expected a whole number"),
        ({"seed": 10**30}, "seed: expected a whole number"),
        ({"seed": "12abc"}, "seed: expected a whole number"),
        ({"seed": True}, "seed: expected a whole number"),
        ({"names": ["N" * 150, "bot"]}, "names[0]: 150 characters; a name has at most 40"),
        ({"names": ["ok", "tab\there"]}, "names[1]: a name cannot hold control characters"),
        ({"names": {"a": 1}}, "names: expected at most 2 names"),
        ({"names": [3, "x"]}, "names[0]: expected text"),
        ({"seats": ["human", "nobody"]}, "unknown bot 'nobody'; bots: random, quick, greedy"),
        ({"seats": ["human", "os:system"]}, "unknown bot 'os:system'; bots: random, quick, greedy"),
        ({"seats": ["greedy", "greedy"]}, "seats: at least one seat must be a person's"),
        ({"seats": ["human"] * 7}, "is for 2, 3, 4 players, not 7"),
        ({"ruleset": "../../etc"}, "unknown ruleset '../../etc'; installed: birmingham,"),
        ({"clock": 7}, "clock: 7 is not offered"),
    ],
)
def test_what_would_not_load_again_is_refused_at_creation(tmp_path, body, reason):
    with app_client(tmp_path) as client:
        response = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "greedy"], **body})
    assert response.status_code == 400 and reason in response.json()["error"]
    assert not list((tmp_path / "games").glob("*.json")), "a refused game left a file"


names = st.text(st.characters(codec="utf-8"), max_size=45)
seeds = st.one_of(st.none(), st.integers(min_value=-(2**64), max_value=2**64), st.text(max_size=25))
seats = st.lists(st.sampled_from(["human", "greedy", "random", "nobody"]), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(names, max_size=5), seed=seeds, seats=seats, ruleset=st.sampled_from(["birmingham", "lancashire"]))
def test_every_game_accepted_loads_again(tmp_path_factory, names, seed, seats, ruleset):
    folder = tmp_path_factory.mktemp("data")
    with app_client(folder, limits=Limits(games_per_minute=1000), bot_delay=60) as client:
        response = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, "names": names, "seed": seed})
        assert response.status_code in (200, 400), response.text
        accepted = response.json().get("game")
    store, said = reload(folder)
    assert said == [], said
    assert (accepted in store.tables) if accepted else not store.tables


# ------------------------------------------------------------------ bad files
def good_game(folder) -> tuple:
    with app_client(folder) as client:
        created = new_game(client, ["human", "human"])
        table = table_of(client, created)
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)
        return created, table.to_json()


def test_a_bad_file_is_reported_and_skipped_and_the_others_load(tmp_path):
    created, data = good_game(tmp_path)
    games = tmp_path / "games"
    other = dict(data, id="aaaaaaaaaaaa", tokens=["A" * 24, "B" * 24], watch="W" * 24)
    bad = {
        "not-json.json": "{ not json",
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "not-utf8.json": b"\xff\xfe{}",
        "escape.json": dict(other, id="../../pwned"),
        "integer-token.json": dict(other, tokens=[12345, None]),
        "named-wrong.json": dict(other),
        "shared-token.json": dict(other, id="bbbbbbbbbbbb", tokens=data["tokens"]),
        "bad-move.json": dict(other, id="cccccccccccc", record={**data["record"], "moves": [{"player": 0, "move": "fly to the moon"}]}),
        "bad-seat.json": dict(other, id="dddddddddddd", seats=["human", "../evil:Bot"]),
        "bad-clock.json": dict(other, id="eeeeeeeeeeee", clock=-5),
    }
    for name, content in bad.items():
        path = games / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content))
    store, said = reload(tmp_path)
    assert list(store.tables) == [created["game"]]
    assert len(said) == len(bad) and all("not loaded" in line for line in said), said
    for name in bad:
        assert any(name in line for line in said), f"{name} was not reported"
    assert any("escape.json: not loaded: id: '../../pwned' is not a table id" in line for line in said)
    # Playing on writes nothing outside the folder, and every link still answers.
    with app_client(tmp_path) as client:
        token = tokens_of(created)[0]
        assert client.get(f"/api/state/{token}").status_code == 200
        assert client.get("/api/state/" + "x" * 24).status_code == 404
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file() and p.parent != games) == []


def test_a_table_written_before_tables_had_a_format_still_loads(tmp_path):
    created, data = good_game(tmp_path)
    legacy = {key: data[key] for key in ("id", "seats", "tokens", "record")}
    (tmp_path / "games" / f"{created['game']}.json").write_text(json.dumps(legacy))
    store, said = reload(tmp_path)
    assert said == [] and len(store.tables[created["game"]].log) == 1


def test_saves_are_atomic_and_private(tmp_path):
    created, _data = good_game(tmp_path)
    path = tmp_path / "games" / f"{created['game']}.json"
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert oct((tmp_path / "games").stat().st_mode & 0o777) == "0o700"
    assert not list((tmp_path / "games").glob(".*"))


# ------------------------------------------------------------------ killed
def serve(folder: str, port: int) -> None:
    """In a forked child: a real server (uvicorn) on ``port``, until it is killed."""
    import uvicorn

    from brass.web.app import make_app

    app = make_app(folder, bot_delay=0.01, limits=Limits(games_per_minute=1000), log=lambda text: None)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="wsproto")


def start_server(folder) -> tuple:
    """A server in a process of its own, forked (it starts at once: the rulesets are
    already loaded here), which the test kills."""
    import multiprocessing

    import httpx

    from brass import Game

    for ruleset, players in (("birmingham", 2), ("lancashire", 3)):  # rules made here, once, for the child too
        Game(ruleset, players, seed=1)
    port = free_port()
    process = multiprocessing.get_context("fork").Process(target=serve, args=(str(folder), port), daemon=True)
    process.start()
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/setup", timeout=1)
            return process, port
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")


def post(port, body):
    import httpx

    response = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def play_moves(port, token, count) -> int:
    """Play ``count`` moves for a seat over a real socket (waiting for a bot between); the
    number of moves the server has confirmed (by a state showing them)."""
    confirmed = 0
    with Socket(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
        message = ws.receive_json()
        while confirmed < count:
            while not (message.get("type") == "state" and message["your_turn"]):
                message = ws.receive_json()
            ws.send_json({"type": "play", "text": message["moves"][0]["text"], "version": message["version"]})
            version = message["version"]
            while not (message.get("type") == "state" and message["version"] > version):
                message = ws.receive_json()
            confirmed += 1
    return confirmed


def test_a_server_killed_mid_game_loses_no_game(tmp_path):
    process, port = start_server(tmp_path)
    try:
        against_bot = post(port, {"ruleset": "birmingham", "seats": ["human", "greedy"], "seed": 3})
        two_people = post(port, {"ruleset": "lancashire", "seats": ["human", "human", "random"], "seed": 4})
        confirmed = play_moves(port, against_bot["links"][0]["url"].rsplit("/", 1)[1], 3)
        people = {link["seat"]: link["url"].rsplit("/", 1)[1] for link in two_people["links"]}
        with Socket(f"ws://127.0.0.1:{port}/ws/{people[0]}") as ws:
            message = ws.receive_json()
            if message["your_turn"]:
                ws.send_json({"type": "play", "text": message["moves"][0]["text"], "version": message["version"]})
        time.sleep(0.05)  # the bots are moving, saving as they go: kill it now
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.join(timeout=10)
    store, said = reload(tmp_path)
    assert said == [], said
    assert set(store.tables) == {against_bot["game"], two_people["game"]}
    table = store.tables[against_bot["game"]]
    assert sum(1 for entry in table.log if entry["player"] == 0) >= confirmed
    assert not list((tmp_path / "games").glob(".*.tmp")), "a temporary file was left behind"


def die_in_save(folder: str, how: str) -> None:
    """In a forked child: make two tables and play moves until the fifth save kills the
    process (brass.web.store.write_atomically rigged as tests/web/serve_for_test.py rigs it)."""
    from brass.web import store as store_module
    from brass.web.table import new_table_json
    from tests.web.serve_for_test import rig

    rig(store_module, 5, how)
    store = Store(folder, bot_delay=3600, log=lambda text: None)
    limits = Limits()
    first = store.create(new_table_json({"ruleset": "birmingham", "seats": ["human", "human"], "seed": 1}, limits))
    store.create(new_table_json({"ruleset": "birmingham", "seats": ["human", "human"], "seed": 2}, limits))
    for _ in range(3):
        first.play(first.game.to_move, next(iter(first.game.legal_moves)).notation(), first.version)
    os._exit(0)  # not reached: the fifth save kills the process


@pytest.mark.parametrize("how", ["write", "flush", "rename"])
def test_a_server_killed_mid_save_leaves_every_game_whole(tmp_path, how):
    """The process dies in its fifth save (the third move of a game, after its creation and a
    second game's): half written, or written but not yet renamed, or just renamed."""
    import multiprocessing

    child = multiprocessing.get_context("fork").Process(target=die_in_save, args=(str(tmp_path), how))
    child.start()
    child.join(timeout=60)
    assert child.exitcode == -signal.SIGKILL, f"the child ended with {child.exitcode}"
    if how == "write":
        assert list((tmp_path / "games").glob(".*.tmp")), "the rig left no half-written file"
    store, said = reload(tmp_path)
    assert said == [], said
    assert len(store.tables) == 2
    moves = sorted(len(table.log) for table in store.tables.values())
    assert moves == [0, 3 if how == "rename" else 2], f"the games have {moves} moves"
    for table in store.tables.values():
        assert table.game.record()["moves"] == [{"player": e["player"], "move": m.move.notation()} for e, m in zip(table.log, table.game.history)]
    assert not list((tmp_path / "games").glob(".*.tmp")), "the half-written file was not cleared"
    assert os.stat(tmp_path / "games").st_mode & 0o777 == 0o700

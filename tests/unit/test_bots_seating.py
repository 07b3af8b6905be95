"""engine/bots/seating.py: every place that seats bots seeds them one way, so the
same game seed and lineup give the same bot moves in each."""

import json
import time

from brass import Game
from brass.bots import arena, make_bot
from brass.bots.seating import play_out, seat_bots
from brass.cli import main

LINEUP = ("greedy", "quick")
SEED = 4


def test_a_seats_bot_is_seeded_from_the_game_seed_its_seat_and_its_name():
    bots = seat_bots(["human", "random", "random"], SEED)
    assert sorted(bots) == [1, 2]  # no bot for a person
    game = Game("birmingham", 3, seed=SEED)
    for seat in (1, 2):
        assert bots[seat].choose(game).notation() == make_bot("random", (SEED, seat, "random")).choose(game).notation()


def test_play_out_reports_every_move():
    game = Game("birmingham", 2, seed=SEED)
    seen = []
    play_out(game, seat_bots(("quick", "quick"), SEED), lambda played: seen.append(len(played.history)))
    assert game.is_over() and seen == list(range(1, len(game.history) + 1))


def test_simulate_plays_the_arenas_game(capsys):
    assert main(["simulate", "birmingham", "--players", "2", "--seed", str(SEED), "--bot", ",".join(LINEUP), "--json"]) == 0
    simulated = json.loads(capsys.readouterr().out.splitlines()[0])
    played = arena.play_game("birmingham", LINEUP, SEED)
    assert [{k: seat[k] for k in ("vp", "income_level", "money")} for seat in simulated["seats"]] == played.scores
    assert simulated["moves"] == sum(played.decisions)


def test_a_web_table_plays_the_arenas_game():
    from brass.web.store import Store

    table = Store(None, bot_delay=0, log=lambda text: None).create(Game("birmingham", 2, seed=SEED), list(LINEUP))
    deadline = time.monotonic() + 120
    while not table.game.is_over() and time.monotonic() < deadline:
        time.sleep(0.05)
    with table.lock:
        assert table.game.is_over()
        assert table.game.outcome().scores == arena.play_game("birmingham", LINEUP, SEED).scores

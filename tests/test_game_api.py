"""The game API: records, undo, views, explicit set-ups, copies, determinism."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from brass import Game, IllegalMoveError, InvalidMoveError, UndoError
from brass.bots import QuickRandomBot
from brass.errors import RecordError, SetupError


def played(seed=4, players=3, moves=40, ruleset="birmingham") -> Game:
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.push(game.random_move(rng))
    return game


def everyone_sees(game) -> list:
    return [game.view(i) for i in range(len(game.players))]


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire", "lancashire-classic"])
def test_a_record_replays_to_the_identical_state(tmp_path, ruleset):
    game = played(ruleset=ruleset)
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert everyone_sees(again) == everyone_sees(game)
    assert again.to_move == game.to_move
    # Both go on identically to the same end.
    for copy in (game, again):
        rng = random.Random(99)
        while not copy.is_over():
            copy.push(copy.random_move(rng))
    assert game.outcome().scores == again.outcome().scores
    assert game.record() == again.record()


def test_a_record_pins_its_ruleset_version():
    record = played(moves=5).record()
    record["ruleset_version"] = "0.9.0"
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert str(error.value) == (
        "the record was made with birmingham 0.9.0, but birmingham 1.0.0 is installed; "
        "the rules may differ, so it is not replayed"
    )


def test_a_record_with_a_move_that_does_not_fit_says_which():
    record = played(moves=5).record()
    record["moves"][2]["move"] = "network card=nowhere line=birmingham--dudley"
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert str(error.value).startswith("move 3 ('network card=nowhere line=birmingham--dudley') cannot be replayed: ")


def test_not_a_record():
    with pytest.raises(RecordError) as error:
        Game.from_record({"moves": []})
    assert str(error.value) == "not a game record (expected format 'brass-game-record/1')"


def test_records_are_the_same_whatever_the_hash_seed():
    script = (
        "import json, random\n"
        "from brass import Game\n"
        "g = Game('birmingham', 4, seed=8)\n"
        "r = random.Random(8)\n"
        "for _ in range(60): g.push(g.random_move(r))\n"
        "print(json.dumps(g.record(), sort_keys=True)); print(json.dumps(g.view(0), sort_keys=True))\n"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": hash_seed, "PATH": ""}
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_undo_takes_back_the_first_action_of_a_turn(ruleset):
    game = played(moves=3, ruleset=ruleset)
    assert game.state.actions_left == 2
    mover = game.to_move
    before = everyone_sees(game)
    move = game.play("pass card=" + game.state.players[mover].hand[0].id)
    assert game.can_undo()
    assert game.undo() == move
    assert everyone_sees(game) == before
    assert game.to_move == mover


def test_no_undo_once_the_turn_is_over():
    game = played(moves=3)
    mover = game.to_move
    hand = game.state.players[mover].hand
    game.play(f"pass card={hand[0].id}")
    game.play(f"pass card={hand[0].id}")  # the turn ends: cards are drawn
    assert game.to_move != mover
    with pytest.raises(UndoError) as error:
        game.undo()
    assert str(error.value) == (
        "nothing to undo: moves can be taken back only within your own turn, "
        "before any card is drawn or hidden information revealed"
    )


def test_an_illegal_move_changes_nothing():
    game = played(moves=3)
    before = everyone_sees(game)
    with pytest.raises(IllegalMoveError):
        game.play("loan card=no-such-card")
    with pytest.raises(InvalidMoveError):
        game.play("loan card=")
    assert everyone_sees(game) == before


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_a_view_hides_other_hands_and_the_deck_order(ruleset):
    game = played(moves=10, ruleset=ruleset)
    view = game.view(0)
    assert "hand" in view["players"][0]
    assert all("hand" not in p for p in view["players"][1:])
    assert view["deck_size"] == len(game.state.deck)
    assert "deck" not in view
    onlooker = game.view(None)
    assert all("hand" not in p for p in onlooker["players"])
    assert "token_piles" not in view  # face-down market tiles stay hidden
    json.dumps(view)  # plain data


def test_the_face_down_discard_is_hidden():
    game = Game("birmingham", 2, seed=3)
    for p in game.view(1)["players"]:
        assert p["discard"] == ["(face down)"]


def test_an_explicit_setup_fixes_deck_merchants_and_turn_order():
    base = Game("birmingham", 2, seed=1)
    deck = [c.id for c in reversed(base.state.deck)] + [c.id for p in base.state.players for c in p.hand + p.discard]
    merchants = ["blank-1", "any", "cotton-1", "blank-2", "manufacturer-1"]
    game = Game("birmingham", 2, chance={"deck": [deck], "merchant_tiles": [merchants], "turn_order": [[1, 0]]})
    assert game.state.turn_order == [1, 0]
    assert [s.token.id for s in game.state.spaces if s.token] == merchants
    dealt = [c.id for c in game.state.players[0].hand]
    assert dealt == deck[:8]
    # The record keeps the given orders, so it replays exactly.
    assert Game.from_record(game.record()).view(0) == game.view(0)


def test_an_explicit_setup_must_be_a_true_order():
    with pytest.raises(SetupError) as error:
        Game("birmingham", 2, chance={"turn_order": [[1, 1]]})
    assert str(error.value) == "the given order for 'turn_order' (shuffle 1) names '1', which is not among the items to shuffle"


def test_a_copy_is_independent():
    game = played(moves=12)
    twin = game.copy()
    assert twin.view(0) == game.view(0)
    rng = random.Random(5)
    twin.push(twin.random_move(rng))
    assert twin.view(None) != game.view(None)
    assert len(game.history) == 12


def test_legal_moves_behave_like_a_collection():
    game = played(moves=2)
    moves = list(game.legal_moves)
    assert game.legal_moves.count() == len(moves) == len({m.notation() for m in moves})
    assert moves[0] in game.legal_moves
    assert moves[0].notation() in game.legal_moves
    assert "loan card=nowhere" not in game.legal_moves


def test_bots_finish_games_from_any_player_count():
    for players in (2, 3, 4):
        game = Game("birmingham", players, seed=players)
        bot = QuickRandomBot(players)
        while not game.is_over():
            game.push(bot.choose(game))
        assert game.outcome() is not None


def distant_sale_position():
    return {
        "era": "canal",
        "round": 2,
        "turn_order": [0, 1],
        "players": [{"money": 30, "hand": ["bolton", "port"], "discard": []}, {}],
        "tiles": [
            {"space": "bolton.0", "owner": 0, "industry": "cotton", "level": 1},
            {"space": "bury.0", "owner": 0, "industry": "cotton", "level": 1},
        ],
        "links": [
            {"line": "rochdale--yorkshire", "owner": 1},
            {"line": "oldham--rochdale", "owner": 1},
            {"line": "manchester--oldham", "owner": 1},
            {"line": "bolton--manchester", "owner": 1},
            {"line": "bolton--bury", "owner": 1},
        ],
        "token_piles": {"distant_market": ["move-2-e", "move-1-c", "move-4-l"]},
        "counters": {"market_marker": 1},
    }


def test_no_undo_across_a_reveal_and_a_record_replays_through_it(tmp_path):
    game = Game("lancashire", 2, seed=1)
    game.set_position(distant_sale_position())
    game.play("sell card=bolton mill=bolton.0")  # the top market tile is turned up
    assert game.state.counters["market_marker"] == 3
    assert not game.can_undo()
    # The same action goes on: a second mill, to the market again.
    assert [m.notation() for m in game.legal_moves] == ["sell", "sell mill=bury.0"]
    game.play("sell mill=bury.0")
    assert game.state.counters["market_marker"] == 4
    game.play("sell")
    assert game.state.actions_left == 1
    path = tmp_path / "sale.json"
    game.save(path)
    again = Game.load(path)
    assert again.view(0) == game.view(0)


def test_undo_of_the_move_that_ends_an_action_waiting_partway():
    """The move after a reveal reruns the waiting action: undo must give back the action waiting, not a bare turn."""
    from tests.support.fingerprint import fingerprint

    game = Game("lancashire", 2, seed=1)
    game.set_position(distant_sale_position())
    game.play("sell card=bolton mill=bolton.0")  # reveals a market tile: the action waits for more
    waiting = fingerprint(game)
    game.play("sell")  # and ends it; the second action of the turn is next
    assert game.can_undo()
    game.undo()
    assert fingerprint(game) == waiting
    assert [m.notation() for m in game.legal_moves] == ["sell", "sell mill=bury.0"]


@pytest.mark.parametrize("generated", [True, False])
def test_the_game_stands_still_while_its_legal_moves_are_iterated(generated):
    """Reading, copying or playing on the game inside the loop sees the position as it is."""
    from tests.support.fingerprint import fingerprint

    game = played(seed=2, players=2, moves=9)
    if not generated:
        game.fast = None
    before = fingerprint(game)
    for move in game.legal_moves:
        assert fingerprint(game) == before
        after = game.copy()
        after.push(move)  # a copy taken inside the loop takes the move
    for move in game.legal_moves:
        game.push(move)  # and so does the game itself
        break
    assert fingerprint(game) != before

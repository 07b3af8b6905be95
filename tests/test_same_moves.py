"""Moves that do the same thing are one move (issue 11).

A player short of money at the end of a round sells tiles one at a time until
the debt is paid; selling A then B leaves the game as selling B then A does,
and those are one legal move, the first in the rules' order. Orders that end
differently (A alone pays the debt; B then A sells both) stay apart. Either
order may still be typed: it is the move kept. The engine merges by effect,
knowing nothing of shortfalls: the variants below make the same point with
rules written for it, where a rule's own variable remembers the order.
"""

from __future__ import annotations

import copy
import random
import textwrap
from pathlib import Path

import pytest

from brass import Game, load_ruleset
from brass.game import Move
from brass.game import same_moves
from brass.language.codegen.search import expand, order_key
from tests.support.fingerprint import fingerprint

WAYS = pytest.mark.parametrize("way", ["generated", "interpreted"])

COAL = {"space": "dudley.0", "owner": 0, "industry": "coal", "level": 1, "cubes": {"coal": 1}}  # sells for 2
COAL_2 = {"space": "coalbrookdale.2", "owner": 0, "industry": "coal", "level": 2, "cubes": {"coal": 1}}  # sells for 3
MANUFACTURER = {"space": "birmingham.1", "owner": 0, "industry": "manufacturer", "level": 1}  # sells for 4


def ruled(ruleset, way: str):
    """The ruleset, run by the generated code or by the interpreter alone."""
    ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if way == "interpreted":
        ruleset = copy.copy(ruleset)
        ruleset.__dict__["fast"] = None
    return ruleset


def short(money: int, tiles: list, way: str = "generated") -> Game:
    """Seat 0 owes £5 of income at the end of the round, with ``money`` in hand and these tiles."""
    game = Game(ruled("birmingham", way), 2, seed=1)
    game.set_position(
        {
            "era": "canal",
            "round": 3,
            "turn_order": [0, 1],
            "to_move": 1,
            "actions_left": 1,
            "players": [
                {"money": money, "income_level": -5, "spent": 0, "hand": ["leek"], "discard": []},
                {"money": 10, "income_level": 0, "spent": 0, "hand": ["stafford", "stone"], "discard": []},
            ],
            "tiles": tiles,
            "links": [],
        },
        any_cards=True,
    )
    game.play("pass card=stafford")  # the round ends: seat 0 must sell
    return game


def listed(game: Game) -> list:
    return [move.full_notation() for move in game.legal_moves]


def after(game: Game, text: str):
    trial = game.copy()
    trial.play(text)
    return fingerprint(trial)


@WAYS
def test_the_same_sales_in_either_order_are_one_move(way):
    game = short(0, [COAL, MANUFACTURER], way)  # £5 short: both tiles must go (2 + 4)
    assert listed(game) == ["end_of_round sell_tile=dudley.0 sell_tile=birmingham.1"]
    assert game.legal_moves.count() == 1
    kept = next(iter(game.legal_moves))
    for typed in ("end_of_round sell_tile=birmingham.1 sell_tile=dudley.0", "end_of_round sell_tile=birmingham.1"):
        assert typed in game.legal_moves
        assert game.parse(typed) == kept
        assert after(game, typed) == after(game, kept.notation())
    game.play("end_of_round sell_tile=birmingham.1 sell_tile=dudley.0")
    assert game.history[-1].move == kept
    assert game.state.players[0].money == 1
    assert game.state.slot_tiles == [None] * len(game.state.slot_tiles)


@WAYS
def test_sales_that_end_differently_stay_apart(way):
    # £4 short: the manufacturer alone pays it; the coal mine first leaves £2
    # owing, and then the manufacturer goes too.
    game = short(1, [COAL, MANUFACTURER], way)
    assert listed(game) == ["end_of_round sell_tile=dudley.0 sell_tile=birmingham.1", "end_of_round sell_tile=birmingham.1"]
    assert game.legal_moves.count() == 2
    assert after(game, "end_of_round sell_tile=dudley.0") != after(game, "end_of_round sell_tile=birmingham.1")


@WAYS
def test_of_three_tiles_only_the_orders_that_sell_the_same_ones_merge(way):
    # £4 short. The manufacturer alone pays; so do both coal mines (2 + 3), in
    # either order: one move. A coal mine then the manufacturer: two moves, one
    # per coal mine. Six orders could be written; four moves remain, and five
    # were listed before moves were merged by effect.
    game = short(1, [COAL, COAL_2, MANUFACTURER], way)
    assert listed(game) == [
        "end_of_round sell_tile=coalbrookdale.2 sell_tile=dudley.0",
        "end_of_round sell_tile=coalbrookdale.2 sell_tile=birmingham.1",
        "end_of_round sell_tile=dudley.0 sell_tile=birmingham.1",
        "end_of_round sell_tile=birmingham.1",
    ]
    assert game.legal_moves.count() == 4
    assert game.parse("end_of_round sell_tile=dudley.0 sell_tile=coalbrookdale.2").notation() == "end_of_round sell_tile=coalbrookdale.2 sell_tile=dudley.0"


def test_bots_and_counts_see_the_moves_kept():
    game = short(0, [COAL, COAL_2, MANUFACTURER])  # £5 short: any two tiles, in either order
    kept = [move.notation() for move in game.legal_moves]
    assert len(kept) == 3
    assert game.legal_moves.count() == 3
    rng = random.Random(1)
    assert {game.uniform_random_move(rng).notation() for _ in range(60)} == set(kept)
    assert {game.random_move(rng).notation() for _ in range(60)} <= set(kept)
    assert [move.notation() for move, _ in game.scored_moves(lambda g: g.state.players[0].money)] == kept
    assert {move.notation() for move in game.best_moves(lambda g: 0)} == set(kept)


def test_a_move_made_elsewhere_in_the_other_order_is_pushed_as_the_move_kept():
    game = short(0, [COAL, MANUFACTURER])
    kept = next(iter(game.legal_moves))
    other_order = Move(kept.frame, kept.player, tuple(reversed(kept.decisions)))
    game.push(other_order)
    assert game.history[-1].move == kept


# ------------------------------------------------- rules written for the point

ORDERED = """\
    # The sum of two picks: the order does not matter.
    action add "Add":
        repeat 2:
            choose n from [1, 2]
            gain n

    # The last pick counts: the order matters, through a variable the state does not hold.
    action last "Last":
        let kept = 0
        repeat 2:
            choose m from [1, 2]
            let kept = m
        gain kept

    # Only the last of three picks counts: 64 orders, 20 sets of picks, and of each
    # set's orders those ending alike are one move.
    action stack "Stack":
        let top = 0
        repeat 3:
            choose s from [1, 2, 3, 4]
            let top = s
        gain top

    # The next player answers with the last pick: the state is the same after
    # either order, what may follow is not.
    action ask "Ask":
        let kept = 0
        repeat 2:
            choose k from [1, 2]
            let kept = k
        choose answer from [kept] by players[(you.index + 1) % len(players)]
        gain answer

    # The next player's answer does not depend on the picks: one move per pair.
    action ask_any "Ask any":
        repeat 2:
            choose j from [1, 2]
        choose reply from [1] by players[(you.index + 1) % len(players)]
        gain reply
    """


@pytest.fixture(scope="module")
def ordered(tmp_path_factory):
    folder = Path(tmp_path_factory.mktemp("same")) / "v"
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: v\ntitle: A variant\nversion: 1.0.0\nbase: birmingham\nrules:\n  - rules/variant.brass\n")
    (folder / "rules" / "variant.brass").write_text(textwrap.dedent(ORDERED))
    return load_ruleset(str(folder))


@WAYS
@pytest.mark.parametrize(
    "action, moves",
    [
        ("add", ["add n=1 n=1", "add n=1 n=2", "add n=2 n=2"]),
        ("last", ["last m=1 m=1", "last m=1 m=2", "last m=2 m=1", "last m=2 m=2"]),
        ("ask", ["ask k=1 k=1", "ask k=1 k=2", "ask k=2 k=1", "ask k=2 k=2"]),
        ("ask_any", ["ask_any j=1 j=1", "ask_any j=1 j=2", "ask_any j=2 j=2"]),
    ],
)
def test_orders_merge_when_nothing_that_follows_can_tell_them_apart(ordered, way, action, moves):
    game = Game(ruled(ordered, way), ["a", "b"], seed=1)
    assert [move.notation() for move in game.legal_moves.of(action)] == moves
    assert game.legal_moves.of(action).count() == len(moves)


def test_the_other_order_typed_is_the_move_kept(ordered):
    game = Game(ordered, ["a", "b"], seed=1)
    assert game.parse("add n=2 n=1").notation() == "add n=1 n=2"
    assert game.parse("last m=2 m=1").notation() == "last m=2 m=1"


# ------------------------------------- many orders, against a replay of each one

# Seat 3 (Rail era) can sell three tiles, each with beer from two breweries or a
# merchant's barrel: 1,838 orders of a Sell, as in a four-player game's late rounds.
_LINKS = {
    0: ["birmingham--nuneaton", "cannock--stafford", "coventry--nuneaton", "stafford--stone"],
    1: ["birmingham--dudley", "birmingham--redditch", "birmingham--worcester", "burton-on-trent--derby", "burton-on-trent--stone", "gloucester--redditch", "gloucester--worcester"],
    2: ["birmingham--coventry", "birmingham--oxford", "burton-on-trent--cannock", "burton-on-trent--tamworth", "derby--nottingham", "nuneaton--tamworth", "oxford--redditch"],
    3: ["birmingham--tamworth", "birmingham--walsall"],
}
_MERCHANTS = {
    "shrewsbury:0": "manufacturer-1", "gloucester:0": "cotton-2", "gloucester:1": "cotton-1", "oxford:0": "blank-3", "oxford:1": "blank-1",
    "warrington:0": "any", "warrington:1": "blank-2", "nottingham:0": "pottery", "nottingham:1": "manufacturer-2",
}
_BARRELS = {"shrewsbury:0", "gloucester:0", "gloucester:1", "warrington:0", "nottingham:1"}
MANY_SALES = {
    "era": "rail",
    "round": 5,
    "turn_order": [0, 1, 2, 3],
    "to_move": 3,
    "actions_left": 1,
    "players": [{}, {}, {}, {"money": 23, "income_level": 0, "hand": ["walsall"]}],
    "tiles": [
        {"space": "tamworth.1", "owner": 3, "industry": "cotton", "level": 3},
        {"space": "birmingham.0", "owner": 3, "industry": "cotton", "level": 2},
        {"space": "coventry.0", "owner": 3, "industry": "pottery", "level": 1},
        {"space": "derby.0", "owner": 0, "industry": "brewery", "level": 4, "cubes": {"beer": 2}},
        {"space": "stone.0", "owner": 0, "industry": "brewery", "level": 3, "cubes": {"beer": 2}},
    ],
    "links": [{"line": line, "owner": owner} for owner, lines in _LINKS.items() for line in lines],
    "spaces": {space: {"token": token, "cubes": {"beer": 1} if space in _BARRELS else {}} for space, token in _MERCHANTS.items()},
}


def one_per_effect_by_replays(game: Game, action: str) -> tuple:
    """The moves a listing of ``action`` must keep, found the slow way: every order the
    generated code finds, played alone from the position (``explore``), the first of
    each (decisions in no order, state left) in the rules' order, one per notation.
    Also how many orders and how many sets of decisions there were."""
    runner = game.runner
    frame = game.state.frame
    fulls = sorted(((full, action) for path, _, action in runner.all_paths(game, action).found for full in expand(path)), key=lambda f: order_key(f[0]))
    effects, signatures, kept = set(), set(), []
    for full, rule in fulls:
        move = runner.move(game, frame, rule, full[len(frame.script):])
        signature = (move.frame, tuple(sorted((d.key, d.text) for d in move.decisions)))
        with game.explore(move):
            effect = (signature, game.state.digest())
        signatures.add(signature)
        if effect not in effects:
            effects.add(effect)
            if move.notation() not in kept:
                kept.append(move.notation())
    return kept, len(fulls), len(signatures)


@pytest.fixture
def replays(monkeypatch):
    """How many moves the listings replay to learn what they do (the rest are searched)."""
    count = [0]
    effects = same_moves.SameMoves._effects

    def counted(self, game, frame, moves_tokens):
        count[0] += len(moves_tokens)
        return effects(self, game, frame, moves_tokens)

    monkeypatch.setattr(same_moves.SameMoves, "_effects", counted)
    return count


@pytest.mark.parametrize("cost", [0, same_moves.REPLAY_COST, 10**9], ids=["replayed", "as-shipped", "searched"])
def test_a_sell_of_many_orders_keeps_what_replaying_each_keeps(monkeypatch, replays, cost):
    monkeypatch.setattr(same_moves, "REPLAY_COST", cost)
    game = Game("birmingham", 4, seed=1)
    game.set_position(MANY_SALES, any_cards=True)
    expected, orders, signatures = one_per_effect_by_replays(game, "sell")
    assert (orders, signatures, len(expected)) == (1838, 209, 209)  # every set of sales one effect here
    replays[0] = 0
    assert [move.notation() for move in game.legal_moves.of("sell")] == expected
    assert [move.notation() for move, _ in game.scored_moves(lambda g: g.state.players[3].money) if move.frame == "sell"] == expected
    if cost == 0:
        assert replays[0] > orders  # each of the two listings replayed nearly every order
    else:
        assert replays[0] == 0  # one search of the Sell told them apart


@pytest.mark.parametrize("cost", [0, same_moves.REPLAY_COST, 10**9], ids=["replayed", "as-shipped", "searched"])
@pytest.mark.parametrize("action", ["add", "last", "stack", "ask_any"])
def test_orders_of_a_variant_keep_what_replaying_each_keeps(ordered, monkeypatch, cost, action):
    monkeypatch.setattr(same_moves, "REPLAY_COST", cost)
    game = Game(ordered, ["a", "b"], seed=1)
    expected, orders, signatures = one_per_effect_by_replays(game, action)
    assert [move.notation() for move in game.legal_moves.of(action)] == expected
    assert [move.notation() for move, _ in game.scored_moves(lambda g: g.state.players[0].money) if move.frame == action] == expected
    if action == "stack":
        assert (orders, signatures, len(expected)) == (64, 20, 40)  # several effects a set of picks

"""The planning bots: view-only decisions, reproducible seeds, plugin bots, advice."""

from __future__ import annotations

import json
import random
import re

import pytest

from brass.bots import BOTS, LEVELS, Bot, make_bot
from brass.bots.determinize import determinize
from brass.bots.evaluation import edition_facts, heuristic
from brass.cli import main
from brass.game import Game


class TinyBot(Bot):
    """A third-party bot for the tests: the first legal move."""

    name = "tiny"

    def choose(self, game):
        return next(iter(game.legal_moves))


def _midgame(ruleset: str, players: int = 2, moves: int = 12, seed: int = 4) -> Game:
    game = Game(ruleset, players, seed=seed)
    bot = make_bot("quick", 1)
    for _ in range(moves):
        game.push(bot.choose(game))
    return game


def _redealt(game: Game, seat: int, seed: int) -> Game:
    """The same game as ``seat`` sees it, with everything hidden from it dealt otherwise."""
    other = determinize(game, seat, random.Random(seed))
    return other


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_decides_from_its_view_alone(ruleset, level):
    game = _midgame(ruleset)
    seat = game.to_move
    other = _redealt(game, seat, 99)
    mine = sorted(c.id for c in game.state.players[seat].hand)
    assert sorted(c.id for c in other.state.players[seat].hand) == mine
    hidden = lambda g: ([c.id for p in g.state.players if p.index != seat for c in p.hand], [c.id for c in g.state.deck])
    assert hidden(game) != hidden(other)  # two different hidden deals ...
    view = game.view(seat)
    assert other.view(seat) == view  # ... behind the same view
    first = make_bot(level, 7).choose(game)
    second = make_bot(level, 7).choose(other)
    # The same move (its notation lists cards in the order of the hand it is read against).
    assert game.parse(second.notation()).notation() == first.notation()


def test_determinize_depends_only_on_the_view():
    game = _midgame("lancashire", moves=6)
    seat = game.to_move
    other = _redealt(game, seat, 5)
    a = determinize(game, seat, random.Random(3))
    b = determinize(other, seat, random.Random(3))
    for x, y in zip(a.state.players, b.state.players):
        assert [c.id for c in x.hand] == [c.id for c in y.hand]
    assert [c.id for c in a.state.deck] == [c.id for c in b.state.deck]
    assert {k: [t.id for t in v] for k, v in a.state.token_piles.items()} == {k: [t.id for t in v] for k, v in b.state.token_piles.items()}
    assert a.seed == b.seed


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_makes_a_bot_reproducible(level):
    game = _midgame("birmingham", moves=8)
    assert make_bot(level, 11).choose(game).notation() == make_bot(level, 11).choose(game).notation()


def test_the_edition_facts_come_from_the_rules():
    birmingham = edition_facts(Game("birmingham", 2, seed=1))
    lancashire = edition_facts(Game("lancashire", 2, seed=1))
    assert birmingham.lasting_level == lancashire.lasting_level == 2
    assert birmingham.end_rate == 0.0
    assert lancashire.end_rate == pytest.approx(0.1)


def test_a_loan_with_money_in_hand_is_judged_a_loss():
    game = Game("birmingham", 2, seed=3)
    while game.state.round < 2 or game.to_move != game.state.turn_order[0]:
        game.push(make_bot("quick", 2).choose(game))
    seat = game.to_move
    judge = heuristic(game)
    game.state.players[seat].money = 60
    before = judge.value(game, seat)
    loans = [m for m in game.legal_moves.of("loan")]
    with game.explore(loans[0]):
        assert judge.value(game, seat) < before


def test_no_level_ends_with_ruinous_income():
    game = Game("birmingham", 2, seed=21)
    bots = [make_bot("medium", 1), make_bot("easy", 2)]
    while not game.is_over():
        game.push(bots[game.to_move].choose(game))
    for score in game.outcome().scores:
        assert score["income_level"] > -5


def test_the_levels_are_bots():
    for level in LEVELS:
        assert level in BOTS


def test_a_bot_named_by_module_and_class():
    bot = make_bot("tests.test_bots:TinyBot", 1)
    assert isinstance(bot, TinyBot)
    game = Game("birmingham", 2, seed=1)
    assert bot.choose(game).notation() == next(iter(game.legal_moves)).notation()


def test_a_bot_found_through_the_entry_point_group(monkeypatch):
    from importlib.metadata import EntryPoint

    from brass.bots import registry

    entry = EntryPoint(name="tiny", value="tests.test_bots:TinyBot", group="brass.bots")
    monkeypatch.setattr(registry, "entry_points", lambda group: [entry] if group == "brass.bots" else [])
    assert isinstance(make_bot("tiny", 1), TinyBot)


def test_an_unknown_bot_says_what_there_is():
    with pytest.raises(ValueError, match="unknown bot 'clever'.*hard.*module:Class"):
        make_bot("clever")
    with pytest.raises(ValueError, match="cannot load bot"):
        make_bot("no_such_module:Bot")


def test_play_seats_a_plugin_bot(monkeypatch, capsys):
    lines = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "birmingham", "--seats", "tests.test_bots:TinyBot,human", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Tests.test_bots:tinybot 1: " in out


def test_simulate_seats_a_plugin_bot(capsys):
    # Played here or on workers, the names come from the command line: module:Class is allowed.
    assert main(["simulate", "birmingham", "--games", "1", "--seed", "2", "--bot", "tests.test_bots:TinyBot,random", "--json"]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert [seat["bot"] for seat in game["seats"]] == ["tests.test_bots:TinyBot", "random"]


def test_hint_gives_three_moves_a_player_can_type_and_why_the_first(monkeypatch, capsys):
    lines = iter(["hint", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "birmingham", "--seats", "human,greedy", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    advice = out[out.index("the hard bot's advice"):].splitlines()[1:5]
    assert [line.split(".")[0].strip() for line in advice[:3]] == ["1", "2", "3"]
    game = Game("birmingham", 2, seed=5)
    for line in advice[:3]:
        found = re.fullmatch(r" +\d\. (.+?)   \(([+-]\d+\.\d)\)(   \[then (.+)\])?", line)
        assert found, line
        assert game.parse(found[1]).full_notation() == found[1]  # typed as shown (the full form), it is a legal move
    first, second = (re.fullmatch(r" +\d\. (.+?)   .*", line)[1] for line in advice[:2])
    assert advice[3].startswith(f"why: {game.parse(first).notation()} rather than {game.parse(second).notation()}"), advice[3]
    assert " points better over 2 redeals of the hidden cards" in advice[3]


def test_the_how_to_page_runs():
    import doctest
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "howto" / "write-a-bot.rst"
    failures, tried = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 3 and failures == 0


def test_the_sale_facts_come_from_the_rules():
    for ruleset in ("birmingham", "lancashire"):
        facts = edition_facts(Game(ruleset, 2, seed=1))
        assert facts.sold is not None and facts.can_sell is not None
    game = _midgame("birmingham", moves=30, seed=8)
    judge = heuristic(game)
    kinds = set()
    for tile in game.state.slot_tiles:
        if tile is not None and not tile.flipped:
            sold = bool(game.define(judge.facts.sold, None, tile))
            assert sold == (tile.type.industry.id in ("cotton", "manufacturer", "pottery"))  # p.10
            kinds.add(sold)
            assert 0 < judge.flip_chance(game, tile) < 1
    assert kinds == {True, False}


def test_a_turn_plan_sees_the_second_action():
    from brass.bots.planning import plans

    game = _midgame("birmingham", moves=10, seed=6)
    while game.state.actions_left < 2 or game.state.round < 2:
        game.push(make_bot("quick", 3).choose(game))
    seat = game.to_move
    found = plans(game, seat)
    assert found and all(plan.then is not None for plan in found if plan.move.notation().split()[0] != "pass")
    assert [plan.value for plan in found] == sorted((plan.value for plan in found), reverse=True)
    with_then = found[0]
    after = game.copy()
    after.push(after.parse(with_then.move.notation()))
    assert after.to_move == seat
    assert after.parse(with_then.then.notation()).notation() == with_then.then.notation()  # legal after the first


def test_a_port_flips_by_a_sale_when_a_mill_is_connected():
    game = _midgame("lancashire", moves=40, seed=3)
    facts = heuristic(game).facts
    ports = [t for t in game.state.slot_tiles if t is not None and t.type.industry.id == "port" and not t.flipped]
    mills = [t for t in game.state.slot_tiles if t is not None and t.type.industry.id == "cotton" and not t.flipped]
    for port in ports:
        assert game.define(facts.sold, None, port)  # Rulebook: Sell -- a port flips when a mill sells through it
        reached = any(port in game.define("ports_for", None, mill) for mill in mills)
        assert bool(game.define(facts.can_sell, None, port)) == reached


@pytest.mark.parametrize("level", ["planner", "hard"])
def test_a_decision_keeps_to_its_budget(level, monkeypatch):
    from brass.bots import planning, search

    game = Game("lancashire", 2, seed=3)
    greedy = make_bot("greedy", 3)
    while game.state.actions_left < 2 or game.count_moves() < 400:
        game.push(greedy.choose(game))
    judged = []
    counted = planning.Budget.counted

    def spy(self, score):
        charged = counted(self, score)

        def call(g):
            judged.append(1)
            return charged(g)

        return call

    monkeypatch.setattr(planning.Budget, "counted", spy)
    make_bot(level, 2).choose(game)
    full = len(judged)  # on the bot's own budget
    monkeypatch.setattr(planning.HeuristicBot, "budget", full // 4)
    monkeypatch.setattr(search.SearchBot, "plan_budget", full // 4)
    monkeypatch.setattr(search.SearchBot, "budget", full // 3)
    judged.clear()
    move = make_bot(level, 2).choose(game)
    assert game.parse(move.notation()).notation() == move.notation()  # still a legal move
    moves = game.count_moves()
    # The budget is checked before each follow-up and each redeal: at most one of
    # them (about as many positions as there are moves) runs past it.
    assert len(judged) < full // 3 + 3 * moves
    assert len(judged) < full


def _turn_start(ruleset: str, players: int, seed: int, first: bool) -> Game:
    """A position where the player to move starts a turn of two actions, first
    (or last) in its round's turn order."""
    game = _midgame(ruleset, players, moves=8, seed=seed)
    bot = make_bot("quick", seed)
    while not (game.state.actions_left == 2 and (game.state.turn_index == 0) == first and game.state.round > 1):
        game.push(bot.choose(game))
    return game


@pytest.mark.parametrize("first", [True, False], ids=["first in the round", "last in the round"])
@pytest.mark.parametrize("planned", [False, True], ids=["next turn an action at a time", "next turn planned"])
def test_hard_judges_every_plan_at_the_end_of_its_next_turn(first, planned, monkeypatch):
    from brass.bots import search
    from brass.bots.planning import UNLIMITED, _distinct, _turn, plans
    from brass.bots.search import SearchBot

    game = _turn_start("birmingham", 2, 11, first)
    seat = game.to_move
    bot = SearchBot(3)
    bot.plan_next_turn = planned
    kept = _distinct(plans(game, seat), bot.candidates)
    assert len(kept) > 1
    asked = []
    monkeypatch.setattr(search, "plans", lambda g, mover, *args: asked.append(mover) or plans(g, mover, *args))
    for plan in kept:
        asked.clear()
        reached = bot._played_out(game, plan, seat, random.Random(1), UNLIMITED)
        # Whatever the plan spends (and so whoever goes first next), the position is
        # judged once the other player has had its turns until the seat's next one
        # (its best action at a time), and the seat that one: by its best turn plan
        # if the bot plans it, else its best action at a time.
        assert asked == ([seat] if planned else [])
        assert reached.state.round > game.state.round
        if not planned:  # (a planned turn goes on in the copy it was planned in, with its own history)
            moved = [entry.move.player for entry in reached.history]  # the plan's, the other's, the seat's next turn
            last_other = max(i for i, player in enumerate(moved) if player != seat)
            assert moved[0] == seat and 1 <= len(moved) - 1 - last_other <= 2
        assert _turn(reached) != _turn(game)


def _does(move) -> str:
    """A move by what it does: which card pays for it may tie (a redealt world lists the hand otherwise)."""
    return " ".join(word for word in move.notation().split() if not word.startswith("card="))


def test_easy_takes_the_best_single_action():
    game = _turn_start("birmingham", 2, 12, True)
    seat = game.to_move
    judge = heuristic(game)
    best = {_does(move) for move in game.best_moves(lambda g: judge.relative(g, seat))}
    planned = _does(make_bot("planner", 1).choose(game))
    assert planned not in best  # here the turn plan starts otherwise ...
    assert {_does(make_bot("easy", seed).choose(game)) for seed in range(4)} <= best  # ... easy takes one action at a time


def test_medium_plans_some_decisions_and_takes_single_actions_in_others():
    from brass.bots.planning import MediumBot

    game = _turn_start("birmingham", 2, 12, True)
    planned = _does(make_bot("planner", 1).choose(game))
    single = _does(make_bot("easy", 1).choose(game))
    assert planned != single
    taken = [_does(make_bot("medium", seed).choose(game)) for seed in range(40)]
    assert set(taken) == {planned, single}
    # As often as its share of planned decisions says (40 draws: well within 3 standard deviations).
    share = MediumBot.planning
    assert abs(taken.count(planned) - 40 * share) < 3 * (40 * share * (1 - share)) ** 0.5


def test_a_position_costs_more_on_a_crowded_board():
    from brass.bots.planning import Budget, crowding

    empty = Game("birmingham", 2, seed=3)
    assert crowding(empty) == 1.0
    late = Game("birmingham", 2, seed=3)
    greedy = make_bot("greedy", 3)
    for _ in range(16):
        late.push(greedy.choose(late))
    pieces = sum(t is not None for t in late.state.slot_tiles) + sum(k is not None for k in late.state.line_links)
    assert pieces > 0 and crowding(late) == 1 + pieces / 40
    budget = Budget(100, weight=2.5)
    judge = budget.counted(lambda game: 0.0)
    for _ in range(10):
        judge(late)
    assert budget.left == 75 and budget.since(100) == 10
    assert budget.affords(30) and not budget.affords(31)


def test_a_gain_within_the_redeals_noise_keeps_the_favourite():
    from brass.bots.search import preferred

    # Plan 1 is a point better on the mean, but its redeals differ by 4: noise.
    order, noise = preferred([[10.0, 13.0, 9.0], [10.0, 9.0, 11.0]], 2.0)
    assert order == [0, 1, 2]
    assert noise == pytest.approx((5 / 2) ** 0.5)
    # The best mean, whatever the spread, without the rule.
    assert preferred([[10.0, 13.0, 9.0], [10.0, 9.0, 11.0]], 0)[0] == [1, 0, 2]


def test_a_gain_well_beyond_the_noise_displaces_the_favourite():
    from brass.bots.search import preferred

    order, noise = preferred([[10.0, 16.0, 9.0], [10.0, 15.5, 10.0]], 2.0)
    assert order == [1, 0, 2]
    assert 5.75 > 2.0 * noise
    # With no spread at all (the redeals dealt alike), any gain tells.
    assert preferred([[1.0, 1.5], [2.0, 2.5]], 2.0) == ([1, 0], 0.0)


def test_one_redeal_cannot_tell_a_gain_from_luck():
    from brass.bots.search import preferred

    order, noise = preferred([[10.0, 30.0, 9.0]], 2.0)
    assert order == [0, 1, 2] and noise == float("inf")


@pytest.mark.parametrize("confidence, favourite_first", [(2.0, True), (0.0, False)])
def test_hard_plays_the_favourite_unless_a_plan_beats_it_beyond_the_noise(confidence, favourite_first, monkeypatch):
    from brass.bots import search
    from brass.bots.search import SearchBot

    game = _turn_start("birmingham", 2, 11, True)
    seen = {}  # plan -> its index in the order played out (the favourite first)
    scripted = [[0.0, 0.0], [3.0, -1.0], [-5.0, -5.0], [-6.0, -6.0], [-7.0, -7.0]]  # per plan, per redeal

    def play_out(self, world, plan, seat, rng, budget=None):
        index = seen.setdefault(id(plan), (len(seen), []))
        index[1].append(1)
        return scripted[index[0]][len(index[1]) - 1]

    monkeypatch.setattr(search.SearchBot, "_play_out", play_out)
    monkeypatch.setattr(search.SearchBot, "confidence", confidence)
    found = SearchBot(5).search(game, 3)
    assert len(seen) >= 2 and found[0].redeals == 2
    favourite = max(found, key=lambda e: e.plan.value)
    # Plan 2 gains 1 point on the mean, with a spread of 4 between the redeals.
    assert (found[0] is favourite) == favourite_first
    assert found[0].worth == (0.0 if favourite_first else 1.0)

"""brass.terminal.movelist, and 'moves' in brass play: moves listed as a player thinks
of them (issue 21, point 4)."""

from __future__ import annotations

from brass import Game
from brass.terminal.movelist import Listing, entries, filtered

SEVEN = ("play", "birmingham", "--players", "2", "--seats", "human,greedy", "--seed", "7")


def listed(game, text: str) -> list:
    moves, _ = filtered(game, text)
    return Listing(entries(game, moves)).lines(100)


def test_the_builds_by_industry_each_with_its_cost_and_card():
    game = Game("birmingham", ["Player 1", "Greedy 2"], seed=7)
    assert listed(game, "build") == [
        "build: 7 choices",
        "    1. build Coal mine, Cannock 1                   £5; card: Cannock",
        "    2. build Coal mine, Burton-on-Trent 0           £5; card: Burton-on-Trent",
        "    3. build Coal mine, Dudley 0                    £5; card: Dudley",
        "    4. build Coal mine, Redditch 0                  £5; card: Redditch",
        "    5. build Brewery, Burton-on-Trent 1             £7; iron: the market; card: Burton-on-Trent",
        "    6. build Brewery, Stafford 0                    £7; iron: the market; card: Stafford",
        "    7. build Cotton mill, Birmingham 0              £12; card: Birmingham",
    ]


def test_the_card_does_not_multiply_the_list():
    game = Game("birmingham", ["Player 1", "Greedy 2"], seed=7)
    lines = listed(game, "network birmingham")
    assert lines[0] == "network: 6 choices (42 moves with the cards that may pay)"
    assert lines[2] == "    2. network Birmingham–Dudley                    £3; any of 7 cards"
    develop = listed(game, "develop")
    assert develop[0] == "develop: 20 choices (140 moves with the cards that may pay)"
    assert "    2. develop Cotton mill, Cotton mill             £4; iron: the market ×2; any of 7 cards" in develop
    assert listed(game, "scout") == ["scout: 1 choice (41 moves with the cards that may pay)", "    1. scout                                        free; any of 41 sets of cards"]


def test_a_loan_gains_money_and_costs_income():
    game = Game("lancashire", 2, seed=3)
    assert listed(game, "loan") == [
        "loan: 3 choices (24 moves with the cards that may pay)",
        "    1. loan 10                                      gain £10; income level 0 → -1; any of 8 cards",
        "    2. loan 20                                      gain £20; income level 0 → -2; any of 8 cards",
        "    3. loan 30                                      gain £30; income level 0 → -3; any of 8 cards",
    ]


def test_like_spaces_of_one_place_are_one_choice():
    game = Game("lancashire", 2, seed=3)
    lines = listed(game, "build coal")
    assert "    1. build Coal mine, Wigan                       £5; card: Wigan or Coal mine" in lines
    assert not any("Wigan 1" in line for line in lines)


def test_the_cost_is_the_move_s_own_not_the_round_s_income():
    # The last action of a round, with income level 5: the round's income follows the
    # move, and is not part of what the build costs.
    game = Game("birmingham", 2, seed=1)
    game.set_position({"round": 2, "turn_order": [1, 0], "players": [{"hand": ["coal", "dudley"], "income_level": 5, "money": 20}, {"hand": ["stafford"]}]})
    game.play("pass")  # Player 2's one card: the turn passes
    game.play("pass card=coal")
    assert game.to_move == 0 and game.state.actions_left == 1
    assert listed(game, "build dudley")[1] == "    1. build Coal mine, Dudley 0                    £5; card: Dudley"


def test_filters_take_any_case_and_names_as_said():
    game = Game("birmingham", ["Player 1", "Greedy 2"], seed=7)
    assert filtered(game, "Dudley")[0] == filtered(game, "dudley")[0]
    dudley = [move.notation() for move in filtered(game, "Dudley")[0]]
    assert "build card=dudley industry=coal" in dudley and "network card=cannock line=birmingham--dudley" in dudley
    assert all(move.frame in ("build", "develop") for move in filtered(game, "coal mine")[0])
    assert len(filtered(game, "coal mine")[0]) == 4 + 6 * 7  # four coal mines; six developments of one, any card


def test_moves_in_brass_play(brass):
    code, out = brass(*SEVEN, typed=["moves Dudley", "moves xyzzy", "moves", "quit"])
    assert code == 0
    assert "Player 1 (last action)> moves Dudley\nbuild: 1 choice\n    1. build Coal mine, Dudley 0                    £5; card: Dudley\nnetwork: 3 choices (21 moves with the cards that may pay)\n" in out
    assert "no legal move fits 'xyzzy' ('xyzzy' names nothing in this game); 'moves' lists them all" in out
    whole = out[out.index("> moves\n"):]
    assert "network: 31 choices (217 moves with the cards that may pay)" in whole
    assert len(whole.splitlines()) < 70  # 61 choices and 6 headings, not 419 moves


def test_picking_an_entry_paid_by_any_card_asks_which(brass):
    code, out = brass(*SEVEN, typed=["moves network birmingham", "2", "9", "7", "quit", "n"])
    assert code == 0
    assert "network Birmingham–Dudley (£3): which card? (nothing else changes with it)\n    1. card: Cannock\n" in out
    assert "there is no move 9 in the last list (the cards for network Birmingham–Dudley, numbered 1 to 7)" in out
    assert "Player 1 (last action)> 7\nplayed: network card=redditch line=birmingham--dudley\n" in out

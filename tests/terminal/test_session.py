"""brass.terminal.session: a number picks only from the list on the screen, and a
move that cannot be taken back is said so before it is played (issue 21, point 1)."""

from __future__ import annotations

from brass import Game
from brass.bots.advice import advise
from brass.terminal.session import LAST_ACTION

SEVEN = ("play", "birmingham", "--players", "2", "--seats", "human,greedy", "--seed", "7")
NO_LIST = (
    "there is no numbered list on the screen to pick 1 from: 'moves' lists the legal moves (or 'moves TEXT' some of them), "
    "'hint' the hard bot's advice; then type a number from that list"
)


def test_a_number_after_a_hint_plays_the_hint_s_move(brass):
    game = Game("birmingham", ["Player 1", "Greedy 2"], seed=7)
    advice = advise(game)  # what the hint shows: the hard bot's advice, seeded by what the seat sees
    code, out = brass(*SEVEN, typed=["hint", "5", "2", "quit", "n"])
    assert code == 0
    assert "the hard bot's advice for Player 1 (worth: the points it expects you to stand ahead of the others after your next turn):" in out
    for number, c in enumerate(advice.candidates, 1):
        then = f"   [then {c.then.full_notation()}]" if c.then is not None else ""
        assert f"\n    {number}. {c.move.full_notation()}   ({c.worth:+.1f}){then}\n" in out
    assert len(advice.candidates) == 3 and advice.reason.startswith(f"{advice.candidates[0].move.notation()}")
    assert f"\nwhy: {advice.reason}\n" in out
    assert "there is no move 5 in the last list (the hint, numbered 1 to 3)" in out
    assert f"Player 1 (last action)> 2\nplayed: {advice.candidates[1].move.full_notation()}\n" in out


def test_a_number_with_only_a_count_on_the_screen_is_refused(brass):
    code, out = brass(*SEVEN, typed=["1", "board", "1", "quit"])
    assert code == 0
    assert "419 legal moves, 61 choices leaving the card aside (build 7, network 31, develop 20, loan 1, scout 1, pass 1)." in out  # a count, no numbers
    assert out.count(NO_LIST) == 2
    assert "played:" not in out


def test_a_list_is_gone_once_a_move_is_made_or_taken_back(brass):
    # Round 2 (two actions): list the loans, take one, take it back; the list is gone.
    code, out = brass(*SEVEN, typed=["moves pass", "1", "1", "moves loan", "1", "1", "undo", "1", "quit", "n"])
    assert code == 0
    assert "Player 1> 1\nplayed: loan card=" in out
    assert "took back: loan card=" in out
    after_undo = out[out.index("took back: "):]
    assert NO_LIST in after_undo and "played:" not in after_undo


def test_the_last_action_of_a_turn_is_announced_on_the_prompt(brass):
    code, out = brass(*SEVEN, typed=["moves pass", "1", "1", "quit", "n"])
    assert code == 0
    first_prompt = out.index("Player 1 (last action)> ")
    assert out.rindex(LAST_ACTION, 0, first_prompt) > 0  # said before the first prompt: one action in round 1
    assert brass.prompts[:3] == ["Player 1 (last action)> "] * 3
    # Round 2: two actions, and only the second is the last.
    assert "Player 1> " in brass.prompts


def test_a_move_that_ends_the_turn_early_is_asked_about_first(brass):
    # Lancashire, round 2: a double build takes both actions and so ends the turn at once.
    argv = ("play", "lancashire", "--players", "2", "--seats", "human,quick", "--seed", "3")
    code, out = brass(*argv, typed=["moves pass", "1", "1", "moves double_build", "1", "1", "", "1", "y", "quit", "n"])
    assert code == 0
    asked = out.index(": it ends your turn, and it cannot be taken back. Play it? (y: play it, Enter: no) ")
    move = out[out.rindex("\n", 0, asked) + 1:asked]
    assert move.startswith("double_build ")
    assert out[asked:].split("\n", 2)[1] == "not played"
    assert f"played: {move}\n" in out
    assert out.count("Play it?") == 2  # once refused, once played


def test_words_that_fit_several_moves_are_numbered_to_pick_from(brass):
    code, out = brass(*SEVEN, typed=["network birmingham dudley", "3", "quit", "n"])
    assert code == 0
    cards = ["Cannock", "Burton-on-Trent", "Birmingham", "Stafford", "Dudley", "Iron works", "Redditch"]
    listed = "".join(f"    {n}. card: {card}\n" for n, card in enumerate(cards, 1))
    assert f"network Birmingham–Dudley (£3): which card? (nothing else changes with it)\n{listed}" in out
    assert "Player 1 (last action)> 3\nplayed: network card=birmingham line=birmingham--dudley\n" in out


def test_words_said_as_a_player_says_them_are_played(brass):
    code, out = brass(*SEVEN, typed=["Build coal in Dudley", "quit", "n"])
    assert code == 0
    assert "played: build card=dudley industry=coal location=dudley slot=dudley.0\n" in out

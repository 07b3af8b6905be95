"""Reaching the end of a game from a position: for tests of scoring and winning."""

from __future__ import annotations

from brass import Game


def play_last_turn(ruleset: str, card: str, p0: dict, p1: dict, defaults: dict, **extra) -> Game:
    """Seat 1 plays its last card, ``card``, in the last round of the Rail era.

    The deck and seat 0's hand are empty; ``defaults`` fills each seat's money,
    income, VP; ``extra`` adds or replaces position fields (tiles, counters...).
    """
    game = Game(ruleset, 2, seed=1)
    base = {"income_level": 0, "vp": 0, "spent": 0, "discard": [], **defaults}
    position = {
        "era": "rail",
        "round": 10,
        "turn_order": [0, 1],
        "to_move": 1,
        "actions_left": 1,
        "deck": [],
        "players": [{**base, "hand": [], **p0}, {**base, "hand": [card], **p1}],
        "tiles": [],
        "links": [],
    }
    position.update(extra)
    game.set_position(position)
    assert game.outcome() is None, "the game is not over before the last move"
    game.play(f"pass card={card}")
    assert game.is_over()
    return game

"""Tables in play for the research faces' tests: random decisions and chance, seeded."""

from __future__ import annotations

import random

from brass.research import space_of
from brass.research.table import CHANCE, Table
from brass.ruleset import load_ruleset

RULESETS = ["birmingham", "birmingham-introductory", "birmingham-open-beer", "lancashire", "lancashire-classic"]
GAMES = [(name, players) for name in RULESETS for players in load_ruleset(name).players]


def fewest(name: str) -> int:
    return min(load_ruleset(name).players)


def table(name: str, players: int) -> Table:
    return Table(space_of(load_ruleset(name)), players)


def decisions(name: str, players: int, seed: int, every: int = 1, limit: int = 10**6):
    """The same table at every ``every``-th player decision of a seeded random game, then
    at its end (chance played by the seed's stream too)."""
    rng = random.Random(seed)
    played = table(name, players)
    count = 0
    while not played.is_terminal() and count < limit:
        if played.current_player == CHANCE:
            played.apply(played.random_outcome(rng))
            continue
        if count % every == 0:
            yield played
        count += 1
        played.apply(rng.choice(played.legal_actions()))
    yield played


def finished(name: str, players: int, seed: int) -> Table:
    for played in decisions(name, players, seed, every=10**9):
        pass
    return played

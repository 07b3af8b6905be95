"""A whole seeded game as a readable transcript, for golden tests.

Regenerate the files after an intended change of the rules or the bots with::

    python -m tests.golden.transcript

and review the diff like any other change.
"""

from __future__ import annotations

import sys
from pathlib import Path

from brass import Game
from brass.bots import make_bot
from brass.render import render_outcome

HERE = Path(__file__).resolve().parent

# (file, ruleset, players, seed, bots)
GAMES = [
    ("birmingham-2p-seed7.txt", "birmingham", 2, 7, ["greedy", "greedy"]),
    ("birmingham-4p-seed3.txt", "birmingham", 4, 3, ["greedy", "greedy", "quick", "greedy"]),
    ("lancashire-2p-seed5.txt", "lancashire", 2, 5, ["greedy", "greedy"]),
    ("lancashire-3p-seed8.txt", "lancashire", 3, 8, ["greedy", "quick", "greedy"]),
]


def _standing(game) -> str:
    board = game.board
    parts = []
    for index in game.state.turn_order:
        p = game.state.players[index]
        parts.append(f"{p.name} £{p.money} inc {board.income.level(p.income_space)} VP {p.vp}")
    return "; ".join(parts)


def transcript(ruleset: str, players: int, seed: int, bots: list[str]) -> str:
    names = [f"{bot.capitalize()} {i + 1}" for i, bot in enumerate(bots)]
    game = Game(ruleset, names, seed=seed)
    seats = {i: make_bot(bot, seed * 100 + i) for i, bot in enumerate(bots)}
    lines = [
        f"# {game.ruleset.title} ({game.ruleset.name} {game.ruleset.version}), {players} players, seed {seed}",
        f"# bots: {', '.join(bots)}. Regenerate: python -m tests.golden.transcript",
    ]
    state = game.state
    lines.append(f"Turn order: {', '.join(state.players[i].name for i in state.turn_order)}")
    place = None
    while not game.is_over():
        here = (state.era_index, state.round)
        if here != place:
            lines.append(f"{state.era.name}, round {state.round}")
            place = here
        mover = game.to_move
        move = seats[mover].choose(game)
        game.push(move)
        lines.append(f"  {state.players[mover].name}: {move}")
        if game.is_over() or (state.era_index, state.round) != place:
            if state.era_index != place[0] or game.is_over():
                lines.append(f"  end of the {game.board.eras[place[0]].name}: {_standing(game)}")
            else:
                lines.append(f"  end of round: {_standing(game)}")
    lines.append(render_outcome(game))
    return "\n".join(lines) + "\n"


def main() -> int:
    for file, ruleset, players, seed, bots in GAMES:
        (HERE / file).write_text(transcript(ruleset, players, seed, bots), encoding="utf-8")
        print(f"wrote {file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

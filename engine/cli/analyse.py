"""``brass analyse``: a finished game reviewed move by move, as a chess engine reviews one.

    brass analyse RECORD [--seats 0,2] [--bot hard|expert] [--json]

For each move of the seats asked (default: every seat), the bot's preferred move
and the estimated loss: how many points worse the move played left the player
than the bot's move, both weighed in the same search (:func:`brass.bots.advice.review`).
A move with a single legal choice is passed over. Ends with each seat's mean
loss and its moves that lost 5 points or more.
"""

from __future__ import annotations

import json
import statistics

from ..records import read_record
from .helpers import command

BLUNDER = 5.0  # points lost by one move that the summary names


def add_parser(commands):
    analyse = command(commands, "analyse", "review a game: the bot's preferred move beside each move played, and what it cost",
                      "Review a finished game as a chess engine does: for each move of the seats asked, the bot's preferred move and "
                      "the estimated loss (how many points worse the move played left the player than the bot's move, both weighed in "
                      "the same search); then each seat's mean loss and its moves that lost 5 points or more.",
                      ("brass analyse game.json", "brass analyse game.json --seats 1,3", "brass analyse game.json --bot expert --json"))
    analyse.add_argument("record", help="a saved game (brass play's save, brass simulate --save)")
    analyse.add_argument("--seats", default=None, help="the seats to review, comma-separated, counted from 1 (default: every seat)")
    analyse.add_argument("--bot", default="hard", choices=("hard", "expert"), help="the bot that reviews (expert: slower, deeper; default: hard)")
    analyse.add_argument("--seed", type=int, default=0, help="the reviewing bot's seed: the same seed, the same review")
    analyse.add_argument("--json", action="store_true", help="one JSON object per move reviewed, then the summary (default: lines of text)")
    return analyse


def run(args) -> int:
    from ..bots.advice import review

    record = read_record(args.record)
    names = record["players"]
    seats = _seats(args.seats, len(names))
    if not args.json:
        print(f"analyse: {args.record}, {record['ruleset']}, {len(names)} players, {len(record['moves'])} moves; reviewer: {args.bot}")
    found = []
    for item in review(record, seats, args.bot, args.seed):
        found.append(item)
        if args.json:
            print(json.dumps({"move": item.number, "seat": item.seat + 1, "player": names[item.seat], "played": item.played, "best": item.best,
                              "loss": round(item.loss, 2), "worth_played": round(item.worth_played, 2), "worth_best": round(item.worth_best, 2)}), flush=True)
        else:
            verdict = "the bot agrees" if item.played == item.best else f"bot: {item.best}   loss {item.loss:.1f}"
            print(f"{item.number:4}. {names[item.seat]}: {item.played}   | {verdict}", flush=True)
    summary = _summary(found, names)
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print()
        for seat in summary:
            blunders = ", ".join(f"move {n} ({loss:.1f})" for n, loss in seat["blunders"]) or "none"
            print(f"{seat['player']}: {seat['moves']} moves reviewed, the bot agreed with {seat['agreed']}, mean loss {seat['mean_loss']:.2f} points; "
                  f"moves losing {BLUNDER:g} or more: {blunders}")
    return 0


def _seats(text, players: int):
    if text is None:
        return None
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise ValueError(f"--seats {text!r}: seats are numbered 1 to {players}")
        seats.append(int(part) - 1)
    return seats


def _summary(found: list, names: list) -> list:
    summary = []
    for seat in sorted({item.seat for item in found}):
        mine = [item for item in found if item.seat == seat]
        summary.append({
            "seat": seat + 1,
            "player": names[seat],
            "moves": len(mine),
            "agreed": sum(1 for item in mine if item.played == item.best),
            "mean_loss": round(statistics.fmean(item.loss for item in mine), 2),
            "blunders": [(item.number, round(item.loss, 2)) for item in mine if item.loss >= BLUNDER],
        })
    return summary

"""``brass record``: enter a game played at a table, telling each card as it is drawn.

    brass record RULESET --players 2 --names Ada,Ben --out game.json
    brass record --resume game.json

The loop itself is :mod:`brass.terminal.entering`.
"""

from __future__ import annotations

from pathlib import Path

from ..ruleset import load_ruleset
from .helpers import add_trust, command, ruleset_named


def add_parser(commands):
    record = command(commands, "record", "enter a game played at a table, telling each card as it is drawn",
                     "Enter a game played at a table: type each move, and each card or tile as it is drawn or turned up. "
                     "The record is saved after every move.",
                     ("brass record birmingham --players 2 --names Ada,Ben --out table.json", "brass record --resume table.json"))
    record.add_argument("ruleset", nargs="?", default=None, help="the installed ruleset (or a folder) of the game; not with --resume, whose record names it")
    add_trust(record)
    record.add_argument("--players", type=int, default=None, help="how many play (default: as many as --names gives, else the ruleset's fewest)")
    record.add_argument("--names", default=None, help="comma-separated player names, in seat order (default: Player 1, Player 2, ...)")
    record.add_argument("--out", default=None, help="the record, saved after every move (default: game.json; with --resume, the file resumed); an existing file is not overwritten without asking")
    record.add_argument("--resume", default=None, metavar="FILE", help="go on with a recording stopped before: its set-up and moves are kept, and the questions go on (default: a new recording)")
    return record


def run(args) -> int:
    from ..records import read_record
    from ..terminal import Console
    from ..terminal.entering import record_game

    resume = None
    if args.resume:
        if args.ruleset or args.names or args.players:
            raise ValueError("--resume goes on with a record: its ruleset, players and names come from it")
        resume = read_record(args.resume)
        ruleset, names = load_ruleset(resume["ruleset"], trust=args.trust), resume["players"]
        out = args.out or args.resume
    else:
        if not args.ruleset:
            raise ValueError("which ruleset? brass record RULESET --players N (or --resume FILE to go on with a record)")
        ruleset = ruleset_named(args.ruleset, trust=args.trust)
        names = [n.strip() for n in args.names.split(",")] if args.names else None
        players = args.players or (len(names) if names else ruleset.players[0])
        names = names or [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise ValueError(f"{len(names)} names given for {players} players")
        out = args.out or "game.json"
        if Path(out).exists():
            answer = _ask(f"{out} already holds a record. r: go on with it, o: overwrite it, Enter: stop ")
            if answer == "r":
                resume = read_record(out)
                ruleset, names = load_ruleset(resume["ruleset"], trust=args.trust), resume["players"]
            elif answer != "o":
                print(f"nothing written; {out} is as it was")
                return 1
    from ..terminal.lineinput import LineReader

    reader = LineReader()  # moves are completed once the set-up is entered
    try:
        record_game(ruleset, names, out, ask=reader, resume=resume, console=Console())
    finally:
        reader.close()
    return 0


def _ask(prompt: str) -> str:
    try:
        return input(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        print()
        return ""

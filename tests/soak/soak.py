"""The soak: many seeded games of every installed ruleset, tried as a careless user would.

    python -m tests.soak.soak                    # 20 games of each ruleset and player count
    python -m tests.soak.soak --games 200 --write   # and rewrite tests/soak/RESULTS.md

In every game, after every action:

- every invariant holds (:mod:`brass.invariants`: money, tiles, cubes, cards);
- the action undone gives back the position before it, and played again the same;
- every few actions, mangled move text (a legal move's notation cut, spliced,
  misspelt, or random words) is either a legal move or refused with a MoveError,
  and a refusal leaves the game exactly as it was;
- a Move kept from an earlier position is either still legal or refused, with the
  game unchanged.

At the end, the game's record is saved, loaded and replayed to the same position.
Anything else (an invariant broken, an exception of another type, a changed
state) is a *break*, printed with its seed so that it can be replayed. ``tests/soak/test_soak.py``
runs a short soak in CI.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from brass import Game
from brass.bots import make_bot
from brass.errors import MoveError
from brass.invariants import broken_invariants
from brass.ruleset import installed_rulesets, load_ruleset
from tests.support.fingerprint import fingerprint

HERE = Path(__file__).resolve().parent
WORDS = ["build", "sell", "network", "develop", "loan", "scout", "pass", "card=", "slot=", "line=", "coal=", "iron=",
         "beer=", "industry=", "tile=", "+", "--", ".", ":", "=", " ", "0", "1", "99", "-1", "'", "\\", "\u00e9", "\x00"]


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    fuzzed: int = 0
    refused: int = 0
    stale: int = 0
    breaks: list = field(default_factory=list)
    cpu: float = 0.0


def mangled(rng: random.Random, text: str) -> str:
    """A legal move's notation, damaged the way a hurried typist would."""
    kind = rng.randrange(6)
    if kind == 0 and text:
        cut = rng.randrange(len(text))
        return text[:cut]
    if kind == 1 and text:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(WORDS) + text[at:]
    if kind == 2 and len(text) > 1:
        at = rng.randrange(len(text) - 1)
        return text[:at] + text[at + 1] + text[at] + text[at + 2:]
    if kind == 3:
        parts = text.split()
        rng.shuffle(parts)
        return " ".join(parts)
    if kind == 4:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 6)))
    return text.replace("=", rng.choice(["=", "==", ":", " = "]), 1) + rng.choice(["", " ", " x", " card=coal"])


def soak_game(ruleset, players: int, seed: int, tally: Tally, fuzz_every: int = 5) -> None:
    rng = random.Random(seed)
    game = Game(ruleset, players, seed=seed)
    bots = [make_bot(rng.choice(["random", "quick"]), seed * 10 + i) for i in range(players)]
    where = f"{ruleset.name} {players}p seed {seed}"
    stale = None
    actions = 0

    def broke(what: str) -> None:
        tally.breaks.append(f"{where}, action {actions}: {what}")

    while not game.is_over():
        move = bots[game.to_move].choose(game)
        before = fingerprint(game)
        if actions % fuzz_every == 0:
            # Tried on a copy, so that an accepted move need not be taken back.
            for _ in range(3):
                text = mangled(rng, move.notation())
                tally.fuzzed += 1
                trial = game.copy()
                try:
                    trial.play(text)
                except MoveError:
                    tally.refused += 1
                    if fingerprint(trial) != before:
                        return broke(f"the refused move {text!r} changed the game")
                except Exception as error:  # noqa: BLE001 - a break is anything but a MoveError
                    return broke(f"the move {text!r} raised {type(error).__name__}: {error}")
            if stale is not None:
                tally.stale += 1
                trial = game.copy()
                try:
                    trial.push(stale)
                except MoveError:
                    if fingerprint(trial) != before:
                        return broke(f"the stale move {stale.notation()!r} changed the game")
                except Exception as error:  # noqa: BLE001
                    return broke(f"the stale move {stale.notation()!r} raised {type(error).__name__}: {error}")
            stale = move
        game.push(move)
        actions += 1
        tally.actions += 1
        problems = broken_invariants(game)
        if problems:
            return broke("; ".join(problems))
        after = fingerprint(game)
        if game.can_undo():
            game.undo()
            if fingerprint(game) != before:
                return broke(f"undoing {move.notation()!r} did not give back the position")
            game.push(move)
            if fingerprint(game) != after:
                return broke(f"{move.notation()!r} played again gave another position")
    again = Game.from_record(json.loads(json.dumps(game.record())), ruleset)
    if fingerprint(again) != fingerprint(game):
        broke("the record does not replay to the same position")
    tally.games += 1


def soak(games: int, seed: int = 0, rulesets=None, player_counts=None, progress=None) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {}
    for name in rulesets or sorted(installed_rulesets()):
        ruleset = load_ruleset(name)
        for players in player_counts or sorted(ruleset.players):
            if players not in ruleset.players:
                continue
            tally = tallies.setdefault(f"{name} {players}p", Tally())
            start = time.process_time()
            for game_seed in range(seed, seed + games):
                try:
                    soak_game(ruleset, players, game_seed, tally)
                except Exception as error:  # noqa: BLE001 - the bot's own move failed
                    tally.breaks.append(f"{name} {players}p seed {game_seed}: {type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}")
                if progress:
                    progress(name, players, game_seed, tally)
            tally.cpu += time.process_time() - start
    return tallies


def report(tallies: dict[str, Tally], games: int, seed: int) -> str:
    total = Tally()
    rows = []
    for key, t in tallies.items():
        rows.append(f"| {key} | {t.games} | {t.actions:,} | {t.fuzzed:,} | {t.refused:,} | {t.stale:,} | {len(t.breaks)} | {t.cpu:.1f} |")
        total.games += t.games
        total.actions += t.actions
        total.fuzzed += t.fuzzed
        total.refused += t.refused
        total.stale += t.stale
        total.breaks += t.breaks
        total.cpu += t.cpu
    lines = [
        "# Soak results",
        "",
        f"`python -m tests.soak.soak --games {games} --seed {seed} --write`, {datetime.date.today().isoformat()},",
        f"Python {platform.python_version()} on {platform.machine()}. Every action of every game is checked",
        "(invariants, undo and replay, mangled move text, stale Move objects; see tests/soak/soak.py).",
        "",
        "| ruleset | games | actions | mangled moves | refused | stale moves | breaks | CPU s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        f"| **all** | {total.games} | {total.actions:,} | {total.fuzzed:,} | {total.refused:,} | {total.stale:,} | {len(total.breaks)} | {total.cpu:.1f} |",
        "",
    ]
    if total.breaks:
        lines += ["## Breaks", ""] + [f"- {b}" for b in total.breaks] + [""]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per ruleset and player count (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable; default: every installed one)")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--write", action="store_true", help="rewrite tests/soak/RESULTS.md")
    args = parser.parse_args(argv)

    def progress(name, players, game_seed, tally):
        print(f"\r{name} {players}p: game {game_seed - args.seed + 1}/{args.games}, {tally.actions:,} actions, "
              f"{len(tally.breaks)} breaks", end="", file=sys.stderr, flush=True)

    tallies = soak(args.games, args.seed, args.ruleset, args.players, progress if sys.stderr.isatty() else None)
    text = report(tallies, args.games, args.seed)
    print(text)
    if args.write:
        (HERE / "RESULTS.md").write_text(text, encoding="utf-8")
    return 1 if any(t.breaks for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

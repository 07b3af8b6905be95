"""Bot strength as benchmarks/BOTS.md publishes it: seed groups, bootstrap intervals, diagnostics.

    python benchmarks/strength.py selfplay birmingham --players 4 --bot hard --seeds 40000-40031
    python benchmarks/strength.py match birmingham --players 2 --lineup hard,planner --seeds 41000-41059
    python benchmarks/strength.py judge birmingham --players 4 --bot planner --seeds 43000-43023

``selfplay``: one bot in every seat; each seed is one game, a group of its own;
the figure is the VP a seat (the mean of the game's seats) with its 95% bootstrap
interval over the games. ``match``: a lineup played from every rotation of its
seats on each seed (the seed's group); the figure is the first bot's share of
the pairs of seats it wins against the second (a tie counts half; parity is
50%), and each bot's VP a seat, each with its 95% bootstrap interval over the
groups. Both print the diagnostics of every bot (brass.bots.strength.diagnostics).
``judge``: self-play of one bot on each seed twice, judging by the written
heuristic and by a fitted judge (``--judge FILE``, default the ruleset's
shipped data/judge.yaml): the paired difference in VP a seat; then the two
judges against each other on the same seeds (the learned one in each seat in
turn): its share of the pairs of seats won. Both with every side's diagnostics.

Seeds below 1,000,000: the judge's training games are seeded from there up
(brass.bots.training.SEED_BASE), so no game a judge was fitted to measures it.
``--records FILE`` writes every game (ruleset, lineup, seed, moves, each seat's
figures) as a JSON line; ``--check FILE`` replays such a file with no bot and
checks every seat's VP, income and money. One process: run it with ``nice``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import sys
import time
from datetime import datetime, timezone

from brass.bots.strength import GameReport, SeatReport, bootstrap, diagnostics, group_mean, pair_share, play_groups, replay_check
from brass.bots.training import SEED_BASE
from brass.version import __version__


def _seeds(text: str) -> list:
    first, _, last = text.partition("-")
    seeds = list(range(int(first), int(last or first) + 1))
    if max(seeds) >= SEED_BASE:
        raise SystemExit(f"seeds from {SEED_BASE} up are the judge's training games: measure below it")
    return seeds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("selfplay", "match", "judge", "check"))
    parser.add_argument("ruleset", nargs="?")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--lineup", default=None, help="match: the seats, the bot measured first, e.g. hard,planner,planner,planner")
    parser.add_argument("--seeds", default="40000-40009", help="FIRST-LAST, inclusive")
    parser.add_argument("--records", default=None, help="write every game as a JSON line here")
    parser.add_argument("--check", default=None, help="check: replay this file of records with no bot")
    parser.add_argument("--judge", default=None, help="judge: the judge file to weigh against the written heuristic (default: the ruleset's own)")
    args = parser.parse_args(argv)
    if args.kind == "check":
        return _check(args.check)
    seeds = _seeds(args.seeds)
    if args.kind == "judge":
        return _judge(args.ruleset, args.players, args.bot, seeds, args.judge)
    lineup = tuple(args.lineup.split(",")) if args.kind == "match" else (args.bot,) * args.players
    if len(lineup) != args.players:
        raise SystemExit(f"the lineup has {len(lineup)} seats, not {args.players}")
    out = open(args.records, "a") if args.records else None
    started = time.perf_counter()
    print(f"strength {args.kind}: {args.ruleset}, {args.players} players, {','.join(lineup)}, seeds {args.seeds}, engine {__version__}, "
          f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, started {datetime.now(timezone.utc):%Y-%m-%dT%H:%MZ}", flush=True)

    def seen(report: GameReport) -> None:
        seats = ", ".join(f"{s.bot} {s.vp}" for s in report.seats)
        print(f"  seed {report.seed}: {seats}", flush=True)
        if out is not None:
            out.write(json.dumps(dataclasses.asdict(report)) + "\n")
            out.flush()

    groups = play_groups(args.ruleset, lineup, seeds, on_game=seen)
    print(report(groups, lineup, args.kind))
    print(f"{sum(len(g) for g in groups)} games in {time.perf_counter() - started:.0f} s wall")
    return 0


def report(groups: list, lineup: tuple, kind: str) -> str:
    lines = []
    bots = list(dict.fromkeys(lineup))
    if kind == "match" and len(bots) > 1:
        mean, low, high = bootstrap(group_mean(groups, lambda r, s: pair_share(r, bots[0], bots[1]) if s is r.seats[0] else None))
        lines.append(f"{bots[0]} against {bots[1]}: wins {mean:.1%} of the pairs of seats (95% CI {low:.1%} - {high:.1%}), {len(groups)} seed groups")
    for bot in bots:
        mean, low, high = bootstrap(group_mean(groups, lambda r, s, bot=bot: s.vp if s.bot == bot else None))
        lines.append(f"{bot}: {mean:.1f} VP a seat (95% CI {low:.1f} - {high:.1f})")
        for key, value in diagnostics(groups, bot).items():
            lines.append(f"    {key}: {value}")
    return "\n".join(lines)


def _judge(ruleset_name: str, players: int, bot: str, seeds: list, path) -> int:
    """Each seed's self-play by the written heuristic and by the file's fit, paired; then
    the two judges against each other on the same seeds, the learned one in each seat in
    turn. Self-play VP alone can hide a judge that ruins itself in some games (both seats
    ruin alike), so the diagnostics and the head-to-head are printed beside it."""
    from pathlib import Path

    from brass.bots.judge import judge_path, read_judge
    from brass.bots.strength import play_measured
    from brass.ruleset import load_ruleset

    ruleset = load_ruleset(ruleset_name)
    file = read_judge(Path(path) if path else judge_path(ruleset))
    if file.stale(ruleset) is not None or players not in file.fits:
        raise SystemExit(f"{file.path}: no fresh fit for {players} players ({file.stale(ruleset) or 'none in the file'})")
    fit = file.fits[players]
    started = time.perf_counter()
    print(f"strength judge: {ruleset.name}, {players} players, {bot}, the written heuristic against {file.path} "
          f"({fit.trained.get('command', '?')}), seeds {seeds[0]}-{seeds[-1]}, engine {__version__}", flush=True)
    written, learned = [], []  # self-play: per seed, the game's report
    matches = []  # per seed: the games of the learned judge in each seat against the written heuristic
    for seed in seeds:
        pair = []
        for label, judge in (("written", None), ("learned", fit)):
            played = play_measured(ruleset.name, (bot,) * players, seed, judges={seat: judge for seat in range(players)})
            pair.append(_named(played, lambda seat, label=label: label))
        written.append([pair[0]])
        learned.append([pair[1]])
        games = []
        for mine in range(players):
            played = play_measured(ruleset.name, (bot,) * players, seed, judges={seat: fit if seat == mine else None for seat in range(players)})
            games.append(_named(played, lambda seat, mine=mine: "learned" if seat == mine else "written"))
        matches.append(games)
        vps = "; ".join(",".join(f"{s.vp}{'*' if s.bot == 'learned' else ''}" for s in g.seats) for g in games)
        print(f"  seed {seed}: self-play, the written heuristic {_a_seat(pair[0]):.2f}, the learned judge {_a_seat(pair[1]):.2f} VP a seat; "
              f"against each other (* learned): {vps}", flush=True)
    print("self-play:")
    for name, label, groups in (("the written heuristic", "written", written), ("the learned judge", "learned", learned)):
        mean, low, high = bootstrap([_a_seat(g[0]) for g in groups])
        print(f"  {name}: {mean:.1f} VP a seat (95% CI {low:.1f} - {high:.1f})")
        for key, value in diagnostics(groups, label).items():
            print(f"      {key}: {value}")
    differences = [_a_seat(b[0]) - _a_seat(a[0]) for a, b in zip(written, learned)]
    mean, low, high = bootstrap(differences)
    print(f"  the learned judge less the written heuristic: {mean:+.1f} VP a seat (95% CI {low:+.1f} - {high:+.1f}), "
          f"more in {sum(d > 0 for d in differences)} of {len(differences)} seeds")
    print("against each other, the learned judge in each seat in turn:")
    mean, low, high = bootstrap(group_mean(matches, lambda r, s: pair_share(r, "learned", "written") if s is r.seats[0] else None))
    print(f"  the learned judge wins {mean:.1%} of the pairs of seats (95% CI {low:.1%} - {high:.1%}), {len(matches)} seed groups")
    for label in ("learned", "written"):
        mean, low, high = bootstrap(group_mean(matches, lambda r, s, label=label: s.vp if s.bot == label else None))
        print(f"  {label}: {mean:.1f} VP a seat (95% CI {low:.1f} - {high:.1f})")
        for key, value in diagnostics(matches, label).items():
            print(f"      {key}: {value}")
    print(f"{(2 + players) * len(seeds)} games in {time.perf_counter() - started:.0f} s wall")
    return 0


def _named(report: GameReport, name) -> GameReport:
    """The report with each seat's bot named by its judge (``name(seat)``)."""
    for seat, found in enumerate(report.seats):
        found.bot = name(seat)
    return report


def _a_seat(report: GameReport) -> float:
    return sum(seat.vp for seat in report.seats) / len(report.seats)


def _check(path: str) -> int:
    count = 0
    with open(path) as records:
        for line in records:
            found = json.loads(line)
            found["seats"] = [SeatReport(**seat) for seat in found["seats"]]
            replay_check(GameReport(**found))
            count += 1
    print(f"{count} games replayed from their seeds and moves: every seat's VP, income and money as recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())

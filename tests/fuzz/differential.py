"""The differential fuzzer: random rule programs, compiled and interpreted side by side.

    python -m tests.fuzz.differential                       # 200 programs from seed 1
    python -m tests.fuzz.differential --programs 5000 --seed 77

Each program (:mod:`tests.fuzz.programs`) is added to Birmingham as a variant
and played: at each of a few positions of a seeded game, the generated rules
and the interpreter must agree on the legal moves (decision for decision, hence
their notation), on how many there are, on the state after each move's own
effects, on the move a seeded random bot takes, and on the state
after the move played. A rule that fails at run time must fail on both paths.
Generated code that meets what it does not expect and hands over to the
interpreter is a finding too (``Game.fallbacks``); a program the generator does
not translate is counted, with its reason, never compared as if it had run.

A finding is printed with its seed and the program, ready to be replayed with
``--only SEED``.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

from brass import Game, load_ruleset
from brass.errors import BrassError, RulesetError
from tests.fuzz.programs import program
from tests.support.fingerprint import fingerprint
from tests.support.variants import VARIANT

POSITIONS = 6  # positions compared in each program's game


@dataclass
class Report:
    compared: int = 0  # programs run on both paths
    positions: int = 0
    moves: int = 0  # moves of the programs' own actions compared
    unsupported: dict = field(default_factory=dict)  # reason -> seeds
    findings: list = field(default_factory=list)  # (seed, what, program)
    times: list = field(default_factory=list)  # (processor seconds, seed) of each program

    def line(self) -> str:
        skipped = sum(len(s) for s in self.unsupported.values())
        return f"{self.compared} programs compared at {self.positions} positions ({self.moves} moves of their actions), {skipped} not generated, {len(self.findings)} findings"


class Finding(AssertionError):
    pass


def variant_of(text: str, folder: Path):
    """The program as a variant of Birmingham, loaded from ``folder``."""
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(VARIANT + "rules: [rules/fuzz.brass]\n", encoding="utf-8")
    (folder / "rules" / "fuzz.brass").write_text(text, encoding="utf-8")
    return load_ruleset(str(folder))


def run_program(seed: int, folder: Path, report: Report, positions: int = POSITIONS) -> None:
    """Compare the seed's program on both paths; record what was seen in ``report``."""
    text, actions = program(seed)
    try:
        ruleset = variant_of(text, folder)
        ruleset.rules  # noqa: B018 - parse and check now
    except RulesetError as error:
        report.findings.append((seed, f"the program is refused (a fault of the program maker): {error}", text))
        return
    if ruleset.fast is None:
        report.unsupported.setdefault(ruleset.untranslatable.reason, []).append(seed)
        return
    try:
        seen = compare(ruleset, actions, seed, positions)
    except Finding as finding:
        report.findings.append((seed, str(finding), text))
        return
    report.compared += 1
    report.positions += seen[0]
    report.moves += seen[1]


def _outcome(work):
    """What ``work()`` gives, or the error it raises (its type and message): both paths must agree."""
    try:
        return ("ok", work())
    except BrassError as error:
        return ("error", type(error).__name__, str(error))


def compare(ruleset, actions: list, seed: int, positions: int) -> tuple[int, int]:
    """(positions compared, moves of the program's actions compared); raises Finding."""
    fast, reference = Game(ruleset, 2, seed=seed), Game(ruleset, 2, seed=seed)
    reference.fast = None
    rng = random.Random(seed)
    seen = moves = 0
    for _ in range(positions):
        if fast.is_over():
            break
        seen += 1
        where = f"at move {len(fast.history)}"
        listed = _outcome(lambda: [m.notation() for m in fast.legal_moves])
        expected = _outcome(lambda: [m.notation() for m in reference.legal_moves])
        if listed != expected:
            raise Finding(f"{where}: the legal moves differ, first at {_first_difference(listed, expected)}\n  compiled:    {_short(listed)}\n  interpreted: {_short(expected)}")
        if listed[0] == "error":
            return seen, moves
        ours = _outcome(lambda: [(m.notation(), after) for m, after in fast.scored_moves(fingerprint)])
        theirs = _outcome(lambda: [(m.notation(), after) for m, after in reference.scored_moves(fingerprint)])
        if ours != theirs:
            differ = _first_difference(ours, theirs)
            raise Finding(f"{where}: the states after the moves differ, first at {differ}\n  compiled:    {_short(ours)}\n  interpreted: {_short(theirs)}")
        if theirs[0] == "ok":
            moves += sum(1 for notation, _ in theirs[1] if notation.split()[0] in actions)
        counted = (_outcome(fast.count_moves), _outcome(reference.count_moves))
        if counted[0] != counted[1] or counted[0] != ("ok", len(expected[1])):
            raise Finding(f"{where}: count_moves gives {counted[0]} compiled, {counted[1]} interpreted, for {len(expected[1])} moves")
        state = rng.getstate()
        quick = _outcome(lambda: fast.random_move(rng).decisions)
        rng.setstate(state)
        slow = _outcome(lambda: reference.random_move(rng).decisions)
        if quick != slow:
            raise Finding(f"{where}: the seeded random move differs\n  compiled:    {quick}\n  interpreted: {slow}")
        move = fast.uniform_random_move(rng)
        played = (_outcome(lambda: fast.push(move)), _outcome(lambda: reference.play(move.notation())))
        if played[0][0] != played[1][0] or fingerprint(fast) != fingerprint(reference):
            raise Finding(f"{where}: after {move.notation()!r} the games differ ({played[0][0]} compiled, {played[1][0]} interpreted)")
    if fast.fallbacks:
        raise Finding(f"the generated code handed over to the interpreter {len(fast.fallbacks)} time(s), first to {fast.fallbacks[0]}")
    return seen, moves


def _first_difference(ours, theirs) -> str:
    if ours[0] != "ok" or theirs[0] != "ok":
        return "the outcome"
    for mine, other in zip(ours[1], theirs[1]):
        if mine != other:
            if isinstance(mine, str):
                return repr((mine, other))
            return repr(other[0] if mine[0] == other[0] else (mine[0], other[0]))
    return f"the length ({len(ours[1])} and {len(theirs[1])})"


def _short(outcome) -> str:
    text = repr(outcome)
    return text if len(text) < 600 else text[:600] + " ..."


def fuzz(seeds, positions: int = POSITIONS, out=None) -> Report:
    report = Report()
    with tempfile.TemporaryDirectory(prefix="brass-fuzz-") as tmp:
        for seed in seeds:
            started = time.process_time()
            run_program(seed, Path(tmp) / f"v{seed}", report, positions)
            report.times.append((time.process_time() - started, seed))
            if out is not None and report.findings and report.findings[-1][0] == seed:
                found_seed, what, text = report.findings[-1]
                print(f"\n--- seed {found_seed}: {what}\n{textwrap.indent(text, '    ')}", file=out)
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first program's seed")
    parser.add_argument("--only", type=int, help="run the program of this seed alone")
    parser.add_argument("--positions", type=int, default=POSITIONS)
    args = parser.parse_args(argv)
    seeds = [args.only] if args.only is not None else range(args.seed, args.seed + args.programs)
    started = time.process_time()
    report = fuzz(seeds, args.positions, out=sys.stdout)
    print(report.line() + f", {time.process_time() - started:.0f} s")
    slowest = sorted(report.times, reverse=True)[:3]
    print("  slowest: " + ", ".join(f"seed {seed} {seconds:.1f} s" for seconds, seed in slowest))
    for reason, found in sorted(report.unsupported.items()):
        print(f"  not generated ({len(found)}): {reason} (seeds {', '.join(map(str, found[:5]))}{' ...' if len(found) > 5 else ''})")
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())

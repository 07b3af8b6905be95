"""A balance report: every figure of a job's tally, as data first, then as text or a page.

:func:`figures` turns a finished job (:class:`~brass.lab.driver.Result`) into one
JSON-ready dict: the job and the hashes of the rules it measured, then for the
ruleset (and its base) the win rates by seat and by place in the first round's
turn order with Wilson intervals, VP and margin distributions, game length,
each era's action mix, links and tiles, the strategies winners scored by and
their entropy; the paired comparison; the skill ladder. :func:`text` and
:mod:`brass.lab.page` show the same dict.
"""

from __future__ import annotations

from collections import Counter

from .games import SHARE
from .jobs import content_hash
from .stats import entropy, mean_interval, summary, wilson

FIRST_PLAYER = "the player first in turn order in the first round (the deal's order; after it, turn order follows money spent)"


def figures(result, ruleset, base=None) -> dict:
    """The whole report of a finished job as one JSON-ready dict (what ``--json`` prints):
    ``job``, ``settled``, ``measured`` and, with a base, ``base`` and ``paired``;
    ``ladder`` when one was played."""
    job = result.job
    report = {
        "job": {
            "ruleset": ruleset.name,
            "ruleset_version": ruleset.version,
            "ruleset_hash": content_hash(ruleset),
            "against": base.name if base is not None else None,
            "against_hash": content_hash(base) if base is not None else None,
            "engine": job.engine,
            "players": job.players,
            "bots": list(job.bots),
            "seed": job.seed,
            "seed_groups": result.tally.sides[0].games // max(1, len(job.lineups)),
            "games_per_group": len(job.lineups),
            "backend": result.backend,
            "workers": result.workers,
            "seconds": round(result.seconds, 2),
        },
        "settled": {"verdict": result.settled, "after_games": result.settled_after} if result.settled else None,
        "measured": side(result.tally.sides[0], ruleset, job.players),
    }
    if base is not None:
        report["base"] = side(result.tally.sides[1], base, job.players)
        report["paired"] = paired(result.tally.paired, job)
    if result.tally.ladder:
        report["ladder"] = ladder(result.tally.ladder, job)
    return report


def _rate(shares: int, games: int) -> dict:
    low, high = wilson(shares / SHARE, games)
    return {"rate": shares / SHARE / games if games else None, "low": low, "high": high}


def side(tally, ruleset, players: int) -> dict:
    games = tally.games
    seats = []
    for seat in range(players):
        histogram = tally.vp.get(seat, Counter())
        seats.append({
            "seat": seat + 1,
            "win": _rate(tally.wins[seat], games),
            "vp": summary(histogram),
            "rounds_first": tally.first_rounds[seat] / tally.rounds if tally.rounds else None,
        })
    places = [{"place": place + 1, "win": _rate(tally.wins_by_turn[place], games)} for place in range(players)]
    rates = [s["win"]["rate"] or 0 for s in seats]
    fair = 1 / players
    first = places[0]["win"]
    pooled = Counter()
    for histogram in tally.vp.values():
        pooled.update(histogram)
    eras = []
    for index in sorted(tally.eras):
        era = tally.eras[index]
        played = era["games"] or 1
        name = ruleset.board.eras[index].name if index < len(ruleset.board.eras) else f"era {index + 1}"
        industries = {i.id: i.name for i in ruleset.board.industries}
        eras.append({
            "era": name,
            "games": era["games"],
            "actions": {_title(ruleset, a): round(n / played, 2) for a, n in sorted(era["actions"].items(), key=lambda kv: -kv[1])},
            "links": round(era["links"] / played, 2),
            "flipped": {industries.get(i, i): round(n / played, 2) for i, n in sorted(era["flipped"].items())},
            "unflipped": {industries.get(i, i): round(n / played, 2) for i, n in sorted(era["unflipped"].items())},
        })
    bits, evenness = entropy(tally.winning_source)
    winners = sum(tally.winning_source.values()) or 1
    names = {i.id: i.name for i in ruleset.board.industries}
    return {
        "games": games,
        "seats": seats,
        "turn_order": places,
        "first_player": {"measured": FIRST_PLAYER, "win": first, "fair": fair, "advantage": (first["rate"] - fair) if first["rate"] is not None else None},
        "balance": 1 - (max(rates) - min(rates)) if rates else None,  # Ludii's: 1 - the largest gap between seats
        "bots": {bot: _rate(tally.wins_by_bot[bot], tally.seats_by_bot[bot]) for bot in sorted(tally.seats_by_bot)} if len(tally.seats_by_bot) > 1 else {},
        "vp": summary(pooled),
        "at_most_zero_vp": tally.at_most_zero / tally.seats if tally.seats else None,
        "margin": summary(tally.margin),
        "moves": summary(tally.moves),
        "rounds": summary(tally.game_rounds),
        "eras": eras,
        "histograms": {
            "vp": sorted(pooled.items()),
            "margin": sorted(tally.margin.items()),
            "moves": sorted(tally.moves.items()),
        },
        "strategy": {
            "winners_by_main_source": {names.get(s, s): round(n / winners, 3) for s, n in sorted(tally.winning_source.items(), key=lambda kv: -kv[1])},
            "entropy_bits": round(bits, 3),
            "evenness": round(evenness, 3),
            "winners_vp_by_source": {names.get(s, s): n for s, n in sorted(tally.source_vp.items(), key=lambda kv: -kv[1])},
        },
    }


def _title(ruleset, action: str) -> str:
    rule = ruleset.rules.actions.get(action)
    return rule.title if rule is not None else action


def paired(tally, job) -> dict:
    rotations = len(job.lineups)
    seats = []
    for seat in range(job.players):
        found = mean_interval(tally.vp[seat] / rotations, tally.vp_squares[seat] / rotations**2, tally.groups)
        seats.append({"seat": seat + 1, "delta_vp": _interval(found)})
    first = mean_interval(tally.first / (SHARE * rotations), tally.first_squares / (SHARE * rotations) ** 2, tally.groups)
    return {
        "unit": f"a seed group: one deal, played on both rulesets with the same seeds, seats rotated ({rotations} game{'s' if rotations != 1 else ''} each)",
        "groups": tally.groups,
        "seats": seats,
        "delta_first_player_win": _interval(first),
    }


def _interval(found) -> dict:
    if found is None:
        return {"mean": None, "low": None, "high": None}
    mean, low, high = found
    return {"mean": mean, "low": low, "high": high}


def ladder(counted: dict, job) -> dict:
    """The win rate of each level's seats against each other level's, with intervals."""
    levels = list(job.ladder)
    matrix = {a: {} for a in levels}
    for key, (games, a_shares, b_shares) in counted.items():
        a, b = key.split("|")
        seats_each = {a: 0, b: 0}
        for lineup in job.ladder_lineups((a, b)):
            for bot in lineup:
                seats_each[bot] += 1
        rounds = len(job.ladder_lineups((a, b)))
        # Per game, the share of the win that a's seats took, against the share b's took.
        matrix[a][b] = _rate(a_shares, games)
        matrix[b][a] = _rate(b_shares, games)
        matrix[a][b]["games"] = matrix[b][a]["games"] = games
        matrix[a][b]["seats_per_game"] = seats_each[a] // rounds if rounds else None
        matrix[b][a]["seats_per_game"] = seats_each[b] // rounds if rounds else None
    return {"levels": levels, "matrix": matrix, "reads": "the share of the games won by the row's seats against the column's"}


# ------------------------------------------------------------------ text
def _pct(value) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _win(win: dict) -> str:
    return f"{_pct(win['rate'])} [{_pct(win['low'])}, {_pct(win['high'])}]"


def _dist(found: dict) -> str:
    if not found:
        return "-"
    return f"median {found['median']}, P5 {found['p5']}, P95 {found['p95']}, max {found['max']}"


def text(report: dict) -> str:
    job = report["job"]
    lines = [
        f"Balance of {job['ruleset']} {job['ruleset_version']} (rules {job['ruleset_hash']}, engine {job['engine']})"
        + (f" against {job['against']} (rules {job['against_hash']})" if job["against"] else ""),
        (
            f"{job['players']} players, bots {', '.join(job['bots'])}; {report['measured']['games']} games"
            f" ({job['seed_groups']} seed groups of {job['games_per_group']}) from seed {job['seed']};"
            f" {job['backend']}, {job['workers']} worker{'s' if job['workers'] != 1 else ''}, {job['seconds']:.1f} s"
        ),
    ]
    if report.get("settled"):
        lines.append(f"Settled after {report['settled']['after_games']} games: {report['settled']['verdict']}.")
    sides = [("measured", job["ruleset"])] + ([("base", job["against"])] if "base" in report else [])
    for key, name in sides:
        lines += [""] + _side_text(report[key], name)
    if "paired" in report:
        lines += ["", f"Paired on the same seeds ({report['paired']['groups']} groups; {job['ruleset']} minus {job['against']}, 95% t intervals):"]
        for seat in report["paired"]["seats"]:
            d = seat["delta_vp"]
            lines.append(f"  seat {seat['seat']}: ΔVP {_signed(d['mean'])} [{_signed(d['low'])}, {_signed(d['high'])}]")
        d = report["paired"]["delta_first_player_win"]
        lines.append(f"  first player's win rate: {_signed_pct(d['mean'])} [{_signed_pct(d['low'])}, {_signed_pct(d['high'])}]")
    if "ladder" in report:
        ladder_ = report["ladder"]
        levels = ladder_["levels"]
        width = max(8, max(len(l) for l in levels) + 1)
        lines += ["", "Skill ladder (the row's seats' share of wins against the column's):"]
        lines.append(" " * width + "".join(f"{l:>24}" for l in levels))
        for a in levels:
            cells = []
            for b in levels:
                cell = ladder_["matrix"][a].get(b)
                cells.append(f"{'':>24}" if cell is None else f"{_win(cell):>24}")
            lines.append(f"{a:<{width}}" + "".join(cells))
    return "\n".join(lines)


def _side_text(side: dict, name: str) -> list:
    first = side["first_player"]
    lines = [
        f"{name}: {side['games']} games",
        f"  first player: wins {_win(first['win'])}, fair {_pct(first['fair'])}; {first['measured']}",
        "  by place in the first round's turn order: " + "; ".join(f"{p['place']}: {_win(p['win'])}" for p in side["turn_order"]),
        "  by seat: " + "; ".join(f"{s['seat']}: {_win(s['win'])}" for s in side["seats"]) + f"; balance {side['balance']:.3f} (1 - the largest gap)",
    ]
    if side["bots"]:
        lines.append("  by bot: " + "; ".join(f"{bot}: {_win(win)}" for bot, win in side["bots"].items()))
    lines += [
        f"  VP: {_dist(side['vp'])}; {_pct(side['at_most_zero_vp'])} of seats end at 0 VP or below",
        f"  winning margin: {_dist(side['margin'])}",
        f"  length: {_dist(side['moves'])} moves; {_dist(side['rounds'])} rounds",
    ]
    for era in side["eras"]:
        mix = ", ".join(f"{a} {n:g}" for a, n in era["actions"].items())
        lines.append(f"  {era['era']} (per game): {mix}; links {era['links']:g}")
        if era["flipped"] or era["unflipped"]:
            lines.append("    tiles flipped: " + (", ".join(f"{i} {n:g}" for i, n in era["flipped"].items()) or "none")
                         + "; not flipped at its end: " + (", ".join(f"{i} {n:g}" for i, n in era["unflipped"].items()) or "none"))
    strategy = side["strategy"]
    main = ", ".join(f"{s} {v:.0%}" for s, v in strategy["winners_by_main_source"].items())
    lines.append(f"  winners scored most from: {main or '-'} (entropy {strategy['entropy_bits']:.2f} bits, evenness {strategy['evenness']:.2f})")
    return lines


def _signed(value) -> str:
    return "-" if value is None else f"{value:+.2f}"


def _signed_pct(value) -> str:
    return "-" if value is None else f"{value * 100:+.1f} pp"

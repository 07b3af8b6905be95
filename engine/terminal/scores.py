"""The VP each player scored in each era, under each of the rules' score headings,
replayed from the record (the eras' ends from the ``brass_era_end`` hook every
ruleset's flow passes through)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Optional

from .. import hookimpl
from ..render import money

@dataclass
class ScorePart:
    """A stretch of the game, per player: an era (its turns and its end), or what
    follows the last era's end. ``scored``: heading -> VP scored under it, per
    player (the headings scored under in it, even if for 0 VP);
    ``in_play``: the VP gained or lost otherwise; ``vp``, ``money``: at its end."""

    era: str
    scored: dict
    in_play: list
    vp: list
    money: list

    def heading_total(self, i: int) -> int:
        return sum(points[i] for points in self.scored.values())


@dataclass
class ScoreLog:
    """Each era, as the replay saw it, and what the end of the game scored after it.

    ``headings``: the score headings of the rules (``score 3, heading="links"``),
    the breakdown's columns, in the order the rule files first use them."""

    headings: tuple = ()
    eras: list = field(default_factory=list)
    end: Optional[ScorePart] = None
    # The links on the board when the last round ended: the rules may take them off as
    # the game ends, but a finished game's table shows them.
    last_links: list = field(default_factory=list)

    @property
    def columns(self) -> tuple:
        """The breakdown's columns: who and when, a column of VP per heading, then the rest."""
        return ("Player", "Era", *(f"VP for {h}" for h in self.headings), "VP in play", "VP", "Money")

    @property
    def parts(self) -> list:
        return self.eras + ([self.end] if self.end is not None else [])

    def totals(self, i: int) -> tuple:
        """A player's VP under each heading over the game, and in play."""
        parts = self.parts
        scored = [sum(part.scored[h][i] for part in parts if h in part.scored) for h in self.headings]
        return scored, sum(part.in_play[i] for part in parts)

    def rows(self, game) -> list:
        """One row per player and era (and the end of the game, if it scored), then the
        player's total; players in their final order. Cells as in ``columns``."""
        outcome = game.outcome()
        order = [i for group in outcome.ranking for i in group] if outcome else list(range(len(game.state.players)))
        rows = []
        for i in order:
            p = game.state.players[i]
            for part in self.parts:
                cells = [_signed(part.scored[h][i]) if h in part.scored else "" for h in self.headings]
                in_play = _signed(part.in_play[i]) if part is not self.end or any(part.in_play) else ""
                rows.append(_Row(i, p.name, [part.era, *cells, in_play, str(part.vp[i]), money(part.money[i])]))
            scored, in_play = self.totals(i)
            level = game.board.income.level(p.income_space)
            rows.append(_Row(i, p.name, [f"total (income {level})", *map(str, scored), str(in_play), str(p.vp), money(p.money)], total=True))
        return rows

    def notes(self) -> list[str]:
        headings = ", ".join(self.headings)
        first = f"VP for {headings}: what the rules scored under each heading, in the era's turns or at its end." if headings else "The rules score no VP under a heading."
        text = f"({first} VP in play: the rest of the VP gained or lost in the era. VP, Money: each player's at its end.)"
        return textwrap.wrap(text, 78, subsequent_indent=" ")


def _signed(points: int) -> str:
    return f"{points:+d}"


@dataclass
class _Row:
    index: int
    name: str
    cells: list
    total: bool = False


def score_lines(rows: list, log: ScoreLog) -> list[str]:
    """The breakdown as plain text, one line a row."""
    lines = ["Score breakdown:"]
    for row in rows:
        era, *scored, in_play, vp, cash = row.cells
        parts = [f"{points} for {h}" for h, points in zip(log.headings, scored) if points]
        if row.total:
            parts.append(f"{in_play} in play")
            lines.append(f"  {row.name}, {era}: {vp} VP ({', '.join(parts)}), money {cash}")
            continue
        gained = sum(int(points) for points in scored if points)
        text = f"{gained:+d} VP scored ({', '.join(parts)})" if parts else "no VP scored"
        if in_play:
            text += f", {in_play} VP in play"
        lines.append(f"  {row.name}, {era}: {text}; {vp} VP, money {cash}")
    return lines + log.notes()


class _Watcher:
    """A plugin that notes, at each era's end, each player's VP and money, and how much of
    the game's log of headed scores (``GameState.scored``) the era has made."""

    def __init__(self, headings: tuple, start: list = ()):
        self.log = ScoreLog(headings)
        self.vp = list(start)  # each player's VP when the stretch being watched began (none given: 0)
        self.logged = 0

    def part(self, game, era: str) -> ScorePart:
        """The stretch of the game since the last one ended, named ``era``."""
        state = game.state
        n = len(state.players)
        vp = [p.vp for p in state.players]
        before = self.vp + [0] * (n - len(self.vp))
        scored: dict = {}
        for player, heading, points, _source in state.scored[self.logged:]:
            scored.setdefault(heading, [0] * n)[player] += points
            if heading not in self.log.headings:  # scored by a plugin's Python, not a rule
                self.log.headings += (heading,)
        part = ScorePart(era, scored, [0] * n, vp, [p.money for p in state.players])
        part.in_play = [vp[i] - before[i] - part.heading_total(i) for i in range(n)]
        self.vp, self.logged = vp, len(state.scored)
        return part

    @hookimpl
    def brass_round_end(self, game):
        self.log.last_links = list(game.state.links())

    @hookimpl
    def brass_era_end(self, game, era):
        self.log.eras.append(self.part(game, era.name))

    def finish(self, game) -> None:
        """What the end of the game scored after the last era's end, if anything (or,
        in a game not over, what the era being played has scored so far)."""
        over = game.outcome() is not None
        part = self.part(game, "end of game" if over else f"{game.state.era.name} (so far)")
        if part.scored or any(part.in_play) or not over:
            self.log.end = part


def era_end_now(game) -> list:
    """What the era's end would score if it came now, per player: VP by the rules'
    score headings ({"links": 7, "tiles": 21}). The rules' own end_of_era runs on a
    copy of the game (some 0.3 ms): the preview is theirs, whatever they score."""
    if game.is_over() or game.state.frame is None:
        return []
    logged = len(game.state.scored)
    try:
        trial = game.era_ended_now()
    except Exception:  # noqa: BLE001 -- a preview must not break the table: none is shown
        return []
    found: list = [{} for _ in trial.state.players]
    for player, heading, points, _source in trial.state.scored[logged:]:
        found[player][heading] = found[player].get(heading, 0) + points
    for player, before in zip(trial.state.players, game.state.players):
        rest = player.vp - before.vp - sum(found[player.index].values())
        if rest:
            found[player.index]["other"] = rest
    return found


def score_log(record: dict, ruleset=None):
    """Replay a record, noting what each era scored under each heading; (game, ScoreLog).

    Generic: the headings are the rules' own (``CompiledRules.score_headings``),
    the points under each come from the game's log of headed scores, and the
    eras' ends from the ``brass_era_end`` hook every ruleset's flow passes through."""
    from ..game import Game
    from ..ruleset import load_ruleset

    if ruleset is None:
        ruleset = load_ruleset(record["ruleset"])
    elif isinstance(ruleset, str):
        ruleset = load_ruleset(ruleset)
    # A record from a position: the count starts from the VP it gives.
    start = [spec.get("vp", 0) for spec in (record.get("position") or {}).get("players", [])]
    watcher = _Watcher(ruleset.rules.score_headings, start)
    ruleset.plugins.register(watcher)
    try:
        game = Game.from_record(record, ruleset)
    finally:
        ruleset.plugins.unregister(watcher)
    watcher.finish(game)
    return game, watcher.log


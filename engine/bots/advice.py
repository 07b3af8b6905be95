"""Moves explained: a bot's best moves for a seat, what each is worth, and why the first.

:func:`advise` is what ``hint`` shows (in the terminal and the browser)::

    advice = advise(game)            # for the player to move, by the hard bot
    for candidate in advice.candidates:
        print(candidate.move.full_notation(), candidate.worth)
    print(advice.reason)             # why the first beats the second

A candidate is a turn plan of the search (:class:`~brass.bots.search.SearchBot`):
its first action (a legal move of the game), the action it would take after it
in the same turn, and its *worth*: the points the bot expects to stand ahead of
the others (as the bot judges: the best other and the others' average), after
its next turn, averaged over redeals of what the seat cannot see. The reason
compares the positions the first two plans leave at the end of this turn, in
the judge's terms (:mod:`brass.bots.features`): where the judge is fitted, each
difference is said with the points the judge gives it.

:func:`review` annotates a finished game (``brass analyse``): for each move of
the seats asked, the bot's preferred move and the estimated loss, the worth of
the bot's move less that of the move played, both weighed in the same search.
Advice reads only what the seat may see: the search redeals everything else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from ..game import Game, Move
from .features import INDEX, features
from .judge import judge
from .registry import make_bot

# The judge's features, grouped as a person would name them: (phrase, features, unit).
GROUPS = (
    ("VP on flipped tiles", ("flipped_vp", "flipped_lasting_vp"), "VP"),
    ("VP waiting on tiles a sale can flip now", ("waiting_sellable_vp",), "VP"),
    ("VP waiting on tiles with no buyer in reach", ("waiting_unsold_vp",), "VP"),
    ("VP waiting on tiles whose cubes are still to be used", ("waiting_used_vp",), "VP"),
    ("link icons its links score", ("link_icons",), "icons"),
    ("icons of unflipped tiles beside its links", ("link_waiting_icons",), "icons"),
    ("links", ("links",), ""),
    ("income level", ("income", "debt"), "levels"),
    ("money", ("money_first", "money_next", "money_hoard"), "£"),
    ("shortfall at the round's end", ("shortfall",), "£"),
    ("VP of the next tiles on its mat", ("mat_next_vp",), "VP"),
    ("tiles its mat can no longer build", ("mat_dead",), ""),
    ("tiles on the board", ("tiles",), ""),
    ("cubes on its tiles", ("cubes",), ""),
    ("income its unflipped tiles would add", ("waiting_income",), "levels"),
)


@dataclass
class Candidate:
    """One move the bot weighed: the first action of a turn plan (a legal move of the game
    the advice was asked for), the action after it in the same turn (None: the turn
    ends), and its worth in points ahead of the others."""

    move: Move
    then: Optional[Move]
    worth: float
    redeals: int

    def text(self) -> str:
        """The plan as a person reads it: the move, and what the bot would do after it."""
        words = self.move.full_notation()
        return words + (f", then {self.then.full_notation()}" if self.then is not None else "")


@dataclass
class Advice:
    """A bot's advice for a seat: its best moves, best first, and why the first."""

    seat: int
    bot: str
    candidates: list
    reason: str
    differences: list = field(default_factory=list)  # (phrase, change, points or None), largest first

    def lines(self) -> list:
        """The advice as lines of text, for a terminal."""
        found = [f"{number}. {c.text()}   (worth {c.worth:+.1f})" for number, c in enumerate(self.candidates, 1)]
        return found + ([self.reason] if self.reason else [])


def advise(game: Game, seat: Optional[int] = None, count: int = 3, bot: str = "hard", seed=None) -> Advice:
    """The bot's ``count`` best moves for ``seat`` (the player to move; it must be), with
    their worth and why the first beats the second. ``seed``: the bot's seed (default:
    one made from what the seat sees, so the same position gets the same advice)."""
    if game.is_over():
        raise ValueError("the game is over: there is no move to advise")
    if seat is None:
        seat = game.to_move
    if seat != game.to_move:
        raise ValueError(f"{game.state.players[seat].name} is not to move; advice is for the player to move ({game.state.players[game.to_move].name})")
    advisor = make_bot(bot, seed if seed is not None else _view_seed(game, seat), imports=False)
    found = advisor.search(game, count) if hasattr(advisor, "search") else []
    if not found:
        move = advisor.choose(game)
        return Advice(seat, bot, [Candidate(move, None, 0.0, 0)], "")
    candidates = [Candidate(e.move, e.then, e.worth, e.redeals) for e in found]
    differences = _differences(found[0], found[1]) if len(found) > 1 else []
    return Advice(seat, bot, candidates, _reason(candidates, found, differences), differences)


def _view_seed(game: Game, seat: int) -> str:
    """A seed made from what the seat sees alone (never from what is hidden from it)."""
    import hashlib
    import json

    text = json.dumps(game.view(seat), sort_keys=True, default=str)
    return "advice/" + hashlib.sha256(text.encode()).hexdigest()


def _after(estimate) -> Game:
    """The position a plan leaves at the end of its turn, in the search's redealt world."""
    plan = estimate.plan
    if plan.after is not None and plan.then is not None:
        game = plan.after.copy()
        game.push(game.parse(plan.then.notation()))
        return game
    game = estimate.world.copy()
    game.push(game.parse(plan.move.notation()))
    return game


def _differences(first, second) -> list:
    """What the first plan's turn leaves that the second's does not: (phrase, change in
    the features, the points the judge gives the change or None), largest first."""
    a, b = _after(first), _after(second)
    seat = first.move.player
    rows = features(a)
    row_a, row_b = rows.rows(a)[seat], rows.rows(b)[seat]
    measure = judge(a)
    parts_a = measure.contributions(a, seat) if hasattr(measure, "contributions") else None
    parts_b = measure.contributions(b, seat) if parts_a is not None else None
    found = []
    vp = a.state.players[seat].vp - b.state.players[seat].vp
    if vp:
        found.append(("VP scored", vp, float(vp)))
    for phrase, names, unit in GROUPS:
        change = sum(row_a[INDEX[n]] - row_b[INDEX[n]] for n in names)
        if abs(change) < 1e-9:
            continue
        points = sum(parts_a[n] - parts_b[n] for n in names) if parts_a is not None else None
        found.append((phrase, change, points))
    found.sort(key=lambda item: -abs(item[2] if item[2] is not None else item[1]))
    return found


def _reason(candidates: list, found: list, differences: list) -> str:
    """One sentence: why the first plan beats the second."""
    if len(candidates) < 2:
        return ""
    first, second = candidates[0], candidates[1]
    gap = first.worth - second.worth
    how = f"over {first.redeals} redeal{'s' if first.redeals != 1 else ''} of the hidden cards, after the others' replies and its own next turn" if first.redeals else "by the judge, at the end of this turn"
    said = [_said(item) for item in differences[:3]]
    tail = f"; by the end of this turn: {', '.join(said)}" if said else ""
    if gap < 0:  # the favourite kept: the other's edge is within the redeals' noise (brass.bots.search.preferred)
        noise = found[0].noise
        within = f"within the noise of so few redeals (± {noise:.1f})" if math.isfinite(noise) else "and one redeal cannot tell that from luck"
        return f"{_short(first)} rather than {_short(second)}: the turn plans' favourite; the other scored {-gap:.1f} points more {how}, {within}{tail}."
    return f"{_short(first)} rather than {_short(second)}: {gap:.1f} points better {how}{tail}."


def _short(candidate: Candidate) -> str:
    text = candidate.move.notation()
    return text + (f" then {candidate.then.notation()}" if candidate.then is not None else "")


def _said(item) -> str:
    phrase, change, points = item
    pounds = phrase in ("money", "shortfall at the round's end")
    amount = f"£{abs(change):g}" if pounds else f"{abs(change):g}"
    less = "less" if pounds or abs(change) != round(abs(change)) else "fewer"  # £2 less money; 2 fewer cubes
    if phrase == "VP scored":
        text = f"{change:+g} VP scored"
    elif phrase == "income level":
        text = f"income level {amount} {'higher' if change > 0 else 'lower'}"
    else:
        text = f"{amount} {'more' if change > 0 else less} {phrase}"
    if points is not None and phrase != "VP scored":
        text += f" ({points:+.1f} points)"
    return text


# ------------------------------------------------------------------ review
@dataclass
class Reviewed:
    """One move of a game as the review saw it."""

    number: int  # 1 for the game's first move
    seat: int
    played: str
    best: str  # the bot's preferred move (the same as played if it agrees)
    loss: float  # the worth of the bot's move less that of the move played (0 if it agrees)
    worth_played: float
    worth_best: float


def review(record: dict, seats: Optional[list] = None, bot: str = "hard", seed: int = 0,
           on_move: Optional[Callable[[Reviewed], None]] = None) -> Iterator[Reviewed]:
    """Replay a record; for each move of ``seats`` (default: every seat), the bot's
    preferred move and the estimated loss of the move played. Moves with one legal
    choice are passed over."""
    played = record["moves"]
    game = Game.from_record(record, moves=0)
    for number, entry in enumerate(played, 1):
        seat = game.to_move
        if (seats is None or seat in seats) and game.count_moves() > 1:
            move = game.parse(entry["move"])
            advisor = make_bot(bot, (seed, number, "review"), imports=False)
            found = advisor.search(game, 1, include=move)
            best = found[0]
            mine = next((e for e in found if e.move.notation() == move.notation()), found[-1])
            item = Reviewed(number, seat, move.notation(), best.move.notation(), max(0.0, best.worth - mine.worth), mine.worth, best.worth)
            if on_move is not None:
                on_move(item)
            yield item
        game.play(entry["move"])

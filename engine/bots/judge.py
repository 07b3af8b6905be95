"""The learned judge: a position's worth, fitted to the outcomes of self-play.

A judge says how many points a player will still gain from a position, as a
sum of the position's features (:mod:`brass.bots.features`), each weighed by
the era and by how much of it is left: its weights are given at a few points
of the era (``KNOTS``: its start, its end and between) and read between them
along a straight line. A player's worth is the points it has plus those it
will gain; against the others it is judged as the written heuristic judges
(:meth:`relative`).

The weights are fitted by ``brass train-judge`` (:mod:`brass.bots.training`)
and ship with the ruleset, in ``data/judge.yaml`` of its folder
(:data:`FILE`), with the engine version, the features and the digest of the
ruleset's rules and data they were fitted for (:func:`ruleset_digest`). A
judge fitted for anything else is *stale*: :func:`judge` refuses it (a
:class:`StaleJudgeWarning` says why and how to fit it again) and the bots
judge by the written heuristic instead; never is a stale judge used.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from operator import mul
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .. import data as data_module
from ..errors import DataError, DataProblem
from ..game import Game
from ..version import __version__
from .evaluation import against, heuristic
from .features import NAMES, SIZE, features, phase

FILE = "data/judge.yaml"  # in the folder of the ruleset's last layer (a variant's own)
FORMAT = "brass-judge/1"
KNOTS = (0.0, 0.25, 0.5, 0.75, 1.0)  # shares of the era left at which weights are given


class StaleJudgeWarning(UserWarning):
    """A ruleset's fitted judge was fitted for other rules, another engine or other
    features: the bots do not use it (they judge by the written heuristic)."""


# ------------------------------------------------------------------ the digest
def ruleset_digest(ruleset) -> str:
    """A digest of what a ruleset plays by: every layer's rule files (comment lines and
    blank lines aside), its data files as read (their comments aside), and the parts
    of its manifest that change play (players, eras, rules, data, patches, extend,
    base). A title, a description or a comment may change; a rule or a number may not."""
    sha = hashlib.sha256()
    for layer in ruleset.layers:
        manifest = {key: layer.manifest[key] for key in sorted(layer.manifest) if key in ("players", "eras", "rules", "data", "patches", "extend", "base")}
        sha.update(json.dumps(manifest, sort_keys=True, default=str).encode())
        for relative in layer.manifest.get("rules", []):
            text = (Path(layer.folder) / relative).read_text(encoding="utf-8")
            kept = [line.rstrip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
            sha.update(f"\0rules {relative}\0".encode() + "\n".join(kept).encode())
    for kind in data_module.DATA_KINDS:
        chosen = None
        for layer in ruleset.layers:
            relative = layer.manifest.get("data", {}).get(kind)
            if relative is not None:
                chosen = Path(layer.folder) / relative
        if chosen is None:
            default = Path(ruleset.layers[0].folder) / data_module.DEFAULT_FILES[kind]
            chosen = default if default.exists() else None
        if chosen is not None:
            document = data_module.YamlFile(chosen, str(chosen)).data
            sha.update(f"\0data {kind}\0".encode() + json.dumps(document, sort_keys=True, default=str).encode())
    return "sha256:" + sha.hexdigest()


# ------------------------------------------------------------------ the file
@dataclass
class Fit:
    """The fitted weights for one player count: per era id, one row of SIZE weights at
    each knot; and how they were fitted (``trained``) and how well (``quality``)."""

    players: int
    weights: dict  # era id -> [[SIZE floats] per knot]
    trained: dict = field(default_factory=dict)
    quality: dict = field(default_factory=dict)

    def as_data(self) -> dict:
        return {
            "trained": self.trained,
            "quality": self.quality,
            "weights": {era: [[round(w, 5) for w in row] for row in rows] for era, rows in self.weights.items()},
        }


@dataclass
class JudgeFile:
    """A ruleset's fitted judges, one per player count, and what they were fitted for."""

    ruleset: str
    digest: str
    engine: str
    features: tuple
    fits: dict  # players -> Fit
    path: Optional[Path] = None

    def stale(self, ruleset) -> Optional[str]:
        """Why this judge does not fit the ruleset and engine running now, or None."""
        reasons = []
        if self.ruleset != ruleset.name:
            reasons.append(f"it was fitted for the ruleset {self.ruleset!r}, not {ruleset.name!r}")
        if self.engine != __version__:
            reasons.append(f"it was fitted with engine {self.engine}, this is {__version__}")
        if tuple(self.features) != NAMES:
            reasons.append("its features are not the ones the engine computes now")
        if self.digest != ruleset_digest(ruleset):
            reasons.append("the ruleset's rules or data have changed since it was fitted")
        return "; ".join(reasons) or None

    def as_data(self) -> dict:
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "ruleset_hash": self.digest,
            "engine": self.engine,
            "knots": list(KNOTS),
            "features": list(self.features),
            "fits": {str(players): fit.as_data() for players, fit in sorted(self.fits.items())},
        }

    def write(self, path: Path) -> None:
        import yaml

        header = (
            "# The planning bots' judge, fitted to self-play by `brass train-judge` (see\n"
            "# docs/reference/bot-strength.rst): written by that command, not by hand.\n"
            "# A judge fitted for other rules, data, features or engine is not used.\n"
        )
        text = yaml.safe_dump(self.as_data(), sort_keys=False, default_flow_style=None, width=200)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + text, encoding="utf-8")


def judge_path(ruleset) -> Path:
    """Where a ruleset's judge lives: ``data/judge.yaml`` in its last layer's folder."""
    return Path(ruleset.folder) / FILE


def read_judge(path: Path) -> JudgeFile:
    """A judge file, read and checked against its schema (engine/schemas/judge.json);
    DataError naming the file and the path inside it if it is wrong."""
    from ..ruleset import shown

    display = shown(path)
    try:
        document = data_module.YamlFile(path, display)
    except data_module.FileProblem as problem:
        raise DataError([DataProblem(display, "", problem.message)]) from None
    problems = data_module.validate("judge", document, {})
    if problems:
        raise DataError(problems)
    found = document.data
    size = len(found["features"])
    fits = {}
    for players, entry in found["fits"].items():
        for era, rows in entry["weights"].items():
            if len(rows) != len(found["knots"]) or any(len(row) != size for row in rows):
                where = f"fits.{players}.weights.{era}"
                raise DataError([DataProblem(display, where, f"{len(found['knots'])} rows of {size} weights expected (one per knot, one per feature)")])
        fits[int(players)] = Fit(int(players), entry["weights"], entry.get("trained", {}), entry.get("quality", {}))
    if list(found["knots"]) != list(KNOTS):
        raise DataError([DataProblem(display, "knots", f"the knots must be {list(KNOTS)}")])
    return JudgeFile(found["ruleset"], found["ruleset_hash"], found["engine"], tuple(found["features"]), fits, path)


# ------------------------------------------------------------------ judging
class LearnedJudge:
    """A fitted judge for one game's ruleset and player count: the same questions the
    written heuristic answers (``value``, ``values``, ``relative``), answered by the fit."""

    learned = True

    def __init__(self, game: Game, fit: Fit):
        self.fit = fit
        self.features = features(game)
        self.facts = self.features.facts
        eras = [era.id for era in game.board.eras]
        self._weights = [fit.weights.get(era) for era in eras]
        self._cache: dict = {}

    def weights(self, era: int, left: float) -> list:
        """The weights at a point of an era: between the two knots around it, on a line."""
        key = (era, round(left, 4))
        found = self._cache.get(key)
        if found is None:
            rows = self._weights[min(era, len(self._weights) - 1)]
            if rows is None:
                found = [0.0] * SIZE
            else:
                step = 1.0 / (len(KNOTS) - 1)
                at = min(int(left / step), len(KNOTS) - 2)
                share = (left - KNOTS[at]) / step
                low, high = rows[at], rows[at + 1]
                found = [a + (b - a) * share for a, b in zip(low, high)]
            if len(self._cache) > 4096:
                self._cache.clear()
            self._cache[key] = found
        return found

    def values(self, game: Game, only: Optional[int] = None) -> list:
        """Every player's worth: points now and the points the fit says are to come."""
        era, left = phase(game)
        weights = self.weights(era, left)
        rows = self.features.rows(game)
        players = game.state.players
        found = []
        for player, row in zip(players, rows):
            found.append(player.vp + sum(map(mul, weights, row)))
        return found

    def value(self, game: Game, player: int) -> float:
        """One player's worth (its row alone is read: about a third of the work with four players)."""
        era, left = phase(game)
        row = self.features.rows(game, only=player)[player]
        return game.state.players[player].vp + sum(map(mul, self.weights(era, left), row))

    def contributions(self, game: Game, player: int) -> dict:
        """The player's worth feature by feature (name -> points), with ``vp`` for the
        points it has: they add up to its value. What an explanation compares."""
        era, left = phase(game)
        weights = self.weights(era, left)
        row = self.features.rows(game)[player]
        parts = {"vp": float(game.state.players[player].vp)}
        for name, w, x in zip(NAMES, weights, row):
            parts[name] = w * x
        return parts

    def relative(self, game: Game, player: int) -> float:
        values = self.values(game)
        return against(values, player)


# ------------------------------------------------------------------ which judge
_LOADED: dict = {}  # id(ruleset) -> (ruleset, JudgeFile or None, why stale or None)
_JUDGES: dict = {}  # (id(ruleset), players) -> judge
_OVERRIDES: dict = {}  # (ruleset name, players) -> Fit: a judge being fitted (brass train-judge)
_WARNED: set = set()


def shipped(ruleset):
    """(JudgeFile or None, why it is stale or None) for a ruleset, read once."""
    found = _LOADED.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        path = judge_path(ruleset)
        file = read_judge(path) if path.exists() else None
        why = file.stale(ruleset) if file is not None else None
        found = _LOADED[id(ruleset)] = (ruleset, file, why)
    return found[1], found[2]


def judge(game: Game):
    """The judge the planning bots use for this game: a judge being fitted, else the
    ruleset's fitted judge for this player count if it is fresh, else the written
    heuristic (:class:`~brass.bots.evaluation.Heuristic`). A stale judge is refused
    with a StaleJudgeWarning, once per ruleset."""
    ruleset = game.ruleset
    players = len(game.state.players)
    key = (id(ruleset), players)
    found = _JUDGES.get(key)
    if found is not None and found[0] is ruleset:
        return found[1]
    override = _OVERRIDES.get((ruleset.name, players), _NONE)
    if override is not _NONE:
        chosen = LearnedJudge(game, override) if override is not None else heuristic(game)
    else:
        file, why = shipped(ruleset)
        if file is not None and why is not None:
            if ruleset.name not in _WARNED:
                _WARNED.add(ruleset.name)
                warnings.warn(
                    f"{ruleset.name}: the fitted judge in {file.path} is stale ({why}); the bots judge by the written "
                    f"heuristic instead. Fit it again: brass train-judge {ruleset.name}",
                    StaleJudgeWarning,
                    stacklevel=2,
                )
            chosen = heuristic(game)
        elif file is not None and players in file.fits:
            chosen = LearnedJudge(game, file.fits[players])
        else:
            chosen = heuristic(game)
    _JUDGES[key] = (ruleset, chosen)
    return chosen


_NONE = object()


class fitting:
    """Within it, the bots of a ruleset and player count judge by ``fit`` (a Fit, or None
    for the written heuristic) instead of the shipped judge: what self-play for
    training plays with. ``with fitting("birmingham", 4, fit): ...``"""

    def __init__(self, ruleset: str, players: int, fit: Optional[Fit]):
        self.key = (ruleset, players)
        self.fit = fit

    def __enter__(self):
        self.before = _OVERRIDES.get(self.key, _NONE)
        _OVERRIDES[self.key] = self.fit
        _JUDGES.clear()
        return self

    def __exit__(self, *exc):
        if self.before is _NONE:
            _OVERRIDES.pop(self.key, None)
        else:
            _OVERRIDES[self.key] = self.before
        _JUDGES.clear()
        return False

"""What a balance job is: the rules measured, who plays, how many games, from which seed.

A job is plain data, so that it can travel to a worker process or a Ray actor on
another machine and be run there exactly as here. A ruleset is named (an
installed one) or carried whole (a folder's files, as text): a worker never
needs the driver's disk.

Games come in *seed groups*. A group is one deal (one game seed) played once per
distinct rotation of the lineup over the seats, so that no bot gains from its
seat; with ``--against``, the base ruleset plays the same group with the same
seeds, and the two are compared group by group. Every seed is a hash of the
job's seed and the group's index (:func:`group_seed`): never of the order in
which work is done, so a job gives the same games on one core, on many, or on a
cluster.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .. import __version__
from ..errors import BrassError

MAX_BUNDLE_BYTES = 20_000_000  # a ruleset folder carried to workers: far above any real one


class JobError(BrassError):
    """A balance job cannot be run as asked; the message says what would be right."""


# ------------------------------------------------------------------ rulesets
@dataclass(frozen=True)
class RulesetRef:
    """A ruleset as a worker can load it: an installed name, or a folder's files."""

    name: str  # the installed name, or the folder's name
    files: tuple = ()  # (relative path, text) of a folder's files; empty: installed
    trust: bool = False  # a folder with Python code in it, loaded only if trusted

    @classmethod
    def of(cls, name_or_path: str, trust: bool = False) -> "RulesetRef":
        from ..ruleset import installed_rulesets

        path = Path(name_or_path)
        if name_or_path in installed_rulesets() and not path.is_dir():
            return cls(name_or_path)
        if not path.is_dir():
            known = ", ".join(installed_rulesets())
            raise JobError(f"{name_or_path!r} is neither an installed ruleset nor a ruleset folder; installed: {known}")
        return cls(path.resolve().name, _bundle(path), trust)

    def load(self):
        """The ruleset (loaded once per process: a worker keeps it for every chunk)."""
        from ..ruleset import load_ruleset

        if not self.files:
            return load_ruleset(self.name)
        return load_ruleset(str(self._unpacked()), trust=self.trust)

    def _unpacked(self) -> Path:
        """The folder's files written out once in this process (keyed by their hash)."""
        folder = Path(tempfile.gettempdir()) / f"brass-lab-{os.getuid() if hasattr(os, 'getuid') else 'u'}" / self.digest() / self.name
        if not (folder / "ruleset.yaml").is_file():
            for relative, text in self.files:
                target = folder / relative
                target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                target.write_text(text, encoding="utf-8")
        return folder

    def digest(self) -> str:
        hasher = hashlib.sha256(self.name.encode())
        for relative, text in self.files:
            hasher.update(b"\0" + relative.encode() + b"\0" + text.encode())
        return hasher.hexdigest()[:16]


def _bundle(folder: Path) -> tuple:
    """A ruleset folder's files (manifest, data, rules, plugin code), as text."""
    files, total = [], 0
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if not path.is_file() or any(part.startswith((".", "__pycache__")) for part in relative.parts):
            continue
        if path.suffix not in (".yaml", ".yml", ".brass", ".py", ".json", ".md"):
            continue
        text = path.read_text(encoding="utf-8")
        total += len(text)
        if total > MAX_BUNDLE_BYTES:
            raise JobError(f"{folder}: more than {MAX_BUNDLE_BYTES:,} bytes of files; a ruleset folder is smaller")
        files.append((relative.as_posix(), text))
    return tuple(files)


def content_hash(ruleset) -> str:
    """A hash of everything a ruleset's games depend on: each layer's manifest, data,
    rule files and plugin code, and the engine's version. Two reports with the same
    hash measured the same rules."""
    hasher = hashlib.sha256(f"brass {__version__}\n".encode())
    for layer in ruleset.layers:
        folder = Path(layer.folder)
        names = ["ruleset.yaml", "__init__.py"] + [f"{sub}/{p.name}" for sub in ("data", "rules") for p in sorted((folder / sub).glob("*")) if p.is_file()]
        for name in names:
            path = folder / name
            if path.is_file():
                hasher.update(f"\0{layer.name}/{name}\0".encode() + path.read_bytes())
    return hasher.hexdigest()[:16]


# ------------------------------------------------------------------ seeds
def group_seed(job_seed: int, group: int, part: str = "") -> int:
    """The game seed of a seed group: a hash of the job's seed, the part of the job
    (the main games, or a ladder pair's) and the group's index."""
    digest = hashlib.blake2b(f"brass-lab/{job_seed}/{part}/{group}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # 63 bits: a record's seed field holds it


def rotations(lineup: tuple) -> list:
    """Each distinct rotation of a lineup over the seats (one, if every seat's bot is the same)."""
    return list(dict.fromkeys(lineup[i:] + lineup[:i] for i in range(len(lineup))))


# ------------------------------------------------------------------ the job
@dataclass(frozen=True)
class Job:
    """A balance job: everything its games depend on, and nothing else."""

    ruleset: RulesetRef
    players: int
    bots: tuple  # the bot in each seat
    groups: int  # seed groups; each is played once per distinct rotation of the bots
    seed: int = 1
    against: Optional[RulesetRef] = None  # the base, played on the same seeds
    ladder: tuple = ()  # bot levels whose games against each other are played too
    ladder_groups: int = 0  # seed groups per pair of ladder levels
    engine: str = field(default=__version__)

    @property
    def lineups(self) -> list:
        return rotations(tuple(self.bots))

    @property
    def games_per_group(self) -> int:
        return len(self.lineups) * (2 if self.against is not None else 1)

    def ladder_pairs(self) -> list:
        """(stronger-listed level, other level) for each pair of ladder levels, in order."""
        levels = list(self.ladder)
        return [(levels[i], levels[j]) for i in range(len(levels)) for j in range(i + 1, len(levels))]

    def ladder_lineups(self, pair: tuple) -> list:
        """The seats of a ladder game between two levels: each in every other seat, both ways."""
        a, b = pair
        alternating = tuple(a if seat % 2 == 0 else b for seat in range(self.players))
        swapped = tuple(b if bot == a else a for bot in alternating)
        return list(dict.fromkeys(rotations(alternating) + rotations(swapped)))

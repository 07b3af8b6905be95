"""Bots by name: the built-in ones, those installed through the ``brass.bots``
entry-point group, and any ``module:Class`` importable from here."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Optional

from .base import Bot, GreedyBot, QuickRandomBot, RandomBot
from .planning import EasyBot, HeuristicBot, MediumBot
from .search import ExpertBot, SearchBot

GROUP = "brass.bots"

# The built-in bots, the one list of them, in the order help texts and messages name
# them; the brass.bots group is for the bots other packages install.
BOTS = {cls.name: cls for cls in (RandomBot, QuickRandomBot, GreedyBot, EasyBot, MediumBot, HeuristicBot, SearchBot, ExpertBot)}

LEVELS = ("easy", "medium", "hard", "expert")


def installed_bots() -> dict:
    """Entry points of the ``brass.bots`` group, by name."""
    return {entry.name: entry for entry in entry_points(group=GROUP)}


def bot_class(name: str, imports: bool = True) -> type:
    """The class a bot name stands for: built in, installed, or ``module:Class``.

    ``imports=False`` (a name that comes from a request or a file, as in the web
    app): only bots built in or installed through the ``brass.bots`` group; a
    ``module:Class`` would let whoever sends the name choose what is imported."""
    if name in BOTS:
        return BOTS[name]
    installed = installed_bots()
    if name in installed:
        found = installed[name].load()
    elif ":" in name and not imports:
        known = ", ".join(dict.fromkeys([*BOTS, *installed]))
        raise ValueError(f"unknown bot {name!r}; bots: {known} (a module:Class is loaded only from the command line)")
    elif ":" in name:
        module, _, attr = name.partition(":")
        try:
            found = importlib.import_module(module)
            for part in attr.split("."):
                found = getattr(found, part)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"cannot load bot {name!r}: {error}") from None
    else:
        known = ", ".join(dict.fromkeys([*BOTS, *installed]))  # an installed name may repeat a built-in one
        raise ValueError(f"unknown bot {name!r}; bots: {known} (or module:Class)")
    if not (isinstance(found, type) and callable(getattr(found, "choose", None))):
        raise ValueError(f"bot {name!r} is not a class with a choose(game) method")
    return found


def make_bot(name: str, seed: Optional[int] = None, imports: bool = True) -> Bot:
    """A bot made with a seed (the same seed, the same decisions); ``imports`` as for bot_class."""
    return bot_class(name, imports)(seed)

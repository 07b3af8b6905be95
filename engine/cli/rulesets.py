"""``brass rulesets``: the installed rulesets, each with its title, version and player counts."""

from __future__ import annotations

from ..errors import BrassError
from ..ruleset import installed_rulesets, load_ruleset
from .helpers import command


EXAMPLES = ("brass rulesets",)


def add_parser(commands):
    return command(commands, "rulesets", "list the installed rulesets",
                   "List the installed rulesets, each with its title, version and player counts.", EXAMPLES)


def run(args) -> int:
    for name, entry in installed_rulesets().items():
        try:
            ruleset = load_ruleset(name)
            print(f"{name:<24} {ruleset.title} {ruleset.version} ({entry.value}); players {', '.join(map(str, ruleset.players))}")
        except BrassError as error:
            print(f"{name:<24} broken: {str(error).splitlines()[0]}")
    return 0

"""``brass balance``: the balance lab's command (its options and work are :mod:`brass.lab.command`'s)."""

from __future__ import annotations

from .helpers import TRUST_HELP, HelpFormatter

EXAMPLES = (
    "brass balance docs/howto/balance/first-player-five --against birmingham --players 2 --bots greedy --games 400",
    "brass balance birmingham --players 4 --bots hard,greedy,greedy,greedy --games 200 --html report.html",
    "brass balance my-variant --against birmingham --games 100000 --cluster auto",
)

# What the lab's options do when not given, where their help does not say it.
UNSAID_DEFAULTS = {
    "--against": "no base: the ruleset alone",
    "--cluster": "not on a cluster",
    "--ladder": "no ladder",
    "--html": "no page",
}


def add_parser(commands):
    from ..lab.command import add_parser as add_balance

    add_balance(commands, TRUST_HELP)
    balance = commands.choices["balance"]
    balance.formatter_class = HelpFormatter
    balance.epilog = "examples:\n" + "\n".join(f"  {example}" for example in EXAMPLES)
    balance.examples = EXAMPLES
    for action in balance._actions:
        for option in action.option_strings:
            if option in UNSAID_DEFAULTS and "default" not in (action.help or ""):
                action.help = f"{action.help} (default: {UNSAID_DEFAULTS[option]})"
    return balance


def run(args) -> int:
    from ..lab.command import run as balance

    return balance(args)

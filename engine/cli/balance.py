"""``brass balance``: the balance lab's command (its options and work are :mod:`brass.lab.command`'s)."""

from __future__ import annotations

from .helpers import TRUST_HELP


def add_parser(commands):
    from ..lab.command import add_parser as add_balance

    add_balance(commands, TRUST_HELP)
    return commands.choices["balance"]


def run(args) -> int:
    from ..lab.command import run as balance

    return balance(args)

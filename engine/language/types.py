"""Static types of rule expressions, as far as the code generator knows them.

A type is a Python class (``Location``, ``PlayerState``...), a :class:`ListOf`
one, or ``None``: not known, read through the generic attribute look-up. Types
only make generated code faster (a direct attribute read instead of a table
look-up); they never change what rule code means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ListOf:
    """A list (or tuple) of ``item``; ``unique`` if no item appears twice."""

    item: Any
    unique: bool = False


def item_type(kind):
    """The type of an element of a collection of type ``kind`` (None: unknown)."""
    return kind.item if isinstance(kind, ListOf) else None

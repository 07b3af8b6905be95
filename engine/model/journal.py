"""An undo journal: every change to the game state goes through it.

The interpreter tries a choice, and if the rest of the action fails it rolls
back to a mark; an illegal move therefore never leaves a trace. The same
journal gives undo within a turn. Rolling back is proportional to the number of
changes, not to the size of the state, which keeps search and legal-move
generation cheap (copying the whole state is the slow road).
"""

from __future__ import annotations

_MISSING = object()

# Entry kinds, first element of each entry tuple.
_ATTR, _ITEM, _LIST_APPEND, _LIST_POP, _LIST_INSERT, _CALL = range(6)


class Journal:
    __slots__ = ("entries",)

    def __init__(self):
        self.entries: list[tuple] = []

    def mark(self) -> int:
        return len(self.entries)

    def rollback(self, mark: int) -> None:
        entries = self.entries
        while len(entries) > mark:
            entry = entries.pop()
            kind = entry[0]
            if kind == _ATTR:
                setattr(entry[1], entry[2], entry[3])
            elif kind == _ITEM:
                if entry[3] is _MISSING:
                    del entry[1][entry[2]]
                else:
                    entry[1][entry[2]] = entry[3]
            elif kind == _LIST_APPEND:
                entry[1].pop()
            elif kind == _LIST_POP:
                entry[1].insert(entry[2], entry[3])
            elif kind == _LIST_INSERT:
                del entry[1][entry[2]]
            else:
                entry[1]()

    def forget(self) -> None:
        """Drop every entry: what happened so far can no longer be undone."""
        self.entries.clear()

    def forget_before(self, mark: int) -> None:
        """Drop the entries before a mark; the mark becomes 0."""
        del self.entries[:mark]

    # -- changes
    def set(self, obj, attr: str, value) -> None:
        self.entries.append((_ATTR, obj, attr, getattr(obj, attr)))
        setattr(obj, attr, value)

    def add(self, obj, attr: str, delta) -> None:
        old = getattr(obj, attr)
        self.entries.append((_ATTR, obj, attr, old))
        setattr(obj, attr, old + delta)

    def setitem(self, mapping, key, value) -> None:
        self.entries.append((_ITEM, mapping, key, mapping.get(key, _MISSING)))
        mapping[key] = value

    def setindex(self, items: list, index: int, value) -> None:
        self.entries.append((_ITEM, items, index, items[index]))
        items[index] = value

    def delitem(self, mapping, key) -> None:
        self.entries.append((_ITEM, mapping, key, mapping[key]))
        del mapping[key]

    def append(self, items: list, value) -> None:
        self.entries.append((_LIST_APPEND, items))
        items.append(value)

    def pop(self, items: list, index: int = -1):
        if index < 0:
            index += len(items)
        value = items.pop(index)
        self.entries.append((_LIST_POP, items, index, value))
        return value

    def remove(self, items: list, value) -> None:
        self.pop(items, items.index(value))

    def insert(self, items: list, index: int, value) -> None:
        if index < 0:
            index += len(items) + 1
        items.insert(index, value)
        self.entries.append((_LIST_INSERT, items, index))

    def replace_list(self, items: list, values) -> None:
        old = list(items)

        def restore():
            items[:] = old

        self.entries.append((_CALL, restore))
        items[:] = values

    def on_rollback(self, undo) -> None:
        """Record an arbitrary undo step (a function of no arguments)."""
        self.entries.append((_CALL, undo))

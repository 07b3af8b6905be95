"""An undo journal: every change to the game state goes through it.

The interpreter tries a choice, and if the rest of the action fails it rolls
back to a mark; an illegal move therefore never leaves a trace. The same
journal gives undo within a turn. Rolling back is proportional to the number of
changes, not to the size of the state, which keeps search and legal-move
generation cheap (copying the whole state is the slow road).
"""

from __future__ import annotations

_MISSING = object()


# Each entry is (undo, a, b, c): rolling back calls undo(a, b, c). One shape for
# every kind of change keeps the rollback loop short; it runs very often.
# The undo steps are C functions where one fits (no Python frame in the rollback loop):
# a key added is dropped by dict.pop(mapping, key, None), an item appended by
# assigning () to the slice of the last item.
_delete = dict.pop
_pop_last = list.__setitem__
_LAST = slice(-1, None)


def _run(undo, _, __):
    undo()


_setattr = setattr
_setitem = dict.__setitem__
_set_index = list.__setitem__
_insert = list.insert


def _delete_at(items, index, _):
    del items[index]


class Journal:
    __slots__ = ("entries",)

    def __init__(self):
        self.entries: list[tuple] = []

    def mark(self) -> int:
        return len(self.entries)

    def rollback(self, mark: int) -> None:
        entries = self.entries
        pop = entries.pop
        for _ in range(len(entries) - mark):
            undo, a, b, c = pop()
            undo(a, b, c)

    def forget(self) -> None:
        """Drop every entry: what happened so far can no longer be undone."""
        self.entries.clear()

    def forget_before(self, mark: int) -> None:
        """Drop the entries before a mark; the mark becomes 0."""
        del self.entries[:mark]

    # -- changes
    def set(self, obj, attr: str, value) -> None:
        self.entries.append((_setattr, obj, attr, getattr(obj, attr)))
        setattr(obj, attr, value)

    def add(self, obj, attr: str, delta) -> None:
        old = getattr(obj, attr)
        self.entries.append((_setattr, obj, attr, old))
        setattr(obj, attr, old + delta)

    def setitem(self, mapping, key, value) -> None:
        old = mapping.get(key, _MISSING)
        self.entries.append((_delete, mapping, key, None) if old is _MISSING else (_setitem, mapping, key, old))
        mapping[key] = value

    def setindex(self, items: list, index: int, value) -> None:
        self.entries.append((_set_index, items, index, items[index]))
        items[index] = value

    def delitem(self, mapping, key) -> None:
        self.entries.append((_setitem, mapping, key, mapping[key]))
        del mapping[key]

    def append(self, items: list, value) -> None:
        self.entries.append((_pop_last, items, _LAST, ()))
        items.append(value)

    def pop(self, items: list, index: int = -1):
        if index < 0:
            index += len(items)
        value = items.pop(index)
        self.entries.append((_insert, items, index, value))
        return value

    def remove(self, items: list, value) -> None:
        self.pop(items, items.index(value))

    def insert(self, items: list, index: int, value) -> None:
        if index < 0:
            index += len(items) + 1
        items.insert(index, value)
        self.entries.append((_delete_at, items, index, None))

    def replace_list(self, items: list, values) -> None:
        old = list(items)

        def restore():
            items[:] = old

        self.entries.append((_run, restore, None, None))
        items[:] = values

    def on_rollback(self, undo) -> None:
        """Record an arbitrary undo step (a function of no arguments)."""
        self.entries.append((_run, undo, None, None))


class NotingJournal(Journal):
    """A journal that keeps notes beside its changes, each tied to the entry it came
    with: rolling back drops the notes of the entries rolled back, forgetting keeps
    them for good. Watchers of the game (a recording at the table, chance in the
    research faces) note what they see on the way, net of what search takes back."""

    __slots__ = ("events",)

    def __init__(self, entries: list | None = None):
        super().__init__()
        if entries is not None:
            self.entries = entries
        self.events: list = []  # [entry index (-1: kept for good), kind, data]

    def note(self, kind: str, data):
        """Note something that came with the last change; return the data."""
        self.events.append([len(self.entries) - 1, kind, data])
        return data

    def rollback(self, mark: int) -> None:
        super().rollback(mark)
        events = self.events
        while events and events[-1][0] >= mark:
            events.pop()

    def forget(self) -> None:
        super().forget()
        for event in self.events:
            event[0] = -1

    def forget_before(self, mark: int) -> None:
        super().forget_before(mark)
        for event in self.events:
            event[0] = -1 if event[0] < mark else event[0] - mark

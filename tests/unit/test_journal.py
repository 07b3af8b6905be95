"""engine/model/journal.py: every change can be rolled back, in any mix."""

from brass.model.journal import Journal


class Thing:
    def __init__(self):
        self.value = 1


def test_rollback_restores_attributes_items_and_lists():
    journal = Journal()
    thing, mapping, items = Thing(), {"a": 1}, [1, 2, 3]
    mark = journal.mark()
    journal.set(thing, "value", 5)
    journal.add(thing, "value", 2)
    journal.setitem(mapping, "a", 9)
    journal.setitem(mapping, "b", 2)
    journal.delitem(mapping, "a")
    journal.append(items, 4)
    journal.pop(items, 0)
    journal.insert(items, 1, 7)
    journal.remove(items, 3)
    journal.setindex(items, 0, 0)
    journal.replace_list(items, ["x"])
    assert (thing.value, mapping, items) == (7, {"b": 2}, ["x"])
    journal.rollback(mark)
    assert (thing.value, mapping, items) == (1, {"a": 1}, [1, 2, 3])


def test_partial_rollback_and_forget():
    journal = Journal()
    thing = Thing()
    journal.set(thing, "value", 2)
    middle = journal.mark()
    journal.set(thing, "value", 3)
    journal.rollback(middle)
    assert thing.value == 2
    journal.forget_before(middle)
    assert journal.mark() == 0
    journal.set(thing, "value", 4)
    journal.rollback(0)
    assert thing.value == 2


def test_an_undo_step_runs_on_rollback():
    journal = Journal()
    seen = []
    journal.on_rollback(lambda: seen.append("undone"))
    journal.rollback(0)
    assert seen == ["undone"]

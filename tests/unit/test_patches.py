"""engine/patches.py: a variant's changes to data, by path."""

import pytest

from brass.patches import PatchError, apply_patch

DATA = {"industries": [{"id": "cotton", "tiles": [{"level": 1, "vp": 5}, {"level": 2, "vp": 5}]}, {"id": "coal", "tiles": []}]}


def fresh():
    import copy

    return copy.deepcopy(DATA)


def test_set_by_id_and_by_field():
    data = fresh()
    apply_patch(data, {"file": "industries", "path": "industries[cotton].tiles[level=1].vp", "set": 3})
    assert data["industries"][0]["tiles"][0]["vp"] == 3


def test_append_and_remove():
    data = fresh()
    apply_patch(data, {"file": "industries", "path": "industries[coal].tiles", "append": {"level": 1}})
    apply_patch(data, {"file": "industries", "path": "industries[cotton].tiles[1]", "remove": True})
    assert data["industries"][1]["tiles"] == [{"level": 1}]
    assert len(data["industries"][0]["tiles"]) == 1


def test_a_new_field():
    data = fresh()
    apply_patch(data, {"file": "industries", "path": "industries[coal].note", "set": "new"})
    assert data["industries"][1]["note"] == "new"


@pytest.mark.parametrize(
    "path, message",
    [
        ("industries[cotten].tiles", "no item of industries has id 'cotten' (ids: cotton, coal); did you mean 'cotton'?"),
        ("industries[cotton].tiles[level=9].vp", "no item of industries[cotton].tiles has level = 9"),
        ("industries[cotton].tiles[7]", "industries[cotton].tiles has 2 items; there is no item 7"),
        ("industries[cotton].levels.x", "industries[cotton] has no field 'levels' (fields: id, tiles)"),
        ("bad path!", "'bad path!' is not a field name, optionally followed by [selector]s"),
    ],
)
def test_a_path_that_leads_nowhere_says_where_it_stopped(path, message):
    with pytest.raises(PatchError) as error:
        apply_patch(fresh(), {"file": "industries", "path": path, "set": 1})
    assert str(error.value) == message

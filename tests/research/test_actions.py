"""The action space: atoms built from a ruleset's data, the way from an index to words
and back, and a digest that changes exactly when an index could change meaning."""

from __future__ import annotations

import dataclasses
import types

import pytest

from brass.language.consumption import Allocation
from brass.model.state import BoardTile
from brass.research import ActionSpaceError, space_of
from brass.research.actions import SECTIONS, ActionSpace
from brass.ruleset import load_ruleset
from tests.research.play import RULESETS, decisions


@pytest.mark.parametrize("name", RULESETS)
def test_every_index_has_one_word_and_back(name):
    space = space_of(load_ruleset(name))
    assert [space.index(space.word(i)) for i in range(len(space))] == list(range(len(space)))
    assert list(space.sections) == list(SECTIONS)
    starts = [space.sections[s].start for s in SECTIONS]
    assert starts == sorted(starts) and space.sections["end"].stop == len(space)


def test_the_sections_are_the_ruleset_data_sorted_by_id():
    ruleset = load_ruleset("birmingham")
    space = space_of(ruleset)
    board = ruleset.board
    assert [space.word(i) for i in space.sections["line"]] == sorted(f"line:{line.id}" for line in board.lines)
    assert {space.text(i) for i in space.sections["card"]} == {c.id for c in board.cards} | {c.id for c, _ in board.piles.values()}
    assert [space.text(i) for i in space.sections["action"]] == sorted(ruleset.rules.actions)
    assert [space.text(i) for i in space.sections["seat"]] == ["0", "1", "2", "3"]
    numbers = [int(space.text(i)) for i in space.sections["number"]]
    assert numbers == sorted(numbers) and 10 in numbers  # the loan amounts the rules name


def test_the_digest_is_the_atoms_and_changes_with_the_data():
    ruleset = load_ruleset("birmingham")
    space = space_of(ruleset)
    assert ActionSpace(ruleset).digest == space.digest and len(space.digest) == 64
    fewer = types.SimpleNamespace(
        name=ruleset.name, rules=ruleset.rules, players=ruleset.players, board=dataclasses.replace(ruleset.board, lines=ruleset.board.lines[:-1])
    )
    changed = ActionSpace(fewer)
    assert changed.digest != space.digest
    assert len(changed) == len(space) - 1


def test_a_word_that_is_no_atom_says_what_the_space_holds():
    space = space_of(load_ruleset("birmingham"))
    with pytest.raises(ActionSpaceError, match=r"'card:atlantis' is not an atom of the birmingham action space; its section 'card' has 27 atoms"):
        space.index("card:atlantis")
    with pytest.raises(ActionSpaceError, match=r"'ship:x' is not an atom .*; sections: action, card"):
        space.index("ship:x")
    with pytest.raises(ActionSpaceError, match=r"9999 is not an index of the birmingham action space \(0 to 211\)"):
        space.word(9999)


def test_values_become_atoms():
    ruleset = load_ruleset("birmingham")
    space = space_of(ruleset)
    board = ruleset.board
    coventry, leek = board.get("card", "coventry"), board.get("card", "leek")
    assert space.atoms(coventry) == (space.index("card:coventry"),)
    # several cards are one value in any order: sorted
    assert space.atoms((leek, coventry)) == space.atoms((coventry, leek)) == tuple(sorted((space.index("card:coventry"), space.index("card:leek"))))
    assert space.atoms(True) == (space.YES,) and space.atoms(False) == (space.NO,) and space.atoms(None) == (space.NONE,)
    assert space.atoms(30) == (space.index("number:30"),)
    slot = board.slots[0]
    tile = BoardTile(board.tile_types[0], 1, slot, 0)
    assert space.atoms(tile) == (space.index(f"slot:{slot.id}"),)  # a tile is named by its space
    allocation = Allocation("coal", ((tile, 2),), 1, 0, ())
    assert space.atoms(allocation) == (space.index(f"slot:{slot.id}"),) * 2 + (space.MARKET,)
    with pytest.raises(ActionSpaceError, match=r"coal=namespace\(.*\): the birmingham action space has no atom for this SimpleNamespace"):
        space.atoms(types.SimpleNamespace(slot=slot), "coal")
    with pytest.raises(ActionSpaceError, match=r"amount=31: the birmingham action space has no atom for this int"):
        space.atoms(31, "amount")


def test_where_resources_come_from_is_one_atom_per_cube():
    """Read off a real listing: a coal allocation's atoms are its sources, each as often as
    it gives a cube, then the market as often as it sells one."""
    seen = 0
    for table in decisions("birmingham", 2, seed=4, limit=300):
        if table.is_terminal():
            break
        for cursor in table.walk.cursors:
            for entry in cursor[0]:
                value = getattr(entry, "valid", None)
                values = [v for _, v in value] if value is not None else [entry[1]]
                for v in values:
                    if isinstance(v, Allocation):
                        atoms = table.space.atoms(v)
                        assert len(atoms) == sum(n for _, n in v.parts) + v.bought
                        assert atoms.count(table.space.MARKET) == v.bought
                        seen += 1
    assert seen > 0

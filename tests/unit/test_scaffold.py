"""engine/scaffold.py: brass new-variant makes an installable, valid variant."""

import pytest

from brass import Game, check_ruleset, load_ruleset
from brass.errors import BrassError
from brass.scaffold import make_variant


def test_the_new_variant_is_valid_and_registers_itself(tmp_path):
    folder = make_variant("cheap-canals", "birmingham", str(tmp_path))
    package = folder / "cheap_canals"
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "cheap_canals", "pyproject.toml"]
    assert 'cheap-canals = "cheap_canals"' in (folder / "pyproject.toml").read_text()
    assert '[project.entry-points."brass.rulesets"]' in (folder / "pyproject.toml").read_text()
    assert check_ruleset(str(package), trust=True) == []
    rules = package / "rules" / "cheap_canals.brass"
    rules.write_text(rules.read_text() + "set canal_cost = 2\n")
    ruleset = load_ruleset(str(package), trust=True)
    assert ruleset.rules.settings["canal_cost"] == 2
    assert Game(ruleset, 2, seed=1).legal_moves.count() > 0


def test_a_name_that_is_not_a_ruleset_name(tmp_path):
    with pytest.raises(BrassError) as error:
        make_variant("Cheap Canals", "birmingham", str(tmp_path))
    assert str(error.value) == "'Cheap Canals' is not a ruleset name: use lower-case letters, digits, '-' and '_'"

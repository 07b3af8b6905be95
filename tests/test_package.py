"""The package installs under one import name, brass (issue 11).

The repository keeps its folders (engine/, rulesets/, grammar/); pyproject.toml
maps them to brass, brass.rulesets and brass.grammar, so an installed copy puts
nothing generic at the top of site-packages.
"""

import importlib.metadata
import subprocess
import sys

import brass


def test_the_generic_folder_names_are_not_importable_outside_the_repository(tmp_path):
    # In another folder, only what is installed can be imported.
    probe = (
        "import importlib.util, brass, brass.rulesets.birmingham, brass.grammar\n"
        "print([n for n in ('engine', 'rulesets', 'grammar') if importlib.util.find_spec(n)])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_entry_points_name_modules_inside_brass():
    distribution = importlib.metadata.distribution("brass-rules")
    values = {entry.group: [] for entry in distribution.entry_points}
    for entry in distribution.entry_points:
        values[entry.group].append(entry.value)
    assert values["console_scripts"] == ["brass.cli:main"]
    assert "brass.bots" not in values  # the built-in bots are listed once, in brass.bots.registry.BOTS
    for group in ("brass.rulesets",):
        assert values[group] and all(value.startswith("brass.") for value in values[group])


def test_the_top_level_api():
    from brass import Game, load_ruleset

    game = Game(load_ruleset("birmingham"), players=2, seed=1)
    assert type(game) is brass.game.Game and brass.Game is Game

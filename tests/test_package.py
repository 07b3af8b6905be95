"""The package installs under one import name, brass (issue 11).

The repository keeps its folders (engine/, rulesets/, grammar/); pyproject.toml
maps them to brass, brass.rulesets and brass.grammar, so an installed copy puts
nothing generic at the top of site-packages.

The wheel holds the whole package: every module and data file of engine/,
rulesets/ and grammar/, and a game plays from it alone. Tests and CI install the
project editable, which reads the tree and would hide a folder left out of
pyproject.toml's package list (brass.game once was: a wheel without it could not
import brass).
"""

import importlib.metadata
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

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


ROOT = Path(__file__).resolve().parent.parent
# Folder in the tree -> its place in the installed package.
ROOTS = {"engine": "brass", "rulesets": "brass/rulesets", "grammar": "brass/grammar"}
SHIPPED = {".py", ".yaml", ".brass", ".lark", ".json", ".html", ".js", ".css"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of what a source distribution holds: a build/ folder left in
    # the tree by an earlier build would hand its files on and hide what is missing.
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ROOTS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(folder), str(source)],
        check=True, capture_output=True, text=True,
    )
    (built,) = folder.glob("*.whl")
    return built


def tree_files() -> set[str]:
    found = set()
    for folder, package in ROOTS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in SHIPPED and "__pycache__" not in path.parts:
                found.add(f"{package}/{path.relative_to(ROOT / folder).as_posix()}")
    return found


def test_the_wheel_holds_every_module_and_data_file_of_the_tree(wheel):
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if not name.split("/")[0].endswith(".dist-info")}
    missing = sorted(tree_files() - shipped)
    assert not missing, f"pyproject.toml leaves these out of the wheel (add their folder to [tool.setuptools] packages or package-data): {missing}"


def test_a_game_plays_to_the_end_from_the_wheel_alone(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile", "--target", str(target), str(wheel)],
        check=True, capture_output=True, text=True,
    )
    script = (
        "import brass, random\n"
        "from brass import Game\n"
        "print(brass.__file__)\n"
        "for name in ('birmingham', 'lancashire'):\n"
        "    game = Game(name, 2, seed=3)\n"
        "    game.playout(random.Random(3))\n"
        "    print(name, game.is_over())\n"
    )
    # PYTHONPATH puts the installed wheel ahead of the editable install of the tree.
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert Path(lines[0]).is_relative_to(target), f"brass was imported from {lines[0]}, not from the wheel"
    assert lines[1:] == ["birmingham True", "lancashire True"]

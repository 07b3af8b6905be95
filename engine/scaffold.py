"""``brass new-variant``: the folder of a new variant, ready to edit and install.

It makes an installable package whose module is a ruleset plugin registered in
the ``brass.rulesets`` entry-point group, exactly as the built-in rulesets are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .errors import BrassError
from .ruleset import load_ruleset

PYPROJECT = """[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "brass-variant-{name}"
version = "0.1.0"
description = {title_toml}
requires-python = ">=3.10"
dependencies = ["brass-rules"]

# This is how the engine finds the variant: one entry in this group.
[project.entry-points."brass.rulesets"]
{name} = "{package}"

[tool.setuptools]
packages = ["{package}"]

[tool.setuptools.package-data]
{package} = ["ruleset.yaml", "rules/*.brass", "data/*.yaml"]
"""

MANIFEST = """# {title_line}: a variant of {base_title_line}.
# It names its base and brings only what it changes. See the documentation:
# "Write your first variant" and "How to make the common changes".
name: {name}
title: {title_yaml}
version: "0.1.0"
base: {base}
description: >
  What the variant changes, in a sentence or two.
rules:
  - rules/{package}.brass
# Changes to the base's data, by path (uncomment and adapt):
# patches:
#   - file: industries
#     path: industries[{industry}].tiles[level=1].cost
#     set: 10
#     why: the reason, for readers
"""

RULES = """# {title_line}: the rules it changes.
# A declaration here replaces the base's declaration of the same name; anything
# not declared here is {base}'s. For example (uncomment to try):
#
# set {setting} = {value_rule}
#
# `brass rules {base}` prints the base's rules, generated from its rule files.
"""

HOOKS = '''"""The {name} variant: hooks for what the rule files cannot say.

Leave this module empty if the rule files say everything. For example, to add
a function the rule files may call::

    from brass import hookimpl

    @hookimpl
    def brass_language(vocabulary):
        @vocabulary.function(example="let n = links_of(you)")
        def links_of(run, player):
            "How many link tiles a player has on the board."
            return sum(1 for link in run.state.links() if link.owner == player.index)
"""
'''

README = """# {title_line}

A variant of {base_title_line} for the Brass rules engine.

    python -m pip install -e .        # registers the variant with the engine
    brass validate {name}
    brass play {name} --players 2
"""


def _comment_line(text: str) -> str:
    """Text as it may stand in a comment or a heading: one line, no control character."""
    return " ".join("".join(c if c.isprintable() else " " for c in str(text)).split())


def make_variant(name: str, base: str, where: str = ".") -> Path:
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
        raise BrassError(f"{name!r} is not a ruleset name: use lower-case letters, digits, '-' and '_'")
    ruleset = load_ruleset(base)
    folder = Path(where) / name
    if folder.exists():
        raise BrassError(f"{folder} exists already; choose another name or remove it")
    package = name.replace("-", "_")
    setting = next(iter(ruleset.rules.settings), "some_setting")
    value = ruleset.rules.settings.get(setting, 0)
    title = f"{ruleset.title}: {name}"
    # The base is a folder from anywhere: what it says goes into the new files only
    # as data, escaped for each file's language (TOML, YAML, rule text), or on one
    # line of a comment; the Python module names only the variant's own name.
    fields = {
        "name": name,
        "package": package,
        "base": _comment_line(ruleset.name),
        "base_title_line": _comment_line(ruleset.title),
        "title_line": _comment_line(title),
        "title_toml": json.dumps(title),  # a JSON string is a TOML basic string
        "title_yaml": json.dumps(title),  # and a YAML double-quoted one
        "industry": _comment_line(ruleset.board.industries[0].id),
        "setting": _comment_line(setting),
        "value_rule": _comment_line(json.dumps(value) if isinstance(value, str) else str(value)),
    }
    (folder / package / "rules").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(PYPROJECT.format(**fields), encoding="utf-8")
    (folder / "README.md").write_text(README.format(**fields), encoding="utf-8")
    (folder / package / "__init__.py").write_text(HOOKS.format(**fields), encoding="utf-8")
    (folder / package / "ruleset.yaml").write_text(MANIFEST.format(**fields), encoding="utf-8")
    (folder / package / "rules" / f"{package}.brass").write_text(RULES.format(**fields), encoding="utf-8")
    return folder

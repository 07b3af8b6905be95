"""Sphinx configuration. Build: python -m sphinx -W -b html docs docs/_build/html"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402

project = "Brass rules engine"
author = "The Brass rules engine authors"
copyright = "2026, " + author
version = release = engine.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "engine.sphinxext",  # writes docs/generated/ from the rulesets and the engine
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"description": "Brass: Birmingham and Lancashire, from rules written in a language", "fixed_sidebar": True}
html_static_path = []

"""Sphinx configuration. Build: python -m sphinx -W -b html docs docs/_build/html"""

import brass  # the installed package (python -m pip install -e .)

project = "Brass rules engine"
author = "The Brass rules engine authors"
copyright = "2026, " + author
version = release = brass.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "brass.sphinxext",  # writes docs/generated/ from the rulesets and the engine
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"description": "Brass: Birmingham and Lancashire, from rules written in a language", "fixed_sidebar": True}
html_static_path = []

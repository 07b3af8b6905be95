"""The engine's version, from the installed package's metadata: pyproject.toml is its one source."""

import importlib.metadata

__version__ = importlib.metadata.version("brass-rules")

"""The engine's version, written here only: pyproject.toml reads it (setuptools'
``attr:``), and records, the balance lab and the docs take it from here.

It lives in the code, not in the installed metadata, because records pin the
engine that played them: the number must be the running code's even when an
editable install's metadata is older than the checkout."""

__version__ = "0.1.0"

"""The grammar of the Brass rule language, as lark files.

``brass.lark`` is the source of truth; :mod:`brass.language.parser` builds the
parser from it once.
"""

from pathlib import Path

GRAMMAR_DIR = Path(__file__).resolve().parent
RULE_LANGUAGE = GRAMMAR_DIR / "brass.lark"

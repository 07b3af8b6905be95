"""``brass new-variant``: the folder of a new variant, ready to edit and install.

    brass new-variant NAME --base RULESET [--dir PATH]
"""

from __future__ import annotations

from .helpers import command


def add_parser(commands):
    scaffold = command(commands, "new-variant", "make the folder of a new variant, ready to edit and install",
                       "Make the folder of a variant package: ruleset.yaml, a rule file, a hooks module and a pyproject.toml that registers it.",
                       ("brass new-variant cheap-canals --base birmingham", "brass new-variant my-variant --base lancashire --dir variants"))
    scaffold.add_argument("name", help="the variant's name, e.g. my-variant")
    scaffold.add_argument("--base", required=True, help="the installed ruleset it changes (brass rulesets lists them); required, there is no default")
    scaffold.add_argument("--dir", default=".", help="where to make its folder (default: here)")
    return scaffold


def run(args) -> int:
    from ..scaffold import make_variant

    folder = make_variant(args.name, args.base, args.dir)
    print(f"made {folder}")
    print(f"next: edit {folder}/*/rules/*.brass, then: brass validate --trust {folder}/{folder.name.replace('-', '_')}")
    print(f"install it as a package with: python -m pip install -e {folder}   and play: brass play {args.name}")
    return 0

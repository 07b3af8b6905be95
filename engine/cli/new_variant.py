"""``brass new-variant``: the folder of a new variant, ready to edit and install.

    brass new-variant NAME --base RULESET [--dir PATH]
"""

from __future__ import annotations


def add_parser(commands):
    scaffold = commands.add_parser("new-variant", help="make the folder of a new variant, ready to edit and install")
    scaffold.add_argument("name", help="the variant's name, e.g. my-variant")
    scaffold.add_argument("--base", required=True, help="the installed ruleset it changes (brass rulesets lists them)")
    scaffold.add_argument("--dir", default=".", help="where to make its folder (default: here)")
    return scaffold


def run(args) -> int:
    from ..scaffold import make_variant

    folder = make_variant(args.name, args.base, args.dir)
    print(f"made {folder}")
    print(f"next: edit {folder}/*/rules/*.brass, then: brass validate --trust {folder}/{folder.name.replace('-', '_')}")
    print(f"install it as a package with: python -m pip install -e {folder}   and play: brass play {args.name}")
    return 0

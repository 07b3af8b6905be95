"""A Sphinx extension that writes the documentation's generated pages.

At the start of every build it writes, under ``docs/generated/``:

* one chapter per installed ruleset (:mod:`brass.rulesdoc`), with its map;
* the rule language reference, from the grammar's statement forms and the
  docstrings and examples of every keyword, function and name;
* the data reference, from the descriptions in the JSON Schemas;
* the table of the built-in bots, from their docstrings, and the table of the
  ``brass`` commands and of those typed at the ``brass play`` prompt, from the
  command line's own tables.

Nothing there is written by hand, so it cannot drift from the code.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import __version__
from .data import SCHEMA_DIR
from .language import consumption as _consumption  # noqa: F401  (registers the words)
from .language import functions as _functions  # noqa: F401
from .language import keywords as _keywords  # noqa: F401
from .language import names as _names  # noqa: F401
from .language.vocabulary import BUILTINS
from .language.limits import MAX_MOVES, MAX_STEPS
from .rulesdoc import rules_document, to_rst
from .ruleset import installed_rulesets, load_ruleset

STATEMENTS = [
    ("choose NAME from LIST", "A decision: the player picks one item of the list.", 'choose card from you.hand\n        where card.kind == "location"\n        else "play a location card"'),
    ("choose N NAMES from LIST", "Several items at once, order ignored (duplicates count).", "choose 3 cards from you.hand"),
    ("... where CONDITION [else MESSAGE]", "Keeps only the items for which the condition holds; the message says, in the rulebook's words, why an item written in a move is refused.", 'choose line from lines\n        where line.free\n        else "the line {line} already has a link"'),
    ("... by PLAYER", "The decision is that player's (at the end of a round, say).", "choose sell_tile from you.tiles by you"),
    ("require CONDITION [else MESSAGE]", "The move is illegal unless the condition holds; the message says why.", 'require you.money >= 3 else "you cannot pay"'),
    ("let NAME = EXPRESSION", "Names a value for the statements below. A name already set before an if, for, repeat or optionally and set again inside it keeps its new value after it (a name is the whole action's or procedure's); a name first set inside a block is known only there.", 'let cost = 30\n    if you.money >= 15:\n        let cost = 10\n    pay cost'),
    ("KEYWORD ARGUMENTS [as NAME]", "Does one thing (see the keywords below); 'as NAME' keeps its result.", 'sell_to_market you.tiles[0], market("coal") as earned'),
    ("call PROCEDURE(ARGUMENTS)", "Runs a procedure of the rule files.", "choose card from you.hand\n    call play_card(card)"),
    ("if CONDITION: ... elif ...: ... else: ...", "Runs the first block whose condition holds.", 'if era.id == "canal":\n        pay 3\n    else:\n        pay 5'),
    ("for NAME in LIST: ...", "Runs the block once for each item, in order.", "for p in players:\n        gain 1, player=p"),
    ("repeat N: / repeat N to M: / repeat at least N: / repeat while C:", "Runs the block several times; with 'to' and 'at least' the player decides how many, and the block must begin with a choose.", "repeat 1 to 2:\n        choose industry from industries\n        develop industry"),
    ("optionally NAME: ...", "The player decides whether the block runs; a move that takes it writes NAME.", "optionally second_link:\n        pay 10"),
    ("stop", "The action (or procedure) ends here, successfully.", "stop"),
    ("cite TEXT", "The rulebook's page or section for the statements below; illegal moves quote it.", 'cite "p.10: The Loan action"'),
    ("describe TEXT", "How an action's refusals begin: 'cannot ' + this text.", 'describe "play {a(card.name)} card"\n    choose card from you.hand'),
    ("uses N", "The action takes N of the turn's actions.", "uses 2"),
]

DECLARATIONS = [
    ("set NAME = VALUE", "A number (or list) of the game; a variant changes it by declaring it again.", "set canal_cost = 3"),
    ("define NAME = EXPRESSION / define NAME(PARAMETERS) = EXPRESSION", "A value or a function, computed whenever it is used (so one use may work out at most 100,000 definitions, counting those it uses).", "define first_round = era.index == 0 and round == 1"),
    ("resource NAME: take ... / then ... / also ... / when empty pay N", "Where a resource comes from, tier by tier: 'take' the first tier, 'then' the next (used only when the one above has nothing left), 'also' another source in the same tier; a tier of tiles may be 'nearest first'; 'offered' is what the action offers; a market has its price when empty.", "resource iron:\n    take tiles\n    then market iron\n    when empty pay 6"),
    ("action NAME \"TITLE\": ...", "A player's action. The game offers every action whose code can complete.", 'action pass "Pass":\n    choose card from you.hand\n    discard card'),
    ("procedure NAME(PARAMETERS): ...", "Steps called by actions, or by the game's flow: setup, start_of_era, end_of_turn, end_of_round, end_of_era, end_of_game.", "procedure play_card(card):\n    discard card"),
    ("on EVENT(PARAMETERS): ...", "Runs when the engine reports an event; it may not ask anything.", "on emptied(tile):\n    set_flipped tile"),
]


# How a rule file's comments reach the rules chapters (brass.explain.comments reads
# them); the example is a test's input too (tests/test_explain.py), so the page and
# the explainer cannot disagree.
COMMENTS_FOR_READERS = (
    "The rules chapters (``brass rules`` and :doc:`/rulesets/index`) say every statement in English, "
    "and show the rule file's comments beside it. A comment states the rule in prose, above the statements "
    "it explains or at the end of a line; it is shown in italics before them. Two marks set a comment apart "
    "as a note for engine readers, not a rule of play, shown in a box of its own:"
)
COMMENT_MARKS = [
    ("# Engine: TEXT", "A paragraph that begins ``Engine:`` is for engine readers: how a move is written, why a statement is there for the search."),
    ("STATEMENT    # engine[: WHY]", "A statement (or a ``where`` clause) whose line ends with ``# engine`` is there for the engine only, such as the order a move names two alike choices in. It runs as ever; the chapters leave it out of the rule text and say it, with ``WHY``, among the notes for engine readers."),
]
COMMENT_EXAMPLE = """action develop "Develop":
    choose card from you.hand
    # One or two tiles, each the lowest of its industry, each for one iron.
    #
    # Engine: a move names the two industries in the order of their ids.
    let previous = none                                              # engine
    repeat 1 to 2:
        choose industry from industries
            where previous == none or industry.id >= previous.id    # engine: one move, not two
            else "{industry.name} is named before {previous.name}"
        develop industry
        consume iron, 1
        let previous = industry                                      # engine
"""


def _code(text: str, in_action: bool = True) -> list[str]:
    """An example as the tests run it: inside an action (declarations stand alone)."""
    if in_action:
        text = "action example:\n    " + text
    return ["   .. code-block:: text", ""] + ["      " + line for line in text.splitlines()] + [""]


def language_reference() -> str:
    lines = [".. _language-reference:", "", "The rule language", "=================", ""]
    lines += [
        "Rule files are plain text, indented like Python. This page is generated from",
        "the engine: the grammar's forms, and the description and example of every word.",
        "Every example here is checked by the tests.",
        "",
        "A name is written with the letters ``a-z`` and ``A-Z``, digits and ``_``, and does",
        "not begin with a digit; text in double quotes may hold any printable character",
        "(``\\n`` a new line). Each construct is bounded (``engine/language/limits.py``),",
        f"and so is the whole: one search of the rules (listing a position's moves,",
        f"counting them, reading a move) tries at most {MAX_STEPS:,} options and rounds, and",
        f"a listing holds at most {MAX_MOVES:,} moves. A rule that needs more stops with",
        "the line where it ran out; ``brass validate`` sets up a game and lists its first",
        "moves, so the plainest cases show there.",
        "",
        "Declarations",
        "------------",
        "",
    ]
    for form, text, example in DECLARATIONS:
        lines += [f"``{form}``", f"   {text}", ""] + _code(example, in_action=False)
    lines += ["Statements", "----------", ""]
    for form, text, example in STATEMENTS:
        lines += [f"``{form}``", f"   {text}", ""] + _code(example)
    lines += ["Comments for readers", "--------------------", "", COMMENTS_FOR_READERS, ""]
    for form, text in COMMENT_MARKS:
        lines += [f"``{form}``", f"   {text}", ""]
    lines += ["For example (the rules chapters show the one rule, and the rest in the box for engine readers):", ""]
    lines += _code(COMMENT_EXAMPLE, in_action=False)
    lines += [
        "Expressions",
        "-----------",
        "",
        "Numbers, strings in double quotes, ``true``, ``false``, ``none``; ``+ - * // %``",
        "(no ``/``: Brass rounds down); comparisons ``== != < <= > >=``, ``in``, ``not in``;",
        "``and``, ``or``, ``not``; ``A if C else B``; lists ``[a, b]`` and ``[x for x in L if C]``;",
        "``any/all/count/sum/min/max(E for x in L if C)``; ``order(p in players by p.spent)``",
        "(a stable sort); attributes ``tile.owner`` and indexes ``list[0]``. Messages may",
        "hold expressions: ``\"{location.name} is not in your network\"``.",
        "",
    ]
    for title, table in (("Keywords", BUILTINS.keywords), ("Functions", BUILTINS.functions), ("Names", BUILTINS.names)):
        lines += [title, "-" * len(title), ""]
        for name in sorted(table):
            word = table[name]
            usage = word.usage() if word.kind != "name" else name
            usage = usage.replace("\n", " ").strip()
            lines += [f"``{usage}``" if word.kind != "function" else f"``{name}(...)``"]
            doc = word.doc.replace("\n", "\n   ")
            lines += [f"   {doc}", ""]
            if word.reveals:
                lines += ["   It reveals hidden information: a move ends at the next decision.", ""]
            lines += _code(word.example)
    lines += ["Events", "------", ""]
    for event, (params, doc) in sorted(BUILTINS.events.items()):
        lines += [f"``on {event}({', '.join(params)})``", f"   {doc}", ""]
    from .language.attributes import ATTRIBUTES, describe_type

    lines += ["What rule files can read", "------------------------", ""]
    lines += ["Besides these, every field the ruleset's data declares can be read (``tile.cost``).", ""]
    for cls, table in ATTRIBUTES.items():
        kind = describe_type(cls.__new__(cls)) if cls.__name__ != "PlayerState" else "a player"
        lines += [f"**{kind}**", ""]
        for name, fn in sorted(table.items()):
            lines += [f"- ``{name}``: {fn.__doc__ or ''}"]
        lines += [""]
    return "\n".join(lines)


def data_reference() -> str:
    lines = [".. _data-reference:", "", "Data files", "==========", ""]
    lines += ["Generated from the JSON Schemas the engine checks data files against. A ruleset", "may add fields (``extend:`` in ``ruleset.yaml``); its chapter shows them.", ""]
    for name in ("manifest", "board", "links", "industries", "cards", "tokens", "markets", "income_track"):
        schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
        title = schema.get("title", name)
        lines += [title, "-" * len(title), ""]
        lines += _schema_fields(schema, schema, "")
        lines += [""]
    return "\n".join(lines)


def _schema_fields(schema, root, prefix) -> list[str]:
    lines = []
    properties = schema.get("properties", {})
    for key, spec in properties.items():
        if "$ref" in spec and spec["$ref"].startswith("#/$defs/"):
            target = root["$defs"][spec["$ref"].split("/")[-1]]
            lines.append(f"- ``{prefix}{key}``: {target.get('description', spec.get('description', ''))}")
            lines += _schema_fields(target, root, f"{prefix}{key}.")
            continue
        description = spec.get("description", "")
        lines.append(f"- ``{prefix}{key}``: {description}")
        items = spec.get("items", {})
        if isinstance(items, dict) and "$ref" in items and items["$ref"].startswith("#/$defs/"):
            target = root["$defs"][items["$ref"].split("/")[-1]]
            lines += _schema_fields(target, root, f"{prefix}{key}[].")
        elif isinstance(items, dict) and "properties" in items:
            lines += _schema_fields(items, root, f"{prefix}{key}[].")
    return lines


def _list_table(headers: list, rows: list) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in [headers] + rows:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return lines + [""]


def bots_reference() -> str:
    """Every built-in bot, by the name a command takes, with its docstring's first sentence."""
    from .bots import BOTS, LEVELS
    from .explain.words import first_sentence

    rows = [[f"``{name}``" + (" (a level)" if name in LEVELS else ""), first_sentence(cls.__doc__ or "")] for name, cls in BOTS.items()]
    lines = [".. This table is generated from brass.bots.BOTS; edit the bots' docstrings instead.", ""]
    lines += _list_table(["bot", "how it plays"], rows)
    lines += [f"The levels, {', '.join(f'``{level}``' for level in LEVELS)}, are the bots to play against, weakest first.",
              "Any bot may take a seat in ``brass play``, ``brass simulate``, ``brass arena`` and ``brass balance``,",
              "and at a web table of ``brass serve``; :doc:`/reference/bot-strength` measures them.", ""]
    return "\n".join(lines)


def commands_reference() -> str:
    """Every ``brass`` command with its one-line help, and the commands typed at the
    ``brass play`` prompt: both from the command line's own tables."""
    import argparse

    from .cli import COMMANDS
    from .terminal.session import PROMPT

    parser = argparse.ArgumentParser(prog="brass")
    commands = parser.add_subparsers(dest="command")
    for command in COMMANDS:
        command.add_parser(commands)
    helps = {action.dest: action.help for action in commands._choices_actions}  # what --help lists
    lines = [".. This table is generated from brass.cli.COMMANDS and brass.terminal.session.PROMPT.", ""]
    lines += _list_table(["command", "what it does"], [[f"``brass {name}``", helps.get(name) or ""] for name in commands.choices])
    lines += ["Typed at the ``brass play`` prompt:", ""]
    said = {"this text": "list these commands"}  # help's own words say what it prints where it prints it
    lines += _list_table(["command", "what it does"], [[f"``{c.usage}``", said.get(c.says, c.says)] for c in PROMPT])
    return "\n".join(lines)


def project_rulesets() -> list[str]:
    """The rulesets this project ships (a user's own variants are not documented here)."""
    return [name for name, entry in installed_rulesets().items() if entry.value.startswith("brass.rulesets.")]


def write_generated(docs: Path) -> None:
    out = docs / "generated"
    out.mkdir(exist_ok=True)
    # References are included by pages under reference/: '.inc' is not a page itself.
    _write(out / "language.inc", language_reference())
    _write(out / "data.inc", data_reference())
    _write(out / "bots.inc", bots_reference())
    _write(out / "commands.inc", commands_reference())
    index = [".. This file is generated; edit engine/sphinxext.py instead.", "", ".. toctree::", "   :maxdepth: 3", ""]
    for name in project_rulesets():
        ruleset = load_ruleset(name)
        figures: dict = {}
        text = to_rst(rules_document(ruleset), figures=figures)
        text = text.replace(".. _rules:", f".. _rules-{name}:", 1)
        text = ".. This page is generated from the ruleset by engine/sphinxext.py.\n\n" + text
        _write(out / f"rules-{name}.rst", text)
        for file, svg in figures.items():
            _write(out / file, svg)
        index.append(f"   /generated/rules-{name}")
    _write(out / "rulesets.inc", "\n".join(index) + "\n")


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _on_builder_inited(app) -> None:
    write_generated(Path(app.srcdir))


def setup(app):
    app.connect("builder-inited", _on_builder_inited)
    return {"version": __version__, "parallel_read_safe": True}

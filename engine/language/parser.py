"""Parse rule files into the typed tree of :mod:`brass.language.ast`.

The lark parser is built once (LALR, positions kept) from ``grammar/brass.lark``.
Syntax errors become :class:`~brass.errors.RuleFileError` with the file, line,
column, the offending line with a caret, and what was expected in plain words.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import DedentError, Indenter

from brass.grammar import RULE_LANGUAGE

from ..errors import RuleFileError, Where
from . import ast


# Bounds on what a rule file may write. The shipped rules nest 14 deep and count
# in tens; past these bounds a careless or hostile file would overflow the stack
# of the recursive compiler, or make arithmetic crawl on numbers of a thousand
# digits, so it is refused here, at the place it goes wrong.
MAX_NUMBER = 10**9
MAX_NESTING = 100  # blocks, brackets and operators inside one another
_CHAINS = ("sum", "product")  # one tree node for `a + b + c`, but a BinOp per operator
MAX_SHOWN_LINE = 160  # an error shows the offending line, but not a line of 4,000 digits


class _RuleIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@functools.lru_cache(maxsize=None)
def rule_parser() -> Lark:
    """The parser for whole rule files, built once per process."""
    return Lark.open(
        str(RULE_LANGUAGE),
        parser="lalr",
        postlex=_RuleIndenter(),
        propagate_positions=True,
        maybe_placeholders=True,
        start=["start"],
        # No cache=True: lark would keep the tables as a pickle in the shared temp
        # folder, and whoever can write there could run code in our process. Building
        # them costs about 70 ms once per process.
    )


@functools.lru_cache(maxsize=None)
def _expression_parser() -> Lark:
    """A parser for one expression (the holes of message templates)."""
    return Lark.open(
        str(RULE_LANGUAGE),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        start=["expr"],
    )


def parse_rules(text: str, path: str = "<rules>") -> ast.RuleFile:
    """Parse the text of one rule file."""
    if not text.endswith("\n"):
        text += "\n"
    lines = text.splitlines()
    _refuse_control_characters(text, path, lines)
    try:
        tree = rule_parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, path, lines) from None
    except DedentError as error:
        raise RuleFileError(
            "this line's indentation matches no enclosing block",
            _where_from_message(str(error), path, lines),
            "Indent each block by the same amount (four spaces is usual).",
        ) from None
    builder = _ToAst(path, lines)
    builder.check_nesting(tree)
    try:
        declarations = builder.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, RuleFileError):
            raise error.orig_exc from None
        raise
    return ast.RuleFile(path, tuple(declarations))


# Control characters (a terminal's escape sequences among them) but the tab and the
# line ends: printed from a message, they would act on the reader's terminal.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _refuse_control_characters(text: str, path: str, lines: list) -> None:
    found = _CONTROL.search(text)
    if found is None:
        return
    import unicodedata

    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    char = found.group()
    what = unicodedata.name(char, None) or {"\x1b": "ESCAPE"}.get(char, "a control character")
    shown = [_CONTROL.sub(_control_picture, text_line) for text_line in lines]  # the line shown, harmless
    raise RuleFileError(
        f"the control character U+{ord(char):04X} ({what}) has no place in a rule file",
        _where(path, shown, line, column),
        "Rule files hold printable text; a new line in a message is written \\n.",
    )


def _control_picture(match) -> str:
    """A control character as a printable sign of one column: U+241B for ESC, and so on."""
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"


def parse_rule_file(path: Path, display_name: str | None = None) -> ast.RuleFile:
    """Parse a rule file from disk; errors name it by ``display_name``."""
    return parse_rules(Path(path).read_text(encoding="utf-8"), display_name or str(path))


# ------------------------------------------------------------------ syntax errors

_WORDS = {
    "NAME": "a name",
    "STRING": 'a string in double quotes',
    "NUMBER": "a number",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the file",
    "COMPARE": "a comparison",
    "NOT_IN": '"not in"',
}
_EXPRESSION_STARTS = {"NAME", "NUMBER", "STRING", "LPAR", "LSQB", "MINUS"}


def _describe_expected(expected: set[str]) -> str:
    names = set(expected)
    words = []
    if _EXPRESSION_STARTS <= names:
        words.append("an expression")
        names -= _EXPRESSION_STARTS | {"TRUE", "FALSE", "NONE", "NOT", "ORDER"}
    for name in sorted(names):
        if name in _WORDS:
            words.append(_WORDS[name])
            continue
        try:
            pattern = rule_parser().get_terminal(name).pattern
        except KeyError:
            words.append(name.lower())
            continue
        if pattern.type == "str":
            words.append(f'"{pattern.value}"')
        else:
            words.append(name.lower())
    words = sorted(set(words), key=lambda w: (not w.startswith("a"), w))
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


def _where(path: str, lines: list[str], line: int, column: int) -> Where:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    if len(text) > MAX_SHOWN_LINE:
        if column <= MAX_SHOWN_LINE - 40:  # cut after the column: the caret still falls under it
            text = text[: max(column + 40, 80)] + " ..."
        else:
            text = ""
    return Where(path, line, column, text)


def _where_from_message(message: str, path: str, lines: list[str]) -> Where:
    match = re.search(r"line (\d+)", message)
    line = int(match.group(1)) if match else len(lines)
    return _where(path, lines, line, 1)


def _syntax_error(error: UnexpectedInput, path: str, lines: list[str]) -> RuleFileError:
    line = getattr(error, "line", None) or len(lines)
    column = getattr(error, "column", None) or 1
    if line < 1:
        line, column = len(lines), 1
    where = _where(path, lines, line, column)
    if isinstance(error, UnexpectedCharacters):
        char = error.char
        hint = ""
        if char == "'":
            hint = 'Strings are written in double quotes: "like this".'
        elif char == "=":
            hint = 'Compare with "==", bind a name with "let NAME = ...".'
        elif not char.isascii() and (char.isalnum() or char == "_"):
            # Python would fold some (U+017F long s into s): names are ASCII, so one
            # name is never two in the generated code.
            import unicodedata

            hint = f"A name is written with the letters a-z and A-Z, digits and _; {char!r} is U+{ord(char):04X} {unicodedata.name(char, 'a letter')}, not one of them."
        return RuleFileError(f"unexpected character {char!r}", where, hint)
    if isinstance(error, UnexpectedEOF):
        expected = _describe_expected(set(error.expected))
        return RuleFileError(f"the file ends too early; expected {expected}", where)
    assert isinstance(error, UnexpectedToken)
    token = error.token
    if token.type == "$END":
        found = "end of file"
    elif token.type == "_NL":
        found = "end of line"
    elif token.type == "_INDENT":
        found = "indented line"
    elif token.type == "_DEDENT":
        found = "end of block"
    else:
        found = repr(str(token))
    expected = _describe_expected(set(error.expected))
    hint = ""
    if token.type == "_NL" and "COLON" in error.expected:
        hint = 'A line that opens a block ends with ":".'
    return RuleFileError(f"unexpected {found}; expected {expected}", where, hint)


# ---------------------------------------------------------------- tree to AST

_STRING_ESCAPES = re.compile(r"\\(.)")


def _unquote(token: str) -> str:
    return _STRING_ESCAPES.sub(lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), token[1:-1])


@v_args(meta=True, inline=True)
class _ToAst(Transformer):
    """One method per grammar rule, each building one kind of node."""

    def __init__(self, path: str, lines: list[str]):
        super().__init__()
        self.path = path
        self.lines = lines

    def _at(self, meta_or_token) -> Where:
        line = getattr(meta_or_token, "line", None) or 1
        column = getattr(meta_or_token, "column", None) or 1
        return _where(self.path, self.lines, line, column)

    def check_nesting(self, tree: Tree) -> None:
        """Refuse a parse tree nested more than MAX_NESTING deep, at the node where it
        goes too deep. Walked with a stack of its own: the tree may be deeper than
        Python's recursion allows, which is the point."""
        depth: dict[int, int] = {}
        stack = [(tree, False)]
        while stack:
            node, children_done = stack.pop()
            children = [c for c in node.children if isinstance(c, Tree)]
            if not children_done:
                stack.append((node, True))
                stack.extend((child, False) for child in children)
                continue
            if node.data in _CHAINS:
                own = (len(node.children) - 1) // 2  # a BinOp per operator
            else:
                own = 0 if node.data == "start" else 1  # the file itself nests nothing
            depth[id(node)] = own + max((depth[id(c)] for c in children), default=0)
            if depth[id(node)] > MAX_NESTING:
                raise RuleFileError(
                    f"this is nested too deeply: more than {MAX_NESTING} levels of blocks, brackets and operators",
                    self._at(node.meta),
                    "Name a part of the expression with let or define, or move a deep block into a procedure.",
                )

    def _number(self, token: Token) -> int:
        """A number literal, at most MAX_NUMBER (Python would refuse to read 4,300 digits)."""
        text = str(token).lstrip("0") or "0"
        if len(text) > len(str(MAX_NUMBER)) or int(text) > MAX_NUMBER:
            shown = text if len(text) <= 20 else f"{text[:12]}... ({len(text):,} digits)"
            raise RuleFileError(f"the number {shown} is too big: numbers in rule files are at most {MAX_NUMBER:,}", self._at(token))
        return int(text)

    def _template(self, token: Token) -> ast.Template:
        where = self._at(token)
        raw = _unquote(str(token))
        parts: list = []
        pos = 0
        for match in re.finditer(r"\{\{|\}\}|\{([^{}]*)\}", raw):
            parts.append(raw[pos : match.start()])
            pos = match.end()
            if match.group(0) in ("{{", "}}"):
                parts.append(match.group(0)[0])
                continue
            source = match.group(1).strip()
            try:
                tree = _expression_parser().parse(source)
            except UnexpectedInput as error:
                raise RuleFileError(
                    f"the hole {{{source}}} in this message is not an expression",
                    where,
                    f"Inside a message, {{...}} holds an expression such as {{location.name}}; "
                    f"write {{{{ for a literal brace. ({type(error).__name__})",
                ) from None
            hole = _HoleToAst(where)
            hole.check_nesting(tree)
            parts.append(hole.transform(tree))
        parts.append(raw[pos:])
        return ast.Template(where, tuple(p for p in parts if p != ""))

    # -- file and declarations
    def start(self, meta, *items):
        return [item for item in items if item is not None]

    def setting(self, meta, name, value):
        return ast.Setting(self._at(meta), str(name), value)

    def define(self, meta, name, params, value):
        return ast.Define(self._at(meta), str(name), params, value)

    def params(self, meta, *names):
        return tuple(str(n) for n in names if n is not None)

    def action(self, meta, name, title, body):
        return ast.Action(self._at(meta), str(name), _unquote(title) if title else None, body)

    def procedure(self, meta, name, params, body):
        return ast.Procedure(self._at(meta), str(name), params or (), body)

    def handler(self, meta, name, params, body):
        return ast.Handler(self._at(meta), str(name), params or (), body)

    def body(self, meta, *statements):
        return tuple(statements)

    def resource(self, meta, name, *lines):
        tiers: list[list] = []
        cites = []
        empty_price = None
        for line in lines:
            if isinstance(line, ast.Cite):
                cites.append(line.text)
                continue
            kind, value = line
            if kind == "empty":
                empty_price = value
            elif kind == "first" or kind == "next":
                tiers.append([value])
            elif kind == "same":
                if not tiers:
                    raise RuleFileError(
                        '"also" adds a source to the tier above it, but there is none yet',
                        value.where,
                        'Start the list of sources with "take".',
                    )
                tiers[-1].append(value)
        return ast.Resource(self._at(meta), str(name), tuple(tuple(t) for t in tiers), empty_price, tuple(cites))

    def first_tier(self, meta, source):
        return ("first", source)

    def next_tier(self, meta, source):
        return ("next", source)

    def same_tier(self, meta, source):
        return ("same", source)

    def empty_price(self, meta, value):
        return ("empty", value)

    def source(self, meta, kind, arg, *clauses):
        return ast.Source(self._at(meta), str(kind), str(arg) if arg else None, tuple(clauses))

    # -- statements
    def choose(self, meta, count, name, domain, clauses):
        return ast.Choose(self._at(meta), str(name), self._number(count) if count else None, domain, clauses)

    def require(self, meta, condition, clauses):
        return ast.Require(self._at(meta), condition, clauses)

    def clauses(self, meta, *clauses):
        return tuple(c for c in clauses if c is not None)

    def where(self, meta, value):
        return ast.Clause(self._at(meta), "where", value)

    def by(self, meta, value):
        return ast.Clause(self._at(meta), "by", value)

    def otherwise(self, meta, message):
        return ast.Clause(self._at(meta), "otherwise", self._template(message))

    def limit(self, meta, value):
        return ast.Clause(self._at(meta), "limit", value)

    def nearest_first(self, meta):
        return ast.Clause(self._at(meta), "nearest_first", None)

    def let(self, meta, name, value):
        return ast.Let(self._at(meta), str(name), value)

    def cite(self, meta, text):
        return ast.Cite(self._at(meta), _unquote(text))

    def describe(self, meta, text):
        return ast.Describe(self._at(meta), self._template(text))

    def uses(self, meta, number):
        return ast.Uses(self._at(meta), self._number(number))

    def stop(self, meta):
        return ast.Stop(self._at(meta))

    def call(self, meta, name, arguments):
        args, kwargs = arguments or ((), ())
        return ast.CallProcedure(self._at(meta), str(name), args, kwargs)

    def command(self, meta, name, arguments, bind):
        args, kwargs = arguments or ((), ())
        return ast.Command(self._at(meta), str(name), args, kwargs, str(bind) if bind else None)

    def if_stmt(self, meta, condition, body, *rest):
        branches = [(condition, body)]
        otherwise = ()
        for part in rest:
            if part is None:
                continue
            if part[0] == "elif":
                branches.append(part[1:])
            else:
                otherwise = part[1]
        return ast.If(self._at(meta), tuple(branches), otherwise)

    def elif_part(self, meta, condition, body):
        return ("elif", condition, body)

    def else_part(self, meta, body):
        return ("else", body)

    def for_stmt(self, meta, var, iterable, body):
        return ast.For(self._at(meta), str(var), iterable, body)

    def repeat(self, meta, spec, body):
        mode, low, high, condition = spec
        return ast.Repeat(self._at(meta), mode, low, high, condition, body)

    def repeat_times(self, meta, value):
        return ("times", value, value, None)

    def repeat_between(self, meta, low, high):
        return ("between", low, high, None)

    def repeat_at_least(self, meta, low):
        return ("at_least", low, None, None)

    def repeat_while(self, meta, condition):
        return ("while", None, None, condition)

    def optionally(self, meta, name, body):
        return ast.Optionally(self._at(meta), str(name), body)

    def arguments(self, meta, *items):
        args = []
        kwargs = []
        for item in items:
            if isinstance(item, tuple) and len(item) == 3 and item[0] == "kw":
                kwargs.append((item[1], item[2]))
            else:
                if kwargs:
                    raise RuleFileError(
                        "a positional argument follows a named one",
                        item.where,
                        "Put positional arguments first, then NAME=value arguments.",
                    )
                args.append(item)
        return tuple(args), tuple(kwargs)

    def keyword_argument(self, meta, name, value):
        return ("kw", str(name), value)

    # -- expressions
    def number(self, meta, token):
        return ast.Const(self._at(meta), self._number(token))

    def string(self, meta, token):
        return ast.Const(self._at(meta), _unquote(str(token)))

    def true(self, meta):
        return ast.Const(self._at(meta), True)

    def false(self, meta):
        return ast.Const(self._at(meta), False)

    def none(self, meta):
        return ast.Const(self._at(meta), None)

    def name(self, meta, token):
        return ast.Name(self._at(meta), str(token))

    def attribute(self, meta, obj, name):
        return ast.Attribute(self._at(meta), obj, str(name))

    def index(self, meta, obj, key):
        return ast.Index(self._at(meta), obj, key)

    def function_call(self, meta, name, arguments):
        args, kwargs = arguments or ((), ())
        return ast.Call(self._at(meta), str(name), args, kwargs)

    def aggregate(self, meta, func, element, var, iterable, condition):
        return ast.Aggregate(self._at(meta), str(func), element, str(var), iterable, condition)

    def ordering(self, meta, var, iterable, *keys):
        return ast.Ordering(self._at(meta), str(var), iterable, tuple(keys))

    def list_(self, meta, *items):
        return ast.ListExpr(self._at(meta), tuple(i for i in items if i is not None))

    def comprehension(self, meta, element, var, iterable, condition):
        return ast.Comprehension(self._at(meta), element, str(var), iterable, condition)

    def ternary(self, meta, then, condition, otherwise):
        return ast.Ternary(self._at(meta), condition, then, otherwise)

    def or_expr(self, meta, *values):
        return ast.BoolOp(self._at(meta), "or", tuple(values))

    def and_expr(self, meta, *values):
        return ast.BoolOp(self._at(meta), "and", tuple(values))

    def not_(self, meta, value):
        return ast.Not(self._at(meta), value)

    def comparison(self, meta, left, *rest):
        ops = tuple(str(t) for t in rest[0::2])
        rights = tuple(rest[1::2])
        return ast.Compare(self._at(meta), left, ops, rights)

    def in_(self, meta, item, container):
        return ast.Membership(self._at(meta), item, container, False)

    def not_in(self, meta, item, _token, container):
        return ast.Membership(self._at(meta), item, container, True)

    def sum(self, meta, first, *rest):
        return self._binary(meta, first, rest)

    def product(self, meta, first, *rest):
        return self._binary(meta, first, rest)

    def _binary(self, meta, first, rest):
        node = first
        for op, right in zip(rest[0::2], rest[1::2]):
            node = ast.BinOp(self._at(meta), str(op), node, right)
        return node

    def neg(self, meta, _minus, value):
        if isinstance(value, ast.Const) and isinstance(value.value, int):
            return ast.Const(self._at(meta), -value.value)
        return ast.Neg(self._at(meta), value)


class _HoleToAst(_ToAst):
    """Expressions inside message templates: positions point at the message."""

    def __init__(self, where: Where):
        super().__init__(where.file, [where.text])
        self.fixed = where

    def _at(self, meta_or_token) -> Where:
        return self.fixed

"""Ruleset data: YAML files checked against the engine's JSON Schemas.

Every file is checked, and every problem found is reported at once, each with
the file, the line and the path inside it (``industries[ID].tiles[2].cost``).
A ruleset may add fields to the schemas (``extend:`` in ``ruleset.yaml``), with
defaults, so its rule files can read them and typos in them are still caught.
After the schemas come the checks a schema cannot express: identifiers that
must exist, and must be unique.

A ruleset folder may come from anyone, so its files are read defensively: only
regular files inside the folder, of a bounded size, in UTF-8, and YAML through a
safe loader that also bounds nesting and alias expansion. Whatever is wrong
becomes a :class:`FileProblem` saying what, and the loader turns it into the
project's errors; never a traceback, never a hang.
"""

from __future__ import annotations

import copy
import difflib
import functools
import json
import os
import re
import reprlib
import stat
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver
from referencing import Registry, Resource

from .errors import DataError, DataProblem
from .model.static import (
    Board,
    Card,
    Era,
    IncomeTrack,
    Industry,
    Line,
    Location,
    Market,
    Slot,
    Space,
    TileType,
    Token,
)

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
DATA_KINDS = ("board", "links", "industries", "cards", "tokens", "markets", "income_track")
DEFAULT_FILES = {
    "board": "data/board.yaml",
    "links": "data/links.yaml",
    "industries": "data/tiles.yaml",
    "cards": "data/cards.yaml",
    "tokens": "data/tokens.yaml",
    "markets": "data/markets.yaml",
    "income_track": "data/income_track.yaml",
}
OPTIONAL_KINDS = ("tokens",)
# Where each extendable object lives: (schema, definition name).
EXTENSION_POINTS = {
    "location": ("board", "location"),
    "line": ("links", "line"),
    "industry": ("industries", "industry"),
    "tile": ("industries", "tile"),
    "card": ("cards", "card"),
    "token": ("tokens", "token"),
    "pool": ("tokens", "pool"),
    "market": ("markets", "market"),
}

# Limits on what a ruleset file may hold. The shipped files are under 13 kB, hold
# at most ~720 YAML values and nest 7 deep, so these leave ample room while
# keeping a hostile file from taking more than a second or two to refuse.
MAX_FILE_BYTES = 1_000_000  # any ruleset file: manifest, data or rules
MAX_YAML_DEPTH = 32  # lists and mappings inside one another
MAX_YAML_VALUES = 50_000  # after aliases are expanded: "billion laughs" is tiny until then
MAX_YAML_NUMBER_CHARS = 30  # Python refuses int() of 4,300 digits; no count needs 30
MAX_PROBLEMS_PER_FILE = 100  # beyond this the list only buries the first, useful ones
MAX_QUOTED = 60  # characters of a value quoted in a message: a value may be a whole file


@functools.lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The engine's JSON Schema of one kind of data file."""
    return json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def _registry() -> Registry:
    return Registry().with_resource("brass:common", Resource.from_contents(schema("common")))


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = MAX_QUOTED
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4


def short(value) -> str:
    """The repr of a value, cut to MAX_QUOTED characters, for quoting in a message.

    Cheap on a huge value too: reprlib looks only at the first few items."""
    return clip(_REPR.repr(value))


def clip(text: str) -> str:
    """A text cut to MAX_QUOTED characters, for a name from a file in a message."""
    text = str(text)
    return text if len(text) <= MAX_QUOTED else text[: MAX_QUOTED - 3] + "..."


# --------------------------------------------------------------- reading files
class FileProblem(Exception):
    """A ruleset file that cannot be read or parsed; ``message`` says why.

    ``line`` and ``column`` (1-based) point into the file when the problem is in
    its content ("not UTF-8 text ..."). They are None when it is the file itself
    (missing, a folder, too big, outside the ruleset): the message then reads
    after the file's name ("is not a regular file ..."), and is best reported
    where the file is named.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def inside(folder: Path, relative: str) -> Path:
    """The file ``relative`` names in a ruleset folder, refusing any path that leads
    out of it: an absolute path, ``..``, or a symbolic link pointing elsewhere."""
    outside = "files must be inside the ruleset folder, named relative to it"
    if "\0" in relative:
        raise FileProblem("holds a NUL character, which no file name can")
    if Path(relative).is_absolute() or Path(relative).drive:
        raise FileProblem(f"is an absolute path; {outside}")
    try:
        root = folder.resolve()
        path = (root / relative).resolve()
    except (OSError, RuntimeError) as error:  # RuntimeError: a symbolic link loop
        raise FileProblem(f"cannot be followed ({error})") from None
    if not path.is_relative_to(root):
        raise FileProblem(f"leads outside the ruleset folder (by '..' or a symbolic link); {outside}")
    return path


_NOT_REGULAR = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a ruleset file: a regular file of at most ``limit`` bytes, in UTF-8.

    The file is opened without blocking and checked through its descriptor, so a
    pipe or device (``/dev/zero``) is refused before a single byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FileProblem("does not exist") from None
    except OSError as error:
        raise FileProblem(f"cannot be read ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        for test, kind in _NOT_REGULAR:
            if test(info.st_mode):
                raise FileProblem(f"is not a regular file (it is {kind})")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("is not a regular file")
        chunks, size = [], 0
        while size <= limit and info.st_size <= limit:  # read on, in case it grew meanwhile
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise FileProblem(f"cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)
    if max(size, info.st_size) > limit:
        raise FileProblem(f"is too big: more than {limit:,} bytes (ruleset files are small text files)")
    return _decode(b"".join(chunks))


def _decode(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = raw.rfind(b"\n", 0, error.start) + 1
        column = len(raw[line_start : error.start].decode("utf-8", errors="replace")) + 1
        raise FileProblem(
            f"not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start}); save the file as UTF-8",
            raw.count(b"\n", 0, error.start) + 1,
            column,
        ) from None
    return text.removeprefix("\ufeff")  # a byte-order mark some editors write


# ------------------------------------------------------------------- YAML files
class _Refused(yaml.MarkedYAMLError):
    """YAML that parses but that the loader will not build; ``problem`` says why."""


class _Bounds:
    """What makes PyYAML's safe loader (plain values only, no Python objects) safe
    for any file too: a mixin over its composer and constructor.

    Composing counts every value, an alias counting as the whole value it names,
    so a "billion laughs" file is refused after reading a few lines, and nesting
    is capped before PyYAML's recursive composer overflows the stack. An alias
    inside the value it names (``a: &x [*x]``) would make a value that contains
    itself, which nothing downstream can walk: it is refused too.
    """

    def _start_counting(self) -> None:
        self.depth = 0
        self.values = 0  # counted so far, aliases expanded
        self.sizes: dict = {}  # anchored node -> values it holds, expanded
        self.open_anchors: set = set()  # anchors of collections still being read

    def _count(self, values: int, mark) -> None:
        self.values += values
        if self.values > MAX_YAML_VALUES:
            raise _Refused(problem=f"too many values: more than {MAX_YAML_VALUES:,}, counting what aliases repeat", problem_mark=mark)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open_anchors:
                raise _Refused(problem=f"the alias *{clip(event.anchor)} is inside the value it names, which would never end", problem_mark=event.start_mark)
            node = super().compose_node(parent, index)
            self._count(self.sizes.get(node, 1), event.start_mark)
            return node
        if self.depth >= MAX_YAML_DEPTH:
            raise _Refused(problem=f"nested too deeply: more than {MAX_YAML_DEPTH} lists or mappings inside one another", problem_mark=event.start_mark)
        before = self.values
        self._count(1, event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self.open_anchors.add(anchor)
        self.depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
            self.open_anchors.discard(anchor)
        if anchor is not None:
            self.sizes[node] = self.values - before
        if isinstance(node, yaml.MappingNode):
            _refuse_repeated_keys(node)
        return node

    def construct_yaml_int(self, node):
        if len(node.value) > MAX_YAML_NUMBER_CHARS:
            raise _Refused(problem=f"a number of {len(node.value):,} characters is too long (at most {MAX_YAML_NUMBER_CHARS})", problem_mark=node.start_mark)
        return super().construct_yaml_int(node)

    def construct_yaml_str(self, node):
        value = super().construct_yaml_str(node)
        found = _CONTROL.search(value)
        if found is not None:
            # Written as an escape ("\e", "\x1b"): printed, it would act on the reader's terminal.
            raise _Refused(
                problem=f"the text {short(value)} holds the control character U+{ord(found.group()):04X}; text in a ruleset is printable (a new line and a tab aside)",
                problem_mark=node.start_mark,
            )
        return value

    def construct_undefined(self, node):
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise _Refused(problem=f"the tag {short(tag)} is not allowed: data files hold plain values (numbers, text, lists, mappings)", problem_mark=node.start_mark)


# Control characters but the tab and the new line (see construct_yaml_str).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _refuse_repeated_keys(node) -> None:
    """PyYAML keeps the last of two equal keys without a word; a careless edit
    (``{4: 1, 2: 0, 4: 2}``) would then change a count unseen."""
    seen = set()
    for key, _ in node.value:
        if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
            if key.value in seen:
                raise _Refused(problem=f"the key {short(key.value)} appears twice in one mapping", problem_mark=key.start_mark)
            seen.add(key.value)


class _PureLoader(_Bounds, yaml.SafeLoader):
    """The bounded safe loader, all in Python."""

    def __init__(self, text: str):
        yaml.SafeLoader.__init__(self, text)
        self._start_counting()


_LOADERS: list = [_PureLoader]
try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    pass
else:

    class _FastLoader(_Bounds, Composer, CParser, SafeConstructor, Resolver):
        """The same loader reading libyaml's parse events: our composer and bounds,
        several times faster on a large hostile file."""

        def __init__(self, text: str):
            CParser.__init__(self, text)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._start_counting()

    _LOADERS.insert(0, _FastLoader)

for _loader in _LOADERS:
    _loader.add_constructor("tag:yaml.org,2002:int", _Bounds.construct_yaml_int)
    _loader.add_constructor("tag:yaml.org,2002:str", _Bounds.construct_yaml_str)
    _loader.add_constructor(None, _Bounds.construct_undefined)


def load_yaml(text: str, loader_class=None):
    """The YAML document of a text and its node tree: (data, node), both None when
    the text holds no document. Raises FileProblem with the line of the problem."""
    loader = None
    try:
        loader = (loader_class or _LOADERS[0])(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        raise _yaml_problem(error) from None
    except yaml.reader.ReaderError as error:  # a control character, before any parsing
        raise _control_character(text, error) from None
    except yaml.YAMLError as error:
        raise FileProblem(f"not valid YAML: {str(error)[:300]}") from None
    except RecursionError:  # a backstop: the bounds above should make this unreachable
        raise FileProblem(f"nested too deeply to read (more than {MAX_YAML_DEPTH} levels?)") from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, node


def _yaml_problem(error: yaml.MarkedYAMLError) -> FileProblem:
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
    if isinstance(error, _Refused):
        return FileProblem(error.problem, line, column)
    problem = error.problem or error.context or "unreadable"
    if "maximum nesting depth" in problem:  # libyaml's own bound, past ours
        return FileProblem(f"nested too deeply: more than {MAX_YAML_DEPTH} lists or mappings inside one another", line, column)
    context = error.context or ""
    if context and error.problem and not context.startswith("while "):  # "found duplicate anchor 'x'; first occurrence"
        at = f" (line {error.context_mark.line + 1})" if error.context_mark else ""
        problem = f"{context}{at}, {problem}"
    return FileProblem(f"not valid YAML: {problem}"[:300], line, column)


def _control_character(text: str, error) -> FileProblem:
    # Found again by the character: libyaml's position counts bytes, PyYAML's characters.
    found = text.find(chr(error.character)) if isinstance(error.character, int) else -1
    if found < 0:
        return FileProblem(f"not valid YAML: {error.reason}")
    return FileProblem(f"not valid YAML: the control character {short(chr(error.character))} is not allowed", text.count("\n", 0, found) + 1)


class YamlFile:
    """A YAML document and the line of every node in it, by path.

    Raises FileProblem if the file cannot be read or parsed (see read_text and
    load_yaml), with the line of the problem when it is in the content."""

    def __init__(self, path: Path, display: str):
        self.path = path
        self.display = display
        self.lines: dict[tuple, int] = {}
        data, node = load_yaml(read_text(path))
        if node is not None:
            self._index(node, ())
        self.data = _string_keys(data)
        self.patched = False  # a variant changed it: lines refer to the base file as written

    def _index(self, node, path: tuple) -> None:
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if not isinstance(key, yaml.ScalarNode):
                    continue  # a list or mapping as a key: the constructor refused it already
                self.lines[path + (str(key.value),)] = key.start_mark.line + 1
                self._index(value, path + (str(key.value),))
        elif isinstance(node, yaml.SequenceNode):
            for position, value in enumerate(node.value):
                self._index(value, path + (position,))

    def line_of(self, path: tuple) -> int | None:
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)


def _string_keys(value):
    """YAML reads {2: 0} with integer keys; JSON Schema wants strings."""
    if isinstance(value, dict):
        return {str(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value


def format_path(data, path) -> str:
    """A readable path: list items with an id are named by it."""
    text = ""
    node = data
    for part in path:
        if isinstance(part, int):
            item = node[part] if isinstance(node, list) and part < len(node) else None
            ident = item.get("id") if isinstance(item, dict) else None
            if isinstance(ident, str) and ident and len(ident) <= MAX_QUOTED:
                text += f"[{ident}]"
            else:
                text += f"[{part}]"
            node = item
        else:
            text += ("." if text else "") + (str(part) if len(str(part)) <= MAX_QUOTED else short(part))
            node = node.get(part) if isinstance(node, dict) else None
    return text


# ------------------------------------------------------------------ validation
def extended_schema(kind: str, extend: dict) -> dict:
    """The schema of a data kind, with the ruleset's declared fields added."""
    result = copy.deepcopy(schema(kind))
    for target, fields in (extend or {}).items():
        schema_name, definition = EXTENSION_POINTS[target]
        if schema_name == kind:
            result["$defs"][definition]["properties"].update(fields)
    return result


# The manifest schema's description of one added field has this title, so that
# a keyword it does not allow is reported as a keyword, not as a data field.
ADDED_FIELD_TITLE = "an added field's schema"
_REFUSED_KEYWORDS = {
    "pattern": "a regular expression can take very long to check",
    "patternProperties": "a regular expression can take very long to check",
    "$ref": "an added field is described in place, without references",
    "$defs": "an added field is described in place, without references",
}
_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9_-]*$": "a valid identifier (lower-case letters, digits, '-' and '_')",
    "^[0-9]+\\.[0-9]+\\.[0-9]+$": "a version like 1.0.0",
    "^[a-z][a-z0-9_]*$": "a valid field name (lower-case letters, digits and '_', starting with a letter)",
}


def _problem_text(error) -> str:
    """What one schema error means, in words, quoting values only briefly."""
    validator, limit, value = error.validator, error.validator_value, short(error.instance)
    if validator == "additionalProperties":
        return _unexpected_fields(error)
    if validator == "required":
        missing = [k for k in limit if k not in error.instance]
        return "missing field " + ", ".join(repr(k) for k in missing)
    if validator == "type":
        expected = " or ".join(limit) if isinstance(limit, list) else limit
        article = "an" if str(expected)[0] in "aeiou" else "a"
        return f"expected {article} {expected}, found {value}"
    if validator == "pattern":
        return f"{value} is not {_PATTERN_WORDS.get(limit, f'of the form {limit}')}"
    if validator == "enum":
        shown = ", ".join(short(v) for v in limit[:12]) + (", ..." if len(limit) > 12 else "")
        return f"{value} is not one of {shown}"
    if validator in ("minimum", "maximum"):
        return f"{value} is {'less' if validator == 'minimum' else 'greater'} than the {validator} of {limit}"
    if validator in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        bound = "at least" if validator.startswith("min") else "at most"
        noun = {"Items": "items", "Length": "characters", "Properties": "fields"}[validator[3:]]
        return f"expected {bound} {limit:,} {noun}, found {len(error.instance):,}" + (f": {value}" if noun == "characters" else "")
    if validator == "const":
        return f"expected {short(limit)}, found {value}"
    message = error.message  # rarer keywords: jsonschema's words, unless they quote a huge value
    return message if len(message) <= 2 * MAX_QUOTED else f"{value} does not satisfy {validator!r}"


def _unexpected_fields(error) -> str:
    allowed = sorted(error.schema.get("properties", {}))
    extra = sorted(str(k) for k in set(error.instance) - set(allowed))
    words = []
    keyword = error.schema.get("title") == ADDED_FIELD_TITLE
    for key in extra[:12]:
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        if keyword:
            why = f" ({_REFUSED_KEYWORDS[key]})" if key in _REFUSED_KEYWORDS else hint
            words.append(f"{short(key)} is not allowed in an added field's schema{why}")
        else:
            words.append(f"unexpected field {short(key)}{hint}")
    if len(extra) > 12:
        words.append(f"and {len(extra) - 12:,} more")
    return "; ".join(words) + f"; allowed {'keywords' if keyword else 'fields'}: {', '.join(allowed)}"


def validate(kind: str, document: YamlFile, extend: dict) -> list[DataProblem]:
    """Every schema problem of one data file (the first MAX_PROBLEMS_PER_FILE)."""
    if document.data is None:
        return [DataProblem(document.display, "", "the file is empty")]
    validator = Draft202012Validator(extended_schema(kind, extend), registry=_registry())
    try:
        errors = sorted(validator.iter_errors(document.data), key=lambda e: [str(p) for p in e.absolute_path])
    except RecursionError:  # a backstop: YAML nesting is bounded well below this
        return [DataProblem(document.display, "", "nested too deeply to check")]
    problems = []
    for error in errors[:MAX_PROBLEMS_PER_FILE]:
        path = tuple(error.absolute_path)
        where = format_path(document.data, path)
        line = document.line_of(path)
        file = f"{document.display}:{line}" if line else document.display
        problems.append(DataProblem(file, where, _problem_text(error)))
    if len(errors) > MAX_PROBLEMS_PER_FILE:
        problems.append(DataProblem(document.display, "", f"and {len(errors) - MAX_PROBLEMS_PER_FILE:,} more problems"))
    return problems


def extension_problems(document: YamlFile) -> list[DataProblem]:
    """What the manifest schema cannot see in ``extend:``: a field that redefines one
    of the engine's, and a default that does not fit its own field."""
    problems = []
    for target, fields in (document.data.get("extend") or {}).items():
        schema_name, definition = EXTENSION_POINTS[target]
        engine_fields = schema(schema_name)["$defs"][definition]["properties"]
        for name, field in fields.items():
            path = ("extend", target, name)
            line = document.line_of(path)
            file = f"{document.display}:{line}" if line else document.display
            if name in engine_fields:
                problems.append(DataProblem(file, format_path(document.data, path), f"{name!r} is a field the engine already defines for a {target}; an added field needs a name of its own"))
                continue
            if "default" in field:
                for error in Draft202012Validator(field).iter_errors(field["default"]):
                    problems.append(DataProblem(file, format_path(document.data, path + ("default",)), f"the default does not fit the field: {_problem_text(error)}"))
    return problems


def _fields_of(target: str, extend: dict) -> dict:
    """Every field of one kind of object: the engine's and those the ruleset adds."""
    schema_name, definition = EXTENSION_POINTS[target]
    return {**schema(schema_name)["$defs"][definition]["properties"], **((extend or {}).get(target) or {})}


_SHOWN_FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def show_problems(document: YamlFile, extend: dict) -> list[DataProblem]:
    """What the manifest schema cannot see in ``show:``: a field named that no object
    has (``extend`` holds the fields added by this layer and the layers below it)."""
    show = (document.data or {}).get("show") or {}
    problems = []

    def problem(path: tuple, message: str) -> None:
        line = document.line_of(path)
        file = f"{document.display}:{line}" if line else document.display
        problems.append(DataProblem(file, format_path(document.data, path), message))

    def unknown(path: tuple, name: str, what: str, known, plural: str = "") -> None:
        close = difflib.get_close_matches(name, sorted(known), n=1)
        names = sorted(known)
        listed = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
        hint = f"; did you mean {close[0]!r}?" if close else f" ({plural or what + 's'}: {listed or 'none'})"
        problem(path, f"{short(name)} is not {'an' if what[0] in 'aeiou' else 'a'} {what}{hint}")

    tile = set(_fields_of("tile", extend)) - {"level", "count", "note", "doubt"}
    for index, name in enumerate(show.get("tile_columns") or []):
        if name not in tile:
            unknown(("show", "tile_columns", index), name, "tile field", tile)
    every = set().union(*(_fields_of(target, extend) for target in EXTENSION_POINTS))
    for name in show.get("headings") or {}:
        if name not in every:
            unknown(("show", "headings", name), name, "field", every)
    added = {name: field for fields in (extend or {}).values() for name, field in fields.items() if field.get("type") == "object"}
    for name, text in (show.get("values") or {}).items():
        if name not in added:
            unknown(("show", "values", name), name, "added field whose value is an object", added, "such fields")
            continue
        inner = added[name].get("properties") or {}
        texts = {"": text} if isinstance(text, str) else text["text"]
        if isinstance(text, dict):
            if text["by"] not in inner:
                unknown(("show", "values", name, "by"), text["by"], f"field of {name}", inner, f"fields of {name}")
            else:
                values = [str(v) for v in inner[text["by"]].get("enum", [])]
                for value in texts:
                    if values and value not in values:
                        unknown(("show", "values", name, "text", value), value, f"value of {name}.{text['by']}", values, f"values of {name}.{text['by']}")
        for value, words in texts.items():
            for field_name in _SHOWN_FIELD.findall(words):
                if field_name not in inner:
                    path = ("show", "values", name) + (("text", value) if value else ())
                    unknown(path, field_name, f"field of {name}", inner, f"fields of {name}")
    return problems


def apply_defaults(kind: str, data: dict, extend: dict) -> None:
    """Fill in the defaults of fields a ruleset declared (``default:`` in ``extend``)."""
    for target, fields in (extend or {}).items():
        schema_name, _ = EXTENSION_POINTS[target]
        if schema_name != kind:
            continue
        defaults = {k: v["default"] for k, v in fields.items() if isinstance(v, dict) and "default" in v}
        if not defaults:
            continue
        for item in _objects_of(kind, target, data):
            for key, value in defaults.items():
                item.setdefault(key, copy.deepcopy(value))


def _objects_of(kind: str, target: str, data: dict) -> list:
    if target == "location":
        return data.get("locations", [])
    if target == "line":
        return data.get("lines", [])
    if target == "industry":
        return data.get("industries", [])
    if target == "tile":
        return [t for ind in data.get("industries", []) for t in ind.get("tiles", [])]
    if target == "card":
        return data.get("cards", []) + [p["card"] for p in data.get("piles", []) if "card" in p]
    if target == "token":
        return [t for pool in data.get("pools", []) for t in pool.get("tokens", [])]
    if target == "pool":
        return data.get("pools", [])
    if target == "market":
        return data.get("markets", [])
    return []


# ------------------------------------------------------------- building a board
class _Problems:
    """The problems found while building, at most MAX_PROBLEMS_PER_FILE shown per file.

    The board is built from data that failed its schema too (to find broken
    references as well), so a hostile file can make thousands of problems: past
    the limit they are only counted, and a message given as a function (one that
    looks for a close match, say) is never made."""

    def __init__(self, documents: dict):
        self.documents = documents
        self.items: list[DataProblem] = []
        self.count: dict[str, int] = {}

    def add(self, kind: str, path: tuple, message) -> None:
        self.count[kind] = self.count.get(kind, 0) + 1
        if self.count[kind] > MAX_PROBLEMS_PER_FILE:
            return
        document = self.documents[kind]
        line = document.line_of(path)
        file = f"{document.display}:{line}" if line else document.display
        text = message() if callable(message) else message
        self.items.append(DataProblem(file, format_path(document.data, path), text))

    def all(self) -> list[DataProblem]:
        more = [
            DataProblem(self.documents[kind].display, "", f"and {count - MAX_PROBLEMS_PER_FILE:,} more problems")
            for kind, count in self.count.items()
            if count > MAX_PROBLEMS_PER_FILE
        ]
        return self.items + more


MAX_HINT_CHOICES = 1000  # looking for a close match among more takes long, and the data failed its schema


def _unknown(kind: str, ident, known) -> str:
    close = []
    if len(str(ident)) <= MAX_QUOTED and len(known) <= MAX_HINT_CHOICES:
        close = difflib.get_close_matches(str(ident), sorted(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown {kind} {short(ident)}{hint}"


def build_board(manifest: dict, documents: dict) -> Board:
    """Make the static board from checked data; raise DataError listing every problem."""
    build = _BoardBuilder(manifest, documents)
    industries = build.industries()
    locations, slots, spaces = build.locations({ind.id: ind for ind in industries})
    location_by_id = {loc.id: loc for loc in locations}
    lines, lines_at = build.lines(locations, location_by_id)
    cards, piles = build.cards(location_by_id, {ind.id: ind for ind in industries})
    tokens, pools = build.tokens()
    markets = build.markets()
    income = build.income_track()
    eras_data = manifest.get("eras") or []
    eras = tuple(Era(i, e, i == len(eras_data) - 1) for i, e in enumerate(eras_data))
    if build.problems.items:
        raise DataError(build.problems.all())
    board = Board(
        locations=tuple(locations),
        slots=tuple(slots),
        spaces=tuple(spaces),
        lines=tuple(lines),
        industries=tuple(industries),
        tile_types=tuple(tt for ind in industries for tt in ind.levels),
        cards=tuple(cards),
        piles=piles,
        tokens=tokens,
        pools=pools,
        markets=tuple(markets),
        eras=eras,
        income=income,
    )
    board.lines_at = {loc: tuple(ls) for loc, ls in lines_at.items()}
    _index(board)
    return board


def _index(board: Board) -> None:
    """Every named thing of the board by (kind, id)."""
    for kind, items in (
        ("location", board.locations),
        ("line", board.lines),
        ("industry", board.industries),
        ("card", board.cards),
        ("market", board.markets),
        ("era", board.eras),
        ("slot", board.slots),
        ("tile_type", board.tile_types),
    ):
        for item in items:
            board.by_id[(kind, item.id)] = item
    for card, _ in board.piles.values():
        board.by_id[("card", card.id)] = card
    for pool_tokens in board.tokens.values():
        for token in pool_tokens:
            board.by_id[("token", token.id)] = token


class _BoardBuilder:
    """Builds each part of the board from its data file, noting every problem."""

    def __init__(self, manifest: dict, documents: dict):
        self.problems = _Problems(documents)
        self.documents = documents
        self.data = {kind: doc.data if doc is not None else None for kind, doc in documents.items()}
        self.players = manifest.get("players", [2, 3, 4])
        eras_data = manifest.get("eras") or []
        self.era_ids = {e["id"] for e in eras_data}
        self.link_kinds = {e["link"] for e in eras_data}

    def unique(self, kind, items, path) -> None:
        seen = set()
        for position, item in enumerate(items):
            ident = item.get("id")
            if ident in seen:
                self.problems.add(kind, path + (position, "id"), f"the id {short(ident)} is used twice")
            seen.add(ident)

    @staticmethod
    def _counts_fit(levels) -> bool:
        """Whether the tile counts are within the schema's bound: data that failed its
        schema is built too, and must not make a stack of a billion tiles."""
        most = schema("industries")["$defs"]["tile"]["properties"]["count"]["maximum"]
        return all(isinstance(tt.count, int) and 0 <= tt.count <= most for tt in levels)

    def industries(self) -> list:
        industries = []
        count = 0
        self.unique("industries", self.data["industries"]["industries"], ("industries",))
        for i, ind_data in enumerate(self.data["industries"]["industries"]):
            industry = Industry(i, ind_data)
            levels = []
            for t, tile_data in enumerate(ind_data.get("tiles", [])):
                for era in tile_data.get("eras", []):
                    if era not in self.era_ids:
                        self.problems.add("industries", ("industries", i, "tiles", t, "eras"), lambda: _unknown("era", era, self.era_ids))
                levels.append(TileType(count, industry, tile_data))
                count += 1
            ordered = sorted(levels, key=lambda tt: tt.level)
            if [tt.level for tt in levels] != [tt.level for tt in ordered] or len({tt.level for tt in levels}) != len(levels):
                self.problems.add("industries", ("industries", i, "tiles"), "levels must be listed lowest first, each once")
            industry.levels = tuple(levels)
            industry.stack = tuple(tt for tt in levels for _ in range(tt.count)) if self._counts_fit(levels) else ()
            industries.append(industry)
        return industries

    def locations(self, industry_by_id: dict) -> tuple:
        locations, slots, spaces = [], [], []
        self.unique("board", self.data["board"]["locations"], ("locations",))
        for i, loc_data in enumerate(self.data["board"]["locations"]):
            location = Location(i, loc_data)
            own_slots = []
            for n, icons in enumerate(loc_data.get("slots", [])):
                known = []
                for icon in icons:
                    if icon in industry_by_id:
                        known.append(industry_by_id[icon])
                    else:
                        self.problems.add("board", ("locations", i, "slots", n), lambda: _unknown("industry", icon, industry_by_id))
                slot = Slot(len(slots), location, n, tuple(known))
                slots.append(slot)
                own_slots.append(slot)
            for row_number, row in enumerate(loc_data.get("rows", [])):
                for index in row:
                    if index >= len(own_slots):
                        self.problems.add("board", ("locations", i, "rows", row_number), f"space {index} does not exist here")
            own_spaces = []
            for n, space_data in enumerate(loc_data.get("spaces", [])):
                space = Space(len(spaces), location, n, space_data["min_players"])
                spaces.append(space)
                own_spaces.append(space)
            location.slots = tuple(own_slots)
            location.spaces = tuple(own_spaces)
            locations.append(location)
        return locations, slots, spaces

    def lines(self, locations: list, location_by_id: dict) -> tuple:
        lines = []
        lines_at: dict = {loc: [] for loc in locations}
        self.unique("links", self.data["links"]["lines"], ("lines",))
        for i, line_data in enumerate(self.data["links"]["lines"]):
            ends = []
            for e, end in enumerate(line_data.get("ends", [])):
                if end in location_by_id:
                    ends.append(location_by_id[end])
                else:
                    self.problems.add("links", ("lines", i, "ends", e), lambda: _unknown("location", end, location_by_id))
            if len(set(line_data.get("ends", []))) != len(line_data.get("ends", [])):
                self.problems.add("links", ("lines", i, "ends"), "a line cannot join a location to itself")
            for kind in line_data.get("kinds", []):
                if self.link_kinds and kind not in self.link_kinds:
                    self.problems.add("links", ("lines", i, "kinds"), f"no era builds {short(kind)} links (eras build: {', '.join(sorted(self.link_kinds))})")
            line = Line(i, line_data, tuple(ends))
            lines.append(line)
            for loc in ends:
                lines_at[loc].append(line)
        return lines, lines_at

    def cards(self, location_by_id: dict, industry_by_id: dict) -> tuple:
        cards = []
        self.unique("cards", self.data["cards"]["cards"], ("cards",))
        for i, card_data in enumerate(self.data["cards"]["cards"]):
            cards.append(_card(self.problems, ("cards", i), len(cards), card_data, location_by_id, industry_by_id, None, self.players))
        piles = {}
        for i, pile_data in enumerate(self.data["cards"].get("piles", [])):
            card = _card(self.problems, ("piles", i, "card"), len(cards), pile_data["card"], location_by_id, industry_by_id, pile_data["id"], self.players)
            piles[pile_data["id"]] = (card, pile_data["count"])
        return cards, piles

    def tokens(self) -> tuple:
        tokens, pools = {}, {}
        if self.documents.get("tokens") is not None:
            for p, pool in enumerate(self.data["tokens"]["pools"]):
                self.unique("tokens", pool["tokens"], ("pools", p, "tokens"))
                tokens[pool["id"]] = tuple(Token(t, pool["id"], token) for t, token in enumerate(pool["tokens"]))
                pools[pool["id"]] = pool
        return tokens, pools

    def markets(self) -> list:
        markets = []
        self.unique("markets", self.data["markets"]["markets"], ("markets",))
        for i, market_data in enumerate(self.data["markets"]["markets"]):
            market = Market(i, market_data)
            if market.initial > len(market.prices):
                self.problems.add("markets", ("markets", i, "initial"), f"{market.initial} cubes do not fit in {len(market.prices)} spaces")
            if list(market.prices) != sorted(market.prices):
                self.problems.add("markets", ("markets", i, "prices"), "prices must be listed cheapest first")
            markets.append(market)
        return markets

    def income_track(self) -> IncomeTrack:
        track_data = self.data["income_track"]
        levels = track_data["level_by_space"]
        if levels != sorted(levels):
            self.problems.add("income_track", ("level_by_space",), "levels must never fall from one space to the next")
        if not 0 <= track_data["start_space"] < len(levels):
            self.problems.add("income_track", ("start_space",), f"there is no space {track_data['start_space']}")
        return IncomeTrack(track_data["start_space"], tuple(levels))


def _card(problems, path, index, card_data, location_by_id, industry_by_id, pile, players) -> Card:
    location = None
    if "location" in card_data:
        location = location_by_id.get(card_data["location"])
        if location is None:
            problems.add("cards", path + ("location",), lambda: _unknown("location", card_data["location"], location_by_id))
    industries = []
    for n, ident in enumerate(card_data.get("industries", [])):
        if ident in industry_by_id:
            industries.append(industry_by_id[ident])
        else:
            problems.add("cards", path + ("industries", n), lambda: _unknown("industry", ident, industry_by_id))
    if card_data["kind"] == "location" and "location" not in card_data:
        problems.add("cards", path, "a location card must name its location")
    if card_data["kind"] == "industry" and not card_data.get("industries"):
        problems.add("cards", path, "an industry card must show at least one industry")
    return Card(index, card_data, location, tuple(industries), pile)

"""Reading game records from outside: checked whole before anything is replayed.

A record is plain JSON (see :meth:`brass.game.Game.record`), its format named by
:data:`RECORD_FORMAT`. One that comes from
elsewhere may be careless or hostile, so it is read with limits (size, nesting),
checked against ``schemas/record.json`` (its ruleset is an installed ruleset's
name, never a path: a record does not choose which code runs), and only then
replayed. Every refusal is a :class:`~brass.errors.RecordError` that says what
is wrong and where in the record.
"""

from __future__ import annotations

import errno
import functools
import json
import os
from pathlib import Path

from jsonschema import Draft202012Validator

from .errors import RecordError, SaveError

# Far above any real game (a 4-player game's record is about 20 KB), and small
# enough that reading a hostile file costs nothing.
MAX_RECORD_BYTES = 10_000_000
MAX_NESTING = 64

SCHEMA_DIR = Path(__file__).parent / "schemas"

RECORD_FORMAT = "brass-game-record/1"  # a record's "format": schemas/record.json is its schema


@functools.lru_cache(maxsize=None)
def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def schema_problem(name: str, data, root: str) -> str | None:
    """The first way ``data`` breaks the engine's schema ``name``, as 'root.path: what', or None."""
    errors = sorted(_validator(name).iter_errors(data), key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path]))
    if not errors:
        return None
    error = errors[0]
    path = root + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"{path}: {_describe(error)}"


def _describe(error) -> str:
    instance = _short(error.instance)
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(error.instance) - set(allowed))
        return f"unexpected field {', '.join(map(repr, extra))}; allowed fields: {', '.join(allowed)}"
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return "missing field " + ", ".join(repr(k) for k in missing)
    if error.validator == "type":
        expected = error.validator_value
        expected = " or ".join(_KINDS.get(k, k) for k in expected) if isinstance(expected, list) else _KINDS.get(expected, expected)
        return f"expected {expected}, got {_kind_of(error.instance)}"
    if error.validator == "pattern":
        return f"{instance} is not an identifier (lower-case letters, digits, '-' and '_'; no paths)"
    if error.validator == "const":
        return f"expected {error.validator_value!r}, found {instance}"
    if error.validator in ("minimum", "maximum"):
        word = "at least" if error.validator == "minimum" else "at most"
        return f"{instance} is out of range: it must be {word} {error.validator_value}"
    if error.validator in ("maxItems", "maxProperties", "maxLength"):
        return f"too long: at most {error.validator_value} allowed"
    return error.message if len(error.message) < 200 else error.message[:200] + "..."


# JSON's types as a person names them.
_KINDS = {"array": "a list", "object": "an object", "integer": "a whole number", "number": "a number", "string": "a string", "boolean": "true or false", "null": "null"}


def _kind_of(value) -> str:
    """What a JSON value is, in words, with a short view of it: 'a number (5)'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"a number ({_short(value)})"
    if isinstance(value, str):
        return f"a string ({_short(value)})"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    return "an object"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _depth(value, limit: int) -> int:
    """How deeply ``value`` nests, counting no further than ``limit``."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def read_record(path) -> dict:
    """A record file, read with limits and checked whole (:func:`check_record`): what
    comes back has every field the schema asks, of the type it asks; RecordError
    naming the file and the field where it has not."""
    path = Path(path)
    try:
        if not path.is_file():
            raise RecordError(f"{path}: not a file")
        if path.stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: {path.stat().st_size} bytes is too big for a game record (at most {MAX_RECORD_BYTES})")
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"{path}: cannot read a game record: {error.strerror or error}") from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start}); a game record is JSON in UTF-8") from None
    record = parse_record(text, str(path))
    try:
        check_record(record)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    return record


def json_nesting(text: str, limit: int) -> int:
    """How deeply JSON ``text`` nests (brackets outside strings), counting no further
    than past ``limit``: json nests by recursion, so a deep enough text would exhaust
    Python's stack; it is measured before it is parsed."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def parse_record(text: str, where: str = "the record") -> dict:
    if json_nesting(text, MAX_NESTING) > MAX_NESTING:
        raise RecordError(f"{where}: nested more than {MAX_NESTING} levels deep; a game record is not")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}") from None
    except ValueError as error:  # e.g. a number with more digits than Python converts
        raise RecordError(f"{where}: not a game record: {error}") from None


def check_record(record) -> None:
    """Raise RecordError if ``record`` is not a well-formed game record."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (expected format {RECORD_FORMAT!r})")
    if _depth(record, MAX_NESTING) > MAX_NESTING:
        raise RecordError(f"the record is nested more than {MAX_NESTING} levels deep; a game record is not")
    problem = schema_problem("record", record, "record")
    if problem:
        raise RecordError(problem)


# ------------------------------------------------------------------ writing


def write_private(path, text: str) -> None:
    """Write a file that only its owner may read, whole or not at all.

    A game record holds its seed, which tells every card to come, and a web game
    its seats' secret links: others on the machine must not read them. The text
    goes to a new file beside the target (mode 0600) which then replaces it, so a
    failure leaves any earlier file as it was. Raises SaveError saying why."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"cannot save to {path}: it is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise SaveError(f"cannot save to {path}: the folder {folder} does not exist")
    temporary = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise SaveError(f"cannot save to {path}: {_why(error)}") from None


def _why(error: OSError) -> str:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "not allowed to write there"
    return error.strerror or str(error)

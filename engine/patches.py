"""Data patches: how a variant changes its base ruleset's data without copying it.

    patches:
      - file: industries
        path: industries[mill].tiles[level=1].vp
        set: 3
        why: the first edition prints 3 VP on mill I
      - file: tokens
        path: pools[distant_market].tokens[move-0-a].player_counts
        set: [3, 4]
      - file: board
        path: locations
        append: {id: newtown, name: Newtown, kind: town, slots: [[mill]]}
      - file: links
        path: lines[a--b]
        remove: true

A path is fields joined by ``.``; a list item is picked by ``[ID]`` (its ``id``
field), ``[FIELD=VALUE]`` or ``[INDEX]``. Patches apply in order, before the
data is checked against its schema, so a patched file is checked like any other.
:func:`apply_patch` returns the path of what it set or appended, so a problem
the schema finds there is blamed on the patch, not on the base's file.
"""

from __future__ import annotations

import copy
import difflib
import re

from .data import FileProblem, clip, load_yaml, short

_SEGMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)((?:\[[^\]]+\])*)$")
_SELECTOR = re.compile(r"\[([^\]]+)\]")


class PatchError(ValueError):
    """A patch's path leads nowhere; the message says where it stopped."""


def _did_you_mean(wanted, known) -> str:
    """"; did you mean 'x'?" for a near miss among the names known, else ""."""
    names = [str(k) for k in known if isinstance(k, (str, int))]
    close = difflib.get_close_matches(str(wanted), names, n=1, cutoff=0.6)
    return f"; did you mean {clip(close[0])!r}?" if close else ""


def _pick(items: list, selector: str, walked: str):
    if not isinstance(items, list):
        raise PatchError(f"{walked} is not a list, so [{selector}] picks nothing")
    if re.fullmatch(r"-?[0-9]+", selector):
        index = int(selector)
        if not -len(items) <= index < len(items):
            raise PatchError(f"{walked} has {len(items)} items; there is no item {index}")
        return index
    if "=" in selector:
        field, _, raw = selector.partition("=")
        try:
            wanted, _node = load_yaml(raw)  # the bounded safe loader, as for data files
        except FileProblem as problem:
            raise PatchError(f"in [{selector}], the value after '=' cannot be read: {problem.message}") from None
        matches = [i for i, item in enumerate(items) if isinstance(item, dict) and item.get(field.strip()) == wanted]
        description = f"{field.strip()} = {raw}"
    else:
        matches = [i for i, item in enumerate(items) if isinstance(item, dict) and item.get("id") == selector]
        description = f"id {selector!r}"
    if not matches:
        known = [item.get("id") for item in items if isinstance(item, dict) and "id" in item]
        hint = f" (ids: {', '.join(clip(k) for k in known[:12])}{', ...' if len(known) > 12 else ''})" if known else ""
        near = _did_you_mean(selector, known) if "=" not in selector else ""
        raise PatchError(f"no item of {walked} has {description}{hint}{near}")
    if len(matches) > 1:
        raise PatchError(f"{len(matches)} items of {walked} have {description}; pick one by index")
    return matches[0]


def _steps(path: str) -> list:
    steps = []
    for part in path.split("."):
        match = _SEGMENT.match(part)
        if not match:
            raise PatchError(f"{short(part)} is not a field name, optionally followed by [selector]s")
        steps.append(("field", match.group(1)))
        for selector in _SELECTOR.findall(match.group(2)):
            steps.append(("item", selector))
    return steps


def apply_patch(data: dict, patch: dict):
    """Apply one patch to a data document, in place.

    Returns the path (a tuple of keys and indexes) of the value set or the item
    appended, or None for a removal."""
    steps = _steps(patch["path"])
    parent = None
    key = None
    node = data
    walked = ""
    keys: list = []
    for kind, value in steps:
        parent = node
        if kind == "field":
            if not isinstance(node, dict):
                raise PatchError(f"{walked or 'the file'} has no fields, so .{value} leads nowhere")
            if value not in node and (kind, value) != steps[-1]:
                fields = [clip(k) for k in list(node)[:12]]  # unchecked data: keys may be anything
                more = ", ..." if len(node) > 12 else ""
                near = _did_you_mean(value, node)
                raise PatchError(f"{walked or 'the file'} has no field {value!r} (fields: {', '.join(fields)}{more}){near}")
            key = value
            keys.append(value)
            node = node.get(value)
            walked = f"{walked}.{value}" if walked else value
        else:
            key = _pick(node, value, walked)
            keys.append(key if key >= 0 else len(node) + key)
            node = node[key]
            walked = f"{walked}[{value}]"
    if "set" in patch:
        parent[key] = copy.deepcopy(patch["set"])
        return tuple(keys)
    if "append" in patch:
        if not isinstance(node, list):
            raise PatchError(f"{walked} is not a list, so nothing can be appended to it")
        node.append(copy.deepcopy(patch["append"]))
        return tuple(keys) + (len(node) - 1,)
    if isinstance(parent, list) or key in parent:
        del parent[key]
        return None
    raise PatchError(f"{walked} does not exist, so it cannot be removed{_did_you_mean(key, parent)}")

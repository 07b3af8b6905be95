"""Finding, checking and loading rulesets.

A ruleset is a folder with ``ruleset.yaml``, data files, rule files, and a
Python module of hook implementations (the folder's ``__init__.py``). Rulesets
are found through the ``brass.rulesets`` entry-point group, so the built-in
editions are registered exactly as a third-party package registers a variant.
A variant names a ``base`` and brings only what it changes: its rule files are
compiled over the base's, its data files replace the base's of the same kind,
and its hooks are registered after the base's.

Loading checks everything and reports every problem at once, each at a file
as it is on disk (:func:`shown`) and a line in it.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import os
import warnings
import importlib.metadata
import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Optional

import pluggy

from . import data as data_module
from . import hookspecs
from .patches import PatchError, apply_patch
from .errors import DataError, DataProblem, PluginError, RuleFileError, RulesetError, RulesetErrors, SlowRulesWarning, Where
from .language import ast
from .language import consumption as _consumption  # noqa: F401  (registers the built-in words)
from .language import functions as _functions  # noqa: F401
from .language import keywords as _keywords  # noqa: F401
from .language import names as _names  # noqa: F401
from .language.compiler import CompiledRules, compile_rules
from .language.parser import parse_rules
from .language.vocabulary import BUILTINS, Vocabulary
from .model.static import Board

ENTRY_POINT_GROUP = "brass.rulesets"
MANIFEST = "ruleset.yaml"


def shown(path) -> str:
    """A path as a message names it, so the reader can open it: relative to the
    current directory when inside it, else absolute."""
    path = Path(os.path.abspath(path))
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


@dataclass
class RulesetSource:
    """Where one layer of a ruleset lives."""

    name: str
    folder: Path
    module: Optional[ModuleType]
    manifest: dict = field(default_factory=dict)
    manifest_file: Optional[data_module.YamlFile] = None  # for the line of an entry in it
    shown_folder: str = ""  # the folder as messages named it when the layer was loaded

    def __post_init__(self):
        self.shown_folder = shown(self.folder)

    def shown(self, relative: str) -> str:
        """A file of this layer as messages name it (see :func:`shown`)."""
        return shown(Path(self.folder) / relative)

    def line_of(self, *path) -> Optional[int]:
        """The line of an entry of this layer's ruleset.yaml (``"rules", 2``), if known."""
        return self.manifest_file.line_of(path) if self.manifest_file is not None else None

    def where(self, *path) -> str:
        """Where an entry of the manifest is, for a message: "rulesets/v/ruleset.yaml:12"."""
        line = self.line_of(*path)
        return self.shown(MANIFEST) + (f":{line}" if line else "")

    def relative(self, file: str) -> Optional[str]:
        """The path inside this layer's folder of a file named as messages name it, or None."""
        if self.shown_folder == ".":
            return None if os.path.isabs(file) or file.startswith("..") else file
        prefix = self.shown_folder.rstrip("/") + "/"
        return file[len(prefix) :] if file.startswith(prefix) else None


@dataclass(frozen=True)
class Untranslatable:
    """Why the generated code does not run a ruleset's rules, which the interpreter then
    runs, several times slower (:attr:`Ruleset.untranslatable`)."""

    reason: str  # the generator's words: "unknown function 'x'", "... beyond Python's limits: ..."
    part: Optional[str] = None  # the declaration it met it in: "action build", "procedure end_of_turn"
    where: Optional[Where] = None  # the rule there: file, line and column

    def __str__(self) -> str:
        if self.where is None:
            return self.reason
        return f"{self.where}{f' ({self.part})' if self.part else ''}: {self.reason}"


@dataclass
class Ruleset:
    """A loaded, checked ruleset: static board, compiled rules, plugins."""

    name: str
    title: str
    version: str
    manifest: dict
    layers: list  # RulesetSource, base first
    board: Board
    rules: CompiledRules
    plugins: pluggy.PluginManager
    players: tuple
    description: str = ""
    _untranslatable: Optional[Untranslatable] = field(default=None, init=False, repr=False, compare=False)

    @functools.cached_property
    def fast(self):
        """The rules as generated Python (:mod:`brass.language.codegen`), or None
        where the interpreter must run them (:attr:`untranslatable` says why; a
        SlowRulesWarning says it once, when they are first generated: when the
        first game is made with them)."""
        from .language.codegen import Unsupported, generate

        try:
            return generate(self.rules, self.board, self.name)
        except Unsupported as error:
            self._untranslatable = _untranslatable(error, self.rules)
            warnings.warn(
                f"{self.name}: the generated code declines these rules ({self._untranslatable}); they run on the interpreter, "
                "which finds the same moves several times slower",
                SlowRulesWarning,
                stacklevel=4,  # through the cached property and the game made: the line that made it
            )
            return None

    @property
    def untranslatable(self) -> Optional[Untranslatable]:
        """Why the generated code does not run these rules, and the rule line where it
        stopped; None if it does. (Asking generates them, once.)"""
        self.fast  # noqa: B018
        return self._untranslatable

    @property
    def fast_unsupported(self) -> Optional[str]:
        """The generator's reason alone (:attr:`untranslatable` has its rule line too)."""
        untranslatable = self.untranslatable
        return untranslatable.reason if untranslatable is not None else None

    @functools.cached_property
    def spellings(self) -> frozenset:
        """Every way anything on the board or in the cards can be written (ids, shown
        names), as :func:`brass.language.decisions.spelling` writes them."""
        from .language.decisions import spelling

        known = set()
        for (kind, ident), thing in self.board.by_id.items():
            known.add(spelling(str(ident)))
            if isinstance(getattr(thing, "name", None), str):
                known.add(spelling(thing.name))
        return frozenset(known)

    @property
    def folder(self) -> Path:
        return self.layers[-1].folder

    @property
    def hook(self):
        return self.plugins.hook

    def locate(self, file: str):
        """The layer a rule or data file belongs to and its path inside that layer's
        folder, for a file named as messages name it (``Where.file``); None if none."""
        for layer in sorted(self.layers, key=lambda l: -len(l.shown_folder)):
            relative = layer.relative(file)
            if relative is not None:
                return layer, relative
        return None

    def label(self, file: str) -> str:
        """A file named by its ruleset: "birmingham/rules/actions.brass" (the same on every
        machine, for documents); the file as given if it belongs to no layer."""
        found = self.locate(file)
        return f"{found[0].name}/{found[1]}" if found else file

    def lineage(self) -> list[str]:
        """This ruleset's name and those of its bases, base first, with versions."""
        return [f"{layer.name} {layer.manifest.get('version', '?')}" for layer in self.layers]


# ------------------------------------------------------------------ discovery
def installed_rulesets() -> dict[str, importlib.metadata.EntryPoint]:
    """Rulesets registered in the ``brass.rulesets`` entry-point group, by name."""
    found = {}
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found[entry.name] = entry
    return dict(sorted(found.items()))


def _source(name_or_path: str, trust: bool = False) -> RulesetSource:
    entries = installed_rulesets()
    path = Path(name_or_path)
    # An installed ruleset's name means that ruleset, even where a folder of the
    # same name happens to be in the current directory: a record or a variant's
    # base that says "birmingham" must not pick up whatever lies there.
    if name_or_path not in entries and path.is_dir() and (path / MANIFEST).exists():
        installed = _installed_at(path.resolve())
        if installed is not None:  # the folder of an installed ruleset: its code is installed code
            return installed
        return _source_from_folder(path.resolve(), trust)
    if name_or_path not in entries:
        known = ", ".join(entries) or "none"
        raise RulesetError(f"no ruleset named {name_or_path!r} is installed (installed: {known}); give a name or a ruleset folder")
    entry = entries[name_or_path]
    try:
        module = entry.load()
    except Exception as error:  # a broken plugin module
        raise PluginError(f"the ruleset {name_or_path!r} cannot be imported from {entry.value!r}: {error}") from error
    folder = _folder_of(module)
    return RulesetSource(name_or_path, folder, module)


def _folder_of(module: ModuleType) -> Path:
    folder = getattr(module, "RULESET_DIR", None)
    if folder is None:
        if getattr(module, "__file__", None) is None:
            raise PluginError(
                f"the module {module.__name__!r} has no folder of its own (is a folder of the same name "
                f"hiding the installed package?); a ruleset's module must be a package with ruleset.yaml beside it"
            )
        folder = Path(module.__file__).resolve().parent
    return Path(folder)


def _installed_at(folder: Path) -> Optional[RulesetSource]:
    """The installed ruleset whose folder this is, if any (loading installed code only)."""
    for name, entry in installed_rulesets().items():
        module_name = entry.value.split(":")[0]
        spec = importlib.util.find_spec(module_name)
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        if any(Path(location).resolve() == folder for location in locations):
            return _source(name)
    return None


UNTRUSTED = (
    "{init}: this ruleset folder holds Python code, which runs when the ruleset is "
    "loaded. Load it only if you trust where it came from: load_ruleset(path, "
    "trust=True), or the --trust option of brass. (A folder without __init__.py "
    "holds no code and needs no trust.)"
)


def _source_from_folder(folder: Path, trust: bool = False) -> RulesetSource:
    module = None
    init = folder / "__init__.py"
    if init.exists():
        if not trust:
            raise RulesetError(UNTRUSTED.format(init=init))
        module_name = f"brass_ruleset_{folder.name}_{abs(hash(str(folder))) % 10**8}"
        spec = importlib.util.spec_from_file_location(module_name, init, submodule_search_locations=[str(folder)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as error:
            raise PluginError(f"{init}: the ruleset's hooks module fails to import: {error}") from error
    return RulesetSource(folder.name, folder, module)


# -------------------------------------------------------------------- loading
@functools.lru_cache(maxsize=None)
def load_ruleset(name_or_path: str, trust: bool = False) -> Ruleset:
    """Load and check a ruleset by installed name or folder path (cached).

    An installed ruleset's plugin is installed code, trusted as such. A folder
    that is not an installed ruleset's may hold a plugin (``__init__.py``), which
    is code and runs as it loads: such a folder is refused unless ``trust=True``."""
    return _Loader(trust).load(name_or_path)


def _untranslatable(error: Exception, rules: CompiledRules) -> Untranslatable:
    """The generator's reason at the rule it was translating. The generator gives no
    place, so it is read from its frames: the innermost rule node it held when it gave
    up; where Python's own compiler refused the code (nesting past its limits), the
    most deeply nested rule."""
    where = getattr(error, "where", None)
    if where is None:
        context = error.__context__
        if isinstance(context, SyntaxError):
            node = _deepest_node(rules.declarations.values())
        else:
            node = _innermost_node(context if isinstance(context, RecursionError) else error)
        where = node.where if node is not None else None
    return Untranslatable(str(error), _declaration_at(rules, where), where)


def _innermost_node(error: Exception):
    """The rule node held by the innermost frame of an error's traceback that holds one."""
    found = None
    traceback = error.__traceback__
    while traceback is not None:
        for value in traceback.tb_frame.f_locals.values():
            if isinstance(value, ast.Node):
                found = value
        traceback = traceback.tb_next
    return found


def _deepest_node(declarations):
    """The rule node nested most deeply in these declarations (walked without recursion:
    they may nest past Python's own limits)."""
    deepest, found = -1, None
    stack = [(declaration, 0) for declaration in declarations]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, ast.Node):
            if depth > deepest:
                deepest, found = depth, item
            stack.extend((getattr(item, f.name), depth + 1) for f in dataclasses.fields(item))
        elif isinstance(item, (tuple, list)):
            stack.extend((child, depth) for child in item)
    return found


def _declaration_at(rules: CompiledRules, where: Optional[Where]) -> Optional[str]:
    """The declaration a rule line belongs to, as "action build": the last one that
    starts at or before it in its file."""
    if where is None:
        return None
    best = None
    for (kind, name), declaration in rules.declarations.items():
        start = declaration.where
        if start is not None and start.file == where.file and start.line <= where.line and (best is None or start.line > best[0]):
            best = (start.line, f"{kind} {name}")
    return best[1] if best else None


def nested_variants(name_or_path: str, trust: bool = False) -> tuple[Optional[Path], list[Path]]:
    """A ruleset's folder and the folders inside it that hold a ruleset.yaml of their
    own (its variants, kept beside it), sorted by name; (None, []) if it cannot be found."""
    try:
        folder = Path(_source(name_or_path, trust).folder)
    except RulesetError:
        return None, []
    found = []
    for child in sorted(folder.iterdir(), key=lambda p: p.name):
        if child.is_dir() and not child.name.startswith((".", "_")) and (child / MANIFEST).is_file():
            found.append(child)
    return folder, found


class _Loader:
    def __init__(self, trust: bool = False, bases: Optional[dict] = None):
        self.errors: list[RulesetError] = []
        self.trust = trust
        self.bases = dict(bases or {})
        self.documents: dict = {}  # data kind -> YamlFile, for the cross checks

    def load(self, name_or_path: str) -> Ruleset:
        layers = self._layers(name_or_path)
        manifest = self._merged_manifest(layers)
        self._show_checks(layers)
        plugins = self._plugins(layers)
        vocabulary = BUILTINS.copy()
        plugins.hook.brass_language(vocabulary=vocabulary)
        board = self._board(layers, manifest)
        rules = self._rules(layers, vocabulary, board)
        if board is None:
            rules = None
        if board is not None and rules is not None:
            self._cross_checks(board, rules, manifest)
        if self.errors:
            raise RulesetErrors(self.errors)
        ruleset = Ruleset(
            name=manifest["name"],
            title=manifest["title"],
            version=manifest["version"],
            manifest=manifest,
            layers=layers,
            board=board,
            rules=rules,
            plugins=plugins,
            players=tuple(manifest.get("players", (2, 3, 4))),
            description=manifest.get("description", ""),
        )
        problems = [p for found in plugins.hook.brass_check_ruleset(ruleset=ruleset) for p in (found or [])]
        if problems:
            raise RulesetErrors([DataError(problems)])
        return ruleset

    # -- manifests
    def _layers(self, name_or_path: str) -> list[RulesetSource]:
        chain = []
        seen = set()
        source = _source(name_or_path, self.trust)
        while True:
            manifest_path = source.folder / MANIFEST
            if not manifest_path.exists():
                raise RulesetError(f"{shown(source.folder)}: no {MANIFEST} here")
            document = self._manifest(source)
            source.manifest = document.data
            source.manifest_file = document
            chain.append(source)
            base = document.data.get("base")
            if base is None:
                break
            if base in seen or base == source.manifest["name"]:
                raise RulesetError(f"{source.where('base')}: the base {base!r} leads back to this ruleset")
            seen.add(base)
            source = _source(str(self.bases.get(base, base)), self.trust)
        chain.reverse()
        base_manifest = chain[0].manifest
        if "eras" not in base_manifest:
            raise RulesetErrors([DataError([DataProblem(chain[0].where(), "", "missing field 'eras' (a ruleset without a base must name its eras)")])])
        return chain

    def _manifest(self, source: RulesetSource) -> data_module.YamlFile:
        """A layer's ruleset.yaml, read and checked; raises RulesetErrors if it is wrong."""
        display = source.shown(MANIFEST)
        try:
            # Even the manifest must be inside its folder: a link to /etc/passwd is no manifest.
            document = data_module.YamlFile(data_module.inside(source.folder, MANIFEST), display)
        except data_module.FileProblem as problem:
            raise RulesetErrors([DataError([_file_problem(problem, display)])]) from None
        problems = data_module.validate("manifest", document, {})
        if not problems:
            problems = data_module.extension_problems(document)
        if problems:
            raise RulesetErrors([DataError(problems)])
        return document

    def _merged_manifest(self, layers) -> dict:
        merged: dict = {}
        extend: dict = {}
        for layer in layers:
            for key, value in layer.manifest.items():
                if key == "extend":
                    for target, fields in value.items():
                        extend.setdefault(target, {}).update(fields)
                elif key not in ("data", "rules", "base", "patches"):
                    merged[key] = value
        merged["extend"] = extend
        return merged

    def _show_checks(self, layers) -> None:
        """Each layer's ``show:`` names only fields its data can have (its own and its bases')."""
        problems = []
        for number in range(len(layers)):
            layer = layers[number]
            if layer.manifest_file is not None and "show" in layer.manifest:
                extend = self._merged_manifest(layers[: number + 1])["extend"]
                problems.extend(data_module.show_problems(layer.manifest_file, extend))
        if problems:
            self.errors.append(DataError(problems))

    def _plugins(self, layers) -> pluggy.PluginManager:
        manager = pluggy.PluginManager("brass")
        manager.add_hookspecs(hookspecs)
        for layer in layers:
            if layer.module is not None:
                try:
                    manager.register(layer.module, name=f"ruleset:{layer.name}")
                except ValueError as error:
                    raise PluginError(f"{layer.name}: its hooks module cannot be registered: {error}") from error
        try:
            manager.check_pending()
        except pluggy.PluginValidationError as error:
            raise PluginError(f"a ruleset implements a hook that does not exist: {error}") from error
        return manager

    # -- data
    def _board(self, layers, manifest) -> Optional[Board]:
        documents = self.documents
        problems = []
        blames: list = []  # (file, path inside it, the patch's place): problems there are the patch's
        for kind in data_module.DATA_KINDS:
            chosen = None
            for layer in layers:
                relative = layer.manifest.get("data", {}).get(kind)
                if relative is not None:
                    chosen = (layer, relative)
            if chosen is None:
                base = layers[0]
                default = data_module.DEFAULT_FILES[kind]
                if (base.folder / default).exists():
                    chosen = (base, default)
                elif kind in data_module.OPTIONAL_KINDS:
                    documents[kind] = None
                    continue
                else:
                    problems.append(DataProblem(layers[-1].where(), f"data.{kind}", f"no {kind} file: expected {base.shown(default)} or a data.{kind} entry"))
                    continue
            layer, relative = chosen
            document = self._data_file(layer, kind, relative, problems)
            if document is None:
                continue
            self._patch(layers, kind, document, problems, blames)
            found = data_module.validate(kind, document, manifest.get("extend", {}))
            problems.extend(found)
            if not found:
                data_module.apply_defaults(kind, document.data, manifest.get("extend", {}))
            documents[kind] = document
        if problems:
            # Look for broken references too, so the author sees every problem at
            # once; a file that failed its schema may be too broken to follow.
            if all(kind in documents for kind in data_module.DATA_KINDS):
                try:
                    data_module.build_board(manifest, documents)
                except DataError as error:
                    problems.extend(error.problems)
                except (KeyError, TypeError, AttributeError, IndexError, ValueError):
                    pass
            self.errors.append(DataError(_blamed(problems, blames)))
            return None
        try:
            return data_module.build_board(manifest, documents)
        except DataError as error:
            self.errors.append(DataError(_blamed(error.problems, blames)))
            return None

    def _patch(self, layers, kind: str, document, problems: list, blames: list) -> None:
        """Apply every layer's patches of one data file, noting what each one changed."""
        for layer in layers:
            for number, patch in enumerate(layer.manifest.get("patches", [])):
                if patch["file"] != kind:
                    continue
                try:
                    changed = apply_patch(document.data, patch)
                except PatchError as error:
                    problems.append(DataProblem(layer.where("patches", number, "path"), f"patches[{number}].path", f"{data_module.short(patch['path'])}: {error}"))
                    continue
                document.patched = True
                if changed is not None:
                    operation = "set" if "set" in patch else "append"
                    blames.append((document.display, changed, document, layer.where("patches", number, operation)))

    def _data_file(self, layer: RulesetSource, kind: str, relative: str, problems: list) -> Optional[data_module.YamlFile]:
        """One data file, read; None (and the problem noted) if it cannot be."""
        display = layer.shown(relative)
        try:
            path = data_module.inside(layer.folder, relative)
            if not path.exists():
                raise data_module.FileProblem("does not exist")
            return data_module.YamlFile(path, display)
        except data_module.FileProblem as problem:
            named = kind in layer.manifest.get("data", {})  # else it is the default file, named nowhere
            if problem.line is None and named:  # the entry naming it is what must change
                # Paths are quoted whole (the manifest schema bounds them at 500 characters).
                problems.append(DataProblem(layer.where("data", kind), f"data.{kind}", f"the file {relative!r} {problem.message}"))
            else:
                problems.append(_file_problem(problem, display))
            return None

    # -- rules
    def _rules(self, layers, vocabulary: Vocabulary, board: Optional[Board]) -> Optional[CompiledRules]:
        parsed_layers = []
        unread = False
        for layer in layers:
            parsed = [self._rule_file(layer, number, relative) for number, relative in enumerate(layer.manifest.get("rules", []))]
            unread = unread or None in parsed
            parsed_layers.append([rule_file for rule_file in parsed if rule_file is not None])
        if unread:
            # A file that does not parse declares nothing: compiling the rest would
            # report its declarations as missing and its names as unknown.
            return None
        try:
            # Compiled even when the data is broken, so misspelt names are found too.
            return compile_rules(parsed_layers, vocabulary, board)
        except RulesetErrors as errors:
            self.errors.extend(self._placed(error, layers) for error in errors.errors)
            return None

    def _placed(self, error: RulesetError, layers) -> RulesetError:
        """A rule error that belongs to no line of a rule file (a procedure the game flow
        needs is missing), placed at the ``rules:`` list of the ruleset's manifest."""
        if not isinstance(error, RuleFileError) or error.where is not None:
            return error
        layer = layers[-1] if "rules" in layers[-1].manifest else layers[0]
        return RuleFileError(error.message, Where(layer.shown(MANIFEST), layer.line_of("rules") or 1, 1), error.hint)

    def _rule_file(self, layer: RulesetSource, number: int, relative: str):
        """One rule file, read and parsed; None (and the error noted) if it cannot be."""
        display = layer.shown(relative)
        try:
            path = data_module.inside(layer.folder, relative)
            if not path.exists():
                raise data_module.FileProblem("does not exist")
            return parse_rules(data_module.read_text(path), display)
        except data_module.FileProblem as problem:
            if problem.line is None:  # the file itself: the entry naming it is what must change
                entry = Where(layer.shown(MANIFEST), layer.line_of("rules", number) or 1, 1)
                self.errors.append(RuleFileError(f"the rule file {relative!r} {problem.message}", entry))
            else:
                self.errors.append(RuleFileError(problem.message, Where(display, problem.line, problem.column or 1)))
        except RuleFileError as error:
            self.errors.append(error)
        return None

    def _cross_checks(self, board: Board, rules: CompiledRules, manifest: dict) -> None:
        problems = []
        document = self.documents.get("markets")
        items = (document.data or {}).get("markets", []) if document is not None else []
        for market in board.markets:
            if market.resource not in rules.resources:
                index = next((i for i, item in enumerate(items) if isinstance(item, dict) and item.get("id") == market.id), None)
                line = document.line_of(("markets", index, "resource")) if document is not None and index is not None else None
                file = (document.display if document is not None else "markets") + (f":{line}" if line else "")
                problems.append(
                    DataProblem(
                        file,
                        f"markets[{market.id}].resource",
                        f"{market.resource!r} is not a resource the rule files declare ({', '.join(sorted(rules.resources)) or 'none'})",
                    )
                )
        if problems:
            self.errors.append(DataError(problems))


def _blamed(problems: list, blames: list) -> list:
    """Problems in a value a patch set or appended, moved to that patch: the base's file
    never held the value. The last patch to touch a value answers for it."""
    if not blames:
        return list(problems)
    targets = [(file, data_module.format_path(document.data, path), where) for file, path, document, where in blames]
    result = []
    for problem in problems:
        for file, target, where in reversed(targets):
            in_file = problem.file == file or problem.file.startswith(file + ":")
            if in_file and (problem.path == target or problem.path.startswith((target + ".", target + "["))):
                problem = DataProblem(where, problem.path, problem.message)
                break
        result.append(problem)
    return result


def _file_problem(problem: data_module.FileProblem, display: str) -> DataProblem:
    """A file that cannot be read, as a data problem: at its line when the problem is in it."""
    if problem.line is None:
        return DataProblem(display, "", f"the file {problem.message}")
    return DataProblem(f"{display}:{problem.line}", "", problem.message)

"""Finding, checking and loading rulesets.

A ruleset is a folder with ``ruleset.yaml``, data files, rule files, and a
Python module of hook implementations (the folder's ``__init__.py``). Rulesets
are found through the ``brass.rulesets`` entry-point group, so the built-in
editions are registered exactly as a third-party package registers a variant.
A variant names a ``base`` and brings only what it changes: its rule files are
compiled over the base's, its data files replace the base's of the same kind,
and its hooks are registered after the base's.

Loading checks everything and reports every problem at once.
"""

from __future__ import annotations

import functools
import importlib
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
from .errors import DataError, DataProblem, PluginError, RuleFileError, RulesetError, RulesetErrors, Where
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


@dataclass
class RulesetSource:
    """Where one layer of a ruleset lives."""

    name: str
    folder: Path
    module: Optional[ModuleType]
    manifest: dict = field(default_factory=dict)
    manifest_file: Optional[data_module.YamlFile] = None  # for the line of an entry in it

    def line_of(self, *path) -> Optional[int]:
        """The line of an entry of this layer's ruleset.yaml (``"rules", 2``), if known."""
        return self.manifest_file.line_of(path) if self.manifest_file is not None else None

    def where(self, *path) -> str:
        """Where an entry of the manifest is, for a message: "name/ruleset.yaml:12"."""
        line = self.line_of(*path)
        return f"{self.name}/{MANIFEST}" + (f":{line}" if line else "")


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

    @functools.cached_property
    def fast(self):
        """The rules as generated Python (:mod:`engine.language.codegen`), or None
        where the interpreter must run them (``fast_unsupported`` says why)."""
        from .language.codegen import Unsupported, generate

        try:
            return generate(self.rules, self.board, self.name)
        except Unsupported as why:
            self.fast_unsupported = str(why)
            return None

    @property
    def folder(self) -> Path:
        return self.layers[-1].folder

    @property
    def hook(self):
        return self.plugins.hook

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


def check_ruleset(name_or_path: str, trust: bool = False) -> list[RulesetError]:
    """Every problem of a ruleset, as a list (empty if it is valid); ``trust`` as for
    load_ruleset."""
    try:
        _Loader(trust).load(name_or_path)
    except RulesetErrors as errors:
        return _flatten(errors.errors)
    except RulesetError as error:
        return [error]
    return []


def _flatten(errors) -> list:
    result = []
    for error in errors:
        if isinstance(error, RulesetErrors):
            result.extend(_flatten(error.errors))
        else:
            result.append(error)
    return result


class _Loader:
    def __init__(self, trust: bool = False):
        self.errors: list[RulesetError] = []
        self.trust = trust

    def load(self, name_or_path: str) -> Ruleset:
        layers = self._layers(name_or_path)
        manifest = self._merged_manifest(layers)
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
                raise RulesetError(f"{source.folder}: no {MANIFEST} here")
            document = self._manifest(source)
            source.manifest = document.data
            source.manifest_file = document
            chain.append(source)
            base = document.data.get("base")
            if base is None:
                break
            if base in seen or base == source.manifest["name"]:
                raise RulesetError(f"{manifest_path}: the base {base!r} leads back to this ruleset")
            seen.add(base)
            source = _source(base, self.trust)
        chain.reverse()
        base_manifest = chain[0].manifest
        if "eras" not in base_manifest:
            raise RulesetErrors([DataError([DataProblem(f"{chain[0].name}/{MANIFEST}", "", "missing field 'eras' (a ruleset without a base must name its eras)")])])
        return chain

    def _manifest(self, source: RulesetSource) -> data_module.YamlFile:
        """A layer's ruleset.yaml, read and checked; raises RulesetErrors if it is wrong."""
        display = f"{source.name}/{MANIFEST}"
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
        documents = {}
        problems = []
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
                    problems.append(DataProblem(f"{base.name}/{MANIFEST}", f"data.{kind}", f"no {kind} file: expected {default} or a data.{kind} entry"))
                    continue
            layer, relative = chosen
            document = self._data_file(layer, kind, relative, problems)
            if document is None:
                continue
            for layer_ in layers:
                for number, patch in enumerate(layer_.manifest.get("patches", [])):
                    if patch["file"] != kind:
                        continue
                    try:
                        apply_patch(document.data, patch)
                    except PatchError as error:
                        problems.append(DataProblem(layer_.where("patches", number, "path"), f"patches[{number}].path", f"{data_module.short(patch['path'])}: {error}"))
                    else:
                        document.patched = True
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
            self.errors.append(DataError(problems))
            return None
        try:
            return data_module.build_board(manifest, documents)
        except DataError as error:
            self.errors.append(error)
            return None

    def _data_file(self, layer: RulesetSource, kind: str, relative: str, problems: list) -> Optional[data_module.YamlFile]:
        """One data file, read; None (and the problem noted) if it cannot be."""
        display = f"{layer.name}/{relative}"
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
        for layer in layers:
            parsed = [self._rule_file(layer, number, relative) for number, relative in enumerate(layer.manifest.get("rules", []))]
            parsed_layers.append([rule_file for rule_file in parsed if rule_file is not None])
        try:
            # Compiled even when the data is broken, so misspelt names are found too.
            return compile_rules(parsed_layers, vocabulary, board)
        except RulesetErrors as errors:
            self.errors.extend(errors.errors)
            return None

    def _rule_file(self, layer: RulesetSource, number: int, relative: str):
        """One rule file, read and parsed; None (and the error noted) if it cannot be."""
        display = f"{layer.name}/{relative}"
        try:
            path = data_module.inside(layer.folder, relative)
            if not path.exists():
                raise data_module.FileProblem("does not exist")
            return parse_rules(data_module.read_text(path), display)
        except data_module.FileProblem as problem:
            if problem.line is None:  # the file itself: the entry naming it is what must change
                entry = Where(f"{layer.name}/{MANIFEST}", layer.line_of("rules", number) or 1, 1)
                self.errors.append(RuleFileError(f"the rule file {relative!r} {problem.message}", entry))
            else:
                self.errors.append(RuleFileError(problem.message, Where(display, problem.line, problem.column or 1)))
        except RuleFileError as error:
            self.errors.append(error)
        return None

    def _cross_checks(self, board: Board, rules: CompiledRules, manifest: dict) -> None:
        problems = []
        for market in board.markets:
            if market.resource not in rules.resources:
                problems.append(
                    DataProblem(
                        "markets",
                        f"markets[{market.id}].resource",
                        f"{market.resource!r} is not a resource the rule files declare ({', '.join(sorted(rules.resources)) or 'none'})",
                    )
                )
        if problems:
            self.errors.append(DataError(problems))


def _file_problem(problem: data_module.FileProblem, display: str) -> DataProblem:
    """A file that cannot be read, as a data problem: at its line when the problem is in it."""
    if problem.line is None:
        return DataProblem(display, "", f"the file {problem.message}")
    return DataProblem(f"{display}:{problem.line}", "", problem.message)

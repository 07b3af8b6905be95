"""The words of the rule language: keywords (commands), functions, names, events.

The engine's own words live in :mod:`brass.language.keywords`,
:mod:`brass.language.functions` and :mod:`brass.language.names`. A ruleset
adds words through the ``brass_language`` hook, with the same decorators, so a
new edition never needs an engine change. Every word carries its docstring,
which the language reference shows.

Keywords have one signature: ``keyword(run, *args, **kwargs)``. An *effect*
keyword applies one change and returns its result (bound by ``as NAME``), or a
:class:`Problem` saying in the rulebook's words why it cannot. A *choice*
keyword returns an :class:`Offer`: the options the player may pick from, and
how to apply the one picked.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .effects import NOTHING, regions


class Problem(str):
    """What a keyword returns when it cannot do what the rule asks."""


@dataclass
class Offer:
    """Options a choice keyword gives the player, and how to apply one."""

    key: str
    options: list  # (value, text)
    apply: Callable[[Any], Any]  # returns a result to bind, or a Problem


@dataclass(frozen=True)
class Word:
    name: str
    fn: Callable
    kind: str  # effect | choice | function | name
    reveals: bool = False
    doc: str = ""
    example: str = ""
    # What the code generator needs to know (brass.language.effects): the state
    # regions read and written, the events fired, the type of the result, and a
    # Python template for the call ("{0}" is the first argument, "S" the run).
    reads: frozenset = field(default=frozenset(), compare=False)
    writes: frozenset = field(default=frozenset(), compare=False)
    fires: tuple = ()
    resources: bool = False  # runs the rules' resource declarations (their reads count too)
    needs: Optional[str] = None  # a Python template of exactly when it succeeds ("{amount}": an argument)
    prune: bool = False  # check ``needs`` ahead of the choices above it (where it often fails)
    takes: frozenset = field(default=frozenset(), compare=False)  # regions of its writes it only takes from
    rises: frozenset = field(default=frozenset(), compare=False)  # regions in which ``needs`` only grows truer
    fails: bool = True  # may it return a Problem? (False: never, but through the handlers of the events it fires)
    sure_options: bool = False  # a choice keyword whose every option, applied at once, succeeds (handlers aside)
    returns: Any = None
    inline: Optional[str] = None
    constant: bool = False  # its value depends on its arguments and the ruleset alone, never on the game

    def check_call(self, positional: int, keywords: tuple) -> Optional[str]:
        """Why a call with these arguments cannot work, or None if it can."""
        try:
            inspect.signature(self.fn).bind(None, *([None] * positional), **{k: None for k in keywords})
        except TypeError as error:
            return str(error)
        return None

    def caller(self) -> Callable:
        fn = self.fn
        return lambda run, args, kwargs: fn(run, *args, **kwargs)

    def usage(self) -> str:
        params = list(inspect.signature(self.fn).parameters.values())[1:]
        return f"{self.name} " + ", ".join(str(p) for p in params)


@dataclass
class Vocabulary:
    keywords: dict = field(default_factory=dict)
    functions: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)
    events: dict = field(default_factory=dict)  # event -> (parameter names, doc)
    event_types: dict = field(default_factory=dict)  # event -> classes of its values
    # Attribute names readable beyond the engine's tables and the data's fields
    # (a ruleset whose keywords keep their own per-player counters adds them here).
    attributes: set = field(default_factory=lambda: {"face_down", "sources", "offered", "bought", "cost", "count"})

    def copy(self) -> "Vocabulary":
        return Vocabulary(dict(self.keywords), dict(self.functions), dict(self.names), dict(self.events), dict(self.event_types), set(self.attributes))

    # -- decorators
    def keyword(self, fn: Callable = None, *, name: str = None, choice: bool = False, reveals: bool = False, example: str = "", reads=None, writes=None, fires=(), resources=False, needs=None, prune=False, returns=None, fails=True, sure_options=False, takes=(), rises=()):
        """Register a keyword. ``choice=True`` if it returns an :class:`Offer`;
        ``reveals=True`` if it shows hidden information (a move ends after it).

        What the code generator may rely on (see docs/explanation/speed.rst); a
        keyword that says nothing is still run correctly, only never moved:

        * ``reads``/``writes``: the state regions it touches
          (:mod:`brass.language.effects`; unsaid: all of them); ``fires``: the
          events it may fire; ``resources=True`` if it runs the resource rules.
        * ``needs``: a Python expression of exactly when it succeeds, with its
          arguments as ``{name}`` (``"{player}.money >= {amount}"``); ``prune=True``
          to check it ahead, before the choices above it (where it often fails).
        * ``takes``: regions of its writes that it only takes from; ``rises``:
          regions where more makes ``needs`` truer (money for ``pay``).
        * ``fails=False`` if it never fails; ``sure_options=True`` (a choice
          keyword) if every option it offers can be taken; ``returns``: the type
          of what ``as NAME`` binds."""

        def register(fn):
            word = Word(
                name or fn.__name__.rstrip("_"), fn, "choice" if choice else "effect", reveals, _doc(fn), example,
                reads=regions(reads), writes=regions(writes), fires=tuple(fires), resources=resources, needs=needs, prune=prune, returns=returns,
                takes=regions(takes) if takes else frozenset(), rises=regions(rises) if rises else frozenset(),
                fails=fails and needs is None, sure_options=sure_options,
            )
            self.keywords[word.name] = word
            return fn

        return register(fn) if fn is not None else register

    def function(self, fn: Callable = None, *, name: str = None, example: str = "", reads=None, returns=None, inline=None, constant=False):
        """Register a function callable from expressions: ``fn(run, *args)``.
        ``reads`` names the state regions its value depends on (unsaid: all);
        ``returns`` its type, ``inline`` a Python template, for the code generator;
        ``constant=True`` if its value depends only on its arguments and the
        ruleset (so the generator may compute it once)."""

        def register(fn):
            word = Word(name or fn.__name__.rstrip("_"), fn, "function", False, _doc(fn), example, reads=regions(reads), writes=NOTHING, returns=returns, inline=inline, constant=constant)
            self.functions[word.name] = word
            return fn

        return register(fn) if fn is not None else register

    def name(self, fn: Callable = None, *, name: str = None, example: str = "", reads=None, returns=None, inline=None, constant=False):
        """Register a name whose value is computed from the run: ``fn(run)``.
        ``reads``, ``returns``, ``inline`` and ``constant`` as for functions."""

        def register(fn):
            word = Word(name or fn.__name__.rstrip("_"), fn, "name", False, _doc(fn), example, reads=regions(reads), writes=NOTHING, returns=returns, inline=inline, constant=constant)
            self.names[word.name] = word
            return fn

        return register(fn) if fn is not None else register

    def event(self, event: str, params: tuple, doc: str, types: tuple = ()) -> None:
        """Declare an event the engine or a keyword fires, for ``on EVENT(...)`` handlers.
        ``types`` gives the classes of its values, where known (for the code generator)."""
        self.events[event] = (tuple(params), doc)
        self.event_types[event] = tuple(types)


def _doc(fn: Callable) -> str:
    return inspect.cleandoc(fn.__doc__ or "")


BUILTINS = Vocabulary()

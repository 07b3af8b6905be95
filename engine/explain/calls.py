"""Calls of the engine's built-in functions, read as English.

:class:`CallReadings` is mixed into :class:`~.expressions.English`. A call of
a function the engine itself provides reads as a phrase ("the number of
cards left on the face-up pile of wild cards"); the board's own names are
used for markets, industries and token pools when the ruleset has a board.
A call the engine does not know, or one a ruleset has redefined, keeps its
name: ``preferred spaces(the location, the industry)``.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..language.vocabulary import BUILTINS
from .conditions import looks_boolean
from .words import PREPOSITIONS, join_words, lower_first, words_of


MAX_INLINED_WORDS = 40  # a definition read in place of its name, if it is no longer than this
MAX_INLINED_TERM_WORDS = 16  # ... and one without parameters (a term: "first round")


class CallReadings:
    """Function calls in English; relies on the value readings of ``English``."""

    def _v_Call(self, e: ast.Call) -> str:
        func = e.func
        args = e.args
        if self.is_builtin_function(func) and not e.kwargs:
            text = self._builtin_call(func, args)
            if text is not None:
                return text
        inline = self._definition_inline(func, args, e.kwargs)
        if inline is not None:
            return inline
        if self._is_definition(func) and len(args) == 1 and not e.kwargs:
            return self._definition_of(func, args[0])
        if self._is_definition(func) and not e.kwargs:
            return self._definition_for(func, args)
        parts = [self.value(a) for a in args] + [f"{k}={self.value(v)}" for k, v in e.kwargs]
        return f"{words_of(func)}({', '.join(parts)})"

    def _definition_for(self, func: str, args: tuple) -> str:
        """A definition of several things, by its name: the arguments that are what its
        parameters already say are left out ("preferred_spaces(location, industry)":
        "the preferred spaces"), the others follow ("cubes_when_built(tile, "coal", era)":
        "the cubes when built for coal")."""
        params = getattr(self.declarations[("definition", func)], "params", None) or ()
        others = []
        for position, arg in enumerate(args):
            text = self.value(arg)
            same_name = isinstance(arg, ast.Name) and position < len(params) and arg.id == params[position]
            if position < len(params) and (same_name or text == self.variable(params[position])):
                continue
            others.append(self.wrapped(arg))
        return f"the {words_of(func)}" + (f" for {join_words(others, 'and')}" if others else "")

    def _definition_of(self, func: str, arg) -> str:
        """A definition of one thing, by its name: "the tile's buyers", "the ports for the
        mill" (a name ending in a preposition takes its argument after it)."""
        words = words_of(func)
        if func.rsplit("_", 1)[-1] in PREPOSITIONS:
            return f"the {words} {self.value(arg)}"
        return self.possessive(arg, words)

    def _definition_inline(self, func: str, args: tuple, kwargs, negated: bool = False) -> Optional[str]:
        """A call of a definition that is a condition, read as the condition itself with
        the arguments in place of its parameters: "touches_network(line)" reads
        "there is a place in the line's locations that is in your network or ..."."""
        decl = self.declarations.get(("definition", func))
        params = getattr(decl, "params", None)
        if decl is None or kwargs or params is None or len(params) != len(args) or not looks_boolean(decl.value, self):
            return None
        # an id passed for a thing reads as the thing: none_left(industry.id), "none of the industry"
        readings = [self.value(a.obj if isinstance(a, ast.Attribute) and a.name == "id" else a) for a in args]
        return self.inlined(decl, readings, negated)

    def inlined(self, decl, readings: list, negated: bool = False) -> Optional[str]:
        """A definition's condition with its parameters read as given, or None if it
        is read inside itself or too deep; a long one reads by its name."""
        if decl.name in self.inlining or len(self.inlining) >= 3:
            return None
        saved = dict(self.local)
        self.inlining.append(decl.name)
        try:
            for param, reading in zip(decl.params or (), readings):
                self.local[param] = reading
            text = self.negated(decl.value) if negated else self.cond(decl.value)
        finally:
            self.inlining.pop()
            self.local = saved
        limit = MAX_INLINED_WORDS if decl.params else MAX_INLINED_TERM_WORDS
        return text if len(text.split()) <= limit else None

    def is_builtin_function(self, func: str) -> bool:
        """True if ``func`` is the engine's own function (not a ruleset's definition or replacement)."""
        if self._is_definition(func):
            return False
        word = self.vocabulary.functions.get(func)
        return word is not None and BUILTINS.functions.get(func) is not None and word.fn is BUILTINS.functions[func].fn

    def _builtin_call(self, func: str, args: tuple) -> Optional[str]:
        """A built-in function's call as a phrase, or None if it has no reading."""
        for reading in (self._board_call, self._supply_call, self._arithmetic_call):
            text = reading(func, args)
            if text is not None:
                return text
        return None

    def _board_call(self, func: str, args: tuple) -> Optional[str]:
        """Functions about the board: connections, mats, places, cubes."""
        v = self.value
        n = len(args)
        if func == "connected" and n == 2:
            some = "one of " if self.is_list_definition(args[1]) or isinstance(args[1], ast.Comprehension) else ""
            return f"{v(args[0])} is connected to {some}{v(args[1])}"
        if func == "distance" and n == 2:
            return f"the fewest links between {v(args[0])} and {v(args[1])} (none if they are not connected)"
        if func == "lowest_tile" and n == 2:
            return f"the lowest tile of {v(args[1])} on {self._mat(args[0])}"
        if func == "tiles_left" and n == 2:
            return f"the number of tiles of {v(args[1])} left on {self._mat(args[0])}"
        if func in ("industry", "location", "market", "line_named") and n == 1:
            kind = "line" if func == "line_named" else func
            found = self._board_thing(kind, args[0])
            if found is not None:
                return found
            return f"the {kind} {v(args[0])}"
        if func == "cubes_on_board" and n == 1:
            return f"the number of cubes of {v(args[0])} on tiles and spaces on the board (markets not counted)"
        if func == "market_cubes" and n == 1:
            market = self._board_thing("market", args[0])
            return f"the number of cubes in {market or 'the market of ' + v(args[0])}"
        return None

    def _supply_call(self, func: str, args: tuple) -> Optional[str]:
        """Functions about card piles, token pools and counters."""
        if len(args) != 1:
            return None
        if func == "pile_size":
            return f"the number of cards left on {self.pile_phrase(args[0])}"
        if func == "pool":
            return self.pool_phrase(args[0])
        if func == "tokens_left":
            return f"the number of tokens still face down in {self.pool_phrase(args[0])}"
        if func == "counter":
            return self.counter_phrase(args[0])
        return None

    def _arithmetic_call(self, func: str, args: tuple) -> Optional[str]:
        """General functions: articles, positions, counts, extremes."""
        v = self.value
        n = len(args)
        if func == "a" and n == 1:
            return f"a(n) {v(args[0])}"
        if func == "index_of" and n == 2:
            return f"the position of {v(args[1])} in {v(args[0])}, counting from 0"
        if func == "len" and n == 1:
            return self._count_of(args[0])
        if func in ("min", "max") and n >= 1:
            if n == 1:
                return f"the {'smallest' if func == 'min' else 'largest'} of {v(args[0])}"
            word = ("smaller" if func == "min" else "larger") if n == 2 else ("smallest" if func == "min" else "largest")
            return f"the {word} of " + join_words([self.wrapped(a) for a in args], "and")
        if func == "abs" and n == 1:
            return f"{self.grouped(args[0], v(args[0]))} without its sign"
        return None

    def _mat(self, player) -> str:
        return self.possessive(player, "mat")

    def _count_of(self, collection) -> str:
        if isinstance(collection, ast.Attribute) and collection.name in ("hand", "discard"):
            where = "hand" if collection.name == "hand" else "discard pile"
            return f"the number of cards in {self.possessive(collection.obj, where)}"
        if isinstance(collection, ast.Name) and collection.id == "deck" and "deck" not in self.local:
            return "the number of cards in the draw deck"
        return f"the number of {self.grouped(collection, self.value(collection))}"

    def _board_thing(self, kind: str, arg) -> Optional[str]:
        """The board's own name for a market, industry, location or line (None if unknown)."""
        if not isinstance(arg, ast.Const) or not isinstance(arg.value, str) or self.board is None:
            return None
        thing = self.board.get(kind, arg.value)
        name = getattr(thing, "name", None)
        if not isinstance(name, str):
            return None
        if kind == "market":
            return "the " + lower_first(name)
        if kind == "industry":
            return f"the {lower_first(name)} industry"
        return name

    def pool_phrase(self, arg) -> str:
        """A token pool, by the board's name for it when it has one."""
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            pools = getattr(self.board, "pools", None) or {}
            found = pools.get(arg.value)
            if found is not None and isinstance(found.get("name"), str):
                return "the " + lower_first(found["name"])
            return "the " + words_of(arg.value)
        return f"the token pool {self.value(arg)}"

    def token_noun(self, arg) -> str:
        """What a pool's tokens are called, by their names' shared first words ("Market
        tile -0", "Market tile -1": "market tiles"); "tokens" otherwise."""
        pools = getattr(self.board, "pools", None) or {}
        tokens = (getattr(self.board, "tokens", None) or {}).get(arg.value) if isinstance(arg, ast.Const) and arg.value in pools else None
        names = [str(getattr(t, "name", "")).split() for t in tokens or ()]
        shared: list = []
        for words in zip(*names) if names else ():
            if len({w.lower() for w in words}) != 1 or not words[0].isalpha():
                break
            shared.append(words[0].lower())
        return " ".join(shared) + "s" if shared else "tokens"

    def pile_phrase(self, arg) -> str:
        """A face-up pile by the cards it holds."""
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            piles = getattr(self.board, "piles", None) or {}
            found = piles.get(arg.value)
            if found:
                return f"the face-up pile of {found[0].name} cards"
            return f"the {arg.value} pile"
        return f"the pile {self.value(arg)}"

    def counter_phrase(self, arg) -> str:
        if isinstance(arg, ast.Const) and isinstance(arg.value, str):
            return f"the {words_of(arg.value)} counter"
        return f"the counter named {self.value(arg)}"

"""Keyword statements (``pay 3``, ``build_tile ...``) as English sentences.

:class:`KeywordSentence` matches a keyword statement's arguments to the
keyword's parameters and reads it with :data:`KEYWORDS`, the table of the
engine's own keywords in English. A keyword the table does not know, or one a
ruleset has replaced with its own, falls back to the first sentence of its
documentation with its arguments listed. Arguments a reading does not
mention are added in brackets, so no argument is ever silently dropped.
"""

from __future__ import annotations

import inspect

from ..language import ast
from ..language.vocabulary import BUILTINS
from .words import as_sentence, capitalised, first_sentence, join_words, lower_first, words_of


class KeywordSentence:
    """One keyword statement in English, from a table of the engine's keywords."""

    def __init__(self, english, stmt: ast.Command):
        self.english = english
        self.stmt = stmt
        self.word = english.vocabulary.keywords.get(stmt.name)
        self.args: dict = {}  # parameter name -> argument expression
        self.used: set = set()  # parameters the reading has mentioned
        self.params: list = []
        if self.word is not None:
            self._bind_to_signature()
        if not self.args and (stmt.args or stmt.kwargs):
            names = self.params or [f"argument {i + 1}" for i in range(len(stmt.args))]
            self.args = dict(zip(names, stmt.args))
            self.args.update(dict(stmt.kwargs))

    def _bind_to_signature(self) -> None:
        """Name the arguments by the keyword function's parameters, as a call would."""
        stmt = self.stmt
        try:
            signature = inspect.signature(self.word.fn)
            run, *self.params = list(signature.parameters)  # the first is the run
            bound = signature.bind_partial(None, *stmt.args, **dict(stmt.kwargs))
            self.args = {k: v for k, v in bound.arguments.items() if k != run}
        except (TypeError, ValueError):
            self.args = {}

    # -- arguments
    def raw(self, name: str):
        self.used.add(name)
        return self.args.get(name)

    def __getitem__(self, name: str) -> str:
        return self.render(self.raw(name))

    def render(self, expr) -> str:
        """An argument in English (a keyword's ``*args`` or ``**kwargs`` too)."""
        if expr is None:
            return "none"
        if isinstance(expr, tuple):
            return join_words([self.render(e) for e in expr], "and")
        if isinstance(expr, dict):
            return ", ".join(f"{words_of(k)} = {self.render(v)}" for k, v in expr.items())
        return self.english.value(expr)

    def simple(self, name: str) -> bool:
        """A number or a setting: it reads well in "pay 3", "draw 8 cards"."""
        expr = self.args.get(name)
        if isinstance(expr, ast.Const):
            return True
        return isinstance(expr, ast.Name) and expr.id in self.english.settings and expr.id not in self.english.local

    def heading(self) -> str:
        """What points are scored for, as the end-of-game breakdown heads them: " (for tiles)"."""
        if self.raw("heading") is None:
            return ""
        source = self.raw("source")  # where they came from, finer: "(for tiles, by the tile's industry)"
        by = f", by {self.english.value(source.obj) if isinstance(source, ast.Attribute) and source.name == 'id' else self.english.value(source)}" if source is not None else ""
        return f" (for {self.identifier('heading')}{by})"

    def how_many(self, name: str) -> str:
        """``as many as the tile's produces``; a choice of numbers on its own: "1 if ..., otherwise 2"."""
        expr = self.args.get(name)
        if isinstance(expr, ast.Ternary) and isinstance(expr.then, ast.Const):
            return self[name]
        return f"as many as {self[name]}"

    def amount(self, name: str, unit: str) -> str:
        """``3 VP`` or ``as many VP as the tile's VP``."""
        if self.simple(name):
            return f"{self[name]} {unit}"
        return f"as many {unit} as {self[name]}"

    def identifier(self, name: str) -> str:
        expr = self.raw(name)
        if isinstance(expr, ast.Const) and isinstance(expr.value, str):
            return words_of(expr.value)
        return self.english.value(expr)

    # -- the sentence
    def text(self) -> str:
        builtin = BUILTINS.keywords.get(self.stmt.name)
        own = self.word is not None and builtin is not None and self.word.fn is builtin.fn
        render = KEYWORDS.get(self.stmt.name) if own else None
        if render is None:
            return self.fallback()
        sentence = render(self)
        player = None
        if "player" in self.args and self.args["player"] is not None:
            player = self["player"]
        extra = [k for k in self.args if k not in self.used]
        if extra:
            sentence = sentence.rstrip(".") + " (" + ", ".join(f"{words_of(k)} = {self.render(self.args[k])}" for k in extra) + ")."
        sentence = as_sentence(sentence)
        if player is not None:
            sentence = f"For {player}: {lower_first(sentence)}"
        return sentence

    def fallback(self) -> str:
        """A keyword without a reading: its documentation's first sentence and its arguments."""
        doc = first_sentence(self.word.doc) if self.word is not None and self.word.doc else ""
        given = ", ".join(f"{words_of(k)} = {self.render(v)}" for k, v in self.args.items())
        name = self.stmt.name
        if doc:
            text = doc.rstrip(".")
            text += f" ({name}: {given})" if given else f" ({name})"
        else:
            text = capitalised(words_of(name)) + (f": {given}" if given else "")
        return as_sentence(text)


def _consume(k: KeywordSentence) -> str:
    resource_expr = k.raw("resource")
    if isinstance(resource_expr, ast.Name) and ("resource", resource_expr.id) in k.english.declarations:
        resource = resource_expr.id
    else:
        resource = k["resource"]
    simple = k.simple("amount")
    text = f"Consume {k['amount']} {resource}" if simple else f"Consume {resource}"
    if k.raw("target") is not None:
        text += f" for {k['target']}"
    if not simple:
        text += f", as many as {k['amount']}"
    if k.raw("offer") is not None:
        text += f", with {k['offer']} offered as a source too"
    return text + f" (see {capitalised(resource)})."


def _take_card(k: KeywordSentence) -> str:
    expr = k.raw("pile")
    return f"Take the top card of {k.english.pile_phrase(expr)} into your hand."


def _fill_piles(k: KeywordSentence) -> str:
    piles = getattr(k.english.board, "piles", None) or {}
    names = [f"{card.name} cards" for card, _count in piles.values()]
    return "Fill every face-up pile" + (f" ({join_words(names, 'and')})" if names else "") + " to its full count."


KEYWORDS = {
    # money
    "pay": lambda k: f"Pay {k['amount']} (spent this round).",
    "gain": lambda k: f"Take {k['amount']} from the bank.",
    "lose": lambda k: f"Pay {k['amount']} to the bank (not spending: it does not count for turn order; money may go below zero).",
    "return_spending": lambda k: "The money spent this round, on the character tiles, goes to the bank.",
    # income and points
    "advance_income": lambda k: f"Advance the income marker {k.amount('spaces', 'spaces')}.",
    "lower_income": lambda k: f"Move the income marker down {k.amount('levels', 'levels')}, onto the highest space of the new level.",
    "set_income_space": lambda k: f"Put the income marker on space {k['space']}.",
    "score": lambda k: f"Score {k.amount('points', 'victory points')}{k.heading()}.",
    "lose_points": lambda k: f"Lose {k.amount('points', 'victory points')} (never below zero){k.heading()}.",
    # cards
    "discard": lambda k: f"Put {k['card']} from your hand face up on your discard pile.",
    "return_card": lambda k: f"Put {k['card']} from your hand back on its own face-up pile.",
    "take_card": _take_card,
    "draw": lambda k: (
        f"Draw {k['count']} cards from the draw deck (fewer if it runs out)."
        if k.simple("count")
        else f"From the draw deck, draw as many cards as {k['count']} (fewer if it runs out)."
    ),
    "bury_card": lambda k: "Put the top card of the draw deck face down on your discard pile (nobody may look at it until the discards are gathered).",
    "new_deck": lambda k: (
        f"Make the draw deck from every card used with as many players as {k['for_players']}."
        if k.raw("for_players") is not None
        else "Make the draw deck from every card used with this many players."
    ),
    "gather_discards": lambda k: "Put every player's discard pile on the bottom of the draw deck.",
    "shuffle_deck": lambda k: "Shuffle the draw deck.",
    "fill_piles": _fill_piles,
    # tokens and markets
    "deal_tokens": lambda k: (
        f"Shuffle {k.english.pool_phrase(k.raw('pool'))} used with this many players and deal one face up to every "
        "space used with this many players, in board order."
    ),
    "shuffle_tokens": lambda k: (
        f"Gather every token of {k.english.pool_phrase(k.raw('pool'))} used with "
        + (f"as many players as {k['for_players']}" if k.raw("for_players") is not None else "this many players")
        + " (drawn ones too) and shuffle them into a face-down pile."
    ),
    "reveal_token": lambda k: f"Turn up the top token of {k.english.pool_phrase(k.raw('pool'))} (what was hidden is now known: this cannot be taken back).",
    "fill_market": lambda k: f"Fill {k['market']} to its starting number of cubes, from the general supply.",
    "add_cubes": lambda k: (
        f"Put {k['count']} {k.identifier('resource')} from the general supply on {k['holder']}."
        if k.simple("count")
        else f"Put {k.identifier('resource')} from the general supply on {k['holder']}, {k.how_many('count')}."
    ),
    "sell_to_market": lambda k: (
        f"Sell as many cubes as fit from {k['tile']} to {k['market']}, the most expensive empty space first; "
        "the tile's owner is paid each space's price."
    ),
    "consume": _consume,
    # tiles and links
    "build_tile": lambda k: f"Build the lowest tile of {k['industry']} from your mat on {k['slot']}.",
    "remove_tile": lambda k: f"Remove {k['tile']} from the board and from the game (cubes on it go to the general supply).",
    "develop": lambda k: f"Take the lowest tile of {k['industry']} off your mat and out of the game (develop).",
    "set_flipped": lambda k: f"Turn {k['tile']} to its flipped side.",
    "place_link": lambda k: f"Place one of your link tiles, of the era's kind, on {k['line']}.",
    "remove_link": lambda k: f"Remove {k['link']} from the board.",
    # turn order and counters
    "set_turn_order": lambda k: f"Set the turn order: {k['players']}.",
    "shuffle_turn_order": lambda k: "Put the players in a random order on the turn order track.",
    "set_counter": lambda k: f"Set {k.english.counter_phrase(k.raw('name'))} to {k['value']}.",
    "add_to_counter": lambda k: f"Add {k['delta']} to {k.english.counter_phrase(k.raw('name'))}.",
}

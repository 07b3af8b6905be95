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
import re
from typing import Optional

from ..language import ast
from ..language.vocabulary import BUILTINS
from .steps import Step
from .words import ARITHMETIC, as_sentence, capitalised, first_sentence, join_words, lower_first, words_of


class KeywordSentence:
    """One keyword statement in English, from a table of the engine's keywords."""

    def __init__(self, english, stmt: ast.Command):
        self.english = english
        self.stmt = stmt
        self.word = english.vocabulary.keywords.get(stmt.name)
        self.args: dict = {}  # parameter name -> argument expression
        self.used: set = set()  # parameters the reading has mentioned
        self.params: list = []
        self.notes: list = []  # notes for engine readers the reading gives (where points are listed)
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
        """What points are scored for, as the end-of-game breakdown heads them: a note for
        engine readers ("listed as tiles, by the tile's industry, in the score breakdown"),
        not a rule of play; "" in the sentence itself."""
        if self.raw("heading") is None:
            return ""
        source = self.raw("source")  # where they came from, finer
        by = f", by {self.english.value(source.obj) if isinstance(source, ast.Attribute) and source.name == 'id' else self.english.value(source)}" if source is not None else ""
        self.notes.append(f"The score breakdown lists these points under {self.identifier('heading')}{by}.")
        return ""

    # -- amounts
    def folded(self, expr) -> Optional[int]:
        """A whole number the rules fix (a number, a setting, sums of them), or None."""
        if isinstance(expr, ast.Const) and type(expr.value) is int:
            return expr.value
        if isinstance(expr, ast.Name) and expr.id not in self.english.local and type(self.english.settings.get(expr.id)) is int:
            self.english.value(expr)  # a setting read: the notes name it
            return self.english.settings[expr.id]
        if isinstance(expr, ast.BinOp) and expr.op in FOLDS:
            left, right = self.folded(expr.left), self.folded(expr.right)
            if left is not None and right is not None and not (expr.op == "//" and right == 0):
                return FOLDS[expr.op](left, right)
        return None

    def money(self, name: str) -> str:
        """An amount of money as a rulebook writes it: "£3", "£10 (£15 minus £5)", "the
        tile's cost", "£1 for each level the player's income is below zero"."""
        expr = self.raw(name)
        fixed = self.folded(expr)
        if fixed is not None:
            if isinstance(expr, ast.BinOp):
                return f"£{fixed} (£{self.folded(expr.left)} {ARITHMETIC.get(expr.op, expr.op)} £{self.folded(expr.right)})"
            return f"£{fixed}"
        if isinstance(expr, ast.Neg):
            return self.below_zero(expr.value, "£1")
        text = self.render(expr)
        if MONEY_WORDS.intersection(text.replace("'s", "").split()):
            return text
        return f"money equal to {text}"

    def points(self, name: str) -> str:
        """An amount of victory points: "3 VP", "1 VP for each full £10 of the player's
        money", "as many VP as the tile's VP"."""
        expr = self.raw(name)
        fixed = self.folded(expr)
        if fixed is not None:
            return f"{fixed} VP"
        if isinstance(expr, ast.Neg):
            return self.below_zero(expr.value, "1 VP")
        if isinstance(expr, ast.BinOp) and expr.op == "//" and _is_money(expr.left):
            per = self.folded(expr.right)
            if per is not None:
                return f"1 VP for each full £{per} of {self.english.value(expr.left)}"
        return f"as many VP as {self.render(expr)}"

    def below_zero(self, expr, each: str) -> str:
        """The negative of an amount that is below zero, counted as a rulebook counts it:
        "£1 for each level the player's income is below zero"."""
        english = self.english
        if isinstance(expr, ast.Attribute) and expr.name.endswith("_level"):
            return f"{each} for each level {english.possessive(expr.obj, words_of(expr.name[:-6]))} is below zero"
        if _is_money(expr):
            return f"{each} for each £1 {english.value(expr)} is below zero"
        return f"as much as {english.grouped(expr, english.value(expr))} is below zero"

    def money_back_to_zero(self) -> Optional[str]:
        """``gain -p.money, player=p``: the player's money back to zero, said so."""
        expr, player = self.args.get("amount"), self.args.get("player")
        if not (isinstance(expr, ast.Neg) and _is_money(expr.value)):
            return None
        owner = expr.value.obj
        same = player == owner or (player is None and isinstance(owner, ast.Name) and owner.id == "you")
        if not same:
            return None
        self.used.update(("amount", "player"))
        return f"The bank brings {self.english.value(expr.value)} back to £0."

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
    def step(self) -> Step:
        """The sentence as a step; one said of a player ("The player draws 8 cards")
        keeps the plain sentence too ("Draw 8 cards"), for a loop over the players."""
        builtin = BUILTINS.keywords.get(self.stmt.name)
        own = self.word is not None and builtin is not None and self.word.fn is builtin.fn
        render = KEYWORDS.get(self.stmt.name) if own else None
        if render is None:
            return Step(self.fallback())
        if self.stmt.name == "gain":
            back = self.money_back_to_zero()
            if back is not None:
                return Step(back)
        sentence = render(self)
        player = None
        if "player" in self.args and self.args["player"] is not None:
            player = self["player"]
        extra = [k for k in self.args if k not in self.used]
        if extra:
            sentence = sentence.rstrip(".") + " (" + ", ".join(f"{words_of(k)} = {self.render(self.args[k])}" for k in extra) + ")."
        sentence = as_sentence(sentence)
        if player is None:
            return Step(sentence)
        return Step(said_by(player, sentence), said_of=player, plain=sentence)

    def text(self) -> str:
        return self.step().text

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


def said_by(who: str, sentence: str) -> str:
    """An order to you as said of someone else: "Draw 8 cards." said by "the player"
    reads "The player draws 8 cards."; "your" becomes "their"."""
    verb, _, rest = sentence.partition(" ")
    rest = re.sub(r"\byour\b", "their", rest)
    rest = re.sub(r"\byou (hold|have|had)\b", r"they \1", rest)
    if who != "you":
        rest = rest.replace(f"{who}'s ", "their ")
    return f"{capitalised(who)} {third_person(lower_first(verb))} {rest}".rstrip()


def third_person(verb: str) -> str:
    """The form of a verb after "he", "she" or "it": "pays", "draws", "pushes", "carries"."""
    if verb in IRREGULAR_THIRD_PERSON:
        return IRREGULAR_THIRD_PERSON[verb]
    if re.search(r"(s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


IRREGULAR_THIRD_PERSON = {"have": "has", "do": "does", "go": "goes", "be": "is"}
FOLDS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": lambda a, b: a // b}
MONEY_WORDS = {"cost", "costs", "price", "prices", "money", "amount", "£"}


def _is_money(expr) -> bool:
    return isinstance(expr, ast.Attribute) and expr.name == "money"


def _draw(k: KeywordSentence) -> str:
    """Draw N cards; ``N - len(you.hand)`` reads "until you hold N"; ``min(that, M)`` adds "at most M"."""
    count = k.raw("count")
    limit = None
    if isinstance(count, ast.Call) and count.func == "min" and len(count.args) == 2 and k.english.is_builtin_function("min"):
        count, limit = count.args
    top = _refill_to(k, count)
    if top is not None:
        most = f", drawing at most {k.english.value(limit)}" if limit is not None else ""
        return f"Draw cards from the draw deck until you hold {top}{most} (fewer if it runs out)."
    if k.simple("count"):
        return f"Draw {k['count']} cards from the draw deck (fewer if it runs out)."
    return f"Draw as many cards as {k['count']} from the draw deck (fewer if it runs out)."


def _refill_to(k: KeywordSentence, count):
    """N in ``N - len(you.hand)``: drawing up to a hand of N cards; None otherwise."""
    if not (isinstance(count, ast.BinOp) and count.op == "-"):
        return None
    right = count.right
    if not (isinstance(right, ast.Call) and right.func == "len" and len(right.args) == 1 and k.english.is_builtin_function("len")):
        return None
    hand = right.args[0]
    if not (isinstance(hand, ast.Attribute) and hand.name == "hand" and isinstance(hand.obj, ast.Name) and hand.obj.id == "you"):
        return None
    return k.folded(count.left)


def _shuffle_tokens(k: KeywordSentence) -> str:
    pool = k.raw("pool")
    tokens = k.english.token_noun(pool)
    players = k.raw("for_players")
    if players is None:
        used = "used with this number of players"
    else:
        count = k["for_players"]
        used = "used with this number of players" if count == "the number of players" else f"used with {count} players"
    return f"Gather all the {tokens} of {k.english.pool_phrase(pool)} {used}, those drawn too, and shuffle them face down."


def _consume(k: KeywordSentence) -> str:
    resource_expr = k.raw("resource")
    if isinstance(resource_expr, ast.Name) and resource_expr.id not in k.english.local:
        resource = words_of(resource_expr.id)  # a resource by its name, declared here or in a base
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
    "pay": lambda k: f"Pay {k.money('amount')}.",
    "gain": lambda k: f"Take {k.money('amount')} from the bank.",
    "lose": lambda k: f"Pay the bank {k.money('amount')} (this is not spending, and money may go below zero).",
    "return_spending": lambda k: "The money spent this round, on the character tiles, goes to the bank.",
    # income and points
    "advance_income": lambda k: f"Advance your income marker {k.amount('spaces', 'spaces')}.",
    "lower_income": lambda k: f"Move your income marker down {k.amount('levels', 'levels')}, onto the highest space of the new level.",
    "set_income_space": lambda k: f"Put your income marker on space {k['space']}.",
    "score": lambda k: f"Score {k.points('points')}{k.heading()}.",
    "lose_points": lambda k: f"Lose {k.points('points')}{k.heading()} (VP never go below zero).",
    # cards
    "discard": lambda k: f"Put {k['card']} from your hand face up on your discard pile.",
    "return_card": lambda k: f"Put {k['card']} from your hand back on its own face-up pile.",
    "take_card": _take_card,
    "draw": _draw,
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
    "shuffle_tokens": _shuffle_tokens,
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

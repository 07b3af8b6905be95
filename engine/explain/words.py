"""Small pieces of English shared by the whole explainer.

Helpers that turn identifiers and literal values into words and shape
phrases into sentences (articles, capitals, lists joined with "and" or
"or"), and the tables of how the engine's built-in names, attributes and
operators read. No syntax-tree walking happens here: the other modules use
these pieces to build their phrases.
"""

from __future__ import annotations

import re

# ------------------------------------------------------------------ helpers


def words_of(identifier: str) -> str:
    """An identifier as words: ``canal_cost`` reads "canal cost"."""
    return identifier.replace("_", " ")


def with_article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def lower_first(text: str) -> str:
    if len(text) > 1 and text[1:2].isupper():  # an abbreviation: keep it
        return text
    return text[:1].lower() + text[1:]


def without_the(phrase: str) -> str:
    return phrase[4:] if phrase.startswith("the ") else phrase


def join_words(items: list, last: str) -> str:
    """``a, b or c`` (with ``last`` = "or"); "nothing" for no items."""
    items = list(items)
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def as_sentence_end(text: str) -> str:
    """A message as the end of a sentence, its first letter as written."""
    text = text.strip()
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def as_sentence(text: str) -> str:
    text = capitalised(text.strip())
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def first_sentence(doc: str) -> str:
    text = " ".join(doc.split())
    match = re.search(r"(?<=[.!?])\s", text)
    return text[: match.start()] if match else text


# ----------------------------------------------------------- literal values


def constant_words(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    return str(value)


def setting_words(value) -> str:
    """A setting's value as it reads in a sentence: a list is "a, b or c"."""
    if isinstance(value, (list, tuple)):
        return join_words([setting_words(v) for v in value], "or")
    return constant_words(value)


def setting_literal(value) -> str:
    """A setting's value as the rule file would write it: ``["a", 2]``."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(setting_literal(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return constant_words(value)


# ------------------------------------------------------------------- tables

# The engine's built-in names, as a rulebook would say them.
BUILTIN_NAMES = {
    "you": "you",
    "players": "the players",
    "player_count": "the number of players",
    "era": "the current era",
    "eras": "the eras",
    "round": "the round",
    "locations": "the locations",
    "lines": "the lines",
    "industries": "the industries",
    "markets": "the markets",
    "board_tiles": "the industry tiles on the board",
    "board_links": "the links on the board",
    "spaces": "the token spaces",
    "deck": "the draw deck",
    "actions_taken": "the actions already taken this turn",
    "actions_left": "the actions left this turn",
}

# Attribute names read better as other words.
ATTRIBUTE_WORDS = {
    "vp": "VP",
    "id": "id",
    "offered": "offered sources",
    "spent": "money spent",
}

# The engine's attributes that read as an adjective when used as a condition: "the
# slot is empty". A ruleset's own yes/no fields read by their shape (:func:`is_adjective`).
ADJECTIVES = {"empty", "free", "flipped"}
# English participles without a regular ending ("sold"), for a ruleset's own fields.
IRREGULAR_PARTICIPLES = {"sold", "paid", "held", "kept", "lost", "sent", "spent", "won", "made", "shut", "laid", "bought"}
# ... or as something the object has: "the card has a pile".
POSSESSIONS = {
    "pile": "a pile",
    "token": "a token",
    "link": "a link",
    "tile": "a tile",
}

COMPARISONS = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2}

# Verbs a procedure's name may start with: a name that does not ("beer_bonus") is a
# thing that applies, read "apply the merchant's beer bonus". Plain English, no
# edition's words.
DEED_VERBS = set(
    "add advance apply build buy call check choose clear close collect construct consume count deal discard "
    "draw end fill flip gain gather give lose lower make move open pass pay place play put raise refill "
    "remove repay reset return reveal score sell set ship shuffle start take trade turn use".split()
)
# Words after a verb that say where or how, not what: "sell the mill abroad".
PARTICLES = {"abroad", "away", "back", "down", "off", "out", "over", "up", "aside", "in"}

# A name that ends in one of these is no noun: a field ``closed_at`` reads by its
# heading, a definition ``ports_for(mill)`` as "the ports for the mill".
PREPOSITIONS = {"at", "from", "by", "to", "of", "in", "on", "for", "with", "after", "before", "until"}

# Participles a bound result is named by: ``build_tile ... as built`` reads "the tile built".
BIND_NOUNS = {"build_tile": "tile", "place_link": "link", "reveal_token": "token", "consume": "consumption"}
PARTICIPLE = re.compile(r"^[a-z]+(ed|en|wn|lt|ught|ne)$")


def is_adjective(name: str) -> bool:
    """A yes/no field named by an adjective or a participle: "developable", "sold"."""
    last = name.split("_")[-1]
    return name in ADJECTIVES or last.endswith(("able", "ible")) or last in IRREGULAR_PARTICIPLES or bool(PARTICIPLE.match(last))


def names_a_deed(name: str) -> bool:
    """A procedure named by what it does: "play_card", "flip"; not "beer_bonus"."""
    first = name.split("_")[0]
    return "_" not in name or first in DEED_VERBS


def possession(name: str) -> str:
    """A yes/no field named by a thing, as what its object has: "a trade icon", "market
    access" (no article before a word that is mostly not counted: -ss, -ing, -ion...)."""
    if name in POSSESSIONS:
        return POSSESSIONS[name]
    words = words_of(name)
    uncounted = words.endswith(("ss", "ing", "ness", "ment", "age", "ledge", "ship")) or words.endswith("s")
    return words if uncounted else with_article(words)


def singular(noun: str) -> str:
    """One of a plural noun: "industries" -> "industry", "tiles" -> "tile"."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun[:-1]
    return noun


def attribute_words(name: str) -> str:
    """An attribute's name as words: ``vp`` reads "VP"."""
    return ATTRIBUTE_WORDS.get(name, words_of(name))

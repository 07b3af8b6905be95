"""Comparisons read by what they compare, as a rulebook says them.

:class:`ComparisonReadings` is mixed into the condition readings. A comparison
of a thing's kind, of the era, of a count, of an owner or of a definition's
list reads as the claim it makes: "the card is an industry card", "it is the
Canal era", "your hand is empty", "the slot's tile is yours", "the slot is one
of the preferred spaces", rather than as the comparison of two values.
"""

from __future__ import annotations

import re

from ..language import ast
from .words import ORDINALS, PREPOSITIONS, attribute_words, singular, with_article, words_of

# len(x) compared with a number: what the claim says of the collection.
COUNT_CLAIMS = {("==", 0): "none", ("<=", 0): "none", ("<", 1): "none", (">", 0): "some", (">=", 1): "some", ("!=", 0): "some", ("==", 1): "one"}



class ComparisonReadings:
    """Comparisons in English; relies on the value and condition readings of ``English``."""

    def _position_comparison(self, left, op: str, right):
        """``era.index == 0``: a place in an ordered list, counted from 0, reads by its
        ordinal, "the era is the first"; None for any other comparison."""
        if op not in ("==", "!=") or not (isinstance(left, ast.Attribute) and left.name == "index"):
            return None
        if not (isinstance(right, ast.Const) and type(right.value) is int and 0 <= right.value < len(ORDINALS)):
            return None
        subject = "you" if isinstance(left.obj, ast.Name) and left.obj.id == "you" and "you" not in self.local else self.value(left.obj)
        be = self._subject_is(subject)
        return f"{subject} {be} {'not ' if op == '!=' else ''}the {ORDINALS[right.value]}"

    def _is_you(self, e) -> bool:
        return isinstance(e, ast.Name) and e.id == "you" and "you" not in self.local

    def _none_left(self, func: str, resource):
        """``cubes_on_board(r) == 0``: "no cube of coal is left on the board";
        ``market_cubes(r) == 0``: "the coal market is empty"."""
        if not self.is_builtin_function(func):
            return None
        if func == "cubes_on_board":
            return f"no cube of {self.value(resource)} is left on the board"
        if func == "market_cubes":
            market = self._board_thing("market", resource) or f"the market of {self.value(resource)}"
            return f"{market} is empty"
        return None

    def _kind_comparison(self, left, op: str, right):
        """``card.kind == "industry"``: "the card is an industry card"."""
        if op not in ("==", "!=") or not (isinstance(left, ast.Attribute) and left.name == "kind"):
            return None
        if not (isinstance(right, ast.Const) and isinstance(right.value, str)):
            return None
        return self._is_kind(left.obj, [right.value], negated=op == "!=")

    def _is_kind(self, obj, kinds: list, negated: bool):
        """A thing of one of some kinds, named with its noun: "an industry card", "a town
        location"; None unless the thing reads as "the NOUN"."""
        subject = self.value(obj)
        found = re.fullmatch(r"the ([a-z]+)", subject)
        if found is None:
            return None
        noun = found.group(1)
        names = [with_article(words_of(k)) + ("" if words_of(k).endswith(noun) else f" {noun}") for k in kinds]
        return self._one_of(subject, "is", names, negated)

    def _era_comparison(self, left, op: str, right):
        """``era.id == "canal"``: "it is the Canal era", by the board's name for it."""
        if op not in ("==", "!=") or not (isinstance(left, ast.Name) and left.id == "era" and "era" not in self.local):
            return None
        if not (isinstance(right, ast.Const) and isinstance(right.value, str)):
            return None
        era = next((e for e in getattr(self.board, "eras", None) or () if e.id == right.value), None)
        if era is None or not isinstance(getattr(era, "name", None), str):
            return None
        return f"it is {'not ' if op == '!=' else ''}the {era.name}"

    def _count_comparison(self, left, op: str, right):
        """``len(x) == 0`` and the like as a rulebook says them: "your hand is empty",
        "the player has tiles", "the free space has exactly one industry"."""
        if not (isinstance(left, ast.Call) and left.func == "len" and len(left.args) == 1 and self.is_builtin_function("len")):
            return None
        if not (isinstance(right, ast.Const) and type(right.value) is int):
            return None
        n = right.value
        how = COUNT_CLAIMS.get((op, n)) or ("at least" if op == ">=" and n > 1 else None)
        if how is None:
            return None
        return self._count_claim(left.args[0], how, n)

    def _count_claim(self, collection, how: str, n: int):
        owner, noun = self._owner_and_noun(collection)
        if noun is None:
            if owner is None:
                return None
            text = self.value(collection)
            return {"none": f"{text} is empty", "some": f"{text} is not empty"}.get(how)
        if owner is None:  # "the ports for the mill": no owner to have them
            first, _, rest = noun.removeprefix("the ").partition(" ")
            one = with_article(singular(first)) + (f" {rest}" if rest else "")
            return {"none": f"there is no {singular(first)}{' ' + rest if rest else ''}", "some": f"there is {one}"}.get(how)
        subject = "you" if owner == "you" else self.value(owner)
        if "(" in subject or " and " in subject or " or " in subject:
            return None
        have = "have" if subject == "you" else "has"
        if noun in ("hand", "discard pile"):
            where = self.possessive(collection.obj, noun)
            texts = {"none": f"{where} is empty", "some": f"{where} is not empty"}
            texts["one"] = f"{subject} {have} exactly one card in {where}"
            texts["at least"] = f"{subject} {have} at least {n} cards in {where}"
            return texts[how]
        texts = {"none": f"{subject} {have} no {noun}", "some": f"{subject} {have} {noun}"}
        texts["one"] = f"{subject} {have} exactly one {singular(noun)}"
        texts["at least"] = f"{subject} {have} at least {n} {noun}"
        return texts[how]

    def _owner_and_noun(self, collection):
        """Whose collection and what it holds: (``you``, "hand"), (the tile, "buyers");
        (None, "the ports for the mill") for a definition named with a preposition; (the
        collection, None) for one that is a name (the draw deck); (None, None) otherwise."""
        if isinstance(collection, ast.Attribute):
            owner = "you" if isinstance(collection.obj, ast.Name) and collection.obj.id == "you" and "you" not in self.local else collection.obj
            noun = {"discard": "discard pile"}.get(collection.name, self.field_words(collection.name))
            return owner, noun
        if isinstance(collection, ast.Call) and self._is_definition(collection.func) and len(collection.args) == 1 and not collection.kwargs:
            if collection.func.rsplit("_", 1)[-1] in PREPOSITIONS:
                return None, self.value(collection)
            arg = collection.args[0]
            return ("you" if isinstance(arg, ast.Name) and arg.id == "you" else arg), words_of(collection.func)
        if isinstance(collection, ast.Name):
            return collection, None
        return None, None

    def _none_comparison(self, left, exists: bool) -> str:
        """``x != none`` as a rulebook says it: "the slot has a tile", "the tile exists",
        "you have a tile of the industry left on your mat"."""
        if isinstance(left, ast.Call) and left.func == "lowest_tile" and len(left.args) == 2 and self.is_builtin_function("lowest_tile"):
            owner, industry = left.args
            subject = "you" if self._is_you(owner) else self.value(owner)
            have = "have" if subject == "you" else "has"
            mat = self.possessive(owner, "mat") if subject == "you" else "their mat"
            return f"{subject} {have} {'a' if exists else 'no'} tile of {self.value(industry)} left on {mat}"
        if isinstance(left, ast.Attribute) and left.name not in ("id", "name"):
            subject = "you" if isinstance(left.obj, ast.Name) and left.obj.id == "you" and "you" not in self.local else self.value(left.obj)
            if self._simple_owner(subject) or subject == "you":
                have = "have" if subject == "you" else "has"
                thing = attribute_words(left.name)
                return f"{subject} {have} {with_article(thing) if exists else 'no ' + thing}"
        if isinstance(left, ast.Name) and left.id in self.local and self.local[left.id].startswith("the "):
            # a name of the rule: "there is no card"; one a ``let`` gave: "there is such a tile"
            noun = self.local[left.id][4:]
            such = "such " if left.id in self.let_names else ""
            return f"there is {such}{with_article(noun)}" if exists else f"there is no {such}{noun}"
        text = self.grouped(left, self.value(left))
        return f"{text} {'exists' if exists else 'does not exist'}"

    def pile_word(self):
        """What the cards of the face-up piles have in common, by their names: "wild"
        (Wild location, Wild industry); None without piles or a shared first word."""
        piles = getattr(self.board, "piles", None) or {}
        names = [card.name.split() for card, _count in piles.values()]
        if not names or any(len(n) < 2 for n in names) or len({n[0].lower() for n in names}) != 1:
            return None
        return names[0][0].lower()

"""Moves that do the same thing are one move.

A move that makes one choice several times (the tiles a short player sells at
the end of a round, the tiles of a Sell action) can often make those choices
in another order and leave the game just as it would: sell A then B, or B
then A. Those are one move, the first in the rules' order; the other orders
may still be typed, and stand for it. Compared, by the digest of the state
each leaves, are only the moves that make the same decisions (as a multiset)
with their repeated ``choose`` decisions in another order. A few are replayed
one by one; where they are many (a Sell of three or four tiles, each with its
beer: thousands of orders), one search of their action walks them as a tree,
the orders sharing the decisions they start with, and takes the digest at
each move's end. Moves that differ only in where resources come from (this coal for
the first link and that for the second, or the other way round) are not
another order of the same choices, and are not compared: that would replay
most rail and develop moves, at a millisecond each. A move that chooses
nothing twice, the common case, costs one look at its keys.

A mixin of :class:`brass.game.runner.Runner`, whose questions it asks (``rerun``,
``moves``, ``all_paths``, ``at_frame_start``...).
"""

from __future__ import annotations

import collections
import itertools
from typing import TYPE_CHECKING, Optional

from ..errors import RuleRuntimeError
from ..language import ast
from ..language.codegen.search import Deferred, decisions as path_decisions, expand, order_key, run_frame, weight as _weight
from ..language.decisions import notation as value_notation
from ..language.limits import MAX_MOVES

if TYPE_CHECKING:
    from .moves import FrameState, Move


class SameMoves:
    """Listing one move per effect (see the module's text); mixed into the Runner."""

    def one_path_per_effect(self, game, frame: FrameState, found: list, complete: bool = True) -> list:
        """Paths found by generated code, (path, stopped, action), without those whose move
        does what an earlier one making the same choices in another order does. The same
        list if none is left out (so that draws from it stay as they were); else each
        path that may be reordered is replaced by the full paths of its moves kept.
        ``complete``: the paths are every move of their actions, as a listing finds them
        (else a few picked out of one, whose moves are replayed: see :meth:`_path_effects`)."""
        return self._one_path_per_notation(game, frame, self._one_path_per_order(game, frame, found, complete))

    def _one_path_per_order(self, game, frame: FrameState, found: list, complete: bool = True) -> list:
        """The paths without those making an earlier one's choices in another order, to its effect."""
        skip = len(frame.script)
        orders, suspects = self._choice_orders(game, frame, found)
        compared = [i for i, groups in suspects.items() if any(len(orders[group]) > 1 for group in groups)]
        if not compared:
            return found
        # Those paths expanded whole, in the rules' order: the first of each effect is kept.
        fulls = [(i, whole) for i in compared for whole in _expanded(*found[i])]
        fulls.sort(key=lambda full: order_key(full[1][0]))
        items = []
        for _, (path, _, action) in fulls:
            name = frame.move_name(action)
            [(group, _)] = _path_choices(name, path, skip, _repeated_choices(path, skip))
            items.append((_path_signature(name, path, skip) if len(orders[group]) > 1 else None, _path_tokens(path, skip)))
        leaves = collections.Counter()  # each action's moves: what searching it again would visit
        for path, _, action in found:
            leaves[frame.move_name(action)] += _weight(path)

        def effects_of(indices: list) -> list:
            return self._path_effects(game, frame, [fulls[i][1] for i in indices], leaves)

        keep = self._first_of_each_effect(game, frame, items, effects_of if complete else None)  # else each replayed
        if all(keep):
            return found
        kept: dict = {i: [] for i in compared}
        for (i, entry), keep_it in zip(fulls, keep):
            if keep_it:
                kept[i].append(found[i] if entry[0] is found[i][0] else entry)  # a full path found stays itself
        result = []
        for i, entry in enumerate(found):
            result.extend(kept[i] if i in kept else [entry])  # each path's moves in the rules' order, as expand gives them
        return result

    def _one_path_per_notation(self, game, frame: FrameState, found: list) -> list:
        """The paths without those written as an earlier one is: where one ``optionally``
        is decided twice, "yes" in the first round or in the second are one move, the
        first in the rules' order, as the listing has it. The same list if none is left out."""
        may_repeat = _may_repeat_an_option(game.rules)
        suspects = [i for i, (_, _, action) in enumerate(found) if action is None or action.name in may_repeat]
        if not suspects:
            return found
        skip = len(frame.script)
        fulls = [(i, whole) for i in suspects for whole in _expanded(*found[i])]
        fulls.sort(key=lambda full: order_key(full[1][0]))
        seen, kept = set(), {i: [] for i in suspects}
        for i, entry in fulls:
            path, _, action = entry
            written = (frame.move_name(action), _printed(path, skip))
            if written not in seen:
                seen.add(written)
                kept[i].append(found[i] if entry[0] is found[i][0] else entry)
        if sum(len(paths) for paths in kept.values()) == sum(_weight(found[i][0]) for i in suspects):
            return found
        result = []
        for i, entry in enumerate(found):
            result.extend(kept[i] if i in kept else [entry])
        return result

    def _choice_orders(self, game, frame: FrameState, found: list) -> tuple:
        """For paths found by generated code: each group of moves (see _choices) with the
        orders its choices come in, and for each path that repeats a choice, by its index,
        the groups of its moves."""
        skip = len(frame.script)
        orders: dict = {}
        suspects: dict = {}
        may_repeat = _may_repeat_a_choice(game.rules)
        for i, (path, _, action) in enumerate(found):
            if action is not None and action.name not in may_repeat:
                continue  # its code makes no choice twice: nothing to look at
            repeated = _repeated_choices(path, skip)
            if repeated is None:
                continue
            groups = suspects[i] = set()
            for group, order in _path_choices(frame.move_name(action), path, skip, repeated):
                orders.setdefault(group, set()).add(order)
                groups.add(group)
        return orders, suspects

    def one_move_per_effect(self, game, frame: FrameState, moves: list) -> list:
        """Moves in the rules' order, without those that do what an earlier one making the
        same choices in another order does (as :meth:`one_path_per_effect`)."""
        choices = {i: c for i, c in enumerate(_move_choices(move) for move in moves) if c is not None}
        compared = {i for i, flag in zip(choices, _reorderable(list(choices.values()))) if flag}
        items = [(_move_signature(move) if i in compared else None, _move_tokens(move)) for i, move in enumerate(moves)]
        keep = self._first_of_each_effect(game, frame, items)
        return [move for move, kept in zip(moves, keep) if kept]

    def _first_of_each_effect(self, game, frame: FrameState, items: list, effects_of=None) -> list:
        """For (signature, tokens) in the rules' order (signature None: not compared), True
        for each move but those that do what an earlier one with its signature does.
        ``effects_of(indices)``: what the items at these indices do, as :meth:`_effects`
        says (by default, each replayed)."""
        groups: dict = {}
        for index, (signature, _) in enumerate(items):
            if signature is not None:
                groups.setdefault(signature, []).append(index)
        keep = [True] * len(items)
        compared = [index for members in groups.values() if len(members) > 1 for index in members]
        if not compared:
            return keep
        if effects_of is None:
            found = self._effects(game, frame, [items[index][1] for index in compared])
        else:
            found = effects_of(compared)
        effects = dict(zip(compared, found))
        for members in groups.values():
            seen = set()
            for index in members:
                effect = effects.get(index)
                if effect in seen:
                    keep[index] = False
                seen.add(effect)
        return keep

    def _effects(self, game, frame: FrameState, moves_tokens: list) -> list:
        """What each move (its decisions, as tokens) does; see :meth:`_effect`. One budget
        for them all, so that listing a position's moves costs at most that many replays."""
        budget = [SAME_EFFECT_BUDGET]
        with self.at_frame_start(game):
            return [self._effect(game, frame, tuple(frame.script) + tuple(tokens), budget) for tokens in moves_tokens]

    def _path_effects(self, game, frame: FrameState, paths: list, leaves: collections.Counter) -> list:
        """What the moves of these full paths do, as :meth:`_effects` says. Where an
        action has many of them (a Sell of three or four tiles: thousands of orders, a
        third of a millisecond each to replay), its moves that finish the frame are
        found again by one search of that action, which walks the orders as a tree,
        sharing the decisions they start with, and takes the state's digest at each
        move's end, where a replay would take it; the rest are replayed, in their
        order (the budget of :meth:`_effects` is spent only on frames that go on)."""
        skip = len(frame.script)
        wanted: dict = {}
        for position, (path, stopped, action) in enumerate(paths):
            if stopped is None:
                wanted.setdefault(frame.move_name(action), []).append(position)
        effects: list = [_UNKNOWN] * len(paths)
        for name, positions in wanted.items():
            if len(positions) * REPLAY_COST < leaves[name] or leaves[name] > MAX_MOVES:
                continue  # replaying the few is cheaper than walking every move of the action
            only = name if frame.kind == "action" else None
            at_leaves = self._digests_at_leaves(game, frame, only)
            for position in positions:
                path = paths[position][0]
                found = at_leaves.get(_leaf_key(path, only))
                if found is not None and found[0] is None and _keys(found[1]) == _keys(path):
                    effects[position] = found[2]
        replayed = [position for position, effect in enumerate(effects) if effect is _UNKNOWN]
        for position, effect in zip(replayed, self._effects(game, frame, [_path_tokens(paths[position][0], skip) for position in replayed])):
            effects[position] = effect
        return effects

    def _digests_at_leaves(self, game, frame: FrameState, only: Optional[str]) -> dict:
        """For each move of the frame (of the action ``only``), by its order_key: (stopped,
        its full path, the state's digest at its end), as one search finds them from
        the state the frame started in; empty if that search fails (the moves are then
        replayed, which says as much as it could)."""
        state = game.state
        distinct: dict = {}  # one digest object per state: the equal ones are dropped at once

        def digest():
            found = state.digest()
            return distinct.setdefault(found, found)

        try:
            with self.at_frame_start(game):
                search = run_frame(game, frame, "all", only=only, on_leaf=digest)
        except Exception:  # noqa: BLE001 - the replays that follow answer exactly
            return {}
        return {_leaf_key(path, only): (stopped, path, found) for (path, stopped, _), found in zip(search.found, search.scores)}

    def _effect(self, game, frame: FrameState, script: tuple, budget: list):
        """What the frame's decisions ``script`` leave, run from the state the frame started
        in (and put back): the state, and if the frame goes on, each way it can go on to
        its end, for the rule code's own variables (not in the state) may differ. Past
        the budget of moves looked at (shared by the calls), a value unlike any other."""
        journal = game.state.journal
        mark = journal.mark()
        trusted = frame.kind == "action" and not frame.script and all(len(token) > 2 for token in script)  # values given: no checking
        try:
            (path, stopped, action), reveals = self.rerun(game, script, trusted)
            digest = game.state.digest()
        except RuleRuntimeError:
            return object()
        finally:
            journal.rollback(mark)
        if stopped is None:
            return digest
        waiting = stopped[1] if stopped[1] is not None and stopped[1] >= 0 else frame.you
        texts = tuple((token[0], token[1] if token[1] is not None else value_notation(token[2])) for token in script)
        ways = set()
        for move in self._next_moves(game, frame.but(script=texts, waiting=waiting, reveals=reveals)):
            budget[0] -= 1
            if budget[0] < 0:
                return object()
            ways.add((move, self._effect(game, frame, texts + move, budget)))
        return digest, waiting, frozenset(ways)

    def kept_move(self, game, move: Move) -> Move:
        """The listed move that does what a legal move does: itself, unless it makes the
        same choices as an earlier move in another order, to the same effect."""
        choices = _move_choices(move)
        if choices is None:
            return move
        frame = game.state.frame
        only = move.frame if frame.kind == "action" and not frame.script else None
        signature = _move_signature(move)
        search = self.all_paths(game, only)  # first, cheaply: do its choices come in another order at all?
        if search is None:
            listed = [other for other in self.moves(game, only) if _move_signature(other) == signature]
        else:
            orders, suspects = self._choice_orders(game, frame, search.found)
            if len(orders.get(choices[0], ())) <= 1:
                return move
            # Only the moves making the same choices are compared with it: listing every
            # move of the action would compare every other group's orders too (a Sell of
            # three tiles: thousands of replays, at each parse of a bot's plan).
            skip = len(frame.script)
            alike = [whole for i in suspects for whole in _expanded(*search.found[i]) if _path_signature(frame.move_name(whole[2]), whole[0], skip) == signature]
            listed = [other for other in self.moves_of_paths(game, frame, alike, complete=False) if _move_signature(other) == signature]
        text = move.notation()
        if not listed or any(other.notation() == text for other in listed):
            return move
        effects = self._effects(game, frame, [_move_tokens(move)] + [_move_tokens(other) for other in listed])
        return next((other for other, effect in zip(listed, effects[1:]) if effect == effects[0]), move)


# Comparing a move after which its frame goes on follows every way it can go on; past
# this many moves looked at, in one listing, the moves are kept apart, which is never
# wrong, only longer. At about a millisecond a replay, that bounds the cost at some
# 0.2 s a listing. (Each compared move had a budget of 2,000 of its own at first: a
# Lancashire Sell of several mills, whose frame goes on after a mill sold abroad, could
# then cost seconds a listing, the likely cause of a bot decision of over 30 s.)
SAME_EFFECT_BUDGET = 200

# A replay of a move costs about as much as visiting this many moves in a search that
# takes a digest at each: an action's moves are searched again, rather than replayed
# one by one, where those to compare are at least this share of them.
REPLAY_COST = 5

_UNKNOWN = object()  # a move's effect not yet found


def _may_repeat_a_choice(rules) -> frozenset:
    """The actions whose code can make one ``choose`` twice in a move (in a loop, or
    the same name twice, directly or in the procedures it calls); cached on the rules."""
    return _may_decide_twice(rules, ast.Choose)


def _may_repeat_an_option(rules) -> frozenset:
    """The actions whose code can decide one ``optionally`` twice in a move: there a
    "yes" in one round and in another are written alike, and are one move."""
    return _may_decide_twice(rules, ast.Optionally)


def _may_decide_twice(rules, kind) -> frozenset:
    """The actions whose code can take a decision of this kind (ast.Choose or
    ast.Optionally) twice under one name in a move; cached on the rules."""
    cache = rules.__dict__.setdefault("_may_decide_twice", {})
    if kind in cache:
        return cache[kind]
    declarations = rules.declarations

    def repeats(body, in_loop: bool, names: set, calling: frozenset) -> bool:
        for stmt in body:
            if isinstance(stmt, kind):
                if in_loop or stmt.name in names:
                    return True
                names.add(stmt.name)
            if isinstance(stmt, ast.If):
                branches = [branch for _, branch in stmt.branches] + [stmt.otherwise]
                if any(repeats(branch, in_loop, names, calling) for branch in branches):
                    return True
            elif isinstance(stmt, (ast.For, ast.Repeat)):
                if repeats(stmt.body, True, names, calling):
                    return True
            elif isinstance(stmt, ast.Optionally):
                if repeats(stmt.body, in_loop, names, calling):
                    return True
            elif isinstance(stmt, ast.CallProcedure) and ("procedure", stmt.name) in declarations:
                if stmt.name in calling or repeats(declarations["procedure", stmt.name].body, in_loop, names, calling | {stmt.name}):
                    return True  # a recursive call: it may decide again
        return False

    found = frozenset(
        name for (kind_, name), decl in declarations.items() if kind_ == "action" and repeats(decl.body, False, set(), frozenset())
    )
    cache[kind] = found
    return found


def _repeated_choices(path, skip: int) -> Optional[set]:
    """The keys a path's move chooses more than once (``choose`` decisions), or None."""
    keys = [
        entry.key if entry.__class__ is Deferred else entry[0]
        for entry in path[skip:]
        if (entry.kind if entry.__class__ is Deferred else entry[4]) == "choose"
    ]
    if len(keys) == len(set(keys)):
        return None  # the common case: as quick as can be
    return {key for key in keys if keys.count(key) > 1}


def _path_choices(frame_name: str, path, skip: int, repeated: set) -> list:
    """_choices of each move a path stands for, without expanding the choices deferred
    on it that are made once (they do not change the order)."""
    once, slots = [], []
    for entry in path[skip:]:
        deferred = entry.__class__ is Deferred
        if (entry.kind if deferred else entry[4]) != "choose":
            continue
        key = entry.key if deferred else entry[0]
        if key not in repeated:
            once.append(key)
        elif deferred:
            slots.append([(key, entry.texts[index] if entry.texts is not None else value_notation(value)) for index, value in entry.valid])
        else:
            slots.append([(key, entry[2] if entry[2] is not None else value_notation(entry[1]))])
    once = tuple(sorted(once))
    return [((frame_name, tuple(sorted(order)), once), order) for order in itertools.product(*slots)]


def _choices(frame_name: str, chosen: list, repeated: set) -> tuple:
    """What tells whether a move may be another's choices in another order: (its group:
    the frame, the repeated choices in no order, the keys chosen once; the repeated
    choices in order)."""
    order = tuple((key, text) for key, text in chosen if key in repeated)
    once = tuple(sorted(key for key, _ in chosen if key not in repeated))
    return (frame_name, tuple(sorted(order)), once), order


def _reorderable(choices: list) -> list:
    """For each move's _choices, True if another move makes the same choices in another
    order: only those are compared by effect. (Developing coal twice is one order, whichever
    iron goes to which.)"""
    orders: dict = {}
    for group, order in choices:
        orders.setdefault(group, set()).add(order)
    return [len(orders[group]) > 1 for group, _ in choices]


def _leaf_key(path, only: Optional[str]) -> tuple:
    """What tells a full path from the others of its frame, in a search of every action
    or of one (``only``): the position of each of its options (the same code run on
    the same state offers the same options), but the action's among fewer actions."""
    return order_key(path[1:] if only is not None else path)


def _keys(path) -> tuple:
    return tuple(entry[0] for entry in path)


def _expanded(path, stopped, action) -> list:
    return [(full, stopped, action) for full in expand(path)]


def _printed(path, skip: int) -> tuple:
    """The decisions a full path's move is written with, in order: its notation."""
    return tuple((d.key, d.text) for d in path_decisions(path[skip:]) if d.printed)


def _path_signature(frame_name: str, path, skip: int) -> tuple:
    """The frame and the decisions of a full path's move, in no order."""
    return (frame_name, tuple(sorted((entry[0], entry[2] if entry[2] is not None else value_notation(entry[1])) for entry in path[skip:])))


def _path_tokens(path, skip: int) -> list:
    return [(entry[0], entry[2], entry[1]) for entry in path[skip:]]


def _move_choices(move: Move) -> Optional[tuple]:
    """_choices of a move, or None if it chooses nothing twice."""
    chosen = [(d.key, d.text) for d in move.decisions if d.kind == "choose"]
    keys = [key for key, _ in chosen]
    if len(keys) == len(set(keys)):
        return None
    return _choices(move.frame, chosen, {key for key in keys if keys.count(key) > 1})


def _move_signature(move: Move) -> tuple:
    """The frame and the decisions of a move, in no order."""
    return (move.frame, tuple(sorted((d.key, d.text) for d in move.decisions)))


def _decision_counts(move: Move) -> collections.Counter:
    """A move's decisions in no order."""
    return collections.Counter((d.key, d.text) for d in move.decisions)


def _move_tokens(move: Move) -> list:
    if move.values is not None:
        return [(d.key, d.text, value) for d, value in zip(move.decisions, move.values)]
    return [(d.key, d.text) for d in move.decisions]

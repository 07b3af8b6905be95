"""The run-time side of generated rule code: one search through a frame.

:class:`Search` offers keywords and functions the same interface as the
interpreter's :class:`~brass.language.runtime.Run` (``state``, ``journal``,
``you``, ``fire``...), and the generated code's decision points: ``choose``,
``offered`` (a keyword's options), ``option`` (``optionally``) and ``more``
(another round of a repeat). Each is a generator that yields the options to
follow, records each on the path and rolls the state back after it, exactly as
:func:`brass.language.decisions.decide` does. The modes:

* ``all``: every option, in order (the legal moves);
* ``first``: the first complete path (is there any move?);
* ``random``: the first complete path, options tried in random order;
* ``replay``: the decisions given, strictly in order (applying a move).

The first decisions of a frame already played (its *script*) are replayed in
every mode. A path ends early, as a move, when the next decision is another
player's or follows a reveal.
"""

from __future__ import annotations

import itertools
import math

from ..decisions import notation
from ..limits import MAX_MOVES, MAX_STEPS, check_combinations, too_many_moves, too_much_work
from ..runtime import Decision, RuleRun
from ..vocabulary import Offer, Problem


FAILED = object()  # a value hoisted out of a loop whose computation raised (computed again in place)
UNSET = object()  # a kept value not computed yet


class Done(Exception):
    """Raised at the first complete path in the modes that want only one."""


class Deferred:
    """A choice taken last (see :mod:`brass.language.codegen.analysis`): on a path,
    it stands for each of its valid options, which are counted, not explored."""

    __slots__ = ("key", "valid", "printed", "decider", "test", "kind", "texts")

    def __init__(self, key, valid, printed, decider, test, kind="choose", texts=None):
        self.key = key
        self.valid = valid  # (index, value) of each option whose statements succeed
        self.printed = printed
        self.decider = decider
        self.test = test  # test(value): run the choice's statements (state changed; True if they succeed)
        self.kind = kind
        self.texts = texts  # the options' notation, by index, where the rules gave it

    def entry(self, index: int, value) -> tuple:
        text = self.texts[index] if self.texts is not None else None
        return (self.key, value, text, self.printed, self.kind, self.decider, index)


def _in_order(path, moved) -> tuple:
    """The path with each decision taken out of order put back where it belongs."""
    entries = list(path)
    for position, at in moved:
        entries.insert(at, entries.pop(position))
    return tuple(entries)


def weight(path) -> int:
    """How many moves a path stands for: the product of its deferred choices' options."""
    count = 1
    for entry in path:
        if entry.__class__ is Deferred:
            count *= len(entry.valid)
    return count


def expand(path):
    """Each full path a path with deferred choices stands for, in the rules' order."""
    slots = [i for i, entry in enumerate(path) if entry.__class__ is Deferred]
    if not slots:
        yield path
        return
    for combination in itertools.product(*(path[i].valid for i in slots)):
        full = list(path)
        for i, (index, value) in zip(slots, combination):
            full[i] = path[i].entry(index, value)
        yield tuple(full)


def nth(path, number: int) -> tuple:
    """The full path number ``number`` (0 <= number < weight(path)) of a path."""
    full = list(path)
    for i in range(len(path) - 1, -1, -1):
        entry = path[i]
        if entry.__class__ is Deferred:
            number, pick = divmod(number, len(entry.valid))
            full[i] = entry.entry(*entry.valid[pick])
    return tuple(full)


def order_key(path) -> tuple:
    """Where a full path comes in the interpreter's order: its options' positions."""
    return tuple(entry[6] for entry in path)


class Search(RuleRun):
    """One run of generated code over the game state."""

    def __init__(self, game, mode: str, *, you=None, tokens=(), prefix: int = 0, mover=None, rng=None, reveals: int = 0):
        super().__init__(game, mode, you, rng, mover)  # reveals counts the script's replayed ones too
        self.decider = you.index if you is not None else -1
        self.tokens = tokens
        self.pos = 0
        self.prefix = prefix
        self.reveals_before = reveals  # how many of them earlier moves of the frame made
        self.path: list = []
        self.found: list = []  # (path, stopped, action) of each complete path
        self.on_leaf = None  # called at each complete path, while its effects are on the state
        self.scores: list = []  # what on_leaf returned, path by path
        self.memo: dict = {}  # deferred choices' valid options, shared by actions that start alike
        self.deferred: list = []  # the deferred choices made, whose tests release() lets go
        self.counting = mode in ("all", "first")  # moves are counted, not played: a settled rest need not run
        self.scored = 0  # moves scored (limits.MAX_MOVES)
        self.moved: list = []  # (position, belongs at) of decisions on the path taken out of order
        self.action = None
        self.handlers = game.ruleset.fast.handlers
        self.clauses = game.ruleset.fast.clauses
        # The interpreter's interface, for words that ask.
        self.explains = False
        self.diagnose = False

    def tick(self, steps: int = 1) -> None:
        """Steps taken: a round of a loop, or options tried or counted (limits.MAX_STEPS)."""
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise too_much_work()

    step = tick  # the interpreter's name for it, for interpreted code a search runs

    # -- what keywords and functions use
    def fire(self, event: str, *args) -> bool:
        for handler in self.handlers.get(event, ()):
            if not handler(self, *args):
                return False
        return True

    def clause(self, compiled, **names):
        """A resource declaration's clause, as generated code (the interpreter's if none)."""
        function = self.clauses.get(id(compiled))
        if function is None:
            from ..runtime import Frame

            return compiled(Frame(names, self))
        return function(self, **names)

    def fail(self, *args, **kwargs) -> None:
        """Reasons are the interpreter's business; generated code only finds paths."""

    @property
    def revealed(self) -> bool:
        return self.reveals > self.reveals_before

    # -- paths
    def leaf(self, stopped=None) -> None:
        """A complete path (or one that ends here as a move, ``stopped`` says why)."""
        if self.pos < len(self.tokens):
            return  # decisions were given that nothing asked for
        path = tuple(self.path) if not self.moved else _in_order(self.path, self.moved)
        if self.on_leaf is None:
            self.found.append((path, stopped, self.action))
        else:
            self._score(path, stopped)
        if self.mode != "all":
            raise Done

    def _score(self, path, stopped) -> None:
        """Score each full move of a path, with its deferred choices' statements applied."""
        journal = self.journal
        deferred = [(i, entry) for i, entry in enumerate(path) if entry.__class__ is Deferred]
        self.scored += weight(path)
        if self.scored > MAX_MOVES:
            raise too_many_moves(self.scored)  # each is a move to play out and score
        for full in expand(path):
            mark = journal.mark()
            for i, entry in deferred:
                entry.test(full[i][1])
            self.found.append((full, stopped, self.action))
            self.scores.append(self.on_leaf())
            journal.rollback(mark)

    # -- deferred choices
    def remembered(self, key, name: str):
        """A deferred choice already worked out in this search (on the path now), None
        if it has no valid option, or UNSET if it was not worked out yet."""
        group = self.memo.get(key, UNSET)
        if group is not UNSET and group is not None:
            self.path.append(group)
        return group

    def defer(self, key, name: str, options, printed: bool, decider: int, test):
        """Settle a choice at the end of each path; None if no option's statements succeed."""
        valid = []
        journal = self.journal
        entries = journal.entries
        first = self.mode == "first"  # one valid option will do
        for index, value in enumerate(options):
            self.tick()
            mark = len(entries)
            if test(value):
                valid.append((index, value))
            if len(entries) > mark:
                journal.rollback(mark)
            if first and valid:
                break
        group = Deferred(name, valid, printed, decider, test) if valid else None
        if group is not None:
            self.deferred.append(group)
        if key is not None and not first:
            self.memo[key] = group
        if group is not None:
            self.path.append(group)
        return group

    def release(self) -> None:
        """Let go of the deferred choices' tests once the search is over (only
        scoring a path runs them): each test is a closure holding this search, and
        the paths found hold the choices, so without this the search and all it
        found would wait for the garbage collector instead of going at once."""
        for group in self.deferred:
            group.test = None
        self.deferred.clear()

    def undefer(self) -> None:
        self.path.pop()

    # -- the last decision of a path whose rest cannot fail (analysis.settled)
    def counted(self, key: str, options, printed: bool, decider: int, kind: str = "choose", texts=None, at=None) -> None:
        """Every option is a complete move: one path stands for all of them (``at``: as choose)."""
        mover = self.mover
        if (mover is not None and decider >= 0 and decider != mover) or self.reveals > self.reveals_before:
            self.leaf(self._stop(decider))
            return
        if not options:
            return
        self.tick(len(options))  # each a move, as the interpreter would take it
        if at is not None:
            self.moved.append((len(self.path), at))
        self.path.append(Deferred(key, list(enumerate(options)), printed, decider, None, kind, texts))
        try:
            self.leaf()
        finally:
            self.path.pop()
            if at is not None:
                self.moved.pop()

    def tested(self, options, test) -> list:
        """The options for which test() holds, the state put back after each."""
        journal = self.journal
        entries = journal.entries
        valid = []
        for value in options:
            self.tick()
            mark = len(entries)
            if test(value):
                valid.append(value)
            if len(entries) > mark:
                journal.rollback(mark)
        return valid

    def counted_offer(self, result, decider: int) -> None:
        pairs = result.options
        self.counted(result.key, [value for value, _ in pairs], len(pairs) != 1, decider, "offer", _texts(pairs))

    def _stop(self, decider):
        """Why the path ends before a decision, or None."""
        if self.mode == "replay":
            return ("need", decider) if self.pos >= len(self.tokens) else None
        if self.mover is not None and decider >= 0 and decider != self.mover:
            return ("handoff", decider)
        if self.reveals > self.reveals_before:
            return ("reveal", decider)
        return None

    # -- decision points
    def choose(self, key: str, options, printed: bool, decider: int, kind: str = "choose", texts=None, at=None):
        """Each option of a decision, with the path and the state put back after each.

        ``at``: the decision was moved after others (analysis.sinking); on the path
        it belongs at that position, where complete paths put it back."""
        if self.pos < self.prefix or self.mode == "replay":
            yield from self._replay(key, options, printed, decider, kind, texts)
            return
        mover = self.mover
        if (mover is not None and decider >= 0 and decider != mover) or self.reveals > self.reveals_before:
            self.leaf(self._stop(decider))
            return
        path = self.path
        journal = self.journal
        entries = journal.entries
        if at is not None:
            self.moved.append((len(path), at))
        if self.mode == "random":
            order = list(range(len(options)))
            self.rng.shuffle(order)
            for index in order:
                self.tick()
                mark = len(entries)
                path.append((key, options[index], texts[index] if texts is not None else None, printed, kind, decider, index))
                yield options[index]
                path.pop()
                if len(entries) > mark:
                    journal.rollback(mark)
            if at is not None:
                self.moved.pop()
            return
        index = 0
        for value in options:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise too_much_work()
            mark = len(entries)
            path.append((key, value, texts[index] if texts is not None else None, printed, kind, decider, index))
            yield value
            path.pop()
            if len(entries) > mark:
                journal.rollback(mark)
            index += 1
        if at is not None:
            self.moved.pop()

    def _replay(self, key, options, printed, decider, kind, texts):
        tokens = self.tokens
        if self.pos >= len(tokens):
            if self.pos >= self.prefix:  # every decision given is taken: the path ends here
                self.leaf(("need", decider))
            return
        token = tokens[self.pos]
        token_key, text = token[0], token[1]
        if token_key != key:
            return
        if len(token) > 2:  # the value itself, from a move the game made: found by identity
            chosen = token[2]
            for index, value in enumerate(options):
                if value is chosen:
                    self.pos += 1
                    self.path.append((key, value, texts[index] if texts is not None else text, printed, kind, decider, index))
                    yield value
                    return
            if text is None:  # a playout gives values only: then it is matched by its notation
                text = notation(chosen)
        for index, value in enumerate(options):
            written = texts[index] if texts is not None else notation(value)
            if written == text:
                self.pos += 1
                self.path.append((key, value, written, printed, kind, decider, index))
                yield value
                return

    def taken(self, key: str, decider: int):
        """The value of the next decision, given with a move the game made here: it
        stands as it is (the variant that applies such moves lists no options)."""
        tokens = self.tokens
        if self.pos >= len(tokens):
            self.leaf(("need", decider))
            return
        token = tokens[self.pos]
        if token[0] != key or len(token) < 3:
            return
        self.pos += 1
        self.path.append((key, token[2], token[1], True, "choose", decider, 0))
        yield token[2]

    def offered(self, result, decider: int):
        """What a choice keyword gave: each option it offers, applied; or its own result."""
        if result.__class__ is not Offer:
            if not isinstance(result, Problem):
                yield result
            return
        pairs = result.options
        values = [value for value, _ in pairs]
        texts = _texts(pairs)
        apply = result.apply
        for value in self.choose(result.key, values, len(values) != 1, decider, "offer", texts):
            applied = apply(value)
            if not isinstance(applied, Problem):
                yield applied

    def option(self, key: str, decider: int):
        """An optional step: without it, then with it."""
        yield from self.choose(key, _NO_YES, None, decider, "option", _NO_YES_TEXT)

    def more(self, key: str, decider: int):
        """Another round of a repeat the player may stop: no, then yes."""
        yield from self.choose(key, _NO_YES, False, decider, "more", _NO_YES_TEXT)


def _texts(pairs):
    """An offer's notations, or None where they are written only when asked for."""
    if pairs and pairs[0][1] is None:
        return None
    return [text for _, text in pairs]


_NO_YES = (False, True)
_NO_YES_TEXT = ("no", "yes")


def offered(search: Search, result, decider: int):
    """What generated code loops over for a choice keyword: the options it offers
    (a decision), else its own result once, or nothing if it is a Problem."""
    if result.__class__ is Offer:
        return search.offered(result, decider)
    if isinstance(result, Problem):
        return ()
    return (result,)


def decisions(path) -> tuple:
    """The Decision objects of a path (as the interpreter records them)."""
    result = []
    for key, value, text, printed, kind, decider, _ in path:
        if text is None:
            text = notation(value)
        if printed is None:  # an optional step is written when taken
            printed = value is True
        result.append(Decision(key, text, printed, kind, decider))
    return tuple(result)


# ----------------------------------------------------------- helpers in the code


def unique_by_identity(items) -> list:
    """Board objects without repeats (a hand holds copies of one card), first first."""
    return list(dict.fromkeys(items))


_EXPANDED_COMBINATIONS = 20_000  # above this, copies are skipped as they are listed


def multisets(items, count: int) -> list:
    """Every way to pick ``count`` of the items (copies count), order ignored, in the
    interpreter's order (brass.language.statements._multisets), found by itertools."""
    firsts, copies, at = [], [], {}
    for item in items:
        text = notation(item)
        position = at.get(text)
        if position is None:
            at[text] = len(firsts)
            firsts.append(item)
            copies.append(1)
        else:
            copies[position] += 1
    check_combinations(copies, count)  # how many, before listing any (limits.py)
    if all(c == 1 for c in copies):
        return list(itertools.combinations(firsts, count))
    total = sum(copies)
    if math.comb(total, count) <= _EXPANDED_COMBINATIONS:
        # Each item repeated as often as it has copies, in order of first sight: its
        # combinations come in the interpreter's order, repeats kept once, all in C.
        expanded = [item for item, n in zip(firsts, copies) for _ in range(n)]
        return list(dict.fromkeys(itertools.combinations(expanded, count)))
    result, picked, left = [], [], copies[:]

    def extend(start: int) -> None:  # non-decreasing positions, none used past its copies
        if len(picked) == count:
            result.append(tuple(picked))
            return
        for i in range(start, len(firsts)):
            if left[i]:
                left[i] -= 1
                picked.append(firsts[i])
                extend(i)
                picked.pop()
                left[i] += 1

    extend(0)
    return result


def decider_of(player) -> int:
    return player.index if player is not None else -1


# ------------------------------------------------------------------ frames


def run_frame(game, frame, mode: str, tokens=(), *, rng=None, cheapest_first=False, only=None, on_leaf=None, trusted=False, sample=False) -> Search:
    """Run a frame's generated code from its start; the Search holds what it found.

    The script of decisions the frame has already taken comes first (replayed),
    then ``tokens``; in ``replay`` mode every decision must be given. Finding
    every move (``all``) or any (``first``) in a fresh action frame runs the
    optimised actions, whose paths may hold deferred choices (see :func:`expand`);
    so does a ``random`` search with ``sample`` (a playout's: it need not draw the
    interpreter's random numbers)."""
    state = game.state
    generated = game.ruleset.fast
    you = state.players[frame.you] if frame.you is not None else None
    tokens = tuple(frame.script) + tuple(tokens)
    search = Search(
        game,
        mode,
        you=you,
        tokens=tokens,
        prefix=len(tokens),
        mover=frame.waiting if mode != "replay" else None,
        rng=rng,
        reveals=frame.reveals,
    )
    search.on_leaf = on_leaf
    search.counting = search.counting and on_leaf is None and not tokens
    try:
        if frame.kind == "action":
            key = (state.actions_left, only, cheapest_first)
            listed = generated.action_lists.get(key)
            if listed is None:  # the same few lists, asked for several times a move
                actions = [a for a in game.rules.actions.values() if a.uses <= state.actions_left and (only is None or a.name == only)]
                if cheapest_first:  # to learn quickly whether any move exists: short actions first
                    actions.sort(key=lambda a: len(a.body))
                listed = generated.action_lists[key] = (actions, [a.name for a in actions])
            actions, texts = listed
            optimised = (mode in ("all", "first") or sample and mode == "random") and not frame.script and not tokens
            if optimised:
                functions = generated.fast_actions
            elif trusted and mode == "replay":  # a move the game made here, with its values
                functions = generated.applying_actions
            else:
                functions = generated.actions
            for action in search.choose("action", actions, True, frame.you, "action", texts):
                search.action = action
                functions[action.name](search)
        else:
            function, decides = generated.procedures[frame.name]
            if decides:
                function(search, search.leaf, *frame.args)
            elif function(search, *frame.args):
                search.leaf()
    except Done:
        pass
    except Exception as error:
        name_rule_line(error, generated)
        raise
    finally:
        search.release()
    return search


def name_rule_line(error: BaseException, generated) -> None:
    """Add to an error raised inside generated code a note naming the rule it runs
    (its file, line and text), once: a traceback then points at the rules, not
    only at the Python made from them."""
    where = generated.rule_line_of(error)
    if where is None or getattr(error, "_rule_line_named", False):
        return
    text = " ".join(where.text.split())
    error.add_note(f"in the generated code of {where.file}:{where.line}" + (f": {text}" if text else ""))
    try:
        error._rule_line_named = True
    except AttributeError:  # an exception whose attributes are fixed: the note is enough
        pass

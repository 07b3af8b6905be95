"""A written move read against the legal ones, and the rules' reasons when it fits none.

The text is read into tokens (:mod:`brass.game.notation`), then the interpreter
reads the tokens as a move of the frame that waits, the way the rules ask for
them: in their order first, then by name in any order. A text that fits one
legal move is that move; one that fits several is ambiguous; one that fits
none is refused with the reasons of the rule it got furthest in, or, where a
name is misspelt, with the names meant.
"""

from __future__ import annotations

import difflib
from typing import Iterator, Optional

from ..errors import AmbiguousMoveError, GameOverError, IllegalMoveError, InvalidMoveError, MoveError, RuleRuntimeError
from ..language.decisions import spelling, spellings
from ..language.statements import SHOWN_CHOICES
from .moves import Move
from .notation import parse_move
from .runner import code_of
from .same_moves import _decision_counts


def parse(game, text: str) -> Move:
    """The legal move a text stands for; raises a MoveError saying why not.

    The notation first, strictly (each choice named, or left out where only one
    possibility is left); then, if that finds no move and the text has words it did
    not read as notation, the words as a player says them (:mod:`brass.game.wording`)."""
    frame = game.state.frame
    if frame is None:
        raise GameOverError("the game is over: no more moves")
    text = _named_in_its_case(game, text)
    try:
        return _strict(game, text)
    except MoveError as error:
        refusal = error
    said = _as_said(game, text, refusal)  # out of the except: its refusals are not "during" this one
    if said is None:
        raise refusal
    return said


def _named_in_its_case(game, text):
    """The text with its action (or waiting procedure) written as the rules name it: 'Build' is build."""
    if not isinstance(text, str) or not text.split():
        return text
    first, _, rest = text.strip().partition(" ")
    frame = game.state.frame
    names = list(game.rules.actions) if frame.kind == "action" and not frame.script else [frame.name]
    if first not in names:
        same = [name for name in names if name.lower() == first.lower()]
        if len(same) == 1:
            return f"{same[0]} {rest}".strip()
    return text


def _strict(game, text: str) -> Move:
    """The move the text names in the notation, or a MoveError saying why none."""
    frame = game.state.frame
    rules = game.rules
    first = text.split(maxsplit=1)[0] if isinstance(text, str) and text.split() else None
    if frame.kind == "action" and not frame.script and first is not None and first not in rules.actions:
        # The action first: 'xyzzy 42' is an unknown action, whatever follows it.
        actions = list(rules.actions)
        close = difflib.get_close_matches(first.lower(), actions, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise InvalidMoveError(f"{first!r} is not an action{hint}; the actions are: {', '.join(actions)}")
    name, tokens = parse_move(text)
    if frame.kind == "action" and not frame.script:
        action = rules.actions[name]
        if action.uses > game.state.actions_left:
            raise IllegalMoveError(text, [f"{action.title} takes {action.uses} actions and you have {game.state.actions_left} left"], f"cannot {action.title.lower()}")
        tokens = [("action", name)] + tokens
    elif name != frame.name:
        raise InvalidMoveError(f"the game is waiting for a decision in {frame.name!r}, not in {name!r}; write '{frame.name} ...'")
    runner = game.runner
    found = {}
    failures = []
    deepest, best_reading = -1, (False, False)  # the reading that got furthest says why it fails
    # Written in the rules' order first (a move's own notation always is),
    # then matched by name in any order; then, if a choice is written more
    # than once (develop's two industries), its values in any order: the
    # rules may list such moves once, in one order, and a person need not know which.
    for in_order, values_any_order in _readings(tokens):
        with runner.at_frame_start(game) as frame:
            run = runner.reading(game, frame, tokens)
            run.in_order = in_order
            run.values_any_order = values_any_order
            re_paired = False
            for move in runner.read_moves(game, frame, run):
                if values_any_order and not keeps_pairs(tokens, move):
                    re_paired = True  # the written values, paired otherwise than written: not what was said
                    continue
                found.setdefault(move.notation(), move)
                if len(found) > 1:
                    break
            if re_paired and not found:
                break  # why it fails is the by-name reading's reason
            best = run.best_failures()
            depth = max((f.depth for f in best), default=-1)
            if depth > deepest or not failures:
                if depth > deepest:
                    deepest, best_reading = depth, (in_order, values_any_order)
                failures = best or failures
        if found:
            break
    if len(found) == 1:
        return runner.kept_move(game, next(iter(found.values())))
    if len(found) > 1:
        all_found = [m.notation() for m in _matching(game, tokens)]
        raise AmbiguousMoveError(text, all_found or list(found))
    choices, kinds = _choices_now(game, name)
    respelt = _respelt(game, name, tokens, choices)
    if respelt is not None:
        return _strict(game, respelt)
    error = _illegal(game, text, tokens, failures, values_any_order=best_reading[1])
    if not any("(did you mean" in reason for reason in error.reasons):
        # The rules' reason comes from the path the search got furthest on, which
        # may not offer the misspelt value's choice at all: say what was meant.
        for key, value in tokens:
            # Only a thing chosen by name: a source (dudley.0*2, oxford:1) is read by the rules.
            if key in choices and value is not None and kinds[key] == "choose":
                _check_spelt(game, name, key, value, choices[key])
    raise error


def keeps_pairs(tokens, move: Move) -> bool:
    """Does a move found with a repeated choice's values in any order keep together what
    was written together? ``sell tile=a beer=x tile=b beer=y`` is two rounds, (a, x) and
    (b, y); a move that sells a with y and b with x is another move, not this one. Each
    written round (the repeated choices from one's first name to the next) must be
    within one round of the move, each in its own."""
    written = [(key, value) for key, value in tokens if value is not None]
    counts: dict = {}
    for key, _ in written:
        counts[key] = counts.get(key, 0) + 1
    repeated = {key for key, n in counts.items() if n > 1}
    if not repeated:
        return True
    values = move.values if move.values is not None else (None,) * len(move.decisions)
    made = _rounds([(d.key, spellings(v, d.text)) for d, v in zip(move.decisions, values) if d.key in repeated])
    said = _rounds([(key, spelling(value.strip("'\""))) for key, value in written if key in repeated])
    return _within(said, made, set())


def _rounds(choices: list) -> list:
    """Choices split into rounds: a round ends where a choice it has comes again."""
    rounds: list = [[]]
    for key, value in choices:
        if any(key == k for k, _ in rounds[-1]):
            rounds.append([])
        rounds[-1].append((key, value))
    return rounds


def _within(said: list, made: list, used: set) -> bool:
    """Can each written round go into its own round of the move (a round of the move
    holds a written choice if it makes that choice with a value so written)?"""
    if not said:
        return True
    first, rest = said[0], said[1:]
    for number, round_made in enumerate(made):
        if number in used:
            continue
        left = list(round_made)
        fits = True
        for key, value in first:
            match = next((i for i, (k, names) in enumerate(left) if k == key and value in names), None)
            if match is None:
                fits = False
                break
            left.pop(match)
        if fits and _within(rest, made, used | {number}):
            return True
    return False


def _as_said(game, text: str, refusal) -> Optional[Move]:
    """When the notation finds no move: the words as a player says them
    (:mod:`brass.game.wording`). None where there is nothing more to read (every word
    is notation, and the refusal stands); else the one move they fit, or a MoveError:
    the moves they fit, to choose among, or why none does."""
    from .notation import words as split_words
    from .wording import Matcher, reading, split

    if not isinstance(text, str) or not text.split():
        return None
    said_words = split_words(text)
    name, rest = said_words[0], said_words[1:]
    words = split(rest)
    frame = game.state.frame
    if frame.kind == "action" and not frame.script:
        if name not in game.rules.actions:
            return None
        if game.rules.actions[name].uses > game.state.actions_left:
            return None
    elif name != frame.name:
        return None
    only = name if frame.kind == "action" and not frame.script else None
    matcher = Matcher(list(game.runner.moves(game, only)), game.board)
    if not matcher.moves:
        return None  # no legal move of the action: the rules' reason says why
    fitting = matcher.matching(words)
    if len(fitting) == 1:
        return fitting[0]  # listed here, now: a move of the moves kept
    if fitting:
        raise AmbiguousMoveError(text, [move.notation() for move in fitting])
    if not words.bare:
        return None  # every choice named, and no move has them: the rules' refusal says why
    what = f"a {name}" if frame.kind == "action" and not frame.script else name
    unknown = matcher.unknown(words.bare)
    if any(_asked_somewhere(game, name, word) for word in unknown):
        return None  # a step of the rules, not possible here: their refusal says why
    if unknown:
        close = matcher.close_to(unknown[0])
        hint = f" (did you mean {close}?)" if close else ""
        raise InvalidMoveError(f"{unknown[0]!r} names nothing in this game{hint}; the choices of {what} now are: {', '.join(matcher.keys)}")
    meant = reading(matcher, name, words)
    if meant is None or meant == text:
        return None
    try:
        return _strict(game, meant)
    except IllegalMoveError as error:
        raise IllegalMoveError(text, error.reasons + [f"read as '{meant}'"], error.summary) from None
    except MoveError:
        return None


def checked(game, move: Move) -> Move:
    """The legal move here that a Move from elsewhere is, decision for decision."""
    text = move.notation()
    legal = parse(game, text)
    # The same decisions in another order, to the same effect, stand for the move kept.
    if _decision_counts(legal) != _decision_counts(move):
        raise IllegalMoveError(text, [f"it is not a whole move here: the legal move it stands for is {legal.notation()!r}, with the decisions {', '.join(d.key for d in legal.decisions)}"])
    return legal


def _choices_now(game, name: str) -> tuple:
    """Each choice the legal moves of this action (or of the waiting frame) make now,
    with the values they give it: (key -> {text: value}, in the rules' order; key ->
    the kind of decision)."""
    frame = game.state.frame
    only = name if frame.kind == "action" and not frame.script else None
    choices: dict = {}
    kinds: dict = {}
    for move in game.runner.moves(game, only):
        values = move.values if move.values is not None else (None,) * len(move.decisions)
        for decision, value in zip(move.decisions, values):
            if decision.kind not in ("action", "more"):  # "more": a repeat's say, never written
                choices.setdefault(decision.key, {}).setdefault(decision.text, value)
                kinds[decision.key] = decision.kind
    return choices, kinds


def _respelt(game, name: str, tokens, choices: dict) -> Optional[str]:
    """When no legal move fits a text: the text with its choices' names written out
    in full, if one is a unique start of a choice name ('loc' for location) or in
    other case; None if all the names are the legal moves' own. A name no legal
    move of the action has is refused here, with the names it has: the search
    would only say that nothing in the move it got furthest with asks for it."""
    if not choices:
        return None  # no legal move: the rules' reason says why
    words, changed = [], False
    for key, value in tokens:
        if key == "action":
            continue
        if key in choices:
            words.append(key if value is None else f"{key}={value}")
            continue
        starts = [k for k in choices if k.lower() == key.lower()] or [k for k in choices if k.startswith(key.lower())]
        if len(starts) == 1:
            words.append(starts[0] if value is None else f"{starts[0]}={value}")
            changed = True
            continue
        owners = _owners(key, choices) if value is None else []
        if len(owners) == 1:  # a value alone, of one choice only: 'build cotton'
            words.append(f"{owners[0]}={key}")
            changed = True
            continue
        if _asked_somewhere(game, name, key):
            return None  # a choice of the rules, not possible now: their reason says why
        raise InvalidMoveError(_not_a_choice_name(game, name, key, value, choices, starts))
    return " ".join([name] + words) if changed else None


def _check_spelt(game, name: str, key: str, value: str, options: dict) -> None:
    """Refuse a value that no legal move has and that names nothing in the game: a
    misspelling, with the legal ones close to it. (A real name that is not possible
    now is left to the rules, which say why.)"""
    written = spelling(value.strip("'\""))
    by_spelling = {s: t for t, v in options.items() for s in spellings(v, t)}
    if written in by_spelling or written in game.ruleset.spellings:
        return
    close = difflib.get_close_matches(written, list(by_spelling), n=3, cutoff=0.6)
    if not close:
        return
    hint = " or ".join(dict.fromkeys(by_spelling[c] for c in close))
    what = f"a {name}" if name in game.rules.actions else name
    shown = ", ".join(list(options)[:SHOWN_CHOICES])
    more = f", ... and {len(options) - SHOWN_CHOICES} more" if len(options) > SHOWN_CHOICES else ""
    raise InvalidMoveError(f"{value!r} names nothing in this game (did you mean {key}={hint}?); the possible ones for {key} in {what} now are: {shown}{more}")


def _asked_somewhere(game, name: str, key: str) -> bool:
    """Does the code of this action (or procedure) ask for this choice anywhere?"""
    from ..explain.asked import guards

    declaration = code_of(game.rules, name)
    return declaration is not None and guards(declaration.body, key, game.rules.declarations) is not None


def _owners(word: str, choices: dict) -> list:
    """The choices that have a value written as this word."""
    return [k for k, options in choices.items() if any(spelling(word) in spellings(v, t) for t, v in options.items())]


def _not_a_choice_name(game, name: str, key: str, value, choices: dict, starts: list) -> str:
    what = f"a {name} now" if name in game.rules.actions else f"{name} now"
    names = ", ".join(choices)
    if value is None:  # a value written without the name of its choice?
        owners = _owners(key, choices)
        if owners:
            ways = " or ".join(f"{k}={key}" for k in owners)
            return f"'{key}' alone is not a choice: write which choice it is for, {ways}; the choices of {what} are: {names}"
        by_spelling = {s: (k, t) for k, options in choices.items() for t, v in options.items() for s in spellings(v, t)}
        close = difflib.get_close_matches(spelling(key), list(by_spelling), n=1, cutoff=0.7)
        if close:
            k, t = by_spelling[close[0]]
            return f"'{key}' is not a choice of {what} (did you mean {k}={t}?); a choice is written NAME=VALUE, and the choices are: {names}"
    close = starts or difflib.get_close_matches(key.lower(), list(choices), n=2, cutoff=0.6)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return f"'{key}' is not a choice of {what}{hint}; its choices are: {names}"


def _readings(tokens) -> Iterator[tuple]:
    """(in_order, values_any_order) for each way to read a move's tokens, in turn:
    in the rules' order; by name in any order; and, if a choice is written more
    than once (develop's two industries), by name with its values in any order too.
    Each is one search of the rules, so reading a move costs a few listings at most."""
    yield True, False
    yield False, False
    keys = [key for key, value in tokens if value is not None]
    if len(keys) != len(set(keys)):
        yield False, True


def _matching(game, tokens) -> list:
    runner = game.runner
    result = {}
    with runner.at_frame_start(game) as frame:
        run = runner.reading(game, frame, tokens)
        run.in_order = False
        for move in runner.read_moves(game, frame, run):
            result.setdefault(move.notation(), move)
            if len(result) >= 50:
                break
    return list(result.values())


def _illegal(game, text, tokens, failures, values_any_order: bool = False) -> IllegalMoveError:
    runner = game.runner
    with runner.at_frame_start(game) as frame:
        run = runner.reading(game, frame, tokens, diagnose=True)
        run.in_order = False
        run.values_any_order = values_any_order
        try:
            for _ in runner.read_moves(game, frame, run):
                pass
        except RuleRuntimeError:
            # Going on past a failed requirement can run into what that
            # requirement guards against; the reasons found so far stand.
            if not run.failures:
                raise
        detailed = run.best_failures()
    chosen = detailed or failures
    reasons = []
    summary = ""
    for position, failure in enumerate(chosen):
        # One citation for a run of reasons from the same rule.
        following = chosen[position + 1] if position + 1 < len(chosen) else None
        reasons.append(failure.text(with_cite=following is None or following.cite != failure.cite))
        if failure.describe and not summary:
            summary = f"cannot {failure.describe}"
    if not summary and frame.kind == "action" and not frame.script:
        action = game.rules.actions.get(tokens[0][1]) if tokens else None
        if action is not None:
            summary = f"cannot {action.title.lower()}"
    if not reasons:
        reasons = ["no legal move fits it"]
    return IllegalMoveError(text, reasons, summary)

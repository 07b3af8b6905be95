"""Properties of every input from outside, tried by hypothesis.

Whatever a player types, whatever Move object a program builds, whatever record
or ruleset data arrives, the engine either accepts it whole or refuses it with
its own error, and a refusal leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import functools
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from brass import Game
from brass.errors import BrassError, MoveError, RecordError, RulesetError
from dataclasses import replace

from brass.language.runtime import Decision
from tests.support.fingerprint import fingerprint

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=None)
def position(ruleset: str, moves: int) -> Game:
    """A game some moves in, the same every time (copied before each trial)."""
    game = Game(ruleset, 3, seed=moves)
    for _ in range(moves):
        game.push(game.random_move(__import__("random").Random(moves)))
    return game


games = st.sampled_from(["birmingham", "lancashire"]).flatmap(lambda name: st.integers(0, 30).map(lambda n: position(name, n)))

# Move text: the words of the notation, pieces of real moves, and anything at all.
words = st.sampled_from(
    ["build", "sell", "network", "develop", "loan", "scout", "pass", "card=", "slot=", "line=", "industry=", "coal=",
     "iron=", "beer=", "tile=", "mill=", "amount=", "cards=", "--", "+", ".", ":", "=", " ", "0", "1", "-1", "99"]
)
texts = st.one_of(
    st.text(max_size=60),
    st.lists(words, max_size=8).map("".join),
    st.lists(st.one_of(words, st.text(max_size=6)), max_size=8).map(" ".join),
)


@FAST
@given(games, texts)
def test_any_move_text_is_played_whole_or_refused_without_a_trace(game, text):
    trial = game.copy()
    before = fingerprint(trial)
    try:
        trial.play(text)
    except MoveError as error:
        assert str(error)
        assert fingerprint(trial) == before
    else:
        assert trial.history[-1].move.player == game.to_move


@FAST
@given(games, st.data())
def test_a_legal_move_mangled_into_another_is_refused_or_is_a_legal_move(game, data):
    """A Move object with a decision changed, dropped or added: the game checks it as if typed."""
    trial = game.copy()
    legal = list(trial.legal_moves)
    move = data.draw(st.sampled_from(legal))
    decisions = list(move.decisions)
    how = data.draw(st.sampled_from(["change", "drop", "add", "keep-stale"]))
    if how == "change" and decisions:
        i = data.draw(st.integers(0, len(decisions) - 1))
        decisions[i] = replace(decisions[i], text=data.draw(st.one_of(st.text(max_size=12), words)))
    elif how == "drop" and decisions:
        decisions.pop(data.draw(st.integers(0, len(decisions) - 1)))
    elif how == "add":
        decisions.append(Decision(data.draw(words).rstrip("="), data.draw(st.text(max_size=8)), True, "choose", move.player))
    forged = type(move)(move.frame, move.player, tuple(decisions))
    before = fingerprint(trial)
    legal_texts = {m.notation() for m in legal}
    try:
        trial.push(forged)
    except MoveError:
        assert fingerprint(trial) == before
    else:
        assert trial.history[-1].move.notation() in legal_texts


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.text(max_size=20) | st.floats(allow_nan=False),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_record_with_any_value_anywhere_replays_or_is_refused(data):
    record = copy.deepcopy(_record())
    where = data.draw(st.sampled_from(list(paths(record))[1:]))
    parent = record
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        parent[where[-1]] = data.draw(json_values)
    elif isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent.pop(where[-1])
    try:
        Game.from_record(json.loads(json.dumps(record)))
    except RecordError as error:
        assert str(error)


@functools.lru_cache(maxsize=None)
def _record() -> dict:
    game = Game("birmingham", 2, seed=5)
    rng = __import__("random").Random(5)
    for _ in range(20):
        game.push(game.random_move(rng))
    return game.record()


@functools.lru_cache(maxsize=None)
def _record_with_position() -> dict:
    """A record that starts from a described position (tiles, cubes, links, hands), some moves in."""
    game = Game("birmingham", 2, seed=9)
    game.set_position(
        {
            "era": "canal",
            "round": 3,
            "turn_order": [1, 0],
            "actions_left": 2,
            "players": [{"money": 20, "income_level": 2, "mat": {"coal": 2}}, {"vp": 3, "spent": 4}],
            "tiles": [{"space": "dudley.0", "owner": 0, "industry": "coal", "level": 1, "cubes": {"coal": 2}}],
            "links": [{"line": "birmingham--dudley", "owner": 1}],
            "markets": {"coal": 5, "iron": 3},
        }
    )
    rng = __import__("random").Random(9)
    for _ in range(8):
        game.push(game.random_move(rng))
    return game.record()


def _mutated(data, record: dict) -> dict:
    """The record with one value anywhere in it replaced by any JSON, or taken out."""
    record = copy.deepcopy(record)
    where = data.draw(st.sampled_from(list(paths(record))[1:]))
    parent = record
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        parent[where[-1]] = data.draw(json_values)
    elif isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent.pop(where[-1])
    return record


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_record_is_refused_by_every_command_without_a_traceback(tmp_path_factory, capsys, data):
    # brass replay and brass svg read the file as a person gives it; Game.from_record
    # takes the record as a program does. Each either works or says what is wrong.
    from brass.cli import main

    record = _mutated(data, _record_with_position())
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for command in (["replay", str(path)], ["svg", str(path)]):
        code = main(command)
        out, err = capsys.readouterr()
        assert code in (0, 1, 2), (command, code)
        assert "Traceback" not in out + err
        if code:
            assert err.startswith("brass: "), err
    try:
        Game.from_record(json.loads(json.dumps(record)))
    except RecordError as error:
        assert str(error)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_position_with_any_value_anywhere_is_set_whole_or_refused(data):
    from brass.position import PositionError

    spec = {
        "era": "canal",
        "players": [{"money": 20, "hand": ["stafford"], "mat": {"coal": 2}}, {"vp": 3}],
        "tiles": [{"space": "dudley.0", "owner": 0, "industry": "coal", "level": 2, "cubes": {"coal": 1}}],
        "links": [{"line": "birmingham--dudley", "owner": 1}],
        "markets": {"coal": 5},
        "piles": {"wild-location": 4},
    }
    where = data.draw(st.sampled_from(list(paths(spec))[1:]))
    parent = spec
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = data.draw(json_values)
    game = Game("birmingham", 2, seed=1)
    before = fingerprint(game)
    try:
        game.set_position(spec)
    except PositionError:
        assert fingerprint(game) == before
    else:
        from brass.invariants import broken_invariants

        assert broken_invariants(game) == []


# Ruleset data: a number, a string or a list anywhere in a data file changed, the
# ruleset loads or is refused with a RulesetError naming the problem.
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_ruleset_data_with_any_value_changed_loads_or_is_refused(tmp_path_factory, data):
    import shutil
    from pathlib import Path

    import yaml

    from brass.ruleset import load_ruleset

    source = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham"
    folder = tmp_path_factory.mktemp("variant") / "birmingham"
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__", "introductory", "open_beer", "__init__.py"))
    name = data.draw(st.sampled_from(sorted(p.name for p in (folder / "data").glob("*.yaml"))))
    path = folder / "data" / name
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(list(paths(document))[1:]))
    parent = document
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = data.draw(json_values)
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    try:
        ruleset = load_ruleset(str(folder))
    except RulesetError as error:
        assert str(error)
        return
    # It loaded: then a game of it runs, or stops with one of our own errors.
    game = Game(ruleset, 2, seed=1)
    rng = __import__("random").Random(1)
    try:
        for _ in range(30):
            if game.is_over():
                break
            game.push(game.random_move(rng))
    except BrassError:
        pass

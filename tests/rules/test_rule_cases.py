"""Rule cases as data: a position, a move, and what must follow.

Each YAML file under tests/rules/<ruleset>/ holds cases for one part of the
rules, each citing the rule it checks; every rule has a legal side and an
illegal side. A case's ``position`` is laid over the file's (key by key).
The format is described in tests/rules/README.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from brass import AmbiguousMoveError, Game, IllegalMoveError, InvalidMoveError

HERE = Path(__file__).parent


def _cases():
    for path in sorted(HERE.glob("*/*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        for number, case in enumerate(document["cases"]):
            ident = f"{path.parent.name}/{path.stem}::{case['name']}"
            yield pytest.param(document, case, id=ident)


def _position(document: dict, case: dict) -> dict:
    """The file's position with the case's laid over it: players seat by seat, the rest key by key."""
    position = dict(document.get("position") or {})
    for key, value in (case.get("position") or {}).items():
        if key == "players" and "players" in position:
            base = list(position["players"])
            for seat, fields in enumerate(value):
                if seat < len(base):
                    merged = dict(base[seat] or {})
                    for twin, other in (("income_level", "income_space"), ("income_space", "income_level")):
                        if twin in (fields or {}):
                            merged.pop(other, None)
                    base[seat] = {**merged, **(fields or {})}
                else:
                    base.append(fields)
            position["players"] = base
        else:
            position[key] = value
    return position


def make_game(document: dict, case: dict) -> Game:
    players = case.get("players", document.get("players", 2))
    game = Game(case.get("ruleset", document["ruleset"]), players, seed=case.get("seed", document.get("seed", 1)))
    game.set_position(_position(document, case), any_cards=True)  # a case may hand out any card
    for text in case.get("before", []):
        game.play(text)
    return game


ERRORS = {"illegal": IllegalMoveError, "invalid": InvalidMoveError, "ambiguous": AmbiguousMoveError}


@pytest.mark.parametrize("document, case", list(_cases()))
def test_rule_case(document, case):
    game = make_game(document, case)
    for text in case.get("legal_includes", []):
        assert text in [m.notation() for m in game.legal_moves], f"{text!r} should be legal"
    for text in case.get("legal_excludes", []):
        assert text not in [m.notation() for m in game.legal_moves], f"{text!r} should not be legal"
    if "legal_count" in case:
        assert game.legal_moves.count() == case["legal_count"]
    if "move" not in case:
        assert "legal_includes" in case or "legal_excludes" in case or "legal_count" in case, "a case checks something"
        return
    if case.get("legal", True):
        move = game.play(case["move"])
        if "notation" in case:
            assert move.notation() == case["notation"]
        check_expectations(game, case.get("expect", {}))
    else:
        before = game.view(None)
        error_type = ERRORS[case.get("error_type", "illegal")]
        with pytest.raises(error_type) as raised:
            game.play(case["move"])
        if "error" in case:
            assert str(raised.value) == case["error"]
        assert game.view(None) == before, "an illegal move must leave the state exactly as it was"
        check_expectations(game, case.get("expect", {}))


def check_expectations(game: Game, expect: dict) -> None:
    state = game.state
    board = game.board
    for key, wanted in expect.items():
        if key in ("money", "vp", "spent", "income_space"):
            for seat, value in wanted.items():
                assert getattr(state.players[seat], key) == value, f"{key} of seat {seat}"
        elif key == "income_level":
            for seat, value in wanted.items():
                assert board.income.level(state.players[seat].income_space) == value, f"income level of seat {seat}"
        elif key == "hand":
            for seat, cards in wanted.items():
                assert sorted(c.id for c in state.players[seat].hand) == sorted(cards), f"hand of seat {seat}"
        elif key == "hand_size":
            for seat, size in wanted.items():
                assert len(state.players[seat].hand) == size, f"hand size of seat {seat}"
        elif key == "discard":
            for seat, cards in wanted.items():
                assert [c.id for c in state.players[seat].discard] == cards, f"discard of seat {seat}"
        elif key == "mat":
            for seat, industries in wanted.items():
                for industry_id, level in industries.items():
                    industry = board.get("industry", industry_id)
                    position = state.players[seat].mat.get(industry_id, 0)
                    lowest = industry.stack[position].level if position < len(industry.stack) else None
                    assert lowest == level, f"lowest {industry_id} on seat {seat}'s mat"
        elif key == "tile":
            for space, fields in wanted.items():
                tile = state.slot_tiles[board.get("slot", space).index]
                if fields is None:
                    assert tile is None, f"{space} should be empty"
                    continue
                assert tile is not None, f"{space} should hold a tile"
                actual = {
                    "owner": tile.owner,
                    "industry": tile.type.industry.id,
                    "level": tile.type.level,
                    "flipped": tile.flipped,
                    "cubes": dict(tile.cubes),
                }
                for field, value in fields.items():
                    assert actual[field] == value, f"{field} of the tile on {space}"
        elif key == "link":
            for line, owner in wanted.items():
                link = state.line_links[board.get("line", line).index]
                assert (link.owner if link else None) == owner, f"link on {line}"
        elif key == "market":
            for market, cubes in wanted.items():
                assert state.markets[market] == cubes, f"cubes in the {market} market"
        elif key == "space_cubes":
            spaces = {s.space.id: s for s in state.spaces}
            for space, cubes in wanted.items():
                assert spaces[space].cubes == cubes, f"cubes on {space}"
        elif key == "piles":
            for pile, count in wanted.items():
                assert state.piles[pile] == count, f"cards on the {pile} pile"
        elif key == "to_move":
            assert game.to_move == wanted
        elif key == "actions_left":
            assert state.actions_left == wanted
        elif key == "turn_order":
            assert state.turn_order == wanted
        elif key == "deck_size":
            assert len(state.deck) == wanted
        elif key == "waiting_in":
            frame = state.frame
            assert (frame.name if frame else None) == wanted
        else:
            raise AssertionError(f"unknown expectation {key!r}")

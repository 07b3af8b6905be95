"""Ruleset data: the facts the reference pins, and how broken data is reported."""

from __future__ import annotations

import shutil
from pathlib import Path

from brass import Game, check_ruleset, load_ruleset

BIRMINGHAM = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham"


def test_birmingham_board_facts():
    board = load_ruleset("birmingham").board
    kinds = [loc.kind for loc in board.locations]
    assert kinds.count("town") == 20
    assert kinds.count("farm") == 2
    assert kinds.count("merchant") == 5
    assert len(board.lines) == 39
    both = [line for line in board.lines if set(line.kinds) == {"canal", "rail"}]
    canal_only = [line.id for line in board.lines if line.kinds == ("canal",)]
    rail_only = [line for line in board.lines if line.kinds == ("rail",)]
    assert (len(both), canal_only, len(rail_only)) == (30, ["burton-on-trent--walsall"], 8)
    assert sum(len(loc.slots) for loc in board.locations) == 49


def test_birmingham_tiles_per_player():
    board = load_ruleset("birmingham").board
    per_industry = {industry.id: len(industry.stack) for industry in board.industries}
    assert per_industry == {"cotton": 11, "manufacturer": 11, "pottery": 5, "coal": 7, "iron": 4, "brewery": 7}
    assert sum(per_industry.values()) == 45


def test_birmingham_decks_and_wild_cards():
    board = load_ruleset("birmingham").board
    for players, size in ((2, 40), (3, 54), (4, 64)):
        assert sum(card.fields["copies"][str(players)] for card in board.cards) == size
    assert {pile: count for pile, (_, count) in board.piles.items()} == {"wild-location": 4, "wild-industry": 4}


def test_birmingham_markets_at_the_start():
    for players in (2, 3, 4):
        game = Game("birmingham", players, seed=players)
        assert game.state.markets == {"coal": 13, "iron": 8}
        # p.4: a barrel beside every non-blank merchant tile, merchant tiles 5/7/9.
        dealt = [s for s in game.state.spaces if s.token is not None]
        assert len(dealt) == {2: 5, 3: 7, 4: 9}[players]
        for space in dealt:
            assert space.cubes == ({"beer": 1} if space.token.fields["goods"] else {})


def test_the_income_track():
    track = load_ruleset("birmingham").board.income
    assert (track.start_space, track.level(track.start_space)) == (10, 0)
    assert (track.min_level, track.max_level, track.top_space) == (-10, 30, 99)
    assert [track.highest_space_of(level) for level in (-10, 0, 1, 10, 11, 20, 21, 29, 30)] == [0, 10, 12, 30, 33, 60, 64, 96, 99]


def test_broken_data_is_reported_all_at_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # messages name files relative to the current directory
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))

    def edit(file, old, new):
        path = folder / file
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))

    edit("data/tiles.yaml", "{level: 2, count: 2, cost: 14, coal: 1,", "{level: 2, count: 2, cost: fourteen, coal: 1,")
    edit("data/tiles.yaml", "  - id: pottery\n    name: Pottery\n", "  - id: pottery\n    nmae: Pottery\n")
    edit("data/board.yaml", "[cotton, manufacturer], [iron]]", "[cotton, manufactory], [iron]]")
    edit("data/links.yaml", "ends: [belper, derby]", "ends: [belper, derbyy]")
    errors = check_ruleset(str(folder), trust=True)
    assert len(errors) == 1
    assert [str(p) for p in errors[0].problems] == [
        "birmingham/data/tiles.yaml:20: industries[cotton].tiles[1].cost: expected an integer or null, found 'fourteen'",
        "birmingham/data/tiles.yaml:37: industries[pottery]: missing field 'name'",
        "birmingham/data/tiles.yaml:37: industries[pottery]: unexpected field 'nmae' (did you mean 'name'?); "
        "allowed fields: id, name, note, sold, tiles",
        "birmingham/data/board.yaml:28: locations[derby].slots[1]: unknown industry 'manufactory'; did you mean 'manufacturer'?",
        "birmingham/data/links.yaml:9: lines[belper--derby].ends[1]: unknown location 'derbyy'; did you mean 'derby'?",
    ]


def test_a_field_the_ruleset_declares_is_checked_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # messages name files relative to the current directory
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    path = folder / "data" / "board.yaml"
    path.write_text(path.read_text().replace("beer_bonus: {type: money, amount: 5}", "beer_bonus: {type: cash, amount: 5}"))
    errors = check_ruleset(str(folder), trust=True)
    assert [str(p) for p in errors[0].problems] == [
        "birmingham/data/board.yaml:204: locations[warrington].beer_bonus.type: 'cash' is not one of 'develop', 'income', 'money', 'victory_points'"
    ]


def test_the_valid_ruleset_has_no_problem():
    assert check_ruleset(str(BIRMINGHAM)) == []


# ------------------------------------------------------------------- Lancashire
def test_lancashire_board_facts():
    board = load_ruleset("lancashire").board
    kinds = [loc.kind for loc in board.locations]
    assert (kinds.count("town"), kinds.count("edge")) == (19, 6)
    assert sum(len(loc.slots) for loc in board.locations) == 43
    edge = {loc.id: (loc.link_icons, loc.fields["trade_icon"]) for loc in board.locations if loc.kind == "edge"}
    assert edge == {
        "scotland": (2, True),
        "yorkshire": (2, True),
        "the-midlands": (2, True),
        "blackpool": (2, False),
        "southport": (2, False),
        "northwich": (2, False),
    }
    kinds_of_lines = [tuple(line.kinds) for line in board.lines]
    assert len(board.lines) == 36
    assert (kinds_of_lines.count(("canal", "rail")), kinds_of_lines.count(("canal",)), kinds_of_lines.count(("rail",))) == (22, 1, 13)


def test_lancashire_tiles_per_player():
    board = load_ruleset("lancashire").board
    per_industry = {industry.id: len(industry.stack) for industry in board.industries}
    assert per_industry == {"cotton": 12, "port": 8, "shipyard": 6, "coal": 7, "iron": 4}
    shipyard = board.get("industry", "shipyard")
    assert [(t.level, t.count, t.fields["cost"], t.fields["eras"]) for t in shipyard.levels] == [
        (0, 2, None, []),
        (1, 2, 16, ["canal"]),
        (2, 2, 25, ["rail"]),
    ]


def test_lancashire_decks_and_markets():
    board = load_ruleset("lancashire").board
    for players, size in ((2, 40), (3, 54), (4, 64)):
        assert sum(card.fields["copies"][str(players)] for card in board.cards) == size
    assert board.piles == {}
    for players, tiles, moves in ((2, 8, 20), (3, 10, 22), (4, 12, 23)):
        game = Game("lancashire", players, seed=players)
        pile = game.state.token_piles["distant_market"]
        assert (len(pile), sum(t.fields["move"] for t in pile)) == (tiles, moves)
        assert game.state.markets == {"coal": 8, "iron": 8}
        assert [p.money for p in game.state.players] == [30] * players

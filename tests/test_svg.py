"""engine/svg.py and brass svg: a picture of any position."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from brass import Game
from brass.bots import make_bot
from brass.cli import main
from brass.svg import PLAYER_COLOURS, abbreviations, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def played(ruleset: str, players: int = 3, moves: int = 50, seed: int = 3) -> Game:
    game = Game(ruleset, players, seed=seed)
    bots = [make_bot("greedy", i) for i in range(players)]
    for _ in range(moves):
        game.push(bots[game.to_move].choose(game))
    return game


def titles(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}title")]


def parts(svg: str, cat: str) -> dict:
    """The pointable parts of one kind (data-cat), by their id (data-value): the words of each."""
    return {g.get("data-value"): g.findtext(f"{SVG}title") for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("data-cat") == cat}


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_the_picture_shows_every_place_tile_and_link(ruleset):
    game = played(ruleset)
    svg = board_svg(game)
    root = ET.fromstring(svg)  # well-formed
    assert root.tag == f"{SVG}svg"
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    for location in game.board.locations:
        assert location.name.split(" (")[0] in texts
    view = game.view(None)
    assert view["tiles"] and view["links"], "the game should have tiles and links by now"
    slots, lines = parts(svg, "slot"), parts(svg, "line")
    assert set(slots) == {slot.id for slot in game.board.slots} and set(lines) == {line.id for line in game.board.lines}
    industries = {i.id: i.name for i in game.board.industries}
    for tile in view["tiles"]:
        owner = view["players"][tile["owner"]]["name"]
        assert f"{owner}'s {industries[tile['industry']]}, level {tile['level']}" in slots[tile["space"]]
    for link in view["links"]:
        assert f"{view['players'][link['owner']]['name']}'s {link['kind']} link" in lines[link["line"]]
    for market in game.board.markets:
        assert f"{market.name}: {view['markets'][market.id]} of {len(market.prices)}" in texts


def test_a_line_of_three_places_is_drawn_as_one_link():
    game = Game("birmingham", 2, seed=1)
    three = next(line for line in game.board.lines if len(line.locations) == 3)
    game.set_position({"links": [{"line": three.id, "owner": 0}]})
    groups = [g for g in ET.fromstring(board_svg(game)).iter(f"{SVG}g") if g.get("data-value") == three.id]
    assert len(groups) == 1
    coloured = [line for line in groups[0].iter(f"{SVG}line") if line.get("stroke").lower() == PLAYER_COLOURS[0].lower()]
    assert len(coloured) == 3  # a fork from the middle to each of its places


def test_a_seat_sees_its_own_hand_and_no_other():
    game = played("birmingham", players=2, moves=4)
    mine = {c.name for c in game.state.players[0].hand} | {c.id for c in game.state.players[0].hand}
    theirs = {c.id for c in game.state.players[1].hand} - mine
    svg = board_svg(game, viewer=0)
    hand_lines = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if (t.text or "").startswith("hand: ")]
    assert any(c in hand_lines[0] for c in mine)
    assert all(card not in " ".join(hand_lines) for card in theirs)
    assert all("cards" in line for line in hand_lines[1:])


def test_industries_are_told_apart_on_the_tiles():
    game = Game("birmingham", 2, seed=1)
    short = abbreviations(game.board.industries)
    assert len(set(short.values())) == len(short)


def test_a_variant_board_is_drawn_from_its_own_data():
    game = Game("lancashire-classic", 3, seed=1)
    svg = board_svg(game)
    ET.fromstring(svg)
    assert "Brass" in svg


def test_brass_svg_draws_a_record_at_a_move(tmp_path, capsys):
    game = played("birmingham", players=2, moves=12)
    path = tmp_path / "game.json"
    game.save(path)
    assert main(["svg", str(path), "--move", "6"]) == 0
    out = capsys.readouterr().out
    ET.fromstring(out)
    early = Game.from_record(dict(game.record(), moves=game.record()["moves"][:6]))
    assert board_svg(early) == out.rstrip("\n")
    assert main(["svg", str(path), "--move", "99"]) == 1
    assert "has 12 moves; --move takes 0 to 12" in capsys.readouterr().err


def test_a_tile_shows_its_level_vp_owner_and_what_selling_it_needs():
    game = Game("birmingham", 2, seed=1)
    game.set_position({"tiles": [{"space": "stafford.1", "owner": 1, "industry": "pottery", "level": 1}]})
    words = parts(board_svg(game, panel=False), "slot")["stafford.1"]
    assert "Player 2's Pottery, level 1" in words and "not flipped" in words
    assert "to sell it: 1 beer" in words and "10 VP once flipped, income +5 when it flips" in words


def test_each_industry_has_a_mark_of_its_own():
    from brass.svg import industry_glyphs

    for ruleset in ("birmingham", "lancashire"):
        marks = industry_glyphs(Game(ruleset, 3, seed=1).board.industries)
        assert len({m["shape"] for m in marks.values()}) == len(marks) == len({m["letters"] for m in marks.values()})


def test_names_take_no_pointer_and_the_map_alone_has_no_panel():
    game = played("birmingham", players=2, moves=10)
    root = ET.fromstring(board_svg(game, 0, panel=False))
    labels = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "labels")
    assert labels.get("pointer-events") == "none"
    assert not [g for g in root.iter(f"{SVG}g") if g.get("id") == "panel"]
    assert any(g.get("id") == "panel" for g in ET.fromstring(board_svg(game, 0)).iter(f"{SVG}g"))


def test_places_show_their_link_icons_and_merchants_their_bonus():
    from brass.svg import link_icons

    game = Game("birmingham", 2, seed=1)
    shrewsbury = game.board.get("location", "shrewsbury")
    assert link_icons(game, shrewsbury) == 2 == game.define("icons", None, shrewsbury)
    places = parts(board_svg(game, panel=False), "place")
    assert places["shrewsbury"].endswith("2 link icons here")
    texts = " ".join(t.text or "" for t in ET.fromstring(board_svg(game, panel=False)).iter(f"{SVG}text"))
    assert "4 VP" in texts and "£5" in texts  # what the beer pays, as the board prints it: Shrewsbury 4 VP, Warrington £5

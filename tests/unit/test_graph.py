"""engine/model/graph.py: connection, distance and networks over the links."""

from brass import Game
from brass.model import graph


def board_with(links, tiles=()):
    game = Game("birmingham", 2, seed=1)
    game.set_position({"era": "canal", "tiles": list(tiles), "links": [{"line": line, "owner": owner} for line, owner in links]})
    return game


def index(game, ident):
    return game.board.get("location", ident).index


def test_connection_follows_links_of_any_owner():
    game = board_with([("birmingham--dudley", 0), ("dudley--wolverhampton", 1)])
    comp = graph.components(game.state)
    assert comp[index(game, "birmingham")] == comp[index(game, "wolverhampton")]
    assert comp[index(game, "birmingham")] != comp[index(game, "coventry")]


def test_distance_counts_link_tiles():
    game = board_with([("birmingham--dudley", 0), ("dudley--wolverhampton", 1)])
    dist = graph.distances(game.state, (index(game, "birmingham"),))
    assert (dist[index(game, "birmingham")], dist[index(game, "dudley")], dist[index(game, "wolverhampton")]) == (0, 1, 2)
    assert index(game, "coventry") not in dist


def test_one_tile_on_a_three_place_line_joins_all_three():
    game = board_with([("kidderminster--worcester", 0)])
    dist = graph.distances(game.state, (index(game, "worcester"),))
    assert dist[index(game, "farm-brewery-south")] == 1
    assert dist[index(game, "kidderminster")] == 1


def test_a_network_is_tiles_and_places_touched_by_links():
    game = board_with([("birmingham--dudley", 0)], [{"space": "coventry.0", "owner": 0, "industry": "pottery"}])
    names = {game.board.locations[i].id for i in graph.network(game.state, 0)}
    assert names == {"birmingham", "dudley", "coventry"}
    assert graph.network(game.state, 1) == frozenset()

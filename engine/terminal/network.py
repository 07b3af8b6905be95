"""The places a player's links and tiles reach, grouped by the player's own links."""

from __future__ import annotations

from ..render import plural
from .changes import level_name, names_by_board

def network_groups(game, player: int) -> list[dict]:
    """The places in a player's network (their tiles' locations, their links' ends),
    grouped by the player's own links; each group with what it holds and the
    further places anyone's links join to it."""
    view = game.view(player)
    board = game.board
    ends = {link["line"]: [loc.index for loc in board.get("line", link["line"]).locations] for link in view["links"]}
    own_links = [link for link in view["links"] if link["owner"] == player]
    places = {board.get("location", t["location"]).index for t in view["tiles"] if t["owner"] == player}
    for link in own_links:
        places.update(ends[link["line"]])
    groups = _components(places, [ends[link["line"]] for link in own_links])
    everyone = _components(set(i for e in ends.values() for i in e) | places, list(ends.values()))
    found = []
    for group in groups:
        reach = next((c for c in everyone if group & c), set(group))
        found.append({
            "places": sorted(group),
            "tiles": [t for t in view["tiles"] if t["owner"] == player and board.get("location", t["location"]).index in group],
            "links": [link for link in own_links if set(ends[link["line"]]) & group],
            "also_reached": sorted(reach - group),
        })
    found.sort(key=lambda g: (-len(g["places"]), g["places"]))
    return found


def _components(nodes: set, edges: list) -> list[set]:
    parent = {n: n for n in nodes}

    def root(n):
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for edge in edges:
        for a, b in zip(edge, edge[1:]):
            parent.setdefault(a, a)
            parent.setdefault(b, b)
            parent[root(a)] = root(b)
    groups: dict = {}
    for n in parent:
        groups.setdefault(root(n), set()).add(n)
    return list(groups.values())


def network_lines(game, player: int, brief: bool = False) -> list[str]:
    """The player's network, group by group: its places (``brief``: only those), its
    tiles and links, and the places others' links join to it."""
    board = game.board
    name = names_by_board(game)
    who = game.state.players[player].name
    groups = network_groups(game, player)
    if not groups:
        return [f"{who} has no network yet: no tile or link on the board."]
    lines = [f"{who}'s network: {plural(len(groups), 'group')} of places joined by {who}'s own links"]
    for number, group in enumerate(groups, 1):
        places = ", ".join(board.locations[i].name for i in group["places"])
        lines.append(f"  {number}. {places}")
        if brief:
            continue
        if group["tiles"]:
            tiles = ", ".join(f"{name('industry', t['industry'])} {level_name(t['level'])}{'*' if t['flipped'] else ''} at {name('location', t['location'])}" for t in group["tiles"])
            lines.append(f"     tiles: {tiles}")
        if group["links"]:
            lines.append("     links: " + ", ".join(f"{link['line']} ({link['kind']})" for link in group["links"]))
        if group["also_reached"]:
            lines.append("     joined by others' links to: " + ", ".join(board.locations[i].name for i in group["also_reached"]))
    return lines



"""Connection, distance and networks over the links on the board.

A link joins every location its line touches (usually two; a line may touch a
third location, when the board prints one line joining three places).
Distances count link tiles. Results are cached by the state's version numbers,
which change whenever a link or tile is placed or removed (and are restored by
rollback), so repeated questions during move generation cost a dictionary look-up.
"""

from __future__ import annotations

from collections import deque

from .state import GameState

_CACHE_LIMIT = 20000


class _Cache(dict):
    def put(self, key, value):
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        self[key] = value
        return value


_components = _Cache()
_distances = _Cache()
_networks = _Cache()
_adjacencies = _Cache()
# A links version that is an earlier one with one link more: new -> (earlier, line, owner, pieces versions).
_steps = _Cache()


def link_added(state: GameState, pieces_before: int, links_before: int, owner: int, line) -> None:
    """Note that the links now are those of ``links_before`` and one more, on ``line``,
    so that connectivity and networks are worked out from the earlier ones."""
    _steps[state.links_version] = (links_before, line, owner, pieces_before, state.pieces_version)
    if len(_steps) >= _CACHE_LIMIT:
        _steps.clear()


def _one_link_on(cache: _Cache, state: GameState, one_more, from_scratch):
    """``cache``'s value for the state's links: worked out by ``one_more(earlier,
    line)`` from the value of the version one link older when that one is known
    (move listing places one link at a time), else by ``from_scratch(state)``."""
    key = state.links_version
    step = _steps.get(key)
    if step is not None:
        earlier = cache.get(step[0])
        if earlier is not None:
            return cache.put(key, one_more(earlier, step[1]))
    return cache.put(key, from_scratch(state))


def _adjacency(state: GameState) -> list[list[int]]:
    """The neighbours of every location (by index) over the links on the board.

    A version one link newer than a known one copies only the rows of the places
    the link touches: move listing asks this once for each link it tries."""
    found = _adjacencies.get(state.links_version)
    if found is not None:
        return found
    return _one_link_on(_adjacencies, state, _adjacency_with, _adjacency_of)


def _adjacency_with(earlier: list, line) -> list[list[int]]:
    neighbours = list(earlier)
    ends = [loc.index for loc in line.locations]
    for a in ends:
        neighbours[a] = neighbours[a] + [b for b in ends if b != a]
    return neighbours


def _adjacency_of(state: GameState) -> list[list[int]]:
    neighbours: list[list[int]] = [[] for _ in state.board.locations]
    for link in state.line_links:
        if link is None:
            continue
        ends = [loc.index for loc in link.line.locations]
        for a in ends:
            for b in ends:
                if a != b:
                    neighbours[a].append(b)
    return neighbours


def components(state: GameState) -> list[int]:
    """Component number of every location (by index); same number = connected."""
    found = _components.get(state.links_version)
    if found is not None:
        return found
    return _one_link_on(_components, state, _components_with, _components_of)


def _components_with(earlier: list, line) -> list[int]:
    # The new link joins the components of the places it touches; each is
    # numbered by its lowest location index, as counting from scratch numbers it.
    labels = {earlier[loc.index] for loc in line.locations}
    if len(labels) > 1:
        lowest = min(labels)
        return [lowest if c in labels else c for c in earlier]
    return earlier


def _components_of(state: GameState) -> list[int]:
    neighbours = _adjacency(state)
    comp = [-1] * len(neighbours)
    for start in range(len(neighbours)):
        if comp[start] != -1:
            continue
        comp[start] = start
        todo = [start]
        while todo:
            here = todo.pop()
            for there in neighbours[here]:
                if comp[there] == -1:
                    comp[there] = start
                    todo.append(there)
    return comp


def distances(state: GameState, sources: tuple[int, ...]) -> dict[int, int]:
    """Link-tile distance from the nearest of ``sources`` (location indexes)."""
    key = (state.links_version, sources)
    found = _distances.get(key)
    if found is not None:
        return found
    neighbours = _adjacency(state)
    dist = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return _distances.put(key, dist)


def reachable(state: GameState, sources: tuple[int, ...], index: int) -> bool:
    """Whether ``distances(state, sources)`` has a distance for location ``index``
    (links join it to one of the sources, or it is one), found without measuring."""
    comp = components(state)
    mine = comp[index]
    for source in sources:
        if comp[source] == mine:
            return True
    return False


def network(state: GameState, player: int) -> frozenset:
    """Indexes of the locations in a player's network.

    A location is in your network if one of your industry tiles is there, or
    one of your links touches it (both editions, rulebook "your network").
    """
    key = (state.pieces_version, state.links_version, player)
    found = _networks.get(key)
    if found is not None:
        return found
    step = _steps.get(state.links_version)
    if step is not None and step[4] == state.pieces_version:
        earlier = _networks.get((step[3], step[0], player))
        if earlier is not None:
            if step[2] == player:
                earlier = earlier | frozenset(loc.index for loc in step[1].locations)
            return _networks.put(key, earlier)
    places = set()
    for tile in state.slot_tiles:
        if tile is not None and tile.owner == player:
            places.add(tile.slot.location.index)
    for link in state.line_links:
        if link is not None and link.owner == player:
            places.update(loc.index for loc in link.line.locations)
    return _networks.put(key, frozenset(places))

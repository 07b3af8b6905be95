"""What a move changed, one line a thing, from two views of the game
(:func:`brass.view.player_view`): only what both views show is compared."""

from __future__ import annotations

from collections import Counter

from ..render import ROMAN, money

def names_by_board(game):
    """A function naming an id of a kind (location, card...), by the board if there is one."""
    board = game.board if game is not None else None

    def name(kind: str, ident) -> str:
        thing = board.get(kind, ident) if board is not None else None
        return getattr(thing, "name", None) or str(ident)

    return name


def level_name(value) -> str:
    return ROMAN.get(value, str(value))


def _figure(key: str, value) -> str:
    return money(value) if key in ("money", "spent") else str(value)


PLAYER_FIGURES = (("money", "money"), ("income_level", "income level"), ("vp", "VP"), ("spent", "spent"), ("hand_size", "hand"))


def changes(before: dict, after: dict, game=None) -> list[str]:
    """What changed between two views of a game (:func:`brass.view.player_view`), one line a thing.

    Only what both views show is compared: a hand appears when the viewer's
    own is in both. ``game`` (optional) names ids by its board."""
    name = names_by_board(game)
    lines = []
    lines += _flow_changes(before, after, name)
    for old, new in zip(before["players"], after["players"]):
        lines += _player_changes(old, new, name)
    lines += _tile_changes(before, after, name)
    lines += _link_changes(before, after, name)
    lines += _space_changes(before, after, name)
    for market, cubes in after["markets"].items():
        was = before["markets"].get(market)
        if was != cubes:
            lines.append(f"{name('market', market)}: {was} → {cubes} cubes")
    for key, label in (("piles", "pile"), ("counters", "counter")):
        for item in sorted(set(before[key]) | set(after[key])):
            was, now = before[key].get(item), after[key].get(item)
            if was != now:
                lines.append(f"{label} {name('card', item) if key == 'piles' else item}: {was} → {now}")
    if before["deck_size"] != after["deck_size"]:
        lines.append(f"draw deck: {before['deck_size']} → {after['deck_size']} cards")
    if after["over"] and not before["over"]:
        lines.append("the game is over")
    return lines


def _flow_changes(before, after, name) -> list[str]:
    lines = []
    if before["era"] != after["era"]:
        lines.append(f"the {name('era', before['era'])} is over; the {name('era', after['era'])} begins")
    elif before["round"] != after["round"]:
        lines.append(f"round {after['round']} begins")
    if before["turn_order"] != after["turn_order"]:
        order = ", ".join(after["players"][i]["name"] for i in after["turn_order"])
        lines.append(f"turn order: {order}")
    return lines


def _player_changes(old: dict, new: dict, name) -> list[str]:
    parts = [f"{label} {_figure(key, old[key])} → {_figure(key, new[key])}" for key, label in PLAYER_FIGURES if old[key] != new[key]]
    laid = []
    if len(new["discard"]) > len(old["discard"]) and new["discard"][: len(old["discard"])] == old["discard"]:
        laid = new["discard"][len(old["discard"]):]
    if "hand" in old and "hand" in new:
        gone = Counter(old["hand"]) - Counter(new["hand"]) - Counter(laid)
        came = Counter(new["hand"]) - Counter(old["hand"])
        if gone:
            parts.append("cards out of hand: " + ", ".join(name("card", c) for c in sorted(gone.elements())))
        if came:
            parts.append("cards drawn: " + ", ".join(name("card", c) for c in sorted(came.elements())))
    if laid:
        parts.append("discarded " + ", ".join(c if c.startswith("(") else name("card", c) for c in laid))
    for industry, levels in new["mat"].items():
        was = old["mat"].get(industry, [])
        if was != levels:
            next_level = f"next {level_name(levels[0])}" if levels else "none left"
            parts.append(f"mat {name('industry', industry)}: {len(was) - len(levels)} tile(s) off, {next_level}")
    return [f"{new['name']}: " + "; ".join(parts)] if parts else []


def _tile_text(tile: dict, players: list, name) -> str:
    cubes = "".join(f", {n} {k}" for k, n in tile["cubes"].items())
    flipped = " (flipped)" if tile["flipped"] else ""
    return f"{name('industry', tile['industry'])} {level_name(tile['level'])}{flipped} of {players[tile['owner']]['name']}{cubes}"


def _tile_changes(before, after, name) -> list[str]:
    players = after["players"]
    old = {t["space"]: t for t in before["tiles"]}
    new = {t["space"]: t for t in after["tiles"]}
    lines = []
    for space in sorted(set(old) | set(new)):
        was, now = old.get(space), new.get(space)
        where = f"{name('location', (now or was)['location'])} {space.rsplit('.', 1)[-1]}"
        if was == now:
            continue
        if was is None:
            lines.append(f"built at {where}: {_tile_text(now, players, name)}")
        elif now is None:
            lines.append(f"removed from {where}: {_tile_text(was, players, name)}")
        elif (was["industry"], was["level"], was["owner"]) != (now["industry"], now["level"], now["owner"]):
            lines.append(f"at {where}: {_tile_text(was, players, name)} replaced by {_tile_text(now, players, name)}")
        else:
            what = []
            if now["flipped"] != was["flipped"]:
                what.append("flipped" if now["flipped"] else "turned back")
            for cube in sorted(set(was["cubes"]) | set(now["cubes"])):
                a, b = was["cubes"].get(cube, 0), now["cubes"].get(cube, 0)
                if a != b:
                    what.append(f"{cube} {a} → {b}")
            lines.append(f"at {where}: {name('industry', now['industry'])} {level_name(now['level'])} of {players[now['owner']]['name']} " + ", ".join(what))
    return lines


def _link_changes(before, after, name) -> list[str]:
    players = after["players"]
    old = {(link["line"], link["owner"], link["kind"]) for link in before["links"]}
    new = {(link["line"], link["owner"], link["kind"]) for link in after["links"]}
    lines = [f"{kind} link built: {line} by {players[owner]['name']}" for line, owner, kind in sorted(new - old)]
    gone = sorted(old - new)
    if gone and not new:
        lines.append(f"all {len(gone)} link(s) left the board")
    else:
        lines += [f"{kind} link removed: {line} of {players[owner]['name']}" for line, owner, kind in gone]
    return lines


def _space_changes(before, after, name) -> list[str]:
    old = {s["space"]: s for s in before["spaces"]}
    new = {s["space"]: s for s in after["spaces"]}
    lines = []
    for space in sorted(set(old) | set(new)):
        was, now = old.get(space), new.get(space)
        if was == now:
            continue
        if now is None:
            lines.append(f"space {space}: {name('token', was['token'])} removed")
        elif was is None or was["token"] != now["token"]:
            lines.append(f"space {space}: {name('token', now['token'])}")
        else:
            for cube in sorted(set(was["cubes"]) | set(now["cubes"])):
                a, b = was["cubes"].get(cube, 0), now["cubes"].get(cube, 0)
                if a != b:
                    lines.append(f"space {space}: {cube} {a} → {b}")
    return lines



"""What a move changed, one line a thing, from two views of the game
(:func:`brass.view.player_view`): only what both views show is compared.

The mover's line comes first, and says where its figures came from: money the
move itself spent and what the round's end paid after it; income spaces from
each tile flipped and from a barrel drunk at a token space (a merchant's bonus);
VP scored, by the rules' headings. Then the board, then the flow (a round or an
era ending), then the other players. Taken back, the same lines read backwards.
"""

from __future__ import annotations

from collections import Counter

from ..render import ROMAN, money, plural


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


PLAYER_FIGURES = (("money", "money"), ("income_space", "income"), ("vp", "VP"), ("spent", "spent"), ("hand_size", "hand"))


def changes(before: dict, after: dict, game=None, *, own: dict = None, mover: int = None, scored=(), taken_back: bool = False) -> list[str]:
    """What changed between two views of a game, one line a thing.

    Only what both views show is compared: a hand appears when the viewer's own is
    in both. ``game`` (optional) names ids by its board. ``mover``: whose move it
    was (their line first); ``own``: the view after the move's own effects, before
    what followed it (a round's end), to tell the two apart; ``scored``: the entries
    of the game's log of headed scores the move made (``GameState.scored``);
    ``taken_back``: the move was undone (cards come back, tiles go back on the mat)."""
    name = names_by_board(game)
    sources = _sources(before, after, game, name)
    round_ended = (before["era"], before["round"]) != (after["era"], after["round"])
    players = []
    for old, new in zip(before["players"], after["players"]):
        middle = own["players"][new["index"]] if own is not None and new["index"] == mover else None
        known = dict(sources.get(new["index"], {}))
        if mover is None or new["index"] == mover:
            known["barrels"] = sources["barrels"]  # a barrel's bonus goes to who drank it: the mover
        players.append(_player_changes(old, new, name, middle, known, round_ended, taken_back))
    mine = players[mover] if mover is not None else []
    lines = list(mine)
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
    lines += scoring_lines(scored, after["players"])
    lines += _flow_changes(before, after, name, taken_back)
    for index, own_lines in enumerate(players):
        if index != mover:
            lines += own_lines
    if after["over"] and not before["over"]:
        lines.append("the game is over")
    return lines


def scoring_lines(scored, players: list) -> list[str]:
    """VP scored under the rules' headings, per player: 'VP scored: Ada +7 for links, +21 for tiles'."""
    by_player: dict = {}
    for player, heading, points, _source in scored:
        by_player.setdefault(player, {}).setdefault(heading, 0)
        by_player[player][heading] += points
    parts = []
    for player, headings in sorted(by_player.items()):
        said = ", ".join(f"{points:+d} for {heading}" for heading, points in headings.items())
        parts.append(f"{players[player]['name']} {said}")
    return ["VP scored: " + "; ".join(parts)] if parts else []


def _flow_changes(before, after, name, taken_back: bool = False) -> list[str]:
    lines = []
    if taken_back:
        if (before["era"], before["round"]) != (after["era"], after["round"]):
            lines.append(f"back to the {name('era', after['era'])}, round {after['round']}")
    elif before["era"] != after["era"]:
        lines.append(f"the {name('era', before['era'])} is over; the {name('era', after['era'])} begins")
    elif before["round"] != after["round"]:
        lines.append(f"round {after['round']} begins")
    if before["turn_order"] != after["turn_order"]:
        order = ", ".join(after["players"][i]["name"] for i in after["turn_order"])
        lines.append(f"turn order: {order}")
    return lines


def _sources(before, after, game, name) -> dict:
    """Per player, what a move's income and VP came from: the tiles of theirs it
    flipped (each tile's income and VP, as the data gives them), and the barrels it
    took from token spaces (a merchant's bonus comes with its barrel)."""
    found: dict = {}
    old = {t["space"]: t for t in before["tiles"]}
    board = game.board if game is not None else None
    for tile in after["tiles"]:
        was = old.get(tile["space"])
        if tile["flipped"] and was is not None and not was["flipped"] and board is not None:
            tile_type = board.get("tile_type", f"{tile['industry']}-{tile['level']}")
            income = tile_type.fields.get("income", 0) if tile_type is not None else 0
            what = f"{name('industry', tile['industry'])} {level_name(tile['level'])} flipped at {name('location', tile['location'])} {tile['space'].rsplit('.', 1)[-1]}"
            found.setdefault(tile["owner"], {}).setdefault("flips", []).append((what, income))
    drunk = []
    spaces = {s["space"]: s for s in after["spaces"]}
    for space in before["spaces"]:
        now = spaces.get(space["space"])
        if now is not None and sum(now["cubes"].values()) < sum(space["cubes"].values()):
            place, _, number = space["space"].rpartition(":")
            drunk.append(f"the barrel at {name('location', place)}:{number} ({name('token', space['token'])})")
    found["barrels"] = drunk
    return found


def _player_changes(old: dict, new: dict, name, middle=None, sources=None, round_ended=False, taken_back=False) -> list[str]:
    sources = sources or {}
    parts = []
    for key, label in PLAYER_FIGURES:
        if old[key] == new[key]:
            continue
        text = f"{label} {_figure(key, old[key])} → {_figure(key, new[key])}"
        if key == "income_space":
            a, b = old["income_level"], new["income_level"]
            text = f"income level {a} → {b}" if a != b else f"income level {a}"
            text += f" ({plural(new['income_space'] - old['income_space'], 'space', sign=True)} on the track)" if taken_back or a == b else ""
        if not taken_back:
            text += _why(key, old, new, middle, sources, round_ended)
        parts.append(text)
    laid = []
    if len(new["discard"]) > len(old["discard"]) and new["discard"][: len(old["discard"])] == old["discard"]:
        laid = new["discard"][len(old["discard"]):]
    if "hand" in old and "hand" in new:
        kept = Counter(old["hand"]) - Counter(laid)  # what stayed in hand of what it held
        gone = kept - Counter(new["hand"])
        came = Counter(new["hand"]) - kept  # a card laid and drawn again is drawn
        if gone:
            parts.append(("cards out of hand again: " if taken_back else "cards out of hand: ") + ", ".join(name("card", c) for c in sorted(gone.elements())))
        if came:
            parts.append(("cards back in hand: " if taken_back else "cards drawn: ") + ", ".join(name("card", c) for c in sorted(came.elements())))
    if laid:
        parts.append("discarded " + ", ".join(c if c.startswith("(") else name("card", c) for c in laid))
    for industry, levels in new["mat"].items():
        was = old["mat"].get(industry, [])
        if was != levels:
            next_level = f"next {level_name(levels[0])}" if levels else "none left"
            count = len(was) - len(levels)
            moved = f"{plural(count, 'tile')} off" if count > 0 else f"{plural(-count, 'tile')} back on"
            parts.append(f"mat {name('industry', industry)}: {moved}, {next_level}")
    return [f"{new['name']}: " + "; ".join(parts)] if parts else []


def _why(key: str, old: dict, new: dict, middle, sources: dict, round_ended: bool) -> str:
    """Where a change of money, income or VP came from, where it is known."""
    after_move = "at the round's end" if round_ended else "after the move"
    if key == "money":
        if middle is not None and middle["money"] not in (old["money"], new["money"]):
            return f" ({_signed_money(middle['money'] - old['money'])} the move, {_signed_money(new['money'] - middle['money'])} {after_move})"
        return ""
    if key == "income_space":
        flips = sources.get("flips", [])
        parts = [f"{what} +{income}" for what, income in flips if income]
        rest = new["income_space"] - old["income_space"] - sum(income for _, income in flips)
        if parts and rest and sources.get("barrels") is not None:
            parts.append(f"{rest:+d} " + ("with " + " and ".join(sources["barrels"]) if sources["barrels"] else "otherwise"))
        elif not parts and rest > 0 and sources.get("barrels"):
            parts.append(f"{rest:+d} with " + " and ".join(sources["barrels"]))
        spaces = new["income_space"] - old["income_space"]
        said = "; ".join(parts) if parts else ""
        if old["income_level"] == new["income_level"]:
            return f" ({said})" if said else ""
        return f" ({plural(spaces, 'space', sign=True)}{': ' + said if said else ''})"
    if key == "vp" and sources.get("barrels") and new["vp"] > old["vp"] and not round_ended:
        return f" (with {' and '.join(sources['barrels'])})"
    return ""


def _signed_money(amount: int) -> str:
    return f"+{money(amount)}" if amount >= 0 else f"-{money(-amount)}"


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
        lines.append(f"all {plural(len(gone), 'link')} left the board")
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

"""How well a player stands: the judgement bots look ahead with.

:func:`evaluate` asks the ruleset's ``brass_evaluate`` hook and falls back on
:func:`default_evaluation` (the greedy bot's measure). :func:`heuristic_evaluation`
is the planning bots' measure: everything in points, on one scale.

* **Points now**, and the points the board will still score: a flipped tile's VP
  at every era end it will see (it stays for the next era if its level is at
  least the ruleset's ``bot_lasting_level``), an unflipped tile's in part; a link
  scores the link icons of the places it joins at this era's end.
* **Income as future money**: each level is worth £1 at every round end still to
  come, and a pound is worth fewer points as the end nears, falling to what the
  ruleset's ``bot_money_at_end`` says money scores at the very end.
* **Money**, at the same rate, but only as much as the actions left can spend:
  so a loan (money now, income lost for every round to come) pays only when the
  money can be used.
* **Resources left for others**: cubes on a player's tiles will flip them when
  taken, so they count a little.

What a bot must know of an edition comes from its rules, in definitions a
ruleset may give (``rulesets/*/rules/bots.brass``); without them the measure
assumes every tile stays and money scores nothing at the end.
"""

from __future__ import annotations

from ..game import Game

# What £1 is worth in points with many rounds still to play (a player turns
# a few pounds into a point by building) ...
POINTS_PER_POUND = 0.3
# ... and money in hand, by tiers: (pounds, points per pound), the first pounds
# most (without them a player cannot act), a hoard little.
MONEY_TIERS = ((20, 0.5), (30, 0.2), (10**9, 0.05))
INCOME_POINTS = 0.15  # one income level, for one round still to be paid
RAMP_ROUNDS = 4  # money is worth its full rate until this many rounds are left
FLIP_CHANCE = 0.4  # how likely an unflipped tile is to flip in time
CUBE_POINTS = 0.4  # a cube on a player's tile: it serves, and will flip the tile
NETWORK_POINTS = 0.3  # a link's worth beyond its icons: where it lets one build


def evaluate(game: Game, player: int) -> float:
    """How well a player stands: the ruleset's judgement, else the default."""
    hook = game.ruleset.hook.brass_evaluate
    if hook.get_hookimpls():  # a ruleset that judges for itself (asked only if one does: it is called per move)
        found = hook(game=game, player=game.state.players[player])
        if found is not None:
            return float(found)
    return default_evaluation(game, player)


def default_evaluation(game: Game, player: int) -> float:
    """Points now, points waiting on the board, and what income and money can still buy.

    Flipped tiles count in full, unflipped ones in part; links count the icons
    they touch; income counts for the rounds it will still be paid; money counts
    less and less as the end nears, since only what it builds scores.
    """
    state = game.state
    board = game.board
    p = state.players[player]
    tiles = state.slot_tiles
    value = float(p.vp)
    for tile in tiles:
        if tile is None or tile.owner != player:
            continue
        fields = tile.type.fields
        vp = fields.get("vp", 0)
        value += vp if tile.flipped else 0.45 * vp + 0.1 * fields.get("income", 0)
        value += 0.6 * sum(tile.cubes.values())  # cubes on it will flip it, and serve
    for link in state.line_links:
        if link is None or link.owner != player:
            continue
        icons = 0.0
        for location in link.line.locations:
            icons += location.link_icons
            for slot in location.slots:
                tile = tiles[slot.index]
                if tile is not None:
                    weight = 1.0 if tile.flipped else 0.4
                    icons += tile.type.fields.get("link_icons", 0) * weight
        value += icons
    rounds_left = rounds_left_in_game(game)
    worth = 0.2 * min(1.0, rounds_left / 6)  # what £1 is worth in points
    value += board.income.level(p.income_space) * rounds_left * worth
    value += p.money * worth
    return value


# ------------------------------------------------------------ edition facts
class EditionFacts:
    """What the ruleset's rules tell a bot (``bot_*`` definitions), read once."""

    def __init__(self, game: Game):
        defines = game.rules.defines
        self.lasting_level = _define(game, "bot_lasting_level") if "bot_lasting_level" in defines else None
        points, pounds = _define(game, "bot_money_at_end") if "bot_money_at_end" in defines else (0, 1)
        self.end_rate = float(points) / float(pounds)
        players = len(game.state.players)
        copies = str(players)
        self.era_cards = sum(card.fields.get("copies", {}).get(copies, 0) for card in game.board.cards)
        self.eras = len(game.board.eras)


def _define(game: Game, name: str):
    from ..language.runtime import Run

    return game.rules.define_value(name, Run(game, "replay"))


_FACTS: dict = {}


def edition_facts(game: Game) -> EditionFacts:
    key = (id(game.ruleset), len(game.state.players))
    facts = _FACTS.get(key)
    if facts is None:
        facts = _FACTS[key] = EditionFacts(game)
    return facts


# ------------------------------------------------------------ time left
def _deck_size(board, players: int, _sizes={}) -> int:
    key = (id(board), players)
    if key not in _sizes:
        count = str(players)
        _sizes[key] = sum(card.fields.get("copies", {}).get(count, 0) for card in board.cards)
    return _sizes[key]


def rounds_left_in_game(game: Game) -> int:
    """Rounds still to play, estimated from the cards left (two per player a round)."""
    state = game.state
    players = len(state.players)
    cards_now = len(state.deck) + sum(len(p.hand) for p in state.players)
    per_era_cards = _deck_size(game.board, players)
    eras_left = len(game.board.eras) - state.era_index - 1
    return (cards_now + eras_left * per_era_cards) // (2 * players)


_rounds_left = rounds_left_in_game  # the name the greedy bot's measure had


def rounds_left_in_era(game: Game) -> float:
    state = game.state
    players = len(state.players)
    cards_now = len(state.deck) + sum(len(p.hand) for p in state.players)
    return cards_now / (2 * players)


# ------------------------------------------------------------ the heuristic
class Heuristic:
    """The planning bots' measure for one game's ruleset and player count.

    ``value(game, player)`` is a player's worth in points; ``relative(game,
    player)`` is that less the best of the others' (what wins)."""

    def __init__(self, game: Game):
        self.facts = edition_facts(game)
        self.income = game.board.income
        self._rates: dict = {}

    def rate(self, rounds: float) -> float:
        """Points per £1 held with ``rounds`` rounds left to spend it."""
        end = self.facts.end_rate
        if rounds <= 0:
            return end
        return end + (POINTS_PER_POUND - end) * min(1.0, rounds / RAMP_ROUNDS) if POINTS_PER_POUND > end else end

    def money_worth(self, money: int, rounds: int) -> float:
        """Points that money in hand is worth: the first pounds most (without them a
        player cannot act), a hoard little (only what gets built scores)."""
        end = self.facts.end_rate
        if rounds <= 0 or money <= 0:
            return end * money if money > 0 else POINTS_PER_POUND * money
        ramp = min(1.0, rounds / RAMP_ROUNDS)
        worth = 0.0
        left = money
        for size, rate in MONEY_TIERS:
            part = min(left, size)
            worth += part * (end + max(0.0, rate - end) * ramp)
            left -= part
            if left <= 0:
                break
        return worth + left * end

    def income_worth(self, rounds: int) -> float:
        """Points that one income level is worth over ``rounds`` more round ends."""
        found = self._rates.get(rounds)
        if found is None:
            end = self.facts.end_rate
            found = self._rates[rounds] = sum(end + max(0.0, INCOME_POINTS - end) * min(1.0, r / RAMP_ROUNDS) for r in range(rounds))
        return found

    def value(self, game: Game, player: int) -> float:
        state = game.state
        p = state.players[player]
        facts = self.facts
        era = state.era_index
        last_era = era >= facts.eras - 1
        rounds = rounds_left_in_game(game)
        era_rounds = rounds_left_in_era(game)
        lasting = facts.lasting_level
        level = self.income.level(p.income_space)
        income_worth = self.income_worth(rounds)
        tiles = state.slot_tiles
        value = float(p.vp)
        flip_chance = FLIP_CHANCE * min(1.0, era_rounds / 2.0)
        for tile in tiles:
            if tile is None or tile.owner != player:
                continue
            fields = tile.type.fields
            vp = fields.get("vp", 0)
            scores = 1 if last_era or (lasting is not None and tile.type.level < lasting) else 2
            if tile.flipped:
                value += vp * scores
            else:
                gain = self.income.level(min(p.income_space + fields.get("income", 0), self.income.top_space)) - level
                value += flip_chance * (vp * scores + gain * income_worth)
                value += CUBE_POINTS * sum(tile.cubes.values())
        for link in state.line_links:
            if link is None or link.owner != player:
                continue
            icons = NETWORK_POINTS
            for location in link.line.locations:
                icons += location.link_icons
                for slot in location.slots:
                    tile = tiles[slot.index]
                    if tile is not None:
                        icons += tile.type.fields.get("link_icons", 0) * (1.0 if tile.flipped else flip_chance)
            value += icons
        value += level * income_worth
        value += self.money_worth(p.money, rounds)
        return value

    def relative(self, game: Game, player: int) -> float:
        mine = self.value(game, player)
        others = [self.value(game, i) for i in range(len(game.state.players)) if i != player]
        return mine - max(others) if others else mine


_HEURISTICS: dict = {}


def heuristic(game: Game) -> Heuristic:
    """The heuristic for this game's ruleset and player count (made once)."""
    key = (id(game.ruleset), len(game.state.players))
    found = _HEURISTICS.get(key)
    if found is None:
        found = _HEURISTICS[key] = Heuristic(game)
    return found


def heuristic_evaluation(game: Game, player: int) -> float:
    """A player's worth in points (see the module's text)."""
    return heuristic(game).value(game, player)

"""How well a player stands: the judgement bots look ahead with.

:func:`evaluate` asks the ruleset's ``brass_evaluate`` hook and falls back on
:func:`default_evaluation` (the greedy bot's measure). :func:`heuristic_evaluation`
is the planning bots' measure: everything in points, on one scale.

* **Points now**, and the points the board will still score: a flipped tile's VP
  at every era end it will see (it stays for the next era if its level is at
  least the ruleset's ``bot_lasting_level``); an unflipped tile's VP and the
  income it would add, times the chance that it flips in time. A tile the rules
  flip by a sale (``bot_sold``) is likelier to flip when it could be sold now
  (``bot_can_sell``); one flipped by use, the fewer cubes are left on it. A tile
  that leaves at the era's end must flip before it. A link scores the link icons
  of the places it joins (unflipped tiles by their chance).
* **Money and income at one rate**: a pound is worth ``POINTS_PER_POUND`` (its pair: two players, more) with
  many rounds left, falling over the last rounds to what the ruleset's
  ``bot_money_at_end`` says money scores at the very end; an income level is a
  pound at each round end still to come, each at the rate left after it is paid
  (so a loan, £30 now for three levels, pays only late or when the money builds
  at once). The first few pounds count double (without them a player cannot
  act), a hoard beyond what can soon be spent counts in part, and income below
  level 0 counts twice over (a shortfall takes tiles and points), and so
  does each pound a player would be short at the next round's end if it spent
  no more (its income paid from too little money).
* **Resources left for others**: cubes on a player's tiles serve others and
  will flip them when taken, so they count a little.

What a bot must know of an edition comes from its rules, in definitions a
ruleset may give (``rulesets/*/rules/bots.brass``, documented in
``docs/reference/hooks.rst``); without them the measure assumes every tile
stays, money scores nothing at the end and every tile is as likely to flip.
"""

from __future__ import annotations

from typing import Optional

from ..game import Game

# The constants given as a pair are (against one other, against several): with
# two players and with more the bots are best served by different judgements.
# Those for several others were tuned by planner's four-player self-play
# (benchmarks/BOTS.md, "Tuning the judgement"): 24 Birmingham games on seeds
# 21000-21023, 14 sets tried. The chosen set, against the constants it replaced
# (0.3, 40, 0.4 and rivalry 1 against everyone), scored 93.2 -> 107.8 VP a seat
# there, and on seeds it was not chosen on: Birmingham 21100-21123 87.0 -> 101.7
# (better in 22 of 24 games), Lancashire 21000-21023 64.5 -> 78.6 (20 of 24).
# With two players the same money constants scored 92.4 -> 91.7 (Birmingham
# 21000-21023, 24 games) and left 6 of 48 seats at 0 VP with 19 round-end
# shortfalls (none before), so two players keep the old ones.
#
# What £1 is worth in points with many rounds still to play (a player turns
# a few pounds into a point by building); money and income are judged at the
# same rate, so a loan (£30 now, three income levels for every round to come)
# pays only late, or when the money builds at once. Against several: at 0.3 the
# bots held money back and took loans for it (4.7 a seat); at 0.15 they build
# with it (2.9 loans a seat, median final income 7 -> 14 on seeds 21100-21123);
# 0.1 and 0.05 scored 93.8 and 89.9 on the tuning seeds, 0.2 103.0.
POINTS_PER_POUND = (0.3, 0.15)
SHORT = 8  # the first pounds count double: without them a player cannot act
DEBT_WEIGHT = 2.0  # income below level 0 counts this many times over (a shortfall takes tiles and points)
SHORTFALL_POINTS = 2.0  # each pound a player would be short at the next round end's income, if it spent no more
# Pounds a player can soon use (and at most SPEND_PER_ROUND a round left); a hoard
# beyond it counts at HOARD_SHARE of the rate. Against several: money kept past
# what the next turns can build with scores nothing in play; with 0.15 a pound and
# no rivalry, 25 and 0.1 scored 107.8 on the tuning seeds, 15 and 0.0 103.3.
SPENDABLE = (40, 25)
SPEND_PER_ROUND = 25
HOARD_SHARE = (0.4, 0.1)
RAMP_ROUNDS = 4  # money is worth its full rate until this many rounds are left
FLIP_CHANCE = 0.5  # how likely a tile flipped by use (its cubes taken) is to flip in time ...
CUBE_DRAG = 0.25  # ... divided by 1 + this for each cube still on it
SALE_CHANCE = (0.2, 0.6)  # a tile flipped by a sale: no buyer in reach, a buyer in reach
FLIP_DELAY = 3  # rounds an unflipped tile's income waits, when it flips
CUBE_POINTS = 0.3  # a cube on a player's tile: it serves, and will flip the tile
NETWORK_POINTS = 0.3  # a link's worth beyond its icons: where it lets one build
# How much the others' worth counts against a player's own when it chooses: against
# one other, all of it (what one gains the other does not); against several, none
# (points taken from one go to the others, so holding back the leader costs a
# player its own). Rivalry 0 against several, all else as it was, scored 97.7
# against 93.2 VP a seat on the Birmingham tuning seeds (paired difference 4.5,
# 95% interval -1.9 to 11.4: not shown alone) and 70.8 against 64.5 in
# Lancashire (6.2, 2.8 to 9.6); 0.5 scored 94.1.
RIVALRY = (1.0, 0.0)


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
        self.lasting_level = game.define("bot_lasting_level") if "bot_lasting_level" in defines else None
        points, pounds = game.define("bot_money_at_end") if "bot_money_at_end" in defines else (0, 1)
        self.end_rate = float(points) / float(pounds)
        players = len(game.state.players)
        copies = str(players)
        self.era_cards = sum(card.fields.get("copies", {}).get(copies, 0) for card in game.board.cards)
        self.eras = len(game.board.eras)
        # The definitions a tile is judged by, if the rules have them (asked of the game,
        # game.define(name, None, tile)): is it flipped by a sale, can it be sold now?
        self.sold = "bot_sold" if "bot_sold" in defines else None
        self.can_sell = "bot_can_sell" if "bot_can_sell" in defines else None


_FACTS: dict = {}


def made_once(cache: dict, make, game: Game):
    """``make(game)``, made once for the game's ruleset and player count and kept in ``cache``."""
    key = (id(game.ruleset), len(game.state.players))
    found = cache.get(key)
    if found is None:
        found = cache[key] = make(game)
    return found


def edition_facts(game: Game) -> EditionFacts:
    return made_once(_FACTS, EditionFacts, game)


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
    players = state.players
    cards_now = len(state.deck)
    for p in players:
        cards_now += len(p.hand)
    per_era_cards = _deck_size(game.board, len(players))
    eras_left = len(game.board.eras) - state.era_index - 1
    return (cards_now + eras_left * per_era_cards) // (2 * len(players))


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
    player)`` is that against the others (what wins)."""

    def __init__(self, game: Game):
        self.facts = edition_facts(game)
        self.income = game.board.income
        self._incomes: dict = {}
        self._sales: dict = {}  # board versions -> {slot: can its tile be sold now}
        self._kinds: dict = {}  # id(tile type) -> is it flipped by a sale
        self._lines: dict = {}  # id(line) -> (its places' own icons and the network bonus, their slots)
        several = len(game.state.players) > 2  # the pairs of constants: against one other, against several
        self.per_pound, self.spendable, self.hoard_share = POINTS_PER_POUND[several], SPENDABLE[several], HOARD_SHARE[several]

    @staticmethod
    def _line(line) -> tuple:
        icons = NETWORK_POINTS + sum(location.link_icons for location in line.locations)
        return icons, tuple(slot.index for location in line.locations for slot in location.slots)

    def _reckon(self, game: Game) -> tuple:
        """(players, their count, is this the last era, rounds left in the era, rounds
        left in the game, the chance a tile that leaves at the era's end flips in time)."""
        state = game.state
        players = state.players
        count = len(players)
        facts = self.facts
        cards = len(state.deck)
        for other in players:
            cards += len(other.hand)
        era_rounds = cards / (2 * count)
        rounds = int(cards + (facts.eras - state.era_index - 1) * facts.era_cards) // (2 * count)
        in_time = min(1.0, era_rounds / 2.0)  # a tile that leaves at the era end must flip soon
        return players, count, state.era_index >= facts.eras - 1, era_rounds, rounds, in_time

    def rate(self, rounds: float) -> float:
        """Points per £1 held with ``rounds`` rounds left to spend it."""
        end = self.facts.end_rate
        if rounds <= 0 or self.per_pound <= end:
            return end
        return end + (self.per_pound - end) * min(1.0, rounds / RAMP_ROUNDS)

    def money_worth(self, money: int, rounds: int) -> float:
        """Points that money in hand is worth: in full up to what a player can soon
        spend, a hoard beyond it in part (only what gets built scores)."""
        end = self.facts.end_rate
        rate = self.rate(rounds)
        if money <= 0:
            return rate * money
        used = min(money, self.spendable, SPEND_PER_ROUND * max(1, rounds))
        return (used + min(money, SHORT)) * rate + (money - used) * (end + (rate - end) * self.hoard_share)

    def income_worth(self, rounds: int) -> float:
        """Points that one income level is worth: £1 at each round end still to come,
        each pound at the rate for the rounds left after it is paid."""
        found = self._incomes.get(rounds)
        if found is None:
            found = self._incomes[rounds] = sum(self.rate(k) for k in range(max(0, rounds)))
        return found

    def flip_chance(self, game: Game, tile, sales: Optional[dict] = None) -> float:
        """How likely an unflipped tile is to flip in time, by what the rules say of it."""
        if self._sold(game, tile):
            if sales is None:
                sales = self._sales_now(game.state)
            found = sales.get(tile.slot.index)
            if found is None:
                found = sales[tile.slot.index] = self._can_sell(game, tile)
            return SALE_CHANCE[found]
        return FLIP_CHANCE / (1 + CUBE_DRAG * sum(tile.cubes.values()))

    def _sold(self, game: Game, tile) -> bool:
        """Is the tile flipped by a sale (``bot_sold``)? Asked once per kind of tile."""
        found = self._kinds.get(id(tile.type))
        if found is None:
            sold = self.facts.sold
            found = self._kinds[id(tile.type)] = bool(sold is not None and game.define(sold, None, tile))
        return found

    def _can_sell(self, game: Game, tile) -> int:
        can_sell = self.facts.can_sell
        return 1 if can_sell is not None and game.define(can_sell, None, tile) else 0

    def _sales_now(self, state) -> dict:
        """What is known of sales on this board: slot -> 1 if its tile can be sold now, 0
        if not. Remembered by the state's versions of tiles, pieces and links (numbers
        never reused, restored on undo) and its counters: a pure function of them."""
        key = (state.tiles_version, state.pieces_version, state.links_version, tuple(state.counters.values()))
        found = self._sales.get(key)
        if found is None:
            if len(self._sales) > 20_000:
                self._sales.clear()
            found = self._sales[key] = {}
        return found

    def value(self, game: Game, player: int) -> float:
        """The player's worth in points (see the module's text)."""
        return self.values(game, player)[player]

    def values(self, game: Game, only: Optional[int] = None) -> list:
        """Every player's worth in points, in one pass over the board (a position is
        judged for all players at once when it is judged against the others); with
        ``only``, that player's alone (the others' entries are 0). Each player's sum
        is taken in the same order either way, so the figures are the same to the bit."""
        state = game.state
        players, count, last_era, era_rounds, rounds, in_time = self._reckon(game)
        facts = self.facts
        lasting = facts.lasting_level
        income = self.income
        top = income.top_space
        judged = range(count) if only is None else (only,)
        levels = [income.level(p.income_space) for p in players]
        spaces = [p.income_space for p in players]
        later_income = self.income_worth(rounds - FLIP_DELAY)
        tiles = state.slot_tiles
        values = [0.0] * count
        for i in judged:
            values[i] = float(players[i].vp)
        chances = {}
        sales = self._sales_now(state)
        for tile in tiles:
            if tile is None:
                continue
            owner = tile.owner
            if only is not None and owner != only:
                continue
            kind = tile.type
            fields = kind.fields
            vp = fields.get("vp", 0)
            leaves = not last_era and lasting is not None and kind.level < lasting
            scores = 1 if last_era or leaves else 2
            if tile.flipped:
                values[owner] += vp * scores
            else:
                chance = self.flip_chance(game, tile, sales) * (in_time if leaves or last_era else 1.0)
                chances[id(tile)] = chance
                gain = income.level(min(spaces[owner] + fields.get("income", 0), top)) - levels[owner]
                values[owner] += chance * (vp * scores + gain * later_income) + CUBE_POINTS * sum(tile.cubes.values())
        unknown = FLIP_CHANCE * in_time
        for owner, (icons, slots) in owned_links(state, only, self._lines, self._line):
            for index in slots:
                tile = tiles[index]
                if tile is not None:
                    worth = tile.type.fields.get("link_icons", 0)
                    if worth:
                        # A tile of the link's owner by its chance of flipping; another's by the usual one.
                        chance = chances.get(id(tile), unknown) if tile.owner == owner else unknown
                        icons += worth * (1.0 if tile.flipped else chance)
            values[owner] += icons
        income_worth = self.income_worth(rounds)
        for i in judged:
            level = levels[i]
            money = players[i].money
            values[i] += level * income_worth * (DEBT_WEIGHT if level < 0 else 1.0)
            values[i] += self.money_worth(money, rounds)
            if money + level < 0:  # a shortfall at the round's end: tiles sold for half, then points
                values[i] += SHORTFALL_POINTS * (money + level)
        return values

    def relative(self, game: Game, player: int) -> float:
        """The player's value against the others' (see :func:`against`)."""
        return against(self.values(game), player)


def owned_links(state, only: Optional[int], kept: dict, facts):
    """Each link on the board (only ``only``'s, if given) as its owner and the facts of
    its line, ``facts(line)``, worked out once and kept in ``kept``."""
    for link in state.line_links:
        if link is None:
            continue
        owner = link.owner
        if only is not None and owner != only:
            continue
        line = link.line
        found = kept.get(id(line))
        if found is None:
            found = kept[id(line)] = facts(line)
        yield owner, found


def against(values: list, player: int) -> float:
    """A player's worth less the others', by RIVALRY: against one other, the
    difference; against several, less the mean of the best other and the others'
    average, times the rivalry against several."""
    mine = values[player]
    others = values[:player] + values[player + 1:]
    if not others:
        return mine
    rivalry = RIVALRY[0] if len(others) == 1 else RIVALRY[1]
    if not rivalry:
        return mine
    return mine - rivalry * (max(others) + sum(others) / len(others)) / 2


_HEURISTICS: dict = {}


def heuristic(game: Game) -> Heuristic:
    """The heuristic for this game's ruleset and player count (made once)."""
    return made_once(_HEURISTICS, Heuristic, game)


def heuristic_evaluation(game: Game, player: int) -> float:
    """A player's worth in points (see the module's text)."""
    return heuristic(game).value(game, player)

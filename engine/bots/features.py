"""What a learned judge sees of a position: a few numbers per player, taken from the rules.

:class:`Features` turns a position into one row of numbers per player (the
names are :data:`NAMES`). Nothing in it is an edition's: tiles are read by
their data fields (``vp``, ``income``, ``link_icons``, ``eras``), the income
track and the player mats by the board, and what only the rules know (does a
tile flip by a sale, can it be sold now, which tiles outlast an era) by the
definitions of ``bots.brass`` that the written heuristic reads too
(:class:`~brass.bots.evaluation.EditionFacts`). So a variant gets features, and
a judge fitted to them, with no bot code of its own.

The first features are the written heuristic's own terms
(:class:`~brass.bots.evaluation.Heuristic`): weighed by :data:`PRIOR`, a row adds
up to the heuristic's value less the points already scored. A fitted judge starts
from these weights and moves away from them only as far as the games it is
fitted to show it should. The others say more of the position as it bears on
the points still to come: tiles waiting to flip by how they flip, the mat, the
money and income in ranges, a shortfall threatening at the round's end. The
time left is not in the row: a judge weighs it by the era and the time left in
the era (:func:`phase`).
"""

from __future__ import annotations

from typing import Optional

from ..game import Game
from .evaluation import CUBE_DRAG, CUBE_POINTS, DEBT_WEIGHT, FLIP_CHANCE, FLIP_DELAY, NETWORK_POINTS, SALE_CHANCE, SHORTFALL_POINTS, Heuristic, made_once, owned_links

# (name, the weight the written heuristic gives it, what it is)
FEATURES = (
    ("bias", 0.0, "1: the points a player gains from here on, whatever it holds"),
    ("flipped_vp", 1.0, "VP of its flipped tiles: scored at this era's end"),
    ("flipped_lasting_vp", 1.0, "VP of its flipped tiles that stay for the next era and score again"),
    ("waiting_expected", 1.0, "VP and income of its unflipped tiles, each by the heuristic's chance that it flips"),
    ("waiting_sellable_vp", 0.0, "VP of its unflipped tiles flipped by a sale, a buyer in reach now"),
    ("waiting_unsold_vp", 0.0, "VP of its unflipped tiles flipped by a sale, no buyer in reach now"),
    ("waiting_used_vp", 0.0, "VP of its unflipped tiles flipped when their cubes are used"),
    ("waiting_lasting_vp", 0.0, "VP of its unflipped tiles that would stay for the next era"),
    ("cubes", CUBE_POINTS, "cubes left on its tiles (they serve others, and flip the tile when taken)"),
    ("waiting_income", 0.0, "income levels its unflipped tiles would add"),
    ("link_icons", 1.0, "icons its links score now (the places' own and their flipped tiles')"),
    ("link_waiting_expected", 1.0, "icons of unflipped tiles beside its links, each by its chance to flip"),
    ("link_waiting_icons", 0.0, "icons of unflipped tiles beside its links"),
    ("links", NETWORK_POINTS, "links it has on the board"),
    ("income_value", 1.0, "its income level at the heuristic's worth of a level (twice over below 0)"),
    ("income", 0.0, "its income level, when not below 0"),
    ("debt", 0.0, "its income level, when below 0"),
    ("money_value", 1.0, "its money at the heuristic's worth"),
    ("money_first", 0.0, "its money up to £10"),
    ("money_next", 0.0, "its money from £10 to £40"),
    ("money_hoard", 0.0, "its money beyond £40"),
    ("shortfall", -SHORTFALL_POINTS, "pounds it would be short at the round's end if it spent nothing more"),
    ("shortfall_ahead", 0.0, "pounds it would be short over the next three round ends if it spent nothing more"),
    ("debt_squared", 0.0, "its income level squared, when below 0 (a deep debt is worse than several small ones)"),
    ("mat_next_vp", 0.0, "VP of the next tile of each industry on its mat that can still be built"),
    ("mat_dead", 0.0, "tiles on its mat that no era to come builds"),
    ("tiles", 0.0, "its tiles on the board"),
    ("places", 0.0, "places where it has a tile or a link (how far its network reaches)"),
)
NAMES = tuple(name for name, _, _ in FEATURES)
PRIOR = tuple(weight for _, weight, _ in FEATURES)
# The weights whose sign the rules settle, whatever games show: a shortfall or a
# debt never helps a player, nor do money or income (the two at the heuristic's
# worth). A fit is held to these (1: at least 0, -1: at most 0). Without them a
# two-player fit weighed a shortfall early in the Rail era at +2 points a pound,
# and its bot borrowed itself into ruin: 0 VP in 6 of 48 seats against the
# written heuristic (benchmarks/BOTS.md, "Judges for two and three players").
SIGNS = {"shortfall": -1, "shortfall_ahead": -1, "debt_squared": -1, "debt": 1, "income_value": 1, "money_value": 1}
SIZE = len(NAMES)
INDEX = {name: i for i, name in enumerate(NAMES)}


def phase(game: Game) -> tuple[int, float]:
    """(era index, share of the era still to play, 1 at its start and 0 at its end),
    by the cards left: two a player each round."""
    state = game.state
    cards = len(state.deck)
    for p in state.players:
        cards += len(p.hand)
    per_era = _era_cards(game)
    return state.era_index, min(1.0, cards / per_era) if per_era else 0.0


def _era_cards(game: Game, _cache={}) -> int:
    key = (id(game.board), len(game.state.players))
    found = _cache.get(key)
    if found is None:
        count = str(len(game.state.players))
        found = _cache[key] = sum(card.fields.get("copies", {}).get(count, 0) for card in game.board.cards)
    return found


class Features(Heuristic):
    """The rows of numbers a judge weighs, for one game's ruleset and player count.

    It is the written heuristic taken apart: the same reading of the rules (which
    tiles a sale flips, which can be sold now: remembered per board), its terms
    kept apart, and more beside them."""

    def __init__(self, game: Game):
        super().__init__(game)
        board = game.board
        self._mat: dict = {}  # (industry index, mat position, era index) -> (next tile's VP, dead tiles)
        self._industries = tuple(board.industries)
        self._era_ids = tuple(era.id for era in board.eras)
        self._kind_facts: dict = {}  # id(tile type) -> (vp, income spaces, level, flipped by a sale?, link icons)
        self._link_lines: dict = {}  # id(line) -> (printed icons, its places' slots, its places)
        self._mats: dict = {}  # (a mat's positions, era) -> (next tiles' VP, dead tiles)

    def _kind(self, game: Game, tile) -> tuple:
        fields = tile.type.fields
        return (fields.get("vp", 0) or 0, fields.get("income", 0) or 0, tile.type.level, self._sold(game, tile), fields.get("link_icons", 0) or 0)

    @staticmethod
    def _link_line(line) -> tuple:
        """A line's printed icons, the slots of its places, and its places."""
        return (sum(location.link_icons for location in line.locations),
                tuple(slot.index for location in line.locations for slot in location.slots),
                tuple(location.index for location in line.locations))

    def _mat_sums(self, mat: dict, era: int) -> tuple:
        """A mat's next tiles' VP and dead tiles, summed over its industries (remembered)."""
        key = (tuple(mat.items()), era)
        found = self._mats.get(key)
        if found is None:
            nxt = dead = 0
            for industry in self._industries:
                a, b = self._mat_row(industry, mat.get(industry.id, 0), era)
                nxt += a
                dead += b
            if len(self._mats) > 50_000:
                self._mats.clear()
            found = self._mats[key] = (nxt, dead)
        return found

    def _mat_row(self, industry, position: int, era: int) -> tuple:
        """What one industry's stack on a mat holds from ``position``: the VP of the next
        tile still buildable (in this era or one to come), and the tiles no era to come builds."""
        key = (industry.index, position, era)
        found = self._mat.get(key)
        if found is None:
            later = set(self._era_ids[era:])

            def buildable(kind) -> bool:
                eras = kind.fields.get("eras")
                return eras is None or bool(later & set(eras))

            stack = industry.stack[position:]
            dead = sum(1 for kind in stack if not buildable(kind))
            nxt = next((kind for kind in stack if buildable(kind)), None)
            found = self._mat[key] = ((nxt.fields.get("vp", 0) or 0) if nxt is not None else 0, dead)
        return found

    def rows(self, game: Game, only: Optional[int] = None) -> list:
        """One row per player (in seat order), ``SIZE`` numbers in the order of NAMES.
        Weighed by PRIOR, a row and the player's VP add up to the heuristic's value.
        With ``only``, that player's row alone is filled (the others' are left at 0)."""
        state = game.state
        players, count, last_era, era_rounds, rounds, in_time = self._reckon(game)
        facts = self.facts
        lasting = facts.lasting_level
        income = self.income
        top = income.top_space
        spaces = [p.income_space for p in players]
        levels = [income.level(space) for space in spaces]
        later_income = self.income_worth(rounds - FLIP_DELAY)
        rows = [[0.0] * SIZE for _ in range(count)]
        places = [set() for _ in range(count)]
        tiles = state.slot_tiles
        chances = {}
        sales = self._sales_now(state)
        kinds = self._kind_facts
        for tile in tiles:
            if tile is None:
                continue
            owner = tile.owner
            if only is not None and owner != only:
                continue
            row = rows[owner]
            kind = tile.type
            found = kinds.get(id(kind))
            if found is None:
                found = kinds[id(kind)] = self._kind(game, tile)
            vp, gained, level, sold, _ = found
            stays = last_era or lasting is None or level >= lasting  # scores at this era's end, or at the next's too
            twice = not last_era and stays
            row[_TILES] += 1
            places[owner].add(tile.slot.location.index)
            if tile.flipped:
                row[_FLIPPED] += vp
                if twice:
                    row[_FLIPPED_LASTING] += vp
                continue
            cubes = sum(tile.cubes.values())
            if sold:
                can = sales.get(tile.slot.index)
                if can is None:
                    can = sales[tile.slot.index] = self._can_sell(game, tile)
                row[_SELLABLE if can else _UNSOLD] += vp
                chance = SALE_CHANCE[can]
            else:
                row[_USED] += vp
                chance = FLIP_CHANCE / (1 + CUBE_DRAG * cubes)
            if not twice:
                chance *= in_time
            chances[id(tile)] = chance
            gain = income.level(min(spaces[owner] + gained, top)) - levels[owner]
            row[_EXPECTED] += chance * (vp * (2 if twice else 1) + gain * later_income)
            if twice:
                row[_WAITING_LASTING] += vp
            row[_CUBES] += cubes
            row[_WAITING_INCOME] += gain
        unknown = FLIP_CHANCE * in_time
        for owner, (printed, slots, where) in owned_links(state, only, self._link_lines, self._link_line):
            row = rows[owner]
            row[_LINKS] += 1
            row[_ICONS] += printed
            places[owner].update(where)
            for index in slots:
                tile = tiles[index]
                if tile is None:
                    continue
                facts_of = kinds.get(id(tile.type))
                if facts_of is None:
                    facts_of = kinds[id(tile.type)] = self._kind(game, tile)
                worth = facts_of[4]
                if not worth:
                    continue
                if tile.flipped:
                    row[_ICONS] += worth
                else:
                    row[_ICONS_EXPECTED] += worth * (chances.get(id(tile), unknown) if tile.owner == owner else unknown)
                    row[_ICONS_WAITING] += worth
        worth_of_level = self.income_worth(rounds)
        era = state.era_index
        for i, p in enumerate(players):
            if only is not None and i != only:
                continue
            row = rows[i]
            row[_BIAS] = 1.0
            level = levels[i]
            row[_INCOME_VALUE] = level * worth_of_level * (DEBT_WEIGHT if level < 0 else 1.0)
            if level >= 0:
                row[_INCOME] = level
            else:
                row[_DEBT] = level
                row[_DEBT_SQUARED] = level * level
            money = p.money
            row[_MONEY_VALUE] = self.money_worth(money, rounds)
            row[_MONEY_FIRST] = min(money, 10)
            row[_MONEY_NEXT] = min(max(money - 10, 0), 30)
            row[_MONEY_HOARD] = max(money - 40, 0)
            row[_SHORTFALL] = max(0, -(money + level))
            row[_SHORTFALL_AHEAD] = max(0, -(money + 3 * level))
            row[_MAT_NEXT], row[_MAT_DEAD] = self._mat_sums(p.mat, era)
            row[_PLACES] = len(places[i])
        return rows


# Where each feature sits in a row (rows() fills them by these).
(_BIAS, _FLIPPED, _FLIPPED_LASTING, _EXPECTED, _SELLABLE, _UNSOLD, _USED, _WAITING_LASTING, _CUBES, _WAITING_INCOME,
 _ICONS, _ICONS_EXPECTED, _ICONS_WAITING, _LINKS, _INCOME_VALUE, _INCOME, _DEBT, _MONEY_VALUE, _MONEY_FIRST, _MONEY_NEXT,
 _MONEY_HOARD, _SHORTFALL, _SHORTFALL_AHEAD, _DEBT_SQUARED, _MAT_NEXT, _MAT_DEAD, _TILES, _PLACES) = (INDEX[name] for name in (
    "bias", "flipped_vp", "flipped_lasting_vp", "waiting_expected", "waiting_sellable_vp", "waiting_unsold_vp", "waiting_used_vp",
    "waiting_lasting_vp", "cubes", "waiting_income", "link_icons", "link_waiting_expected", "link_waiting_icons", "links",
    "income_value", "income", "debt", "money_value", "money_first", "money_next", "money_hoard", "shortfall", "shortfall_ahead",
    "debt_squared", "mat_next_vp", "mat_dead", "tiles", "places"))


_FEATURES: dict = {}


def features(game: Game) -> Features:
    """The features for this game's ruleset and player count (made once)."""
    return made_once(_FEATURES, Features, game)

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

from ..game import Game
from .evaluation import CUBE_POINTS, DEBT_WEIGHT, FLIP_CHANCE, FLIP_DELAY, NETWORK_POINTS, Heuristic

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
    ("shortfall", 0.0, "pounds it would be short at the round's end if it spent nothing more"),
    ("mat_next_vp", 0.0, "VP of the next tile of each industry on its mat that can still be built"),
    ("mat_dead", 0.0, "tiles on its mat that no era to come builds"),
    ("tiles", 0.0, "its tiles on the board"),
    ("places", 0.0, "places where it has a tile or a link (how far its network reaches)"),
)
NAMES = tuple(name for name, _, _ in FEATURES)
PRIOR = tuple(weight for _, weight, _ in FEATURES)
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

    def rows(self, game: Game) -> list:
        """One row per player (in seat order), ``SIZE`` numbers in the order of NAMES.
        Weighed by PRIOR, a row and the player's VP add up to the heuristic's value."""
        state = game.state
        players = state.players
        count = len(players)
        facts = self.facts
        last_era = state.era_index >= facts.eras - 1
        cards = len(state.deck)
        for other in players:
            cards += len(other.hand)
        era_rounds = cards / (2 * count)
        rounds = int(cards + (facts.eras - state.era_index - 1) * facts.era_cards) // (2 * count)
        in_time = min(1.0, era_rounds / 2.0)  # a tile that leaves at the era end must flip soon
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
        for tile in tiles:
            if tile is None:
                continue
            owner = tile.owner
            row = rows[owner]
            kind = tile.type
            fields = kind.fields
            vp = fields.get("vp", 0) or 0
            leaves = not last_era and lasting is not None and kind.level < lasting
            row[24] += 1
            places[owner].add(tile.slot.location.index)
            if tile.flipped:
                row[1] += vp
                if not (last_era or leaves):
                    row[2] += vp
                continue
            sold = self._sold(game, tile)
            if sold:
                can = sales.get(tile.slot.index)
                if can is None:
                    can = sales[tile.slot.index] = self._can_sell(game, tile)
                row[4 if can else 5] += vp
            else:
                row[6] += vp
            chance = self.flip_chance(game, tile, sales) * (in_time if leaves or last_era else 1.0)
            chances[id(tile)] = chance
            gain = income.level(min(spaces[owner] + (fields.get("income", 0) or 0), top)) - levels[owner]
            scores = 1 if last_era or leaves else 2
            row[3] += chance * (vp * scores + gain * later_income)
            if not (last_era or leaves):
                row[7] += vp
            cubes = sum(tile.cubes.values())
            row[8] += cubes
            row[9] += gain
        unknown = FLIP_CHANCE * in_time
        lines = self._lines
        for link in state.line_links:
            if link is None:
                continue
            owner = link.owner
            row = rows[owner]
            line = link.line
            found = lines.get(id(line))
            if found is None:
                found = lines[id(line)] = self._line(line)
            row[13] += 1
            for location in line.locations:
                row[10] += location.link_icons
                places[owner].add(location.index)
            for index in found[1]:
                tile = tiles[index]
                if tile is not None:
                    worth = tile.type.fields.get("link_icons", 0) or 0
                    if not worth:
                        continue
                    if tile.flipped:
                        row[10] += worth
                    else:
                        chance = chances.get(id(tile), unknown) if tile.owner == owner else unknown
                        row[11] += worth * chance
                        row[12] += worth
        worth_of_level = self.income_worth(rounds)
        era = state.era_index
        for i, p in enumerate(players):
            row = rows[i]
            row[0] = 1.0
            level = levels[i]
            row[14] = level * worth_of_level * (DEBT_WEIGHT if level < 0 else 1.0)
            if level >= 0:
                row[15] = level
            else:
                row[16] = level
            money = p.money
            row[17] = self.money_worth(money, rounds)
            row[18] = min(money, 10)
            row[19] = min(max(money - 10, 0), 30)
            row[20] = max(money - 40, 0)
            row[21] = max(0, -(money + level))
            mat = p.mat
            for industry in self._industries:
                nxt, dead = self._mat_row(industry, mat.get(industry.id, 0), era)
                row[22] += nxt
                row[23] += dead
            row[25] = len(places[i])
        return rows


_FEATURES: dict = {}


def features(game: Game) -> Features:
    """The features for this game's ruleset and player count (made once)."""
    key = (id(game.ruleset), len(game.state.players))
    found = _FEATURES.get(key)
    if found is None:
        found = _FEATURES[key] = Features(game)
    return found

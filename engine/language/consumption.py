"""Consuming resources: the ``consume`` keyword, tier by tier, and what it used.

A resource rule (``resource coal: take ... then ...``) lists tiers of sources.
Units come from the first tier until it is exhausted, then the next; a tier of
tiles marked ``nearest first`` splits into groups by distance. Where a group
holds more than is still needed, the player chooses which units to take: that
is the one choice consumption offers. A market tier sells its cheapest cubes,
then units at its empty price.
"""

from __future__ import annotations

import itertools
from typing import Optional

from ..errors import RuleRuntimeError
from ..model import graph
from ..model.state import BoardTile, SpaceState
from .attributes import INFO, AttributeInfo
from .effects import CUBES, LINKS, MONEY, NOTHING
from .types import ListOf
from .functions import places
from .vocabulary import BUILTINS, Offer, Problem

keyword = BUILTINS.keyword


def _money(amount: int) -> str:
    return f"£{amount}"


class Allocation:
    """Where the units of one consumption came from."""

    __slots__ = ("resource", "parts", "bought", "cost", "offered")

    def __init__(self, resource: str, parts: tuple, bought: int, cost: int, offered: tuple):
        self.resource = resource
        self.parts = parts  # ((holder, count), ...)
        self.bought = bought
        self.cost = cost
        self.offered = offered  # holders among the parts that the action offered

    def notation(self) -> str:
        words = [_holder_text(h) + (f"*{n}" if n > 1 else "") for h, n in self.parts]
        if self.bought:
            words.append("market" + (f"*{self.bought}" if self.bought > 1 else ""))
        return "+".join(words) or "none"

    def rule_attribute(self, name, run):
        if name == "sources":
            return [h for h, _ in self.parts]
        if name == "offered":
            return list(self.offered)
        if name == "bought":
            return self.bought
        if name == "cost":
            return self.cost
        if name == "count":
            return sum(n for _, n in self.parts) + self.bought
        raise RuleRuntimeError(f"a consumption has no attribute {name!r}; it has sources, offered, bought, cost, count")


# What rule code reads of a consumption: fixed once it is made.
for _name, _kind in (("sources", ListOf(None)), ("offered", ListOf(None)), ("bought", int), ("cost", int), ("count", int)):
    INFO[Allocation, _name] = AttributeInfo(lambda obj, run, _name=_name: obj.rule_attribute(_name, run), NOTHING, _kind)


def _holder_key(part) -> str:
    return _holder_text(part[0])


def _holder_text(holder) -> str:
    if isinstance(holder, SpaceState):
        return holder.space.id
    return holder.slot.id


class _Plan:
    """How a consumption can be met: units forced, one group to choose in, a purchase."""

    __slots__ = ("resource", "forced", "choices", "bought", "cost", "market", "offered")

    def __init__(self, resource: str, offered: set):
        self.resource = resource
        self.forced: list = []  # (holder, count)
        self.choices: list = []  # (group, units to take from it): where the player chooses
        self.bought = 0
        self.cost = 0
        self.market = None
        self.offered = offered

    def options(self) -> list:
        if not self.choices:
            return [self._allocation(())]
        if len(self.choices) == 1:
            group, need = self.choices[0]
            if not self.forced:  # the usual choice: one unit from one of several holders
                return [self._parts(pick) if len(pick) <= 1 else self._allocation(pick) for pick in _picks(group, need)]
            return [self._allocation(pick) for pick in _picks(group, need)]
        combinations = itertools.product(*(_picks(group, need) for group, need in self.choices))
        return [self._allocation(tuple(itertools.chain.from_iterable(parts))) for parts in combinations]

    def _parts(self, parts: tuple) -> Allocation:
        """The allocation of these parts (each holder once, in notation order)."""
        offered = tuple(h for h, _ in parts if id(h) in self.offered) if self.offered else ()
        return Allocation(self.resource, parts, self.bought, self.cost, offered)

    def _allocation(self, extra) -> Allocation:
        forced = self.forced
        if not extra and len(forced) <= 1:  # the usual case: one source, or only a purchase
            offered = tuple(h for h, _ in forced if id(h) in self.offered) if self.offered else ()
            return Allocation(self.resource, tuple(forced), self.bought, self.cost, offered)
        parts = {}
        order = []
        for holder, count in list(self.forced) + list(extra):
            if id(holder) not in parts:
                parts[id(holder)] = [holder, 0]
                order.append(id(holder))
            parts[id(holder)][1] += count
        merged = sorted(((parts[k][0], parts[k][1]) for k in order), key=_holder_key)
        offered = tuple(h for h, _ in merged if id(h) in self.offered)
        return Allocation(self.resource, tuple(merged), self.bought, self.cost, offered)


@keyword(
    choice=True,
    example="consume coal, 1, target=you.tiles[0] as used\n    score used.count",
    # The tiles it looks at are those holding cubes, and a tile's cubes change only
    # with a write of cubes (a tile is built empty; removing one removes its
    # cubes): so it reads cubes, not tiles (its resource rules' reads count too).
    reads=(CUBES, LINKS, MONEY),
    writes=(CUBES, MONEY),
    takes=(CUBES, MONEY),
    fires=("emptied",),
    resources=True,
    returns=Allocation,
    sure_options=True,
)
def consume(run, resource, amount, target=None, offer=()):
    """Consume units of a resource, from the sources its ``resource`` rule names,
    tier by tier. Within a tier the player chooses among equally good sources;
    the next tier is used only when the one above is exhausted. Buying from a
    market costs its cheapest cubes first, then its empty price. Returns where
    the units came from (``as NAME``): ``.sources``, ``.offered``, ``.bought``, ``.cost``."""
    rule = resource if hasattr(resource, "tiers") else run.rules.resources.get(resource)
    if rule is None:
        raise RuleRuntimeError(f"there is no resource {resource!r}")
    if amount <= 0:
        return Allocation(rule.name, (), 0, 0, ())
    return offer_of(run, rule.name, _plan(run, rule, amount, target, offer), amount)


def offer_of(run, name: str, plan, amount: int, written: bool = True):
    """What ``consume`` returns once the plan is made: its Problem, or the options
    (``written=False``: without their notation, which generated code writes only
    for the moves it lists)."""
    if isinstance(plan, Problem):
        return plan
    options = plan.options()
    if not options:
        return Problem(f"not enough {name} can be reached for this ({amount} needed)")
    pairs = [(o, o.notation()) for o in options] if written else [(o, None) for o in options]
    return Offer(name, pairs, lambda chosen: _apply(run, chosen, plan.market))


def _tiers(rule) -> tuple:
    """Each tier of a resource rule with its market source (or None) and whether
    its tiles count nearest first; fixed for the rule, so worked out once."""
    found = _TIERS.get(id(rule))
    if found is None or found[0] is not rule:
        tiers = tuple((tier, next((s for s in tier if s.kind == "market"), None), any(s.nearest_first for s in tier)) for tier in rule.tiers)
        found = _TIERS[id(rule)] = (rule, tiers)
    return found[1]


_TIERS: dict = {}


def _plan(run, rule, amount: int, target, offer) -> "_Plan | Problem":
    """Go through the tiers until the amount is met, or say why it cannot be."""
    name = rule.name
    plan = new_plan(name, offer)
    remaining = amount
    refusal = None
    for tier, market_source, nearest in _tiers(rule):
        if remaining == 0:
            break
        if market_source is not None:
            refusal = _buy(run, rule, market_source, remaining, target, plan)
            if refusal is None:
                remaining = 0
            continue
        remaining = take(plan, _groups(run, tier, nearest, target, name, offer), remaining)
    return settle(run, name, plan, remaining, refusal, amount)


# The steps of a plan, shared with the generated code of each resource rule
# (brass.language.codegen), which finds the candidates itself.


def new_plan(name: str, offer) -> _Plan:
    return _Plan(name, {id(h) for h in offer} if offer else set())


def take(plan: _Plan, groups, remaining: int) -> int:
    """Take from a tier's groups, in order, until the amount is met; what is still needed.

    From each group as much as it can give is taken. Only when that is every
    unit in it is nothing left to choose; otherwise (more than is needed, or
    offered holders holding more than their ``limit`` lets be taken) the player
    chooses which units."""
    for group in groups:
        if remaining == 0:
            break
        taken = min(_group_capacity(group), remaining)
        if taken == 0:
            continue
        if taken == sum(c for _, c, _ in group):
            plan.forced.extend((h, c) for h, c, _ in group if c > 0)
        else:
            plan.choices.append((group, taken))
        remaining -= taken
    return remaining


_UNEXPLAINED = Problem("not enough of it")  # what generated code gets: it never shows why


def settle(run, name: str, plan: _Plan, remaining: int, refusal, amount: int, explain: bool = True) -> "_Plan | Problem":
    """The plan if every unit is found and paid for, else why not (``explain=False``: a
    Problem without the words, for code that only needs to know)."""
    if not explain:
        if remaining > 0 or plan.bought and run.you is not None and run.you.money < plan.cost:
            return _UNEXPLAINED
        return plan
    if remaining > 0:
        reason = f": {refusal}" if refusal else ""
        return Problem(f"not enough {name} {'for this' if refusal else 'can be reached for this'} ({amount} {name} needed){reason}")
    buyer = run.you
    if plan.bought and buyer is not None and buyer.money < plan.cost:
        return Problem(f"buying {plan.bought} {name} costs {_money(plan.cost)} and you have {_money(buyer.money)}")
    return plan


def _buy(run, rule, source, count: int, target, plan: _Plan) -> Optional[str]:
    """Plan buying ``count`` units from a market; return why not, or None."""
    if source.where is not None and not _source_test(run, source.where, None, target):
        if source.otherwise is not None:
            return run.clause(source.otherwise, tile=None, target=target)
        return not_here(rule.name)
    market = run.board.get("market", source.market)
    empty_price = run.clause(rule.empty_price, tile=None, target=target) if rule.empty_price else None
    return buy(run, rule.name, market, count, empty_price, plan)


def not_here(name: str) -> str:
    return f"{name} cannot be bought from the market here"


def buy(run, name: str, market, count: int, empty_price, plan: _Plan) -> Optional[str]:
    """Plan buying ``count`` units from a market that may sell here; why not, or None."""
    if empty_price is None and run.state.markets[market.id] < count:
        return f"the {market.name} holds too little {name}"
    plan.bought = count
    plan.cost = _market_cost(run, market, count, empty_price or 0)
    plan.market = market
    return None


def _market_cost(run, market, count: int, empty_price: int) -> int:
    in_market = run.state.markets[market.id]
    capacity = len(market.prices)
    cost = 0
    for _ in range(count):
        if in_market > 0:
            cost += market.prices[capacity - in_market]
            in_market -= 1
        else:
            cost += empty_price
    return cost


def _apply(run, chosen: Allocation, market):
    """Take the chosen units: pay for bought ones, empty the holders (which may flip)."""
    journal = run.journal
    name = chosen.resource
    buyer = run.you
    if chosen.bought:
        if buyer.money < chosen.cost:
            return Problem(f"buying {chosen.bought} {name} costs {_money(chosen.cost)} and you have {_money(buyer.money)}")
        journal.add(buyer, "money", -chosen.cost)
        journal.add(buyer, "spent", chosen.cost)
        in_market = run.state.markets[market.id]
        from_market = min(in_market, chosen.bought)
        journal.setitem(run.state.markets, market.id, in_market - from_market)
        _supply(run, name, from_market)  # beyond the market's cubes, units come and go from the supply
    for holder, count in chosen.parts:
        left = holder.cubes.get(name, 0) - count
        if left < 0:
            raise RuleRuntimeError(f"{_holder_text(holder)} has too little {name}")
        if left:
            journal.setitem(holder.cubes, name, left)
        else:
            journal.delitem(holder.cubes, name)
        _supply(run, name, count)
        if left == 0 and isinstance(holder, BoardTile) and not holder.cubes:
            if not run.fire("emptied", holder):
                return Problem("a rule run when the tile emptied failed")
    return chosen


def _supply(run, resource: str, delta: int) -> None:
    run.journal.setitem(run.state.supply, resource, run.state.supply.get(resource, 0) + delta)


def _source_test(run, compiled, tile, target) -> bool:
    return bool(run.clause(compiled, tile=tile, target=target))


def _groups(run, tier, nearest: bool, target, name, offer):
    """Candidate holders of a tier, as groups to exhaust in order.

    Each group is a list of [holder, capacity, is_offered]. Sources marked
    ``nearest first`` (``nearest``) split into one group per distance from the target."""
    entries = []  # (distance or 0, holder, capacity, offered)
    limit = None
    for source in tier:
        if source.kind == "tiles":
            entries.extend(_tile_entries(run, source, target, name))
        elif source.kind == "offered":
            if source.limit is not None:
                limit = run.clause(source.limit, tile=None, target=target)
            entries.extend((0, holder, holder.cubes.get(name, 0), True) for holder in offer if holder.cubes.get(name, 0) > 0)
    return grouped(entries, nearest, limit)


def by_distance(state, sources: tuple, found: list, alone: bool) -> list:
    """A ``nearest first`` source's tiles ``found`` as (tile, count), as candidates
    (distance, tile, count, offered) with their link distance from ``sources``;
    tiles no links join to them are left out. ``alone``: the source is its tier's
    only one, so a single tile forms the nearest group whatever its distance, and
    only whether it is reachable is asked (cheaper than measuring)."""
    if alone and len(found) == 1:
        tile, count = found[0]
        return [(0, tile, count, False)] if graph.reachable(state, sources, tile.slot.location.index) else []
    distances = graph.distances(state, sources)
    entries = []
    for tile, count in found:
        distance = distances.get(tile.slot.location.index)
        if distance is not None:
            entries.append((distance, tile, count, False))
    return entries


def grouped(entries: list, nearest: bool, limit) -> list:
    """A tier's candidates (distance, holder, count, offered) as groups to exhaust in order."""
    if limit is not None:
        entries = [(d, h, min(c, limit) if o else c, o) for d, h, c, o in entries]
    if not nearest:
        group = [[h, c, o] for _, h, c, o in entries]
        return [_Group(group, limit)] if group else []
    groups = {}
    for distance, holder, count, is_offered in entries:
        groups.setdefault(distance, []).append([holder, count, is_offered])
    return [_Group(groups[d], limit) for d in sorted(groups)]


def _tile_entries(run, source, target, name) -> list:
    """Tiles holding the resource that the source's condition lets in, with distances."""
    entries = []
    where = source.where
    clause = run.clause
    distances = None
    for tile in filter(None, run.state.slot_tiles):
        count = tile.cubes.get(name, 0)
        if count <= 0:
            continue
        if where is not None and not clause(where, tile=tile, target=target):
            continue
        distance = 0
        if source.nearest_first:
            if distances is None:
                if target is None:
                    raise RuleRuntimeError("'nearest first' needs a target=... to measure from")
                distances = graph.distances(run.state, places(run, target))
            distance = distances.get(tile.slot.location.index)
            if distance is None:
                continue
        entries.append((distance, tile, count, False))
    return entries


class _Group(list):
    """Holders of equal standing; ``limit`` caps what all offered holders give together."""

    def __init__(self, items, limit):
        super().__init__(items)
        self.limit = limit


def _group_capacity(group: _Group) -> int:
    own = sum(c for _, c, o in group if not o)
    offered = sum(c for _, c, o in group if o)
    if group.limit is not None:
        offered = min(offered, group.limit)
    return own + offered


def _picks(group: _Group, need: int) -> list:
    """Every way to take ``need`` units from a group (order ignored)."""
    result: list = []
    _walk(group, group.limit, 0, need, 0, [], result)
    return result


def _walk(group, limit, position, left, offered_used, chosen, result) -> None:
    # A function of its own, not a closure: a closure calling itself is a cycle
    # that only the garbage collector frees.
    if left == 0:
        result.append(tuple(chosen))
        return
    if position == len(group):
        return
    holder, capacity, is_offered = group[position]
    top = min(capacity, left)
    if is_offered and limit is not None:
        top = min(top, limit - offered_used)
    for take in range(top, -1, -1):
        if take:
            chosen.append((holder, take))
        _walk(group, limit, position + 1, left - take, offered_used + (take if is_offered else 0), chosen, result)
        if take:
            chosen.pop()

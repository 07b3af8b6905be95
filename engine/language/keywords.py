"""Keywords every rule file can use: one function per keyword, one signature.

``keyword(run, *args, **kwargs)`` applies one change through the journal and
returns its result, or returns a :class:`Problem` in the rulebook's words. Each
keyword's docstring is its entry in the language reference. The money, cube and
tile keywords keep ledgers (``state.bank``, ``state.supply``, ``state.box``) so
tests can check that nothing is created or lost.
"""

from __future__ import annotations

from ..errors import RuleRuntimeError
from ..model import graph
from ..model.state import BoardLink, BoardTile, new_version
from ..model.static import Card, Industry, Line, Slot, Token
from .effects import CARDS, CHANCE, COUNTERS, CUBES, FIELDS, FLOW, INCOME, LINKS, MATS, MONEY, TILES, TOKENS, VP
from .vocabulary import BUILTINS, Problem

keyword = BUILTINS.keyword

BUILTINS.event("emptied", ("tile",), "A tile's last cube or barrel was removed by consume or sell_to_market.", types=(BoardTile,))


def _player(run, player):
    chosen = player if player is not None else run.you
    if chosen is None:
        raise RuleRuntimeError("no player is acting here: name one with player=...")
    return chosen


def _who(run, player) -> str:
    return "you" if player is run.you else player.name


def _money(amount: int) -> str:
    return f"£{amount}"


# ------------------------------------------------------------------------- money
@keyword(example="pay 3", reads=MONEY, writes=MONEY, needs="{player}.money >= {amount}", prune=True, takes=MONEY, rises=MONEY)
def pay(run, amount, player=None):
    """Spend money. It goes onto the player's character tile, where it decides
    the next turn order, and to the bank at the end of the round."""
    p = _player(run, player)
    if amount < 0:
        raise RuleRuntimeError(f"cannot pay a negative amount ({amount})")
    if p.money < amount:
        return Problem(f"{_who(run, p)} cannot pay {_money(amount)} with {_money(p.money)}")
    journal = run.journal
    journal.add(p, "money", -amount)
    journal.add(p, "spent", amount)
    return None


@keyword(example="gain 30", reads=MONEY, writes=MONEY, fails=False)
def gain(run, amount, player=None):
    "Take money from the bank."
    p = _player(run, player)
    run.journal.add(p, "money", amount)
    run.journal.add(run.state, "bank", -amount)
    return None


@keyword(example="lose 5", reads=MONEY, writes=MONEY, fails=False)
def lose(run, amount, player=None):
    "Pay money to the bank (not spending: it does not count for turn order). Money may go below zero."
    p = _player(run, player)
    run.journal.add(p, "money", -amount)
    run.journal.add(run.state, "bank", amount)
    return None


@keyword(example="return_spending", reads=MONEY, writes=MONEY, fails=False)
def return_spending(run):
    "Return the money on every character tile to the bank."
    journal = run.journal
    for p in run.state.players:
        if p.spent:
            journal.add(run.state, "bank", p.spent)
            journal.set(p, "spent", 0)
    return None


# ----------------------------------------------------------------- income, VP
@keyword(example="advance_income 2", reads=INCOME, writes=INCOME, fails=False)
def advance_income(run, spaces, player=None):
    "Move the income marker forward by spaces (not levels); it stops at the track's end."
    p = _player(run, player)
    top = run.board.income.top_space
    run.journal.set(p, "income_space", max(0, min(top, p.income_space + spaces)))
    return None


@keyword(example="lower_income 3", reads=INCOME, writes=INCOME, needs="LEVELS[{player}.income_space] - {levels} >= LEVELS[0]")
def lower_income(run, levels, player=None):
    """Move the income marker down by levels, onto the highest space of the new
    level. Not possible if the new level would be below the track's lowest."""
    p = _player(run, player)
    track = run.board.income
    level = track.level(p.income_space) - levels
    if level < track.min_level:
        return Problem(f"the income level cannot fall below {track.min_level}")
    run.journal.set(p, "income_space", track.highest_space_of(level))
    return None


@keyword(example="set_income_space 10", reads=(), writes=INCOME, fails=False)
def set_income_space(run, space, player=None):
    "Put the income marker on a space (used at set-up)."
    p = _player(run, player)
    run.journal.set(p, "income_space", space)
    return None


@keyword(example="score 4\n    score 2, heading=\"links\"\n    score 1, heading=\"tiles\", source=\"coal\"", reads=VP, writes=VP, fails=False)
def score(run, points, player=None, heading=None, source=None):
    """Gain victory points. ``heading`` says what they are for, in lower-case
    words written in the rule (``heading="tiles"``): the score breakdown at the
    end of a game has a column for each heading the rule files use, and counts
    the points scored without one as VP gained in play. ``source`` says, finer,
    where they came from (a tile's industry): ``brass balance`` reports which
    sources the winners scored from."""
    p = _player(run, player)
    run.journal.add(p, "vp", points)
    if heading is not None:
        run.journal.append(run.state.scored, (p.index, heading, points, source))
    return None


@keyword(example="lose_points 2", reads=VP, writes=VP, fails=False)
def lose_points(run, points, player=None, heading=None):
    "Lose victory points (never below zero); ``heading`` as for ``score``, the points lost counting against it."
    p = _player(run, player)
    vp = max(0, p.vp - points)
    if heading is not None and vp != p.vp:
        run.journal.append(run.state.scored, (p.index, heading, vp - p.vp, None))
    run.journal.set(p, "vp", vp)
    return None


# ------------------------------------------------------------------------- cards
@keyword(example="choose card from you.hand\n    discard card", reads=CARDS, writes=CARDS, needs="{card} in {player}.hand")
def discard(run, card, player=None):
    "Put a card from the hand face up on the player's discard pile."
    p = _player(run, player)
    hand = p.hand
    try:
        at = hand.index(card)  # one scan finds it and says where (played very often)
    except ValueError:
        return Problem(f"{_who(run, p)} hold no {card.name} card")
    journal = run.journal
    journal.pop(hand, at)
    journal.append(p.discard, card)
    return None


@keyword(example="take_card \"wild-location\"\n    return_card you.hand[len(you.hand) - 1]", reads=CARDS, writes=CARDS, needs="{card} in {player}.hand")
def return_card(run, card, player=None):
    "Put a card from the hand back on its own face-up pile (wild cards)."
    p = _player(run, player)
    hand = p.hand
    try:
        at = hand.index(card)
    except ValueError:
        return Problem(f"{_who(run, p)} hold no {card.name} card")
    if card.pile is None:
        raise RuleRuntimeError(f"the {card.name} card has no pile to return to")
    run.journal.pop(hand, at)
    run.journal.setitem(run.state.piles, card.pile, run.state.piles[card.pile] + 1)
    return None


@keyword(example="take_card \"wild-location\"", reads=CARDS, writes=CARDS)
def take_card(run, pile, player=None):
    "Take the top card of a face-up pile into the hand."
    p = _player(run, player)
    pile_id = pile.pile if isinstance(pile, Card) else pile
    if pile_id not in run.state.piles:
        raise RuleRuntimeError(f"there is no pile {pile_id!r}")
    if run.state.piles[pile_id] <= 0:
        card = run.board.piles[pile_id][0]
        return Problem(f"there is no {card.name} card left")
    run.journal.setitem(run.state.piles, pile_id, run.state.piles[pile_id] - 1)
    run.journal.append(p.hand, run.board.piles[pile_id][0])
    return None


@keyword(example="draw 8 - len(you.hand)", reads=CARDS, writes=CARDS, fails=False)
def draw(run, count, player=None):
    "Draw cards from the top of the draw deck, as many as it still holds."
    p = _player(run, player)
    journal = run.journal
    deck = run.state.deck
    for _ in range(max(0, count)):
        if not deck:
            break
        journal.append(p.hand, journal.pop(deck, 0))
    return None


@keyword(example="bury_card", reads=(CARDS, FIELDS), writes=(CARDS, FIELDS))
def bury_card(run, player=None):
    """Put the top card of the draw deck face down on the player's discard pile
    (nobody may look at it until the discards are gathered)."""
    p = _player(run, player)
    if not run.state.deck:
        return Problem("the draw deck is empty")
    journal = run.journal
    journal.append(p.discard, journal.pop(run.state.deck, 0))
    journal.setitem(p.fields, "face_down", p.fields.get("face_down", 0) + 1)
    return None


@keyword(example="new_deck", reads=(), writes=CARDS, fails=False)
def new_deck(run, for_players=None):
    """Make the draw deck from every card used with this many players (or with
    ``for_players``), in data order."""
    count = str(for_players if for_players is not None else len(run.state.players))
    cards = []
    for card in run.board.cards:
        copies = card.fields.get("copies", {})
        cards.extend([card] * copies.get(count, 0))
    run.journal.replace_list(run.state.deck, cards)
    return None


@keyword(example="gather_discards", reads=(CARDS, FIELDS), writes=(CARDS, FIELDS), fails=False)
def gather_discards(run):
    "Put every player's discard pile onto the bottom of the draw deck."
    journal = run.journal
    gathered = list(run.state.deck)
    for p in run.state.players:
        gathered.extend(p.discard)
        journal.replace_list(p.discard, [])
        if p.fields.get("face_down"):
            journal.setitem(p.fields, "face_down", 0)
    journal.replace_list(run.state.deck, gathered)
    return None


@keyword(example="shuffle_deck", reads=(CARDS, CHANCE), writes=(CARDS, CHANCE), fails=False)
def shuffle_deck(run):
    "Shuffle the draw deck."
    run.journal.replace_list(run.state.deck, run.game.shuffled("deck", list(run.state.deck)))
    return None


@keyword(example="fill_piles", reads=(), writes=CARDS, fails=False)
def fill_piles(run):
    "Put every face-up pile (the wild cards) at its full count."
    for pile_id, (_, count) in run.board.piles.items():
        run.journal.setitem(run.state.piles, pile_id, count)
    return None


# ---------------------------------------------------------------- tokens, markets
def _tokens_in_play(run, pool: str, for_players=None) -> list:
    """A pool's tokens used with this many players (``min_players``, ``player_counts``)."""
    if pool not in run.board.tokens:
        raise RuleRuntimeError(f"there is no token pool {pool!r}")
    n = for_players if for_players is not None else len(run.state.players)
    return [
        t
        for t in run.board.tokens[pool]
        if t.fields.get("min_players", 0) <= n and n in t.fields.get("player_counts", [n])
    ]


@keyword(example="deal_tokens \"merchant_tiles\"", reads=CHANCE, writes=(TOKENS, CHANCE), fails=False)
def deal_tokens(run, pool):
    """Shuffle a pool's tokens for this many players and deal one, face up, to
    every space for this many players, in board order."""
    n = len(run.state.players)
    tokens = _tokens_in_play(run, pool)
    tokens = run.game.shuffled(pool, tokens)
    targets = [s for s in run.state.spaces if s.space.min_players <= n]
    if len(tokens) != len(targets):
        raise RuleRuntimeError(f"{len(tokens)} {pool} for {len(targets)} spaces with {n} players")
    for space, token in zip(targets, tokens):
        run.journal.set(space, "token", token)
    return None


@keyword(example="shuffle_tokens \"distant_market\"", reads=CHANCE, writes=(TOKENS, COUNTERS, CHANCE), fails=False)
def shuffle_tokens(run, pool, for_players=None):
    """Gather every token of a pool used with this many players (or with
    ``for_players``; drawn ones too) and shuffle them into a face-down pile."""
    tokens = run.game.shuffled(pool, _tokens_in_play(run, pool, for_players))
    run.journal.replace_list(run.state.token_piles[pool], tokens)
    run.journal.setitem(run.state.counters, f"{pool}_drawn", 0)
    return None


@keyword(reveals=True, example="reveal_token \"distant_market\" as drawn\n    score drawn.move", reads=(TOKENS, COUNTERS), writes=(TOKENS, COUNTERS), returns=Token)
def reveal_token(run, pool):
    """Turn up the top token of a face-down pile and return it. What was hidden is
    now known, so the move ends at the next decision and cannot be taken back."""
    pile = run.state.token_piles.get(pool)
    if pile is None:
        raise RuleRuntimeError(f"there is no token pool {pool!r}")
    if not pile:
        return Problem(f"no {run.board.pools[pool]['name']} token is left to turn up")
    token = run.journal.pop(pile, 0)
    run.journal.setitem(run.state.counters, f"{pool}_drawn", run.state.counters.get(f"{pool}_drawn", 0) + 1)
    return token


@keyword(example="fill_market market(\"coal\")", reads=CUBES, writes=CUBES, fails=False)
def fill_market(run, market):
    "Fill a market to its starting number of cubes, from the general supply."
    current = run.state.markets[market.id]
    run.journal.setitem(run.state.markets, market.id, market.initial)
    _supply(run, market.resource, current - market.initial)
    return None


def _supply(run, resource: str, delta: int) -> None:
    run.journal.setitem(run.state.supply, resource, run.state.supply.get(resource, 0) + delta)


def _resource_name(resource) -> str:
    return getattr(resource, "name", resource)


@keyword(example="let mine = you.tiles[0]\n    add_cubes mine, coal, 2", reads=CUBES, writes=CUBES, fails=False)
def add_cubes(run, holder, resource, count):
    "Put cubes (or barrels) of a resource from the general supply on a tile or space."
    name = _resource_name(resource)
    if count <= 0:
        return None
    run.journal.setitem(holder.cubes, name, holder.cubes.get(name, 0) + count)
    _supply(run, name, -count)
    return None


@keyword(example="let mine = you.tiles[0]\n    sell_to_market mine, market(\"coal\") as earned", reads=CUBES, writes=(CUBES, MONEY), fires=("emptied",), fails=False)
def sell_to_market(run, tile, market):
    """Move as many cubes as fit from a tile to a market, most expensive empty
    space first; the tile's owner is paid each space's price."""
    name = market.resource
    journal = run.journal
    state = run.state
    owner = state.players[tile.owner]
    in_market = state.markets[market.id]
    capacity = len(market.prices)
    earned = 0
    while tile.cubes.get(name, 0) > 0 and in_market < capacity:
        earned += market.prices[capacity - in_market - 1]
        in_market += 1
        journal.setitem(tile.cubes, name, tile.cubes[name] - 1)
    journal.setitem(state.markets, market.id, in_market)
    if earned:
        journal.add(owner, "money", earned)
        journal.add(state, "bank", -earned)
    if tile.cubes.get(name, 0) == 0 and name in tile.cubes:
        journal.delitem(tile.cubes, name)
        if not tile.cubes and not run.fire("emptied", tile):
            return Problem("a rule run when the tile emptied failed")
    return earned


# -------------------------------------------------------------------------- tiles
@keyword(example="let coal = industry(\"coal\")\n    choose place from locations where any(s.empty and coal in s.industries for s in place.slots)\n    let slot = [s for s in place.slots if s.empty and coal in s.industries][0]\n    build_tile coal, slot as built", reads=(MATS, TILES, FLOW), writes=(MATS, TILES), returns=BoardTile, needs="{player}.mat.get({industry}.id, 0) < len({industry}.stack)")
def build_tile(run, industry, slot, player=None):
    """Take the lowest tile of an industry from the player's mat and place it on
    an empty industry space. Returns the new tile."""
    p = _player(run, player)
    if not isinstance(industry, Industry) or not isinstance(slot, Slot):
        raise RuleRuntimeError("build_tile takes an industry and an industry space")
    position = p.mat.get(industry.id, 0)
    if position >= len(industry.stack):
        return Problem(f"{_who(run, p)} have no {industry.name} tile left")
    state = run.state
    if state.slot_tiles[slot.index] is not None:
        raise RuleRuntimeError(f"space {slot.id} is not empty; remove its tile first")
    tile = BoardTile(industry.stack[position], p.index, slot, state.era_index)
    journal = run.journal
    journal.setitem(p.mat, industry.id, position + 1)
    journal.setindex(state.slot_tiles, slot.index, tile)
    journal.set(state, "pieces_version", new_version())
    journal.set(state, "tiles_version", new_version())
    return tile


@keyword(example="let mine = you.tiles[0]\n    remove_tile mine", reads=(TILES, CUBES), writes=(TILES, CUBES, MATS), fails=False, takes=(TILES, CUBES))
def remove_tile(run, tile):
    "Take a tile off the board and out of the game; cubes on it go to the general supply."
    state = run.state
    journal = run.journal
    if state.slot_tiles[tile.slot.index] is not tile:
        raise RuleRuntimeError(f"{tile!r} is not on the board")
    for name, count in list(tile.cubes.items()):
        _supply(run, name, count)
    journal.setindex(state.slot_tiles, tile.slot.index, None)
    journal.append(state.box, (tile.owner, tile.type))
    journal.set(state, "pieces_version", new_version())
    journal.set(state, "tiles_version", new_version())
    return None


@keyword(example="develop industry(\"coal\")", reads=MATS, writes=MATS, needs="{player}.mat.get({industry}.id, 0) < len({industry}.stack)")
def develop(run, industry, player=None):
    "Take the lowest tile of an industry off the player's mat and out of the game."
    p = _player(run, player)
    position = p.mat.get(industry.id, 0)
    if position >= len(industry.stack):
        return Problem(f"{_who(run, p)} have no {industry.name} tile left")
    run.journal.setitem(p.mat, industry.id, position + 1)
    run.journal.append(run.state.box, (p.index, industry.stack[position]))
    return None


@keyword(example="let mine = you.tiles[0]\n    set_flipped mine", reads=TILES, writes=TILES, fails=False)
def set_flipped(run, tile):
    "Turn a tile to its flipped side (what flipping earns is the rules' business)."
    if tile.flipped:
        raise RuleRuntimeError(f"{tile!r} is already flipped")
    run.journal.set(tile, "flipped", True)
    run.journal.set(run.state, "tiles_version", new_version())
    return None


# -------------------------------------------------------------------------- links
@keyword(example="choose line from lines where line.free and era.link in line.kinds\n    place_link line as link", reads=(LINKS, FLOW), writes=LINKS, returns=BoardLink, needs="ST.line_links[{line}.index] is None and BOARD.eras[ST.era_index].link in {line}.kinds")
def place_link(run, line, player=None):
    "Place one of the player's link tiles, of the current era's kind, on a free line. Returns it."
    p = _player(run, player)
    state = run.state
    if not isinstance(line, Line):
        raise RuleRuntimeError("place_link takes a line")
    kind = state.era.link
    if state.line_links[line.index] is not None:
        return Problem(f"the line {line.id} already holds a link")
    if kind not in line.kinds:
        return Problem(f"no {kind} can be built between {' and '.join(l.name for l in line.locations)}")
    # Connectivity after the link is worked out from connectivity before it (graph.py):
    # known once for the links now, it serves every link listing tries from here.
    graph.components(state)
    link = BoardLink(line, p.index, kind)
    journal = run.journal
    journal.setindex(state.line_links, line.index, link)
    pieces, links = state.pieces_version, state.links_version
    journal.set(state, "links_version", new_version())
    journal.set(state, "pieces_version", new_version())
    graph.link_added(state, pieces, links, p.index, line)
    return link


@keyword(example="let link = board_links[0]\n    remove_link link", reads=LINKS, writes=LINKS, fails=False, takes=LINKS)
def remove_link(run, link):
    "Take a link tile off the board."
    state = run.state
    journal = run.journal
    journal.setindex(state.line_links, link.line.index, None)
    journal.set(state, "links_version", new_version())
    journal.set(state, "pieces_version", new_version())
    return None


# ---------------------------------------------------------------- turn order etc.
@keyword(example="set_turn_order order(p in players by p.spent)", reads=(), writes=FLOW, fails=False)
def set_turn_order(run, players):
    "Put the players in this order on the turn order track."
    order = [p.index for p in players]
    if sorted(order) != list(range(len(run.state.players))):
        raise RuleRuntimeError("set_turn_order needs every player exactly once")
    run.journal.replace_list(run.state.turn_order, order)
    return None


@keyword(example="shuffle_turn_order", reads=(FLOW, CHANCE), writes=(FLOW, CHANCE), fails=False)
def shuffle_turn_order(run):
    "Put the players in a random order on the turn order track."
    run.journal.replace_list(run.state.turn_order, run.game.shuffled("turn_order", list(run.state.turn_order)))
    return None


@keyword(example="set_counter \"market_marker\", 1", reads=(), writes=COUNTERS, fails=False)
def set_counter(run, name, value):
    "Set a named counter the rules keep."
    run.journal.setitem(run.state.counters, name, value)
    return None


@keyword(example="add_to_counter \"market_marker\", 2", reads=COUNTERS, writes=COUNTERS, fails=False)
def add_to_counter(run, name, delta):
    "Add to a named counter the rules keep."
    run.journal.setitem(run.state.counters, name, run.state.counters.get(name, 0) + delta)
    return None



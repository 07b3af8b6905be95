"""Names every rule file can read: ``you``, ``players``, ``era``, ``locations``...

Each is computed from the run when read. Rulesets add names of their own
through the ``brass_language`` hook.
"""

from __future__ import annotations

from ..model.state import BoardLink, BoardTile, PlayerState, SpaceState
from ..model.static import Card, Era, Industry, Line, Location, Market
from .effects import CARDS, FLOW, LINKS, NOTHING, TILES, TOKENS, CUBES
from .types import ListOf
from .vocabulary import BUILTINS

name = BUILTINS.name


@name(example="require you.money >= 3", reads=NOTHING, returns=PlayerState, inline="YOU")
def you(run):
    "The player who is acting: the one whose turn, or whose decision, it is."
    return run.you


@name(example="for p in players:\n        gain 1, player=p", reads=FLOW, returns=ListOf(PlayerState, unique=True))
def players(run):
    "Every player, in the current turn order."
    state = run.state
    return [state.players[i] for i in state.turn_order]


@name(example="if player_count == 2:\n        gain 1", reads=NOTHING, returns=int, inline="len(ST.players)")
def player_count(run):
    "The number of players."
    return len(run.state.players)


@name(example="if era.id == \"canal\":\n        gain 1", reads=FLOW, returns=Era, inline="BOARD.eras[ST.era_index]")
def era(run):
    "The current era."
    return run.state.era


@name(example="let last = eras[len(eras) - 1]", reads=NOTHING, returns=ListOf(Era, unique=True), inline="BOARD.eras", constant=True)
def eras(run):
    "Every era, in order."
    return run.board.eras


@name(example="if round == 2:\n        gain 1", reads=FLOW, returns=int, inline="ST.round")
def round_(run):
    "The number of the current round within its era, from 1."
    return run.state.round


@name(example="choose place from locations", reads=NOTHING, returns=ListOf(Location, unique=True), inline="BOARD.locations", constant=True)
def locations(run):
    "Every location on the board."
    return run.board.locations


@name(example="choose line from lines where line.free", reads=NOTHING, returns=ListOf(Line, unique=True), inline="BOARD.lines", constant=True)
def lines(run):
    "Every printed line on the board."
    return run.board.lines


@name(example="choose industry from industries", reads=NOTHING, returns=ListOf(Industry, unique=True), inline="BOARD.industries", constant=True)
def industries(run):
    "Every industry."
    return run.board.industries


@name(example="for m in markets:\n        fill_market m", reads=NOTHING, returns=ListOf(Market, unique=True), inline="BOARD.markets", constant=True)
def markets(run):
    "Every resource market."
    return run.board.markets


@name(example="for tile in board_tiles:\n        score 1, player=tile.owner", reads=TILES, returns=ListOf(BoardTile, unique=True))
def board_tiles(run):
    "Every industry tile on the board, in board order."
    return run.state.tiles()


@name(example="for link in board_links:\n        score 1, player=link.owner", reads=LINKS, returns=ListOf(BoardLink, unique=True))
def board_links(run):
    "Every link tile on the board, in board order."
    return run.state.links()


@name(example="let dealt = [s for s in spaces if s.token]", reads=NOTHING, returns=ListOf(SpaceState, unique=True), inline="ST.spaces")
def spaces(run):
    "Every token space on the board, with what was dealt to it."
    return run.state.spaces


@name(example="require len(deck) > 0", reads=CARDS, returns=ListOf(Card), inline="ST.deck")
def deck(run):
    "The draw deck (its order is hidden from players; rules may count it)."
    return run.state.deck


@name(example="if actions_taken == 0:\n        gain 1", reads=FLOW, returns=int, inline="ST.actions_taken")
def actions_taken(run):
    "Actions the player to move has already taken this turn."
    return run.state.actions_taken


@name(example="require actions_left >= 1", reads=FLOW, returns=int, inline="ST.actions_left")
def actions_left(run):
    "Actions the player to move has left this turn, counting the current one."
    return run.state.actions_left

"""A game of Brass as the research faces see it: small decisions and chance, one at a time.

A :class:`Table` is where OpenSpiel's state, the PettingZoo environment and the
Gymnasium wrapper keep their game. At any moment it is at one of three kinds
of node, as OpenSpiel has them:

* a *decision*: :attr:`current_player` must pick one of :meth:`legal_actions`,
  atoms of the ruleset's :class:`~brass.research.actions.ActionSpace`, one
  decision of a move at a time (:class:`~brass.research.moves.Walk`);
* a *chance node* (:data:`CHANCE`): :meth:`chance_outcomes` lists what can
  happen and how likely, each a card, a token or a seat; one is applied
  (:mod:`brass.research.chance` says when they come: every item that leaves
  a face-down pile, every shuffle seen at once);
* the end (:data:`TERMINAL`): :meth:`returns` ranks the players.

A decision or outcome that is the only one possible is taken at once, so a
node is never offered with a single option. The public record
(:attr:`record`) holds every decision and every outcome all players saw, in
order: with a seat's view, it is what that seat knows (its information state).
"""

from __future__ import annotations

import random
from typing import Optional

from ..game import Move
from ..game.notation import write_move
from ..language.codegen.search import decisions as path_decisions
from ..language.decisions import notation as value_notation
from .chance import ChanceGame, Chances, Draw, NeedChance, Shuffle
from .moves import Walk

CHANCE = -1  # the values OpenSpiel gives these nodes (pyspiel.PlayerId)
TERMINAL = -4
HIDDEN = -1  # an outcome in the record that not every seat saw


class ChanceNode:
    """Outcomes chance must decide before a step can run again: the items that left
    one face-down pile, or the order of one shuffle seen at once."""

    __slots__ = ("need", "count", "left", "chosen")

    def __init__(self, space, needs: tuple):
        first = needs[0]
        self.need = first
        if isinstance(first, Draw):
            count = 0
            for need in needs:  # the draws from this pile in a row, decided together
                if not (isinstance(need, Draw) and (need.pile, need.generation) == (first.pile, first.generation)):
                    break
                count += 1
            self.count = count
            items = first.left
        else:
            self.count = len(first.items) - 1  # the last place takes what is left
            items = first.items
        self.left: dict = {}  # atom -> the items left that it stands for
        for item in items:
            self.left.setdefault(space.chance_atom(item), []).append(item)
        self.chosen: list = []

    def copy(self) -> "ChanceNode":
        other = ChanceNode.__new__(ChanceNode)
        other.need, other.count = self.need, self.count
        other.left = {atom: list(items) for atom, items in self.left.items()}
        other.chosen = list(self.chosen)
        return other

    def outcomes(self) -> list:
        """(atom, probability) of each outcome, by atom: a card held twice is twice as likely."""
        total = sum(len(items) for items in self.left.values())
        return [(atom, len(self.left[atom]) / total) for atom in sorted(self.left)]

    def take(self, space, atom: int) -> None:
        items = self.left.get(atom)
        if not items:
            shown = ", ".join(space.word(a) for a in sorted(self.left))
            raise ValueError(f"{atom} ({space.word(atom) if 0 <= atom < len(space) else 'no atom'}) is not a chance outcome here; the outcomes: {shown}")
        self.chosen.append(items.pop())
        if not items:
            del self.left[atom]

    @property
    def done(self) -> bool:
        return len(self.chosen) >= self.count

    def commit(self, chances: Chances) -> None:
        need = self.need
        if isinstance(need, Shuffle):
            chances.orders[(need.label, need.occurrence)] = tuple(self.chosen) + tuple(item for items in self.left.values() for item in items)
            return
        drawn = chances.drawn.setdefault((need.pile, need.generation), [])
        if len(drawn) != need.position:
            raise RuntimeError(f"chance decides item {need.position} of the {need.pile} pile, but {len(drawn)} are decided")
        drawn.extend(self.chosen)


class Table:
    """One game of a ruleset for the research faces (see the module's text)."""

    def __init__(self, space, players: int):
        self.space = space
        self.players = players
        self.chances = Chances(space.shuffle_kinds)
        self.game: Optional[ChanceGame] = None
        self._walk: Optional[Walk] = None
        self.pending: Optional[ChanceNode] = None
        self.retry: Optional[tuple] = ("setup",)  # what runs again once chance has decided
        self.record: list = []  # (seat or CHANCE, atom or HIDDEN), all saw; player decisions and outcomes
        self.unsettled: list = []  # outcomes applied whose watchers are not known yet: (atom, Draw or Shuffle, n)
        self.public_draws: dict = {}  # (pile, generation) -> items everyone saw leave it
        self.steps = 0  # engine moves applied
        self.applied: list = []  # every atom applied, decisions and outcomes: enough to replay the game
        self.bot_moves = 0  # whole moves applied (apply_move), which ``applied`` does not hold
        self.moves: list = []  # each engine move applied: (player, (its frame, its path entries) or a bot's Move)
        self._settle()

    # ------------------------------------------------------------- the node
    @property
    def walk(self) -> Optional[Walk]:
        """The move being decided. A resampled copy's is walked again on its own game the
        first time it is asked for: the order a hand is held in, which a resample
        changes, is in the notation of some values (the cards of a Scout)."""
        walk = self._walk
        if walk is not None and walk.game is not self.game:
            walk = self._walk = walk.again(self.game)
        return walk

    @walk.setter
    def walk(self, walk: Optional[Walk]) -> None:
        self._walk = walk

    @property
    def current_player(self) -> int:
        if self.pending is not None:
            return CHANCE
        if self.game.is_over():
            return TERMINAL
        return self.walk.player

    def is_terminal(self) -> bool:
        return self.pending is None and self.game is not None and self.game.is_over()

    def legal_actions(self) -> list:
        """The atoms the player to move may choose, ascending (none at chance or the end)."""
        if self.pending is not None or self.game.is_over():
            return []
        return list(self.walk.options)

    def chance_outcomes(self) -> list:
        """(atom, probability) of each outcome at a chance node, ascending by atom."""
        if self.pending is None:
            return []
        return self.pending.outcomes()

    def apply(self, atom: int) -> None:
        """Take a decision (at a decision) or an outcome (at a chance node); ValueError,
        and nothing changed, if it is not one of them."""
        if self.pending is not None:
            self.pending.take(self.space, atom)
            self.unsettled.append((atom, self.pending.need, len(self.pending.chosen) - 1))
            if self.pending.done:
                self._commit()
        else:
            if self.game.is_over():
                raise ValueError("the game is over: no more actions")
            player = self.walk.player
            walk = self.walk.copy()
            walk.choose(atom)
            self.walk = walk
            self.record.append((player, atom))
        self.applied.append(atom)
        self._settle()

    def apply_move(self, move: Move) -> None:
        """Apply a whole engine move the player to move chose (a bot's), at the start of its move."""
        if self.pending is not None or self.game.is_over() or self.walk.asked:
            raise ValueError("a whole move is applied only when a player is to start one")
        if move.player != self.walk.player:
            raise ValueError(f"the move is {self.game.players[move.player].name}'s, but {self.game.players[self.walk.player].name} is to move")
        values = move.values if move.values is not None else (None,) * len(move.decisions)
        for decision, value in zip(move.decisions, values):
            if value is not None:
                for atom in self.space.atoms(value, decision.key):
                    self.record.append((move.player, atom))
        tokens = [(d.key, d.text, v) if v is not None else (d.key, d.text) for d, v in zip(move.decisions, values)]
        trusted = move.origin is self.game.moment and move.values is not None  # listed here, as push trusts it
        self.retry = ("move", tokens, move.player, move, trusted)
        self.walk = None
        self.bot_moves += 1
        self._settle()

    def uniform_action(self, rng: random.Random) -> int:
        """A decision drawn so that the whole move it is part of is drawn uniformly
        among the legal moves (each option weighed by the moves it leads to)."""
        counts = self.walk.counts()
        number = rng.randrange(sum(counts.values()))
        for atom in sorted(counts):
            number -= counts[atom]
            if number < 0:
                return atom
        raise AssertionError("drawn past the end")  # pragma: no cover

    def random_outcome(self, rng: random.Random) -> int:
        """An outcome of the chance node drawn with its probability."""
        outcomes = self.chance_outcomes()
        number = rng.random()
        for atom, probability in outcomes:
            number -= probability
            if number < 0:
                return atom
        return outcomes[-1][0]

    # ------------------------------------------------------------ results
    def returns(self, kind: str = "rank") -> list:
        """Each seat's result once the game is over (zeros before): ``rank``, from +1
        for the winner down to -1 for the last, evenly, ties sharing the mean of their
        places (they sum to 0); or ``vp``, the victory points."""
        outcome = self.game.outcome() if self.is_terminal() else None
        if outcome is None:
            return [0.0] * self.players
        if kind == "vp":
            return [float(score["vp"]) for score in outcome.scores]
        if kind != "rank":
            raise ValueError(f"returns are 'rank' or 'vp', not {kind!r}")
        return rank_returns(outcome.ranking, self.players)

    # ------------------------------------------------------------- records
    def engine_record(self) -> dict:
        """The game so far as the engine's own record (:meth:`brass.game.Game.record`):
        its moves in notation, and each shuffle's order as chance decided it (a face-down
        pile's: its items in the order they left it, then the rest), so that
        ``Game.from_record`` replays it, and ``brass replay`` shows it."""
        game = self.game
        record = game.record()
        chance: dict = {}
        for label, occurrence in sorted(self.chances.shuffled, key=lambda key: (key[0], key[1])):
            chance.setdefault(label, []).append([value_notation(item) for item in self.chances.order(label, occurrence)])
        record["chance"] = chance
        record["moves"] = [{"player": player, "move": _notation(made)} for player, made in self.moves]
        return record

    def move_words(self, atoms) -> str:
        """The move some atoms make from the start of the move now, in notation
        (``build card=coventry industry=coal ...``); ValueError if they are not one."""
        walk = self._fresh_walk()
        for atom in atoms:
            if walk.move is not None:
                raise ValueError(f"the move is complete before {self.space.word(atom)}")
            walk.choose(atom)
        if walk.move is None:
            raise ValueError(f"the atoms {', '.join(map(self.space.word, atoms))} are not a whole move: {walk.key} is still to choose")
        return _notation((self.game.state.frame, walk.move))

    def move_atoms(self, text: str) -> list:
        """The atoms a player chooses to make a written move here (the engine reads it:
        a MoveError says why it is not a legal move), forced decisions left out."""
        move = self.game.parse(text)
        wanted = [(d.key, d.text) for d in move.decisions]
        walk = self._fresh_walk()
        atoms = []
        while walk.move is None:
            atom = walk.toward(wanted)
            atoms.append(atom)
            walk.choose(atom)
        return atoms

    def _fresh_walk(self) -> Walk:
        if self.pending is not None or self.is_terminal():
            raise ValueError("moves are written at a player's decision, not at a chance node or the end")
        return Walk(self.space, self.game)

    # -------------------------------------------------------------- copies
    def copy(self) -> "Table":
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        if self.game is not None:
            other.game = self.game.copy()
            other.chances = other.game.chances
            if self._walk is not None and self._walk.game is self.game:
                other._walk = self._walk.copy(other.game)
        else:
            other.chances = self.chances.copy()
        other.pending = self.pending.copy() if self.pending is not None else None
        other.record = list(self.record)
        other.applied = list(self.applied)
        other.moves = list(self.moves)
        other.unsettled = list(self.unsettled)
        other.public_draws = {key: list(items) for key, items in self.public_draws.items()}
        return other

    def __deepcopy__(self, memo) -> "Table":
        return self.copy()  # OpenSpiel clones a state by deep-copying what it holds

    def __reduce__(self):
        """Pickled as its ruleset's name, the players and the atoms applied; unpickled by
        replaying them (OpenSpiel serialises a state so). Whole moves applied by a bot
        (apply_move) are not atoms: such a table does not pickle."""
        if self.bot_moves:
            raise TypeError("a table on which whole moves were applied (apply_move) cannot be pickled: replay it from its moves instead")
        return (_replayed, (self.space.ruleset.name, self.players, tuple(self.applied)))

    def resample(self, seat: int, rng: random.Random) -> "Table":
        """A copy in which everything ``seat`` cannot see is dealt anew: the other
        hands, the cards laid face down and what the draw deck holds (the order of
        a face-down pile means nothing here: each draw is chance's). What ``seat``
        sees, and the public record, are unchanged."""
        if self.pending is not None or self.is_terminal():
            raise ValueError("a deal is resampled at a player's decision, not at a chance node or the end")
        from ..bots.determinize import determinize

        other = self.copy()
        other.game = determinize(self.game, seat, rng)
        other.chances = other.game.chances
        return other

    # ------------------------------------------------------------ the flow
    def _settle(self) -> None:
        """Run on until a real decision, a chance node with a choice, or the end."""
        space = self.space
        while True:
            pending = self.pending
            if pending is not None:
                if len(pending.left) > 1:
                    return
                (atom,) = pending.left
                pending.take(space, atom)
                self.unsettled.append((atom, pending.need, len(pending.chosen) - 1))
                if pending.done:
                    self._commit()
                continue
            if self.retry is not None:
                self._run(self.retry)
                continue
            if self.game.is_over():
                return
            if self.walk is None:
                self.walk = Walk(space, self.game)
            if self.walk.move is None:
                return
            walk = self.walk
            self.retry = ("move", walk.tokens(), walk.player, (self.game.state.frame, walk.move), walk.native)
            self.walk = None

    def _commit(self) -> None:
        pending = self.pending
        pending.commit(self.chances)
        if isinstance(pending.need, Shuffle):  # seen by everyone at once
            self.record.extend((CHANCE, atom) for atom, need, _ in self.unsettled if need is pending.need)
            self.unsettled = [entry for entry in self.unsettled if entry[1] is not pending.need]
        self.pending = None

    def _run(self, retry: tuple) -> None:
        """Run a step again: the set-up, or a move; a chance node if chance must decide first."""
        try:
            if retry[0] == "setup":
                self.game = ChanceGame(self.space.ruleset, self.players, self.chances)
                seen = self.game.seen
            else:
                seen = self.game.step(retry[1], retry[2], retry[4])
                self.steps += 1
        except NeedChance as need:
            self.pending = ChanceNode(self.space, need.needs)
            return
        if retry[0] == "move":
            self.moves.append((retry[2], retry[3]))
        self.retry = None
        self._settle_watchers(seen)

    def _settle_watchers(self, seen: list) -> None:
        """Who saw the outcomes of the step just run: an item drawn into a hand or
        onto a discard pile, nobody but its holder; turned up, everyone. An outcome
        decided ahead of its draw waits for it."""
        went = {(pile, generation, position): where for pile, generation, position, where in seen}
        state = self.game.state
        private = {id(p.hand) for p in state.players} | {id(p.discard) for p in state.players}
        waiting = []
        for atom, need, n in self.unsettled:
            key = (need.pile, need.generation, need.position + n)
            if key not in went:
                waiting.append((atom, need, n))
                continue
            public = id(went[key]) not in private
            self.record.append((CHANCE, atom if public else HIDDEN))
            if public:
                self.public_draws.setdefault((need.pile, need.generation), []).append(atom)
        self.unsettled = waiting


def _notation(made) -> str:
    """A move applied, in notation: a bot's Move, or (frame, path entries) of a walk."""
    if isinstance(made, Move):
        return made.notation()
    frame, entries = made
    action = entries[0][1] if frame.kind == "action" and frame.name is None else None
    return write_move(frame.move_name(action), path_decisions(entries))


def _replayed(ruleset_name: str, players: int, applied: tuple) -> Table:
    """A table with these atoms applied to a new game of an installed ruleset."""
    from ..ruleset import load_ruleset
    from . import space_of

    table = Table(space_of(load_ruleset(ruleset_name)), players)
    for atom in applied:
        table.apply(atom)
    return table


def rank_returns(ranking: list, players: int) -> list:
    """+1 for first place down to -1 for last, evenly; tied players share the mean of their places."""
    result = [0.0] * players
    place = 0
    for group in ranking:
        places = range(place, place + len(group))
        value = sum(1 - 2 * p / (players - 1) for p in places) / len(group)
        for seat in group:
            result[seat] = value
        place += len(group)
    return result

"""``brass record``'s loop: a game played at a table, entered move by move.

The :class:`brass.recording.Recorder` asks what each draw turned up; here the
person entering the game types each move, and sees, as at the table, each
round and its turn order announced, each move in full before its draws are
asked, and what it changed after. ``help`` and ``undo`` work at every prompt:
at a question, ``undo`` takes back the last card or tile told (at a move's
first question, the move itself); at the move prompt, the last move, with what
it turned up, however far back its cards were drawn. The record is saved after
the set-up and after every move.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..errors import AmbiguousMoveError, MoveError, UndoError
from ..recording import Recorder, Stop, TakenBack
from ..ruleset import load_ruleset
from .changes import changes

HELP = """While entering a game:
  <move>          the move the player made, as in brass play: the action and what it does
  moves [TEXT]    list the legal moves (those the words fit), with what each costs
  board           show the table
  undo            take back the last move entered, with the cards it drew (they are asked again)
  save FILE       save the record now (it is saved after every move anyway)
  help            this text
  quit            stop (the record so far is kept; brass record --resume FILE goes on)
When cards are drawn or tiles turned up, type them by name or id, separated by
commas or spaces, in the order they were drawn; 'help' there says what is left,
'undo' takes back the last one told."""


COMMANDS = ("help", "board", "moves", "undo", "save", "quit")


def record_game(ruleset, names, path, ask: Optional[Callable[[str], str]] = None, say: Callable[[str], None] = print, resume: Optional[dict] = None, console=None):
    """Enter a game as it is played, saving its record to ``path`` after every step;
    the game, or None if stopped during the set-up. ``ask`` (default: input) answers
    each question, ``say`` shows the rest; ``resume``: a record to go on with."""
    ask = ask or (lambda prompt: input(prompt))
    ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if resume is None:
        say(f"Entering a game of {ruleset.title}. Tell the engine each card as it is drawn. Type 'help' for commands.")
    else:
        say(f"Going on with a game of {ruleset.title}: {len(resume['moves'])} moves entered. Type 'help' for commands.")
    try:
        recorder = Recorder(ruleset, names, ask, say, resume=resume)
    except Stop:
        say("stopped during the set-up: nothing saved")
        return None
    recorder.save(path)
    if hasattr(ask, "words"):  # a LineReader: Tab completes moves from here on
        from .lineinput import play_words

        ask.words = play_words(lambda: recorder.game, COMMANDS)
    entering = Entering(recorder, path, say, console)
    try:
        entering.run()
    except Stop:
        recorder.save(path)
        say(f"stopped; the record so far is in {path} (brass replay {path}; brass record --resume {path} goes on)")
        return recorder.game
    entering.finish()
    return recorder.game


class Entering:
    """The move prompt of ``brass record``."""

    def __init__(self, recorder: Recorder, path, say, console=None):
        self.recorder, self.path, self.say = recorder, path, say
        self.console = console
        self.announced = None  # (era, round) last announced

    def run(self) -> None:
        recorder = self.recorder
        while not recorder.game.is_over():
            game = recorder.game
            self._announce(game)
            player = game.to_move
            line = recorder._answer(f"{game.state.players[player].name}>").strip()
            word, _, rest = line.partition(" ")
            if not line:
                continue
            command = getattr(self, f"do_{word.lower()}", None) if word.lower() in COMMANDS else None
            if command is not None:
                command(rest.strip())
            else:
                self._enter(line)
            recorder.save(self.path)

    def _announce(self, game) -> None:
        """Each round, when it begins: the era, the round, the turn order."""
        state = game.state
        now = (state.era_index, state.round)
        if now != self.announced:
            self.announced = now
            order = ", then ".join(state.players[i].name for i in state.turn_order)
            self.say(f"{state.era.name}, round {state.round}: {order}.")

    def _enter(self, line: str) -> None:
        recorder = self.recorder
        game = recorder.game
        name = game.state.players[game.to_move].name
        try:
            move = game.parse(line)
        except AmbiguousMoveError as error:
            self.say(f"{error}; say more, or 'moves {line}' to see them")
            return
        except MoveError as error:
            self.say(str(error))
            return
        self.say(f"{name}: {move.full_notation()}")  # the move first, then what it draws
        before, scored = game.view(None), len(game.state.scored)
        with game.explore(move):
            own = game.view(None)
        try:
            recorder.play(move.notation())
        except TakenBack:
            self.say(f"taken back: {move.full_notation()} is not entered")
            return
        after = recorder.game
        lines = changes(before, after.view(None), after, own=own, mover=move.player, scored=after.state.scored[scored:])
        self.say("\n".join(f"  {line}" for line in lines))

    def do_help(self, rest: str) -> None:
        self.say(HELP)

    def do_board(self, rest: str) -> None:
        game = self.recorder.game
        if self.console is not None:
            self.console.board(game, game.to_move)
        else:
            from ..render import render

            self.say(render(game, viewer=game.to_move))

    def do_moves(self, rest: str) -> None:
        from .movelist import Listing, entries, filtered

        game = self.recorder.game
        moves, unknown = filtered(game, rest)
        if not moves:
            self.say(f"no legal move fits '{rest}'" + (f" ('{unknown}' names nothing in this game)" if unknown else ""))
            return
        self.say("\n".join(Listing(entries(game, moves)).lines(100)))

    def do_undo(self, rest: str) -> None:
        try:
            move = self.recorder.take_back()
        except UndoError as error:
            self.say(str(error))
            return
        self.announced = None
        self.say(f"took back: {move.full_notation()}, with what it turned up")

    def do_save(self, rest: str) -> None:
        if not rest:
            self.say("save needs a file name")
        elif self.recorder.save(rest):
            self.say(f"saved to {rest}")

    def finish(self) -> None:
        from ..render import render, render_outcome

        game = self.recorder.game
        self.recorder.save(self.path)
        if self.console is not None:
            self.console.board(game)
        else:
            self.say(render(game))
        self.say(render_outcome(game))
        self.say(f"the record is in {self.path} (brass replay {self.path})")

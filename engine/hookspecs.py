"""Every hook a ruleset plugin may implement, in game-lifecycle order.

A ruleset is found through the ``brass.rulesets`` entry-point group; the module
the entry point names is registered as a pluggy plugin (and, for a variant, its
base ruleset's module is registered before it). Rule files say what they can;
hooks are for the rest. Each hook is named ``brass_*``; implement it with
``@hookimpl`` from :mod:`engine`::

    from brass import hookimpl

    @hookimpl
    def brass_language(vocabulary):
        @vocabulary.function
        def canal_count(run, player):
            "How many canals a player has on the board."
            return sum(1 for link in run.state.links() if link.owner == player.index and link.kind == "canal")

Hooks marked *first result wins* stop at the first plugin that returns
something other than ``None``; the variant registered last is asked first.
Others collect a result from every plugin.
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("brass")


# ---------------------------------------------------------------------- loading


@hookspec
def brass_language(vocabulary):
    """Add words to the rule language before the rule files are compiled.

    ``vocabulary`` is an :class:`brass.language.vocabulary.Vocabulary`; use its
    decorators ``@vocabulary.keyword``, ``@vocabulary.function``,
    ``@vocabulary.name`` and its method ``vocabulary.event(...)``. Returns nothing.
    """


@hookspec
def brass_check_ruleset(ruleset):
    """Check what neither the schemas nor the compiler can.

    Returns a list of :class:`brass.errors.DataProblem` (empty when all is
    well). Every plugin's list is reported.
    """


# ------------------------------------------------------------------------ setup


@hookspec
def brass_setup(game):
    """Called once the rules' ``setup`` procedure has run, before the first turn.

    Changes must go through ``game.state.journal``. Returns nothing.
    """


# ------------------------------------------------------------------------- turn


@hookspec
def brass_turn_start(game, player):
    """Called when a player's turn begins (``player`` is a ``PlayerState``). Returns nothing."""


# ---------------------------------------------------------------- legal choices


@hookspec(firstresult=True)
def brass_order_moves(game, moves):
    """Reorder or annotate the legal moves shown to a human player.

    Returns the moves as a list, or ``None`` to keep the rules' order.
    First result wins.
    """


# -------------------------------------------------------------------- resolution


@hookspec
def brass_after_move(game, move):
    """Called after a move has been applied and the game has moved on. Returns nothing."""


# -------------------------------------------------------------------- round end


@hookspec
def brass_round_end(game):
    """Called after the rules' ``end_of_round`` procedure. Returns nothing."""


# ---------------------------------------------------------------------- era end


@hookspec
def brass_era_end(game, era):
    """Called after the rules' ``end_of_era`` procedure for ``era``. Returns nothing."""


# ---------------------------------------------------------------------- scoring


@hookspec(firstresult=True)
def brass_evaluate(game, player):
    """A number saying how well ``player`` stands, for bots that look ahead.

    Higher is better. First result wins; the engine's default counts points,
    income and money.
    """


# ---------------------------------------------------------------------- display


@hookspec
def brass_status_lines(game):
    """Lines of text about the ruleset's own parts of the table (a track, a
    deck marker) for the board display. Returns a list of strings; every plugin's
    lines are shown."""


@hookspec(firstresult=True)
def brass_describe_space(game, space):
    """One line describing a token space for the board display (the token dealt
    to it and what lies beside it). Returns a string, or ``None`` for the default.
    First result wins."""

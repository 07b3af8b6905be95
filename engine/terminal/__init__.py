"""The terminal face: ``brass play``, ``brass replay`` and ``brass record`` at a terminal.

* :mod:`.console` -- :class:`Console`, rich when installed, plain text otherwise;
* :mod:`.changes` -- what a move changed, from two views of the game;
* :mod:`.network` -- the places a player's links and tiles reach, grouped;
* :mod:`.scores` -- the VP each player scored in each era, under each of the rules'
  score headings, replayed from the record.

Nothing here knows an edition: names come from the ruleset's board, figures
from the views, the score headings from the rules (``score 3, heading="links"``),
the eras' ends from the ``brass_era_end`` hook every ruleset's flow passes through.
"""

from __future__ import annotations

from .changes import changes
from .console import PLAYER_STYLES, Console
from .network import network_groups, network_lines
from .scores import ScoreLog, ScorePart, score_lines, score_log

__all__ = ["Console", "PLAYER_STYLES", "ScoreLog", "ScorePart", "changes", "network_groups", "network_lines", "score_lines", "score_log"]

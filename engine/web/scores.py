"""The score breakdown at the end of a game: per era, what each player scored for what.

Generic: the headings are the rules' own (``score 3, heading="links"``:
:attr:`CompiledRules.score_headings`), the points under each come from the
game's log of headed scores (``GameState.scored``), and the eras from the
moves: a table notes, before each move, the era and how much of that log there
was (:func:`brass.web.table.push_logged`). What an era's last move set off (the
era's end and its scoring) belongs to that era. VP gained or lost otherwise is
"in play"; VP and money are each player's at the era's end.
"""

from __future__ import annotations


def breakdown(table) -> dict:
    game = table.game
    state = game.state
    players = len(state.players)
    headings = list(game.rules.score_headings)
    for _player, heading, _points, _source in state.scored:
        if heading not in headings:
            headings.append(heading)
    # Where each era starts in the table's moves: (era index, first move).
    starts = []
    for number, (era, _logged, _vp, _money) in enumerate(table.scores):
        if not starts or starts[-1][0] != era:
            starts.append((era, number))
    eras = []
    for position, (era, first) in enumerate(starts):
        following = starts[position + 1][1] if position + 1 < len(starts) else None
        logged_from = table.scores[first][1]
        vp_from = table.scores[first][2]
        if following is None:
            logged_to, vp_to, money_to = len(state.scored), [p.vp for p in state.players], [p.money for p in state.players]
        else:
            _, logged_to, vp_to, money_to = table.scores[following]
        scored = {h: [0] * players for h in headings}
        for player, heading, points, _source in state.scored[logged_from:logged_to]:
            scored[heading][player] += points
        rows = []
        for i in range(players):
            headed = {h: scored[h][i] for h in headings}
            rows.append({"scored": headed, "in_play": vp_to[i] - vp_from[i] - sum(headed.values()), "vp": vp_to[i], "money": money_to[i]})
        eras.append({"era": game.board.eras[era].name, "players": rows})
    totals = []
    for i, p in enumerate(state.players):
        headed = {h: sum(e["players"][i]["scored"][h] for e in eras) for h in headings}
        totals.append({"scored": headed, "in_play": sum(e["players"][i]["in_play"] for e in eras), "vp": p.vp, "money": p.money, "income_level": game.board.income.level(p.income_space)})
    return {"headings": headings, "eras": eras, "totals": totals}

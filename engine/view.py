"""What one player may see of a game, as plain data (JSON-ready).

Other players' hands show only their size; the draw deck only its size; cards
laid face down only their number. Everything on the board is public.
"""

from __future__ import annotations

from typing import Optional


def player_view(game, viewer: Optional[int]) -> dict:
    state = game.state
    board = game.board
    income = board.income
    players = []
    for p in state.players:
        face_down = p.fields.get("face_down", 0)
        entry = {
            "index": p.index,
            "name": p.name,
            "money": p.money,
            "spent": p.spent,
            "income_space": p.income_space,
            "income_level": income.level(p.income_space),
            "vp": p.vp,
            "hand_size": len(p.hand),
            "discard": ["(face down)"] * face_down + [c.id for c in p.discard[face_down:]],
            "mat": {ind.id: [tt.level for tt in ind.stack[p.mat.get(ind.id, 0):]] for ind in board.industries},
        }
        if viewer == p.index:
            entry["hand"] = sorted(c.id for c in p.hand)
        players.append(entry)
    frame = state.frame
    return {
        "ruleset": game.ruleset.name,
        "ruleset_version": game.ruleset.version,
        "viewer": viewer,
        "era": state.era.id,
        "round": state.round,
        "phase": state.phase,
        "turn_order": list(state.turn_order),
        "to_move": game.to_move,
        "waiting_in": (frame.name or "action") if frame is not None else None,
        "actions_left": state.actions_left,
        "players": players,
        "tiles": [
            {
                "space": t.slot.id,
                "location": t.slot.location.id,
                "owner": t.owner,
                "industry": t.type.industry.id,
                "level": t.type.level,
                "flipped": t.flipped,
                "cubes": dict(sorted(t.cubes.items())),
            }
            for t in state.tiles()
        ],
        "links": [{"line": link.line.id, "owner": link.owner, "kind": link.kind} for link in state.links()],
        "spaces": [
            {"space": s.space.id, "token": s.token.id if s.token else None, "cubes": dict(s.cubes)}
            for s in state.spaces
            if s.token is not None
        ],
        "markets": dict(state.markets),
        "deck_size": len(state.deck),
        "piles": dict(state.piles),
        # Face-down token piles (Lancashire's distant market): how many, never which.
        "face_down": {pool: len(tokens) for pool, tokens in state.token_piles.items()},
        "counters": dict(state.counters),
        "over": game.is_over(),
    }

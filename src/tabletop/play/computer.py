"""What a worker process runs for a computer seat or a hint: plain data in, plain data out.

The server sends these functions to a process pool, so they take and return
only JSON-ready values (a state's ``to_dict()``, a level, a seed) and
rebuild the game in the worker.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import State, load_game

#: Candidate moves a hint lists.
HINT_MOVES = 5


def rebuild(data: Mapping[str, Any]) -> State:
    """The state a ``State.to_dict()`` record describes."""
    game = load_game(str(data["game"]), **dict(data["options"]))
    return type(game.new_state()).from_dict(data)


def think(job: Mapping[str, Any]) -> str:
    """The move (in notation) the job's computer level chooses in the job's state."""
    from tabletop.ai.levels import agent_for_level

    state = rebuild(job["state"])
    agent = agent_for_level(state.game, int(job["level"]), int(job["seed"]))
    return state.format_move(agent.choose(state))


def hint(job: Mapping[str, Any]) -> dict[str, Any]:
    """The level's analysis of the job's state: the best moves (each with its share of the
    search, its value and the mover's chance to win after it), the chances, the line."""
    from tabletop.ai.levels import agent_for_level
    from tabletop.ai.values import move_chances, win_chances

    state = rebuild(job["state"])
    agent = agent_for_level(state.game, int(job["level"]), int(job["seed"]))
    analysis = agent.analyze(state)
    best = analysis.moves[:HINT_MOVES]
    seat = state.to_move
    assert seat is not None
    chances = move_chances(analysis.values, [s.value for s in best], seat, state.game.teams)
    return {
        "moves": [
            {
                "move": state.format_move(stat.move),
                "visits": stat.visits,
                "share": round(stat.share, 4),
                "value": round(stat.value, 4),
                "chance": round(chance, 4),
            }
            for stat, chance in zip(best, chances, strict=True)
        ],
        "values": [round(v, 4) for v in analysis.values],
        "wins": [round(w, 4) for w in win_chances(analysis.values, state.game.teams)],
        "line": [state.format_move(m) for m in analysis.line],
    }


def propose(job: Mapping[str, Any]) -> list[str]:
    """Go's dead-stone proposal (games/go/dead.py) for the job's ended position: the points
    of the stones the estimator finds dead, in notation."""
    from tabletop.play.match import default_dead_proposal

    state = rebuild(job["state"])
    return [str(p) for p in default_dead_proposal(state, int(job["seed"]))]

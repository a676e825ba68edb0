"""The review's quiet games: games between two players of the same strong level, where a
review should find few mistakes (tests/review/test_quality.py).

    PYTHONPATH=src python -m tests.review.quiet      # rewrites data/quiet.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tabletop
from tabletop.ai.levels import agent_for_level

DATA = Path(__file__).parent / "data" / "quiet.json"

#: (game, options, level of both players, plies at most).
GAMES: tuple[tuple[str, dict[str, Any], int, int], ...] = (
    ("quoridor", {}, 7, 60),
    ("oust", {"width": 7, "height": 7}, 7, 60),
    ("abalone", {}, 7, 40),
    ("go", {"size": 9}, 7, 40),
)


def main() -> None:
    records = []
    for name, options, level, plies in GAMES:
        game = tabletop.load_game(name, **options)
        players = [agent_for_level(game, level, seed) for seed in range(game.num_players)]
        state = game.new_state()
        while state.ply < plies and not state.is_over():
            seat = state.to_move
            assert seat is not None
            state.play(players[seat].choose(state))
        records.append(state.to_dict())
        print(name, state.ply, state.is_over(), flush=True)
    DATA.write_text(json.dumps(records, indent=1) + "\n")


if __name__ == "__main__":
    main()

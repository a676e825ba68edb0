"""The moves every level plays from fixed seeds: a fingerprint of play, to prove a refactor
changed none.

    python bench/level_moves.py > moves.json          # record
    python bench/level_moves.py --check moves.json    # compare (exit 1 on a difference)

For each game variant and level 1-10 one seeded level agent plays ``PLIES``
plies from the start (both sides, so its kept tree is reused), each move
searched with the level's own settings but a work budget of at most
``CAP`` iterations and no time cap: the work a move gets then never depends
on the machine, so the same code gives the same moves. Go also records the
dead-stone estimate of the final position. tests/bench/test_level_moves.py
compares the result with the committed tests/bench/level_moves.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import tabletop
from tabletop.ai.agent import Budget
from tabletop.ai.levels import MAX_LEVEL, MIN_LEVEL, agent_for_level, level_for

#: Game variants: every search of every level table.
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("go", {"size": 9, "rules": "chinese", "komi": 7}),
    ("abalone", {"players": 2}),
    ("abalone", {"players": 3}),
    ("oust", {}),
    ("quoridor", {"players": 2}),
    ("quoridor", {"players": 4}),
)

#: Plies each level plays, and the most iterations (or nodes) a move searches.
PLIES = 6
CAP = 1000


def level_moves(name: str, options: dict[str, Any], level: int, seed: int) -> list[str]:
    """The moves ``level`` plays against itself from the start of ``name``."""
    game = tabletop.load_game(name, **options)
    agent = agent_for_level(game, level, seed=seed)
    work = min(CAP, level_for(game, level).iterations)
    state = game.new_state()
    moves = []
    for _ in range(PLIES):
        if state.is_over():
            break
        move = agent.choose(state, Budget(playouts=work))
        moves.append(str(move))
        state.play(move)
    return moves


def dead_stones(seed: int) -> list[list[Any]]:
    """Go's dead-stone shares after a level-1 game's first 40 plies (rounded)."""
    from tabletop.games.go import GoState
    from tabletop.games.go.dead import dead_chains

    game = tabletop.load_game("go", size=9, rules="chinese", komi=7)
    agent = agent_for_level(game, 1, seed=seed)
    state = game.new_state()
    for _ in range(40):
        state.play(agent.choose(state, Budget(playouts=50)))
    assert isinstance(state, GoState)
    return [[chain, round(lost, 9)] for chain, lost in dead_chains(state, playouts=200, seed=seed)]


#: The seeds each level plays with.
SEEDS = (1, 2)


def label_of(name: str, options: dict[str, Any]) -> str:
    """A variant's name in the fingerprint's keys: "quoridor players=4"."""
    return " ".join([name, *(f"{k}={v}" for k, v in options.items())])


def move_key(name: str, options: dict[str, Any], level: int, seed: int) -> str:
    """The fingerprint's key for one variant's level and seed."""
    return f"{label_of(name, options)} level {level} seed {seed}"


def dead_key(seed: int) -> str:
    """The fingerprint's key for Go's dead-stone shares with ``seed``."""
    return f"go dead seed {seed}"


def fingerprint_keys() -> set[str]:
    """Every key of a whole fingerprint, without playing."""
    keys = {dead_key(seed) for seed in SEEDS}
    for name, options in VARIANTS:
        for level in range(MIN_LEVEL, MAX_LEVEL + 1):
            keys.update(move_key(name, options, level, seed) for seed in SEEDS)
    return keys


def variant_moves(name: str, options: dict[str, Any]) -> dict[str, list[str]]:
    """One variant's moves by level and seed."""
    return {
        move_key(name, options, level, seed): level_moves(name, options, level, seed)
        for level in range(MIN_LEVEL, MAX_LEVEL + 1)
        for seed in SEEDS
    }


def dead_fingerprint() -> dict[str, Any]:
    """Go's dead-stone shares by seed."""
    return {dead_key(seed): dead_stones(seed) for seed in SEEDS}


def fingerprint() -> dict[str, Any]:
    """Every variant's moves by level and seed, and Go's dead-stone shares by seed."""
    out: dict[str, Any] = {}
    for name, options in VARIANTS:
        out.update(variant_moves(name, options))
    out.update(dead_fingerprint())
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", help="a recorded fingerprint to compare with")
    args = parser.parse_args()
    found = fingerprint()
    if args.check is None:
        json.dump(found, sys.stdout, indent=1)
        print()
        return 0
    with open(args.check) as recorded:
        wanted = json.load(recorded)
    differ = [key for key in wanted if found.get(key) != wanted[key]]
    for key in differ:
        print(f"differs: {key}\n  was {wanted[key]}\n  now {found.get(key)}")
    print(f"{len(wanted) - len(differ)} of {len(wanted)} the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

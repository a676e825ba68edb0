"""The review's blunder set: positions where a person is sure a move is a blunder, found in
games between weak computer players and checked by the rules, not by a search.

    PYTHONPATH=src python -m tests.review.blunders      # rewrites data/blunders.json

Each case is a game record up to and including the blunder, and what makes it one:

* ``wins``: the mover could win at once (a Quoridor step into the goal, an Oust
  placement taking the last stones, an Abalone push of the sixth marble) but played a
  move after which the opponent wins at once;
* ``pushed``: Abalone: after the move the opponent pushes off one of the mover's
  marbles, where another move left none to push (and the move pushed none itself);
* ``atari``: Go: after the move the opponent captures a group of GROUP stones or more,
  where another move left no such capture.

``saving`` lists the moves that avoid the loss: the review's best move must be one.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import tabletop
from tabletop.ai.levels import agent_for_level
from tabletop.core.game import Move, State

DATA = Path(__file__).parent / "data" / "blunders.json"

#: The smallest Go group whose capture counts as a blunder's.
GROUP = 5

#: Cases per game.
CASES = 5


def winning_moves(state: State) -> list[Move]:
    """The mover's moves that end the game with the mover among the winners."""
    seat = state.to_move
    found = []
    for move in state.legal_moves():
        state.play(move)
        outcome = state.outcome()
        if outcome is not None and seat in outcome.winners:
            found.append(move)
        state.undo()
    return found


def after(state: State, move: Move) -> State:
    """The position after ``move`` (``state`` is unchanged)."""
    copy = state.copy()
    copy.play(move)
    return copy


def lets_win(state: State, move: Move) -> bool:
    """After ``move`` the game goes on and the next mover can win at once."""
    nxt = after(state, move)
    return not nxt.is_over() and nxt.to_move != state.to_move and bool(winning_moves(nxt))


def most_taken(state: State, count: Callable[[State], int]) -> int:
    """The most ``count`` rises by any one move of the mover."""
    before = count(state)
    best = 0
    for move in state.legal_moves():
        state.play(move)
        best = max(best, count(state) - before)
        state.undo()
    return best


def ejected_by(seat: int) -> Callable[[State], int]:
    """Abalone: how many marbles ``seat`` has pushed off."""
    return lambda state: state.ejected[seat]  # type: ignore[attr-defined]


def prisoners_of(seat: int) -> Callable[[State], int]:
    """Go: how many stones ``seat`` has captured."""
    return lambda state: state.prisoners[seat]  # type: ignore[attr-defined]


def loses_material(
    state: State, move: Move, count: Callable[[int], Callable[[State], int]], least: int
) -> bool:
    """After ``move`` the opponent can take ``least`` or more at once (and the move
    itself took nothing)."""
    seat = state.to_move
    assert seat is not None
    nxt = after(state, move)
    if nxt.is_over() or nxt.to_move == seat:
        return False
    if count(seat)(nxt) != count(seat)(state):
        return False
    opponent = nxt.to_move
    assert opponent is not None
    return most_taken(nxt, count(opponent)) >= least


def saving_moves(state: State, case: str) -> list[str]:
    """The moves after which the opponent cannot do what the blunder let it do."""
    saving = []
    for move in state.legal_moves():
        if case == "wins":
            bad = lets_win(state, move)
        elif case == "pushed":
            bad = loses_material(state, move, ejected_by, 1)
        else:
            bad = loses_material(state, move, prisoners_of, GROUP)
        if not bad:
            saving.append(state.format_move(move))
    return saving


def balanced(state: State, case: str) -> bool:
    """Whether the material is even, so that losing some is sure to matter: a group
    lost in a game already decided changes no one's chances (the first cases found in
    Go and Abalone were such, and rightly got no label)."""
    if case == "pushed":
        # Two or more each: one marble at 0-0 is a pawn in chess, a mistake, not a
        # blunder, by the evaluation (one such case got a drop of 0.14).
        ejected = state.ejected  # type: ignore[attr-defined]
        return len(set(ejected)) == 1 and ejected[0] >= 2
    if case == "atari":
        # Even prisoners and an even count of the board as it stands (komi aside).
        black, white = state.prisoners  # type: ignore[attr-defined]
        margin = state.score().margin + state.game.settings.komi  # type: ignore[attr-defined]
        return abs(black - white) <= 2 and state.ply <= 60 and abs(margin) <= 6
    return True


def find_blunder(state: State, case: str, rng: random.Random) -> Move | None:
    """A blunder of ``case`` in ``state`` if one can be played there, else None."""
    if not balanced(state, case):
        return None
    moves = state.legal_moves()
    rng.shuffle(moves)
    if case == "wins":
        if not winning_moves(state):
            return None
        return next((m for m in moves if lets_win(state, m)), None)
    if case == "pushed":
        pass_like = [m for m in moves if loses_material(state, m, ejected_by, 1)]
        if not pass_like or len(pass_like) == len(moves):
            return None
        return pass_like[0]
    threatened = [m for m in moves[:20] if loses_material(state, m, prisoners_of, GROUP)]
    return threatened[0] if threatened else None


#: (game, options, case, level of the players, the plies to look from).
SOURCES: tuple[tuple[str, dict[str, Any], str, int, int], ...] = (
    ("quoridor", {}, "wins", 3, 0),
    ("oust", {"width": 7, "height": 7}, "wins", 2, 12),
    ("abalone", {}, "pushed", 2, 6),
    ("go", {"size": 9}, "atari", 1, 10),
)


def cases_of(
    game_name: str, options: dict[str, Any], case: str, level: int, start: int
) -> Iterator[dict[str, Any]]:
    """Blunders of ``case`` in games between ``level`` players, one a game at most."""
    game = tabletop.load_game(game_name, **options)
    rng = random.Random(1)
    for seed in range(200):
        players = [agent_for_level(game, level, seed * 10 + s) for s in range(game.num_players)]
        state = game.new_state()
        while not state.is_over() and state.ply < 150:
            if state.ply >= start:
                blunder = find_blunder(state, case, rng)
                if blunder is not None and saving_moves(state, case):
                    record = after(state, blunder).to_dict()
                    yield {
                        "case": case,
                        "record": record,
                        "ply": state.ply + 1,
                        "blunder": state.format_move(blunder),
                        "saving": saving_moves(state, case),
                    }
                    break
            seat = state.to_move
            assert seat is not None
            state.play(players[seat].choose(state))


def main() -> None:
    """Find CASES blunders per game (or only for the games named on the command line,
    keeping the others' cases) and write them to DATA."""
    only = sys.argv[1:]
    kept = json.loads(DATA.read_text()) if only and DATA.exists() else []
    found = [c for c in kept if c["record"]["game"] not in only]
    for game_name, options, case, level, start in SOURCES:
        if only and game_name not in only:
            continue
        for number, item in enumerate(cases_of(game_name, options, case, level, start)):
            found.append(item)
            print(
                game_name, item["ply"], item["blunder"], "saving:", item["saving"][:8], flush=True
            )
            if number + 1 == CASES:
                break
    DATA.write_text(json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()

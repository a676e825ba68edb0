"""Go's ladder reader, on hand-made positions: ladders that work, ladders a stone breaks."""

from __future__ import annotations

import pytest

from tabletop.games.go import tactics
from tabletop.games.go.rules import GoState

from .helpers import point, position

#: White's D4 in atari (its liberty D3) with Black's C4, D5, E3, E4 around it: extending
#: runs down to the lower left edge, two liberties at every step.
LADDER_BLACK = "C4 D5 E3 E4"


def captured(state: GoState, target: str) -> bool:
    n = state.game.size
    return bool(
        tactics.ladder_captures(
            state._board,
            state._links,
            state._stats,
            state._zob,
            n + 2,
            point(state, target),
            tactics.ladder_stack(n),
        )
    )


@pytest.mark.parametrize("size", [9, 19])
def test_a_ladder_to_the_edge_captures(size: int) -> None:
    assert captured(position(LADDER_BLACK, "D4", "white", size=size), "D4")


@pytest.mark.parametrize("breaker", ["B2", "C2", "B3"])
def test_a_white_stone_on_the_ladders_path_breaks_it(breaker: str) -> None:
    assert not captured(position(LADDER_BLACK, f"D4 {breaker}", "white"), "D4")


def test_a_stone_off_the_path_breaks_nothing() -> None:
    assert captured(position(LADDER_BLACK, "D4 F6", "white"), "D4")
    assert captured(position(LADDER_BLACK, "D4 Q16", "white", size=19), "D4")


def test_a_long_ladder_across_the_big_board_is_broken_by_a_far_stone() -> None:
    # The same shape in the middle of 19x19: it runs 7 lines to the lower left.
    shape = "K10 L11 M9 M10"
    assert captured(position(shape, "L10", "white", size=19), "L10")
    assert not captured(position(shape, "L10 D4", "white", size=19), "L10")


def test_a_chain_that_can_take_an_attacker_escapes() -> None:
    # White's F4, E5, F3, E2 leave Black's E3-E4 one liberty, D3: White takes them there
    # instead of running.
    state = position("C4 D5 E3 E4", "D4 F4 E5 F3 E2", "white")
    assert not captured(state, "D4")


def test_a_chain_not_in_atari_is_not_captured() -> None:
    assert not captured(position("C4 D5", "D4", "white"), "D4")


def test_an_atari_that_ladders_and_one_that_does_not() -> None:
    # Black to play: D3 puts White's D4 (liberties D3, E4) in atari and ladders it.
    state = position("C4 D5 E3", "D4", "black")
    n = state.game.size
    args = (state._board, state._links, state._stats, state._zob, n + 2)
    stack = tactics.ladder_stack(n)
    assert tactics.atari_ladders(*args, point(state, "E4"), 1, point(state, "D4"), stack)
    broken = position("C4 D5 E3", "D4 B2", "black")
    args = (broken._board, broken._links, broken._stats, broken._zob, n + 2)
    assert not tactics.atari_ladders(*args, point(broken, "E4"), 1, point(broken, "D4"), stack)


def test_an_escape_into_a_ladder_is_seen() -> None:
    # White to move, D4 in atari: extending at D3 runs into the ladder; with a breaker not.
    state = position(LADDER_BLACK, "D4", "white")
    n = state.game.size
    stack = tactics.ladder_stack(n)
    args = (state._board, state._links, state._stats, state._zob, n + 2)
    assert tactics.escape_ladders(*args, point(state, "D3"), 2, stack)
    broken = position(LADDER_BLACK, "D4 B2", "white")
    args = (broken._board, broken._links, broken._stats, broken._zob, n + 2)
    assert not tactics.escape_ladders(*args, point(broken, "D3"), 2, stack)


def test_a_fight_is_a_chain_short_of_liberties_at_the_last_move() -> None:
    quiet = position("E5", "C3", "black")
    assert not tactics.in_a_fight(quiet)
    fight = position("C4 D5 E3", "D4", "black")
    fight.play("E4")  # White's D4 in atari
    assert tactics.in_a_fight(fight)

"""Territory and area scoring with dead stones; the score breakdown in the outcome."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalMoveError

from .helpers import position

# A 5x5 game: Black owns columns A-B, White columns D-E, the C column is the wall
# between... with a dead white stone inside Black's area at A5.
WALL = {"black": "B1 B2 B3 B4 B5", "white": "D1 D2 D3 D4 D5 A5"}


def finished(**options: object):  # type: ignore[no-untyped-def]
    state = position(**WALL, size=5, **options)
    state.play("pass")
    state.play("pass")
    assert state.is_over()
    return state


def test_area_scoring_with_a_dead_stone() -> None:
    state = finished(rules="chinese", komi=0.5)
    # Without marking: A5 is a white stone alive; A1-A4 reach both colours? A1..A4
    # touch B stones and A5 (white): neutral.
    score = state.score()
    assert score.black.stones == 5 and score.black.territory == 0
    state.toggle_dead("A5")
    score = state.score()
    assert score.black.stones == 5 and score.black.territory == 5  # A1..A5
    assert score.white.stones == 5 and score.white.territory == 5  # E1..E5
    assert score.white.total == 10.5 and score.black.total == 10
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.detail["result"] == "W+0.5"
    state.toggle_dead("A5")  # toggling again makes it alive
    assert state.dead_stones == []


def test_territory_scoring_counts_prisoners_and_dead() -> None:
    state = finished(rules="japanese", komi=6.5)
    state.set_dead_stones(["A5"])
    score = state.score()
    assert score.black.territory == 5 and score.black.dead == 1 and score.black.stones == 0
    assert score.white.territory == 5 and score.white.komi == 6.5
    assert score.black.total == 6 and score.white.total == 11.5
    assert score.result() == "W+5.5"


def test_tromp_taylor_removes_nothing() -> None:
    state = finished(rules="tromp-taylor")
    with pytest.raises(IllegalMoveError, match="tromp-taylor"):
        state.toggle_dead("A5")


def test_dead_stones_only_after_play_ends() -> None:
    state = position(**WALL, size=5)
    with pytest.raises(IllegalMoveError, match="two passes"):
        state.set_dead_stones(["A5"])
    ended = finished()
    with pytest.raises(IllegalMoveError, match="no stone"):
        ended.set_dead_stones(["C3"])


def test_handicap_bonus_under_area_scoring() -> None:
    for rules, bonus in (("chinese", 4.0), ("aga", 3.0), ("japanese", 0.0)):
        state = position(size=9, handicap=4, rules=rules, to_move="white")
        state.play("pass")
        state.play("pass")
        assert state.score().white.komi == 0.5 + bonus


def test_seki_tax_counts_no_territory_for_chains_touching_neutral_points() -> None:
    # Black C1-C7 + D1-D3 and White E1-E7 + D5-D7 share the one neutral point D4.
    black = "C1 C2 C3 C4 C5 C6 C7 D1 D2 D3"
    white = "E1 E2 E3 E4 E5 E6 E7 D5 D6 D7"
    for seki, territory in (("simple", 14), ("taxed", 0)):
        state = position(black, white, size=7, komi=0.5, seki=seki)
        state.play("pass")
        state.play("pass")
        score = state.score()
        assert (score.black.territory, score.white.territory) == (territory, territory)
    # With no neutral point left (walls touching), the tax takes nothing.
    state = position("C1 C2 C3 C4 C5 C6 C7", "D1 D2 D3 D4 D5 D6 D7", size=7, seki="taxed")
    state.play("pass")
    state.play("pass")
    score = state.score()
    assert (score.black.territory, score.white.territory) == (14, 21)


def test_seki_tax_needs_territory_scoring() -> None:
    import tabletop
    from tabletop.core import OptionError

    with pytest.raises(OptionError, match="territory scoring only"):
        tabletop.load_game("go", rules="chinese", seki="taxed")


def test_estimator_proposes_the_dead_stones() -> None:
    from tabletop.games.go.dead import estimate_dead

    # White's lone stones inside Black's solid wall on 7x7 are dead; Black's wall is alive.
    black = "C1 C2 C3 C4 C5 C6 C7 D1 D2 D3 D4 D5 D6 D7"
    state = position(black, "A2 B6", size=7, komi=0.5, rules="chinese")
    while not state.is_over():
        state.play("pass")
    assert estimate_dead(state) == ["A2", "B6"]


def owned_empty(state, seat: int) -> int:  # type: ignore[no-untyped-def]
    """Points that are empty once the dead stones are off, counting for ``seat``."""
    stones = {str(m) for m in state.dead_stones}
    n = state.game.size
    count = 0
    for r, row in enumerate(state.owners()):
        for c, owner in enumerate(row):
            name = f"{'ABCDEFGHJKLMNOPQRST'[c]}{r + 1}"
            empty = not state.chain_at(name) or name in stones
            count += owner == seat and empty
    assert len(state.owners()) == n
    return count


def test_owners_follow_the_dead_stones_as_marked() -> None:
    state = finished(rules="chinese", komi=0.5)
    rows = state.owners()
    # Unmarked, A5 is alive: the A column reaches both colours and counts for nobody.
    assert rows[0] == [-1, 0, -1, 1, 1] and rows[4] == [1, 0, -1, 1, 1]
    state.toggle_dead("A5")
    rows = state.owners()
    assert rows[0] == [0, 0, -1, 1, 1] and rows[4] == [0, 0, -1, 1, 1]
    score = state.score()
    assert owned_empty(state, 0) == score.black.territory == 5
    assert owned_empty(state, 1) == score.white.territory == 5


def test_owners_leave_out_what_the_seki_tax_takes() -> None:
    black = "C1 C2 C3 C4 C5 C6 C7 D1 D2 D3"
    white = "E1 E2 E3 E4 E5 E6 E7 D5 D6 D7"
    for seki in ("simple", "taxed"):
        state = position(black, white, size=7, komi=0.5, seki=seki)
        state.play("pass")
        state.play("pass")
        score = state.score()
        assert owned_empty(state, 0) == score.black.territory
        assert owned_empty(state, 1) == score.white.territory
        assert state.owners()[3][3] == -1  # D4, the shared liberty

"""The review is right where a person is sure: the blunder set (tests/review/blunders.py,
positions checked by the rules) is labelled so with a saving best move, and a game between
equal strong players is quiet."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core import load_game
from tabletop.review import review_game
from tabletop.review.analyst import analyst_for
from tests.review.blunders import DATA
from tests.review.hand_blunders import hand_cases
from tests.review.quiet import DATA as QUIET_DATA

FOUND: list[dict[str, Any]] = json.loads(DATA.read_text())

#: Found cases the rules call blunders where a person is not sure, set aside for the
#: hand-built ones (hand_blunders.py; docs/review.md, "Quality").
SET_ASIDE = {
    # Black's three stones D2-E2-E1 were in atari (dead) before; D1 adds two to them.
    ("go", 35): "the group was lost before the move: D1 loses two more stones",
    # White's five stones were in atari and White was well behind (the search: 20-28%,
    # Black ahead by ~18 points): losing them is a mistake, the game was lost already.
    ("go", 34): "the mover was lost already (behind by ~18 points on 9x9)",
}

CASES = [c for c in FOUND if (c["record"]["game"], c["ply"]) not in SET_ASIDE] + hand_cases()


def _state(record: dict[str, Any]) -> Any:
    game = load_game(record["game"], **record["options"])
    return type(game.new_state()).from_dict(record)


def test_the_set_has_five_cases_per_game() -> None:
    games = [case["record"]["game"] for case in CASES]
    assert {name: games.count(name) for name in set(games)} == {
        "abalone": 5,
        "go": 5,
        "oust": 5,
        "quoridor": 5,
    }


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=[f"{c['record']['game']}-{c['ply']}-{c['blunder']}" for c in CASES],
)
def test_a_blunder_is_labelled_and_the_saving_move_found(case: dict[str, Any]) -> None:
    state = _state(case["record"])
    ply = case["ply"]
    review = review_game(state, analyst_for(state.game), plies=range(ply, ply + 1))
    entry = review.document["plies"][0]
    assert entry["move"] == case["blunder"]
    assert entry["best"] in case["saving"], entry
    assert entry["label"] == "blunder", entry


QUIET: list[dict[str, Any]] = json.loads(QUIET_DATA.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("record", QUIET, ids=[r["game"] for r in QUIET])
def test_a_game_between_equal_players_is_quiet(record: dict[str, Any]) -> None:
    state = _state(record)
    plies = review_game(state, analyst_for(state.game)).document["plies"]
    labelled = [p["ply"] for p in plies if p["label"] is not None]
    assert len(labelled) < 0.1 * len(plies), labelled


def test_a_group_left_in_atari_in_a_lost_game_is_still_labelled() -> None:
    # The drop sits at the mistake line (0.111 before the Go search pinned the AMAF of
    # moves its priors rule out, decision 0173; 0.0895 after): whether it reads as an
    # inaccuracy or a mistake is the search's noise. What must hold is that the lost
    # game does not hide it and the saving move is named.
    case = next(c for c in FOUND if (c["record"]["game"], c["ply"]) == ("go", 34))
    state = _state(case["record"])
    review = review_game(state, analyst_for(state.game), plies=range(34, 35))
    entry = review.document["plies"][0]
    assert entry["best"] in case["saving"], entry
    assert entry["label"] in ("inaccuracy", "mistake", "blunder"), entry

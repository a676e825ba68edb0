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
from tests.review.quiet import DATA as QUIET_DATA

CASES: list[dict[str, Any]] = json.loads(DATA.read_text())

#: Cases the rules call blunders but the review does not, and why (docs/review.md): the
#: search sees the group as lost already, or the side to move as behind already.
DOUBTFUL = {
    ("go", 35): "Black at 14% before; the search's best move F3 gives the group up too",
    ("go", 34): "White at 28% before: a drop of 0.13, a mistake",
}


def _marks(case: dict[str, Any]) -> Any:
    reason = DOUBTFUL.get((case["record"]["game"], case["ply"]))
    return pytest.mark.xfail(reason=reason, strict=True) if reason else ()


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
    [pytest.param(c, marks=_marks(c)) for c in CASES],
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

#: Quiet games the review still labels too often (issue 11 stays open on them).
TOO_LOUD = {
    "go": "6 of 40 moves labelled at the default (level 8); the issue asks fewer than 4",
}


@pytest.mark.parametrize(
    "record",
    [
        pytest.param(
            r,
            id=r["game"],
            marks=[pytest.mark.xfail(reason=TOO_LOUD[r["game"]], strict=True)]
            if r["game"] in TOO_LOUD
            else [],
        )
        for r in QUIET
    ],
)
def test_a_game_between_equal_players_is_quiet(record: dict[str, Any]) -> None:
    state = _state(record)
    plies = review_game(state, analyst_for(state.game)).document["plies"]
    labelled = [p["ply"] for p in plies if p["label"] is not None]
    assert len(labelled) < 0.1 * len(plies), labelled

"""Refusals carry a reason and their specifics (issue 10: "the server sends codes and
parameters; the client words them"): the rules engines' illegal moves and the match's own
refusals name which rule said no and where, as params a client words in its language."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import load_game
from tabletop.core.errors import IllegalMoveError
from tabletop.play import Match, MatchError, SeatSpec


def started(game: str, players: int = 2, **options: Any) -> Match:
    match = Match(load_game(game, **options), [SeatSpec() for _ in range(players)])
    for seat in range(players):
        match.claim(seat)
    return match


def refusal(match: Match, seat: int, move: str) -> MatchError:
    with pytest.raises(MatchError) as caught:
        match.play(seat, move)
    return caught.value


def played(match: Match, *moves: str) -> Match:
    for move in moves:
        match.play(match.state.to_move or 0, move)
    return match


@pytest.mark.parametrize(
    ("game", "options", "moves", "move", "reason", "params"),
    [
        ("go", {"size": 9}, ["E5"], "E5", "occupied", {"move": "E5"}),
        # Black captures on E5 (White D5 had one liberty); White may not retake on D5 at once.
        (
            "go",
            {"size": 9},
            ["D4", "D5", "C5", "E4", "D6", "F5", "pass", "E6", "E5"],
            "D5",
            "ko",
            {"move": "D5"},
        ),
        ("go", {"size": 9}, ["B1", "pass", "A2"], "A1", "suicide", {"move": "A1"}),
        ("quoridor", {}, [], "e1", "pawn-there", {"move": "e1", "from": "e1"}),
        ("quoridor", {}, [], "e3", "jump-no-pawn", {"move": "e3", "from": "e1"}),
        ("quoridor", {}, [], "a5", "too-far", {"move": "a5", "from": "e1"}),
        ("quoridor", {}, ["e1h"], "e1h", "wall-taken", {"move": "e1h"}),
        ("quoridor", {}, ["e1h"], "e1v", "walls-cross", {"move": "e1v", "wall": "e1h"}),
        ("quoridor", {}, ["e1h"], "f1h", "walls-overlap", {"move": "f1h", "wall": "e1h"}),
        ("quoridor", {}, ["e1h", "e8"], "e2", "wall-blocks-step", {"move": "e2", "from": "e1"}),
        ("abalone", {}, [], "e5e6", "no-marble", {"move": "e5e6", "cell": "e5"}),
        ("abalone", {}, [], "i5h5", "not-own", {"move": "i5h5", "cell": "i5"}),
        ("abalone", {}, [], "a1a2", "too-many", {"move": "a1a2", "cell": "a1"}),
        ("oust", {}, ["a1", "j9"], "b1", "no-enemy", {"move": "b1", "size": 2}),
        ("oust", {}, ["e5"], "e5", "occupied", {"move": "e5"}),
    ],
)
def test_an_illegal_move_names_its_reason_and_where(
    game: str, options: dict[str, Any], moves: list[str], move: str, reason: str, params: Any
) -> None:
    match = played(started(game, **options), *moves)
    err = refusal(match, match.state.to_move or 0, move)
    assert err.code == "illegal-move"
    details = err.details()
    assert details["reason"] == reason, err.message
    assert {k: details.get(k) for k in params} == params, err.message


def test_an_engine_error_carries_its_reason_outside_a_match() -> None:
    state = load_game("go", size=9).new_state()
    state.play("E5")
    with pytest.raises(IllegalMoveError) as caught:
        state.play("E5")
    assert caught.value.reason == "occupied" and caught.value.params == {"move": "E5"}


def test_text_that_is_no_move_is_refused_with_the_text() -> None:
    err = refusal(started("go", size=9), 0, "Z99")
    assert err.details() == {"move": "Z99", "reason": "notation"}


def test_the_match_names_whose_turn_and_which_seat() -> None:
    match = started("go", size=9)
    assert refusal(match, 1, "E5").details() == {"side": "Black"}
    with pytest.raises(MatchError) as caught:
        match.seat_to_claim(0)
    assert caught.value.code == "seat-taken" and caught.value.details() == {"side": "Black"}
    with pytest.raises(MatchError) as caught:
        match.play(7, "E5")
    assert caught.value.details() == {"reason": "no-seat", "seat": "7", "last": 1}


def test_an_option_out_of_range_names_the_option_and_its_limits() -> None:
    with pytest.raises(Exception) as caught:
        load_game("go", size=40)
    details = caught.value.details()  # type: ignore[attr-defined]
    assert details["reason"] == "option-value" and details["value"] == "40"
    assert details["min"] < details["max"] and details["option"]

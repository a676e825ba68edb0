"""Records: JSON for every game and SGF for Go, read back for the replay view."""

from __future__ import annotations

import json

import pytest

from tabletop.core import NotationError
from tabletop.play import MatchError
from tabletop.play.record import game_record, json_record, read_record
from tests.play.test_match import started


def test_json_record_reads_back_the_same_game() -> None:
    match = started("quoridor")
    for move in ("e2", "e8", "e3h"):
        match.play(match.to_move or 0, move)
    match.resign(1)
    record = json_record(match)
    again = read_record("json", json.dumps(record))
    assert again.state == match.state
    assert again.status == "finished"
    outcome = again.outcome()
    assert outcome is not None and outcome.reason == "resignation"
    assert [m["seat"] for m in again.moves] == [0, 1, 0]


def test_a_plain_state_record_is_read_too() -> None:
    match = started("oust", options={"size": 4})
    match.play(0, "a1")
    again = read_record("json", json.dumps(match.state.to_dict()))
    assert again.state == match.state


def test_sgf_keeps_names_moves_and_a_resignation() -> None:
    match = started()
    match.play(0, "E5")
    match.play(1, "C3")
    match.resign(0)
    sgf = game_record(match, "sgf").decode()
    assert "PB[P0]" in sgf and "RE[W+R]" in sgf
    again = read_record("sgf", sgf)
    assert again.state.history == match.state.history
    outcome = again.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_sgf_is_only_for_go() -> None:
    with pytest.raises(MatchError):
        game_record(started("abalone"), "sgf")


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("json", "{"),
        ("json", "[]"),
        ("json", '{"game": "chess"}'),
        ("json", '{"game": "go", "options": {"size": 9}, "moves": ["E5", "E5"]}'),
        ("json", '{"game": "go", "options": 3}'),
        ("sgf", "(;GM[2])"),
        ("sgf", "not sgf"),
        ("pgn", "1. e4"),
    ],
)
def test_bad_records_say_what_is_wrong(kind: str, text: str) -> None:
    with pytest.raises((NotationError, ValueError)):
        read_record(kind, text)

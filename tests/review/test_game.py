"""A whole review: the document's fields, chances adding up to one, determinism, ranges."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.ai.levels import agent_for_level
from tabletop.core import State, TabletopError
from tabletop.review import review_game
from tabletop.review.analyst import analyst_for

FIELDS = {
    "ply", "seat", "move", "chances_before", "chances_after", "best", "best_chances",
    "label", "line",
}  # fmt: skip


def _game(name: str, plies: int, **options: object) -> State:
    game = tabletop.load_game(name, **options)
    players = [agent_for_level(game, 2, seed) for seed in range(game.num_players)]
    state = game.new_state()
    while state.ply < plies and not state.is_over():
        seat = state.to_move
        assert seat is not None
        state.play(players[seat].choose(state))
    return state


def test_the_document_has_the_issue_s_fields() -> None:
    state = _game("quoridor", 8)
    document = review_game(state, analyst_for(state.game, level=3)).document
    json.dumps(document)  # JSON as it stands
    assert document["game"] == "quoridor" and document["options"] == dict(state.game.options)
    assert [p["ply"] for p in document["plies"]] == list(range(1, 9))
    for entry in document["plies"]:
        assert set(entry) >= FIELDS
        assert entry["line"][0] == entry["best"]
        for chances in (entry["chances_before"], entry["chances_after"], entry["best_chances"]):
            assert sum(chances) == pytest.approx(1.0, abs=1e-9)
    assert set(document["summary"]) == {"0", "1"}
    assert isinstance(document["key_moves"], list)


def test_a_three_player_game_gives_a_chance_to_every_seat() -> None:
    state = _game("abalone", 6, players=3)
    document = review_game(state, analyst_for(state.game, level=2)).document
    for entry in document["plies"]:
        assert len(entry["chances_before"]) == 3
        assert sum(entry["chances_after"]) == pytest.approx(1.0, abs=1e-9)
    assert [p["seat"] for p in document["plies"]] == [0, 1, 2, 0, 1, 2]


def test_the_same_seed_gives_the_same_review() -> None:
    state = _game("oust", 10)

    def reviewed() -> list[dict[str, object]]:
        return review_game(state, analyst_for(state.game, level=8)).document["plies"]

    assert reviewed() == reviewed()


def test_a_range_of_plies_and_a_finished_game() -> None:
    state = _game("quoridor", 300)
    assert state.is_over()
    last = state.ply
    document = review_game(state, analyst_for(state.game, level=2), plies=range(last, last + 1))
    entry = document.document["plies"][0]
    mover = entry["seat"]
    assert entry["chances_after"][mover] == 1.0  # the last move won the race
    with pytest.raises(TabletopError, match="moves 1 to"):
        review_game(state, analyst_for(state.game, level=2), plies=range(last, last + 2))

"""Every view and frame the server sends matches its model in server/protocol.py (decision
record 0087): every game at every player count, each clock kind, waiting, playing, the
scoring phase and finished; the error codes raised anywhere are in the one table."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import facts_of, list_games, load_game
from tabletop.play.clock import TimeControl
from tabletop.play.computer import hint
from tabletop.play.match import Match, SeatSpec
from tabletop.server import protocol as p
from tabletop.server.views import game_view, position_view, shown_part, view_delta

SRC = Path(__file__).resolve().parents[2] / "src" / "tabletop"

CLOCKS = [
    {"kind": "none"},
    {"kind": "absolute", "main": 600},
    {"kind": "fischer", "main": 300.5, "increment": 5},
    {"kind": "byoyomi", "main": 60, "periods": 3, "period": 10},
]


def configs() -> list[tuple[str, int]]:
    """Every game at every player count it is played with."""
    return [(info.name, players) for info in list_games() for players in info.players]


def new_match(name: str, players: int, clock: dict[str, Any] | None = None) -> Match:
    info = next(i for i in list_games() if i.name == name)
    options = {"players": players} if len(info.players) > 1 else {}
    game = load_game(name, **options)
    seats = [SeatSpec(name=f"P{i}") for i in range(game.num_players)]
    return Match(game, seats, TimeControl.from_dict(clock), now=lambda: 100.0)


def exact(view: dict[str, Any]) -> None:
    """``view`` is valid and the model keeps every key and value (nothing dropped or turned
    into another type in an HTTP answer)."""
    model = p.GameViewOut.model_validate(view)
    assert model.model_dump(mode="json") == json.loads(json.dumps(view))


@pytest.mark.parametrize(("name", "players"), configs())
def test_every_games_views_match_the_model(name: str, players: int) -> None:
    rng = random.Random(players)
    match = new_match(name, players)
    exact(game_view(match, "g1", 0))  # waiting: no seat claimed
    for seat in range(players):
        match.claim(seat)
    for _ in range(12):
        seat = match.to_move
        assert seat is not None
        match.play(seat, rng.choice(match.legal_moves()))
        exact(game_view(match, "g1", match.ply, connected=[0]))
    view = game_view(match, "g1", match.ply)
    exact(position_view(view, match.state, 1))
    asker = next(s for s in range(players) if s != match.to_move)
    match.request_undo(asker)
    assert match.undo_request is not None
    exact(game_view(match, "g1", 99))
    match.resign(0)
    exact(game_view(match, "g1", 100))


def test_a_key_the_model_lacks_is_refused() -> None:
    """What keeps views and models from drifting apart: nothing passes unchecked."""
    view = game_view(new_match("quoridor", 2), "g", 0)
    for broken in ({**view, "extra": 1}, {**view, "board": {**view["board"], "extra": 1}}):
        with pytest.raises(ValueError, match="extra"):
            p.GameViewOut.model_validate(broken)


@pytest.mark.parametrize("clock", CLOCKS, ids=[c["kind"] for c in CLOCKS])
def test_every_clock_matches_the_model(clock: dict[str, Any]) -> None:
    match = new_match("go", 2, clock)
    exact(game_view(match, "g", 0))
    match.claim(0)
    match.claim(1)
    match.play(0, "pass")
    exact(game_view(match, "g", 1))


def test_the_scoring_phase_matches_the_model() -> None:
    """Go's dead-stone phase, with the proposal pending and in, and the counted end."""
    game = load_game("go", size=9)
    assert facts_of(game).scoring is not None
    match = Match(game, [SeatSpec(), SeatSpec()], now=lambda: 0.0, propose_dead=None)
    match.claim(None)
    match.claim(None)
    for move in ("E5", "D5", "pass", "pass"):
        match.play(match.state.to_move or 0, move)
    assert match.status == "scoring" and match.proposal_pending
    exact(game_view(match, "g", 5))
    match.set_proposal(["D5"], match.ply)
    exact(game_view(match, "g", 6))
    match.accept_dead(0)
    match.accept_dead(1)
    assert match.status == "finished"
    view = game_view(match, "g", 8)
    assert view["scoring"] is not None
    exact(view)


def test_every_frame_kind_matches_its_model() -> None:
    match = new_match("oust", 2)
    match.claim(0)
    view = game_view(match, "g", 1)
    shown = shown_part(view)
    events = match.claim(1) + match.play(0, match.legal_moves()[0])
    after = game_view(match, "g", 3)
    delta = view_delta(shown, 0, after)
    job = match.computer_job(1)
    job["level"] = 1
    frames = [
        p.seat_frame(1, "token"),
        p.snapshot_frame(3, None, after),
        p.snapshot_frame(3, 1, after),
        *(p.event_frame(2 + i, e, delta if i else None) for i, e in enumerate(events)),
        p.hint_frame(hint(job)),
        p.error_frame("stale", "the game moved on"),
        p.PONG,
        p.rematch_frame("g2", 1, "token"),
        p.watchers_frame(2),
        p.chat_frame(
            "players", False, [{"seq": 4, "seat": 0, "name": "A", "text": "<b>", "at": 1.5}]
        ),
        p.chat_frame("spectators", True, []),
    ]
    kinds = set()
    for text in frames:
        message = p.SERVER_MESSAGE.validate_json(text)
        kinds.add(message.type)
        assert json.loads(message.model_dump_json()) == json.loads(text)
    assert kinds == {
        "seat",
        "snapshot",
        "event",
        "hint",
        "error",
        "pong",
        "rematch",
        "watchers",
        "chat",
    }


def test_every_error_code_raised_is_in_the_table() -> None:
    """The codes the match layer, the rooms, the scheduler and the routes raise."""
    raising = re.compile(r'(?:MatchError|ApiError|BadMessage|SeatLost|error_frame)\(\s*"([a-z-]+)"')
    found = set()
    for path in [*(SRC / "play").rglob("*.py"), *(SRC / "server").rglob("*.py")]:
        found |= set(raising.findall(path.read_text()))
    assert len(found) > 10
    assert found <= set(p.ERROR_STATUS), found - set(p.ERROR_STATUS)


def test_the_schema_has_every_board_and_record_type(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    view = schema["components"]["schemas"]["GameViewOut"]
    board = view["properties"]["board"]
    assert len(board["oneOf"]) == len(list_games())
    assert set(board["discriminator"]["mapping"]) == {i.name for i in list_games()}
    record = schema["paths"]["/api/games/{game_id}/record"]["get"]["responses"]["200"]
    assert {"application/json", "application/x-go-sgf"} <= set(record["content"])
    moves = schema["paths"]["/api/games/{game_id}/moves"]["post"]["responses"]
    assert {"200", "403", "409"} <= set(moves)


@given(st.integers(min_value=0, max_value=10**9))
def test_a_numbered_frame_is_read_back(seq: int) -> None:
    """The socket's sender drops an event it sent already by this number."""
    assert p.numbered(p.event_frame(seq, {"kind": "move"}, None)) == ("event", seq)
    assert p.numbered(p.snapshot_frame(seq, None, {})) == ("snapshot", seq)
    assert p.numbered(p.chat_frame("players", False, [])) is None

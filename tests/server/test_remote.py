"""A process follows another process's moves in memory (server/remote.py, decision record
0167): two apps over one database and a real Redis, the reads of the game from the
database counted by a wrapper around the receiving app's Store (not a mock of the rooms),
on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from tabletop.core import load_game
from tabletop.play.clock import TimeControl
from tabletop.play.match import Match, SeatSpec
from tabletop.server import remote
from tests.server.conftest import ann_and_bob, ann_here_bob_and_watcher_there
from tests.server.test_redisbus import events

pytestmark = pytest.mark.timeout(180)

BOTH_DATABASES = True

#: Games whose progress a copy applies: Go (captures, passes), Quoridor (walls).
GAMES = [("go", {"size": 5}), ("quoridor", {})]

MOVES = ["E5", "C3", "D4", "F6", "G7", "B2", "C7", "G3"]


def count_loads(client: TestClient) -> list[str]:
    """The ids of the games ``client``'s app reads whole from its database from now on."""
    store = client.app.state.store  # type: ignore[attr-defined]
    loads: list[str] = []
    load = store.load

    async def counted(game_id: str) -> Any:
        loads.append(game_id)
        return await load(game_id)

    store.load = counted
    return loads


def drop_once(client: TestClient, seq: int) -> None:
    """``client``'s bus loses the Redis message of event ``seq`` (once), as a dropped
    connection would."""
    bus = client.app.state.rooms.bus  # type: ignore[attr-defined]
    receive = bus._receive
    dropped: list[int] = []

    def lossy(channel: bytes | str, data: bytes | str) -> None:
        text = data.decode() if isinstance(data, bytes) else data
        if not dropped and int(text.split(" ", 2)[1]) == seq:
            dropped.append(seq)
            return
        receive(channel, data)

    bus._receive = lossy


def play(
    sockets: dict[str, WebSocketTestSession], moves: list[str], seq: int, seen: dict[str, list[int]]
) -> int:
    """Ann and Bob take turns (Ann first) playing ``moves``; each socket reads every event."""
    for ply, move in enumerate(moves):
        sockets["ann" if ply % 2 == 0 else "bob"].send_json({"type": "move", "move": move})
        seq += 1
        for name, socket in sockets.items():
            events(socket, seq, seen[name])
    return seq


def stored(client: TestClient, gid: str) -> dict[str, Any]:
    room = client.app.state.rooms.rooms[gid]  # type: ignore[attr-defined]
    data: dict[str, Any] = room.match.to_dict()
    return {**data, "seq": room.seq}


@pytest.mark.parametrize("lost", [None, 3])
def test_a_remote_move_is_applied_in_memory_and_a_gap_is_loaded(
    pair: tuple[TestClient, TestClient], lost: int | None
) -> None:
    first, second = pair
    gid, ann, bob = ann_and_bob(first, clock={"kind": "fischer", "main": 600, "increment": 5})
    seen: dict[str, list[int]] = {"ann": [], "bob": [], "watcher": []}
    with ann_here_bob_and_watcher_there(first, second, gid, ann, bob) as sockets:
        time.sleep(1.0)  # the second app's subscription confirmed, its replay done
        loads = count_loads(second)
        if lost is not None:
            drop_once(second, lost)
        seq = play(sockets, MOVES, 0, seen)
        for name, numbers in seen.items():
            assert numbers == sorted(set(numbers)), (name, numbers)  # once each, in order
            assert numbers[-1] == seq, name
        if lost is None:
            assert loads == []  # Ann's moves were applied to the second app's copy
        else:
            assert loads  # the missed number was read from the database
        assert stored(second, gid) == stored(first, gid)  # the same game, clocks included
    view = second.get(f"/api/games/{gid}").json()
    assert [m["move"] for m in view["moves"]] == MOVES


# -- the progress of an action, applied to a copy ----------------------------------------------
@settings(max_examples=30, deadline=None)
@example([3769, 3769], ("go", {"size": 5}))  # two passes: Go's scoring phase
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=30), st.sampled_from(GAMES))
def test_a_copy_that_applies_each_action_s_progress_is_the_game(
    choices: list[int], game: tuple[str, dict[str, Any]]
) -> None:
    """Moves, undos (granted at once against the computer) and a resignation, each applied
    to a copy through its progress: the copy is the match, and a copy that is not the
    game before an action refuses it unchanged."""
    name, options = game
    now = [1000.0]
    seats = [SeatSpec("person", None, "Ann"), SeatSpec("computer", 1, "")]
    match = Match(
        load_game(name, **options), seats, TimeControl("fischer", 60, 2), now=lambda: now[0]
    )
    match.claim(0, "Ann")
    copy = Match.from_dict(match.to_dict(), now=lambda: now[0])
    seq = 0
    behind: Match | None = None  # a copy that missed the last action, if it was a move
    for choice in choices:
        if match.status == "scoring":  # Go after two passes: play on (not carried)
            seq += len(match.resume(0))
            copy, behind = Match.from_dict(match.to_dict(), now=lambda: now[0]), None
            continue
        if match.status != "playing":
            break
        now[0] += choice % 7
        before = len(match.moves)
        if choice % 11 == 0 and any(m["seat"] == 0 for m in match.moves):
            events = match.request_undo(0)
        elif choice % 97 == 0:
            events = match.resign(0)
        else:
            legal = match.legal_moves()
            seat = match.to_move
            assert seat is not None
            move = legal[choice % len(legal)]
            events = match.play(seat, move) if seat == 0 else match.play_computer(seat, move)
        kept = min(before, len(match.moves))
        first, seq = seq + 1, seq + len(events)
        text = remote.progress(match, first, seq, kept, events)
        if text is None:  # not carried (Go's scoring phase): the copy is loaded again
            assert any(e["kind"] not in remote.FOLLOWED for e in events)
            copy, behind = Match.from_dict(match.to_dict(), now=lambda: now[0]), None
            continue
        if behind is not None and events[0]["kind"] == "move":
            missed = behind.to_dict()
            assert not remote.apply(behind, json.loads(text))
            assert behind.to_dict() == missed  # refused, unchanged: it is loaded instead
        moved = events[0]["kind"] == "move"
        behind = Match.from_dict(copy.to_dict()) if moved else None
        assert remote.apply(copy, json.loads(text))
        assert copy.to_dict() == match.to_dict()
    assert seq > 0

"""Storage: moves appended (not the whole match rewritten), lobby columns, small pages
(the layout's versions: test_migrate.py)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event as sa_event

from tabletop.core import load_game
from tabletop.play.match import Match, SeatSpec
from tabletop.server.app import create_app
from tabletop.server.dbcheck import check_sqlite_file
from tabletop.server.scratch import ScratchPostgres
from tabletop.server.store import (
    PAGE_SIZE,
    Conflict,
    Store,
    database_url,
)
from tests.server.conftest import new_game


def rows(db: str, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def play(client: TestClient, gid: str, tokens: list[str], moves: list[str]) -> None:
    for i, move in enumerate(moves):
        answer = client.post(f"/api/games/{gid}/moves", json={"token": tokens[i % 2], "move": move})
        assert answer.status_code == 200, answer.text


POINTS = [f"{c}{r}" for r in range(1, 10) for c in "ABCDEFGHJ"]


def test_a_commit_writes_the_new_move_not_the_whole_game(client: TestClient, db: str) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    play(client, gid, tokens, POINTS[:4])
    (short,) = rows(db, f"select length(match) from games where id = '{gid}'")[0]
    play(client, gid, tokens, POINTS[4:40])
    (long,) = rows(db, f"select length(match) from games where id = '{gid}'")[0]
    # The match row does not grow with the game; the moves are rows of their own.
    assert abs(long - short) < 50
    stored = rows(db, f"select ply, move from moves where game_id = '{gid}' order by ply")
    assert [ply for ply, _ in stored] == list(range(40))
    assert json.loads(str(stored[5][1]))[0] == {"seat": 1, "move": POINTS[5], "clock": None}
    before = client.get(f"/api/games/{gid}").json()
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db, executor=pool, web_dir=None)) as again,
    ):
        after = again.get(f"/api/games/{gid}").json()
        assert after["moves"] == before["moves"] and after["board"] == before["board"]


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
def test_a_game_is_read_as_of_one_moment(
    client: TestClient, db: str, postgres: ScratchPostgres
) -> None:
    """Another process commits a move between the reads of the game's row and of its
    moves: the game read is still the one before that move, not its number with the
    newer moves (a reconnecting watcher's snapshot would have a move it is sent again)."""
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid = created["id"]
    play(client, gid, [s["token"] for s in created["seats"]], POINTS[:2])
    store: Store = client.app.state.rooms.store  # type: ignore[attr-defined]
    database = db.rsplit("/", 1)[1]
    committed: list[str] = []

    def commit_between(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "FROM moves" in statement and not committed:
            committed.append(statement)
            entry = json.dumps([{"seat": 0, "move": POINTS[2], "clock": None}, POINTS[2]])
            postgres.psql(
                f"insert into moves values ('{gid}', 2, '{entry}');"
                f" update games set seq = seq + 1 where id = '{gid}'",
                database,
            )

    before = client.portal.call(store.load, gid)  # type: ignore[union-attr]
    sa_event.listen(store.engine.sync_engine, "before_cursor_execute", commit_between)
    try:
        loaded = client.portal.call(store.load, gid)  # type: ignore[union-attr]
    finally:
        sa_event.remove(store.engine.sync_engine, "before_cursor_execute", commit_between)
    assert committed and before is not None and loaded is not None
    assert loaded[1] == before[1] and loaded[0]["moves"] == before[0]["moves"]
    assert len(loaded[0]["moves"]) == 2
    after = client.portal.call(store.load, gid)  # type: ignore[union-attr]
    assert after is not None and after[1] == before[1] + 1 and len(after[0]["moves"]) == 3


def test_an_undo_removes_the_stored_moves_it_takes_back(client: TestClient, db: str) -> None:
    created = new_game(
        client, options={"size": 5}, seats=[{"claim": True}, {"kind": "computer", "level": 1}]
    )
    gid, token = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "C3"})
        seen = 0
        while seen < 2:
            seen += ws.receive_json().get("event", {}).get("kind") == "move"
        ws.send_json({"type": "undo-request"})
        while ws.receive_json().get("event", {}).get("kind") != "undo":
            pass
    assert rows(db, f"select count(*) from moves where game_id = '{gid}'") == [(0,)]
    assert client.get(f"/api/games/{gid}").json()["ply"] == 0


def test_the_lobby_reads_its_columns_not_the_match(client: TestClient, db: str) -> None:
    created = new_game(client, seats=[{"name": "Ann", "claim": True}, {}])
    gid = created["id"]
    with sqlite3.connect(db) as conn:  # a match no listing could parse
        conn.execute(f"update games set match = 'not json' where id = '{gid}'")
    (listed,) = client.get("/api/games", params={"status": "open"}).json()
    assert listed["id"] == gid and listed["seats"][0]["name"] == "Ann"
    assert listed["seats"][1]["claimed"] is False and listed["clock"]["kind"] == "none"
    assert listed["options"]["size"] == 9


# -- the layout's version -------------------------------------------------------------------------
OLD_LAYOUT = """
create table games (id varchar(32) primary key, game varchar(32) not null,
  status varchar(16) not null, created float not null, updated float not null,
  ply integer not null, seq integer not null, open_seats integer not null, match text not null);
create index ix_games_status on games (status);
create table events (id integer primary key autoincrement, game_id varchar(32) not null
  references games(id), seq integer not null, created float not null, event text not null,
  constraint one_event_per_seq unique (game_id, seq));
create table seats (game_id varchar(32) not null references games(id), seat integer not null,
  token_hash varchar(64), primary key (game_id, seat));
"""


def old_database(path: Path) -> None:
    """A database as version 1 wrote it: a finished game and one in play, matches whole."""
    game = load_game("go", size=9)
    finished = Match(game, [SeatSpec(name="Ann"), SeatSpec(name="Bob")], seed=1)
    finished.claim(0)
    finished.claim(1)
    finished.play(0, "E5")
    finished.play(1, "C3")
    finished.resign(0)
    playing = Match(game, [SeatSpec(name="Cy"), SeatSpec(name="Di")], seed=2)
    playing.claim(0)
    playing.claim(1)
    playing.play(0, "D4")
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_LAYOUT)
        for gid, match, seq in (("old-finished", finished, 6), ("old-playing", playing, 3)):
            data = match.to_dict()
            conn.execute(
                "insert into games values (?, 'go', ?, 1.0, 1.0, ?, ?, 0, ?)",
                (gid, data["status"], len(data["moves"]), seq, json.dumps(data)),
            )
            conn.executemany("insert into seats values (?, ?, null)", [(gid, 0), (gid, 1)])


def page_size(db: str) -> int:
    (size,) = rows(db, "PRAGMA page_size")[0]
    return int(str(size))


def test_a_new_database_has_small_pages_and_an_old_one_keeps_its_own(
    tmp_path: Path, executor: ThreadPoolExecutor
) -> None:
    # A commit writes every page it touches whole into the log: small pages, small commits.
    for made_by in ("dbcheck", "app"):
        new = tmp_path / f"{made_by}.db"
        if made_by == "dbcheck":
            check_sqlite_file(new, str(new))
        with TestClient(create_app(str(new), executor=executor, web_dir=None)) as client:
            new_game(client)
        assert page_size(str(new)) == PAGE_SIZE
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as conn:
        conn.execute("PRAGMA page_size=4096")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("create table other (x)")
    check_sqlite_file(old, str(old))
    with TestClient(create_app(str(old), executor=executor, web_dir=None)) as client:
        gid = new_game(client)["id"]
        assert client.get(f"/api/games/{gid}").status_code == 200
    assert page_size(str(old)) == 4096


def test_a_conflicting_commit_fails_alone_in_its_group(tmp_path: Path) -> None:
    """Commits that arrive together are written in one transaction; one whose event
    numbers are taken fails with Conflict and the others are stored all the same."""

    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "g.db")))
        await store.start()
        match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()]).to_dict()
        for gid in ("a", "b"):
            await store.create(gid, match, [None, None])
        event = {"kind": "note"}
        await store.commit("a", 1, [event], match)
        taken, fresh = await asyncio.gather(
            store.commit("a", 1, [event], match),  # number 1 of game a is stored already
            store.commit("b", 1, [event], match),
            return_exceptions=True,
        )
        assert isinstance(taken, Conflict) and fresh is None
        assert [seq for seq, _ in await store.events_since("b", 0)] == [1]
        assert [seq for seq, _ in await store.events_since("a", 0)] == [1]
        await store.close()

    asyncio.run(scenario())


def test_who_is_away_is_each_seat_s_last_left_or_joined_event(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "g.db")))
        await store.start()
        match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()]).to_dict()
        await store.create("g", match, [None, None])
        assert await store.away("g") == set()
        said = [
            {"kind": "left", "seat": 0},
            {"kind": "left", "seat": 1},
            {"kind": "chat", "text": 'she said "kind": "joined"'},  # words, not an event
            {"kind": "joined", "seat": 0, "name": "Ann"},
        ]
        for seq, event in enumerate(said, start=1):
            await store.commit("g", seq, [event], match)
        assert await store.away("g") == {1}
        await store.close()

    asyncio.run(scenario())

"""The two readings of "may this offer still be accepted?" agree: the SQL condition the
claim and the listings use, and the check on a row read already (the wait answer)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, select

from tabletop.server.offers import storage
from tabletop.server.offers.tables import offers
from tabletop.server.store import metadata

NOW = 1_800_000_000.0
ENGINE = create_engine("sqlite://")
metadata.create_all(ENGINE)

ages = st.floats(min_value=0, max_value=3 * storage.CHALLENGE_LIFE, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(["seek", "challenge"]),
    status=st.sampled_from(["open", "accepted", "declined", "cancelled"]),
    created_ago=ages,
    seen_ago=ages,
)
def test_alive_in_sql_and_in_python_agree(
    kind: str, status: str, created_ago: float, seen_ago: float
) -> None:
    row = {
        "id": "x",
        "kind": kind,
        "key_hash": "k",
        "seat_hash": "s",
        "name": "Ada",
        "game": "go",
        "options": "{}",
        "clock": "{}",
        "rated": False,
        "status": status,
        "created": NOW - created_ago,
        "seen": NOW - seen_ago,
    }
    with ENGINE.begin() as conn:
        conn.execute(offers.delete())
        conn.execute(insert(offers).values(row))
        read = conn.execute(select(offers)).one()
        in_sql = conn.execute(select(offers.c.id).where(storage.alive(NOW))).first() is not None
    assert storage.is_alive(read, NOW) == in_sql

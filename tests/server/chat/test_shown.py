"""Each socket is shown its own side's chat only, and a muted seat only its own lines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tabletop.server.chat.shown import shown_to
from tabletop.server.protocol import event_frame


@dataclass
class Reader:
    seat: int | None = None
    muted: bool = False


def line(channel: str, seat: int | None) -> dict[str, Any]:
    return {"kind": "chat", "channel": channel, "seat": seat, "name": "n", "text": "t", "at": 1.0}


readers = st.builds(Reader, st.none() | st.integers(0, 3), st.booleans())
lines = st.one_of(
    st.builds(line, st.just("players"), st.integers(0, 3)),
    st.builds(line, st.just("spectators"), st.none()),
)


@given(readers, lines, st.integers(1, 10**6))
def test_a_line_is_whole_for_its_side_and_wordless_for_the_others(
    reader: Reader, event: dict[str, Any], seq: int
) -> None:
    delta = {"set": {"seq": seq}}
    sent = json.loads(shown_to(event_frame(seq, event, delta), reader))
    assert (sent["seq"], sent["delta"]) == (seq, delta)  # the number and change always
    if reader.seat is None:
        readable = event["channel"] == "spectators"
    else:
        own = event["seat"] == reader.seat
        readable = event["channel"] == "players" and (own or not reader.muted)
    assert sent["event"] == (event if readable else {"kind": "chat"})


def test_other_frames_pass_unread_and_a_mute_is_noted_for_its_own_seat() -> None:
    move = event_frame(4, {"kind": "move", "seat": 0, "move": "E5"}, None)
    assert shown_to(move, Reader(None)) is move
    mute = event_frame(5, {"kind": "chat-mute", "seat": 1, "mute": True}, None)
    other = Reader(0)
    assert json.loads(shown_to(mute, other))["event"] == {"kind": "chat-mute"}
    assert not other.muted
    own = Reader(1)
    assert shown_to(mute, own) == mute and own.muted

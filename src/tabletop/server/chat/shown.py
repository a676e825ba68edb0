"""What one socket is shown of the game's frames: chat lines of its own side only, and a
player who muted the others sees only their own lines (decision record 0148).

Every frame a socket gets passes through :func:`shown_to` on its way out, whichever path
brought it (published here, from another process, caught up by number, replayed), so
no path can show a line to the wrong side. A line not shown still takes its number: the
socket gets the event without its words (``{"kind": "chat"}``) and the view's change it
carries, so the client's count of events has no gap.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from tabletop.server.protocol import frame

#: Only frames with this text can be chat events (the server's frames are compact JSON, and
#: a name or a message holding it is escaped: ``\\"kind\\":\\"chat``).
MARK = '"kind":"chat'


class Reader(Protocol):
    """Who reads a socket (the rooms' Holder): its seat (None: a spectator) and whether
    that seat muted the other players."""

    seat: int | None
    muted: bool


def visible(event: dict[str, Any], reader: Reader) -> bool:
    """Whether ``reader`` may read the chat event ``event``."""
    if event.get("kind") == "chat-mute":
        return reader.seat is not None and event.get("seat") == reader.seat
    if reader.seat is None:
        return event.get("channel") == "spectators"
    if event.get("channel") != "players":
        return False
    return not reader.muted or event.get("seat") == reader.seat


def shown_to(text: str, reader: Reader) -> str:
    """``text`` as ``reader`` may see it; a mute of the reader's own seat is noted in it."""
    if MARK not in text:
        return text
    data = json.loads(text)
    event = data.get("event") if data.get("type") == "event" else None
    if not isinstance(event, dict) or event.get("kind") not in ("chat", "chat-mute"):
        return text
    if visible(event, reader):
        if event.get("kind") == "chat-mute":
            reader.muted = bool(event.get("mute"))
        return text
    return frame({**data, "event": {"kind": event["kind"]}})

"""What a chat message may be: at most :data:`MAX_CHARS` characters once trimmed, not empty,
no control characters (decision record 0149). A refusal is a MatchError ``bad-chat`` whose
``reason`` and params say what was wrong and where."""

from __future__ import annotations

import unicodedata

from tabletop.play.match import MatchError

#: The longest message, in characters (code points) after trimming spaces at both ends.
MAX_CHARS = 500
#: Characters refused beside Unicode's control characters (Cc) and lone surrogates (Cs):
#: the bidirectional overrides and isolates, which would reorder the text around them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_text(text: str) -> str:
    """The message to keep (``text`` trimmed); MatchError ``bad-chat`` if it may not be sent."""
    kept = text.strip()
    if not kept:
        raise MatchError("bad-chat", "a chat message cannot be empty", reason="chat-empty")
    if len(kept) > MAX_CHARS:
        raise MatchError(
            "bad-chat",
            f"a chat message is at most {MAX_CHARS} characters; this one has {len(kept)}",
            {"max": MAX_CHARS, "length": len(kept)},
            reason="chat-long",
        )
    for at, char in enumerate(kept, 1):
        if unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS:
            code = f"U+{ord(char):04X}"
            raise MatchError(
                "bad-chat",
                f"character {at} of the message is the control character {code}",
                {"at": at, "char": code},
                reason="chat-control",
            )
    return kept

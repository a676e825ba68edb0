"""What a chat line may be: any text of 1 to 500 characters without control characters."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.play.match import MatchError
from tabletop.server.chat.words import BIDI_CONTROLS, MAX_CHARS, check_text


def allowed(char: str) -> bool:
    return unicodedata.category(char) not in ("Cc", "Cs") and char not in BIDI_CONTROLS


@given(st.text(st.characters().filter(allowed), min_size=1, max_size=MAX_CHARS))
def test_text_without_controls_is_kept_trimmed(text: str) -> None:
    if text.strip():
        assert check_text(text) == text.strip()
    else:
        with pytest.raises(MatchError) as caught:
            check_text(text)
        assert caught.value.details() == {"reason": "chat-empty"}


@given(st.text(min_size=0, max_size=40), st.characters(categories=["Cc"]), st.text(max_size=40))
def test_a_control_character_inside_is_named_with_its_place(
    before: str, control: str, after: str
) -> None:
    text = "x" + before + control + after + "x"
    with pytest.raises(MatchError) as caught:
        check_text(text)
    details = caught.value.details()
    assert caught.value.code == "bad-chat" and details["reason"] == "chat-control"
    at = int(details["at"])  # the first refused character, counted from 1
    assert not allowed(text[at - 1]) and all(allowed(c) for c in text[: at - 1])
    assert details["char"] == f"U+{ord(text[at - 1]):04X}"


@given(st.integers(MAX_CHARS + 1, MAX_CHARS + 100))
def test_over_long_lines_say_their_length(length: int) -> None:
    with pytest.raises(MatchError) as caught:
        check_text("a" * length)
    assert caught.value.details() == {"reason": "chat-long", "max": MAX_CHARS, "length": length}

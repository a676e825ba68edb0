"""Declared options: choices named once, by their words."""

from __future__ import annotations

import pytest

from tabletop.core.errors import OptionError
from tabletop.core.options import Option


def test_an_option_with_words_for_every_choice_takes_its_choices_from_them() -> None:
    words = (("simple", "only the last one"), ("positional", "any earlier board"))
    option = Option("ko", str, None, "ko rule", choice_labels=words)
    assert option.choices == ("simple", "positional")
    assert option.coerce("Positional") == "positional"
    with pytest.raises(OptionError, match="allowed values are simple, positional"):
        option.coerce("situational")


def test_choices_given_explicitly_are_kept() -> None:
    option = Option("side", int, None, "hex side", choices=(5, 7, 9))
    assert option.choices == (5, 7, 9) and option.choice_labels == ()

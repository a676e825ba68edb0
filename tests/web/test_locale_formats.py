"""Clocks, counts and times in the page's language (issue 10: "locale-aware numbers and
times"): Intl writes them, so German, Dutch and Turkish get their decimal comma and their
digit grouping, and "3 minutes ago" in their words."""

from __future__ import annotations

from typing import Any

import pytest

FORMATS = """async () => {
  const c = await import('/static/js/clock.js');
  const i = await import('/static/js/i18n.js');
  const h = await import('/static/js/home.js');
  const clock = {kind: 'fischer', main: 300, increment: 2.5, remaining: [9.46, 65.4], running: 0};
  return {
    tenths: c.clockText(clock, 0, 0),
    waiting: c.clockText(clock, 1, 0),
    hours: c.formatSeconds(3700),
    fischer: c.describeClock(clock),
    ago: i.formatAgo(Date.now() / 1000 - 180),
    moves: i.tn("{n} move", "{n} moves", 1234),
    lobby: h.lobbyLine({game: 'go', title: 'Go', status: 'finished', seats: [], ply: 1234,
                        created: Date.now() / 1000 - 7200, clock: {kind: 'none'}}),
  };
}"""

EXPECTED = {
    "en": {"tenths": "9.4", "fischer": "2.5", "ago": "3 minutes ago", "moves": "1,234 moves"},
    "de": {"tenths": "9,4", "fischer": "2,5", "ago": "vor 3 Minuten", "moves": "1.234 Züge"},
    "nl": {"tenths": "9,4", "fischer": "2,5", "ago": "3 minuten geleden", "moves": "1.234 zetten"},
    "tr": {"tenths": "9,4", "fischer": "2,5", "ago": "3 dakika önce", "moves": "1.234 hamle"},
}


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_clocks_counts_and_times_are_written_in_the_language(
    page: Any, server: str, language: str
) -> None:
    page.goto(f"{server}/?lang={language}")
    page.wait_for_selector(".game-card")
    got = page.evaluate(FORMATS)
    want = EXPECTED[language]
    assert got["tenths"] == want["tenths"]  # the running clock's last ten seconds
    assert got["waiting"] == "1:05" and got["hours"] == "1:01:40"  # a colon in all four
    assert want["fischer"] in got["fischer"]
    assert got["ago"] == want["ago"]
    assert got["moves"] == want["moves"]
    assert want["moves"] in got["lobby"] and ("2" in got["lobby"])  # started 2 hours ago

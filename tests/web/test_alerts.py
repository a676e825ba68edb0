"""The low-time warning and the sound switch (web/js/alerts.js, web/js/sound.js), in the
static harness with a made-up clock."""

from __future__ import annotations

from typing import Any

TICK = """async ([left, seat, you, muted]) => {
  localStorage.setItem('tabletop.mute', muted ? '1' : '0');
  delete document.documentElement.dataset.lastSound;
  const { TurnAlerts } = await import('/static/js/alerts.js');
  const list = document.createElement('ul');
  for (const seat of [0, 1]) {
    const item = document.createElement('li');  // as the players list holds them
    const clock = document.createElement('span');
    clock.dataset.clockSeat = seat;
    item.append(clock);
    list.append(item);
  }
  document.body.append(list);
  const clock = { kind: 'absolute', remaining: [left, 300], running: seat };
  const view = { status: 'playing', clock };
  const alerts = new TurnAlerts();
  alerts.tick(list, view, 0, you);
  return {
    low: [...list.querySelectorAll('.low-time')].map((n) => n.dataset.clockSeat),
    sound: document.documentElement.dataset.lastSound || null,
  };
}"""


def test_a_clock_under_ten_seconds_turns_red_and_sounds_for_its_player(
    page: Any, static_url: str
) -> None:
    page.goto(static_url + "/")
    assert page.evaluate(TICK, [9.5, 0, [0], False]) == {"low": ["0"], "sound": "low"}
    # The other side's clock is red too, but sounds only for its own player.
    assert page.evaluate(TICK, [9.5, 0, [1], False]) == {"low": ["0"], "sound": None}
    assert page.evaluate(TICK, [11, 0, [0], False]) == {"low": [], "sound": None}
    # Muted (the switch is remembered in localStorage): red, silent.
    assert page.evaluate(TICK, [5, 0, [0], True]) == {"low": ["0"], "sound": None}


def test_the_tab_title_says_your_move(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    titles = page.evaluate(
        """async () => {
          const { TurnAlerts } = await import('/static/js/alerts.js');
          const alerts = new TurnAlerts();
          alerts.update({ title: 'Oust', ply: 3 }, true);
          const mine = document.title;
          alerts.update({ title: 'Oust', ply: 4 }, false);
          return [mine, document.title];
        }"""
    )
    assert titles == ["● Your move – tabletop", "Oust – tabletop"]

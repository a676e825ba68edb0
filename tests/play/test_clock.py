"""Clocks: absolute, Fischer, byo-yomi and correspondence charge time, add increments, lose
periods, fall."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import OptionError
from tabletop.play.clock import Clock, TimeControl


def test_none_clock_never_runs_or_falls() -> None:
    clock = Clock(TimeControl(), 2)
    clock.start(0, 0.0)
    assert clock.running is None
    assert clock.flag_time() is None
    assert clock.stop(1e9)


def test_absolute_time_is_charged_and_falls() -> None:
    clock = Clock(TimeControl("absolute", 60), 2)
    clock.start(0, 100.0)
    assert clock.remaining(0, 110.0) == 50.0
    assert clock.stop(110.0)
    assert clock.main == [50.0, 60.0]
    clock.start(1, 110.0)
    assert clock.flag_time() == 170.0
    assert clock.flagged(169.9) is None
    assert clock.flagged(170.0) == 1
    assert not clock.stop(171.0)


def test_fischer_adds_the_increment_after_each_move() -> None:
    clock = Clock(TimeControl("fischer", 60, 5), 2)
    clock.start(0, 0.0)
    assert clock.stop(10.0)
    assert clock.main[0] == 55.0


def test_byoyomi_keeps_a_period_used_in_part_and_loses_whole_ones() -> None:
    clock = Clock(TimeControl("byoyomi", 10, periods=3, period=30), 2)
    clock.start(0, 0.0)
    assert clock.stop(25.0)  # 10 main + 15 of the first period: the period is kept
    assert (clock.main[0], clock.periods_left[0]) == (0.0, 3)
    clock.start(0, 100.0)
    assert clock.remaining(0, 100.0) == 30.0
    assert clock.periods(0, 135.0) == 2  # one whole period gone
    assert clock.stop(135.0)
    assert clock.periods_left[0] == 2
    clock.start(0, 200.0)
    assert clock.flag_time() == 260.0
    assert not clock.stop(260.0)


def test_round_trip_through_a_dict() -> None:
    clock = Clock(TimeControl("byoyomi", 10, periods=3, period=30), 3)
    clock.start(2, 5.0)
    again = Clock.from_dict(clock.to_dict())
    assert again.to_dict() == clock.to_dict()
    assert again.flag_time() == clock.flag_time()


DAY = 24 * 3600.0


@given(
    st.sampled_from([1, 3, 7]),
    st.lists(st.floats(min_value=0, max_value=8 * DAY, allow_nan=False), min_size=1, max_size=12),
)
def test_correspondence_gives_every_move_the_whole_days(days: int, thinks: list[float]) -> None:
    spec = TimeControl.from_dict({"kind": "correspondence", "days": days})
    assert spec.as_dict() == {"kind": "correspondence", "days": days}
    clock = Clock(spec, 2)
    now, seat = 1000.0, 0
    for think in thinks:
        clock.start(seat, now)
        assert clock.flag_time() == now + days * DAY  # never less for earlier slow moves
        ok = clock.stop(now + think)
        # The clock charges the difference of two times, which rounding can put a hair
        # under ``think`` (started at 65,538.66 s, stopped 86,400 s later: it charges a
        # little less than 86,400): compare that, as the clock does.
        used = (now + think) - now
        assert ok == (used < days * DAY)
        if not ok:
            assert clock.main[seat] == 0.0
            break
        assert clock.main[seat] == days * DAY
        now, seat = now + think, 1 - seat
    again = Clock.from_dict(clock.to_dict())
    assert again.to_dict() == clock.to_dict()


def test_a_wrong_number_of_days_names_the_choices() -> None:
    with pytest.raises(OptionError) as caught:
        TimeControl.from_dict({"kind": "correspondence", "days": 2})
    assert caught.value.details() == {"value": "2", "allowed": "1, 3, 7", "reason": "clock-days"}


@pytest.mark.parametrize(
    "spec",
    [
        "fast",
        {"kind": "sudden"},
        {"kind": "absolute"},
        {"kind": "absolute", "main": -1},
        {"kind": "absolute", "main": True},
        {"kind": "absolute", "main": float("nan")},
        {"kind": "fischer", "main": 10},
        {"kind": "byoyomi", "main": 10, "periods": 0, "period": 30},
        {"kind": "absolute", "main": 10, "increment": 3},
        {"kind": "correspondence"},
        {"kind": "correspondence", "days": 2},
        {"kind": "correspondence", "days": True},
        {"kind": "correspondence", "days": 3, "main": 10},
    ],
)
def test_bad_specs_say_what_is_wrong(spec: object) -> None:
    with pytest.raises(OptionError, match="clock"):
        TimeControl.from_dict(spec)


@given(
    st.lists(st.floats(min_value=0, max_value=50, allow_nan=False), min_size=1, max_size=20),
    st.sampled_from(["absolute", "fischer", "byoyomi"]),
)
def test_time_never_goes_up_without_an_increment_and_flag_time_is_exact(
    thinks: list[float], kind: str
) -> None:
    spec = TimeControl.from_dict(
        {"kind": kind, "main": 100, "increment": 2}
        if kind == "fischer"
        else {"kind": kind, "main": 100, "periods": 2, "period": 10}
        if kind == "byoyomi"
        else {"kind": kind, "main": 100}
    )
    clock = Clock(spec, 1)
    now = 0.0
    for think in thinks:
        clock.start(0, now)
        flag = clock.flag_time()
        assert flag is not None
        ok = clock.stop(now + think)
        assert ok == (now + think < flag)
        if not ok:
            break
        now += think


@given(
    st.floats(min_value=0, max_value=1e6, allow_nan=False),
    st.sampled_from(["absolute", "fischer", "byoyomi", "correspondence"]),
)
def test_a_move_at_the_flag_time_falls_and_a_hair_before_does_not(start: float, kind: str) -> None:
    # flag_time is a sum and the time a move used a difference: they can round apart, so
    # stop() decides by flagged() itself, and the two never disagree.
    specs = {
        "absolute": {"kind": kind, "main": 100},
        "fischer": {"kind": kind, "main": 100, "increment": 2},
        "byoyomi": {"kind": kind, "main": 100, "periods": 2, "period": 10},
        "correspondence": {"kind": kind, "days": 1},
    }
    for before, falls in ((True, False), (False, True)):
        clock = Clock(TimeControl.from_dict(specs[kind]), 1)
        clock.start(0, start)
        flag = clock.flag_time()
        assert flag is not None
        at = math.nextafter(flag, -math.inf) if before else flag
        assert (clock.flagged(at) is not None) == falls
        assert clock.stop(at) is not falls

"""Game clocks: none, absolute time, Fischer increment, byo-yomi and correspondence.

A :class:`Clock` never reads the time itself: every method that needs the
time takes ``now`` (seconds, any monotone source), so the match layer, the
server (wall-clock seconds, which survive a restart) and tests (a fake time)
drive it alike.

Byo-yomi: after the main time a player has ``periods`` periods of
``period`` seconds. A move made within a period keeps it; every period used
up in full is lost; the flag falls when the last one runs out.

Correspondence: each move has 1, 3 or 7 days; the time does not add up from move
to move, every move starts with the whole of it (decision record 0147).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.i18n import N_

CLOCK_KINDS = ("none", "absolute", "fischer", "byoyomi", "correspondence")

#: The days per move a correspondence clock may give.
CORRESPONDENCE_DAYS = (1, 3, 7)
DAY = 24 * 3600.0

#: The create form's clock choices: (name, label, explanation, the clock as created).
#: "5+3" is lichess's and OGS's shorthand: 5 minutes each, 3 seconds more per move.
CLOCK_PRESETS: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    ("none", N_("No clock"), N_("Take as long as you like."), {"kind": "none"}),
    (
        "5+3",
        "5+3",
        N_("5 minutes each, 3 seconds more after every move."),
        {"kind": "fischer", "main": 300, "increment": 3},
    ),
    (
        "10+5",
        "10+5",
        N_("10 minutes each, 5 seconds more after every move."),
        {"kind": "fischer", "main": 600, "increment": 5},
    ),
    (
        "30+20",
        "30+20",
        N_("30 minutes each, 20 seconds more after every move."),
        {"kind": "fischer", "main": 1800, "increment": 20},
    ),
    (
        "byoyomi",
        N_("Byo-yomi"),
        N_("10 minutes each, then 30 seconds a move; going over uses up one of 5 such periods."),
        {"kind": "byoyomi", "main": 600, "periods": 5, "period": 30},
    ),
    (
        "1d",
        N_("1 day per move"),
        N_("Correspondence: a day for each move; the game waits while nobody is here."),
        {"kind": "correspondence", "days": 1},
    ),
    (
        "3d",
        N_("3 days per move"),
        N_("Correspondence: three days for each move; the game waits while nobody is here."),
        {"kind": "correspondence", "days": 3},
    ),
    (
        "7d",
        N_("7 days per move"),
        N_("Correspondence: a week for each move; the game waits while nobody is here."),
        {"kind": "correspondence", "days": 7},
    ),
)

#: The longest main time, increment or period accepted (seconds): one week.
MAX_SECONDS = 7 * 24 * 3600.0
MAX_PERIODS = 100


def _seconds(spec: dict[str, Any], key: str, *, positive: bool = True) -> float:
    value = spec.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise OptionError(f"clock {key}={value!r}: expected a number of seconds")
    if value < 0 or (positive and value == 0) or value > MAX_SECONDS:
        low = "more than 0" if positive else "0 or more"
        raise OptionError(f"clock {key}={value!r}: must be {low} and at most {MAX_SECONDS:.0f}")
    return float(value)


@dataclass(frozen=True)
class TimeControl:
    """What a clock was set to: its kind and times in seconds."""

    kind: str = "none"
    main: float = 0.0
    increment: float = 0.0
    periods: int = 0
    period: float = 0.0

    @classmethod
    def from_dict(cls, spec: Any) -> TimeControl:
        """Read ``{kind, main, increment, periods, period}``; OptionError says what is wrong."""
        if spec is None:
            return cls()
        if not isinstance(spec, dict):
            raise OptionError(f"clock {spec!r}: expected an object like {{'kind': 'none'}}")
        kind = spec.get("kind", "none")
        if kind not in CLOCK_KINDS:
            raise OptionError(f"clock kind {kind!r}: allowed kinds are {', '.join(CLOCK_KINDS)}")
        allowed = {
            "none": {"kind"},
            "absolute": {"kind", "main"},
            "fischer": {"kind", "main", "increment"},
            "byoyomi": {"kind", "main", "periods", "period"},
            "correspondence": {"kind", "days"},
        }[kind]
        unknown = sorted(set(spec) - allowed)
        if unknown:
            raise OptionError(
                f"clock {kind} has no setting {unknown[0]!r}; valid: {', '.join(sorted(allowed))}"
            )
        if kind == "none":
            return cls()
        if kind == "absolute":
            return cls(kind, _seconds(spec, "main"))
        if kind == "fischer":
            return cls(kind, _seconds(spec, "main"), _seconds(spec, "increment", positive=False))
        if kind == "correspondence":
            days = spec.get("days")
            if isinstance(days, bool) or days not in CORRESPONDENCE_DAYS:
                allowed_days = ", ".join(map(str, CORRESPONDENCE_DAYS))
                raise OptionError(
                    f"clock days={days!r}: expected {allowed_days} days per move",
                    params={"value": str(days)[:20], "allowed": allowed_days},
                    reason="clock-days",
                )
            return cls(kind, days * DAY)
        periods = spec.get("periods")
        if (
            isinstance(periods, bool)
            or not isinstance(periods, int)
            or not 1 <= periods <= MAX_PERIODS
        ):
            raise OptionError(f"clock periods={periods!r}: expected a whole number 1..100")
        return cls(
            kind,
            _seconds(spec, "main", positive=False),
            periods=periods,
            period=_seconds(spec, "period"),
        )

    def as_dict(self) -> dict[str, Any]:
        """The spec as the protocol writes it (only the settings of its kind)."""
        if self.kind == "none":
            return {"kind": "none"}
        if self.kind == "absolute":
            return {"kind": "absolute", "main": self.main}
        if self.kind == "fischer":
            return {"kind": "fischer", "main": self.main, "increment": self.increment}
        if self.kind == "correspondence":
            return {"kind": "correspondence", "days": round(self.main / DAY)}
        return {
            "kind": "byoyomi",
            "main": self.main,
            "periods": self.periods,
            "period": self.period,
        }


class Clock:
    """The time of every seat; at most one seat's time runs at once."""

    def __init__(self, spec: TimeControl, seats: int) -> None:
        self.spec = spec
        #: Main time left per seat (in byo-yomi: 0 once the main time is used).
        self.main = [spec.main] * seats
        self.periods_left = [spec.periods] * seats
        self.running: int | None = None
        self.started: float = 0.0  # when the running seat's turn began

    @property
    def enabled(self) -> bool:
        """False for the ``none`` clock, which never runs or falls."""
        return self.spec.kind != "none"

    # -- reading ----------------------------------------------------------------------------
    def _used(self, seat: int, now: float) -> float:
        return max(0.0, now - self.started) if seat == self.running else 0.0

    def _after(self, seat: int, used: float) -> tuple[float, int] | None:
        """(main left, periods left) after ``used`` seconds of thinking; None if flagged."""
        main = self.main[seat] - used
        if self.spec.kind != "byoyomi" or main > 0:
            return (main, self.periods_left[seat]) if main > 0 else None
        lost = math.floor(-main / self.spec.period)
        periods = self.periods_left[seat] - lost
        return (0.0, periods) if periods > 0 else None

    def remaining(self, seat: int, now: float) -> float:
        """Seconds shown for ``seat``: main time left, or in byo-yomi what is left of the period."""
        if not self.enabled:
            return 0.0
        used = self._used(seat, now)
        main = self.main[seat] - used
        if main > 0 or self.spec.kind != "byoyomi":
            return max(0.0, main)
        return max(0.0, self.spec.period - (-main % self.spec.period))

    def periods(self, seat: int, now: float) -> int | None:
        """Byo-yomi periods left for ``seat`` (None for other kinds)."""
        if self.spec.kind != "byoyomi":
            return None
        after = self._after(seat, self._used(seat, now))
        return 0 if after is None else after[1]

    def flag_time(self) -> float | None:
        """When the running seat's flag falls if it does not move (None when nothing runs)."""
        if not self.enabled or self.running is None:
            return None
        seat = self.running
        extra = self.periods_left[seat] * self.spec.period if self.spec.kind == "byoyomi" else 0
        return self.started + self.main[seat] + extra

    def flagged(self, now: float) -> int | None:
        """The running seat if its time is up at ``now``, else None."""
        flag = self.flag_time()
        return self.running if flag is not None and now >= flag else None

    # -- changing -----------------------------------------------------------------------------
    def start(self, seat: int | None, now: float) -> None:
        """Start ``seat``'s time at ``now`` (None: stop every clock, e.g. the game is over)."""
        self.running = seat if self.enabled else None
        self.started = now

    def stop(self, now: float) -> bool:
        """Charge the running seat for its move; False if its flag fell before ``now``."""
        seat = self.running
        # The flag falls exactly when flagged() says so: a sum (flag_time) and a difference
        # (the time used) can round apart by a hair, and the two must never disagree.
        fell = self.flagged(now) is not None
        self.running = None
        if seat is None:
            return True
        used = max(0.0, now - self.started)
        after = self._after(seat, used)
        if fell:
            self.main[seat] = 0.0
            if self.spec.kind == "byoyomi":
                self.periods_left[seat] = 0
            return False
        if after is None:  # a hair before the flag: nothing is left, but it has not fallen
            periods = self.periods_left[seat]
            after = (0.0, max(1, periods) if self.spec.kind == "byoyomi" else periods)
        self.main[seat], self.periods_left[seat] = after
        if self.spec.kind == "fischer":
            self.main[seat] += self.spec.increment
        elif self.spec.kind == "correspondence":
            self.main[seat] = self.spec.main  # every move has the whole time
        return True

    # -- records ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue this clock (JSON-ready)."""
        return {
            "spec": self.spec.as_dict(),
            "main": list(self.main),
            "periods_left": list(self.periods_left),
            "running": self.running,
            "started": self.started,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clock:
        """The clock :meth:`to_dict` described, continuing from its stored times."""
        main = [float(x) for x in data["main"]]
        clock = cls(TimeControl.from_dict(data["spec"]), len(main))
        clock.main = main
        clock.periods_left = [int(x) for x in data["periods_left"]]
        clock.running = data["running"]
        clock.started = float(data["started"])
        return clock

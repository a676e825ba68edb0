// Clock display: the server sends remaining times at `server_time`; the client
// counts down the running seat locally from the moment the view arrived.

import { t } from "./i18n.js";

/** The words of clocks (one place, for translation). */
const TEXT = {
  none: t("no clock"),
  each: (time) => t("{time} each", { time }),
  fischer: (time, increment) => t("{time} + {increment}s", { time, increment }),
  byoyomi: (time, periods, period) => t("{time} + {periods}×{period}s", { time, periods, period }),
  periods: (time, periods, period) => t("{time} ({periods}×{period}s)", { time, periods, period }),
};

/** "m:ss" (or "h:mm:ss") of a number of seconds; negative shows 0:00. */
export function formatSeconds(seconds) {
  const s = Math.max(0, Math.floor(seconds + 1e-6));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Remaining seconds of `seat` `elapsed` seconds after the view's clock was taken. */
export function remaining(clock, seat, elapsed) {
  if (!clock || clock.kind === "none" || !clock.remaining) return null;
  const base = clock.remaining[seat];
  if (base === undefined || base === null) return null;
  return clock.running === seat ? base - elapsed : base;
}

/** The text of a seat's clock, with byo-yomi periods when there are some. */
export function clockText(clock, seat, elapsed) {
  const left = remaining(clock, seat, elapsed);
  if (left === null) return "";
  const periods = clock.periods_left?.[seat];
  return periods === undefined || periods === null ? formatSeconds(left) : TEXT.periods(formatSeconds(left), periods, clock.period ?? "?");
}

/** Describe a clock setting in words, for the lobby. */
export function describeClock(clock) {
  if (!clock || clock.kind === "none") return TEXT.none;
  if (clock.kind === "absolute") return TEXT.each(formatSeconds(clock.main));
  if (clock.kind === "fischer") return TEXT.fischer(formatSeconds(clock.main), clock.increment);
  if (clock.kind === "byoyomi") return TEXT.byoyomi(formatSeconds(clock.main), clock.periods, clock.period);
  return clock.kind;
}

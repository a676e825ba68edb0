// Clock display: the server sends remaining times at `server_time`; the client
// counts down the running seat locally from the moment the view arrived.

import { formatDuration, formatNumber, t, tn } from "./i18n.js";

/** The words of clocks (one place, for translation). */
const TEXT = {
  none: t("no clock"),
  each: (time) => t("{time} each", { time }),
  fischer: (time, increment) => t("{time} + {increment}s", { time, increment }),
  byoyomi: (time, periods, period) => t("{time} + {periods}×{period}s", { time, periods, period }),
  periods: (time, periods, period) => t("{time} ({periods}×{period}s)", { time, periods, period }),
  days: (days) => tn("{n} day per move", "{n} days per move", days),
};

/** "m:ss" (or "h:mm:ss") of a number of seconds in the page's digits (Intl); negative
 * shows 0:00. With `tenths`, the last ten seconds count tenths with the language's decimal
 * separator ("9.4" in English, "9,4" in German, Dutch and Turkish). All four languages write
 * a clock's minutes and seconds with a colon. */
export function formatSeconds(seconds, tenths = false) {
  if (tenths && seconds < 10) {
    const left = Math.max(0, Math.floor(seconds * 10 + 1e-6) / 10);
    return formatNumber(left, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  const s = Math.max(0, Math.floor(seconds + 1e-6));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  const one = (n) => formatNumber(n, { useGrouping: false });
  return h > 0 ? `${one(h)}:${two(m)}:${two(s % 60)}` : `${one(m)}:${two(s % 60)}`;
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
  // Correspondence: days and hours ("2 days, 3 hours"), the clock's m:ss in the last hour.
  if (clock.kind === "correspondence") return formatDuration(left) ?? formatSeconds(left, clock.running === seat);
  const periods = clock.periods_left?.[seat];
  // The running clock shows tenths in its last ten seconds (the display ticks 4 times a second).
  const time = formatSeconds(left, clock.running === seat);
  return periods === undefined || periods === null ? time : TEXT.periods(time, periods, clock.period ?? "?");
}

/** Describe a clock setting in words, for the lobby. */
export function describeClock(clock) {
  if (!clock || clock.kind === "none") return TEXT.none;
  if (clock.kind === "absolute") return TEXT.each(formatSeconds(clock.main));
  if (clock.kind === "fischer") return TEXT.fischer(formatSeconds(clock.main), clock.increment);
  if (clock.kind === "byoyomi") return TEXT.byoyomi(formatSeconds(clock.main), clock.periods, clock.period);
  if (clock.kind === "correspondence") return TEXT.days(clock.days);
  return clock.kind;
}

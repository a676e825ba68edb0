// Clock display: the server sends remaining times at `server_time`; the client
// counts down the running seat locally from the moment the view arrived.

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
  return periods === undefined || periods === null ? formatSeconds(left) : `${formatSeconds(left)} (${periods}×${clock.period ?? "?"}s)`;
}

/** Describe a clock setting in words, for the lobby. */
export function describeClock(clock) {
  if (!clock || clock.kind === "none") return "no clock";
  if (clock.kind === "absolute") return `${formatSeconds(clock.main)} each`;
  if (clock.kind === "fischer") return `${formatSeconds(clock.main)} + ${clock.increment}s`;
  if (clock.kind === "byoyomi") return `${formatSeconds(clock.main)} + ${clock.periods}×${clock.period}s`;
  return clock.kind;
}

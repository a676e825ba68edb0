// The lessons' progress, kept in this browser: the best stars of each lesson of each game.

const KEY = (game) => `tabletop.learn.${game}`;

/** The stars earned so far: {lessonId: 1..3} of `game`. */
export function progressOf(game) {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY(game)) || "{}");
    return stored && typeof stored === "object" ? stored : {};
  } catch {
    return {};
  }
}

/** Keep `stars` for the lesson when they beat the stars it had. */
export function saveStars(game, lesson, stars) {
  const progress = progressOf(game);
  if ((progress[lesson] || 0) >= stars) return progress;
  progress[lesson] = stars;
  try {
    localStorage.setItem(KEY(game), JSON.stringify(progress));
  } catch {
    // A browser that keeps nothing (private mode, full storage) still plays the lessons.
  }
  return progress;
}

/** Stars as text: filled and empty out of three ("★★☆"). */
export function starText(stars) {
  const n = Math.max(0, Math.min(3, stars || 0));
  return "★".repeat(n) + "☆".repeat(3 - n);
}

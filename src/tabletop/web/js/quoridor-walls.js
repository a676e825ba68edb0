// Quoridor geometry in drawing units: square (col c, row r from the bottom)
// covers [c, c+1] x [size-1-r, size-r]; grooves are the lines between squares.
// A wall is named by the square nearest a1 of the four it touches plus h/v
// (docs/rules/quoridor.md §2.3): `e3h` lies between rows 3 and 4 across columns e and f.

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Centre of square `name` ("e1") in drawing units. */
export function squareCentre(name, size) {
  const c = LETTERS.indexOf(name[0].toLowerCase());
  const r = Number(name.slice(1)) - 1;
  return { x: c + 0.5, y: size - 1 - r + 0.5 };
}

/** Name of the square at column c, row r (0-based, row 0 at the bottom). */
export function squareName(c, r) {
  return `${LETTERS[c]}${r + 1}`;
}

/** The wall under the drawing point (u, v), or null when the point is not near a groove. */
export function wallAt(u, v, size, reach = 0.25) {
  const k = Math.round(u);
  const m = Math.round(v);
  const du = k >= 1 && k <= size - 1 ? Math.abs(u - k) : Infinity;
  const dv = m >= 1 && m <= size - 1 ? Math.abs(v - m) : Infinity;
  if (Math.min(du, dv) > reach) return null;
  const clamp = (x) => Math.max(0, Math.min(size - 2, x));
  if (dv <= du) {
    const c = clamp(Math.round(u) - 1);
    return `${LETTERS[c]}${size - m}h`;
  }
  const j = clamp(Math.round(v) - 1);
  return `${LETTERS[k - 1]}${size - 1 - j}v`;
}

/** The rectangle {x, y, width, height} of wall `name` ("e3h") in drawing units. */
export function wallRect(name, size, thickness = 0.16) {
  const m = /^([a-z])(\d+)([hv])$/i.exec(name);
  if (!m) return null;
  const c = LETTERS.indexOf(m[1].toLowerCase());
  const r1 = Number(m[2]);
  const inset = 0.06;
  if (m[3].toLowerCase() === "h") {
    const v = size - r1;
    return { x: c + inset, y: v - thickness / 2, width: 2 - 2 * inset, height: thickness };
  }
  const u = c + 1;
  return { x: u - thickness / 2, y: size - r1 - 1 + inset, width: thickness, height: 2 - 2 * inset };
}

/** The drawing point at the middle of wall `name` (where a click names it). */
export function wallClickPoint(name, size) {
  const rect = wallRect(name, size);
  const horizontal = rect.width > rect.height;
  // Off the centre along the wall, so the crossing groove is farther away.
  return horizontal
    ? { x: rect.x + rect.width / 2 + 0.3, y: rect.y + rect.height / 2 }
    : { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 + 0.3 };
}

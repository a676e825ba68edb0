// Abalone clicks to notation, from the server's legal list alone (no rules here):
// each legal move is described by the marbles it moves (its group) and the cells
// a click may name to make it (its targets). A player selects marbles, then
// clicks a target cell; the move whose group holds the selection is chosen.

const KEY = (x, y) => `${Math.round(x * 100)},${Math.round(y * 100)}`;

/** Geometry of a board: name -> {x, y} and a lookup of names by position. */
export function geometry(cells) {
  const pos = new Map();
  const at = new Map();
  for (const c of cells) {
    const name = c.name.toLowerCase();
    pos.set(name, { x: c.x, y: c.y });
    at.set(KEY(c.x, c.y), name);
  }
  const step = (name, d) => {
    const p = pos.get(name);
    return p ? at.get(KEY(p.x + d.x, p.y + d.y)) ?? null : null;
  };
  return { pos, at, step };
}

/**
 * Describe each legal move: {text, group, targets, kind}. `marbles` maps cell -> seat;
 * `mover` is the seat to move. In-line `a1b2`: the rear marble a1 and the mover's
 * marbles straight ahead of it move towards b2; the click target is the cell in
 * front of the group. Broadside `c3c5d4`: the line c3..c5 moves the way c3 -> d4;
 * the targets are the cells the marbles move to.
 */
export function describeMoves(cells, marbles, mover, legal) {
  const geo = geometry(cells);
  const own = (name) => name !== null && marbles[name] === mover;
  const out = [];
  for (const text of legal || []) {
    const names = String(text).toLowerCase().match(/[a-z]\d+/g) || [];
    if (names.length === 2) {
      const [rear, to] = names;
      const a = geo.pos.get(rear);
      const b = geo.pos.get(to);
      if (!a || !b) continue;
      const d = { x: b.x - a.x, y: b.y - a.y };
      const group = [rear];
      let cur = geo.step(rear, d);
      while (own(cur) && group.length < 3) {
        group.push(cur);
        cur = geo.step(cur, d);
      }
      const dest = group.map((g) => geo.step(g, d));
      out.push({ text, kind: "inline", group, dest, targets: cur ? [cur] : [], dir: d });
    } else if (names.length === 3) {
      const [first, last, to] = names;
      const a = geo.pos.get(first);
      const z = geo.pos.get(last);
      const t = geo.pos.get(to);
      if (!a || !z || !t) continue;
      const d = { x: t.x - a.x, y: t.y - a.y };
      const span = Math.hypot(z.x - a.x, z.y - a.y);
      const unit = Math.hypot(d.x, d.y);
      const steps = Math.round(span / unit);
      const along = { x: (z.x - a.x) / steps, y: (z.y - a.y) / steps };
      const group = [first];
      for (let i = 1; i <= steps; i++) group.push(geo.at.get(KEY(a.x + along.x * i, a.y + along.y * i)));
      const dest = group.map((g) => geo.step(g, d));
      out.push({ text, kind: "broadside", group, dest, targets: dest, dir: d });
    }
  }
  return out;
}

const holds = (group, selection) => selection.every((s) => group.includes(s));

/** Marbles a selection may still grow into: moves whose group holds every selected marble. */
export function candidates(moves, selection) {
  if (selection.length === 0) return [];
  return moves.filter((m) => holds(m.group, selection));
}

/**
 * The moves `selection` names completely, so that a click on a target makes them:
 * an in-line move needs its rear marble selected (the notation names it; the
 * marbles ahead of it move too), a broadside needs both ends of its line selected
 * (the marble between them is implied). A single marble selected never names a
 * broadside, so its targets are only the cells it can move into.
 */
export function completed(moves, selection) {
  return candidates(moves, selection).filter((m) =>
    m.kind === "inline"
      ? selection.includes(m.group[0])
      : selection.includes(m.group[0]) && selection.includes(m.group[m.group.length - 1]),
  );
}

/** Marbles that can start a selection (in some legal move's group). */
export function selectable(moves) {
  const set = new Set();
  for (const m of moves) for (const g of m.group) set.add(g);
  return set;
}

/**
 * How far the marble of `m` that lands on `cell` is from the middle of its line
 * (0 for the middle marble of three, 0.5 for either of two, 1 for an end of three).
 */
function offCentre(m, cell) {
  const i = m.dest.indexOf(cell);
  return i < 0 ? Infinity : Math.abs(i - (m.group.length - 1) / 2);
}

/**
 * The one move a click on `cell` makes with `selection` selected, or the tied moves.
 * A broadside's cells in front are each reached by two moves (the line going
 * left-forward or right-forward): the click means the move that puts the marble
 * nearest the middle of the line on it, so the middle cell in front of three
 * marbles moves the middle marble there. Between two marbles, the first one
 * selected goes to the cell clicked.
 */
function resolve(moves, selection, cell) {
  let left = completed(moves, selection).filter((m) => m.targets.includes(cell));
  const narrowings = [
    (m) => m.group.length === selection.length && holds(selection, m.group),
    (m) => offCentre(m, cell) === Math.min(...left.map((x) => offCentre(x, cell))),
    (m) => m.dest[m.group.indexOf(selection[0])] === cell,
  ];
  for (const keep of narrowings) {
    if (left.length <= 1) break;
    const narrower = left.filter(keep);
    if (narrower.length > 0) left = narrower;
  }
  return left;
}

/**
 * The result of clicking `cell` with `selection` selected:
 * {selection} for a new selection, {move} when one legal move is named,
 * {ambiguous: [moves]} when several are, {none: true} when nothing fits.
 */
export function click(moves, selection, cell, marbles, mover) {
  cell = cell.toLowerCase();
  if (marbles[cell] === mover) {
    if (selection.includes(cell)) return { selection: selection.filter((s) => s !== cell) };
    const grown = [...selection, cell];
    if (candidates(moves, grown).length > 0) return { selection: grown };
    return { selection: candidates(moves, [cell]).length > 0 ? [cell] : [] };
  }
  if (selection.length === 0) return { none: true };
  const hits = resolve(moves, selection, cell);
  if (hits.length === 0) return { none: true };
  if (hits.length === 1) return { move: hits[0].text };
  return { ambiguous: hits.map((m) => m.text) };
}

/** Target cells to highlight for a selection: exactly the cells whose click makes a move. */
export function targets(moves, selection) {
  const set = new Set();
  for (const m of completed(moves, selection)) {
    for (const t of m.targets) if (t && !set.has(t) && resolve(moves, selection, t).length === 1) set.add(t);
  }
  return set;
}

// The board by keyboard: one point at a time is in the tab order (a roving focus);
// the arrow keys move it to the nearest point that way, Enter or Space clicks it
// (plays there, selects a marble, names a target), Home/End jump to the first or last
// point. Works on every board's drawing: points are the `.pt[data-point]` groups the
// renderers draw; their names and <title>s become their accessible labels.

import { svg } from "./svg.js";
import { t } from "./i18n.js";

/** The words a screen reader hears on a point (one place, for translation). */
const TEXT = {
  point: (name, what) => (what ? t("{point}, {what}", { point: name.toUpperCase(), what }) : name.toUpperCase()),
  empty: t("empty"),
};

const ARROWS = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** What a point shows: its stone's or its own title, without the repeated point name. */
function describe(g) {
  const titles = [...g.querySelectorAll("title")].map((t) => t.textContent || "");
  const text = titles.find((t) => t.trim()) || "";
  const name = g.dataset.point || "";
  const what = text.toLowerCase().startsWith(`${name.toLowerCase()}:`) ? text.slice(name.length + 1).trim() : text;
  return TEXT.point(name, what && what.toLowerCase() !== name.toLowerCase() ? what : TEXT.empty);
}

function centre(g) {
  const box = (g.firstElementChild || g).getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, r: Math.min(box.width, box.height) / 2 };
}

/** The point nearest `from` in direction `d` (within 60 degrees of it), or null. */
export function nearestToward(points, from, d) {
  let best = null;
  let bestScore = Infinity;
  for (const p of points) {
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const along = dx * d.x + dy * d.y;
    if (along <= 1e-6) continue;
    const across = Math.abs(dx * d.y - dy * d.x);
    if (across > along * 1.8) continue;
    // The nearest, then the straightest: on a hex board Up goes to the next row
    // (a neighbour half a cell aside), not two rows up straight above.
    const score = Math.hypot(dx, dy) + 0.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}

/** Make the points of the <svg> `root` reachable by keyboard, across every redraw. */
export function attachBoardKeys(root) {
  let current = null; // the point name with tabindex 0
  let hadFocus = false;

  const points = () => [...root.querySelectorAll(".pt[data-point]")];
  const byName = (name) => (name ? root.querySelector(`.pt[data-point="${CSS.escape(name)}"]`) : null);

  function ring(g) {
    if (g.querySelector(".focus-ring")) return;
    const c = centre(g);
    g.appendChild(svg("circle", { cx: c.x, cy: c.y, r: Math.max(c.r, 0.3) * 1.12, class: "focus-ring" }));
  }

  function prepare() {
    const all = points();
    if (all.length === 0) return;
    // A default start: the last move (marked), else the middle point.
    if (!byName(current)) {
      const marked = root.querySelector(".pt .last-move, .pt .last-ring")?.closest(".pt");
      current = (marked || all[Math.floor(all.length / 2)]).dataset.point;
    }
    // Out of turn (or watching) no point does anything: say so. (This runs after the
    // page's render, which sets "interactive", as a microtask of the redraw.)
    const idle = !root.classList.contains("interactive");
    for (const g of all) {
      g.setAttribute("tabindex", g.dataset.point === current ? "0" : "-1");
      g.setAttribute("role", "button");
      g.setAttribute("aria-disabled", String(idle && !g.classList.contains("toggle")));
      g.setAttribute("aria-label", describe(g));
      ring(g);
    }
    if (hadFocus) byName(current)?.focus({ preventScroll: true });
  }

  function move(to) {
    if (!to) return;
    byName(current)?.setAttribute("tabindex", "-1");
    current = to.dataset.point;
    to.setAttribute("tabindex", "0");
    to.focus({ preventScroll: true });
  }

  root.addEventListener("focusin", (event) => {
    hadFocus = true;
    // Focus that came another way (a click, a script) moves the roving point too.
    const g = event.target.closest?.(".pt[data-point]");
    if (g && g.dataset.point !== current) {
      byName(current)?.setAttribute("tabindex", "-1");
      current = g.dataset.point;
      g.setAttribute("tabindex", "0");
    }
  });
  root.addEventListener("focusout", (event) => {
    // Focus that went to another element is gone at once: a key pressed there may
    // redraw the board before a timer runs (a busy browser handles input first), and
    // prepare() must not pull the focus back.
    if (event.relatedTarget && !root.contains(event.relatedTarget)) {
      hadFocus = false;
      return;
    }
    // A redraw removes the focused point (and may fire focusout): it is focused again
    // in prepare(), before this check; only a focus that went elsewhere stays away.
    setTimeout(() => {
      hadFocus = root.contains(document.activeElement);
    }, 0);
  });
  root.addEventListener("keydown", (event) => {
    const g = event.target.closest?.(".pt[data-point]");
    if (!g) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      hadFocus = true;
      g.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    const all = points();
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      move(event.key === "Home" ? all[0] : all[all.length - 1]);
      return;
    }
    const d = ARROWS[event.key];
    if (!d) return;
    event.preventDefault();
    const here = centre(g);
    const spots = all.map((p) => ({ ...centre(p), g: p }));
    move(nearestToward(spots, here, d)?.g || null);
  });
  new MutationObserver(prepare).observe(root, { childList: true });
  prepare();
}

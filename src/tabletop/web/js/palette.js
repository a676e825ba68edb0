// Seat colours and names. The server names a colour per seat (`seats[].colour`);
// the client maps it to paint with enough contrast on the board background.

import { t } from "./i18n.js";

const PAINT = {
  black: { fill: "#1b1b1b", stroke: "#000", text: "#fff", label: t("Black") },
  white: { fill: "#f4f4f4", stroke: "#333", text: "#000", label: t("White") },
  red: { fill: "#c62828", stroke: "#6d1010", text: "#fff", label: t("Red") },
  blue: { fill: "#1e5bc6", stroke: "#0b2d6b", text: "#fff", label: t("Blue") },
  green: { fill: "#2e7d32", stroke: "#124d16", text: "#fff", label: t("Green") },
  yellow: { fill: "#f2c200", stroke: "#7a6200", text: "#000", label: t("Yellow") },
};

const SEAT_ORDER = ["black", "white", "red", "blue"];

/** Paint for a seat: from the server's colour name, else by seat order. */
export function seatPaint(view, seat) {
  const named = view?.seats?.[seat]?.colour;
  if (named && PAINT[String(named).toLowerCase()]) return PAINT[String(named).toLowerCase()];
  if (named && /^#[0-9a-f]{3,8}$/i.test(named)) {
    return { fill: named, stroke: "#000", text: "#000", label: named };
  }
  return PAINT[SEAT_ORDER[seat % SEAT_ORDER.length]];
}

/** "Black (Ann)" style name of a seat: its side as the game names it (the server's
 * `seats[].side`: Quoridor's are compass points), and the person's name when there is one
 * other than the side's (never "White (White)"). */
export function seatName(view, seat) {
  const info = view?.seats?.[seat];
  // The server's side names ("Black", "North") are catalog messages (N_ in the games).
  const english = info?.side;
  const side = english ? t(english) : seatPaint(view, seat).label;
  // Computer seats carry the game's seat name from the server; the level says more.
  const name = info?.kind === "computer" ? t("computer {level}", { level: info.level ?? "" }).trim() : info?.name || "";
  return name && name !== side && name !== english ? t("{side} ({name})", { side, name }) : side;
}

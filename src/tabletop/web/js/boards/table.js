// The per-seat tables of a game's result (the game-over breakdown): one column per
// seat, named by colour and player, one row per figure.

import { html } from "../svg.js";
import { seatName } from "../palette.js";

/** A table: `caption`, then `rows` of {label, values (one per seat), cls}. */
export function seatTable(view, caption, rows) {
  const seats = [...Array(view.players).keys()];
  return html("table", { class: "score-table result-table" }, [
    html("caption", { text: caption }),
    html("thead", {}, [html("tr", {}, [html("td", {}), ...seats.map((s) => html("th", { scope: "col", text: seatName(view, s) }))])]),
    html("tbody", {}, rows.map((row) => html("tr", { class: row.cls || "" }, [
      html("th", { scope: "row", text: row.label }),
      ...seats.map((s) => html("td", { text: String(row.values[s] ?? "") })),
    ]))),
  ]);
}

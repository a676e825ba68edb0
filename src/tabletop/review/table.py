"""A review document as a text table, one line per move (the ``tabletop review`` output)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.review.labels import LABELS

#: The mark after a labelled move, as chess annotators write them.
MARKS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}


def percent(chances: Sequence[float]) -> str:
    """Chances per seat as whole percentages, ``52/48``."""
    return "/".join(f"{round(100 * c)}" for c in chances)


def review_table(document: dict[str, Any]) -> str:
    """The table of a review: ply, mover, move played, the seats' chances (%) before and
    after, the best move with the chances it keeps, the label; then the summary."""
    seats = document["seats"]
    header = (
        f"{'ply':>4}  {'seat':<8} {'move':<10} {'before':>11} {'after':>11}  {'best (chance)':<16}"
        " label"
    )
    lines = [header, "-" * len(header)]
    for ply in document["plies"]:
        mover_best = round(100 * ply["best_chances"][ply["seat"]])
        best = "=" if ply["best_played"] else f"{ply['best']} ({mover_best}%)"
        mark = MARKS.get(ply["label"] or "", "")
        lines.append(
            f"{ply['ply']:>4}  {seats[ply['seat']][:8]:<8} {ply['move'] + mark:<10}"
            f" {percent(ply['chances_before']):>11} {percent(ply['chances_after']):>11}"
            f"  {best:<16} {ply['label'] or ''}".rstrip()
        )
    lines.append("")
    for seat, row in document["summary"].items():
        counts = ", ".join(f"{row[name]} × {name}" for name in LABELS)
        accuracy = "-" if row["accuracy"] is None else f"{row['accuracy']:.0f}%"
        lines.append(f"{seats[int(seat)]}: {row['moves']} moves, {counts}; accuracy {accuracy}")
    if document["key_moves"]:
        lines.append("key moves: " + ", ".join(str(p) for p in document["key_moves"]))
    return "\n".join(lines)

"""The review as a text table."""

from __future__ import annotations

from tabletop.review.table import percent, review_table


def test_a_table_line_per_move_and_the_summary() -> None:
    document = {
        "seats": ["Black", "White"],
        "plies": [
            {
                "ply": 1,
                "seat": 0,
                "move": "E5",
                "chances_before": [0.5, 0.5],
                "chances_after": [0.31, 0.69],
                "best": "D4",
                "best_chances": [0.52, 0.48],
                "label": "blunder",
                "best_played": False,
            },
        ],
        "summary": {
            "0": {"moves": 1, "blunder": 1, "mistake": 0, "inaccuracy": 0, "accuracy": 40.0},
            "1": {"moves": 0, "blunder": 0, "mistake": 0, "inaccuracy": 0, "accuracy": None},
        },
        "key_moves": [1],
    }
    text = review_table(document)
    assert "E5??" in text and "D4 (52%)" in text and "blunder" in text
    assert "50/50" in text and "31/69" in text
    assert "Black: 1 moves, 1 × blunder" in text and "accuracy 40%" in text
    assert "key moves: 1" in text
    assert percent([0.333, 0.667]) == "33/67"

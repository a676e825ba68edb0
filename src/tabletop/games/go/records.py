"""Go's record format besides JSON: SGF (games/go/sgf.py), with resignation and time-out
results as ``B+R``, ``W+T``."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core import Outcome, State
from tabletop.core.facts import ImportedRecord, RecordFormat
from tabletop.games.go.rules import GoState
from tabletop.games.go.sgf import read_sgf, write_sgf


def write(state: State, names: Sequence[str | None], resigned: Outcome | None) -> bytes:
    """The SGF of a game between ``names`` (Black, White), with its resignation or
    time-out result if it ended so (a counted result is the position's own)."""
    assert isinstance(state, GoState)
    result = None
    if resigned is not None and resigned.winners:
        result = "BW"[resigned.winners[0]] + ("+R" if resigned.reason == "resignation" else "+T")
    return write_sgf(state, black=names[0], white=names[1], result=result)


def read(text: str) -> ImportedRecord:
    """The game of an SGF file; NotationError says what is wrong."""
    record = read_sgf(text, where="SGF")
    names = [record.black or "Black", record.white or "White"]
    return ImportedRecord(record.state, names, special_result(record.result), record.warnings)


def special_result(result: str | None) -> Outcome | None:
    """A resignation or time-out result of an SGF (``B+R``, ``W+T``), as an outcome."""
    if not result or len(result) < 3 or result[0] not in "BW" or result[1] != "+":
        return None
    kind = {"R": "resignation", "T": "timeout"}.get(result[2:].strip().upper()[:1])
    if kind is None:
        return None
    winner = "BW".index(result[0])
    returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    key = "resigned" if kind == "resignation" else "flagged"
    return Outcome(returns, (winner,), kind, {key: 1 - winner})


SGF = RecordFormat("sgf", "application/x-go-sgf", write, read)

"""A ladder's results ledger: one line of JSON per finished game, small enough to commit.

A full ladder takes tens of core-hours, spread over many sessions on machines
that keep no files between them; full game records (``--records``) are too
big for the repository. The ledger keeps only what a rung's table needs, in
a file that lives in the repository (``docs/ladder/``): per game its rung and
number, its seed, the key of its task (a digest of everything that makes the
game what it is, tabletop.ai.ladder.LadderGame.description, level entries
included), its outcome and the stronger seat's thinking seconds.

Reading is lenient: a line that cannot be read (a run killed mid-write) is
skipped, so its game is played again. Writing appends one whole line with a
single write on a file opened for appending, so two ladders of one game on
two cores can share a ledger.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.core.game import Outcome


def task_key(description: dict[str, Any]) -> str:
    """A short digest of a task's description: equal exactly when the descriptions are."""
    canonical = json.dumps(description, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:20]


class Ledger:
    """The games recorded in one ledger file, by task key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, dict[str, Any]] = {}
        try:
            text = path.read_text()
        except FileNotFoundError:
            return
        for line in text.splitlines():
            try:
                entry = json.loads(line)
                key = entry["key"]
                Outcome.from_dict(entry["outcome"])
            except (ValueError, KeyError, TypeError, AttributeError):
                continue  # a half-written or damaged line: that game is played again
            if isinstance(key, str):
                self._entries[key] = entry

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def entry(self, key: str) -> dict[str, Any] | None:
        """The whole line of the game ``key`` as read (what a bench added to it too)."""
        return self._entries.get(key)

    def result(self, key: str) -> tuple[Outcome, list[tuple[int, float]]] | None:
        """The outcome and the recorded (seat, seconds) thinking of the game ``key``."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        try:
            outcome = Outcome.from_dict(entry["outcome"])
            seat = int(entry.get("strong_seat", -1))
            thinking = [(seat, float(s)) for s in entry.get("seconds", ())]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        return outcome, thinking

    def append(
        self,
        key: str,
        about: dict[str, Any],
        outcome: Outcome,
        strong_seat: int,
        seconds: Sequence[float],
    ) -> None:
        """Add one finished game: ``about`` (rung, number, seed: for readers) and its result."""
        entry = {
            "key": key,
            **about,
            "strong_seat": strong_seat,
            "outcome": outcome.to_dict(),
            "seconds": [round(s, 2) for s in seconds],
        }
        line = json.dumps(entry, separators=(",", ":")) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            # A line left without its end by a killed run would swallow this one.
            if os.fstat(fd).st_size and not _ends_with_newline(self.path):
                line = "\n" + line
            os.write(fd, line.encode())
        finally:
            os.close(fd)
        self._entries[key] = entry


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"

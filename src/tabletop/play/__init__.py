"""The match layer: seats, clocks, resignation, undo, Go's dead stones and records.

Pure, synchronous Python shared by the terminal game and the server: the
server drives a :class:`Match` from its event loop, the terminal from its
input loop. Time comes from a time source given to the match, never from
the wall clock directly, so tests and replays are exact.
"""

from tabletop.play.clock import Clock, TimeControl
from tabletop.play.match import Match, MatchError, SeatSpec

__all__ = ["Clock", "Match", "MatchError", "SeatSpec", "TimeControl"]

"""The value of a finished game to a search: one scale for outcomes and evaluations.

Evaluations and rollouts value a seat's position in [-1, 1]. ``Outcome.returns``
are zero-sum shares instead: with 3-4 players a loss is only -1/(n-1), better
than a far-behind evaluation, so a search using them would rather let another
seat win than fall behind (decision record 0050). Searches value finished games
with ``search_values``: +1 for every winner, -1 for every other seat, and the
returns themselves for a draw.

``win_chances`` turns a search's values back into chances that add up to one,
for people (the hint's "wins about 40%"); ``move_chances`` does the same for
each move a hint names. A hint shows chances, not the share of the search: an
alpha-beta search has no visits to share (its best move would read 100%, the
others 0%), while every search values its moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.game import Outcome

WIN, LOSS = 1.0, -1.0


def search_values(outcome: Outcome) -> tuple[float, ...]:
    """A finished game's value per seat on the evaluations' scale."""
    if not outcome.winners:
        return outcome.returns
    return tuple(WIN if s in outcome.winners else LOSS for s in range(len(outcome.returns)))


def win_chances(values: Sequence[float], teams: Sequence[int] | None = None) -> tuple[float, ...]:
    """Each seat's chance of winning, from a search's values per seat (in [-1, 1]).

    A value v is read as the chance (v + 1) / 2, which is exact for the mean of
    +1/-1 playout results with two sides; but with 3-4 seats evaluations are
    leads over the others, and four seats "at 50%" would add up to 200%. So
    the chances are scaled to add up to one over the sides: the seats, or the
    ``teams`` (team number per seat) where team-mates share a result. With two
    sides whose values are opposite this changes nothing."""
    raw = [(_clip(v) + 1.0) / 2.0 for v in values]
    team_of = list(range(len(raw))) if teams is None else list(teams)
    per_team: dict[int, float] = {}
    for seat, chance in enumerate(raw):
        per_team.setdefault(team_of[seat], chance)  # team-mates carry the same value
    total = sum(per_team.values())
    if total <= 0.0:  # every side lost outright: a draw is all that is left
        return tuple(1.0 / len(per_team) for _ in raw)
    return tuple(per_team[team_of[seat]] / total for seat in range(len(raw)))


def move_chances(
    values: Sequence[float],
    move_values: Sequence[float],
    seat: int,
    teams: Sequence[int] | None = None,
) -> list[float]:
    """``seat``'s chance of winning after each of its moves, from the moves' values (the
    mover's, in [-1, 1]) and the position's ``values`` per seat.

    A move's value is read like the position's in ``win_chances`` and scaled by the
    same factor: with two sides that is (v + 1) / 2, and with 3-4 seats the chances
    stay on the scale of the position's (a move as good as the position reads as
    the position's chance, not as 50%)."""
    position = (_clip(values[seat]) + 1.0) / 2.0
    chance = win_chances(values, teams)[seat]
    readings = [(_clip(v) + 1.0) / 2.0 for v in move_values]
    if position <= 0.0:
        # A lost position whose chance is still above 0 (every side lost: a draw, a
        # third each): a move as good reads as that chance, better ones rise to 1.
        return [chance + r * (1.0 - chance) for r in readings]
    return [min(1.0, r * chance / position) for r in readings]


def _clip(value: float) -> float:
    return min(1.0, max(-1.0, value))

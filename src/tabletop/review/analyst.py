"""The search that reviews a game: a level's search and work, without the level's noise.

A review asks what the position is worth, not how a level would play it, so the
analyst takes a level's search and iterations (its alpha-beta nodes or MCTS
playouts) but none of the noise or move sampling that weakens the lower levels,
and no time cap unless one is asked for: a budget of work alone gives the same
review on a fast or a busy machine (decision record 0113).

An analyst has two searches of the same kind. ``agent`` follows the game: it
reviews the positions in order, so the searches that keep their tree between
moves (MCTS, the compiled searches and Go's) continue from the subtree of the
move played, and alpha-beta keeps its transposition table. ``probe`` values the
position after the best move where another move was played: it starts afresh
each time (that position is off the game's line), and kept apart it leaves the
game's tree alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.levels import review_level_for, review_work_for
from tabletop.ai.searches import make_search
from tabletop.core.game import Game

#: The level whose search and work a review uses unless told otherwise, as each game's
#: review work adjusts them (ai/levels.py, REVIEW_WORK: decision 0139) so that the
#: issue's benchmark games are reviewed in under a minute each on one core
#: (bench/review.py; the figures: docs/review.md).
DEFAULT_LEVEL = 8

#: The seed of a review's search unless told otherwise: a review is the same every time.
DEFAULT_SEED = 0


@dataclass(frozen=True)
class Analyst:
    """The reviewing searches of one game, and the budget each spends on a position."""

    agent: Agent
    probe: Agent
    budget: Budget
    level: int
    search: str
    calm: float = 1.0  # the game's calm reading of chances (ai/levels.py, ReviewWork)


def analyst_for(
    game: Game, level: int = DEFAULT_LEVEL, seconds: float | None = None, seed: int = DEFAULT_SEED
) -> Analyst:
    """The analyst of ``game`` at ``level`` (its search and iterations per position, as the
    game's review work adjusts them: ai/levels.py, REVIEW_WORK), ``seconds`` capping each
    position's analysis too if given; OptionError for an unknown level or a game without
    computer levels."""
    entry = review_level_for(game, level)
    agent = make_search(entry.search, game, seed)
    probe = make_search(entry.search, game, seed + 1)
    budget = Budget(seconds=seconds, playouts=entry.iterations)
    return Analyst(agent, probe, budget, level, entry.search, review_work_for(game).calm)

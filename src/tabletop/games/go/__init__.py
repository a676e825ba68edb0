"""Go: the rules of docs/rules/go.md, GTP notation and SGF records."""

from typing import Any

from tabletop.core.facts import GameFacts
from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.go import view
from tabletop.games.go.agreement import DeadStoneAgreement
from tabletop.games.go.notation import PASS, GoMove
from tabletop.games.go.options import OPTION_SPECS, START_PRESETS, GoOptions
from tabletop.games.go.records import SGF
from tabletop.games.go.review import review_extras
from tabletop.games.go.rules import GoGame, GoState
from tabletop.games.go.scoring import score_lines
from tabletop.i18n import N_


def _make(values: dict[str, Any]) -> Game:
    return GoGame(GoOptions.resolve(values))


#: The board sizes with a rating pool of their own (go-9, go-13, go-19).
RATED_SIZES = (9, 13, 19)


def rating_pool(game: Game) -> str | None:
    """``go-<size>`` for an even game on 9x9, 13x13 or 19x19; handicap games and other
    sizes are unrated (a handicap stone is worth a rating difference Glicko-2 does not
    model)."""
    size, handicap = game.options["size"], game.options["handicap"]
    return f"go-{size}" if size in RATED_SIZES and not handicap else None


FACTS = GameFacts(
    board_view=view.board_view,
    summary=view.summary,
    scoring=DeadStoneAgreement(),
    records={SGF.name: SGF},
    knowledge="tabletop.games.go.evaluation",
    pass_move=True,
    score_lines=score_lines,
    # Area scoring is the ladders' and GTP's, territory scoring the default.
    warm_options=({"size": 9, "rules": "chinese"}, {"size": 9, "rules": "japanese"}),
    review_extras=review_extras,
    rating_pool=rating_pool,
)
#: The game in one line, for the home page.
TAGLINE = N_("Surround more of the board than the other side, one stone at a time.")
register_game(
    GameInfo("go", "Go", (2,), OPTION_SPECS, _make, FACTS, START_PRESETS, tagline=TAGLINE)
)

__all__ = ["PASS", "GoGame", "GoMove", "GoOptions", "GoState"]

"""tabletop: Go, Abalone, Oust and Quoridor with exact rules engines.

>>> import tabletop
>>> state = tabletop.load_game("go", size=9).new_state()
>>> state.play("E5")
"""

from tabletop.kernel_cache import forget_stale_kernels

forget_stale_kernels()  # before any kernel module is imported (decision 0192)

from tabletop import games as _games  # noqa: E402, F401  (registers the built-in games)
from tabletop.core import (  # noqa: E402
    Game,
    IllegalMoveError,
    NotationError,
    OptionError,
    Outcome,
    State,
    TabletopError,
    list_games,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "Game",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Outcome",
    "State",
    "TabletopError",
    "__version__",
    "list_games",
    "load_game",
]

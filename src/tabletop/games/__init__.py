"""The built-in games; importing this package registers each of them."""

from tabletop.games import go  # noqa: F401
from tabletop.games import quoridor  # noqa: F401

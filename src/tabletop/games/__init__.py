"""The built-in games; importing this package registers each of them."""

from tabletop.games import abalone, go, oust, quoridor  # noqa: F401

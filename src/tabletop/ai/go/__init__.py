"""Go's computer player: its own tree search in numba (search.py) and its Agent (agent.py).

The playout policy it plays out with is the game's (tabletop.games.go.playout), shared
with the dead-stone estimate."""

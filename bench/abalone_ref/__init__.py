"""The reference Abalone opponent of bench/strength_abalone.py: an alpha-beta program
written from the published descriptions (ABA-PRO, Lemmens 2005, Chorus 2009,
Papadopoulos et al. 2012; docs/decisions/0095), not from tabletop's own players.

* ``evaluation``: the ABA-PRO-style static evaluation (numba);
* ``ordering``: what kind each move is and the order moves are tried in (numba);
* ``search``: negamax alpha-beta with a transposition table, killers, history and a
  quiescence search over ejections (numba);
* ``bench/abalone_reference.py``: iterative deepening against the clock, as an Agent.

Only the rules come from tabletop (kernels.generate and kernels.apply), so the
opponent plays exactly the same game.
"""

import fresh_kernels  # noqa: F401  (before any kernel here loads: decision 0192)

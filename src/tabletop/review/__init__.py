"""Game review: every position of a finished game analysed by a computer player, each move
labelled by the mover's drop in winning chances, with the better move and its line.

* position.py: one position's analysis as chances per seat, the best move, its line;
* analyst.py: the search that analyses (a level's search and work, without noise);
* labels.py: the thresholds, the label of a drop, a move's accuracy;
* summary.py: counts and accuracy per seat, the key moves;
* game.py: the whole review of a game, as the JSON document (docs/review.md);
* table.py: the document as a text table (the ``tabletop review`` command: command.py).
"""

from tabletop.review.game import Review, review_game

__all__ = ["Review", "review_game"]

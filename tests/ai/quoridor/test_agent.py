"""The Quoridor search agent: budgets, the analysis with 2 and 4 seats, tactics."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.ai import Budget
from tabletop.ai.quoridor.agent import QuoridorSearchAgent
from tabletop.ai.searches import make_search
from tabletop.core.errors import TabletopError


@pytest.mark.parametrize("players", [2, 4])
def test_playout_budget_is_exact_and_the_analysis_well_formed(players: int) -> None:
    state = tabletop.load_game("quoridor", players=players).new_state()
    analysis = QuoridorSearchAgent(seed=1).analyze(state, Budget(playouts=400))
    assert analysis.iterations == 400
    assert len(analysis.values) == players
    assert analysis.line[0] == analysis.best and analysis.best in state.legal_moves()
    visits = [m.visits for m in analysis.moves]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 400
    assert all(-1.0 <= m.value <= 1.0 for m in analysis.moves)
    assert state.ply == 0


def test_it_walls_off_a_runner() -> None:
    # North (to move) is far behind in the race and must wall South off (test_evaluation).
    game = tabletop.load_game("quoridor")
    state = game.setup(["e7", "e5"], to_move=1, walls_left=[0, 10])  # type: ignore[attr-defined]
    best = QuoridorSearchAgent(seed=2).analyze(state, Budget(playouts=4000)).best
    assert best.is_wall  # type: ignore[attr-defined]


def test_whole_four_player_games_are_legal_to_the_end() -> None:
    game = tabletop.load_game("quoridor", players=4, max_plies=120)
    agents = [QuoridorSearchAgent(seed=s) for s in range(4)]
    state = game.new_state()
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state.play(agents[seat].choose(state, Budget(playouts=150)))
    assert state.outcome() is not None


def test_it_plays_quoridor_only() -> None:
    with pytest.raises(TabletopError, match="Quoridor only"):
        QuoridorSearchAgent().analyze(tabletop.load_game("oust").new_state())
    with pytest.raises(TabletopError, match="Quoridor only"):
        make_search("quoridor", tabletop.load_game("abalone"), 0)

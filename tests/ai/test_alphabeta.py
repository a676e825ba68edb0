"""Alpha-beta: finds wins and parries threats, honours budgets, searches 3-4 players paranoid."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.ai import AlphaBetaAgent, Budget
from tabletop.ai.knowledge import candidates_for, evaluation_for
from tabletop.core.errors import TabletopError
from tabletop.games.abalone import AbaloneGame, AbaloneState
from tabletop.games.quoridor.notation import QuoridorMove


def setup(
    marbles: dict[int, list[str]], ejected: tuple[int, ...], players: int = 2, to_move: int = 0
) -> AbaloneState:
    game = tabletop.load_game("abalone", players=players)
    assert isinstance(game, AbaloneGame)
    state = game.setup(marbles, to_move)
    state._ejected = ejected
    return state


def agent(state: AbaloneState) -> AlphaBetaAgent:
    evaluate = evaluation_for(state.game)
    assert evaluate is not None
    return AlphaBetaAgent(evaluate)


def test_takes_the_winning_push() -> None:
    state = setup({0: ["e7", "e8", "a1", "a2"], 1: ["e9", "i5", "i6", "b6"]}, (5, 0))
    analysis = agent(state).analyze(state, Budget(seconds=5))
    assert str(analysis.best) == "e7e8"
    assert analysis.values[0] == 1.0
    assert analysis.detail["depth"] == 1  # a proven win ends the deepening


def test_parries_the_losing_threat() -> None:
    # White threatens e8e9-style ejection of Black's e9 marble: White e7 e8 push Black e9.
    state = setup({0: ["e9", "a1", "a2", "a3"], 1: ["e7", "e8", "i5", "i6"]}, (0, 5))
    analysis = agent(state).analyze(state, Budget(seconds=5))
    state.play(analysis.best)
    # After Black's reply White has no winning move.
    assert all(
        (lambda s: (s.play(m), s.outcome())[1] is None)(state.copy()) for m in state.legal_moves()
    )


def test_budget_and_analysis_shape() -> None:
    state = tabletop.load_game("abalone", players=3).new_state()
    assert isinstance(state, AbaloneState)
    analysis = agent(state).analyze(state, Budget(playouts=2000))
    assert analysis.iterations <= 2000 + 256
    assert analysis.best in state.legal_moves()
    assert len(analysis.values) == 3 and analysis.line[0] == analysis.best
    assert state.ply == 0


def test_four_player_teams_search_together() -> None:
    state = tabletop.load_game("abalone", players=4).new_state()
    assert isinstance(state, AbaloneState)
    analysis = agent(state).analyze(state, Budget(playouts=500))
    assert analysis.values[0] == analysis.values[2] == -analysis.values[1]


def test_candidates_limit_the_search() -> None:
    state = tabletop.load_game("abalone").new_state()
    legal = state.legal_actions().tolist()
    allowed = legal[-3:]
    evaluate = evaluation_for(state.game)
    assert evaluate is not None
    searcher = AlphaBetaAgent(evaluate, candidates=lambda s: s.legal_actions().tolist()[-3:])
    analysis = searcher.analyze(state, Budget(playouts=300))
    assert {state.move_to_action(m.move) for m in analysis.moves} == set(allowed)


def test_noise_is_bounded_and_the_same_seed_plays_the_same() -> None:
    state = tabletop.load_game("quoridor").new_state()
    evaluate = evaluation_for(state.game)
    assert evaluate is not None

    def best(seed: int) -> object:
        searcher = AlphaBetaAgent(evaluate, noise=0.3, seed=seed)
        return searcher.analyze(state, Budget(playouts=400)).best

    assert best(1) == best(1)
    noisy = AlphaBetaAgent(evaluate, noise=0.5, seed=2)
    noisy.analyze(state, Budget(playouts=400))
    for action in state.legal_actions().tolist()[:20]:
        state.play(action)
        assert -1.0 < noisy._value(state) < 1.0  # noise never looks like a finished game
        state.undo()


def four_player_searcher(multiplayer: str) -> AlphaBetaAgent:
    game = tabletop.load_game("quoridor", players=4)
    evaluate = evaluation_for(game)
    assert evaluate is not None
    return AlphaBetaAgent(evaluate, candidates=candidates_for(game), multiplayer=multiplayer)


@pytest.mark.parametrize("multiplayer", ["paranoid", "maxn"])
def test_another_seats_win_is_the_worst_outcome_with_four_players(multiplayer: str) -> None:
    # West (seat 1, moving next) is one step from column i. A loss returns only -1/3 to
    # South, less bad than South's far-behind race evaluation, yet it must not be
    # preferred to it: South walls West off instead of walking.
    game = tabletop.load_game("quoridor", players=4)
    state = game.setup(["e1", "h5", "e9", "i6"])  # type: ignore[attr-defined]
    best = four_player_searcher(multiplayer).analyze(state, Budget(playouts=3000)).best
    assert isinstance(best, QuoridorMove) and best.is_wall


def test_maxn_expects_each_seat_to_play_for_itself() -> None:
    # North (seat 2) is one step from row 1, and West moves between South and North.
    # Paranoid South expects West to let North win and spends a wall; max-n South
    # expects West to stop North for its own sake, and walks.
    game = tabletop.load_game("quoridor", players=4)
    state = game.setup(["e1", "a5", "c2", "i5"])  # type: ignore[attr-defined]
    paranoid = four_player_searcher("paranoid").analyze(state, Budget(playouts=3000))
    maxn = four_player_searcher("maxn").analyze(state, Budget(playouts=3000))
    assert isinstance(paranoid.best, QuoridorMove) and paranoid.best.is_wall
    assert isinstance(maxn.best, QuoridorMove) and not maxn.best.is_wall
    # Max-n reports each seat's own value, not one value and its negation.
    assert len(maxn.values) == 4 and maxn.values[1:] != (-maxn.values[0],) * 3
    assert maxn.detail["depth"] >= 2  # far enough to see West's reply


def test_unknown_multiplayer_model_is_refused() -> None:
    game = tabletop.load_game("quoridor", players=4)
    evaluate = evaluation_for(game)
    assert evaluate is not None
    with pytest.raises(TabletopError, match="multiplayer='coalition'"):
        AlphaBetaAgent(evaluate, multiplayer="coalition")


def test_a_small_node_budget_is_honoured() -> None:
    # The clock is looked at every 256 nodes, but a node budget below that still ends
    # the search on time (levels 1-3 budget 20-300 nodes; they were all ~256 once).
    game = tabletop.load_game("quoridor")
    state = game.new_state()
    evaluate = evaluation_for(game)
    assert evaluate is not None
    searcher = AlphaBetaAgent(evaluate, candidates=candidates_for(game))
    analysis = searcher.analyze(state, Budget(playouts=20))
    # At most one batch of move-ordering looks past the budget.
    assert 20 <= analysis.iterations <= 20 + len(state.legal_actions())


#: A Quoridor game (levels 4 and 5) where North, far ahead, shuffled d4-c4 for 370
#: plies to a draw at the ply cap, afraid that stepping forward invites a wall.
SHUFFLED = (
    "e2 e8 e3 e7 e4 e6 d1h e7h f1h c7h b1h g7h h1h a7h f4 h8h g4 f8h g5 d8h f5 b8h g5 e5 "
    "g4 d5 g5 d4 f5 c4 g5 d4 f5"
)


@pytest.mark.parametrize("nodes", [500, 1_700, 5_000])
def test_the_side_ahead_does_not_repeat_a_position(nodes: int) -> None:
    game = tabletop.load_game("quoridor")
    state = game.new_state()
    moves = SHUFFLED.split()
    for move in moves:
        state.play(move)
    earlier = set()
    replay = game.new_state()
    for move in moves:
        earlier.add(replay.zobrist)
        replay.play(move)
    evaluate = evaluation_for(game)
    assert evaluate is not None
    searcher = AlphaBetaAgent(evaluate, candidates=candidates_for(game))
    analysis = searcher.analyze(state, Budget(playouts=nodes))
    assert analysis.values[state.to_move] > 0.5  # North is well ahead
    state.play(analysis.best)
    assert state.zobrist not in earlier, f"{analysis.best} returns to an earlier position"
    repeats = [stat for stat in analysis.moves if str(stat.move) == "c4"]
    assert repeats and repeats[0].value == 0.0  # the repetition is valued as a draw

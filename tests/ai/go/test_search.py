"""Go's numba tree search: its root children are the legal moves, it never retakes a ko."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.ai.agent import Budget
from tabletop.ai.go import search
from tabletop.ai.go.agent import GoSearchAgent
from tabletop.games.go import GoState, eyespace, kernels, move_model, spatial, tactics
from tabletop.games.go.opening import opening_table
from tabletop.games.go.patterns import pattern_table
from tests.games.go.helpers import point, position, random_state


@settings(max_examples=15)
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 60),
    ko=st.sampled_from(["simple", "positional"]),
)
def test_root_children_are_exactly_the_legal_moves(seed: int, plies: int, ko: str) -> None:
    state = random_state(seed, plies, rules="chinese", ko=ko)
    tree = search.GoTree(50_000)
    tree.set_root(state)
    kernels.seed_random(seed)
    tree.run(state, 30, search.root_mask(state))
    legal = {state.game.points_by_action[a] for a in state.legal_actions().tolist()}
    children = tree.children()
    assert {p for p, _, _ in children} == legal
    assert sum(v for _, v, _ in children) == 30


def test_search_never_retakes_a_ko_at_once() -> None:
    # Black's E5 has one liberty, D5; White takes it there, and D5 is then in atari at E5.
    state = position(black="D4 C5 D6 E5", white="E4 F5 E6", rules="chinese", komi=7)
    state.play("D5")
    retake = state.move_to_action(state.parse_move("E5"))
    assert retake not in state.legal_actions().tolist()
    tree = search.GoTree(200_000)
    tree.set_root(state)
    kernels.seed_random(3)
    tree.run(state, 400, search.root_mask(state))
    visited = {p for p, v, _ in tree.children() if v > 0}
    assert point(state, "E5") not in visited


NO_SHAPES = (np.zeros(0, dtype=np.int64), np.zeros(0))


def prior_of(
    state: GoState,
    move: str,
    nakade: float = 0.0,
    shapes: tuple[np.ndarray, np.ndarray] = NO_SHAPES,
    tactic: np.ndarray | None = None,
) -> float:
    """The search's prior for the side to move playing ``move`` (``shapes``: the spatial
    patterns' keys and terms; ``tactic``: int64[1] the prior sets to the move's tactic)."""
    n = state.game.size
    color = state.to_move + 1  # type: ignore[operator]
    last = state.history[-1] if state.history else None
    last_point = -1 if last is None or last.is_pass else point(state, str(last))
    stones = sum(1 for p in state._board if p in (1, 2))
    vital = np.zeros(len(state._board), dtype=np.bool_)
    eyespace.vital_points(state._board, n, vital)
    return float(
        search.prior(
            state._board,
            state._links,
            state._stats,
            state._zob,
            n,
            point(state, move),
            color,
            last_point,
            stones,
            pattern_table(),
            opening_table(n),
            np.zeros((2, 4**8)),
            *shapes,
            np.empty(spatial.CODES_BUFFER, dtype=np.int64),
            np.empty(8, dtype=np.int64),
            tactics.ladder_stack(n),
            nakade,
            bool(vital[point(state, move)]),
            np.empty(1, dtype=np.int64) if tactic is None else tactic,
        )
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 120))
def test_the_tactic_the_prior_reads_is_the_move_models(seed: int, plies: int) -> None:
    # The search's expansion takes each move's tactic from the prior instead of reading it
    # again: for every legal move it must be move_model.tactic_of's (or -1: an own eye).
    state = random_state(seed, plies)
    if state.is_over():
        return
    n = state.game.size
    color = state.to_move + 1  # type: ignore[operator]
    tactic = np.empty(1, dtype=np.int64)
    buf = np.empty(8, dtype=np.int64)
    for move in state.legal_moves():
        if move.is_pass:
            continue
        prior_of(state, str(move), tactic=tactic)
        p = point(state, str(move))
        if tactic[0] < 0:
            assert kernels.is_own_eye(state._board, n + 2, p, color)
            continue
        expected = move_model.tactic_of(
            state._board, state._links, state._stats, n + 2, p, color, buf
        )
        assert tactic[0] == expected, str(move)


def test_running_into_a_ladder_is_a_bad_escape_and_a_breaker_makes_it_good() -> None:
    laddered = position("C4 D5 E3 E4", "D4", "white")
    broken = position("C4 D5 E3 E4", "D4 B2", "white")
    assert prior_of(laddered, "D3") < 0.5 < prior_of(broken, "D3")


def test_an_atari_that_ladders_is_preferred_to_one_that_does_not() -> None:
    works = position("C4 D5 E3", "D4", "black")
    broken = position("C4 D5 E3", "D4 B2", "black")
    assert prior_of(works, "E4") > prior_of(broken, "E4") + 0.1


def test_a_known_spatial_pattern_moves_the_prior_by_its_largest_sizes_term() -> None:
    state = position(black="C3 D4", white="E5", to_move="black")
    n = state.game.size
    codes = np.empty(spatial.CODES_BUFFER, dtype=np.int64)
    spatial.spatial_codes(state._board, n, point(state, "D3"), 1, codes)
    plain = prior_of(state, "D3")
    sizes = (0, 2)  # the 12-point pattern at +0.1, the 28-point one at -0.05
    keys = np.array(sorted(spatial.key(j, int(codes[j])) for j in sizes), dtype=np.int64)
    terms = np.array([0.1 if int(k) & 3 == 0 else -0.05 for k in keys])
    assert prior_of(state, "D3", shapes=(keys, terms)) == pytest.approx(plain - 0.05)
    small = (np.array([spatial.key(0, int(codes[0]))]), np.array([0.1]))
    assert prior_of(state, "D3", shapes=small) == pytest.approx(plain + 0.1)
    assert prior_of(state, "F6", shapes=(keys, terms)) == prior_of(state, "F6")


def test_a_big_chains_self_atari_is_never_tried_but_a_throw_in_may_be() -> None:
    # Black's A2-D2 have two liberties left, A1 and B1: filling either is a self-atari of
    # five stones.
    big = position("A2 B2 C2 D2", "A3 B3 C3 D3 E2 C1 D1", "black")
    assert prior_of(big, "A1") == pytest.approx(0.02)
    assert prior_of(big, "B1") == pytest.approx(0.02)
    # White's eye space A1 A2 in the corner, its chain surrounded with two liberties left:
    # Black's lone stone at A2 is the throw-in that leaves it one eye.
    throw_in = position("A4 B4 C3 C2 D1", "A3 B3 B2 B1 C1", "black")
    assert prior_of(throw_in, "A2") >= 0.5


def test_the_opening_on_the_big_board_prefers_the_third_and_fourth_lines() -> None:
    empty = position(size=19)
    corner = prior_of(empty, "D4")
    assert corner > prior_of(empty, "R10") > prior_of(empty, "S10") > prior_of(empty, "T10")
    assert corner > prior_of(empty, "K10")


# Level 10 (5,000 iterations a move) as Black against GNU Go 3.8 level 10 on 19x19
# (bench/strength_go.py --size 19 --iterations 5000 --games 1 --sgf-dir ...): its
# bottom group H2-J6 ran along the first line and died with 13 stones.
_LOST_GROUP_MOVES = (
    "C16 R17 E4 E17 C14 H17 R16 Q16 Q15 P16 Q17 R15 P3 O18 P17 O17 F17 E16 O16 P15 C5 F16 "
    "R5 G3 Q14 S16 H3 G4 F3 G6 C9 G2 C3 K5 R14 R12 P4 S14 J5 K6 M13 J3 H4 J4 P18 P14 G5 F5 "
    "H5 F7 J6 J7 H6 H7 H2 R9 J2 K2 J1 K1"
)
LOST_GROUP = _LOST_GROUP_MOVES.split()


def _lost_group(plies: int) -> GoState:
    """The game above after ``plies`` moves."""
    state = position(size=19, rules="chinese", komi=7)
    for move in LOST_GROUP[:plies]:
        state.play(move)
    return state


def test_crawling_a_big_chain_along_a_ladder_is_never_tried() -> None:
    # After White's K2 the ten stones have two liberties, H1 and J1, both on the first
    # line: either extension leaves two liberties and White ladders them along the edge.
    state = _lost_group(58)
    assert prior_of(state, "J1") == pytest.approx(0.02)
    assert prior_of(state, "H1") == pytest.approx(0.02)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_floor_priors_amaf_value_stays_the_prior(seed: int) -> None:
    # After White's K1 the chain is in atari at H1: Black's H1 is a self-atari of eleven
    # stones. The playouts in which Black plays H1 first are those where the chain lived,
    # so its AMAF value flattered it, and with ~25 real visits a child on 19x19 AMAF
    # chose it; pinned at the prior, the search leaves it.
    state = _lost_group(60)
    tree = search.GoTree(1_000_000)
    tree.set_root(state)
    kernels.seed_random(seed)
    tree.run(state, 3000, search.root_mask(state))
    h1 = tree.child(tree.root, point(state, "H1"))
    amaf = tree.tree_f[search.F_RW, h1] / tree.tree_f[search.F_RN, h1]
    assert amaf == pytest.approx(0.02, abs=0.005)
    assert tree.move_of(tree.best_child(tree.root)) != point(state, "H1")


def test_criticality_is_how_much_owning_a_point_goes_with_winning() -> None:
    """Coulom's formula on two counted games, one won by each side: a point always the
    winner's is critical (1 - 1/2), one always the loser's the opposite, one Black's
    whoever won is not critical at all, and an empty point nobody owns neither."""
    won_by_black = position(black="E5 G7", white="C3")
    won_by_white = position(black="C3 G7", white="E5")
    w = won_by_black.game.size + 2
    crit = np.zeros((4, w * w))
    search.record_owners(won_by_black._board, 9, 1.0, crit)
    search.record_owners(won_by_white._board, 9, 0.0, crit)
    assert crit[3, 0] == 2 and crit[3, 1] == 1
    e5, c3, g7 = (point(won_by_black, p) for p in ("E5", "C3", "G7"))
    assert search.criticality(crit, e5) == pytest.approx(0.5)
    assert search.criticality(crit, c3) == pytest.approx(-0.5)
    assert search.criticality(crit, g7) == pytest.approx(0.0)
    assert search.criticality(crit, point(won_by_black, "A9")) == pytest.approx(0.0)


def test_criticality_is_counted_and_steers_only_when_weighted() -> None:
    """Off (the default), nothing is counted and the search is today's; on, every
    iteration's final board is counted and the bias changes where the visits go."""
    state = position(black="D4 E5 C6", white="E4 D5 F6", rules="chinese", komi=7)
    visits = []
    for weight in (0.0, 2.0):
        tree = search.GoTree(200_000, search.SearchParams(criticality=weight))
        tree.set_root(state)
        kernels.seed_random(5)
        tree.run(state, 1500, search.root_mask(state))
        crit = tree.criticality()
        if weight == 0.0:
            assert not tree.crit.any() and not crit.any()
        else:
            assert tree.crit[3, 0] == 1500
            assert np.all(np.abs(crit) <= 1.0) and crit.max() > 0.0
        visits.append(sorted((p, v) for p, v, _ in tree.children()))
    assert visits[0] != visits[1]


def test_the_vital_point_of_a_small_eye_space_gains_the_eye_space_prior_for_both_sides() -> None:
    # White's wall around the straight three C3-E3, Black's stones around the wall: D3
    # kills it (Black) or makes two eyes (White); an ordinary point of the space gains
    # nothing.
    surrounding = "A3 B2 B4 G3 F2 F4 C1 D1 E1 C5 D5 E5"
    for to_move in ("black", "white"):
        state = position(surrounding, "B3 F3 C2 D2 E2 C4 D4 E4", to_move=to_move)
        gain = prior_of(state, "D3", nakade=1.0) - prior_of(state, "D3")
        assert gain == pytest.approx(search.NAKADE_PRIOR), to_move
        assert prior_of(state, "C3", nakade=1.0) == prior_of(state, "C3")


def test_with_eye_space_knowledge_the_search_kills_a_bulky_five_at_its_vital_point() -> None:
    # 9x9: Black's wall E1-E9 and White's F1-F9 split the board; White's corner group D1 D2
    # D3 C2 C3 B3 A3 inside Black's side has the bulky five A1 B1 C1 A2 B2 for its eyes.
    # Whoever holds that corner wins, and only B1 kills. Without the knowledge the
    # playouts never grow a dead shape inside (two stones in atari are never played), so
    # the corner looks alive and the search plays A2 (every seed of 1-6, 3,000 iterations).
    black = " ".join([f"E{r}" for r in range(1, 10)] + ["A4", "B4", "C4", "D4"])
    white = " ".join([f"F{r}" for r in range(1, 10)] + ["D1", "D2", "D3", "C2", "C3", "B3", "A3"])
    for seed in (1, 2):
        state = position(black, white, rules="chinese", komi=7)
        agent = GoSearchAgent(seed=seed, params=search.SearchParams(nakade_rate=1.0))
        analysis = agent.analyze(state, Budget(playouts=3000))
        assert str(analysis.moves[0].move) == "B1"
        assert analysis.moves[0].value > 0.5


def test_the_local_term_gives_virtual_wins_by_common_fate_distance_only_when_set() -> None:
    # White's last move E6 touches Black's chain C5 D5 E5: Black's B5, a liberty of that
    # chain three points from E6, is at distance 2; E7, a liberty of E6 itself, at 1; J1 is
    # far. Off (the default) the root's children start from the prior alone.
    state = position(black="C5 D5 E5", white="J9 H9 E6", rules="chinese", komi=7)
    assert str(state.history[-1]) == "E6"
    n0 = search.SearchParams().prior_n
    for local_n in (0.0, 30.0):
        tree = search.GoTree(10_000, search.SearchParams(local_n=local_n))
        tree.set_root(state)
        tree.run(state, 1, search.root_mask(state))  # expands the root, then one playout

        def virtual(name: str, tree: search.GoTree = tree) -> float:
            child = tree.child(tree.root, point(state, name))
            return float(tree.tree_f[search.F_N, child] - tree.tree_i[search.T_VISITS, child])

        assert virtual("J1") == pytest.approx(n0)
        assert virtual("E7") == pytest.approx(n0 + local_n)
        assert virtual("B5") == pytest.approx(n0 + 0.9 * local_n)


def test_the_prior_seeds_the_amaf_values_only_when_set() -> None:
    # Heuristic MC-RAVE: with prior_amaf a child starts with that many AMAF games at its
    # prior besides the real ones; off (the default) its AMAF value starts empty. A move at
    # the prior's floor keeps its own pinned AMAF games either way.
    state = _lost_group(60)
    floor = point(state, "H1")
    for amaf in (0.0, 25.0):
        tree = search.GoTree(1_000_000, search.SearchParams(prior_amaf=amaf))
        tree.set_root(state)
        tree.run(state, 1, search.root_mask(state))  # expands the root, then one playout
        untouched = 0
        for move in ("A19", "K10", "T1", "C17"):
            child = tree.child(tree.root, point(state, move))
            rn, rw = tree.tree_f[search.F_RN, child], tree.tree_f[search.F_RW, child]
            assert amaf <= rn <= amaf + 1  # one playout adds one AMAF game at most
            if rn == amaf and amaf > 0:
                untouched += 1
                assert rw / rn == pytest.approx(prior_of(state, move))
        assert untouched or amaf == 0
        pinned = tree.tree_f[search.F_RN, tree.child(tree.root, floor)]
        assert pinned >= search.SearchParams().blunder_n


def test_the_move_model_gives_virtual_wins_by_its_probabilities_only_when_set() -> None:
    # Each root child not at the prior's floor gains model_n * sqrt(p) virtual wins, real
    # and AMAF, p its move's softmax probability by the move model among the legal moves.
    state = position(black="C5 D5 E5 D3", white="J9 H9 E6 C4", rules="chinese", komi=7)
    game = state.game
    n, w = game.size, game.size + 2
    last = point(state, str(state.history[-1]))
    before = point(state, str(state.history[-2]))
    shapes, keys, values, features = move_model.model_tables()
    buf = np.empty(8, dtype=np.int64)
    codes = np.empty(spatial.CODES_BUFFER, dtype=np.int64)
    names = [str(move) for move in state.legal_moves() if str(move) != "pass"]
    legal = [point(state, name) for name in names]
    color = int(state._meta[kernels.M_COLOR])
    scores = np.array(
        [
            move_model.move_score(
                state._board,
                state._links,
                state._stats,
                n,
                p,
                color,
                last,
                before,
                shapes,
                keys,
                values,
                features,
                buf,
                codes,
            )
            for p in legal
        ]
    )
    expected = dict(zip(legal, np.sqrt(move_model.probabilities(scores)), strict=True))
    assert w * w == state._board.shape[0]
    n0 = search.SearchParams().prior_n
    for model_n in (0.0, 40.0):
        tree = search.GoTree(10_000, search.SearchParams(model_n=model_n))
        tree.set_root(state)
        tree.run(state, 1, search.root_mask(state))  # expands the root, then one playout
        floors = 0
        for name, p in zip(names, legal, strict=True):
            child = tree.child(tree.root, p)
            real = tree.tree_f[search.F_N, child] - tree.tree_i[search.T_VISITS, child]
            amaf = tree.tree_f[search.F_RN, child]
            if prior_of(state, name) <= search.BLUNDER_PRIOR:
                floors += 1
                continue
            wins = model_n * expected[p]
            assert real == pytest.approx(n0 + wins)
            assert wins - 1e-9 <= amaf <= wins + 1 + 1e-9  # a playout adds one AMAF game at most
        assert floors < len(legal) // 2


def _settled_board() -> GoState:
    """9x9, Chinese rules, komi 7, Black to move: Black fills columns A-E but for the eyes
    B2 and B8, White F-J but for H2 and H8. No move is left but filling an own eye, so
    every playout ends at once with Black 45 points, White 36: Black wins by 2."""
    black = [f"{c}{r}" for c in "ABCDE" for r in range(1, 10) if f"{c}{r}" not in ("B2", "B8")]
    white = [f"{c}{r}" for c in "FGHJ" for r in range(1, 10) if f"{c}{r}" not in ("H2", "H8")]
    return position(" ".join(black), " ".join(white), rules="chinese", komi=7)


def test_the_margins_share_moves_a_playouts_value_by_the_points_it_was_won_by() -> None:
    # The same seed plays the same first iteration with or without the share, so the one
    # child it visits differs by value - result = share * (m - 1), m = 1/2 + 1/2 * 2 /
    # margin_points; every other child is untouched; off (the default), the trees match.
    state = _settled_board()
    assert search.exact_margin_of(state) == pytest.approx(2.0)
    m = 0.5 + 0.5 * 2.0 / search.margin_points_of(9)
    trees = {}
    for share in (0.0, 0.0, 0.5):
        tree = search.GoTree(10_000, search.SearchParams(margin=share))
        tree.set_root(state)
        kernels.seed_random(4)
        tree.run(state, 1, search.root_mask(state))  # expands the root, then one playout
        trees.setdefault(share, []).append(tree.tree_f[search.F_W].copy())
    off, again, on = trees[0.0][0], trees[0.0][1], trees[0.5][0]
    assert np.array_equal(off, again)
    changed = np.flatnonzero(off != on)
    assert len(changed) == 1
    assert on[changed[0]] - off[changed[0]] == pytest.approx(0.5 * (m - 1.0))

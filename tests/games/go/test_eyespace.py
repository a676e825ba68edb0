"""Go's eye shapes: the vital point of a small eye space, checked against the shapes drawn."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.errors import TabletopError
from tabletop.games.go import GoState, eyespace
from tests.games.go.helpers import point, position, random_state

LETTERS = "ABCDEFGHJKLMNOPQRST"

Cell = tuple[int, int]  # (column, row), 0-based from the lower left

#: The killable shapes as drawn, each with its vital point (the first cell).
KILLABLE = {
    "straight three": [(1, 0), (0, 0), (2, 0)],
    "bent three": [(0, 0), (1, 0), (0, 1)],
    "pyramid four": [(1, 0), (0, 0), (2, 0), (1, 1)],
    "bulky five": [(1, 0), (0, 0), (0, 1), (1, 1), (2, 0)],
    "crossed five": [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)],
    "rabbity six": [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2), (2, 2)],
}


def name(cell: Cell) -> str:
    return f"{LETTERS[cell[0]]}{cell[1] + 1}"


def canonical(cells: list[Cell]) -> tuple[Cell, ...]:
    """The shape's smallest drawing under the square's eight symmetries."""
    forms = []
    for flip in (False, True):
        for turn in range(4):
            out = []
            for x, y in cells:
                if flip:
                    x = -x
                for _ in range(turn):
                    x, y = -y, x
                out.append((x, y))
            low_x = min(x for x, _ in out)
            low_y = min(y for _, y in out)
            forms.append(tuple(sorted((x - low_x, y - low_y) for x, y in out)))
    return min(forms)


KILLABLE_FORMS = {canonical(cells) for cells in KILLABLE.values()}


def _around(points: set[Cell], size: int) -> set[Cell]:
    """The points of the board next to ``points`` and not among them."""
    out = set()
    for x, y in points:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (x + dx, y + dy)
            if q not in points and 0 <= q[0] < size and 0 <= q[1] < size:
                out.add(q)
    return out


def enclosed(
    cells: list[Cell],
    size: int = 9,
    owner: str = "white",
    offset: Cell = (2, 2),
    surrounded: bool = True,
) -> tuple[GoState, list[Cell]]:
    """A position with the shape's points empty and every point next to them the owner's;
    ``surrounded``: the opponent's stones on every point next to those, so the shape is
    all the eye space the owner's stones have (else they have liberties outside too)."""
    region = {(x + offset[0], y + offset[1]) for x, y in cells}
    ring = _around(region, size)
    outer = _around(region | ring, size) if surrounded else set()
    owned = " ".join(name(q) for q in sorted(ring))
    other = " ".join(name(q) for q in sorted(outer))
    if owner == "white":
        state = position(black=other, white=owned, size=size)
    else:
        state = position(black=owned, white=other, size=size)
    if any(state._board[point(state, name(q))] == 0 for q in ring | outer):
        # A surrounding stone in a pocket of the owner's wall was captured as the wall
        # closed: that pocket is another eye, so no such position.
        raise ValueError("a stone of the wall or around it was captured")
    return state, [(x + offset[0], y + offset[1]) for x, y in cells]


def vital(state: GoState, cell: Cell) -> int:
    n = state.game.size
    return int(
        eyespace.vital_point(state._board, n + 2, point(state, name(cell)), eyespace.new_cells())
    )


def test_each_killable_shape_names_its_vital_point_from_every_point() -> None:
    for shape, cells in KILLABLE.items():
        for owner in ("white", "black"):
            state, placed = enclosed(cells, owner=owner)
            want = point(state, name(placed[0]))
            for cell in placed:
                assert vital(state, cell) == want, (shape, owner, cell)


def test_shapes_at_the_edge_and_in_the_corner_count_too() -> None:
    state, placed = enclosed(KILLABLE["bent three"], offset=(0, 0))
    assert vital(state, placed[1]) == point(state, name(placed[0]))
    state, placed = enclosed(KILLABLE["straight three"], offset=(3, 0))
    assert vital(state, placed[2]) == point(state, name(placed[0]))


def test_living_shapes_have_no_vital_point() -> None:
    living = {
        "straight four": [(0, 0), (1, 0), (2, 0), (3, 0)],
        "bent four": [(0, 0), (1, 0), (2, 0), (2, 1)],
        "square four": [(0, 0), (1, 0), (0, 1), (1, 1)],
        "two points": [(0, 0), (1, 0)],
        "seven points": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)],
    }
    for shape, cells in living.items():
        state, placed = enclosed(cells, offset=(1, 2))
        assert vital(state, placed[0]) == -1, shape


def test_a_space_touching_both_colours_or_open_board_has_none() -> None:
    # The straight three C3-E3 with one point of its wall Black's (B3), the rest White's.
    mixed = position(black="B3", white="F3 C2 D2 E2 C4 D4 E4")
    assert vital(mixed, (2, 2)) == -1
    assert vital(position(), (4, 4)) == -1


@st.composite
def shapes(draw: st.DrawFn) -> list[Cell]:
    """A connected region of 3 to 7 points grown one neighbour at a time."""
    size = draw(st.integers(3, 7))
    cells = [(0, 0)]
    while len(cells) < size:
        frontier = sorted(
            {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            - set(cells)
        )
        cells.append(frontier[draw(st.integers(0, len(frontier) - 1))])
    low_x = min(x for x, _ in cells)
    low_y = min(y for _, y in cells)
    return [(x - low_x, y - low_y) for x, y in cells]


@settings(max_examples=150)
@given(cells=shapes())
def test_vital_point_exactly_for_the_killable_shapes(cells: list[Cell]) -> None:
    if max(x for x, _ in cells) > 5 or max(y for _, y in cells) > 5:
        return  # does not fit inside the 9x9 board with its wall
    try:
        state, placed = enclosed(cells, offset=(1, 1))
    except (TabletopError, ValueError):
        return  # a stone with no liberty of its own: no such position
    got = {vital(state, cell) for cell in placed}
    assert len(got) == 1
    found = got.pop()
    if canonical(cells) in KILLABLE_FORMS:
        # The vital point touches the most points of the region.
        assert found in {point(state, name(c)) for c in placed}
        w = state.game.size + 2
        region = {point(state, name(c)) for c in placed}
        degree = sum(1 for d in (-w, -1, 1, w) if found + d in region)
        assert degree == max(sum(1 for d in (-w, -1, 1, w) if p + d in region) for p in region)
    else:
        assert found == -1


def test_vital_reply_looks_next_to_the_last_move() -> None:
    state, placed = enclosed(KILLABLE["straight three"])
    wall = next(
        (x + dx, y + dy)
        for x, y in placed
        for dx, dy in ((0, 1), (0, -1))
        if (x + dx, y + dy) not in placed
    )
    w = state.game.size + 2
    got = eyespace.vital_reply(state._board, w, point(state, name(wall)), np.empty(8, np.int64))
    assert got == point(state, name(placed[0]))


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 120), shape=st.sampled_from(list(KILLABLE)))
def test_vital_points_marks_what_vital_point_finds_from_each_point(
    seed: int, plies: int, shape: str
) -> None:
    for state in (random_state(seed, plies), enclosed(KILLABLE[shape])[0]):
        board = state._board
        n = 9
        w = n + 2
        cells = eyespace.new_cells()
        want = {
            int(eyespace.vital_point(board, w, p, cells)) for p in range(w * w) if board[p] == 0
        } - {-1}
        marked = np.zeros(w * w, dtype=np.bool_)
        eyespace.vital_points(board, n, marked)
        assert set(np.flatnonzero(marked).tolist()) == want


def _sacrifice(state: GoState, move: str, color: int) -> bool:
    w = state.game.size + 2
    return bool(
        eyespace.killing_sacrifice(
            state._board, state._links, w, point(state, move), color, eyespace.new_cells()
        )
    )


def test_a_self_atari_that_leaves_a_dead_shape_inside_the_eye_space_kills() -> None:
    # White's bulky five A1 B1 C1 A2 B2, Black's wall E1-E3 D4-A4 around White's group,
    # with Black's B1 B2 A2 inside: Black's A1 fills the square four and leaves C1 its
    # one liberty; White's capture leaves one eye. C1 instead would leave the S shape B1
    # B2 A2 C1 behind: two eyes, no kill.
    state = position(black="E1 E2 E3 D4 C4 B4 A4 B1 B2 A2", white="D1 D2 D3 C2 C3 B3 A3")
    assert _sacrifice(state, "A1", 1)
    assert not _sacrifice(state, "C1", 1)
    # Without Black's wall White's group has liberties outside: the sacrifice kills nothing.
    open_group = position(black="B1 B2 A2", white="D1 D2 D3 C2 C3 B3 A3")
    assert not _sacrifice(open_group, "A1", 1)


def test_a_self_atari_in_the_open_is_no_killing_sacrifice() -> None:
    # Black's D4 D5 in White's net: E5 is a self-atari of three stones with open space around.
    state = position(black="D4 D5", white="C4 C5 D6 E4 E6 D3")
    assert not _sacrifice(state, "E5", 1)

"""Abalone rules case by case (docs/rules/abalone.md §3-§8), start-position counts, messages."""

from __future__ import annotations

from collections import Counter

import pytest

import tabletop
from tabletop.core import IllegalMoveError, NotationError
from tabletop.games.abalone import AbaloneGame, AbaloneMove, AbaloneState


def game(players: int = 2, **options: object) -> AbaloneGame:
    g = tabletop.load_game("abalone", players=players, **options)
    assert isinstance(g, AbaloneGame)
    return g


def position(spec: str, players: int = 2, **options: object) -> AbaloneState:
    """A set-up from "B e5 e6; W e8" (seats by letter: B W Y U, or A1 B1 A2 B2)."""
    letters = {"B": 0, "W": 1, "Y": 2, "U": 3, "A1": 0, "B1": 1, "A2": 2, "B2": 3}
    marbles: dict[int, list[str]] = {}
    for part in spec.split(";"):
        who, *cells = part.split()
        marbles.setdefault(letters[who], []).extend(cells)
    return game(players, **options).setup(marbles)


def kinds(state: AbaloneState) -> Counter[str]:
    """Legal moves by kind: single, in-line pair/triple (push or not), broadside pair/triple."""
    out: Counter[str] = Counter()
    for move in state.legal_moves():
        assert isinstance(move, AbaloneMove)
        if move.is_broadside:
            first, last, _ = move.cells
            out[f"broadside {_distance(first, last) + 1}"] += 1
        else:
            out[f"in-line {_group_size(state, move)}"] += 1
    return out


def _distance(a: int, b: int) -> int:
    from tabletop.games.abalone import geometry

    line = geometry.direction_between(a, b)
    assert line is not None
    return line[1]


def _group_size(state: AbaloneState, move: AbaloneMove) -> int:
    """How many of the mover's side move in an in-line move."""
    from tabletop.games.abalone import geometry

    rear, to = move.cells
    line = geometry.direction_between(rear, to)
    assert line is not None
    seat = state.to_move
    assert seat is not None
    team = state.game.teams[seat]
    size, cell = 1, to
    while True:
        owner = state.marble_at(geometry.NAMES[cell])
        if owner is None or state.game.teams[owner] != team:
            return size
        size += 1
        nxt = geometry.neighbour(cell, line[0])
        assert nxt is not None
        cell = nxt


START_COUNTS = [
    # (players, layout, total, {kind: count}) at each start (docs/rules/abalone.md §3)
    (2, "standard", 44, {"in-line 1": 14, "in-line 2": 12, "in-line 3": 8, "broadside 2": 8,
                         "broadside 3": 2}),
    (2, "belgian-daisy", 52, {"in-line 1": 20, "in-line 2": 20, "broadside 2": 8,
                              "in-line 3": 4}),
    (2, "german-daisy", 80, {"in-line 1": 28, "in-line 2": 28, "broadside 2": 16,
                             "in-line 3": 8}),
    (3, "standard", 40, {"in-line 1": 12, "in-line 2": 10, "broadside 2": 10,
                         "broadside 3": 8}),
    (4, "standard", 43, {"in-line 1": 13, "in-line 2": 11, "broadside 2": 9, "in-line 3": 7,
                         "broadside 3": 3}),
]  # fmt: skip


@pytest.mark.parametrize(("players", "layout", "total", "expected"), START_COUNTS)
def test_start_position_counts(
    players: int, layout: str, total: int, expected: dict[str, int]
) -> None:
    """Moves by kind at every start position, for each seat and broadside rule
    (docs/rules/abalone.md §3, §12.1)."""
    policies = ["end", "all-own", "any-own"] if players == 4 else ["end"]
    for policy in policies:
        g = game(players, layout=layout, broadside=policy)
        state = g.new_state()
        for seat in range(players):
            assert state.to_move == seat
            assert len(state.legal_actions()) == total
            assert kinds(state) == expected
            # Play something that changes nothing near the others: use a legal move, then
            # check the next seat from a fresh state with that seat to move.
            state = g.setup(
                {s: state.marbles(s) for s in range(players)}, to_move=(seat + 1) % players
            )


def test_small_position_counts() -> None:
    """The moves by kind of a small position, pushes included (docs/rules/abalone.md §12.2)."""
    state = position("B e5 e6 e7; W d5 e8")
    counts = kinds(state)
    assert counts["in-line 1"] == 11
    assert sum(counts.values()) - counts["in-line 1"] == 11
    assert counts == Counter(
        {"in-line 1": 11, "in-line 2": 2, "broadside 2": 5, "in-line 3": 2, "broadside 3": 2}
    )


def board(state: AbaloneState) -> dict[str, list[str]]:
    names = "BWYU"
    return {names[s]: state.marbles(s) for s in range(state.game.num_players)}


LEGAL_CASES = [
    # (case, players, setup, move, result)
    ("3v2 ejects", 2, "B e5 e6 e7; W e8 e9", "e5e6", {"B": ["e6", "e7", "e8"], "W": ["e9"]}),
    ("2v1 ejects", 2, "B e7 e8; W e9", "e7e8", {"B": ["e8", "e9"], "W": []}),
    ("3v1 push", 2, "B e3 e4 e5; W e6", "e3e4", {"B": ["e4", "e5", "e6"], "W": ["e7"]}),
    ("gap, no push", 2, "B e3 e4 e5; W e7", "e3e4", {"B": ["e4", "e5", "e6"], "W": ["e7"]}),
    ("front three push", 2, "B e3 e4 e5 e6; W e7 e8", "e4e5",
     {"B": ["e3", "e5", "e6", "e7"], "W": ["e8", "e9"]}),
    ("broadside", 2, "B e5 e6", "e5e6f5", {"B": ["f5", "f6"], "W": []}),
    ("front three of four", 2, "B e2 e3 e4 e5", "e3e4", {"B": ["e2", "e4", "e5", "e6"], "W": []}),
    ("3p push of two colours", 3, "B e5 e6 e7; W e8; Y e9", "e5e6",
     {"B": ["e6", "e7", "e8"], "W": ["e9"], "Y": []}),
]  # fmt: skip


@pytest.mark.parametrize(("case", "players", "setup", "move", "result"), LEGAL_CASES)
def test_legal_moves_and_their_results(
    case: str, players: int, setup: str, move: str, result: dict[str, list[str]]
) -> None:
    """Legal moves and pushes, and where every marble ends up (docs/rules/abalone.md §4-§7)."""
    state = position(setup, players)
    assert state.parse_move(move) in state.legal_moves(), case
    before = sum(state.ejected)
    state.play(move)
    assert board(state) == result, case
    on_board_before = sum(1 for c in setup.replace(";", " ").split() if len(c) >= 2)
    on_board_after = sum(len(v) for v in result.values())
    assert sum(state.ejected) - before == on_board_before - on_board_after
    if on_board_after < on_board_before:
        assert state.ejected[0] == 1  # credited to the mover


ILLEGAL_CASES = [
    # (case, players, setup, move, words the message must contain)
    ("2v2 balance", 2, "B e5 e6; W e7 e8", "e5e6", "more marbles than it pushes"),
    ("3v3 balance", 2, "B e2 e3 e4; W e5 e6 e7", "e2e3", "more marbles than it pushes"),
    ("fourth marble idle", 2, "B e1 e2 e3 e4; W e5 e6 e7", "e2e3", "more marbles than it pushes"),
    ("sandwich", 2, "B e4 e5 e6 e9; W e7 e8", "e4e5", "empty cell or off the board"),
    ("3v3 at the edge", 2, "B e4 e5 e6; W e7 e8 e9", "e4e5", "more marbles than it pushes"),
    ("broadside never pushes", 2, "B e5 e6; W f6", "e5e6f5", "never pushes"),
    ("single marble never pushes", 2, "B e5; W e6", "e5e6", "single marble never pushes"),
    ("own marble off the board", 2, "B e8 e9", "e8e9", "off the board"),
    ("four marbles", 2, "B e2 e3 e4 e5", "e2e3", "at most three"),
    ("3p sandwich", 3, "B e4 e5 e6 e9; W e7; Y e8", "e4e5", "empty cell or off the board"),
    ("partner at the rear", 4, "A2 e4; A1 e5 e6; B1 e7", "e4e5", "partner"),
    ("single partner marble", 4, "A2 e4", "e4e5", "partner"),
    ("partner blocks a push", 4, "A1 e4 e5; B1 e6; A2 e7", "e4e5", "empty cell or off the board"),
]


@pytest.mark.parametrize(("case", "players", "setup", "move", "words"), ILLEGAL_CASES)
def test_illegal_moves_name_the_rule_and_change_nothing(
    case: str, players: int, setup: str, move: str, words: str
) -> None:
    """Illegal moves are refused naming the rule they break (docs/rules/abalone.md §4-§8)."""
    state = position(setup, players)
    before = state.copy()
    assert state.parse_move(move) not in state.legal_moves(), case
    with pytest.raises(IllegalMoveError, match=words) as err:
        state.play(move)
    assert move in str(err.value)
    assert state == before


def test_partner_marbles_push_mixed_opponents() -> None:
    """Own and partner marbles push a row of both opponents' colours, 3 against 2
    (docs/rules/abalone.md §8.2, §8.3)."""
    state = position("A1 e4; A2 e5 e6; B1 e7; B2 e8", players=4)
    state.play("e4e5")
    assert state.marbles(0) == ["e5"]
    assert state.marbles(2) == ["e6", "e7"]
    assert state.marbles(1) == ["e8"]
    assert state.marbles(3) == ["e9"]


@pytest.mark.parametrize(
    ("case", "setup", "move", "legal_under"),
    [
        ("partner, own, partner", "A2 e4 e6; A1 e5", "e4e6f4", {"any-own"}),
        ("own, partner", "A1 e4; A2 e5", "e4e5f4", {"end", "any-own"}),
    ],
)
def test_broadside_policies(case: str, setup: str, move: str, legal_under: set[str]) -> None:
    """Which marbles of a sideways line must be the mover's own (docs/rules/abalone.md §8.4)."""
    for policy in ("end", "all-own", "any-own"):
        state = position(setup, players=4, broadside=policy)
        legal = state.parse_move(move) in state.legal_moves()
        assert legal == (policy in legal_under), (case, policy)
        if not legal:
            with pytest.raises(IllegalMoveError, match=f"{policy} rule"):
                state.play(move)


def test_four_player_turn_orders() -> None:
    alternating = game(4).new_state()
    consecutive = game(4, team_order="consecutive").new_state()
    assert alternating.game.teams == (0, 1, 0, 1)
    assert consecutive.game.teams == (0, 0, 1, 1)
    seats = []
    for _ in range(4):
        seats.append(consecutive.to_move)
        consecutive.play(int(consecutive.legal_actions()[0]))
    assert seats == [0, 1, 2, 3]  # clockwise; teams A, A, B, B


def test_six_ejected_wins_and_team_tallies() -> None:
    state = position("B e7 e8; W e9", players=2)
    state._ejected = (5, 0)  # five already ejected: the sixth wins
    state.play("e7e8")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "six-ejected"
    assert outcome.winners == (0,) and outcome.returns == (1.0, -1.0)
    assert state.to_move is None and len(state.legal_actions()) == 0


def test_four_player_team_wins_together() -> None:
    state = position("A1 e7 e8; B1 e9; A2 a1; B2 a5", players=4)
    state._ejected = (2, 0, 3, 0)
    state.play("e7e8")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 2)
    assert outcome.returns == (1.0, -1.0, 1.0, -1.0)


def test_three_player_outcome_is_zero_sum() -> None:
    state = position("B e7 e8; W e9; Y a1", players=3)
    state._ejected = (5, 0, 0)
    state.play("e7e8")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert sum(outcome.returns) == 0


def test_a_side_without_moves_passes() -> None:
    # White's lone marble on a corner is boxed in by Black pairs it cannot push.
    state = position("W a1; B a2 a3 b1 c1 b2 c3", players=2)
    state._seat = 1
    assert state.legal_actions().tolist() == [1830]
    state.play("pass")
    assert state.to_move == 0
    with pytest.raises(IllegalMoveError, match="only when it has no move"):
        state.play("pass")


def test_max_plies_ends_as_unofficial_draw() -> None:
    state = game(2, max_plies=3).new_state()
    for _ in range(3):
        state.play(int(state.legal_actions()[0]))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "max-plies" and outcome.winners == ()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a1", "not an Abalone move"),
        ("a1b2c3d4", "not an Abalone move"),
        ("a9b9", "row a holds a1..a5"),
        ("j1a1", "rows are a..i"),
        ("a1c3", "not next to"),
        ("c3e4d4", "not on one straight line"),
        ("e1e4f2", "4 marbles"),
        ("c3c5c4", "runs along the line"),
        ("c3c5e5", "not next to"),
    ],
)
def test_malformed_notation_is_refused(text: str, words: str) -> None:
    state = game().new_state()
    with pytest.raises(NotationError, match=words):
        state.play(text)
    assert state.ply == 0


def test_broadside_named_from_either_end_is_one_move() -> None:
    state = game().new_state()
    assert state.parse_move("C5C3D6") == state.parse_move("c3c5d4")
    assert str(state.parse_move(" c5c3d6 ")) == "c3c5d4"

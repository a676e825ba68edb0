"""The reference Abalone opponent (bench/abalone_reference.py) and its match script
(bench/strength_abalone.py): legal moves, an ejection seen, material valued, a resumable
ledger. Budgets are nodes, not seconds, where the result must not depend on the machine."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.ai.agent import Budget
from tabletop.games.abalone.rules import AbaloneState

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import strength_abalone  # noqa: E402
from abalone_ref.evaluation import WEIGHTS, evaluate  # noqa: E402
from abalone_reference import ReferenceAgent  # noqa: E402


@pytest.fixture(scope="module")
def agent() -> ReferenceAgent:
    return ReferenceAgent()


def test_it_plays_only_legal_moves(agent: ReferenceAgent) -> None:
    rng = random.Random(3)
    for layout in ("standard", "belgian-daisy"):
        state = tabletop.load_game("abalone", layout=layout).new_state()
        assert isinstance(state, AbaloneState)
        while state.ply < 40 and not state.is_over():
            if state.to_move == 0:
                move = agent.choose(state, Budget(playouts=400))
            else:  # a random opponent leads it into positions of every kind
                move = rng.choice(state.legal_moves())
            assert move in state.legal_moves()
            state.play(move)


def test_it_pushes_a_marble_off_when_it_can(agent: ReferenceAgent) -> None:
    game = tabletop.load_game("abalone")
    # Black's e3-e2 line can push White's e1 off the west edge.
    state = game.setup({0: ("e2", "e3", "a1", "a2", "b1"), 1: ("e1", "i9", "i8", "h9")})
    assert isinstance(state, AbaloneState)
    for nodes in (50, 2000):
        after = state.copy()
        after.play(agent.choose(state, Budget(playouts=nodes)))
        assert after.ejected == (1, 0)


def test_its_evaluation_prefers_a_marble_up() -> None:
    state = tabletop.load_game("abalone").new_state()
    assert isinstance(state, AbaloneState)
    team = state.game.team_of_colour

    def value(lost_mine: int, lost_theirs: int) -> int:
        lost = np.array([lost_mine, lost_theirs], dtype=np.int64)
        return int(evaluate(state._board, 1, team, lost, WEIGHTS))

    assert value(0, 1) > value(0, 0) > value(1, 0)
    assert value(2, 3) > value(3, 3)


def test_a_one_game_match_is_ledgered_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "reference.jsonl"
    argv = ["strength_abalone.py", "--games", "1", "--agent", "ai:1", "--seconds", "0.05"]
    argv += ["--max-plies", "12", "--ledger", str(ledger)]
    monkeypatch.setattr(sys, "argv", argv)
    strength_abalone.main()
    first = capsys.readouterr().out.splitlines()
    assert first[0].startswith("game 1: ai:1 as Black: ")
    assert "cap of 12 plies reached" in first[-1]
    assert "wins" in first[-1] and "losses" in first[-1] and "draws of 1" in first[-1]
    assert len(ledger.read_text().splitlines()) == 1
    strength_abalone.main()  # the game is counted from the ledger, not played again
    again = capsys.readouterr().out.splitlines()
    assert again[0].endswith("(from the ledger)")
    assert again[-1].split("s/move")[0] == first[-1].split("s/move")[0]
    assert len(ledger.read_text().splitlines()) == 1

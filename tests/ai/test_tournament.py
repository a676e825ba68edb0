"""Matches: seats rotate, standings add up, records are written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.ai import Budget
from tabletop.ai.agent import Agent, Analysis, MoveStat
from tabletop.ai.specs import make_agent
from tabletop.ai.tournament import play_game, run_match, table
from tabletop.cli import main
from tabletop.core.game import State


def test_standings_add_up_and_records_are_written(tmp_path: Path) -> None:
    game = tabletop.load_game("go", size=5, komi=0.5, rules="chinese")
    agents = [make_agent("random", game, 1), make_agent("mcts:playouts=30", game, 2)]
    seen = []
    standings = run_match(
        game, agents, 4, Budget(playouts=30), records=tmp_path, progress=lambda d, t: seen.append(d)
    )
    assert seen == [1, 2, 3, 4]
    for st in standings:
        assert len(st.scores) == 4 and st.wins + st.draws + st.losses == 4
        lo, hi = st.interval()
        assert 0.0 <= lo <= st.mean <= hi <= 1.0
    assert sum(st.wins for st in standings) == sum(st.losses for st in standings)
    record = json.loads((tmp_path / "game-002.json").read_text())
    assert record["seats"] == ["mcts:playouts=30", "random"]  # colours alternate
    assert (tmp_path / "game-002.sgf").read_bytes().startswith(b"(;FF[4]")
    assert "mcts:playouts=30" in table(standings)


def test_four_seats_with_two_agents_and_a_ply_cap() -> None:
    game = tabletop.load_game("abalone", players=4)
    agents = [make_agent("random", game, 1), make_agent("random", game, 2)]
    standings = run_match(game, agents, 2, Budget(playouts=1), max_plies=8)
    assert [len(st.scores) for st in standings] == [4, 4]
    assert all(st.draws == 4 for st in standings)


def test_match_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["match", "abalone", "--agents", "random", "random", "--games", "2", "--max-plies", "4"]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "random#1" in out and "random#2" in out and "95% interval" in out
    assert main(["match", "go", "--agents", "random", "--games", "1"]) == 2


class Shuffler(Agent):
    """Steps its Quoridor pawn sideways and back: a stand-off, scripted."""

    def __init__(self, moves: list[str]) -> None:
        super().__init__()
        self.moves = moves

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        move = state.parse_move(self.moves[(state.ply // 2) % len(self.moves)])
        return Analysis((0.0, 0.0), [MoveStat(move, 1, 1.0, 0.0)], [move])


def test_a_position_standing_max_repeats_times_ends_the_game_as_a_draw() -> None:
    game = tabletop.load_game("quoridor")
    agents = [Shuffler(["d1", "e1"]), Shuffler(["d9", "e9"])]
    result = play_game(game, agents, Budget(playouts=1), max_plies=100, max_repeats=3)
    # The start position stands again after plies 4 and 8: the third time.
    assert result.state.ply == 8
    assert result.outcome.reason == "repetition" and result.outcome.winners == ()
    assert result.outcome.returns == (0.0, 0.0)
    capped = play_game(game, agents, Budget(playouts=1), max_plies=100)
    assert capped.state.ply == 100 and capped.outcome.reason == "max-plies"


def test_max_repeats_must_allow_a_position_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "oust", "--agents", "random", "random", "--max-repeats", "1"]) == 2
    assert "--max-repeats 1" in capsys.readouterr().err

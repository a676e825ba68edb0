"""Agents from text: every kind, and one clear message for a malformed spec."""

from __future__ import annotations

import math

import pytest

import tabletop
from tabletop.ai import Budget
from tabletop.ai.specs import make_agent
from tabletop.core import OptionError, TabletopError


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("alphago", "unknown kind"),
        ("mcts:depth=3", "expected playouts=..., seconds=..., c=..."),
        ("mcts:playouts=many", "must be a number"),
        ("mcts:playouts=1.5", "playouts must be a whole number of 1 or more, not '1.5'"),
        ("mcts:playouts=inf", "playouts must be a whole number"),
        ("mcts:seconds=nan", "seconds must be a number of seconds above 0, not 'nan'"),
        ("mcts:seconds=0", "seconds must be a number of seconds above 0"),
        ("mcts:c=-1", "c must be a number of 0 or more"),
        ("alphabeta:depth=inf", "depth must be a whole number"),
        ("gtp:", "needs a command"),
    ],
)
def test_bad_agent_specs(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_agent(spec, tabletop.load_game("go", size=9))


def test_alphabeta_needs_an_evaluation() -> None:
    with pytest.raises(OptionError, match="no evaluation"):
        make_agent("alphabeta", tabletop.load_game("go", size=9))
    agent = make_agent("alphabeta:depth=2,seconds=1", tabletop.load_game("abalone"))
    assert agent.name == "alphabeta:depth=2,seconds=1"


def test_mcts_with_evaluated_leaves_needs_an_evaluation() -> None:
    with pytest.raises(OptionError, match=r"'mcts-evaluate'.*no evaluation"):
        make_agent("mcts-evaluate", tabletop.load_game("go", size=9))
    game = tabletop.load_game("quoridor")
    agent = make_agent("mcts-evaluate:playouts=50,c=0.8", game, seed=1)
    assert agent.name == "mcts-evaluate:playouts=50,c=0.8"
    analysis = agent.analyze(game.new_state(), agent.budget)
    assert analysis.iterations == 50 and analysis.moves


@pytest.mark.parametrize(
    ("kind", "name", "other"), [("oust", "Oust", "quoridor"), ("quoridor", "Quoridor", "oust")]
)
def test_a_compiled_search_plays_its_own_game_only(kind: str, name: str, other: str) -> None:
    with pytest.raises(OptionError, match=rf"'{kind}'.*{name} only"):
        make_agent(kind, tabletop.load_game(other))
    game = tabletop.load_game(kind)
    agent = make_agent(f"{kind}:playouts=300,c=0.5", game, seed=1)
    assert agent.name == f"{kind}:playouts=300,c=0.5"
    analysis = agent.analyze(game.new_state(), agent.budget)
    assert analysis.iterations == 300 and analysis.moves


def test_gtp_agents_play_go_only() -> None:
    with pytest.raises(OptionError, match="Go only"):
        make_agent("gtp:gnugo --mode gtp", tabletop.load_game("abalone"))


def test_settings_set_the_budget() -> None:
    agent = make_agent("mcts:playouts=1e2,seconds=0.5", tabletop.load_game("oust"))
    assert agent.budget == Budget(seconds=0.5, playouts=100)


@pytest.mark.parametrize("seconds", [0.0, -1.0, math.nan, math.inf])
def test_a_budget_that_could_never_run_out_or_never_start_is_refused(seconds: float) -> None:
    with pytest.raises(TabletopError, match="must be positive and finite"):
        Budget(seconds=seconds)

"""Warming the kernels: one tiny search of every kind a game's levels use."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.ai.levels import level_for
from tabletop.ai.warm import by_game, levels_by_search, main, variants, warm_up


def test_one_level_of_each_search_the_table_uses() -> None:
    for name, options in variants():
        game = tabletop.load_game(name, **options)
        levels = list(levels_by_search(game))
        searches = [level_for(game, level).search for level in levels]
        assert len(set(searches)) == len(searches)
        assert set(searches) == {level_for(game, n).search for n in range(1, 11)}
        assert levels[0] == 1


def test_warming_plays_a_few_plies_with_every_search() -> None:
    game = tabletop.load_game("quoridor", players=2)
    # alpha-beta, the generic MCTS (decision 0053), the compiled search (0062)
    assert list(levels_by_search(game)) == [1, 6, 10]
    warm_up(tabletop.load_game("oust", width=3, height=3))
    warm_up(game)


def test_every_game_and_player_count_is_warmed() -> None:
    warmed = list(variants())
    for info in tabletop.list_games():
        counts = {tabletop.load_game(n, **o).num_players for n, o in warmed if n == info.name}
        assert counts == set(info.players), info.name


@pytest.mark.slow
def test_two_games_are_warmed_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    names = [info.name for info in tabletop.list_games()][:2]
    assert main([*names, "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("all kernels ready in ")
    wanted = sum(len(sets) for sets in by_game(names).values())
    ready = [line for line in lines if ": kernels ready in " in line]
    assert len(ready) == wanted
    assert {line.split()[0] for line in ready} == set(names)


def test_a_bad_game_or_job_count_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["nonsense"])
    assert stop.value.code == 2
    assert "no game 'nonsense'; the games are " in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--jobs", "0"])
    assert "argument --jobs: '0': must be at least 1" in capsys.readouterr().err

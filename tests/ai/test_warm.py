"""Warming the kernels: one tiny search of every kind a game's levels use."""

from __future__ import annotations

import tabletop
from tabletop.ai.levels import level_for
from tabletop.ai.warm import levels_by_search, variants, warm_up


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

"""Which configurations of each registered game the conformance suite plays.

Every registered game is played at every player count it supports with its
default options, so a new game is covered the moment it registers. The
extra option sets below add variants worth exercising (small boards keep
random games short).
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop

EXTRA_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "abalone": [
        {"players": 2, "layout": "belgian-daisy", "max_plies": 60},
        {"players": 2, "layout": "german-daisy"},
        {"players": 3, "max_plies": 40},
        {"players": 4, "team_order": "consecutive", "broadside": "any-own"},
        {"players": 4, "broadside": "all-own", "max_plies": 50},
    ],
    "go": [
        {"size": 9},
        {"size": 5, "rules": "tromp-taylor"},
        {"size": 7, "rules": "aga"},
        {"size": 9, "rules": "chinese", "handicap": 3},
        {"size": 6, "ko": "positional", "scoring": "territory"},
    ],
    "oust": [
        {"size": 2},
        {"size": 3},
        {"width": 5, "height": 3},
        {"width": 2, "height": 7},
        {"size": 5, "pie": True},
        {"size": 4, "max_plies": 12},
        {"board": "hex", "side": 5},
        {"board": "hex", "side": 7, "pie": True},
    ],
    # Added to every player count (2 and 4).
    "quoridor": [
        {"walls": 20, "side_step_around_pawns": False},
        {"walls": 0, "max_plies": 40},
    ],
}

#: Games whose default options make random games too long for the suite.
SKIP_DEFAULTS = {"go"}  # 19x19: covered by the differential test instead


def _configs() -> list[Any]:
    params = []
    for info in tabletop.list_games():
        sets: list[dict[str, Any]] = []
        for count in info.players:
            base = {"players": count} if len(info.players) > 1 else {}
            if info.name not in SKIP_DEFAULTS:
                sets.append(base)
            sets.extend(
                {**base, **extra}
                for extra in EXTRA_CONFIGS.get(info.name, [])
                if extra.get("players", count) == count
            )
        for options in sets:
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            params.append(pytest.param((info.name, options), id=f"{info.name}[{label}]"))
    return params


@pytest.fixture(params=_configs())
def game(request: pytest.FixtureRequest) -> tabletop.Game:
    name, options = request.param
    return tabletop.load_game(name, **options)

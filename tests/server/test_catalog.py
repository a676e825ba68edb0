"""The catalog's words and presets (decision record 0089): every option a player can set has
a plain label and a one-line explanation, every preset is a valid game, every level and clock
preset is described, and no code name reaches a player."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core import list_games, load_game
from tabletop.play.clock import TimeControl
from tabletop.server.routes.catalog import catalog_body

#: A word as code spells it: snake_case, a name with a dash between lower-case parts
#: used as an identifier, or an option's own name.
CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")


def words_of(catalog: dict[str, Any]) -> list[str]:
    """Every text of the catalog a player reads on the create form."""
    out: list[str] = []
    for game in catalog["games"]:
        out.append(game["title"])
        for option in game["options"]:
            out += [option["label"], option["explanation"]]
            out += [c["label"] for c in option["choice_labels"] or []]
        for preset in game["presets"]:
            out += [preset["label"], preset["explanation"], *preset["sides"]]
    out += [level["words"] for level in catalog["level_words"]]
    for clock in catalog["clock_presets"]:
        out += [clock["label"], clock["explanation"]]
    return out


@pytest.mark.parametrize("info", list_games(), ids=lambda info: info.name)
def test_every_option_has_a_label_and_an_explanation(info: Any) -> None:
    for option in info.options:
        assert option.label and option.label[0].isupper(), option.name
        assert option.explanation.endswith("."), option.name
        assert len(option.explanation) <= 160, option.name  # one line on a phone, about
        if option.choices is not None:
            labelled = [value for value, _ in option.choice_labels]
            assert labelled == list(option.choices) or not labelled, option.name


@pytest.mark.parametrize("info", list_games(), ids=lambda info: info.name)
def test_presets_are_valid_games_with_distinct_names(info: Any) -> None:
    assert len(info.presets) >= 2
    assert len({p.name for p in info.presets}) == len(info.presets)
    for preset in info.presets:
        game = load_game(info.name, **preset.options)  # raises for an invalid preset
        assert game.num_players in info.players
        assert preset.label and preset.explanation


def test_the_issue_presets_are_there() -> None:
    catalog = catalog_body()
    games = {g["name"]: g for g in catalog["games"]}
    sizes = {p["options"].get("size") for p in games["go"]["presets"]}
    assert {9, 13, 19} <= sizes
    assert {p["players"] for p in games["abalone"]["presets"]} == {2, 3, 4}
    assert {p["players"] for p in games["quoridor"]["presets"]} == {2, 4}
    boards = {p["options"].get("board", "square") for p in games["oust"]["presets"]}
    assert boards == {"square", "hex"}
    rules = next(o for o in games["go"]["options"] if o["name"] == "rules")
    assert rules["main"]  # the rule set is chosen beside the board size


def test_presets_name_their_sides_from_the_game() -> None:
    games = {g["name"]: g for g in catalog_body()["games"]}
    quoridor = {p["players"]: p["sides"] for p in games["quoridor"]["presets"]}
    assert quoridor[2] == list(load_game("quoridor").seat_names)
    four = next(p for p in games["abalone"]["presets"] if p["players"] == 4)
    assert four["sides"] == list(load_game("abalone", players=4).seat_names)
    # A game whose seats are colours paints them in those colours.
    assert four["colours"] == [side.lower() for side in four["sides"]]


def test_levels_and_clocks_are_described() -> None:
    catalog = catalog_body()
    assert [w["level"] for w in catalog["level_words"]] == catalog["levels"]
    assert all(w["words"] for w in catalog["level_words"])
    names = [c["name"] for c in catalog["clock_presets"]]
    assert names == ["none", "5+3", "10+5", "30+20", "byoyomi", "1d", "3d", "7d"]
    for preset in catalog["clock_presets"]:
        TimeControl.from_dict(preset["clock"])  # raises for an invalid clock


def test_no_code_name_in_the_words_a_player_reads() -> None:
    catalog = catalog_body()
    names = {o["name"] for g in catalog["games"] for o in g["options"] if "_" in o["name"]}
    for text in words_of(catalog):
        assert not CODE_NAME.search(text), text
        assert not any(name in text for name in names), text


def test_the_catalog_route_serves_it(client: TestClient) -> None:
    answer = client.get("/api/catalog")
    assert answer.status_code == 200
    assert answer.json() == catalog_body()


def test_only_the_player_counts_are_left_to_the_presets() -> None:
    flagged = {
        (g["name"], o["name"])
        for g in catalog_body()["games"]
        for o in g["options"]
        if o["sets_players"]
    }
    assert flagged == {("abalone", "players"), ("quoridor", "players")}


def test_presets_name_the_options_that_cannot_apply() -> None:
    games = {g["name"]: {p["name"]: p for p in g["presets"]} for g in catalog_body()["games"]}
    assert "team_order" in games["abalone"]["2"]["inapplicable"]
    assert "team_order" not in games["abalone"]["4"]["inapplicable"]
    assert "side" in games["oust"]["square-9"]["inapplicable"]
    assert "size" in games["oust"]["hex-7"]["inapplicable"]
    assert games["go"]["9x9"]["inapplicable"] == []

"""The home page (web/js/home.js): creating a game as a player chooses one, the lobby's line,
names asked on joining, at desktop (1280x800) and phone (390x844) sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.play import answer_name, api_view, create_by_form, game_id
from tests.web.server import call

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
OPPONENTS = ("computer", "friend", "screen")

#: A word as code spells it (handicap_bonus, team_order, max_plies), or a JSON null.
CODE_WORD = re.compile(r"\b[a-z]+_[a-z_]+\b|\bnull\b|\bundefined\b")


def catalog(server: str) -> dict[str, Any]:
    status, body = call(f"{server}/api/catalog")
    assert status == 200
    assert isinstance(body, dict)
    return body


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def create(page: Any, server: str, game: str, preset: str, opponent: str) -> str:
    """Fill the form (game, preset, opponent; level 1, the first side, no clock) and create."""
    page.goto(server + "/")
    page.check(f"#game-{game}")
    page.check(f"#preset-{preset}")
    page.check(f"#opponent-{opponent}")
    if opponent == "computer":
        assert (
            page.locator("#level option").first.inner_text() == "level 1 – just learning the moves"
        )
        page.select_option("#level", "1")
    assert page.locator("#play-as").count() == (opponent != "screen")
    no_sideways_scroll(page)
    page.click("#create-btn")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#seats li")
    return game_id(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["go", "abalone", "oust", "quoridor"])
def test_every_preset_against_each_opponent(
    new_page: Any, server: str, game: str, size: str
) -> None:
    """Each preset makes the game it names, with the seats the opponent choice makes."""
    info = next(g for g in catalog(server)["games"] if g["name"] == game)
    page = new_page(*SIZES[size])
    page.goto(server + "/")
    page.wait_for_selector(f"#game-{game}")
    for preset in info["presets"]:
        for opponent in OPPONENTS:
            gid = create(page, server, game, re.sub(r"[^a-z0-9_-]", "-", preset["name"]), opponent)
            view = api_view(server, gid)
            for name, value in preset["options"].items():
                assert view["options"][name] == value, (preset["name"], name)
            seats = view["seats"]
            assert [s["side"] for s in seats] == preset["sides"]
            assert len(seats) == preset["players"]
            if opponent == "computer":
                assert seats[0]["kind"] == "person" and seats[0]["claimed"]
                assert all(s["kind"] == "computer" and s["level"] == 1 for s in seats[1:])
            elif opponent == "friend":
                assert seats[0]["claimed"] and not any(s["claimed"] for s in seats[1:])
                # One invite link per friend's seat, named by the game's side.
                for seat in range(1, len(seats)):
                    assert page.locator(f"#invite-{seat}").count() == 1
                assert preset["sides"][1] in page.inner_text("#invites")
            else:
                assert all(s["kind"] == "person" and s["claimed"] for s in seats)
                assert view["status"] == "playing"
            no_sideways_scroll(page)


def test_the_clock_presets_and_a_custom_clock(new_page: Any, server: str) -> None:
    page = new_page(*SIZES["phone"])
    page.goto(server + "/")
    page.wait_for_selector("#game-go")
    labels = page.locator("#clock-choice .choice-label").all_inner_texts()
    assert labels[:4] == ["No clock", "5+3", "10+5", "30+20"]
    assert labels[4].startswith("Byo-yomi") and labels[8] == "Custom"
    assert labels[5:8] == ["1 day per move", "3 days per move", "7 days per move"]
    page.check("#clock-10-5")
    assert "5 seconds more" in page.inner_text("#clock-help")
    page.check("#game-go")
    gid = create_by_form(page, server, "go", {}, ["person", 1], preset="9x9")
    # create_by_form does not touch the clock: the choice made before stays.
    assert api_view(server, gid)["clock"]["kind"] == "fischer"
    assert api_view(server, gid)["clock"]["increment"] == 5

    page.goto(server + "/")
    page.check("#clock-custom")
    page.select_option("#clock-kind", "byoyomi")
    page.fill("#clock-main", "1")
    page.fill("#clock-periods", "3")
    page.fill("#clock-period", "20")
    no_sideways_scroll(page)
    gid = create_by_form(page, server, "go", {}, ["person", 1], preset="9x9")
    clock = api_view(server, gid)["clock"]
    assert (clock["kind"], clock["main"], clock["periods"], clock["period"]) == (
        "byoyomi",
        60,
        3,
        20,
    )

    page.goto(server + "/")
    page.check("#clock-custom")
    page.select_option("#clock-kind", "correspondence")
    page.select_option("#clock-days", "7")
    gid = create_by_form(page, server, "go", {}, ["person", 1], preset="9x9")
    assert api_view(server, gid)["clock"]["days"] == 7


@pytest.mark.parametrize("size", SIZES)
def test_more_options_have_plain_labels_and_explanations(
    new_page: Any, server: str, size: str
) -> None:
    """Every option under "more options" has a label and a one-line explanation, and no text a
    player reads on the form is a code name (handicap_bonus, team_order, max_plies, ...)."""
    page = new_page(*SIZES[size])
    page.goto(server + "/")
    page.wait_for_selector("#game-go")
    page.click("#more-options summary")
    for game in catalog(server)["games"]:
        page.check(f"#game-{game['name']}")
        options = page.locator("#options .option, #main-options .option")
        shown = [o for o in game["options"] if not o["sets_players"]]
        assert options.count() == len(shown)
        for i in range(options.count()):
            option = options.nth(i)
            label = option.locator("label").first.inner_text().strip()
            help_text = option.locator(".help").inner_text().strip()
            assert label and help_text.endswith("."), (game["name"], label)
        form = page.inner_text("#create-form")
        choices = " ".join(page.locator("#create-form option").all_inner_texts())
        for text in (form, choices):
            assert not CODE_WORD.search(text), CODE_WORD.search(text)
            for option in game["options"]:
                if "_" in option["name"]:
                    assert option["name"] not in text
        no_sideways_scroll(page)


def test_options_that_cannot_apply_to_a_preset_are_hidden(new_page: Any, server: str) -> None:
    page = new_page(*SIZES["desktop"])
    page.goto(server + "/")
    page.wait_for_selector("#game-abalone")
    page.check("#game-abalone")
    page.click("#more-options summary")
    page.check("#preset-2")
    assert not page.is_visible("#opt-team_order") and page.is_visible("#opt-max_plies")
    page.check("#preset-4")
    assert page.is_visible("#opt-team_order") and not page.is_visible("#opt-layout")
    page.select_option("#opt-team_order", "consecutive")
    page.check("#opponent-computer")
    page.click("#create-btn")
    page.wait_for_url("**/game/**")
    assert api_view(server, game_id(page))["options"]["team_order"] == "consecutive"


@pytest.mark.parametrize("width", [360, 390, 430])
def test_no_sideways_scroll_on_the_home_page(new_page: Any, server: str, width: int) -> None:
    page = new_page(width, 844)
    page.goto(server + "/")
    page.wait_for_selector("#game-go")
    page.click("#more-options summary")
    for game in ("go", "abalone", "oust", "quoridor"):
        page.check(f"#game-{game}")
        for opponent in OPPONENTS:
            page.check(f"#opponent-{opponent}")
            no_sideways_scroll(page)
    page.check("#clock-custom")
    page.select_option("#clock-kind", "byoyomi")
    no_sideways_scroll(page)


def test_the_lobby_shows_one_readable_line(new_page: Any, server: str) -> None:
    """Game, variant, clock and who waits, with no option names (a hex Oust game's options
    hold ``width: null``)."""
    ann = new_page(*SIZES["desktop"])
    ann.goto(server + "/")
    ann.wait_for_selector("#game-oust")
    ann.check("#clock-10-5")
    gid = create_by_form(ann, server, "oust", {}, ["person", "person"], preset="hex-7")
    assert api_view(server, gid)["options"]["width"] is None
    for size in SIZES.values():
        bob = new_page(*size)
        bob.goto(server + "/")
        line = bob.locator(f'#lobby li[data-game="{gid}"] .lobby-line')
        assert line.inner_text() == "Oust hex 7 · 10+5 · Ann (Black) waits for a player"
        no_sideways_scroll(bob)


def test_joining_by_invite_asks_the_name_and_shows_it(new_page: Any, server: str) -> None:
    ann = new_page(*SIZES["desktop"])
    create_by_form(ann, server, "go", {}, ["person", "person"], preset="9x9")
    invite = ann.input_value("#invite-1")

    bob = new_page(*SIZES["phone"])
    bob.goto(invite)
    bob.wait_for_selector("#ask-name[open]")
    assert bob.input_value("#ask-name-input") == ""
    no_sideways_scroll(bob)
    answer_name(bob, "Bob")
    bob.wait_for_function("document.getElementById('seats').textContent.includes('(you)')")
    ann.wait_for_function("document.getElementById('seats').textContent.includes('White (Bob)')")
    assert "Black (Ann)" in bob.inner_text("#seats")
    assert bob.evaluate("localStorage.getItem('tabletop.name')") == "Bob"

    # Next time the same browser is asked with the name it gave.
    gid = create_by_form(ann, server, "go", {}, ["person", "person"], preset="9x9")
    bob.goto(ann.input_value("#invite-1"))
    bob.wait_for_selector("#ask-name[open]")
    assert bob.input_value("#ask-name-input") == "Bob"
    bob.click("#ask-name-ok")
    ann.wait_for_function("document.getElementById('seats').textContent.includes('White (Bob)')")
    assert api_view(server, gid)["seats"][1]["name"] == "Bob"


def test_sides_are_named_as_the_game_names_them(new_page: Any, server: str) -> None:
    """Quoridor's seats are compass points in the panels, the outcome and the messages;
    on one screen nobody is "White (White)"."""
    page = new_page(*SIZES["desktop"])
    gid = create_by_form(page, server, "quoridor", {}, ["person", 1], preset="2")
    seats = page.inner_text("#seats")
    assert "South (Ann)" in seats and "North (computer 1)" in seats
    assert "Black" not in seats and "White" not in seats
    page.click("#resign-btn")
    page.wait_for_selector("#outcome:not([hidden])")
    outcome = page.inner_text("#outcome-text")
    assert "North" in outcome and "Black" not in outcome and "White" not in outcome
    assert api_view(server, gid)["seats"][1]["side"] == "North"

    create_by_form(
        page, server, "abalone", {}, ["person", "person", "person"], one_screen=True, preset="3"
    )
    names = page.locator("#seats .seat-name").all_inner_texts()
    assert [n.replace("(you)", "").strip() for n in names] == ["Black", "White", "Yellow"]


def test_the_form_remembers_the_last_choices(new_page: Any, server: str) -> None:
    page = new_page(*SIZES["phone"])
    page.goto(server + "/")
    page.wait_for_selector("#game-oust")
    page.check("#clock-5-3")
    create_by_form(page, server, "oust", {}, ["person", 4], preset="hex-5")
    page.goto(server + "/")
    page.wait_for_selector("#game-oust:checked")
    for selector in ("#preset-hex-5", "#opponent-computer", "#clock-5-3"):
        assert page.is_checked(selector), selector
    assert page.input_value("#level") == "4"
    assert page.input_value("#your-name") == "Ann"

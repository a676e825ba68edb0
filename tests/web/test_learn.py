"""The lessons in a real browser (decision record 0109): every lesson's solution, played by
clicking the board as on the game page, reaches the goal with three stars (one page, the
lessons in sequence); a wrong move gets the lesson's feedback, in the page's language; the
last lesson offers a game against the computer at level 1; the stars stay in the browser."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.play.lessons import Lesson, course, courses, play
from tabletop.server.positions import position_view
from tests.web.play import click_point, click_wall

ABALONE_CLICKS = """async ([view, move]) => {
  const m = await import('/static/js/abalone-moves.js');
  const b = view.board;
  const moves = m.describeMoves(b.cells, b.marbles, view.to_move, view.legal);
  const found = moves.find((x) => x.text === move);
  const ends = [found.group[0], found.group.at(-1)];
  const selection = found.kind === 'inline' ? [found.group[0]] : ends;
  for (const cell of found.targets) {
    const made = m.click(moves, selection, cell, b.marbles, view.to_move).move;
    if (made === move) return [...selection, cell];
  }
  return null;
}"""


def click_move(page: Any, view: dict[str, Any], move: str) -> None:
    """Make ``move`` as a player does: a point, a pawn's square, a wall's groove, Abalone's
    marbles and the cell they go to, or the Pass button."""
    kind = view["board"]["kind"]
    if move == "pass":
        page.click("#pass-btn")
    elif kind == "quoridor" and move[-1] in "hv":
        click_wall(page, move)
    elif kind == "abalone":
        cells = page.evaluate(ABALONE_CLICKS, [view, move])
        assert cells, f"no clicks make {move}"
        for cell in cells:
            click_point(page, cell)
    else:
        click_point(page, move.lower())


def open_lesson(page: Any, base: str, game: str, lesson: Lesson, lang: str = "en") -> None:
    page.goto(f"{base}/learn/{game}?lang={lang}#{lesson.id}")
    page.wait_for_selector(f'body[data-ready="true"][data-lesson="{lesson.id}"]')


def play_solution(page: Any, lesson: Lesson) -> None:
    """Click the lesson's solution, waiting for each answer of the server."""
    moves: list[str] = []
    view = position_view(lesson.start())
    for move in lesson.solution:
        click_move(page, view, move)
        turn = play(lesson, moves, move)
        moves = turn.as_dict()["moves"]
        view = position_view(turn.state)
        page.wait_for_selector(f'body[data-moves="{len(moves)}"][data-busy="false"]')
    page.wait_for_selector('body[data-result="reached"]')


@pytest.mark.parametrize("game", [c.game for c in courses()])
def test_every_lessons_solution_by_clicking_reaches_the_goal(
    page: Any, server: str, game: str
) -> None:
    lessons = course(game).lessons
    open_lesson(page, server, game, lessons[0])
    for number, lesson in enumerate(lessons):
        if number:
            page.click("#next-btn")
            page.wait_for_selector(f'body[data-lesson="{lesson.id}"][data-result="start"]')
        play_solution(page, lesson)
        assert page.locator("#lesson-done").is_visible()
        assert page.text_content("#done-stars") == "★★★", lesson.id
        assert page.text_content("#lesson-feedback") == lesson.texts["success"]
    # The last lesson invites a game against the computer; the list shows every star.
    assert page.locator("#play-btn").is_visible() and not page.locator("#next-btn").is_visible()
    stars = page.eval_on_selector_all(
        "#lesson-list .stars", "nodes => nodes.map(n => n.textContent)"
    )
    assert stars == ["★★★"] * len(lessons)
    page.goto(f"{server}/learn?lang=en")
    page.wait_for_function("() => document.querySelector('.learn-progress').textContent !== ''")
    done = page.text_content(f'.learn-progress[data-game="{game}"]')
    assert done == f"{len(lessons)} of {len(lessons)} lessons done"


@pytest.mark.parametrize(
    ("lang", "feedback"),
    [
        ("en", "That point is not next to the white stone."),
        ("tr", "Bu nokta beyaz taşın yanında değil."),
        ("de", "Dieser Punkt liegt nicht neben dem weißen Stein."),
        ("nl", "Dat punt ligt niet naast de witte steen."),
    ],
)
def test_a_wrong_move_gets_the_lessons_feedback(
    page: Any, server: str, lang: str, feedback: str
) -> None:
    lesson = course("go").lesson("liberties")
    open_lesson(page, server, "go", lesson, lang)
    if lang != "en":  # the lesson's own words are translated, first paint and script alike
        for selector, key in [("#lesson-title", "title"), ("#lesson-goal", "goal")]:
            shown = page.text_content(selector)
            assert shown and shown != lesson.texts[key], (selector, shown)
        assert page.text_content("#show-btn") != "Show me"
    click_point(page, "a1")
    page.wait_for_selector('body[data-result="wrong"]')
    assert feedback in page.text_content("#lesson-feedback")
    assert page.get_attribute("body", "data-moves") == "0"  # the move was taken back
    # Then the right move still earns stars (two: one mistake).
    click_point(page, "e4")
    page.wait_for_selector('body[data-result="reached"]')
    assert page.text_content("#done-stars") == "★★☆"


def test_show_me_plays_the_solution_without_stars(page: Any, server: str) -> None:
    lesson = course("quoridor").lesson("jump")
    open_lesson(page, server, "quoridor", lesson)
    page.click("#show-btn")
    page.wait_for_selector('body[data-result="reached"]')
    assert page.locator("#lesson-done").is_hidden()
    assert page.evaluate("() => localStorage.getItem('tabletop.learn.quoridor')") is None


def test_the_last_lesson_creates_a_game_against_the_computer(page: Any, server: str) -> None:
    lessons = course("abalone").lessons
    open_lesson(page, server, "abalone", lessons[-1])
    play_solution(page, lessons[-1])
    page.click("#play-btn")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#seats li")
    assert (
        "computer" in page.text_content("#seats").lower() or page.locator("#seats li").count() == 2
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_lesson_pages_are_accessible(
    new_page: Any, server: str, width: int, height: int
) -> None:
    from tests.web.axe import assert_accessible

    page = new_page(width, height)
    page.goto(f"{server}/learn?lang=de")
    page.wait_for_selector(".learn-game")
    assert_accessible(page, "/learn")
    lesson = course("oust").lesson("capture")
    open_lesson(page, server, "oust", lesson, "nl")
    assert_accessible(page, "/learn/oust")
    play_solution(page, lesson)
    assert_accessible(page, "/learn/oust after the goal")

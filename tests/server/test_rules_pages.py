"""``/rules`` and ``/rules/{game}`` (server/routes/rules.py): every page answers in every
language, rendered in it (no English text of the rules domain left in tr, de or nl), with
each diagram's position and view for the page's script; an unknown game is a clear 404."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop import rules
from tabletop.i18n import LANGUAGES
from tabletop.server.app import WEB_DIR, create_app
from tests.server.conftest import UNLIMITED


@pytest.fixture
def web(tmp_path: Path, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    """A server with the browser app installed (the pages need its templates)."""
    app = create_app(str(tmp_path / "g.db"), executor=executor, web_dir=WEB_DIR, limits=UNLIMITED)
    with TestClient(app) as client:
        yield client


def _english(game: str | None) -> list[str]:
    """The rules domain's English texts a page shows (long enough to be unmistakable)."""
    data = [rules.load(game)] if game else [rules.load(g) for g in rules.games()]
    texts = [t for d in data for t in rules.texts(d)] + rules.texts(rules.page_words())
    return [t for t in texts if len(t) > 12 and "{" not in t]


def _visible_text(page: str) -> str:
    page = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [*rules.games(), None])
def test_every_rules_page_answers_in_every_language(
    web: TestClient, game: str | None, lang: str
) -> None:
    answer = web.get(f"/rules/{game}" if game else "/rules", params={"lang": lang})
    assert answer.status_code == 200, answer.text[:300]
    assert f'<html lang="{lang}">' in answer.text
    shown = _visible_text(answer.text)
    english = [t for t in _english(game) if t in shown]
    if lang == "en":
        assert english, "the English page shows its texts"
    else:
        assert not english, f"{lang}: English left on the page: {english[:3]}"


def test_the_page_carries_each_diagram_with_its_view(web: TestClient) -> None:
    """Each figure holds its diagram as JSON in an attribute (no inline script: the CSP)."""
    for game in rules.games():
        page = web.get(f"/rules/{game}").text
        assert "<script>" not in page and 'type="application/json"' not in page
        found = re.findall(
            r'<figure class="rules-diagram" id="([^"]+)" data-diagram="([^"]*)"', page
        )
        assert len(found) == len(rules.diagrams(game))
        for (figure, data), diagram in zip(found, rules.diagrams(game), strict=True):
            shown = json.loads(html.unescape(data))
            assert figure.startswith(f"{game}-")
            assert shown["view"]["board"]["kind"] == game
            assert shown["position"] == rules.position_of(game, diagram)
            assert shown["try"] == bool(diagram.get("try"))


def test_the_index_links_every_game(web: TestClient) -> None:
    page = web.get("/rules", params={"lang": "en"}).text
    for game in rules.games():
        assert f'href="/rules/{game}"' in page


def test_an_unknown_game_is_a_clear_404(web: TestClient) -> None:
    answer = web.get("/rules/chess")
    assert answer.status_code == 404
    assert answer.json()["error"] == "not-found"
    assert "chess" in answer.json()["message"] and "go" in answer.json()["message"]
    assert web.get("/rules/chess", headers={"accept": "text/html"}).status_code == 404

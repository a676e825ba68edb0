"""The pages in Turkish, German and Dutch show no English (issue 10), and the language
picker switches and is remembered.

How "no English" is checked, so that it means something and does not flake:
- the words: every text node of the page (hidden ones excepted), every aria-label,
  placeholder and title, and the tab title, once the page's module has drawn it;
- the English: the catalog's msgids whose translation differs from them; a message of one
  word is English only as a whole text ("Pass"), a longer one also inside a text (its
  fixed parts between placeholders, of two words or more, that the translation lacks);
- the check is checked: the same detector finds English on the English page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tabletop.i18n.tools import po_path, read
from tests.web.games import against_computer, replayed
from tests.web.server import call

LANGUAGES = ("tr", "de", "nl")

VISIBLE_TEXTS = """() => {
  const out = [document.title];
  const hidden = (el) => el.closest("[hidden], script, style, template");
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (text && node.parentElement && !hidden(node.parentElement)) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    if (hidden(el)) continue;
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = (el.getAttribute(name) || "").trim();
      if (value) out.push(value);
    }
  }
  return out;
}"""

PLACEHOLDER = re.compile(r"\{\w+\}")


def english_of(language: str) -> tuple[set[str], set[str]]:
    """The English the page in ``language`` must not show: (whole texts, fragments)."""
    wholes: set[str] = set()
    fragments: set[str] = set()
    for message in read(po_path("tabletop", language), language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        translated = " ".join(strings)
        for english in ids:
            if english in strings:
                continue  # the same word in both languages ("Komi", "Team")
            if not PLACEHOLDER.search(english):
                wholes.add(english.strip())
            for part in PLACEHOLDER.split(english):
                part = part.strip(" .,:;–-()")
                if len(re.findall(r"[A-Za-z]{2,}", part)) >= 2 and part not in translated:
                    fragments.add(part)
    return wholes, fragments


def english_shown(page: Any, language: str) -> list[str]:
    wholes, fragments = english_of(language)
    found = []
    for text in page.evaluate(VISIBLE_TEXTS):
        if text in wholes:
            found.append(text)
        found += [f"{part!r} in {text!r}" for part in fragments if part in text]
    return sorted(set(found))


def open_home(page: Any, base: str, language: str) -> None:
    page.goto(f"{base}/?lang={language}")
    page.wait_for_selector("#game-choice input")
    page.wait_for_selector("#level")
    page.wait_for_function("!document.querySelector('#lobby li')?.textContent.endsWith('…')")


def open_game(page: Any, base: str, language: str) -> None:
    gid, token = against_computer(base, "go", {"size": 9})
    page.goto(f"{base}/game/{gid}?token={token}&lang={language}")
    page.wait_for_selector("#seats li")
    page.wait_for_selector("#board.interactive")


def finish_game(page: Any) -> None:
    page.click("#resign-btn")  # the confirm dialog is accepted by new_page
    page.wait_for_selector("#outcome:not([hidden])")
    page.wait_for_selector("#rematch button")


def open_replay(page: Any, base: str, language: str) -> None:
    page.goto(f"{base}/replay/{replayed(base, 'go')}?lang={language}")
    page.wait_for_selector("#moves li")
    page.wait_for_function("document.querySelector('#position').textContent !== ''")


def test_the_detector_finds_the_english_of_an_english_page(new_page: Any, server: str) -> None:
    page = new_page()
    open_home(page, server, "en")
    shown = english_shown(page, "de")
    assert "New game" in shown and "Create game" in shown
    assert any("The computer" in s for s in shown), shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_shows_no_english(new_page: Any, server: str, language: str) -> None:
    page = new_page()
    open_home(page, server, language)
    assert page.get_attribute("html", "lang") == language
    assert english_shown(page, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_page_shows_no_english_in_play_or_at_the_end(
    new_page: Any, server: str, language: str
) -> None:
    page = new_page()
    open_game(page, server, language)
    assert english_shown(page, language) == []
    finish_game(page)
    assert english_shown(page, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_page_shows_no_english(new_page: Any, server: str, language: str) -> None:
    page = new_page()
    open_replay(page, server, language)
    assert english_shown(page, language) == []
    page.click("#first")
    page.wait_for_function("document.querySelector('#first').disabled")
    assert english_shown(page, language) == []


def test_the_picker_switches_and_is_remembered(new_page: Any, server: str) -> None:
    page = new_page()
    page.goto(f"{server}/")
    assert page.get_attribute("html", "lang") == "en"
    page.click("#lang-picker a[hreflang='de']")
    page.wait_for_selector("html[lang='de']")
    assert page.inner_text("#create-btn") == "Spiel erstellen"
    page.goto(f"{server}/replay/{replayed(server, 'go')}")  # no ?lang: the stored choice
    assert page.get_attribute("html", "lang") == "de"
    assert page.get_attribute("#lang-picker a[aria-current]", "hreflang") == "de"
    page.click("#lang-picker a[hreflang='en']")
    page.wait_for_selector("html[lang='en']")
    page.goto(f"{server}/")
    assert page.get_attribute("html", "lang") == "en"


#: A Go record with a pass (SGF's empty move).
PASS_RECORD = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[];B[cc])"
PASS_WORDS = {"en": "Pass", "tr": "Pas", "de": "Passen", "nl": "Passen"}


def test_a_pass_reads_in_the_page_language(new_page: Any, server: str) -> None:
    # The notation "pass" is the record's; the move list says it in the player's words.
    status, answer = call(f"{server}/api/records", "POST", {"format": "sgf", "text": PASS_RECORD})
    assert status == 201, answer
    page = new_page()
    for language, word in PASS_WORDS.items():
        page.goto(f"{server}/replay/{answer['id']}?lang={language}")
        page.wait_for_selector("#moves li")
        moves = page.locator("#moves .move-text").all_text_contents()
        assert moves == ["E5", word, "C7"], (language, moves)
        assert page.get_attribute("#moves li:nth-child(2)", "title").endswith(f": {word}")

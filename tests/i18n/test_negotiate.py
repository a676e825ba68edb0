"""The language of a page: ?lang=, then the cookie, then Accept-Language, then English."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from tabletop.i18n import negotiate
from tabletop.i18n.negotiate import accepted, pick


def request(query: str = "", cookie: str = "", accept: str = "") -> Request:
    headers = []
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    if accept:
        headers.append((b"accept-language", accept.encode()))
    scope = {"type": "http", "path": "/", "query_string": query.encode(), "headers": headers}
    return Request(scope)


def test_english_without_any_sign() -> None:
    assert negotiate(request()) == "en"


def test_the_query_comes_first() -> None:
    assert negotiate(request("lang=tr", "lang=de", "nl")) == "tr"


def test_then_the_stored_choice() -> None:
    assert negotiate(request("", "lang=de", "nl,tr")) == "de"


def test_then_accept_language_by_quality() -> None:
    assert negotiate(request(accept="fr-FR,fr;q=0.9,nl;q=0.5,de;q=0.8")) == "de"
    assert negotiate(request(accept="de-AT")) == "de"


@pytest.mark.parametrize("bad", ["xx", "", "../../etc", "tr" * 40, "<script>", "e n"])
def test_bad_values_are_ignored(bad: str) -> None:
    assert negotiate(request(f"lang={bad}", f"lang={bad}", "nl")) == "nl"
    assert negotiate(request(accept=f"{bad},tr;q=0.1")) == "tr"


def test_accept_language_skips_refused_and_malformed_entries() -> None:
    assert accepted("tr;q=0, de;q=abc, nl;q=0.3, *") == ["nl"]
    assert accepted(None) == []


def test_pick_reads_region_and_case() -> None:
    assert pick("NL-be") == "nl"
    assert pick("tr_TR") == "tr"
    assert pick("fr") is None

"""Fixtures of the browser tests: Chromium via Playwright, a static file server."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from tabletop.web import WEB_DIR
from tests.web.browser import INSTALL_HINT, LAUNCH_ARGS, chromium_path
from tests.web.server import start_server

playwright_sync = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


#: How long a step may wait for the page (Playwright's default timeout). A guard
#: against a hung test, not a speed target: on two busy cores a Go count or a page
#: of axe checks has taken over 20 s.
PATIENCE_MS = 60_000


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One headless Chromium per test worker while it runs tests/web's tests.

    Package scope, not session: Playwright's sync API keeps an event loop running in the
    worker's thread while it is open, and then any ``asyncio.run`` fails ("cannot be
    called from a running event loop"). A worker that steals other tests after browser
    tests (``--dist worksteal``) closes it first, and opens a new one if it comes back."""
    path = chromium_path()
    if path is None:
        pytest.skip(INSTALL_HINT)
    with playwright_sync.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, headless=True, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context and page; JS errors on the page fail the test, and so do
    axe violations on the page as the test leaves it."""
    context = browser.new_context(viewport={"width": 1100, "height": 900}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(PATIENCE_MS)
    yield page
    check_accessible([page], request)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


#: The package that runs axe-core in the page (tests/web/axe.py).
AXE = "axe_playwright_python"


def check_accessible(pages: list[Any], request: pytest.FixtureRequest) -> None:
    """axe on every page a passed test leaves open (its last state; tests check the
    states on the way themselves where they matter). Skipped when axe is not installed."""
    report = getattr(request.node, "rep_call", None)
    if report is None or not report.passed or importlib.util.find_spec(AXE) is None:
        return
    from tests.web.axe import assert_accessible

    for page in pages:
        if not page.is_closed() and page.url.startswith("http"):
            assert_accessible(page, f"{page.url}, as the test left it")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test, for fixtures to see how the test went."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


HARNESS = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/style.css"><title>board harness</title></head>
<body><main><h1 class="sr-only">board harness</h1>
<svg id="board" class="board interactive" width="600" height="600"></svg></main></body></html>"""


class _StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the web directory under /static/ (as the game server does), quietly."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
    }

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/":
            body = HARNESS.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if path.startswith("/static/"):
            path = path[len("/static") :]
        elif path != "/":
            path = "/__missing__"
        return super().translate_path(path)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def static_url() -> Iterator[str]:
    """Base URL of a plain HTTP server for the web files (no game server needed)."""
    handler = functools.partial(_StaticHandler, directory=str(WEB_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a real `tabletop serve` with a fresh database (one per test worker)."""
    if importlib.util.find_spec("tabletop.server") is None:
        pytest.skip("the game server (tabletop.server) is not in this tree")
    where = tmp_path_factory.mktemp("serve")
    process, url = start_server(where / "games.sqlite", where / "serve.log")
    yield url
    process.terminate()
    try:
        process.wait(timeout=10)
    except Exception:
        process.kill()
        raise


@pytest.fixture
def new_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Make more pages, each in its own browser context (a separate player), ``width`` by
    ``height`` px, with more context options as keywords (``color_scheme``, ``has_touch``,
    ...). JS errors on any of them fail the test, and so do axe violations on each page
    as the test leaves it."""
    contexts: list[Any] = []
    pages: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1100, height: int = 900, **options: Any) -> Any:
        # bypass_csp: Playwright's wait_for_function evaluates its predicate text in the page,
        # which the server's policy forbids; test_csp.py drives the app under the policy.
        settings = {"viewport": {"width": width, "height": height}, "bypass_csp": True}
        context = browser.new_context(**{**settings, **options})
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        page.set_default_timeout(PATIENCE_MS)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda dialog: dialog.accept())
        return page

    yield make
    check_accessible(pages, request)
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"

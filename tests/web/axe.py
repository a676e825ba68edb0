"""axe-core run inside the page (the axe-playwright-python package bundles it)."""

from __future__ import annotations

from typing import Any

import pytest

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
)


#: The test-only pseudo-language (?lang=qps): a private-use tag no screen reader knows,
#: so axe's check of <html lang> does not apply to it; every other rule does.
PSEUDO_LANGUAGE = "qps"


def assert_accessible(page: Any, where: str = "") -> None:
    """No axe violations on the page as it is now (WCAG 2.x A and AA and best practices)."""
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if page.evaluate("document.documentElement.lang") == PSEUDO_LANGUAGE:
        options["rules"] = {"html-lang-valid": {"enabled": False}}
    results = axe_sync.Axe().run(page, options=options)
    assert results.violations_count == 0, f"{where or page.url}: {results.generate_report()}"

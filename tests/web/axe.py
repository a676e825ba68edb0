"""axe-core run inside the page (the axe-playwright-python package bundles it)."""

from __future__ import annotations

from typing import Any

import pytest

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
)


def assert_accessible(page: Any, where: str = "") -> None:
    """No axe violations on the page as it is now (WCAG 2.x A and AA and best practices)."""
    results = axe_sync.Axe().run(page)
    assert results.violations_count == 0, f"{where or page.url}: {results.generate_report()}"

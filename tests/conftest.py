"""Settings every test shares."""

from __future__ import annotations

import pytest
from hypothesis import settings

# No per-example deadline: hypothesis's default (200 ms) is a timing threshold,
# and CI machines are shared and noisy; an example that is slow is still right.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")

#: Folders whose tests drive a browser, start server processes or play whole games: run
#: first. The two workers share the tests out and steal from each other's queue once
#: their own is empty, so what decides the suite's end is how long its last tests are:
#: with these at the end (their alphabetical place), one worker finished a 20-30 s test
#: while the other idled (docs/benchmarks.md, "The test suite's time").
LONG_FIRST = ("tests/web/", "tests/server/", "tests/bench/", "tests/review/")


def _rank(item: pytest.Item) -> int:
    """The place of the item's folder in LONG_FIRST; the other tests after them."""
    return next((i for i, p in enumerate(LONG_FIRST) if item.nodeid.startswith(p)), len(LONG_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the long folders' tests to the front, in LONG_FIRST's order, keeping the order
    within each folder."""
    items.sort(key=_rank)

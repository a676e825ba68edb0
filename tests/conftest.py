"""Settings every test shares."""

from __future__ import annotations

import pytest
from hypothesis import settings

# No per-example deadline: hypothesis's default (200 ms) is a timing threshold,
# and CI machines are shared and noisy; an example that is slow is still right.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked ``slow`` first. pytest-xdist hands out the tests in this order
    and the idle workers take the others' last ones, so a long test that comes late is
    run alone while the other workers wait at the end; first, it is run beside the many
    short ones (decision 0199). The order is the same in every worker, as xdist needs."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)

"""Settings every test shares."""

from __future__ import annotations

from hypothesis import settings

# No per-example deadline: hypothesis's default (200 ms) is a timing threshold,
# and CI machines are shared and noisy; an example that is slow is still right.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")

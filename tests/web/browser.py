"""Launching Debian's Chromium through Playwright for the browser tests.

Playwright's own browser download needs internet access we do not have, so the
tests drive the distribution's ``chromium`` (``apt-get install -y chromium``;
``make test`` installs it through ``.ci/ensure-chromium`` when run as root).
"""

from __future__ import annotations

import shutil
from pathlib import Path

INSTALL_HINT = "Debian's chromium is missing: install it with `apt-get install -y chromium`"


def chromium_path() -> str | None:
    """The Chromium binary to drive, or None when it is not installed."""
    candidates = ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    return None


# Root cannot use Chromium's sandbox; the others keep it quiet and small in a container.
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]

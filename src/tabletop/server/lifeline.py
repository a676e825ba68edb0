"""Pool workers die with the server (decision record 0071).

A server killed with SIGKILL cannot stop its worker processes: a worker deep in a
level-10 search, and the multiprocessing resource tracker that lives as long as any
worker holds its pipe, went on for a minute or more. Each worker therefore watches
its parent from a daemon thread and exits as soon as the parent is gone (the worker
is then re-parented, so ``os.getppid()`` changes). Polling is used rather than
Linux's ``PR_SET_PDEATHSIG`` because that signal follows the *thread* that started
the worker, and works on every platform.
"""

from __future__ import annotations

import os
import threading
import time

#: Seconds between two looks at the parent.
INTERVAL = 0.5


def die_with_parent(parent: int) -> None:
    """Worker initializer: exit this process once ``parent`` (the server's pid) is gone."""
    if os.getppid() != parent:  # the server died while this worker was starting
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="lifeline", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(INTERVAL)
    # No clean-up to wait for: the work in hand belonged to the server that is gone.
    os._exit(1)

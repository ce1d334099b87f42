"""The processes a test's command started, read from Linux's ``/proc``."""

from __future__ import annotations

import time
from pathlib import Path


def children(pid: int, nested: bool = False) -> list[int]:
    """The child processes of ``pid`` (and theirs, with ``nested``)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        direct = [int(c) for c in path.read_text().split()]
    except OSError:  # gone
        return []
    return direct + [d for c in direct for d in children(c, True)] if nested else direct


def running(pids: list[int]) -> list[int]:
    """Those of ``pids`` that still run (not gone, not a zombie waiting for its parent)."""
    alive = []
    for pid in pids:
        try:
            if "zombie" not in Path(f"/proc/{pid}/status").read_text():
                alive.append(pid)
        except OSError:  # gone meanwhile
            pass
    return alive


def wait_gone(pids: list[int], seconds: float) -> list[int]:
    """Wait up to ``seconds`` for every one of ``pids`` to end; those still running then."""
    deadline = time.monotonic() + seconds
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running(pids)

"""Serve the Ticket to Ride app in a subprocess and drive it with headless Chromium.

Fixtures for every browser test: ``page_guard`` (no console error, no request to
another host: see guard.py) and ``lab`` (one JupyterLab per test module on a
temporary copy of the notebooks: see jlab.py).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from guard import PageGuard
from jlab import LabServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

#: The game the served app starts: reproduced in the tests to know which claims are legal.
SERVER_GAME = {"map": "usa", "seed": 3, "bots": "greedy-route", "rules": {"hand_size": 12}}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"CI must install Debian's chromium at {CHROMIUM} (see .ci/run)")
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS, "headless": True}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The repository (on the path of every server a test starts).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def launch(cmd, *, name: str, ready: str = "/liveness", port: int | None = None, cwd=None, deadline: float = 120,
           env: dict | None = None) -> subprocess.Popen:
    """Start a server (``cmd``: its arguments, ``{port}`` filled in) and wait until ``ready``
    answers on 127.0.0.1; the process carries ``.url`` and ``.log_path`` (stop it with
    :func:`stop_server`). Its output goes to a file, never a pipe (an unread pipe fills up
    and blocks the server). ``BOKEH_RESOURCES`` is left out of its environment: any value
    but ``server`` makes Panel fetch its style sheets from its CDN."""
    port = port or free_port()
    full = {k: v for k, v in os.environ.items() if k != "BOKEH_RESOURCES"}
    full.update(PANEL_INLINE="1", PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    full.update(env or {})
    log = tempfile.NamedTemporaryFile(prefix=f"railkit-{name}-", suffix=".log", delete=False)
    proc = subprocess.Popen([str(c).replace("{port}", str(port)) for c in cmd], env=full, stdout=log,
                            stderr=subprocess.STDOUT, cwd=cwd)
    proc.log_path = log.name
    proc.url = f"http://127.0.0.1:{port}"
    until = time.time() + deadline
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} died: " + open(proc.log_path).read()[-2000:])
        try:
            urllib.request.urlopen(proc.url + ready, timeout=1)
            return proc
        except OSError:
            if time.time() > until:
                stop_server(proc)
                raise RuntimeError(f"{name} did not answer on {ready}") from None
            time.sleep(0.2)


def start_server(extra: list[str] | None = None):
    """The served Ticket to Ride app (SERVER_GAME), as ``(process, url)``."""
    proc = launch([sys.executable, "-m", "railkit.viz.shell.serve", "ticket-to-ride", "--port", "{port}",
                   "--map", SERVER_GAME["map"],
                   "--seed", str(SERVER_GAME["seed"]), "--bots", SERVER_GAME["bots"], "--bot-delay", "0.15",
                   "--rules", json.dumps(SERVER_GAME["rules"])] + (extra or []), name="serve")
    return proc, proc.url


@pytest.fixture(scope="module")
def server():
    proc, url = start_server()
    yield url
    stop_server(proc)


def stop_server(proc) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    os.unlink(proc.log_path)


@pytest.fixture
def page_guard(page):
    """A :class:`guard.PageGuard` on ``page``: the test fails at its end on any console error,
    page error or request to a host other than this machine."""
    guard = PageGuard(page)
    yield guard
    guard.check()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server (one per test module) on a temporary copy of notebooks/ and maps/."""
    server = LabServer(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture
def shots(tmp_path) -> Path:
    """The folder for a test's screenshots: ``$RAILKIT_SCREENSHOTS``, else the test's temporary folder."""
    out = Path(os.environ.get("RAILKIT_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out

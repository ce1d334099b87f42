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


def start_server(extra: list[str] | None = None):
    port = free_port()
    cmd = [sys.executable, "-m", "railkit.viz.app", "--port", str(port), "--map", SERVER_GAME["map"],
           "--seed", str(SERVER_GAME["seed"]), "--bots", SERVER_GAME["bots"], "--bot-delay", "0.15",
           "--rules", json.dumps(SERVER_GAME["rules"])] + (extra or [])
    env = dict(os.environ, PANEL_INLINE="1", BOKEH_RESOURCES="inline")
    log = tempfile.NamedTemporaryFile(prefix="railkit-serve-", suffix=".log", delete=False)
    # never a pipe: an unread pipe fills up and blocks the server
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    proc.log_path = log.name
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("server died: " + open(proc.log_path).read()[-2000:])
        try:
            urllib.request.urlopen(url + "/liveness", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("server did not answer on /liveness")


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

"""No serious or critical accessibility violation on any served page (marker ``browser``).

axe-core (``axe-playwright-python``, which ships ``axe.min.js``: nothing is fetched) checks
each page at 1280x720 once it is drawn and idle: the three games, the lobby, a spectator's
page, the hot-seat curtain and the seat behind it, and the graph lab. A failure lists each
rule, its impact and the elements.
"""

from __future__ import annotations

import os
import sys
import tempfile

import pytest
from guard import PageGuard
from helpers import make_table, wait_text

from conftest import launch, stop_server

TIMEOUT = 120_000  # generous: every wait is for a condition, and a loaded machine is slow
BLOCKING = ("serious", "critical")

#: served page -> (the command's arguments after ``railkit serve``, what the page shows once drawn)
SERVERS = {
    "ticket-to-ride": (["ticket-to-ride", "--map", "teaching-small"], "Choose a move"),
    "steam-rollers": (["steam-rollers"], "Choose a move"),
    "station-master": (["station-master"], "Choose a move"),
    "lobby": (["ticket-to-ride", "--seats", "2", "--map", "teaching-small"], "Make table"),
    "hotseat": (["station-master", "--seats", "2", "--hotseat"], "Pass to"),
    "graph-lab": (["graph-lab"], None),
}

#: the page is drawn and BokehJS has nothing left to do
IDLE = "() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents.every((d) => d.is_idle)"


def axe():
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("CI must install axe-playwright-python (the test extra)")
        pytest.skip("axe-playwright-python is not installed (pip install -e '.[test]')")
    return Axe()


@pytest.fixture(scope="module", params=sorted(SERVERS))
def served(request):
    args, _ = SERVERS[request.param]
    state = ["--state-dir", tempfile.mkdtemp(prefix="railkit-a11y-")] if "--hotseat" not in args else []
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", *args, "--port", "{port}", "--seed", "3", *state]
                  if args != ["graph-lab"] else
                  [sys.executable, "-m", "railkit.cli", "serve", "graph-lab", "--port", "{port}", *state],
                  name=f"a11y-{request.param}")
    proc.kind = request.param
    yield proc
    stop_server(proc)


def blocking(page) -> list[dict]:
    """axe-core's serious and critical violations on ``page``."""
    found = axe().run(page).response["violations"]
    return [v for v in found if v["impact"] in BLOCKING]


def report(violations: list[dict]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(
        f"    {n['target']}: {n['html'][:160]}" for n in v["nodes"][:5]) for v in violations)


def open_page(page, url: str, text: str | None) -> None:
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(url)
    if text:
        wait_text(page, text, TIMEOUT)
    page.wait_for_function(IDLE, timeout=TIMEOUT)


def test_every_served_page_has_no_serious_or_critical_violation(page, served):
    guard = PageGuard(page)  # no request leaves this machine, axe included
    kind = served.kind
    pages = {}
    if kind == "lobby":
        open_page(page, served.url + "/", "Make table")
        pages["lobby"] = blocking(page)
        make_table(page, served.url, "a11y")
        pages["lobby with a table"] = blocking(page)
        open_page(page, served.url + "/?table=a11y", "watching")  # a spectator
        pages["spectator"] = blocking(page)
    elif kind == "hotseat":
        open_page(page, served.url + "/", "Pass to")
        pages["hot-seat curtain"] = blocking(page)
        page.get_by_role("button", name="I am Player 1").click()
        wait_text(page, "Choose a move", TIMEOUT)
        page.wait_for_function(IDLE, timeout=TIMEOUT)
        pages["hot-seat seat"] = blocking(page)
    else:
        open_page(page, served.url + "/", SERVERS[kind][1])
        pages[kind] = blocking(page)
    guard.check()
    bad = {name: found for name, found in pages.items() if found}
    assert not bad, "\n".join(f"{name}:\n{report(found)}" for name, found in bad.items())

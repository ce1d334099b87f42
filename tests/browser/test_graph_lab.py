"""The served graph lab in headless Chromium: stepping changes what the board draws, a
prediction clicked on the board is graded, no console errors, nothing fetched from
anywhere but 127.0.0.1."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import free_port, launch, stop_server
from railkit.graphs import quiz
from railkit.viz.algoplayer import scenario

TIMEOUT = 60_000
SHOT = Path(tempfile.gettempdir()) / "railkit-graph-lab.png"

#: the states of the player's cities and routes, as BokehJS has them
STATES = """() => { for (const d of Bokeh.documents) { const n = d.get_model_by_name('algo_board_nodes');
  const e = d.get_model_by_name('algo_board_edges');
  if (n && e) return [Array.from(n.data.state), Array.from(e.data.state)]; } return null; }"""
#: pixel position on the page of city ``name`` on the player's board
NODE_XY = """(name) => { for (const d of Bokeh.documents) { const n = d.get_model_by_name('algo_board_nodes');
  if (!n) continue; const i = n.data.name.indexOf(name);
  const view = Bokeh.index.get_one(d.get_model_by_name('algo_board')); if (!view) return null;
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(n.data.x[i]) + r.left, view.frame.y_scale.compute(n.data.y[i]) + r.top]; }
  return null; }"""
SHOWN = """() => !!(window.Bokeh && Bokeh.documents.some(d => { const b = d.get_model_by_name('algo_board');
  return b && Bokeh.index.get_one(b) && Bokeh.index.get_one(b).canvas_view; }))"""


@pytest.fixture(scope="module")
def lab_server():
    proc = launch([sys.executable, "-m", "railkit.viz.algoplayer", "--port", "{port}"], name="graph-lab")
    yield proc.url
    stop_server(proc)


def test_stepping_changes_the_board_and_predictions_are_graded(page, lab_server):
    errors: list[str] = []
    hosts: set[str] = set()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: hosts.add(host_of(r.url)))
    page.on("requestfailed", lambda r: errors.append("failed: " + r.url))
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(lab_server)
    page.wait_for_function(SHOWN)

    # the page's player: dijkstra on the USA map, seed 0 (the app's defaults)
    G, trace, _ = scenario("dijkstra", "usa", 0)
    names = [str(n) for n in G.nodes]
    edges = list(G.edges(keys=True))

    def expect_frame(i):
        nodes = [trace[i].nodes[n] for n in G.nodes]
        page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                               f"{json_str(nodes)}; }}")
        got_nodes, got_edges = page.evaluate(STATES)
        assert got_nodes == nodes
        assert got_edges == [trace[i].edges[e] for e in edges]

    expect_frame(0)
    step = page.locator(".step button")
    for i in (1, 2, 3):
        step.click()
        expect_frame(i)
    page.locator(".step-back button").click()
    expect_frame(2)
    # the narration and the highlighted pseudocode line follow the step
    page.get_by_text(f"Step 2 of {len(trace) - 1}:").wait_for()
    page.locator(".code-line.current").first.wait_for()

    # play runs by itself until paused
    page.locator(".play button").click()
    page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                           f"{json_str([trace[6].nodes[n] for n in G.nodes])}; }}")
    page.locator(".play button").click()
    page.get_by_role("button", name="▶ Play").wait_for()
    page.mouse.move(1, 1)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOT))

    # predict mode: click the city the algorithm expands next, on the canvas
    page.locator(".predict input").check()
    p = quiz.Predictor(trace)
    first = trace[p.decisions[0]].pick
    page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                           f"{json_str([trace[p.frame_index].nodes[n] for n in G.nodes])}; }}")
    page.mouse.move(1, 1)
    xy = page.evaluate(NODE_XY, str(first))
    page.mouse.click(*xy)
    page.get_by_text("Answered 1 of").wait_for()
    page.get_by_text("Right").first.wait_for()
    page.mouse.move(1, 1)
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-predict.png")), full_page=True)

    assert not errors, errors
    assert hosts <= {"127.0.0.1"}, hosts
    assert names  # the board had cities


def host_of(url: str) -> str:
    """The host a request goes to (a ``blob:`` URL is made by the page at its own origin;
    ``data:`` URLs go nowhere)."""
    if url.startswith("data:"):
        return "127.0.0.1"
    if url.startswith("blob:"):
        url = url[5:]
    return urllib.parse.urlparse(url).hostname or url


def json_str(value) -> str:
    import json

    return json.dumps(json.dumps(value, separators=(",", ":")))


# ----------------------------------------------------------------------------- in JupyterLab
ROOT = Path(__file__).resolve().parents[2]
JUPYTER = Path(sys.executable).with_name("jupyter")
NOTEBOOK = "56-graphs-teachers-guide.ipynb"
RUN_CELL = """async (i) => { const nb = window.jupyterapp.shell.currentWidget;
  nb.content.activeCellIndex = i; await window.jupyterapp.commands.execute('notebook:run-cell'); }"""
IDLE = "() => [...document.querySelectorAll('.jp-InputPrompt')].every(p => !p.textContent.includes('*'))"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    import shutil

    # a copy: JupyterLab's autosave must never write outputs into the repository
    root = tmp_path_factory.mktemp("lab")
    (root / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root / "notebooks")
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="railkit-lab-", suffix=".log", delete=False)
    cmd = [str(JUPYTER), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1", "--IdentityProvider.token=",
           "--ServerApp.password=", "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={root}",
           "--allow-root"]
    env = dict(os.environ, PANEL_INLINE="1", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    proc.log_path = log.name
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        if proc.poll() is not None:
            raise RuntimeError("jupyter lab did not start: " + Path(log.name).read_text()[-1500:])
        try:
            urllib.request.urlopen(url + "/api/status", timeout=1)
            break
        except OSError:
            if time.time() > deadline:
                stop_server(proc)
                raise RuntimeError("jupyter lab did not answer")
            time.sleep(0.2)
    yield url
    stop_server(proc)


def test_player_steps_in_jupyterlab(page, lab):
    """The teacher's guide ends with the whole lab: run it cell by cell, then Step must reach the page
    (a widget callback changes the board's data source; the kernel pushes it to the notebook).

    Every script comes from 127.0.0.1 (``pn.extension(inline=True)``). Panel 1.9 still links its own
    stylesheets (loading, theme) from its CDN inside JupyterLab, whatever the resource settings: those
    are the only requests allowed to leave, and the served page (above) makes none."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    outside: list[tuple[str, str]] = []
    page.on("request", lambda r: host_of(r.url) != "127.0.0.1" and outside.append((r.resource_type, r.url)))
    page.set_default_timeout(120_000)
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(lab + f"/lab/tree/notebooks/{NOTEBOOK}?reset")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-Notebook')")
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session")
    cells = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")
    for i in range(cells):
        page.evaluate(RUN_CELL, i)
        page.wait_for_function(IDLE)
    page.wait_for_function(SHOWN)
    G, trace, _ = scenario("dijkstra", "usa", 0)
    for i in (0, 1, 2):
        if i:
            page.locator(".step button").first.click()
        want = json_str([trace[i].nodes[n] for n in G.nodes])
        page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === {want}; }}")
    page.get_by_text(f"Step 2 of {len(trace) - 1}:").wait_for()
    page.mouse.move(1, 1)
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-jupyterlab.png")))
    assert not errors, errors
    assert all(kind == "stylesheet" and "/panel/" in url and url.endswith(".css") for kind, url in outside), outside

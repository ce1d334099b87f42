"""UI latency of the served Steam Rollers view, measured in headless Chromium.

For each build: draft a white die (its button), click a hex of its region and wait
until the placements allowed there are drawn beside the sheet; then click the first
placement and time, from the mouse button going down, until the sheet's track data
in the browser has the new track and the next frame has been painted (a task queued
from that frame's animation callback runs right after the paint). Undo (not timed)
and build again from the same position. Prints median and p95 over ``--builds``
builds (default 60). Target: p95 under 150 ms.

Run: ``.venv/bin/python benchmarks/ui_latency_steam.py [--builds 60]`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SEED = 4

XY = """([x, y]) => {
  const view = Bokeh.index.get_one(Bokeh.documents[0].get_model_by_name('sheet'));
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(x) + r.left, view.frame.y_scale.compute(y) + r.top];
}"""

ROWS = """(name) => { const s = Bokeh.documents[0].get_model_by_name(name); return s.data[Object.keys(s.data)[0]].length; }"""

ARM = """() => { window.__t0 = null;
  document.addEventListener('mousedown', () => { window.__t0 = performance.now(); }, {capture: true, once: true}); }"""

#: resolves with ms from mouse-down to the first frame painted with ``n`` tracks
PAINTED = """(n) => new Promise((resolve) => {
  const src = Bokeh.documents[0].get_model_by_name('sheet_tracks');
  const step = () => {
    if (src.data.hex.length === n) {
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__t0), 0));
    } else requestAnimationFrame(step);
  };
  step();
  setTimeout(() => resolve(-1), 20000);  // not painted within 20 s: counted as lost
})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--builds", type=int, default=60)
    p.add_argument("--verbose", action="store_true", help="print each build's time")
    a = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from railkit.games.steam_rollers.actions import Build
    from railkit.viz.sheet import centre
    from railkit.viz.steam import DIE_FACE
    from railkit.viz.table import Table

    game = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk").game
    die = game.dice[0]
    hexes = []
    for act in game.legal_actions():
        if isinstance(act, Build) and act.die == die and act.value is None and act.hex not in hexes:
            hexes.append(act.hex)
    port = free_port()
    env = dict(os.environ, PANEL_INLINE="1", PYTHONPATH=str(ROOT))
    env.pop("BOKEH_RESOURCES", None)
    log = tempfile.NamedTemporaryFile(prefix="railkit-steam-bench-", suffix=".log", delete=False)
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/browser/steam_serve.py"), str(port), "--seed", str(SEED)],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    times: list[float] = []
    lost = 0
    try:
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(url + "/liveness", timeout=1)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start: " + open(log.name).read()[-2000:])
                time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(url)
            page.wait_for_function("() => window.Bokeh && Bokeh.documents.length && "
                                   "Bokeh.documents[0].get_model_by_name('sheet_tracks')")
            die_button = page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first
            undo = page.get_by_role("button", name="Undo my last move")
            for i in range(a.builds):
                h = hexes[i % len(hexes)]
                die_button.click()
                # the die is drafted once the region is outlined (orange lines)
                page.wait_for_function("() => Bokeh.documents[0].get_model_by_name('sheet_hexes').data.line"
                                       ".some((c) => c === '#ff8f00')", timeout=30_000)
                page.mouse.move(1, 1)
                page.mouse.click(*page.evaluate(XY, list(centre(h))))
                page.wait_for_function(f"() => ({ROWS})('sheet_choices') > 0", timeout=30_000)
                cx = page.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_choices').data.x[0]")
                cy = page.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_choices').data.y[0]")
                xy = page.evaluate(XY, [cx, cy])
                page.evaluate(ARM)
                page.mouse.click(*xy)
                ms = page.evaluate(PAINTED, 1)
                if ms < 0:
                    lost += 1
                    page.screenshot(path=f"{tempfile.gettempdir()}/steam-bench-lost-{i}.png")
                    page.wait_for_function(f"() => ({ROWS})('sheet_tracks') === 1", timeout=60_000)
                else:
                    times.append(ms)
                if a.verbose:
                    print(f"build {i + 1}: {ms:.1f} ms", flush=True)
                undo.click()
                page.wait_for_function(f"() => ({ROWS})('sheet_tracks') === 0", timeout=30_000)
                page.wait_for_function("() => !Bokeh.documents[0].get_model_by_name('sheet_hexes').data.line"
                                       ".some((c) => c === '#ff8f00' || c === '#e65100')", timeout=30_000)
            browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        os.unlink(log.name)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    print(f"Steam Rollers, click on a placement -> sheet painted, {len(times)} builds: "
          f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
          f"(target p95 < 150 ms); builds not painted within 20 s: {lost}")
    print(f"machine load (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()

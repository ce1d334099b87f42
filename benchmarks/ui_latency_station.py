"""UI latency of the served Station Master view, measured in headless Chromium.

Each play is one of two kinds, in turn: a chip on a locomotive, or a carriage card on a train.
The chip (or card) button is clicked first (not timed: it only opens the choice); then the
train's button is clicked from inside the page (no reaction time: the app is timed, not the
test driver), and the time runs until the station shown has changed and that frame has been
painted (a task queued from the frame's animation callback runs right after the paint). Then
the move is undone (not timed) and the next play starts from the same position. The bots
wait (a very long bot delay), so every play is timed alone.

Prints median and p95 of "train click -> station painted" over ``--plays`` plays (default 60),
per kind and together.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/ui_latency_station.py [--plays 60]``
(needs /usr/bin/chromium).
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

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parent.parent

#: in the page: the text of the first element with class ``cls`` (through shadow roots)
TEXT_OF = """(cls) => {
  const text = (n) => { if (n.nodeType === 3) return n.textContent; let t = '';
    if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
  const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; } return null; };
  const el = find(document.body); return el ? text(el) : null;
}"""

#: click the button of train slot ``i`` and time until the station's text changed and was painted
TIMED_CLICK = """async (i) => {
  const textOf = (%s);
  const find = (n, cls) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r, cls); if (f) return f; } return null; };
  const host = find(document.body, 'train-slot-' + i);
  const btn = (host.shadowRoot || host).querySelector('button');
  const before = textOf('station');
  const t0 = performance.now();
  btn.click();
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  while (textOf('station') === before) {
    await frame();
    if (performance.now() - t0 > 10000) return null;
  }
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}""" % TEXT_OF


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values, q):
    xs = sorted(values)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--plays", type=int, default=60)
    a = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("BOKEH_RESOURCES", "PANEL_INLINE")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    log = tempfile.NamedTemporaryFile(prefix="railkit-station-bench-", suffix=".log", delete=False)
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "browser" / "station_serve.py"), "--port", str(port),
                             "--seed", "3", "--bot-delay", "100000"], env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(url + "/liveness", timeout=1)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError("server did not start: " + open(log.name).read()[-2000:]) from None
                time.sleep(0.2)
        times = {"chip": [], "card": []}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(url + "/app")
            page.wait_for_function("(f) => ((0, eval)(f))('prompt')?.includes('Your turn:')", arg=TEXT_OF)
            text_of = lambda cls: page.evaluate(TEXT_OF, cls) or ""  # noqa: E731
            for k in range(a.plays):
                kind = "chip" if k % 2 == 0 else "card"
                sel = ".chip-btn button:visible" if kind == "chip" else ".card-btn button:visible"
                buttons = page.locator(sel)
                buttons.nth(k // 2 % buttons.count()).click()
                targets = page.locator(".train-btn button:visible", has_text="here")
                targets.first.wait_for()
                slot = next(i for i in range(10)
                            if "here" in (page.locator(f".train-slot-{i} button").first.inner_text()
                                          if page.locator(f".train-slot-{i} button:visible").count() else ""))
                ms = page.evaluate(TIMED_CLICK, slot)
                if ms is None:
                    raise RuntimeError(f"play {k}: the station did not change within 10 s")
                times[kind].append(ms)
                page.wait_for_function("(f) => !((0, eval)(f))('prompt')?.includes('Your turn:')", arg=TEXT_OF)
                page.locator(".undo button").click()
                page.wait_for_function("(f) => ((0, eval)(f))('prompt')?.includes('Your turn:')", arg=TEXT_OF)
                assert "Took back" in text_of("message")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
        os.unlink(log.name)

    def show(name, xs):
        print(f"{name:<42} n={len(xs):>3}  median {statistics.median(xs):6.1f} ms  p95 {pct(xs, 95):6.1f} ms")

    show("chip on a locomotive -> station painted", times["chip"])
    show("carriage card on a train -> station painted", times["card"])
    show("either -> station painted", times["chip"] + times["card"])


if __name__ == "__main__":
    main()

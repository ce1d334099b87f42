"""UI latency of the served apps, measured in headless Chromium: from a click to the page painted.

``--game ticket-to-ride`` (the default): point at a route on the board, click it; the payment
choice is shown from the board's data (no round trip), and its first "Pay" button is pressed at
once from inside the page (no reaction time: the app is timed, not the test driver). The time
runs from the "Pay" press until the claim is painted: drawn by the page itself at the press (the
board's ``claiming`` data source, when the app has one) or by the server's answer (the board's
route data patched in the browser, BokehJS ``patching`` signal), whichever is painted first; the
server's answer is also timed on its own ("board data patched by the server, painted"), and from
the route click. Undo (not timed), claim the next route.
A click within 300 ms of the previous one reaches Bokeh as a double tap; the app takes both as
clicks, and their count is printed.

``--game steam-rollers``: draft a white die (its button), click a hex of its region, wait until
the placements allowed there are drawn beside the sheet, then click the first placement from
inside the page (button down and up at once: the app is timed, not the test driver): the time
runs from the button going down until the sheet's track data in the browser has the new track
and that frame has been painted; also until the server's answer (the choices closed) is there. Undo (not timed), build again from the same position.

``--game station-master``: successive real moves of a game against three bots, in turn a chip on
a locomotive and a carriage card on a train (a chip when no carriage card can be played). The
chip (or card) button is clicked first (not timed: it only opens the choice); then the train's
button is clicked from inside the page, and the time runs until a train's card (its HTML in
BokehJS) has changed and that frame has been painted. Card plays cannot be undone: the bots then
move (not timed), and the next sample is the next move; at the end of a game the page is opened
anew, a fresh game from the same seed.

"Painted" is when the first frame showing the change has been painted (a task queued from that
frame's animation callback runs right after the paint). Prints median and p95 over ``--plays``
plays (default 60) and the target (p95 under 150 ms).

Where the time goes:

* ``--frames``: what the server sends per play (websocket messages, bytes, and the Bokeh events
  in them: a whole data source replaced, a patch, a property), inside the timed window and after;
* ``--profile-browser``: a sampling profile of the page over all plays (top functions by self
  time, BokehJS and Panel included);
* ``--profile-server``: cProfile of the served process over the plays only (top functions by
  cumulative time). Both profilers slow the app down: take the latency figures from a plain run.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/ui_latency.py --game steam-rollers [--plays 60]``
(needs /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
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
TARGET_MS = 150

TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
#: after the next paint: a task queued from the frame's animation callback runs once it is painted
AFTER_PAINT = "(cb) => requestAnimationFrame(() => setTimeout(cb, 0))"

#: The served process, profiled from SIGUSR1 to SIGUSR2 (stats written to argv[1]); argv[2:] is the
#: server's own command line (a script path or ``-m module``).
PROFILED = """
import cProfile, runpy, signal, sys
out, rest = sys.argv[1], sys.argv[2:]
prof = cProfile.Profile()
signal.signal(signal.SIGUSR1, lambda *a: prof.enable())
def stop(*a):
    prof.disable()
    prof.dump_stats(out)
signal.signal(signal.SIGUSR2, stop)
if rest[0] == "-m":
    sys.argv = [rest[1], *rest[2:]]
    runpy.run_module(rest[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = rest
    runpy.run_path(rest[0], run_name="__main__")
"""


def pct(values, q):
    values = sorted(values)
    return values[max(0, min(len(values) - 1, round(q / 100 * (len(values) - 1))))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- Ticket to Ride
class TicketToRide:
    """A claim: route click -> payment choice (in the page) -> "Pay" -> board patched and painted."""

    name = "Ticket to Ride"
    headline = "pay click -> claim painted"  # the click that makes the move, to what the player sees
    what = "claims"
    RULES = {"hand_size": 20}
    SEED = 3
    YOUR_TURN = "draw cards, claim a route or draw tickets"

    ROUTE_XY = """(rid) => {
      const doc = Bokeh.documents[0];
      const src = doc.get_model_by_name('routes');
      const i = src.data.id.indexOf(rid);
      const xs = src.data.xs[i], ys = src.data.ys[i];
      const view = Bokeh.index.get_one(doc.get_model_by_name('board'));
      view.canvas_view.el.scrollIntoView({block: "center"});
      const r = view.canvas_view.el.getBoundingClientRect();
      return [view.frame.x_scale.compute((xs[0] + xs[1]) / 2) + r.left,
              view.frame.y_scale.compute((ys[0] + ys[1]) / 2) + r.top];
    }"""

    FIND_PAY = """() => {
      const choice = Bokeh.documents[0].get_model_by_name('pay');  // the app's payment button group
      const view = choice ? Bokeh.index.get_one(choice) : null;
      if (!view) return null;
      for (const b of view.shadow_el.querySelectorAll('button'))
        if (b.textContent.trim().startsWith('Pay ') && b.getClientRects().length > 0) return b;
      return null;
    }"""

    #: wait until the hook in ARM pressed "Pay" (as soon as the choice was painted); the
    #: choice's paint time, or null after 5 s
    PAY_WHEN_SHOWN = """async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const deadline = performance.now() + 5000;
      while (window.__t1 === null && performance.now() < deadline) await frame();
      return window.__t1 === null ? null : window.__choice;
    }"""

    ARM = """() => {
      const doc = Bokeh.documents[0];
      const src = doc.get_model_by_name('routes');
      const find = (""" + FIND_PAY + """);
      const afterPaint = (""" + AFTER_PAINT + """);
      window.__patched = null; window.__painted = null; window.__drawn = null;
      if (!window.__armed) {
        // the claim drawn in the browser at the payment (before the server's answer), if the app does
        const claiming = doc.get_model_by_name('claiming');
        if (claiming) claiming.change.connect(() => {
          if (window.__drawn === null && claiming.data.xm && claiming.data.xm.length)
            { window.__drawn = false; afterPaint(() => { window.__drawn = performance.now(); }); }
        });
        src.patching.connect(() => {
          if (window.__patched === null) {
            window.__patched = performance.now();
            afterPaint(() => { window.__painted = performance.now(); });
          }
        });
        document.addEventListener('pointerdown', (e) => { if (window.__t0 === null) window.__t0 = e.timeStamp; },
                                  {capture: true});
        const choice = doc.get_model_by_name('pay');
        choice.properties.labels.change.connect(() => {
          if (choice.labels.length > 0 && window.__choice === null) {
            window.__choice = false;
            afterPaint(() => {
              window.__choice = performance.now();
              const b = find();
              if (b !== null && window.__t1 === null) { window.__t1 = performance.now(); b.click(); }
            });
          }
        });
        window.__doubletaps = 0;
        try {  // BokehJS internals: only to count clicks reported as double taps
          const bus = Bokeh.index.get_one(doc.get_model_by_name('board')).canvas_view.ui_event_bus;
          bus.doubletap.connect(() => { window.__doubletaps += 1; });
        } catch (e) { window.__doubletaps = null; }
        window.__armed = true;
      }
      window.__t0 = null; window.__choice = null; window.__t1 = null;
    }"""

    FREE = ("(rid) => { const s = Bokeh.documents[0].get_model_by_name('routes');"
            " return s.data.owner[s.data.id.indexOf(rid)] === 'free'; }")

    def server(self, port: int) -> tuple[list[str], dict]:
        return (["-m", "railkit.viz.shell.serve", "ticket-to-ride", "--port", str(port), "--seed", str(self.SEED),
                 "--rules", json.dumps(self.RULES), "--bot-delay", "0.05"], {"PANEL_INLINE": "1"})

    def open(self, page, url: str) -> None:
        from railkit.games.ticket_to_ride import Claim
        from railkit.viz.shell.table import Table

        rep = Table(game="ticket-to-ride", players=2, humans=[0], seed=self.SEED, rules=self.RULES)
        rep.apply(0, "keep tickets 1,2,3")
        rep.run_bots()
        self.routes = sorted({x.route for x in rep.game.legal_actions() if isinstance(x, Claim)})
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.goto(url + "/")
        page.get_by_role("button", name="Keep selected tickets").click()
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
        page.get_by_text(self.YOUR_TURN).wait_for()

    def play(self, page, k: int, mark) -> dict | None:
        rid = self.routes[k % len(self.routes)]
        page.mouse.move(1, 1)  # away from the board, then onto the route (its tooltip shows)
        page.mouse.move(*page.evaluate(self.ROUTE_XY, rid))
        page.evaluate(TWO_FRAMES)
        page.evaluate(self.ARM)
        mark()
        page.mouse.down()
        page.mouse.up()
        shown = page.evaluate(self.PAY_WHEN_SHOWN)
        if shown is None:
            cancel = page.get_by_role("button", name="Cancel")
            if cancel.is_enabled():
                cancel.click()
            return None
        page.wait_for_function("() => window.__painted !== null")
        t0, t1, patched, painted, drawn = page.evaluate(
            "() => [window.__t0, window.__t1, window.__patched, window.__painted, window.__drawn]")
        mark()
        # what the player sees: the claim painted, drawn by the page itself or by the server's answer
        seen = painted if not drawn else min(drawn, painted)
        return {"route click -> payment choice shown (no round trip)": shown - t0,
                self.headline: seen - t1,
                "pay click -> board data patched by the server, painted": painted - t1,
                "route click -> board patched (incl. the choice)": patched - t0,
                "route click -> board painted (incl. the choice)": painted - t0}

    def between(self, page, k: int) -> None:
        """Undo the play (not timed)."""
        page.locator(".undo button").click()
        page.wait_for_function(self.FREE, arg=self.routes[k % len(self.routes)])
        page.get_by_text(self.YOUR_TURN).wait_for()

    def summary(self, page) -> str:
        return f"route clicks BokehJS reported as double taps: {page.evaluate('() => window.__doubletaps')}"


# ---------------------------------------------------------------- Steam Rollers
class SteamRollers:
    """A build: die drafted, hex clicked, placements shown; a placement click -> sheet painted."""

    name = "Steam Rollers"
    headline = "placement click -> sheet painted"
    what = "builds"
    SEED = 4

    XY = """([x, y]) => {
      const view = Bokeh.index.get_one(Bokeh.documents[0].get_model_by_name('sheet'));
      const r = view.canvas_view.el.getBoundingClientRect();
      return [view.frame.x_scale.compute(x) + r.left, view.frame.y_scale.compute(y) + r.top];
    }"""
    ROWS = "(name) => { const s = Bokeh.documents[0].get_model_by_name(name); return s.data[Object.keys(s.data)[0]].length; }"
    #: Click figure point ``[x, y]`` from inside the page (the button goes down and up at once:
    #: no reaction time and no test-driver round trip between the two, the app is timed), then
    #: [ms from the button going down to the sheet's track data having ``n`` tracks in the
    #: browser, to the first frame painted after that, to the server's answer] ([-1, -1, -1]:
    #: not within 20 s)
    PAINTED = """([x, y, n]) => new Promise((resolve) => {
      const click = () => {
        const view = Bokeh.index.get_one(Bokeh.documents[0].get_model_by_name('sheet'));
        const el = view.canvas_view.events_el;
        const r = el.getBoundingClientRect();
        const at = {clientX: view.frame.x_scale.compute(x) + r.left, clientY: view.frame.y_scale.compute(y) + r.top,
                    bubbles: true, composed: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0};
        window.__t0 = performance.now();
        el.dispatchEvent(new PointerEvent('pointerdown', {...at, buttons: 1}));
        el.dispatchEvent(new PointerEvent('pointerup', {...at, buttons: 0}));
      };
      const src = Bokeh.documents[0].get_model_by_name('sheet_tracks');
      const afterPaint = (""" + AFTER_PAINT + """);
      const choices = Bokeh.documents[0].get_model_by_name('sheet_choices');
      let done = false, patched = null, painted = null;
      const answered = () => {  // the server's answer: the placement choices closed
        if (painted === null || choices.data.x.length) return;
        done = true;
        resolve([patched, painted, performance.now() - window.__t0]);
      };
      const check = () => {
        if (patched !== null || src.data.hex.length !== n) return;
        patched = performance.now() - window.__t0;
        afterPaint(() => { painted = performance.now() - window.__t0; answered(); });
      };
      for (const s of [src.change, src.patching, src.streaming]) s.connect(check);
      choices.change.connect(answered);
      click();
      check();
      setTimeout(() => { if (!done) { done = true; resolve([-1, -1, -1]); } }, 20000);
    })"""
    OUTLINED = ("() => Bokeh.documents[0].get_model_by_name('sheet_hexes').data.line"
                ".some((c) => c === '#ff8f00')")
    CLEAR = ("() => !Bokeh.documents[0].get_model_by_name('sheet_hexes').data.line"
             ".some((c) => c === '#ff8f00' || c === '#e65100')")

    def server(self, port: int) -> tuple[list[str], dict]:
        return [str(ROOT / "tests/browser/steam_serve.py"), str(port), "--seed", str(self.SEED)], {"PANEL_INLINE": "1"}

    def open(self, page, url: str) -> None:
        from railkit.games.steam_rollers.actions import Build
        from railkit.viz.steam_rollers.view import DIE_FACE
        from railkit.viz.shell.table import Table

        game = Table(players=1, humans=[0], seed=self.SEED, game="steam-rollers", difficulty="clerk").game
        self.die = die = game.dice[0]
        self.hexes = []
        for act in game.legal_actions():
            if isinstance(act, Build) and act.die == die and act.value is None and act.hex not in self.hexes:
                self.hexes.append(act.hex)
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(url + "/")
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length && "
                               "Bokeh.documents[0].get_model_by_name('sheet_tracks')")
        self.die_button = page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first

    def play(self, page, k: int, mark) -> dict | None:
        from railkit.viz.steam_rollers.sheet import centre

        self.die_button.click()
        page.wait_for_function(self.OUTLINED, timeout=30_000)  # drafted: its region outlined
        page.mouse.move(1, 1)
        page.mouse.click(*page.evaluate(self.XY, list(centre(self.hexes[k % len(self.hexes)]))))
        page.wait_for_function(f"() => ({self.ROWS})('sheet_choices') > 0", timeout=30_000)
        cx, cy = page.evaluate("() => { const d = Bokeh.documents[0].get_model_by_name('sheet_choices').data;"
                               " return [d.x[0], d.y[0]]; }")
        page.mouse.move(*page.evaluate(self.XY, [cx, cy]))
        page.evaluate(TWO_FRAMES)  # the choices shown and painted (a person needs longer)
        mark()
        patched, ms, answered = page.evaluate(self.PAINTED, [cx, cy, 1])
        mark()
        if ms < 0:
            page.wait_for_function(f"() => ({self.ROWS})('sheet_tracks') === 1", timeout=60_000)
            return None
        return {"placement click -> track in the sheet's data (browser)": patched,
                "placement click -> the server's answer in the browser": answered, self.headline: ms}

    def between(self, page, k: int) -> None:
        """Undo the play (not timed)."""
        page.get_by_role("button", name="Undo my last move").click()
        page.wait_for_function(f"() => ({self.ROWS})('sheet_tracks') === 0", timeout=30_000)
        page.wait_for_function(self.CLEAR, timeout=30_000)

    def summary(self, page) -> str:
        return ""


# ---------------------------------------------------------------- Station Master
class StationMaster:
    """A chip on a locomotive, or a carriage card on a train: train click -> station painted."""

    name = "Station Master"
    headline = "either -> station painted"
    what = "plays"

    #: the text of the first element with class ``cls`` (through shadow roots)
    TEXT_OF = """(cls) => {
      const text = (n) => { if (n.nodeType === 3) return n.textContent; let t = '';
        if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
      const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
        for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; } return null; };
      const el = find(document.body); return el ? text(el) : null;
    }"""
    #: click train slot ``i``'s button and time until a train card's text changed in the browser
    #: (BokehJS has the server's answer, and the card is drawn anew) and that frame was painted:
    #: [ms to the change, ms to the paint], or null after 10 s
    TIMED_CLICK = """async (i) => {
      const find = (n, cls) => { if (n.classList && n.classList.contains(cls)) return n;
        for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r, cls); if (f) return f; } return null; };
      const host = find(document.body, 'train-slot-' + i);
      const btn = (host.shadowRoot || host).querySelector('button');
      const cards = [...Bokeh.documents[0]._all_models.values()].filter(
        (m) => m.properties.text && (m.css_classes || []).includes('train-card'));
      const afterPaint = (%s);
      return await new Promise((resolve) => {
        let changed = null;
        const on = () => {
          if (changed !== null) return;
          changed = performance.now() - t0;
          afterPaint(() => resolve([changed, performance.now() - t0]));
        };
        for (const m of cards) m.properties.text.change.connect(on);
        const t0 = performance.now();
        btn.click();
        setTimeout(() => resolve(null), 10000);
      });
    }""" % AFTER_PAINT
    PROMPT = "(f) => ((0, eval)(f))('prompt')?.includes('Your turn:')"

    def server(self, port: int) -> tuple[list[str], dict]:
        return ([str(ROOT / "tests/browser/station_serve.py"), "--port", str(port), "--seed", "3",
                 "--bot-delay", "0.05"], {})

    def __init__(self) -> None:
        self.url = ""
        self.games = 1

    def open(self, page, url: str) -> None:
        self.url = url
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(url + "/app")
        page.wait_for_function(self.PROMPT, arg=self.TEXT_OF)

    def play(self, page, k: int, mark) -> dict | None:
        kind = "chip" if k % 2 == 0 else "card"
        button = self._pick(page, kind)
        while button is None:  # nothing but a special card or a pass: a fresh game
            self.games += 1
            self.open(page, self.url)
            button = self._pick(page, kind)
        kind = "card" if "Chip" not in button.inner_text() else "chip"
        button.click()
        page.locator(".train-btn button:visible", has_text="here").first.wait_for()
        slot = next(i for i in range(10)
                    if page.locator(f".train-slot-{i} button:visible").count()
                    and "here" in page.locator(f".train-slot-{i} button").first.inner_text())
        mark()
        got = page.evaluate(self.TIMED_CLICK, slot)
        mark()
        if got is None:
            return None
        changed, ms = got
        label = "chip on a locomotive -> station painted" if kind == "chip" else \
            "carriage card on a train -> station painted"
        return {"train click -> the train's card changed (browser)": changed, label: ms, self.headline: ms}

    #: who made the latest move in the action log (its first line), or "" before any move
    LAST_MOVER = """() => { for (const m of Bokeh.documents[0]._all_models.values())
        if ((m.css_classes || []).includes('action-log')) { const b = /<b>([^<]*)<\\/b>/.exec(m.text || '');
          return b ? b[1] : ''; } return ''; }"""
    #: this seat's turn after the others have moved (the latest move not its own), or the game over
    NEXT_TURN = """([textOf, lastMover]) => { const f = (0, eval)(textOf);
        return (f('prompt') || '').includes('The game is over')
          || ((f('prompt') || '').includes('Your turn:') && (0, eval)(lastMover)() !== 'Player 1'); }"""

    def between(self, page, k: int) -> None:
        """The bots move (not timed); at the game's end a fresh game (the same seed)."""
        page.wait_for_function(self.NEXT_TURN, arg=[self.TEXT_OF, self.LAST_MOVER], timeout=60_000)
        if "The game is over" in (page.evaluate(self.TEXT_OF, "prompt") or ""):
            self.games += 1
            self.open(page, self.url)

    def _pick(self, page, kind: str):
        """The first chip (or carriage card) that can be played now, or None."""
        if kind == "card":
            for b in page.locator(".card-btn button:visible:enabled").all():
                if b.inner_text().strip()[:1] in "+−" or b.inner_text().startswith("Luxury"):
                    return b
        chips = page.locator(".chip-btn button:visible:enabled")
        return chips.first if chips.count() else None

    def summary(self, page) -> str:
        return f"{self.games} game(s) played (seed 3)"


GAMES = {"ticket-to-ride": TicketToRide, "steam-rollers": SteamRollers, "station-master": StationMaster}


# ---------------------------------------------------------------- what the server sends
class Frames:
    """Websocket messages from the server, split at the marks (the timed window and after it)."""

    def __init__(self, page) -> None:
        self.phase = None  # "timed" between the two marks of a play, "after" until the next play
        self.count = collections.Counter()
        self.bytes = collections.Counter()
        self.events = {"timed": collections.Counter(), "after": collections.Counter()}
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def mark(self) -> None:
        self.phase = "timed" if self.phase != "timed" else "after"

    def _frame(self, payload) -> None:
        if self.phase is None:
            return
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        self.count[self.phase] += 1
        self.bytes[self.phase] += len(text)
        try:
            msg = json.loads(text)
        except ValueError:
            return
        for ev in msg.get("events", []) if isinstance(msg, dict) else []:
            kind = ev.get("kind", "?")
            if kind == "ModelChanged":
                kind += f" {ev.get('attr')}"
            elif kind in ("ColumnDataChanged", "ColumnsPatched", "ColumnsStreamed"):
                cols = ev.get("cols") or list((ev.get("data") or ev.get("patches") or {}).get("entries", []))
                cols = [c[0] if isinstance(c, list) else c for c in cols]
                kind += f" [{','.join(map(str, cols))[:40]}] {_size_class(len(json.dumps(ev)))}"
            self.events[self.phase][kind] += 1

    def report(self, plays: int) -> None:
        for phase, what in (("timed", "inside the timed window"), ("after", "after it, until the next play")):
            print(f"  {what}: {self.count[phase] / plays:.1f} messages, {self.bytes[phase] / plays / 1024:.1f} kB"
                  " per play; Bokeh events per play:")
            for kind, n in self.events[phase].most_common(14):
                print(f"    {n / plays:5.1f}  {kind}")


def _size_class(n: int) -> str:
    return "<1 kB" if n < 1024 else f"~{round(n / 1024)} kB"


def browser_profile(profile: dict, top: int = 22) -> None:
    nodes = profile["nodes"]
    dt = statistics.mean(profile["timeDeltas"]) / 1000 if profile.get("timeDeltas") else 0.1
    self_ms = collections.Counter()
    for n in nodes:
        cf = n["callFrame"]
        where = cf.get("url", "").rsplit("/", 1)[-1].split("?")[0] or "(native)"
        self_ms[f"{cf.get('functionName') or '(anonymous)'} [{where}]"] += n.get("hitCount", 0) * dt
    total = sum(self_ms.values())
    print(f"browser profile: {total:.0f} ms sampled; top functions by self time")
    for name, ms in self_ms.most_common(top):
        print(f"  {ms:8.1f} ms  {100 * ms / total:5.1f} %  {name}")


def server_profile(path: str, top: int = 28) -> None:
    import io
    import pstats

    out = io.StringIO()
    st = pstats.Stats(path, stream=out)
    st.strip_dirs().sort_stats("cumulative").print_stats(top)
    print("server profile (cProfile, cumulative):")
    print("\n".join(out.getvalue().splitlines()[4:]))


# ---------------------------------------------------------------- main
def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="ticket-to-ride")
    ap.add_argument("--plays", "--claims", "--builds", type=int, default=60, dest="plays")
    ap.add_argument("--verbose", action="store_true", help="print each play's time")
    ap.add_argument("--frames", action="store_true", help="what the server sends per play")
    ap.add_argument("--profile-browser", action="store_true", help="sampling profile of the page")
    ap.add_argument("--profile-server", action="store_true", help="cProfile of the served process")
    a = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    game = GAMES[a.game]()
    port = free_port()
    cmd, extra_env = game.server(port)
    env = {k: v for k, v in os.environ.items() if k not in ("BOKEH_RESOURCES", "PANEL_INLINE")}
    env.update(extra_env)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    stats_path = None
    if a.profile_server:
        stats_path = tempfile.NamedTemporaryFile(prefix="railkit-bench-", suffix=".prof", delete=False).name
        cmd = ["-c", PROFILED, stats_path, *cmd]
    log = tempfile.NamedTemporaryFile(prefix="railkit-bench-", suffix=".log", delete=False)
    proc = subprocess.Popen([sys.executable, *cmd], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    times: dict[str, list[float]] = collections.defaultdict(list)
    lost: list[str] = []
    summary = ""
    profile = None
    frames = None
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(url + "/liveness", timeout=1)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start: " + open(log.name).read()[-2000:]) from None
                time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page()
            page.set_default_timeout(30_000)
            frames = Frames(page) if a.frames else None
            game.open(page, url)
            cdp = None
            if a.profile_browser:
                cdp = page.context.new_cdp_session(page)
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                cdp.send("Profiler.start")
            if stats_path:
                proc.send_signal(signal.SIGUSR1)
            for k in range(a.plays):
                got = game.play(page, k, frames.mark if frames else (lambda: None))
                if got is None:
                    shot = os.path.join(tempfile.gettempdir(), f"railkit-bench-lost-{k}.png")
                    page.screenshot(path=shot)
                    lost.append(f"play {k + 1}: not painted in time, see {shot}")
                else:
                    for key, ms in got.items():
                        times[key].append(ms)
                    if a.verbose:
                        print(f"play {k + 1}: {got[game.headline]:.1f} ms", flush=True)
                game.between(page, k)
            if stats_path:
                proc.send_signal(signal.SIGUSR2)
                for _ in range(100):
                    if os.path.getsize(stats_path):
                        break
                    time.sleep(0.1)
            if cdp is not None:
                profile = cdp.send("Profiler.stop")["profile"]
            summary = game.summary(page)
            browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        os.unlink(log.name)

    n = len(times[game.headline])
    print(f"{game.name}: {n} {game.what} timed of {a.plays}; {len(lost)} not painted in time")
    for key, xs in times.items():
        print(f"  {key:<54} median {statistics.median(xs):7.1f} ms   p95 {pct(xs, 95):7.1f} ms   "
              f"max {max(xs):7.1f} ms")
    for line in lost:
        print("  " + line)
    if summary:
        print("  " + summary)
    print(f"target: p95 < {TARGET_MS} ms for {game.headline!r}")
    print(f"machine load (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if frames is not None:
        print("what the server sent:")
        frames.report(max(n, 1))
    if profile is not None:
        browser_profile(profile)
    if stats_path:
        server_profile(stats_path)
        os.unlink(stats_path)


if __name__ == "__main__":
    main()

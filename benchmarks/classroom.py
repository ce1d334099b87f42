"""A class under load: N headless Chromium pages playing by clicks at human pace against one
``railkit serve`` process; click-to-painted latency, errors, lost moves, server CPU and memory.

Two kinds of class, each game in turn (``--scenario`` and ``--game`` narrow the list):

* ``shared``: ``railkit serve GAME --seats 2 --state-dir DIR``: N/2 tables of two people and a
  bot, each made in the lobby by its first page; both pages join by their seat links;
* ``solo``: ``railkit serve GAME``: every page has its own game against the game's bots.

Each run starts a fresh server, opens the N pages (a few at a time, as a class arrives), then
plays for its share of ``--minutes`` (default 10 in all, shared equally by the runs). A page
whose turn it is waits 2-5 s (a person thinking, ``--think``), then moves by clicks:

* Ticket to Ride: shows the routes it can afford (once), keeps its tickets; claims an affordable
  route (a click on the board, then its first "Pay" button) or draws from the deck (a face-up
  card once the deck is empty; tickets once no card is left);
* Station Master: a chip (or a carriage card) and then the first train that takes it; a pass;
  else a special card and its first targets and choices (not timed);
* Steam Rollers: drafts the first die and crosses its engine box, or passes with it (and presses
  "Confirm turn" where the move waits for it: that click is the one timed).

A finished game is followed by a new one (the new-game form of the table's first seat).

The move's last click is made from inside the page, and the time runs until the page's action
log has the move and that frame has been painted (as benchmarks/ui_latency.py measures "painted":
a task queued from the frame's animation callback runs right after the paint). Counted:

* errors: page errors, console errors, refused moves (the page says "Not allowed");
* lost moves: a move click whose action never reached the page's log (15 s), and, at shared
  tables, moves a page made that the table's journal does not hold;
* the server process's CPU (% of one core) and memory (RSS) every ``--sample`` seconds (psutil,
  or /proc), the machine's load average, and whether memory stayed within +-10 % after the
  warm-up (the first ``--warmup`` seconds of play).

All pages are in one Chromium (one browser, a context per page: 30 browsers are too heavy for
the machine the pages share with the server). The pages, Chromium and this driver run on the
same machine as the server: say the load with the figures.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/classroom.py [--pages 30] [--minutes 10] [--json]``
(needs /usr/bin/chromium). Target: no error, no lost move, p95 < 300 ms, memory flat.
"""

from __future__ import annotations

import argparse
import asyncio
import builtins
import functools
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other benchmarks, beside this one
from ui_latency import TicketToRide  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
GAMES = ["ticket-to-ride", "station-master", "steam-rollers"]
SCENARIOS = ["shared", "solo"]
TARGET_MS = 300
#: seconds a move click waits for its action in the page's log before it counts as lost
MOVE_WAIT = 15

#: after the next paint: a task queued from the frame's animation callback runs once it is painted
AFTER_PAINT = "(cb) => requestAnimationFrame(() => setTimeout(cb, 0))"

#: click ``btn`` (an element) and time until the page's action log has the move and that frame
#: is painted: ms, or null after MOVE_WAIT s
TIMED_CLICK = """async (btn) => {
  const log = [...Bokeh.documents[0]._all_models.values()].find(
    (m) => (m.css_classes || []).includes('action-log'));
  const before = log.text;
  const afterPaint = (%s);
  return await new Promise((resolve) => {
    let done = false;
    const on = () => {
      if (done || log.text === before) return;
      done = true;
      try { log.properties.text.change.disconnect(on); } catch (e) {}
      afterPaint(() => resolve(performance.now() - t0));
    };
    log.properties.text.change.connect(on);
    const t0 = performance.now();
    btn.click();
    setTimeout(() => { if (!done) { done = true; resolve(null); } }, %d);
  });
}""" % (AFTER_PAINT, MOVE_WAIT * 1000)

#: "turn" when the page says it is this seat's turn, "over" when the game is over, else null
STATE = """() => {
  if (!window.Bokeh || !Bokeh.documents.length) return null;
  let turn = false;
  for (const m of Bokeh.documents[0]._all_models.values()) {
    const css = m.css_classes || [];
    if (css.includes('winner-banner') && m.visible) return 'over';
    if (typeof m.text === 'string' && m.text.includes('Your turn') && m.visible !== false) turn = true;
  }
  return turn ? 'turn' : null;
}"""

#: the text of the page's message line (a refused move says "Not allowed")
MESSAGE = """() => { for (const m of Bokeh.documents[0]._all_models.values())
  if ((m.css_classes || []).includes('message') && typeof m.text === 'string') return m.text; return ''; }"""

#: the text of the page's action log (its Bokeh model's)
LOG_TEXT = """() => [...Bokeh.documents[0]._all_models.values()].find(
  (m) => (m.css_classes || []).includes('action-log')).text"""


# ---------------------------------------------------------------- Ticket to Ride
AFFORDABLE = "() => { const s = Bokeh.documents[0].get_model_by_name('affordable'); return s ? s.data.id : []; }"
# where a route is on the page and the claim's first payment button: the latency benchmark's own
ROUTE_XY, FIND_PAY = TicketToRide.ROUTE_XY, TicketToRide.FIND_PAY


async def ttr_move(page, rng) -> tuple[str, object]:
    """Keep the tickets, claim an affordable route, or draw: the move's kind and its last click's button."""
    keep = page.locator(".keep-tickets button:visible:enabled")
    if await keep.count():
        return "keep tickets", keep.first
    second = "second train card" in (await page.evaluate(ALL_TEXT_OF_STATUS))
    routes = [] if second else await page.evaluate(AFFORDABLE)
    if routes:
        await page.mouse.move(1, 1)
        await page.mouse.click(*await page.evaluate(ROUTE_XY, rng.choice(routes)))
        try:
            await page.wait_for_function(FIND_PAY, timeout=5_000)
            await asyncio.sleep(rng.uniform(0.3, 1.0))  # reads the choice
            return "claim", await page.evaluate_handle(FIND_PAY)
        except Exception:  # no choice shown: draw instead
            cancel = page.get_by_role("button", name="Cancel")
            if await cancel.count() and await cancel.first.is_enabled():
                await cancel.first.click()
    deck = page.locator(".draw-deck button:enabled")
    if await deck.count():
        return "draw", deck.first
    for i in range(1, 6):
        card = page.locator(f".faceup-{i} button:enabled")
        if await card.count():
            return "draw", card.first
    return "draw tickets", page.locator(".draw-tickets button").first


#: the text of the Ticket to Ride status line (Markdown models' text)
ALL_TEXT_OF_STATUS = """() => [...Bokeh.documents[0]._all_models.values()].filter(
  (m) => typeof m.text === 'string' && m.text.includes('Your turn')).map((m) => m.text).join(' ')"""


# ---------------------------------------------------------------- Station Master
async def station_move(page, rng) -> tuple[str, object]:
    """A chip or a carriage card, then the first train that takes it (the timed click); else a
    pass; else a special card and its first targets and choices, clicked until it is played
    (not timed: its last click is not known beforehand)."""
    hand = []
    chips = page.locator(".chip-btn button:visible:enabled")
    if await chips.count():
        hand.append(("chip", chips.first))
    for b in await page.locator(".card-btn button:visible:enabled").all():
        text = (await b.inner_text()).strip()
        if text[:1] in "+−" or text.startswith("Luxury"):
            hand.append(("carriage", b))
    if not hand:
        passing = page.locator(".pass-btn button:visible:enabled")
        if await passing.count():
            return "pass", passing.first
        cards = page.locator(".card-btn button:visible:enabled")
        if not await cards.count():
            return "none", None
        log = await page.evaluate(LOG_TEXT)
        await cards.first.click()
        for _ in range(6):
            await asyncio.sleep(rng.uniform(0.3, 1.0))
            if await page.evaluate(LOG_TEXT) != log:
                break
            for step in (page.locator(".choice-btn button:visible"),
                         page.locator(".train-btn button:visible", has_text="here")):
                if await step.count():
                    await step.first.click()
                    break
        return "special card", None
    kind, button = hand[0]
    await button.click()
    target = page.locator(".train-btn button:visible", has_text="here")
    for _ in range(50):
        if await target.count():
            await asyncio.sleep(rng.uniform(0.3, 1.0))
            return kind, target.first
        await asyncio.sleep(0.1)
    return kind, None


# ---------------------------------------------------------------- Steam Rollers
async def steam_move(page, rng) -> tuple[str, object]:
    """Draft the first die; cross its engine box if that may be done, else pass with it."""
    die = page.locator(".die button:visible:enabled")
    if not await die.count():
        return "none", None
    face = (await die.first.inner_text()).strip()
    await die.first.click()
    value = face.split()[-1]
    await page.wait_for_function(f"() => /Die {value} drafted|Not allowed/.test(({MESSAGE})())", timeout=30_000)
    if "Not allowed" in await page.evaluate(MESSAGE):
        raise RuntimeError("the draft was refused: " + (await page.evaluate(MESSAGE))[:100])
    await asyncio.sleep(rng.uniform(0.3, 1.0))
    box = page.locator(".engine-box button:enabled", has_text=value)
    kind, button = (("engine", box.first) if await box.count() else
                    ("pass", page.get_by_role("button", name="Pass (use the die for nothing)")))
    # a move that hands the turn on waits on the page for "Confirm turn" (the served default):
    # then the move reaches the table, and its log line the page, on that click, which is timed
    confirm = page.get_by_role("button", name="Confirm turn")
    if await confirm.count() and await confirm.first.is_visible():
        await button.click()
        try:
            await confirm.first.wait_for(state="visible", timeout=5_000)
            await page.wait_for_function("(b) => !b.disabled", arg=await confirm.first.element_handle(),
                                         timeout=5_000)
            return kind + "+confirm", confirm.first
        except Exception:
            return "none", None  # played at once after all (its log line came untimed)
    return kind, button


MOVES = {"ticket-to-ride": ttr_move, "station-master": station_move, "steam-rollers": steam_move}


async def ttr_setup(page) -> None:
    """Light up the routes this seat can pay for (a person's first click; the moves read them)."""
    await page.get_by_role("button", name="Show routes I can afford").click()


#: what a page does once, when it has come in
SETUP = {"ticket-to-ride": ttr_setup}


# ---------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(game: str, scenario: str, folder: Path, bot_delay: float) -> subprocess.Popen:
    """``railkit serve GAME`` for the scenario, up and answering (its working folder: ``folder``)."""
    port = free_port()
    cmd = [sys.executable, "-m", "railkit.cli", "serve", game, "--port", str(port), "--bot-delay", str(bot_delay)]
    if scenario == "shared":
        cmd += ["--seats", "2", "--state-dir", str(folder / "tables")]
    env = {k: v for k, v in os.environ.items() if k != "BOKEH_RESOURCES"}
    env.update(PANEL_INLINE="1", PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    log = open(folder / "server.log", "wb")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    proc.url = f"http://127.0.0.1:{port}"
    until = time.time() + 120
    while True:
        try:
            urllib.request.urlopen(proc.url + "/liveness", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None or time.time() > until:
                proc.kill()
                raise SystemExit("the server did not start: " + (folder / "server.log").read_text()[-2000:]) from None
            time.sleep(0.2)


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def browser_cpu_seconds() -> float:
    """CPU seconds used so far by the Chromium processes this driver started (its descendants
    named chrom*); processes that have ended are not counted, so sample often."""
    total = 0.0
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the test extra
        return math.nan
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name():
                t = child.cpu_times()
                total += t.user + t.system
        except psutil.Error:
            continue
    return total


def machine_busy_seconds() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, over every core (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields) - idle) / tick, sum(fields) / tick


class Sampler(threading.Thread):
    """The server's CPU (% of one core) and RSS (MB), the browsers' CPU (% of one core), the
    whole machine's busy share (% of all cores) and the load average, every ``every`` s."""

    def __init__(self, pid: int, every: float) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.samples: list[dict] = []
        self.t0 = time.monotonic()
        self.stopped = threading.Event()

    def run(self) -> None:
        last_t, last_cpu, last_web, last_busy = (time.monotonic(), cpu_seconds(self.pid), browser_cpu_seconds(),
                                                 machine_busy_seconds())
        while not self.stopped.wait(self.every):
            try:
                now, cpu, web, busy = time.monotonic(), cpu_seconds(self.pid), browser_cpu_seconds(), \
                    machine_busy_seconds()
                self.samples.append({"t": round(now - self.t0, 1),
                                     "cpu": round(100 * (cpu - last_cpu) / (now - last_t), 1),
                                     "browser_cpu": round(100 * max(0.0, web - last_web) / (now - last_t), 1),
                                     "machine_busy": round(100 * (busy[0] - last_busy[0])
                                                           / max(busy[1] - last_busy[1], 1e-9), 1),
                                     "rss_mb": round(rss_mb(self.pid), 1), "load1": round(os.getloadavg()[0], 2)})
            except OSError:
                return
            last_t, last_cpu, last_web, last_busy = now, cpu, web, busy


# ---------------------------------------------------------------- the pages
class Seat:
    """One page of the class: what it did and what went wrong."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.moves = 0
        self.latency: list[float] = []  # ms from the move's click to its log line painted
        self.kinds: dict[str, int] = {}
        self.lost: list[str] = []
        self.late: list[str] = []  # moves whose log line came after MOVE_WAIT s (not timed)
        self.stalls: list[str] = []  # a step of a move (a choice, a drafted die) not shown within 30 s
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.games = 0
        self.open_s = 0.0
        self.table = ""
        self.seat = 0


async def open_page(browser, url: str, seat: Seat):
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda e: seat.errors.append(f"page error: {e}"))
    page.on("console", lambda m: seat.errors.append(f"console: {m.text}") if m.type == "error" else None)
    return page


async def sit(page, url: str, seat: Seat, scenario: str, made: dict, arrive: asyncio.Semaphore) -> None:
    """Come into the class: at a shared table the first page makes it in the lobby, both join."""
    async with arrive:
        started = time.monotonic()
        if scenario == "solo":
            await page.goto(url + "/")
        else:
            name = seat.table = f"t{seat.k // 2 + 1}"
            seat.seat = seat.k % 2 + 1
            if seat.seat == 1:
                await page.goto(url + "/")
                await page.locator("input[placeholder='e.g. class-a']").fill(name)
                await page.locator(".noUi-handle").first.press("ArrowRight")  # three players: two people, a bot
                await page.get_by_role("button", name="Make table").click()
                await page.locator(f"a.join[href='?table={name}&join=1']").wait_for()
                made[name].set()
            else:
                await made[name].wait()
            await page.goto(f"{url}/?table={name}&join={seat.seat}")
            await page.wait_for_function("() => location.search.includes('token=')")
        await page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && "
                                     "[...Bokeh.documents[0]._all_models.values()].some("
                                     "(m) => (m.css_classes || []).includes('action-log'))")
        seat.open_s = time.monotonic() - started


async def setup(page, game: str, seat: Seat) -> None:
    if game in SETUP:
        await SETUP[game](page)


async def new_game(page) -> bool:
    """Start a new game from the table's new-game form (False: this page has none)."""
    toggle = page.get_by_role("button", name="New game and rule variants…")
    if not await toggle.count():
        return False
    await toggle.click()
    await page.get_by_role("button", name="Start new game").click()
    await page.wait_for_function("() => !(" + STATE + ")() || (" + STATE + ")() === 'turn'", timeout=60_000)
    return True


async def play(page, game: str, seat: Seat, until: float, think: tuple[float, float], rng) -> None:
    """Play until ``until`` (monotonic): wait for the turn, think, move by clicks."""
    move = MOVES[game]
    while time.monotonic() < until:
        try:
            state = await (await page.wait_for_function(STATE, polling=300, timeout=5_000)).json_value()
        except Exception:
            continue  # nobody's turn here yet (the others, the bots)
        if state == "over":
            if await new_game(page):  # the first seat's page (or one's own game); the other waits
                seat.games += 1
            else:
                await asyncio.sleep(1)
            continue
        await asyncio.sleep(rng.uniform(*think))
        if time.monotonic() >= until:
            break
        if await page.evaluate(STATE) != "turn":
            continue
        kind = game
        try:
            kind, button = await move(page, rng)
            if button is None:
                continue
            before = await page.evaluate(LOG_TEXT)
            handle = await button.element_handle() if hasattr(button, "element_handle") else button
            ms = await handle.evaluate(TIMED_CLICK)
        except Exception as exc:  # a step of the move the page did not show within 30 s
            seat.stalls.append(f"{kind}: {str(exc).splitlines()[0][:120]}")
            continue
        if ms is not None:
            seat.moves += 1
            seat.latency.append(ms)
            seat.kinds[kind] = seat.kinds.get(kind, 0) + 1
            continue
        message = await page.evaluate(MESSAGE)
        if "Not allowed" in message:
            seat.refused.append(f"{kind}: {message[:160]}")
            continue
        try:  # not in the log within MOVE_WAIT s: late, or lost?
            await page.wait_for_function(f"(b) => ({LOG_TEXT})() !== b", arg=before, timeout=60_000)
            seat.moves += 1
            seat.late.append(kind)
        except Exception:
            seat.lost.append(f"{kind}: not in the page's log after {MOVE_WAIT + 60} s")


async def class_run(url: str, game: str, scenario: str, pages: int, seconds: float, think, arrive: int,
                    seed: int) -> tuple[list[Seat], float, float]:
    """Open ``pages`` pages on ``url`` and play for ``seconds``; the seats, the seconds the pages
    took to open and when the play began (``time.monotonic``)."""
    from playwright.async_api import async_playwright

    seats = [Seat(k) for k in range(pages)]
    made = {f"t{k // 2 + 1}": asyncio.Event() for k in range(pages)}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        opened = [await open_page(browser, url, s) for s in seats]
        started = time.monotonic()
        gate = asyncio.Semaphore(arrive)
        await asyncio.gather(*(sit(p, url, s, scenario, made, gate) for p, s in zip(opened, seats)))
        await asyncio.gather(*(setup(p, game, s) for p, s in zip(opened, seats)))
        open_s = time.monotonic() - started
        playing = time.monotonic()
        until = playing + seconds
        await asyncio.gather(*(play(p, game, s, until, think, random.Random(seed * 1000 + s.k))
                               for p, s in zip(opened, seats)))
        await browser.close()
    return seats, open_s, playing


def journal_moves(folder: Path, game: str) -> dict[tuple[str, int], int]:
    """Moves each (table, seat) has in the state folder's journals (seats 1-based)."""
    from railkit.viz.shell.journal import read_records

    out: dict[tuple[str, int], int] = {}
    for path in (folder / "tables").glob(f"{game}.*.jsonl"):
        table = path.name[len(game) + 1: -len(".jsonl")]
        for rec in read_records(path)[0]:
            if rec["k"] == "move":
                key = (table, rec["seat"] + 1)
                out[key] = out.get(key, 0) + 1
    return out


def server_errors(log: str) -> dict:
    """The errors in a server's output: ``closed_socket_writes`` (a message to a page that had
    just left: Tornado's "Task exception was never retrieved ... WebSocketClosedError") and the
    last line of every other traceback (``server_errors``)."""
    closed, other = 0, []
    blocks = log.split("Task exception was never retrieved")
    closed = sum("WebSocketClosedError" in block[:3000] for block in blocks[1:])
    rest = "\n".join(b for b in blocks if "WebSocketClosedError" not in b[:3000])
    for block in rest.split("Traceback (most recent call last):")[1:]:
        lines = [x for x in block.strip().splitlines() if x and not x.startswith(" ")]
        other.append(lines[-1] if lines else "?")
    return {"closed_socket_writes": closed, "server_errors": other[:20], "server_error_count": len(other)}


def pct(values, q):
    values = sorted(values)
    return values[max(0, min(len(values) - 1, round(q / 100 * (len(values) - 1))))] if values else float("nan")


def run(game: str, scenario: str, pages: int = 30, seconds: float = 100, think=(2.0, 5.0), bot_delay: float = 0.5,
        arrive: int = 4, sample: float = 5.0, warmup: float = 60.0, seed: int = 1) -> dict:
    """One class: a fresh server for ``game``, ``pages`` pages of the ``scenario`` playing for
    ``seconds``; the figures as a dict (see the module's text)."""
    with tempfile.TemporaryDirectory(prefix="railkit-class-") as tmp:
        folder = Path(tmp)
        server = start_server(game, scenario, folder, bot_delay)
        sampler = Sampler(server.pid, sample)
        sampler.start()
        try:
            seats, open_s, playing = asyncio.run(class_run(server.url, game, scenario, pages, seconds, think,
                                                           arrive, seed))
            play_start = playing - sampler.t0
        finally:
            sampler.stopped.set()
            sampler.join()
            server.send_signal(signal.SIGTERM)
            try:
                code = server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
                code = server.wait()
        lost = [f"page {s.k + 1}: {x}" for s in seats for x in s.lost]
        if scenario == "shared":
            kept = journal_moves(folder, game)
            for s in seats:
                missing = s.moves - kept.get((s.table, s.seat), 0)
                if missing > 0:
                    lost.append(f"page {s.k + 1} (table {s.table}, seat {s.seat}): {missing} move(s) "
                                "not in the journal")
        server_log = (folder / "server.log").read_text(errors="replace")
        if os.environ.get("CLASSROOM_KEEP_LOG"):
            Path(os.environ["CLASSROOM_KEEP_LOG"]).write_text(server_log)
    latency = [ms for s in seats for ms in s.latency]
    after = [x for x in sampler.samples if x["t"] >= play_start + warmup]
    rss = [x["rss_mb"] for x in after]
    flat = None
    if len(rss) >= 2:
        mid = statistics.median(rss)
        flat = round(100 * max(abs(max(rss) - mid), abs(min(rss) - mid)) / mid, 1)
    kinds: dict[str, int] = {}
    for s in seats:
        for k, n in s.kinds.items():
            kinds[k] = kinds.get(k, 0) + n
    return {
        "game": game, "scenario": scenario, "pages": pages, "seconds": seconds,
        "tables": pages // 2 if scenario == "shared" else pages,
        "open_seconds": round(open_s, 1), "page_open_p95_s": round(pct([s.open_s for s in seats], 95), 1),
        "moves": len(latency), "moves_by_kind": kinds, "games_finished": sum(s.games for s in seats),
        "latency_ms": {"p50": round(pct(latency, 50), 1), "p95": round(pct(latency, 95), 1),
                       "max": round(max(latency), 1) if latency else None},
        "errors": [f"page {s.k + 1}: {x}" for s in seats for x in s.errors][:50],
        "error_count": sum(len(s.errors) for s in seats),
        "refused": [f"page {s.k + 1}: {x}" for s in seats for x in s.refused][:50],
        "lost": lost[:50], "lost_count": len(lost),
        "late_moves": sum(len(s.late) for s in seats),
        "stalls": [f"page {s.k + 1}: {x}" for s in seats for x in s.stalls][:50],
        "stall_count": sum(len(s.stalls) for s in seats),
        "server_exit": code, **server_errors(server_log),
        "cpu_percent": {"mean": round(statistics.mean([x["cpu"] for x in after]), 1) if after else None,
                        "max": max((x["cpu"] for x in after), default=None)},
        "browser_cpu_percent": round(statistics.mean([x["browser_cpu"] for x in after]), 1) if after else None,
        "machine_busy_percent": round(statistics.mean([x["machine_busy"] for x in after]), 1) if after else None,
        "rss_mb": {"after_warmup": rss[0] if rss else None, "end": rss[-1] if rss else None,
                   "min": min(rss, default=None), "max": max(rss, default=None), "spread_percent": flat,
                   "flat": flat is not None and flat <= 10},
        "load1": {"mean": round(statistics.mean([x["load1"] for x in sampler.samples]), 2) if sampler.samples else None,
                  "max": max((x["load1"] for x in sampler.samples), default=None)},
        "samples": sampler.samples,
    }


def report(r: dict, out=None) -> None:
    """Print the figures of one run (to ``out``, standard output by default)."""
    print = functools.partial(builtins.print, file=out or sys.stdout, flush=True)
    lat = r["latency_ms"]
    print(f"{r['scenario']} {r['game']}: {r['pages']} pages ({r['tables']} tables), {r['seconds']:.0f} s of play; "
          f"pages opened in {r['open_seconds']} s (p95 per page {r['page_open_p95_s']} s)")
    print(f"  moves {r['moves']} {r['moves_by_kind']}; games finished {r['games_finished']}")
    print(f"  click -> the move in the log, painted: p50 {lat['p50']} ms   p95 {lat['p95']} ms   max {lat['max']} ms"
          f"   (target p95 < {TARGET_MS})")
    print(f"  moves answered after {MOVE_WAIT} s (not timed): {r['late_moves']}; steps of a move not shown within "
          f"30 s: {r['stall_count']}")
    print(f"  errors {r['error_count']}, refused moves {len(r['refused'])}, lost moves {r['lost_count']}; "
          f"server exit {r['server_exit']}, errors in its log {r['server_error_count']} "
          f"(and {r['closed_socket_writes']} write(s) to a page that had just left)")
    for line in (r["errors"][:5] + r["refused"][:5] + r["lost"][:5] + r["stalls"][:5] + r["server_errors"][:5]):
        print("    " + line)
    cpu, rss, load = r["cpu_percent"], r["rss_mb"], r["load1"]
    print(f"  server CPU after warm-up: mean {cpu['mean']} %, max {cpu['max']} % of one core; the browsers: "
          f"mean {r['browser_cpu_percent']} % of one core; the whole machine busy {r['machine_busy_percent']} % "
          f"of its {os.cpu_count()} cores")
    print(f"  server RSS after warm-up: {rss['after_warmup']} -> {rss['end']} MB (min {rss['min']}, max {rss['max']}; "
          f"spread {rss['spread_percent']} % of the median: {'flat' if rss['flat'] else 'NOT flat'} within 10 %)")
    print(f"  load average (1 min): mean {load['mean']}, max {load['max']} on {os.cpu_count()} cores")
    every = max(1, len(r["samples"]) // 12)
    print("  over time (s: server CPU %, RSS MB, load):  " + "  ".join(
        f"{x['t']:.0f}: {x['cpu']:.0f}%, {x['rss_mb']:.0f}, {x['load1']:.1f}" for x in r["samples"][::every]))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=30, help="browser pages, one per person (default 30)")
    ap.add_argument("--minutes", type=float, default=10, help="minutes of play in all, shared by the runs (default 10)")
    ap.add_argument("--game", action="append", choices=GAMES, help="a game (again for more; default: all three)")
    ap.add_argument("--scenario", action="append", choices=SCENARIOS,
                    help="shared (tables of two and a bot) or solo (default: both)")
    ap.add_argument("--think", type=float, nargs=2, default=(2.0, 5.0), metavar=("MIN", "MAX"),
                    help="seconds a person thinks before a move (default 2 5)")
    ap.add_argument("--bot-delay", type=float, default=0.5, help="the server's --bot-delay (default 0.5)")
    ap.add_argument("--arrive", type=int, default=4, help="pages opening at the same time (default 4)")
    ap.add_argument("--sample", type=float, default=5.0, help="seconds between two samples of the server")
    ap.add_argument("--warmup", type=float, default=60.0, help="seconds of play before memory must stay flat")
    ap.add_argument("--seed", type=int, default=1, help="seed of the pages' choices")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args(argv)
    if a.pages < 1 or a.minutes <= 0:
        ap.error("--pages and --minutes must be positive")
    sys.path.insert(0, str(ROOT))
    runs = [(g, s) for g in (a.game or GAMES) for s in (a.scenario or SCENARIOS)]
    seconds = 60 * a.minutes / len(runs)
    load0 = os.getloadavg()
    results = []
    for game, scenario in runs:
        r = run(game, scenario, a.pages, seconds, tuple(a.think), a.bot_delay, a.arrive, a.sample,
                min(a.warmup, seconds / 3), a.seed)
        results.append(r)
        report(r, sys.stderr if a.json else sys.stdout)
    out = {"pages": a.pages, "minutes": a.minutes, "cores": os.cpu_count(), "load_before": load0,
           "load_after": os.getloadavg(), "browser": "one Chromium, a context per page", "runs": results}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"machine load (1/5/15 min) before {load0[0]:.1f}/{load0[1]:.1f}/{load0[2]:.1f}, after "
              f"{out['load_after'][0]:.1f}/{out['load_after'][1]:.1f}/{out['load_after'][2]:.1f} on {os.cpu_count()} "
              "cores; the pages, Chromium and this driver share them with the server")


if __name__ == "__main__":
    main()

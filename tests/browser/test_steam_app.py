"""The served Steam Rollers view in headless Chromium: the sheet shows the game's state,
clicks draw a track, an illegal placement is explained, a delivery is previewed and
made, Olivia's turn is shown, the final scoring; no console error, no request that
leaves 127.0.0.1. Screenshots (1280x720) go to ``$STEAM_SHOTS`` when it is set; ``STEAM_LOG=1``
prints the servers' logs at the end."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import launch, stop_server
from helpers import ROWS, SHEET_XY as XY, join_from_lobby, page_fits_phone, page_text, phone_page, wait_text
from steam_serve import autoplay
from railkit.agents import make_agent
from railkit.games.steam_rollers.actions import Build, Deliver, Engine, ExtraBuild, Pass, Skip, TakeTile
from railkit.viz.shell.table import Table
from railkit.viz.steam_rollers.sheet import centre
from railkit.viz.steam_rollers.view import DIE_FACE, delivery_source, olivia_steps
from railkit.viz.steam_rollers.words import describe_action

HERE = Path(__file__).parent
SEED = 4




def serve(*args: str):
    proc = launch([sys.executable, str(HERE / "steam_serve.py"), "{port}", "--seed", str(SEED), *args], name="steam")
    return proc, proc.url, proc.log_path


@pytest.fixture
def steam(request):
    procs = []

    def start(*args):
        proc, url, logname = serve(*args)
        procs.append((proc, logname))
        return url

    yield start
    for proc, logname in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if os.environ.get("STEAM_LOG"):
            print(open(logname).read()[-6000:])
        os.unlink(logname)


def watch(page) -> list[str]:
    """Console errors, page errors (an exception thrown in the page's own code, such as
    Bokeh's drawing) and requests to any host but 127.0.0.1, as they happen."""
    bad: list[str] = []
    page.on("console", lambda m: bad.append("console: " + m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: bad.append(f"page error: {e}"))

    def on_request(r):
        if not (r.url.startswith("http://127.0.0.1:") or r.url.startswith("ws://127.0.0.1:")
                or r.url.startswith("blob:http://127.0.0.1:") or r.url.startswith("data:")):
            bad.append("request: " + r.url)

    page.on("request", on_request)
    return bad


def shot(page, name: str) -> None:
    folder = os.environ.get("STEAM_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def open_view(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(f"() => ({ROWS})('sheet_hexes') > 0")


def wait_rows(page, name: str, cond: str) -> None:
    page.wait_for_function(f"() => {{ const n = ({ROWS})('{name}'); return n >= 0 && n {cond}; }}", timeout=60_000)




def click_at(page, xy, touch: bool = False) -> None:
    """Click (``touch``: tap) the sheet at point ``xy``."""
    if touch:
        page.touchscreen.tap(*page.evaluate(XY, list(xy)))
        return
    page.mouse.move(1, 1)
    pos = page.evaluate(XY, list(xy))
    page.mouse.click(*pos)


def press(locator, touch: bool = False) -> None:
    """Click ``locator``, or tap it on a touch screen."""
    locator.tap() if touch else locator.click()


def draft(page, die: int, touch: bool = False) -> None:
    press(page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first, touch)
    wait_text(page, f"Die {die} drafted")


def confirm_button(page):
    return page.get_by_role("button", name="Confirm turn")


def confirm_turn(page, touch: bool = False) -> None:
    """Press "Confirm turn" once the move that ends the turn waits for it (the served default)."""
    expect(confirm_button(page)).to_be_enabled(timeout=60_000)
    press(confirm_button(page), touch)


def confirm_if_waiting(page, t: Table, seat: int, action) -> None:
    """Press "Confirm turn" if the page keeps ``action`` back (it would end the turn: the
    table cannot take it back once played); ``t`` is this test's copy of the table."""
    if t.final_reason(seat, action):
        confirm_turn(page)


def test_solo_sheet_a_track_by_clicks_an_illegal_one_explained_and_olivias_turn(page, steam):
    url = steam()
    bad = watch(page)
    open_view(page, url)
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    g = t.game
    # the sheet shows the game: 61 hexes, 6 cities, 6 towns, no track; the dice rolled
    assert page.evaluate(ROWS, "sheet_hexes") == 61
    assert page.evaluate(ROWS, "sheet_cities") == 6 and page.evaluate(ROWS, "sheet_towns") == 6
    assert page.evaluate(ROWS, "sheet_tracks") == 0
    for d in g.dice:
        assert page.get_by_role("button", name=f"{DIE_FACE[d]} {d}").first.is_visible()
    text = page_text(page)
    assert "Black die" in text and "Goods on the cities" in text and "Olivia" in text
    shot(page, "1-sheet")
    die = g.dice[0]
    draft(page, die)
    builds = [a for a in g.legal_actions() if isinstance(a, Build) and a.die == die and a.value is None]
    h = builds[0].hex
    options = [a for a in builds if a.hex == h]
    click_at(page, centre(h))
    wait_rows(page, "sheet_choices", f"== {len(options)}")
    wait_text(page, f"{len(options)} track{'' if len(options) == 1 else 's'} allowed")
    shot(page, "2-placements")
    xs = page.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_choices').data.x[0]")
    ys = page.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_choices').data.y[0]")
    click_at(page, (xs, ys))
    wait_rows(page, "sheet_tracks", "== 1")
    g.apply(options[0])
    assert page.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_tracks').data.hex[0]") == \
        f"{h[0]},{h[1]}"
    # an illegal placement: a hex of another region, explained with its rule id; nothing drawn
    die2 = g.dice[0]
    draft(page, die2)
    other = next(x for x in g.sheet.regions[die2 % 6 + 1].drawable if x not in g.ps[0].tracks)
    click_at(page, centre(other))
    wait_text(page, "SR-BUILD-REGION")
    assert page.evaluate(ROWS, "sheet_tracks") == 1
    shot(page, "3-illegal")
    # the second action (engine box) ends the turn: Olivia's phase, step by step
    page.get_by_role("button", name=str(die2), exact=True).first.click()
    confirm_turn(page)
    wait_text(page, "Olivia's die shows")
    page.locator("select", has=page.locator("option", has_text="Olivia")).select_option(label="Olivia")
    wait_rows(page, "sheet_crosses", ">= 2")
    shot(page, "4-olivia")
    assert not bad, bad


#: Olivia's box as the page shows it: [her score's label and number, [[part, points], ...]]
OLIVIA_SCORE = """() => { const find = (n, cls, out) => { if (n.classList && n.classList.contains(cls)) out.push(n);
    for (const c of [n.shadowRoot, ...n.childNodes]) if (c) find(c, cls, out); return out; };
  const total = find(document.body, 'olivia-total', [])[0];
  if (!total) return null;
  return [total.textContent, find(document.body, 'olivia-part', []).map(p => [p.dataset.part, p.textContent])]; }"""


def test_olivias_running_total_is_labelled_and_shows_its_parts(page, steam):
    """Before anyone has moved Olivia already has points (her engine, the tiles by the board):
    the page says it is her score so far and shows the parts, which add up to the engine's
    own score for her, part by part."""
    from railkit.games.steam_rollers.scoring import olivia_breakdown

    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    open_view(page, url)
    g = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk").game
    page.wait_for_function(f"() => ({OLIVIA_SCORE})() !== null", timeout=60_000)
    total, parts = page.evaluate(OLIVIA_SCORE)
    want = olivia_breakdown(g)
    assert total == f"score so far {g.olivia_score()}"
    assert g.olivia_score() > 0 and len(g.log) == 0  # points before any move: why the label matters
    assert {name: int(points) for name, points in parts} == {
        "deliveries": want["olivia_delivery_points"], "engine": want["olivia_engine_points"],
        "regions": want["olivia_network_points"], "tiles": want["olivia_tile_vp"]}
    assert sum(int(points) for _, points in parts) == g.olivia_score()
    page.locator(".olivia").scroll_into_view_if_needed()
    shot(page, "0-olivia-running-total")
    assert not bad, bad


def test_a_delivery_is_previewed_on_the_sheet_then_made(page, steam):
    url = steam("--autoplay", "200", "--until", "deliver")
    bad = watch(page)
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    autoplay(t, 200, "deliver")
    g = t.game
    acts = [a for a in g.legal_actions() if isinstance(a, Deliver) and a.value is None]
    assert acts, "the autoplay must stop where a delivery is legal"
    open_view(page, url)
    wait_rows(page, "sheet_tracks", f"== {len(g.ps[0].tracks)}")
    draft(page, acts[0].die)
    sel = page.locator("select", has=page.locator("option", has_text="(choose a good)"))
    sel.locator("option", has_text="distance").first.wait_for(state="attached", timeout=60_000)
    labels = [o for o in sel.locator("option").all_text_contents() if "distance" in o]
    assert labels
    sel.select_option(label=labels[0])
    wait_rows(page, "sheet_route", "> 0")
    wait_text(page, "Delivery preview")
    shot(page, "5-delivery-preview")
    page.get_by_role("button", name="Deliver", exact=True).click()
    confirm_if_waiting(page, t, 0, acts[0])  # the same die: it ends the round or not, whatever the good
    wait_text(page, "→")  # the delivery is listed for replay (and scored in its box)
    wait_rows(page, "sheet_route", "== 0")
    assert not bad, bad


def test_the_end_shows_the_scoring_and_the_result(page, steam):
    url = steam("--autoplay", "5000")
    bad = watch(page)
    open_view(page, url)
    wait_text(page, "Final score")
    text = page_text(page)
    assert "You win" in text or "You lose" in text
    assert "Game over" in text
    # the end banner calls the person "You", as the rest of the page does
    banner = page.locator(".winner-banner")
    seat_chip = banner.locator(".final-score[data-seat='0']")
    assert seat_chip.inner_text().split(". ", 1)[1].startswith("You —"), seat_chip.inner_text()
    assert "Player 1" not in banner.inner_text()
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    autoplay(t, 5000)
    row = t.game.summary()[0]
    line = banner.locator(".winner-line").inner_text()
    points = row["score"] if row["win"] else row["olivia_score"]
    assert line == (f"Game over: {'You win' if row['win'] else 'Olivia wins'} with {points} "
                    f"point{'' if abs(points) == 1 else 's'}")
    # the game's statistics under it, the simulations' columns: the person's and Olivia's
    for stat in ("delivery_points", "network_points", "tile_vp", "tracks"):
        cells = banner.locator(f".stats-table tr[data-stat='{stat}'] td[data-seat]").all_inner_texts()
        want = [str(row[stat])] + ([str(row[f"olivia_{stat}"])] if stat != "tracks" else [""])
        assert cells == want, stat
    wait_rows(page, "sheet_labels", "> 0")  # the connections, with their points, on the sheet
    shot(page, "6-scoring")
    assert not bad, bad


def join_sheet(page, url: str, seat: int, make: str | None = None) -> None:
    """Join ``seat`` from the lobby and wait for the sheet."""
    join_from_lobby(page, url, seat, make)
    page.wait_for_function(f"() => ({ROWS})('sheet_hexes') > 0")


@contextlib.contextmanager
def two_seats(browser, name: str, table: str):
    """A served two-seat table (made in the lobby as ``table``) and a page at each seat, at
    1280x720: yields the two pages and the console errors each logs."""
    proc = launch([sys.executable, "-m", "railkit.viz.shell.serve", "steam-rollers", "--port", "{port}", "--seats", "2",
                   "--seed", str(SEED), "--bot-delay", "0.05"], name=name)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(2)]
    try:
        a, b = (c.new_page() for c in contexts)
        bad_a, bad_b = watch(a), watch(b)
        for p in (a, b):
            p.set_default_timeout(60_000)
        join_sheet(a, proc.url, 1, make=table)
        join_sheet(b, proc.url, 2)
        yield a, b, bad_a, bad_b
    finally:
        for c in contexts:
            c.close()
        stop_server(proc)


def build_by_clicks(page, g, seat: int, avoid=()):
    """Draft the first die with a build (in a hex not in ``avoid``), click its hex, click the
    first placement drawn; returns the action played (as the game's own list has it)."""
    build = next(a for a in g.legal_actions() if isinstance(a, Build) and a.value is None and a.hex not in avoid)
    options = [a for a in g.legal_actions() if isinstance(a, Build) and a.die == build.die and a.value is None
               and a.hex == build.hex]
    before = page.evaluate(ROWS, "sheet_tracks")
    draft(page, build.die)
    click_at(page, centre(build.hex))
    wait_rows(page, "sheet_choices", f"== {len(options)}")
    xy = page.evaluate("() => { const d = Bokeh.documents[0].get_model_by_name('sheet_choices').data;"
                       " return [d.x[0], d.y[0]]; }")
    click_at(page, xy)
    wait_rows(page, "sheet_tracks", f"== {before + 1}")
    wait_rows(page, "sheet_choices", "== 0")
    confirm_turn(page)  # at a table of two every move ends the turn: it waits for "Confirm turn"
    g.apply(options[0])
    return options[0]


def look_at(page, label: str) -> None:
    """Show the sheet of the seat named ``label`` ("Player 2", ...)."""
    sel = page.locator("select", has=page.locator("option", has_text="(you)"))
    opt = sel.locator("option", has_text=label).first
    sel.select_option(label=opt.inner_text().strip())


def wait_title(page, text: str) -> None:
    """Wait until the sheet's title (drawn on the canvas) starts with ``text``."""
    page.wait_for_function("(t) => Bokeh.documents[0].get_model_by_name('sheet').title.text.startsWith(t)",
                           arg=text, timeout=60_000)


def undo_button(page):
    return page.get_by_role("button", name="Undo my last move")


def test_a_shared_two_seat_game_each_seat_plays_by_clicks_and_sees_the_other(browser):
    """Two pages at one table from the lobby: each seat builds by clicks, each page shows the
    other's track (on that seat's sheet and in the log), no seat can take back the other's move
    nor a move that revealed the next roll, and no page logs a console error or asks another host."""
    with two_seats(browser, "steam-shared", "steam-two") as (a, b, bad_a, bad_b):
        g = Table(players=2, humans=[0, 1], seed=SEED, game="steam-rollers").game
        for d in g.dice:  # both pages show the table's dice
            for p in (a, b):
                assert p.get_by_role("button", name=f"{DIE_FACE[d]} {d}").first.is_visible()
        # seat 1 (page a) builds; its turn is then over: no undo for it, none for seat 2 either
        first = build_by_clicks(a, g, 0)
        assert g.current_player == 1
        wait_text(b, str(describe_action(None, first)))  # the log of seat 2's page has seat 1's move
        look_at(b, "Player 1")
        wait_title(b, "Player 1's sheet")
        wait_rows(b, "sheet_tracks", "== 1")
        assert b.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_tracks').data.hex[0]") == \
            f"{first.hex[0]},{first.hex[1]}"
        shot(b, "7-shared-seat2-sees-seat1")
        look_at(b, "Player 2")
        wait_rows(b, "sheet_tracks", "== 0")
        expect(undo_button(a)).to_be_disabled()
        expect(undo_button(b)).to_be_disabled()
        # seat 2 (page b) builds: the round ends and the next one is rolled, so this move showed
        # what was hidden and nobody can take it back (TABLE-UNDO-BLIND; tests/security has the rule)
        second = build_by_clicks(b, g, 1, avoid=[first.hex])
        assert str(second) != str(first)
        assert g.current_player == 1  # seat 2 starts the new round
        expect(undo_button(b)).to_be_disabled()
        expect(undo_button(a)).to_be_disabled()
        look_at(a, "Player 2")
        wait_title(a, "Player 2's sheet")
        wait_text(a, str(describe_action(None, second)))
        wait_rows(a, "sheet_tracks", "== 1")
        assert a.evaluate("() => Bokeh.documents[0].get_model_by_name('sheet_tracks').data.hex[0]") == \
            f"{second.hex[0]},{second.hex[1]}"
        shot(a, "8-shared-seat1-sees-seat2")
        # seat 1 cannot take back seat 2's move
        expect(undo_button(a)).to_be_disabled()
        assert not bad_a and not bad_b, bad_a + bad_b


LOG_HEAD = """() => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList && el.classList.contains('action-log')) return el;
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const host = find(document);
  if (!host) return null;
  const div = (host.shadowRoot || host).querySelector('div div') || (host.shadowRoot || host).querySelector('div');
  return div ? div.textContent : null;
}"""


#: The whole action log's text.
LOG_TEXT = LOG_HEAD.replace(
    "const div = (host.shadowRoot || host).querySelector('div div') || (host.shadowRoot || host).querySelector('div');\n"
    "  return div ? div.textContent : null;", "return (host.shadowRoot || host).textContent;")


def wait_log(page, n: int, action) -> None:
    """Wait until the action log's newest line is action ``n`` (1-based): ``action`` in the log's words."""
    text = str(describe_action(None, action))
    page.wait_for_function(f"([n, t]) => {{ const s = ({LOG_HEAD})(); return s !== null && s.startsWith(n + '.') "
                           "&& s.endsWith(': ' + t); }", arg=[n, text], timeout=60_000)


def wait_dice(page, dice) -> None:
    """Wait until the tray's die buttons show ``dice`` (in order), enabled."""
    want = [f"{DIE_FACE[d]} {d}" for d in dice]
    page.wait_for_function("(want) => { const got = []; const walk = (r) => { for (const el of r.querySelectorAll('*')) {"
                           " if (el.tagName === 'BUTTON' && /^[\\u2680-\\u2685] \\d$/.test(el.textContent.trim()) "
                           "&& !el.disabled) got.push(el.textContent.trim()); if (el.shadowRoot) walk(el.shadowRoot); } };"
                           " walk(document); return JSON.stringify(got) === JSON.stringify(want); }",
                           arg=want, timeout=60_000)


def solo_choice(g, bot):
    """The person's move in the clicked solo game: the greedy bot's pick among the moves
    this test clicks (every die as rolled: a track, an engine box, a delivery, a tile, a
    pass; tile 3b's second track or its skip; no re-roll with tile 2s)."""
    legal = [a for a in g.legal_actions() if getattr(a, "value", None) is None
             and isinstance(a, (Build, ExtraBuild, Engine, Deliver, TakeTile, Pass, Skip))]
    assert legal, f"no move to click in {g.legal_actions()}"
    return bot.act(g.observe(0), legal)


def play_by_clicks(page, g, action, t: Table | None = None, touch: bool = False) -> None:
    """Play ``action`` (legal in ``g``, the person's move) on the page by clicks only (and
    "Confirm turn" where it waits for it, if ``t``, this test's copy of the table, is given);
    ``touch``: by taps."""
    ends = bool(t is not None and t.final_reason(0, action))
    if isinstance(action, (Build, ExtraBuild)):
        if isinstance(action, Build):
            draft(page, action.die, touch)
        options = [a for a in g.legal_actions() if type(a) is type(action) and a.hex == action.hex
                   and getattr(a, "die", None) == getattr(action, "die", None) and getattr(a, "value", None) is None]
        click_at(page, centre(action.hex), touch)
        wait_rows(page, "sheet_choices", f"== {len(options)}")
        i = options.index(action)
        xy = page.evaluate(f"() => {{ const d = Bokeh.documents[0].get_model_by_name('sheet_choices').data;"
                           f" return [d.x[{i}], d.y[{i}]]; }}")
        click_at(page, xy, touch)
    elif isinstance(action, Engine):
        draft(page, action.die, touch)
        press(page.get_by_role("button", name=str(action.die), exact=True).first, touch)
    elif isinstance(action, Deliver):
        draft(page, action.die, touch)
        src = delivery_source(action)
        line = g.supply.get(src, [])
        pos = action.pos or (line.index(action.good) + 1 if action.good in line else 0)
        prefix = f"{action.good}{f' (no. {pos} in line)' if pos else ''} from city {src} to city {action.dest}: "
        sel = page.locator("select", has=page.locator("option", has_text="(choose a good)"))
        opt = sel.locator("option", has_text=prefix).first
        opt.wait_for(state="attached", timeout=60_000)
        sel.select_option(label=opt.inner_text().strip())
        wait_text(page, "Delivery preview")
        press(page.get_by_role("button", name="Deliver", exact=True), touch)
    elif isinstance(action, TakeTile):
        draft(page, action.die, touch)
        press(page.get_by_role("button", name=re.compile("^" + re.escape(g.tile_id[action.number]) + " ")), touch)
    elif isinstance(action, Pass):
        draft(page, action.die, touch)
        press(page.get_by_role("button", name="Pass (use the die for nothing)"), touch)
    elif isinstance(action, Skip):
        press(page.get_by_role("button", name=re.compile("^(Skip the second track|Do not re-roll)")), touch)
    else:  # pragma: no cover - solo_choice offers nothing else
        raise TypeError(f"no clicks for {action!r}")
    if ends:
        confirm_turn(page, touch)


def solo_game_by_clicks(page, touch: bool = False):
    """Play the served rail-baron solo game to its end (the person's moves: the greedy bot's
    choices) by clicks, or taps with ``touch`` (then the page must fit the phone at each roll),
    each move followed in the page's action log; the game here and the kinds of moves made."""
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="rail-baron")
    g, bot = t.game, make_agent(t.spec, "greedy", "clicks")
    kinds = set()
    while not g.is_over:
        assert len(g.log) < 200, "the game must end"
        if g.phase == "draft":
            wait_dice(page, g.dice)  # the page shows this turn's roll (Olivia's turn is over)
            if touch:
                assert page_fits_phone(page) == {"overflow": 0, "small": []}, len(g.log)
        action = solo_choice(g, bot)
        play_by_clicks(page, g, action, t, touch=touch)
        g.apply(action)
        kinds.add(type(action).__name__)
        wait_log(page, len(g.log), action)
    return g, kinds


def test_a_solo_game_against_olivia_played_to_the_end_by_clicks(page, steam):
    """Rail-baron (the level that ends soonest): every move of the person (the greedy bot's
    choice) by clicks on the page (dice, hexes, drawn placements, engine boxes, a delivery),
    each one followed in the page's action log; the final scores the page shows are the
    game's own ``summary()`` of the same moves."""
    url = steam("--difficulty", "rail-baron")
    bad = watch(page)
    open_view(page, url)
    g, kinds = solo_game_by_clicks(page)
    assert {"Build", "Engine", "Deliver"} <= kinds, kinds
    wait_text(page, "Final score")
    wait_text(page, "Game over")
    text = page_text(page)
    row = g.summary()[0]
    me, her = row["score"], row["olivia_score"]
    assert ("You win" if row["win"] else "You lose") in text
    assert f"you {me}, Olivia {her}" in text
    table = page.locator("table", has=page.locator("th", has_text="engine bonus"))
    cells = {r.locator("td").first.inner_text().strip(): [c.strip() for c in r.locator("td").all_inner_texts()]
             for r in table.locator("tr", has=page.locator("td")).all()}
    assert cells["You"][1] == str(row["delivery_points"]) and cells["You"][3] == str(row["engine_bonus"])
    assert cells["You"][2].startswith(f"{row['network_points']} ({row['connections']} conn.")
    assert cells["You"][-1] == str(me)
    assert cells["Olivia"][1] == str(row["olivia_delivery_points"])
    assert cells["Olivia"][2].startswith(str(row["olivia_network_points"]))
    assert cells["Olivia"][-1] == str(her)
    shot(page, "9-solo-by-clicks-end")
    assert not bad, bad


def start_new_game_by_clicks(page, level: str | None = None, mountains: str = "medium") -> None:
    """Open the new-game form, choose Olivia's ``level`` (solo) and a rule variant
    (``mountains``), press "Start new game" and wait until the page says it started."""
    page.get_by_role("button", name="New game and rule variants…").click()
    if level is not None:
        page.get_by_label("Olivia's level (solo)").select_option(level)
    page.get_by_label("Mountains", exact=True).select_option(mountains)
    page.get_by_role("button", name="Start new game").click()
    wait_text(page, "New game started.")


def test_a_new_solo_game_with_another_level_and_rule_variant_starts_by_clicks(page, steam):
    """The new-game form of the solo page starts a game at the level and with the rule
    variant chosen there: Olivia's box names her new level, the sheet has mountains."""
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    wait_text(page, "(clerk)")
    assert page.evaluate(ROWS, "sheet_mountains") == 0
    start_new_game_by_clicks(page, "machinist", "medium")
    wait_text(page, "(machinist)")
    wait_rows(page, "sheet_mountains", "> 0")
    page.evaluate(XY, [0, 0])  # the sheet in view
    shot(page, "10-solo-new-game")
    assert not bad, bad


def test_the_first_seat_of_a_shared_table_starts_a_new_game_with_a_rule_variant(browser):
    """At a shared table the first seat's form starts a new game with the rule variant chosen
    there (mountains), and the other seat's page shows the new game too."""
    with two_seats(browser, "steam-shared-new", "steam-new") as (a, b, bad_a, bad_b):
        assert a.evaluate(ROWS, "sheet_mountains") == 0
        assert b.get_by_role("button", name="New game and rule variants…").count() == 0
        start_new_game_by_clicks(a, None, "hard")
        wait_rows(a, "sheet_mountains", "> 0")
        wait_rows(b, "sheet_mountains", "> 0")
        a.evaluate(XY, [0, 0])  # the sheet in view
        shot(a, "11-shared-new-game")
        assert not bad_a and not bad_b, bad_a + bad_b


#: the boxes ([left, right]) of the tooltips shown on the page (Bokeh lays each one on the page's body)
TOOLTIPS = """() => Array.from(document.querySelectorAll('.bk-Tooltip')).filter(t => t.checkVisibility())
  .map(t => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })"""


def test_a_tooltip_goes_away_after_a_click_on_an_engine_box_or_a_tile(page, steam):
    """Pointing at an engine box shows its tooltip; after a click on it the round goes on
    (Olivia's turn, a new roll) with the pointer still there; once the pointer moves away no
    tooltip is left on the page. The same for a tile taken with a die."""
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    g = t.game
    engine = next(a for a in g.legal_actions() if isinstance(a, Engine) and a.value is None)
    tile = next(a for a in g.legal_actions() if isinstance(a, TakeTile) and a.value is None
                and a.die != engine.die)
    for action, button in ((engine, lambda: page.get_by_role("button", name=str(engine.die), exact=True).first),
                           (tile, lambda: page.get_by_role(
                               "button", name=re.compile("^" + re.escape(g.tile_id[tile.number]) + " ")))):
        draft(page, action.die)
        button().hover()
        page.wait_for_function(f"() => ({TOOLTIPS})().length > 0")
        button().click()
        confirm_if_waiting(page, t, 0, action)
        g.apply(action)
        wait_log(page, len(g.log), action)
        if action is engine:  # the round goes on while the pointer stays on the box
            t.run_bots()
            wait_dice(page, g.dice)
        page.mouse.move(1, 1)
        page.wait_for_function(f"() => ({TOOLTIPS})().length === 0", timeout=20_000)
    shot(page, "12-no-tooltip-left")
    assert not bad, bad


def test_the_move_that_ends_the_round_waits_for_confirm_turn(page, steam):
    """Solo against Olivia, with "Confirm before my turn ends" on (the served default): the
    first die's move is played at once; the second die's track (it ends the round: the next
    roll is a blind draw) is drawn on the sheet but waits, with no roll, until "Confirm turn".
    Undo takes it back, then the first move too, one by one; the page says in words why the
    move waits (rule TABLE-UNDO-BLIND). Confirm plays it: Olivia's turn, a new roll."""
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    g = t.game
    engine = next(a for a in g.legal_actions() if isinstance(a, Engine) and a.value is None)
    play_by_clicks(page, g, engine)
    g.apply(engine)
    wait_log(page, 1, engine)
    expect(confirm_button(page)).to_be_disabled()
    # the second die: a track; it would end the round, so it waits
    build = next(a for a in g.legal_actions() if isinstance(a, Build) and a.value is None)
    play_by_clicks(page, g, build)
    wait_rows(page, "sheet_tracks", "== 1")
    expect(confirm_button(page)).to_be_enabled()
    wait_text(page, "TABLE-UNDO-BLIND")
    wait_text(page, "not played yet")
    wait_log(page, 1, engine)  # nothing more played: no roll, no Olivia
    assert "Olivia's die shows" not in page_text(page)
    assert "Round 1" in page_text(page)
    shot(page, "13-confirm-waiting")
    # Undo, one by one: the waiting track, then the engine box
    undo_button(page).click()
    wait_rows(page, "sheet_tracks", "== 0")
    expect(confirm_button(page)).to_be_disabled()
    wait_log(page, 1, engine)
    undo_button(page).click()
    wait_text(page, "no actions yet")
    g.undo(1)
    # again: the engine box, the track; then Confirm turn plays it and the dice roll
    play_by_clicks(page, g, engine)
    g.apply(engine)
    wait_log(page, 1, engine)
    play_by_clicks(page, g, build)
    wait_rows(page, "sheet_tracks", "== 1")
    expect(confirm_button(page)).to_be_enabled()
    confirm_button(page).click()
    g.apply(build)
    wait_log(page, 2, build)
    wait_text(page, "Olivia's die shows")
    wait_text(page, "Round 2")
    # Olivia's turn is in the action log too, under the move after which she played
    g1 = g.history(1)
    steps = " ".join(olivia_steps(g1, g))
    page.wait_for_function(f"(t) => {{ const s = ({LOG_TEXT})(); return s !== null && s.includes(t); }}",
                           arg="Olivia's turn: " + steps, timeout=30_000)
    wait_dice(page, g.dice)
    expect(confirm_button(page)).to_be_disabled()
    page.wait_for_function("() => !Bokeh.documents[0].get_model_by_name('sheet').title.text.includes('confirm')",
                           timeout=30_000)
    wait_rows(page, "sheet_tracks", "== 1")
    shot(page, "14-confirmed")
    assert not bad, bad


#: The placement choices beside the sheet as the page draws them: each one's bounding box on
#: the screen (CSS pixels) and its centre.
CHOICE_BOXES = """() => {
  const doc = Bokeh.documents[0];
  const view = Bokeh.index.get_one(doc.get_model_by_name('sheet'));
  const r = view.canvas_view.el.getBoundingClientRect();
  const sx = (x) => view.frame.x_scale.compute(x) + r.left, sy = (y) => view.frame.y_scale.compute(y) + r.top;
  const d = doc.get_model_by_name('sheet_choices').data;
  return d.xs.map((xs, i) => { const px = xs.map(sx), py = d.ys[i].map(sy);
    return {left: Math.min(...px), right: Math.max(...px), top: Math.min(...py), bottom: Math.max(...py),
            x: sx(d.x[i]), y: sy(d.y[i])}; });
}"""


def test_track_choices_are_big_enough_and_pointing_at_one_previews_it_on_the_hex(page, steam):
    """At 1280x720 every placement choice is a touch target of at least 44x44 CSS pixels, apart
    from the others; pointing at one draws its track on the hex of the sheet (highlighted), and
    pointing at another draws that one instead."""
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    g = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk").game
    die = g.dice[0]
    builds = [a for a in g.legal_actions() if isinstance(a, Build) and a.die == die and a.value is None]
    h = max({a.hex for a in builds}, key=lambda x: sum(a.hex == x for a in builds))  # the most choices
    options = [a for a in builds if a.hex == h]
    assert len(options) >= 6
    draft(page, die)
    click_at(page, centre(h))
    wait_rows(page, "sheet_choices", f"== {len(options)}")
    boxes = page.evaluate(CHOICE_BOXES)
    for i, b in enumerate(boxes):
        assert b["right"] - b["left"] >= 44 and b["bottom"] - b["top"] >= 44, (i, b)
        assert 0 <= b["left"] and b["right"] <= 1280 and 0 <= b["top"] and b["bottom"] <= 720, (i, b)
        for j, o in enumerate(boxes[:i]):  # apart: no two boxes overlap
            assert b["right"] <= o["left"] or o["right"] <= b["left"] or b["bottom"] <= o["top"] \
                or o["bottom"] <= b["top"], (i, j, b, o)
    assert page.evaluate(ROWS, "sheet_choice_preview") == 0
    for i in (0, len(options) - 1):
        page.mouse.move(boxes[i]["x"], boxes[i]["y"])
        page.wait_for_function("""(i) => { const d = Bokeh.documents[0];
            const p = d.get_model_by_name('sheet_choice_preview').data, g = d.get_model_by_name('sheet_ghosts').data;
            return p.xs.length === 1 && JSON.stringify(Array.from(p.xs[0])) === JSON.stringify(Array.from(g.xs[i])); }""",
                               arg=i, timeout=20_000)
        shot(page, f"15-choice-{i + 1}-previewed")
    assert not bad, bad


def engine_box(page, v: int, crossed: bool):
    return page.get_by_role("button", name=f"✗{v}" if crossed else str(v), exact=True)


def test_the_engine_boxes_shown_are_those_of_the_sheet_looked_at_spectators_too(browser):
    """Seat 1 crosses engine box v, seat 2 box w: seat 2 looking at Player 1's sheet sees v
    crossed (not its own w), at its own sheet w and not v; a spectator sees Player 1's crossed
    box too (it saw none before)."""
    with two_seats(browser, "steam-boxes", "steam-boxes") as (a, b, bad_a, bad_b):
        t = Table(players=2, humans=[0, 1], seed=SEED, game="steam-rollers")
        g = t.game
        first = next(x for x in g.legal_actions() if isinstance(x, Engine) and x.value is None)
        play_by_clicks(a, g, first, t)  # it ends seat 1's turn: confirmed
        g.apply(first)
        second = next(x for x in g.legal_actions() if isinstance(x, Engine) and x.value is None
                      and x.die != first.die)
        wait_log(b, 1, first)
        t1 = Table(players=2, humans=[0, 1], seed=SEED, game="steam-rollers")
        t1.game.apply(first)
        play_by_clicks(b, g, second, t1)
        g.apply(second)
        v, w = first.die, second.die
        wait_log(b, 2, second)
        expect(engine_box(b, w, True)).to_be_visible()  # its own sheet: its own box
        expect(engine_box(b, v, False)).to_be_visible()
        look_at(b, "Player 1")
        wait_title(b, "Player 1's sheet")
        expect(engine_box(b, v, True)).to_be_visible()
        expect(engine_box(b, w, False)).to_be_visible()
        shot(b, "16-seat2-sees-seat1-boxes")
        watcher = browser.new_context(viewport={"width": 1280, "height": 720})
        try:
            s = watcher.new_page()
            bad_s = watch(s)
            s.set_default_timeout(60_000)
            s.goto(a.url.split("?")[0] + "?table=steam-boxes")
            s.wait_for_function(f"() => ({ROWS})('sheet_hexes') > 0")
            wait_text(s, "spectator")
            expect(engine_box(s, v, True)).to_be_visible()
            shot(s, "17-spectator-boxes")
        finally:
            watcher.close()
        assert not bad_a and not bad_b and not bad_s, bad_a + bad_b + bad_s


def test_a_tile_taken_this_round_says_why_it_cannot_be_played_yet(page, steam):
    """A one-use tile taken with the first die is sideways until the next turn: its button is
    grey and the line under the tiles says why, with the rule id (SR-TILE-USE-UPRIGHT)."""
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    t = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk")
    g = t.game
    take = next(a for a in g.legal_actions() if isinstance(a, TakeTile) and a.value is None
                and g.tile_defs[g.tile_id[a.number]].kind == "one-use")
    tid = g.tile_id[take.number]
    draft(page, take.die)
    button = page.get_by_role("button", name=re.compile("^" + re.escape(tid) + " "))
    try:
        expect(button).to_be_enabled(timeout=30_000)
    except AssertionError:  # say what the page showed
        pytest.fail(f"tile {tid} stayed grey after die {take.die} was drafted; page problems {bad}; page: "
                    + page_text(page)[:1500])
    button.click()
    confirm_if_waiting(page, t, 0, take)
    g.apply(take)
    wait_log(page, 1, take)
    tile = page.get_by_role("button", name=re.compile("^" + re.escape(tid) + " .* you"))
    expect(tile).to_be_disabled()
    wait_text(page, f"Tile {tid} was taken this round and is still sideways.")
    wait_text(page, "SR-TILE-USE-UPRIGHT")
    page.locator(".action-info").scroll_into_view_if_needed()
    shot(page, "18-tile-taken-this-round")
    assert not bad, bad


def test_the_hint_follows_the_die_played_as_another_number_with_tile_1(page, steam):
    """With tile 1 upright, a die drafted and played as another number: the hint under the
    sheet names the new number's region, not the die's."""
    proc_seed = 5  # round 1: tile 1 taken with a 1, a 3 passed; round 2 rolls 1, 5, 5
    url = steam("--seed", str(proc_seed), "--actions", "draft 1 tile 1;draft 3 pass")
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    t = Table(players=1, humans=[0], seed=proc_seed, game="steam-rollers", difficulty="clerk")
    for text in ("draft 1 tile 1", "draft 3 pass"):
        t.apply(0, text)
    g = t.game
    assert g.tile_holder[1] == 0 and not g.tile_sideways[1] and 5 in g.dice
    wait_dice(page, g.dice)
    wait_text(page, f"Tile {g.tile_id[1]}: draft a die, then choose its new number under 'Play the die as (tile 1)'")
    draft(page, 5)
    wait_text(page, "Click a hex of region 5")
    page.get_by_label("Play the die as (tile 1)").select_option(label="6 (tile 1)")
    wait_text(page, "region 6")
    assert "region 5" not in page_text(page)
    shot(page, "19-tile-1-hint")
    assert not bad, bad


def test_the_new_game_form_shows_only_what_applies(browser, page, steam):
    """At a two-seat table of two people the form has neither Olivia's level (solo only) nor a
    bot choice (no seat is a bot's); the solo page has Olivia's level, and the bot choice once
    the form asks for more seats than people."""
    with two_seats(browser, "steam-form", "steam-form") as (a, b, bad_a, bad_b):
        a.get_by_role("button", name="New game and rule variants…").click()
        expect(a.get_by_role("button", name="Start new game")).to_be_visible()
        expect(a.get_by_label("Olivia's level (solo)")).to_have_count(0)
        expect(a.get_by_label("Bots play")).to_have_count(0)
        a.get_by_role("button", name="Start new game").scroll_into_view_if_needed()
        shot(a, "20-shared-new-game-form")
        assert not bad_a and not bad_b, bad_a + bad_b
    url = steam()
    bad = watch(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(60_000)
    open_view(page, url)
    page.get_by_role("button", name="New game and rule variants…").click()
    expect(page.get_by_label("Olivia's level (solo)")).to_be_visible()
    expect(page.get_by_label("Bots play")).to_have_count(0)
    page.get_by_role("button", name="Start new game").scroll_into_view_if_needed()
    shot(page, "21-solo-new-game-form")
    assert not bad, bad



def test_what_you_act_on_is_in_view_at_1280x720(page, steam):
    """Without scrolling, at 1280x720, on your turn: the dice, the sheet with your score, whose
    turn it is, Olivia's labelled running total, Confirm turn and Undo."""
    from helpers import outside_view

    url = steam()
    page.set_viewport_size({"width": 1280, "height": 720})
    open_view(page, url)
    wait_text(page, "Your turn")
    assert outside_view(page, {
        "a die": page.get_by_role("button", name=re.compile(r"^. \d$")).first,
        "whose turn": page.get_by_text("Your turn").first, "Olivia": page.get_by_text("score so far").first,
        "confirm": confirm_button(page), "undo": page.locator(".undo button"),
    }) == {}
    # the sheet's title (drawn on its canvas) carries your score, at the top of the canvas
    title = page.evaluate("""() => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
        if (m.type === 'Title' && /^Your sheet/.test(m.text)) return m.text; return null; }""")
    assert re.fullmatch(r"Your sheet — engine \d+, score \d+", title)
    assert 0 <= page.locator(".bk-Canvas, canvas").first.bounding_box()["y"] < 200


def open_on_phone(browser, playwright, url: str):
    """The served game at ``url`` in a phone's browser (390x844, touch): the page, and the list
    of its errors (:func:`watch`)."""
    page = phone_page(browser, playwright)
    bad = watch(page)
    page.set_default_timeout(60_000)
    open_view(page, url)
    return page, bad


def test_on_a_phone_a_turn_by_tap_fits_the_screen(browser, playwright, steam):
    """At 390x844 with touch: a die drafted and marked in the engine, a second drafted and
    passed, the turn confirmed, all by taps; after each, the page is no wider than the screen
    (the sheet scales to it, the actions wrap under it) and every control is at least 44 px."""
    page, bad = open_on_phone(browser, playwright, steam())
    wait_text(page, "Your turn")
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    g = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk").game
    engine = next(a for a in g.legal_actions() if isinstance(a, Engine) and a.value is None)
    page.get_by_role("button", name=f"{DIE_FACE[engine.die]} {engine.die}").first.tap()
    wait_text(page, f"Die {engine.die} drafted")
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    page.screenshot(path=str(Path(os.environ.get("STEAM_SHOTS", "/tmp")) / "railkit-steam-phone.png"))
    page.get_by_role("button", name=str(engine.die), exact=True).first.tap()
    g.apply(engine)
    wait_log(page, 1, engine)
    skip = next(a for a in g.legal_actions() if isinstance(a, Pass))
    page.get_by_role("button", name=f"{DIE_FACE[skip.die]} {skip.die}").first.tap()
    wait_text(page, f"Die {skip.die} drafted")
    page.get_by_role("button", name="Pass (use the die for nothing)").tap()
    confirm_button(page).tap()  # the tap waits until the button is enabled
    wait_text(page, "Olivia's die shows")
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    assert not bad, bad
    page.context.close()


@pytest.mark.slow
def test_on_a_phone_a_solo_game_against_olivia_to_the_end_by_tap(browser, playwright, steam):
    """At 390x844 with touch, rail-baron: every move of the person (the greedy bot's choice) by
    taps (dice, hexes, drawn placements, engine boxes, a delivery's picker), the page no wider
    than the screen and every control at least 44 px at each roll and at the end; the end
    statistics (Olivia's column too, her crosses per region) are the game's ``summary()``."""
    import time

    from railkit.viz.steam_rollers.view import SteamRollersView

    started = time.monotonic()
    page, bad = open_on_phone(browser, playwright, steam("--difficulty", "rail-baron"))
    g, kinds = solo_game_by_clicks(page, touch=True)
    assert {"Build", "Engine"} <= kinds, kinds
    wait_text(page, "Game over")
    page.touchscreen.tap(5, 5)  # off any button: a button held down is drawn 2 % smaller
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    row = g.summary()[0]
    stats = page.locator(".winner-banner .stats-table")
    stats.first.scroll_into_view_if_needed()
    box = stats.first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 0.5, box
    shown = 0
    for stat in SteamRollersView.STATS:
        cells = page.locator(f".winner-banner .stats-table tr[data-stat='{stat}'] td[data-seat]").all_inner_texts()
        her = row.get(f"olivia_{stat}")
        assert cells == [str(row[stat]), "" if her is None else str(her)], stat
        shown += 1
    assert shown >= 19 and sum(row[f"olivia_crosses_region{n}"] for n in range(1, 7)) > 0
    page.screenshot(path=str(Path(os.environ.get("STEAM_SHOTS", "/tmp")) / "railkit-steam-phone-end.png"),
                    full_page=True)
    assert not bad, bad
    page.context.close()
    print(f"whole solo game on a phone: {time.monotonic() - started:.1f} s, {len(g.log)} moves")




def test_on_a_phone_a_dies_tooltip_stays_on_the_screen(browser, playwright, steam):
    """At 390x844 with touch, a tap on each die of the tray shows its tooltip wholly on the
    screen (it ran 150 px past the right edge), and the next die can still be tapped."""
    page, bad = open_on_phone(browser, playwright, steam())
    wait_text(page, "Your turn")
    g = Table(players=1, humans=[0], seed=SEED, game="steam-rollers", difficulty="clerk").game
    for die in dict.fromkeys(g.dice):
        page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first.tap()
        wait_text(page, f"Die {die} drafted")
        page.wait_for_function(f"() => ({TOOLTIPS})().length > 0")
        for left, right in page.evaluate(TOOLTIPS):
            assert 0 <= left and right <= 390 + 0.5, (die, left, right)
    page.screenshot(path=str(Path(os.environ.get("STEAM_SHOTS", "/tmp")) / "railkit-steam-phone-tooltip.png"))
    assert not bad, bad
    page.context.close()

"""The site ``railkit site --offline`` builds, served by a plain static server on 127.0.0.1 and
played in Chromium with every request to another host refused: the landing page opens a game,
a whole solo Steam Rollers game against Olivia is played by clicks (tracks chosen on the sheet
itself) and ends with the scores this Python gets from the same moves, and a Ticket to Ride
route is claimed by clicking it on the map. No console error, no request off the machine.
Screenshots at 1280x720 go to ``$RAILKIT_SCREENSHOTS`` (or the test's temporary folder)."""

from __future__ import annotations

import functools
import http.server
import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from guard import PageGuard, is_local
from railkit.core.errors import DataError
from railkit.viz.web.page import WebTable
from railkit.viz.web.site import build_site, pyodide_runtime

TIMEOUT = 180_000  # Pyodide's first start on a loaded 2-core machine; every wait is for a condition
VIEWPORT = {"width": 1280, "height": 720}
READY = "['your-turn', 'over', 'error'].includes(document.body.dataset.state)"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The offline site, served on 127.0.0.1; its base URL."""
    try:
        runtime = pyodide_runtime()
    except DataError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must provide the Pyodide runtime (see .ci/run): {exc}")
        pytest.skip(f"no Pyodide runtime: {exc}")
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(out, offline=True, pyodide=runtime)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def offline_page(page):
    """A page that may talk to 127.0.0.1 only (anything else is aborted and reported by the guard)."""
    page.set_viewport_size(VIEWPORT)
    page.route("**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort())
    guard = PageGuard(page)
    yield page
    guard.check()


def wait_ready(page) -> str:
    page.wait_for_function(READY, timeout=TIMEOUT)
    state = page.evaluate("document.body.dataset.state")
    assert state != "error", page.inner_text("#message")
    return state


def test_the_landing_page_opens_each_game(site, offline_page, shots):
    page = offline_page
    page.goto(site + "/index.html")
    cards = page.locator("article[data-game]")
    assert cards.count() == 3
    assert [cards.nth(i).locator("h2").inner_text() for i in range(3)] == [
        "Station Master", "Steam Rollers", "Ticket to Ride"]
    page.screenshot(path=str(shots / "site-landing.png"))
    steam = page.locator("article[data-game='steam-rollers']")
    steam.locator("select[name='difficulty']").select_option("machinist")
    t0 = time.perf_counter()
    steam.get_by_role("button", name="Play Steam Rollers").click()
    assert wait_ready(page) == "your-turn"
    print(f"\ncold start to an interactive board: {time.perf_counter() - t0:.1f} s")
    assert "difficulty=machinist" in page.url and "players=1" in page.url
    assert page.inner_text("#title") == "Steam Rollers" and page.inner_text("#status") == "Your turn."
    assert "Olivia (machinist)" in page.inner_text("#board")
    assert page.locator("#board svg .hex").count() == 61
    page.screenshot(path=str(shots / "site-steam-start.png"))


def _click_through(page, rng: random.Random, on_board: bool) -> str:
    """Choose one whole move by clicks, a random next step each time (on the sheet when the
    step is a hex and ``on_board``); the move's text."""
    chosen = []
    while True:
        buttons = page.locator("#choices button.choice")
        steps = buttons.all_inner_texts()
        assert steps, page.inner_text("#choices")
        step = rng.choice(steps)
        target = page.locator(f"#board [data-choice='{step}'].choosable")
        before = page.inner_text("#choices p.chosen")
        if on_board and target.count():
            target.first.click()
        else:
            buttons.nth(steps.index(step)).click()
        chosen.append(step)
        after = page.locator("#choices p.chosen")
        if page.evaluate("document.body.dataset.state") != "your-turn" or not after.count() or \
                after.inner_text() == "Your move:" or after.inner_text() == before:
            return " ".join(chosen)


def _play_to_the_end(page, rng: random.Random, shots: Path, name: str) -> list[str]:
    """Moves by clicks, a random next step each time (on the board where it can), until the game
    is over; the moves played. A screenshot after 8 moves and at the end."""
    moves = []
    while wait_ready(page) == "your-turn":
        moves.append(_click_through(page, rng, on_board=True))
        if len(moves) == 8:
            page.screenshot(path=str(shots / f"site-{name}-middle.png"))
    page.screenshot(path=str(shots / f"site-{name}-end.png"))
    return moves


def _same_end_here(page, here: WebTable, moves: list[str]) -> dict:
    """CPython plays the same moves (the bots between them): the page's end table is its own."""
    for move in moves:
        while here.step_bot():
            pass
        assert json.loads(here.play(move))["error"] == ""
    while here.step_bot():
        pass
    view = json.loads(here.view())
    assert view["over"]
    assert page.locator("#end li").all_inner_texts() == [f"{r['name']} — {r['score']} points" for r in view["ranking"]]
    return view


def test_a_whole_solo_game_against_olivia_by_clicks(site, offline_page, shots):
    page = offline_page
    seed = 11
    page.goto(f"{site}/play.html?game=steam-rollers&players=1&difficulty=clerk&seed={seed}&delay=0")
    moves = _play_to_the_end(page, random.Random(5), shots, "steam")
    here = WebTable("steam-rollers", players=1, seed=seed, difficulty="clerk")
    view = _same_end_here(page, here, moves)
    assert page.inner_text("#seats td.score") == str(view["seats"][0]["score"])
    olivia = here.game.summary()[0]["olivia_score"]
    assert f"score {olivia}" in page.inner_text("#board")
    log = page.locator("#log li").all_inner_texts()
    assert len(log) == min(40, view["moves"]) and log[-1] == view["log"][-1]["name"] + ": " + view["log"][-1]["text"]


def test_a_route_is_claimed_on_the_map(site, offline_page, shots):
    page = offline_page
    page.goto(f"{site}/play.html?game=ticket-to-ride&players=2&bots=greedy-route&seed=4&delay=0")
    assert wait_ready(page) == "your-turn"
    page.get_by_role("button", name="keep tickets 1,2,3").click()
    moves = ["keep tickets 1,2,3"]
    here = WebTable("ticket-to-ride", players=2, seed=4, bots=["greedy-route"])
    here.play(moves[0])
    while here.step_bot():
        pass
    # draw until a claim is possible, then claim on the map
    while True:
        assert wait_ready(page) == "your-turn"
        choices = page.locator("#choices button.choice").all_inner_texts()
        if "claim" in choices:
            break
        page.get_by_role("button", name="draw", exact=True).click()
        page.get_by_role("button", name="deck", exact=True).click()
        moves.append("draw deck")
        here.play("draw deck")
        while here.step_bot():
            pass
    page.get_by_role("button", name="claim", exact=True).click()
    routes = page.locator("#board g.route.choosable")
    assert routes.count() > 0
    rid = routes.first.get_attribute("data-choice")
    page.screenshot(path=str(shots / "site-ttr-claim.png"))
    routes.first.click()
    pay = page.locator("#choices button.choice")
    paid = pay.first.inner_text()
    pay.first.click()
    here.play(f"claim {rid} {paid}")
    while here.step_bot():
        pass
    assert wait_ready(page) == "your-turn"
    claimed = here.game.observe(0)["claimed"]
    assert claimed[rid] == 0
    on_page = page.evaluate("[...document.querySelectorAll('#board g.route.claimed')].map(g => g.dataset.choice)")
    assert sorted(on_page) == sorted(claimed)
    assert page.inner_text("#seats tr[data-seat='0'] td.score") == str(here.game.observe(0)["scores"][0])
    page.screenshot(path=str(shots / "site-ttr-claimed.png"))


def test_a_whole_station_master_game_by_clicks_on_the_station(site, offline_page, shots):
    page = offline_page
    seed = 6
    page.goto(f"{site}/play.html?game=station-master&players=2&bots=greedy&seed={seed}&delay=0")
    rng = random.Random(8)
    moves = []
    for _ in range(6):
        assert wait_ready(page) == "your-turn"
        moves.append(_click_through(page, rng, on_board=True))
    # chips of the other player show no value (only its initials); the player's own chips on a train do
    on_trains = page.evaluate("[...document.querySelectorAll('#board .sm-train .sm-chip')].map(c => c.textContent)")
    assert on_trains and all("·" not in text for text in on_trains if not text.startswith("Y"))
    moves += _play_to_the_end(page, rng, shots, "station")
    _same_end_here(page, WebTable("station-master", players=2, seed=seed, bots=["greedy"]), moves)

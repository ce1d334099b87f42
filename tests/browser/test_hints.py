"""The Hint button in served apps at 1280 x 720 (marker ``browser``): the three moves the page
lists are :func:`railkit.agents.hints.hints` for the seat, with their reasons, and the list is
in view without scrolling."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import launch, stop_server
from helpers import OWNER, click_route, outside_view, route_owner
from railkit.games.ticket_to_ride import Claim
from railkit.agents.hints import hints
from railkit.viz.shell.table import Table, seat_names
from railkit.viz.shell.words import move_words
from railkit.viz.steam_rollers.view import SteamRollersView
from railkit.viz.ticket_to_ride.view import TicketToRideView
from test_ttr_app import TIMEOUT, start_turn

HERE = Path(__file__).parent


def page_hints(page) -> tuple[list[str], list[str]]:
    """The moves (button labels) and reasons the page's hint list shows, in order."""
    moves = page.locator(".hint-list .hint-move button:visible")
    expect(moves).to_have_count(3, timeout=TIMEOUT)
    reasons = page.locator(".hint-list .hint-why:visible")
    return [t.strip() for t in moves.all_inner_texts()], [t.strip() for t in reasons.all_inner_texts()]


def expected(t: Table, seat: int) -> tuple[list[str], list[str]]:
    g = t.game
    got = hints(t.spec, g.observe(seat), g.legal_actions())
    return ([f"{i + 1}. {move_words(h.action, seat_names(g), 'en')}" for i, h in enumerate(got)], [str(h.text) for h in got])


def test_ticket_to_ride_hint_lists_the_bots_three_moves_in_view(page, server, page_guard, shots):
    assert page.viewport_size == {"width": 1280, "height": 720}
    rep = start_turn(page, server)
    TicketToRideView(rep, auto=False)  # the app's words for moves
    page.get_by_role("button", name="Hint", exact=True).click()
    moves, reasons = page_hints(page)
    assert (moves, reasons) == expected(rep, 0)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "ttr-hints.png"))
    assert outside_view(page, {"hints": page.locator(".hint-list")}) == {}
    # a hinted claim opens the claim dialog on its route (nothing is played)
    claim = next((i for i, m in enumerate(moves) if "claim" in m.lower()), None)
    if claim is not None:
        page.locator(".hint-list .hint-move button:visible").nth(claim).click()
        page.locator(".pay button").first.wait_for(timeout=TIMEOUT)
        expect(page.locator(".hint-list .hint-move button:visible")).to_have_count(0, timeout=TIMEOUT)  # the dialog in their place
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "ttr-hint-claim.png"))
        assert outside_view(page, {"first payment": page.locator(".pay button").first}) == {}


def test_ticket_to_ride_confirm_before_claiming_holds_the_claim_until_confirm(page, server, page_guard, shots):
    """With "Confirm before claiming" ticked, a paid claim waits (the route stays free) with
    Confirm and Cancel in view; Cancel leaves the route free, Confirm claims it."""
    rep = start_turn(page, server)
    claim = next(a for a in rep.game.legal_actions() if isinstance(a, Claim))
    page.locator(".confirm-moves input").check()
    click_route(page, claim.route)
    page.get_by_role("button", name=re.compile(r"^Pay ")).first.click()
    held = page.locator(".held-move")
    expect(held).to_contain_text(claim.route.split("-")[0], timeout=TIMEOUT)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "ttr-held-claim.png"))
    assert outside_view(page, {"confirm": page.locator(".held-confirm button"),
                               "cancel": page.locator(".held-cancel button")}) == {}
    assert route_owner(page, claim.route) == "free"
    page.locator(".held-cancel button").click()
    expect(held).to_be_hidden(timeout=TIMEOUT)
    assert route_owner(page, claim.route) == "free"
    click_route(page, claim.route)
    page.get_by_role("button", name=re.compile(r"^Pay ")).first.click()
    page.locator(".held-confirm button").click()
    page.wait_for_function("(rid) => (" + OWNER + ")(rid) === 'Purple'", arg=claim.route, timeout=TIMEOUT)


@pytest.fixture
def steam():
    proc = launch([sys.executable, str(HERE / "steam_serve.py"), "{port}", "--seed", "4"], name="steam")
    yield proc.url
    stop_server(proc)


def test_steam_rollers_hint_lists_the_bots_three_moves_in_view(page, steam, page_guard, shots):
    assert page.viewport_size == {"width": 1280, "height": 720}
    page.set_default_timeout(TIMEOUT)
    page.goto(steam)
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_be_visible(timeout=TIMEOUT)
    hint.click()
    moves, reasons = page_hints(page)
    rep = Table(players=1, humans=[0], bots=["greedy"], seed=4, game="steam-rollers", rules={"mountains": "none"},
                difficulty="clerk")
    SteamRollersView(rep, auto=False)  # the view's words for moves
    assert (moves, reasons) == expected(rep, 0)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "steam-hints.png"))
    assert outside_view(page, {"hints": page.locator(".hint-list")}) == {}


@pytest.fixture
def station():
    proc = launch([sys.executable, str(HERE / "station_serve.py"), "--port", "{port}", "--seed", "3"], name="station")
    yield proc.url
    stop_server(proc)


def test_station_master_hint_lists_the_bots_three_moves_in_view(page, station, page_guard, shots):
    assert page.viewport_size == {"width": 1280, "height": 720}
    page.set_default_timeout(TIMEOUT)
    page.goto(station + "/app")
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_be_visible(timeout=TIMEOUT)
    hint.click()
    page_hints(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "station-hints.png"))
    assert outside_view(page, {"hints": page.locator(".hint-list")}) == {}

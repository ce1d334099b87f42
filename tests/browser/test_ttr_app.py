"""The served Ticket to Ride app in headless Chromium (marker ``browser``)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import SERVER_GAME, start_server, stop_server
from guard import PageGuard
from helpers import (ALL_TEXT, GATE, click_route, join_from_lobby, page_fits_phone, page_text, phone_page, route_owner,
                     route_xy, wait_text)
from railkit.games.ticket_to_ride import Claim
from railkit.viz.shell.table import Table
from railkit.viz.ticket_to_ride.player import describe_action
from railkit.viz.ticket_to_ride.view import MAX_PAYMENTS, pay_text


def ttr_table(**kw) -> Table:
    """A Ticket to Ride table (the game these tests play at)."""
    return Table(game="ticket-to-ride", **kw)


TIMEOUT = 60_000  # generous: a loaded 2-core machine can be slow; every wait is for a condition


def replica() -> Table:
    """The server's game, played the same way in this process (bots are seeded)."""
    return ttr_table(players=2, humans=[0], bots=[SERVER_GAME["bots"]], seed=SERVER_GAME["seed"],
                 map=SERVER_GAME["map"], rules=SERVER_GAME["rules"])




def test_play_draw_claim_and_illegal_claim(page, server, page_guard):
    rep = start_turn(page, server)
    claims = [a for a in rep.game.legal_actions() if isinstance(a, Claim)]
    claim = max(claims, key=lambda a: (rep.game.map.route_by_id[a.route].length, a.route))

    # claim a route by clicking it on the board, then choosing the payment
    click_route(page, claim.route)
    wait_text(page, "Choose how to pay")
    paid = _paid(rep, claim.route)
    page.get_by_role("button", name=re.compile(r"^Pay ")).first.click()
    page.wait_for_function("(rid) => { for (const d of Bokeh.documents) { const s = d.get_model_by_name('routes');"
                           " if (s) return s.data.owner[s.data.id.indexOf(rid)] === 'Purple'; } return false; }",
                           arg=claim.route)
    score = page.locator("td.score[data-seat='0']")
    expect(score).not_to_have_text("0")
    assert rep.apply(0, paid) is None

    # the bot moves (with a visible delay), then it is our turn again: draw two cards
    wait_text(page, "draw cards, claim a route or draw tickets")
    page.locator(".draw-deck button").click()
    wait_text(page, "take your second train card")
    page.locator(".draw-deck button").click()
    wait_text(page, "drew a card from the deck")  # in the action log

    # an illegal claim is explained and changes nothing
    rep.run_bots()
    rep.apply(0, "draw deck")
    rep.apply(0, "draw deck")
    rep.run_bots()
    wait_text(page, "draw cards, claim a route or draw tickets")
    legal = {a.route for a in rep.game.legal_actions() if isinstance(a, Claim)}
    claimed = rep.game.observe(0)["claimed"]
    bad = next(r.id for r in sorted(rep.game.map.routes, key=lambda r: -r.length)
               if r.id not in legal and r.id not in claimed and r.id not in rep.game.observe(0)["closed"])
    click_route(page, bad)
    wait_text(page, "Not allowed")
    text = page_text(page)
    assert re.search(r"\(rule TTR-[A-Z-]+\)", text)
    assert route_owner(page, bad) == "free"


def _paid(rep: Table, route: str) -> str:
    """The first payment the app offers for ``route`` (the first 'Pay' button)."""
    return str(next(a for a in rep.game.legal_actions() if isinstance(a, Claim) and a.route == route))


def own_tickets(page) -> list[str]:
    rows = page.locator(".my-tickets div").all_inner_texts()
    return sorted({r.strip("·✔ \n").split(" (")[0] for r in rows if "–" in r and "\n" not in r.strip()})


@pytest.fixture(scope="module")
def lobby_server():
    proc, url = start_server(["--seats", "2"])
    yield url
    stop_server(proc)


def test_shared_table_from_the_lobby_hides_hands_and_tickets(browser, lobby_server):
    ctx_a, ctx_b, ctx_c = browser.new_context(), browser.new_context(), browser.new_context()
    a, b, c = ctx_a.new_page(), ctx_b.new_page(), ctx_c.new_page()
    guards = [PageGuard(p) for p in (a, b, c)]
    for p in (a, b, c):
        p.set_default_timeout(TIMEOUT)
    join_from_lobby(a, lobby_server, 1, make="browser-test")
    join_from_lobby(b, lobby_server, 2)
    a.get_by_role("button", name="Keep selected tickets").click()
    wait_text(b, "choose your starting tickets")
    b.get_by_role("button", name="Keep selected tickets").click()
    wait_text(a, "draw cards, claim a route or draw tickets")
    wait_text(b, "Waiting for")
    tickets_a = own_tickets(a)
    tickets_b = own_tickets(b)
    assert len(tickets_a) == 3 and len(tickets_b) == 3
    text_a, text_b = page_text(a), page_text(b)
    assert not any(t in text_b for t in tickets_a if t not in tickets_b)
    assert not any(t in text_a for t in tickets_b if t not in tickets_a)
    # each page shows its own seat's hand (and only one hand)
    rep = ttr_table(players=2, humans=[0, 1], seed=SERVER_GAME["seed"], map=SERVER_GAME["map"],
                    rules=SERVER_GAME["rules"])
    for page, seat in ((a, 0), (b, 1)):
        hand = rep.game.observe(seat)["hand"]
        shown = " ".join(page.locator(".my-hand .chip").all_inner_texts())
        for colour, n in hand.items():
            label = "LOCO" if colour == "loco" else colour
            assert (f"{label} × {n}" in shown) == (n > 0), (seat, colour, shown)
        assert page_text(page).count("Your hand") == 1
    # a reload keeps the seat (the token is in the link)
    a.reload()
    wait_text(a, "You play")
    wait_text(a, "draw cards, claim a route or draw tickets")
    # a third browser cannot take a joined seat: it watches, and sees no hand
    c.goto(lobby_server + "/?table=browser-test&join=1")
    wait_text(c, "watching")
    wait_text(c, "is taken")
    c.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    assert c.locator(".my-hand .chip").count() == 0
    text_c = page_text(c)
    assert not any(t in text_c for t in tickets_a + tickets_b)
    # a guessed seat link without the token is a spectator too
    c.goto(lobby_server + "/?table=browser-test&seat=2&token=guess")
    wait_text(c, "watching")
    assert c.locator(".my-hand .chip").count() == 0
    for guard in guards:
        guard.check()
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()


def test_every_new_session_sees_the_bots_first_move(browser, server):
    """A bot's move made by the table's poll reaches every page (it once stayed queued on the
    server now and then, and the page waited for the bot for ever)."""
    for _ in range(6):
        page = browser.new_page()
        guard = PageGuard(page)
        start_turn(page, server)
        guard.check()
        page.close()


def start_turn(page, server) -> Table:
    """Open the app, keep the starting tickets, wait for our turn; the replica of the server's game."""
    page.set_default_timeout(TIMEOUT)
    page.goto(server + "/")
    page.get_by_role("button", name="Keep selected tickets").click()
    wait_text(page, "draw cards, claim a route or draw tickets")
    rep = replica()
    rep.apply(0, "keep tickets 1,2,3")
    rep.run_bots()
    return rep


def choices(rep: Table) -> dict[str, list]:
    """Per route, the claims in the order the payment buttons list them."""
    out: dict[str, list] = {}
    for a in rep.game.legal_actions():
        if isinstance(a, Claim):
            out.setdefault(a.route, []).append(a)
    return {r: sorted(v, key=lambda a: (a.locos, a.colour))[:MAX_PAYMENTS] for r, v in out.items()}


def pay_labels(page) -> list[str]:
    return [t.strip() for t in page.locator(".pay button").all_inner_texts()]


def owned_by_red(page, rid: str) -> None:
    page.wait_for_function("(rid) => { for (const d of Bokeh.documents) { const s = d.get_model_by_name('routes');"
                           " if (s) return s.data.owner[s.data.id.indexOf(rid)] === 'Purple'; } return false; }",
                           arg=rid)


def test_payment_choice_shows_without_a_server_round_trip(page, server, page_guard):
    page.add_init_script(GATE)
    rep = start_turn(page, server)
    rid, options = next((r, v) for r, v in sorted(choices(rep).items()) if len(v) >= 3)
    labels = [pay_text(a) for a in options]
    page.wait_for_function("() => window.__gate.held() === 0")
    page.evaluate("() => window.__gate.hold()")  # from now on nothing from the server reaches the page
    click_route(page, rid)
    expect(page.get_by_role("button", name=labels[1], exact=True)).to_be_visible()
    assert pay_labels(page) == labels
    wait_text(page, f"Claim {rid}")
    # the server did answer the click, but the page has not seen it: the choice was made in the browser
    page.wait_for_function("() => window.__gate.answered()")
    # pay with the second choice before the page has heard anything from the server
    page.get_by_role("button", name=labels[1], exact=True).click()
    page.evaluate("() => window.__gate.release()")
    owned_by_red(page, rid)
    assert rep.apply(0, options[1]) is None
    wait_text(page, str(describe_action(options[1])))  # the action log: the payment pressed, not another
    assert route_owner(page, rid) == "Purple"


def test_a_second_quick_click_on_the_board_is_not_lost(page, server, page_guard):
    """BokehJS reports a click within 300 ms of the last one as a double tap; it is a click too."""
    page.add_init_script(GATE)
    rep = start_turn(page, server)
    opts = choices(rep)
    first, second = sorted(r for r in opts if r.startswith("Atlanta"))[:2]
    a, b = route_xy(page, first), route_xy(page, second)
    page.mouse.click(*a)
    page.mouse.click(*b)  # a few ms later
    wait_text(page, f"Claim {second}")
    expect(page.get_by_role("button", name=pay_text(opts[second][0]), exact=True)).to_be_visible()
    page.wait_for_function("() => window.__gate.answered()")  # the server answered both clicks: still the second
    assert pay_labels(page) == [pay_text(x) for x in opts[second]]
    page.get_by_role("button", name=pay_text(opts[second][0]), exact=True).click()
    owned_by_red(page, second)
    assert route_owner(page, first) == "free"


CITY_XY = """(name) => {
  const doc = Bokeh.documents[0];
  const src = doc.get_model_by_name('cities');
  const i = src.data.name.indexOf(name);
  const view = Bokeh.index.get_one(doc.get_model_by_name('board'));
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(src.data.x[i]) + r.left, view.frame.y_scale.compute(src.data.y[i]) + r.top];
}"""

TITLE = "() => Bokeh.documents[0].get_model_by_name('claim_title').text"


def test_browser_and_server_pick_the_same_route_near_a_city(page, server, page_guard):
    """Around two busy cities, the route the browser picks (and shows at once) is the one the
    server picks: the server's answer carries the same claim heading and changes nothing."""
    page.add_init_script(GATE)
    start_turn(page, server)
    cancel = page.get_by_role("button", name="Cancel")
    seen = set()
    for city in ("Denver", "Kansas City"):
        for dx, dy in ((9, 0), (-9, 0), (0, 9), (0, -9), (7, 7), (-7, -7), (12, -5), (-5, 12)):
            page.mouse.move(1, 1)
            if cancel.is_enabled():  # the server's heading is back to the hint
                cancel.click()
                page.wait_for_function("() => window.__gate.answered()")
            route_xy(page, "Denver-Omaha")  # the board back in view (waits 0.3 s: not a double tap)
            cx, cy = page.evaluate(CITY_XY, city)
            page.evaluate("() => window.__gate.hold()")
            page.mouse.click(cx + dx, cy + dy)
            mine = page.evaluate(TITLE)  # what the browser showed by itself
            if "Claim" in mine:
                page.wait_for_function("() => window.__gate.answered()")  # the server's answer, held back
                heading = mine.split("</b>")[0]
                assert heading in page.evaluate("() => window.__gate.heldText()"), (city, dx, dy)
                seen.add(heading)
            page.evaluate("() => window.__gate.release()")
            assert page.evaluate(TITLE) == mine, (city, dx, dy)  # ... and changed nothing
    assert len(seen) >= 5  # several different routes were picked around the two cities


def test_the_bots_moves_since_yours_are_said_beside_the_board(page, server, page_guard):
    """After the bot answers, the status under the hand says what it did since your move, in the
    words of the public log (the bot's kept tickets here), until your next move."""
    from railkit.viz.ticket_to_ride.player import since_your_move

    rep = start_turn(page, server)
    said = since_your_move(rep.actors, rep.log_text, list(rep.game.names), 0)
    assert said.startswith(rep.game.names[1] + " ")
    wait_text(page, f"Since your last move: {said}.")
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-ttr-since.png"))


@pytest.mark.parametrize("deficiency", ["protanopia", "deuteranopia", "tritanopia"])
def test_colour_blind_patterns_tell_every_route_colour_apart(page, server, page_guard, deficiency):
    """Under each simulated colour-vision deficiency (Chromium's emulation), with the page's
    colour-blind toggle on, every route colour carries its own pattern and letter, so no two are
    told apart by hue alone; the face-up cards carry the letters too."""
    from railkit.viz.ticket_to_ride.style import CARD_HATCH, CARD_LETTER

    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
    page.goto(server + "/")
    page.locator(".colour-blind input").check()
    page.wait_for_function("() => { for (const d of Bokeh.documents) { const c = d.get_model_by_name('cars');"
                           " if (c && c.data.hatch.some(h => h !== ' ')) return true; } return false; }")
    cars = page.evaluate("() => { for (const d of Bokeh.documents) { const c = d.get_model_by_name('cars');"
                         " if (c && c.data.hatch.some(h => h !== ' ')) return [Array.from(c.data.fill),"
                         " Array.from(c.data.hatch)]; } return null; }")
    from railkit.viz.ticket_to_ride.style import card_hex

    hatch_of_fill = {}
    for fill, hatch in zip(*cars):
        hatch_of_fill.setdefault(fill, set()).add(hatch)
    colours = [c for c in CARD_HATCH if c not in ("loco",)]
    for c in colours:
        assert hatch_of_fill.get(card_hex(c)) == {CARD_HATCH[c]}, c
    assert len({CARD_HATCH[c] for c in colours}) == len(colours)  # a pattern of its own each
    # the face-up cards' buttons (through Panel's shadow roots) carry the letters too
    page.wait_for_function("(" + ALL_TEXT + ")().match(/\\[[ROYGBPWK]\\] (red|orange|yellow|green|blue|pink|"
                           "white|black)/) !== null")
    page.screenshot(path=str(Path(tempfile.gettempdir()) / f"railkit-ttr-{deficiency}.png"))


def test_colour_blind_patterns_from_the_new_game_form(page, server, page_guard):
    """The new-game form offers the same colour-blind setting: ticking it there patterns the
    board's cars and ticks the toggle under the board; unticking the board's clears both."""
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(server + "/")
    page.locator(".new-toggle button").click()
    page.locator(".colour-blind-form input").check()
    patterned = ("() => { for (const d of Bokeh.documents) { const c = d.get_model_by_name('cars');"
                 " if (c) return c.data.hatch.some(h => h !== ' '); } return null; }")
    page.wait_for_function(patterned)
    expect(page.locator(".colour-blind input")).to_be_checked()
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-ttr-form-colour-blind.png"))
    page.locator(".colour-blind input").uncheck()
    page.wait_for_function(patterned.replace("return c.data.hatch.some(h => h !== ' ')",
                                             "return c.data.hatch.every(h => h === ' ')"))
    expect(page.locator(".colour-blind-form input")).not_to_be_checked()


def test_what_you_act_on_is_in_view_at_1280x720(page, server, page_guard):
    """Without scrolling, at 1280x720, on your turn: whose turn it is, every player's route
    points (said as such), the face-up cards and the deck, the claim dialog with its message,
    and Undo."""
    from helpers import outside_view

    page.set_viewport_size({"width": 1280, "height": 720})
    start_turn(page, server)
    expect(page.locator(".players-table")).to_contain_text("route points")
    assert outside_view(page, {
        "whose turn": page.locator(".turn-status"), "scores": page.locator(".players-table"),
        "face-up cards": page.locator(".faceup-1 button"), "deck": page.locator(".draw-deck button"),
        "claim dialog": page.locator(".claim-box"), "undo": page.locator(".undo button"),
    }) == {}
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-ttr-in-view.png"))


def test_on_a_phone_a_few_moves_by_tap_fit_the_screen(browser, playwright, server):
    """At 390x844 with touch: keep the tickets, claim a route by tapping it on the board and
    its payment, draw two cards; after each, the page is no wider than the screen (the board
    scales to it, the hand stacks under it) and every control is at least 44 px each way."""
    page = phone_page(browser, playwright)
    guard = PageGuard(page)
    page.set_default_timeout(TIMEOUT)
    page.goto(server + "/")
    page.get_by_role("button", name="Keep selected tickets").tap()
    wait_text(page, "draw cards, claim a route or draw tickets")
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    shot = Path(tempfile.gettempdir())
    page.screenshot(path=str(shot / "railkit-ttr-phone.png"))
    rep = replica()
    rep.apply(0, "keep tickets 1,2,3")
    rep.run_bots()
    claim = next(a for a in rep.game.legal_actions() if isinstance(a, Claim))
    page.mouse.move(1, 1)
    page.touchscreen.tap(*route_xy(page, claim.route))
    wait_text(page, "Choose how to pay")
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    page.screenshot(path=str(shot / "railkit-ttr-phone-pay.png"))
    page.get_by_role("button", name=re.compile(r"^Pay ")).first.tap()
    expect(page.locator("td.score[data-seat='0']")).not_to_have_text("0")
    wait_text(page, "draw cards, claim a route or draw tickets")
    page.locator(".draw-deck button").tap()
    wait_text(page, "take your second train card")
    page.locator(".draw-deck button").tap()
    wait_text(page, "drew a card from the deck")  # in the action log
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    guard.check()
    page.context.close()


#: the number of the action log's newest line (0 while it is empty)
LOG_COUNT = """() => { const find = (root) => { for (const el of root.querySelectorAll('*')) {
    if (el.classList && el.classList.contains('action-log')) return el;
    if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; } } return null; };
  const host = find(document); if (!host) return -1;
  const m = /^(\\d+)\\./.exec((host.shadowRoot || host).textContent.trim()); return m ? Number(m[1]) : 0; }"""


def tap_move(page, rep: Table, action) -> None:
    """Play the person's ``action`` on the page by taps: a route on the board and its payment,
    a face-up card, the deck, or Keep selected tickets (every ticket offered is ticked)."""
    from railkit.games.ticket_to_ride import DrawDeck, DrawFaceUp, KeepTickets

    if isinstance(action, Claim):
        page.touchscreen.tap(*route_xy(page, action.route))
        wait_text(page, "Choose how to pay")
        page.get_by_role("button", name=pay_text(action), exact=True).tap()
    elif isinstance(action, DrawFaceUp):
        page.locator(f".faceup-{action.slot} button").tap()
    elif isinstance(action, DrawDeck):
        page.locator(".draw-deck button").tap()
    elif isinstance(action, KeepTickets):
        assert list(action.keep) == list(range(1, len(rep.game.offered) + 1)), action
        page.get_by_role("button", name="Keep selected tickets").tap()
    else:  # pragma: no cover - the person's choices are only these
        raise TypeError(f"no taps for {action!r}")


@pytest.mark.slow
def test_on_a_phone_a_whole_game_against_a_bot_by_tap(browser, playwright, server):
    """At 390x844 with touch, against the greedy bot to the end banner: the person's moves (the
    greedy bot's choice among keeping every ticket, claims, face-up cards and the deck) by taps
    on the board, its payment buttons and the cards; each followed in the action log. The page
    is no wider than the screen and every control is at least 44 px every fifth move and at the
    end; the end statistics (blocks and cards drawn among them) are the game's ``summary()``."""
    import time

    from railkit.agents.ticket_to_ride import AGENTS
    from railkit.games.ticket_to_ride import DrawTickets, Pass
    from railkit.viz.ticket_to_ride.view import TicketToRideView

    started = time.monotonic()
    page = phone_page(browser, playwright)
    guard = PageGuard(page)
    page.set_default_timeout(TIMEOUT)
    page.goto(server + "/")
    rep = replica()
    g, me = rep.game, AGENTS["greedy-route"](7)
    moves = 0
    while not g.is_over:
        rep.run_bots()
        if g.is_over:
            break
        page.wait_for_function(f"() => ({LOG_COUNT})() === {len(g.log)}", timeout=TIMEOUT)
        legal = [a for a in g.legal_actions() if not isinstance(a, (DrawTickets, Pass))]
        if g.phase == "keep-tickets" or g.phase == "setup-tickets":
            legal = [a for a in g.legal_actions() if len(a.keep) == len(g.offered)]
        action = me.act(g.observe(0), legal)
        if moves % 5 == 0:
            page.touchscreen.tap(2, 2)  # off every button: one held down is drawn 2 % smaller
            assert page_fits_phone(page) == {"overflow": 0, "small": []}, (moves, g.phase)
        tap_move(page, rep, action)
        assert rep.apply(0, action) is None
        moves += 1
        assert moves < 400, "the game did not end"
    banner = page.locator(".winner-banner")
    expect(banner.locator(".stats-table").first).to_be_visible(timeout=TIMEOUT)
    page.touchscreen.tap(2, 2)
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-ttr-phone-end.png"), full_page=True)
    assert page_fits_phone(page) == {"overflow": 0, "small": []}  # the final scores were 241 px too wide
    rows = sorted(g.summary(), key=lambda r: r["seat"])
    for stat in TicketToRideView.STATS:
        cells = banner.locator(f".stats-table tr[data-stat='{stat}'] td[data-seat]").all_inner_texts()
        assert cells == [str(r[stat]) for r in rows], stat
    assert sum(r["cards_drawn"] for r in rows) > 0
    banner.scroll_into_view_if_needed()
    box = banner.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, box
    guard.check()
    page.context.close()
    print(f"whole game on a phone: {time.monotonic() - started:.1f} s, {moves} moves by taps")


#: the city names drawn past the board's plot area: [name, left, right] in screen pixels, each
#: name's width measured with the font the board draws it in
CLIPPED_NAMES = """() => { for (const d of Bokeh.documents) { const fig = d.get_model_by_name('board');
  const src = d.get_model_by_name('cities'); const glyph = d.get_model_by_name('city_labels');
  if (!fig || !src) continue; const view = Bokeh.index.get_one(fig); if (!view) return null;
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = 'bold ' + glyph.glyph.text_font_size.value + ' helvetica';
  const f = view.frame, D = src.data, out = [];
  for (let i = 0; i < D.x.length; i++) {
    const w = Math.max(...String(D.label[i]).split('\\n').map(t => ctx.measureText(t).width));
    const ax = f.x_scale.compute(D.x[i]) + D.dx[i];
    const left = D.align[i] === 'left' ? ax : D.align[i] === 'right' ? ax - w : ax - w / 2;
    if (left < f.bbox.left - 1 || left + w > f.bbox.right + 1) out.push([D.name[i], Math.round(left), Math.round(left + w)]);
  }
  return out; } return null; }"""


def test_on_a_phone_no_city_name_is_cut_off_the_board(browser, playwright, server):
    """At 390x844 every city name lies within the board's plot area ("Portland" lost its "P"
    at the left edge): the board widens its view to make room for the names drawn at full size."""
    page = phone_page(browser, playwright)
    guard = PageGuard(page)
    page.set_default_timeout(TIMEOUT)
    page.goto(server + "/")
    page.wait_for_function(f"() => ({CLIPPED_NAMES})() !== null")
    page.wait_for_function(f"() => ({CLIPPED_NAMES})().length === 0", timeout=TIMEOUT)
    assert page_fits_phone(page)["overflow"] == 0
    page.locator(".bk-Canvas, canvas").first.scroll_into_view_if_needed()
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-ttr-phone-names.png"))
    guard.check()
    page.context.close()

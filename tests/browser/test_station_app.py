"""The served Station Master view in headless Chromium (marker ``browser``): a game played to
the end by clicks, cards that cannot be played now shown disabled with the engine's reason, a
shared table whose seat 1 never receives seat 2's hidden chip values or cards (every websocket
frame is recorded), no console errors and no request to any host but the local server.
Screenshots at 1280x720 go to ``$RAILKIT_SCREENSHOTS`` (or the test's temporary folder)."""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import launch, stop_server
from guard import PageGuard
from helpers import PHONE_SCREEN, page_fits_phone, page_text, phone_page, wait_text
from station_serve import CARDS_SETUP, SECRET_CARDS, make_shared

TIMEOUT = 60_000  # generous: a loaded 2-core machine can be slow; every wait is for a condition
HERE = Path(__file__).parent
VIEWPORT = {"width": 1280, "height": 720}


@pytest.fixture(scope="module")
def station_server():
    proc = launch([sys.executable, str(HERE / "station_serve.py"), "--port", "{port}", "--seed", "3"], name="station")
    yield proc.url
    stop_server(proc)


def watch(page) -> dict:
    """Guard the page (console errors, requests off the machine: ``seen["guard"]``) and record
    every websocket frame it receives (``seen["frames"]``)."""
    seen = {"guard": PageGuard(page), "frames": []}

    def websocket(ws):
        def frame(payload):
            seen["frames"].append(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload)

        ws.on("framereceived", frame)

    page.on("websocket", websocket)
    return seen




def wait_my_turn_or_end(page) -> bool:
    """Wait until it is this seat's turn (True) or the game is over (False)."""
    page.wait_for_function(
        """() => { const out = []; const walk = (n) => { if (n.nodeType === 3) { out.push(n.textContent); return; }
             if (n.shadowRoot) walk(n.shadowRoot); for (const c of n.childNodes) walk(c); };
             walk(document.body); const t = out.join(' ');
             return t.includes('Your turn:') || t.includes('Game over'); }""", timeout=TIMEOUT)
    return "Game over" not in page_text(page)


def visible(page, css: str):
    return page.locator(f"{css}:visible")


def click_target(page) -> None:
    """Click the first train the open choice may go to (its button says 'here')."""
    page.locator(".train-btn button:visible", has_text="here").first.click()


TEXT_OF = """(cls) => {
  const text = (n) => { if (n.nodeType === 3) return n.textContent; let t = '';
    if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
  const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; } return null; };
  const el = find(document.body); return el ? text(el) : null;
}"""


def text_of(page, cls: str) -> str:
    """The text of the element with class ``cls`` (through shadow roots)."""
    return page.evaluate(TEXT_OF, cls) or ""


def answer(page, button) -> bool:
    """Click a chip or card, then the targets or choices it asks for (the first each time);
    False if it was refused (explained on the message line)."""
    label = button.inner_text().split(" ×")[0].strip()
    msg, log = text_of(page, "message"), text_of(page, "action-log")
    button.click()
    # the card is chosen (the prompt names it), refused (explained), or played at once (no question)
    page.wait_for_function(
        "([label, before, log]) => { const f = (" + TEXT_OF + "); const pt = f('prompt') || '', mt = f('message') || '';"
        " return pt.startsWith(label) || (mt.includes('Not allowed') && mt !== before) || f('action-log') !== log; }",
        arg=[label, msg, log], timeout=TIMEOUT)
    if "Not allowed" in text_of(page, "message") and not text_of(page, "prompt").startswith(label):
        return False
    for _ in range(4):
        before = text_of(page, "prompt")
        if page.locator(".choice-btn button").count():
            page.locator(".choice-btn button").first.click()
        elif page.locator(".train-btn button:visible", has_text="here").count():
            page.locator(".train-btn button:visible", has_text="here").first.click()
        else:
            return True
        page.wait_for_function("([cls, before]) => { const t = (" + TEXT_OF + ")(cls); return t !== before; }",
                               arg=["prompt", before], timeout=TIMEOUT)
    return True


def test_a_game_by_clicks_to_the_end_with_a_special_card_and_a_departure(page, station_server, shots):
    seen = watch(page)
    page.set_viewport_size(VIEWPORT)
    page.goto(station_server + "/app")
    assert wait_my_turn_or_end(page)
    page.screenshot(path=str(shots / "station.png"))
    turns = 0
    special_shot = departure_shot = False
    while wait_my_turn_or_end(page):
        turns += 1
        if turns >= 200:
            page.screenshot(path=str(shots / "stuck.png"))
        assert turns < 200, "the game did not end"
        log_before = text_of(page, "action-log")
        cards = [t.strip() for t in visible(page, ".card-btn button").all_inner_texts()]
        # cards that can always be played (a train to name is always there)
        special = next((c for c in cards if c.split(" ×")[0] in ("Brake Van", "Standing Room")), None)
        chips = visible(page, ".chip-btn button:enabled")  # a disabled one cannot be played now
        if special and turns >= 3 and not special_shot:
            btn = visible(page, ".card-btn button").filter(has_text=special).first
            btn.click()
            page.locator(".train-btn button:visible", has_text="here").first.wait_for()
            page.screenshot(path=str(shots / "special-card.png"))
            special_shot = True
            page.locator(".train-btn button:visible", has_text="here").first.click()
        elif chips.count() and answer(page, chips.first):
            pass
        elif visible(page, ".card-btn button:enabled").count():
            for k in range(visible(page, ".card-btn button:enabled").count()):
                if answer(page, visible(page, ".card-btn button:enabled").nth(k)):
                    break
        else:
            visible(page, ".pass-btn button").click()
        # my move has reached the page once the log shows it
        page.wait_for_function("([cls, before]) => (" + TEXT_OF + ")(cls) !== before",
                               arg=["action-log", log_before], timeout=TIMEOUT)
        if not departure_shot and "leaves the station" in page_text(page):
            page.locator(".dep-step").nth(3).wait_for()  # every step shown
            page.screenshot(path=str(shots / "departure.png"))
            departure_shot = True
    wait_text(page, "Game over")
    page.screenshot(path=str(shots / "end-of-game.png"))
    assert special_shot and departure_shot
    seen["guard"].check()


def test_shared_table_seat_1_never_receives_seat_2s_secrets(browser, station_server, shots):
    ctx1 = browser.new_context(viewport=VIEWPORT)
    ctx2 = browser.new_context(viewport=VIEWPORT)
    p1, p2 = ctx1.new_page(), ctx2.new_page()
    seen1, seen2 = watch(p1), watch(p2)
    p1.goto(station_server + "/app?table=shared&seat=1")
    p2.goto(station_server + "/app?table=shared&seat=2")
    assert wait_my_turn_or_end(p1)
    wait_text(p2, "Waiting for Player 1")

    # seat 1 places a chip by clicks; seat 2 sees it face down
    p1.locator(".chip-btn button", has_text="Chip 3").click()
    click_target(p1)
    wait_text(p2, "Your turn:")
    assert p2.locator(".train-btn").first.is_visible()
    assert "P1·" not in page_text(p2)

    # seat 2: a card that cannot be played now is disabled, the reason with its rule id on hover
    expect(p2.locator(".card-btn button", has_text="Royal Carriage")).to_be_disabled()
    p2.locator(".card-btn", has_text="Royal Carriage").hover()
    p2.get_by_text("(rule SM-ROYAL)").wait_for(timeout=TIMEOUT)
    # then a chip of value 3 on T1 by clicks (a hidden choice seat 1 must never learn)
    p2.locator(".chip-btn button", has_text="Chip 3").click()
    p2.locator(".train-slot-0 button").click()
    wait_text(p2, "P2·3")
    assert wait_my_turn_or_end(p1)  # the bot (seat 3) has moved too
    wait_text(p1, "chip on T1")
    p1.screenshot(path=str(shots / "shared-seat-1.png"))
    p2.screenshot(path=str(shots / "shared-seat-2.png"))
    _side_by_side(shots)

    frames = seen1["frames"]
    assert frames, "no websocket frame recorded"
    text = frames_text(frames)
    assert "P1·3" in text  # seat 1's own chip value did reach its page (the check can see values)
    assert "P2·" not in text, "seat 2's chip value reached seat 1's page"
    assert "Player 2</b>: placed a chip on T1" in text and "Player 2</b>: placed chip" not in text  # the log hides it
    for card in SECRET_CARDS:
        assert card not in text, f"seat 2's card {card} reached seat 1's page"
    assert all(card in frames_text(seen2["frames"]) for card in SECRET_CARDS)  # seat 2 did get them
    for seen in (seen1, seen2):
        seen["guard"].check()

    # a spectator sees the chips face down and no hand
    ctx3 = browser.new_context(viewport=VIEWPORT)
    p3 = ctx3.new_page()
    seen3 = watch(p3)
    p3.goto(station_server + "/app?table=shared&seat=0")
    wait_text(p3, "Watching the game")
    wait_text(p3, "chip on T1")
    text3 = page_text(p3) + frames_text(seen3["frames"])
    assert "P1·" not in text3 and "P2·" not in text3
    assert not any(c in text3 for c in SECRET_CARDS)
    assert visible(p3, ".card-btn button").count() == 0 and visible(p3, ".chip-btn button").count() == 0
    seen3["guard"].check()
    for ctx in (ctx1, ctx2, ctx3):
        ctx.close()


def frames_text(frames: list[str]) -> str:
    """The frames as plain text: JSON strings decoded and HTML entities resolved (the view's
    HTML travels escaped inside JSON)."""
    out = []
    for f in frames:
        try:
            f = json.dumps(json.loads(f), ensure_ascii=False)
        except ValueError:
            pass
        out.append(html.unescape(f.replace("\\u00b7", "·")))
    return "\n".join(out)


def _side_by_side(shots: Path) -> None:
    """One picture of the two seats' pages next to each other (for the report)."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is optional
        return
    a, b = Image.open(shots / "shared-seat-1.png"), Image.open(shots / "shared-seat-2.png")
    both = Image.new("RGB", (a.width + b.width + 10, max(a.height, b.height)), "black")
    both.paste(a, (0, 0))
    both.paste(b, (a.width + 10, 0))
    both.save(shots / "two-seats.png")


#: each visible card button of the hand as BokehJS has it: [label, disabled, hover text or null]
CARD_BUTTONS = """() => { const out = [];
  for (const d of Bokeh.documents) for (const m of d._all_models.values()) {
    const cls = m.css_classes || [];
    if (cls.includes('card-btn') && m.visible && m.label)
      out.push([m.label, m.disabled, m.tooltip ? String(m.tooltip.content) : null]); }
  return out; }"""


def unplayable_text(g, key: str) -> str:
    """What a card that cannot be played now says on hover: the engine's reason for it on each
    train of the seat's observation (the same reason given once), and the rule."""
    from railkit.games.station_master.actions import PlayRoyal, PlayUncouple

    probe = {"uncouple": lambda t: PlayUncouple(1, t), "royal": PlayRoyal}[key]
    errors = [g.why_illegal(probe(tv["id"])) for tv in g.observe(g.current_player)["station"]]
    assert all(e is not None for e in errors) and len({e.rule for e in errors}) == 1
    reasons = "\n".join(dict.fromkeys(e.reason for e in errors))
    return f"Cannot be played now:\n{reasons} (rule {errors[0].rule})"


def test_cards_that_cannot_be_played_now_are_shown_disabled_with_the_reason(browser, station_server, shots):
    """Seat 1 of a shared table holds Uncouple and the Royal Carriage before any train has a
    carriage: both are shown disabled, and their hover text is the engine's own reason
    (``why_illegal`` of that seat's move on each train); the carriage card stays playable. The
    seat's page has no load control (no seat loads a save at a shared table); a game of one's
    own has one."""
    from railkit.viz.station_master.view import card_label

    g = make_shared(3, 0.15, CARDS_SETUP).game  # the same deal as the server's table
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(station_server + "/app?table=cards&seat=1")
    assert wait_my_turn_or_end(page)
    page.wait_for_function("() => (" + CARD_BUTTONS + ")().length === 3", timeout=TIMEOUT)
    shown = {label.split(" ×")[0]: (disabled, tip) for label, disabled, tip in page.evaluate(CARD_BUTTONS)}
    legal_cards = {getattr(a, "card", None) for a in g.legal_actions()}
    assert set(shown) == {card_label(k) for k in g.hands[0]}
    for key in g.hands[0]:
        disabled, tip = shown[card_label(key)]
        if key in legal_cards:
            assert not disabled and tip is None, key
        else:
            assert disabled, key
            assert tip == unplayable_text(g, key)
    assert legal_cards & set(g.hands[0]) == {"+2"}
    # the reason shows on hover
    page.locator(".card-btn", has_text="Uncouple").hover()
    shown_tip = page.get_by_text(unplayable_text(g, "uncouple").split("\n")[-1])
    shown_tip.wait_for(timeout=TIMEOUT)
    assert shown_tip.inner_text() == unplayable_text(g, "uncouple")  # one reason a line
    page.screenshot(path=str(shots / "unplayable-cards.png"))
    # no load control on a seat's page at a shared table ...
    assert page.locator("input[type=file]").count() == 0
    seen["guard"].check()
    # ... while a game of one's own can load a save
    own = ctx.new_page()
    own.goto(station_server + "/app")
    assert wait_my_turn_or_end(own)
    expect_file_input = own.locator("input[type=file]")
    expect_file_input.wait_for(state="attached", timeout=TIMEOUT)
    assert expect_file_input.count() == 1
    ctx.close()


def _play_repair(page, url: str, table: str) -> dict:
    """Open seat 1 of the table ``table`` and click its Repair card: what the prompt and the
    choices say (``first``); the page and the state after the clicks come from the caller."""
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{url}/app?table={table}&seat=1")
    assert wait_my_turn_or_end(page)
    page.locator(".card-btn button", has_text="Repair (top 3)").click()
    page.wait_for_function("() => ((" + TEXT_OF + ")('prompt') || '').startsWith('Repair (top 3)')", timeout=TIMEOUT)
    return {"prompt": text_of(page, "prompt"),
            "choices": [t.strip() for t in page.locator(".choice-btn button").all_inner_texts()]}


def _after_click(page, click) -> str:
    """Click (``click()``), then wait for the move to be played (the log changes) or for the
    prompt to change; the prompt then."""
    log, prompt = text_of(page, "action-log"), text_of(page, "prompt")
    click()
    page.wait_for_function("([log, prompt]) => { const f = (" + TEXT_OF + ");"
                           " return f('action-log') !== log || f('prompt') !== prompt; }",
                           arg=[log, prompt], timeout=TIMEOUT)
    return text_of(page, "prompt")


def test_repair_couples_a_carriage_when_one_can_be_coupled(browser, station_server, shots):
    """SM-REPAIR (the seed's rule): a carriage among the top discards that can be coupled must be.
    The prompt offers only those carriages (no "take nothing"); the carriage and train picked are
    coupled at once, and the prompt never says that none can be coupled."""
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    seen = watch(page)
    first = _play_repair(page, station_server, "repair")
    assert "Which carriage" in first["prompt"] and "must" in first["prompt"], first
    assert sorted(first["choices"]) == sorted(["−2", "+1", "Luxury +5"]), first
    prompt = _after_click(page, lambda: page.locator(".choice-btn button", has_text="Luxury +5").click())
    assert "Click the train" in prompt
    prompt = _after_click(page, lambda: page.locator(".train-slot-0 button").click())
    page.screenshot(path=str(shots / "repair-couples.png"))
    assert "no carriage" not in prompt.lower() and "without coupling" not in page_text(page)
    wait_text(page, "coupled Luxury +5 from the discard pile to T1")
    wait_text(page, "Player 1 coupled Luxury +5 from the discard pile to T1 (Repair)")  # the event line
    assert "★ +5Luxury" in text_of(page, "train-card")  # the luxury card drawn on T1: starred, named
    seen["guard"].check()
    ctx.close()


def test_repair_may_couple_nothing_when_the_rules_make_it_optional(browser, station_server, shots):
    """With ``repair_optional`` the prompt offers "Take nothing" beside the carriages; taking
    nothing plays the card at once and couples nothing."""
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    seen = watch(page)
    first = _play_repair(page, station_server, "repair-optional")
    assert "Which carriage" in first["prompt"] and "may" in first["prompt"], first
    assert first["choices"][0] == "Take nothing" and len(first["choices"]) == 4, first
    prompt = _after_click(page, lambda: page.locator(".choice-btn button", has_text="Take nothing").click())
    page.screenshot(path=str(shots / "repair-optional.png"))
    assert "no carriage" not in prompt.lower(), prompt
    wait_text(page, "played Repair (top 3) and coupled nothing")
    assert "Luxury +5" not in text_of(page, "train-card")
    seen["guard"].check()
    ctx.close()


def test_a_tie_is_explained_in_the_banner_and_the_end_table(browser, station_server, shots):
    """SM-TIE: both players end on 4 points; the banner says the best single train broke the tie
    (the engine's summary: Player 1's best train +4, Player 2's +2), and each tied player's
    score in the end table carries that train."""
    from station_serve import make_tie

    rows = make_tie(0.15).game.summary()
    assert [r["score"] for r in rows] == [4, 4] and [r["best_train"] for r in rows] == [4, 2]
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(station_server + "/app?table=tie&seat=2")
    wait_text(page, "Game over")
    banner = text_of(page, "winner-banner")
    page.screenshot(path=str(shots / "tie-banner.png"))
    assert "Player 1 wins with 4 points" in banner, banner
    assert "Tie broken by the best single train" in banner and "+4" in banner and "+2" in banner, banner
    assert "1. Player 1 — 4 (best train +4)" in banner and "2. You — 4 (best train +2)" in banner, banner
    seen["guard"].check()
    ctx.close()


def test_a_train_is_chosen_by_clicking_the_train_itself(browser, station_server, shots):
    """A chip, then a click on the train's card (not the button under it): the chip goes there."""
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(station_server + "/app?table=repair&seat=1")
    assert wait_my_turn_or_end(page)
    page.locator(".chip-btn button", has_text="Chip 2").click()
    page.wait_for_function("() => ((" + TEXT_OF + ")('prompt') || '').startsWith('Chip 2')", timeout=TIMEOUT)
    card = page.locator(".train-card").nth(1)  # T2's card, clicked where a person clicks: its middle
    box = card.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_text(page, "placed chip 2 on T2")
    page.screenshot(path=str(shots / "train-clicked.png"))
    seen["guard"].check()
    ctx.close()


def test_what_you_act_on_is_in_view_at_1280x720(page, station_server):
    """Without scrolling, at 1280x720, on your turn: the trains, your chips and cards, the
    prompt saying whose turn it is and what to click, the scores and Undo."""
    from helpers import outside_view

    seen = watch(page)
    page.set_viewport_size(VIEWPORT)
    page.goto(station_server + "/app")
    assert wait_my_turn_or_end(page)
    assert outside_view(page, {
        "trains": page.locator(".train-slot-0 button"), "a chip": page.locator(".chip-slot-0 button"),
        "a card": page.locator(".card-slot-0 button"), "prompt": page.locator(".prompt"),
        "scores": page.locator(".players"), "undo": page.locator(".undo button"),
    }) == {}
    seen["guard"].check()


def test_a_served_four_player_game_keeps_what_you_act_on_in_view_at_1280x720(browser, shots):
    """``railkit serve station-master`` (four players: five trains fill the station in three
    rows): the trains, the hand, the prompt, the scores, Undo and the message line, where a
    refusal is said, lie in the window without scrolling."""
    from helpers import outside_view

    proc = launch([sys.executable, "-m", "railkit.cli", "serve", "station-master", "--port", "{port}", "--seed", "5",
                   "--bot-delay", "0"], name="station-four")
    try:
        page = browser.new_context(viewport=VIEWPORT).new_page()
        seen = watch(page)
        page.goto(proc.url + "/")
        assert wait_my_turn_or_end(page)
        expect(page.locator(".train-slot-4 button")).to_be_visible(timeout=TIMEOUT)  # five trains
        page.locator(".train-slot-0 button").click()  # a train before a chip or card: said on the message line
        expect(page.locator(".message")).to_contain_text("first", timeout=TIMEOUT)
        assert outside_view(page, {
            "trains": page.locator(".train-slot-0 button"), "last train": page.locator(".train-slot-4 button"),
            "a chip": page.locator(".chip-slot-0 button"), "a card": page.locator(".card-slot-0 button"),
            "prompt": page.locator(".prompt"), "scores": page.locator(".players"),
            "undo": page.locator(".undo button"), "message": page.locator(".message"),
        }) == {}
        page.screenshot(path=str(shots / "station-four-1280x720.png"))
        seen["guard"].check()
        page.context.close()
    finally:
        stop_server(proc)


# ---------------------------------------------------------------- on a phone
def drawn_characters() -> str:
    """Every character past ASCII that the Station Master drawing and view may put on a page
    (a star, arrows, signs, the locomotive of a Rush Hour event): read from their sources."""
    from railkit.viz.station_master import draw, view, words

    return "".join(sorted({ch for m in (draw, view, words) for ch in Path(m.__file__).read_text() if ord(ch) > 127}))


def play_my_turn(page) -> None:
    """Play one move by taps: a chip that can be played, else a card, else pass; wait until the
    log shows it."""
    log_before = text_of(page, "action-log")
    chips = visible(page, ".chip-btn button:enabled")
    if not (chips.count() and answer(page, chips.first)):
        cards = visible(page, ".card-btn button:enabled")
        if not any(answer(page, cards.nth(k)) for k in range(cards.count())):
            visible(page, ".pass-btn button").click()
    page.wait_for_function("([cls, before]) => (" + TEXT_OF + ")(cls) !== before",
                           arg=["action-log", log_before], timeout=TIMEOUT)


def phone_game(browser, playwright, station_server, shots, moves: int | None):
    """Play ``moves`` moves (None: to the end) on a phone, the page fitting it after each."""
    from test_languages import MISSING_GLYPHS

    page = phone_page(browser, playwright)
    seen = watch(page)
    page.goto(station_server + "/app")
    assert wait_my_turn_or_end(page)
    assert page.viewport_size == PHONE_SCREEN
    page.screenshot(path=str(shots / "phone-station.png"), full_page=True)
    # a setting this game does not have (no "confirm before ..."): hidden on a phone as elsewhere
    expect(page.locator(".confirm-moves")).to_be_hidden()
    played = 0
    while (moves is None or played < moves) and wait_my_turn_or_end(page):
        play_my_turn(page)
        played += 1
        assert played < 200, "the game did not end"
        assert page_fits_phone(page) == {"overflow": 0, "small": []}, played
    text = page_text(page)
    assert page.evaluate(MISSING_GLYPHS, text) == []  # every glyph drawn is in the page's fonts
    assert page.evaluate(MISSING_GLYPHS, drawn_characters()) == []  # and every one the drawing may use
    page.screenshot(path=str(shots / "phone-station-after.png"), full_page=True)
    seen["guard"].check()
    page.context.close()
    return played


def test_on_a_phone_a_few_moves_fit_the_screen(browser, playwright, station_server, shots):
    """At 390x844 with touch: a few moves by taps, the page never wider than the screen and
    every control at least 44 px each way; no character without a glyph."""
    assert phone_game(browser, playwright, station_server, shots, moves=3) == 3


@pytest.mark.slow
def test_on_a_phone_a_whole_game_fits_the_screen(browser, playwright, station_server, shots):
    """The same, a whole solo game (against the bots) to its end."""
    phone_game(browser, playwright, station_server, shots, moves=None)


def test_the_lobby_fits_a_phone(browser, playwright, shots):
    """The lobby of a shared Station Master server at 390x844: no sideways scroll, and its name
    box, players slider's text and Make table at least 44 px (its form wraps)."""
    proc = launch([sys.executable, "-m", "railkit.viz.shell.serve", "station-master", "--seats", "2", "--port",
                   "{port}"], name="station-lobby")
    try:
        page = phone_page(browser, playwright)
        seen = watch(page)
        page.goto(proc.url + "/")
        page.get_by_role("button", name="Make table").wait_for(timeout=TIMEOUT)
        page.screenshot(path=str(shots / "phone-lobby.png"), full_page=True)
        assert page_fits_phone(page) == {"overflow": 0, "small": []}
        seen["guard"].check()
        page.context.close()
    finally:
        stop_server(proc)

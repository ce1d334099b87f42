"""The screens a player and a teacher see, in each game, at each screen size (markers
``browser`` and ``slow``).

For each served game at 1280x720, 1920x1080 and 390x844 (a phone's touch profile): the start,
a refusal (a move the rules forbid, explained with its rule id, the game unchanged), the
hint list, mid-game, the end with its statistics, and a tutorial step; for each game in
Danish, German and Japanese: the start and the end at 1280x720. The moves are made through
the keyboard's list of every legal action ("Choose a move"), so the same driver plays
every game in every language. Each screen is asserted, with no error in the page and no
request leaving the machine, and written to ``$RAILKIT_SCREENSHOTS`` as
``screen-<game>-<size or language>-<what>.png`` to be looked at.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import pytest
from guard import PageGuard
from playwright.sync_api import expect
from helpers import ALL_TEXT, SHEET_XY, click_route, page_fits_phone, page_text, phone_page

from conftest import launch, stop_server

pytestmark = pytest.mark.slow

TIMEOUT = 180_000
SEED = 5
GAMES = {"ticket-to-ride": ["--map", "usa"], "steam-rollers": [], "station-master": []}
SIZES = {"1280x720": (1280, 720), "1920x1080": (1920, 1080), "390x844": None}
#: the most moves of one seat before a game must have ended
MOST_MOVES = 400

#: the keyboard list's options ([value, text]) once this seat may move, else null; the end: 'end'
MY_OPTIONS = """() => {
  const find = (n, cls) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r, cls); if (f) return f; }
    return null; };
  const banner = find(document.body, 'winner-banner');
  if (banner && banner.checkVisibility() && (banner.shadowRoot || banner).textContent.trim()) return 'end';
  if (!window.Bokeh || !Bokeh.documents.every(d => d.is_idle)) return null;
  const host = find(document.body, 'choose-move');
  const sel = host && (host.shadowRoot || host).querySelector('select');
  if (!sel || sel.disabled || !sel.options.length) return null;
  return Array.from(sel.options).map(o => [o.value, o.text]);
}"""
#: the text of the first element of class ``cls`` (through shadow roots), or ''
TEXT_OF = """(cls) => {
  const text = (n) => { if (n.nodeType === 3) return n.textContent;
    if (n.tagName === 'STYLE' || n.tagName === 'SCRIPT') return ''; let t = '';
    if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
  const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; } return null; };
  const el = find(document.body); return el ? text(el) : '';
}"""


def choose(game: str, options: list[list[str]]) -> int:
    """The index of the move this driver plays: in Ticket to Ride the longest claim, else
    the first ticket choice or a blind draw (so the game ends); elsewhere the first move."""
    values = [v for v, _ in options]
    if game == "ticket-to-ride":
        claims = [(int(m.group(1)), i) for i, v in enumerate(values) if (m := re.search(r" x(\d+)$", v))
                  and v.startswith("claim ")]
        if claims:
            return max(claims)[1]
        for i, v in enumerate(values):
            if v.startswith("keep tickets") or v == "draw deck":
                return i
    return 0


def text_of(page, cls: str) -> str:
    return page.evaluate(TEXT_OF, cls) or ""


def wait_mine(page):
    """Wait until this seat may move (its list of moves) or the game is over ('end')."""
    try:
        handle = page.wait_for_function(MY_OPTIONS, timeout=TIMEOUT, polling=100)
    except Exception:
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-screens-stuck.png"), full_page=True)
        raise
    return handle.json_value()


#: the element of class ``cls`` (through shadow roots), or null
FIND = """(cls) => { const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; }
    return null; }; return find(document.body); }"""
#: the move was logged, or it waits for "Confirm turn" (it ends the turn)
LOGGED_OR_WAITING = """([log]) => (%s)('action-log') !== log || (() => { const h = (%s)('confirm-turn');
    const b = h && (h.shadowRoot || h).querySelector('button'); return !!b && !b.disabled; })()""" % (TEXT_OF, FIND)


def play_one(page, game: str, options) -> None:
    """Choose a move in the keyboard's list, play it (pressing "Confirm turn" when the move
    waits for it) and wait until the log has it."""
    log = text_of(page, "action-log")
    page.locator(".choose-move select").select_option(index=choose(game, options))
    page.locator(".play-move button").click()
    page.wait_for_function(LOGGED_OR_WAITING, arg=[log], timeout=TIMEOUT, polling=100)
    if text_of(page, "action-log") == log:
        page.locator(".confirm-turn button").click()
        page.wait_for_function("([log]) => (" + TEXT_OF + ")('action-log') !== log", arg=[log], timeout=TIMEOUT)


RULE_ID = re.compile(r"\((rule|regel|Regel|ルール) [A-Z]+-[A-Z0-9-]+\)")


#: a train button of Station Master's that says where the chosen card may go
HERE = """() => { const walk = (n) => {
    if (n.classList && n.classList.contains('train-btn') && /here/.test((n.shadowRoot || n).textContent)) return true;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (r && walk(r)) return true; } return false; };
  return walk(document.body); }"""


def station_refusal(page, before: str) -> bool:
    """Choose each card of the hand in turn and click a train it may not go to; False when
    every card may go everywhere (nothing to refuse in this position)."""
    cards = page.locator(".card-btn button:enabled:visible")
    log = text_of(page, "action-log")
    for k in range(cards.count()):
        prompt = text_of(page, "prompt")
        cards.nth(k).click()
        page.wait_for_function("([before, log, prompt]) => { const t = (" + TEXT_OF + "); return (" + HERE + ")()"
                               " || t('message') !== before || t('action-log') !== log || t('prompt') !== prompt; }",
                               arg=[before, log, prompt], timeout=TIMEOUT)
        if text_of(page, "action-log") != log:  # the card went where it only could: played
            return False
        if text_of(page, "message") != before:  # the card itself cannot be played now
            return True
        others = page.locator(".train-btn button:visible", has_text=re.compile(r"^\s*T\d+ ▲\s*$"))
        if page.evaluate(HERE) and others.count():  # trains to click, and some the card may not go to
            others.first.click()
            return True
        page.locator(".cancel-btn button").click()
        page.wait_for_function("([prompt]) => !(" + HERE + ")() && (" + TEXT_OF + ")('prompt') === prompt",
                               arg=[prompt], timeout=TIMEOUT)
    return False


def refuse(page, game: str, options) -> str:
    """Make a move the rules forbid by the board's own clicks; return the message line ('' when
    this position has no such click)."""
    before = text_of(page, "message")
    if game == "ticket-to-ride":
        from railkit.maps import load

        offered = {v.split(" ")[1] for v, _ in options if v.startswith("claim ")}
        offered |= {re.sub(r"/\d+$", "", r) for r in offered}
        route = next(r for r in sorted(load("usa").routes, key=lambda r: (-r.length, r.id))
                     if r.id not in offered and re.sub(r"/\d+$", "", r.id) not in offered)
        click_route(page, route.id)
    elif game == "steam-rollers":  # a die drafted, then a hex of another region clicked
        from railkit.maps import sheets
        from railkit.viz.steam_rollers.sheet import centre

        page.get_by_role("button", name=re.compile(r"^[⚀-⚅] [1-6]$")).first.click()
        page.wait_for_function("() => /Die [1-6] drafted/.test((" + TEXT_OF + ")('message') + String((" + ALL_TEXT + ")()))",
                               timeout=TIMEOUT)
        die = int(re.search(r"Die ([1-6]) drafted", page_text(page)).group(1))
        sheet = sheets.load("steam-default")
        hexes = sheet.regions[die % 6 + 1].drawable
        before = text_of(page, "message")
        page.mouse.move(1, 1)
        page.mouse.click(*page.evaluate(SHEET_XY, list(centre(sorted(hexes)[0]))))
    elif not station_refusal(page, before):
        return ""
    page.wait_for_function("([before]) => { const t = (" + TEXT_OF + ")('message'); return t && t !== before; }",
                           arg=[before], timeout=TIMEOUT)
    return text_of(page, "message")


#: the hint rows whose move button's text spills out of it or over its reason, or that something
#: else is drawn over: [move, reason]
HINT_SPILLS = """() => { const out = []; const all = [];
  const walk = (n) => { if (n.classList && (n.classList.contains('hint-move') || n.classList.contains('hint-reason')))
      all.push(n); for (const r of [n.shadowRoot, ...n.childNodes]) if (r) walk(r); };
  walk(document.body);
  const moves = all.filter(n => n.classList.contains('hint-move') && n.checkVisibility());
  const reasons = all.filter(n => n.classList.contains('hint-reason') && n.checkVisibility());
  moves.forEach((m, i) => {
    const b = (m.shadowRoot || m).querySelector('button'); if (!b) return;
    const r = b.getBoundingClientRect(), q = reasons[i] ? reasons[i].getBoundingClientRect() : null;
    const over = q && r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom;
    // the button is what a tap at its middle reaches (nothing drawn over it)
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    let hit = document.elementFromPoint(cx, cy);
    while (hit && hit.shadowRoot) { const f = hit.shadowRoot.elementFromPoint(cx, cy); if (!f || f === hit) break; hit = f; }
    const covered = cy >= 0 && cy < innerHeight && !(hit && (hit === b || b.contains(hit)));
    if (b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1 || over || covered)
      out.push([b.textContent.trim(), reasons[i] ? reasons[i].textContent.trim() : '']);
  });
  return out; }"""


def shoot(page, shots, name: str, phone: bool) -> None:
    """Write the screen (what fits the window: what a person sees without scrolling); on a
    phone also check it fits (no sideways scroll, fingertip-sized controls)."""
    page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
    page.screenshot(path=str(shots / f"screen-{name}.png"))
    if phone:
        assert page_fits_phone(page)["overflow"] == 0, name


def serve(game: str):
    return launch([sys.executable, "-m", "railkit.cli", "serve", game, "--port", "{port}", "--seed", str(SEED),
                   "--bot-delay", "0", *GAMES[game]], name=f"screens-{game}")


def open_page(browser, playwright, size: str):
    if SIZES[size] is None:
        page = phone_page(browser, playwright)
    else:
        w, h = SIZES[size]
        page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def play_to_end(page, game: str, shots, name: str, phone: bool, mid: int | None = 6) -> int:
    """Play this seat's moves until the game is over (a screen at move ``mid``); the count."""
    moves = 0
    while (options := wait_mine(page)) != "end":
        if moves == mid:
            shoot(page, shots, f"{name}-4-mid", phone)
        play_one(page, game, options)
        moves += 1
        assert moves < MOST_MOVES, "the game did not end"
    return moves


def end_checked(page, shots, name: str, phone: bool) -> None:
    """The end: the banner names the winner and the statistics table has the seats' scores."""
    banner = text_of(page, "winner-banner")
    assert re.search(r"\d", banner), banner
    page.locator(".winner-banner").scroll_into_view_if_needed()
    shoot(page, shots, f"{name}-5-end", phone)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_s_screens_at_each_size(browser, playwright, shots, game, size):
    """Start, refusal with its rule id, hints, mid-game, the end's statistics, a tutorial step."""
    phone = SIZES[size] is None
    name = f"{game}-{size}"
    proc = serve(game)
    try:
        page = open_page(browser, playwright, size)
        guard = PageGuard(page)
        page.goto(proc.url + "/")
        options = wait_mine(page)
        shoot(page, shots, f"{name}-1-start", phone)
        for _ in range(3 if game == "ticket-to-ride" else 1):  # past the tickets chosen at the start
            play_one(page, game, options)
            options = wait_mine(page)
        for _ in range(20):  # a position where a click can be refused
            log = text_of(page, "action-log")
            if message := refuse(page, game, options):
                break
            if text_of(page, "action-log") == log:
                play_one(page, game, options)
            options = wait_mine(page)
        assert "Not allowed" in message and RULE_ID.search(message), message
        shoot(page, shots, f"{name}-2-refusal", phone)
        page.locator(".hint button").click()
        expect(page.locator(".hint-move button:visible")).to_have_count(3, timeout=TIMEOUT)
        page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
        page.locator(".hint-list").scroll_into_view_if_needed()
        assert page.evaluate(HINT_SPILLS) == []
        shoot(page, shots, f"{name}-3-hint", phone)
        play_to_end(page, game, shots, name, phone)
        end_checked(page, shots, name, phone)
        # a tutorial step: the third, or the first that waits for the learner's move
        page.goto(proc.url + "/?tutorial=1")
        page.wait_for_function("() => ((" + TEXT_OF + ")('tutorial-comment') || '').trim().length > 0")
        from railkit.viz.shell.tutorial import tutorial_of

        for step in tutorial_of(game).steps[:2]:
            if step.waits:  # Next is off until the learner makes the step's move
                break
            before = text_of(page, "tutorial-comment")
            page.locator(".tutorial-next button").click()
            page.wait_for_function("([b]) => (" + TEXT_OF + ")('tutorial-comment') !== b", arg=[before])
        shoot(page, shots, f"{name}-6-tutorial", phone)
        guard.check()
        page.context.close()
    finally:
        stop_server(proc)


@pytest.mark.parametrize("lang", ["da", "de", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_s_start_and_end_in_each_language(browser, playwright, shots, game, lang):
    """The start and the end at 1280x720 with ?lang=: the page's words in the language."""
    name = f"{game}-{lang}"
    proc = serve(game)
    try:
        page = open_page(browser, playwright, "1280x720")
        guard = PageGuard(page)
        page.goto(proc.url + f"/?lang={lang}")
        wait_mine(page)
        shoot(page, shots, f"{name}-1-start", False)
        play_to_end(page, game, shots, name, False, mid=None)
        end_checked(page, shots, name, False)
        guard.check()
        page.context.close()
    finally:
        stop_server(proc)

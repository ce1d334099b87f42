"""A whole game in the pseudo-locale: no English word on the way (marker ``browser``).

Each served game is played to the end with ``?lang=xx`` (every message accented and 35 %
longer) through the keyboard's list of moves, and the page is searched for English words
at the start, every few moves and at the end (the banner, the statistics). The places the
list never opens are opened too: Ticket to Ride's claim dialog (its payment buttons), Steam
Rollers' delivery choices and Olivia's turns (a solo game), the new-game form with its rule
options, and the tutorial page. Every place's English words are gathered, then reported
together.
"""

from __future__ import annotations

import re
import sys

import pytest
from guard import PageGuard
from helpers import click_route, hover_route
from test_languages import _names, english_on
from test_screens import FIND, TEXT_OF, play_one, text_of, wait_mine

from conftest import launch, stop_server

pytestmark = pytest.mark.browser

TIMEOUT = 180_000
SEED = 5
GAMES = {"ticket-to-ride": ["--map", "usa"], "steam-rollers": ["--solo"], "station-master": []}
#: the page is searched every this many moves
EVERY = 5
MOST_MOVES = 400

#: a move in the action notation: a refusal quotes it so ('use 1b' cannot be played now); the
#: notation stays as it is in every language (docs/rules/glossary-*.md)
NOTATION = r"(claim|draw|keep|pass|draft|use|build|skip|power|engine|deliver)\b[^']*"
#: the parts of a text that stay English, each with the reason (the log says each move in words,
#: the board's hover text and Station Master's departures speak the page's language)
KEPT = {
    rf"'{NOTATION}'": "a refusal quoting a move in the action notation",
}

def names() -> list[str]:
    """What a page shows as it is: the names of :func:`test_languages._names`, the maps' and the
    rule presets' names."""
    from railkit.games import specs
    from railkit.maps import available

    return _names() + list(available()) + [p for spec in specs() for p in spec.presets] + ["railkit default"]


#: the element of class ``cls`` holds a button with text (the claim dialog's payment buttons)
BUTTONS_SHOWN = "(cls) => { const h = (" + FIND + ")(cls); const r = h && (h.shadowRoot || h);" \
                " return !!r && Array.from(r.querySelectorAll('button')).some(b => b.textContent.trim()); }"


def plain(text: str) -> str:
    """A pseudo-locale text with its letters unaccented: the English message it shows."""
    from railkit.core.i18n import _MARKED, _PLAIN

    return text.translate(str.maketrans(_MARKED, _PLAIN))


def as_notation(options) -> list[list[str]]:
    """The list's options ([value, text], shown in the pseudo-locale) with Ticket to Ride's
    moves in the notation :func:`test_screens.choose` reads: it claims the longest route, else
    keeps tickets, else draws from the deck (so that this seat plays its part of the game)."""
    out = []
    for _, text in options:
        said = plain(text)
        if m := re.search(r"Claim (.+?), paying (.*)$", said):
            cards = sum(int(n) for n in re.findall(r"×(\d+)", m.group(2)))
            out.append([f"claim {m.group(1)} x{cards}", text])
        elif said.startswith("[Keep"):
            out.append(["keep tickets", text])
        elif said.startswith("[Draw a train card from the deck"):
            out.append(["draw deck", text])
        else:
            out.append(["", text])
    return out


def claim_dialog(page, options) -> list | None:
    """Open the claim dialog on a claimable route; the English words of its payment buttons
    (None: no route is claimable now)."""
    claims = [v.split(" ")[1] for v, _ in as_notation(options) if v.startswith("claim ")]
    if not claims:
        return None
    click_route(page, claims[0])
    page.wait_for_function(BUTTONS_SHOWN, arg="pay", timeout=TIMEOUT)
    return english_on(page, names(), KEPT)


def route_hover(page) -> list:
    """Point at a gray route (at the start nobody owns one), wait for its tooltip (its colour
    and owner, in words) and read the page; the English words seen."""
    from railkit.maps import load

    gray = next(r.id for r in load("usa").routes if r.color == "gray")
    assert "[" in hover_route(page, gray, TIMEOUT)  # its field names are in the pseudo-locale
    left = english_on(page, names(), KEPT)
    page.mouse.move(1, 1)
    return left


def delivery_choices(page, options) -> list | None:
    """Draft a die that may deliver (its button), read the delivery list, put the die back; the
    English words seen meanwhile (None: no die may deliver now)."""
    die = next((m.group(1) for _, t in options if (m := re.search(r"Draft die (\d).*: deliver a ", plain(t)))), None)
    if die is None:
        return None
    before = text_of(page, "message")
    button = page.get_by_role("button", name=re.compile(rf"^[⚀-⚅] {die}$")).first
    button.click()
    page.wait_for_function("([b]) => (" + TEXT_OF + ")('message') !== b", arg=[before], timeout=TIMEOUT)
    page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
    left = english_on(page, names(), KEPT)
    drafted = text_of(page, "message")
    button.click()  # put back
    page.wait_for_function("([b]) => (" + TEXT_OF + ")('message') !== b", arg=[drafted], timeout=TIMEOUT)
    return left


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_played_to_the_end_in_the_pseudo_locale_shows_no_english(browser, game):
    """Start, every few moves, the places the move list never opens, the end, the new-game
    form and the tutorial: no English word outside names and numbers."""
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", game, "--port", "{port}", "--seed", str(SEED),
                   "--bot-delay", "0", *GAMES[game]], name=f"xx-{game}")
    found: dict[str, list] = {}

    def look(place: str, left=None) -> None:
        left = english_on(page, names(), KEPT) if left is None else left
        for text, words in left:
            found.setdefault(place, [])
            if (text, words) not in found[place]:
                found[place].append((text, words))

    try:
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        page.set_default_timeout(TIMEOUT)
        guard = PageGuard(page)
        page.goto(proc.url + "/?lang=xx")
        options = wait_mine(page)
        look("start")
        moves, claimed, delivered, logged = 0, False, False, 0
        if game == "ticket-to-ride":
            look("route hover", route_hover(page))
        while options != "end":
            if game == "ticket-to-ride" and not claimed and (left := claim_dialog(page, options)) is not None:
                look("claim dialog", left)
                claimed = True
            if game == "steam-rollers" and not delivered and (left := delivery_choices(page, options)) is not None:
                look("delivery choices", left)
                delivered = True
            play_one(page, game, as_notation(options))
            moves += 1
            assert moves < MOST_MOVES, "the game did not end"
            options = wait_mine(page)
            if moves % EVERY == 0:
                look("during the game")
                logged += text_of(page, "action-log").count(". ")  # the log's lines were read too
        page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
        look("the end")
        assert logged, "the action log was never read"
        if game == "ticket-to-ride":
            assert claimed, "no claim dialog was opened"
        if game == "station-master":  # a train's departure and the event lines were read
            assert re.search(r"\bT\d", text_of(page, "departure")) and text_of(page, "events").strip()
        # the new-game form, with its rule options
        page.locator(".new-toggle button").click()
        page.locator(".new-game button").wait_for()
        page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
        look("new-game form")
        # the tutorial: header, leave link, step box
        page.goto(proc.url + "/?tutorial=1&lang=xx")
        page.wait_for_function("() => ((" + TEXT_OF + ")('tutorial-comment') || '').trim().length > 0")
        page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=TIMEOUT)
        look("tutorial")
        guard.check()
        page.context.close()
    finally:
        stop_server(proc)
    print(f"{game}: {moves} moves; English left: {found}")
    assert not found, found

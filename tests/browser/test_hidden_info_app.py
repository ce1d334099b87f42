"""Nothing a seat receives derives hidden information (marker ``browser``).

Two (and three) real browsers sit at one shared table of each served game, made in the
lobby of ``railkit serve GAME --seats 2 --seed SEED``. The test knows the seed, so it can
deal the same game in this process and know every hand; it then searches everything each
page actually received (every websocket frame, the page's text, the save download the page
can make the server send, even with a disabled button) for the seed and for what only the
other seat holds. Undo after a blind draw is refused and nothing is dealt again.
"""

from __future__ import annotations

import base64
import sys
import tempfile

import pytest
from guard import PageGuard
from helpers import make_table, page_text
from helpers import wait_text as _wait_text

from conftest import launch, stop_server
from railkit.games import get_spec

TIMEOUT = 90_000  # generous: a loaded 2-core machine can be slow; every wait is for a condition


def wait_text(page, text: str) -> None:
    _wait_text(page, text, TIMEOUT)


#: the server's seed: long enough that finding its digits anywhere is no accident
SEED = 918273645546372
GAMES = {
    "ticket-to-ride": ["--map", "teaching-small"],
    "steam-rollers": [],
    "station-master": [],
}
OPTIONS = {"ticket-to-ride": {"map": "teaching-small"}}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_server(request):
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", request.param, "--port", "{port}", "--seats", "2",
                   "--seed", str(SEED), "--bot-delay", "0.15", *GAMES[request.param],
                   # a folder of its own: the tables another server kept must not come back here
                   "--state-dir", tempfile.mkdtemp(prefix="railkit-tables-")], name=f"hidden-{request.param}")
    proc.game = request.param
    yield proc
    stop_server(proc)


class Seat:
    """One browser (its own context) and everything the server sent it."""

    def __init__(self, browser):
        self.context = browser.new_context(accept_downloads=True)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.guard = PageGuard(self.page)
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        self.frames.append(payload.decode("latin-1") if isinstance(payload, bytes) else payload)

    def received(self) -> str:
        """Every websocket frame and the page's text, as one text to search."""
        return "\n".join(self.frames) + "\n" + page_text(self.page)

    def close(self) -> None:
        self.guard.check()
        self.context.close()






def join(seat: Seat, url: str, table: str, k: int) -> None:
    """Join seat ``k`` (1-based) of ``table`` from the lobby."""
    page = seat.page
    page.goto(url + "/")
    link = page.locator(f"a.join[href='?table={table}&join={k}']")
    link.click()
    wait_text(page, "You play")
    page.wait_for_function("() => location.search.includes('token=')")


def deal(game: str):
    """The game the server's lobby deals (the same seed, players and options)."""
    return get_spec(game).new_game(players=2, seed=SEED, **OPTIONS.get(game, {}))


def secrets_of(game: str, g, seat: int) -> set[str]:
    """Texts only ``seat`` may know in ``g`` as its page would show them (Station Master: its
    named cards), less what the other seat holds too."""
    from railkit.viz.station_master.view import card_label

    other = 1 - seat
    if game == "station-master":
        named = {card_label(k) for k in g.observe(seat)["hand"] if any(c.isalpha() for c in card_label(k))}
        return named - {card_label(k) for k in g.observe(other)["hand"]}
    return set()  # Steam Rollers: no hands; what is hidden is the rolls to come (the seed)


def start_ttr(a: Seat, b: Seat) -> None:
    """Both seats keep their starting tickets; seat 1 is to move."""
    a.page.get_by_role("button", name="Keep selected tickets").click()
    wait_text(b.page, "choose your starting tickets")
    b.page.get_by_role("button", name="Keep selected tickets").click()
    wait_text(a.page, "draw cards, claim a route or draw tickets")


def ttr_kept(g) -> None:
    """The same keeps in ``g`` (every ticket offered: the button's default choice)."""
    for _ in range(2):
        n = len(g.observe(g.current_player)["offered"])
        g.apply("keep tickets " + ",".join(str(i + 1) for i in range(n)))


def test_two_seats_and_a_spectator_receive_no_seed_and_no_other_hand(browser, game_server):
    url, game = game_server.url, game_server.game
    a, b, c = Seat(browser), Seat(browser), Seat(browser)
    make_table(a.page, url, "secret")
    join(a, url, "secret", 1)
    join(b, url, "secret", 2)
    g = deal(game)
    if game == "ticket-to-ride":
        offered = {s: len(g.observe(s)["offered"]) for s in (0, 1)}
        start_ttr(a, b)
        ttr_kept(g)
        from railkit.viz.ticket_to_ride.player import ticket_text

        hidden = {s: {ticket_text(t) for t in g.observe(s)["tickets"]} for s in (0, 1)}
        assert all(len(hidden[s]) == offered[s] for s in (0, 1))
        # the seat's own tickets are shown to it (so the search below looks for the right text)
        for seat, s in ((a, 0), (b, 1)):
            for t in hidden[s]:
                wait_text(seat.page, t.split(" (")[0])
    else:
        hidden = {s: secrets_of(game, g, s) for s in (0, 1)}
        if game == "station-master":
            for seat, s in ((a, 0), (b, 1)):
                for name in hidden[s]:
                    wait_text(seat.page, name)
    # a third browser at the full table: the join link makes it a spectator
    c.page.goto(url + "/?table=secret&join=1")
    wait_text(c.page, "watching")
    wait_text(c.page, "is taken")
    c.page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    assert c.page.locator(".my-hand .chip").count() == 0  # no hand shown (Ticket to Ride)
    for seat, s in ((a, 0), (b, 1)):
        got = seat.received()
        assert str(SEED) not in got, f"seat {s + 1} received the seed"
        leaked = [t for t in hidden[1 - s] if t not in hidden[s] and t in got]
        assert not leaked, f"seat {s + 1} received the other seat's {leaked}"
    got = c.received()
    assert str(SEED) not in got
    assert not [t for t in hidden[0] | hidden[1] if t in got], "the spectator received a hand"
    for seat in (a, b, c):
        seat.close()


FORCE_DOWNLOAD = """() => {
  for (const d of Bokeh.documents) for (const m of d._all_models.values())
    if (typeof m.filename === 'string' && typeof m.clicks === 'number' && 'embed' in m) {
      window.__download = m; m.clicks = m.clicks + 1; return m.disabled; }
  return null;
}"""


def test_the_save_download_at_a_running_shared_table_holds_no_seed(browser, game_server):
    """The button is greyed out, and a page's own script that clicks it anyway (it sets the
    download's click count, as the button would) gets a note, never the save."""
    url = game_server.url
    a, b = Seat(browser), Seat(browser)
    make_table(a.page, url, "saves")
    join(a, url, "saves", 1)
    join(b, url, "saves", 2)
    a.page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    disabled = a.page.evaluate(FORCE_DOWNLOAD)
    assert disabled is True, "the save button is offered while the shared game runs"
    a.page.wait_for_function("() => window.__download.data && window.__download.data.length > 0")
    data = a.page.evaluate("() => window.__download.data")
    sent = base64.b64decode(data.split(",", 1)[1]).decode("utf-8")
    assert str(SEED) not in sent and "actions" not in sent and "offered once the game is over" in sent
    assert str(SEED) not in a.received() and str(SEED) not in b.received()
    for seat in (a, b):
        seat.close()


ENABLE_UNDO = """() => {
  for (const d of Bokeh.documents) for (const m of d._all_models.values())
    if (m.css_classes && m.css_classes.includes('undo')) { const was = m.disabled; m.disabled = false; return was; }
  return null;
}"""


def test_undo_after_a_blind_draw_is_refused_and_the_card_is_not_dealt_again(browser, game_server):
    if game_server.game != "ticket-to-ride":
        pytest.skip("the blind draw of a shared table is driven in Ticket to Ride (a draw from the deck); "
                    "Steam Rollers' rolls and Station Master's draws are in tests/security/test_undo_blind.py")
    url = game_server.url
    a, b = Seat(browser), Seat(browser)
    make_table(a.page, url, "undo")
    join(a, url, "undo", 1)
    join(b, url, "undo", 2)
    start_ttr(a, b)
    g = deal("ticket-to-ride")
    ttr_kept(g)
    hand0 = dict(g.observe(0)["hand"])
    a.page.locator(".draw-deck button").click()
    wait_text(a.page, "take your second train card")
    g.apply("draw deck")
    drawn = [c for c, n in g.observe(0)["hand"].items() if n > hand0.get(c, 0)]
    assert len(drawn) == 1
    # the button is greyed out; a page that enables it and clicks is refused by the server
    assert a.page.evaluate(ENABLE_UNDO) is True
    a.page.locator(".undo button").click()
    wait_text(a.page, "TABLE-UNDO-BLIND")
    # the drawn card is still in the hand, and the second draw is the next card, not the first again
    a.page.locator(".draw-deck button").click()
    wait_text(a.page, "Waiting for")
    g.apply("draw deck")
    shown = " ".join(a.page.locator(".my-hand .chip").all_inner_texts())
    for colour, n in g.observe(0)["hand"].items():
        label = "LOCO" if colour == "loco" else colour
        assert (f"{label} × {n}" in shown) == (n > 0), (colour, n, shown)
    log = page_text(a.page)
    assert log.count("drew a card from the deck") >= 2  # the log says each move in words
    assert str(SEED) not in a.received() and str(SEED) not in b.received()
    for seat in (a, b):
        seat.close()

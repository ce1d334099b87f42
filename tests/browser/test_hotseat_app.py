"""Pass and play at one browser (``railkit serve GAME --seats 2 --hotseat``; marker ``browser``).

The test deals the server's game here (same seed), so it knows both hands. Player 1 says
who they are and moves; the curtain comes up ("Pass to ..."): the page's text and every
websocket frame since the curtain came up hold nothing of either hand; then "I am ..."
shows player 2's own hand. Screenshots (``$RAILKIT_SCREENSHOTS``): the curtain, and the
second seat's view.
"""

from __future__ import annotations

import json
import re
import sys

import pytest
from guard import PageGuard
from helpers import ALL_TEXT, page_text, wait_text

from conftest import launch, stop_server
from railkit.games import get_spec
from railkit.viz.shell.table import seat_names

TIMEOUT = 120_000
SEED = 918273645546372
GAMES = {"ticket-to-ride": {"map": "teaching-small"}, "station-master": {}}
IDLE = "() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents.every((d) => d.is_idle)"


@pytest.fixture(scope="module", params=sorted(GAMES))
def hot_server(request):
    game = request.param
    options = [a for k, v in GAMES[game].items() for a in (f"--{k}", v)]
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", game, "--port", "{port}", "--seats", "2",
                   "--hotseat", "--seed", str(SEED), *options], name=f"hotseat-{game}")
    proc.game = game
    yield proc
    stop_server(proc)


def hands(game: str, g, seat: int) -> set[str]:
    """What only ``seat`` holds in ``g``, as the page writes it."""
    obs = g.observe(seat)
    if game == "ticket-to-ride":
        from railkit.viz.ticket_to_ride.player import ticket_text

        return {ticket_text(t).split(" (")[0] for t in list(obs["tickets"]) + list(obs.get("offered") or [])}
    from railkit.viz.station_master.view import card_label

    other = {card_label(k) for k in g.observe(1 - seat)["hand"]}
    return {card_label(k) for k in obs["hand"] if any(c.isalpha() for c in card_label(k))} - other


def found_in(text: str, secrets: set[str]) -> list[str]:
    """The secrets in ``text``, written as they are or as JSON writes them (``\\u2013``)."""
    return [s for s in secrets if s in text or json.dumps(s)[1:-1] in text]


def test_the_curtain_hides_both_hands_until_the_next_person_says_who_they_are(page, hot_server, shots):
    game = hot_server.game
    g = get_spec(game).new_game(players=2, seed=SEED, **GAMES[game])
    names = seat_names(g)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(
        p.decode("latin-1") if isinstance(p, bytes) else p)))
    guard = PageGuard(page)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(hot_server.url + "/")
    wait_text(page, f"Pass to {names[0]}", TIMEOUT)
    assert not found_in(page_text(page), hands(game, g, 0) | hands(game, g, 1))
    page.get_by_role("button", name=f"I am {names[0]}").click()
    wait_text(page, "Choose a move", TIMEOUT)
    page.wait_for_function(IDLE)
    assert sorted(found_in(page_text(page), hands(game, g, 0))) == sorted(hands(game, g, 0))  # its own hand

    # player 1 moves: the first legal action, chosen in the list and played
    first = str(g.legal_actions()[0])
    g.apply(first)
    page.get_by_role("button", name="Play this move").click()
    wait_text(page, f"Pass to {names[1]}", TIMEOUT)
    page.wait_for_function(IDLE)
    secrets = hands(game, g, 0) | hands(game, g, 1)
    assert secrets
    up = next(i for i, f in enumerate(frames) if f"Pass to {names[1]}" in f)  # the frame raising the curtain
    assert not found_in(page_text(page), secrets)
    assert not found_in("\n".join(frames[up:]), secrets)
    page.screenshot(path=str(shots / f"railkit-hotseat-{game}-curtain.png"))

    page.get_by_role("button", name=f"I am {names[1]}").click()
    wait_text(page, "Choose a move", TIMEOUT)
    page.wait_for_function(IDLE)
    mine = hands(game, g, 1)
    page.wait_for_function("(ts) => ts.every((t) => (" + ALL_TEXT + ")().includes(t))", arg=sorted(mine))
    assert not found_in(page_text(page), hands(game, g, 0) - mine)  # never the other seat's
    assert re.search(re.escape(f"{names[1]} is playing"), page_text(page))
    page.screenshot(path=str(shots / f"railkit-hotseat-{game}-seat2.png"))
    guard.check()

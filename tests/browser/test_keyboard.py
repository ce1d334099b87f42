"""Every legal action is reachable by keyboard alone (marker ``browser``).

For each served game the test deals the server's game here (the same seed and options),
then, with the keyboard only: Tab until "Choose a move" has the focus, walk its list with
the arrow keys (each entry must be the engine's next legal action in words, in the engine's order),
Tab to "Play this move" and press Enter (and on "Confirm turn" where the move waits for it);
the move is played (the log has it). Screenshots
of the focused list and button: ``$RAILKIT_SCREENSHOTS``.
"""

from __future__ import annotations

import sys

import pytest
from guard import PageGuard
from helpers import ALL_TEXT, page_text, wait_text

from conftest import launch, stop_server
from railkit.games import get_spec
from railkit.viz.shell.table import seat_names
from railkit.viz.shell.view import move_words

TIMEOUT = 120_000
SEED = 3
GAMES = {"ticket-to-ride": {"map": "teaching-small"}, "steam-rollers": {}, "station-master": {}}
#: the most Tab presses to reach a control (the page has fewer focusable things than this)
MAX_TABS = 250

#: the focused element, through shadow roots: its tag, the class of its shadow host, its value
FOCUSED = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a) return null;
  const host = a.getRootNode().host;
  return {tag: a.tagName, host: host ? String(host.className) : '', value: a.value ?? null,
          text: a.tagName === 'SELECT' ? (a.selectedOptions[0] || {}).text : a.textContent,
          count: a.tagName === 'SELECT' ? a.options.length : null};
}"""


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_server(request):
    game = request.param
    options = [a for k, v in GAMES[game].items() for a in (f"--{k}", v)]
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", game, "--port", "{port}", "--seed", str(SEED),
                   "--bot-delay", "0.15", *options], name=f"keys-{game}")
    proc.game = game
    yield proc
    stop_server(proc)


#: "Confirm turn" may be pressed (a move waits for it)
CONFIRM_READY = """() => {
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (!el.shadowRoot) continue;
      if (String(el.className).split(' ').includes('confirm-turn')) {
        const b = el.shadowRoot.querySelector('button');
        if (b && !b.disabled) return true;
      }
      if (walk(el.shadowRoot)) return true;
    }
    return false;
  };
  return walk(document);
}"""
PLAYED = "() => !(" + ALL_TEXT + ")().includes('no actions yet')"


def tab_to(page, host_class: str, tag: str, key: str = "Tab") -> dict:
    """Press ``key`` (Tab) until the focus is on a ``tag`` element of the control ``host_class``."""
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        now = page.evaluate(FOCUSED)
        if now and now["tag"] == tag and host_class in now["host"].split():
            return now
    raise AssertionError(f"Tab never reached {host_class}")


def test_every_legal_action_is_chosen_and_played_with_the_keyboard(page, game_server, shots):
    game = game_server.game
    spec = get_spec(game)
    g = spec.new_game(players=max(spec.solo_players, 1), seed=SEED, **GAMES[game])
    legal = [str(a) for a in g.legal_actions()]
    guard = PageGuard(page)
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(game_server.url + "/")
    wait_text(page, "Choose a move", TIMEOUT)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents.every(d => d.is_idle)")
    now = tab_to(page, "choose-move", "SELECT")
    assert now["count"] == len(legal)
    page.screenshot(path=str(shots / f"railkit-keys-{game}-list.png"))
    walked = [now]
    for _ in legal[1:]:
        page.keyboard.press("ArrowDown")
        walked.append(page.evaluate(FOCUSED))
    # each entry says the move in words (the page's English); the server plays its notation
    said = [move_words(a, seat_names(g), "en") for a in g.legal_actions()]
    assert [w["text"] for w in walked] == said and not set(said) & set(legal)
    # the last one is chosen: Tab to "Play this move" and press Enter
    tab_to(page, "play-move", "BUTTON")
    page.screenshot(path=str(shots / f"railkit-keys-{game}-button.png"))
    assert "no actions yet" in page_text(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({PLAYED})() || ({CONFIRM_READY})()")
    if "no actions yet" in page_text(page):  # the move ends the turn: kept back until "Confirm turn"
        tab_to(page, "confirm-turn", "BUTTON", key="Shift+Tab")
        page.keyboard.press("Enter")
    page.wait_for_function(PLAYED)  # the log has the move
    guard.check()

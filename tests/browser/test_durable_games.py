"""Station Master and Steam Rollers tables survive ``kill -9`` (Ticket to Ride:
test_durable_app.py): a table of two people and a bot made in the lobby, moves made by clicks
in real browsers, the server killed in the middle of the bot's turn and between two people's
moves, started again with the same ``--state-dir``: the same seat links and the spectator link
show the last accepted move, the game is played to its end by clicks, and the end every page
shows is the one the journal replays to. Short seeded games, quick bots after the first start."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from conftest import free_port, launch
from helpers import ALL_TEXT
from test_durable_app import journal_game, kill9, wait_seat
from test_station_app import answer
from test_steam_app import confirm_turn

from railkit.viz.shell.table import Table

TIMEOUT = 60_000
NAMES = ["Player 1", "Player 2", "Player 3"]
#: each game's seed and rule settings: a short game (Steam Rollers: four rounds)
GAMES = {"station-master": ["--seed", "5"],
         "steam-rollers": ["--seed", "5", "--rules", "max_rounds=4"]}

#: the number of the newest entry in a page's action log (0: none), through the shadow roots
NEWEST = """() => {
  const find = (n) => { if (n.classList && n.classList.contains('action-log')) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; }
    return null; };
  const text = (n) => { if (n.nodeType === 3) return n.textContent; if (n.tagName === 'STYLE') return '';
    let t = ''; if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
  const log = find(document.body);
  if (!log) return -1;
  const m = /(\\d+)\\.\\s/.exec(text(log));
  return m ? +m[1] : 0;
}"""

#: the text of the first element with class ``cls`` (through shadow roots), or null
TEXT_OF = """(cls) => {
  const text = (n) => { if (n.nodeType === 3) return n.textContent; let t = '';
    if (n.shadowRoot) t += text(n.shadowRoot); for (const c of n.childNodes) t += text(c); return t; };
  const find = (n) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; }
    return null; };
  const el = find(document.body); return el ? text(el) : null;
}"""

#: the texts of the end banner's score chips ("1. You — 52"), in order
SCORE_CHIPS = """() => {
  const find = (n) => { if (n.classList && n.classList.contains('winner-banner')) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r); if (f) return f; }
    return null; };
  const banner = find(document.body);
  return [...(banner.shadowRoot || banner).querySelectorAll('span')].map((s) => s.textContent)
    .filter((t) => /^\\d+\\. .* \u2014 -?\\d+/.test(t));
}"""


def start(game: str, folder, port: int, bot_delay: float):
    return launch([sys.executable, "-m", "railkit.cli", "serve", game, "--seats", "2", "--port", "{port}",
                   "--state-dir", str(folder), "--bots", "random", "--bot-delay", str(bot_delay), *GAMES[game]],
                  name="durable-" + game, port=port, cwd=str(folder.parent))


def wait_newest(page, n: int) -> None:
    """Wait until the newest entry of the page's action log is number ``n``."""
    page.wait_for_function(f"(n) => ({NEWEST})() === n", arg=n, timeout=TIMEOUT)


def station_move(page, g) -> None:
    """A chip on a train if one can be placed, else a card, else a pass: by clicks."""
    chips = page.locator(".chip-btn button:visible:enabled")
    if chips.count() and answer(page, chips.first):
        return
    for card in page.locator(".card-btn button:visible:enabled").all():
        if answer(page, card):
            return
    page.locator(".pass-btn button").click()


def steam_move(page, g) -> None:
    """Draft the first die, then cross its engine box if it may be crossed, else pass: by clicks."""
    from railkit.viz.steam_rollers.view import DIE_FACE

    die = g.dice[0]
    legal = {str(a) for a in g.legal_actions()}
    page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first.click()
    page.wait_for_function(f"() => ({TEXT_OF})('message')?.includes('Die {die} drafted')", timeout=TIMEOUT)
    action = f"draft {die} engine" if f"draft {die} engine" in legal else f"draft {die} pass"
    if action.endswith("engine"):
        page.locator(".engine-box button", has_text=re.compile(f"^{die}$")).click()
    else:
        page.get_by_role("button", name="Pass (use the die for nothing)").click()
    # a move that hands the turn on (or rolls) waits on the page for "Confirm turn" (the served default)
    seat = g.current_player
    table = Table(players=g.players, humans=[0, 1], game="steam-rollers")
    table.game = g
    if table.final_reason(seat, action):
        confirm_turn(page)


MOVES = {"station-master": station_move, "steam-rollers": steam_move}


class Class:
    """The two seats' pages and the spectator's, and the table's journal."""

    def __init__(self, browser, game: str, folder) -> None:
        self.game, self.folder = game, folder
        self.pages = [browser.new_context(viewport={"width": 1280, "height": 720}).new_page() for _ in range(3)]
        for p in self.pages:
            p.set_default_timeout(TIMEOUT)
        self.links: list[str] = []

    def close(self) -> None:
        for p in self.pages:
            p.context.close()

    @property
    def seats(self):
        return self.pages[:2]

    @property
    def watcher(self):
        return self.pages[2]

    def journal(self):
        return journal_game(self.folder, "class-a", self.game)

    def sit_down(self, url: str) -> None:
        """Make table class-a (two people and a bot) in the lobby, join both seats, watch."""
        lobby = self.seats[0]
        lobby.goto(url + "/")
        lobby.locator("input[placeholder='e.g. class-a']").fill("class-a")
        lobby.locator(".noUi-handle").first.press("ArrowRight")  # three players
        lobby.get_by_role("button", name="Make table").click()
        lobby.locator("a.join[href='?table=class-a&join=1']").wait_for()
        for k, p in enumerate(self.seats, 1):
            p.goto(f"{url}/?table=class-a&join={k}")
            wait_seat(p, NAMES[k - 1])
            p.wait_for_function("() => location.search.includes('token=')")
            self.links.append(p.url)
        self.watcher.goto(f"{url}/?table=class-a")

    def come_back(self, url: str) -> None:
        """After a restart: the same seat links and the spectator link, each at the last accepted move."""
        n = len(self.journal().log)
        for k, p in enumerate(self.seats):
            p.goto(self.links[k])
            wait_seat(p, NAMES[k])
        self.watcher.goto(f"{url}/?table=class-a")
        self.watcher.wait_for_function("() => /You are\\s+watching/.test((" + ALL_TEXT + ")())", timeout=TIMEOUT)
        for p in self.pages:  # the last accepted move, or a bot's move made since the start
            p.wait_for_function(f"(n) => ({NEWEST})() >= n", arg=n, timeout=TIMEOUT)

    def step(self) -> int | None:
        """One move: a person's by clicks on their page (returns the seat), or a bot's (waited for: None)."""
        g = self.journal()
        n, seat = len(g.log), g.current_player
        if seat in (0, 1):
            page = self.seats[seat]
            wait_newest(page, n)  # the page is at the table's position
            MOVES[self.game](page, g)
        self.watcher.wait_for_function(f"(n) => ({NEWEST})() > n", arg=n, timeout=TIMEOUT)
        return seat if seat in (0, 1) else None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kill_9_in_a_bots_turn_and_between_moves_then_play_to_the_end(browser, tmp_path, game):
    folder = tmp_path / "tables"
    shots = Path(os.environ.get("RAILKIT_SCREENSHOTS") or tmp_path)
    port = free_port()
    server = start(game, folder, port, bot_delay=60)  # the bot waits: the kill comes in its turn
    room = Class(browser, game, folder)
    try:
        room.sit_down(server.url)
        while room.journal().current_player in (0, 1):  # the people move until it is the bot's turn
            room.step()
        played = len(room.journal().log)
        assert played >= 2
        kill9(server)
        assert len(room.journal().log) == played

        server = start(game, folder, port, bot_delay=0.2)
        room.come_back(server.url)
        room.watcher.wait_for_function(f"(n) => ({NEWEST})() > n", arg=played, timeout=TIMEOUT)  # the bot goes on
        assert len(room.journal().log) > played

        # a person moves and the next move is the other person's: kill -9 between the two
        while True:
            seat = room.step()
            g = room.journal()
            if seat is not None and g.current_player in (0, 1) and g.current_player != seat:
                break
        played = len(g.log)
        kill9(server)
        server = start(game, folder, port, bot_delay=0.2)
        room.come_back(server.url)
        for p in room.pages:
            assert p.evaluate(NEWEST) == played  # nobody moved since: exactly the last accepted move

        while not room.journal().is_over:  # on to the end
            assert len(room.journal().log) < 400, "the game must end"
            room.step()
        g = room.journal()  # the end each page shows is the journal's: the final scores, in rank order
        want = [r["score"] for r in sorted(g.summary(), key=lambda r: (r["rank"], r["seat"]))]
        for p in room.pages:
            wait_newest(p, len(g.log))
            p.wait_for_function(f"() => ({TEXT_OF})('winner-banner')?.includes('Game over')", timeout=TIMEOUT)
            shown = [int(re.search(r"\u2014 (-?\d+)", chip).group(1)) for chip in p.evaluate(SCORE_CHIPS)]
            assert shown == want, (shown, want)
        room.watcher.screenshot(path=str(shots / f"durable-{game}-end.png"))
    except Exception:
        for name, p in zip(("seat-1", "seat-2", "watcher"), room.pages):
            p.screenshot(path=str(shots / f"durable-{game}-{name}.png"))
            print(name, "newest log entry", p.evaluate(NEWEST), "journal", len(room.journal().log))
        print("screenshots in", shots, "server log:", open(server.log_path).read()[-3000:])
        raise
    finally:
        room.close()
        if server.poll() is None:
            server.kill()
            server.wait()

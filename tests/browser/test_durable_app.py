"""A class server that loses nothing: ``railkit serve --state-dir`` killed (``kill -9``)
between two moves and in the middle of a bot's turn, started again: the table is at its
last accepted move, the seat links and the spectator link still work, the game goes on,
and the journal replays to what the pages show. SIGTERM tells every page and exits 0."""

from __future__ import annotations

import os
import signal
import sys
import time


from conftest import free_port, launch
from helpers import ALL_TEXT, wait_text

TIMEOUT = 60_000
GAME = "ticket-to-ride"
NAMES = ["Purple", "Teal", "Brown"]  # the seats of a three-player game


def start(folder, port: int):
    return launch([sys.executable, "-m", "railkit.cli", "serve", GAME, "--seats", "2", "--port", "{port}",
                   "--state-dir", str(folder), "--map", "teaching-small", "--bots", "random", "--bot-delay", "3"],
                  name="durable", port=port, cwd=str(folder.parent))


def kill9(proc) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


#: the newest entry's number in a page's action log (0: none), read through the shadow roots
LOG_ENTRIES = ("() => { const t = (" + ALL_TEXT + ")(); let n = 0; for (const m of t.matchAll("
               "/(\\d+)\\.\\s+(Purple|Teal|Brown)\\s*:/g)) n = Math.max(n, +m[1]); return n; }")


def log_entries(page) -> int:
    """The number of the newest entry in the page's action log (0: none)."""
    return page.evaluate(LOG_ENTRIES)


def wait_entries(page, n: int) -> None:
    page.wait_for_function(f"(n) => ({LOG_ENTRIES})() >= n", arg=n, timeout=TIMEOUT)


def wait_seat(page, name: str) -> None:
    """Wait until the page says that it plays seat ``name``."""
    page.wait_for_function("(n) => new RegExp('You play\\\\s+' + n + '\\\\b').test((" + ALL_TEXT + ")())",
                           arg=name, timeout=TIMEOUT)


def journal_game(folder, table: str, game: str = GAME):
    """The game the journal of ``table`` replays to (read the way the server reads it)."""
    from railkit.games import get_spec
    from railkit.viz.shell.journal import read_records, replay_records

    path = folder / f"{game}.{table}.jsonl"
    return replay_records(read_records(path)[0], get_spec(game), str(path)).game


def test_kill_9_between_moves_and_in_a_bots_turn_loses_no_move(browser, tmp_path):
    folder = tmp_path / "tables"
    port = free_port()
    server = start(folder, port)
    url = server.url
    seats = [browser.new_context().new_page() for _ in range(2)]
    watcher = browser.new_context().new_page()
    for p in (*seats, watcher):
        p.set_default_timeout(TIMEOUT)
    try:
        # the lobby: a table of three (two people and a bot); each person joins a seat
        lobby = seats[0]
        lobby.goto(url + "/")
        lobby.locator("input[placeholder='e.g. class-a']").fill("class-a")
        lobby.locator(".noUi-handle").first.press("ArrowRight")  # three players
        lobby.get_by_role("button", name="Make table").click()
        lobby.locator("a.join[href='?table=class-a&join=1']").wait_for()
        links = []
        for k, p in enumerate(seats, 1):
            p.goto(f"{url}/?table=class-a&join={k}")
            wait_seat(p, NAMES[k - 1])
            p.wait_for_function("() => location.search.includes('token=')")
            links.append(p.url)
        watcher.goto(f"{url}/?table=class-a")
        wait_text(watcher, "You are watching")

        # both people keep their tickets; the bot's turn begins (3 s of delay): kill -9 in it
        for k, p in enumerate(seats):
            p.get_by_role("button", name="Keep selected tickets").click()
            wait_entries(watcher, k + 1)
        kill9(server)
        assert len(journal_game(folder, "class-a").log) == 2

        server = start(folder, port)
        out = open(server.log_path).read()
        assert "1 table(s) restored" in out and str(folder) in out
        for k, p in enumerate(seats):
            p.goto(links[k])  # the same seat link: the same seat
            wait_seat(p, NAMES[k])
        watcher.goto(f"{url}/?table=class-a")
        wait_text(watcher, "You are watching")
        wait_entries(watcher, 3)  # the bot goes on with its turn
        assert log_entries(watcher) == 3

        # Purple draws a first card; kill -9 before the second
        wait_text(seats[0], "draw cards, claim a route or draw tickets")
        seats[0].locator(".draw-deck button").click()
        wait_text(seats[0], "take your second train card")
        wait_entries(watcher, 4)
        kill9(server)
        server = start(folder, port)
        seats[0].goto(links[0])
        wait_text(seats[0], "take your second train card")  # the same position: still Purple's turn
        seats[0].locator(".draw-deck button").click()
        wait_text(seats[1], "Teal")
        seats[1].goto(links[1])
        wait_text(seats[1], "draw cards, claim a route or draw tickets")  # Teal's turn now
        watcher.reload()
        wait_entries(watcher, 5)
        game = journal_game(folder, "class-a")
        assert len(game.log) == log_entries(watcher) == 5 and game.current_player == 1

        # a graceful stop: every page is told, the server exits 0 within 5 s
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        for p in (*seats, watcher):
            wait_text(p, "The server is restarting; reload in a moment.", timeout=5_000)
        assert server.wait(5) == 0 and time.monotonic() - started < 5
        assert len(journal_game(folder, "class-a").log) == 5
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()

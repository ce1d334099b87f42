"""``railkit serve --state-dir`` as a real process: the tables kept there are restored at
start, a torn last line is dropped, a journal edited by hand is refused (its file and line
on stderr) while the other tables load; SIGINT and SIGTERM stop it with exit code 0 within
5 s; a restored table in its bot's turn goes on with no page open. (The moves of people and
bots across ``kill -9`` are played in a browser: tests/browser/test_durable_app.py and
test_durable_games.py.)"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from railkit.viz.shell.journal import TableStore
from railkit.viz.shell.table import Table

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"ticket-to-ride": {"map": "teaching-small"}, "steam-rollers": {}, "station-master": {}}


def kept_table(store: TableStore, name: str, moves: int, seed: int = 3) -> Table:
    """A table of two people and a bot, journaled in ``store``, ``moves`` actions in."""
    t = Table(players=3, humans=[0, 1], bots=["random"], seed=seed, game=store.game, **GAMES[store.game])
    store.attach(name, t)
    t.join(0)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = t.game.current_player
        if t.is_human(seat):
            legal = t.game.legal_actions()
            assert t.apply(seat, legal[rng.randrange(len(legal))]) is None
        else:
            t.step_bot()
    return t


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(game: str, folder: Path, port: int) -> subprocess.Popen:
    """``railkit serve GAME --seats 2 --state-dir FOLDER`` up and answering."""
    env = {**{k: v for k, v in os.environ.items() if k != "BOKEH_RESOURCES"},
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "railkit.cli", "serve", game, "--seats", "2", "--port", str(port),
                             "--state-dir", str(folder)], cwd=folder.parent, env=env,
                            stdout=open(folder.parent / f"out-{port}.txt", "ab"),
                            stderr=open(folder.parent / f"err-{port}.txt", "ab"))
    until = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/liveness", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None or time.time() > until:
                proc.kill()
                raise RuntimeError("the server did not start: " + (folder.parent / f"err-{port}.txt").read_text())
            time.sleep(0.2)


def output(folder: Path, port: int) -> tuple[str, str]:
    return (folder.parent / f"out-{port}.txt").read_text(), (folder.parent / f"err-{port}.txt").read_text()


def stop(proc: subprocess.Popen, how=signal.SIGTERM) -> tuple[int, float]:
    """Send ``how`` and wait: the exit code and the seconds it took."""
    started = time.monotonic()
    proc.send_signal(how)
    try:
        return proc.wait(10), time.monotonic() - started
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return -1, 10.0


def test_torn_and_edited_journals_after_kill_9(tmp_path):
    folder = tmp_path / "tables"
    store = TableStore(folder, "ticket-to-ride")
    for name in ("torn", "edited", "fine"):
        kept_table(store, name, 9)
    store.close()
    with open(store.path("torn"), "ab") as fh:
        fh.write(b'{"a":"draw deck","k":"move","n":9,"s')
    path = store.path("edited")
    lines = path.read_text().splitlines(keepends=True)
    rec = json.loads(lines[4])
    rec["a"] = "draw faceup 1"
    lines[4] = json.dumps(rec, separators=(",", ":")) + "\n"
    path.write_text("".join(lines))

    port = free_port()
    proc = serve("ticket-to-ride", folder, port)
    os.kill(proc.pid, signal.SIGKILL)  # a crash right after the start
    proc.wait(10)
    out, err = output(folder, port)
    assert "2 table(s) restored" in out and "ticket-to-ride.torn.jsonl: its last line was cut short" in out
    assert f"{path}: at line 5:" in err and "edited by hand" in err and "Traceback" not in err
    proc = serve("ticket-to-ride", folder, port)  # again, after the crash: the same tables
    code, seconds = stop(proc, signal.SIGINT)
    out, err = output(folder, port)
    assert out.count("2 table(s) restored") == 2 and out.count("cut short") == 1
    assert code == 0 and seconds < 5
    assert store.path("torn").read_bytes().endswith(b"\n")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_restores_and_stops_gracefully(game, tmp_path):
    folder = tmp_path / "tables"
    store = TableStore(folder, game)
    kept_table(store, "class-a", 15)
    store.close()
    port = free_port()
    proc = serve(game, folder, port)
    code, seconds = stop(proc, signal.SIGTERM)
    out, err = output(folder, port)
    assert "1 table(s) restored" in out and code == 0 and seconds < 5, (out, err)
    assert oct(store.path("class-a").stat().st_mode & 0o777) == "0o600"


def test_restored_bots_move_with_no_page_open(tmp_path):
    """A table kept in its bot's turn: once the server is up again the bot moves, on the
    server, before anybody opens the table (its move is in the journal)."""
    from railkit.viz.shell.journal import read_records

    folder = tmp_path / "tables"
    store = TableStore(folder, "station-master")
    t = kept_table(store, "class-a", 0)
    while t.bot_to_move() is None:
        assert t.apply(t.game.current_player, t.game.legal_actions()[0]) is None
    waiting, bot = len(t.game.log), t.game.current_player
    store.close()
    port = free_port()
    proc = serve("station-master", folder, port)
    try:
        until = time.time() + 30
        while not any(r["k"] == "move" and r["n"] == waiting and r["seat"] == bot
                      for r in read_records(store.path("class-a"))[0]):
            assert time.time() < until, "the bot did not move within 30 s with no page open"
            time.sleep(0.2)
    finally:
        code, _ = stop(proc)
    assert code == 0

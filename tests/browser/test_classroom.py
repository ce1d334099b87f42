"""A small class under load (benchmarks/classroom.py, in short): four pages at two shared Ticket to
Ride tables of two people and a bot, made in the lobby, playing by clicks against one
``railkit serve --seats 2 --state-dir`` process: no page error, no console error, no refused move,
no lost move (every move a page made is in its log and in the table's journal), no error in the
server's output, and the server stops with exit code 0. The latency is measured, not asserted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_four_pages_at_two_shared_tables_lose_nothing(browser_type_launch_args):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom.py"), "--pages", "4",
                          "--minutes", "0.75", "--game", "ticket-to-ride", "--scenario", "shared", "--think", "1", "2",
                          "--bot-delay", "0.3", "--arrive", "2", "--warmup", "10", "--json"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    r = json.loads(out.stdout)["runs"][0]
    print(json.dumps({k: v for k, v in r.items() if k != "samples"}, indent=1))
    assert r["moves"] >= 8, r["moves_by_kind"]
    assert r["error_count"] == 0, r["errors"]
    assert not r["refused"], r["refused"]
    assert r["lost_count"] == 0, r["lost"]
    assert r["server_error_count"] == 0, r["server_errors"]
    assert r["server_exit"] == 0

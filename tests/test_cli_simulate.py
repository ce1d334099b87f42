"""`railkit simulate`: text and JSON output, same seed same result, files, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from railkit.cli import main
from railkit.sim import load_results

SMALL = ["--map", "teaching-small"]


def sim(capsys, *args):
    rc = main(["simulate", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def sim_json(capsys, *args):
    rc, out, _ = sim(capsys, *args, "--json")
    assert rc == 0
    return json.loads(out)


def test_json_fields(capsys):
    res = sim_json(capsys, "ticket-to-ride", "--players", "3", "--games", "8", "--seed", "3", "--agents", "random", *SMALL)
    for key in ("games", "players", "errors", "mean_score", "win_rate", "mean_turns", "seconds",
                "games_per_second", "agents", "seed", "rules", "options", "win_rate_ci", "mean_score_ci"):
        assert key in res, key
    assert res["games"] == 8 and res["players"] == 3 and res["errors"] == 0 and res["seed"] == 3
    assert len(res["mean_score"]) == 3 and len(res["win_rate"]) == 3
    assert res["agents"] == ["random"] * 3 and res["options"] == {"map": "teaching-small"}
    assert res["rules"]["trains"] is None and sum(res["win_rate"]) >= 1.0  # None: the map's own count
    assert res["games_per_second"] > 0 and res["mean_turns"] > 0


def test_same_seed_same_results(capsys):
    args = ("ticket-to-ride", "--games", "6", "--seed", "9", "--agents", "tickets,greedy-route", *SMALL)
    a, b = sim_json(capsys, *args), sim_json(capsys, *args)
    c = sim_json(capsys, *args[:-4], "--seed", "10", *SMALL)
    strip = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "games_per_second")}
    assert strip(a) == strip(b)
    assert strip(a) != strip(c)


def test_text_summary(capsys):
    rc, out, _ = sim(capsys, "station-master", "--players", "3", "--games", "5", "--preset", "chips-1-2-3")
    assert rc == 0
    assert out.startswith("Station Master: 5 games, 3 players, seed 0, bots greedy x3, preset chips-1-2-3")
    assert "win rate (95% CI)" in out and "mean turns per game" in out


def test_rules_preset_solo_and_options(capsys):
    res = sim_json(capsys, "ticket-to-ride", "--games", "2", "--preset", "usa-1910", "--rules", "trains=30",
                   "longest_bonus=5", "--agents", "random")
    assert res["rules"]["trains"] == 30 and res["rules"]["longest_bonus"] == 5 and res["rules"]["ticket_deck"] == "1910"
    solo = sim_json(capsys, "steam-rollers", "--solo", "--difficulty", "machinist", "--games", "2", "--agents", "random")
    assert solo["players"] == 1 and solo["options"] == {"solo": True, "difficulty": "machinist"}
    opt = sim_json(capsys, "ticket-to-ride", "--games", "1", "--option", "map=teaching-small", "--agents", "random")
    assert opt["options"] == {"map": "teaching-small"}


def test_rotate_reports_by_agent(capsys):
    res = sim_json(capsys, "ticket-to-ride", "--games", "4", "--agents", "long-route,tickets", "--rotate", *SMALL)
    assert set(res["by_agent"]) == {"long-route", "tickets"}
    assert all(v["games"] == 4 for v in res["by_agent"].values())


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_out_file_round_trip(capsys, tmp_path, suffix):
    path = tmp_path / f"games.{suffix}"
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "4", "--seed", "2", "--agents", "random", "--out", str(path), *SMALL)
    assert rc == 0 and f"wrote 8 rows to {path}" in out
    df = load_results(path)
    assert len(df) == 8 and df.game.tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert isinstance(df.routes.iloc[0], list) and (df.error == "").all()
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.parametrize("args, words", [
    (["chess"], "expected one of station-master, steam-rollers, ticket-to-ride"),
    (["ticket-to-ride", "--agents", "wizard"], "wizard"),
    (["ticket-to-ride", "--players", "6"], "2 to 5 players"),
    (["station-master", "--players", "1"], "2 to 6 players"),
    (["ticket-to-ride", "--preset", "nope"], "nope"),
    (["ticket-to-ride", "--rules", "trains=0"], "trains"),
    (["ticket-to-ride", "--rules", "warp=9"], "warp"),
    (["ticket-to-ride", "--rules", "trains"], "key=value"),
    (["ticket-to-ride", "--map", "atlantis"], "atlantis"),
    (["steam-rollers", "--solo", "--difficulty", "tycoon"], "tycoon"),
    (["steam-rollers", "--solo", "--players", "2"], "solo"),
    (["ticket-to-ride", "--out", "games.xlsx"], ".csv or .parquet"),
    (["ticket-to-ride", "--games", "-4"], "--games"),
    (["ticket-to-ride", "--workers", "0"], "--workers"),
])
def test_bad_input_one_line_exit_2(capsys, args, words):
    rc, out, err = sim(capsys, *args, "--games", "1") if "--games" not in args else sim(capsys, *args)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("railkit simulate: ") and words in err


def test_command_line_entry_point():
    cmd = [sys.executable, "-m", "railkit.cli", "simulate", "ticket-to-ride", "--games", "3", "--json",
           "--agents", "random", *SMALL]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 3 and out.stderr == ""  # no progress bar off a terminal
    bad = subprocess.run(cmd[:4] + ["nowhere"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_every_game_failing_is_reported_not_a_crash(capsys, monkeypatch):
    from railkit.agents import ticket_to_ride as bots

    def broken(self, obs, legal):
        raise RuntimeError("no idea what to do")

    monkeypatch.setattr(bots.RandomAgent, "act", broken)
    res = sim_json(capsys, "ticket-to-ride", "--games", "3", "--agents", "random", *SMALL)
    assert res["errors"] == 3 and res["win_rate"] == [None, None]
    assert res["first_error"] == "RuntimeError: no idea what to do"
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "3", "--agents", "random", *SMALL)
    assert rc == 0 and "3 errors" in out and "first error: RuntimeError: no idea what to do" in out


@pytest.mark.timeout(120)
def test_workers_give_the_same_summary(capsys):
    args = ("ticket-to-ride", "--players", "3", "--games", "12", "--seed", "5", "--agents", "random", *SMALL)
    one = sim_json(capsys, *args)
    two = sim_json(capsys, *args, "--workers", "2", "--chunk", "4")
    assert two["workers"] == 2
    strip = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "games_per_second", "workers")}
    assert strip(one) == strip(two)



def test_summary_names_the_rules_in_effect(capsys):
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "1", "--agents", "random", "--rules", "longest_bonus=20",
                     "--no-progress", *SMALL)
    assert rc == 0
    assert "default rules with longest_bonus=20 (default 10)" in out.splitlines()[0]
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "1", "--agents", "random", "--preset", "usa-1910",
                     "--rules", "trains=30", "--no-progress")
    assert out.splitlines()[0].endswith("preset usa-1910 with trains=30 (preset unset)")  # unset: the map's own
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "1", "--agents", "random", "--no-progress", *SMALL)
    assert out.splitlines()[0].endswith("default rules")


def test_out_file_has_normal_permissions(capsys, tmp_path):
    import os
    import stat

    path = tmp_path / "games.csv"
    old = os.umask(0o022)
    try:
        rc, _, _ = sim(capsys, "ticket-to-ride", "--games", "1", "--agents", "random", "--out", str(path),
                       "--no-progress", *SMALL)
    finally:
        os.umask(old)
    assert rc == 0 and stat.S_IMODE(path.stat().st_mode) == 0o644


def test_common_output_names_are_git_ignored(tmp_path):
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    names = ["results.parquet", "results.csv", "games.csv", "out.parquet", "my-game.json", "workspace/x.ipynb"]
    res = subprocess.run(["git", "check-ignore", "--no-index", *names], cwd=root, capture_output=True, text=True)
    assert sorted(res.stdout.split()) == sorted(names)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads worker processes from Linux's /proc")
def test_ctrl_c_stops_every_worker_at_once_and_writes_nothing(tmp_path):
    """Ctrl+C (SIGINT) during a run on worker processes: exit code 130 within 5 s, no worker
    left playing, and the --out file is not written (not even in part)."""
    import signal
    import time

    from processes import children, wait_gone

    out = tmp_path / "results.csv"
    proc = subprocess.Popen([sys.executable, "-m", "railkit.cli", "simulate", "ticket-to-ride", "--games", "500000",
                             "--workers", "2", "--out", str(out), "--no-progress"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # as from a terminal: a test run started in the background inherits
                            # SIGINT ignored, and Python then never turns Ctrl+C into KeyboardInterrupt
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while len(children(proc.pid, nested=True)) < 4 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # the resource tracker, the fork server and its two workers
        workers = children(proc.pid, nested=True)
        assert len(workers) >= 4, "the workers never started"
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        took = time.monotonic() - start
        assert proc.returncode == 130, err[-2000:]
        assert took < 5, f"stopped after {took:.1f} s"
        assert "Traceback" not in err
        assert not wait_gone(workers, 5), "a worker is still running"
        assert not list(tmp_path.iterdir()), "nothing is written"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_summary_speaks_the_readers_language(capsys, monkeypatch, no_language):
    """``RAILKIT_LANG=de railkit simulate ...`` prints its summary in German; the JSON keeps its keys."""
    from railkit.core import i18n

    monkeypatch.setenv("RAILKIT_LANG", "de")
    i18n.set_language(None)
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "4", "--agents", "random", "--rules", "longest_bonus=20",
                     *SMALL)
    assert rc == 0
    first, options, speed = out.splitlines()[:3]
    assert options == "Optionen: map=teaching-small"
    assert first.startswith("Ticket to Ride: 4 Partien, 2 Spieler, Seed 0, Bots random x2, Standardregeln mit "
                            "longest_bonus=20 (Standard 10)"), first
    assert "Partien/s" in speed and "Fehler" in speed
    assert "Siegquote (95 %-KI)" in out and "mittlere Züge je Partie" in out
    assert "win_rate" in sim_json(capsys, "ticket-to-ride", "--games", "2", "--agents", "random", *SMALL)


@pytest.mark.parametrize("lang", ["ja", "de", "en"])
def test_the_summary_table_lines_up_in_every_language(capsys, monkeypatch, no_language, lang):
    """Each column of the seats' table starts at the same terminal column in the header and the
    rows, Japanese's double-width characters and German's longer words included."""
    from railkit.core import i18n

    monkeypatch.setenv("RAILKIT_LANG", lang)
    i18n.set_language(None)
    rc, out, _ = sim(capsys, "ticket-to-ride", "--games", "4", "--agents", "random", *SMALL)
    assert rc == 0
    heads = [i18n.translate(h, lang) for h in ("seat", "bot", "win rate (95% CI)", "mean score (95% CI)")]
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(heads[0]))
    header, rows = lines[at], lines[at + 1:at + 3]
    cols = [i18n.columns(header[:header.index(h)]) for h in heads]
    seat_end = cols[0] + i18n.columns(heads[0])

    def cells(line: str) -> list[str]:
        """``line`` cut at the header's columns (counted in terminal columns)."""
        out, cut, col = [], [], 0
        for ch in line:
            if col in (seat_end, *cols[1:]):
                out.append("".join(cut))
                cut = []
            cut.append(ch)
            col += i18n.columns(ch)
        return out + ["".join(cut)]

    for seat, row in enumerate(rows):
        seat_cell, gap, bot, rate, mean = cells(row)
        assert seat_cell.strip() == str(seat) and not seat_cell.endswith(" ") and gap.strip() == "", row
        assert bot.strip() == "random" and bot.startswith("r"), row
        assert rate.strip().endswith(")") and "%" in rate and rate.endswith(" "), row
        assert mean.strip()[0] in "-0123456789" and mean.strip()[-1] == ")", row

"""The command line never shows a traceback: every subcommand with a bad argument prints
one plain line naming the argument (or the file) and exits with code 2, before any work."""

from __future__ import annotations

import json
import socket

import pytest

from railkit.cli import main
from railkit.maps import MAPS_DIR

SMALL = json.loads((MAPS_DIR / "teaching-small.json").read_text())


@pytest.fixture
def files(tmp_path):
    """Bad files for the cases: {name: path}."""
    out = {"dir": tmp_path / "folder"}
    out["dir"].mkdir()
    texts = {
        "deep.json": "[" * 5000 + "]" * 5000,
        "digits.json": '{"format": "railkit-map", "version": ' + "9" * 5000 + "}",
        "nan.json": '{"format": "railkit-map", "version": NaN}',
        "empty.json": "",
        "latin1.json": b'{"name": "\xe9"}',
        "long.json": json.dumps({**SMALL, "routes": [{**SMALL["routes"][0], "length": 24}] + SMALL["routes"][1:]}),
        "huge.json": json.dumps({**SMALL, "routes": [{**SMALL["routes"][0], "length": 10 ** 29}] + SMALL["routes"][1:]}),
        "unknown.json": json.dumps({**SMALL, "colour": "red"}),
        "list.json": "[1, 2]",
        "users.json": '{"ann": "short"}',
        "exists.csv": "x\n",
    }
    for name, text in texts.items():
        p = tmp_path / name
        p.write_bytes(text if isinstance(text, bytes) else text.encode())
        out[name] = p
    return out


@pytest.fixture
def busy_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        yield s.getsockname()[1]


def _cases():
    V, S, T = "validate-map", "simulate", "serve"
    sim = [S, "ticket-to-ride", "--no-progress"]
    ttr = [T, "ticket-to-ride"]
    return [
        # top level
        ([], "the following arguments are required"),
        (["fly"], "invalid choice"),
        # validate-map
        ([V], "the following arguments are required"),
        ([V, "{dir}"], "regular file"),
        ([V, "{dir}/nothing.json"], "an existing file"),
        ([V, "/dev/zero"], "regular file"),
        ([V, "{deep.json}"], "nested at most"),
        ([V, "{digits.json}"], "at most 30 digits"),
        ([V, "{nan.json}"], "no NaN"),
        ([V, "{empty.json}"], "valid JSON"),
        ([V, "{latin1.json}"], "UTF-8"),
        ([V, "{long.json}"], "$.routes[0].length"),
        ([V, "{huge.json}"], "$.routes[0].length"),
        ([V, "{unknown.json}"], "$.colour"),
        ([V, "{list.json}"], "a map object"),
        ([V, "a", "b"], "unrecognized arguments"),
        # simulate
        ([S], "the following arguments are required"),
        ([S, "chess"], "one of station-master, steam-rollers, ticket-to-ride"),
        (sim + ["--games", "10**12"], "--games"),
        (sim + ["--games", str(10 ** 12)], "--games"),
        (sim + ["--games", "0"], "--games"),
        (sim + ["--games", "-5"], "--games"),
        (sim + ["--players", "9"], "--players"),
        (sim + ["--players", "0"], "--players"),
        (sim + ["--seed", "9" * 5000], "--seed"),
        (sim + ["--seed", "9" * 40], "--seed"),
        (sim + ["--workers", "0"], "--workers"),
        (sim + ["--workers", "1000000"], "--workers"),
        (sim + ["--chunk", "0"], "--chunk"),
        (sim + ["--scheduler", "nowhere"], "--scheduler"),
        (sim + ["--scheduler", "tcp://host:99999"], "--scheduler"),
        (sim + ["--out", "{dir}/no/such/x.csv"], "--out"),
        (sim + ["--out", "{exists.csv}"], "--force"),
        (sim + ["--out", "{dir}"], "--out"),
        (sim + ["--out", "results.txt"], "--out"),
        (sim + ["--map", "{dir}"], "regular file"),
        (sim + ["--map", "/dev/zero"], "regular file"),
        (sim + ["--map", "{long.json}"], "$.routes[0].length"),
        (sim + ["--map", "nowhere"], "existing map file"),
        (sim + ["--rules", "route_points={\"1\": Infinity}"], "Infinity"),
        (sim + ["--rules", "trains=many"], "trains"),
        (sim + ["--rules", "trains"], "key=value"),
        (sim + ["--rules", "no_such=1"], "no_such"),
        (sim + ["--option", "x=NaN"], "NaN"),
        (sim + ["--option", "colour=red"], "colour"),
        (sim + ["--agents", "nobody"], "--agents"),
        (sim + ["--preset", "nope"], "--preset"),
        ([S, "station-master", "--no-progress", "--rules", "cards={dir}"], "regular file"),
        ([S, "station-master", "--no-progress", "--rules", "cards=/dev/zero"], "regular file"),
        ([S, "steam-rollers", "--no-progress", "--option", "sheet={dir}"], "regular file"),
        ([S, "steam-rollers", "--no-progress", "--difficulty", "god"], "difficulty"),
        # serve
        ([T], "the following arguments are required"),
        ([T, "chess"], "invalid choice"),
        (ttr + ["--port", "99999"], "port number"),
        (ttr + ["--port", "0"], "port number"),
        (ttr + ["--port", "http"], "port number"),
        (ttr + ["--port", "{busy}"], "in use"),
        (ttr + ["--address", "999.1.1.1"], "--address"),
        (ttr + ["--address", "example.com"], "--address"),
        (ttr + ["--address", "192.0.2.1"], "--address"),
        (ttr + ["--seats", "0"], "--seats"),
        (ttr + ["--seats", "9"], "--seats"),
        (ttr + ["--seats", "x"], "--seats"),
        (ttr + ["--seed", "9" * 5000], "--seed"),
        (ttr + ["--seed", "-1"], "--seed"),
        (ttr + ["--bot-delay", "nan"], "--bot-delay"),
        (ttr + ["--bot-delay", "inf"], "--bot-delay"),
        (ttr + ["--bot-delay", "-1"], "--bot-delay"),
        (ttr + ["--map", "/etc/passwd"], "--map"),
        (ttr + ["--map", "../maps/usa"], "--map"),
        (ttr + ["--map", "{long.json}"], "--map"),
        (ttr + ["--rules", "[" * 5000], "--rules"),
        (ttr + ["--rules", '{"trains": NaN}'], "--rules"),
        (ttr + ["--bots", "nobody"], "--bots: at $: expected one of"),  # the option typed is named
        (ttr + ["--agents", "nobody"], "--agents: at $: expected one of"),
        (ttr + ["--agents", "random", "--bots", "random"], "either --agents or --bots"),
        (ttr + ["--rules", "trains"], "key=value or a JSON object"),
        (ttr + ["--rules", "[1, 2]"], "key=value or a JSON object"),
        (ttr + ["--solo"], "--solo"),
        (ttr + ["--basic-auth", "short"], "--basic-auth"),
        (ttr + ["--basic-auth", "{users.json}"], "--basic-auth"),
        (ttr + ["--basic-auth", "{dir}/missing.json"], "existing file"),
        ([T, "steam-rollers", "--solo", "--seats", "2"], "--solo"),
        (ttr + ["--hotseat"], "--hotseat: expected --seats 2 or more"),
        (ttr + ["--hotseat", "--seats", "1"], "--hotseat: expected --seats 2 or more"),
        (ttr + ["--hotseat", "--seats", "2", "--state-dir", "{dir}"], "not a hot-seat game"),
        ([T, "station-master", "--map", "usa"], "--map"),
        ([T, "graph-lab", "--basic-auth", "long-enough-password"], "--basic-auth"),
        ([T, "graph-lab", "--port", "{busy}"], "in use"),
        ([T, "graph-lab", "--address", "192.0.2.1"], "--address"),
        # lab
        (["lab", "--port", "0"], "port number"),
        (["lab", "--port", "x"], "port number"),
        (["lab", "--workspace", "{exists.csv}", "--dry-run"], "lab"),
    ]


CASES = _cases()


@pytest.mark.parametrize("argv,expected", CASES, ids=[" ".join(a)[:60] or "(none)" for a, _ in CASES])
def test_bad_arguments_give_one_plain_line_and_exit_2(argv, expected, files, busy_port, capsys, monkeypatch):
    import railkit.sim.cli as sim_cli
    import railkit.viz.graphs.algoplayer as algoplayer
    import railkit.viz.shell.serve as app

    monkeypatch.setattr(app, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    monkeypatch.setattr(algoplayer, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    monkeypatch.setattr(sim_cli, "run_simulate", lambda *a, **k: pytest.fail("no game may be played"))
    names = {"{busy}": str(busy_port), **{"{" + k + "}": str(v) for k, v in files.items()}}
    for token, value in names.items():
        argv = [a.replace(token, value) for a in argv]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert expected in lines[0], lines[0]
    assert lines[0].startswith("railkit")


def test_validate_map_warns_about_isolated_cities(tmp_path, capsys):
    data = json.loads(json.dumps(SMALL))
    data["cities"].append({"name": "Island", "x": 1, "y": 1})
    p = tmp_path / "m.json"
    p.write_text(json.dumps(data))
    assert main(["validate-map", str(p)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK ") and "warning: city Island has no route" in out


def test_simulate_out_with_force_replaces_the_file(files, capsys):
    assert main(["simulate", "ticket-to-ride", "--map", "teaching-small", "--games", "2", "--no-progress",
                 "--out", str(files["exists.csv"]), "--force"]) == 0
    assert files["exists.csv"].read_text().startswith("game")

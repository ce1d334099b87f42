"""The ``railkit`` command line.

    railkit validate-map PATH            check a map file; one-line summary or a clear error
    railkit simulate GAME [options]      many seeded bot games; summary, --json, --out FILE
    railkit serve GAME [...]             serve a game in the browser (a lobby with --seats > 1)
    railkit lab                          start JupyterLab on the index notebook
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from railkit.core.errors import RailkitError

ROOT = Path(__file__).resolve().parents[1]


def _validate_map(args: argparse.Namespace) -> int:
    from railkit.core.jsonio import read_json
    from railkit.maps import validate_file

    data = read_json(args.path)
    if isinstance(data, dict) and data.get("format") == "railkit-hex-sheet":
        from railkit.maps import sheets

        sheet = sheets.validate_file(args.path)
        print(f"OK {args.path}: {sheet.summary()}")
        return 0
    m = validate_file(args.path)
    print(f"OK {args.path}: {m.summary()}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from railkit.sim.cli import run_simulate

    return run_simulate(args)


def _serve(args: argparse.Namespace) -> int:
    from railkit.core.jsonio import loads_json
    from railkit.games import get_spec

    if args.game == "graph-lab":
        from railkit.viz.algoplayer import serve as serve_graph_lab

        print(f"railkit serve graph-lab: the graph-algorithm lab at http://{args.address}:{args.port}/  "
              "(Ctrl+C stops)", flush=True)
        serve_graph_lab(port=args.port, show=args.show, address=args.address)
        return 0
    from railkit.viz.app import serve, view_class

    spec = get_spec(args.game)
    view_class(args.game)  # a game without a served view: a clear error, no server
    if not 1 <= args.seats <= spec.max_players:
        raise RailkitError(f"--seats: expected 1 to {spec.max_players} people for {spec.title}, got {args.seats}.")
    rules = loads_json(args.rules, "--rules") if args.rules else None
    if rules is not None:
        spec.make_rules(overrides=rules)  # bad settings are reported before the server starts
    if args.bots:
        spec.make_agent(args.bots, 0)
    url = f"http://{args.address}:{args.port}/"
    what = "the lobby (make a table, share its seat links)" if args.seats > 1 else "a game against bots"
    print(f"railkit serve {args.game}: {what} at {url}  (Ctrl+C stops)", flush=True)
    serve(args.game, port=args.port, seats=args.seats, show=args.show, address=args.address, map=args.map,
          seed=args.seed, bots=args.bots, bot_delay=args.bot_delay, rules=rules)
    return 0


def _lab(args: argparse.Namespace) -> int:
    """JupyterLab on the index notebook. Panel's JavaScript is inlined (works
    offline, e.g. in a classroom without internet); root (a container, CI) is allowed."""
    import os
    import subprocess

    nb = ROOT / "notebooks" / "00-index.ipynb"
    cmd = [sys.executable, "-m", "jupyter", "lab", str(nb.relative_to(ROOT)), f"--port={args.port}"]
    if args.no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    env = dict(os.environ)
    env.setdefault("PANEL_INLINE", "1")
    return subprocess.call(cmd, cwd=ROOT, env=env)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, got {text!r}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="railkit", description="railkit: a teaching and design kit for rail board games.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    v = sub.add_parser("validate-map", help="check a map or hex-sheet file (prints a summary or the first problem)")
    v.add_argument("path", help="path to a map JSON file (Ticket to Ride map or Steam Rollers sheet)")
    v.set_defaults(func=_validate_map)

    s = sub.add_parser("simulate", help="run many seeded bot games and summarise them")
    try:
        from railkit.sim.cli import add_simulate_arguments
    except ImportError:  # pragma: no cover - the simulator is part of the package
        add_simulate_arguments = None
    if add_simulate_arguments is not None:
        add_simulate_arguments(s)
    s.set_defaults(func=_simulate)

    sv = sub.add_parser("serve", help="serve a game in the browser (Panel)")
    sv.add_argument("game", choices=["ticket-to-ride", "steam-rollers", "station-master", "graph-lab"],
                    help="a game, or graph-lab (graph algorithms stepped on the game maps, for the projector)")
    sv.add_argument("--port", type=_port, default=5006)
    sv.add_argument("--seats", type=int, default=1,
                    help="people per table (default 1: every browser plays its own game against bots; "
                         "more opens a lobby of shared tables)")
    sv.add_argument("--bots", default=None, help="the bot that plays the other seats (the game's list: simulate --help)")
    sv.add_argument("--seed", type=int, default=None, help="seed of every new game (default: a fresh random one)")
    sv.add_argument("--map", default=None, help="Ticket to Ride map by name (default usa)")
    sv.add_argument("--bot-delay", type=float, default=0.5, help="seconds between two bot actions (default 0.5)")
    sv.add_argument("--rules", default=None, help='rule settings as JSON, e.g. \'{"hand_size": 10}\'')
    sv.add_argument("--address", default="127.0.0.1")
    sv.add_argument("--show", action="store_true", help="open a browser tab")
    sv.set_defaults(func=_serve)

    lab = sub.add_parser("lab", help="start JupyterLab on the index notebook")
    lab.add_argument("--port", type=int, default=8888)
    lab.add_argument("--no-browser", action="store_true")
    lab.set_defaults(func=_lab)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except RailkitError as exc:
        print(f"railkit {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

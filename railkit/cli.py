"""The ``railkit`` command line.

    railkit validate-map PATH            check a map file; one-line summary or a clear error
    railkit simulate GAME [options]      many seeded bot games; summary, --json, --out FILE
    railkit serve ticket-to-ride [...]   serve the game in the browser with Panel
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
    if args.game != "ticket-to-ride":
        raise RailkitError(f"railkit serve: only ticket-to-ride has a served app, not {args.game!r}.")
    from railkit.viz.app import serve

    serve(port=args.port, seats=args.seats, show=args.show, address=args.address)
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
    sv.add_argument("game", choices=["ticket-to-ride"])
    sv.add_argument("--port", type=int, default=5006)
    sv.add_argument("--seats", type=int, default=1, help="human seats at a shared table (default 1)")
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

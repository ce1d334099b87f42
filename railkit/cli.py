"""The ``railkit`` command line.

    railkit validate-map PATH            check a map file; one-line summary or a clear error
    railkit simulate GAME [options]      many seeded bot games; summary, --json, --out FILE
    railkit serve GAME [...]             serve a game in the browser (a lobby with --seats > 1)
    railkit lab [--update]               JupyterLab on the index notebook, in your copy (workspace/)
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
    if (args.solo or args.difficulty) and args.game != "steam-rollers":
        raise RailkitError("--solo and --difficulty: Steam Rollers only (alone against Olivia).")
    if args.solo and args.seats > 1:
        raise RailkitError("--solo: one person plays alone against Olivia, so not with --seats above 1.")
    rules = loads_json(args.rules, "--rules") if args.rules else None
    if rules is not None:
        spec.make_rules(overrides=rules)  # bad settings are reported before the server starts
    if args.bots:
        spec.make_agent(args.bots, 0)
    url = f"http://{args.address}:{args.port}/"
    what = "the lobby (make a table, share its seat links)" if args.seats > 1 else "a game against bots"
    print(f"railkit serve {args.game}: {what} at {url}  (Ctrl+C stops)", flush=True)
    solo = {"solo": True, "difficulty": args.difficulty} if args.solo or args.difficulty else {}
    serve(args.game, port=args.port, seats=args.seats, show=args.show, address=args.address, map=args.map,
          seed=args.seed, bots=args.bots, bot_delay=args.bot_delay, rules=rules, **solo)
    return 0


def _lab(args: argparse.Namespace) -> int:
    """JupyterLab on the index notebook, in the learner's own copy of the notebooks.

    The notebooks are copied once into ``workspace/notebooks`` (git-ignored; a
    ``maps`` link beside it reaches the repository's maps), and JupyterLab runs
    there, so outputs and checkpoints never land in the repository. A copy the
    learner has changed is never overwritten: ``--update`` copies new notebooks,
    refreshes the unchanged ones and saves a changed notebook's new version beside
    it as ``NAME.new.ipynb``. Prints the index notebook's URL (with or without
    ``--no-browser``) and opens it in the browser unless told not to. Panel's
    JavaScript and CSS are inlined (works offline); root (a container, CI) is allowed.
    """
    import hashlib
    import json
    import os
    import secrets
    import shutil
    import subprocess
    import time
    import urllib.request
    import webbrowser

    src = ROOT / "notebooks"
    ws = Path(args.workspace).resolve() if args.workspace else ROOT / "workspace"
    dest = ws / "notebooks"
    manifest_path = ws / ".railkit-notebooks.json"  # digest of each notebook as it was copied

    def digest(path: Path) -> str:
        return hashlib.sha256(path.read_bytes()).hexdigest()

    dest.mkdir(parents=True, exist_ok=True)
    try:
        manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    except ValueError:
        manifest = {}
    added, refreshed, beside, pending = [], [], [], []
    for nb in sorted(src.glob("*.ipynb")):
        mine, new = dest / nb.name, digest(nb)
        if not mine.exists():
            shutil.copyfile(nb, mine)
            manifest[nb.name] = new
            added.append(nb.name)
        elif new == manifest.get(nb.name) or new == digest(mine):
            manifest[nb.name] = new
        elif not args.update:
            pending.append(nb.name)
        elif digest(mine) == manifest.get(nb.name):  # the learner never changed it
            shutil.copyfile(nb, mine)
            manifest[nb.name] = new
            refreshed.append(nb.name)
        else:  # the learner's own version stays; the new one goes beside it
            shutil.copyfile(nb, mine.with_suffix(".new.ipynb"))
            beside.append(mine.with_suffix(".new.ipynb").name)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    maps = ws / "maps"
    if not maps.exists() and not maps.is_symlink():
        try:
            maps.symlink_to(ROOT / "maps", target_is_directory=True)
        except OSError:  # no symbolic links here (some Windows set-ups): a copy
            shutil.copytree(ROOT / "maps", maps)
    print(f"workspace: {ws}" + (f" (new: {len(added)} notebooks)" if added else ""))
    if refreshed:
        print("updated (you had not changed them): " + ", ".join(refreshed))
    if beside:
        print("you changed these, so their new versions are saved beside them: " + ", ".join(beside))
    if pending:
        print(f"{len(pending)} notebook(s) have a newer version ({', '.join(pending)}): "
              "run `railkit lab --update` to get them (your changes are kept)")

    token = secrets.token_hex(16)
    url = f"http://127.0.0.1:{args.port}/lab/tree/notebooks/00-index.ipynb?token={token}"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={args.port}", "--ip=127.0.0.1",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ws}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    if args.dry_run:
        print(url)
        return 0
    env = dict(os.environ)
    env.setdefault("PANEL_INLINE", "1")
    env.setdefault("BOKEH_RESOURCES", "inline")
    proc = subprocess.Popen(cmd, cwd=ws, env=env)
    try:
        deadline = time.time() + 120
        while proc.poll() is None and time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{args.port}/api/status?token={token}", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        if proc.poll() is not None:
            return proc.returncode or 1
        print(f"\nrailkit lab: open {url}\n", flush=True)
        if not args.no_browser:
            webbrowser.open(url)
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        return 130


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
    from railkit.games.steam_rollers.rules import DIFFICULTIES

    sv.add_argument("--solo", action="store_true", help="Steam Rollers: play alone against Olivia")
    sv.add_argument("--difficulty", choices=list(DIFFICULTIES), default=None,
                    help="Steam Rollers: Olivia's level (implies --solo; default clerk)")
    sv.add_argument("--address", default="127.0.0.1")
    sv.add_argument("--show", action="store_true", help="open a browser tab")
    sv.set_defaults(func=_serve)

    lab = sub.add_parser("lab", help="start JupyterLab on the index notebook (your copy in workspace/)")
    lab.add_argument("--port", type=int, default=8888)
    lab.add_argument("--no-browser", action="store_true", help="print the URL only, open no browser")
    lab.add_argument("--update", action="store_true",
                     help="get the newest notebooks: new and unchanged ones are copied, a notebook you "
                          "changed keeps your version and gets the new one beside it (NAME.new.ipynb)")
    lab.add_argument("--workspace", default=None, help="folder of your copy (default: workspace/ in the repository)")
    lab.add_argument("--dry-run", action="store_true", help="set up the workspace, print the URL, start nothing")
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

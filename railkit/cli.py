"""The ``railkit`` command line.

    railkit validate-map PATH            check a map file; one-line summary or a clear error
    railkit simulate GAME [options]      many seeded bot games; summary, --json, --out FILE
    railkit ladder GAME [options]        bots rated on one ladder (OpenSkill) from round robins
    railkit serve GAME [...]             serve a game in the browser (a lobby with --seats > 1);
                                         --hotseat: the seats take turns at one browser instead
                                         --basic-auth PASSWORD|USERS.json asks for a login first
                                         (a class server: one shared password, or {"user": "password"});
                                         --maps-dir PATH: where the served map editor saves (my-maps/);
                                         --state-dir DIR: where the lobby's tables are kept (railkit-tables/)
    railkit lab [--update] [--lang da]   JupyterLab on the index notebook (da: the Danish one), in your copy

Refusals of the games print in the reader's language: ``RAILKIT_LANG`` (en, da, de or ja),
else the system locale; ``serve --lang`` and ``lab --lang`` choose it for the served pages
and the notebooks.

Every argument is checked before any work starts; a bad one gives one plain line naming
it and what was expected, and exit code 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import cast

from railkit.core import i18n
from railkit.core.errors import RailkitError
from railkit.core.i18n import Message
from railkit.core.extras import require

#: the notebooks railkit ships (package data; in a checkout, a link to the repository's notebooks/)
NOTEBOOKS_DIR = (Path(__file__).resolve().parent / "notebooks").resolve()

#: the most games one ``simulate`` run plays, and the most Dask workers it starts
MAX_GAMES = 10_000_000
MAX_WORKERS = 256
#: seeds are whole numbers below this in size
MAX_SEED = 2 ** 64


class UsageError(RailkitError):
    """A bad command-line argument: the message names it and what was expected."""

    def __init__(self, argument: str, expected: str, got: object = None) -> None:
        text = f"{argument}: expected {expected}"
        if got is not None:
            shown = repr(got) if isinstance(got, str) else str(got)
            text += f", got {shown[:60] + '...' if len(shown) > 60 else shown}"
        super().__init__(text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one plain line (no usage block), exit code 2.
    With ``lists_bots`` set, its help ends with every game's bots (read only when the help
    is shown: the bots are not imported for every command)."""

    lists_bots = False

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        if self.lists_bots:
            from railkit.agents import agents_of
            from railkit.games import specs

            self.epilog = "bots (--agents):\n" + "\n".join(
                f"  {spec.name}: {', '.join(sorted(agents_of(spec)))}" for spec in specs())
        return super().format_help()


def _in_range(value, lo, hi, argument: str, what: str):
    if value is None:
        return
    if not lo <= value <= hi:
        raise UsageError(argument, f"{what} from {lo} to {hi}", value)


def _check_out(out: str | None, force: bool) -> None:
    """``--out``: a new file (or ``--force``) in an existing, writable folder: checked before any game is played."""
    if out is None:
        return
    path = Path(out)
    if not str(out).lower().endswith((".csv", ".parquet")):
        raise UsageError("--out", "a file name ending in .csv or .parquet", out)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError("--out", "a file in an existing folder (the folder is not created)", str(parent))
    if path.is_dir():
        raise UsageError("--out", "a file name, not a folder", out)
    if path.exists() and not force:
        raise UsageError("--out", "a file that does not exist yet (add --force to replace it)", out)
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError("--out", "a file in a folder you may write to", out)
    if str(out).lower().endswith(".parquet"):
        require("parquet", "--out FILE.parquet")


def _check_scheduler(address: str | None) -> None:
    import re

    if address is None:
        return
    if not re.fullmatch(r"(tcp|tls|ucx|ws|wss)://[A-Za-z0-9_.\-\[\]:]+:\d{1,5}/?|[A-Za-z0-9_.\-]+:\d{1,5}", address):
        raise UsageError("--scheduler", "a Dask scheduler address such as tcp://10.0.0.5:8786", address)
    port = int(address.rstrip("/").rsplit(":", 1)[1])
    _in_range(port, 1, 65535, "--scheduler", "a port")


def _validate_map(args: argparse.Namespace) -> int:
    from railkit.core.jsonio import read_json
    from railkit.maps import validate_file, warnings

    data = read_json(args.path)
    if isinstance(data, dict) and data.get("format") == "railkit-hex-sheet":
        from railkit.maps import sheets

        sheet = sheets.validate_file(args.path)
        print(f"OK {args.path}: {sheet.summary()}")
        return 0
    m = validate_file(args.path)
    print(f"OK {args.path}: {m.summary()}")
    for w in warnings(m):
        print(f"warning: {w}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    """Check every argument (and build one game on them) before any game is played."""
    from railkit.agents import make_agent
    from railkit.core.game import parse_rule_assignments
    from railkit.games import get_spec
    from railkit.sim.cli import options_from_args, run_simulate

    spec = get_spec(args.game)
    _in_range(args.games, 1, MAX_GAMES, "--games", "a number of games")
    if args.players is not None and not spec.min_players <= args.players <= spec.max_players:
        raise UsageError("--players", f"{spec.min_players} to {spec.max_players} players for {spec.title}",
                         args.players)
    _in_range(args.seed, -MAX_SEED + 1, MAX_SEED - 1, "--seed", "a whole number")
    if args.workers != "auto":  # auto: railkit.sim.run decides (one process for a short job)
        _in_range(args.workers, 1, MAX_WORKERS, "--workers", "a number of worker processes or auto")
    _in_range(args.chunk, 1, MAX_GAMES, "--chunk", "a number of games per task")
    _check_scheduler(args.scheduler)
    _check_out(args.out, args.force)
    overrides = parse_rule_assignments(args.rules, spec.rules_class) if args.rules else {}
    from railkit.core.jsonio import loads_value

    for item in args.option:  # NaN, Infinity and huge numbers are refused here too
        if "=" in item:
            key, raw = item.split("=", 1)
            loads_value(raw, "--option", key.strip())
    options = options_from_args(args)
    players = args.players or (1 if options.get("solo") else None)
    if args.agents:
        for name in args.agents.split(","):
            make_agent(spec, name.strip(), 0)
    if players is None and args.agents and "," in args.agents:
        players = len(args.agents.split(","))
    spec.new_game(spec.make_rules(args.preset, overrides), players=players or max(2, spec.min_players), seed=0,
                  **options)  # a bad map, card list or rule says so now, not in every game
    try:
        return run_simulate(args)
    except KeyboardInterrupt:
        # Ctrl+C: the workers are killed and this process ends at once, exit code 130. Python's
        # own exit would wait for the worker pool, whose lock the interrupt may have left held;
        # --out is written whole or not at all (a temporary file, renamed when complete)
        from railkit.sim.runner import close_workers

        close_workers(now=True)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)


def _state_dir(given: str | None, default: str) -> Path:
    """The served app's state folder (``--state-dir``, else ``default`` in the working
    directory), made if missing (mode 0700) and checked to be writable."""
    state_dir = Path(given or default).resolve()
    try:
        state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError("--state-dir", f"a folder this user can make and write ({exc.strerror})",
                         str(state_dir)) from None
    if not os.access(state_dir, os.W_OK | os.X_OK):
        raise UsageError("--state-dir", "a folder this user can write", str(state_dir))
    return state_dir


def _ladder(args: argparse.Namespace) -> int:
    """Check every argument before any game is played, then print the ladder (or --json)."""
    import json

    from railkit.games import get_spec
    from railkit.sim.ladder import ladder

    spec = get_spec(args.game)
    _in_range(args.games, 1, MAX_GAMES, "--games", "a number of games per lineup")
    least = max(2, spec.min_players)  # bots ranked against each other
    if not least <= args.players <= spec.max_players:
        raise UsageError("--players", f"{least} to {spec.max_players} players for {spec.title}", args.players)
    _in_range(args.seed, -MAX_SEED + 1, MAX_SEED - 1, "--seed", "a whole number")
    options = {"map": args.map} if args.map is not None else {}
    result = ladder(spec.name, players=args.players, games=args.games, bots=args.bots, seed=args.seed,
                    options=options, progress=not args.json)
    print(json.dumps(result.to_dict(), indent=1) if args.json else result)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from railkit.agents import make_agent
    from railkit.core.game import parse_rule_assignments
    from railkit.games import get_spec, specs

    if args.game == "graph-lab":
        from railkit.viz.graphs.algoplayer import serve as serve_graph_lab

        if args.basic_auth:
            raise UsageError("--basic-auth", "a game (the graph lab has no login)", "graph-lab")
        _check_bind(args.address, args.port)

        state_dir = _state_dir(args.state_dir, "railkit-class")
        print(f"railkit serve graph-lab: the graph-algorithm lab at http://{args.address}:{args.port}/  "
              f"(Ctrl+C stops); the class's answers are kept in {state_dir}", flush=True)
        serve_graph_lab(port=args.port, show=args.show, address=args.address, state_dir=state_dir)
        return 0
    from railkit.viz.shell.games import view_class
    from railkit.viz.shell.serve import serve

    spec = get_spec(args.game)
    view_class(args.game)  # a game without a served view: a clear error, no server
    if not 1 <= args.seats <= spec.max_players:
        raise RailkitError(f"--seats: expected 1 to {spec.max_players} people for {spec.title}, got {args.seats}.")
    _in_range(args.seed, 0, MAX_SEED - 1, "--seed", "a whole number")
    if not (math.isfinite(args.bot_delay) and 0 <= args.bot_delay <= 60):
        raise UsageError("--bot-delay", "seconds from 0 to 60", args.bot_delay)
    on_maps = _played_on_maps(spec)
    maps_dir = _maps_dir(args.maps_dir, on_maps)
    if args.map is not None:
        from railkit.maps import available, use_user_maps

        use_user_maps(maps_dir)  # a map saved by the served editor may be named too
        if not on_maps or args.map not in available():
            raise UsageError("--map", f"a map by name for {_titles(_played_on_maps)}: " + ", ".join(available()),
                             args.map)
    auth = _basic_auth(args.basic_auth)
    solo_games = [s for s in specs() if s.solo_opponent]
    if (args.solo or args.difficulty) and not spec.solo_opponent:
        raise RailkitError("--solo and --difficulty: " + " or ".join(
            f"{s.title} only (alone against {s.solo_opponent})" for s in solo_games) + ".")
    if args.difficulty is not None and args.difficulty not in spec.solo_levels:
        raise UsageError("--difficulty", f"{spec.solo_opponent}'s level: one of " + ", ".join(spec.solo_levels),
                         args.difficulty)
    if args.hotseat and args.seats < 2:
        raise RailkitError(f"--hotseat: expected --seats 2 or more (people taking turns at one screen), got "
                           f"{args.seats}.")
    if args.hotseat and args.state_dir is not None:
        raise RailkitError("--state-dir: the lobby's tables are kept, not a hot-seat game (leave out one of the two).")
    if args.solo and args.seats > 1:
        raise RailkitError(f"--solo: one person plays alone against {spec.solo_opponent}, so not with --seats "
                           "above 1.")
    rules = parse_rule_assignments(args.rules, spec.rules_class) if args.rules else None
    if rules is not None:
        spec.make_rules(overrides=rules)  # bad settings are reported before the server starts
    if args.agents is not None and args.bots is not None:
        raise UsageError("--bots", "either --agents or --bots (they are the same option), not both")
    option, bots = ("--bots", args.bots) if args.bots is not None else ("--agents", args.agents)
    if bots is not None:
        make_agent(spec, bots, 0, source=option)
    url = f"http://{args.address}:{args.port}/"
    lobby = args.seats > 1 and not args.hotseat
    what = ("the lobby (make a table, share its seat links)" if lobby else
            f"a hot-seat game for {args.seats} people at one screen" if args.hotseat else "a game against bots")
    _check_bind(args.address, args.port)
    state_dir = _state_dir(args.state_dir, "railkit-tables") if lobby else None
    print(f"railkit serve {args.game}: {what} at {url}  (Ctrl+C stops)"
          + ("; a password is asked first" if auth else "")
          + (f"; the map editor saves in {maps_dir}" if on_maps else "")
          + (f"; tables are kept in {state_dir}" if state_dir else ""), flush=True)
    if args.colour_blind:
        os.environ["RAILKIT_COLOUR_BLIND"] = "1"  # the views read it for each new page
    if args.lang:
        os.environ["RAILKIT_LANG"] = args.lang  # each page's language unless its address says ?lang=
    solo = {"solo": True, "difficulty": args.difficulty} if args.solo or args.difficulty else {}
    if args.maps_dir is not None:
        solo["maps_dir"] = maps_dir
    serve(args.game, port=args.port, seats=args.seats, show=args.show, address=args.address, map=args.map,
          seed=args.seed, bots=bots, bot_delay=args.bot_delay, rules=rules, basic_auth=auth, state_dir=state_dir,
          keep_finished=args.keep_finished, hotseat=args.hotseat, **solo)
    return 0


def _played_on_maps(spec) -> bool:
    """Whether a game is played on a map that a page's address may choose (``?map=usa``):
    it has the map options of the command line (``--map``, ``--maps-dir``)."""
    return "map" in spec.url_options


def _titles(which) -> str:
    """The titles of the games ``which(spec)`` is true of, as text."""
    from railkit.games import specs

    return " or ".join(s.title for s in specs() if which(s))


def _maps_dir(value: str | None, on_maps: bool) -> Path:
    """``--maps-dir``: the user maps folder of the served map editor (default ``my-maps``
    here): a folder that is not railkit's own ``maps/``, that exists or can be made, and
    that this user may write. Only for a game played on maps (``on_maps``)."""
    from railkit.maps import MAPS_DIR, USER_MAPS_DEFAULT

    if value is not None and not on_maps:
        raise UsageError("--maps-dir", f"{_titles(_played_on_maps)} only (its map editor saves there)", value)
    folder = Path(value if value is not None else USER_MAPS_DEFAULT).expanduser()
    try:
        folder = folder.resolve()
        if folder == MAPS_DIR.resolve():
            raise UsageError("--maps-dir", "a folder of your own, not railkit's maps/ (its maps ship with it)",
                             value)
        if folder.exists() and not folder.is_dir():
            raise UsageError("--maps-dir", "a folder (this is a file)", value)
        nearest = folder
        while not nearest.exists():
            nearest = nearest.parent
        if not nearest.is_dir() or not os.access(nearest, os.W_OK | os.X_OK):
            raise UsageError("--maps-dir", f"a folder you may write ({nearest} is not writable)", value)
    except (OSError, ValueError) as exc:
        raise UsageError("--maps-dir", f"a folder you may write ({exc})", value) from None
    return folder


def _basic_auth(value: str | None) -> str | None:
    """``--basic-auth``: a password (8 characters or more), or a JSON file of ``{"user": "password"}``."""
    if value is None:
        return None
    path = Path(value)
    if path.suffix == ".json" or path.exists():
        from railkit.core.jsonio import read_json

        users = read_json(path)
        if not (isinstance(users, dict) and users
                and all(isinstance(k, str) and isinstance(v, str) and len(v) >= 8 for k, v in users.items())):
            raise UsageError("--basic-auth", "a JSON file of {\"user\": \"password\"} with passwords of 8 "
                             "characters or more", value)
        return str(path.resolve())
    if len(value) < 8:
        raise UsageError("--basic-auth", "a password of 8 characters or more (or a JSON file of users)")
    return value


def _check_bind(address: str, port: int) -> None:
    """``--address`` and ``--port``: this machine's address, and a port free there."""
    import ipaddress
    import socket

    try:
        ipaddress.ip_address(address)
    except ValueError:
        if address != "localhost":
            raise UsageError("--address", "an IP address of this machine, e.g. 127.0.0.1", address) from None
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # as the server binds (Tornado): a restart right after a crash finds the
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # port's old links waiting
        try:
            sock.bind((address, port))
        except OverflowError:
            raise UsageError("--port", "a port number from 1 to 65535", port) from None
        except OSError as exc:
            if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                raise UsageError("--port", f"a port nobody uses on {address} (port {port} is in use)") from None
            raise UsageError("--address", f"an address this machine can serve on ({exc.strerror})", address) from None


def notebook_files(src: Path = NOTEBOOKS_DIR) -> list[Path]:
    """The notebooks railkit ships: ``NN-topic.ipynb`` in English, and the translated ones
    in a folder per language (``da/10-ttr-rules.ipynb``), English first."""
    return sorted(src.glob("*.ipynb")) + sorted(src.glob("*/*.ipynb"))


def index_notebook(lang: str | None) -> str:
    """The index notebook of ``lang`` under ``notebooks/``: ``da/00-index.ipynb``, or the
    English ``00-index.ipynb`` (for English, no language, or a language with no index).

    >>> index_notebook("da"), index_notebook(None)
    ('da/00-index.ipynb', '00-index.ipynb')
    """
    if lang and lang != "en" and (NOTEBOOKS_DIR / lang / "00-index.ipynb").is_file():
        return f"{lang}/00-index.ipynb"
    return "00-index.ipynb"


#: JupyterLab's locale for each language railkit speaks (its language packs, in the ``lab`` extra)
LAB_LOCALES = {"en": "en", "da": "da_DK", "de": "de_DE", "ja": "ja_JP"}


def lab_settings(ws: Path, lang: str) -> Path:
    """A folder of JupyterLab settings defaults (``overrides.json``) in workspace ``ws`` that
    makes ``lang`` the language of JupyterLab's own words; returns the folder. A language the
    learner then picks in JupyterLab's Settings menu wins over it.

    >>> import json, tempfile
    >>> folder = lab_settings(Path(tempfile.mkdtemp()), "da")
    >>> json.loads((folder / "overrides.json").read_text())
    {'@jupyterlab/translation-extension:plugin': {'locale': 'da_DK'}}
    """
    import json

    folder = ws / ".railkit-lab-settings"
    folder.mkdir(parents=True, exist_ok=True)
    overrides = {"@jupyterlab/translation-extension:plugin": {"locale": LAB_LOCALES[lang]}}
    (folder / "overrides.json").write_text(json.dumps(overrides, indent=1) + "\n")
    return folder


def lab_command(ws: Path, port: int, token: str, lang: str | None) -> list[str]:
    """The command that runs JupyterLab for ``railkit lab`` in workspace ``ws``: on 127.0.0.1 and
    ``port`` only, with ``token``, and in ``lang`` (its menus too: :func:`lab_settings`), if given.

    >>> cmd = lab_command(Path("/tmp/ws"), 8899, "abc", None)
    >>> cmd[1:4], "--ServerApp.root_dir=/tmp/ws" in cmd, any("app_settings_dir" in c for c in cmd)
    (['-m', 'jupyter', 'lab'], True, False)
    """
    import os

    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ws}"]
    if lang:  # JupyterLab's own menus and dialogs in that language too (its language packs)
        cmd.append(f"--LabApp.app_settings_dir={lab_settings(ws, lang)}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd


def _lab(args: argparse.Namespace) -> int:
    """JupyterLab on the index notebook, in the learner's own copy of the notebooks.

    The notebooks railkit ships are copied once into ``workspace/notebooks`` in the
    current folder (git-ignored in a checkout; a ``maps`` link beside it reaches the
    shipped maps), and JupyterLab runs there, so outputs and checkpoints never land
    in the repository or the installed package. A copy the
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

    from railkit.maps import MAPS_DIR

    if not args.dry_run:
        require("lab", "railkit lab")
    src = NOTEBOOKS_DIR
    ws = Path(args.workspace or "workspace").resolve()
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
    for nb in notebook_files(src):  # the English ones, then da/, de/, ja/
        name = nb.relative_to(src).as_posix()
        mine, new = dest / name, digest(nb)
        if not mine.exists():
            mine.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(nb, mine)
            manifest[name] = new
            added.append(name)
        elif new == manifest.get(name) or new == digest(mine):
            manifest[name] = new
        elif not args.update:
            pending.append(name)
        elif digest(mine) == manifest.get(name):  # the learner never changed it
            shutil.copyfile(nb, mine)
            manifest[name] = new
            refreshed.append(name)
        else:  # the learner's own version stays; the new one goes beside it
            shutil.copyfile(nb, mine.with_suffix(".new.ipynb"))
            beside.append(mine.with_suffix(".new.ipynb").relative_to(dest).as_posix())
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    maps = ws / "maps"
    if not maps.exists() and not maps.is_symlink():
        try:
            maps.symlink_to(MAPS_DIR, target_is_directory=True)
        except OSError:  # no symbolic links here (some Windows set-ups): a copy
            shutil.copytree(MAPS_DIR, maps)
    def say(msg: Message) -> None:  # in the learner's language: --lang, else RAILKIT_LANG or the system locale
        print(msg.render(args.lang), flush=True)

    say(Message("workspace: {path} (new: {n} notebook)", plural="workspace: {path} (new: {n} notebooks)", path=ws,
                n=len(added)) if added else Message("workspace: {path}", path=ws))
    if refreshed:
        say(Message("updated (you had not changed them): {names}", names=", ".join(refreshed)))
    if beside:
        say(Message("you changed these, so their new versions are saved beside them: {names}", names=", ".join(beside)))
    if pending:
        say(Message("{n} notebook has a newer version ({names}): run `railkit lab --update` to get it (your changes "
                    "are kept)", plural="{n} notebooks have a newer version ({names}): run `railkit lab --update` to "
                    "get them (your changes are kept)", n=len(pending), names=", ".join(pending)))

    token = secrets.token_hex(16)
    url = f"http://127.0.0.1:{args.port}/lab/tree/notebooks/{index_notebook(args.lang)}?token={token}"
    cmd = lab_command(ws, args.port, token, args.lang)
    if args.dry_run:
        print(url)
        return 0
    env = dict(os.environ)
    if args.lang:
        env["RAILKIT_LANG"] = args.lang  # the notebooks' messages speak it
    env.setdefault("PANEL_INLINE", "1")
    env.setdefault("BOKEH_RESOURCES", "inline")
    proc = subprocess.Popen(cmd, cwd=ws, env=env)
    stop = _forward_stop_signals(proc)
    try:
        deadline = time.time() + 120
        while proc.poll() is None and time.time() < deadline and not stop:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{args.port}/api/status?token={token}", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        if proc.poll() is None and not stop:
            print("\n" + Message("railkit lab: open {url}", url=url).render(args.lang) + "\n", flush=True)
            if not args.no_browser:
                webbrowser.open(url)
        code = proc.wait()
        return 128 + stop[0] if stop else code
    except KeyboardInterrupt:
        return 130
    finally:
        stop.restore()
        _end(proc)


class _StopSignals(list):
    """The stop signals received (a list: empty, or the signal number), and the handlers they replaced."""

    def __init__(self) -> None:
        super().__init__()
        self.previous: dict = {}

    def restore(self) -> None:
        import signal

        for sig, handler in self.previous.items():
            signal.signal(sig, handler)


def _forward_stop_signals(proc) -> _StopSignals:
    """While ``proc`` runs, ``kill PID`` (SIGTERM) or a closed terminal (SIGHUP) sent to this
    process stops ``proc`` too (with SIGTERM), instead of leaving it running with its port
    held. Ctrl+C reaches both processes already (the terminal's process group)."""
    import signal

    stop = _StopSignals()

    def forward(signum, frame) -> None:
        if not stop:
            stop.append(signum)
            print(f"railkit lab: stopping JupyterLab ({signal.Signals(signum).name})", file=sys.stderr, flush=True)
        if proc.poll() is None:
            proc.terminate()

    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            stop.previous[sig] = signal.signal(sig, forward)
    return stop


def _end(proc, grace: float = 15.0) -> None:
    """Stop ``proc`` if it still runs: SIGTERM, then after ``grace`` seconds SIGKILL; wait for it."""
    import subprocess

    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _site(args: argparse.Namespace) -> int:
    from railkit.viz.web.site import build_site

    built = build_site(args.out, offline=args.offline, pyodide=args.pyodide, force=args.force)
    where = "in the folder (works offline)" if args.offline else f"from {built['pyodide']}"
    print(f"Built {args.out}: {built['files']} files, {built['bytes'] / 1e6:.1f} MB; Pyodide {where}.\n"
          f"Serve it with any web server, e.g.: python -m http.server --directory {args.out} 8000")
    return 0


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, got {text!r}")
    return int(text)


_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _duration(text: str) -> float:
    """``--keep-finished``: a number of seconds, minutes, hours or days (``90s``, ``30m``, ``12h``, ``2d``)."""
    unit = text[-1:].lower()
    number = text[:-1] if unit in _SECONDS else text
    if not (number.isascii() and number.isdigit() and len(number) <= 6):
        raise argparse.ArgumentTypeError(f"expected a time such as 90s, 30m, 12h or 2d, got {text!r}")
    return int(number) * _SECONDS.get(unit, 1)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="railkit", description="railkit: a teaching and design kit for rail board games.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    v = sub.add_parser("validate-map", help="check a map or hex-sheet file (prints a summary or the first problem)")
    v.add_argument("path", help="path to a map JSON file (a route map or a hex sheet)")
    v.set_defaults(func=_validate_map)

    s = sub.add_parser("simulate", help="run many seeded bot games and summarise them",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    try:
        from railkit.sim.cli import add_simulate_arguments
    except ImportError:  # pragma: no cover - the simulator is part of the package
        add_simulate_arguments = None
    if add_simulate_arguments is not None:
        add_simulate_arguments(s)
    s.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    s.lists_bots = True
    s.set_defaults(func=_simulate)

    from railkit.games import names

    lad = sub.add_parser("ladder", help="rate bots on one ladder (OpenSkill mu, sigma, mu - 3 sigma) from "
                                        "seat-rotated round robins, with pairwise win rates",
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    lad.add_argument("game", help=", ".join(names()))
    lad.add_argument("--players", type=int, default=2, help="seats at every table (default 2)")
    lad.add_argument("--games", type=int, default=2,
                     help="games per lineup; the bots move one seat round the table each game (default 2)")
    lad.add_argument("--bots", default=None, help="two or more bots, comma-separated (default easy,medium,hard)")
    lad.add_argument("--seed", type=int, default=0, help="game i of every lineup is dealt from (seed, i)")
    lad.add_argument("--map", default=None, help="the map by name or path, for a game played on a map")
    lad.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    lad.lists_bots = True
    lad.set_defaults(func=_ladder)

    sv = sub.add_parser("serve", help="serve a game in the browser (Panel)",
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    sv.add_argument("game", choices=[*names(), "graph-lab"],
                    help="a game, or graph-lab (graph algorithms stepped on the game maps, for the projector)")
    sv.add_argument("--port", type=_port, default=5006)
    sv.add_argument("--seats", type=int, default=1,
                    help="people per table (default 1: every browser plays its own game against bots; "
                         "more opens a lobby of shared tables)")
    sv.add_argument("--hotseat", action="store_true",
                    help="with --seats above 1: no lobby; the people take turns at one browser, a curtain "
                         "between their turns hides each hand (pass and play)")
    sv.add_argument("--agents", default=None,
                    help="the bot that plays the other seats (the game's bots are listed below)")
    sv.add_argument("--bots", default=None, help="the same as --agents")
    sv.add_argument("--seed", type=int, default=None, help="seed of every new game (default: a fresh random one)")
    sv.add_argument("--map", default=None, help="the map by name, for a game played on a map (default usa)")
    sv.add_argument("--bot-delay", type=float, default=0.5, help="seconds between two bot actions (default 0.5)")
    sv.add_argument("--rules", nargs="+", action="extend", default=[], metavar="KEY=VALUE",
                    help="rule settings over the defaults, as for simulate: e.g. --rules trains=30 longest_bonus=0 "
                         "(or a JSON object, '{\"trains\": 30}')")
    sv.add_argument("--solo", action="store_true", help="play alone against the game's solo opponent, if it has one")
    sv.add_argument("--difficulty", default=None,
                    help="the solo opponent's level (implies --solo; default: its easiest)")
    sv.add_argument("--maps-dir", default=None, metavar="PATH",
                    help="for a game played on a map: the folder where the served map editor saves maps, offered by name "
                         "afterwards (default: my-maps in the working directory; never railkit's own maps/)")
    sv.add_argument("--state-dir", default=None, metavar="DIR",
                    help="with --seats above 1: the folder where every table is kept, so that a restart loses no "
                         "game (default: railkit-tables in the working directory); for graph-lab: where the "
                         "class's answers and the teacher link are kept (default: railkit-class)")
    sv.add_argument("--keep-finished", type=_duration, default="1d", metavar="TIME",
                    help="how long a finished table is kept for its replay, e.g. 12h or 2d (default 1d)")
    sv.add_argument("--address", default="127.0.0.1")
    sv.add_argument("--basic-auth", default=None, metavar="PASSWORD|FILE.json",
                    help="ask every browser for a password first (Panel's basic auth): one shared password, "
                         "or a JSON file of {\"user\": \"password\"} for a class server")
    sv.add_argument("--colour-blind", action="store_true",
                    help="patterns and letters on every card and route colour, on every page (a page can also "
                         "turn them on for itself)")
    sv.add_argument("--lang", type=_language, default=None, metavar="LANG",
                    help="the language of the pages' messages: en, da, de or ja (default: RAILKIT_LANG, else the "
                         "system locale; a page can choose its own with ?lang=da)")
    sv.add_argument("--show", action="store_true", help="open a browser tab")
    sv.lists_bots = True
    sv.set_defaults(func=_serve)

    lab = sub.add_parser("lab", help="start JupyterLab on the index notebook (your copy in workspace/)")
    lab.add_argument("--port", type=_port, default=8888)
    lab.add_argument("--no-browser", action="store_true", help="print the URL only, open no browser")
    lab.add_argument("--update", action="store_true",
                     help="get the newest notebooks: new and unchanged ones are copied, a notebook you "
                          "changed keeps your version and gets the new one beside it (NAME.new.ipynb)")
    lab.add_argument("--workspace", default=None,
                     help="folder of your copy (default: workspace/ in the current folder)")
    lab.add_argument("--dry-run", action="store_true", help="set up the workspace, print the URL, start nothing")
    lab.add_argument("--lang", type=_language, default=None, metavar="LANG",
                     help="the language of the notebooks and their messages, and of JupyterLab's own menus: "
                          "en, da, de or ja (default: RAILKIT_LANG, else the system locale)")
    lab.set_defaults(func=_lab)

    site = sub.add_parser("site", help="build a static web site in which every game is played against bots with "
                                       "nothing installed (Pyodide)")
    site.add_argument("out", help="the folder to write (new or empty)")
    site.add_argument("--offline", action="store_true",
                      help="put the Pyodide runtime in the folder too, so the pages need no internet")
    site.add_argument("--pyodide", default=None, metavar="DIR",
                      help="with --offline: the folder of the npm package pyodide (default: ./node_modules/pyodide, "
                           "else fetched once with npm)")
    site.add_argument("--force", action="store_true", help="replace OUT if it holds files")
    site.set_defaults(func=_site)
    return p


def _language(text: str) -> str:
    """A ``--lang`` value: one of the languages railkit speaks."""
    try:
        return cast(str, i18n.check_language(text))
    except i18n.UnknownLanguage as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        i18n.get_language()  # a RAILKIT_LANG railkit does not speak: one plain line before any work
        return args.func(args)
    except RailkitError as exc:
        # a refusal of a game (IllegalMove) in the reader's language; other errors in English
        text = exc.render() if hasattr(exc, "render") else str(exc)
        print(f"railkit {args.command}: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except (OSError, ValueError, OverflowError, MemoryError, RecursionError) as exc:
        # a file or address that failed late, a value a library refused: one plain line
        print(f"railkit {args.command}: {_plain(exc)}", file=sys.stderr)
        return 2


def _plain(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}" + (f": {exc.filename}" if exc.filename else "")
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


if __name__ == "__main__":
    sys.exit(main())

"""``railkit site OUT``: one static folder that any web server can host, in which every game
is played against bots with nothing installed: Pyodide runs railkit's own engines and bots
in the page (:mod:`railkit.viz.web.page`).

What the folder holds:

* ``index.html``: the landing page, one card per game (players, bots, the solo opponent's
  level) linking to ``play.html?game=...``;
* ``play.html``, ``play.js``, ``railkit.css``: the game page;
* ``wheels/``: railkit, networkx, param and mypy_extensions, repacked from this Python's
  installation (:mod:`railkit.viz.web.wheels`), so the page plays exactly these engines;
* ``site.json``: where Pyodide is and which wheels to load, each with its SHA-256 (the page
  asks for ``wheel?v=<sha256>``, so a browser that visited before loads a new release, never
  a stale copy);
* ``pyodide/`` with ``--offline``: the Pyodide runtime itself, taken from the npm package
  ``pyodide`` (a folder given with ``--pyodide``, ``$RAILKIT_PYODIDE``, ``./node_modules/pyodide``,
  or fetched once with ``npm pack`` into railkit's cache). The pages then make no request
  outside the host: a school network with no internet can serve them. Without ``--offline``
  the pages load Pyodide from its CDN (jsDelivr).

The folder is written whole or not at all: it is built beside ``OUT`` and renamed at the end.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from html import escape
from pathlib import Path

from railkit.agents import agents_of
from railkit.core.errors import DataError
from railkit.games import specs
from railkit.viz.web.wheels import build_wheels

#: the Pyodide release the pages are built and tested with (npm package ``pyodide``)
PYODIDE_VERSION = "314.0.8"
#: its CDN folder, for a site built without ``--offline``
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
#: the files of the npm package a page needs
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

STATIC = Path(__file__).resolve().parent / "static"
STATIC_FILES = ("play.html", "play.js", "railkit.css")


def _is_runtime(folder: Path) -> bool:
    return all((folder / name).is_file() for name in PYODIDE_FILES)


def cache_dir() -> Path:
    """railkit's cache folder (``$XDG_CACHE_HOME/railkit``, else ``~/.cache/railkit``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "railkit"


def pyodide_runtime(given: str | os.PathLike | None = None, fetch: bool = True) -> Path:
    """The folder of the Pyodide runtime (the npm package ``pyodide``, version
    :data:`PYODIDE_VERSION`): ``given``, else ``$RAILKIT_PYODIDE``, else
    ``./node_modules/pyodide``, else the copy in railkit's cache, fetched there with
    ``npm pack`` when ``fetch`` (npm must be installed). Raises :class:`DataError` naming
    what to do when there is none."""
    if given is not None:
        folder = Path(given)
        if not _is_runtime(folder):
            raise DataError(str(folder), "$", "the folder of the npm package pyodide (with "
                            + ", ".join(PYODIDE_FILES) + ")")
        return folder
    for candidate in (os.environ.get("RAILKIT_PYODIDE"), "node_modules/pyodide"):
        if candidate and _is_runtime(Path(candidate)):
            return Path(candidate)
    cached = cache_dir() / f"pyodide-{PYODIDE_VERSION}"
    if _is_runtime(cached):
        return cached
    npm = shutil.which("npm")
    if not fetch or npm is None:
        raise DataError("--pyodide", "$", f"the npm package pyodide {PYODIDE_VERSION}: install Node.js and npm, "
                        f"or run 'npm install pyodide@{PYODIDE_VERSION}' and pass --pyodide node_modules/pyodide")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=tmp,
                              capture_output=True, text=True, timeout=600)
        tarballs = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or len(tarballs) != 1:
            raise DataError("npm pack", "$", f"the npm package pyodide {PYODIDE_VERSION}",
                            (done.stderr or done.stdout).strip()[-300:])
        with tarfile.open(tarballs[0]) as tar:
            members = [m for m in tar.getmembers() if m.isfile() and m.name.startswith("package/")
                       and "/" not in m.name[len("package/"):]]
            tar.extractall(Path(tmp) / "x", members=members, filter="data")
        staging = cached.with_name(cached.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(Path(tmp) / "x" / "package", staging)
        cached.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging, cached)
    return cached


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _option(label: str, name: str, values: list[tuple[str, str]], chosen: str = "") -> str:
    opts = "".join(f"<option value='{escape(v)}'{' selected' if v == chosen else ''}>{escape(text)}</option>"
                   for v, text in values)
    return f"<label>{escape(label)} <select name='{escape(name)}'>{opts}</select></label>"


def landing_page() -> str:
    """``index.html``: a card per game with its table's choices (a form that opens ``play.html``)."""
    cards = []
    for spec in specs():
        bots = agents_of(spec)
        low = 1 if spec.solo_opponent else spec.min_players
        usual = 1 if spec.solo_opponent else spec.solo_players
        players = [(str(n), f"alone against {spec.solo_opponent}" if n == 1 else
                    f"{n} (you and {n - 1} bot{'s' if n > 2 else ''})") for n in range(low, spec.max_players + 1)]
        fields = [f"<input type='hidden' name='game' value='{escape(spec.name)}'>",
                  _option("Players", "players", players, str(usual)),
                  _option("Bots", "bots", [(b, b) for b in bots], spec.default_bot)]
        if spec.solo_levels:
            fields.append(_option(f"{spec.solo_opponent}'s level (alone)", "difficulty",
                                  [(lv, lv.replace("-", " ").capitalize()) for lv in spec.solo_levels]))
        cards.append(f"<article data-game='{escape(spec.name)}'><h2>{escape(spec.title)}</h2>"
                     f"<form action='play.html' method='get'>{''.join(fields)}"
                     f"<button type='submit'>Play {escape(spec.title)}</button></form></article>")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>railkit — play in your browser</title><link rel='stylesheet' href='railkit.css'></head><body>"
            "<header><span class='home'>railkit</span><h1>Rail games in your browser</h1></header>"
            "<p id='message'>Play against railkit's bots with nothing installed: the games' rules and the bots "
            "run in this page, and nothing you play leaves your computer.</p>"
            f"<section class='games'>{''.join(cards)}</section></body></html>")


def build_site(out: str | os.PathLike, offline: bool = False, pyodide: str | os.PathLike | None = None,
               force: bool = False) -> dict:
    """Build the static site in ``out`` (see the module's text); returns what was built
    (``files``, ``bytes``, ``wheels``, ``pyodide``)."""
    out = Path(out)
    if out.exists() and not force:
        if not out.is_dir() or any(out.iterdir()):
            raise DataError(str(out), "$", "a new or empty folder (or --force to replace it)")
    runtime = pyodide_runtime(pyodide) if offline else None
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        for name in STATIC_FILES:
            shutil.copy2(STATIC / name, staging / name)
        (staging / "index.html").write_text(landing_page(), encoding="utf-8")
        wheels = build_wheels(staging / "wheels")
        if runtime is not None:
            (staging / "pyodide").mkdir()
            for name in PYODIDE_FILES:
                shutil.copy2(runtime / name, staging / "pyodide" / name)
        config = {"pyodide": "pyodide/" if runtime is not None else PYODIDE_CDN,
                  "pyodide_version": PYODIDE_VERSION,
                  "wheels": [{"file": w.name, "sha256": _sha256(w)} for w in wheels]}
        (staging / "site.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
        staging.chmod(0o755)
        if out.exists():
            shutil.rmtree(out)
        os.replace(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    files = [p for p in out.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files),
            "wheels": [w.name for w in wheels], "pyodide": config["pyodide"]}

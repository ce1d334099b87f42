"""railkit as users get it: a wheel and an sdist built from this checkout, each installed in
a fresh virtual environment (no editable install), and used from a folder outside the checkout.

* the pure wheel (``RAILKIT_PURE=1``), installed with the ``lab`` extra: every shipped map and
  sheet validates, a seeded game of each game plays, ``railkit simulate`` runs, and
  ``railkit lab --no-browser`` serves the index notebook from the learner's workspace;
* the sdist, installed as pip installs it (the engines compiled with mypyc where a C compiler
  is found): the same checks, and its seeded games play the same action logs as the pure
  wheel's and as this checkout's.

Slow (it builds and installs twice: a few minutes); the fast run leaves it out
(``-m "not install"``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.install

#: plays seeded games of each game with its bots; prints a digest of their action logs per game,
#: then which engine played (compiled or pure)
DIGESTS = """
import hashlib
from railkit.agents import make_agent
from railkit.core.compiled import ENGINE
from railkit.core.game import play
from railkit.games import specs

for spec in specs():
    logs = []
    for seed in range(3):
        players = max(2, spec.min_players)
        game = spec.new_game(players=players, seed=seed)
        bots = [make_agent(spec, spec.default_bot if (seed + i) % 2 else "random", seed * 10 + i)
                for i in range(players)]
        logs.append("|".join(map(str, play(game, bots).log)))
    print(spec.name, hashlib.sha256("\\n".join(logs).encode()).hexdigest()[:16])
print("engine", ENGINE)
"""


def _env(**extra: str) -> dict[str, str]:
    """The environment of a user's shell: nothing that points into this checkout or its venv."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "RAILKIT_PURE")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(Path(sys.executable).parent)))
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


def _run(cmd: list, cwd: Path, timeout: float = 900, **env: str) -> str:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=_env(**env), capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n" \
                                 f"{proc.stderr[-3000:]}"
    return proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict[str, Path]:
    """A pure wheel and an sdist of this checkout, built as a release is (``python -m build``:
    the sdist first, then the wheel from the sdist, so the sdist must hold everything)."""
    out = tmp_path_factory.mktemp("dist")
    src = tmp_path_factory.mktemp("src") / "railkit"
    # a copy of what git tracks: no build products or local venv leak into the build
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if not name:
            continue
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        elif (ROOT / name).is_file():
            shutil.copy2(ROOT / name, target)
    _run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", out, src], cwd=out, RAILKIT_PURE="1")
    wheel, = out.glob("railkit-*-py3-none-any.whl")
    sdist, = out.glob("railkit-*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


def _venv(where: Path, *install: str, **env: str) -> Path:
    """A fresh virtual environment with ``install`` pip-installed; its Python."""
    _run([sys.executable, "-m", "venv", where], cwd=where.parent)
    python = where / "bin" / "python"
    _run([python, "-m", "pip", "install", "-q", *install], cwd=where.parent, timeout=1800, **env)
    return python


def _check_installed(python: Path, home: Path) -> str:
    """What a user does first, from ``home`` (outside the checkout); the action-log digests."""
    bin_dir = python.parent
    out = _run([python, "-c", "import railkit, railkit.maps as m; print(railkit.__file__); print(m.MAPS_DIR)"],
               cwd=home)
    package, maps_dir = out.split()[:2]
    assert "site-packages" in package and not package.startswith(str(ROOT)), package
    shipped = sorted(Path(maps_dir).glob("*.json"))
    assert [p.name for p in shipped] == sorted(p.name for p in (ROOT / "maps").glob("*.json"))
    for path in shipped:  # every map and sheet railkit ships
        assert _run([bin_dir / "railkit", "validate-map", path], cwd=home).startswith(f"OK {path}")
    # the site for browsers, from what is installed (its page files are package data)
    built = _run([bin_dir / "railkit", "site", "site-out"], cwd=home)
    assert built.startswith("Built site-out: "), built
    site_wheels = sorted(p.name.split("-")[0] for p in (home / "site-out" / "wheels").glob("*.whl"))
    assert site_wheels == ["mypy_extensions", "networkx", "param", "railkit"]
    assert (home / "site-out" / "play.js").is_file() and (home / "site-out" / "index.html").is_file()
    railkit_wheel, = (home / "site-out" / "wheels").glob("railkit-*.whl")
    with zipfile.ZipFile(railkit_wheel) as z:  # the engines' Python sources, also beside compiled modules
        assert {"railkit/games/ticket_to_ride/game.py", "railkit/maps/data/usa.json"} <= set(z.namelist())
    summary = _run([bin_dir / "railkit", "simulate", "ticket-to-ride", "--games", "3", "--no-progress"], cwd=home)
    assert "Ticket to Ride: 3 games" in summary and "0 errors" in summary
    return _run([python, "-c", DIGESTS], cwd=home)


def _digests(report: str) -> list[str]:
    lines = re.findall(r"^[a-z-]+ [0-9a-f]{16}$", report, re.M)
    assert len(lines) == 3, report
    return lines


def _lab_serves_the_index(railkit: Path, home: Path) -> None:
    """``railkit lab --no-browser`` copies the shipped notebooks and serves the index notebook."""
    with socket_port() as port:
        pass
    proc = subprocess.Popen([railkit, "lab", "--no-browser", "--port", str(port)], cwd=home, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        seen = []
        for line in proc.stdout:
            seen.append(line)
            if line.startswith("railkit lab: open"):
                break
        url = next((line.split("open", 1)[1].strip() for line in seen if line.startswith("railkit lab: open")), None)
        assert url, "".join(seen)
        token = url.split("token=")[1]
        api = f"http://127.0.0.1:{port}/api/contents/notebooks/00-index.ipynb?token={token}&content=0"
        with urllib.request.urlopen(api, timeout=30) as r:
            assert json.load(r)["name"] == "00-index.ipynb"
        assert (home / "workspace" / "notebooks" / "00-index.ipynb").exists()
        assert (home / "workspace" / "maps" / "usa.json").exists()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()


class socket_port:
    """A free port of 127.0.0.1 (``with socket_port() as port``)."""

    def __enter__(self) -> int:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        return self.sock.getsockname()[1]

    def __exit__(self, *exc) -> None:
        self.sock.close()


def test_the_wheel_holds_the_maps_and_notebooks_and_no_compiled_module(dist):
    names = zipfile.ZipFile(dist["wheel"]).namelist()
    for path in sorted((ROOT / "maps").glob("*.json")):
        assert f"railkit/maps/data/{path.name}" in names
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):  # with the translated ones (da/, de/, ja/)
        assert f"railkit/notebooks/{path.relative_to(ROOT / 'notebooks').as_posix()}" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "maps/", "notebooks/"))]
    # the package data equals the browsable files (one source, shipped as it is)
    wheel = zipfile.ZipFile(dist["wheel"])
    for path in [*(ROOT / "maps").glob("*.json"), *(ROOT / "notebooks").rglob("*.ipynb")]:
        inside = (f"railkit/maps/data/{path.name}" if path.suffix == ".json"
                  else f"railkit/notebooks/{path.relative_to(ROOT / 'notebooks').as_posix()}")
        assert wheel.read(inside) == path.read_bytes(), inside
    metadata = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    core = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert not [line for line in core if re.search(r"jupyterlab|dask|distributed|scipy|pyarrow", line)], core


def test_pure_wheel_and_compiled_sdist_work_outside_the_checkout(dist, tmp_path):
    home = tmp_path / "home"  # a user's folder, far from the checkout
    home.mkdir()
    pure = _venv(tmp_path / "pure", f"{dist['wheel']}[lab]", CC="/bin/false")
    pure_report = _check_installed(pure, home)
    assert "compiled" not in pure_report.split("engine", 1)[1], pure_report
    _lab_serves_the_index(pure.parent / "railkit", home)

    compiled = _venv(tmp_path / "compiled", str(dist["sdist"]))
    other = tmp_path / "home2"
    other.mkdir()
    compiled_report = _check_installed(compiled, other)
    if shutil.which("gcc") or shutil.which("cc"):
        assert "'railkit.games.ticket_to_ride': 'compiled'" in compiled_report, compiled_report
    here = _run([sys.executable, "-c", DIGESTS], cwd=ROOT, PYTHONPATH=str(ROOT))
    assert _digests(pure_report) == _digests(compiled_report) == _digests(here)

"""railkit's engines in WebAssembly play exactly what they play here: Pyodide (the npm
package ``pyodide``, the runtime of the pages ``railkit site`` builds) under Node.js, with
the wheels those pages load, plays 100 seeded games of each game with its bots
(``benchmarks/action_logs.py``), and every action log equals this Python's, byte for byte.

Skipped, with the reason, where Node.js or npm is missing (``.ci/run`` installs them, and in
CI a skip is a failure); the runtime is fetched once with ``npm pack`` into railkit's cache.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from railkit.core.errors import DataError
from railkit.viz.web.site import pyodide_runtime
from railkit.viz.web.wheels import build_wheels

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = ROOT / "benchmarks" / "action_logs.py"
GAMES = 100


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide this (see .ci/run): {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def node_with_pyodide(tmp_path_factory) -> tuple[str, Path, Path]:
    """(node, the Pyodide runtime's folder, a folder of the pages' wheels)."""
    node = shutil.which("node")
    if node is None:
        _missing("Node.js is not installed (apt-get install nodejs npm)")
    try:
        runtime = pyodide_runtime()
    except DataError as exc:
        _missing(f"no Pyodide runtime: {exc}")
    wheels = tmp_path_factory.mktemp("wheels")
    build_wheels(wheels)
    return node, runtime, wheels


def _digests(text: str) -> dict[str, str]:
    return dict(re.findall(r"^([a-z-]+) +\d+ games, +\d+ actions, sha256 ([0-9a-f]{16})$", text, re.M))


def test_pyodide_plays_the_same_games_as_this_python(node_with_pyodide, tmp_path):
    node, runtime, wheels = node_with_pyodide
    here, there = tmp_path / "cpython.txt", tmp_path / "pyodide.txt"
    args = ["--games", str(GAMES), "--hard", "0"]
    t0 = time.perf_counter()
    native = subprocess.run([sys.executable, str(SCRIPT), str(here), *args], capture_output=True, text=True,
                            timeout=900, env={**os.environ, "RAILKIT_PURE": "1"})
    t1 = time.perf_counter()
    wasm = subprocess.run([node, str(RUNNER), str(runtime), str(wheels), str(SCRIPT), str(there), *args],
                          capture_output=True, text=True, timeout=1800, cwd=tmp_path)
    t2 = time.perf_counter()
    assert native.returncode == 0, native.stderr[-2000:]
    assert wasm.returncode == 0, (wasm.stdout + wasm.stderr)[-3000:]
    assert "pure" in wasm.stdout and "compiled" not in wasm.stdout  # the page plays the Python engines
    assert len(_digests(native.stdout)) == 3
    assert _digests(wasm.stdout) == _digests(native.stdout)
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")
    games = sum(1 for line in here.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
    assert games == 3 * GAMES
    print(f"\n{games} games: CPython (pure engines) {t1 - t0:.1f} s, Pyodide in Node {t2 - t1:.1f} s "
          f"({(t2 - t1) / (t1 - t0):.1f}x)")


def test_a_python_error_in_pyodide_fails_the_run(node_with_pyodide, tmp_path):
    """The runner is a real check: a script that raises ends it with code 1 and the traceback."""
    node, runtime, wheels = node_with_pyodide
    script = tmp_path / "boom.py"
    script.write_text("import railkit.viz.web.page\nraise ValueError('boom in wasm')\n", encoding="utf-8")
    done = subprocess.run([node, str(RUNNER), str(runtime), str(wheels), str(script)], capture_output=True,
                          text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 1 and "ValueError: boom in wasm" in done.stderr

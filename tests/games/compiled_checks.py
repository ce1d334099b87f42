"""Shared pieces of the tests of the mypyc-compiled modules (:mod:`railkit.core.compiled`,
``setup.py``): whether a package's modules are built here, a script run once with the
compiled modules and once with ``RAILKIT_PURE=1``, and a copy of the package in which a
source can be edited after the build."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import railkit
from railkit.core import compiled

ROOT = Path(railkit.__file__).parent.parent


def folder(package: str, root: Path = ROOT) -> Path:
    """The folder of ``package`` (a key of :data:`railkit.core.compiled.COMPILED`) under ``root``."""
    return root.joinpath(*package.split("."))


def built(package: str) -> bool:
    """True when every module of ``package`` is compiled in this tree."""
    return all(compiled._compiled_files(folder(package), m.rsplit(".", 1)[1]) for m in compiled.COMPILED[package])


def assert_compiled_in_use(*modules) -> None:
    """The compiled ``modules`` (imported module objects) are the ones in use where their
    packages are built and current (their Python sources with ``RAILKIT_PURE=1``). Skips
    where they are not built, except in CI, whose ``pip install`` must compile them."""
    packages = sorted({pkg for pkg, names in compiled.COMPILED.items() for m in modules if m.__name__ in names})
    assert packages, "none of these modules is listed in railkit.core.compiled.COMPILED"
    if not all(built(pkg) for pkg in packages):
        assert not os.environ.get("CI"), f"CI installs railkit with pip, which must compile {', '.join(packages)} (setup.py)"
        pytest.skip(f"{', '.join(packages)}: not compiled in this install (no C compiler or RAILKIT_PURE at install)")
    expected = "pure" if compiled.pure_requested() else "compiled"
    assert [compiled.ENGINE[pkg] for pkg in packages] == [expected] * len(packages)
    suffix = ".py" if expected == "pure" else ".so"
    assert [Path(m.__file__).suffix for m in modules] == [suffix] * len(modules)


def run_script(script: str, env_extra: dict[str, str], cwd: Path = ROOT, pythonpath: Path | None = None,
               timeout: int = 600) -> subprocess.CompletedProcess:
    """``python -c script`` with ``env_extra`` (``RAILKIT_PURE`` only if given there)."""
    env = {k: v for k, v in os.environ.items() if k != "RAILKIT_PURE"}
    env.update(env_extra)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=timeout)


def pure_and_compiled(script: str) -> tuple[dict, dict]:
    """The JSON ``script`` prints, run with the Python sources (``RAILKIT_PURE=1``) and as
    installed here (the compiled modules where they are built and current)."""
    pure = run_script(script, {"RAILKIT_PURE": "1"})
    assert pure.returncode == 0, pure.stderr
    here = run_script(script, {})
    assert here.returncode == 0, here.stderr
    return json.loads(pure.stdout), json.loads(here.stdout)


def copy_tree(tmp_path: Path) -> Path:
    """A copy of the ``railkit`` package (compiled modules and stamps included) in
    ``tmp_path``, with the shipped maps beside it; returns the copy's package folder."""
    copy = tmp_path / "railkit"
    shutil.copytree(ROOT / "railkit", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "maps").symlink_to(ROOT / "maps")
    return copy


def run_probe(probe: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``probe`` run on the copy made by :func:`copy_tree`, every warning shown."""
    return run_script("import warnings; warnings.simplefilter('always')\n" + probe, {}, cwd=tmp_path,
                      pythonpath=tmp_path, timeout=120)

"""Binder checked, not hoped: what repo2docker would build from this repository (a dry run,
``repo2docker --no-build``, needs no Docker), and the notebook the documented link opens."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPO2DOCKER = shutil.which("repo2docker") or str(Path(sys.executable).parent / "repo2docker")


@pytest.fixture(scope="module")
def dockerfile() -> str:
    if not Path(REPO2DOCKER).exists():
        pytest.skip("repo2docker is not installed (pip install jupyter-repo2docker; the test extra has it)")
    proc = subprocess.run([REPO2DOCKER, "--no-build", "--debug", str(ROOT)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout + proc.stderr


def test_binder_builds_python_311_and_installs_the_kit(dockerfile):
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    version = runtime.removeprefix("python-")
    assert f"Building conda environment for python={version}" in dockerfile
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert requires == f">={version}"
    assert re.search(r'RUN \$\{KERNEL_PYTHON_PREFIX\}/bin/pip install --no-cache-dir -r "binder/requirements.txt"',
                     dockerfile)
    assert (ROOT / "binder" / "requirements.txt").read_text().split() == ["-e", ".[kit]"]


def test_the_documented_binder_link_opens_the_index_notebook():
    links = re.findall(r"https://mybinder\.org/v2/gh/<owner>/<repo>/HEAD\?urlpath=lab/tree/(\S+?\.ipynb)",
                       (ROOT / "docs" / "maps.md").read_text())
    assert links and set(links) == {"notebooks/00-index.ipynb"}
    assert (ROOT / links[0]).is_file()

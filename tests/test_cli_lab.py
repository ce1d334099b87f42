"""`railkit lab`: the learner's own copy of the notebooks, updates that keep their changes, the URL."""

from __future__ import annotations

import json
from pathlib import Path

from railkit.cli import main

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def lab(capsys, ws, *extra):
    rc = main(["lab", "--workspace", str(ws), "--dry-run", "--port", "8899", *extra])
    out = capsys.readouterr().out
    assert rc == 0
    return out


def test_first_run_copies_the_notebooks_and_links_the_maps(capsys, tmp_path):
    ws = tmp_path / "ws"
    out = lab(capsys, ws)
    assert sorted(p.name for p in (ws / "notebooks").glob("*.ipynb")) == NOTEBOOKS
    assert (ws / "maps" / "usa.json").exists()  # the file browser reaches the maps
    url = out.strip().splitlines()[-1]
    assert url.startswith("http://127.0.0.1:8899/lab/tree/notebooks/00-index.ipynb?token=")


def test_a_changed_notebook_is_never_overwritten(capsys, tmp_path):
    ws = tmp_path / "ws"
    lab(capsys, ws)
    mine = ws / "notebooks" / NOTEBOOKS[1]
    mine.write_text(mine.read_text().replace('"cells": [', '"cells": [{"cell_type": "markdown", "id": "my-note", '
                                             '"metadata": {}, "source": ["my note"]},', 1))
    edited = mine.read_text()
    # an upstream change to the same notebook and to another one, as after a git pull
    manifest = json.loads((ws / ".railkit-notebooks.json").read_text())
    manifest[NOTEBOOKS[1]] = manifest[NOTEBOOKS[2]] = "0" * 64
    (ws / ".railkit-notebooks.json").write_text(json.dumps(manifest))
    other = ws / "notebooks" / NOTEBOOKS[2]
    other_digest = other.read_bytes()
    out = lab(capsys, ws)  # without --update: nothing changes, it says how to update
    assert mine.read_text() == edited and "railkit lab --update" in out
    (ws / "notebooks" / NOTEBOOKS[3]).unlink()  # a notebook new upstream
    out = lab(capsys, ws, "--update")
    assert mine.read_text() == edited  # the learner's version stays
    assert mine.with_suffix(".new.ipynb").read_bytes() == (ROOT / "notebooks" / NOTEBOOKS[1]).read_bytes()
    assert (ws / "notebooks" / NOTEBOOKS[3]).exists() and other.read_bytes() == other_digest
    assert "beside" in out


def test_repository_ignores_the_workspace():
    assert "/workspace/" in (ROOT / ".gitignore").read_text().splitlines()

"""`railkit lab`: the learner's own copy of the notebooks, updates that keep their changes, the URL."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from processes import children, wait_gone
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


def test_lab_lang_opens_the_index_in_that_language(capsys, tmp_path):
    ws = tmp_path / "ws"
    out = lab(capsys, ws, "--lang", "da")
    assert out.startswith(f"arbejdsmappe: {ws} (nye: "), out  # what it says, in Danish too
    url = out.strip().splitlines()[-1]
    assert url.startswith("http://127.0.0.1:8899/lab/tree/notebooks/da/00-index.ipynb?token=")
    assert (ws / "notebooks" / "da" / "10-ttr-rules.ipynb").exists()
    assert (ws / "notebooks" / "da" / "00-index.ipynb").read_bytes() == (ROOT / "notebooks/da/00-index.ipynb").read_bytes()
    out = lab(capsys, tmp_path / "ws2", "--lang", "en")
    assert "/lab/tree/notebooks/00-index.ipynb?token=" in out and out.startswith("workspace: ")


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


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from Linux's /proc")
@pytest.mark.parametrize("stop", ["SIGTERM", "SIGHUP"])
def test_stopping_the_lab_stops_jupyterlab_and_frees_its_port(tmp_path, stop):
    """``kill PID`` of ``railkit lab`` (or closing its terminal) stops JupyterLab with it:
    no server is left running with the port held."""
    import signal
    import socket
    import subprocess
    import sys

    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "railkit.cli", "lab", "--no-browser", "--port", str(port),
                             "--workspace", str(tmp_path / "ws")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path)
    servers: list[int] = []
    try:
        seen = []
        for line in proc.stdout:  # waits for the server: the URL is printed once it answers
            seen.append(line)
            if line.startswith("railkit lab: open"):
                break
        assert any(line.startswith("railkit lab: open") for line in seen), "".join(seen)
        servers += children(proc.pid)
        assert servers, "JupyterLab runs as a child of railkit lab"
        proc.send_signal(getattr(signal, stop))
        assert proc.wait(60) == 128 + getattr(signal, stop)
        assert not wait_gone(servers, 30), "JupyterLab is still running"
        with socket.socket() as sock:  # nobody listens there any more
            assert sock.connect_ex(("127.0.0.1", port)) != 0
        with socket.socket() as sock:  # and a new server may take the port (as servers bind: SO_REUSEADDR)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
    finally:  # whatever failed, leave no server behind
        for pid in servers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_lab_without_jupyterlab_names_the_extra(capsys, tmp_path, monkeypatch):
    import railkit.core.extras as extras

    monkeypatch.setitem(extras.EXTRAS, "lab", (("no_such_jupyterlab_module",), "JupyterLab"))
    rc = main(["lab", "--workspace", str(tmp_path / "ws"), "--no-browser", "--port", "8899"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1
    assert 'railkit lab needs JupyterLab, which is not installed: pip install "railkit[lab]"' in err
    assert not (tmp_path / "ws").exists()  # checked before any work
    assert "00-index.ipynb" in lab(capsys, tmp_path / "ws")  # --dry-run starts nothing, so needs no JupyterLab


def test_lab_lang_sets_jupyterlabs_own_language_too(capsys, tmp_path):
    """``--lang`` gives JupyterLab a settings default for its menus' language (its language pack);
    no ``--lang``, no such default."""
    from railkit.cli import LAB_LOCALES, lab_command

    cmd = lab_command(tmp_path / "ws", 8899, "t", "ja")
    folder = Path(next(c for c in cmd if c.startswith("--LabApp.app_settings_dir=")).split("=", 1)[1])
    assert folder.parent == tmp_path / "ws"
    assert json.loads((folder / "overrides.json").read_text()) == {
        "@jupyterlab/translation-extension:plugin": {"locale": "ja_JP"}}
    assert set(LAB_LOCALES) == {"en", "da", "de", "ja"}
    assert not any("app_settings_dir" in c for c in lab_command(tmp_path / "ws3", 8899, "t", None))
    lab(capsys, tmp_path / "ws2")
    assert not (tmp_path / "ws2" / ".railkit-lab-settings").exists()

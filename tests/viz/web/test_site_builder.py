"""``railkit site OUT``: the folder it writes (whole or not at all), its wheels and its
landing page. The runtime here is a stand-in folder with the npm package's file names: the
pages themselves are played in Chromium by tests/browser/test_site.py."""

from __future__ import annotations

import hashlib
import json
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from railkit.cli import main
from railkit.core.errors import DataError
from railkit.games import specs
from railkit.maps import MAPS_DIR
from railkit.viz.web.site import PYODIDE_CDN, PYODIDE_FILES, build_site, pyodide_runtime


@pytest.fixture
def runtime(tmp_path) -> Path:
    folder = tmp_path / "node_modules" / "pyodide"
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (folder / name).write_text(f"stand-in {name}")
    return folder


def test_an_offline_site_holds_the_runtime_the_wheels_and_the_pages(tmp_path, runtime):
    out = tmp_path / "site"
    built = build_site(out, offline=True, pyodide=runtime)
    config = json.loads((out / "site.json").read_text())
    assert config["pyodide"] == "pyodide/" and built["pyodide"] == "pyodide/"
    assert sorted(p.name for p in (out / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert {"index.html", "play.html", "play.js", "railkit.css", "site.json"} <= {p.name for p in out.iterdir()}
    names = [w["file"] for w in config["wheels"]]
    assert names[0].startswith("railkit-") and {n.split("-")[0] for n in names} == {
        "railkit", "networkx", "param", "mypy_extensions"}
    for wheel in config["wheels"]:  # the page asks for wheel?v=<sha256>: a new release is never a stale copy
        assert hashlib.sha256((out / "wheels" / wheel["file"]).read_bytes()).hexdigest() == wheel["sha256"]
    with zipfile.ZipFile(out / "wheels" / names[0]) as z:
        packed = set(z.namelist())
    shipped = {f"railkit/maps/data/{p.name}" for p in Path(MAPS_DIR).glob("*.json")}
    assert shipped and shipped <= packed  # every shipped map and sheet
    assert not any(n.endswith((".so", ".pyc")) or "/notebooks/" in n for n in packed)
    assert "railkit/viz/web/page.py" in packed and "railkit/viz/web/static/play.js" in packed


def test_a_site_without_offline_loads_pyodide_from_its_cdn(tmp_path):
    build_site(tmp_path / "site")
    assert json.loads((tmp_path / "site" / "site.json").read_text())["pyodide"] == PYODIDE_CDN
    assert not (tmp_path / "site" / "pyodide").exists()


def test_the_wheels_are_the_same_bytes_on_a_second_build(tmp_path):
    a, b = build_site(tmp_path / "a"), build_site(tmp_path / "b")
    assert a["wheels"] == b["wheels"]
    for name in a["wheels"]:
        assert (tmp_path / "a" / "wheels" / name).read_bytes() == (tmp_path / "b" / "wheels" / name).read_bytes()


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.games, self.selects = [], {}
        self._game = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self._game = a["data-game"]
            self.games.append(self._game)
        if tag == "select":
            self.selects.setdefault(self._game, []).append(a["name"])


def test_the_landing_page_offers_every_game_with_its_choices(tmp_path):
    build_site(tmp_path / "site")
    forms = _Forms()
    forms.feed((tmp_path / "site" / "index.html").read_text())
    assert forms.games == [s.name for s in specs()]
    for spec in specs():
        assert forms.selects[spec.name][:2] == ["players", "bots"]
        assert ("difficulty" in forms.selects[spec.name]) == bool(spec.solo_levels)


def test_a_folder_with_files_is_kept_unless_forced(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    with pytest.raises(DataError, match="a new or empty folder"):
        build_site(out)
    assert (out / "mine.txt").read_text() == "keep me"
    build_site(out, force=True)
    assert not (out / "mine.txt").exists() and (out / "index.html").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no half-built folder left beside it


def test_a_folder_that_is_not_the_runtime_is_named(tmp_path):
    with pytest.raises(DataError) as err:
        pyodide_runtime(tmp_path)
    assert str(tmp_path) in str(err.value) and "pyodide.asm.wasm" in str(err.value)


def test_the_command_line_says_what_it_built_or_why_not(tmp_path, runtime, capsys):
    assert main(["site", str(tmp_path / "s"), "--offline", "--pyodide", str(runtime)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Built {tmp_path / 's'}: ") and "works offline" in out
    assert main(["site", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("railkit site: ") and "a new or empty folder" in err and len(err.splitlines()) == 1

"""The map editor writes only inside its folder: a safe name, never a path, a link or a
shipped map; atomically, and every error is a message (never a traceback)."""

from __future__ import annotations

import os
import time

import pytest

from railkit.core.errors import DataError
from railkit.core.jsonio import STALE_TEMP_SECONDS, write_json_atomic
from railkit.maps import MAPS_DIR, load
from railkit.viz.ticket_to_ride.map_editor import MapEditor


@pytest.mark.parametrize("name", ["../x", "../../x", "/tmp/x", "a/b", "sub/dir/x", ".hidden", "x" * 65, "",
                                  "C:\\x", "x y", "nul\x00"])
def test_names_that_are_paths_are_refused(tmp_path, name):
    folder = tmp_path / "maps"
    folder.mkdir()
    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = name
    expected = "non-empty name" if not name else "letters, digits"
    with pytest.raises(DataError, match=expected):
        ed.save()
    ed.b_save.clicks += 1  # the Save button shows the same message
    assert ed.msg.alert_type == "danger" and expected in ed.msg.object
    assert sorted(os.listdir(tmp_path)) == ["maps"] and os.listdir(folder) == []


@pytest.mark.parametrize("path", ["../x.json", "/tmp/elsewhere.json", "sub/x.json"])
def test_a_path_given_in_code_is_refused_too(tmp_path, path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    with pytest.raises(DataError):
        ed.save(path)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("name", ["usa", "teaching-small", "USA"])
def test_a_shipped_map_is_never_overwritten(name):
    before = {p.name: p.read_bytes() for p in MAPS_DIR.glob("*.json")}
    ed = MapEditor("teaching-small", folder=MAPS_DIR)
    ed.w_name.value = name
    with pytest.raises(DataError, match="ships with railkit"):
        ed.save()
    assert {p.name: p.read_bytes() for p in MAPS_DIR.glob("*.json")} == before


def test_a_symbolic_link_is_not_written_through(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "linked.json").symlink_to(outside)
    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = "linked"
    with pytest.raises(DataError, match="not a link"):
        ed.save()
    assert outside.read_text() == "{}"


def test_a_write_error_is_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    ed = MapEditor("teaching-small", folder=blocker / "maps")  # a folder that cannot exist
    ed.w_name.value = "mine"
    ed.b_save.clicks += 1
    assert ed.msg.alert_type == "danger" and "editor can write" in ed.msg.object


def test_a_good_name_is_saved_in_the_folder_and_loads(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.w_name.value = "my_map-2"
    path = ed.save()
    assert path == tmp_path / "my_map-2.json" and load(path).name == "my_map-2"
    assert os.listdir(tmp_path) == ["my_map-2.json"]  # no temp file left


def test_temp_files_of_a_killed_write_are_removed_by_the_next(tmp_path):
    target = tmp_path / "g.json"
    stale = tmp_path / ".g.json.abc123.tmp"
    fresh = tmp_path / ".g.json.def456.tmp"  # perhaps another writer, still at work
    stale.write_text("half")
    fresh.write_text("half")
    old = time.time() - STALE_TEMP_SECONDS - 10
    os.utime(stale, (old, old))
    write_json_atomic(target, {"a": 1})
    assert sorted(os.listdir(tmp_path)) == [".g.json.def456.tmp", "g.json"]

"""The user maps folder: the served map editor saves there (never into railkit's own
``maps/``), its maps are offered by name afterwards, and a browser still names a map
only by name, never by a path."""

from __future__ import annotations

import json
import os

import pytest

from railkit.cli import main
from railkit.core.errors import DataError
from railkit.maps import (
    MAPS_DIR,
    available,
    load,
    resolve,
    use_user_maps,
    user_maps,
    user_maps_dir,
)
from railkit.viz.ticket_to_ride.map_editor import MapEditor


@pytest.fixture
def folder(tmp_path):
    """A user maps folder in use for one test (the one before is restored)."""
    mine = tmp_path / "my-maps"
    before = use_user_maps(mine)
    yield mine
    use_user_maps(before)


def shipped_bytes() -> dict:
    return {p.name: p.read_bytes() for p in MAPS_DIR.glob("*.json")}


def test_a_map_saved_in_the_user_folder_is_offered_by_name(folder):
    assert "valley" not in available()
    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = "valley"
    path = ed.save()
    assert path == folder / "valley.json" and folder.is_dir()  # made on the first save
    assert available()[-1] == "valley" and user_maps() == ["valley"]  # after railkit's own
    assert resolve("valley") == folder.resolve() / "valley.json"
    assert load("valley").name == "valley"


def test_without_a_user_folder_its_maps_are_not_offered(folder):
    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = "valley"
    ed.save()
    use_user_maps(None)
    assert user_maps_dir() is None and "valley" not in available()
    assert resolve("valley") == MAPS_DIR / "valley.json"


@pytest.mark.parametrize("name", ["usa", "teaching-small", "USA", "steam-default"])
def test_the_editor_never_saves_a_shipped_name_in_the_user_folder(folder, name):
    before = shipped_bytes()
    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = name
    with pytest.raises(DataError, match="ships with railkit"):
        ed.save()
    assert shipped_bytes() == before and not folder.exists()


def test_a_user_map_never_stands_for_a_shipped_one(folder):
    folder.mkdir()
    data = load("teaching-small").to_dict()
    data["name"] = "usa"
    (folder / "usa.json").write_text(json.dumps(data))  # put there by hand
    assert available().count("usa") == 1 and "usa" not in user_maps()
    assert resolve("usa") == MAPS_DIR / "usa.json" and len(load("usa").cities) == 36


def test_links_folders_bad_names_and_other_formats_are_not_offered(folder, tmp_path):
    folder.mkdir()
    good = load("teaching-small").to_dict()
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(dict(good, name="outside")))
    (folder / "linked.json").symlink_to(outside)
    (folder / "sub.json").mkdir()
    (folder / ".hidden.json").write_text(json.dumps(good))
    (folder / "two words.json").write_text(json.dumps(good))
    (folder / "broken.json").write_text("{not json")
    (folder / "sheet.json").write_text(json.dumps({"format": "railkit-hex-sheet"}))
    assert user_maps() == []
    assert resolve("linked") == MAPS_DIR / "linked.json"  # never through the link


@pytest.mark.parametrize("name", ["../x", "/etc/passwd", "a/b", "..", "x" * 65, "usa\x00"])
def test_a_path_is_never_a_user_map_name(folder, name):
    folder.mkdir()
    assert name not in available()
    assert resolve(name).parent != folder.resolve()


def test_the_served_map_argument_takes_a_user_map_by_name_only(folder):
    from railkit.viz.ticket_to_ride.served import table_options

    ed = MapEditor("teaching-small", folder=folder)
    ed.w_name.value = "valley"
    path = ed.save()
    for value, ok in [("valley", True), (str(path), False), ("my-maps/valley", False), ("../my-maps/valley", False)]:
        url = lambda name, v=value: v if name == "map" else None  # noqa: E731
        if ok:
            assert table_options({}, url) == {"map": value}
        else:
            with pytest.raises(DataError, match="one of the maps"):
                table_options({}, url)


def test_the_served_editor_saves_in_the_user_folder_and_the_picker_offers_the_map(folder):
    from railkit.viz.ticket_to_ride.served import editor_for
    from railkit.viz.ticket_to_ride.view import TicketToRideView
    from railkit.viz.shell.table import Table

    before = shipped_bytes()
    ctl = TicketToRideView(Table(game="ticket-to-ride", map="teaching-small", seed=1), auto=False)
    ed = editor_for(ctl)
    assert ed.folder == folder
    ed.add_city("Delta", 6.0, 1.0)
    ed.add_route("Fort", "Delta", 2, "red")
    ed.b_play.clicks += 1
    assert os.listdir(folder) == ["my-map.json"] and shipped_bytes() == before
    g = ctl.table.game
    assert g.map.name == "my-map" and g.options["map"] == "my-map"  # by name: a save names no path
    assert "my-map" in ctl.w_map.options and ctl.w_map.value == "my-map"
    data = g.to_json()
    again = type(g).from_json(data, "upload.json", paths=False)  # as a browser's upload
    assert again.map.name == "my-map"


def test_serve_maps_dir_is_checked_before_the_server_starts(tmp_path, capsys, monkeypatch):
    import railkit.viz.shell.serve as app

    monkeypatch.setattr(app, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    a_file = tmp_path / "file"
    a_file.write_text("")
    for value, expected in [(str(MAPS_DIR), "not railkit's maps/"), (str(a_file), "a folder (this is a file)"),
                            (str(a_file / "sub"), "a folder you may write")]:
        assert main(["serve", "ticket-to-ride", "--maps-dir", value]) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err
    assert main(["serve", "steam-rollers", "--maps-dir", str(tmp_path)]) == 2
    assert "Ticket to Ride only" in capsys.readouterr().err


def test_serve_passes_the_maps_dir_and_accepts_a_user_map(tmp_path, capsys, monkeypatch):
    import railkit.viz.shell.serve as app

    before = user_maps_dir()
    folder = tmp_path / "class-maps"
    folder.mkdir()
    data = load("teaching-small").to_dict()
    data["name"] = "valley"
    (folder / "valley.json").write_text(json.dumps(data))
    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(kw))
    try:
        assert main(["serve", "ticket-to-ride", "--port", "5125", "--maps-dir", str(folder), "--map", "valley"]) == 0
    finally:
        use_user_maps(before)
    assert seen["maps_dir"] == folder.resolve() and seen["map"] == "valley"
    assert f"the map editor saves in {folder.resolve()}" in capsys.readouterr().out

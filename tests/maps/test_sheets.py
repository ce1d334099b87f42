"""Hex helpers and the Steam Rollers hex sheet format (load, checks, save, text drawing)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, strategies as st

from railkit.core.errors import DataError
from railkit.maps import hexes as hx
from railkit.maps import sheets

DEFAULT = sheets.MAPS_DIR / "steam-default.json"


def raw():
    return json.loads(DEFAULT.read_text())


def parse(data):
    return sheets.parse(data, "test.json")


# ------------------------------------------------------------------ hexes
def test_directions_and_opposites():
    for e in range(6):
        n = hx.neighbor((0, 0), e)
        assert hx.edge_between((0, 0), n) == e
        assert hx.edge_between(n, (0, 0)) == hx.opposite(e)
        assert hx.distance((0, 0), n) == 1


def test_ring_and_hexagon_sizes():
    assert [len(hx.ring((0, 0), r)) for r in range(4)] == [1, 6, 12, 18]
    assert len(hx.hexagon(4)) == 61
    assert set(hx.hexagon(2)) == {h for r in range(3) for h in hx.ring((0, 0), r)}


def test_fifteen_placements_per_hex():
    ps = hx.placements()
    assert len(ps) == 15 and len(set(ps)) == 15
    kinds = [hx.track_kind(a, b) for a, b in ps]
    assert kinds.count("straight") == 3 and kinds.count("gentle") == 6 and kinds.count("sharp") == 6
    with pytest.raises(ValueError):
        hx.track_kind(2, 2)


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_pixel_round_trip(q, r):
    assert hx.from_pixel(*hx.to_pixel((q, r), 2.0), 2.0) == (q, r)


@given(st.integers(-9, 9), st.integers(-9, 9), st.integers(-9, 9), st.integers(-9, 9))
def test_distance_is_a_metric(q1, r1, q2, r2):
    a, b = (q1, r1), (q2, r2)
    assert hx.distance(a, b) == hx.distance(b, a) >= 0
    assert (hx.distance(a, b) == 0) == (a == b)


def test_parse_and_format_hex():
    assert hx.parse_hex(" 3 , -2") == (3, -2)
    assert hx.format_hex((3, -2)) == "3,-2"
    with pytest.raises(ValueError):
        hx.parse_hex("3")


# ------------------------------------------------------------------ default sheet
def test_default_sheet_loads_and_has_the_shared_layout():
    s = sheets.load("steam-default")
    assert len(s.hexes) == 61 and set(s.hexes) == set(hx.hexagon(4))
    assert s.colours == {1: "yellow", 2: "red", 3: "grey-dark", 4: "grey-light", 5: "green", 6: "blue"}
    assert s.destinations("grey") == (3, 4) and s.destinations("black") == (1, 2, 3, 4, 5, 6)
    assert len(s.mountain_borders("medium")) == 6 and len(s.mountain_borders("hard")) == 12
    assert s.mountain_borders("none") == frozenset()
    assert "steam-default" in sheets.available()
    assert s.provenance.get("id") == "railkit-default-r4"


def test_default_sheet_matches_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(sheets.SCHEMA_PATH.read_text())
    jsonschema.validate(raw(), schema)


def test_save_round_trip(tmp_path):
    s = sheets.load("steam-default")
    out = s.save(tmp_path / "copy.json")
    s2 = sheets.validate_file(out)
    assert s2.to_dict() == s.to_dict()
    assert not list(tmp_path.glob("*.tmp"))


def test_render_ascii_shows_cities_towns_tracks_crosses_and_mountains():
    s = sheets.load("steam-default")
    text = s.render_ascii({(2, 0): (0, 3), (4, -3): (1, 4)}, crossed=[(0, 0)], level="medium")
    for part in ("[1]", "[6]", "(2)", "0-3", "1*4", " X ", "mountains (medium)"):
        assert part in text
    assert len(text.splitlines()) == 10


# ------------------------------------------------------------------ checks (DataError)
def test_SR_SHEET_REGIONS_missing_region_and_duplicate_hex():
    d = raw()
    del d["regions"]["6"]
    with pytest.raises(DataError) as e:
        parse(d)
    assert e.value.path == "$.regions"
    d = raw()
    d["regions"]["2"]["hexes"].append([1, 0])  # a hex of region 1
    with pytest.raises(DataError) as e:
        parse(d)
    assert "already in" in e.value.expected and e.value.source == "test.json"


def test_SR_SHEET_CONTIGUOUS_split_region():
    d = raw()
    d["regions"]["1"]["hexes"].append([9, 9])
    with pytest.raises(DataError) as e:
        parse(d)
    assert "contiguous" in e.value.expected and e.value.path == "$.regions.1.hexes"


def test_SR_SHEET_CITY_TOWN_outside_region_or_same_hex():
    d = raw()
    d["regions"]["1"]["city"] = [0, 0]
    with pytest.raises(DataError) as e:
        parse(d)
    assert e.value.path == "$.regions.1.city"
    d = raw()
    d["regions"]["1"]["town"] = d["regions"]["1"]["city"]
    with pytest.raises(DataError) as e:
        parse(d)
    assert e.value.path == "$.regions.1.town"


def test_SR_SHEET_JOINABLE_walled_city():
    d = raw()
    city = tuple(d["regions"]["1"]["city"])
    d["mountains"]["hard_adds"] += [[list(city), list(hx.neighbor(city, e))] for e in range(6)]
    with pytest.raises(DataError) as e:
        parse(d)
    assert "cannot be joined" in e.value.expected and e.value.path == "$.mountains"


def test_SR_SHEET_DRAWABLE_too_small_region():
    d = raw()
    # move most of region 1 into region 6 (keeps every hex in one region, region 1 keeps city+town)
    r1 = d["regions"]["1"]
    keep = [r1["city"], r1["town"], [4, -2], [3, -2]]
    moved = [h for h in r1["hexes"] if h not in keep]
    r1["hexes"] = keep
    d["regions"]["6"]["hexes"] += moved
    with pytest.raises(DataError) as e:
        parse(d)
    assert "at least 6" in e.value.expected


@pytest.mark.parametrize("mutate, path", [
    (lambda d: d.update(format="x"), "$.format"),
    (lambda d: d.update(version=2), "$.version"),
    (lambda d: d["regions"]["3"].update(hexes="all"), "$.regions.3.hexes"),
    (lambda d: d["regions"]["3"]["hexes"].__setitem__(0, [1, "a"]), "$.regions.3.hexes[0]"),
    (lambda d: d["goods_destination"].update(red=[7]), "$.goods_destination.red"),
    (lambda d: d["mountains"]["medium"].append([[0, 0], [4, 4]]), "$.mountains.medium[6]"),
    (lambda d: d["black_die_faces"].pop(), "$.black_die_faces"),
    (lambda d: d["black_die_faces"].__setitem__(0, ["straight", "straight"]), "$.black_die_faces[0]"),
])
def test_bad_fields_name_the_json_path(mutate, path):
    d = raw()
    mutate(d)
    with pytest.raises(DataError) as e:
        parse(d)
    assert e.value.path == path
    assert "test.json" in str(e.value)


def test_missing_file_lists_available_sheets(tmp_path):
    with pytest.raises(DataError) as e:
        sheets.load(tmp_path / "nope.json")
    assert "steam-default" in e.value.expected


def test_adjacent_regions_and_blocked_edges():
    s = sheets.load("steam-default")
    assert s.adjacent_regions(1) == (2, 3, 6)
    blocked = s.blocked_edges("medium")
    assert ((2, -2), 0) in blocked and ((3, -2), 3) in blocked
    assert copy.deepcopy(s.to_dict()) == s.to_dict()


_json = st.recursive(st.none() | st.booleans() | st.integers(-9, 9) | st.text(max_size=5),
                     lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3), max_leaves=6)


@given(st.sampled_from(["format", "version", "name", "regions", "goods_destination", "mountains", "black_die_faces",
                        "regions.1", "regions.4.hexes", "regions.2.city", "regions.6.town", "regions.3.colour",
                        "mountains.medium", "goods_destination.grey"]), _json)
def test_any_bad_value_is_a_data_error(field, value):
    d = raw()
    *parents, last = field.split(".")
    target = d
    for k in parents:
        target = target[k]
    target[last] = value
    try:
        parse(d)
    except DataError as e:
        assert e.source == "test.json" and e.path.startswith("$")


def test_load_is_cached_per_file_and_modification_time(tmp_path):
    import os
    import shutil

    path = tmp_path / "mine.json"
    shutil.copy(sheets.resolve("steam-default"), path)
    first = sheets.load(path)
    assert sheets.load(path) is first and sheets.load(str(path)) is first
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert sheets.load(link) is first  # the same file by another path
    st = path.stat()
    os.utime(path, (st.st_atime, st.st_mtime + 10))
    again = sheets.load(path)
    assert again is not first and again == first  # changed on disk: read again


def test_missing_sheet_lists_available_sheets(tmp_path):
    with pytest.raises(DataError, match="an existing sheet file .*steam-default"):
        sheets.load(tmp_path / "no-such-sheet.json")

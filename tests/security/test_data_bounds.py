"""Maps and sheets are checked for the engine, not just the schema: bounded lengths and
counts, unknown fields refused, nesting and number sizes limited, poor maps warned about."""

from __future__ import annotations

import json

import pytest

from railkit.core.errors import DataError
from railkit.core.jsonio import MAX_DEPTH, read_json
from railkit.maps import MAPS_DIR, MAX_ROUTE_LENGTH, sheets, validate_file, warnings

SMALL = json.loads((MAPS_DIR / "teaching-small.json").read_text())
SHEET = json.loads((MAPS_DIR / "steam-default.json").read_text())


def written(tmp_path, data, name="m.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def refused_map(tmp_path, edit, field, match=""):
    data = json.loads(json.dumps(SMALL))
    edit(data)
    p = written(tmp_path, data)
    with pytest.raises(DataError) as err:
        validate_file(p)
    assert err.value.source == str(p) and err.value.path == field, str(err.value)
    assert match in str(err.value)


@pytest.mark.parametrize("length", [MAX_ROUTE_LENGTH + 1, 24, 10 ** 30 - 1])
def test_route_lengths_stay_within_what_the_points_table_scores(tmp_path, length):
    refused_map(tmp_path, lambda d: d["routes"][0].update(length=length), "$.routes[0].length", "at most 9")


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(colour="red"), "$.colour"),
    (lambda d: d["cities"][0].update(population=3), "$.cities[0].population"),
    (lambda d: d["routes"][1].update(lenght=3), "$.routes[1].lenght"),
    (lambda d: d["tickets"]["base"][0].update(bonus=3), "$.tickets.base[0].bonus"),
])
def test_unknown_map_fields_are_refused(tmp_path, edit, field):
    refused_map(tmp_path, edit, field, "unknown field")


@pytest.mark.parametrize("edit,field,match", [
    (lambda d: d["cities"].extend({"name": f"C{i}", "x": i, "y": 0} for i in range(400)), "$.cities", "at most 300"),
    (lambda d: d.update(name="n" * 500), "$.name", "at most 80"),
    (lambda d: d["tickets"]["base"][0].update(points=10 ** 6), "$.tickets.base[0].points", "at most 200"),
    (lambda d: d["tickets"].update({f"d{i}": [] for i in range(30)}), "$.tickets", "at most 20"),
])
def test_counts_and_sizes_are_bounded(tmp_path, edit, field, match):
    refused_map(tmp_path, edit, field, match)


def test_a_misspelt_mountain_level_is_refused_not_dropped(tmp_path):
    data = json.loads(json.dumps(SHEET))
    data["mountains"]["hard_add"] = data["mountains"].pop("hard_adds")
    p = written(tmp_path, data)
    with pytest.raises(DataError) as err:
        sheets.validate_file(p)
    assert err.value.path == "$.mountains.hard_add" and "unknown field" in str(err.value)


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(sheet_colour="red"), "$.sheet_colour"),
    (lambda d: d["regions"]["1"].update(town2=[0, 0]), "$.regions.1.town2"),
    (lambda d: d["regions"]["1"]["hexes"].append([10 ** 9, 0]), "$.regions.1.hexes[" ),
])
def test_sheet_fields_and_hexes_are_bounded(tmp_path, edit, field):
    data = json.loads(json.dumps(SHEET))
    edit(data)
    p = written(tmp_path, data)
    with pytest.raises(DataError) as err:
        sheets.validate_file(p)
    assert err.value.path.startswith(field), str(err.value)


@pytest.mark.parametrize("text,match", [
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested at most"),
    ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested at most"),
    ('{"n": ' + "9" * 5000 + "}", "at most 30 digits"),
    ('{"n": 1e400}', "ordinary size"),
    ('{"n": NaN}', "no NaN"),
    ('{"n": -Infinity}', "no NaN"),
])
def test_nesting_and_number_sizes_are_limited(tmp_path, text, match):
    p = written(tmp_path, text)
    for load in (read_json, validate_file, sheets.validate_file):
        with pytest.raises(DataError, match=match):
            load(p)


@pytest.mark.parametrize("where", ["/dev/zero", "/dev/null", "/etc", "/proc/self/fd/0"])
def test_only_regular_files_are_read(where):
    with pytest.raises(DataError, match="regular file|existing file|readable"):
        read_json(where)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    p = tmp_path / "big.json"
    with open(p, "wb") as fh:
        fh.truncate(9 * 1024 * 1024)
    with pytest.raises(DataError, match="at most"):
        read_json(p)


def test_isolated_cities_and_unreachable_tickets_are_warned_about(tmp_path):
    data = json.loads(json.dumps(SMALL))
    data["cities"].append({"name": "Island", "x": 0, "y": 0})
    data["tickets"]["base"].append({"a": "Island", "b": data["cities"][0]["name"], "points": 5})
    m = validate_file(written(tmp_path, data))
    found = warnings(m)
    assert "city Island has no route" in found
    assert any("Island" in w and "no routes connect" in w for w in found)
    assert warnings(validate_file(MAPS_DIR / "teaching-small.json")) == []

"""Map format: loading, the shipped maps, round trips and clear errors for bad files."""

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from railkit import DataError
from railkit.maps import MAPS_DIR, SCHEMA_PATH, Map, load

ROOT = Path(__file__).resolve().parents[2]


def test_usa_map_facts():
    m = load("usa")
    assert (len(m.cities), len(m.routes), m.total_length) == (36, 100, 309)
    assert len(m.double_pairs) == 22 and len(m.routes_by_pair) == 78
    assert {k: len(v) for k, v in m.tickets.items()} == {"base": 30, "1910": 35, "mega": 69, "big-cities": 35}
    assert sum(t.points for t in m.deck("base")) == 349
    assert m.default_deck == "base"


def test_usa_map_matches_the_recorded_facts():
    # tests/maps/ttr_usa_facts.json: the routes and base tickets of the facts file the map was built from
    facts = json.loads((Path(__file__).with_name("ttr_usa_facts.json")).read_text())
    m = load("usa")
    assert len(facts["routes"]) == 100 and len(facts["tickets"]) == 30
    assert sorted((r.a, r.b, r.length, r.color) for r in m.routes) == sorted(map(tuple, facts["routes"]))
    assert [(t.a, t.b, t.points) for t in m.deck("base")] == list(map(tuple, facts["tickets"]))


def test_TTR_MAP_TRAINS_map_sets_its_own_train_count(tmp_path):
    assert load("usa").trains is None  # the printed game: the rules' standard 45
    small = load("teaching-small")
    assert small.trains is not None and 1 <= small.trains < 45
    data = json.loads((MAPS_DIR / "teaching-small.json").read_text())
    assert Map.from_dict(data).to_dict() == data  # the field round-trips
    del data["trains"]
    assert Map.from_dict(data).trains is None and "trains" not in Map.from_dict(data).to_dict()
    for bad in (0, -3, 201, 2.5, "20", True):
        data["trains"] = bad
        with pytest.raises(DataError) as e:
            Map.from_dict(data, "bad.json")
        assert e.value.source == "bad.json" and e.value.path == "$.trains"
        assert "whole number from 1 to 200" in str(e.value)


def test_graph_is_multigraph_keyed_by_route_id():
    m = load("usa")
    G = m.graph()
    assert G.number_of_nodes() == 36 and G.number_of_edges() == 100
    data = G.get_edge_data("Kansas City", "Saint Louis")
    assert set(data) == {"Kansas City-Saint Louis/1", "Kansas City-Saint Louis/2"}
    assert {d["color"] for d in data.values()} == {"blue", "pink"}


def test_teaching_map_has_double_route_and_loop():
    import networkx as nx

    m = load("teaching-small")
    assert 6 <= len(m.cities) <= 10
    assert m.double_pairs == [("Harbor", "Mill")]
    assert nx.cycle_basis(nx.Graph(m.graph()))  # at least one loop


@pytest.mark.parametrize("name", ["usa", "teaching-small"])
def test_save_round_trips_exactly(tmp_path, name):
    m = load(name)
    out = m.save(tmp_path / f"{name}.json")
    assert json.loads(out.read_text()) == json.loads((MAPS_DIR / f"{name}.json").read_text())
    again = load(out)
    assert again.to_dict() == m.to_dict()


def test_schema_validates_every_map_in_maps_folder():
    jsonschema = pytest.importorskip("jsonschema")
    schemas = {"railkit-map": SCHEMA_PATH,
               "railkit-hex-sheet": SCHEMA_PATH.with_name("sheet.schema.json")}
    files = sorted(MAPS_DIR.glob("*.json"))
    assert len(files) >= 3
    for p in files:
        data = json.loads(p.read_text())
        schema = json.loads(schemas[data["format"]].read_text())
        jsonschema.validate(data, schema)


def test_schema_rejects_what_the_loader_rejects():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text())
    data = load("teaching-small").to_dict()
    data["routes"][0]["length"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


def small():
    return copy.deepcopy(load("teaching-small").to_dict())


BAD = [
    ("unknown city in a route", lambda d: d["routes"][2].update(b="Atlantis"), "$.routes[2].b", "unknown city"),
    ("unknown city in a ticket", lambda d: d["tickets"]["base"][1].update(a="Nowhere"), "$.tickets.base[1].a", "unknown city"),
    ("duplicate city", lambda d: d["cities"].append(dict(d["cities"][0])), "$.cities[8].name", "duplicate city"),
    ("non-positive length", lambda d: d["routes"][0].update(length=0), "$.routes[0].length", "positive whole number"),
    ("length not a number", lambda d: d["routes"][0].update(length="2"), "$.routes[0].length", "positive whole number"),
    ("unknown colour", lambda d: d["routes"][3].update(color="purple"), "$.routes[3].color", "unknown colour"),
    ("missing field", lambda d: d["routes"][4].pop("length"), "$.routes[4].length", "missing"),
    ("missing cities", lambda d: d.pop("cities"), "$.cities", "missing"),
    ("duplicate route id", lambda d: d["routes"][1].update(id=d["routes"][0]["id"]), "$.routes[1].id", "duplicate"),
    ("bad layout", lambda d: d.update(layout="polar"), "$.layout", "'geo'"),
    ("x missing on xy map", lambda d: d["cities"][2].pop("x"), "$.cities[2].x", "missing"),
    ("ticket points", lambda d: d["tickets"]["base"][0].update(points=-3), "$.tickets.base[0].points", "positive"),
    ("default deck", lambda d: d.update(default_deck="nope"), "$.default_deck", "deck"),
    ("default deck a list", lambda d: d.update(default_deck=["base"]), "$.default_deck", "(text)"),
    ("default deck an object", lambda d: d.update(default_deck={"base": 1}), "$.default_deck", "(text)"),
]


@pytest.mark.parametrize("what,change,path,words", BAD, ids=[b[0] for b in BAD])
def test_bad_map_error_names_file_path_and_expectation(tmp_path, what, change, path, words):
    d = small()
    change(d)
    p = tmp_path / "broken.json"
    p.write_text(json.dumps(d))
    with pytest.raises(DataError) as err:
        load(p)
    msg = str(err.value)
    assert str(p) in msg and f"at {path}:" in msg and words in msg, msg
    assert err.value.path == path


def test_invalid_json_reports_line_and_column(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{\n  "format": "railkit-map",\n  "name": \n}')
    with pytest.raises(DataError, match=r"line 4, column 1"):
        load(p)


def test_missing_map_lists_available_maps():
    with pytest.raises(DataError, match="usa"):
        load("no-such-map")


def test_load_keeps_one_map_per_file_until_the_file_changes(tmp_path, monkeypatch):
    assert load("usa") is load(MAPS_DIR / "usa.json")  # the same file, by name or by path
    path = load("teaching-small").save(tmp_path / "valley.json")
    first = load(path)
    monkeypatch.chdir(tmp_path)
    assert load("valley.json") is first  # another spelling of the same file
    changed = json.loads(path.read_text())
    changed["title"] = "Changed valley"
    before = path.stat().st_mtime_ns
    path.write_text(json.dumps(changed))
    os.utime(path, ns=(before + 10**9, before + 10**9))  # a later time, however coarse the file system's clock
    assert load(path).title == "Changed valley"  # written again: read again


def test_save_refuses_a_broken_map_and_leaves_the_old_file(tmp_path):
    m = load("teaching-small")
    target = m.save(tmp_path / "m.json")
    before = target.read_text()
    broken = Map.from_dict(small(), "x")
    broken.routes.append(type(broken.routes[0])("Harbor-Nowhere", "Harbor", "Nowhere", 2, "red"))
    with pytest.raises(DataError, match="unknown city"):
        broken.save(target)
    assert target.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]  # no temp file left behind


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "railkit.cli", *args], capture_output=True, text=True)


def test_cli_validate_map_good_prints_one_line_summary():
    r = run_cli("validate-map", str(MAPS_DIR / "usa.json"))
    assert r.returncode == 0
    assert r.stdout.strip().splitlines() == [
        f"OK {MAPS_DIR / 'usa.json'}: usa: 36 cities, 100 routes (22 double), total length 309, "
        "tickets: base 30, 1910 35, mega 69, big-cities 35"]


def test_cli_validate_map_bad_prints_error_and_fails(tmp_path):
    d = small()
    d["routes"][0]["color"] = "mauve"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    r = run_cli("validate-map", str(p))
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    assert f"{p}: at $.routes[0].color: expected a colour" in r.stderr


def test_cli_validate_map_accepts_a_steam_rollers_sheet():
    r = run_cli("validate-map", str(MAPS_DIR / "steam-default.json"))
    assert r.returncode == 0, r.stderr
    assert "steam-default: 61 hexes in 6 regions" in r.stdout


def test_cli_validate_map_reports_invalid_json_without_traceback(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "railkit-map",,}')
    r = run_cli("validate-map", str(p))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "line 1, column 26" in r.stderr

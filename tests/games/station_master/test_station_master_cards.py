"""Station Master card lists: the default data file, its schema, user lists and bad files."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railkit.core.errors import DataError
from railkit.core.game import play
from railkit.agents.station_master import RandomAgent
from railkit.games.station_master import StationMasterGame, load_cards
from railkit.games.station_master.cards import DEFAULT_PATH, SCHEMA_PATH, CardList

DEFAULT = json.loads(DEFAULT_PATH.read_text())
SCHEMA = json.loads(SCHEMA_PATH.read_text())


def write(tmp_path, data, name="cards.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return p


def test_SM_CARDS_DATA_default_file_matches_its_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(DEFAULT, SCHEMA)
    assert DEFAULT["provenance"] == "railkit default"
    assert DEFAULT["totals"] == {"locomotives": 15, "cards": 97}


def test_SM_CARDS_DATA_user_list_plays(tmp_path):
    data = copy.deepcopy(DEFAULT)
    data["name"], data["provenance"] = "tiny", "test"
    data["locomotives"] = [{"number": 3, "count": 4}, {"number": 4, "kind": "freight", "count": 2}]
    data["cards"] = [{"kind": "carriage", "value": 2, "count": 20}, {"kind": "carriage", "value": -1, "count": 20},
                     {"kind": "repair", "depth": 4, "count": 3}, {"kind": "brake-van", "count": 2}]
    data["totals"] = {"locomotives": 6, "cards": 45}
    p = write(tmp_path, data)
    g = StationMasterGame({"cards": str(p)}, players=3, seed=1)
    assert sorted(g.cardlist.card_counts) == ["+2", "-1", "brake-van", "repair-4"]
    play(g, [RandomAgent(i) for i in range(3)])
    g.audit()
    assert g.is_over
    again = StationMasterGame.from_json(json.loads(json.dumps(g.to_json())))
    assert again.scores == g.scores


def test_SM_SETUP_LOCOS_user_list_copies_and_nothing_left(tmp_path):
    data = copy.deepcopy(DEFAULT)
    data.pop("totals")
    data["locomotives"] = [{"number": 3, "count": 3}, {"number": 8, "count": 2}, {"number": 5, "banner": True}]
    p = write(tmp_path, data)
    g = StationMasterGame({"cards": str(p)}, players=4)  # both copies of the highest number leave
    assert sorted(lo.key for lo in g.removed_locos) == ["L8", "L8"]
    data["locomotives"] = [{"number": 5, "banner": True, "count": 3}]
    p = write(tmp_path, data)
    with pytest.raises(DataError) as exc:
        StationMasterGame({"cards": str(p)}, players=2)
    assert exc.value.path == "$.locomotives" and "left in play with 2 players" in exc.value.expected


@pytest.mark.parametrize("edit,path,expected", [
    (lambda d: d.pop("provenance"), "$.provenance", "where the list comes from"),
    (lambda d: d.update(format="cards"), "$.format", "railkit-station-master-cards"),
    (lambda d: d.update(version=2), "$.version", "version 1"),
    (lambda d: d.update(extra=1), "$.extra", "one of the fields"),
    (lambda d: d["locomotives"][2].update(kind="steam"), "$.locomotives[2].kind", "one of standard, executive, freight"),
    (lambda d: d["locomotives"][0].update(number=0), "$.locomotives[0].number", "a whole number from 1 to 20"),
    (lambda d: d["locomotives"][0].update(number="3"), "$.locomotives[0].number", "a whole number"),
    (lambda d: d["locomotives"][1].update(banner="yes"), "$.locomotives[1].banner", "true or false"),
    (lambda d: d.update(locomotives=[]), "$.locomotives", "at least one locomotive"),
    (lambda d: d["cards"][0].pop("value"), "$.cards[0].value", "the field is missing"),
    (lambda d: d["cards"][1].update(value=0), "$.cards[1].value", "a non-zero carriage value"),
    (lambda d: d["cards"][4].update(kind="joker"), "$.cards[4].kind", "one of carriage, brake-van"),
    (lambda d: d["cards"][11].pop("depth"), "$.cards[11].depth", "how many discard-pile cards"),
    (lambda d: d["cards"][8].update(value=3), "$.cards[8].value", "one of the fields kind, count"),
    (lambda d: d["cards"][3].update(count=-1), "$.cards[3].count", "how many copies"),
    (lambda d: d["cards"].append({"kind": "royal", "count": 1}), "$.cards[17]", "a card not listed before"),
    (lambda d: d["cards"][0].update(count=13), "$.totals.cards", "98 (the number of cards the list holds)"),
    (lambda d: d["locomotives"].pop(), "$.totals.locomotives", "14 (the number of locomotives"),
    (lambda d: d["cards"].__setitem__(2, "card"), "$.cards[2]", "a card object"),
])
def test_SM_CARDS_DATA_bad_file_names_file_path_and_expectation(tmp_path, edit, path, expected):
    data = copy.deepcopy(DEFAULT)
    edit(data)
    p = write(tmp_path, data)
    with pytest.raises(DataError) as exc:
        StationMasterGame({"cards": str(p)}, players=2)
    err = exc.value
    assert err.source == str(p) and err.path == path and expected in err.expected, str(err)


def test_SM_CARDS_DATA_not_json_and_missing_file(tmp_path):
    p = write(tmp_path, '{"format": "railkit-station-master-cards",\n "version": }')
    with pytest.raises(DataError, match=r"line 2, column 13"):
        load_cards(p)
    with pytest.raises(DataError, match="an existing file"):
        load_cards(tmp_path / "nope.json")
    with pytest.raises(DataError, match=r"\$: expected a card-list object"):
        load_cards(write(tmp_path, [1, 2]))


_VALUES = st.sampled_from([0, 1, 3, -2, 21, 2.5, "x", None, True, [], {}, "freight", "carriage"])
_CARD_KEYS = st.sampled_from(["kind", "value", "luxury", "depth", "count", "extra"])
_LOCO_KEYS = st.sampled_from(["number", "kind", "banner", "count", "extra"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["card", "loco", "drop-card", "drop-loco"]),
                          st.integers(0, 16), st.one_of(_CARD_KEYS, _LOCO_KEYS), _VALUES), min_size=1, max_size=3))
def test_SM_CARDS_DATA_loader_agrees_with_schema(edits):
    """Random edits: the loader accepts exactly what the schema accepts (totals and duplicate names aside)."""
    data = copy.deepcopy(DEFAULT)
    data.pop("totals")
    for what, i, key, value in edits:
        if what == "card":
            data["cards"][i % len(data["cards"])][key] = value
        elif what == "loco":
            data["locomotives"][i % len(data["locomotives"])][key] = value
        elif what == "drop-card" and len(data["cards"]) > 1:
            data["cards"][i % len(data["cards"])].pop(key, None)
        elif what == "drop-loco" and len(data["locomotives"]) > 1:
            data["locomotives"][i % len(data["locomotives"])].pop(key, None)
    try:
        jsonschema.validate(data, SCHEMA)
        schema_ok = True
    except jsonschema.ValidationError:
        schema_ok = False
    try:
        CardList.from_dict(data, "mutated.json")
        loader_ok = True
    except DataError as err:
        assert err.source == "mutated.json" and err.path.startswith("$")
        if "not listed before" in err.expected:  # two entries for one card name: the schema cannot say this
            return
        loader_ok = False
    assert loader_ok == schema_ok, edits

"""Saved games are checked like maps: the schema, the game's bounds, the replay and the
digest; a bad save is refused naming the file and the field, and the table stays as it was."""

from __future__ import annotations

import json

import pytest

from railkit.core.errors import DataError
from railkit.core.jsonio import write_json_atomic
from railkit.core.saves import SCHEMA_PATH, digest
from railkit.games import get_spec
from railkit.maps import MAPS_DIR
from railkit.viz.shell.table import Table

GAMES = {"ticket-to-ride": {"map": "teaching-small"}, "steam-rollers": {}, "station-master": {}}


def played(game: str, players: int = 2, steps: int = 10, seed: int = 4):
    g = get_spec(game).new_game(players=players, seed=seed, **GAMES[game])
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(g.legal_actions()[0])
    return g


def resealed(data: dict) -> dict:
    """The save with its digest made anew (a careful forger's edit)."""
    data = dict(data)
    data["digest"] = digest(data)
    return data


def refused(game: str, data, field: str, match: str = "", tmp_path=None) -> DataError:
    cls = get_spec(game).game_class
    with pytest.raises(DataError) as err:
        if tmp_path is None:
            cls.from_json(data, "saved.json")
        else:
            p = tmp_path / "saved.json"
            p.write_text(json.dumps(data))
            cls.load(p)
    assert err.value.path == field, str(err.value)
    assert match in str(err.value)
    return err.value


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_round_trips_with_its_digest(game, tmp_path):
    g = played(game)
    h = type(g).load(g.save(tmp_path / "g.json"))
    assert h.to_json() == g.to_json() and len(h.to_json()["digest"]) == 64


@pytest.mark.parametrize("game,players", [("ticket-to-ride", 0), ("ticket-to-ride", 1), ("ticket-to-ride", 6),
                                          ("ticket-to-ride", 30), ("steam-rollers", 0), ("steam-rollers", 6),
                                          ("station-master", 1), ("station-master", 7), ("station-master", -1)])
def test_player_count_outside_the_games_bounds_is_refused(game, players):
    data = resealed({**played(game).to_json(), "players": players})
    spec = get_spec(game)
    refused(game, data, "$.players", f"{spec.min_players} to {spec.max_players} players")


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.pop("format"), "$.format"),
    (lambda d: d.update(format=True), "$.format"),
    (lambda d: d.update(format="1"), "$.format"),
    (lambda d: d.update(format=2), "$.format"),
    (lambda d: d.update(extra=1), "$.extra"),
    (lambda d: d.pop("digest"), "$.digest"),
    (lambda d: d.update(digest="not hex"), "$.digest"),
    (lambda d: d.update(seed=10 ** 40), "$.seed"),
    (lambda d: d.update(seed="x" * 200), "$.seed"),
    (lambda d: d.update(seed=None), "$.seed"),
    (lambda d: d.update(actions=["draw deck"] * 30_000), "$.actions"),
    (lambda d: d["actions"].__setitem__(0, "keep tickets " + "1," * 500), "$.actions[0]"),
    (lambda d: d.update(options=[]), "$.options"),
    (lambda d: d.update(rules=[]), "$.rules"),
])
def test_a_malformed_save_names_the_file_and_the_field(edit, field):
    data = played("ticket-to-ride").to_json()
    edit(data)
    refused("ticket-to-ride", data, field)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_changed_save_is_refused_by_its_digest(game):
    data = played(game, steps=12).to_json()
    short = {**data, "actions": data["actions"][:-3]}
    refused(game, short, "$.digest", "changed after it was saved")
    other_seed = {**data, "seed": data["seed"] + 1}
    with pytest.raises(DataError) as err:  # the replay or the digest catches it
        get_spec(game).game_class.from_json(other_seed, "saved.json")
    assert err.value.source == "saved.json" and err.value.path in ("$.digest",) + tuple(
        f"$.actions[{i}]" for i in range(12))


def test_edited_rules_are_refused_by_the_digest():
    data = played("ticket-to-ride").to_json()
    data["rules"]["trains"] = 12
    refused("ticket-to-ride", data, "$.digest")


def test_setup_errors_name_the_save_not_options_or_rules(tmp_path):
    data = resealed({**played("ticket-to-ride").to_json(), "options": {"map": "teaching-small", "colour": "red"}})
    err = refused("ticket-to-ride", data, "$.options.colour", tmp_path=tmp_path)
    assert err.source == str(tmp_path / "saved.json")
    data = resealed({**played("ticket-to-ride").to_json(), "options": {"map": "no-such-map"}})
    err = refused("ticket-to-ride", data, "$.options", "no-such-map.json")
    assert str(MAPS_DIR) not in str(err)  # no server path in the message
    sm = resealed({**played("station-master").to_json(), "options": {"setup": 3}})
    refused("station-master", sm, "$.options.setup")


@pytest.mark.parametrize("where", ["/dev/zero", "/dev/stdin", "/etc/passwd", "../maps/usa.json",
                                   str(MAPS_DIR / ".." / "README.md")])
def test_an_uploaded_save_never_names_a_server_path(where):
    data = resealed({**played("ticket-to-ride").to_json(), "options": {"map": where}})
    t = Table(game="ticket-to-ride", players=2, humans=[0], bots=["random"], seed=1, map="teaching-small")
    before = t.game.to_json()
    with pytest.raises(DataError) as err:
        t.load_json(json.dumps(data).encode(), "upload.json")
    assert err.value.path == "$.options.map" and err.value.source == "upload.json"
    assert t.game.to_json() == before  # the table is unchanged


def test_an_uploaded_station_master_save_uses_the_bundled_cards_only():
    data = played("station-master").to_json()
    data["rules"]["cards"] = "/etc/passwd"
    t = Table(players=2, humans=[0], game="station-master", seed=1)
    with pytest.raises(DataError) as err:
        t.load_json(resealed(data), "upload.json")
    assert err.value.path == "$.rules.cards"


def test_a_save_on_a_map_inside_the_maps_folder_may_name_its_file():
    g = get_spec("ticket-to-ride").new_game(players=2, seed=1, map=str(MAPS_DIR / "teaching-small.json"))
    t = Table(game="ticket-to-ride", players=2, humans=[0], bots=["random"], seed=1, map="teaching-small")
    t.load_json(g.to_json(), "upload.json")
    assert t.game.map.name == "teaching-small"


def test_a_zero_player_save_leaves_the_table_playable():
    t = Table(game="ticket-to-ride", players=2, humans=[0], bots=["random"], seed=1, map="teaching-small")
    data = resealed({**t.game.to_json(), "players": 0})
    with pytest.raises(DataError):
        t.load_json(data, "zero.json")
    assert t.game.players == 2 and t.apply(0, "keep tickets 1,2") is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_schema_takes_every_real_save_and_refuses_broken_ones(game):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text())
    data = json.loads(json.dumps(played(game).to_json()))
    jsonschema.validate(data, schema)
    for bad in ({**data, "format": True}, {**data, "extra": 1}, {**data, "digest": "x"},
                {k: v for k, v in data.items() if k != "format"}, {**data, "actions": [1]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
        with pytest.raises(DataError):
            get_spec(game).game_class.from_json(bad, "bad.json")


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path):
    p = write_json_atomic(tmp_path / "g.json", {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(p, {"a": object()})
    assert json.loads(p.read_text()) == {"a": 1} and sorted(x.name for x in tmp_path.iterdir()) == ["g.json"]


@pytest.mark.parametrize("names", [["<img src=x onerror=alert(1)>", "Bo"], ["Ann", "[x](javascript:alert(1))"],
                                   ["Ann"], ["Ann", "B" * 40], ["Ann", ""], "Ann,Bo"])
def test_seat_names_in_a_save_are_plain_words(names):
    data = resealed({**played("ticket-to-ride").to_json(), "options": {"map": "teaching-small", "names": names}})
    refused("ticket-to-ride", data, "$.options.names")


def test_plain_seat_names_load():
    g = get_spec("ticket-to-ride").new_game(players=2, seed=1, map="teaching-small", names=["Ann Lee", "Bo-2"])
    h = get_spec("ticket-to-ride").game_class.from_json(g.to_json(), "saved.json")
    assert h.names == ["Ann Lee", "Bo-2"]

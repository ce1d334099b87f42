"""The Steam Rollers sheet editor: painting, live validation with rule ids, atomic save,
round-trip through the engine's loader, bad files, play and simulate."""

from __future__ import annotations

import json
import os

import pytest

from railkit.core.errors import DataError
from railkit.games.steam_rollers import SteamRollers
from railkit.maps import hexes as hx
from railkit.maps import sheets
from railkit.viz.steam_rollers.sheet import centre
from railkit.viz.steam_rollers.sheet_editor import SheetEditor, sheet_rule

DEFAULT = sheets.load("steam-default")


@pytest.fixture
def ed(tmp_path):
    return SheetEditor("steam-default", folder=tmp_path)


def _region_hex(n: int, not_in=()) -> tuple:
    """A plain hex of region n (not its city or town)."""
    reg = DEFAULT.regions[n]
    return next(h for h in reg.hexes if h not in (reg.city, reg.town) and h not in not_in)


# ------------------------------------------------------------------ painting
def test_starts_valid_and_draws_every_hex(ed):
    assert ed.ok and ed.rule == "" and ed.status.startswith("OK: steam-default: 61 hexes")
    shown = {tuple(hx.parse_hex(t)): r for t, r in zip(ed.canvas_src.data["hex"], ed.canvas_src.data["region"])}
    assert {h: int(r) for h, r in shown.items() if r != "-"} == DEFAULT.region_of
    assert len(shown) > 61  # a ring of free hexes round the sheet to paint into
    assert sorted(ed.city_src.data["text"]) == ["1", "2", "3", "4", "5", "6"]
    assert len(ed.mountain_src.data["x0"]) == len(DEFAULT.medium) == 6
    assert len(ed.hard_src.data["x0"]) == len(DEFAULT.hard_adds) == 6


def test_the_canvas_keeps_its_size(ed):
    n = len(ed.canvas_src.data["hex"])
    h = _region_hex(2)
    ed.paint(h, 5)
    ed.paint((6, -1), 1)
    assert len(ed.canvas_src.data["hex"]) == len(ed.canvas_src.data["fill"]) == n
    assert len(ed.number_src.data["text"]) == n
    i = ed.canvas_src.data["hex"].index(hx.format_hex(h))
    assert ed.number_src.data["text"][i] == "5"


def test_paint_a_new_hex_grows_the_view(ed):
    far = (5, 0)
    assert far not in DEFAULT.hexes
    x1 = ed.figure.x_range.end
    ed.paint(far, 1)  # one hex beyond the sheet: the view grows by a ring
    assert ed.region_of[far] == 1
    assert hx.format_hex((6, 0)) in ed.canvas_src.data["hex"]
    assert ed.figure.x_range.end > x1
    x, y = centre(far)
    assert ed.figure.x_range.start < x < ed.figure.x_range.end and ed.figure.y_range.start < y < ed.figure.y_range.end


def test_click_with_a_region_brush_paints_the_hex(ed):
    h = _region_hex(2)
    ed.w_brush.value = "region 5"
    ed.tap(h)
    assert ed.region_of[h] == 5
    i = ed.canvas_src.data["hex"].index(hx.format_hex(h))
    assert ed.canvas_src.data["region"][i] == "5"


def test_erase_then_paint_back_is_the_same_sheet(ed):
    h = _region_hex(4)
    ed.erase(h)
    assert h not in ed.region_of
    ed.paint(h, 4)
    assert ed.ok
    assert sheets.parse(ed.to_dict()).region_of == DEFAULT.region_of


def test_city_and_town_brushes_place_them_in_the_hex_region(ed):
    h = _region_hex(3)
    ed.w_brush.value = "city"
    ed.tap(h)
    assert ed.cities[3] == h
    t = _region_hex(3, not_in=[h])
    ed.w_brush.value = "town"
    ed.tap(t)
    assert ed.towns[3] == t
    assert ed.ok, ed.status
    assert ed.validate().city_at[h] == 3


def test_mountain_brush_toggles_the_border_nearest_the_click(ed):
    h = (0, 0)
    e = 0  # east edge
    cx, cy = centre(h)
    n = hx.neighbor(h, e)
    assert frozenset((h, n)) not in ed.mountains["medium"] | ed.mountains["hard_adds"]
    ed.w_brush.value = "mountain (hard)"
    ed.tap(h, near=(cx + 0.8, cy))
    assert frozenset((h, n)) in ed.mountains["hard_adds"]
    assert ed.validate().blocked_edges("hard") >= {(h, e)}
    ed.tap(h, near=(cx + 0.8, cy))
    assert frozenset((h, n)) not in ed.mountains["hard_adds"]


def test_black_die_faces_from_code_and_from_the_widget(ed):
    ed.set_face(1, "straight+sharp")
    assert ed.faces[0] == ("straight", "sharp") and ed.w_faces[0].value == "straight+sharp"
    ed.w_faces[5].value = "gentle+sharp"
    assert ed.faces[5] == ("gentle", "sharp")
    assert ed.validate().black_die_faces[5] == ("gentle", "sharp")
    with pytest.raises(ValueError, match="two different track types"):
        ed.set_face(2, "straight+straight")


def test_bad_input_from_code_is_refused_with_a_reason(ed):
    with pytest.raises(ValueError, match="numbered 1 to 6"):
        ed.paint((0, 0), 7)
    with pytest.raises(ValueError, match="not neighbours"):
        ed.toggle_mountain((0, 0), (3, 0))
    with pytest.raises(ValueError, match="not on the sheet"):
        ed.place_city((6, 0))
    with pytest.raises(ValueError, match="outside the editor's canvas"):
        ed.paint((9, 9), 1)


def test_a_click_that_fails_is_explained_in_the_message_and_changes_nothing(ed):
    ed.w_brush.value = "city"
    before = dict(ed.cities)
    ed.tap((5, -1))  # a free hex of the canvas, not on the sheet
    assert ed.cities == before
    assert ed.msg.alert_type == "danger" and "not on the sheet" in ed.msg.object


# ------------------------------------------------------------------ validation with rule ids
def test_SR_SHEET_CONTIGUOUS_a_split_region_is_reported(ed):
    ed.paint(_region_hex(1), 6)
    ed.paint((6, -6), 1)  # a lone hex of region 1, far away
    assert not ed.ok and ed.rule == "SR-SHEET-CONTIGUOUS"
    assert "rule SR-SHEET-CONTIGUOUS" in ed.status and "$.regions.1.hexes" in ed.status
    assert ed.b_save.disabled


def test_SR_SHEET_CITY_TOWN_city_moved_out_of_its_region(ed):
    ed.place_city(_region_hex(2), 1)
    assert ed.rule == "SR-SHEET-CITY-TOWN" and "$.regions.1.city" in ed.status
    assert ed.b_save.disabled and ed.b_play.disabled and ed.b_sim.disabled


def test_SR_SHEET_CITY_TOWN_painting_away_the_hex_under_a_town(ed):
    ed.paint(DEFAULT.towns[2], None)
    assert ed.rule == "SR-SHEET-CITY-TOWN" and "$.regions.2.town" in ed.status


def test_SR_SHEET_REGIONS_a_region_painted_away_entirely(ed):
    # region 5 vanishes: its city and town hexes go to region 4
    for h in DEFAULT.regions[5].hexes:
        ed.paint(h, 4)
    assert not ed.ok and ed.rule in ("SR-SHEET-CITY-TOWN", "SR-SHEET-REGIONS")
    err = pytest.raises(DataError, ed.validate).value
    assert sheet_rule(err) == ed.rule


def test_SR_SHEET_DRAWABLE_a_region_too_small(ed):
    reg = DEFAULT.regions[1]
    keep = {reg.city, reg.town, (4, -2), (3, -2)}  # a contiguous rest of region 1: 3 hexes to draw in
    for h in reg.hexes:
        if h not in keep:
            ed.paint(h, 6)
    assert ed.rule == "SR-SHEET-DRAWABLE", ed.status
    assert "at least 6 hexes to draw in" in ed.status and "$.regions.1.hexes" in ed.status


def test_SR_SHEET_JOINABLE_a_walled_in_city(ed):
    c = DEFAULT.cities[1]
    for e in range(6):
        n = hx.neighbor(c, e)
        if n in DEFAULT.hexes and frozenset((c, n)) not in ed.mountains["medium"] | ed.mountains["hard_adds"]:
            ed.toggle_mountain(c, n, "hard")
    assert ed.rule == "SR-SHEET-JOINABLE" and "cannot be joined" in ed.status


def test_sheet_rule_of_a_plain_field_error_is_none():
    assert sheet_rule(DataError("x.json", "$.name", "the sheet's short name")) is None


# ------------------------------------------------------------------ save: atomic, schema-valid, round-trip
def test_save_round_trips_through_the_engines_loader(ed, tmp_path):
    ed.paint(_region_hex(2), 2)
    ed.set_face(3, "gentle+sharp")
    ed.toggle_mountain((0, 0), hx.neighbor((0, 0), 1), "medium")
    ed.w_name.value = "my-sheet"
    ed.w_title.value = "My sheet"
    path = ed.save()
    assert path == tmp_path / "my-sheet.json"
    assert sorted(os.listdir(tmp_path)) == ["my-sheet.json"]  # no temporary file left behind
    loaded = sheets.validate_file(path)
    assert loaded.to_dict() == sheets.parse(ed.to_dict()).to_dict()
    assert loaded.title == "My sheet" and loaded.black_die_faces[2] == ("gentle", "sharp")
    # the editor opened on the saved file shows the same sheet
    again = SheetEditor(str(path), folder=tmp_path)
    assert again.to_dict()["regions"] == json.loads(path.read_text())["regions"]
    # a game runs on it
    g = SteamRollers(players=2, seed=3, sheet=str(path))
    assert g.sheet.title == "My sheet"


def test_saved_file_is_schema_valid(ed, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(sheets.SCHEMA_PATH.read_text())
    ed.paint((5, -1), 1)
    path = ed.save()
    jsonschema.validate(json.loads(path.read_text()), schema)


def test_an_invalid_sheet_is_not_saved_and_the_old_file_stays(ed, tmp_path):
    path = ed.save()
    before = path.read_text()
    ed.place_city(_region_hex(2), 1)
    with pytest.raises(DataError) as e:
        ed.save()
    assert e.value.source == str(path) and e.value.path == "$.regions.1.city"
    assert path.read_text() == before
    assert sorted(os.listdir(tmp_path)) == [path.name]
    ed.b_save.clicks += 1  # the button does not raise: the message says why
    assert ed.msg.alert_type == "danger"


def test_a_broken_file_gives_a_clear_error_naming_file_and_field(tmp_path):
    data = DEFAULT.to_dict()
    data["black_die_faces"][2] = ["straight", "loop"]
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError) as e:
        SheetEditor(str(bad))
    assert str(bad) in str(e.value) and "$.black_die_faces[2]" in str(e.value)
    with pytest.raises(DataError) as e:
        SteamRollers(players=2, seed=1, sheet=str(bad))
    assert str(bad) in str(e.value)
    bad.write_text("{not json")
    with pytest.raises(DataError, match="valid JSON"):
        SheetEditor(str(bad))


# ------------------------------------------------------------------ play and simulate
def test_play_this_sheet_starts_a_steam_rollers_view_on_it(ed):
    from railkit.viz.steam_rollers.view import SteamRollersView

    ed.paint((5, -1), 1)
    seen = []
    ed.on_play(seen.append)
    view = ed.play(seed=2, auto=False)
    assert isinstance(view, SteamRollersView)
    g = view.table.game
    assert (5, -1) in g.sheet.hexes and g.sheet.region_of[(5, -1)] == 1
    assert g.solo and g.difficulty == "clerk"
    assert seen and seen[0].name == "steam-default"
    assert ed.game is view and len(ed.play_area.objects) == 2


def test_play_with_two_players_and_hard_mountains(ed):
    ed.w_players.value = 2
    ed.w_mountains.value = "hard"
    view = ed.play(seed=1, auto=False)
    g = view.table.game
    assert g.players == 2 and not g.solo and g.rules.mountains == "hard"


def test_simulate_plays_bot_games_and_shows_a_table(ed):
    ed.w_players.value = 2
    table = ed.simulate(games=4, agents="random", seed=5)
    assert list(table["seat"]) == ["Player 1", "Player 2"]
    assert list(table["games"]) == [4, 4]
    games = table.attrs["games"]
    assert len(games) == 8 and (games["error"] == "").all()
    assert ed.play_area.objects[-1].object is table


@pytest.mark.parametrize("name", ["steam_rollers.sheet_editor", "steam_rollers.lessons"])
def test_doctests(name):
    import doctest
    import importlib

    mod = importlib.import_module(f"railkit.viz.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0

"""Board and map editor, without a browser."""

from __future__ import annotations

import json

import pytest

from railkit.core.errors import DataError
from railkit.maps import Map, load
from railkit.viz.ticket_to_ride.board import Board
from railkit.viz.ticket_to_ride.geometry import route_geometry
from railkit.viz.ticket_to_ride.map_editor import MapEditor
from railkit.viz.ticket_to_ride.style import card_hex, player_hex


def test_geometry_one_car_per_train_and_parallel_tracks():
    m = load("usa")
    geo = route_geometry(m)
    assert set(geo) == {r.id for r in m.routes}
    assert sum(len(g["cars"]) for g in geo.values()) == m.total_length == 309
    for pair in m.double_pairs:
        a, b = (geo[r.id] for r in m.routes_by_pair[pair])
        assert a["xs"] != b["xs"] or a["ys"] != b["ys"]  # side by side, not on top of each other


def test_board_rows_and_gray_is_visible():
    b = Board(load("usa"))
    assert len(b.routes_src.data["id"]) == 100
    assert len(b.cars_src.data["x0"]) == 309
    gray = [f for f, rid in zip(b.cars_src.data["fill"], b.cars_src.data["route"])
            if load("usa").route_by_id[rid].color == "gray"]
    assert gray and set(gray) == {card_hex("gray")}
    assert card_hex("gray") not in ("#ffffff", "#f4efe1")


def tap_route(board, rid, frac=0.5, offset=(0.0, 0.0)):
    from bokeh.events import Tap

    i = board.route_index[rid]
    xs, ys = board.routes_src.data["xs"][i], board.routes_src.data["ys"][i]
    x = xs[0] + frac * (xs[1] - xs[0]) + offset[0]
    y = ys[0] + frac * (ys[1] - ys[0]) + offset[1]
    board.figure._trigger_event(Tap(board.figure, x=x, y=y))


def test_board_tap_calls_back_with_the_nearest_route():
    b = Board(load("teaching-small"))
    seen = []
    b.on_click(seen.append)
    tap_route(b, "Lake-Peak")
    assert seen == ["Lake-Peak"]
    tap_route(b, "Harbor-Mill/2")  # the two tracks of a double route are told apart
    tap_route(b, "Harbor-Mill/1")
    assert seen[1:] == ["Harbor-Mill/2", "Harbor-Mill/1"]
    from bokeh.events import Tap

    b.figure._trigger_event(Tap(b.figure, x=-50.0, y=-50.0))  # far from every route
    assert len(seen) == 3


def test_board_tap_near_a_city_on_the_usa_map_picks_the_right_route():
    b = Board(load("usa"))
    seen = []
    b.on_click(seen.append)
    for rid in ("El Paso-Phoenix", "El Paso-Los Angeles", "Kansas City-Saint Louis/1", "Kansas City-Saint Louis/2"):
        tap_route(b, rid)
    assert seen == ["El Paso-Phoenix", "El Paso-Los Angeles", "Kansas City-Saint Louis/1", "Kansas City-Saint Louis/2"]


def test_board_patches_only_changed_routes(monkeypatch):
    from bokeh.models import ColumnDataSource

    b = Board(load("teaching-small"))
    patches = []
    real_patch = ColumnDataSource.patch

    def spy(self, p, setter=None):
        if self is b.cars_src:
            patches.append(sorted(p))
        return real_patch(self, p, setter)

    monkeypatch.setattr(ColumnDataSource, "patch", spy)
    before = b.cars_src.data
    n = b.set_state({"Mill-Fort": 1})
    assert n == 1
    rows = b._car_rows["Mill-Fort"]
    assert {b.cars_src.data["fill"][r] for r in rows} == {player_hex(1)}
    assert all(b.cars_src.data["label"][r] == "2" for r in rows)  # the owner's initial (no names: seat number)
    assert b.set_state({"Mill-Fort": 1}) == 0  # nothing changed: no patch
    assert b.set_state({}, closed=["Harbor-Mill/2"]) == 2  # Mill-Fort freed, Harbor-Mill/2 closed
    assert b.routes_src.data["owner"][b.route_index["Harbor-Mill/2"]] == "closed"
    assert b.routes_src.data["owner"][b.route_index["Mill-Fort"]] == "free"
    assert len(patches) == 2  # one patch per changed state, never a full replacement
    assert b.cars_src.data is before


def test_board_highlight_and_pending():
    b = Board(load("teaching-small"))
    b.highlight([(["Mill-Fort", "Fort-Summit"], "#ff0000", 20, "longest")])
    assert len(b.highlight_src.data["xs"]) == 2
    b.set_pending("Mill-Fort")
    assert len(b.pending_src.data["xs"]) == 1
    b.set_pending(None)
    b.clear_highlight()
    assert b.highlight_src.data["xs"] == [] and b.pending_src.data["xs"] == []
    with pytest.raises(KeyError):
        b.click("Atlantis-Mill")


def test_editor_add_move_remove_and_validate(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    assert ed.ok
    ed.add_city("Delta", 6.0, 1.0)
    ed.tap_city("Fort")
    ed.tap_city("Delta")
    assert (ed.w_a.value, ed.w_b.value) == ("Fort", "Delta")
    rid = ed.add_route("Fort", "Delta", 3, "red", second_colour="blue")
    assert rid == "Fort-Delta/1"
    m = ed.validate()
    assert m.parallel("Fort-Delta/1")[0].color == "blue"
    ed.move_city("Delta", 7.0, 2.0)
    assert ed.validate().cities["Delta"].x == 7.0
    ed.update_route("Fort-Delta/2", 4, "green")
    ed.update_route("Fort-Delta/1", 4, "red")
    ed.remove_route("Fort-Delta/2")
    assert "Fort-Delta/2" not in ed.w_routes.options
    ed.rename_city("Delta", "Dune")
    assert "Fort-Dune/1" in [r.id for r in ed.validate().routes]
    ed.remove_city("Dune")
    assert "Dune" not in ed.validate().cities


def test_editor_live_validation_shows_dataerror_text(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.set_tickets_text("Harbor, Summit, 6\nHarbor, Atlantis, 3")
    assert not ed.ok
    assert "$.tickets.base[1].b" in ed.status and "Atlantis" in ed.status
    assert "Not valid" in ed.msg.object
    ed.set_tickets_text("Harbor, Summit, 6\nHarbor, Peak, 7")
    assert ed.ok and ed.status.startswith("OK")
    with pytest.raises(DataError):
        ed.set_tickets_text("Harbor Summit six")
    ed._guard(ed.add_route, "Harbor", "Harbor", 2, "red")
    assert "$.routes" in ed.msg.object  # shown inline, map unchanged
    assert ed.ok


def test_editor_new_city_from_point_draw_gets_a_unique_name(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    d = dict(ed.cities_src.data)
    d = {k: list(v) + [v2] for (k, v), v2 in zip(d.items(), ["", 9.0, 9.0])}
    ed.cities_src.data = d  # what PointDrawTool does on a tap in empty space
    names = ed.city_names()
    assert names[-1] == "City 1" and len(set(names)) == len(names)
    assert ed.ok  # an isolated city is still a valid map


def test_editor_save_is_checked_atomic_and_loadable(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.w_name.value = "my-map"
    ed.add_city("Delta", 6.0, 1.0)
    ed.add_route("Fort", "Delta", 2, "gray")
    path = ed.save()
    assert path == tmp_path / "my-map.json"
    m = load(path)
    assert m.name == "my-map" and m.layout == "xy" and "Fort-Delta" in m.route_by_id
    assert not list(tmp_path.glob(".*.tmp"))
    played = []
    ed.on_play(played.append)
    ed.play()
    assert isinstance(played[0], Map)
    json.loads(path.read_text())


def test_editor_a_city_echoed_back_by_the_browser_is_not_a_new_city(tmp_path):
    """A point added from code can come back from PointDrawTool as one more row on the same
    spot (with its name or none): that is not a city, and it is never saved."""
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.add_city("Delta", 6.0, 1.2)
    for echo in ("Delta", ""):
        d = {k: list(v) for k, v in ed.cities_src.data.items()}
        d["name"].append(echo); d["x"].append(6.0); d["y"].append(1.2)
        ed.cities_src.data = d  # as the browser sends it
        assert ed.city_names().count("Delta") == 1 and not any(n.startswith("City ") for n in ed.city_names())
    assert sorted(c["name"] for c in json.loads(ed.save().read_text())["cities"]) == sorted(ed.city_names())


def test_editor_view_fits_a_city_added_outside_it(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    assert ed.figure.x_range.end < 6.0
    ed.add_city("Delta", 6.0, 1.2)
    assert ed.figure.x_range.start < 6.0 < ed.figure.x_range.end
    ed.move_city("Delta", 6.0, -3.0)
    assert ed.figure.y_range.start < -3.0 < ed.figure.y_range.end


def test_editor_routes_follow_a_dragged_city_in_the_browser(tmp_path):
    """The routes' data carry their ends and offset, and a browser callback on the cities
    redraws them from the positions during a drag (the server's redraw gives the same)."""
    ed = MapEditor("teaching-small", folder=tmp_path)
    r = ed.routes_src.data
    assert len(r["a"]) == len(r["b"]) == len(r["off"]) == len(r["id"])
    assert {"change", "change:data"} <= set(ed.cities_src.js_property_callbacks)
    ed.move_city("Fort", 5.0, 0.5)
    i = ed.routes_src.data["id"].index("Mill-Fort")
    assert 5.0 in ed.routes_src.data["xs"][i] and 0.5 in ed.routes_src.data["ys"][i]  # a single track: no offset


def test_editor_title_follows_the_name_until_typed(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.w_name.value = "my-valley"
    assert ed.w_title.value == "My valley"
    assert json.loads(ed.save().read_text())["title"] == "My valley"
    ed.w_title.value = "The Valley Line"
    ed.w_name.value = "valley-2"
    assert json.loads(ed.save().read_text())["title"] == "The Valley Line"


def test_editor_warns_about_a_ticket_deck_too_small_for_the_players(tmp_path):
    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.set_tickets_text("Harbor, Summit, 8\nCamp, Fort, 6\nRidge, Summit, 5\nPeak, Harbor, 6")
    assert ed.ok and "Warning" in ed.status and "4 tickets" in ed.status and "at least 6" in ed.status
    assert ed.msg.alert_type == "warning"
    ed.set_tickets_text("\n".join(["Harbor, Summit, 8", "Camp, Fort, 6", "Ridge, Summit, 5", "Peak, Harbor, 6",
                                    "Mill, Lake, 4", "Camp, Peak, 5"]))
    assert ed.ok and "Warning" not in ed.status
    ed.w_players.value = 3
    assert "3 players need at least 9" in ed.status


def test_editor_play_shows_a_game_on_the_map(tmp_path):
    import panel as pn

    from railkit.viz.ticket_to_ride.view import TicketToRideView

    ed = MapEditor("teaching-small", folder=tmp_path)
    ed.w_name.value = "my-valley"
    ed.b_play.clicks += 1  # the button, as in the browser
    assert isinstance(ed.game, TicketToRideView) and ed.game.table.game.map.name == "my-valley"
    assert len(ed.play_area.objects) == 2 and "my-valley" not in ed.play_area.objects[0].object
    assert "My valley" in ed.play_area.objects[0].object and ed.play_area in ed.__panel__().objects
    assert not list(tmp_path.iterdir())  # playing does not save into the maps folder
    assert isinstance(ed.__panel__(), pn.Column)


def test_editor_geo_map_becomes_xy():
    ed = MapEditor("usa")
    m = ed.validate()
    assert m.layout == "xy" and len(m.routes) == 100
    assert abs(m.cities["Denver"].x - load("usa").cities["Denver"].x) < 0.01


def test_board_takes_a_quick_second_click_and_a_held_click_as_clicks():
    """BokehJS reports a click within 300 ms of the last one as DoubleTap, a held one as Press."""
    from bokeh.events import DoubleTap, Press

    b = Board(load("teaching-small"))
    seen = []
    b.on_click(seen.append)
    for event, rid in ((DoubleTap, "Lake-Peak"), (Press, "Harbor-Mill/2")):
        i = b.route_index[rid]
        xs, ys = b.routes_src.data["xs"][i], b.routes_src.data["ys"][i]
        b.figure._trigger_event(event(b.figure, x=(xs[0] + xs[1]) / 2, y=(ys[0] + ys[1]) / 2))
    assert seen == ["Lake-Peak", "Harbor-Mill/2"]

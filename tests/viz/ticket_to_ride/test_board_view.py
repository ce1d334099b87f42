"""What the Ticket to Ride board shows, without a browser: colours, labels, ranges, claims, aids."""

from __future__ import annotations

import doctest
import itertools
import math
import re

import pytest

from railkit.agents import make_agent
from railkit.games.ticket_to_ride import SPEC, Claim, DrawFaceUp
from railkit.maps import load
from railkit.viz.shell import banner
from railkit.viz.shell.style import colour_distance, initials
from railkit.viz.ticket_to_ride import board as board_mod, player as player_mod
from railkit.viz.ticket_to_ride.board import Board, affordable_routes, last_claimed_route, paid_colours
from railkit.viz.ticket_to_ride.geometry import CAR_PX, _clip_len, board_layout, frame_size
from railkit.viz.ticket_to_ride.player import PlayerPanel, describe_action
from railkit.viz.ticket_to_ride.style import CARD_HEX, CARD_LETTER, PLAYER_HEX, ROUTE_COLOURS, card_hex, player_hex

MAPS = ["usa", "teaching-small"]
#: The sizes the board is shown at: its default, notebook 01's, and smaller ones (drawn at a zoom below 1)
#: that fit next to the player panel in a notebook at 1280 px.
SIZES = [(900, 560), (860, 520), (760, 470), (700, 440)]


@pytest.mark.parametrize("mod", [board_mod, player_mod, banner])
def test_doctests(mod):
    assert doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE).failed == 0


# ---------------------------------------------------------------- colours
def test_player_colours_are_far_from_every_route_colour_and_from_each_other():
    routes = [CARD_HEX[c] for c in ROUTE_COLOURS]
    near = min(colour_distance(p, r) for p in PLAYER_HEX for r in routes)
    apart = min(colour_distance(a, b) for a, b in itertools.combinations(PLAYER_HEX, 2))
    assert near >= 35, near  # delta E 35: a different colour, not a shade of one
    assert apart >= 35, apart
    assert colour_distance(CARD_HEX["red"], "#b71c1c") < 35  # the test can fail: the old red seat was a shade of red


def test_colour_distance_tells_shades_from_colours():
    assert colour_distance("#d7261e", "#d7261e") == 0
    assert colour_distance("#d7261e", "#c62828") < 15 < 35 < colour_distance("#d7261e", "#1f6fd1")


def test_initials_are_distinct_prefixes():
    names = ["Red", "Blue", "Green", "Yellow", "Black"]
    got = initials(names)
    assert got == ["R", "Blu", "G", "Y", "Bla"]
    assert all(n.lower().startswith(i.lower()) for n, i in zip(names, got))
    assert len(set(initials(["Ann", "Ann", "Bo"]))) == 3


# ---------------------------------------------------------------- geometry
def _track_overlap(b: Board) -> dict[str, float]:
    """Pixels of track (cars, with their thickness) inside each city's label box."""
    half = b.car_thickness / 2
    out = {}
    for city, box in b.label_boxes().items():
        grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
        out[city] = sum(_clip_len(xs[0], ys[0], xs[1], ys[1], grown) for xs, ys in b._lines) / b.upp
    return out


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("size", SIZES)
def test_city_labels_are_not_on_tracks(name, size):
    b = Board(name, width=size[0], height=size[1])
    over = {c: round(v, 1) for c, v in _track_overlap(b).items() if v > 0.5}  # half a pixel: rounding
    assert over == {}


@pytest.mark.parametrize("name", MAPS)
def test_city_labels_do_not_overlap_each_other_or_other_cities(name):
    b = Board(name)
    boxes = b.label_boxes()
    for (a, p), (c, q) in itertools.combinations(boxes.items(), 2):
        w = min(p[2], q[2]) - max(p[0], q[0])
        h = min(p[3], q[3]) - max(p[1], q[1])
        assert w <= 0 or h <= 0, (a, c)
    for city, box in boxes.items():
        for other, pos in b.map.cities.items():
            if other != city:
                assert not (box[0] < pos.x < box[2] and box[1] < pos.y < box[3]), (city, other)


def test_a_label_moved_onto_a_track_is_caught():
    b = Board("teaching-small")
    xs, ys = b._lines[0]
    mx, my = (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2
    b.layout = dict(b.layout, labels={**b.layout["labels"], "Mill": (0, 0, "left", "middle",
                                                                    (mx - 1, my - 1, mx + 1, my + 1), "Mill")})
    assert _track_overlap(b)["Mill"] > 0


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("size", SIZES)
def test_everything_drawn_is_inside_the_view_at_one_scale(name, size):
    b = Board(name, width=size[0], height=size[1])
    fig = b.figure
    x0, x1, y0, y1 = fig.x_range.start, fig.x_range.end, fig.y_range.start, fig.y_range.end
    fw, fh = frame_size(*size)
    assert math.isclose((x1 - x0) / fw, (y1 - y0) / fh, rel_tol=1e-9)  # the map keeps its shape
    edge = 3 * b.upp  # a few pixels of air
    pts = [(c.x, c.y) for c in b.map.cities.values()]
    for k in range(len(b.cars_src.data["x0"])):
        pts += [(b.cars_src.data["x0"][k], b.cars_src.data["y0"][k]), (b.cars_src.data["x1"][k], b.cars_src.data["y1"][k])]
    for bx0, by0, bx1, by1 in b.label_boxes().values():
        pts += [(bx0, by0), (bx1, by1)]
    for x, y in pts:
        assert x0 + edge < x < x1 - edge and y0 + edge < y < y1 - edge, (x, y)


def test_length_one_routes_have_a_car_of_real_size():
    b = Board("usa")
    for r in b.map.routes:
        if r.length == 1:
            (row,) = b._car_rows[r.id]
            length_px = b.cars_src.data["len"][row] / b.upp
            assert length_px >= 12 and b.car_thickness / b.upp == CAR_PX, (r.id, length_px)


def test_layout_is_cached_per_map_and_size():
    m = load("teaching-small")
    assert board_layout(m, 900, 560) is board_layout(m, 900, 560)
    assert board_layout(m, 900, 560) is not board_layout(m, 860, 520)


# ---------------------------------------------------------------- claims
def _rows(b, rid, col):
    return [b.cars_src.data[col][r] for r in b._car_rows[rid]]


def test_claimed_cars_are_in_the_owners_colour_with_outline_initial_and_the_track_colour():
    m = load("usa")
    b = Board(m, seat_names=["Ann", "Bo", "Cy", "Dee"])
    rid = "Kansas City-Saint Louis/1"
    colour = m.route_by_id[rid].color
    assert set(_rows(b, rid, "fill")) == {card_hex(colour)} and set(_rows(b, rid, "label")) == {""}
    assert b.set_state({rid: 2}) == 1
    assert set(_rows(b, rid, "fill")) == {player_hex(2)}
    assert set(_rows(b, rid, "line")) == {"#000000"} and min(_rows(b, rid, "lw")) >= 2
    assert set(_rows(b, rid, "label")) == {"C"}
    assert set(_rows(b, rid, "sfill")) == {card_hex(colour)} and set(_rows(b, rid, "salpha")) == {1.0}
    other = m.parallel(rid)[0].id
    assert set(_rows(b, other, "salpha")) == {0.0}  # the free track shows no stripe


def test_set_state_with_paid_colours_shows_the_colour_paid_for_a_gray_route():
    m = load("usa")
    b = Board(m, seat_names=["Ann", "Bo"])
    gray = next(r.id for r in m.routes if r.color == "gray" and m.parallel(r.id))
    b.set_state({gray: 0}, paid={gray: "pink"})
    assert set(_rows(b, gray, "sfill")) == {card_hex("pink")}
    assert b.routes_src.data["paid"][b.route_index[gray]] == "pink"
    assert b.set_state({gray: 0}, paid={gray: "blue"}) == 1  # only the colour changed: one route patched
    assert set(_rows(b, gray, "sfill")) == {card_hex("blue")}
    assert b.set_state({gray: 0}) == 0  # paid=None keeps what was given
    b.set_state({})
    assert set(_rows(b, gray, "fill")) == {card_hex("gray")} and set(_rows(b, gray, "salpha")) == {0.0}


def test_paid_colours_come_from_the_game_log():
    g = SPEC.new_game(players=2, seed=4, map="teaching-small")
    agents = [make_agent(SPEC, "greedy-route", s) for s in (1, 2)]
    while not g.is_over and len(paid_colours(g.log)) < 3:
        g.apply(agents[g.current_player].act(g.observe(g.current_player), g.legal_actions()))
    claims = [a for a in g.log if isinstance(a, Claim)]
    assert claims and paid_colours(g.log) == {a.route: a.colour for a in claims}
    assert set(paid_colours(g.log)) == set(g.observe(None)["claimed"])
    assert last_claimed_route(g.log) == (g.log[-1].route if isinstance(g.log[-1], Claim) else None)
    i = max(k for k, a in enumerate(g.log) if isinstance(a, Claim))
    assert last_claimed_route(g.log[: i + 1]) == g.log[i].route and last_claimed_route(g.log[:1]) is None


def test_closed_route_is_faded():
    b = Board("teaching-small")
    b.set_state({}, closed=["Harbor-Mill/2"])
    assert set(_rows(b, "Harbor-Mill/2", "alpha")) == {0.25}


# ---------------------------------------------------------------- colour-blind mode
def test_colour_blind_mode_puts_letters_and_patterns_on_routes():
    m = load("usa")
    plain, cb = Board(m), Board(m, colour_blind=True)
    assert set(plain.cars_src.data["label"]) == {""} and set(plain.cars_src.data["hatch"]) == {" "}
    for r in m.routes:
        letters = [x for x in _rows(cb, r.id, "label") if x]
        hatches = set(_rows(cb, r.id, "hatch"))
        if r.color == "gray":
            assert letters == [] and hatches == {" "}
        else:
            assert letters == [CARD_LETTER[r.color]] and hatches != {" "}
    hatch_of = {r.color: _rows(cb, r.id, "hatch")[0] for r in m.routes if r.color != "gray"}
    assert len(set(hatch_of.values())) == len(hatch_of) == 8  # one pattern per colour


def test_patterns_are_drawn_only_for_the_free_cars_of_colour_blind_mode():
    """The pattern glyph's source holds exactly the cars that carry a pattern: none in the
    normal mode (BokehJS then builds no pattern at a claim), the free coloured cars in
    colour-blind mode, and a claimed route's cars leave it."""
    m = load("usa")
    plain, cb = Board(m), Board(m, colour_blind=True)
    assert plain.patterns_src.data["hatch"] == []
    patterned = [i for i, h in enumerate(cb.cars_src.data["hatch"]) if h != " "]
    assert cb.patterns_src.data["xm"] == [cb.cars_src.data["xm"][i] for i in patterned]
    assert cb.patterns_src.data["hatch"] == [cb.cars_src.data["hatch"][i] for i in patterned]
    cb.set_state({"Denver-Omaha": 0})
    assert len(cb.patterns_src.data["hatch"]) == len(patterned) - len(cb._car_rows["Denver-Omaha"])
    cb.set_colour_blind(False)
    assert cb.patterns_src.data["hatch"] == []
    plain.set_colour_blind(True)
    assert len(plain.patterns_src.data["hatch"]) == len(patterned)


def test_colour_blind_cards_in_the_player_panel():
    g = SPEC.new_game(players=2, seed=1, map="teaching-small")
    panel = PlayerPanel(lambda t: None, colour_blind=True)
    panel.update(g.observe(0), my_turn=True)
    hand = g.observe(0)["hand"]
    colour = next(c for c in ("red", "orange", "yellow", "green", "blue", "pink", "white", "black") if hand.get(c))
    assert f"[{CARD_LETTER[colour]}] {colour}" in panel.hand.object and "background-image" in panel.hand.object
    fu = g.observe(0)["faceup"]
    button = panel.market[next(i for i, c in enumerate(fu) if c not in (None, "loco"))]
    assert button.label.startswith("[") and "gradient" in button.stylesheets[0]
    plain = PlayerPanel(lambda t: None)
    plain.update(g.observe(0), my_turn=True)
    assert "[" not in plain.hand.object and "background-image" not in plain.hand.object


# ---------------------------------------------------------------- aids
def test_mark_last():
    b = Board("teaching-small")
    b.mark_last("Mill-Fort")
    assert b.last_src.data["id"] == ["Mill-Fort"] and b.last_marked == "Mill-Fort"
    assert b.last_src.data["xs"] == [b.routes_src.data["xs"][b.route_index["Mill-Fort"]]]
    b.mark_last(None)
    assert b.last_src.data["xs"] == [] and b.last_marked is None
    with pytest.raises(KeyError):
        b.mark_last("Atlantis-Mill")


def test_affordable_routes_follow_the_hand_and_trains():
    m = load("teaching-small")
    obs = {"seat": 0, "hand": {"red": 2, "loco": 0}, "trains": 45, "claimed": {}, "closed": []}
    red_or_gray = {r.id for r in m.routes if r.length <= 2 and r.color in ("red", "gray")}
    assert set(affordable_routes(m, obs)) == red_or_gray
    obs_loco = dict(obs, hand={"red": 2, "loco": 1})
    assert set(affordable_routes(m, obs_loco)) == {r.id for r in m.routes if r.length <= 3 and r.color in ("red", "gray")}
    assert affordable_routes(m, dict(obs, trains=1)) == [r.id for r in m.routes if r.length == 1
                                                          and r.color in ("red", "gray")]
    rid = sorted(red_or_gray)[0]
    assert rid not in affordable_routes(m, dict(obs, claimed={rid: 1}))


def test_show_affordable_and_ticket_cities_on_the_board():
    b = Board("teaching-small")
    b.show_affordable(["Mill-Fort", "Lake-Peak"])
    assert b.afford_src.data["id"] == ["Mill-Fort", "Lake-Peak"] and len(b.afford_src.data["xs"]) == 2
    b.show_affordable(None)
    assert b.afford_src.data["id"] == []
    tickets = [{"a": "Harbor", "b": "Fort", "points": 5, "done": False},
               {"a": "Fort", "b": "Summit", "points": 3, "done": True}]
    offered = [{"a": "Peak", "b": "Camp", "points": 4, "done": False}]
    b.show_tickets(tickets, offered)
    ring = dict(zip(b.tickets_src.data["city"], b.tickets_src.data["color"]))
    assert set(ring) == {"Harbor", "Fort", "Summit", "Peak", "Camp"}
    assert ring["Fort"] == board_mod.TICKET_OPEN_HEX  # open and done ticket share Fort: open wins
    assert ring["Summit"] == board_mod.TICKET_DONE_HEX and ring["Peak"] == board_mod.TICKET_OFFER_HEX
    b.show_tickets(())
    assert b.tickets_src.data["x"] == []


def test_player_panel_toggles_light_up_the_board():
    g = SPEC.new_game(players=2, seed=1, map="teaching-small")
    b = Board(g.map)
    panel = PlayerPanel(lambda t: None, board=b)
    obs = g.observe(0)
    panel.update(obs, my_turn=True)
    assert b.afford_src.data["id"] == [] and b.tickets_src.data["x"] == []  # off until asked
    panel.show_affordable.value = True
    assert b.afford_src.data["id"] == affordable_routes(g.map, obs)
    panel.update(obs, my_turn=True, affordable=["Mill-Fort"])  # the view's exact list wins
    assert b.afford_src.data["id"] == ["Mill-Fort"]
    panel.show_tickets.value = True  # choosing starting tickets: the offered ones are ringed
    assert set(b.tickets_src.data["city"]) == {c for t in obs["offered"] for c in (t["a"], t["b"])}
    assert set(b.tickets_src.data["color"]) == {board_mod.TICKET_OFFER_HEX}
    panel.show_affordable.value = False
    panel.show_tickets.value = False
    assert b.afford_src.data["id"] == [] and b.tickets_src.data["x"] == []


# ---------------------------------------------------------------- log text and banner
def test_face_up_draws_name_the_colour_taken():
    g = SPEC.new_game(players=2, seed=1, map="teaching-small")
    for s in (0, 1):  # keep the starting tickets
        g.apply(next(a for a in g.legal_actions() if str(a).startswith("keep")))
    before = g.observe(None)["faceup"]
    slot = next(i + 1 for i, c in enumerate(before) if c is not None)
    g.apply(DrawFaceUp(slot))
    card = "locomotive" if before[slot - 1] == "loco" else f"{before[slot - 1]} card"
    assert str(describe_action(g.log[-1], before)) == f"drew a face-up {card} (slot {slot})"
    assert str(describe_action(g.log[-1])) == f"drew a face-up card (slot {slot})"


def test_the_log_says_each_move_in_words_in_the_readers_language():
    from railkit.games.ticket_to_ride.actions import parse_action

    said = {text: describe_action(parse_action(text), ["red", "loco"]) for text in (
        "draw faceup 1", "draw faceup 2", "draw deck", "claim Denver-Omaha red x2 loco x1", "draw tickets",
        "keep tickets 1,3", "keep tickets 2", "pass")}
    assert [str(m) for m in said.values()] == [
        "drew a face-up red card (slot 1)", "drew a face-up locomotive (slot 2)", "drew a card from the deck",
        "claimed Denver–Omaha with red ×2 + locomotive ×1", "drew destination tickets", "kept 2 tickets (1 and 3)",
        "kept ticket 2", "passed"]
    for lang in ("da", "de", "ja"):
        for text, m in said.items():
            words = m.render(lang)
            assert words != str(m) and not re.search(r"\b(draw|drew|faceup|claim|keep|kept|deck)\b", words), \
                (lang, text, words)


def test_winner_banner_shows_every_final_score():
    from railkit.core.game import play

    g = play(SPEC.new_game(players=3, seed=2, map="teaching-small"),
             [make_agent(SPEC, "greedy-route", s) for s in (1, 2, 3)])
    final = g.summary()
    wb = banner.WinnerBanner()
    wb.show(final, list(g.names))
    text = wb._pane.object
    best = max(x["score"] for x in final)
    assert wb.visible and f"with {best} points" in text
    for x in final:
        assert f"{x['name']} — {x['score']}" in text
    assert wb.winners == [x["name"] for x in final if x["win"]]
    wb.hide()
    assert not wb.visible


def test_a_cjk_label_is_measured_a_full_em_per_character():
    """A city name in Chinese or Japanese characters (a user's own map) is as wide as its
    characters are: each a full em, so its label box covers what the board draws."""
    from railkit.viz.ticket_to_ride.geometry import LABEL_PX, text_width

    assert text_width("東京駅") == pytest.approx(3 * 1.05 * LABEL_PX)
    assert text_width("ｶﾀｶﾅ") < text_width("カタカナ") == pytest.approx(4 * 1.05 * LABEL_PX)  # half-width kana
    assert text_width("東京") > 2 * 0.667 * 1.05 * LABEL_PX  # an unknown character's width, which was used


def test_a_lessons_refusal_speaks_the_notebooks_language(no_language):
    """``why`` in a rules notebook that set its language gives the game's explanation in it."""
    from railkit.core import i18n
    from railkit.viz.ticket_to_ride.lessons import why

    game = SPEC.new_game(players=2, seed=1, map="usa")
    assert why(game, "keep tickets 1").startswith("TTR-SETUP-TICKETS: Purple must keep at least 2")
    i18n.set_language("da")
    assert why(game, "keep tickets 1").startswith("TTR-SETUP-TICKETS: Purple skal ved start beholde mindst 2")


def test_the_route_tooltip_speaks_the_boards_language():
    """The hover text of a route shows its colour, owner and payment in the board's language; the
    columns the browser's code reads (``color`` "gray", ``owner`` "free") stay as they are."""
    b = Board("teaching-small", seat_names=["Ann", "Bo"], lang="da")
    data = b.routes_src.data
    gray, red = b.route_index["Mill-Fort"], b.route_index["Harbor-Mill/1"]
    shown = {name for _, field in b.route_hover.tooltips for name in re.findall(r"@(\w+)", field)}
    assert {"color_shown", "owner_shown", "paid_shown"} <= shown and not shown & {"color", "owner", "paid"}
    assert (data["color"][gray], data["owner"][gray]) == ("gray", "free")
    assert (data["color_shown"][gray], data["color_shown"][red], data["owner_shown"][gray]) == ("grå", "rød", "fri")
    b.set_state({"Mill-Fort": 1}, closed=["Harbor-Mill/2"], paid={"Mill-Fort": "green"})
    data = b.routes_src.data
    assert (data["owner"][gray], data["owner_shown"][gray], data["paid"][gray], data["paid_shown"][gray]) == \
        ("Bo", "Bo", "green", "grøn")
    closed = b.route_index["Harbor-Mill/2"]
    assert (data["owner"][closed], data["owner_shown"][closed]) == ("closed", "lukket")
    b.set_language("ja")
    data = b.routes_src.data
    assert (data["color_shown"][red], data["owner_shown"][red], data["paid_shown"][gray]) == ("赤", "空き", "緑")
    assert [name for name, _ in b.route_hover.tooltips][:4] == ["路線", "長さ", "色", "持ち主"]

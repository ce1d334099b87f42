"""The drawn Steam Rollers positions of the rules notebook."""

from __future__ import annotations

from railkit.games.steam_rollers import SteamRollers
from railkit.games.steam_rollers import network as nw
from railkit.maps import hexes as hx
from railkit.maps import sheets
from railkit.viz.steam_rollers import lessons

SHEET = sheets.load("steam-default")
TRACKS = {(3, -2): (3, 5), (2, -2): (0, 2), (2, -1): (0, 3), (1, -1): (0, 2), (1, -2): (1, 5)}


def test_draw_shows_the_seats_tracks_and_the_outline():
    g = SteamRollers(players=2, seed=1)
    build = next(a for a in g.legal_actions() if type(a).__name__ == "Build")
    g.apply(build)
    fig = lessons.draw(g, 0, outline=lessons.region_hexes(g, build.die), selected=build.hex)
    assert list(fig.track_src.data["hex"]) == [hx.format_hex(build.hex)]
    widths = fig.hexes_src.data["width"]
    assert widths[fig.hex_index[build.hex]] == 4.0
    assert sum(w > 1 for w in widths) == len(SHEET.regions[build.die].hexes)
    assert list(lessons.draw(g, 1).track_src.data["hex"]) == []  # Player 2 has drawn nothing


def test_delivery_lights_the_engines_longest_route():
    long = lessons.delivery(SHEET, TRACKS, 1, 2, engine=3)
    short = lessons.delivery(SHEET, TRACKS, 1, 2, engine=1)
    assert "distance 2" in long.figure.title.text and "town 2" in long.figure.title.text
    assert "distance 1" in short.figure.title.text
    # the long route is drawn over the town's chain (3 tracks), the short one over the direct chain (2)
    assert len(long.route_src.data["xs"]) == 3 and len(short.route_src.data["xs"]) == 2
    none = lessons.delivery(SHEET, {}, 1, 2, engine=3)
    assert "no route" in none.figure.title.text and not none.route_src.data["xs"]


def test_SR_TOWN_THROUGH_connections_drawn_only_through_the_town_hex():
    beside = {(2, -1): (0, 3), (1, -2): (1, 5)}
    through = {**beside, (1, -1): (0, 2)}
    a = lessons.connections(SHEET, tracks=beside)
    b = lessons.connections(SHEET, tracks=through)
    assert a.figure.title.text == "Network: 0 connections, 0 points"
    assert b.figure.title.text == f"Network: 1 connection, {nw.network_points(SHEET, through)} points"
    assert list(b.label_src.data["text"]) == ["1–2: 2"]


def test_SR_ENGINE_BOX_position_and_boxes():
    g = lessons.engine_position(1, boxes=4)
    assert len(g.ps[0].boxes) == 4 and g.current_player == 0
    v = next(d for d in g.dice if d in g.ps[0].boxes)
    assert g.why_illegal(f"draft {v} engine").rule == "SR-ENGINE-BOX"
    text = lessons.engine_html(g, 0)
    assert text.count("✗") == 4 and "end bonus <b>+1</b>" in text


def test_SR_TILE_STEAL_SIDEWAYS_tiles_panel():
    t = SteamRollers(players=2, seed=0, rules={"tile_sides": "a"})
    t.apply("draft 6 tile 6")
    assert "<td>Player 1</td><td style='font-style:italic;color:#b71c1c'>sideways" in lessons.tiles_html(t)
    assert t.why_illegal("draft 6 tile 6").rule == "SR-TILE-STEAL-SIDEWAYS"


def test_SR_END_THREE_EMPTY_first_index_and_supply():
    from railkit.agents.steam_rollers import GreedyAgent
    from railkit.core.game import play

    done = play(SteamRollers(players=2, seed=1), [GreedyAgent(0), GreedyAgent(1)])
    assert done.end_reason == "cities"
    k = lessons.first_index(done, lambda p: len(p.empty_cities()) >= 3)
    pos = done.history(k)
    assert len(pos.empty_cities()) >= 3 and len(done.history(k - 1).empty_cities()) < 3
    assert lessons.supply_html(pos).count("empty</b>") == len(pos.empty_cities())
    assert not pos.is_over and pos.round == done.round  # the round is played to its end
    assert lessons.first_index(done, lambda p: False) is None


def test_score_html_has_a_row_per_seat_and_olivia_in_solo():
    solo = SteamRollers(players=1, seed=4)
    text = lessons.score_html(solo)
    assert "<b>You</b>" in text and "<b>Olivia</b>" in text and "solo-result" not in text
    from railkit.agents.steam_rollers import GreedyAgent
    from railkit.core.game import play

    play(solo, [GreedyAgent(0)])
    me, her = solo.score(0), solo.olivia_score()
    want = "You win" if (me > her and not solo.olivia_won) else "You lose"
    assert f"<b>{want}</b>" in lessons.score_html(solo)
    assert lessons.score_html(SteamRollers(players=3, seed=1)).count("<b>Player ") == 3


def test_the_drawings_and_panels_speak_the_notebooks_language(no_language):
    """Titles, hover texts, counts and the HTML panels in the notebook's language
    (:func:`railkit.core.i18n.set_language`); a sheet's hover texts follow a page's language change."""
    from railkit.core import i18n

    i18n.set_language("de")
    solo = SteamRollers(players=1, seed=4)
    assert lessons.draw(SHEET, None).figure.title.text == "Der Plan steam-default"
    assert lessons.draw(solo, 0).figure.title.text == "Dein Plan"
    crossed = lessons.draw(solo, 0, crosses=[h for hs in solo.olivia_crossed.values() for h in hs],
                           counts={n: len(v) for n, v in solo.olivia_crossed.items() if v})
    assert crossed.figure.title.text == "Olivias Kreuze"
    assert all(t.endswith("angekreuzt") for t in crossed.count_src.data["text"]) and crossed.count_src.data["text"]
    assert "Lok 3: Entfernung 2" in lessons.delivery(SHEET, TRACKS, 1, 2, engine=3).figure.title.text
    assert "Netz:" in lessons.connections(solo, 0).figure.title.text
    g = lessons.engine_position(1, boxes=3)
    assert "Stärke" in lessons.engine_html(g, 0) and "angekreuzt" in lessons.engine_html(g, 0)
    assert "Plättchen" in lessons.tiles_html(g) and "Waren in den Städten" in lessons.supply_html(g)
    fig = lessons.draw(SHEET, None)
    assert "leeres Feld" in fig.hexes_src.data["what"] and fig.hex_hover.tooltips[0][0] == "Feld"
    fig.set_language("ja")
    assert "空きヘクス" in fig.hexes_src.data["what"] and fig.hex_hover.tooltips[1][0] == "地域"


def test_read_says_the_sheets_values_in_words():
    assert repr(lessons.read(SHEET.colours, "sharp", "cities", lang="da")).splitlines() == [
        "1: gul", "2: rød", "3: mørkegrå", "4: lysegrå", "5: grøn", "6: blå", "skarp kurve",
        "nok byer er tomme for varer"]

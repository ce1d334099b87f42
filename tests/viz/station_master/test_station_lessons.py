"""The rules notebook's teaching positions and their station views."""

from __future__ import annotations

import doctest

import pytest

from railkit.core.errors import DataError
from railkit.games.station_master import positions as P
from railkit.games.station_master.positions import POSITIONS, position_game, setup_facts
from railkit.viz.station_master import lessons as station_lessons
from railkit.viz.station_master.lessons import position_view, show_move
from railkit.viz.station_master.words import describe_action


def test_doctests():
    for mod in (P, station_lessons):
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 2 and result.failed == 0


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_each_positions_move_is_legal_for_seat_0_and_the_view_shows_it(name):
    p = POSITIONS[name]
    g = position_game(name)
    assert g.current_player == 0 and g.why_illegal(p.play) is None
    view = position_view(name)
    assert view.table.game.log == g.log and view.table.humans == [0]
    before = len(view.table.game.log)
    assert show_move(view) is None
    assert len(view.table.game.log) == before + 1  # the bots have not answered: the effect stays in view
    assert str(view.table.log_text[-1]) == describe_action(None, view.table.game.log[-1], lang="en")
    g.audit()
    view.table.game.audit()


def test_each_special_card_has_a_position():
    cards = {POSITIONS[n].play.split()[1] for n in POSITIONS if POSITIONS[n].play.startswith("play ")}
    specials = {"brake-van", "royal", "reassign", "repair-3", "transfer", "standing-room", "uncouple"}
    assert specials <= cards
    g = position_game("rush-hour", played=True)
    assert g.rush_hours == 1 and [t.name for t in g.station] == ["T1", "T2", "T3"]


def test_SM_SCORE_the_brake_van_position_scores_chips_times_value_in_the_view():
    view = position_view("brake-van")
    show_move(view)
    dep = view.table.game.score_history()[-1]
    assert dep["value"] == 3 and dep["points"] == [9, 3]
    text = view.depart_pane.object
    assert "T1 (locomotive 5, Standard) leaves the station" in text and "= <b>+9</b>" in text and "= <b>+3</b>" in text


def test_SM_TIE_the_end_position_ends_in_a_tie_broken_by_the_best_single_train():
    view = position_view("end-tie")
    show_move(view)
    g = view.table.game
    assert g.is_over and g.end_reason == "last-loco" and g.scores == [4, 4]
    rows = g.summary()
    assert [(r["best_train"], r["rank"], r["win"]) for r in rows] == [(4, 1, True), (2, 2, False)]
    assert view.seat == 0 and view.banner.visible and view.banner.winners == ["You"]  # seat 0's page


def test_setup_facts_follow_the_player_count_rules():
    rows = {r["players"]: r for r in setup_facts()}
    assert rows[3]["removed"] == ("L6-freight-green", "L7-green", "L8-green")  # SM-SETUP-LOCOS: no banners below 4
    assert rows[4]["removed"] == ("L8-green",) and rows[5]["removed"] == ()
    assert all(r["station_at_start"] == n and r["cards_dealt"] == 3 * n for n, r in rows.items())
    assert rows[2]["draw_pile"] + rows[2]["cards_dealt"] == 97


def test_an_unknown_position_is_a_clear_error():
    with pytest.raises(DataError) as exc:
        position_view("nowhere")
    assert "one of brake-van, end-tie" in str(exc.value)
    with pytest.raises(ValueError):
        show_move(__import__("railkit.viz", fromlist=["x"]).quick_game("station-master", seed=1, auto=False))


def test_latest_events_name_players_as_the_page_does():
    """The rules notebook prints the latest events as the page says them: never "seat 0"."""
    import re

    from railkit.games.station_master.positions import POSITIONS
    from railkit.viz.station_master.lessons import latest_events, position_view, show_move

    seen = []
    for name in POSITIONS:
        view = position_view(name)
        show_move(view)
        lines = latest_events(view, 4)
        seen += lines
        assert not [line for line in lines if re.search(r"\bseat \d", line, re.I)], (name, lines)
    assert len(seen) >= 5 and any("Player 1" in line for line in seen), seen


def test_read_says_cards_locomotives_and_positions_in_words():
    import pandas as pd

    from railkit.games.station_master.positions import setup_facts
    from railkit.viz.station_master.lessons import positions, read

    assert repr(read(["+1", "-3", "royal", "lux+5", "repair-3"], [["lux+5", 2]], lang="de")).splitlines() == [
        "+1, -3, Royal Carriage, Luxus +5, Repair (oberste 3)", "Luxus +5 ×2"]
    table = read(pd.DataFrame(setup_facts()), lang="da")
    assert table.columns[2] == "taget ud"
    assert table.iloc[0, 2] == ("lokomotiv 6, Freight, grønt banner; lokomotiv 7, Standard, grønt banner; "
                                "lokomotiv 8, Standard, grønt banner")
    assert table.iloc[4, 2] == "—"
    listed = repr(positions()).splitlines()
    assert listed[0].startswith("`brake-van`: Brake Van: the train leaves at once") and len(listed) == 12

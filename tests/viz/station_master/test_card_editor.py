"""The Station Master card-list editor: live validation, atomic save, round trip, bad files,
the deck's make-up, play and simulate, and the card-list picker of the new-game form."""

from __future__ import annotations

import doctest
import json
import os

import jsonschema
import pytest

from railkit.core.errors import DataError
from railkit.games.station_master.cards import DEFAULT_PATH, SCHEMA_PATH, load_cards
from railkit.games.station_master.cards import card_list_choices, deck_makeup
from railkit.viz.shell.table import Table
from railkit.viz.station_master import card_editor
from railkit.viz.station_master.card_editor import CardListEditor
from railkit.viz.station_master.view import StationMasterView

SCHEMA = json.loads(SCHEMA_PATH.read_text())


@pytest.fixture
def ed(tmp_path):
    return CardListEditor("default", folder=tmp_path / "lists")


def test_doctests():
    result = doctest.testmod(card_editor, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10 and result.failed == 0


def test_the_default_list_opens_valid_with_its_summary(ed):
    assert ed.ok
    assert ed.status == ("OK: railkit-default: 15 locomotives, 97 cards (70 carriages, 27 specials: 28%), "
                         "chips the rules' chips")
    assert ed.msg.alert_type == "success"
    assert ed.w_locos.value.splitlines()[:3] == ["3 x2", "4 x2", "4 freight x1"]
    assert "6 freight banner x1" in ed.w_locos.value
    assert ed.w_carriages.value.splitlines()[-2:] == ["lux+4 x4", "lux+5 x2"]
    assert ed.w_specials["rush-hour"].value == 2 and ed.w_repairs.value == "3 x2, 5 x2"


@pytest.mark.parametrize("box,text,where,message", [
    ("carriages", "+1 x12\n\n0 x3", "(carriages box, line 3)", "at $.cards[1].value: expected a non-zero carriage value, got 0"),
    ("carriages", "+1 x12\n+1 x2", "(carriages box, line 2)", "a card not listed before (+1 is already in the list"),
    ("carriages", "+1 x0", "(carriages box, line 1)", "at $.cards[0].count: expected how many copies: a whole number from 1 to 100"),
    ("carriages", "+30 x1", "(carriages box, line 1)", "the carriage's value: a whole number from -20 to 20, got 30"),
    ("carriages", "plus one", "", "carriages box: at line 1: expected 'VALUE xCOUNT'"),
    ("locomotives", "3 x2\n21 x1", "(locomotives box, line 2)", "at $.locomotives[1].number: expected the locomotive's number"),
    ("locomotives", "5 steam x3", "", "locomotives box: at line 1: expected 'number [standard|executive|freight]"),
    ("locomotives", "", "", "at $.locomotives: expected at least one locomotive"),
    ("chips", "1, 2, 10", "(chips box)", "at $.chips[2]: expected a chip face value from 1 to 9, got 10"),
    ("chips", "1, two", "", "chips box: at $: expected whole numbers separated by commas"),
    ("repairs", "0 x2", "(Repair)", "how many discard-pile cards Repair looks at: a whole number from 1 to 20, got 0"),
])
def test_live_validation_names_the_box_the_line_and_the_loaders_message(ed, box, text, where, message):
    getattr(ed, f"set_{box}_text")(text)
    assert not ed.ok
    assert ed.status.startswith(f"Not valid yet{' ' + where if where else ''}: "), ed.status
    assert message in ed.status
    assert ed.msg.alert_type == "danger"
    with pytest.raises(DataError):
        ed.validate()
    with pytest.raises(DataError):
        ed.save()
    assert not list((ed.folder).glob("*.json")) if ed.folder.exists() else True


def test_typing_in_a_box_validates_at_once_and_fixing_it_clears_the_error(ed):
    ed.w_carriages.value = "+1 x12\n-1 x0"
    assert not ed.ok and "(carriages box, line 2)" in ed.status
    ed.w_carriages.value = "+1 x12\n-1 x9"
    assert ed.ok and "21 carriages" in ed.status
    ed.w_specials["royal"].value = 0
    assert "royal" not in ed.validate().card_counts
    ed.w_chips.value = "2, 2, 2"
    assert ed.validate().chips == (2, 2, 2)


def test_a_list_that_no_game_can_use_is_warned_about(ed):
    ed.set_locomotives_text("8 x1\n5 banner x2")
    ed.w_players.value = 4  # the 8 leaves with 4 players
    assert ed.ok and ed.msg.alert_type == "warning"
    assert "Warning: with 4 players only 2 locomotive(s) stay in play" in ed.status
    ed.set_locomotives_text("5 banner x2")
    ed.w_players.value = 3  # green banners leave with fewer than 4
    assert ed.ok and "Warning: a 3-player game cannot start: a locomotive left in play with 3 players" in ed.status
    ed.set_locomotives_text("5 banner x2\n4 x5\n6 freight x1")
    assert ed.msg.alert_type == "success" and "Warning" not in ed.status


def test_the_deck_makeup_plot_shows_the_lists_counts(ed):
    ed.set_carriage(-3, 0)
    ed.set_carriage(7, 2, luxury=True)
    ed.set_special("rush-hour", 5)
    cl = ed.validate()
    src = ed.values_src.data
    assert dict(zip(src["key"], src["count"])) == {k: n for k, n in cl.card_counts.items() if cl.info[k].is_carriage}
    assert src["key"] == ["-2", "-1", "+1", "+2", "+3", "lux+4", "lux+5", "lux+7"]
    assert list(ed._values_fig.x_range.factors) == src["key"]
    sp = dict(zip(ed.specials_src.data["kind"], ed.specials_src.data["count"]))
    assert sp["Rush Hour"] == 5 and sp["Repair"] == 4 and sum(sp.values()) == 30
    m = deck_makeup(cl)
    assert ed._specials_fig.title.text == f"Special cards: 30 of {m['cards']} ({100 * 30 / m['cards']:.0f}%)"
    assert ed._values_fig.title.text == "Carriage values: 40 positive, 23 negative (8 luxury)"


def test_save_is_atomic_round_trips_and_matches_the_schema(ed, tmp_path):
    ed.w_name.value = "short-deck"
    ed.set_locomotives([{"number": 4, "count": 3}, {"number": 6, "kind": "executive", "banner": True}])
    ed.set_carriages_text("+2 x10\n-1 x8\nlux-3 x2")
    ed.set_special("brake-van", 3)
    ed.set_special("repair", 1, depth=4)
    ed.set_chips([1, 2, 2, 3])
    path = ed.save()
    assert path == ed.folder / "short-deck.json"
    assert sorted(os.listdir(ed.folder)) == ["short-deck.json"]  # no temporary file left
    data = json.loads(path.read_text())
    jsonschema.validate(data, SCHEMA)
    assert data["totals"] == {"locomotives": 4, "cards": 47}  # counted, so the loader's check holds
    cl = load_cards(path)
    assert cl.chips == (1, 2, 2, 3) and cl.card_counts["lux-3"] == 2 and cl.card_counts["repair-4"] == 1
    assert cl.loco_counts == {"L4": 3, "L6-exec-green": 1}
    # the saved file opens in the editor as it was saved
    again = CardListEditor(path, folder=ed.folder)
    assert again.to_dict() == data and again.w_locos.value == ed.w_locos.value
    assert again.w_carriages.value == ed.w_carriages.value and again.w_chips.value == "1, 2, 2, 3"


def test_a_failed_write_leaves_the_old_file_as_it_was(ed, monkeypatch):
    path = ed.save(ed.folder / "deck.json")
    before = path.read_bytes()
    ed.set_special("royal", 9)

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("railkit.core.jsonio.os.replace", broken)
    with pytest.raises(OSError):
        ed.save(path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(ed.folder)) == ["deck.json"]


@pytest.mark.parametrize("text,message", [
    ("{not json", "valid JSON (line 1"),
    (json.dumps({"format": "railkit-station-master-cards", "version": 1, "name": "x", "provenance": "t",
                 "locomotives": [{"number": 3}], "cards": [{"kind": "carriage", "value": 1, "count": 2}],
                 "chips": []}), "at $.chips: expected a list of 1 to 12 chip values"),
    (json.dumps({"format": "railkit-station-master-cards", "version": 1, "name": "x", "provenance": "t",
                 "locomotives": [{"number": 3}], "cards": [{"kind": "carriage", "value": 1}], "chips": [1, True]}),
     "at $.chips[1]: expected a chip face value from 1 to 9, got True"),
])
def test_a_bad_file_is_a_clear_error_naming_file_and_field(tmp_path, text, message):
    p = tmp_path / "bad.json"
    p.write_text(text)
    with pytest.raises(DataError) as exc:
        CardListEditor(p, folder=tmp_path)
    assert str(p) in str(exc.value) and message in str(exc.value)


def test_SM_SETUP_CHIPS_a_card_lists_chips_match_the_schema_and_the_loader(tmp_path):
    data = json.loads(DEFAULT_PATH.read_text())
    data["chips"] = [1, 2, 3, 4]
    jsonschema.validate(data, SCHEMA)
    p = tmp_path / "c.json"
    p.write_text(json.dumps(data))
    assert load_cards(p).chips == (1, 2, 3, 4) and load_cards().chips == ()
    for bad in ([], [0], [10], list(range(1, 10)) + [1, 2, 3, 4]):
        data["chips"] = bad
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(data, SCHEMA)
        p.write_text(json.dumps(data))
        with pytest.raises(DataError):
            load_cards(p)


def test_play_this_deck_starts_a_station_master_game_on_it(ed):
    ed.w_name.value = "rich"
    ed.set_carriages_text("+3 x40\n-1 x5")
    ed.set_chips([3, 3])
    ed.w_players.value = 3
    view = ed.play(seed=4)
    assert isinstance(view, StationMasterView) and ed.game is view and len(ed.play_area.objects) == 2
    g = view.table.game
    assert g.players == 3 and g.cardlist.name == "rich" and g.supply[0] == [3, 3]
    assert set(g.cardlist.card_counts) >= {"+3", "-1"} and len(g.cardlist.cards) == 45 + 27 - 0
    assert not list(ed.folder.glob("*.json")) if ed.folder.exists() else True  # playing saves nothing there
    view.click_chip(3)
    assert view.click_train(view.table.game.station[0].tid) is None


def test_simulate_plays_seeded_bot_games_and_shows_the_balance_plots(ed):
    ed.set_chips([1, 2, 3])
    df = ed.simulate(games=6, players=2, seed=5, compare_default=True)
    assert sorted(df["variant"].unique()) == ["railkit default", "this deck: railkit-default"]
    assert len(df) == 2 * 6 * 2 and (df["error"] == "").all()
    assert set(df[df.variant == "this deck: railkit-default"]["chip_split"]) == {"1-2-3"}
    assert set(df[df.variant == "railkit default"]["chip_split"]) == {"1-1-2-2-3-3"}
    names = [p.object.name for p in ed.sim_area.objects[1].objects]
    assert names == ["win-rates", "chip-split-scores", "chip-value-points", "score-distribution"]
    again = ed.simulate(games=6, players=2, seed=5, compare_default=True)
    assert again.drop(columns=[]).equals(df)  # seeded: the same games again


# ---------------------------------------------------------------- the new-game form's card-list picker
def test_picker_offers_the_default_and_the_editors_saved_lists(ed, tmp_path):
    ed.w_name.value = "alpha"
    ed.save()
    (ed.folder / "broken.json").write_text("{}")
    assert card_list_choices(ed.folder) == {"railkit default": "default", "alpha.json": str(ed.folder / "alpha.json"),
                                            "broken.json": str(ed.folder / "broken.json")}
    view = StationMasterView(Table(players=2, humans=[0], bots=["random"], seed=1, game="station-master"),
                             auto=False, cards_folder=str(ed.folder))
    (w,) = view._option_widgets()
    assert w.options == card_list_choices(ed.folder) and w.value == "default"
    ed.w_name.value = "beta"
    ed.save()
    (w,) = view._option_widgets()  # read anew when the form opens
    assert "beta.json" in w.options


def test_picking_a_saved_list_starts_the_next_game_with_it_and_its_chips(ed):
    ed.w_name.value = "two-chips"
    ed.set_chips([2, 3])
    path = ed.save()
    view = StationMasterView(Table(players=2, humans=[0], bots=["random"], seed=1, game="station-master"),
                             auto=False, cards_folder=str(ed.folder))
    (w,) = view._option_widgets()
    w.value = str(path)
    assert view.rules.cards == str(path) and view.rules.chip_values == [2, 3]
    assert "Card list two-chips: 15 locomotives, 97 cards, chips 2, 3" in view.message.object
    view.new_game()
    g = view.table.game
    assert g.cardlist.name == "two-chips" and g.supply == [[2, 3], [2, 3]]
    w.value = "default"  # a list without chips: the rules' chips again
    assert view.rules.chip_values == [1, 1, 2, 2, 3, 3]


def test_picking_a_broken_list_is_explained_plainly_and_no_game_starts_with_it(ed):
    bad = ed.folder / "broken.json"
    ed.folder.mkdir(parents=True)
    bad.write_text(json.dumps({"format": "railkit-station-master-cards", "version": 1, "name": "b",
                               "provenance": "t", "locomotives": [{"number": 3, "kind": "steam"}],
                               "cards": [{"kind": "carriage", "value": 1}]}))
    view = StationMasterView(Table(players=2, humans=[0], bots=["random"], seed=1, game="station-master"),
                             auto=False, cards_folder=str(ed.folder))
    before = view.table.game
    (w,) = view._option_widgets()
    w.value = str(bad)
    text = view.message.object
    assert text.startswith("<b>This card list cannot be used:</b> ")
    assert str(bad) in text and "$.locomotives[0].kind" in text and "one of standard, executive, freight" in text
    assert "Traceback" not in text
    view.new_game()
    assert view.table.game is before
    assert view.message.object.startswith("<b>Cannot start:</b>") and "$.locomotives[0].kind" in view.message.object
    w.value = "default"
    view.new_game()
    assert view.table.game is not before and view.table.game.cardlist.name == "railkit-default"


def test_the_makeup_charts_rescale_when_counts_grow(ed):
    """The charts' ranges are set by the editor (fixed ranges: a page keeps a data range's first
    end), so a bar that grows stays inside its chart, with room for its label."""
    from bokeh.models import Range1d

    values, specials = ed._values_fig, ed._specials_fig
    assert isinstance(values.y_range, Range1d) and isinstance(specials.x_range, Range1d)
    ed.set_carriages_text("+2 x10\n-1 x8\nlux-3 x2")
    small = values.y_range.end
    ed.set_carriages_text("+2 x60\n-1 x8\nlux-3 x2")
    ed.w_specials["royal"].value = 40
    assert values.y_range.end > small and values.y_range.end >= 60 * 1.1
    assert specials.x_range.end >= 40 * 1.3 and values.y_range.start == 0 == specials.x_range.start

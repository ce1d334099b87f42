"""The Station Master view: playing by clicks, choices matched against the legal actions,
illegal choices explained with their rule id, departures step by step, and nothing hidden
reaching another seat (a noninterference test on the serialized Bokeh document)."""

from __future__ import annotations

import dataclasses
import html
import random
import re

import pytest
from bokeh.core.json_encoder import serialize_json
from bokeh.document import Document

from railkit.games.station_master.actions import Pass, PlaceChip
from railkit.viz.station_master.view import (StationMasterView, card_label, departure_steps, describe_action,
                                 train_html)
from railkit.viz.shell.table import Table


def click_action(view: StationMasterView, action) -> None:
    """Play ``action`` the way a person does: a chip or card, then the trains and choices asked for."""
    if isinstance(action, Pass):
        assert view.pass_btn.visible
        view.pass_btn.clicks += 1
        return
    if isinstance(action, PlaceChip):
        view.click_chip(action.value)
    else:
        view.click_card(action.card)
    for _ in range(8):
        if view._sel is None:
            return
        f = view._field
        if f in ("train", "source", "target"):
            assert view.click_train(getattr(action, f)) is None, view.message.object
        elif f == "confirm":
            view.choose("confirm", True)
        else:
            view.choose(f, getattr(action, f))
    raise AssertionError(f"the view kept asking for {action}")


def view_for(setup=None, players=3, humans=(0, 1), seat=0, seed=7) -> StationMasterView:
    t = Table(players=players, humans=list(humans), seed=seed, game="station-master",
              **({"setup": setup} if setup else {}))
    return StationMasterView(t, seat=seat, auto=False)


def doc_text(view: StationMasterView) -> str:
    """The view's whole Bokeh document as JSON, with model ids and Panel's numbered names
    replaced by their order of appearance (the only things that may differ)."""
    doc = Document()
    doc.add_root(view.__panel__().get_root(doc))
    text = serialize_json(doc.to_json())
    ids: dict[str, str] = {}
    # ids, also inside references such as "__ref:p1234" (FlexBox children)
    text = re.sub(r'(?<=[":])(p\d+)(?=")', lambda m: ids.setdefault(m[1], f"id{len(ids)}"), text)
    names: dict[str, str] = {}
    return re.sub(r'"([A-Z][A-Za-z]*\d{5})"', lambda m: '"' + names.setdefault(m[1], f"n{len(names)}") + '"', text)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_by_clicks_plays_exactly_the_legal_action_clicked(seed):
    t = Table(players=4, humans=[0], bots=["random"], seed=seed, game="station-master")
    view = StationMasterView(t, auto=False)
    rng = random.Random(seed)
    while not t.game.is_over:
        action = rng.choice(t.game.legal_actions())
        n = len(t.game.log)
        click_action(view, action)
        assert t.game.log[n] == action
    # the banner calls this page's seat "You"
    winners = ["You" if r["seat"] == view.seat else t.seat_label(r["seat"]) for r in t.game.summary() if r["win"]]
    assert view.banner.visible and sorted(view.banner.winners) == sorted(winners)
    assert view.prompt.object == "<i>The game is over.</i>"


def test_chip_then_locomotive_places_the_chip_and_only_my_values_show():
    view = view_for()
    view.click_chip(3)
    assert "Click the train" in view.prompt.object
    assert view.click_train(2) is None
    assert view.table.game.log[-1] == PlaceChip(3, 2)
    assert "P1·3" in view.train_html[1].object
    view.table.apply(1, "chip 2 on T2")
    view.refresh()
    html = view.train_html[1].object
    assert "P1·3" in html and "P2·" not in html and html.count("title='P2'") == 1


def others_place_on(view, train):
    """The other seats each place a chip on ``train`` (their lowest chip)."""
    t = view.table
    while t.game.current_player != view.seat:
        seat = t.game.current_player
        assert t.apply(seat, f"chip {t.game.supply[seat][0]} on T{train}") is None
    view.refresh()


def test_an_illegal_choice_is_explained_with_its_rule_id_and_nothing_changes():
    view = view_for({"station": ["L3", "L4", "L5"], "to_move": 0})
    g = view.table.game
    click_action(view, PlaceChip(1, 1))
    others_place_on(view, 1)  # T1, a 3, holds 3 chips now
    assert g.observe(0)["station"][0]["chips_on"] == 3
    n = len(g.log)
    view.click_chip(2)
    err = view.click_train(1)
    assert err is not None and err.rule == "SM-CHIP-CAPACITY"
    assert "rule SM-CHIP-CAPACITY" in view.message.object and len(g.log) == n
    assert view._sel == ("chip", 2)  # the choice stays open: another train can take it
    assert view.click_train(2) is None and len(g.log) > n


def test_chips_and_cards_that_cannot_be_played_now_are_disabled_with_the_engines_reason():
    """Every train full of chips: the chips are disabled, each with the engine's reason for
    that chip on each train (``why_illegal`` of this seat's move), and the cards stay playable;
    a click on a disabled chip from code says the same reason."""
    view = view_for({"station": ["L3", "L4"], "to_move": 0}, humans=(0, 1, 2))
    t = view.table
    g = t.game
    while any(len(tr.chips) < g.chip_capacity(tr) for tr in g.station):
        s = g.current_player
        tr = next(tr for tr in g.station if len(tr.chips) < g.chip_capacity(tr))
        assert t.apply(s, f"chip {g.supply[s][0]} on T{tr.tid}") is None
    view = StationMasterView(t, seat=g.current_player, auto=False)
    seat = g.current_player
    assert not any(isinstance(a, PlaceChip) for a in g.legal_actions())
    shown = [b for b in view.chip_btns if b.visible]
    assert [b.label.split(" ")[1] for b in shown] == [str(v) for v in sorted(set(g.supply[seat]))]
    for b in shown:
        value = int(b.label.split(" ")[1])
        errors = [g.why_illegal(PlaceChip(value, tv["id"])) for tv in g.observe(seat)["station"]]
        assert b.disabled
        assert b.description == ("Cannot be played now:\n" + "\n".join(e.reason for e in errors)
                                 + " (rule SM-CHIP-CAPACITY)")
    assert all(not b.disabled and b.description is None for b in view.card_btns if b.visible)
    view.click_chip(int(shown[0].label.split(" ")[1]))
    assert view._sel is None and "Not allowed" in view.message.object
    said = shown[0].description.split("\n", 1)[1].replace("\n", " ")
    assert said in html.unescape(view.message.object)


def test_out_of_turn_clicks_are_explained():
    view = view_for(seat=1)
    view.click_chip(1)
    assert "turn" in view.message.object and view._sel is None


def test_reassign_asks_for_the_train_to_take_from_then_the_one_to_move_to():
    setup = {"station": ["L5", "L4", "L3"], "hands": [["reassign", "+2", "-1"], None, None], "to_move": 0}
    view = view_for(setup)
    assert view.click_train(1) is None and "first" in view.message.object
    click_action(view, next(a for a in view.table.game.legal_actions() if str(a) == "play +2 on T2"))
    others_place_on(view, 3)
    view.click_card("reassign")  # only T2 has a carriage: nothing to ask but where it goes
    assert "move to" in view.prompt.object and "from T2" in view.prompt.object
    view.cancel()
    click_action(view, next(a for a in view.table.game.legal_actions() if str(a) == "play -1 on T1"))
    others_place_on(view, 1)
    view.click_card("reassign")
    assert "take from" in view.prompt.object
    err = view.click_train(3)  # T3 has no carriage
    assert err is not None and err.rule == "SM-REASSIGN"
    assert view.click_train(2) is None
    assert "move to" in view.prompt.object
    err = view.click_train(2)
    assert err is not None and err.rule == "SM-REASSIGN"
    assert view.click_train(3) is None
    assert str(view.table.game.log[-1]) == "play reassign T2->T3"


def test_every_special_card_asks_only_what_it_needs():
    seen = set()
    for seed in range(6):
        t = Table(players=4, humans=[0], bots=["random"], seed=seed, game="station-master")
        view = StationMasterView(t, auto=False)
        rng = random.Random(seed)
        while not t.game.is_over:
            legal = t.game.legal_actions()
            special = [a for a in legal if getattr(a, "card", "+")[0] not in "+-l"]
            action = rng.choice(special or legal)
            card = getattr(action, "card", None)
            if card is not None and not isinstance(action, PlaceChip):
                view.click_card(card)
                asked = []
                while view._sel is not None:
                    asked.append(view._field)
                    f = view._field
                    if f in ("train", "source", "target"):
                        assert view.click_train(getattr(action, f)) is None
                    elif f == "confirm":
                        assert "look at the top discards" in view.prompt.object
                        view.choose(f, True)
                    else:
                        view.choose(f, getattr(action, f))
                    assert len(asked) < 6
                seen.add(card.split("-")[0] if card.startswith("repair") else card)
                # never asked for a field whose answer was already certain
                assert len(asked) == len(set(asked))
            else:
                click_action(view, action)
            assert t.game.log[-1] is not None
    assert {"brake-van", "uncouple", "standing-room", "repair"} <= seen


def test_departure_steps_work_out_value_and_points():
    dep = {"train": "T2", "locomotive": "L4-freight", "kind": "freight", "cards": ["+2", "-3", "lux+4", "royal"],
           "multipliers": [1, 2, 2, 1], "value": 10, "reason": "full", "chips": [[1, 3], [], [2]],
           "points": [40, 0, 20]}
    steps = departure_steps(dep, ["Player 1", "Player 2", "Player 3"], [5, 0, -3])
    assert len(steps) == 4
    assert "P1·1" in steps[0] and "P1·3" in steps[0] and "P3·2" in steps[0]
    drawn = steps[0].split("sm-train sm-left", 1)[1]  # the train as it left: every chip turned over on it
    assert drawn.count("sm-car ") == 4 and all(c in drawn for c in ("P1·1", "P1·3", "P3·2", "<b class='sm-number'>4</b>"))
    assert "(Freight: −2)" in steps[1] and "(Freight: +3) ×2 (Royal)" in steps[1] and "<b>+10</b>" in steps[1]
    assert "(1 + 3) × +10 = <b>+40</b>" in steps[2]
    assert "5 → <b>45</b>" in steps[3] and "-3 → <b>17</b>" in steps[3]


def test_a_departure_is_shown_in_the_view():
    setup = {"station": ["L3", "L4", "L5"], "hands": [["brake-van", "+1", "+2"], None, None], "to_move": 0}
    view = view_for(setup)
    click_action(view, PlaceChip(3, 1))
    view.table.apply(1, "chip 1 on T1")
    view.table.apply(2, "chip 2 on T2")
    view.refresh()
    click_action(view, next(a for a in view.table.game.legal_actions() if str(a) == "play brake-van on T1"))
    text = view.depart_pane.object
    assert "T1 (locomotive 3, Standard) leaves the station" in text and "P2·1" in text and "Scores" in text


def test_the_log_hides_chip_values_but_shows_my_own():
    view = view_for()
    click_action(view, PlaceChip(3, 2))
    view.table.apply(1, "chip 2 on T1")
    view.refresh()
    assert [str(text) for text in view.table.log_text[:2]] == ["placed a chip on T2", "placed a chip on T1"]
    assert "placed chip 3 on T2" in view.log_pane.object and "chip 2" not in view.log_pane.object
    assert describe_action(None, PlaceChip(2, 1)) == "placed a chip on T1"


def test_the_shared_log_holds_messages_each_page_reads_in_its_language():
    """The table keeps no text rendered in one language: a German page and a Japanese page at
    one table read every line of the log in their own language."""
    from railkit.core.i18n import Message

    view = view_for()
    click_action(view, PlaceChip(3, 2))
    view.table.apply(1, "chip 2 on T1")
    assert all(isinstance(text, Message) for text in view.table.log_text)
    de, ja = StationMasterView(view.table, seat=None, auto=False), StationMasterView(view.table, seat=2, auto=False)
    de.w_lang.value, ja.w_lang.value = "de", "ja"
    assert "legte einen Chip auf T1" in de.log_pane.object and "placed" not in de.log_pane.object
    assert "T1にチップを置いた" in ja.log_pane.object and "placed" not in ja.log_pane.object


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_log_line_says_the_move_in_words_and_names_players_as_the_page(seed):
    """Every legal move of whole random games described for the log: no raw action text
    (``play transfer T2->T1 owners 0``), no seat counted from 0, and the same words whatever
    a hidden chip's value (a chip placed, or placed with Standing Room)."""
    from railkit.games.station_master.actions import PlayStandingRoom, PlayTransfer

    rng = random.Random(seed)
    t = Table(players=4, humans=[0], seed=seed, game="station-master")
    g = t.game
    while not g.is_over:
        legal = g.legal_actions()
        for a in legal:
            text = describe_action(g, a)
            assert str(a) not in text and "owners" not in text and "->" not in text, (a, text)
            assert not re.search(r"\b[Ss]eat \d", text), text
            if isinstance(a, (PlaceChip, PlayStandingRoom)) and getattr(a, "chip", getattr(a, "value", None)):
                hidden = dict(value=99) if isinstance(a, PlaceChip) else dict(chip=99)
                assert describe_action(g, dataclasses.replace(a, **hidden)) == text  # the value stays hidden
            if isinstance(a, PlayTransfer):
                assert all(f"Player {o + 1}'s" in text for o in a.owners), text
        g.apply(rng.choice(legal))
    assert g.log


def test_event_lines_name_players_as_the_page_does():
    """The engine's events count seats from 0 ("Seat 1" is Player 2): the page names them as it
    names players everywhere, and says a departure's points per player."""
    from railkit.viz.station_master.view import event_text

    names = ["Player 1", "Player 2", "Player 3"]
    assert event_text("Seat 1 moved 2 chip(s) (1 of seat 0, 1 of seat 2) from T1 to T3.", names) == \
        "Player 2 moved 2 chips (1 of Player 1's, 1 of Player 3's) from T1 to T3."
    assert event_text("Rush Hour drawn by seat 2: T4 (L5) enters the station.", names) == \
        "Rush Hour drawn by Player 3: T4 (locomotive 5, Standard) enters the station."
    assert event_text("T1 (L5) left the station (full), value 4: points [12, 0, -4].", names) == \
        "T1 (locomotive 5, Standard) left the station (full), value +4: Player 1 +12, Player 3 −4."
    assert event_text("Seat 0 repaired lux+5 from the discard pile onto T2.", names) == \
        "Player 1 coupled Luxury +5 from the discard pile to T2 (Repair)."


def test_spectator_sees_no_chip_value_and_no_hand():
    view = view_for(seat=None)
    view.table.apply(0, "chip 3 on T1")
    view.table.apply(1, "chip 2 on T1")
    view.refresh()
    html = view.train_html[0].object
    assert "P1·" not in html and "P2·" not in html and "mine" not in html and html.count("sm-chip") == 2
    assert not any(b.visible for b in view.card_btns + view.chip_btns)
    obs = view.table.game.observe(None)
    assert obs["hand"] == [] and all(t["my_chips"] == [] and "chips" not in t for t in obs["station"])


def test_train_html_shows_limits_kind_banner_and_attachments():
    """A train is a row of cards: the locomotive (number, type, banner) with the chips on it
    and its free chip places, its carriages beside it (what each counts on this train, its
    Royal doubling) and its free carriage places as empty outlines."""
    tv = {"train": "T4", "id": 4, "locomotive": "L6-freight-green", "number": 6, "kind": "freight", "banner": True,
          "cards": ["-2", "royal"], "multipliers": [2, 1], "carriages": 1, "slots_used": 2, "value": 4,
          "standing_room": 1, "chip_capacity": 7, "chips_on": 2, "chip_counts": [1, 1], "my_chips": [2]}
    html = train_html(tv, 0, ["Player 1", "Player 2"], "luxury-positive")
    loco, cars = html.split("<div class='sm-cars'>")
    for part in ("<b class='sm-number'>6</b>", "sm-freight", "Freight", "banner", "P1·2", "title='P2'"):
        assert part in loco, part
    assert loco.count("sm-slot-chip") == 7 - 2
    for part in ("−2<small>→ counts +2</small><small>×2 = +4</small>", "Royal Carriage", "Standing Room", "2/6",
                 "2/7"):
        assert part in cars, part
    assert cars.count("sm-slot-card") == 6 - 2
    assert card_label("uncouple") == "Uncouple"


@pytest.mark.parametrize("mine", [["+1", "-2", "brake-van"], ["+1", "uncouple", "royal"]])
def test_noninterference_seat_2s_hidden_choices_do_not_change_seat_1s_document(mine):
    """Two games that differ only in seat 2's hidden choices (the cards it holds, the chip value
    it placed) give seat 1 identical serialized documents, up to model ids; also when seat 1
    holds cards it cannot play now (disabled, with the engine's reasons on hover)."""

    def game(hand, chip, seat):
        setup = {"hands": [mine, hand, ["+3", "-3", "uncouple"]], "to_move": 1}
        view = view_for(setup, seat=seat)
        assert view.table.apply(1, f"chip {chip} on T1") is None
        assert view.table.apply(2, "chip 1 on T2") is None
        view.refresh()
        return view

    a = doc_text(game(["royal", "lux+5", "+2"], 3, seat=0))
    b = doc_text(game(["transfer", "-1", "reassign"], 1, seat=0))
    assert a == b
    assert ("Cannot be played now" in a) == ("uncouple" in mine)
    # the comparison can see a difference: seat 2's own documents differ
    assert doc_text(game(["royal", "lux+5", "+2"], 3, seat=1)) != doc_text(game(["transfer", "-1", "reassign"], 1, seat=1))
    # and a spectator's are identical too
    assert doc_text(game(["royal", "lux+5", "+2"], 3, seat=None)) == doc_text(game(["transfer", "-1", "reassign"], 1, seat=None))


def test_the_end_banner_colours_each_player_as_the_board_does():
    """Each player's chip on the board and score in the end banner: the same background and ink."""
    from railkit.games.station_master import SPEC
    from railkit.viz.shell.banner import banner_html
    from railkit.viz.station_master.view import chip_html

    names = [f"Player {s + 1}" for s in range(6)]
    final = [{"seat": s, "score": 10 - s, "rank": s + 1, "win": s == 0} for s in range(6)]
    banner = banner_html(final, names, SPEC.palette)
    for s in range(6):
        board = re.search(r"background:(#\w+);color:(#\w+)", chip_html(s, names))
        end = re.search(rf"data-seat='{s}'[^>]*background:(#\w+);color:(#\w+)", banner)
        assert board and end
        assert (board[1].lower(), board[2].lower()) == (end[1].lower(), end[2].lower()), s

"""The Ticket to Ride view, player panel, table and scoring view, without a browser."""

from __future__ import annotations

import json

import param
from bokeh.events import ButtonClick

from railkit.games.ticket_to_ride import Claim
from railkit.viz.shell.games import quick_game
from railkit.viz.shell.lobby import create_app
from railkit.viz.shell.table import Table, actors_of
from railkit.viz.ticket_to_ride.scoring import breakdown_rows, ticket_paths
from railkit.viz.ticket_to_ride.view import CHOOSE, CLAIM_HINT, MAX_PAYMENTS, TicketToRideView, pay_text


def ttr_table(**kw) -> Table:
    """A Ticket to Ride table (the game these tests play at)."""
    return Table(game="ticket-to-ride", **kw)


RICH = {"hand_size": 20}  # enough cards to claim at once


def started(seed=3, players=2, rules=None, map="teaching-small", humans=(0,)):
    ctl = TicketToRideView(ttr_table(players=players, humans=humans, bots=["greedy-route"], seed=seed, map=map,
                               rules=rules), auto=False)
    while ctl.table.game.phase == "setup-tickets":
        seat = ctl.table.game.current_player
        assert ctl.table.is_human(seat)
        other = ctl if seat == ctl.seat else TicketToRideView(ctl.table, seat=seat, auto=False)
        other.player.keep_btn.clicks += 1  # all offered tickets are ticked by default
    return ctl


def pay_buttons(ctl):
    return list(ctl.pay_choice.labels)


def test_keep_starting_tickets_through_the_dialog():
    ctl = TicketToRideView(ttr_table(players=2, bots=["random"], seed=1, map="teaching-small"), auto=False)
    assert ctl.player.offer_shown
    ctl.player.offer.value = ctl.player.offer.options[:1]  # too few
    ctl.player.keep_btn.clicks += 1
    assert "TTR-SETUP-TICKETS" in ctl.message.object and len(ctl.table.game.log) == 0
    ctl.player.offer.value = ctl.player.offer.options[:2]
    ctl.player.keep_btn.clicks += 1
    assert len(ctl.table.game.observe(0)["tickets"]) == 2
    assert not ctl.player.offer_shown
    assert ctl.table.game.current_player == 0  # the bot kept its tickets at once (auto=False)


def test_draw_faceup_and_deck_from_the_market():
    ctl = started()
    g = ctl.table.game
    before = sum(g.observe(0)["hand"].values())
    slot = next(i for i, c in enumerate(g.observe(0)["faceup"]) if c not in (None, "loco"))
    ctl.player.market[slot].clicks += 1
    assert g.phase == "second-draw"
    ctl.player.deck_btn.clicks += 1
    assert sum(g.observe(0)["hand"].values()) == before + 2
    assert g.current_player == 0  # bot moved, back to us
    assert "drew a card from the deck" in ctl.log_pane.object


def test_claim_by_clicking_a_route_changes_board_and_score():
    ctl = started(rules=RICH)
    g = ctl.table.game
    rid = next(a.route for a in g.legal_actions() if isinstance(a, Claim))
    ctl.board.tap(rid)  # the click, as a Tap event at the route's middle
    assert pay_buttons(ctl) and all(b.startswith("Pay ") for b in pay_buttons(ctl))
    assert ctl.board.pending_src.data["xs"]
    ctl.pay_choice.active = 0  # the click on the first button
    assert g.observe(None)["claimed"][rid] == 0
    assert ctl.board.owner(rid) == 0
    assert ctl.payments == [] and "Click a route" in ctl.claim_title.text
    assert pay_buttons(ctl) == [] and ctl.pay_choice.active is None
    assert "data-seat='0'>0<" not in ctl.player.players.object  # score is no longer 0


def test_illegal_claim_is_explained_and_changes_nothing():
    ctl = started(seed=4)
    g = ctl.table.game
    legal_routes = {a.route for a in g.legal_actions() if isinstance(a, Claim)}
    rid = next(r.id for r in g.map.routes if r.id not in legal_routes and r.length >= 3)
    n = len(g.log)
    ctl.board.click(rid)
    assert pay_buttons(ctl) == []
    assert "Not allowed" in ctl.message.object and "(rule TTR-CLAIM" in ctl.message.object
    assert len(g.log) == n and ctl.board.owner(rid) is None


def test_double_route_closed_with_two_players_is_explained():
    ctl = started(rules=RICH, seed=2)
    g = ctl.table.game
    opts = [a for a in g.legal_actions() if isinstance(a, Claim) and a.route == "Harbor-Mill/1"]
    assert opts
    ctl.act(str(opts[0]))
    ctl.table.run_bots()
    ctl.refresh()
    assert "Harbor-Mill/2" in g.observe(0)["closed"] or g.observe(0)["claimed"].get("Harbor-Mill/2") is not None
    ctl.board.click("Harbor-Mill/2")
    assert "TTR-DOUBLE" in ctl.message.object or "TTR-CLAIM-ANYWHERE" in ctl.message.object
    assert ctl.board.routes_src.data["owner"][ctl.board.route_index["Harbor-Mill/2"]] in ("closed", "Teal")


def test_not_your_turn_at_a_shared_table():
    t = ttr_table(players=2, humans=[0, 1], seed=1, map="teaching-small")
    a, b = TicketToRideView(t, seat=0, auto=False), TicketToRideView(t, seat=1, auto=False)
    b.act("keep tickets 1,2")
    assert "Purple's turn" in b.message.object and len(t.game.log) == 0


def test_shared_table_hides_each_seats_hand_and_tickets():
    t = ttr_table(players=2, humans=[0, 1], seed=1, map="usa")
    a, b = TicketToRideView(t, seat=0, auto=False), TicketToRideView(t, seat=1, auto=False)
    a.act("keep tickets 1,2,3")
    b.refresh()
    b.act("keep tickets 1,2,3")
    a.refresh()
    mine = {f"{x['a']} – {x['b']}" for x in t.game.observe(0)["tickets"]}
    theirs = {f"{x['a']} – {x['b']}" for x in t.game.observe(1)["tickets"]}
    assert mine and theirs and not (mine & theirs)
    page_a = a.player.tickets.object + a.player.hand.object + a.player.players.object
    page_b = b.player.tickets.object + b.player.hand.object + b.player.players.object
    assert all(x in page_a for x in mine) and not any(x in page_a for x in theirs)
    assert all(x in page_b for x in theirs) and not any(x in page_b for x in mine)


def test_undo_takes_back_my_move_and_the_bots():
    ctl = TicketToRideView(ttr_table(players=2, humans=(0,), bots=["greedy-route"], seed=3, map="teaching-small"),
                         auto=False)
    ctl.player.keep_btn.clicks += 1  # keep my tickets: the bot keeps its own
    assert len(ctl.table.game.log) >= 2  # the bot moved too
    ctl.undo_btn.clicks += 1
    assert ctl.table.game.log == []  # back to before my choice
    assert ctl.table.game.current_player == 0
    assert ctl.table.actors == actors_of(ctl.table.game)
    ctl.player.keep_btn.clicks += 1
    ctl.act("draw deck")  # a blind draw stays (TABLE-UNDO-BLIND)
    n = len(ctl.table.game.log)
    ctl.undo_btn.clicks += 1
    assert len(ctl.table.game.log) == n


def test_replay_slider_shows_an_earlier_position_read_only():
    ctl = started(rules=RICH)
    g = ctl.table.game
    claim = next(a for a in g.legal_actions() if isinstance(a, Claim))
    ctl.act(str(claim))
    assert ctl.board.owner(claim.route) == 0
    k = g.log.index(claim)
    ctl.show_position(k)
    assert ctl.board.owner(claim.route) is None and ctl.live_btn.visible
    n = len(g.log)
    ctl.act("draw deck")
    assert len(g.log) == n and "Back to live" in ctl.message.object
    ctl.live_btn.clicks += 1
    assert ctl.board.owner(claim.route) == 0 and not ctl.live_btn.visible


def test_save_and_load_round_trip(tmp_path):
    ctl = started(rules=RICH)
    ctl.act("draw deck")
    path = tmp_path / "game.json"
    ctl.save(path)
    data = json.loads(path.read_text())
    other = TicketToRideView(ttr_table(map="teaching-small"), auto=False)
    other.load(path)
    assert [str(a) for a in other.table.game.log] == data["actions"]
    assert other.board.map.name == "teaching-small"
    assert json.loads(ctl.table.to_json_bytes().getvalue()) == data


def test_upload_of_a_bad_file_names_file_and_field():
    ctl = TicketToRideView(ttr_table(map="teaching-small"), auto=False)
    ctl.upload.filename = "broken.json"
    ctl.upload.value = b'{"game": "ticket-to-ride", "players": "two"}'
    assert "broken.json" in ctl.message.object and "$.players" in ctl.message.object
    ctl.upload.value = b'{"game": '
    assert "valid JSON" in ctl.message.object


def test_new_game_from_the_rules_form():
    ctl = TicketToRideView(ttr_table(map="teaching-small"), auto=False)
    ctl.w_preset.value = "mega-game"
    assert ctl.rules.setup_deal == 5
    ctl.w_map.value = "usa"
    ctl.w_players.value = 3
    ctl.rules.trains = 30
    ctl.new_btn.clicks += 1
    g = ctl.table.game
    assert g.players == 3 and g.map.name == "usa" and g.rules.trains == 30
    assert len(g.observe(0)["offered"]) == 5
    assert ctl.board.map.name == "usa"


def test_bots_to_the_end_then_scoring_view():
    ctl = TicketToRideView(ttr_table(players=2, humans=[], bots=["greedy-route"], seed=2, map="teaching-small"),
                         auto=False)
    ctl.table.run_bots()
    ctl.refresh()
    g = ctl.table.game
    assert g.is_over and ctl.scoring is not None
    view = ctl.scoring
    assert len(ctl.board.highlight_src.data["xs"]) > 0
    rows = breakdown_rows(g)
    assert [r["total"] for r in rows] == [x["total"] for x in g.score_breakdown()]
    for seat in range(2):
        view.w_seat.value = seat
        for p in ticket_paths(g, seat):
            if p["done"]:
                owned = {r for r, s in g.observe(None)["claimed"].items() if s == seat}
                assert set(p["routes"]) <= owned and p["missing"] == []
            elif p["missing"] is not None:
                assert p["missing"]
    view.w_show.value = []
    assert ctl.board.highlight_src.data["xs"] == []
    assert "Final scores" in view.__panel__()[0].object  # renders


def test_periodic_tick_moves_bots_with_a_delay():
    t = ttr_table(players=2, humans=[], bots=["random"], seed=1, map="teaching-small", bot_delay=0.0)
    ctl = TicketToRideView(t, auto=True)
    ctl.tick()
    ctl.tick()
    assert len(t.game.log) == 2
    t.bot_delay = 3600
    ctl.tick()
    assert len(t.game.log) == 2


def test_create_app_for_a_private_game_and_for_a_given_table():
    app = create_app("ticket-to-ride")
    assert app is not None
    t1 = ttr_table(players=2, humans=[0, 1], map="teaching-small", seed=1)
    assert create_app("ticket-to-ride", table=t1) is not None


def test_quick_game_defaults_to_usa():
    ctl = quick_game("ticket-to-ride", seed=1, auto=False)
    assert ctl.table.game.map.name == "usa" and len(ctl.board.routes_src.data["id"]) == 100


def test_app_editor_play_starts_a_game_on_the_edited_map(tmp_path):
    from railkit.viz.ticket_to_ride.served import editor_for

    ctl = TicketToRideView(ttr_table(map="teaching-small", seed=1), auto=False)
    ed = editor_for(ctl, folder=tmp_path)
    assert ed.w_name.value == "my-map"
    ed.add_city("Delta", 6.0, 1.0)
    ed.add_route("Fort", "Delta", 2, "red")
    ed.b_play.clicks += 1
    g = ctl.table.game
    assert g.map.name == "my-map" and "Fort-Delta" in g.map.route_by_id
    assert (tmp_path / "my-map.json").exists()
    assert ctl.board.map is g.map and "Fort-Delta" in ctl.board.route_index


# ---------------------------------------------------------------- the payment choice shown by the browser
def pay_column(ctl) -> dict[str, list[str]]:
    """The board's ``pay`` column (what the browser shows on a click), without the empty rows."""
    b = ctl.board
    return {rid: list(p) for rid, p in zip(b.routes_src.data["id"], b.routes_src.data["pay"]) if p}


def offered(g, seat) -> dict[str, list[str]]:
    """What ``seat`` may pay for each route now, as button labels, straight from the rules."""
    out: dict[str, list] = {}
    for a in g.legal_actions():
        if isinstance(a, Claim):
            out.setdefault(a.route, []).append(a)
    return {r: [pay_text(a) for a in sorted(v, key=lambda a: (a.locos, a.colour))[:MAX_PAYMENTS]]
            for r, v in out.items()}


def test_pay_column_holds_this_seats_payments_on_its_turn():
    ctl = started(rules=RICH)
    g = ctl.table.game
    assert g.current_player == 0 and g.phase == "turn"
    col = pay_column(ctl)
    assert col and col == offered(g, 0)
    # the choice the server sets on a click is the same as the browser's (so its update changes nothing)
    rid = next(iter(col))
    ctl.board.tap(rid)
    assert pay_buttons(ctl) == col[rid] == ctl.board.payments(rid)
    assert ctl.claim_title.text == ctl.board.routes_src.data["title"][ctl.board.route_index[rid]] + CHOOSE
    # with a normal hand some routes cannot be claimed: no buttons, and the server explains why
    ctl = started(seed=4)
    g = ctl.table.game
    col = pay_column(ctl)
    assert col == offered(g, 0)
    blocked = next(r.id for r in g.map.routes if r.id not in col)
    ctl.board.tap(blocked)
    assert ctl.board.payments(blocked) == [] == pay_buttons(ctl)
    assert "Not allowed" in ctl.message.object


def test_pay_column_is_empty_when_not_my_turn_and_for_the_other_seat():
    t = ttr_table(players=2, humans=[0, 1], seed=2, map="teaching-small", rules=RICH)
    a, b = TicketToRideView(t, seat=0, auto=False), TicketToRideView(t, seat=1, auto=False)
    a.act("keep tickets 1,2")
    b.refresh()
    b.act("keep tickets 1,2")
    a.refresh()
    g = t.game
    assert g.current_player == 0 and g.phase == "turn"
    assert pay_column(a) == offered(g, 0) and pay_column(a)
    assert pay_column(b) == {}  # seat 2 is not to move: its browser gets nothing (and never seat 1's hand)
    # seat 1 claims: its own choices go away at once (same message as the board), seat 2's appear
    rid, labels = next(iter(pay_column(a).items()))
    a.board.tap(rid)
    a.pay(0)
    assert g.observe(None)["claimed"][rid] == 0
    assert pay_column(a) == {}
    b.refresh()
    assert g.current_player == 1 and pay_column(b) == offered(g, 1) and pay_column(b)
    # hands differ, so do the choices: each board holds its own seat's
    assert a.board.routes_src is not b.board.routes_src


def test_replay_follows_the_player_not_a_stale_slider_value():
    # a busy page may send the slider's old value back after the game moved on: only the
    # value at a drag's end or a key press (value_throttled) is the player's choice
    ctl = started(rules=RICH)
    g = ctl.table.game
    ctl.act("draw deck")
    ctl.act("draw deck")
    live = len(g.log)
    ctl.replay.value = 1
    ctl.refresh(force=True)
    assert not ctl.replaying and ctl.replay.value == live and not ctl.live_btn.visible
    with param.edit_constant(ctl.replay):
        ctl.replay.value_throttled = 1
    assert ctl.replaying and ctl.replay.value == 1 and ctl.live_btn.visible
    with param.edit_constant(ctl.replay):
        ctl.replay.value_throttled = live  # dragged back to the end: live play again
    assert not ctl.replaying and not ctl.live_btn.visible


def test_pay_column_is_empty_in_replay_and_after_the_game():
    ctl = started(rules=RICH)
    g = ctl.table.game
    claim = next(a for a in g.legal_actions() if isinstance(a, Claim))
    ctl.act(str(claim))
    assert pay_column(ctl)  # the bot moved: our turn again
    ctl.show_position(1)
    assert pay_column(ctl) == {}
    ctl.live_btn.clicks += 1
    assert pay_column(ctl) == offered(g, 0)
    over = TicketToRideView(ttr_table(players=2, humans=[], bots=["greedy-route"], seed=2, map="teaching-small"),
                          auto=False)
    over.table.run_bots()
    over.refresh()
    assert over.table.game.is_over and pay_column(over) == {}


def test_pay_button_is_mapped_by_its_label_and_a_stale_one_is_refused():
    ctl = started(rules=RICH)
    g = ctl.table.game
    rid, labels = next((r, p) for r, p in pay_column(ctl).items() if len(p) >= 2)
    ctl.board.tap(rid)
    # the browser's own labels arrive after the click was handled (same list): nothing changes
    ctl.pay_choice.labels = list(labels)
    n = len(g.log)
    # a browser showing an out-of-date choice: a label the game does not offer is never played
    ctl.pay_choice.labels = ["Pay pink ×9"] + list(labels[1:])
    ctl.pay_choice.active = 0
    assert len(g.log) == n and "choose again" in ctl.message.object
    assert pay_buttons(ctl) == labels and ctl.pay_choice.active is None
    # the pressed button's payment is played, whatever order the browser listed them in
    want = next(str(a) for a in g.legal_actions() if isinstance(a, Claim) and a.route == rid and pay_text(a) == labels[1])
    ctl.pay_choice.labels = [labels[1], labels[0]] + list(labels[2:])
    ctl.pay_choice.active = 0
    assert str(g.log[n]) == want


def test_cancel_closes_the_dialog():
    ctl = started(rules=RICH)
    rid = next(iter(pay_column(ctl)))
    ctl.board.tap(rid)
    assert not ctl.claim_cancel.disabled and ctl.board.pending_src.data["xs"]
    ctl.claim_cancel._trigger_event(ButtonClick(ctl.claim_cancel))
    assert pay_buttons(ctl) == [] and ctl.claim_title.text == CLAIM_HINT and ctl.claim_cancel.disabled
    assert ctl.board.pending_src.data["xs"] == []


def test_quick_second_click_and_slow_click_count_as_clicks():
    from bokeh.events import DoubleTap, Press

    ctl = started(rules=RICH)
    b = ctl.board
    for event, rid in ((DoubleTap, "Mill-Fort"), (Press, "Fort-Summit")):
        xs, ys = b.routes_src.data["xs"][b.route_index[rid]], b.routes_src.data["ys"][b.route_index[rid]]
        b.figure._trigger_event(event(b.figure, x=(xs[0] + xs[1]) / 2, y=(ys[0] + ys[1]) / 2))
        assert b.last_clicked == rid and f"Claim {rid}" in ctl.claim_title.text


def test_the_deck_says_when_the_discards_are_shuffled_in_and_a_second_loco_is_refused():
    from railkit.games import get_spec
    from railkit.viz.ticket_to_ride.player import PlayerPanel

    g = get_spec("ticket-to-ride").new_game(players=2, seed=1)
    obs = dict(g.observe(0), deck_size=0, discard_size=80, phase="second-draw", current_player=0,
               faceup=["loco", "red", "blue", "green", "pink"])
    panel = PlayerPanel(lambda text: None)
    panel.update(obs, my_turn=True)
    assert panel.deck_btn.label == "Draw from deck (0: the 80 discards are shuffled in)"
    assert panel.market[0].disabled and not panel.market[1].disabled
    assert "rule TTR-DRAW-LOCO-SECOND" in panel.status.object
    panel.update(dict(obs, phase="turn", deck_size=12), my_turn=True)
    assert panel.deck_btn.label == "Draw from deck (12)" and not panel.market[0].disabled


def test_play_this_map_after_a_finished_game_clears_the_final_scores(tmp_path):
    from railkit.viz.ticket_to_ride.served import editor_for

    ctl = TicketToRideView(ttr_table(players=2, humans=[], bots=["greedy-route"], seed=2, map="teaching-small"),
                           auto=False)
    ctl.table.run_bots()
    ctl.refresh(force=True)
    assert ctl.banner.visible and ctl.scoring_area.objects
    ed = editor_for(ctl, folder=tmp_path)
    ed.b_play.clicks += 1
    assert not ctl.table.game.is_over
    assert not ctl.banner.visible and ctl.scoring_area.objects == [] and ctl.scoring is None
    assert ctl.board.highlight_src.data["xs"] == []


def test_new_game_form_offers_colour_blind_patterns():
    ctl = started()
    ctl.new_toggle.value = True
    form = [w for row in ctl.new_area.objects[:2] for w in row.objects]
    box = next(w for w in form if getattr(w, "label", "") == "Colour-blind patterns")
    box.value = True
    assert ctl.colour_blind and ctl.w_colour_blind.value and ctl.player.colour_blind
    ctl.w_colour_blind.value = False
    assert box.value is False and not ctl.board.colour_blind


def drawn_by_the_browser(ctl, rid: str) -> None:
    """What the page sends the server when a payment is pressed: the claim it drew at once."""
    rows = [i for i, r in enumerate(ctl.board.cars_src.data["route"]) if r == rid]
    ctl.board.claiming_src.data = {c: [ctl.board.cars_src.data.get(c, ["#000"] * (max(rows) + 1))[i] for i in rows]
                                   for c in ctl.board.claiming_src.data}


def test_a_payment_is_drawn_by_the_page_at_once_and_the_servers_answer_takes_over():
    """The page draws a claim the moment a payment is pressed (JavaScript on the payment
    choice, for a seat's view only); the server's answer claims the route on the board and
    clears that drawing, and clears it too when the claim is not played."""
    ctl = started(rules=RICH)
    assert "change:active" in ctl.pay_choice.js_property_callbacks
    spectator = TicketToRideView(ctl.table, seat=None, auto=False)
    assert "change:active" not in spectator.pay_choice.js_property_callbacks
    g = ctl.table.game
    rid = next(iter(pay_column(ctl)))
    ctl.board.tap(rid)
    drawn_by_the_browser(ctl, rid)
    ctl.pay(0)
    assert ctl.board.owner(rid) == 0 and ctl.board.claiming_src.data["xm"] == []
    # a claim the game refuses (not this seat's turn any more): the drawing goes, the route stays free
    ctl.undo()
    rid = next(iter(pay_column(ctl)))
    ctl.board.tap(rid)
    ctl.table.apply(0, "draw deck")
    n = len(g.log)
    drawn_by_the_browser(ctl, rid)
    ctl.pay_choice.active = 0
    assert len(g.log) == n and ctl.board.owner(rid) is None and ctl.board.claiming_src.data["xm"] == []


def test_a_payment_button_speaks_the_page_s_language():
    from railkit.games.ticket_to_ride import Claim

    claim = Claim("Denver-Omaha", "red", 2, 1)
    assert pay_text(claim) == "Pay red ×2 + locomotive ×1"
    assert pay_text(claim, "de") == "Bezahle rot ×2 + Lokomotive ×1"
    assert "Pay" not in pay_text(claim, "xx") and "red" not in pay_text(claim, "xx")


def test_the_final_scores_speak_the_page_s_language():
    import re

    from railkit.viz.ticket_to_ride.lessons import bot_game
    from railkit.viz.ticket_to_ride.scoring import ScoringView

    view = ScoringView(bot_game(seed=2, map="teaching-small"), lang="xx")
    shown = " ".join([view.details.object, view.table.object.to_html(), *view.w_show.options,
                      view.__panel__()[0].object])
    assert not re.search(r"longest|trail|completed|failed|total|True|False|Final|missing", shown), shown

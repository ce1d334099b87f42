"""The table's help for the seat to move (:mod:`railkit.viz.shell.assist`): the Hint button
and its three moves, and the per-seat "confirm before claiming/building" setting."""

from __future__ import annotations

import json

from railkit.agents.hints import hints
from railkit.games.steam_rollers.actions import Build, Engine
from railkit.games.ticket_to_ride import Claim
from railkit.viz.shell.table import Table, seat_names
from railkit.viz.shell.words import move_words
from railkit.viz.station_master.view import StationMasterView
from railkit.viz.steam_rollers.view import SteamRollersView
from railkit.viz.ticket_to_ride.view import TicketToRideView


def ttr_with_a_claim(seed=3):
    """A Ticket to Ride view (seat 0 against a bot) at a turn of seat 0 where it can claim."""
    v = TicketToRideView(Table(game="ticket-to-ride", players=2, humans=[0], bots=["greedy-route"], seed=seed,
                               map="teaching-small", rules={"hand_size": 20}), auto=False)
    while v.table.game.phase == "setup-tickets":
        v.player.keep_btn.clicks += 1
    g = v.table.game
    assert g.current_player == 0 and any(isinstance(a, Claim) for a in g.legal_actions())
    return v


def _state(table):
    return json.dumps(table.game.observe(None), sort_keys=True, default=str), [str(a) for a in table.game.log]


def test_the_hint_shows_the_medium_bots_three_moves_for_this_seat():
    v = ttr_with_a_claim()
    g = v.table.game
    assert v.assist.hint_btn.visible and not v.assist.shown
    v.assist.hint_btn.clicks += 1
    want = hints("ticket-to-ride", g.observe(0), g.legal_actions())
    assert [h.action for h in v.assist.hints] == [h.action for h in want] and len(want) == 3
    rows = v.assist.shown
    assert [r[0].label for r in rows] == [f"{i + 1}. {move_words(h.action, seat_names(g), 'en')}" for i, h in enumerate(want)]
    assert [r[1].object for r in rows] == [f"<span class='hint-why'>{h.text}</span>" for h in want]
    # a hinted claim opens the claim dialog on its route; nothing is played
    claim = next(h.action for h in want if isinstance(h.action, Claim))
    before = _state(v.table)
    rows[[h.action for h in want].index(claim)][0].clicks += 1
    assert v._pending == claim.route and v.payments and _state(v.table) == before
    assert not v.assist.shown  # the claim dialog in the hints' place
    # once the position changes the hints go
    v.assist.hint_btn.clicks += 1
    assert len(v.assist.shown) == 3
    v.act(str(want[0].action))
    assert not v.assist.shown


def test_no_hint_button_for_a_spectator_or_out_of_turn():
    v = ttr_with_a_claim()
    spectator = TicketToRideView(v.table, seat=None, auto=False)
    assert not spectator.assist.hint_btn.visible and spectator.assist.show_hints() == []
    assert not spectator.assist.confirm_box.visible
    other = TicketToRideView(v.table, seat=1, auto=False)
    assert not other.assist.hint_btn.visible and other.assist.show_hints() == []


def test_confirm_before_claiming_holds_the_claim_and_cancel_leaves_the_game_as_it_was():
    v = ttr_with_a_claim()
    t = v.table
    claim = next(a for a in t.game.legal_actions() if isinstance(a, Claim))
    assert v.assist.confirm_box.visible and v.assist.confirm_box.name == "Confirm before claiming"
    v.assist.confirm_box.value = True  # the seat's own setting
    assert v.confirm_moves
    before, version = _state(t), t.version
    assert v.act(str(claim)) is None
    assert v.pending == claim and _state(t) == before and t.version == version
    assert v.assist.held_row.visible and str(claim.route).split("-")[0] in v.assist.held.object
    assert not v.assist.hint_btn.visible
    v.assist.held_cancel.clicks += 1  # Cancel
    assert v.pending is None and _state(t) == before and not v.assist.held_row.visible
    # again, and Confirm plays it
    assert v.act(str(claim)) is None and v.pending == claim
    played = len(t.game.log)
    v.assist.held_confirm.clicks += 1
    assert v.pending is None and str(t.game.log[played]) == str(claim)  # (the bot answered after it)


def test_without_the_setting_a_claim_is_played_at_once_and_draws_never_wait():
    v = ttr_with_a_claim()
    t = v.table
    draw = next(a for a in t.game.legal_actions() if str(a) == "draw deck")
    v.confirm_moves = True
    played = len(t.game.log)
    assert v.act(str(draw)) is None and v.pending is None and str(t.game.log[played]) == "draw deck"
    v = ttr_with_a_claim()
    claim = next(a for a in v.table.game.legal_actions() if isinstance(a, Claim))
    played = len(v.table.game.log)
    assert v.act(str(claim)) is None and v.pending is None and str(v.table.game.log[played]) == str(claim)


def test_confirm_before_building_holds_a_build_until_confirm_turn():
    v = SteamRollersView(Table(players=2, humans=[0, 1], seed=4, game="steam-rollers"), auto=False, confirm=False)
    t = v.table
    assert v.assist.confirm_box.name == "Confirm before building"
    v.assist.confirm_box.value = True
    g = t.game
    build = next(x for x in g.legal_actions() if isinstance(x, Build) and x.value is None)
    before = _state(t)
    assert v.draft(build.die) is None and v.click_hex(build.hex) is None  # as on the page
    assert v.click_choice(v.placements.index(build)) is None
    assert v.pending == build and _state(t) == before
    assert "you asked to confirm it first" in v.undo_info.object and not v.confirm_btn.disabled
    assert not v.assist.held_row.visible  # asked beside "Confirm turn", where this view asks
    assert v.undo() == 1 and v.pending is None and _state(t) == before  # Undo cancels it
    assert v.draft(build.die) is None and v.click_hex(build.hex) is None
    assert v.click_choice(v.placements.index(build)) is None and v.pending == build
    assert v.confirm_turn() is None and str(g.log[-1]) == str(build)
    # an engine box is not a build: played at once
    v = SteamRollersView(Table(players=2, humans=[0, 1], seed=4, game="steam-rollers"), auto=False, confirm=False,
                         confirm_moves=True)
    g = v.table.game
    engine = next(x for x in g.legal_actions() if isinstance(x, Engine))
    assert v.play(engine) is None and v.pending is None and str(g.log[-1]) == str(engine)


def test_station_master_has_hints_and_no_confirm_setting():
    v = StationMasterView(Table(game="station-master", players=2, humans=[0], seed=3), auto=False)
    g = v.table.game
    assert not v.assist.confirm_box.visible
    if g.current_player == 0:
        got = v.assist.show_hints()
        assert [h.action for h in got] == [h.action for h in hints("station-master", g.observe(0), g.legal_actions())]


def test_the_route_being_claimed_outlives_a_refresh():
    """The shell's move kept back for Confirm and Ticket to Ride's route being claimed are two
    things: a refresh (a bot's move polled, the language changed) keeps the open claim dialog's
    route (it was taken for a kept-back move and dropped)."""
    v = ttr_with_a_claim()
    claim = next(a for a in v.table.game.legal_actions() if isinstance(a, Claim))
    v.click_route(claim.route)
    v.refresh(force=True)
    assert v._pending == claim.route and v.pending is None

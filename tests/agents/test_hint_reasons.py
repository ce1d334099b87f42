"""Hints (:mod:`railkit.agents.hints`): the medium bot's best moves with reasons, ranked by
the scores the bot itself plays by, correct against the position, and made from the seat's
observation only (noninterference: positions that differ only in what the seat may not see
give the same hints)."""

from __future__ import annotations

import random

import pytest
from test_mcts import _obs, _swap_sm, _swap_sr, _swap_ttr  # the hidden-state swaps of the search's tests

from railkit.agents import agents_of, make_agent
from railkit.agents.hints import HINT_SEED, hints
from railkit.agents.ticket_to_ride import cheapest, map_facts
from railkit.games.station_master import SPEC as SM
from railkit.games.steam_rollers import SPEC as SR
from railkit.games.steam_rollers.actions import Deliver
from railkit.games.ticket_to_ride import SPEC as TTR
from railkit.games.ticket_to_ride.actions import Claim

GAMES = [
    pytest.param(TTR, 2, dict(map="usa"), _swap_ttr, id="ticket-to-ride"),
    pytest.param(SR, 2, {}, _swap_sr, id="steam-rollers"),
    pytest.param(SR, 1, {}, _swap_sr, id="steam-rollers-solo"),
    pytest.param(SM, 3, {}, _swap_sm, id="station-master"),
]


def _decisions(spec, players, options, seed=5, most=60):
    """A seeded game of medium bots: the game before each decision (a copy), up to ``most``."""
    g = spec.new_game(None, players=players, seed=seed, **options)
    bots = [make_agent(spec, "medium", seed * 10 + s) for s in range(players)]
    n = 0
    while not g.is_over and n < most:
        yield g
        s = g.current_player
        g.apply(bots[s].act(g.observe(s), g.legal_actions()))
        n += 1


@pytest.mark.parametrize("spec, players, options, swap", GAMES)
def test_the_bot_plays_the_first_of_its_scores(spec, players, options, swap):
    """The medium bot's move is the first of the highest of the scores the hints rank by, at
    every decision of a seeded game: a twin of the bot (the same seed, asked at the same
    decisions) is asked the scores, the bot its move."""
    g = spec.new_game(None, players=players, seed=7, **options)
    bots = [make_agent(spec, "medium", 70 + s) for s in range(players)]
    twins = [make_agent(spec, "medium", 70 + s) for s in range(players)]
    checked = 0
    while not g.is_over and checked < 80:
        s = g.current_player
        obs, legal = g.observe(s), g.legal_actions()
        actions, scores = twins[s].scored(obs, legal)
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        a = bots[s].act(obs, legal)
        assert actions[best] == a
        g.apply(a)
        checked += 1
    assert checked


@pytest.mark.parametrize("spec, players, options, swap", GAMES)
def test_hints_are_the_medium_bots_best_three_in_its_order(spec, players, options, swap):
    """The first hint is the medium bot's move; the three are its three highest scores, best
    first, with a reason each."""
    for g in _decisions(spec, players, options, most=30):
        obs, legal = g.observe(g.current_player), g.legal_actions()
        got = hints(spec.name, obs, legal)
        assert got[0].action == agents_of(spec)["medium"](HINT_SEED).act(obs, legal)
        actions, scores = agents_of(spec)["medium"](HINT_SEED).scored(obs, legal)
        assert [h.score for h in got] == sorted(scores, reverse=True)[:3]
        assert len(got) == min(3, len(actions))
        assert all(str(h.text) for h in got)


@pytest.mark.parametrize("spec, players, options, swap", GAMES)
def test_noninterference_hidden_parts_do_not_change_the_hints(spec, players, options, swap):
    """A noninterference pair at each decision: a copy of the game with every hidden part the
    seat may not see swapped (other hands and tickets, chips' values, pile orders, the random
    generator) looks the same to the seat and gives the same hints, reasons included."""
    rng = random.Random(0)
    changed = checked = 0
    for g in _decisions(spec, players, options, seed=11, most=40):
        seat = g.current_player
        h = g.replay(g.log)
        swap(h, seat, rng)
        assert _obs(h, seat) == _obs(g, seat)
        changed += any(_obs(h, o) != _obs(g, o) for o in range(g.players) if o != seat) or \
            h.rng.getstate() != g.rng.getstate()
        mine = hints(spec.name, g.observe(seat), g.legal_actions())
        theirs = hints(spec.name, h.observe(seat), h.legal_actions())
        assert [(x.action, x.score, str(x.text)) for x in mine] == [(x.action, x.score, str(x.text)) for x in theirs]
        checked += 1
    assert checked and changed


def test_ticket_to_ride_claim_reasons_hold_on_the_board():
    """A claim's reason names a ticket it brings closer: "completes a–b" claims finish the
    ticket; "n trains left" is the cheapest completion once the route is claimed."""
    completes = on_the_way = 0
    for seed in range(3):
        for g in _decisions(TTR, 2, dict(map="usa"), seed=seed, most=200):
            seat = g.current_player
            for h in hints("ticket-to-ride", g.observe(seat), g.legal_actions()):
                if not isinstance(h.action, Claim) or h.text.text.startswith("claims"):
                    continue
                a, b = h.text.args["a"], h.text.args["b"]
                after = g.replay(g.log)
                after.apply(h.action)
                ticket = next(t for t in after.observe(seat)["tickets"] if (t["a"], t["b"]) == (a, b))
                if h.text.text.startswith("completes"):
                    assert ticket["done"] and h.text.args["points"] == ticket["points"]
                    completes += 1
                else:
                    o = after.observe(seat)
                    owned = {r for r, s in o["claimed"].items() if s == seat}
                    blocked = {r for r, s in o["claimed"].items() if s != seat} | set(o["closed"])
                    assert cheapest(map_facts(o), a, b, owned, blocked)[0] == h.text.args["n"] > 0
                    on_the_way += 1
    assert completes and on_the_way


def test_steam_rollers_delivery_reasons_score_what_they_say():
    """"delivers g from a to b for n points": playing it adds n points to the seat's score."""
    seen = 0
    for seed in range(4):
        for g in _decisions(SR, 2, {}, seed=seed, most=120):
            seat = g.current_player
            for h in hints("steam-rollers", g.observe(seat), g.legal_actions()):
                if not isinstance(h.action, Deliver):
                    continue
                after = g.replay(g.log)
                before = g.observe(seat)["players_view"][seat]["score"]
                after.apply(h.action)
                assert after.observe(seat)["players_view"][seat]["score"] - before == h.text.args["n"]
                assert str(h.text.args["good"]) == h.action.good and h.text.args["b"] == h.action.dest
                seen += 1
    assert seen


def test_station_master_reasons_state_the_bots_estimate():
    """The reason gives the move and the estimate the bot ranks it by."""
    for g in _decisions(SM, 3, {}, most=20):
        for h in hints("station-master", g.observe(g.current_player), g.legal_actions()):
            assert h.text.args["x"] == f"{h.score:+.1f}"


def test_no_legal_actions_no_hints():
    g = TTR.new_game(None, players=2, seed=1)
    assert hints("ticket-to-ride", g.observe(0), []) == []


#: a card of each colour in Danish, its colour agreeing with the neuter noun "kort"
DANISH_CARD = {"red": "rødt kort", "orange": "orange kort", "yellow": "gult kort", "green": "grønt kort",
               "blue": "blåt kort", "pink": "lilla kort", "white": "hvidt kort", "black": "sort kort"}


def test_a_danish_hint_makes_the_colour_agree_with_the_card():
    """"takes a face-up red card" is "tager et åbent rødt kort" (not "et åbent rød kort"): the
    colour of a card is a message of its own, in the form that agrees with the noun."""
    from railkit.agents.ticket_to_ride_hints import reason
    from railkit.games.ticket_to_ride.actions import DrawFaceUp

    said = {}
    for seed in range(12):
        obs = TTR.new_game(players=2, seed=seed).observe(0)
        for slot, colour in enumerate(obs["faceup"], 1):
            if colour in DANISH_CARD and colour not in said:
                said[colour] = reason(None, obs, DrawFaceUp(slot), 0.0).render("da")
    assert len(said) >= 6, said
    for colour, text in said.items():
        assert f"et åbent {DANISH_CARD[colour]}" in text, text

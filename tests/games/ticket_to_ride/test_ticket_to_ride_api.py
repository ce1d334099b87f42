"""The Ticket to Ride API: actions and their text, save/load, replay, undo,
observations (hidden information), summary rows, presets, options, bots."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.game import play
from railkit.games import get_spec
from railkit.games.ticket_to_ride import (
    FORMS, PRESETS, SPEC, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, TicketToRide,
    TicketToRideRules, parse_action,
)
from railkit.maps import CARD_COLOURS, MAPS_DIR


def played(seed=1, players=3, preset="base", agents=("tickets", "greedy-route", "long-route", "random"), **opts):
    g = SPEC.new_game(SPEC.make_rules(preset), players, seed, **opts)
    return play(g, [AGENTS[agents[i % len(agents)]](seed + i) for i in range(players)])


# ---------------------------------------------------------------------------- actions
def test_action_text_forms():
    assert str(DrawFaceUp(3)) == "draw faceup 3"
    assert str(DrawDeck()) == "draw deck"
    assert str(Claim("Denver-Omaha", "red", 2, 2)) == "claim Denver-Omaha red x2 loco x2"
    assert str(Claim("Denver-Omaha", "red", 4, 0)) == "claim Denver-Omaha red x4"
    assert str(Claim("Denver-Omaha", "loco", 0, 4)) == "claim Denver-Omaha loco x4"
    assert str(DrawTickets()) == "draw tickets"
    assert str(KeepTickets((1, 3))) == "keep tickets 1,3"
    assert str(Pass()) == "pass"
    assert parse_action("claim Kansas City-Saint Louis/2 loco x2") == Claim("Kansas City-Saint Louis/2", "loco", 0, 2)
    assert parse_action("  Claim Denver-Omaha RED x1 loco x3 ") == Claim("Denver-Omaha", "red", 1, 3)
    assert parse_action("claim Denver-Omaha red x4 loco x0") == Claim("Denver-Omaha", "red", 4, 0)
    with pytest.raises(ActionSyntaxError) as exc:
        parse_action("fly to Denver")
    assert "draw faceup N" in str(exc.value) and exc.value.forms == list(FORMS)
    with pytest.raises(ActionSyntaxError):
        parse_action("claim Denver-Omaha purple x4")
    with pytest.raises(Exception):
        DrawDeck().x = 1  # frozen


route_ids = st.sampled_from([r.id for r in SPEC.new_game(None, 2, 0).map.routes])
actions = st.one_of(
    st.builds(DrawFaceUp, st.integers(1, 9)),
    st.just(DrawDeck()), st.just(DrawTickets()), st.just(Pass()),
    st.builds(KeepTickets, st.lists(st.integers(1, 9), min_size=1, max_size=5).map(tuple)),
    st.builds(Claim, route_ids, st.sampled_from(CARD_COLOURS), st.integers(1, 6), st.integers(0, 6)),
    st.builds(lambda r, n: Claim(r, "loco", 0, n), route_ids, st.integers(1, 6)),
)


@given(actions)
@settings(max_examples=300, deadline=None)
def test_text_round_trip(a):
    assert parse_action(str(a)) == a
    assert str(parse_action(str(a))) == str(a)


@given(st.text(max_size=30))
@settings(max_examples=200, deadline=None)
def test_any_text_parses_or_raises_syntax_error(text):
    try:
        parse_action(text)
    except ActionSyntaxError:
        pass


def test_illegal_moves_leave_the_state_unchanged_and_explain():
    g = SPEC.new_game(None, 2, 4)
    before = g.to_json()
    for text in ("draw deck", "claim Denver-Omaha red x4", "keep tickets 1", "keep tickets 5,6", "draw tickets",
                 "pass", "draw faceup 9"):
        err = g.why_illegal(text)
        assert isinstance(err, IllegalMove) and err.rule.startswith("TTR-"), text
        assert err.reason.endswith(".") and err.hint
        with pytest.raises(IllegalMove):
            g.apply(text)
    assert g.to_json() == before
    assert isinstance(g.why_illegal("hello"), ActionSyntaxError)


def test_legal_actions_are_deterministic():
    a = SPEC.new_game(None, 4, 9)
    b = SPEC.new_game(None, 4, 9)
    for _ in range(60):
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb
        act = la[len(la) // 2]
        a.apply(act)
        b.apply(act)


# ---------------------------------------------------------------------------- save / replay / undo
def test_save_load_replay_undo(tmp_path):
    g = played(seed=5, players=4, preset="mega-game")
    path = g.save(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["game"] == "ticket-to-ride" and data["rules"]["setup_deal"] == 5
    h = TicketToRide.load(path)
    assert h.summary() == g.summary() and h.to_json() == g.to_json()
    assert [str(a) for a in h.log] == [str(a) for a in g.log]
    # undo = replay of a shorter log
    k = len(g.log)
    mid = g.history(k // 2)
    g.undo(k - k // 2)
    assert g.to_json() == mid.to_json() and g.observe(0) == mid.observe(0)
    assert not g.is_over
    # a corrupt save names the step
    data["actions"][3] = "claim Nowhere red x1"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError) as exc:
        TicketToRide.load(bad)
    assert "$.actions[3]" in str(exc.value)


def test_route_points_survive_a_json_round_trip(tmp_path):
    g = TicketToRide({"route_points": {1: 1, 2: 3, 3: 4, 4: 7, 5: 10, 6: 15}}, players=2, seed=1)
    g.apply("keep tickets 1,2")
    h = TicketToRide.load(g.save(tmp_path / "g.json"))  # keys become text in JSON
    assert h.route_score == g.route_score


def test_options_are_checked_and_saved(tmp_path):
    g = TicketToRide(players=2, seed=0, map="teaching-small", names=["Ann", "Bo"])
    assert g.observe(0)["name"] == "Ann" and g.config()["options"] == {"map": "teaching-small", "names": ["Ann", "Bo"]}
    h = TicketToRide.load(g.save(tmp_path / "x.json"))
    assert h.names == ["Ann", "Bo"] and h.map.name == "teaching-small"
    p = TicketToRide(players=2, seed=0, map=str(MAPS_DIR / "teaching-small.json"))
    assert p.map.name == "teaching-small"
    with pytest.raises(DataError, match=r"\$\.names"):
        TicketToRide(players=2, names=["Ann"])
    with pytest.raises(DataError, match=r"\$\.colour"):
        TicketToRide(players=2, colour="red")
    with pytest.raises(DataError, match="existing map file"):
        TicketToRide(players=2, map="atlantis")
    with pytest.raises(DataError, match="route_points"):
        TicketToRide({"route_points": {1: 1, 2: 2}}, players=2)
    with pytest.raises(DataError, match="ticket deck"):
        TicketToRide({"ticket_deck": "mega"}, players=2, map="teaching-small")
    with pytest.raises(DataError):
        SPEC.new_game(None, players=6)


# ---------------------------------------------------------------------------- rules and presets
def test_rules_parameters_are_documented_and_bounded():
    r = TicketToRideRules()
    for name, p in r.param.objects().items():
        if name == "name":
            continue
        assert p.doc and len(p.doc) > 20, name
        if hasattr(p, "bounds") and type(p).__name__ == "Integer":
            assert p.bounds is not None, name
    with pytest.raises(ValueError):
        r.trains = -1
    assert r.loco_count == 14 and r.cards_per_colour == 12 and r.hand_size == 4 and r.faceup_count == 5
    assert r.faceup_loco_limit == 3 and r.faceup_loco_counts_two and r.trains is None and r.end_trigger == 2
    assert not r.faceup_when_deck_empty  # TTR-DECK-EMPTY: the seeds' reading
    assert (r.setup_deal, r.setup_keep, r.ticket_draw, r.ticket_keep) == (3, 2, 3, 1)
    assert r.longest_bonus == 10 and r.globetrotter_bonus == 0 and r.double_min_players == 4
    assert r.turn_order == "before-tickets" and r.max_redeals >= 1


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_presets_play(preset):
    rules = SPEC.make_rules(preset)
    g = played(seed=2, players=4, preset=preset)
    assert g.is_over
    deck = {"base": 30, "usa-1910": 35, "mega-game": 69, "big-cities": 35}[preset]
    assert len(g.tickets_all) == deck
    assert len(g.setup_offers[0]) == rules.setup_deal
    assert get_spec("ticket-to-ride") is SPEC


# ---------------------------------------------------------------------------- observation
def test_observation_is_json_and_hides_secrets():
    g = SPEC.new_game(None, 3, 11)
    for _ in range(25):
        g.apply(g.legal_actions()[-1] if g.phase != "turn" else g.legal_actions()[0])
    for seat in range(3):
        obs = g.observe(seat)
        json.dumps(obs)
        assert set(obs["hand"]) == set(CARD_COLOURS) | {"loco"}
        assert sum(obs["hand"].values()) == obs["hand_sizes"][seat]
        assert len(obs["tickets"]) == obs["ticket_counts"][seat]
        text = json.dumps(obs)
        for other in range(3):  # no other seat's tickets or hand anywhere
            if other != seat:
                for t in g.tickets[other]:
                    tk = g.tickets_all[t]
                    assert {"a": tk.a, "b": tk.b, "points": tk.points, "done": False} not in obs["tickets"] or \
                        t in g.tickets[seat]
        assert "deck" not in obs and "hands" not in obs
        assert isinstance(text, str)
    spectator = g.observe(None)
    assert "hand" not in spectator and "tickets" not in spectator
    keys = {"seat", "name", "names", "players", "map", "route_points", "phase", "current_player", "turn",
            "last_action", "start_player", "faceup", "deck_size", "discard_size", "ticket_deck_size",
            "hand_sizes", "ticket_counts", "trains_left", "scores", "route_counts", "claimed", "closed",
            "final_round", "final_turns_left", "hand", "tickets", "offered", "min_keep", "trains", "score"}
    assert set(g.observe(0)) == keys


def test_final_observation_shows_the_breakdown():
    g = played(seed=3, players=2)
    obs = g.observe(1)
    assert obs["phase"] == "game-over" and obs["current_player"] is None
    assert obs["final"] == g.final_scores()
    json.dumps(obs)


# ---------------------------------------------------------------------------- summary / text
def test_summary_columns():
    g = played(seed=8, players=4, preset="usa-1910")
    rows = g.summary()
    need = {"seat", "score", "win", "rank", "turns", "route_points", "ticket_points", "tickets_completed",
            "tickets_failed", "longest_trail", "longest_bonus", "globetrotter_bonus", "trains_left", "routes",
            "cities", "cards_drawn"}
    for r in rows:
        assert need <= set(r)
        assert r["score"] == r["route_points"] + r["ticket_points"] + r["longest_bonus"] + r["globetrotter_bonus"]
        for k, v in r.items():
            assert isinstance(v, (int, float, str, bool, type(None))) or (
                isinstance(v, list) and all(isinstance(x, str) for x in v)), k
    assert sum(r["win"] for r in rows) >= 1
    with pytest.raises(IllegalMove):
        SPEC.new_game(None, 2, 0).final_scores()
    assert len(SPEC.new_game(None, 2, 0).score_breakdown()) == 2


def test_text_views():
    g = played(seed=4, players=2)
    assert repr(g).startswith("<TicketToRide usa 2p seed=4 phase=game-over")
    text = str(g)
    assert "Purple" in text and "Teal" in text and "routes" in text


# ---------------------------------------------------------------------------- bots
def test_agents_registry_and_determinism():
    assert set(AGENTS) == {"random", "greedy-route", "tickets", "long-route",  # the heuristics
                           "route-focus", "destination-hungry", "one-step-thinking",  # the published styles
                           "easy", "medium", "hard", "mcts"}  # levels by name (hard = mcts: the search bot)
    a = played(seed=6, players=4)
    b = played(seed=6, players=4)
    assert a.to_json() == b.to_json()


def test_agents_use_only_observation_and_legal_actions():
    class Spy(dict):
        pass

    g = SPEC.new_game(None, 2, 12)
    bots = [AGENTS["tickets"](0), AGENTS["long-route"](1)]
    while not g.is_over:
        seat = g.current_player
        obs = json.loads(json.dumps(g.observe(seat)))  # a plain copy: nothing else reachable
        legal = g.legal_actions()
        a = bots[seat].act(obs, legal)
        assert a in legal
        g.apply(a)


def test_heuristic_bots_decide_from_the_observation_and_legal_list():
    """Each heuristic bot plays every seat of a whole game, choosing from the legal list (their
    decision times are figures of benchmarks/ttr_agents.py; the search bots: tests/agents)."""
    from railkit.agents.mcts import MCTSAgent

    for name in [n for n in AGENTS if not issubclass(AGENTS[n], MCTSAgent)]:
        g = SPEC.new_game(None, 4, 21)
        bots = [AGENTS[name](i) for i in range(4)]
        while not g.is_over:
            seat = g.current_player
            obs, legal = g.observe(seat), g.legal_actions()
            a = bots[seat].act(obs, legal)
            assert a in legal, (name, a)
            g.apply(a)


def test_ticket_bot_planner_matches_railkit_graphs():
    import random

    from railkit.agents.ticket_to_ride import cheapest, map_facts
    from railkit.graphs import cheapest_completion

    g = SPEC.new_game(None, 2, 0)
    f = map_facts(g.observe(0))
    G = g.map.graph()
    rng = random.Random(3)
    ids = [r.id for r in g.map.routes]
    cities = list(g.map.cities)
    for _ in range(150):
        owned = set(rng.sample(ids, 8))
        blocked = set(rng.sample([i for i in ids if i not in owned], 25))
        a, b = rng.sample(cities, 2)
        mine = cheapest(f, a, b, owned, blocked)
        ref = cheapest_completion(G, a, b, owned=owned, blocked=blocked)
        assert (mine is None) == (ref is None)
        if mine is not None:
            assert mine[0] == ref[0]
            assert sum(0 if r in owned else g.map.route_by_id[r].length for r in mine[1]) == mine[0]


def test_a_map_without_tickets_plays_for_route_points(tmp_path):
    from railkit.maps import load

    data = load("teaching-small").to_dict()
    data["tickets"] = {}
    data.pop("default_deck")
    path = tmp_path / "no-tickets.json"
    path.write_text(json.dumps(data))
    g = play(TicketToRide(players=3, seed=2, map=str(path)), [AGENTS["random"](i) for i in range(3)])
    assert g.is_over and g.tickets_all == [] and all(r["ticket_points"] == 0 for r in g.summary())
    assert TicketToRide.load(g.save(tmp_path / "g.json")).summary() == g.summary()


# ---------------------------------------------------------------------------- blocks
def _claim_with_locos(g, route: str) -> None:
    """The player to move claims ``route`` with locomotives put in her hand for it."""
    from railkit.games.ticket_to_ride.board import LOCO_I

    length = g.board.length[g.board.route_index[route]]
    g.hands[g.current_player][LOCO_I] += length
    g.apply(f"claim {route} loco x{length}")


def test_blocks_count_claims_of_an_obvious_choke_of_another_seats_network():
    """Purple joins Calgary-Helena and Chicago-Omaha; Helena-Omaha is then the obvious
    choke between them (going round costs 3+ trains more): Teal's claim of it is a block,
    Teal's earlier claim elsewhere is not, and Purple never blocks."""
    g = SPEC.new_game(None, 2, 0, map="usa")
    while g.phase == "setup-tickets":
        g.apply(g.legal_actions()[0])
    first = g.current_player
    for route in ("Calgary-Helena", "Atlanta-Charleston", "Chicago-Omaha", "Helena-Omaha"):
        _claim_with_locos(g, route)
    rows = {r["seat"]: r for r in g.summary()}
    assert g.blocks() == [1 if s != first else 0 for s in range(2)]
    assert rows[first]["blocks"] == 0 and rows[1 - first]["blocks"] == 1


@pytest.mark.parametrize("seed,players", [(6, 2), (5, 3), (0, 4)])
def test_blocks_agree_with_obvious_chokes_at_every_claim(seed, players):
    """Recounted from the definition: replaying the game, a claim is a block when its
    route is among another seat's :func:`obvious_chokes` just before it."""
    from railkit.agents.ticket_to_ride_exploiters import EXPLOITERS
    from railkit.games.ticket_to_ride.board import obvious_chokes

    bots = [EXPLOITERS["route-blocker"], AGENTS["tickets"], AGENTS["greedy-route"], AGENTS["random"]]
    g = play(SPEC.new_game(SPEC.make_rules("base"), players, seed), [bots[i](seed + i) for i in range(players)])
    replay = SPEC.new_game(SPEC.make_rules("base"), players, seed)
    want = [0] * players
    for a in g.log:
        if isinstance(a, Claim):
            obs = replay.observe(replay.current_player)
            s = replay.current_player
            if any(a.route in obvious_chokes(replay.board, obs["claimed"], obs["closed"], t, players)
                   for t in range(players) if t != s):
                want[s] += 1
        replay.apply(a)
    assert g.blocks() == want == [r["blocks"] for r in sorted(g.summary(), key=lambda r: r["seat"])]
    assert sum(want) > 0

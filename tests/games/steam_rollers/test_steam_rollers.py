"""Steam Rollers rules: one test (at least) per rule id of railkit.games.steam_rollers.rule_ids.

Scenarios start from a real game and then set the dice, the black die, tracks
or tiles directly, so each test shows one rule on a known position.
Useful geometry of the default sheet (cities: 1 (3,-1), 2 (2,-3), 3 (-1,-2)):
``P12`` joins city 1 and city 2 directly; ``P1T2`` joins city 1 - town 2 - city 2;
``P2T3`` joins city 2 - town 3 - city 3.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from railkit.core.errors import DataError, IllegalMove
from railkit.games.steam_rollers import SteamRollers, parse
from railkit.games.steam_rollers.rules import DIFFICULTIES
from railkit.games.steam_rollers.scoring import breakdown, olivia_breakdown

P12 = {(3, -2): (3, 5), (2, -2): (0, 2)}
P1T2 = {(2, -1): (0, 3), (1, -1): (0, 2), (1, -2): (1, 5)}
P2T3 = {(2, -4): (3, 5), (1, -4): (0, 3), (0, -4): (0, 4), (-1, -3): (1, 5)}
FACE_SG, FACE_SS, FACE_GS = 0, 2, 4  # black die faces: straight|gentle, straight|sharp, gentle|sharp


def game(players=2, seed=0, dice=None, black=FACE_SG, rules=None, **kw):
    r = {"tile_sides": "a"}
    r.update(rules or {})
    g = SteamRollers(r, players=players, seed=seed, **kw)
    if dice is not None:
        g.dice = sorted(dice)
    g.black = black
    return g


def lay(g, seat, *paths):
    for p in paths:
        for h, (a, b) in p.items():
            g._place(seat, h, a, b)


def give(g, n, seat, sideways=False, tid=None):
    if tid:
        g.tile_id[n] = tid
    g.tile_holder[n] = seat
    g.tile_sideways[n] = sideways


def snapshot(g):
    return json.dumps([g.observe(s) for s in range(g.players)], sort_keys=True) + repr(g.dice) + repr(g.bag)


def illegal(g, text, rule):
    err = g.why_illegal(text)
    assert err is not None, f"{text} should be illegal"
    assert err.rule == rule, (err.rule, str(err))
    before = snapshot(g)
    with pytest.raises(IllegalMove):
        g.apply(text)
    assert snapshot(g) == before
    assert err.reason.endswith(".") and err.hint
    return err


# ================================================================== setup
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_SR_SETUP_SUPPLY_n_plus_2_goods_own_colour_back(players):
    returned = 0
    for seed in range(8):
        g = SteamRollers(players=players, seed=seed)
        for n, goods in g.supply.items():
            assert len(goods) <= players + 2
            assert not any(g.sheet.own_colour(c, n) for c in goods)
            returned += players + 2 - len(goods)
        total = g.bag + Counter(c for v in g.supply.values() for c in v)
        assert total == g.totals
    assert returned > 0


def test_SR_SETUP_TILES_random_side_per_game():
    sides = {SteamRollers(players=2, seed=s).tile_id[1] for s in range(20)}
    assert sides == {"1a", "1b"}
    g = SteamRollers({"tile_sides": "b"}, players=2, seed=0)
    assert [g.tile_id[n] for n in range(1, 7)] == ["1b", "2b", "3b", "4b", "5b", "6b"]


def test_SR_COAL_on_cities_that_lost_a_good_and_delivered_anywhere():
    for seed in range(10):
        g = SteamRollers({"coal": True}, players=3, seed=seed)
        for n, goods in g.supply.items():
            assert goods.count("black") <= 1
        assert g.coal_supply + sum(v.count("black") for v in g.supply.values()) == g.rules.coal_cubes
        assert any("black" in v for v in g.supply.values())
    g = game(dice=[1, 2, 3])
    g.supply[1] = ["black"]
    lay(g, 0, P12)
    g.ps[0].boxes = {1}
    g.apply("draft 1 deliver black to 2")
    assert g.ps[0].deliveries[-1]["distance"] == 1


# ================================================================== round
def test_SR_ROUND_DICE_n_plus_1_dice_one_left_over():
    g = SteamRollers(players=3, seed=4)
    assert len(g.dice) == 4
    for _ in range(2):
        g.apply(f"draft {g.dice[0]} pass")
    assert len(g.dice) == 2 and g.round == 1
    g.apply(f"draft {g.dice[0]} pass")  # last player: one die is left over, a new round is rolled
    assert g.round == 2 and len(g.dice) == 4


def test_SR_ROUND_START_passes_clockwise():
    g = SteamRollers(players=3, seed=1)
    starts = []
    for _ in range(4):
        starts.append(g.start_player)
        for _ in range(3):
            g.apply(f"draft {g.dice[0]} pass")
    assert starts == [0, 1, 2, 0]
    assert g.current_player == 1


def test_SR_PHASE_only_the_awaited_action():
    g = game(dice=[1, 2, 3])
    illegal(g, "skip", "SR-PHASE")
    illegal(g, "build 2,0 straight 0-3", "SR-PHASE")
    illegal(g, "power vp", "SR-PHASE")


def test_SR_DRAFT_DIE_must_be_rolled():
    g = game(dice=[1, 2, 3])
    err = illegal(g, "draft 6 engine", "SR-DRAFT-DIE")
    assert "1, 2, 3" in err.reason


def test_SR_PASS_draft_and_do_nothing():
    g = game(dice=[1, 2, 3])
    assert parse("draft 2 pass") in g.legal_actions()
    g.apply("draft 2 pass")
    assert g.dice == [1, 3] and g.current_player == 1 and g.ps[0].turns == 1


def test_SR_TILE_UPRIGHT_before_her_next_draft():
    g = game(dice=[3, 3, 5])
    g.apply("draft 3 tile 3")
    assert g.tile_holder[3] == 0 and g.tile_sideways[3]
    g.apply("draft 3 pass")  # player 2, same round
    assert g.tile_sideways[3]
    # round 2: start player is seat 1, so seat 0 drafts second
    assert g.current_player == 1 and g.tile_sideways[3]
    g.apply(f"draft {g.dice[0]} pass")
    assert g.current_player == 0 and not g.tile_sideways[3]


# ================================================================== build
def test_SR_BUILD_REGION_die_picks_the_region():
    g = game(dice=[1, 2, 3])
    g.apply("draft 1 build 2,0 straight 0-3")  # (2,0) is in region 1
    assert g.ps[0].tracks[(2, 0)] == (0, 3)
    g = game(dice=[1, 2, 3])
    err = illegal(g, "draft 2 build 2,0 straight 0-3", "SR-BUILD-REGION")
    assert "region 1" in err.reason and "die is 2" in err.reason
    illegal(g, "draft 2 build 9,9 straight 0-3", "SR-BUILD-REGION")


def test_SR_BUILD_TYPE_black_die():
    g = game(dice=[1, 2, 3], black=FACE_SG)
    err = illegal(g, "draft 1 build 2,0 sharp 0-1", "SR-BUILD-TYPE")
    assert "straight or gentle" in err.reason
    g.apply("draft 1 build 2,0 gentle 0-2")
    legal = g.legal_actions()
    assert all(a.kind in ("straight", "gentle") for a in legal if type(a).__name__ == "Build")


def test_SR_BUILD_ONE_PER_HEX():
    g = game(dice=[1, 1, 3])
    g.apply("draft 1 build 2,0 straight 0-3")
    g.apply("draft 1 pass")
    g.dice = [1, 1, 1]
    g.apply("draft 1 pass")  # seat 1 starts round 2
    assert g.current_player == 0
    illegal(g, "draft 1 build 2,0 gentle 1-3", "SR-BUILD-ONE-PER-HEX")


def test_SR_BUILD_NO_CITY():
    g = game(dice=[1, 2, 3])
    err = illegal(g, "draft 1 build 3,-1 straight 0-3", "SR-BUILD-NO-CITY")
    assert "city 1" in err.reason
    assert not any(getattr(a, "hex", None) in g.sheet.city_at for a in g.legal_actions())


def test_SR_CITY_BORDER_track_edge_next_to_a_city_connects():
    g = game()
    lay(g, 0, P12)
    G = g.graph(0)
    assert G.number_of_edges("C1", "C2") == 1
    g2 = game()
    lay(g2, 0, {(3, -2): (0, 3), (2, -2): (0, 2)})  # (3,-2) no longer points at city 1
    assert g2.graph(0).number_of_edges() == 0


def test_SR_TOWN_THROUGH_only_a_track_in_the_town_hex_connects_it():
    g = game()
    lay(g, 0, {(2, -1): (0, 3), (1, -2): (1, 5)})  # both point at town 2, but the town hex is empty
    assert g.graph(0).number_of_edges() == 0
    lay(g, 0, {(1, -1): (0, 2)})
    G = g.graph(0)
    assert sorted((u, v) for u, v in G.edges()) == [("C1", "T2"), ("C2", "T2")]
    g3 = game()
    lay(g3, 0, {(2, -1): (0, 3), (1, -1): (1, 2)})  # the town's track does not face (2,-1)
    assert not g3.graph(0).has_edge("C1", "T2")


def test_SR_MOUNTAIN_no_track_end_on_a_mountain_border():
    g = game(dice=[1, 2, 3], rules={"mountains": "medium"})
    err = illegal(g, "draft 1 build 3,-2 gentle 3-5", "SR-MOUNTAIN")
    assert "2,-2" in err.reason
    assert parse("draft 1 build 3,-2 gentle 3-5") not in g.legal_actions()
    g2 = game(dice=[1, 2, 3])
    g2.apply("draft 1 build 3,-2 gentle 3-5")


def test_SR_MOUNTAIN_LEVEL_hard_adds_to_medium():
    counts = {}
    for level in ("none", "medium", "hard"):
        g = game(dice=[2, 3, 5], black=FACE_SG, rules={"mountains": level})
        counts[level] = len(g.legal_actions())
    assert counts["none"] > counts["medium"] > counts["hard"]
    g = game(rules={"mountains": "hard"})
    assert g.sheet.mountain_borders("medium") < g.sheet.mountain_borders("hard")


# ================================================================== engine
def test_SR_ENGINE_BOX_each_value_once():
    g = game(dice=[4, 4, 5])
    g.apply("draft 4 engine")
    assert g.ps[0].boxes == {4} and g.engine_strength(0) == 1
    g.apply("draft 4 pass")
    g.dice = [4, 4, 4]
    g.apply("draft 4 pass")
    illegal(g, "draft 4 engine", "SR-ENGINE-BOX")


def test_SR_ENGINE_MAX_six_even_with_tile_4a():
    g = game()
    g.ps[0].boxes = {1, 2, 3, 4, 5, 6}
    assert g.engine_strength(0) == 6
    give(g, 4, 0)  # 4a
    assert g.engine_strength(0) == 6


# ================================================================== deliver
def test_SR_DELIVER_SOURCE_city_of_the_die_with_that_good():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12)
    g.ps[0].boxes = {1, 2}
    g.supply[2] = ["yellow"]
    err = illegal(g, "draft 2 deliver blue to 1", "SR-DELIVER-SOURCE")
    assert "City 2 has no blue" in err.reason
    illegal(g, "draft 1 deliver yellow from 2 to 1", "SR-TILE-3A")
    illegal(g, "draft 3 deliver yellow from 5 to 1", "SR-DELIVER-SOURCE")


def test_SR_DELIVER_COLOUR_to_a_city_of_its_colour():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12, P2T3)
    g.ps[0].boxes = {1, 2, 3}
    g.supply[2] = ["yellow", "grey"]
    err = illegal(g, "draft 2 deliver yellow to 3", "SR-DELIVER-COLOUR")
    assert "city 1" in err.reason
    g.apply("draft 2 deliver grey to 3")  # grey goes to 3 or 4


def test_SR_DELIVER_ROUTE_own_tracks_must_link():
    g = game(dice=[1, 2, 3])
    g.supply[2] = ["yellow"]
    g.ps[0].boxes = {1}
    lay(g, 1, P12)  # the other player's tracks do not help
    illegal(g, "draft 2 deliver yellow to 1", "SR-DELIVER-ROUTE")


def test_SR_DELIVER_ENGINE_strength_at_least_distance():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12)
    g.supply[2] = ["yellow"]
    err = illegal(g, "draft 2 deliver yellow to 1", "SR-DELIVER-ENGINE")
    assert "strength is 0" in err.reason


def test_SR_DELIVER_NO_LOOP_no_city_twice():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12, P1T2)
    g.ps[0].boxes = set(range(1, 7))
    g.supply[2] = ["yellow", "red"]
    # C2-C1-T2-C2 ... would revisit city 2; the longest simple path is C2-T2-C1 (2)
    g.apply("draft 2 deliver yellow to 1")
    assert g.ps[0].deliveries[-1]["distance"] == 2
    g2 = game(dice=[1, 2, 3])
    g2.supply[2] = ["red"]
    illegal(g2, "draft 2 deliver red to 2", "SR-DELIVER-NO-LOOP")


def test_SR_DELIVER_LONGEST_route_within_the_engine():
    for boxes, expect in (({1}, 1), ({1, 2}, 2), ({1, 2, 3}, 2)):
        g = game(dice=[1, 2, 3])
        lay(g, 0, P12, P1T2)
        g.ps[0].boxes = set(boxes)
        g.supply[2] = ["yellow"]
        g.apply("draft 2 deliver yellow to 1")
        assert g.ps[0].deliveries[-1]["distance"] == expect


def test_SR_DELIVER_SCORE_distance_points_good_back_to_bag():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12, P1T2)
    g.ps[0].boxes = {1, 2}
    g.supply[2] = ["yellow", "blue"]
    bag = sum(g.bag.values())
    g.apply("draft 2 deliver yellow to 1")
    assert g.supply[2] == ["blue"] and sum(g.bag.values()) == bag + 1
    assert breakdown(g, 0)["delivery_points"] == 2


# ================================================================== tiles
def test_SR_TILE_TAKE_tile_of_the_die():
    g = game(dice=[3, 4, 5])
    err = illegal(g, "draft 3 tile 5", "SR-TILE-TAKE")
    assert "tile 3, not tile 5" in err.reason
    g.apply("draft 3 tile 3")
    assert g.tile_holder[3] == 0 and g.tile_sideways[3]


def test_SR_TILE_STEAL_SIDEWAYS():
    g = game(dice=[3, 3, 5])
    give(g, 3, 1, sideways=True)
    err = illegal(g, "draft 3 tile 3", "SR-TILE-STEAL-SIDEWAYS")
    assert "Player 2 took it" in err.reason
    g.tile_sideways[3] = False
    g.apply("draft 3 tile 3")  # steal the upright tile
    assert g.tile_holder[3] == 0
    g2 = game(dice=[3, 3, 5])
    give(g2, 3, 0, sideways=False)
    g2.apply("draft 3 tile 3")  # her own upright tile, just to turn it sideways
    assert g2.tile_holder[3] == 0 and g2.tile_sideways[3]


def test_SR_TILE_ONE_USE_back_to_the_centre():
    g = game(dice=[1, 2, 3], rules={"tile_sides": "b"})
    give(g, 4, 0)  # 4b
    g.apply("use 4b")
    assert g.tile_holder[4] is None and "4b" in g.active


def test_SR_TILE_PERMANENT_stays_and_cannot_be_discarded():
    g = game(dice=[1, 2, 3])
    give(g, 4, 0)  # 4a
    illegal(g, "use 4a", "SR-TILE-PERMANENT")
    lay(g, 0, P12)
    g.supply[2] = ["yellow"]
    g.apply("draft 2 deliver yellow to 1")  # 4a gives the engine its only strength
    assert g.tile_holder[4] == 0


def test_SR_TILE_USE_UPRIGHT_sideways_tiles_do_nothing_yet():
    g = game(dice=[1, 2, 3], rules={"tile_sides": "b"})
    give(g, 4, 0, sideways=True)
    illegal(g, "use 4b", "SR-TILE-USE-UPRIGHT")
    illegal(g, "use 5b", "SR-TILE-USE-UPRIGHT")  # not held
    give(g, 1, 0, sideways=True, tid="1a")
    illegal(g, "draft 1 as 5 engine", "SR-TILE-USE-UPRIGHT")
    g2 = game(dice=[1, 2, 3])
    give(g2, 4, 0, sideways=True)  # 4a sideways: no engine bonus
    assert g2.engine_strength(0) == 0


def test_SR_TILE_1A_any_value():
    g = game(dice=[1, 2, 3])
    illegal(g, "draft 3 as 6 engine", "SR-TILE-1A")
    give(g, 1, 0)
    assert parse("draft 3 as 6 engine") in g.legal_actions()
    g.apply("draft 3 as 6 engine")
    assert g.ps[0].boxes == {6} and g.tile_holder[1] is None


def test_SR_TILE_1B_plus_or_minus_one_wrapping():
    g = game(dice=[1, 3, 6], rules={"tile_sides": "b"})
    give(g, 1, 0)
    illegal(g, "draft 3 as 6 engine", "SR-TILE-1B")
    assert g.is_legal("draft 3 as 4 engine") and g.is_legal("draft 3 as 2 engine")
    g.apply("draft 6 as 1 engine")
    assert g.ps[0].boxes == {1}


def test_SR_TILE_2A_second_die_second_action():
    g = game(dice=[1, 2, 3])
    give(g, 2, 0)  # 2a
    g.apply("use 2a")
    g.apply("draft 1 engine")
    assert g.current_player == 0
    g.apply("draft 2 engine")
    assert g.current_player == 1 and g.ps[0].boxes == {1, 2}
    g3 = game(players=3, dice=[1, 2, 3, 4])
    g3.apply("draft 1 pass")
    g3.apply("draft 2 pass")
    give(g3, 2, 2)
    assert g3.is_legal("use 2a")  # the last player may take the left-over die
    g4 = game(players=3, dice=[1, 2, 3])  # a die short: three players still to draft
    give(g4, 2, 0)
    illegal(g4, "use 2a", "SR-TILE-2A")


def test_SR_TILE_2B_other_track_type():
    g = game(dice=[1, 2, 3], black=FACE_SG, rules={"tile_sides": "b"})
    illegal(g, "draft 1 build 2,0 sharp 0-1", "SR-BUILD-TYPE")
    give(g, 2, 0)  # 2b
    g.apply("draft 1 build 2,0 sharp 0-1")
    assert g.tile_holder[2] == 0


def test_SR_TILE_3A_source_one_number_away():
    g = game(dice=[1, 3, 5])
    lay(g, 0, P12)
    g.ps[0].boxes = {1}
    g.supply[2] = ["yellow"]
    give(g, 3, 0)  # 3a
    assert parse("draft 3 deliver yellow from 2 to 1") in g.legal_actions()
    g.apply("draft 3 deliver yellow from 2 to 1")
    assert g.ps[0].deliveries[-1]["source"] == 2
    g2 = game(dice=[1, 3, 5])
    lay(g2, 0, P12)
    g2.supply[2] = ["yellow"]
    g2.ps[0].boxes = {1}
    give(g2, 3, 0)
    illegal(g2, "draft 5 deliver yellow from 2 to 1", "SR-DELIVER-SOURCE")


def test_SR_TILE_3B_two_tracks_in_the_region():
    g = game(dice=[1, 2, 3], black=FACE_SG, rules={"tile_sides": "b"})
    give(g, 3, 0)  # 3b
    g.apply("use 3b")
    g.apply("draft 1 build 2,0 straight 0-3")
    assert g.phase == "build2" and g.current_player == 0
    illegal(g, "draft 2 engine", "SR-PHASE")
    err = illegal(g, "build 1,1 straight 0-3", "SR-BUILD-REGION")  # region 6
    assert err.reason == "Hex 1,1 is in region 6, but tile 3b's second track goes in region 1."
    g.apply("build 2,-1 straight 0-3")
    assert g.phase == "draft" and g.current_player == 1 and len(g.ps[0].tracks) == 2
    g2 = game(dice=[1, 2, 3], rules={"tile_sides": "b"})
    give(g2, 3, 0)
    g2.apply("use 3b")
    g2.apply("draft 1 build 2,0 straight 0-3")
    g2.apply("skip")
    assert g2.current_player == 1


def test_SR_TILE_4A_plus_one_engine_not_in_the_bonus():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12, P1T2)
    g.ps[0].boxes = {1, 2, 3, 4}
    give(g, 4, 0)
    assert g.engine_strength(0) == 5 and g.engine_strength(0, with_tiles=False) == 4
    assert breakdown(g, 0)["engine_bonus"] == 1


def test_SR_TILE_4B_plus_two_for_one_delivery():
    g = game(dice=[1, 2, 3], rules={"tile_sides": "b"})
    lay(g, 0, P12, P1T2)
    g.supply[2] = ["yellow", "yellow"]
    give(g, 4, 0)
    illegal(g, "draft 2 deliver yellow to 1", "SR-DELIVER-ENGINE")
    g.apply("use 4b")
    g.apply("draft 2 deliver yellow to 1")
    assert g.ps[0].deliveries[-1]["distance"] == 2 and "4b" not in g.active


def test_SR_TILE_5A_one_stop_beyond_the_engine():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P12, P1T2)
    g.ps[0].boxes = {1}
    g.supply[2] = ["yellow"]
    give(g, 5, 0)  # 5a
    g.apply("use 5a")
    g.apply("draft 2 deliver yellow to 1")
    assert g.ps[0].deliveries[-1]["distance"] == 2


def test_SR_TILE_5B_build_in_an_adjacent_region():
    g = game(dice=[1, 2, 4], black=FACE_SG, rules={"tile_sides": "b"})
    illegal(g, "draft 2 build 2,0 straight 0-3", "SR-BUILD-REGION")
    give(g, 5, 0)  # 5b; region 2 borders region 1, region 4 does not
    g.apply("draft 2 build 2,0 straight 0-3")
    g2 = game(dice=[1, 2, 4], black=FACE_SG, rules={"tile_sides": "b"})
    give(g2, 5, 0)
    illegal(g2, "draft 4 build 2,0 straight 0-3", "SR-BUILD-REGION")


def test_SR_TILE_6A_bonus_for_long_deliveries():
    g = game(dice=[1, 2, 3])
    lay(g, 0, P1T2, P2T3)
    g.ps[0].boxes = {1, 2, 3, 4}
    g.supply[1] = ["grey"]
    give(g, 6, 0)  # 6a
    g.apply("draft 1 deliver grey to 3")
    d = g.ps[0].deliveries[-1]
    assert d["distance"] == 4 and d["bonus"] == 1
    assert breakdown(g, 0)["delivery_points"] == 5


def test_SR_TILE_6B_take_any_upright_tile():
    g = game(dice=[1, 2, 3], rules={"tile_sides": "b"})
    give(g, 6, 0)  # 6b
    give(g, 5, 1)  # upright with the other player
    g.apply("use 6b")
    assert parse("draft 3 tile 5") in g.legal_actions()
    g.apply("draft 3 tile 5")
    assert g.tile_holder[5] == 0 and "6b" not in g.active


# ================================================================== end and scoring
def test_SR_END_THREE_EMPTY_after_the_round():
    g = game(dice=[1, 2, 3])
    for n in (1, 2, 3):
        g.supply[n] = []
    g.apply("draft 1 pass")
    assert not g.is_over  # the round is completed first
    g.apply("draft 2 pass")
    assert g.is_over and g.end_reason == "cities" and g.legal_actions() == []
    illegal(g, "draft 3 pass", "SR-PHASE")


def test_SR_END_MAX_ROUNDS_safety_net():
    g = SteamRollers({"max_rounds": 2}, players=2, seed=0)
    while not g.is_over:
        g.apply(f"draft {g.dice[0]} pass")
    assert g.round == 2 and g.end_reason == "max-rounds"


def test_SR_SCORE_DELIVERY_total_of_deliveries():
    g = game()
    g.ps[0].deliveries = [{"good": "red", "source": 1, "dest": 2, "distance": 3, "bonus": 0},
                          {"good": "red", "source": 1, "dest": 2, "distance": 2, "bonus": 1}]
    assert breakdown(g, 0)["delivery_points"] == 6


def test_SR_SCORE_NETWORK_connections_and_towns():
    g = game()
    lay(g, 0, P12)
    assert breakdown(g, 0)["network_points"] == 1
    lay(g, 0, P1T2)
    assert breakdown(g, 0)["network_points"] == 3  # 1 + (1 + 1 town)
    lay(g, 0, P2T3)
    assert breakdown(g, 0)["network_points"] == 5


def test_SR_SCORE_ENGINE_BONUS_boxes_only():
    g = game()
    for boxes, bonus in ((3, 0), (4, 1), (5, 2), (6, 3)):
        g.ps[0].boxes = set(range(1, boxes + 1))
        assert breakdown(g, 0)["engine_bonus"] == bonus


def test_SR_SCORE_TILES_vp_of_held_tiles():
    g = game()
    give(g, 1, 0)  # 1a +1
    give(g, 4, 0)  # 4a -2
    assert breakdown(g, 0)["tile_vp"] == -1
    assert breakdown(g, 0)["score"] == -1


def test_SR_TIE_delivery_points_then_shared():
    g = game(players=3)
    g.ps[0].deliveries = [{"good": "red", "source": 1, "dest": 2, "distance": 3, "bonus": 0}]
    lay(g, 1, P12, P1T2)  # 3 network points, no deliveries
    g._finish("test")
    rows = g.summary()
    assert [r["score"] for r in rows] == [3, 3, 0]
    assert [r["rank"] for r in rows] == [1, 2, 3] and [r["win"] for r in rows] == [True, False, False]
    g2 = game(players=2)
    g2._finish("test")
    assert [r["rank"] for r in g2.summary()] == [1, 1] and all(r["win"] for r in g2.summary())


# ================================================================== modules
def test_SR_ORDER_TILES_first_to_meet_takes_it():
    g = game(dice=[6, 6, 1], rules={"order_tiles": True})
    g.orders_open = ["O6", "O4"]
    g.ps[0].boxes = {1, 2, 3, 4, 5}
    g.apply("draft 6 engine")
    assert g.ps[0].orders == ["O6"] and g.orders_open == ["O4"]
    assert breakdown(g, 0)["order_vp"] == 2
    assert len(SteamRollers({"order_tiles": True}, players=2, seed=3).orders_open) == 3


def test_SR_POWER_CHOICE_reverse_order_each_power_once():
    g = SteamRollers({"starting_powers": True}, players=3, seed=0)
    assert g.phase == "power" and g.current_player == 2
    g.apply("power vp")
    assert g.current_player == 1
    illegal(g, "power vp", "SR-POWER-CHOICE")
    g.apply("power engine 5")
    g.apply("power good 4")
    assert g.phase == "draft" and g.round == 1 and g.current_player == 0


def test_SR_POWER_ENGINE_cross_a_box():
    g = SteamRollers({"starting_powers": True}, players=2, seed=0)
    g.apply("power engine 3")
    assert g.ps[1].boxes == {3} and g.ps[1].power == "engine"


def test_SR_POWER_TRACK_any_region_any_type():
    g = SteamRollers({"starting_powers": True, "mountains": "medium"}, players=2, seed=0)
    illegal(g, "power track 3,-2 gentle 3-5", "SR-MOUNTAIN")
    illegal(g, "power track 3,-1 straight 0-3", "SR-BUILD-NO-CITY")
    g.apply("power track -2,0 sharp 0-1")
    assert g.ps[1].tracks == {(-2, 0): (0, 1)}


def test_SR_POWER_VP_two_points():
    g = SteamRollers({"starting_powers": True}, players=2, seed=0)
    g.apply("power vp")
    assert breakdown(g, 1)["power_vp"] == 2 and breakdown(g, 1)["score"] == 2


def test_SR_POWER_TILE_free_tile_from_the_centre():
    g = SteamRollers({"starting_powers": True}, players=2, seed=0)
    give(g, 5, 0)
    illegal(g, "power tile 5", "SR-POWER-TILE")
    g.apply("power tile 4")
    assert g.tile_holder[4] == 1 and g.tile_sideways[4]


def test_SR_POWER_GOOD_personal_good_delivered_anywhere():
    g = SteamRollers({"starting_powers": True}, players=2, seed=0)
    illegal(g, "power good 5", "SR-POWER-GOOD")
    g.apply("power good 3")
    g.apply("power vp")
    assert g.personal[1] == 3
    g.dice = [3, 3, 3]
    lay(g, 1, P2T3)
    g.ps[1].boxes = {1, 2}
    g.apply("draft 3 pass")  # seat 0
    g.apply("draft 3 deliver own to 2")
    assert g.personal[1] is None and g.ps[1].deliveries[-1]["distance"] == 2


# ================================================================== solo
def solo(seed=0, difficulty="clerk", dice=None, **rules):
    r = {"tile_sides": "a"}
    r.update(rules)
    g = SteamRollers(r, players=1, seed=seed, difficulty=difficulty)
    if dice is not None:
        g.dice = list(dice)
    g.black = FACE_SG
    return g


def test_SR_SOLO_SETUP_goods_in_line_one_player():
    g = solo(seed=3)
    assert g.solo and all(len(v) <= 3 for v in g.supply.values())
    with pytest.raises(DataError):
        SteamRollers(players=2, seed=0, solo=True)
    with pytest.raises(DataError):
        SteamRollers(players=1, seed=0, solo=False)


def test_SR_SOLO_MODULES_only_mountains():
    for bad in ({"coal": True}, {"order_tiles": True}, {"starting_powers": True}):
        with pytest.raises(DataError):
            SteamRollers(bad, players=1, seed=0)
    assert SteamRollers({"mountains": "hard"}, players=1, seed=0).rules.mountains == "hard"


def test_SR_SOLO_TILE2_alternate_tile():
    assert all(SteamRollers(players=1, seed=s).tile_id[2] == "2s" for s in range(5))


@pytest.mark.parametrize("level, dice", sorted(DIFFICULTIES.items()))
def test_SR_SOLO_DIFFICULTY_starting_influence(level, dice):
    g = SteamRollers(players=1, seed=11, difficulty=level)
    assert sum(len(v) for v in g.olivia_crossed.values()) == dice


def test_SR_SOLO_DICE_three_dice_two_actions():
    g = solo(dice=[1, 2, 5])
    g.supply[5] = ["red"]
    g.apply("draft 1 engine")
    assert g.current_player == 0 and g.round == 1
    g.apply("draft 2 engine")
    assert g.round == 2 and len(g.dice) == 3 and g.olivia_dice[-1] == 5


def test_SR_SOLO_ANY_GOOD_ignores_the_line():
    g = solo(dice=[2, 4, 6])
    lay(g, 0, P12)
    g.ps[0].boxes = {1}
    g.supply[2] = ["yellow", "blue", "yellow", "green"]
    g.apply("draft 2 deliver yellow to 1")
    assert g.supply[2] == ["blue", "yellow", "green"]


def test_SR_SOLO_ANY_GOOD_the_player_names_the_good_by_its_place_in_line():
    from railkit.games.steam_rollers import Deliver

    g = solo(dice=[2, 4, 6])
    lay(g, 0, P12)
    g.ps[0].boxes = {1}
    g.supply[2] = ["yellow", "blue", "yellow", "green"]
    yellow = [a for a in g.legal_actions() if isinstance(a, Deliver) and a.die == 2 and a.good == "yellow"]
    assert [str(a) for a in yellow] == ["draft 2 deliver yellow to 1", "draft 2 deliver yellow #3 to 1"]
    assert parse("draft 2 deliver yellow #3 to 1") == yellow[1]
    g.apply("draft 2 deliver yellow #3 to 1")
    assert g.supply[2] == ["yellow", "blue", "green"]
    assert g.ps[0].deliveries[-1]["good"] == "yellow"


def test_SR_SOLO_ANY_GOOD_decides_what_olivia_takes():
    # Olivia takes the last good in line (SR-OLIVIA-4): with [red, yellow, red] the player may
    # leave [yellow, red] (Olivia's next take: red) or [red, yellow] (Olivia's next take: yellow)
    for text, left in (("draft 1 deliver red to 2", ["yellow", "red"]),
                       ("draft 1 deliver red #3 to 2", ["red", "yellow"])):
        g = solo(dice=[1, 4, 6])
        lay(g, 0, P12)
        g.ps[0].boxes = {1}
        g.supply[1] = ["red", "yellow", "red"]
        assert parse(text) in g.legal_actions()
        g.apply(text)
        assert g.supply[1] == left


def test_SR_SOLO_ANY_GOOD_a_place_must_hold_that_good():
    g = solo(dice=[2, 4, 6])
    lay(g, 0, P12)
    g.ps[0].boxes = {1}
    g.supply[2] = ["yellow", "blue", "yellow", "green"]
    err = illegal(g, "draft 2 deliver yellow #2 to 1", "SR-SOLO-ANY-GOOD")
    assert "#1, #3" in err.hint
    illegal(g, "draft 2 deliver yellow #9 to 1", "SR-SOLO-ANY-GOOD")
    # outside the solo game goods have no order
    m = game(players=2, dice=[2, 4, 5])
    lay(m, 0, P12)
    m.ps[0].boxes = {1}
    m.supply[2] = ["yellow", "blue", "yellow"]
    illegal(m, "draft 2 deliver yellow #3 to 1", "SR-SOLO-ANY-GOOD")
    assert not any(getattr(a, "pos", None) for a in m.legal_actions())


def test_SR_SOLO_PERMANENT_ONCE_per_turn():
    g = solo(dice=[1, 1, 6], rules=None) if False else solo(dice=[1, 1, 6], tile_sides="b")
    give(g, 2, 0, tid="2b")
    g.apply("draft 1 build 2,0 sharp 0-1")
    err = illegal(g, "draft 1 build 2,-1 sharp 0-1", "SR-SOLO-PERMANENT-ONCE")
    assert "2b" in err.reason
    g.apply("draft 1 build 2,-1 straight 0-3")


def test_SR_SOLO_REROLL_tile_2s():
    g = solo(dice=[1, 2, 5])
    give(g, 2, 0)  # 2s upright
    g.apply("draft 1 pass")
    illegal(g, "use 2s", "SR-SOLO-REROLL")
    g.apply("draft 2 pass")
    assert g.phase == "reroll" and g.legal_actions() == [parse("use 2s"), parse("skip")]
    g.apply("use 2s")
    assert g.tile_holder[2] is None and g.round == 2


def test_SR_OLIVIA_1_cross_a_hex_full_region_wins():
    g = solo(dice=[1, 2, 6])
    before = len(g.olivia_crossed[6])
    g.supply[6] = ["red"]
    g.apply("draft 1 pass")
    g.apply("draft 2 pass")
    assert len(g.olivia_crossed[6]) == before + 1
    assert g.sheet.cities[6] not in g.olivia_crossed[6]
    g2 = solo(dice=[1, 2, 6])
    g2.olivia_crossed[6] = list(g2.sheet.regions[6].drawable)
    g2.apply("draft 1 pass")
    g2.apply("draft 2 pass")
    assert g2.is_over and g2.olivia_won and g2.summary()[0]["win"] is False


def test_SR_OLIVIA_2_takes_back_an_upright_tile():
    g = solo(dice=[1, 2, 4])
    give(g, 4, 0)
    give(g, 3, 0)
    g.supply[4] = ["red"]
    g.apply("draft 1 pass")
    g.apply("draft 2 pass")
    assert g.tile_holder[4] is None and g.tile_holder[3] == 0
    g2 = solo(dice=[1, 4, 4])
    g2.supply[4] = ["red"]
    g2.apply("draft 4 tile 4")  # sideways: Olivia cannot take it
    g2.apply("draft 1 pass")
    assert g2.tile_holder[4] == 0


def test_SR_OLIVIA_3_empty_city_reroll():
    g = solo(dice=[1, 2, 6])
    g.supply[6] = []
    crossed = sum(len(v) for v in g.olivia_crossed.values())
    g.apply("draft 1 pass")
    g.apply("draft 2 pass")
    assert sum(len(v) for v in g.olivia_crossed.values()) >= crossed + 2
    assert g.olivia_dice[0] == 6 and len(g.olivia_dice) >= 2


def test_SR_OLIVIA_4_takes_the_last_good_and_scores():
    g = solo(dice=[1, 2, 6])
    g.olivia_crossed[6] = list(g.sheet.regions[6].drawable[:2])
    g.supply[6] = ["red", "green"]
    g.apply("draft 1 pass")
    g.apply("draft 2 pass")
    assert g.supply[6] == ["red"] and g.olivia_points == [3] and g.olivia_goods == ["green"]
    g2 = solo(dice=[1, 2, 6])
    g2.olivia_crossed[6] = []
    g2.supply[6] = ["red"]
    g2.apply("draft 1 pass")
    g2.apply("draft 2 pass")
    assert g2.supply[6] == ["red"] and g2.olivia_points == []


def test_SR_OLIVIA_LAST_she_plays_after_the_end_is_reached():
    g = solo(dice=[1, 2, 6])
    for n in (1, 2, 3):
        g.supply[n] = []
    g.olivia_crossed[6] = list(g.sheet.regions[6].drawable[:4])
    g.supply[6] = ["red"]
    g.apply("draft 1 pass")
    g.apply("draft 2 pass")
    assert g.is_over and g.olivia_points == [5] and g.end_reason == "cities"


def test_SR_OLIVIA_SCORE_parts():
    g = solo(seed=1)
    g.olivia_crossed = {1: [0] * 4, 2: [0] * 5, 3: [0] * 4, 4: [], 5: [0], 6: []}
    g.olivia_points = [3, 4]
    for n in range(1, 7):
        g.tile_holder[n] = None
    b = olivia_breakdown(g)
    assert b["olivia_network_points"] == 9 and b["olivia_engine_points"] == 3
    assert b["olivia_delivery_points"] == 7
    tiles = sum(max(0, g.tile_defs[g.tile_id[n]].vp) for n in range(1, 7))
    assert b["olivia_tile_vp"] == tiles and b["olivia_score"] == 19 + tiles


def test_SR_SOLO_TIE_LOSS():
    g = solo(seed=1)
    ob = olivia_breakdown(g)["olivia_score"]
    g.ps[0].deliveries = [{"good": "red", "source": 1, "dest": 2, "distance": ob, "bonus": 0}]
    g._finish("test")
    row = g.summary()[0]
    assert row["score"] == row["olivia_score"] and row["win"] is False and row["rank"] == 2
    g.ps[0].deliveries[0]["distance"] += 1
    assert g.summary()[0]["win"] is True


# ================================================================== text forms
@pytest.mark.parametrize("text", [
    "draft 3 build 0,-2 gentle 1-3", "draft 3 engine", "draft 5 deliver red to 2", "draft 5 deliver red from 4 to 2",
    "draft 3 tile 3", "draft 3 pass", "draft 3 as 4 engine", "use 4b", "build 1,0 straight 0-3", "skip",
    "power engine 3", "power track 1,0 straight 0-3", "power vp", "power tile 4", "power good 3",
])
def test_text_forms_round_trip(text):
    assert str(parse(text)) == text
    assert str(parse(str(parse(text)))) == text


@pytest.mark.parametrize("text", ["fly", "draft 7 engine", "draft 3 build 0,-2 sharp 1-3", "draft 3 build 0,-2 1-1",
                                  "power dance", "draft 3 deliver red"])
def test_bad_text_lists_the_forms(text):
    from railkit.core.errors import ActionSyntaxError

    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "draft D" in str(e.value)


# ================================================================== completeness and data
def _all_builds(g, die, value=None):
    from railkit.games.steam_rollers import Build
    from railkit.maps import hexes as hx

    return {Build(die, h, a, b, value) for h in g.sheet.hexes for a, b in hx.placements()}


@pytest.mark.parametrize("tiles, sides", [((), "a"), ((2, 5), "b"), ((1,), "a"), ((3,), "a")])
def test_legal_actions_are_exactly_the_legal_ones(tiles, sides):
    from railkit.games.steam_rollers import Deliver, Engine, TakeTile

    g = game(players=3, seed=2, dice=[1, 2, 2, 5], black=FACE_GS, rules={"tile_sides": sides, "mountains": "hard"})
    lay(g, 0, P12, P1T2)
    g.ps[0].boxes = {1, 2, 3}
    for n in tiles:
        give(g, n, 0)
    legal = g.legal_actions()
    assert len(legal) == len(set(legal))
    values = [None] + ([v for v in range(1, 7)] if 1 in tiles else [])
    for die in sorted(set(g.dice)):
        for value in values:
            if value == die:
                continue
            cands = _all_builds(g, die, value) | {Engine(die, value)} | {TakeTile(die, n, value) for n in range(1, 7)}
            cands |= {Deliver(die, c, d, s if s != (value or die) else None, value)
                      for c in ("yellow", "red", "grey", "green", "blue") for d in range(1, 7) for s in range(1, 7)}
            ok = {a for a in cands if g.why_illegal(a) is None}
            listed = {a for a in legal if getattr(a, "die", None) == die and getattr(a, "value", None) == value
                      and type(a).__name__ != "Pass"}
            assert ok == listed, (die, value, sorted(map(str, ok ^ listed))[:5])


def test_golden_legal_action_counts():
    # "perft"-style counts at the start of seeded games (change only with the rules)
    counts = [len(SteamRollers(players=p, seed=s).legal_actions()) for p, s in ((1, 0), (2, 1), (3, 1), (5, 7))]
    assert counts == [len(SteamRollers(players=p, seed=s).legal_actions()) for p, s in ((1, 0), (2, 1), (3, 1), (5, 7))]
    assert counts[2] == 333


def test_bad_tile_and_order_files(tmp_path):
    from railkit.games.steam_rollers.data import load_orders, load_tiles

    p = tmp_path / "tiles.json"
    p.write_text(json.dumps({"tiles": [{"id": "1a", "number": 9, "side": "a", "kind": "one-use", "vp": 1,
                                        "effect": "any-value", "text": "x"}]}))
    with pytest.raises(DataError) as e:
        load_tiles(str(p))
    assert e.value.path == "$.tiles[0].number" and "tiles.json" in e.value.source
    p.write_text(json.dumps({"tiles": [{"id": "1a", "number": 1, "side": "a", "kind": "forever", "vp": 1,
                                        "effect": "any-value", "text": "x"}]}))
    with pytest.raises(DataError) as e:
        load_tiles(str(p))
    assert e.value.path == "$.tiles[0].kind"
    q = tmp_path / "orders.json"
    q.write_text(json.dumps({"orders": [{"id": "X", "kind": "connect", "cities": [1, 1], "vp": 2, "text": "x"}]}))
    with pytest.raises(DataError) as e:
        load_orders(str(q))
    assert e.value.path == "$.orders[0].cities"


def test_bad_options_are_data_errors():
    with pytest.raises(DataError):
        SteamRollers(players=6, seed=0)
    with pytest.raises(DataError):
        SteamRollers(players=2, seed=0, colour="red")
    with pytest.raises(DataError):
        SteamRollers(players=1, seed=0, difficulty="boss")
    with pytest.raises(DataError):
        SteamRollers(players=2, seed=0, sheet="no-such-sheet")


def test_text_rendering_of_a_game():
    g = SteamRollers(players=1, seed=3, difficulty="investor")
    text = str(g)
    assert "solo vs Olivia, investor" in text and "Olivia: crossed" in text and "[1]" in text
    assert repr(g).startswith("Steam Rollers, 1 player")


_texts = st.one_of(
    st.builds(lambda d, q, r, a, b: f"draft {d} build {q},{r} {a}-{b}", st.integers(0, 9), st.integers(-6, 6),
              st.integers(-6, 6), st.integers(0, 7), st.integers(0, 7)),
    st.builds(lambda d, v: f"draft {d} as {v} engine", st.integers(0, 9), st.integers(0, 9)),
    st.builds(lambda d, g, s, t: f"draft {d} deliver {g} from {s} to {t}", st.integers(1, 6),
              st.sampled_from(["red", "grey", "black", "own", "purple"]), st.integers(0, 9), st.integers(0, 9)),
    st.builds(lambda d, n: f"draft {d} tile {n}", st.integers(1, 6), st.integers(0, 9)),
    st.builds(lambda t: f"use {t}", st.sampled_from(["1a", "2a", "2s", "3b", "4a", "4b", "5a", "6b", "9z"])),
    st.builds(lambda q, r: f"build {q},{r} 0-3", st.integers(-6, 6), st.integers(-6, 6)),
    st.sampled_from(["skip", "power vp", "power engine 3", "power good 5", "power tile 2", "draft 3 pass"]),
    st.text(max_size=12),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(0, 50), st.integers(0, 30), _texts)
def test_any_text_is_an_action_or_a_clear_error(players, seed, steps, text):
    from railkit.core.errors import ActionSyntaxError

    g = SteamRollers({"starting_powers": players > 1, "tile_sides": "b" if seed % 2 else "a"}, players=players, seed=seed)
    for i in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[(seed * 7 + i * 13) % len(legal)])
    before = snapshot(g)
    try:
        g.apply(text)
    except (ActionSyntaxError, IllegalMove):
        assert snapshot(g) == before


def test_delivery_route_for_teaching_and_drawing():
    g = game()
    lay(g, 0, P12, P1T2)
    assert g.delivery_route(0, 2, 1) is None  # engine 0
    assert g.delivery_route(0, 2, 1, engine=3) == (2, ["C2", "T2", "C1"], ["1,-2", "2,-1"])
    g.ps[0].boxes = {1}
    assert g.delivery_route(0, 2, 1)[0] == 1


@pytest.mark.parametrize("players", [1, 3])
def test_shared_observations_match_fresh_ones(players):
    """observe_shared(seat), handed to bots that only read (the greedy bot and its levels),
    holds what observe(seat) holds after every action of seeded games, for every seat and a
    spectator; its track views are the game's own, and the play loop hands it to those
    bots only."""
    from railkit.agents.steam_rollers import AGENTS
    from railkit.core.game import observation_for, play

    def check(game, action):
        for seat in [*range(game.players), None]:
            shared = game.observe_shared(seat)
            assert shared == game.observe(seat), f"after {action}: seat {seat}'s shared view differs"
        again = game.observe_shared(0)["players_view"][0]["tracks"]
        assert again is game.observe_shared(0)["players_view"][0]["tracks"]
        assert again is not game.observe(0)["players_view"][0]["tracks"]
        seat = game.current_player
        if seat is not None:
            for name in ("greedy", "easy", "medium"):
                view = observation_for(game, AGENTS[name](0), seat)
                assert view["players_view"][0]["tracks"] is again
            assert observation_for(game, AGENTS["random"](0), seat) is None

    for seed in range(2):
        g = SteamRollers(players=players, seed=seed)
        play(g, [AGENTS["greedy" if s % 2 == 0 else "random"](seed * 10 + s) for s in range(players)], on_action=check)


def test_the_held_tile_of_an_effect_follows_the_tile_ids_in_play():
    from railkit.games.steam_rollers.data import load_tiles, tiles_by_effect

    by_effect = tiles_by_effect()
    tiles = load_tiles()
    assert sorted(tid for v in by_effect.values() for _, tid in v) == sorted(tiles)
    assert all(tiles[tid].effect == e and tiles[tid].number == n for e, v in by_effect.items() for n, tid in v)
    assert all(list(v) == sorted(v) for v in by_effect.values())
    g = game()
    give(g, 4, 0, tid="4a")  # SR-TILE-4A: +1 engine strength while held
    assert g.engine_strength(0) == 1 and g._held_tile(0, "engine-plus") == "4a"
    g.tile_id[4] = "4b"  # the other side in play: no longer a permanent +1
    assert g.engine_strength(0) == 0 and g._held_tile(0, "engine-plus") is None
    assert g._held_tile(0, "delivery-engine-plus") == "4b" and g._held_tile(1, "delivery-engine-plus") is None


def test_the_rules_are_read_once_per_rules_object():
    from railkit.core.game import frozen_rules
    from railkit.games.steam_rollers.rules import SteamRules, rule_values

    rules = frozen_rules(SteamRules(max_rounds=7, mountains="hard"))
    values = rule_values(rules)
    assert values is rule_values(rules)
    assert {k: getattr(values, k) for k in vars(values)} == rules.param.values()
    assert rule_values(frozen_rules(SteamRules())).max_rounds == 60
    g = SteamRollers(rules, players=2, seed=1)
    assert g._max_rounds == 7 and g._mountains == "hard"

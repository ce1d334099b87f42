"""Station Master: one test (at least) per rule id, on rigged tables.

``table()`` rearranges a fresh game's cards between zones (never creating or losing one), so
each test starts from an exact position and ``audit()`` still holds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from railkit.core.errors import DataError, IllegalMove
from railkit.games import station_master as sm
from railkit.games.station_master import SPEC, StationMasterGame

PKG = Path(sm.__file__).parent
TESTS = Path(__file__).parent


# ------------------------------------------------------------------ helpers
def table(players=2, seed=0, rules=None, locos=(), hands=None, discard=(), draw=(), to_move=0):
    """A game set up by the ``setup`` option: station ``locos`` (loco names), ``hands``
    {seat: [cards]}, the discard pile (bottom first) and the next cards drawn (first drawn first)."""
    setup = {"hands": [(hands or {}).get(s) for s in range(players)], "discard": list(discard),
             "draw": list(draw), "to_move": to_move}
    if locos:
        setup["station"] = list(locos)
    g = StationMasterGame(rules, players=players, seed=seed, setup=setup)
    g.audit()
    return g


def chips_on(g, tid):
    return list(g.train(tid).chips)


def raises(g, action, rule):
    """``action`` is illegal under ``rule``, with one plain sentence and a hint; nothing changed."""
    before = json.dumps(g.observe(0), sort_keys=True), len(g.log)
    with pytest.raises(IllegalMove) as exc:
        g.apply(action)
    assert exc.value.rule == rule, exc.value
    assert exc.value.reason.endswith(".") and exc.value.hint
    assert g.why_illegal(action).rule == rule
    assert (json.dumps(g.observe(0), sort_keys=True), len(g.log)) == before
    return exc.value


# ------------------------------------------------------------------ cards and setup
def test_SM_CARDS_DATA_default_totals():
    cl = sm.load_cards()
    assert cl.provenance == "railkit default"
    assert len(cl.locomotives) == 15 and len(cl.cards) == 97
    counts = cl.card_counts
    assert [counts[k] for k in ("+1", "+2", "+3", "-1", "-2", "-3", "lux+4", "lux+5")] == [12, 11, 9, 12, 11, 9, 4, 2]
    assert [counts[k] for k in ("brake-van", "royal", "reassign", "repair-3", "repair-5", "transfer",
                                "standing-room", "uncouple", "rush-hour")] == [4, 2, 4, 2, 2, 3, 4, 4, 2]
    numbers = sorted(lo.number for lo in cl.locomotives)
    assert numbers == [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8]
    assert sorted(lo.key for lo in cl.locomotives if lo.banner) == ["L6-freight-green", "L7-green", "L8-green"]
    assert sum(len(StationMasterGame(players=6).supply[s]) for s in range(6)) == 36


@pytest.mark.parametrize("players,total", [(2, 12), (3, 12), (4, 14), (5, 15), (6, 15)])
def test_SM_SETUP_LOCOS_removal_by_player_count(players, total):
    g = StationMasterGame(players=players, seed=3)
    in_play = [t.loco for t in g.station] + g.loco_pile
    assert len(in_play) == total
    if players < 4:
        assert not any(lo.banner for lo in in_play)
    if players == 4:
        assert max(lo.number for lo in in_play) == 7 and any(lo.banner for lo in in_play)
    # the rule reads its numbers from the rules
    g2 = StationMasterGame({"remove_banner_below": 2, "remove_highest_at": []}, players=2, seed=3)
    assert len(g2.station) + len(g2.loco_pile) == 15


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_SM_SETUP_STATION_as_many_locomotives_as_players(players):
    g = StationMasterGame({"rush_hour_when_drawn": "hold"}, players=players, seed=11)
    assert [t.name for t in g.station] == [f"T{i}" for i in range(1, players + 1)]
    g = StationMasterGame(players=players, seed=11)  # Rush Hour dealt at setup adds one each
    assert len(g.station) == players + g.rush_hours


def test_SM_SETUP_HAND_three_cards_each():
    for seed in range(20):
        g = StationMasterGame(players=5, seed=seed)
        assert [len(h) for h in g.hands] == [3] * 5
        assert len(g.draw_pile) == 97 - 15 - g.rush_hours
    assert [len(h) for h in StationMasterGame({"hand_size": 5}, players=2).hands] == [5, 5]


def test_SM_SETUP_CHIPS_six_hidden_chips():
    g = StationMasterGame(players=4)
    assert g.supply == [[1, 1, 2, 2, 3, 3]] * 4
    g = SPEC.new_game(SPEC.make_rules("chips-1-2-3"), players=3)
    assert g.supply == [[1, 2, 3]] * 3
    with pytest.raises(ValueError, match="chip face value"):
        StationMasterGame({"chip_values": [1, 0]}, players=2)


def test_SM_SETUP_START_player():
    assert StationMasterGame(players=3).current_player == 0
    starts = {StationMasterGame({"start_player": "random"}, players=6, seed=s).current_player for s in range(40)}
    assert starts == set(range(6))
    assert StationMasterGame({"start_player": "random"}, players=6, seed=5).current_player == \
        StationMasterGame({"start_player": "random"}, players=6, seed=5).current_player


# ------------------------------------------------------------------ turns and chips
def test_SM_TURN_ONE_OPTION_chip_or_card():
    g = table(players=3, locos=["L5", "L4", "L6"], hands={0: ["+2", "-1", "royal"]}, draw=["+3", "-3"])
    g.apply("chip 2 on T1")  # option 1: no card drawn
    assert sorted(g.hands[0]) == ["+2", "-1", "royal"] and g.current_player == 1
    g.to_move = 0
    g.apply("play +2 on T2")  # option 2: one card, then one draw
    assert sorted(g.hands[0]) == ["+3", "-1", "royal"] and g.current_player == 1
    assert g.turns[0] == 2
    g.to_move = 0
    raises(g, "play +2 on T2", "SM-CARD-IN-HAND")


def test_SM_CHIP_SUPPLY_only_own_unplaced_chips():
    g = table(players=2, locos=["L5", "L4"], rules={"chip_values": [1, 3]})
    g.apply("chip 3 on T1")
    g.apply("chip 1 on T1")
    e = raises(g, "chip 3 on T2", "SM-CHIP-SUPPLY")
    assert "Seat 0 has no chip of value 3" in e.reason
    raises(g, "chip 7 on T2", "SM-CHIP-SUPPLY")


def test_SM_CHIP_CAPACITY_number_of_the_locomotive():
    g = table(players=2, locos=["L3", "L4"])
    for v in (1, 2, 3):
        g.apply(f"chip {v} on T1")
        g.to_move = 0
    e = raises(g, "chip 1 on T1", "SM-CHIP-CAPACITY")
    assert "T1 (L3) is full: it holds at most 3 chips" in e.reason
    assert sm.PlaceChip(1, 1) not in g.legal_actions()


def test_SM_CHIP_HIDDEN_others_see_only_counts():
    g = table(players=3, locos=["L5", "L4", "L6"], hands={1: ["brake-van", "+1", "+2"], 2: ["+1", "+2", "+3"]},
              draw=["+3", "-1"])
    g.apply("chip 3 on T1")
    g.apply("chip 1 on T1")
    mine, theirs = g.observe(0), g.observe(1)
    assert mine["station"][0]["my_chips"] == [3] and theirs["station"][0]["my_chips"] == [1]
    assert theirs["station"][0]["chip_counts"] == [1, 1, 0]
    assert theirs["my_chips"] == [1, 2, 2, 3, 3] and theirs["chips_in_hand"] == [5, 5, 6]
    assert "chips" not in theirs["station"][0] and theirs["hand_sizes"] == [3, 3, 3]
    assert theirs["hand"] == ["+1", "+2", "brake-van"]
    json.dumps(theirs)  # plain JSON
    # seat 0's chip values appear nowhere in what seat 1 sees while the train is in the station
    assert [v for t in theirs["station"] for v in t["my_chips"]] == [1]
    g.apply("play +1 on T2")  # seat 2 acts next, then the brake van reveals the chips
    g.to_move = 1
    g.apply("play brake-van on T1")
    dep = g.observe(2)["departures"][-1]
    assert dep["chips"] == [[3], [1], []]


def test_SM_CHIP_HIDDEN_a_spectator_sees_no_chip_value_and_no_hand():
    g = table(players=3, locos=["L5", "L4", "L6"], hands={1: ["brake-van", "+1", "+2"], 2: ["+1", "+2", "+3"]})
    g.apply("chip 3 on T1")
    g.apply("chip 1 on T1")
    public = g.observe(None)
    assert public["seat"] is None and public["hand"] == [] and public["my_chips"] == []
    assert all(t["my_chips"] == [] and "chips" not in t for t in public["station"])
    assert public["station"][0]["chip_counts"] == [1, 1, 0] and public["hand_sizes"] == [3, 3, 3]
    assert "'3'" not in json.dumps(public["station"]) and json.dumps(public)
    assert "0:3" in g.describe()  # the full picture (for the host) still shows every value
    with pytest.raises(DataError):
        g.observe(3)


def test_SM_CARD_IN_HAND_only_held_cards():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1", "-2", "royal"]})
    e = raises(g, "play +3 on T1", "SM-CARD-IN-HAND")
    assert e.reason == "Seat 0 does not hold a +3 card (her hand: +1, -2, royal)."
    raises(g, "play uncouple 1 from T1", "SM-CARD-IN-HAND")
    raises(g, "play +9 on T1", "SM-CARD-IN-HAND")


def test_SM_CARD_DRAW_after_a_card_only_while_the_pile_lasts():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1", "-2", "+3"]}, draw=["uncouple"])
    g.apply("play +1 on T1")
    assert sorted(g.hands[0]) == ["+3", "-2", "uncouple"]
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    g.to_move = 0
    g.apply("play -2 on T1")
    assert sorted(g.hands[0]) == ["+3", "uncouple"]


def test_SM_TRAIN_IN_STATION_targets():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1", "transfer", "royal"]})
    e = raises(g, "chip 1 on T9", "SM-TRAIN-IN-STATION")
    assert e.reason == "T9 is not in the station (the station holds T1, T2)."
    raises(g, "play +1 on T3", "SM-TRAIN-IN-STATION")
    raises(g, "play transfer T7->T1 owners 0", "SM-TRAIN-IN-STATION")


# ------------------------------------------------------------------ carriages and departure
def test_SM_CARRIAGE_LIMIT_number_of_carriages():
    g = table(players=2, locos=["L3", "L4"], hands={0: ["+1", "+2", "+3"], 1: ["-1", "-2", "-3"]},
              draw=["+1", "+1", "+2", "+2"])
    g.apply("play +1 on T1")
    g.apply("play -1 on T1")
    assert g.slots_used(g.train(1)) == 2
    g.apply("play +2 on T1")  # the third carriage: a 3 takes no more, it leaves
    assert g.train(1) is None and g.departures[-1]["cards"] == ["+1", "-1", "+2"]
    # the check itself, on a (forced) full train that did not leave
    t = g.train(2)
    t.cards = [["+1", 1]] * 4
    e = raises(g, "play -2 on T2", "SM-CARRIAGE-LIMIT")
    assert "already has all 4 carriages" in e.reason


def test_SM_DEPART_FULL_train_leaves_and_scores():
    g = table(players=2, locos=["L3", "L4"], hands={0: ["+1", "+2", "+3"], 1: ["+1", "+2", "-3"]},
              draw=["-1"] * 6)
    g.apply("chip 3 on T1")
    g.apply("chip 1 on T1")
    g.apply("play +3 on T1")
    g.apply("play +2 on T1")
    assert g.train(1) is not None
    g.apply("play +2 on T1")  # 3 + 2 + 2 = 7
    d = g.departures[-1]
    assert d["train"] == "T1" and d["reason"] == "full" and d["value"] == 7 and d["points"] == [21, 7]
    assert g.scores == [21, 7]


def test_SM_BRAKE_VAN_train_leaves_at_once():
    g = table(players=2, locos=["L6", "L4"], hands={0: ["brake-van", "+1", "+2"]}, draw=["+3"])
    g.apply("chip 2 on T1")
    g.apply("chip 3 on T1")
    g.to_move = 0
    g.apply("play +2 on T1")
    g.to_move = 0
    value = g.value(g.train(1))
    assert value == 2
    g.apply("play brake-van on T1")
    d = g.departures[-1]
    assert d["reason"] == "brake-van" and d["value"] == value and d["points"] == [2 * value, 3 * value]
    assert g.train(1) is None and g.discard[-1] == "brake-van"


def test_SM_ROYAL_doubles_the_last_two_carriages():
    g = table(players=2, locos=["L6", "L4"], hands={0: ["royal", "royal", "+1"], 1: ["+3", "-2", "+2"]},
              draw=["+1"] * 6)
    raises(g, "play royal on T1", "SM-ROYAL")  # nothing to double yet
    g.apply("play +1 on T1")
    g.apply("play +3 on T1")
    g.apply("play royal on T1")  # [+1, +3] doubled -> 8; Royal takes a place
    t = g.train(1)
    assert g.value(t) == 8 and t.cards[-1] == ["royal", 1] and g.slots_used(t) == 3
    g.apply("play -2 on T1")
    g.apply("play royal on T1")  # doubles -2 and +3 again (x4): 2*1 + 4*3 + 2*(-2) = 10
    assert g.value(t) == 10
    # a Royal Carriage in the last place completes the train: it leaves
    g = table(players=2, locos=["L3", "L4"], hands={0: ["+1", "+2", "royal"]}, draw=["+1"] * 4)
    for a in ["play +1 on T1", "chip 3 on T1", "play +2 on T1", "chip 1 on T1", "play royal on T1"]:
        g.apply(a)
    d = g.departures[-1]
    assert d["cards"] == ["+1", "+2", "royal"] and d["multipliers"] == [2, 2, 1] and d["value"] == 6
    assert d["points"] == [0, 24]  # seat 1 bet 3 + 1 on it


def test_SM_ROYAL_free_slot_variant():
    g = table(players=2, rules={"royal_takes_slot": False}, locos=["L3", "L4"],
              hands={0: ["+1", "royal", "+3"], 1: ["+2", "-1", "+1"]}, draw=["+1"] * 6)
    g.apply("play +1 on T1")
    g.apply("play +2 on T1")
    g.apply("play royal on T1")
    t = g.train(1)
    assert g.slots_used(t) == 2 and g.value(t) == 6


def test_SM_REASSIGN_moves_the_last_carriage():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["reassign", "+3", "royal"], 1: ["-2", "+1", "+2"]},
              draw=["+1"] * 6)
    raises(g, "play reassign T1->T2", "SM-REASSIGN")  # T1 has no carriage
    g.apply("play +3 on T1")
    g.apply("play -2 on T1")
    e = raises(g, "play reassign T1->T1", "SM-REASSIGN")
    assert "both are T1" in e.reason
    g.apply("play royal on T1")  # +3 and -2 doubled
    g.to_move = 0
    g.apply("play reassign T1->T2")  # -2 (doubled on T1) moves undoubled to T2
    assert [c[0] for c in g.train(1).cards] == ["+3", "royal"] and g.value(g.train(1)) == 6
    assert g.train(2).cards == [["-2", 1]] and g.discard[-1] == "reassign"


def test_SM_REPAIR_takes_a_carriage_from_the_top_discards():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["repair-3", "repair-5", "+1"]},
              discard=["lux+5", "+2", "transfer", "-3", "L3"][:4], draw=["+1"] * 6)
    # top 3 of the discard: +2, transfer, -3 (lux+5 is 4th from the top)
    e = raises(g, "play repair-3 take lux+5 on T1", "SM-REPAIR")
    assert "lux+5 is not a carriage among the top 3 discards" in e.reason
    legal = [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayRepair)]
    assert "play repair-3 take +2 on T1" in legal and "play repair-5 take lux+5 on T2" in legal
    g.apply("play repair-5 take lux+5 on T1")
    assert g.train(1).cards == [["lux+5", 1]] and "lux+5" not in g.discard and g.discard[-1] == "repair-5"


def test_SM_REPAIR_a_carriage_that_can_be_coupled_must_be():
    # the seed: "wenn eine Waggonkarte dabei ist, dann regulär einbauen"
    g = table(players=2, locos=["L5", "L4"], hands={0: ["repair-3", "repair-3", "+1"]},
              discard=["+2", "transfer", "brake-van"], draw=["+1"] * 6)
    e = raises(g, "play repair-3", "SM-REPAIR")
    assert "must couple one" in e.reason and "take +2 on T1" in e.hint
    legal = [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayRepair)]
    assert legal == ["play repair-3 take +2 on T1", "play repair-3 take +2 on T2"]  # which and where: the player's
    g.apply("play repair-3 take +2 on T2")
    assert g.train(2).cards == [["+2", 1]]
    # no carriage among the top 3 (repair-3, brake-van, transfer): looking is the whole turn
    g.to_move = 0
    assert [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayRepair)] == ["play repair-3"]
    g.apply("play repair-3")
    assert g.discard[-1] == "repair-3"


def test_SM_REPAIR_optional_taking_is_a_rule_parameter():
    g = table(players=2, rules=SPEC.presets["repair-optional"], locos=["L5", "L4"],
              hands={0: ["repair-3", "+1", "+1"]}, discard=["+2"], draw=["+1"] * 6)
    assert "play repair-3" in [str(a) for a in g.legal_actions()]
    g.apply("play repair-3")  # railkit's earlier ruling: looking and taking nothing
    assert g.discard[-2:] == ["+2", "repair-3"]


def _five_chips_on_T1(**kw):
    g = table(players=2, locos=["L6", "L4"], hands={0: ["transfer", "transfer", "+1"]}, draw=["+1"] * 6, **kw)
    for seat, v in [(0, 1), (1, 3), (0, 2), (1, 1), (0, 3)]:
        g.to_move = seat
        g.apply(f"chip {v} on T1")
    g.to_move = 0
    return g


def test_SM_TRANSFER_moves_exactly_three_chips_or_as_many_as_fit_and_are_there():
    """The source text: "3 Passagierchips von einem Zug auf einen anderen umstellen"."""
    g = _five_chips_on_T1()
    legal = [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer)]
    # T1 holds 3 chips of seat 0 and 2 of seat 1: every choice of exactly 3 owners
    assert legal == ["play transfer T1->T2 owners " + o for o in ("0,0,0", "0,0,1", "0,1,1")]
    before = g.to_json()
    e = raises(g, "play transfer T1->T2 owners 1,1", "SM-TRANSFER")
    assert e.reason == "2 chips cannot move from T1 to T2: the card moves exactly 3." and e.hint == "Move exactly 3 chips."
    assert g.to_json() == before
    g.apply("play transfer T1->T2 owners 0,1,1")
    assert len(chips_on(g, 2)) == 3 and len(chips_on(g, 1)) == 2
    # T2 (a 4) has one place left: exactly one chip moves there
    g.to_move = 0
    assert {len(a.owners) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer) and a.target == 2} == {1}
    e = raises(g, "play transfer T1->T2 owners 0,0", "SM-TRANSFER")
    assert "T2 has room for 1 more" in e.reason
    # from a train with fewer chips than the card moves: all of them
    g = table(players=2, locos=["L6", "L6"], hands={0: ["transfer", "+1", "+1"]}, draw=["+1"] * 6)
    for seat in (0, 1):
        g.to_move = seat
        g.apply("chip 2 on T1")
    g.to_move = 0
    assert [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer)] == ["play transfer T1->T2 owners 0,1"]
    assert "T1 holds 2" in raises(g, "play transfer T1->T2 owners 0", "SM-TRANSFER").reason


def test_SM_TRANSFER_up_to_three_is_a_rule_parameter():
    g = _five_chips_on_T1(rules={"transfer_exact": False})
    assert sm.SPEC.presets["transfer-up-to"] == {"transfer_exact": False}
    legal = [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer)]
    # T1 holds 3 chips of seat 0 and 2 of seat 1: every choice of 1 to 3 owners
    assert legal == ["play transfer T1->T2 owners " + o for o in
                     ("0", "1", "0,0", "0,1", "1,1", "0,0,0", "0,0,1", "0,1,1")]


def test_SM_TRANSFER_the_player_chooses_trains_and_whose_chips_move():
    g = table(players=2, locos=["L6", "L4"], hands={0: ["transfer", "transfer", "+1"]}, draw=["+1"] * 6,
              rules={"transfer_exact": False})
    for seat, v in [(0, 1), (1, 3), (0, 2), (1, 1), (0, 3)]:
        g.to_move = seat
        g.apply(f"chip {v} on T1")
    g.to_move = 0
    raises(g, "play transfer T2->T1 owners 0", "SM-TRANSFER")  # T2 has no chips
    legal = [str(a) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer)]
    # T1 holds 3 chips of seat 0 and 2 of seat 1: every choice of 1 to 3 owners
    assert legal == ["play transfer T1->T2 owners " + o for o in
                     ("0", "1", "0,0", "0,1", "1,1", "0,0,0", "0,0,1", "0,1,1")]
    e = raises(g, "play transfer T1->T2 owners 1,1,1", "SM-TRANSFER")
    assert "holds 2 chip(s) of seat 1" in e.reason
    e = raises(g, "play transfer T1->T2 owners 0,0,1,1", "SM-TRANSFER")
    assert "at most 3" in e.reason
    g.apply("play transfer T1->T2 owners 1,1")  # both of the rival's chips, values unseen
    assert sorted(chips_on(g, 2)) == [(1, 1), (1, 3)] and sorted(chips_on(g, 1)) == [(0, 1), (0, 2), (0, 3)]
    assert "2 of seat 1" in g.events[-1]
    # the room on the target limits the move: T2 (a 4) has two places left
    g.to_move = 0
    assert max(len(a.owners) for a in g.legal_actions() if isinstance(a, sm.PlayTransfer) and a.target == 2) == 2
    e = raises(g, "play transfer T1->T2 owners 0,0,0", "SM-TRANSFER")
    assert "T2 has room for 2 more" in e.reason
    g.apply("play transfer T1->T2 owners 0")  # one of seat 0's three chips, drawn blind
    assert len(chips_on(g, 2)) == 3 and len(chips_on(g, 1)) == 2
    assert sorted(chips_on(g, 1) + chips_on(g, 2)) == sorted([(0, 1), (1, 3), (0, 2), (1, 1), (0, 3)])


def test_SM_TRANSFER_text_names_the_owners():
    with pytest.raises(ValueError, match="owners 0,1"):
        sm.parse_action("play transfer T1->T2")
    assert str(sm.parse_action("play transfer t1 -> t2 owners 1, 0")) == "play transfer T1->T2 owners 0,1"


def test_SM_TRANSFER_last_placed_variant_and_full_target():
    g = table(players=2, rules={"transfer_pick": "last-placed", "transfer_exact": False}, locos=["L6", "L3"],
              hands={0: ["transfer", "transfer", "transfer"]}, draw=["+1"] * 6)
    for seat, v in [(0, 1), (1, 3), (0, 2), (1, 1)]:
        g.to_move = seat
        g.apply(f"chip {v} on T1")
    g.to_move = 0
    g.apply("play transfer T1->T2 owners 0,1")  # seat 0's and seat 1's last-placed chips
    assert chips_on(g, 2) == [(0, 2), (1, 1)] and chips_on(g, 1) == [(0, 1), (1, 3)]
    g.to_move = 0
    g.apply("play transfer T1->T2 owners 0")
    g.to_move = 0
    e = raises(g, "play transfer T1->T2 owners 1", "SM-CHIP-CAPACITY")
    assert "T2 (L3) is full" in e.reason


def test_SM_STANDING_ROOM_one_more_chip_place():
    g = table(players=2, locos=["L3", "L4"], hands={0: ["standing-room", "standing-room", "+1"]}, draw=["+1"] * 6)
    for v in (1, 2, 3):
        g.to_move = 0
        g.apply(f"chip {v} on T1")
    g.to_move = 0
    raises(g, "chip 1 on T1", "SM-CHIP-CAPACITY")
    g.apply("play standing-room on T1 chip 1")  # capacity 4 and the chip at once
    t = g.train(1)
    assert g.chip_capacity(t) == 4 and len(t.chips) == 4 and g.slots_used(t) == 0
    g.to_move = 0
    g.apply("play standing-room on T1")
    assert g.chip_capacity(t) == 5 and g.train(1).loco.number == 3
    # Standing Room is discarded with its train
    g.to_move = 0
    raises(g, "play standing-room on T1 chip 3", "SM-CARD-IN-HAND")


def test_SM_UNCOUPLE_last_one_or_two_carriages():
    g = table(players=2, locos=["L6", "L4"], hands={0: ["uncouple", "uncouple", "+1"], 1: ["+2", "-3", "+3"]},
              draw=["+1"] * 6)
    raises(g, "play uncouple 1 from T1", "SM-UNCOUPLE")  # no carriages
    for c in ("+1", "+2"):
        g.apply(f"play {c} on T1")
    g.to_move = 1
    g.apply("play -3 on T1")
    g.to_move = 0
    e = raises(g, "play uncouple 3 from T1", "SM-UNCOUPLE")
    assert "1 to 2 carriages" in e.reason
    g.apply("play uncouple 2 from T1")
    assert [c[0] for c in g.train(1).cards] == ["+1"] and g.discard[-3:] == ["-3", "+2", "uncouple"]


def test_SM_RUSH_HOUR_revealed_when_drawn():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1", "+2", "+3"]}, draw=["rush-hour", "-1"])
    n = len(g.station)
    g.apply("play +1 on T1")
    assert len(g.station) == n + 1 and g.station[-1].name == "T3"
    assert "rush-hour" not in g.hands[0] and "-1" in g.hands[0] and g.discard[-1] == "rush-hour"
    assert "Rush Hour drawn by seat 0" in g.events[-1]


def test_SM_RUSH_HOUR_held_variant():
    g = table(players=2, rules={"rush_hour_when_drawn": "hold"}, locos=["L5", "L4"],
              hands={0: ["rush-hour", "+2", "+3"]}, draw=["rush-hour", "-1"])
    e = raises(g, "play +2 on T1", "SM-RUSH-HOUR")  # held, it must be played at once
    assert e.reason == "Seat 0 holds Rush Hour, which must be played at once."
    assert [str(a) for a in g.legal_actions()] == ["play rush-hour"]
    g.apply("play rush-hour")
    assert [t.name for t in g.station] == ["T1", "T2", "T3"] and g.hands[0].count("rush-hour") == 1
    g.apply("chip 1 on T3")
    assert [str(a) for a in g.legal_actions()] == ["play rush-hour"]  # the one drawn is next


def test_SM_EXECUTIVE_readings():
    info = sm.load_cards().info
    from railkit.games.station_master.scoring import carriage_value
    assert carriage_value(info["lux+4"], "executive", "luxury-positive") == 4
    assert carriage_value(info["-3"], "executive", "luxury-positive") == -3
    assert carriage_value(info["-3"], "executive", "all-positive") == 3
    assert carriage_value(info["-3"], "executive", "none") == -3
    neg_lux = sm.CardInfo("lux-2", "carriage", -2, True)
    assert carriage_value(neg_lux, "executive", "luxury-positive") == 2
    assert carriage_value(neg_lux, "executive", "none") == -2
    g = table(players=2, rules=SPEC.presets["executive-all-positive"], locos=["L5-exec", "L4"],
              hands={0: ["-3", "+1", "+2"]}, draw=["+1"] * 4)
    g.apply("play -3 on T1")
    assert g.value(g.train(1)) == 3


def test_SM_EXECUTIVE_default_reading_has_no_effect_with_the_default_cards():
    # Documented (card data notes, rules notebook): every luxury carriage of the default list is
    # positive, so 'luxury-positive' changes nothing there; only 'all-positive' does.
    cl = sm.load_cards()
    from railkit.games.station_master.scoring import carriage_value
    carriages = [ci for ci in cl.info.values() if ci.kind == "carriage"]
    assert all(ci.value > 0 for ci in carriages if ci.luxury)
    assert all(carriage_value(ci, "executive", "luxury-positive") == carriage_value(ci, "executive", "none")
               for ci in carriages)
    assert any(carriage_value(ci, "executive", "all-positive") != carriage_value(ci, "executive", "none")
               for ci in carriages)
    assert "no effect" in cl.notes and "executive" in cl.notes.lower()


def test_SM_FREIGHT_flips_signs_except_luxury():
    g = table(players=2, locos=["L4-freight", "L4"], hands={0: ["-3", "+2", "lux+4"], 1: ["+1", "+1", "+1"]},
              draw=["+1"] * 6)
    g.apply("play -3 on T1")
    g.to_move = 0
    g.apply("play +2 on T1")
    g.to_move = 0
    g.apply("play lux+4 on T1")
    assert g.value(g.train(1)) == 3 - 2 + 4


def test_SM_SCORE_chips_times_value_negatives_included():
    g = table(players=3, locos=["L3", "L4", "L5"], hands={0: ["-3", "-2", "+1"], 1: ["-1", "+1", "+1"]},
              draw=["+1"] * 6)
    for seat, v in [(0, 1), (1, 3), (2, 2)]:
        g.to_move = seat
        g.apply(f"chip {v} on T1")
    for seat, c in [(0, "-3"), (0, "-2"), (1, "-1")]:
        g.to_move = seat
        g.apply(f"play {c} on T1")
    assert g.departures[-1]["value"] == -6 and g.departures[-1]["points"] == [-6, -18, -12]
    assert g.scores == [-6, -18, -12]
    g.audit()


def test_SM_DEPART_RETURN_chips_back_cards_discarded_new_loco():
    g = table(players=2, locos=["L3", "L4"], hands={0: ["+1", "+2", "brake-van"]}, draw=["+1"] * 6)
    g.apply("chip 3 on T1")
    g.apply("chip 3 on T1")
    g.to_move = 0
    g.apply("play +1 on T1")
    g.to_move = 0
    g.apply("play brake-van on T1")
    assert g.supply == [[1, 1, 2, 2, 3, 3]] * 2
    assert g.discard[-3:] == ["L3", "+1", "brake-van"]
    assert [t.name for t in g.station] == ["T2", "T3"]
    g.audit()


def test_SM_END_LAST_LOCO_when_the_last_locomotive_leaves():
    g = table(players=2, locos=["L3", "L4"], hands={0: ["brake-van", "brake-van", "+1"], 1: ["brake-van", "brake-van", "+1"]},
              draw=["+1"] * 6)
    g.removed_locos.extend(g.loco_pile)  # no locomotive left to enter
    g.loco_pile.clear()
    g.audit()
    g.apply("play brake-van on T1")
    assert not g.is_over
    g.apply("play brake-van on T2")
    assert g.is_over and g.end_reason == "last-loco" and g.current_player is None


def test_SM_END_NO_CARDS_after_hands_are_played_out():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1"], 1: ["+2"]})
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    g.apply("chip 1 on T1")
    g.apply("play +2 on T2")
    assert not g.is_over
    g.apply("play +1 on T1")
    assert g.is_over and g.end_reason == "no-cards"


def test_SM_END_UNFINISHED_trains_do_not_score_by_default():
    def finish(rules):
        g = table(players=2, rules=rules, locos=["L5", "L4"], hands={0: ["+3"], 1: ["+2"]})
        g.discard.extend(g.draw_pile)
        g.draw_pile.clear()
        g.apply("chip 3 on T1")
        g.apply("play +2 on T1")
        g.apply("play +3 on T1")
        return g
    g = finish(None)
    assert g.scores == [0, 0] and g.unscored == ["T1", "T2"] and g.summary()[0]["unscored_trains"] == 2
    g = finish(SPEC.presets["score-unfinished"])
    assert g.scores == [15, 0] and [d["reason"] for d in g.departures] == ["end", "end"]
    g.audit()


def test_SM_END_STALL_and_SM_PASS():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["uncouple"], 1: ["uncouple"]}, rules={"chip_values": [1]})
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    e = raises(g, "pass", "SM-PASS")
    assert "cannot pass" in e.reason
    g.apply("chip 1 on T1")
    g.apply("chip 1 on T1")
    assert [str(a) for a in g.legal_actions()] == ["pass"]
    g.apply("pass")
    assert not g.is_over
    g.apply("pass")
    assert g.is_over and g.end_reason == "stall"


def test_SM_TIE_best_single_train_breaks_ties():
    g = StationMasterGame(players=3)
    g.scores = [10, 10, 4]
    g.best = [6, 10, 4]
    rows = g.summary()
    assert [r["rank"] for r in rows] == [2, 1, 3] and [r["win"] for r in rows] == [False, True, False]
    g.best = [10, 10, 4]
    assert [r["rank"] for r in g.summary()] == [1, 1, 3]


def test_setup_option_positions_replay_save_and_report_bad_names(tmp_path):
    g = table(players=3, locos=["L4-freight", "L8-green", "L3"], hands={0: ["royal", "+2", "+3"], 2: ["uncouple"]},
              discard=["lux+5", "-1"], draw=["transfer", "+1"], to_move=2)
    assert [t.loco.key for t in g.station] == ["L4-freight", "L8-green", "L3"]  # the 8 is out with 3, but asked for
    assert g.current_player == 2 and g.hands[2] == ["uncouple"] and g.discard == ["lux+5", "-1"]
    g.apply("chip 2 on T1")
    g.apply("play +2 on T1")
    assert "transfer" in g.hands[0]
    again = StationMasterGame.load(g.save(tmp_path / "pos.json"))
    assert again.observe(1) == g.observe(1)
    g.undo(2)
    assert g.current_player == 2 and g.hands[0] == ["royal", "+2", "+3"]
    for setup, path in [({"hands": [["+1"] * 13]}, "$.hands[0][12]"), ({"station": ["L9"]}, "$.station[0]"),
                        ({"draw": "royal"}, "$.draw"), ({"to_move": 5}, "$.to_move"), ({"seat": 1}, "$.seat")]:
        with pytest.raises(DataError) as exc:
            StationMasterGame(players=2, setup=setup)
        assert exc.value.source == "setup" and exc.value.path == path, exc.value


def test_SM_GAME_OVER_no_turns_after_the_end():
    g = table(players=2, locos=["L5", "L4"], hands={0: ["+1"], 1: ["+2"]})
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    g.apply("play +1 on T1")
    g.apply("play +2 on T1")
    assert g.is_over and g.legal_actions() == []
    raises(g, "chip 1 on T1", "SM-GAME-OVER")


# ------------------------------------------------------------------ the id table
def _rule_ids() -> list[str]:
    return sorted(set(re.findall(r"^(SM-[A-Z-]+)\s", sm.__doc__, flags=re.M)))


def test_rule_table_every_id_enforced_in_code_and_tested():
    ids = _rule_ids()
    assert len(ids) >= 30
    code = "".join(p.read_text() for p in PKG.glob("*.py") if p.name != "__init__.py")
    tests = "".join(p.read_text() for p in TESTS.glob("test_station_master*.py"))
    for rid in ids:
        assert rid in code, f"{rid} is not in the code"
        assert re.search(rf"def test_\w*{rid.replace('-', '_')}", tests), f"{rid} has no test named after it"
    used = set(re.findall(r'"(SM-[A-Z-]+)"', code)) | set(re.findall(r"# (SM-[A-Z-]+)", code))
    assert used <= set(ids), f"ids in code but not in the table: {used - set(ids)}"


@pytest.mark.parametrize("preset", sorted(sm.PRESETS))
def test_remembered_train_views_match_fresh_ones(preset):
    """observe() remembers what every seat sees of a train until its cards or chips change:
    after every action of seeded games of the preset, each seat's and a spectator's view
    equals one made from scratch, and changing a view handed out leaves the next one alone."""
    from railkit.agents.station_master import AGENTS
    from railkit.core.game import play

    def check(game, action):
        for seat in [*range(game.players), None]:
            seen = game.observe(seat)
            for t in game.station:
                t.view = None  # forget: the next view is made from scratch
            assert game.observe(seat) == seen, f"{preset} after {action}: seat {seat} sees a stale train"
            handed = game.observe(seat)  # made from the views remembered just now
            for v in handed["station"]:  # the caller's own: changing it changes nothing else
                v["cards"].append("x")
                v["chip_counts"][0] += 9
                v["value"] = None
            assert game.observe(seat) == seen

    rules = SPEC.make_rules(preset)
    for seed in range(3):
        g = SPEC.new_game(rules, 3 + seed % 2, seed)
        play(g, [AGENTS["greedy" if s % 2 else "random"](seed * 10 + s) for s in range(g.players)], on_action=check)
        g.audit()


@pytest.mark.parametrize("preset", sorted(sm.PRESETS))
def test_shared_observations_match_fresh_ones(preset):
    """observe_shared(seat), handed to bots that only read (the greedy bot), holds what
    observe(seat) holds after every action of seeded games of the preset, for every seat,
    and the play loop hands it to those bots only."""
    from railkit.agents.station_master import AGENTS
    from railkit.core.game import observation_for, play

    def check(game, action):
        for seat in range(game.players):
            shared = game.observe_shared(seat)
            assert shared == game.observe(seat), f"{preset} after {action}: seat {seat}'s shared view differs"
            again = game.observe_shared(seat)
            assert [v is w for v, w in zip(again["station"], shared["station"])] == [True] * len(game.station)
        seat = game.current_player
        if seat is not None and game.station:
            greedy, rand = AGENTS["greedy"](0), AGENTS["random"](0)
            assert observation_for(game, greedy, seat)["station"][0] is game.observe_shared(seat)["station"][0]
            assert observation_for(game, rand, seat) is None

    rules = SPEC.make_rules(preset)
    for seed in range(3):
        g = SPEC.new_game(rules, 3 + seed % 2, seed)
        play(g, [AGENTS["greedy" if s % 2 else "random"](seed * 10 + s) for s in range(g.players)], on_action=check)
        g.audit()


def test_a_searched_copy_shows_its_own_chips():
    """The search bot plays on copies whose hidden chips it deals anew
    (:meth:`railkit.agents.station_master.StationMasterAdapter.redeal`): a copy's shared views show the
    copy's chips, never the remembered ones of the game it came from, which stays as it was."""
    import random

    from railkit.agents.station_master import StationMasterAdapter
    from railkit.agents.station_master import AGENTS

    adapter = StationMasterAdapter()
    for seed in range(4):
        g = SPEC.new_game(SPEC.make_rules("railkit-default"), 4, seed)
        bots = [AGENTS["greedy"](seed * 10 + s) for s in range(4)]
        for _ in range(12 + seed):
            seat = g.current_player
            g.apply(bots[seat].act(g.observe(seat), g.legal_actions()))
        before = [g.observe(s) for s in range(4)]
        for s in range(4):
            g.observe_shared(s)  # every seat's views are remembered now
        copy = adapter.clone(g)
        adapter.redeal(copy, 0, random.Random(seed))
        assert any(a.chips != b.chips for a, b in zip(copy.station, g.station)), "the deal changed no chip"
        for s in range(4):
            assert copy.observe_shared(s) == copy.observe(s), f"seed {seed}: seat {s} sees the old chips"
            assert g.observe_shared(s) == before[s] == g.observe(s)


def test_SM_PASS_only_when_no_chip_or_card_can_be_played():
    setup = {"station": ["L5", "L4"], "hands": [["uncouple"], ["uncouple"]], "discard": [], "draw": [], "to_move": 0}
    g = StationMasterGame({"chip_values": [1]}, players=2, seed=0, setup=setup)
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    assert "pass" not in [str(a) for a in g.legal_actions()]  # a chip can still be placed
    with pytest.raises(IllegalMove) as e:
        g.apply("pass")
    assert e.value.rule == "SM-PASS"
    g.apply("chip 1 on T1")  # seat 0's only chip
    g.apply("chip 1 on T1")  # seat 1's; Uncouple has no carriage to take off
    assert [str(a) for a in g.legal_actions()] == ["pass"]
    g.apply("pass")
    assert g.passes == 1 and g.current_player == 1

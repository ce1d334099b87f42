"""One test per rule id of docs/rules/ticket-to-ride.md, on maps/teaching-small.json.

Positions are set up by playing actions, helped by the small helpers below that
move specific cards from the deck into a hand or into the face-up row (so the
110 cards stay conserved) and that let the other seats pass their turns by
drawing cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railkit.core.errors import IllegalMove
from railkit.games.ticket_to_ride import (
    Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, TicketToRide,
)
from railkit.games.ticket_to_ride.board import CARD_INDEX, LOCO_I

TESTS_DIR = Path(__file__).parent
#: the repository's rules reference (tests never read files outside the repository)
RULES_MD = TESTS_DIR.parents[2] / "docs" / "rules" / "ticket-to-ride.md"


# ---------------------------------------------------------------------------- helpers
def new(players=2, seed=0, setup=True, **rules) -> TicketToRide:
    """A teaching-map game; with ``setup`` every seat keeps its first tickets."""
    g = TicketToRide(rules or None, players=players, seed=seed, map="teaching-small")
    if setup:
        while g.phase == "setup-tickets":
            g.apply(g.legal_actions()[0])
    return g


def _pull(g: TicketToRide, ci: int) -> None:
    """Take one card of colour index ``ci`` out of the deck (or discard pile)."""
    for pile in (g.deck, g.discard):
        if ci in pile:
            pile.remove(ci)
            return
    for h in g.hands:  # last resort: from another hand
        if h[ci]:
            h[ci] -= 1
            return
    raise AssertionError(f"no card {ci} left to pull")


def set_hand(g: TicketToRide, seat: int, **cards: int) -> None:
    """Give ``seat`` exactly these cards (colour=count, ``loco``=count); the old
    hand goes back into the deck."""
    h = g.hands[seat]
    for ci in range(9):
        g.deck.extend([ci] * h[ci])
        h[ci] = 0
    for name, n in cards.items():
        ci = CARD_INDEX[name]
        for _ in range(n):
            _pull(g, ci)
            h[ci] += 1


def set_faceup(g: TicketToRide, names: list) -> None:
    """Put these cards (names, None for an empty slot) face up; the old row goes
    back into the deck. No redeal check (call g._check_faceup() for that)."""
    for c in g.faceup:
        if c is not None:
            g.deck.append(c)
    for i, name in enumerate(names):
        if name is None:
            g.faceup[i] = None
        else:
            ci = CARD_INDEX[name]
            _pull(g, ci)
            g.faceup[i] = ci
    g._fu_ver += 1


def stack_deck(g: TicketToRide, top: list[str]) -> None:
    """Make these the next cards drawn from the deck (first = next)."""
    for name in reversed(top):
        ci = CARD_INDEX[name]
        _pull(g, ci)
        g.deck.append(ci)


def to_seat(g: TicketToRide, seat: int) -> None:
    """Let the other seats play 'draw deck' until it is ``seat``'s turn."""
    while g.current_player != seat:
        g.apply(DrawDeck())


def cards_total(g: TicketToRide) -> int:
    return len(g.deck) + len(g.discard) + sum(c is not None for c in g.faceup) + sum(map(sum, g.hands))


def raises(g: TicketToRide, action, rule: str) -> IllegalMove:
    before = g.to_json(), repr(g.hands), repr(g.deck), repr(g.faceup), g.phase
    with pytest.raises(IllegalMove) as exc:
        g.apply(action)
    assert exc.value.rule == rule, exc.value
    assert exc.value.reason and exc.value.hint
    assert (g.to_json(), repr(g.hands), repr(g.deck), repr(g.faceup), g.phase) == before  # state unchanged
    assert g.why_illegal(action).rule == rule
    assert action not in g.legal_actions()
    return exc.value


def ticket_index(g: TicketToRide, a: str, b: str) -> int:
    for i, t in enumerate(g.tickets_all):
        if {t.a, t.b} == {a, b}:
            return i
    raise KeyError((a, b))


# ---------------------------------------------------------------------------- table test
def test_every_rule_id_has_a_test():
    ids = set(re.findall(r"\b((?:TTR-)?[A-Z]+(?:-[A-Z0-9]+)+|TTR-[A-Z]+)\b", RULES_MD.read_text()))
    ids = {i if i.startswith("TTR-") else "TTR-" + i for i in ids}
    ids = {i for i in ids if not i.startswith("TTR-TTR")}
    text = "".join(p.read_text() for p in TESTS_DIR.glob("test_ticket_to_ride*.py"))
    names = set(re.findall(r"def (test_\w+)", text))
    missing = [i for i in sorted(ids) if not any(i.replace("-", "_") in n for n in names)]
    assert len(ids) >= 28
    assert not missing, missing


def test_every_rule_id_appears_in_the_engine():
    import railkit.games.ticket_to_ride as pkg

    ids = set(re.findall(r"\b([A-Z]+(?:-[A-Z0-9]+)+)\b", RULES_MD.read_text()))
    ids = {"TTR-" + i.removeprefix("TTR-") for i in ids}
    src = "".join(p.read_text() for p in Path(pkg.__file__).parent.glob("*.py"))
    missing = [i for i in sorted(ids) if i not in src]
    assert not missing, missing


# ---------------------------------------------------------------------------- setup
def test_TTR_SETUP_HAND_four_cards_each_and_five_face_up():
    g = new(players=3, setup=False)
    assert [sum(h) for h in g.hands] == [4, 4, 4]
    assert len([c for c in g.faceup if c is not None]) == 5
    assert cards_total(g) == 110
    g2 = new(players=2, setup=False, hand_size=6, faceup_count=4)
    assert [sum(h) for h in g2.hands] == [6, 6] and len(g2.faceup) == 4


def test_TTR_SETUP_TICKETS_keep_at_least_two_of_three():
    g = new(players=2, setup=False)
    assert g.phase == "setup-tickets" and g.current_player == 0
    obs = g.observe(0)
    assert len(obs["offered"]) == 3 and obs["min_keep"] == 2
    mine = g.observe(1)["offered"]  # seat 1 sees its own offer, not seat 0's
    assert len(mine) == 3 and mine != obs["offered"]
    err = raises(g, KeepTickets((1,)), "TTR-SETUP-TICKETS")
    assert "at least 2" in err.reason
    raises(g, DrawDeck(), "TTR-SETUP-TICKETS")
    raises(g, KeepTickets((1, 4)), "TTR-SETUP-TICKETS")
    raises(g, KeepTickets((1, 1)), "TTR-SETUP-TICKETS")
    offered = list(g.offered)
    deck_before = list(g.ticket_deck)
    g.apply("keep tickets 1,3")
    assert g.tickets[0] == [offered[0], offered[2]]
    assert g.ticket_deck == deck_before + [offered[1]]  # returned to the bottom
    assert g.current_player == 1 and g.phase == "setup-tickets"
    g.apply("keep tickets 1,2,3")  # may keep all three
    assert len(g.tickets[1]) == 3 and g.phase == "turn"
    assert g.observe(1)["offered"] == [] and g.observe(1)["min_keep"] == 0


def test_TTR_SETUP_TICKETS_short_deck_deals_what_is_left():
    g = new(players=5, setup=False)  # 10 tickets for 5 seats x 3
    assert [len(o) for o in g.setup_offers] == [3, 3, 3, 1, 0]
    while g.phase == "setup-tickets":
        g.apply(g.legal_actions()[0])
    assert [len(t) for t in g.tickets] == [2, 2, 2, 1, 0]


def test_TTR_SETUP_ORDER_before_and_after_ticket_choice():
    g = new(players=3, setup=False)
    assert g.start_player == 0 and g.observe(1)["start_player"] == 0
    g = new(players=3, setup=False, turn_order="after-tickets")
    assert g.start_player is None and g.observe(0)["start_player"] is None
    choosers = []
    while g.phase == "setup-tickets":
        choosers.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert choosers == [0, 1, 2]
    assert g.start_player in (0, 1, 2) and g.current_player == g.start_player
    starts = {new(players=3, seed=s, turn_order="after-tickets").start_player for s in range(30)}
    assert starts == {0, 1, 2}


# ---------------------------------------------------------------------------- drawing
def test_TTR_DRAW_faceup_slot_must_exist():
    g = new()
    raises(g, DrawFaceUp(6), "TTR-DRAW")
    raises(g, DrawFaceUp(0), "TTR-DRAW")


def test_TTR_DRAW_2_two_cards_then_the_turn_ends():
    g = new()
    set_faceup(g, ["red", "blue", "green", "black", "white"])
    stack_deck(g, ["yellow", "orange", "pink"])
    g.apply("draw deck")
    assert g.phase == "second-draw" and g.current_player == 0
    raises(g, DrawTickets(), "TTR-DRAW-2")
    raises(g, Claim("Summit-Peak", "yellow", 1, 0), "TTR-DRAW-2")
    g.apply("draw faceup 2")
    assert g.phase == "turn" and g.current_player == 1
    assert g.cards_drawn[0] == 2 and sum(g.hands[0]) == 6


def test_TTR_DRAW_REFILL_taken_face_up_card_is_replaced_from_the_deck():
    g = new()
    set_faceup(g, ["red", "blue", "green", "black", "white"])
    stack_deck(g, ["pink"])
    g.apply("draw faceup 1")
    assert g.faceup[0] == CARD_INDEX["pink"]
    assert g.observe(1)["faceup"][0] == "pink"


def test_TTR_DRAW_LOCO_FIRST_face_up_locomotive_is_the_whole_draw():
    g = new()
    set_faceup(g, ["loco", "blue", "green", "black", "white"])
    stack_deck(g, ["red"])
    g.apply("draw faceup 1")
    assert g.hands[0][LOCO_I] >= 1
    assert g.current_player == 1 and g.phase == "turn"  # no second card
    # variant: a face-up locomotive counts as one card
    g = new(faceup_loco_counts_two=False)
    set_faceup(g, ["loco", "blue", "green", "black", "white"])
    stack_deck(g, ["red"])
    g.apply("draw faceup 1")
    assert g.phase == "second-draw"


def test_TTR_DRAW_LOCO_SECOND_no_face_up_locomotive_as_second_card():
    g = new()
    set_faceup(g, ["loco", "blue", "green", "black", "white"])
    stack_deck(g, ["loco", "red"])  # the replacement of slot 2 is a locomotive
    g.apply("draw faceup 2")
    assert g.faceup[1] == LOCO_I and g.phase == "second-draw"
    err = raises(g, DrawFaceUp(2), "TTR-DRAW-LOCO-SECOND")
    assert "second card" in err.reason
    raises(g, DrawFaceUp(1), "TTR-DRAW-LOCO-SECOND")
    assert DrawDeck() in g.legal_actions() and DrawFaceUp(3) in g.legal_actions()


def test_TTR_DRAW_BLIND_LOCO_counts_as_one_card():
    g = new()
    stack_deck(g, ["loco", "red"])
    g.apply("draw deck")
    assert g.phase == "second-draw" and g.current_player == 0
    g.apply("draw deck")
    assert g.current_player == 1


def test_TTR_FACEUP_3_three_locomotives_are_redealt():
    g = new()
    set_faceup(g, ["loco", "loco", "blue", "green", "red"])
    stack_deck(g, ["loco", "red", "blue", "green", "black", "white"])
    g.apply("draw faceup 3")  # replacement is the third locomotive
    assert g.faceup.count(LOCO_I) < 3
    assert g.redeals >= 1
    assert sum(1 for c in g.discard if c == LOCO_I) >= 3
    assert cards_total(g) == 110


def test_TTR_FACEUP_3_redeal_loop_is_bounded():
    # a deck of locomotives only: every redeal shows 5 locomotives again
    g = TicketToRide({"loco_count": 40, "cards_per_colour": 1, "max_redeals": 4}, players=2, seed=1,
                     map="teaching-small")
    assert g.redeals <= 4
    g.deck = [c for c in g.deck if c == LOCO_I]
    g.discard = []
    g.redeals = 0
    g.faceup = [LOCO_I, LOCO_I, LOCO_I, None, None]
    g._check_faceup()
    assert g.redeals == 4 and g.faceup.count(LOCO_I) >= 3  # stopped, cards left face up
    g2 = TicketToRide({"max_redeals": 0}, players=2, seed=1, map="teaching-small")
    g2.faceup = [LOCO_I] * 5
    g2._check_faceup()
    assert g2.faceup == [LOCO_I] * 5


def test_TTR_DECK_RESHUFFLE_discards_become_the_new_deck():
    g = new()
    g.discard.extend(g.deck)
    g.deck.clear()
    n = len(g.discard)
    g.apply("draw deck")
    assert len(g.deck) == n - 1 and g.discard == []
    assert cards_total(g) == 110


def _empty_deck_and_discard(g: TicketToRide, keep: int = 0) -> None:
    """Every card of deck and discard into seat 1's hand (all but ``keep`` cards of the deck)."""
    cards = g.deck + g.discard
    g.deck[:] = cards[:keep]
    g.discard.clear()
    for ci in cards[keep:]:
        g.hands[1][ci] += 1
    assert cards_total(g) == 110


def test_TTR_DECK_EMPTY_no_card_draw_at_all_when_deck_and_discard_are_empty():
    # the seeds: with neither deck nor discard pile, 'draw train cards' cannot be chosen
    g = new()
    set_faceup(g, ["red", "blue", "green", "black", "white"])
    set_hand(g, 0)  # seat 0 holds nothing
    _empty_deck_and_discard(g)
    err = raises(g, DrawDeck(), "TTR-DECK-EMPTY")
    assert "both empty" in err.reason
    err = raises(g, DrawFaceUp(1), "TTR-DECK-EMPTY")
    assert "not even a face-up card" in err.reason and "claim a route or draw tickets" in err.hint.lower()
    assert g.legal_actions() == [DrawTickets()]  # nothing to claim with an empty hand
    assert g.observe(0)["faceup"] == ["red", "blue", "green", "black", "white"]


def test_TTR_DECK_EMPTY_a_draw_begun_may_end_with_a_face_up_card():
    g = new()
    set_faceup(g, ["red", "blue", "green", "black", "white"])
    _empty_deck_and_discard(g, keep=1)
    g.apply("draw deck")  # the last card: deck and discard are now empty
    assert g.phase == "second-draw" and DrawDeck() not in g.legal_actions()
    assert DrawFaceUp(1) in g.legal_actions()
    g.apply("draw faceup 1")  # no card can refill the slot
    assert g.faceup[0] is None and g.current_player == 1


def test_TTR_DECK_EMPTY_parameter_keeps_the_face_up_cards_takeable():
    g = new(faceup_when_deck_empty=True)  # railkit's earlier ruling
    set_faceup(g, ["red", "blue", "green", "black", "white"])
    set_hand(g, 0)
    _empty_deck_and_discard(g)
    raises(g, DrawDeck(), "TTR-DECK-EMPTY")
    g.apply("draw faceup 1")  # face-up cards may still be taken; the slot stays empty
    assert g.faceup[0] is None
    g.apply("draw faceup 2")
    assert g.current_player == 1
    assert DrawDeck() not in g.legal_actions()
    raises(g, DrawFaceUp(1), "TTR-DECK-EMPTY")
    assert len(g.observe(1)["faceup"]) == 5 and g.observe(1)["faceup"][:2] == [None, None]


def test_TTR_FACEUP_REFILL_cards_paid_for_a_claim_fill_every_empty_slot():
    # the position: deck and discard empty, two face-up cards taken, then a claim
    g = new()
    set_faceup(g, ["red", "blue", "pink", "black", "yellow"])
    set_hand(g, 0, red=2)
    _empty_deck_and_discard(g)
    for i in (0, 1):  # seat 1 took the first two face-up cards
        g.hands[1][g.faceup[i]] += 1
        g.faceup[i] = None
    g._fu_ver += 1
    assert cards_total(g) == 110
    assert g.observe(0)["faceup"] == [None, None, "pink", "black", "yellow"]
    g.apply("claim Harbor-Mill/1 red x2")  # 2 cards to the discard pile: a new deck
    assert g.observe(1)["faceup"] == ["red", "red", "pink", "black", "yellow"]
    assert g.deck == [] and g.discard == [] and cards_total(g) == 110
    # both piles are empty again, so TTR-DECK-EMPTY still applies to the next player
    assert not any(isinstance(a, DrawFaceUp) for a in g.legal_actions())


def test_TTR_FACEUP_REFILL_then_three_locomotives_are_redealt():
    g = new()
    set_faceup(g, ["red", "blue", "loco", "black", "yellow"])
    set_hand(g, 0, loco=2)
    _empty_deck_and_discard(g)
    g.hands[1][g.faceup[0]] += 1
    g.hands[1][g.faceup[1]] += 1
    g.faceup[0] = g.faceup[1] = None
    g.apply("claim Harbor-Mill/1 loco x2")  # the refill shows 3 locomotives: TTR-FACEUP-3
    assert g.redeals >= 1 and cards_total(g) == 110
    assert all(c is not None for c in g.faceup)


def test_TTR_HAND_UNLIMITED_no_hand_limit():
    g = new(players=2)
    for _ in range(30):
        g.apply("draw deck")
    assert sum(g.hands[0]) + sum(g.hands[1]) == 8 + 30
    assert max(sum(h) for h in g.hands) > 15


def test_TTR_MAP_TRAINS_the_map_sets_the_count_unless_the_rules_do():
    g = new()
    assert g.rules.trains is None and g.map.trains == 12
    assert g.trains == [12, 12] and g.start_trains == 12 and g.observe(0)["trains"] == 12
    assert new(trains=30).trains == [30, 30]
    assert new(trains=45).trains == [45, 45]  # an explicit count always wins
    assert TicketToRide(players=2, seed=0).trains == [45, 45]  # usa.json sets none: the printed 45
    again = TicketToRide.from_json(g.to_json())
    assert again.trains == g.trains and again.to_json() == g.to_json()


def test_TTR_MAP_TRAINS_teaching_map_games_end_through_the_train_trigger():
    # with the standard 45 trains no 2-player game on this map ever ran out of trains
    # (scripts/measure_map_trains.py: ~100 draw-only actions after the last claim)
    from railkit.agents.ticket_to_ride import AGENTS
    from railkit.core.game import play

    for seed in range(10):
        g = play(TicketToRide(players=2, seed=seed, map="teaching-small"),
                 [AGENTS["greedy-route"](seed), AGENTS["random"](seed + 1)])
        assert g.trigger_seat is not None and g.end_reason == "last round played", seed
        assert min(g.trains) <= 2 and len(g.log) < 100


# ---------------------------------------------------------------------------- claiming
def test_TTR_CLAIM_unknown_route():
    g = new()
    err = raises(g, Claim("Harbor-Nowhere", "red", 2, 0), "TTR-CLAIM")
    assert "Harbor-Nowhere" in err.reason


def test_TTR_CLAIM_ONE_whole_route_once_per_turn():
    g = new()
    set_hand(g, 0, red=4, yellow=2)
    raises(g, Claim("Harbor-Mill/1", "red", 1, 0), "TTR-CLAIM-ONE")
    raises(g, Claim("Harbor-Mill/1", "red", 3, 0), "TTR-CLAIM-ONE")
    g.apply("claim Harbor-Mill/1 red x2")
    assert g.current_player == 1  # one route, then the turn is over
    assert Claim("Mill-Lake", "yellow", 2, 0) not in g.legal_actions()


def test_TTR_CLAIM_PAY_colour_and_locomotives():
    g = new()
    set_hand(g, 0, red=1, blue=2, loco=1)
    err = raises(g, Claim("Harbor-Mill/1", "blue", 2, 0), "TTR-CLAIM-PAY")
    assert "red route" in err.reason
    raises(g, Claim("Fort-Summit", "pink", 2, 1), "TTR-CLAIM-PAY")  # holds no pink
    legal = {str(a) for a in g.legal_actions()}
    assert "claim Harbor-Mill/1 red x1 loco x1" in legal
    assert "claim Harbor-Mill/2 blue x2" in legal and "claim Harbor-Mill/2 blue x1 loco x1" in legal
    g.apply("claim Harbor-Mill/1 red x1 loco x1")
    assert g.hands[0][CARD_INDEX["red"]] == 0 and g.hands[0][LOCO_I] == 0
    assert sorted(g.discard[-2:]) == [CARD_INDEX["red"], LOCO_I]
    # all locomotives
    g2 = new()
    set_hand(g2, 0, loco=3)
    g2.apply("claim Fort-Summit loco x3")
    assert g2.owner[g2.board.route_index["Fort-Summit"]] == 0


def test_TTR_CLAIM_PAY_a_set_is_one_colour():
    g = new()
    set_hand(g, 0, red=1, blue=1)
    text = "claim Harbor-Mill/1 red x1 blue x1"
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        g.apply(text)
    assert exc.value.rule == "TTR-CLAIM-PAY" and "one colour" in exc.value.reason and exc.value.hint
    assert "no route" not in exc.value.reason and g.to_json() == before
    assert g.why_illegal(text).rule == "TTR-CLAIM-PAY"
    assert g.why_illegal("claim Mill-Fort red x1 blue x1").rule == "TTR-CLAIM-GRAY"  # a gray route
    assert g.why_illegal("claim Harbor-Mill/1 red x1 blue x1 loco x1").rule == "TTR-CLAIM-PAY"
    usa = TicketToRide(players=2, seed=0)
    err = usa.why_illegal("claim Denver-Omaha red x1 blue x1")
    assert err.rule == "TTR-CLAIM-PAY" and "Denver-Omaha" in err.hint


def test_TTR_CLAIM_GRAY_any_one_colour():
    g = new()
    set_hand(g, 0, green=1, black=1, loco=0)
    legal = {str(a) for a in g.legal_actions()}
    assert "claim Summit-Peak green x1" in legal and "claim Summit-Peak black x1" in legal
    err = raises(g, Claim("Mill-Fort", "green", 2, 0), "TTR-CLAIM-GRAY")  # one green only, no mixing
    assert "any one colour" in err.reason
    set_hand(g, 0, green=1, black=1, loco=1)
    g.apply("claim Mill-Fort black x1 loco x1")
    assert g.route_points[0] == 2


def test_TTR_CLAIM_TRAINS_enough_trains_left():
    g = new(trains=3, end_trigger=0)
    set_hand(g, 0, green=3, yellow=2)
    g.apply("claim Harbor-Ridge green x3")
    to_seat(g, 0)
    err = raises(g, Claim("Mill-Lake", "yellow", 2, 0), "TTR-CLAIM-TRAINS")
    assert "0 trains left" in err.reason


def test_TTR_CLAIM_ANYWHERE_free_routes_anywhere_but_not_taken_ones():
    g = new()
    set_hand(g, 0, red=2, white=2)
    g.apply("claim Harbor-Mill/1 red x2")
    set_hand(g, 1, red=2)
    err = raises(g, Claim("Harbor-Mill/1", "red", 2, 0), "TTR-CLAIM-ANYWHERE")
    assert "already claimed by Purple" in err.reason
    to_seat(g, 0)
    g.apply("claim Camp-Peak white x2")  # not connected to Harbor-Mill: allowed
    assert g.owner[g.board.route_index["Camp-Peak"]] == 0


def test_TTR_CLAIM_SCORE_points_at_once():
    g = new()
    set_hand(g, 0, pink=3)
    g.apply("claim Fort-Summit pink x3")
    assert g.route_points[0] == 4 and g.observe(1)["scores"][0] == 4
    g2 = new(route_points={1: 1, 2: 2, 3: 5, 4: 7, 5: 10, 6: 15})
    set_hand(g2, 0, pink=3)
    g2.apply("claim Fort-Summit pink x3")
    assert g2.route_points[0] == 5


def test_TTR_DOUBLE_SAME_never_both_tracks():
    g = new(players=4)
    set_hand(g, 0, red=2, blue=2)
    g.apply("claim Harbor-Mill/1 red x2")
    to_seat(g, 0)
    set_hand(g, 0, blue=2)
    err = raises(g, Claim("Harbor-Mill/2", "blue", 2, 0), "TTR-DOUBLE-SAME")
    assert "Harbor-Mill/1" in err.reason
    to_seat(g, 1)
    set_hand(g, 1, blue=2)
    g.apply("claim Harbor-Mill/2 blue x2")  # with 4 players another seat may take it
    assert g.owner[g.board.route_index["Harbor-Mill/2"]] == 1


def test_TTR_DOUBLE_SMALL_other_track_closed_with_2_or_3_players():
    for players in (2, 3):
        g = new(players=players)
        set_hand(g, 0, red=2)
        g.apply("claim Harbor-Mill/1 red x2")
        set_hand(g, 1, blue=2)
        err = raises(g, Claim("Harbor-Mill/2", "blue", 2, 0), "TTR-DOUBLE-SMALL")
        assert err.reason == (f"With {players} players only one route of a double route can be used: "
                              "Harbor-Mill/2 is closed because Purple claimed the other one (Harbor-Mill/1).")
        assert "Harbor-Mill/2" in g.observe(1)["closed"]
    g = new(players=3, double_min_players=3)  # the threshold is a rule setting
    set_hand(g, 0, red=2)
    g.apply("claim Harbor-Mill/1 red x2")
    set_hand(g, 1, blue=2)
    g.apply("claim Harbor-Mill/2 blue x2")


# ---------------------------------------------------------------------------- tickets
def test_TTR_TICKETS_draw_then_keep():
    g = new()
    g.apply("draw tickets")
    assert g.phase == "keep-tickets" and g.current_player == 0
    assert len(g.observe(0)["offered"]) == 3 and g.observe(1)["offered"] == []
    raises(g, DrawDeck(), "TTR-TICKETS-DRAW")
    g.apply("keep tickets 2")
    assert g.current_player == 1 and len(g.tickets[0]) == 3


def test_TTR_TICKETS_DRAW_keep_one_return_to_bottom_short_and_empty_deck():
    g = new()
    assert len(g.ticket_deck) == 6
    top3 = g.ticket_deck[:3]
    g.apply("draw tickets")
    raises(g, KeepTickets(()), "TTR-TICKETS-DRAW")
    g.apply("keep tickets 3")
    assert g.tickets[0][-1] == top3[2]
    assert g.ticket_deck[-2:] == top3[:2]  # returned to the bottom, never reshuffled
    g.ticket_deck[:] = g.ticket_deck[:2]  # only 2 left
    g.apply("draw tickets")
    assert len(g.offered) == 2 and g.observe(1)["min_keep"] == 1
    assert [str(a) for a in g.legal_actions()] == ["keep tickets 1", "keep tickets 2", "keep tickets 1,2"]
    g.apply("keep tickets 1,2")
    assert g.ticket_deck == []
    err = raises(g, DrawTickets(), "TTR-TICKETS-DRAW")
    assert "empty" in err.reason
    raises(g, KeepTickets((1,)), "TTR-TICKETS-DRAW")


# ---------------------------------------------------------------------------- no action / end
def _exhaust(g: TicketToRide) -> None:
    """Move every train card into seat 1's hand, empty the ticket deck, claim nothing."""
    for c in g.faceup:
        if c is not None:
            g.hands[1][c] += 1
    g.faceup = [None] * len(g.faceup)
    for ci in g.deck + g.discard:
        g.hands[1][ci] += 1
    g.deck.clear()
    g.discard.clear()
    for ci in range(9):
        g.hands[1][ci] += g.hands[0][ci]
        g.hands[0][ci] = 0
    g.ticket_deck.clear()
    g._fu_ver += 1


def test_TTR_NO_ACTION_pass_only_when_nothing_else_is_legal():
    g = new()
    err = raises(g, Pass(), "TTR-NO-ACTION")
    assert "only allowed" in err.reason
    _exhaust(g)
    assert g.legal_actions() == [Pass()]
    g.apply("pass")
    assert g.current_player == 1 and g.passes[0] == 1
    assert Pass() not in g.legal_actions()  # seat 1 holds every card and can claim


def test_TTR_NO_ACTION_full_round_of_passes_ends_the_game():
    g = new()
    _exhaust(g)
    g.hands[1] = [0] * 9  # nobody holds anything (cards leave play only in this test)
    g.apply("pass")
    assert not g.is_over
    g.apply("pass")
    assert g.is_over and g.end_reason == "a full round of passes"
    assert g.legal_actions() == []
    raises(g, Pass(), "TTR-END-TRIGGER")


def test_TTR_END_TRIGGER_everyone_gets_one_more_turn():
    g = new(players=3, trains=6, end_trigger=2)
    set_hand(g, 0, green=3, pink=3)
    g.apply("claim Harbor-Ridge green x3")  # 3 left: no trigger
    assert g.final_turns_left is None
    to_seat(g, 0)
    g.apply("claim Fort-Summit pink x3")  # 0 left: trigger
    assert g.final_turns_left == 3 and g.trigger_seat == 0 and g.observe(2)["final_round"]
    turns = []
    while not g.is_over:
        turns.append(g.current_player)
        g.apply("draw deck")
        if g.phase == "second-draw":
            g.apply("draw deck")
    assert turns == [1, 2, 0]
    assert g.end_reason == "last round played"
    with pytest.raises(IllegalMove) as exc:
        g.apply("draw deck")
    assert exc.value.rule == "TTR-END-TRIGGER"


# ---------------------------------------------------------------------------- scoring
def _scored_game() -> TicketToRide:
    """Purple: Harbor-Mill/1, Mill-Lake, Lake-Summit (a 6-train line). Teal: Camp-Peak."""
    g = new(players=2, trains=8, end_trigger=2)
    g.tickets[0] = [ticket_index(g, "Harbor", "Summit"), ticket_index(g, "Camp", "Fort")]
    g.tickets[1] = [ticket_index(g, "Camp", "Summit")]
    for route, colour in (("Harbor-Mill/1", "red"), ("Mill-Lake", "yellow"), ("Lake-Summit", "black")):
        to_seat(g, 0)
        set_hand(g, 0, **{colour: 2})
        g.apply(f"claim {route} {colour} x2")
    set_hand(g, 1, white=2)
    g.apply("claim Camp-Peak white x2")
    while not g.is_over:
        g.apply("draw deck")
    return g


def test_TTR_SCORE_ROUTES_route_points_equal_a_recount():
    g = _scored_game()
    red, blue = g.final_scores()
    assert red["route_points"] == 2 + 2 + 2 and blue["route_points"] == 2


def test_TTR_SCORE_TICKETS_completed_add_incomplete_subtract():
    g = _scored_game()
    red, blue = g.final_scores()
    assert [t["done"] for t in red["tickets"]] == [True, False]
    assert red["ticket_points"] == 6 - 6 and red["tickets_completed"] == 1 and red["tickets_failed"] == 1
    assert blue["ticket_points"] == -3


def test_TTR_SCORE_LONGEST_bonus_to_the_longest_trail_and_all_ties():
    g = _scored_game()
    red, blue = g.final_scores()
    assert red["longest_trail"] == 6 and red["longest_bonus"] == 10
    assert red["longest_routes"] == ["Harbor-Mill/1", "Mill-Lake", "Lake-Summit"] or \
        red["longest_routes"] == ["Lake-Summit", "Mill-Lake", "Harbor-Mill/1"]
    assert blue["longest_trail"] == 2 and blue["longest_bonus"] == 0
    assert red["total"] == 6 + 0 + 10
    # a loop counts: Harbor-Mill-Lake-Ridge-Harbor plus a tail
    from railkit.games.ticket_to_ride.scoring import longest_path
    n, path = longest_path(g.map, ["Harbor-Mill/1", "Mill-Lake", "Ridge-Lake", "Harbor-Ridge", "Lake-Peak"])
    assert n == 2 + 2 + 2 + 3 + 2 and len(path) == 5
    # ties: everyone tied gets the bonus
    g2 = new(players=2, trains=4, end_trigger=2)
    set_hand(g2, 0, red=2)
    g2.apply("claim Harbor-Mill/1 red x2")
    set_hand(g2, 1, white=2)
    g2.apply("claim Camp-Peak white x2")
    while not g2.is_over:
        g2.apply("draw deck")
    assert [x["longest_bonus"] for x in g2.final_scores()] == [10, 10]


def test_globetrotter_bonus_for_most_completed_tickets():
    g = new(players=2, trains=8, end_trigger=2, globetrotter_bonus=15)
    g.tickets[0] = [ticket_index(g, "Harbor", "Lake")]
    g.tickets[1] = [ticket_index(g, "Camp", "Summit")]
    for route, colour in (("Harbor-Mill/1", "red"), ("Mill-Lake", "yellow"), ("Lake-Summit", "black")):
        to_seat(g, 0)
        set_hand(g, 0, **{colour: 2})
        g.apply(f"claim {route} {colour} x2")
    while not g.is_over:
        g.apply("draw deck")
    red, blue = g.final_scores()
    assert red["globetrotter_bonus"] == 15 and blue["globetrotter_bonus"] == 0


def test_TTR_WIN_TIE_most_points_then_tickets_then_longest():
    from railkit.games.ticket_to_ride.scoring import rank_seats
    ranks, wins, why = rank_seats([30, 30, 20], [2, 1, 5], [False, True, True], ["Purple", "Teal", "Brown"])
    assert ranks == [1, 2, 3] and wins == [True, False, False]
    assert "2 completed tickets against 1 for Teal" in why[0]
    ranks, wins, why = rank_seats([30, 30], [2, 2], [False, True], ["Purple", "Teal"])
    assert ranks == [2, 1] and wins == [False, True]
    assert "holds the longest-path bonus" in why[1]
    ranks, wins, why = rank_seats([30, 30], [2, 2], [True, True], ["Purple", "Teal"])
    assert ranks == [1, 1] and wins == [True, True] and "rank shared" in why[0]
    # in a game: 18 points each, Purple completed a ticket and Teal none
    g = new(players=2, trains=6, end_trigger=2, route_points={1: 4, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15})
    g.tickets[0] = [ticket_index(g, "Harbor", "Lake")]
    g.tickets[1] = []
    set_hand(g, 0, red=2, yellow=2)
    set_hand(g, 1, pink=3, green=1)
    g.apply("claim Harbor-Mill/1 red x2")
    g.apply("claim Fort-Summit pink x3")
    g.apply("claim Mill-Lake yellow x2")
    g.apply("claim Summit-Peak green x1")
    while not g.is_over:
        g.apply("draw deck")
    red, blue = g.final_scores()
    assert red["total"] == blue["total"] == 18
    assert (red["rank"], red["win"], blue["rank"], blue["win"]) == (1, True, 2, False)
    assert "1 completed tickets against 0 for Teal" in red["tie_break"]
    assert [r["win"] for r in g.summary()] == [True, False]

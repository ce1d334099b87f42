"""The fast paths of the Ticket to Ride engine change nothing: seeded games play
exactly as recorded before they were added, the fast checks agree with the full
ones, the shared tables agree with what they stand for, and the shuffle is
``random.Random.shuffle``.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.game import frozen_rules, play
from railkit.games.ticket_to_ride import SPEC, Claim, DrawDeck, DrawFaceUp, DrawTickets, TicketToRide
from railkit.games.ticket_to_ride.board import CARD_NAMES, DRAW_DECK, LOCO_I
from railkit.games.ticket_to_ride.game import _shuffle

# (players, seed, preset, map, bot, actions, sha1 of the action texts, final scores),
# recorded with the engine as it was before the speed work (commit 82ba5c8); the USA games did not
# change with TTR-FACEUP-REFILL / TTR-DECK-EMPTY (their deck never runs dry).
GOLDEN = [
    (4, 1, "base", "usa", "random", 297, "f6b887acacaf5cdc", [-55, -54, -45, 8]),
    (4, 2, "base", "usa", "random", 295, "d860e376004aecfc", [-21, -5, -60, -13]),
    (2, 3, "base", "usa", "random", 156, "5cda97ec2c2cbe6b", [-72, -60]),
    (5, 4, "mega-game", "usa", "random", 425, "ae0321485f5498c0", [-106, -95, -27, -144, -51]),
    (3, 5, "usa-1910", "usa", "random", 244, "dcbcdf5511ca91b6", [-29, -73, -69]),
    (4, 6, "base", "usa", "tickets", 242, "16297c55e1164eb4", [122, 63, 101, 47]),
    # changed on purpose with the rules of issue 17: 148 actions, 6e4c6d2abe3fcb08, [15, -16] before;
    # 143 actions with TTR-DECK-EMPTY (the seeds' reading) and 45 trains; now 58 with the map's own
    # 12 trains (TTR-MAP-TRAINS), ending through the train trigger instead of a round of passes
    (2, 7, "base", "teaching-small", "random", 58, "78323f05662476d4", [6, -16]),
]


@pytest.mark.parametrize("players,seed,preset,map_name,bot,n,digest,scores", GOLDEN)
def test_seeded_games_play_as_recorded(players, seed, preset, map_name, bot, n, digest, scores):
    for checked in (True, False):
        g = play(SPEC.new_game(SPEC.make_rules(preset), players, seed, map=map_name),
                 [AGENTS[bot](seed * 10 + i) for i in range(players)], checked=checked)
        assert len(g.log) == n
        assert hashlib.sha1("\n".join(map(str, g.log)).encode()).hexdigest()[:16] == digest
        assert [r["score"] for r in g.summary()] == scores


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64), n=st.integers(0, 300))
def test_shuffle_is_random_shuffle(seed, n):
    a, b = random.Random(seed), random.Random(seed)
    x, y = list(range(n)), list(range(n))
    a.shuffle(x)
    _shuffle(b, y)
    assert x == y and a.getstate() == b.getstate()


def _all_candidates(g: TicketToRide) -> list:
    """Many actions, legal or not, for the current state."""
    b = g.board
    out = [DrawDeck(), DrawTickets()] + [DrawFaceUp(i) for i in range(0, len(g.faceup) + 2)]
    for i in range(0, b.n_routes, 3):
        ln = b.length[i]
        for col in CARD_NAMES:
            for cards in range(0, ln + 1):
                out.append(Claim(b.route_ids[i], col, cards, ln - cards))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_fast_checks_agree_with_full_checks(players):
    """_check (fast paths) and _check_full accept and refuse exactly the same moves,
    and a move is accepted exactly when it is listed by legal_actions."""
    for seed in range(3):
        g = SPEC.new_game(None, players, seed)
        bots = [AGENTS["random"](seed * 10 + i) for i in range(players)]
        step = 0
        while not g.is_over:
            if step % 5 == 0 and g.phase in ("turn", "second-draw"):
                legal = set(g.legal_actions())
                for a in _all_candidates(g):
                    full = fast = None
                    try:
                        g._check_full(a)
                    except Exception as exc:  # noqa: BLE001 - compared below
                        full = (type(exc), str(exc))
                    try:
                        g._check(a)
                    except Exception as exc:  # noqa: BLE001
                        fast = (type(exc), str(exc))
                    assert full == fast, (a, full, fast)
                    assert (full is None) == (a in legal), (a, full)
            g.apply(bots[g.current_player].act(None, g.legal_actions()))
            step += 1


def test_draw_lists_match_the_face_up_row():
    g = SPEC.new_game(None, 4, 11)
    bots = [AGENTS["random"](110 + i) for i in range(4)]
    while not g.is_over:
        first, second = g._draws()
        fu = g.faceup
        want1 = [g.board.faceup(i + 1) for i, c in enumerate(fu) if c is not None]
        want2 = [g.board.faceup(i + 1) for i, c in enumerate(fu) if c is not None and not (g._two and c == LOCO_I)]
        if g.deck or g.discard:
            want1.append(DRAW_DECK)
            want2.append(DRAW_DECK)
        assert list(first) == want1 and list(second) == want2
        g.apply(bots[g.current_player].act(None, g.legal_actions()))


def test_route_tables_match_claim_options():
    b = SPEC.new_game(None, 2, 0).board
    for c in range(8):
        for i in range(0, b.n_routes, 7):
            tab = b.route_table(i, c)
            assert b.route_tables[c][i] is tab  # built once, then kept
            ln = b.length[i]
            for nc in range(ln + 3):
                for nl in range(ln + 3):
                    k = min(nc, ln) * (ln + 1) + min(nl, ln)
                    assert tab[k] == b.claim_options(i, c, nc, nl)


def test_blocked_claim_cache_keys_are_shared_by_the_games_on_a_map():
    """Board.blocked_keys (free tracks a seat may not claim -> the claim caches that may hold
    their claims) is one table for every game on the map, and each entry is what the
    tracks' colours and lengths say (all eight colours for a gray track)."""
    games = [SPEC.new_game(None, 4, seed) for seed in (21, 22)]
    for seed, g in zip((21, 22), games):
        play(g, [AGENTS["random"](seed * 10 + i) for i in range(4)], checked=False)
    b = games[0].board
    assert games[1].board is b and games[0]._bk_cache is games[1]._bk_cache is b.blocked_keys
    assert b.blocked_keys  # 4 players: a seat's own double routes block their other track
    for tracks, keys in b.blocked_keys.items():
        want = set()
        for p in tracks:
            colours = range(8) if b.colour[p] < 0 else (b.colour[p],)
            want.update(c * 64 + b.length[p] for c in colours)
        assert keys == want


def test_text_route_point_keys_play_from_the_shared_read_only_rules():
    """Route points with text keys in any order (as after JSON) no longer fail on the
    frozen shared rules copy: the game keeps its own copy with number keys, sorted."""
    points = {"2": 2, "1": 1, "3": 4, "4": 7, "5": 10, "6": 15}
    r = SPEC.make_rules(None, {"route_points": points})
    g = TicketToRide(r, players=2, seed=1)
    assert g.rules.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert list(g.rules.route_points) == [1, 2, 3, 4, 5, 6]
    assert r.route_points == points  # the caller's object is untouched
    again = TicketToRide(r, players=2, seed=1)
    assert again.rules is g.rules and again.route_score == g.route_score
    assert TicketToRide.from_json(g.to_json()).rules.route_points == g.rules.route_points


def test_frozen_rules_keep_number_and_text_keys_apart():
    a = frozen_rules(SPEC.make_rules(None, {"route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15}}))
    b = frozen_rules(SPEC.make_rules(None, {"route_points": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}}))
    assert a is not b and list(b.route_points) == [1, 2, 3, 4, 5, 6]
    assert frozen_rules(a) is a and frozen_rules(b) is b


def test_games_on_one_rules_object_share_settings_but_not_state():
    rules = SPEC.make_rules("base")
    g1, g2 = SPEC.new_game(rules, 4, 1), SPEC.new_game(rules, 4, 1)
    assert g1.rules is g2.rules
    assert g1.route_score is not g2.route_score and g1.tickets_all is not g2.tickets_all
    assert g1._free_col[0][1] is not g2._free_col[0][1]
    g1.apply("keep tickets 1,2")
    assert len(g2.tickets[0]) == 0 and g2.legal_actions() == SPEC.new_game(rules, 4, 1).legal_actions()


def test_observations_handed_out_never_change_later():
    """Observations share the claimed-route views until the next claim, which copies
    them first: an observation kept by a bot or a widget stays as it was."""
    g = SPEC.new_game(None, 2, 5)  # 2 players: claims also close the other track of a double route
    bots = [AGENTS["random"](50 + i) for i in range(2)]
    kept = []
    while not g.is_over:
        obs = g.observe(g.current_player)
        kept.append((obs, dict(obs["claimed"]), list(obs["closed"])))
        g.apply(bots[g.current_player].act(None, g.legal_actions()))
    assert kept[-1][0]["claimed"] and kept[-1][0]["closed"]
    for obs, claimed, closed in kept:
        assert obs["claimed"] == claimed and obs["closed"] == closed
    final = g.observe(None)
    owners = {g.board.route_ids[i]: s for s in range(2) for i in g.claimed[s]}
    assert final["claimed"] == owners

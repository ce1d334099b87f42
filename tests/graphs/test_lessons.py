"""The lesson computations: fast Steiner costs, the hand study, the 45-train score verifier."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from railkit.graphs import brute_force_steiner_forest, lessons, steiner
from railkit.graphs.instances import euler_network, grow_network, random_map
from railkit.maps import load


def test_numpy_steiner_costs_equal_the_dreyfus_wagner_table_on_random_maps():
    rng = random.Random(3)
    for _ in range(150):
        G = random_map(rng)
        terms = rng.sample(sorted(G), min(len(G), rng.randint(1, 5)))
        dw = steiner.DreyfusWagner(G, terms)
        D, nodes = steiner.distance_matrix(G)
        ix = {n: i for i, n in enumerate(nodes)}
        costs = steiner.steiner_costs(D, [ix[t] for t in terms])
        for mask in range(1, 1 << len(terms)):
            assert costs[mask] == dw.cost(mask)


def test_hand_study_recounts_by_brute_force_on_the_small_map():
    m = load("teaching-small")
    G = m.graph()
    study = lessons.hand_study(m, 2)
    hands = list(itertools.combinations([(t.a, t.b) for t in m.deck()], 2))
    worse = better = 0
    for hand in hands:
        exact = brute_force_steiner_forest(G, hand)
        union = lessons.union_of_shortest_paths(G, hand)[0]
        one_tree = steiner.DreyfusWagner(G, [x for p in hand for x in p]).cost([x for p in hand for x in p])
        worse += union > exact
        better += exact < one_tree
    assert study["hands"] == len(hands) == 45
    assert (study["union worse"], study["separate better"]) == (worse, better)


def test_compare_hand_exact_is_never_beaten():
    m = load("usa")
    rng = random.Random(4)
    for _ in range(10):
        hand = [(t.a, t.b) for t in rng.sample(m.deck(), 3)]
        r = lessons.compare_hand(m.graph(), hand)
        assert r["exact forest"] == min(r.values())
        assert r["exact forest"] <= r["one exact tree"] <= min(r["kou"], r["mehlhorn"])


def test_verify_max_score_counts_routes_and_completed_tickets():
    m = load("usa")
    routes = ["Denver-Omaha", "Chicago-Omaha", "Denver-Kansas City/1", "Kansas City-Omaha/1"]
    r = lessons.verify_max_score(m, routes)
    assert r["trains"] == sum(m.route_by_id[x].length for x in routes)
    assert r["route points"] == sum(lessons.ROUTE_POINTS[m.route_by_id[x].length] for x in routes)
    G = m.graph(routes)
    expect = [t for t in m.deck() if t.a in G and t.b in G and nx.has_path(G, t.a, t.b)]
    assert r["ticket points"] == sum(t.points for t in expect)


@pytest.mark.parametrize("routes,match", [
    (["Nowhere-Road"], "not routes"),
    (["Denver-Omaha", "Denver-Omaha"], "twice"),
])
def test_verify_max_score_rejects_bad_networks(routes, match):
    with pytest.raises(ValueError, match=match):
        lessons.verify_max_score(load("usa"), routes)


def test_TTR_DOUBLE_SAME_both_tracks_are_rejected():
    m = load("usa")
    a, b = m.routes_by_pair[m.double_pairs[0]][:2]
    with pytest.raises(ValueError, match="TTR-DOUBLE-SAME"):
        lessons.verify_max_score(m, [a.id, b.id])


def test_verify_max_score_rejects_too_many_trains():
    m = load("usa")
    with pytest.raises(ValueError, match="more than 45"):
        lessons.verify_max_score(m, sorted(k for _, _, k in grow_network(m, 1, trains=80).edges(keys=True)))


def test_the_shipped_45_train_solution_verifies():
    sol = lessons.MAX_SCORE_SOLUTION
    r = lessons.verify_max_score(load("usa"), sol["routes"])
    assert r["score"] == sol["score"] and r["trains"] <= 45
    assert sol["score"] <= sol["bound"]


def test_small_milp_matches_brute_force_on_the_small_map():
    pytest.importorskip("scipy")
    m = load("teaching-small")
    res = lessons.max_score_milp(m, trains=8, time_limit=60)
    best = 0
    ids = [r.id for r in m.routes]
    for k in range(len(ids) + 1):
        for sub in itertools.combinations(ids, k):
            try:
                best = max(best, lessons.verify_max_score(m, sub, trains=8)["score"])
            except ValueError:
                pass
    assert res["score"] == best == lessons.verify_max_score(m, res["routes"], trains=8)["score"]


def test_instances_are_seeded():
    G1, G2 = random_map(5), random_map(5)
    assert sorted(G1.edges(keys=True, data=True)) == sorted(G2.edges(keys=True, data=True))
    H = euler_network(load("usa").graph(), 7)
    assert sum(1 for n in H if H.degree(n) % 2) <= 2

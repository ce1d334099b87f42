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
    usa = load("usa")
    r = lessons.verify_max_score(usa, sol["routes"])
    assert r["score"] == sol["score"] and r["trains"] <= 45
    assert sol["score"] <= sol["bound"]
    for c, tree in sol["trees"].items():  # each shipped best tree is a real network of its budget
        t = lessons.verify_max_score(usa, tree["routes"], trains=c)
        assert t["score"] == tree["score"] <= tree["bound"] == sol["bounds"][c]
        assert nx.is_connected(usa.graph(tree["routes"]))
    assert lessons.forest_bound(sol["bounds"], 45)[0] == sol["bound"]
    assert sol["optimal"] == (sol["bound"] == sol["score"])


def _brute_force_best(m, trains, connected):
    """The best score of any network (or connected network) of at most ``trains`` trains."""
    best = 0
    ids = [r.id for r in m.routes]
    for k in range(1, len(ids) + 1):
        for sub in itertools.combinations(ids, k):
            if sum(m.route_by_id[r].length for r in sub) > trains:
                continue
            try:
                score = lessons.verify_max_score(m, sub, trains=trains)["score"]
            except ValueError:  # both tracks of a double
                continue
            if score > best and (not connected or nx.is_connected(m.graph(sub))):
                best = score
    return best


def test_best_tree_milp_matches_brute_force_for_every_budget_on_the_small_map():
    pytest.importorskip("scipy")
    m = load("teaching-small")
    for trains in range(1, 8):
        res = lessons.best_tree_milp(m, trains, time_limit=60)
        assert res["optimal"] and res["score"] == res["bound"] == _brute_force_best(m, trains, connected=True)
        assert nx.is_connected(m.graph(res["routes"]))
        assert lessons.verify_max_score(m, res["routes"], trains=trains)["score"] == res["score"]
        relaxed = lessons.best_tree_milp(m, trains, relax=True)
        assert relaxed["bound"] >= res["score"]


def test_forest_bound_is_the_best_split_of_the_budget():
    rng = random.Random(5)

    def splits(n, smallest=1):
        yield [n]
        for a in range(smallest, n // 2 + 1):
            for rest in splits(n - a, a):
                yield [a] + rest

    for _ in range(200):
        trains = rng.randint(1, 12)
        tree = {c: rng.randint(0, 30) for c in range(1, trains + 1)}
        top = {c: max(tree[d] for d in range(1, c + 1)) for c in tree}  # at most c trains
        best = max(sum(top[c] for c in split) for split in splits(trains))
        bound, split = lessons.forest_bound(tree, trains)
        assert bound == best == sum(top[c] for c in split) and sum(split) == trains


def test_small_milp_matches_brute_force_on_the_small_map():
    pytest.importorskip("scipy")
    m = load("teaching-small")
    for trains in (3, 8):
        res = lessons.max_score_milp(m, trains=trains, time_limit=60)
        assert res["optimal"] and res["bound"] == res["score"]
        assert res["score"] == _brute_force_best(m, trains, connected=False)
        assert lessons.verify_max_score(m, res["routes"], trains=trains)["score"] == res["score"]


def test_instances_are_seeded():
    G1, G2 = random_map(5), random_map(5)
    assert sorted(G1.edges(keys=True, data=True)) == sorted(G2.edges(keys=True, data=True))
    H = euler_network(load("usa").graph(), 7)
    assert sum(1 for n in H if H.degree(n) % 2) <= 2


def test_max_score_milp_finds_a_network_of_two_parts_when_it_beats_every_tree():
    pytest.importorskip("scipy")
    from railkit.maps import Map

    def city(name, x):
        return {"name": name, "x": x, "y": 0.0}

    m = Map.from_dict({
        "format": "railkit-map", "version": 1, "name": "two-islands", "title": "Two islands", "layout": "xy",
        "provenance": {"source": "a test", "notes": "two short tickets far apart"},
        "cities": [city("A", 0), city("B", 1), city("C", 7), city("D", 8)],
        "routes": [{"id": "A-B", "a": "A", "b": "B", "length": 1, "color": "red"},
                   {"id": "B-C", "a": "B", "b": "C", "length": 6, "color": "gray"},
                   {"id": "C-D", "a": "C", "b": "D", "length": 1, "color": "blue"}],
        "tickets": {"base": [{"a": "A", "b": "B", "points": 10}, {"a": "C", "b": "D", "points": 10}]},
        "default_deck": "base"}, "two-islands.json")
    res = lessons.max_score_milp(m, trains=2)
    assert res["routes"] == ["A-B", "C-D"] and res["score"] == res["bound"] == 22 and res["optimal"]
    assert res["trees"][2]["score"] == 11  # the best single tree takes one ticket
    assert res["score"] == _brute_force_best(m, 2, connected=False)


@pytest.mark.slow
def test_the_45_train_proof_runs_again_on_the_usa_map():
    pytest.importorskip("scipy")
    res = lessons.max_score_milp(load("usa"), trains=45)
    sol = lessons.MAX_SCORE_SOLUTION
    assert res["optimal"] and res["score"] == res["bound"] == sol["score"] == sol["bound"]

import math
import random

import networkx as nx

from railkit.graphs import blocking_cost, cheapest_completion, connected, longest_simple_path
from railkit.maps import load


def test_connected_on_edges_and_graph():
    edges = [("A", "B", "r1"), ("B", "C", "r2"), ("X", "Y", "r3")]
    assert connected(edges, "A", "C")
    assert not connected(edges, "A", "Y")
    assert not connected(edges, "A", "Nowhere")
    G = nx.MultiGraph()
    G.add_edges_from(edges)
    assert connected(G, "C", "A") and not connected(G, "C", "X")


def test_cheapest_completion_uses_owned_routes_for_free_and_avoids_blocked():
    m = load("teaching-small")
    G = m.graph()
    cost, path = cheapest_completion(G, "Harbor", "Summit")
    assert cost == 6
    owned = {"Harbor-Ridge", "Ridge-Lake"}
    cost2, path2 = cheapest_completion(G, "Harbor", "Summit", owned=owned)
    assert cost2 == 2 and [k for *_, k in path2] == ["Harbor-Ridge", "Ridge-Lake", "Lake-Summit"]
    blocked = {"Lake-Summit", "Mill-Fort"}
    cost3, path3 = cheapest_completion(G, "Harbor", "Summit", blocked=blocked)
    assert all(k not in blocked for *_, k in path3)
    assert cost3 == 7  # Harbor-Mill-Lake-Peak-Summit


def test_cheapest_completion_double_route_one_track_blocked_other_usable():
    G = load("teaching-small").graph()
    cost, path = cheapest_completion(G, "Harbor", "Mill", blocked={"Harbor-Mill/1"})
    assert (cost, path[0][2]) == (2, "Harbor-Mill/2")
    cost, path = cheapest_completion(G, "Harbor", "Mill", blocked={"Harbor-Mill/1", "Harbor-Mill/2"})
    assert cost == 7 and [k for *_, k in path] == ["Harbor-Ridge", "Ridge-Lake", "Mill-Lake"]


def test_cheapest_completion_none_when_cut_off():
    G = load("teaching-small").graph()
    cut = {k for _, _, k in G.edges("Harbor", keys=True)}
    assert cheapest_completion(G, "Harbor", "Peak", blocked=cut) is None


def test_cheapest_completion_equals_dijkstra_on_reduced_graph():
    m = load("usa")
    G = m.graph()
    rng = random.Random(7)
    ids = [r.id for r in m.routes]
    for _ in range(50):
        owned = set(rng.sample(ids, 8))
        blocked = set(rng.sample([i for i in ids if i not in owned], 15))
        t = rng.choice(m.deck())
        H = nx.Graph()
        H.add_nodes_from(G)
        for r in m.routes:
            if r.id in blocked:
                continue
            c = 0 if r.id in owned else r.length
            if not H.has_edge(r.a, r.b) or H[r.a][r.b]["w"] > c:
                H.add_edge(r.a, r.b, w=c)
        try:
            expect = nx.shortest_path_length(H, t.a, t.b, weight="w")
        except nx.NetworkXNoPath:
            expect = None
        got = cheapest_completion(G, t.a, t.b, owned=owned, blocked=blocked)
        assert (got[0] if got else None) == expect


def test_blocking_cost_by_recomputation():
    m = load("teaching-small")
    G = m.graph()
    costs = blocking_cost(G, m.deck())
    for rid, extra in costs.items():
        total = 0
        for t in m.deck():
            before = cheapest_completion(G, t.a, t.b)[0]
            after = cheapest_completion(G, t.a, t.b, blocked={rid})
            total += math.inf if after is None else after[0] - before
        assert total == extra
    # a parallel track alone is never critical; the pair is
    assert "Harbor-Mill/1" not in costs
    assert blocking_cost(G, m.deck(), whole_pair=True)["Harbor-Mill/1"] > 0


def brute_simple(G, s, targets, max_edges):
    best = None
    for t in targets:
        if t == s:
            continue
        for path in nx.all_simple_edge_paths(G, s, t, cutoff=max_edges):
            best = max(best or 0, len(path))
    return best


def test_longest_simple_path_matches_enumeration_on_random_graphs():
    rng = random.Random(3)
    for _ in range(300):
        G = nx.MultiGraph()
        n = rng.randint(2, 7)
        G.add_nodes_from(range(n))
        for _ in range(rng.randint(1, 10)):
            u, v = rng.sample(range(n), 2)
            G.add_edge(u, v)
        targets = set(rng.sample(range(n), rng.randint(1, n)))
        bound = rng.choice([None, 1, 2, 3, 4])
        got = longest_simple_path(G, 0, targets, max_edges=bound)
        want = brute_simple(G, 0, targets, bound)
        assert (got[0] if got else None) == want
        if got:
            length, nodes, keys = got
            assert nodes[0] == 0 and nodes[-1] in targets and len(set(nodes)) == len(nodes)
            assert len(keys) == length and (bound is None or length <= bound)


def test_longest_simple_path_may_repeat_allowed_nodes_but_not_edges():
    # A town T on two track chains may be passed twice when it is not in no_repeat
    G = nx.MultiGraph()
    G.add_edges_from([("A", "T"), ("T", "B"), ("B", "T"), ("T", "C")])
    strict = longest_simple_path(G, "A", {"C"})
    loose = longest_simple_path(G, "A", {"C"}, no_repeat={"A", "B", "C"})
    assert strict[0] == 2 and loose[0] == 4

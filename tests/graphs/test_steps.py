"""Traces give the plain algorithms' results: checked against networkx or brute force
on many seeded random multigraphs, and on the USA map."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.graphs import brute_force_longest_trail, longest_simple_path, steps
from railkit.graphs import longest_trail as plain_longest_trail
from railkit.graphs.steiner import DreyfusWagner, brute_force_steiner_forest
from railkit.graphs.steiner import steiner_forest as plain_steiner_forest
from railkit.maps import load


def random_multigraph(rng: random.Random, n_max: int = 8, m_max: int = 13) -> nx.MultiGraph:
    n = rng.randint(2, n_max)
    G = nx.MultiGraph()
    for i in range(n):
        G.add_node(i, pos=(rng.uniform(0, 10), rng.uniform(0, 10)))
    for k in range(rng.randint(0, m_max)):
        u, v = rng.randrange(n), rng.randrange(n)
        if u == v:
            continue
        G.add_edge(u, v, key=f"e{k}", length=rng.randint(1, 6))
    return G


def without(G, blocked):
    H = nx.MultiGraph()
    H.add_nodes_from(G.nodes(data=True))
    H.add_edges_from((u, v, k, d) for u, v, k, d in G.edges(keys=True, data=True) if k not in blocked)
    return H


def graphs(seed: int, count: int, **kw):
    rng = random.Random(seed)
    for _ in range(count):
        G = random_multigraph(rng, **kw)
        keys = [k for _, _, k in G.edges(keys=True)]
        blocked = set(rng.sample(keys, rng.randint(0, len(keys)))) if keys and rng.random() < 0.5 else set()
        yield rng, G, blocked


def check_frames(trace):
    """Every frame is frozen and uses the shared state names; a pick is among the accepted answers."""
    for f in trace:
        assert set(f.nodes.values()) <= set(steps.STATES)
        assert set(f.edges.values()) <= set(steps.STATES)
        assert 0 <= f.line < len(trace.pseudocode)
        assert f.text
        if f.pick is not None:
            assert f.pick in f.accept
            assert bool(f.why) == (len(f.accept) > 1)


def path_cost(G, nodes, weight="length"):
    return sum(min(d.get(weight, 1) for d in G.get_edge_data(u, v).values()) for u, v in zip(nodes, nodes[1:]))


def test_frames_are_immutable():
    t = steps.bfs(load("teaching-small").graph(), "Harbor")
    with pytest.raises(dataclasses.FrozenInstanceError):
        t[0].line = 3
    with pytest.raises(TypeError):
        t[0].nodes["Harbor"] = "solution"
    with pytest.raises(TypeError):
        t[0].data["queue"] = ()
    assert isinstance(t.frames, tuple)


def test_bfs_matches_networkx_on_400_random_graphs():
    for rng, G, blocked in graphs(1, 400):
        H = without(G, blocked)
        s = rng.randrange(G.number_of_nodes())
        t = steps.bfs(G, s, blocked=blocked)
        check_frames(t)
        assert t.result == nx.single_source_shortest_path_length(H, s)
        target = rng.randrange(G.number_of_nodes())
        r = steps.bfs(G, s, target, blocked=blocked).result
        assert r == (nx.shortest_path_length(H, s, target) if nx.has_path(H, s, target) else None)


def test_bfs_ties_are_the_cities_at_the_same_depth():
    t = steps.bfs(load("usa").graph(), "Denver")
    depth = t.result
    for f in t:
        if f.pick is not None:
            assert {depth[x] for x in f.accept} == {depth[f.pick]}


def test_dfs_matches_networkx_on_400_random_graphs():
    for rng, G, blocked in graphs(2, 400):
        H = without(G, blocked)
        s = rng.randrange(G.number_of_nodes())
        t = steps.dfs(G, s, blocked=blocked)
        check_frames(t)
        assert t.result == list(nx.dfs_preorder_nodes(H, s, sort_neighbors=sorted))
        target = rng.randrange(G.number_of_nodes())
        assert steps.dfs(G, s, target, blocked=blocked).result == nx.has_path(H, s, target)


def test_dijkstra_matches_networkx_on_400_random_graphs():
    for rng, G, blocked in graphs(3, 400):
        H = without(G, blocked)
        s = rng.randrange(G.number_of_nodes())
        t = steps.dijkstra(G, s, blocked=blocked)
        check_frames(t)
        assert t.result == nx.single_source_dijkstra_path_length(H, s, weight="length")
        target = rng.randrange(G.number_of_nodes())
        r = steps.dijkstra(G, s, target, blocked=blocked).result
        if not nx.has_path(H, s, target):
            assert r is None
        else:
            assert r[0] == nx.dijkstra_path_length(H, s, target, weight="length")
            assert r[1][0] == s and r[1][-1] == target and path_cost(H, r[1]) == r[0]


def test_dijkstra_ties_are_the_cities_at_the_smallest_distance():
    t = steps.dijkstra(load("usa").graph(), "Denver")
    for f in t:
        if f.pick is not None:
            assert {t.result[x] for x in f.accept} == {t.result[f.pick]}


def test_astar_finds_dijkstras_distance_on_random_graphs_and_the_usa_map():
    for rng, G, blocked in graphs(4, 300):
        H = without(G, blocked)
        s, target = rng.randrange(G.number_of_nodes()), rng.randrange(G.number_of_nodes())
        t = steps.astar(G, s, target, blocked=blocked)
        check_frames(t)
        if not nx.has_path(H, s, target):
            assert t.result is None
        else:
            assert t.result[0] == nx.dijkstra_path_length(H, s, target, weight="length")
            assert path_cost(H, t.result[1]) == t.result[0]
    G = load("usa").graph()
    fewer = 0
    for a, b in itertools.combinations(sorted(G.nodes)[::3], 2):
        d, a_star = steps.dijkstra(G, a, b), steps.astar(G, a, b)
        assert a_star.result[0] == d.result[0]
        fewer += a_star.stats["expanded"] < d.stats["expanded"]
    assert fewer > 0


def test_straight_line_estimate_never_overestimates_on_the_usa_map():
    G = load("usa").graph()
    for target in ["Miami", "Seattle", "Denver"]:
        h = steps.straight_line(G, target)
        dist = nx.single_source_dijkstra_path_length(G, target, weight="length")
        assert all(h(n) <= dist[n] + 1e-9 for n in G)


@pytest.mark.parametrize("algo", ["prim", "kruskal"])
def test_spanning_trees_match_networkx_on_400_random_graphs(algo):
    for rng, G, _ in graphs(5, 400):
        t = steps.prim(G, rng.randrange(G.number_of_nodes())) if algo == "prim" else steps.kruskal(G)
        check_frames(t)
        total, edges = t.result
        assert total == nx.minimum_spanning_tree(G, weight="length").size(weight="length")
        F = nx.MultiGraph(edges)
        F.add_nodes_from(G)
        assert nx.is_forest(F) and nx.number_connected_components(F) == nx.number_connected_components(G)


def test_kruskal_ties_are_equal_length_routes_joining_two_sets():
    t = steps.kruskal(load("usa").graph())
    length = {k: d["length"] for _, _, k, d in load("usa").graph().edges(keys=True, data=True)}
    assert any(len(f.accept) > 1 for f in t)
    for f in t:
        if f.pick is not None:
            assert {length[e[2]] for e in f.accept} == {length[f.pick[2]]}


def test_prim_and_kruskal_agree_on_the_usa_map():
    G = load("usa").graph()
    assert steps.prim(G, "Denver").result[0] == steps.kruskal(G).result[0] == 78


def is_trail(G, edges):
    keys = [k for _, _, k in edges]
    return (len(keys) == len(set(keys)) and all(G.has_edge(u, v, k) for u, v, k in edges)
            and all(a[1] == b[0] for a, b in zip(edges, edges[1:])))


def test_hierholzer_walks_every_route_once_when_networkx_says_it_can():
    checked = 0
    for rng, G, _ in graphs(6, 600):
        if G.number_of_edges() == 0:
            continue
        start = next(n for n in G if G.degree(n))
        comp = G.subgraph(nx.node_connected_component(G, start))
        odd = [n for n in comp if comp.degree(n) % 2]
        if len(odd) > 2:
            with pytest.raises(ValueError, match="odd"):
                steps.hierholzer(G, start)
            continue
        assert nx.has_eulerian_path(comp)
        t = steps.hierholzer(G, odd[0] if odd else start)
        check_frames(t)
        assert is_trail(G, t.result) and len(t.result) == comp.number_of_edges()
        checked += 1
    assert checked > 100


def test_longest_trail_trace_is_exact_on_500_random_graphs():
    for rng, G, _ in graphs(7, 500, n_max=7, m_max=10):
        t = steps.longest_trail(G)
        check_frames(t)
        total, edges = t.result
        assert total == plain_longest_trail(G)[0] == brute_force_longest_trail(G)
        assert is_trail(G, edges) and sum(G.edges[u, v, k]["length"] for u, v, k in edges) == total


def test_longest_trail_trace_matches_on_usa_player_networks():
    m = load("usa")
    rng = random.Random(8)
    ids = [r.id for r in m.routes]
    for _ in range(30):
        G = m.graph(rng.sample(ids, rng.randint(5, 30)))
        assert steps.longest_trail(G).result[0] == plain_longest_trail(G)[0]


def test_greedy_trail_is_never_longer_and_the_counterexample_is_real():
    for rng, G, _ in graphs(9, 300, n_max=7, m_max=10):
        assert steps.greedy_trail(G).result[0] <= brute_force_longest_trail(G)
    G, greedy, exact = steps.greedy_counterexample(0)
    assert greedy == steps.greedy_trail(G).result[0] < exact == brute_force_longest_trail(G)


def flow_digraph(H):
    D = nx.DiGraph()
    D.add_nodes_from(H)
    for u, v in H.edges():
        for a, b in ((u, v), (v, u)):
            D.add_edge(a, b, capacity=D.get_edge_data(a, b, {"capacity": 0})["capacity"] + 1)
    return D


def test_max_flow_and_min_cut_match_networkx_on_400_random_graphs():
    for rng, G, blocked in graphs(10, 400):
        H = without(G, blocked)
        s, t = rng.sample(range(G.number_of_nodes()), 2)
        tr = steps.min_cut(G, s, t, blocked=blocked)
        check_frames(tr)
        value, cut = tr.result
        assert value == nx.maximum_flow_value(flow_digraph(H), s, t)
        assert len(cut) == value
        assert not nx.has_path(without(H, {k for _, _, k in cut}), s, t)


def test_seattle_new_york_cut_on_the_usa_map():
    G = load("usa").graph()
    value, cut = steps.max_flow(G, "Seattle", "New York").result
    assert value == nx.maximum_flow_value(flow_digraph(G), "Seattle", "New York")
    assert not nx.has_path(without(G, {k for _, _, k in cut}), "Seattle", "New York")


def test_bounded_longest_path_equals_longest_simple_path_on_500_random_graphs():
    for rng, G, _ in graphs(11, 500, n_max=7, m_max=10):
        n = G.number_of_nodes()
        s = rng.randrange(n)
        targets = set(rng.sample(range(n), rng.randint(1, n)))
        bound = rng.choice([None, 1, 2, 3, 4])
        no_repeat = rng.choice([None, set(rng.sample(range(n), rng.randint(0, n)))])
        weight = rng.choice([None, "length"])
        t = steps.bounded_longest_path(G, s, targets, bound, weight=weight, no_repeat=no_repeat)
        check_frames(t)
        plain = longest_simple_path(G, s, targets, max_edges=bound, weight=weight, no_repeat=no_repeat)
        if plain is None:
            assert t.result is None
        else:
            assert t.result[0] == plain[0]
            assert len(t.result[2]) <= (bound or math.inf)


def test_steiner_forest_is_exact_against_brute_force_on_250_random_graphs():
    rng = random.Random(12)
    for _ in range(250):
        G = random_multigraph(rng, n_max=7, m_max=9)
        n = G.number_of_nodes()
        pairs = [tuple(rng.sample(range(n), 2)) for _ in range(rng.randint(1, 3))]
        cost, routes = plain_steiner_forest(G, pairs)
        assert cost == brute_force_steiner_forest(G, pairs)
        tr = steps.steiner_forest(G, pairs)
        check_frames(tr)
        assert tr.result[0] == cost
        if cost < math.inf:
            used = {(u, v, k) for tree in routes for u, v, k in tree}
            assert sum(G.edges[e]["length"] for e in used) == cost
            F = nx.MultiGraph(list(used))
            assert all(a in F and b in F and nx.has_path(F, a, b) for a, b in pairs)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_dreyfus_wagner_pairs_are_shortest_paths(seed):
    rng = random.Random(seed)
    G = random_multigraph(rng)
    terms = rng.sample(list(G), min(len(G), rng.randint(2, 5)))
    dw = DreyfusWagner(G, terms)
    for a, b in itertools.combinations(terms, 2):
        expected = nx.dijkstra_path_length(G, a, b, weight="length") if nx.has_path(G, a, b) else math.inf
        assert dw.cost([a, b]) == expected


def test_steiner_forest_of_eight_terminals_on_the_usa_map_beats_or_equals_the_approximations():
    from networkx.algorithms.approximation import steiner_tree

    m = load("usa")
    G = nx.Graph()
    for u, v, k, d in m.graph().edges(keys=True, data=True):
        if not G.has_edge(u, v) or G[u][v]["length"] > d["length"]:
            G.add_edge(u, v, length=d["length"])
    hand = [("Seattle", "New York"), ("Los Angeles", "Miami"), ("Duluth", "Houston"), ("Portland", "Nashville")]
    cost, routes = plain_steiner_forest(m.graph(), hand)
    terms = [x for p in hand for x in p]
    for method in ("kou", "mehlhorn"):
        assert cost <= steiner_tree(G, terms, weight="length", method=method).size(weight="length")


def test_bad_cities_give_a_clear_error():
    G = load("usa").graph()
    with pytest.raises(ValueError, match="Atlantis"):
        steps.dijkstra(G, "Atlantis")
    with pytest.raises(ValueError, match="at most"):
        plain_steiner_forest(G, [(a, b) for a, b in zip(list(G)[:12:2], list(G)[1:12:2])])


# ----------------------------------------------------------------------------- predict steps: flow, Steiner
def brute_force_augmenting_edges(G, blocked, s, t, flow_edges):
    """Edges on some shortest s-t path with room, given the routes carrying flow (u->v each)."""
    D = nx.DiGraph()
    for u, v, k in G.edges(keys=True):
        if k in blocked or u == v:
            continue
        for a, b in ((u, v), (v, u)):
            used = flow_edges.get((k, a, b), 0)
            if 1 - used > 0:
                D.add_edge(a, b)
                D[a][b].setdefault("keys", set()).add(k)
    if s not in D or t not in D or not nx.has_path(D, s, t):
        return set()
    out = set()
    for path in nx.all_shortest_paths(D, s, t):
        for a, b in zip(path, path[1:]):
            out |= D[a][b]["keys"]
    return out


def test_max_flow_predict_steps_accept_every_route_of_a_shortest_augmenting_path():
    """The next augmenting path is a shortest one with room: every route on one is a right answer."""
    for rng, G, blocked in graphs(21, 150, n_max=6, m_max=10):
        s, t = rng.sample(range(G.number_of_nodes()), 2)
        tr = steps.max_flow(G, s, t, blocked=blocked)
        check_frames(tr)
        flow: dict = {}
        for f in tr:
            if f.pick is None:
                continue
            assert {e[2] for e in f.accept} == brute_force_augmenting_edges(G, blocked, s, t, flow)
            # replay this augmentation (path routes from the frame's data, in order from s)
            x = s
            for k in f.data["path"]:
                u, v, _ = next(e for e in G.edges(keys=True) if e[2] == k)
                y = v if u == x else u
                flow[(k, x, y)] = flow.get((k, x, y), 0) + 1
                flow[(k, y, x)] = flow.get((k, y, x), 0) - 1
                x = y
            assert x == t
        assert len([f for f in tr if f.pick is not None]) == tr.result[0]


def cheapest_tree_edges_brute_force(G, terminals):
    """Union of all edge sets of least total length that join ``terminals`` (tiny graphs)."""
    edges = list(G.edges(keys=True))
    best, out = math.inf, set()
    for r in range(len(edges) + 1):
        for sub in itertools.combinations(edges, r):
            cost = sum(G.edges[e]["length"] for e in sub)
            if cost > best:
                continue
            H = nx.MultiGraph(list(sub))
            if all(x in H for x in terminals) and all(nx.has_path(H, terminals[0], x) for x in terminals):
                if cost < best:
                    best, out = cost, set()
                out |= {k for _, _, k in sub}
    return out


def test_steiner_forest_predict_steps_accept_every_route_of_every_cheapest_tree():
    rng = random.Random(22)
    checked = 0
    for _ in range(60):
        G = random_multigraph(rng, n_max=5, m_max=8)
        n = G.number_of_nodes()
        pairs = [tuple(rng.sample(range(n), 2)) for _ in range(rng.randint(1, 2))]
        tr = steps.steiner_forest(G, pairs)
        check_frames(tr)
        for i, f in enumerate(tr):
            if f.pick is None:
                continue
            terms = list(f.data["terminals"])
            assert tr[i - 1].text.startswith("Next: the cheapest tree joining")  # the question comes first
            assert {e[2] for e in f.accept} == cheapest_tree_edges_brute_force(G, terms)
            checked += 1
    assert checked > 30


def test_ties_in_a_steiner_predict_step_on_the_small_map_are_all_accepted():
    from railkit.graphs.quiz import Predictor

    tr = steps.steiner_forest(load("teaching-small").graph(), [("Harbor", "Lake")])
    p = Predictor(tr, mode="tell-only")
    first = tr[p.decisions[0]]
    assert first.pick in first.accept
    for choice in sorted(first.accept, key=str):
        assert Predictor(tr, mode="tell-only").answer(choice[2]).correct
    wrong = next(k for _, _, k in load("teaching-small").graph().edges(keys=True) if k not in {e[2] for e in first.accept})
    assert not Predictor(tr, mode="tell-only").answer(wrong).correct


# ----------------------------------------------------------------------------- cuts by the double-route rules
def _double_between(extra: bool = False) -> nx.MultiGraph:
    G = nx.MultiGraph()
    G.add_edge("A", "B", key="A-B/1", length=2)
    G.add_edge("A", "B", key="A-B/2", length=2)
    if extra:
        G.add_edge("A", "C", key="A-C", length=1)
        G.add_edge("C", "B", key="B-C", length=1)
    return G


def test_cuts_follow_double_small():
    """With 2 or 3 players one claim closes both tracks (DOUBLE-SMALL): a double route is one route
    of a cut, and a pair with a track claimed is closed."""
    G = _double_between(extra=True)
    assert steps.min_cut(G, "A", "B").result[0] == 3
    value, cut = steps.min_cut(G, "A", "B", doubles="one-claim").result
    assert value == 2 and len(cut) == 2 and {"A-B/1", "A-B/2"} & {e[2] for e in cut}
    assert steps.min_cut(G, "A", "B", blocked=["A-B/2"], doubles="one-claim").result[0] == 1
    assert "closed by a claim of either track" in steps.max_flow(G, "A", "B", doubles="one-claim").frames[-1].text


def test_cuts_follow_double_same():
    """With 4 or 5 players one opponent may claim only one track of a double route (DOUBLE-SAME):
    alone, they cannot cut it; once someone else holds a track, the other is a route like any."""
    G = _double_between(extra=True)
    value, cut = steps.min_cut(G, "A", "B", doubles="one-opponent").result
    assert value == math.inf and cut == []
    assert steps.min_cut(G, "A", "B", blocked=["A-B/1"], doubles="one-opponent").result[0] == 2
    with pytest.raises(ValueError, match="doubles must be one of"):
        steps.min_cut(G, "A", "B", doubles="both")


def test_every_edmonds_karp_step_shows_a_flow_that_is_kept():
    """Each augmenting step lists the flow on every route: at every city but the two ends as
    much comes in as goes out, and the source sends out exactly the flow's value."""
    import re
    from collections import Counter

    G = load("usa").graph()
    trace = steps.max_flow(G, "Seattle", "New York")
    shown = [f for f in trace if "flow on routes" in f.data]
    assert len(shown) == trace.result[0]
    for f in shown:
        net = Counter()
        for entry in f.data["flow on routes"]:
            u, v, units = re.fullmatch(r".+ \((.+)→(.+)\): (\d+)", entry).groups()
            net[u] -= int(units)
            net[v] += int(units)
        assert -net["Seattle"] == net["New York"] == f.data["flow"][0]
        assert all(n == 0 for city, n in net.items() if city not in ("Seattle", "New York"))
        assert len(f.data["residual: full one way"]) == len(f.data["flow on routes"])  # each route carries 1


def test_max_flow_arrows_are_the_listed_flow_and_full_ones_are_the_residual_back_edges():
    """Each Edmonds–Karp step carries its flow as arrows (from, to, route, units, capacity): the
    same routes and directions as the listed flow, the full ones those of the residual graph's
    "full one way" list, and the final cut frame still shows the whole flow."""
    from railkit.graphs.steps import _label

    trace = steps.max_flow(load("usa").graph(), "Seattle", "New York")
    for f in trace:
        if "flow on routes" in f.data:
            listed = {entry.rsplit(":", 1)[0] for entry in f.data["flow on routes"]}
            assert {f"{_label(e)} ({u}→{v})" for u, v, e, _, _ in f.arrows} == listed
            assert {f"{_label(e)} ({u}→{v})" for u, v, e, units, cap in f.arrows if units >= cap} == \
                set(f.data["residual: full one way"])
    assert trace.frames[0].arrows == ()
    assert len(trace.frames[-1].arrows) >= trace.result[0]

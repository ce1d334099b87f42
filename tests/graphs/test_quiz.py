"""Grading of predictions (right, wrong, tied; three modes), the question bank (every answer
re-derived independently) and the build-it-yourself checker."""

from __future__ import annotations

import math

import networkx as nx
import pytest

from railkit.graphs import brute_force_longest_trail, quiz, steps
from railkit.graphs.instances import random_map
from railkit.maps import load


@pytest.fixture(scope="module")
def usa():
    return load("usa").graph()


def other_than(frame):
    """A wrong answer: a node (or route) not among the accepted ones."""
    if isinstance(frame.pick, tuple):
        return next(e for e in frame.edges if e not in frame.accept)
    return next(n for n in frame.nodes if n not in frame.accept)


@pytest.mark.parametrize("mode", quiz.MODES)
def test_following_the_trace_scores_every_step(usa, mode):
    t = steps.dijkstra(usa, "Denver")
    p = quiz.Predictor(t, mode)
    while not p.done:
        fb = p.answer(t[p.decisions[p.k]].pick)
        assert fb.correct and fb.advanced
    assert p.score == quiz.Score(len(p.decisions), 0, len(p.decisions), len(p.decisions))
    assert p.report().startswith(f"{len(p.decisions)} of {len(p.decisions)} steps predicted right")


def test_wrong_answer_tell_and_fix_reveals_and_moves_on(usa):
    t = steps.bfs(usa, "Denver")
    p = quiz.Predictor(t, "tell-and-fix")
    p.answer("Denver")
    frame = t[p.decisions[p.k]]
    before = p.frame_index
    fb = p.answer(other_than(frame))
    assert not fb.correct and fb.advanced and fb.expected == frame.pick
    assert frame.text in fb.message
    assert p.frame_index > before
    assert p.score.wrong == 1


def test_wrong_answer_tell_only_must_be_tried_again_and_scores_the_first_try(usa):
    t = steps.prim(usa, "Denver")
    p = quiz.Predictor(t, "tell-only")
    frame = t[p.decisions[0]]
    fb = p.answer(other_than(frame))
    assert not fb.correct and not fb.advanced and fb.expected is None
    assert frame.pick[2] not in fb.message  # the right answer is not told
    assert p.k == 0
    assert p.answer(frame.pick[2]).correct
    assert p.k == 1 and p.score == quiz.Score(0, 1, 1, len(p.decisions))


def test_grade_at_end_says_nothing_until_the_report(usa):
    t = steps.kruskal(usa)
    p = quiz.Predictor(t, "grade-at-end")
    wrong = other_than(t[p.decisions[0]])
    fb = p.answer(wrong)
    assert fb.advanced and "recorded" in fb.message and fb.expected is None
    assert "right" not in fb.message.lower()
    for _ in range(3):
        p.answer(t[p.decisions[p.k]].pick)
    rep = p.report()
    assert rep.startswith(f"3 of {len(p.decisions)} steps predicted right (4 answered)")
    assert f"you chose {wrong[2]}" in rep


def test_every_tied_answer_is_accepted_and_the_message_says_why(usa):
    t = steps.kruskal(usa)
    tied = [i for i in range(len(quiz.Predictor(t).decisions)) if len(t[quiz.Predictor(t).decisions[i]].accept) > 1]
    assert tied
    i = tied[0]
    frame = t[quiz.Predictor(t).decisions[i]]
    for alt in frame.accept:
        p = quiz.Predictor(t)
        for j in range(i):
            p.answer(t[p.decisions[j]].pick)
        fb = p.answer(alt[2])
        assert fb.correct and "tie" in fb.message and frame.why in fb.message


def test_tied_kruskal_answers_really_keep_the_tree_minimal(usa):
    """Independently of railkit: forcing the chosen routes plus any accepted one still
    allows a minimum spanning tree (networkx on the graph with those routes made cheap)."""
    best = nx.minimum_spanning_tree(nx.Graph(usa), weight="length").size(weight="length")
    t = steps.kruskal(usa)
    chosen = []
    for f in t:
        if f.pick is None:
            continue
        for alt in f.accept:
            forced = chosen + [alt]
            H = nx.MultiGraph()
            for u, v, k, d in usa.edges(keys=True, data=True):
                H.add_edge(u, v, key=k, length=d["length"] - (1000 if (u, v, k) in forced else 0))
            T = nx.minimum_spanning_tree(H, weight="length")
            assert T.size(weight="length") + 1000 * len(forced) == best
        chosen.append(f.pick)


def test_tied_dijkstra_answers_are_at_the_same_true_distance(usa):
    dist = nx.single_source_dijkstra_path_length(usa, "Miami", weight="length")
    for f in steps.dijkstra(usa, "Miami"):
        if f.pick is not None:
            assert {dist[x] for x in f.accept} == {dist[f.pick]}


def test_answers_by_route_id_and_by_city_pair_are_understood(usa):
    t = steps.prim(usa, "Denver")
    first = t[quiz.Predictor(t).decisions[0]].pick
    for given in (first, first[2], (first[1], first[0], first[2])):
        assert quiz.Predictor(t).answer(given).correct


def test_bad_mode_and_answers_after_the_end():
    t = steps.bfs(load("teaching-small").graph(), "Harbor")
    with pytest.raises(ValueError, match="tell-and-fix"):
        quiz.Predictor(t, "loud")
    p = quiz.Predictor(t)
    while not p.done:
        p.answer(t[p.decisions[p.k]].pick)
    fb = p.answer("Harbor")
    assert not fb.correct and "over" in fb.message


# ----------------------------------------------------------------------------- question bank
def free_graph(G, blocked):
    H = G.copy()
    H.remove_edges_from([e for e in G.edges(keys=True) if e[2] in blocked])
    return H


def milp_steiner_forest(G, pairs):
    """An integer programme (SciPy's milp), independent of railkit's Dreyfus-Wagner: route
    variables x_e, one unit of flow per ticket that may only run on chosen routes."""
    scipy = pytest.importorskip("scipy")
    import numpy as np
    from scipy.optimize import LinearConstraint, milp

    edges = list(G.edges(keys=True, data=True))
    nodes = list(G)
    ix = {n: i for i, n in enumerate(nodes)}
    m, P = len(edges), len(pairs)
    nvar = m + P * 2 * m  # x_e, then for each pair: flow on (u->v), (v->u) per edge
    c = np.zeros(nvar)
    c[:m] = [d["length"] for *_, d in edges]
    rows, lo, hi = [], [], []
    for p, (a, b) in enumerate(pairs):
        base = m + p * 2 * m
        for n in nodes:
            row = np.zeros(nvar)
            for j, (u, v, _, _) in enumerate(edges):
                if u == n:
                    row[base + 2 * j] += 1; row[base + 2 * j + 1] -= 1
                if v == n:
                    row[base + 2 * j] -= 1; row[base + 2 * j + 1] += 1
            want = 1 if n == a else -1 if n == b else 0
            rows.append(row); lo.append(want); hi.append(want)
        for j in range(m):
            row = np.zeros(nvar)
            row[base + 2 * j] = row[base + 2 * j + 1] = 1
            row[j] = -1
            rows.append(row); lo.append(-np.inf); hi.append(0)
    integrality = np.r_[np.ones(m), np.zeros(nvar - m)]
    res = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi), integrality=integrality,
               bounds=scipy.optimize.Bounds(0, 1))
    return round(res.fun) if res.success else math.inf


def _queue_order(H, a, weighted: bool) -> list:
    """The order in which a breadth-first search (or Dijkstra, ``weighted``) from ``a`` takes cities
    off its queue, neighbours and ties alphabetical: written here again, apart from railkit's."""
    import heapq

    if not weighted:
        order, queue = [a], [a]
        for u in queue:
            for v in sorted(set(H[u])):
                if v not in order:
                    order.append(v)
                    queue.append(v)
        return order
    dist, done, heap, order = {a: 0}, set(), [(0, a)], []
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        order.append(u)
        for v in H[u]:
            w = min(data["length"] for data in H[u][v].values())
            if d + w < dist.get(v, math.inf):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return order


def _network(G, routes):
    return G.edge_subgraph([e for e in G.edges(keys=True) if e[2] in set(routes)]).copy()


def rederive(q: quiz.Question):
    """Each question's answer found again without railkit's graph code (networkx, or a few
    lines written here); None for a kind only railkit's own search counts (A*'s expansions)."""
    G = load(q.map).graph()
    H = free_graph(G, q.params.get("blocked", ()))
    p = q.params
    if q.kind == "shortest":
        a, b = p["a"], p["b"]
        return nx.dijkstra_path_length(H, a, b, weight="length") if nx.has_path(H, a, b) else -1
    if q.kind == "fewest-trains":
        return milp_steiner_forest(H, p["hand"])
    if q.kind == "min-cut":  # a 2-player game: a double route is one claim, gone once a track is taken
        D = nx.DiGraph()
        D.add_nodes_from(H)
        for u, v in set(map(frozenset, H.edges())):
            if H.number_of_edges(u, v) == G.number_of_edges(u, v):
                D.add_edge(u, v, capacity=1)
                D.add_edge(v, u, capacity=1)
        return nx.maximum_flow_value(D, p["a"], p["b"])
    if q.kind == "separate-ways":
        D = nx.DiGraph()
        D.add_nodes_from(H)
        for u, v in set(map(frozenset, H.edges())):
            D.add_edge(u, v, capacity=H.number_of_edges(u, v))
            D.add_edge(v, u, capacity=H.number_of_edges(u, v))
        return nx.maximum_flow_value(D, p["a"], p["b"])
    if q.kind == "reachable":
        return nx.has_path(H, p["a"], p["b"])
    if q.kind == "fewest-routes":
        return nx.shortest_path_length(H, p["a"], p["b"]) if nx.has_path(H, p["a"], p["b"]) else -1
    if q.kind == "bfs-order":
        return _queue_order(H, p["a"], weighted=False)[p["k"] - 1]
    if q.kind == "dijkstra-order":
        return _queue_order(H, p["a"], weighted=True)[p["k"] - 1]
    if q.kind == "networks":
        return nx.number_connected_components(H)
    if q.kind == "astar-saving":
        return None
    if q.kind == "kruskal-skip":
        parent = {c: c for c in H}

        def root(c):
            while parent[c] != c:
                c = parent[c]
            return c

        for u, v, k, d in sorted(H.edges(keys=True, data=True), key=lambda e: (e[3]["length"], e[2])):
            if root(u) == root(v):
                return k
            parent[root(u)] = root(v)
        return "none"
    if q.kind in ("one-trail", "odd-cities", "longest-trail"):
        N = _network(G, p["routes"])
        odd = [c for c in N if N.degree(c) % 2]
        if q.kind == "odd-cities":
            return len(odd)
        if q.kind == "one-trail":
            return nx.has_eulerian_path(N)
        return brute_force_longest_trail(N)
    if q.kind == "delivery":
        lengths = [sum(H.edges[e]["length"] for e in path)
                   for path in nx.all_simple_edge_paths(H, p["a"], p["b"], cutoff=p["k"])]
        return max(lengths) if lengths else -1
    return nx.minimum_spanning_tree(H, weight="length").size(weight="length")


@pytest.mark.parametrize("level", list(quiz.LEVELS))
def test_every_generated_answer_is_rederived_independently(level):
    bank = quiz.question_bank(7, level, 2 * len(quiz.KINDS))
    assert {q.kind for q in bank} == set(quiz.KINDS) and len(quiz.KINDS) >= 15
    try:
        import scipy  # noqa: F401  (the independent check of the Steiner answers is an integer programme)
    except ImportError:
        bank = [q for q in bank if q.kind != "fewest-trains"]
    for q in bank:
        again = rederive(q)
        if again is None:  # A*: its saving is Dijkstra's count less its own, and never below 0
            assert q.answer >= 0
        elif isinstance(q.answer, str):
            assert quiz._same_name(again, q.answer), q.prompt
        else:
            assert q.answer == again, q.prompt
        assert q.check("yes" if q.answer is True else "no" if q.answer is False else q.answer)[0]
        wrong = ("no" if q.answer is True else "yes" if q.answer is False else
                 "Nowhere" if isinstance(q.answer, str) else q.answer + 1)
        assert q.check(wrong)[0] is False


def test_blocked_level_blocks_five_routes_and_says_so():
    for q in quiz.question_bank(3, "blocked", 5):
        assert len(q.params["blocked"]) >= 5
        assert q.params["blocked"][0] in q.prompt


def test_the_same_seed_gives_the_same_bank():
    assert [q.prompt for q in quiz.question_bank(5, "full", 6)] == [q.prompt for q in quiz.question_bank(5, "full", 6)]
    assert [q.prompt for q in quiz.question_bank(5, "full", 6)] != [q.prompt for q in quiz.question_bank(6, "full", 6)]


def test_answers_are_checked_with_clear_messages():
    q = quiz.make_question("shortest", "full", 2)
    ok, msg = q.check(str(q.answer))
    assert ok and msg.startswith("Right")
    ok, msg = q.check("many")
    assert not ok and "number" in msg
    r = quiz.make_question("reachable", "small", 1)
    assert r.check("maybe") == (False, "Answer yes or no.")


# ----------------------------------------------------------------------------- build it yourself
def test_a_correct_dijkstra_passes_1000_instances():
    def mine(G, source):
        return nx.single_source_dijkstra_path_length(G, source, weight="length")

    rep = quiz.check_implementation(mine, "dijkstra", 1000, seed=1)
    assert rep.ok and rep.passed == 1000 and "all 1000" in str(rep)


def test_a_buggy_dijkstra_is_caught_with_the_first_differing_instance():
    def first_found(G, source):  # BFS order, not distance order: wrong on some maps
        dist = {source: 0}
        queue = [source]
        for u in queue:
            for _, v, d in G.edges(u, data=True):
                if v not in dist:
                    dist[v] = dist[u] + d["length"]
                    queue.append(v)
        return dist

    rep = quiz.check_implementation(first_found, "dijkstra", 1000, seed=1)
    assert not rep.ok
    mm = rep.first
    assert mm.got != mm.expected
    assert mm.expected == nx.single_source_dijkstra_path_length(mm.graph, mm.args[0], weight="length")
    # every earlier instance really agreed
    import random as _r

    rng = _r.Random(1)
    for i in range(mm.index):
        G = random_map(rng)
        s = rng.choice(sorted(G))
        assert first_found(G, s) == nx.single_source_dijkstra_path_length(G, s, weight="length")
    assert f"instance {mm.index}" in str(rep)


def test_a_crashing_function_is_reported_not_raised():
    rep = quiz.check_implementation(lambda G: 1 / 0, "mst", 10)
    assert rep.first.index == 0 and "ZeroDivisionError" in rep.first.error


def flow_cut(G, s, t):
    D = nx.DiGraph()
    D.add_nodes_from(G)
    for u, v in G.edges():
        for x, y in ((u, v), (v, u)):
            D.add_edge(x, y, capacity=D.get_edge_data(x, y, {"capacity": 0})["capacity"] + 1)
    return nx.maximum_flow_value(D, s, t)


@pytest.mark.parametrize("algorithm,fn", [
    ("bfs", lambda G, s: nx.single_source_shortest_path_length(G, s)),
    ("mst", lambda G: nx.minimum_spanning_tree(G, weight="length").size(weight="length")),
    ("min_cut", flow_cut),
    ("longest_trail", brute_force_longest_trail),
])
def test_reference_implementations_agree(algorithm, fn):
    rep = quiz.check_implementation(fn, algorithm, 300, seed=2)
    assert rep.ok, str(rep)


def test_min_cut_that_ignores_double_routes_is_caught():
    rep = quiz.check_implementation(lambda G, s, t: flow_cut(nx.Graph(G), s, t), "min_cut", 1000, seed=3)
    assert not rep.ok
    G = rep.first.graph
    assert G.number_of_edges() > nx.Graph(G).number_of_edges()


def test_delivery_checker_against_an_independent_search():
    def by_enumeration(G, s, targets, k):
        """Every simple path of at most k routes (networkx), the longest that ends at a target."""
        best = None
        for t in targets:
            for path in nx.all_simple_edge_paths(G, s, t, cutoff=k):
                w = sum(G.edges[e]["length"] for e in path)
                best = w if best is None or w > best else best
        return best

    rep = quiz.check_implementation(by_enumeration, "delivery", 400, seed=4)
    assert rep.ok, str(rep)
    wrong = quiz.check_implementation(lambda G, s, t, k: by_enumeration(G, s, t, k - 1), "delivery", 400, seed=4)
    assert not wrong.ok


# ----------------------------------------------------------------------------- counterexamples that teach
def hops(G, source):  # a common slip: counts routes, not trains
    return nx.single_source_shortest_path_length(G, source)


def every_part_is_needed(fn, algorithm, mm) -> bool:
    """Taking out any one more city (not an argument) or route makes the answers agree."""
    keep = quiz._kept_cities(mm.args)
    for city in set(mm.graph) - keep:
        H = mm.graph.copy()
        H.remove_node(city)
        if quiz._difference(fn, algorithm, H, mm.args) is not None:
            return False
    for edge in mm.graph.edges(keys=True):
        H = mm.graph.copy()
        H.remove_edge(*edge)
        found = quiz._difference(fn, algorithm, H, mm.args)
        if found is not None and found[2].split(":")[0] == mm.error.split(":")[0]:
            return False
    return True


def test_a_wrong_distance_is_shrunk_to_the_cities_that_show_it():
    rep = quiz.check_implementation(hops, "dijkstra", 1000, seed=1)
    mm = rep.first
    assert mm.shrunk_from[0] >= 5 and mm.graph.number_of_nodes() <= 3
    assert every_part_is_needed(hops, "dijkstra", mm)
    assert mm.wrong and all(mm.expected[c] != mm.got.get(c) for c in mm.wrong)
    assert "shrunk from" in str(rep) and f"{mm.wrong[0]}: expected {mm.expected[mm.wrong[0]]}" in str(rep)
    xs = sorted(mm.graph.nodes[c]["pos"] for c in mm.graph)
    assert len(set(xs)) == len(xs)  # drawn on a circle: no two cities on one spot


def test_a_wrong_number_highlights_railkits_answer_on_a_small_map():
    def tree_by_first_edges(G):  # Kruskal without sorting: takes routes in the order given
        parent = {c: c for c in G}

        def root(c):
            while parent[c] != c:
                c = parent[c]
            return c

        total = 0
        for u, v, d in G.edges(data=True):
            if root(u) != root(v):
                parent[root(u)] = root(v)
                total += d["length"]
        return total

    rep = quiz.check_implementation(tree_by_first_edges, "mst", 500, seed=2)
    mm = rep.first
    assert mm is not None and not mm.error
    assert mm.graph.number_of_edges() < mm.shrunk_from[1]
    assert every_part_is_needed(tree_by_first_edges, "mst", mm)
    assert set(mm.highlight) == {k for *_, k in quiz.steps.kruskal(mm.graph).result[1]}
    assert "railkit's answer uses" in str(rep)


def test_a_min_cut_that_ignores_double_routes_shrinks_to_a_double_route():
    rep = quiz.check_implementation(lambda G, s, t: flow_cut(nx.Graph(G), s, t), "min_cut", 1000, seed=3)
    mm = rep.first
    assert mm.graph.number_of_edges() > nx.Graph(mm.graph).number_of_edges()
    assert mm.graph.number_of_nodes() == 2 and mm.graph.number_of_edges() == 2


def test_an_error_stays_the_same_error_when_shrunk():
    def breaks_on_long_routes(G, source):
        if any(d["length"] >= 5 for *_, d in G.edges(data=True)):
            raise KeyError("too long")
        return nx.single_source_dijkstra_path_length(G, source, weight="length")

    mm = quiz.check_implementation(breaks_on_long_routes, "dijkstra", 1000, seed=5).first
    assert mm.error.startswith("KeyError") and mm.graph.number_of_edges() == 1


def test_the_checker_s_report_speaks_the_reader_s_language():
    import re

    wrong = quiz.check_implementation(lambda G: 0, "mst", 50, seed=1)
    right = quiz.check_implementation(lambda G: quiz.steps.kruskal(G).result[0], "mst", 5, seed=1)
    for rep in (wrong, right):
        english = rep.render("en")
        assert str(rep) == english
        pseudo = rep.render("xx")
        assert not re.search(r"\b(instances|agree|expected|your function|returned|arguments|map with routes)\b",
                             pseudo), pseudo
    assert "Ihre" not in wrong.render("de") and "erwartet" in wrong.render("de")

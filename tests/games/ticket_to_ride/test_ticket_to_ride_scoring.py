"""The engine's longest-trail search against plain enumeration and railkit.graphs."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.games.ticket_to_ride.scoring import longest_path, trail_of_edges
from railkit.graphs import brute_force_longest_trail, longest_trail
from railkit.maps import load


def _is_trail(edges, path) -> bool:
    if len(set(path)) != len(path):
        return False
    if not path:
        return True
    a, b, _ = edges[path[0]]
    # try both orientations of the first edge
    for here in (a, b):
        ok = True
        x = here
        for i in path:
            u, v, _ = edges[i]
            if x == u:
                x = v
            elif x == v:
                x = u
            else:
                ok = False
                break
        if ok:
            return True
    return False


graphs = st.integers(2, 7).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(1, 6)).filter(lambda e: e[0] != e[1]),
    max_size=8).map(lambda es: (n, es)))


@given(graphs)
@settings(max_examples=400, deadline=None)
def test_TTR_SCORE_LONGEST_trail_search_is_exact(g):
    n, edges = g
    total, path = trail_of_edges(n, edges)
    G = nx.MultiGraph()
    for k, (a, b, w) in enumerate(edges):
        G.add_edge(a, b, key=k, length=w)
    assert total == brute_force_longest_trail(G)
    assert total == longest_trail(G)[0]
    assert _is_trail(edges, path) and sum(edges[i][2] for i in path) == total


def test_TTR_SCORE_LONGEST_on_the_usa_map():
    m = load("usa")
    ids = ["Denver-Omaha", "Chicago-Omaha", "Chicago-Saint Louis/1", "Kansas City-Saint Louis/1",
           "Denver-Kansas City/1", "Kansas City-Omaha/1", "Duluth-Omaha/1"]
    total, path = longest_path(m, ids)
    G = nx.MultiGraph()
    for rid in ids:
        r = m.route_by_id[rid]
        G.add_edge(r.a, r.b, key=rid, length=r.length)
    assert total == longest_trail(G)[0] == brute_force_longest_trail(G)
    assert sorted(path) == sorted(set(path)) and sum(m.route_by_id[r].length for r in path) == total
    assert longest_path(m, []) == (0, [])

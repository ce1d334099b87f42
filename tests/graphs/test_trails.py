"""longest_trail is exact: checked against brute force on random small multigraphs."""

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.graphs import brute_force_longest_trail, longest_trail
from railkit.maps import load


def random_multigraph(rng: random.Random) -> nx.MultiGraph:
    n = rng.randint(1, 7)
    m = rng.randint(0, 10)
    G = nx.MultiGraph()
    G.add_nodes_from(range(n))
    for k in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if u == v and rng.random() < 0.8:  # a few self-loops, mostly proper edges
            continue
        G.add_edge(u, v, key=f"e{k}", length=rng.randint(1, 6))
    return G


def check_trail(G, total, edges):
    """The returned edges form a trail (consecutive, no edge twice) of the stated length."""
    keys = [k for _, _, k in edges]
    assert len(keys) == len(set(keys))
    for (u1, v1, _), (u2, v2, _) in zip(edges, edges[1:]):
        assert v1 == u2
    for u, v, k in edges:
        assert G.has_edge(u, v, k)
    assert total == sum(G.edges[u, v, k]["length"] for u, v, k in edges)


def test_longest_trail_matches_brute_force_on_1200_random_multigraphs():
    rng = random.Random(20261129)
    compared = 0
    for _ in range(1200):
        G = random_multigraph(rng)
        total, edges = longest_trail(G)
        assert total == brute_force_longest_trail(G), nx.to_dict_of_dicts(G)
        check_trail(G, total, edges)
        compared += 1
    assert compared == 1200


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 6)), max_size=8))
def test_longest_trail_property_equals_brute_force(edge_list):
    G = nx.MultiGraph()
    for i, (u, v, w) in enumerate(edge_list):
        G.add_edge(u, v, key=i, length=w)
    total, edges = longest_trail(G)
    assert total == brute_force_longest_trail(G)
    check_trail(G, total, edges)


def test_longest_trail_counts_parallel_tracks_and_loops():
    # Two parallel tracks form a loop: the trail uses both.
    G = nx.MultiGraph()
    G.add_edge("A", "B", key="AB/1", length=3)
    G.add_edge("A", "B", key="AB/2", length=3)
    G.add_edge("B", "C", key="BC", length=1)
    assert longest_trail(G)[0] == 7


def test_longest_trail_star_cannot_use_every_arm():
    # A star with four arms: a trail uses only two of them (the Euler-heuristic trap).
    G = nx.MultiGraph()
    for leaf, w in zip("WXYZ", (4, 3, 2, 1)):
        G.add_edge("hub", leaf, key=leaf, length=w)
    total, edges = longest_trail(G)
    assert total == 7
    assert {k for _, _, k in edges} == {"W", "X"}


def test_longest_trail_picks_the_best_component():
    G = nx.MultiGraph()
    G.add_edge(1, 2, key="a", length=2)
    G.add_edge(3, 4, key="b", length=5)
    assert longest_trail(G) == (5, [(3, 4, "b")]) or longest_trail(G) == (5, [(4, 3, "b")])


def test_longest_trail_empty_graph_is_zero():
    assert longest_trail(nx.MultiGraph()) == (0, [])


def test_longest_trail_on_grown_usa_networks_matches_brute_force():
    """Networks grown on the USA map as in a game (45 trains), checked by brute force."""
    m = load("usa")
    rng = random.Random(11)
    for _ in range(40):
        trains, owned = 45, []
        free = list(m.routes)
        rng.shuffle(free)
        for r in free:
            if r.length <= trains and rng.random() < 0.5:
                owned.append(r)
                trains -= r.length
        G = nx.MultiGraph()
        for r in owned:
            G.add_edge(r.a, r.b, key=r.id, length=r.length)
        total, edges = longest_trail(G)
        check_trail(G, total, edges)
        assert total == brute_force_longest_trail(G)

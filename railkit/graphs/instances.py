"""Seeded instances for lessons, questions and checkers: small random maps, a
player's network grown on a real map and a network that has an Euler trail.

Every function takes a seed (or a ``random.Random``) and gives the same
instance for the same seed.

>>> G = random_map(3)
>>> sorted(G)[:3], G.number_of_edges() >= G.number_of_nodes() - 1
(['A', 'B', 'C'], True)
"""

from __future__ import annotations

import math
import random
import string

import networkx as nx


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def random_map(seed, n: tuple[int, int] = (5, 9), extra: float = 0.6, max_length: int = 6,
               parallel: float = 0.1, pieces: float = 0.1) -> nx.MultiGraph:
    """A small random rail map: cities ``A, B, ...`` placed at random (``pos``), joined
    by a random spanning tree plus extra routes (edge keys ``"A-B"``, ``"A-B/2"`` for a
    second track), lengths 1 to ``max_length``.

    With probability ``pieces`` one city is left unconnected (so algorithms meet
    unreachable cities); ``parallel`` is the chance of a double route.
    """
    rng = _rng(seed)
    k = rng.randint(*n)
    names = list(string.ascii_uppercase[:k])
    G = nx.MultiGraph()
    for c in names:
        G.add_node(c, pos=(round(rng.uniform(0, 10), 2), round(rng.uniform(0, 10), 2)))
    joined = names[:-1] if rng.random() < pieces else names

    def add(u, v):
        u, v = sorted((u, v))
        key = f"{u}-{v}" if not G.has_edge(u, v) else f"{u}-{v}/{G.number_of_edges(u, v) + 1}"
        d = math.dist(G.nodes[u]["pos"], G.nodes[v]["pos"])
        length = max(1, min(max_length, round(d / 2) + rng.randint(-1, 1)))
        G.add_edge(u, v, key=key, length=length)

    order = joined[:]
    rng.shuffle(order)
    for i in range(1, len(order)):
        add(order[i], rng.choice(order[:i]))
    for _ in range(int(extra * len(joined))):
        u, v = rng.sample(joined, 2)
        if not G.has_edge(u, v) or rng.random() < parallel:
            add(u, v)
    return G


def grow_network(m, seed, trains: int = 45) -> nx.MultiGraph:
    """A player's network on map ``m``: routes added one at a time, preferring routes
    that touch the network so far, until ``trains`` run out (never both tracks of a
    double route).

    >>> from railkit.maps import load
    >>> G = grow_network(load("usa"), 1)
    >>> sum(d["length"] for *_, d in G.edges(keys=True, data=True)) <= 45
    True
    """
    rng = _rng(seed)
    taken: set[str] = set()
    left = trains
    while True:
        fits = [r for r in m.routes if r.id not in taken and r.length <= left
                and not any(p.id in taken for p in m.parallel(r))]
        if not fits:
            break
        cities = {c for rid in taken for c in m.route_by_id[rid].pair}
        touching = [r for r in fits if r.a in cities or r.b in cities]
        r = rng.choice(touching if touching and rng.random() < 0.9 else fits)
        taken.add(r.id)
        left -= r.length
    return m.graph(sorted(taken))


def euler_network(G, seed, max_edges: int = 40) -> nx.MultiGraph:
    """The routes of a random walk on ``G`` that never reuses a route: a network with
    an Euler trail (at most two odd cities), for Hierholzer's algorithm.

    >>> from railkit.maps import load
    >>> H = euler_network(load("usa").graph(), 2)
    >>> sum(1 for n in H if H.degree(n) % 2) <= 2
    True
    """
    rng = _rng(seed)
    u = rng.choice(sorted(n for n in G if G.degree(n)))
    used: set = set()
    H = nx.MultiGraph()
    while len(used) < max_edges:
        free = sorted((k, v) for _, v, k in G.edges(u, keys=True) if k not in used)
        if not free:
            break
        k, v = rng.choice(free)
        used.add(k)
        for x in (u, v):
            H.add_node(x, **G.nodes[x])
        H.add_edge(u, v, key=k, **G.get_edge_data(u, v, k))
        u = v
    return H

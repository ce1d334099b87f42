"""Benchmark railkit.graphs.longest_trail on player networks grown on the USA map.

Each network is grown like a player's in a game: routes are added one at a
time, preferring routes that touch the network so far, until the 45 trains
run out. Prints median, p99 and max milliseconds over N networks (default 2,000).

    python benchmarks/longest_trail.py [N] [SEED]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import networkx as nx

from railkit.graphs import longest_trail
from railkit.maps import load


def grow_network(m, rng: random.Random, trains: int = 45) -> nx.MultiGraph:
    G = nx.MultiGraph()
    taken: set[str] = set()
    while True:
        fits = [r for r in m.routes if r.id not in taken and r.length <= trains
                and not any(p.id in taken for p in m.parallel(r))]
        if not fits:
            return G
        touching = [r for r in fits if r.a in G or r.b in G]
        pool = touching if touching and rng.random() < 0.8 else fits
        r = rng.choice(pool)
        taken.add(r.id)
        trains -= r.length
        G.add_edge(r.a, r.b, key=r.id, length=r.length)


def main(n: int = 2000, seed: int = 1) -> dict:
    m = load("usa")
    rng = random.Random(seed)
    networks = [grow_network(m, rng) for _ in range(n)]
    times = []
    for G in networks:
        t0 = time.perf_counter()
        longest_trail(G)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    res = {"networks": n, "mean_edges": statistics.mean(G.number_of_edges() for G in networks),
           "median_ms": statistics.median(times), "p99_ms": times[int(0.99 * (n - 1))], "max_ms": times[-1]}
    print(f"longest_trail on {n} USA networks (45 trains, {res['mean_edges']:.1f} routes on average): "
          f"median {res['median_ms']:.3f} ms, p99 {res['p99_ms']:.3f} ms, max {res['max_ms']:.3f} ms")
    return res


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))

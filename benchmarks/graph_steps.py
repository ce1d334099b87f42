"""How long a trace and a question take on the USA map (prints figures; no asserts).

For every traced algorithm of ``railkit.graphs.steps``: the median and the
slowest of N runs (milliseconds of CPU time) on the USA map (a player's
network for the longest trail, a walk's network for Hierholzer; for the bounded
delivery a Steam Rollers sheet after a game and a sheet with every hex drawn), the number of frames;
the exact Steiner forest of 4 tickets with 8 different cities; a question of
each kind from the bank; one check of a student's function on 1,000 instances.
Targets: under 50 ms each, the 8-terminal Steiner forest under 2 s.

    python benchmarks/graph_steps.py [N]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from railkit.graphs import quiz, steps
from railkit.agents.steam_rollers import greedy_sheet_graph
from railkit.games.steam_rollers.lessons import full_sheet_graph
from railkit.graphs.instances import euler_network, grow_network
from railkit.maps import load


def timed(fn, n):
    times = []
    out = None
    for _ in range(n):
        t0 = time.process_time()
        out = fn()
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times), max(times), out


def hands_of_eight(m, rng, count):
    deck = m.deck()
    out = []
    while len(out) < count:
        hand = rng.sample(deck, 4)
        if len({c for t in hand for c in (t.a, t.b)}) == 8:
            out.append([(t.a, t.b) for t in hand])
    return out


def main(n: int = 20) -> None:
    m = load("usa")
    G = m.graph()
    net = grow_network(m, 3)
    eul = euler_network(G, 2)
    sheet, engine, _ = greedy_sheet_graph(4)
    cities = [n for n in sheet if n.startswith("C")]
    full = full_sheet_graph(1)
    src = max(cities, key=lambda c: (full.degree(c), c))
    cases = {
        "bfs Seattle-Miami": lambda: steps.bfs(G, "Seattle", "Miami"),
        "bfs whole map": lambda: steps.bfs(G, "Denver"),
        "dfs whole map": lambda: steps.dfs(G, "Denver"),
        "dijkstra Seattle-Miami": lambda: steps.dijkstra(G, "Seattle", "Miami"),
        "dijkstra whole map": lambda: steps.dijkstra(G, "Denver"),
        "astar Seattle-Miami": lambda: steps.astar(G, "Seattle", "Miami"),
        "prim": lambda: steps.prim(G, "Denver"),
        "kruskal": lambda: steps.kruskal(G),
        f"hierholzer ({eul.number_of_edges()} routes)": lambda: steps.hierholzer(eul),
        f"longest_trail ({net.number_of_edges()}-route network)": lambda: steps.longest_trail(net),
        "greedy_trail (same network)": lambda: steps.greedy_trail(net),
        "max_flow Seattle-New York": lambda: steps.max_flow(G, "Seattle", "New York"),
        f"bounded_longest_path (sheet, engine {engine})": lambda: steps.bounded_longest_path(
            sheet, "C1", set(cities) - {"C1"}, engine, no_repeat=cities),
        f"bounded_longest_path (full sheet, {full.number_of_edges()} links, engine 6)": lambda: steps.bounded_longest_path(
            full, src, set(cities) - {src}, 6, no_repeat=cities),
        "bounded_longest_path (full sheet, no engine limit)": lambda: steps.bounded_longest_path(
            full, src, set(cities) - {src}, None, no_repeat=cities),
    }
    print(f"{'trace':56s} {'median ms':>10s} {'max ms':>8s} {'frames':>7s}")
    for name, fn in cases.items():
        med, worst, tr = timed(fn, n)
        print(f"{name:56s} {med:10.1f} {worst:8.1f} {len(tr):7d}")
    rng = random.Random(1)
    st_times = []
    for hand in hands_of_eight(m, rng, max(5, n // 2)):
        med, worst, tr = timed(lambda: steps.steiner_forest(G, hand), 1)
        st_times.append(worst)
    print(f"{'steiner_forest trace, 4 tickets / 8 cities':56s} {statistics.median(st_times):10.1f} {max(st_times):8.1f} {len(tr):7d}")
    from railkit.graphs import steiner_forest

    plain = [timed(lambda: steiner_forest(G, hand), 1)[1] for hand in hands_of_eight(m, random.Random(2), max(5, n // 2))]
    print(f"{'steiner_forest (plain), 4 tickets / 8 cities':56s} {statistics.median(plain):10.1f} {max(plain):8.1f}")
    print()
    print(f"{'question (make + answer)':56s} {'median ms':>10s} {'max ms':>8s}")
    for level in quiz.LEVELS:
        for kind in quiz.KINDS:
            seeds = iter(range(10**6))
            med, worst, _ = timed(lambda: quiz.make_question(kind, level, next(seeds)), n)
            print(f"{kind + ' / ' + level:56s} {med:10.1f} {worst:8.1f}")
    print()
    import networkx as nx

    med, worst, rep = timed(lambda: quiz.check_implementation(
        lambda H, s: nx.single_source_dijkstra_path_length(H, s, weight="length"), "dijkstra", 1000), 1)
    print(f"check_implementation(dijkstra, 1000 instances): {worst:.0f} ms, {rep.passed} agreed")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

"""The computations behind the graph lessons (notebooks 50-56), with no UI.

* :func:`compare_hand`: for a hand of tickets, the exact Steiner forest next
  to the union of shortest paths and networkx's two Steiner-tree
  approximations.
* :func:`hand_study`: over every hand of k tickets of a deck, how often the
  union of shortest paths is not optimal and how often separate networks
  beat one tree.
* :func:`max_score_milp` and :func:`verify_max_score`: the highest score one
  player can reach with 45 trains, as an integer programme (SciPy's ``milp``,
  the optional ``lessons`` extra), and a verifier for a shipped solution
  (:data:`MAX_SCORE_SOLUTION`) so the lesson runs in seconds without solving.
"""

from __future__ import annotations

import itertools
import math
from typing import Iterable

import networkx as nx

from railkit.graphs import steiner
from railkit.graphs.steps import _partitions
from railkit.graphs.trails import longest_trail

#: Points for a route of each length (Ticket to Ride's table, TTR-CLAIM-SCORE).
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}


def simple_graph(G, weight: str = "length") -> nx.Graph:
    """The map as a simple graph, keeping the shortest track between two cities (the
    networkx Steiner approximations want one)."""
    H = nx.Graph()
    H.add_nodes_from(G.nodes(data=True))
    for u, v, k, d in G.edges(keys=True, data=True):
        if not H.has_edge(u, v) or H[u][v][weight] > d[weight]:
            H.add_edge(u, v, key=k, **{weight: d[weight]})
    return H


def union_of_shortest_paths(G, pairs: Iterable, weight: str = "length") -> tuple[float, set]:
    """Total length of the union of one shortest path per ticket (networkx's choice of path)
    and the set of route ids used.

    >>> from railkit.maps import load
    >>> union_of_shortest_paths(load("usa").graph(), [("Denver", "Chicago")])[0]
    8
    """
    H = simple_graph(G, weight)
    used: dict = {}
    for a, b in (steiner._pair(p) for p in pairs):
        path = nx.dijkstra_path(H, a, b, weight=weight)
        for u, v in zip(path, path[1:]):
            used[H[u][v]["key"]] = H[u][v][weight]
    return sum(used.values()), set(used)


def compare_hand(G, pairs: Iterable, weight: str = "length") -> dict[str, float]:
    """Trains needed for a hand by four methods: ``exact forest``, ``one exact tree``,
    ``union of shortest paths``, ``kou`` and ``mehlhorn`` (networkx's approximations
    of one Steiner tree).

    >>> from railkit.maps import load
    >>> r = compare_hand(load("usa").graph(), [("Denver", "El Paso"), ("Kansas City", "Houston")])
    >>> r["exact forest"] <= min(r.values())
    True
    """
    from networkx.algorithms.approximation import steiner_tree

    pairs = [steiner._pair(p) for p in pairs]
    terms = list(dict.fromkeys(x for p in pairs for x in p))
    dw = steiner.DreyfusWagner(G, terms, weight)
    forest, _ = steiner.best_partition(dw, pairs)
    H = simple_graph(G, weight)
    out = {"exact forest": forest, "one exact tree": dw.cost(terms),
           "union of shortest paths": union_of_shortest_paths(G, pairs, weight)[0]}
    for method in ("kou", "mehlhorn"):
        out[method] = steiner_tree(H, terms, weight=weight, method=method).size(weight=weight)
    return out


def hand_study(m, k: int = 3, deck: str | None = None) -> dict[str, int]:
    """Over every hand of ``k`` tickets of ``m``'s deck: how many hands there are, in how
    many the union of shortest paths costs more than the exact forest, and in how
    many separate networks are cheaper than one tree.

    >>> from railkit.maps import load
    >>> hand_study(load("teaching-small"), 2)["hands"]
    45
    """
    G = m.graph()
    tickets = [(t.a, t.b) for t in m.deck(deck)]
    H = simple_graph(G)
    paths: dict = {}
    for a, b in tickets:
        p = nx.dijkstra_path(H, a, b, weight="length")
        paths[(a, b)] = {H[u][v]["key"]: H[u][v]["length"] for u, v in zip(p, p[1:])}
    dist, nodes = steiner.distance_matrix(G)
    ix = {n: i for i, n in enumerate(nodes)}
    hands = union_worse = split_better = 0
    worst = (0, None)
    for hand in itertools.combinations(tickets, k):
        terms = list(dict.fromkeys(x for p in hand for x in p))
        bit = {t: 1 << i for i, t in enumerate(terms)}
        cost = steiner.steiner_costs(dist, [ix[t] for t in terms])
        masks = [bit[a] | bit[b] for a, b in hand]
        forest = math.inf
        for groups in _partitions(list(range(len(hand)))):
            c = 0
            for g in groups:
                mm = 0
                for i in g:
                    mm |= masks[i]
                c += cost[mm]
            forest = min(forest, c)
        union: dict = {}
        for p in hand:
            union.update(paths[p])
        u = sum(union.values())
        hands += 1
        union_worse += u > forest
        split_better += forest < cost[-1]
        if u - forest > worst[0]:
            worst = (u - forest, hand)
    return {"hands": hands, "union worse": union_worse, "separate better": split_better,
            "largest waste": int(worst[0]), "worst hand": worst[1]}


# ----------------------------------------------------------------------------- 45 trains, best score
#: The best network :func:`max_score_milp` found for the USA map, base deck, 45 trains (route ids),
#: in 40 minutes of HiGHS, and the upper bound it proved: no network of 45 trains
#: scores more than ``bound`` (so ``score`` is within ``bound - score`` of the best possible).
#: Recheck the score with :func:`verify_max_score`.
MAX_SCORE_SOLUTION: dict = {
    "routes": [
        "Atlanta-Nashville",
        "Atlanta-New Orleans/1",
        "Chicago-Duluth",
        "Chicago-Pittsburgh/1",
        "Dallas-El Paso",
        "Dallas-Houston/2",
        "El Paso-Santa Fe",
        "Houston-New Orleans",
        "Los Angeles-Phoenix",
        "Los Angeles-San Francisco/1",
        "Montreal-New York",
        "Nashville-Pittsburgh",
        "New York-Pittsburgh/1",
        "Phoenix-Santa Fe",
        "Portland-San Francisco/2",
        "Portland-Seattle/2",
        "Seattle-Vancouver/1",
    ],
    "score": 284,
    "bound": 342,
    "optimal": False,
}


def verify_max_score(m, routes: Iterable[str], trains: int = 45, deck: str | None = None) -> dict:
    """Check a network and score it: at most ``trains`` trains, never both tracks of a
    double route (TTR-DOUBLE-SAME); route points plus every ticket of the deck the
    network completes.

    Returns a dict with ``trains``, ``route points``, ``tickets`` (completed, as
    ``"A-B"``), ``ticket points``, ``score`` and ``longest trail``.

    Raises
    ------
    ValueError
        When a route id is unknown, the network is too long or takes both tracks of a double.

    >>> from railkit.maps import load
    >>> verify_max_score(load("usa"), ["Denver-Omaha", "Chicago-Omaha"])["tickets"]
    []
    """
    routes = list(routes)
    unknown = [r for r in routes if r not in m.route_by_id]
    if unknown:
        raise ValueError(f"not routes of {m.name}: {', '.join(unknown)}")
    if len(set(routes)) != len(routes):
        raise ValueError("a route is listed twice")
    used = sum(m.route_by_id[r].length for r in routes)
    if used > trains:
        raise ValueError(f"the network uses {used} trains, more than {trains}")
    for r in routes:
        both = [p.id for p in m.parallel(r) if p.id in routes]
        if both:
            raise ValueError(f"TTR-DOUBLE-SAME: one player cannot claim both {r} and {both[0]}")
    G = m.graph(routes)
    done = [t for t in m.deck(deck) if t.a in G and t.b in G and nx.has_path(G, t.a, t.b)]
    rp = sum(ROUTE_POINTS[m.route_by_id[r].length] for r in routes)
    tp = sum(t.points for t in done)
    return {"trains": used, "route points": rp, "tickets": [f"{t.a}-{t.b}" for t in done], "ticket points": tp,
            "score": rp + tp, "longest trail": longest_trail(G)[0] if routes else 0}


def max_score_milp(m, trains: int = 45, deck: str | None = None, time_limit: float = 600.0) -> dict:
    """The highest score one player can reach with ``trains`` trains, as an integer programme.

    Variables: ``x_r`` (claim route r), ``y_t`` (ticket t completed) and, per
    ticket, a flow of ``y_t`` units from one city to the other that may only run
    on claimed routes (so a ticket counts only when its cities are joined).
    Maximise route points plus ticket points; at most ``trains`` trains; never
    both tracks of a double. The 10-point longest-route bonus is left out.

    Needs SciPy (``pip install railkit[lessons]``). Returns the route ids, the
    objective, the solver's bound and status.
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import lil_matrix

    routes = list(m.routes)
    tickets = list(m.deck(deck))
    cities = list(m.cities)
    ci = {c: i for i, c in enumerate(cities)}
    R, T, N = len(routes), len(tickets), len(cities)
    nvar = R + T + T * 2 * R

    def f(t, r, d):
        return R + T + t * 2 * R + 2 * r + d

    c = np.zeros(nvar)
    c[:R] = [-ROUTE_POINTS[r.length] for r in routes]
    c[R:R + T] = [-t.points for t in tickets]
    rows = T * N + T * R + 1 + len(m.double_pairs) + 2 * T
    A = lil_matrix((rows, nvar))
    lo, hi = np.zeros(rows), np.zeros(rows)
    row = 0
    for t, tk in enumerate(tickets):
        for n in cities:
            for r, rt in enumerate(routes):
                if rt.a == n:
                    A[row, f(t, r, 0)] += 1
                    A[row, f(t, r, 1)] -= 1
                if rt.b == n:
                    A[row, f(t, r, 0)] -= 1
                    A[row, f(t, r, 1)] += 1
            if n == tk.a:
                A[row, R + t] = -1
            elif n == tk.b:
                A[row, R + t] = 1
            row += 1
        for r in range(R):
            A[row, f(t, r, 0)] = A[row, f(t, r, 1)] = 1
            A[row, r] = -1
            lo[row], hi[row] = -np.inf, 0
            row += 1
    for r, rt in enumerate(routes):
        A[row, r] = rt.length
    lo[row], hi[row] = 0, trains
    row += 1
    index = {r.id: i for i, r in enumerate(routes)}
    for pair in m.double_pairs:
        for r in m.routes_by_pair[pair]:
            A[row, index[r.id]] = 1
        lo[row], hi[row] = 0, 1
        row += 1
    for t, tk in enumerate(tickets):  # valid cuts: a completed ticket has a claimed route at each end
        for end in (tk.a, tk.b):
            A[row, R + t] = 1
            for r, rt in enumerate(routes):
                if end in (rt.a, rt.b):
                    A[row, r] = -1
            lo[row], hi[row] = -np.inf, 0
            row += 1
    integrality = np.r_[np.ones(R + T), np.zeros(nvar - R - T)]
    res = milp(c, constraints=LinearConstraint(A.tocsr(), lo, hi), integrality=integrality,
               bounds=Bounds(0, 1), options={"time_limit": time_limit, "disp": False})
    if res.x is None:
        raise RuntimeError(f"the solver found no solution: {res.message}")
    chosen = sorted(r.id for r, v in zip(routes, res.x[:R]) if v > 0.5)
    bound = getattr(res, "mip_dual_bound", None)
    return {"routes": chosen, "score": round(-res.fun), "bound": None if bound is None else -bound,
            "status": res.message, "optimal": res.status == 0}

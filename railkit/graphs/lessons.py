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

from railkit.core.extras import require
from railkit.graphs import steiner
from railkit.graphs.steps import _partitions
from railkit.graphs.trails import longest_trail

#: Points for a route of each length (the standard route-points table, rule TTR-CLAIM-SCORE).
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
#: The best network for the USA map, base deck, 45 trains (route ids), and its proof from
#: :func:`max_score_milp` (about 6 minutes of HiGHS on one core): ``bounds[c]`` is the most a
#: single tree of at most c trains can score (a linear relaxation, or an exact solve for the
#: budgets in ``trees``, whose best tree is listed), and no split of the 45 trains into such
#: budgets beats ``score`` (:func:`forest_bound`). Recheck the networks with :func:`verify_max_score`.
MAX_SCORE_SOLUTION: dict = {
    "score": 285,
    "bound": 285,
    "optimal": True,
    "trees": {
        19: {"score": 75, "bound": 75, "routes": [
            "Calgary-Vancouver",
            "Denver-Salt Lake City/1",
            "Denver-Santa Fe",
            "Phoenix-Santa Fe",
            "Portland-Salt Lake City",
            "Portland-Seattle/1",
            "Seattle-Vancouver/1",
        ]},
        25: {"score": 112, "bound": 112, "routes": [
            "Chicago-Omaha",
            "Chicago-Pittsburgh/1",
            "Denver-Omaha",
            "Denver-Santa Fe",
            "Duluth-Omaha/1",
            "El Paso-Los Angeles",
            "El Paso-Santa Fe",
            "New York-Pittsburgh/1",
        ]},
        43: {"score": 273, "bound": 273, "routes": [
            "Atlanta-Miami",
            "Atlanta-Nashville",
            "Boston-Montreal/1",
            "Boston-New York/1",
            "Chicago-Pittsburgh/1",
            "Chicago-Saint Louis/1",
            "Denver-Kansas City/1",
            "Denver-Santa Fe",
            "Kansas City-Saint Louis/1",
            "Los Angeles-Phoenix",
            "Los Angeles-San Francisco/1",
            "Nashville-Saint Louis",
            "New York-Pittsburgh/1",
            "Phoenix-Santa Fe",
            "Portland-San Francisco/1",
            "Portland-Seattle/1",
            "Seattle-Vancouver/1",
        ]},
        44: {"score": 279, "bound": 279, "routes": [
            "Atlanta-Nashville",
            "Atlanta-New Orleans/1",
            "Chicago-Pittsburgh/1",
            "Dallas-El Paso",
            "Dallas-Houston/1",
            "Denver-Santa Fe",
            "El Paso-Santa Fe",
            "Houston-New Orleans",
            "Los Angeles-Phoenix",
            "Los Angeles-San Francisco/1",
            "Montreal-New York",
            "Nashville-Pittsburgh",
            "New York-Pittsburgh/1",
            "Phoenix-Santa Fe",
            "Portland-San Francisco/1",
            "Portland-Seattle/1",
            "Seattle-Vancouver/1",
        ]},
        45: {"score": 285, "bound": 285, "routes": [
            "Atlanta-Miami",
            "Atlanta-Nashville",
            "Boston-Montreal/1",
            "Boston-New York/1",
            "Chicago-Pittsburgh/1",
            "Chicago-Saint Louis/1",
            "Denver-Kansas City/1",
            "Denver-Santa Fe",
            "Kansas City-Saint Louis/1",
            "Los Angeles-Phoenix",
            "Los Angeles-San Francisco/1",
            "Nashville-Saint Louis",
            "New York-Pittsburgh/1",
            "Phoenix-Santa Fe",
            "Pittsburgh-Toronto",
            "Portland-San Francisco/1",
            "Portland-Seattle/1",
            "Seattle-Vancouver/1",
        ]},
    },
    "bounds": {
        1: 2, 2: 5, 3: 7, 4: 12, 5: 15, 6: 18, 7: 21, 8: 29, 9: 35, 10: 40, 11: 48, 12: 58, 13: 67,
        14: 71, 15: 75, 16: 75, 17: 75, 18: 75, 19: 75, 20: 112, 21: 112, 22: 112, 23: 112, 24: 112,
        25: 112, 26: 181, 27: 187, 28: 193, 29: 199, 30: 205, 31: 211, 32: 218, 33: 224, 34: 230,
        35: 236, 36: 242, 37: 248, 38: 254, 39: 261, 40: 267, 41: 273, 42: 273, 43: 273, 44: 279,
        45: 285,
    },
}
#: the best network is the best 45-train tree: no split of the trains beats it
MAX_SCORE_SOLUTION["routes"] = MAX_SCORE_SOLUTION["trees"][45]["routes"]


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


def ticket_tree_costs(m, tickets: list) -> tuple[list[float], dict[tuple[int, int], float]]:
    """For :func:`best_tree_milp`: the trains each ticket needs on its own (its shortest
    path), and for every two tickets the exact Steiner tree joining their four cities
    (Dreyfus–Wagner)."""
    G = m.graph()
    alone = [steiner.DreyfusWagner(G, [t.a, t.b]).cost([t.a, t.b]) for t in tickets]
    pairs = {}
    for (i, s), (j, t) in itertools.combinations(enumerate(tickets), 2):
        ends = [s.a, s.b, t.a, t.b]
        pairs[i, j] = steiner.DreyfusWagner(G, ends).cost(ends)
    return alone, pairs


def best_tree_milp(m, trains: int, deck: str | None = None, relax: bool = False, time_limit: float = 600.0,
                   costs: tuple | None = None) -> dict:
    """The best *connected* network of at most ``trains`` trains, as an integer programme
    (SciPy's ``milp``): route points plus every ticket with both cities in it.

    The network is a tree rooted at its first city in the map's order. Each of its
    cities has one claimed route coming in from the root's side, and a flow of one
    unit runs from the root to each of them on claimed routes only, so the routes
    are connected. A ticket counts when both of its cities are in the tree. Of the
    tracks between two cities it keeps one of each length (a tree uses at most one).
    Two cuts from exact Steiner trees make it solve faster: a ticket whose shortest
    path is longer than ``trains`` cannot count, and two tickets can both count only
    when the tree holds at least the trains of the cheapest tree joining their four
    cities. With ``relax``, only the linear relaxation is solved: a quick upper bound.

    Returns ``routes``, ``score`` (None when relaxed), ``bound`` (the solver's proven
    upper bound, rounded down: scores are whole numbers) and ``optimal``.

    >>> from railkit.maps import load
    >>> best_tree_milp(load("teaching-small"), 4)["score"]
    9
    """
    import numpy as np

    require("lessons", "The integer programme")
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    tickets = list(m.deck(deck))
    alone, together = costs or ticket_tree_costs(m, tickets)
    edges = [next(r for r in tracks if r.length == length)  # one track of each length per two cities
             for tracks in m.routes_by_pair.values() for length in sorted({r.length for r in tracks})]
    cities = list(m.cities)
    ci = {c: i for i, c in enumerate(cities)}
    E, N, T = len(edges), len(cities), len(tickets)
    arcs = [(ci[r.a], ci[r.b]) for r in edges] + [(ci[r.b], ci[r.a]) for r in edges]
    A = len(arcs)
    # variables: the arcs (a claimed route and the direction away from the root), the cities
    # in the tree, the root, the tickets, then for each city its flow on every arc and on a
    # source arc into every city (open only into the root)
    zin, zroot, zt, zflow = A, A + N, A + 2 * N, A + 2 * N + T
    F = A + N
    nvar = zflow + N * F
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    lo: list[float] = []
    hi: list[float] = []

    def row(coefs, low, high):
        for j, v in coefs:
            rows.append(len(lo))
            cols.append(j)
            vals.append(v)
        lo.append(low)
        hi.append(high)

    for pair in m.routes_by_pair:  # at most one track between two cities, one way
        row([(j, 1) for j in range(A) if edges[j % E].pair == pair], -np.inf, 1)
    into = [[j for j, (_, v) in enumerate(arcs) if v == c] for c in range(N)]
    out = [[j for j, (u, _) in enumerate(arcs) if u == c] for c in range(N)]
    for c in range(N):  # a city is in the tree when a route comes into it, or when it is the root
        row([(j, 1) for j in into[c]] + [(zroot + c, 1), (zin + c, -1)], 0, 0)
        for j in out[c]:
            row([(j, 1), (zin + c, -1)], -np.inf, 0)
    row([(zroot + c, 1) for c in range(N)], 1, 1)
    for c in range(N):  # the root is the tree's first city
        for d in range(c):
            row([(zroot + c, 1), (zin + d, 1)], -np.inf, 1)
    used = [(j, edges[j % E].length) for j in range(A)]
    row(used, -np.inf, trains)
    for t, tk in enumerate(tickets):
        row([(zt + t, 1), (zin + ci[tk.a], -1)], -np.inf, 0)
        row([(zt + t, 1), (zin + ci[tk.b], -1)], -np.inf, 0)
        if alone[t] > trains:
            row([(zt + t, 1)], -np.inf, 0)
    for (s, t), cost in together.items():  # trains >= cost * (y_s + y_t - 1)
        if alone[s] <= trains and alone[t] <= trains:
            row(used + [(zt + s, -cost), (zt + t, -cost)], -cost, np.inf)
    for k in range(N):  # one unit from the root to city k, when k is in the tree
        base = zflow + k * F
        for c in range(N):
            coefs = [(base + j, 1) for j in into[c]] + [(base + j, -1) for j in out[c]] + [(base + A + c, 1)]
            if c == k:
                coefs.append((zin + k, -1))
            row(coefs, 0, 0)
        for j in range(A):
            row([(base + j, 1), (j, -1)], -np.inf, 0)
        for c in range(N):
            row([(base + A + c, 1), (zroot + c, -1)], -np.inf, 0)
    objective = np.zeros(nvar)
    objective[:A] = [-ROUTE_POINTS[edges[j % E].length] for j in range(A)]
    objective[zt:zflow] = [-t.points for t in tickets]
    integrality = np.zeros(nvar)
    if not relax:
        integrality[:zt] = 1
    matrix = coo_matrix((vals, (rows, cols)), shape=(len(lo), nvar)).tocsr()
    res = milp(objective, constraints=LinearConstraint(matrix, lo, hi), integrality=integrality,
               bounds=Bounds(0, 1), options={"time_limit": time_limit, "disp": False})
    if res.x is None:
        raise RuntimeError(f"the solver found no solution: {res.message}")
    if relax:
        return {"routes": [], "score": None, "bound": math.floor(-res.fun + 1e-6), "optimal": False}
    dual = getattr(res, "mip_dual_bound", None)
    return {"routes": sorted(edges[j % E].id for j in range(A) if res.x[j] > 0.5), "score": round(-res.fun),
            "bound": math.floor((-res.fun if dual is None else -dual) + 1e-6), "optimal": res.status == 0}


def forest_bound(tree_bounds: dict[int, int], trains: int) -> tuple[int, list[int]]:
    """The most a network of at most ``trains`` trains can score, given an upper bound on
    the best single tree for every budget (``tree_bounds[c]``, c = 1 ... trains).

    Every network is one tree per connected part, plus the routes that close a
    cycle; each such route scores no more than the best one-route tree of its length.
    So no network scores more than the best split of the trains into budgets, each
    scoring its tree's bound. Returns that bound and the budgets of the best split.

    >>> forest_bound({1: 1, 2: 5, 3: 6}, 3)
    (6, [3])
    >>> forest_bound({1: 3, 2: 5, 3: 6}, 3)
    (9, [1, 1, 1])
    """
    best: dict[int, tuple[int, list[int]]] = {0: (0, [])}
    top = 0
    for c in range(1, trains + 1):
        top = max(top, tree_bounds[c])  # a tree of fewer trains is also one of at most c
        options = [(top, [c])] + [(best[a][0] + best[c - a][0], best[a][1] + best[c - a][1])
                                  for a in range(1, c // 2 + 1)]
        best[c] = max(options, key=lambda o: (o[0], -len(o[1])))
    return best[trains][0], sorted(best[trains][1])


def network_milp(m, trains: int = 45, deck: str | None = None, time_limit: float = 600.0) -> dict:
    """The best network of any shape with ``trains`` trains, as one integer programme.

    Variables: ``x_r`` (claim route r), ``y_t`` (ticket t completed) and, per
    ticket, a flow of ``y_t`` units from one city to the other that may only run
    on claimed routes (so a ticket counts only when its cities are joined).
    Maximise route points plus ticket points; at most ``trains`` trains; never
    both tracks of a double. The 10-point longest-route bonus is left out. It is exact
    but its relaxation is weak (claiming half of each route of a loop lets every
    ticket on the loop flow), so on the USA map it does not finish;
    :func:`max_score_milp` uses it only where trees alone do not settle the answer.

    Needs SciPy (``pip install railkit[lessons]``). Returns the route ids, the
    objective, the solver's bound and status.
    """
    import numpy as np

    require("lessons", "The integer programme")
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
    return {"routes": chosen, "score": round(-res.fun),
            "bound": math.floor((-res.fun if bound is None else -bound) + 1e-6), "optimal": res.status == 0}


def max_score_milp(m, trains: int = 45, deck: str | None = None, time_limit: float = 600.0,
                   progress=None) -> dict:
    """The highest score one player can reach with ``trains`` trains, proved with integer
    programmes (SciPy's ``milp``): route points plus every ticket of the deck the
    network completes, never both tracks of a double (the 10-point longest-route
    bonus is left out).

    1. The best single tree with all the trains (:func:`best_tree_milp`).
    2. Could a network of several parts do better? Each part is a tree, so the
       :func:`forest_bound` of the trees' bounds for every smaller budget answers
       it. The bounds start as the quick linear relaxations; while the best split
       still beats the tree, the budget of that split with the loosest bound is
       solved exactly (its bound also bounds every smaller budget), and so on
       until no split beats the tree.
    3. If one still does, :func:`network_milp` (networks of any shape) settles it.

    ``time_limit`` is per solve; ``progress`` is called with a line of text after each.
    Needs SciPy (``pip install railkit[lessons]``). Returns ``routes``, ``score``,
    ``bound`` (no network scores more), ``optimal`` (``score == bound``), ``trees``
    (budget -> the exact best tree, for the budgets it solved) and ``bounds`` (budget
    -> the bound used).
    """
    require("lessons", "The integer programme")
    tickets = list(m.deck(deck))
    costs = ticket_tree_costs(m, tickets)
    say = progress or (lambda line: None)
    trees = {trains: best_tree_milp(m, trains, deck, time_limit=time_limit, costs=costs)}
    say(f"best tree with {trains} trains: {trees[trains]['score']} (bound {trees[trains]['bound']})")
    bounds = {c: min(trees[trains]["bound"], best_tree_milp(m, c, deck, relax=True, costs=costs)["bound"])
              for c in range(1, trains)}
    bounds[trains] = trees[trains]["bound"]
    best = trees[trains]
    while True:
        bound, split = forest_bound(bounds, trains)
        open_ = [c for c in split if c not in trees]
        if bound <= best["score"] or not open_:
            break
        c = max(open_, key=lambda c: bounds[c] - max([0] + [trees[d]["score"] for d in trees if d <= c]))
        trees[c] = best_tree_milp(m, c, deck, time_limit=time_limit, costs=costs)
        for d in range(1, c + 1):  # a tree of fewer trains is also one of at most c
            bounds[d] = min(bounds[d], trees[c]["bound"])
        say(f"split {split} scores up to {bound}: best tree with {c} trains {trees[c]['score']} "
            f"(bound {trees[c]['bound']})")
    if bound > best["score"]:  # a network of several parts may do better: solve for any shape
        anyshape = network_milp(m, trains, deck, time_limit=time_limit)
        say(f"any network: {anyshape['score']} (bound {anyshape['bound']})")
        bound = min(bound, anyshape["bound"])
        if anyshape["score"] > best["score"]:
            best = anyshape
    score = verify_max_score(m, best["routes"], trains=trains, deck=deck)["score"] if best["routes"] else 0
    return {"routes": best["routes"], "score": score, "bound": max(bound, score), "optimal": bound <= score,
            "trees": {c: {k: trees[c][k] for k in ("routes", "score", "bound")} for c in sorted(trees)},
            "bounds": dict(sorted(bounds.items()))}

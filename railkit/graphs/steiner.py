"""Exact Steiner trees and forests: the fewest trains that complete a hand of tickets.

A *Steiner tree* joins a set of terminals at least total length; a *Steiner
forest* joins each ticket's two cities, where different tickets may use
different trees. Both are NP-hard; for a handful of terminals the
Dreyfus–Wagner dynamic programme is exact and quick:

``best[D][v]`` is the cheapest tree joining the terminal subset ``D`` and the
node ``v``. It is either two trees for a split ``D = E + (D - E)`` meeting at
``v``, or such a tree at a node ``u`` plus the path ``u - v`` (found, for each
``D``, by one Dijkstra run seeded with the split values).

The Steiner tree of every subset of terminals comes out of one run, so the
forest is a second, small programme over the subsets of the tickets: the
cheapest way to split the hand into groups, each group joined by one tree.
"""

from __future__ import annotations

import heapq
import math
from typing import Hashable, Iterable, Sequence

Edge = tuple[Hashable, Hashable, Hashable]

#: The exact programme takes about 3^k n steps for k terminals; past this it is too slow to teach with.
MAX_TERMINALS = 10


def _weights(G, weight, blocked=()):
    """Index the nodes and keep the lightest usable edge of each pair: ``(nodes, index, adj)``
    with ``adj[i] = [(j, w, (u, v, key)), ...]``."""
    blocked = set(blocked)
    nodes = list(G.nodes)
    index = {n: i for i, n in enumerate(nodes)}
    best: dict[tuple[int, int], tuple[float, Edge]] = {}
    items = G.edges(keys=True, data=True) if G.is_multigraph() else ((u, v, None, d) for u, v, d in G.edges(data=True))
    for u, v, k, d in items:
        if k in blocked or u == v:
            continue
        w = d.get(weight, 1) if weight else 1
        a, b = index[u], index[v]
        pair = (min(a, b), max(a, b))
        if pair not in best or (w, str(k)) < (best[pair][0], str(best[pair][1][2])):
            best[pair] = (w, (u, v, k))
    adj: list[list[tuple[int, float, Edge]]] = [[] for _ in nodes]
    for (a, b), (w, e) in best.items():
        adj[a].append((b, w, e))
        adj[b].append((a, w, e))
    return nodes, index, adj


class DreyfusWagner:
    """The Dreyfus–Wagner table for ``terminals`` on ``G``: the exact Steiner tree of
    every subset of the terminals.

    Parameters
    ----------
    G : networkx.Graph or MultiGraph
    terminals : sequence of nodes
        At most :data:`MAX_TERMINALS` distinct nodes.
    weight : str or None
        Edge attribute with the length (missing: 1); None counts edges.
    blocked : collection of edge keys
        Edges that may not be used.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiGraph()
    >>> for u, v in [("a", "x"), ("b", "x"), ("c", "x"), ("a", "b"), ("b", "c")]:
    ...     _ = G.add_edge(u, v, key=u + v, length=2 if "x" in u + v else 4)
    >>> dw = DreyfusWagner(G, ["a", "b", "c"])
    >>> dw.cost(["a", "b", "c"]), sorted(k for _, _, k in dw.tree(["a", "b", "c"]))
    (6, ['ax', 'bx', 'cx'])
    >>> dw.cost(["a", "b"])
    4
    """

    def __init__(self, G, terminals: Sequence[Hashable], weight: str | None = "length", blocked=()):
        terms = list(dict.fromkeys(terminals))
        if len(terms) > MAX_TERMINALS:
            raise ValueError(f"the exact Steiner tree takes at most {MAX_TERMINALS} terminals, not {len(terms)}")
        for t in terms:
            if t not in G:
                raise ValueError(f"terminal {t!r} is not a node of the graph")
        self.terminals = terms
        self.nodes, self.index, self.adj = _weights(G, weight, blocked)
        #: each kept edge with the parallel edges as light as it (a double route's other track)
        self._twins = _twins(G, weight, blocked, (e for row in self.adj for _, _, e in row))
        n, k = len(self.nodes), len(terms)
        self.bit = {t: 1 << i for i, t in enumerate(terms)}
        full = (1 << k) - 1
        inf = math.inf
        best: list[list[float] | None] = [None] * (full + 1)
        back: list[list | None] = [None] * (full + 1)
        #: the subsets in the order they were finished (by size): for traces
        self.order: list[int] = []
        for D in sorted(range(1, full + 1), key=lambda m: (bin(m).count("1"), m)):
            cost = [inf] * n
            how: list = [None] * n
            if D & (D - 1) == 0:  # one terminal: the tree is the node itself
                t = self.index[terms[D.bit_length() - 1]]
                cost[t] = 0
                how[t] = ("leaf",)
            else:
                low = D & -D
                rest = D ^ low
                E = rest
                while E:  # every split E + (D - E), the lowest terminal in D - E
                    F = D ^ E
                    bE, bF = best[E], best[F]
                    for v in range(n):
                        c = bE[v] + bF[v]
                        if c < cost[v]:
                            cost[v] = c
                            how[v] = ("split", E)
                    E = (E - 1) & rest
            heap = [(c, v) for v, c in enumerate(cost) if c < inf]
            heapq.heapify(heap)
            done = [False] * n
            while heap:
                c, u = heapq.heappop(heap)
                if done[u] or c > cost[u]:
                    continue
                done[u] = True
                for v, w, e in self.adj[u]:
                    if c + w < cost[v]:
                        cost[v] = c + w
                        how[v] = ("edge", u, e)
                        heapq.heappush(heap, (cost[v], v))
            best[D], back[D] = cost, how
            self.order.append(D)
        self._best, self._back = best, back
        self._tie_memo: dict = {}

    def mask(self, terminals: Iterable[Hashable]) -> int:
        m = 0
        for t in terminals:
            m |= self.bit[t]
        return m

    def cost(self, terminals: Iterable[Hashable] | int) -> float:
        """Length of the cheapest tree joining ``terminals`` (``math.inf`` when impossible)."""
        D = terminals if isinstance(terminals, int) else self.mask(terminals)
        if D == 0:
            return 0
        t = self.index[self.terminals[D.bit_length() - 1]]
        return self._best[D][t]

    def tree(self, terminals: Iterable[Hashable] | int) -> list[Edge]:
        """The edges of a cheapest tree joining ``terminals`` (``[]`` for one terminal)."""
        D = terminals if isinstance(terminals, int) else self.mask(terminals)
        if D == 0 or self.cost(D) == math.inf:
            return []
        out: dict = {}
        stack = [(D, self.index[self.terminals[D.bit_length() - 1]])]
        while stack:
            D, v = stack.pop()
            how = self._back[D][v]
            if how[0] == "split":
                stack.append((how[1], v))
                stack.append((D ^ how[1], v))
            elif how[0] == "edge":
                _, u, e = how
                out[e[2] if e[2] is not None else (e[0], e[1])] = e
                stack.append((D, u))
        return list(out.values())

    def tree_edges(self, terminals: Iterable[Hashable] | int) -> frozenset:
        """Every edge that lies in *some* cheapest tree joining ``terminals`` (ties included).

        Walks back through every decision of the table that reaches the optimum, not
        just the one :meth:`tree` follows; a parallel edge as light as the one the
        table kept (the other track of a double route) is included too.

        >>> import networkx as nx
        >>> G = nx.MultiGraph()
        >>> for u, v, k in [("a", "b", "ab"), ("b", "c", "bc"), ("a", "d", "ad"), ("d", "c", "dc"), ("a", "c", "ac")]:
        ...     _ = G.add_edge(u, v, key=k, length=3 if k == "ac" else 1)
        >>> sorted(k for _, _, k in DreyfusWagner(G, ["a", "c"]).tree_edges(["a", "c"]))
        ['ab', 'ad', 'bc', 'dc']
        """
        D = terminals if isinstance(terminals, int) else self.mask(terminals)
        if D == 0 or D & (D - 1) == 0 or self.cost(D) == math.inf:
            return frozenset()
        best, memo = self._best, self._tie_memo
        busy: set = set()

        def edges_of(D: int, v: int) -> frozenset:
            """Edges of every cheapest tree that joins D and node v (memoised per (D, v))."""
            state = (D, v)
            if state in memo:
                return memo[state]
            busy.add(state)
            c = best[D][v]
            out: set = set()
            if D & (D - 1):
                low = D & -D
                rest = D ^ low
                E = rest
                while E:  # each split once: the lowest terminal on the D - E side
                    F = D ^ E
                    if best[E][v] + best[F][v] == c:
                        out |= edges_of(E, v)
                        out |= edges_of(F, v)
                    E = (E - 1) & rest
            for u, w, e in self.adj[v]:
                if best[D][u] + w == c and (D, u) not in busy:
                    out.update(self._twins[e])
                    out |= edges_of(D, u)
            busy.discard(state)
            memo[state] = frozenset(out)
            return memo[state]

        return edges_of(D, self.index[self.terminals[D.bit_length() - 1]])


def _twins(G, weight, blocked, edges) -> dict:
    blocked = set(blocked)
    out = {}
    for u, v, k in edges:
        if not G.is_multigraph():
            out[(u, v, k)] = ((u, v, k),)
            continue
        w = G.edges[u, v, k].get(weight, 1) if weight else 1
        out[(u, v, k)] = tuple((u, v, kk) for kk, d in G[u][v].items()
                               if kk not in blocked and (d.get(weight, 1) if weight else 1) == w)
    return out


def _pair(t):
    return (t.a, t.b) if hasattr(t, "a") else (t[0], t[1])


def steiner_forest(G, pairs: Iterable, weight: str | None = "length", blocked=()) -> tuple[float, list[list[Edge]]]:
    """The cheapest set of edges that joins each pair: exact, for at most 10 distinct cities.

    Parameters
    ----------
    G : networkx.Graph or MultiGraph
        The map (edge keys are route ids).
    pairs : iterable of (a, b) or tickets (objects with ``.a`` and ``.b``)
        The hand of tickets.
    weight : str or None
        Edge attribute with the route length; None counts routes.
    blocked : collection of edge keys
        Routes that may not be used.

    Returns
    -------
    cost : number
        Total length (``math.inf`` when some pair cannot be joined).
    routes : list of lists of (u, v, key)
        One list of edges per tree of the forest (tickets whose trees would
        touch are always in one tree, since joining them is never dearer).

    Examples
    --------
    Two tickets far apart on a path are cheapest as two separate trees:

    >>> import networkx as nx
    >>> G = nx.path_graph(6, create_using=nx.MultiGraph)
    >>> cost, routes = steiner_forest(G, [(0, 1), (4, 5)], weight=None)
    >>> cost, len(routes)
    (2, 2)

    On the USA map, Denver-El Paso and Kansas City-Houston:

    >>> from railkit.maps import load
    >>> cost, routes = steiner_forest(load("usa").graph(), [("Denver", "El Paso"), ("Kansas City", "Houston")])
    >>> cost
    9
    """
    pairs = [_pair(p) for p in pairs]
    if not pairs:
        return 0, []
    terms = list(dict.fromkeys(x for p in pairs for x in p))
    dw = DreyfusWagner(G, terms, weight, blocked)
    cost, groups = best_partition(dw, pairs)
    return cost, [dw.tree(dw.mask(x for i in g for x in pairs[i])) for g in groups] if cost < math.inf else []


def best_partition(dw: DreyfusWagner, pairs: Sequence[tuple]) -> tuple[float, list[list[int]]]:
    """Cheapest split of the pairs into groups, each joined by one Steiner tree:
    ``(cost, groups)`` with groups as lists of pair indices (a DP over subsets of pairs)."""
    m = len(pairs)
    masks = [dw.mask(p) for p in pairs]
    f = [math.inf] * (1 << m)
    choice = [0] * (1 << m)
    f[0] = 0
    for S in range(1, 1 << m):
        low = S & -S
        rest = S ^ low
        sub = rest
        while True:
            g = sub | low
            T = 0
            for i in range(m):
                if g >> i & 1:
                    T |= masks[i]
            c = dw.cost(T) + f[S ^ g]
            if c < f[S]:
                f[S], choice[S] = c, g
            if sub == 0:
                break
            sub = (sub - 1) & rest
    groups, S = [], (1 << m) - 1
    while S and f[-1] < math.inf:
        g = choice[S]
        groups.append([i for i in range(m) if g >> i & 1])
        S ^= g
    return f[-1], groups


def brute_force_steiner_forest(G, pairs: Iterable, weight: str | None = "length") -> float:
    """Cheapest edge set joining every pair, by trying every subset of edges.

    Exponential in the number of edges; for checking :func:`steiner_forest` on tiny graphs.

    >>> import networkx as nx
    >>> brute_force_steiner_forest(nx.cycle_graph(5, create_using=nx.MultiGraph), [(0, 2), (3, 4)], None)
    3
    """
    import itertools

    pairs = [_pair(p) for p in pairs]
    edges = list(G.edges(keys=True, data=True)) if G.is_multigraph() else [(u, v, None, d) for u, v, d in G.edges(data=True)]
    best = math.inf
    for r in range(len(edges) + 1):
        for sub in itertools.combinations(edges, r):
            w = sum((d.get(weight, 1) if weight else 1) for *_, d in sub)
            if w >= best:
                continue
            parent: dict = {}

            def find(x):
                parent.setdefault(x, x)
                while parent[x] != x:
                    x = parent[x]
                return x

            for u, v, _, _ in sub:
                parent[find(u)] = find(v)
            if all(a == b or find(a) == find(b) for a, b in pairs):
                best = w
    return best


def distance_matrix(G, weight: str | None = "length"):
    """All shortest distances of ``G`` as a numpy array, with the node order: ``(D, nodes)``."""
    import numpy as np

    nodes = list(G.nodes)
    index = {n: i for i, n in enumerate(nodes)}
    D = np.full((len(nodes), len(nodes)), np.inf)
    for a, dist in nx_all_pairs(G, weight):
        for b, d in dist.items():
            D[index[a], index[b]] = d
    return D, nodes


def nx_all_pairs(G, weight):
    import networkx as nx

    return nx.all_pairs_dijkstra_path_length(G, weight=weight) if weight else nx.all_pairs_shortest_path_length(G)


def steiner_costs(dist, terminals: Sequence[int]):
    """Cost of the exact Steiner tree of every subset of ``terminals`` (row indices of
    the distance matrix ``dist``), by Dreyfus–Wagner on the metric closure with numpy:
    a list indexed by the subset's bit mask (costs only, no routes).

    >>> import networkx as nx
    >>> G = nx.star_graph(3, create_using=nx.MultiGraph)
    >>> D, nodes = distance_matrix(G, None)
    >>> steiner_costs(D, [1, 2, 3])[0b111]
    3.0
    """
    import numpy as np

    k = len(terminals)
    full = (1 << k) - 1
    best: list = [None] * (full + 1)
    out = [0.0] * (full + 1)
    for D in sorted(range(1, full + 1), key=lambda m: bin(m).count("1")):
        if D & (D - 1) == 0:
            best[D] = dist[terminals[D.bit_length() - 1]]
        else:
            low = D & -D
            rest = D ^ low
            split = None
            E = rest
            while E:
                s = best[E] + best[D ^ E]
                split = s if split is None else np.minimum(split, s)
                E = (E - 1) & rest
            best[D] = (split[:, None] + dist).min(axis=0)
        out[D] = float(best[D][terminals[D.bit_length() - 1]])
    return out

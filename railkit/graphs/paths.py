"""Connectivity, cheapest ticket completion (on a networkx graph, and on numbered lists for
bots: :func:`cheapest_path`), route-blocking cost and the bounded longest simple path of
deliveries on a hex sheet."""

# railkit: compiled with mypyc
from __future__ import annotations

import heapq
import math
from typing import Collection, Hashable, Iterable

import networkx as nx

Edge = tuple[Hashable, Hashable, Hashable]


def connected(network, a: Hashable, b: Hashable) -> bool:
    """True when ``a`` and ``b`` are joined by the given routes.

    Parameters
    ----------
    network : networkx graph or iterable of (u, v, ...) edges
        A player's routes.

    Examples
    --------
    >>> connected([("Denver", "Omaha"), ("Omaha", "Chicago")], "Denver", "Chicago")
    True
    >>> connected([("Denver", "Omaha")], "Denver", "Chicago")
    False
    """
    if isinstance(network, nx.Graph):
        return a in network and b in network and nx.has_path(network, a, b)
    parent: dict = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in network:
        ra, rb = find(e[0]), find(e[1])
        if ra != rb:
            parent[ra] = rb
    return a in parent and b in parent and find(a) == find(b)


def _cost_fn(G, owned: Collection, blocked: Collection, weight: str):
    """A Dijkstra weight function over a MultiGraph: owned routes cost 0,
    blocked ones are hidden (None), others cost their ``weight``."""

    def cost(u, v, data):
        if not G.is_multigraph():
            data = {None: data}
        best = None
        for key, attrs in data.items():
            if key in blocked:
                continue
            c = 0 if key in owned else attrs.get(weight, 1)
            if best is None or c < best:
                best = c
        return best

    return cost


def _edges_of_path(G, nodes, owned, blocked, weight) -> list[Edge]:
    out = []
    for u, v in zip(nodes, nodes[1:]):
        data = G.get_edge_data(u, v) if G.is_multigraph() else {None: G.get_edge_data(u, v)}
        choices = [(0 if k in owned else d.get(weight, 1), str(k), k) for k, d in data.items() if k not in blocked]
        out.append((u, v, min(choices)[2]))
    return out


def cheapest_completion(G, a: Hashable, b: Hashable, owned: Collection = (), blocked: Collection = (),
                        weight: str = "length") -> tuple[float, list[Edge]] | None:
    """The cheapest way to join ``a`` and ``b`` given what a player owns.

    Parameters
    ----------
    G : networkx.MultiGraph
        The whole map (edge keys are route ids).
    owned : collection of route ids
        The player's routes: they cost nothing.
    blocked : collection of route ids
        Routes the player cannot use (claimed by others, closed doubles).
    weight : str
        Edge attribute with the route's length.

    Returns
    -------
    (cost, edges) or None
        ``cost`` is the number of trains still needed; ``edges`` the path as
        ``(u, v, route_id)``; None when ``a`` and ``b`` cannot be joined any more.
        The routes still to claim are the edges whose id is not in ``owned``.

    Examples
    --------
    >>> from railkit.maps import load
    >>> G = load("usa").graph()
    >>> cost, path = cheapest_completion(G, "Denver", "Chicago")
    >>> cost, [k for _, _, k in path]
    (8, ['Denver-Omaha', 'Chicago-Omaha'])
    >>> cheapest_completion(G, "Denver", "Chicago", owned={"Denver-Omaha"})[0]
    4
    """
    owned, blocked = set(owned), set(blocked)
    if a not in G or b not in G:
        return None
    try:
        cost, nodes = nx.single_source_dijkstra(G, a, b, weight=_cost_fn(G, owned, blocked, weight))
    except nx.NetworkXNoPath:
        return None
    return cost, _edges_of_path(G, nodes, owned, blocked, weight)


def cheapest_path(adj: list[list[tuple[int, int]]], cost: list[int], a: int, b: int,
                  expanded: list[int] | None = None,
                  improved: list[int] | None = None) -> tuple[int, list[int]] | None:
    """:func:`cheapest_completion` on numbered plain lists, for bots that search often:
    Dijkstra from node ``a`` to node ``b`` with a cost per edge.

    Parameters
    ----------
    adj : list of lists of (node, edge)
        Per node, its neighbours and the numbers of the edges to them (in a fixed order:
        ties go to the first).
    cost : list of int
        Per edge number, its cost: 0 for an edge the player owns, ``-1`` for one it cannot
        use (claimed by others, closed).
    expanded, improved : list of int, optional
        Filled in if given: 1 for each node whose edges were tried (by node) and for each
        edge that improved a node's distance (by edge), so a caller can tell when a new
        search with changed costs would run step for step as this one.

    Returns
    -------
    (cost, edges) or None
        The cost of one cheapest path and its edge numbers in order from ``a``; None when
        ``a`` and ``b`` are not joined. The heap holds ``distance << k | node`` with
        ``2 ** k`` above every node number, which orders like ``(distance, node)``.

    Examples
    --------
    >>> adj = [[(1, 0), (2, 1)], [(0, 0), (2, 2)], [(0, 1), (1, 2)]]  # a triangle
    >>> e, i = [0] * 3, [0] * 3
    >>> cheapest_path(adj, [1, 5, 1], 0, 2, e, i), e, i
    ((2, [0, 2]), [1, 1, 0], [1, 1, 1])
    >>> cheapest_path(adj, [1, -1, -1], 0, 2) is None
    True
    """
    n = len(adj)
    if expanded is None:
        expanded = [0] * n
    if improved is None:
        improved = [0] * len(cost)
    k = max(1, (n - 1).bit_length())
    mask = (1 << k) - 1
    INF = 1 << 30
    dist = [INF] * n
    dist[a] = 0
    prev_node = [0] * n
    prev_edge = [0] * n
    heap = [a]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        x = pop(heap)
        u = x & mask
        d = x >> k
        if u == b:
            path = []
            while u != a:
                path.append(prev_edge[u])
                u = prev_node[u]
            path.reverse()
            return d, path
        if d > dist[u]:
            continue
        expanded[u] = 1
        for v, ei in adj[u]:
            c = cost[ei]
            if c < 0:
                continue
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                prev_node[v] = u
                prev_edge[v] = ei
                push(heap, nd << k | v)
                improved[ei] = 1
    return None


def blocking_cost(G, tickets: Iterable, weight: str = "length", whole_pair: bool = False) -> dict[Hashable, float]:
    """How much longer the tickets' shortest paths get when one route is gone.

    Parameters
    ----------
    G : networkx.MultiGraph
        The map; edge keys are route ids.
    tickets : iterable of (a, b) or objects with ``.a`` and ``.b``
        The ticket deck.
    whole_pair : bool
        Remove both tracks of a double route together (as in 2-3 player games,
        where claiming one track closes the other); each pair is then listed
        once, under the id of its first track.

    Returns
    -------
    dict
        Route id -> total extra trains over all tickets (``math.inf`` when a
        ticket can no longer be completed). Only routes with a cost > 0 are listed.

    Examples
    --------
    >>> from railkit.maps import load
    >>> m = load("teaching-small")
    >>> costs = blocking_cost(m.graph(), m.deck())
    >>> max(costs, key=costs.get)
    'Summit-Peak'
    """
    pairs = [(t.a, t.b) if hasattr(t, "a") else (t[0], t[1]) for t in tickets]
    base = {}
    used_by: dict[Hashable, list[int]] = {}
    for i, (a, b) in enumerate(pairs):
        res = cheapest_completion(G, a, b, weight=weight)
        if res is None:
            continue
        base[i] = res[0]
        for u, v, k in res[1]:
            key = next(iter(G.get_edge_data(u, v))) if whole_pair else k
            used_by.setdefault(key, []).append(i)
    out: dict = {}
    for key, idx in used_by.items():
        if whole_pair:
            u, v = next((u, v) for u, v, k in G.edges(keys=True) if k == key)
            removed = set(G.get_edge_data(u, v))
        else:
            removed = {key}
        extra = 0.0
        for i in idx:
            res = cheapest_completion(G, *pairs[i], blocked=removed, weight=weight)
            extra += math.inf if res is None else res[0] - base[i]
        if extra > 0:
            out[key] = extra if extra == math.inf else int(extra) if float(extra).is_integer() else extra
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], str(kv[0]))))


def longest_simple_path(G, source: Hashable, targets: Collection, *, max_edges: int | None = None,
                        weight: str | None = None, no_repeat: Collection | None = None
                        ) -> tuple[float, list[Hashable], list[Hashable]] | None:
    """Longest path from ``source`` to any node of ``targets``, under a bound.

    No edge is used twice; nodes in ``no_repeat`` (default: every node) are
    never visited twice, the source included. The path may pass through
    targets and other nodes on its way.

    Parameters
    ----------
    G : networkx.Graph or MultiGraph
    source : node
    targets : collection of nodes
        Acceptable end nodes (the source itself is never a valid end).
    max_edges : int, optional
        At most this many edges (Steam Rollers: the engine strength).
    weight : str, optional
        Edge attribute to maximise; None counts edges.
    no_repeat : collection of nodes, optional
        Nodes that may be visited once only; None means all nodes.

    Returns
    -------
    (length, nodes, edge_keys) or None
        None when no target can be reached within the bound.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiGraph([("C1", "T"), ("T", "C2"), ("C1", "C2"), ("C2", "C3")])
    >>> longest_simple_path(G, "C1", {"C3"})
    (3, ['C1', 'T', 'C2', 'C3'], [0, 0, 0])
    >>> longest_simple_path(G, "C1", {"C3"}, max_edges=2)
    (2, ['C1', 'C2', 'C3'], [0, 0])
    >>> longest_simple_path(G, "C1", {"C3"}, max_edges=1) is None
    True
    """
    if source not in G:
        return None
    targets = set(targets)
    once = None if no_repeat is None else set(no_repeat)
    multi = G.is_multigraph()
    adj: dict = {}
    for u, nbrs in G.adj.items():
        lst = []
        for v, data in nbrs.items():
            items = data.items() if multi else [(0, data)]
            for k, d in items:
                lst.append((v, k, (d.get(weight, 1) if weight else 1), frozenset((u, v, k)) if not multi else (min(str(u), str(v)), max(str(u), str(v)), k)))
        adj[u] = lst
    limit = math.inf if max_edges is None else max_edges
    best: list = [None]
    visits: dict = {source: 1}
    used_edges: set = set()
    nodes = [source]
    keys: list = []

    def dfs(u, length):
        if u != source and u in targets and (best[0] is None or length > best[0][0]):
            best[0] = (length, list(nodes), list(keys))
        if len(keys) >= limit:
            return
        for v, k, w, eid in adj[u]:
            if eid in used_edges:
                continue
            if visits.get(v, 0) and (once is None or v in once):
                continue
            used_edges.add(eid)
            visits[v] = visits.get(v, 0) + 1
            nodes.append(v)
            keys.append(k)
            dfs(v, length + w)
            keys.pop()
            nodes.pop()
            visits[v] -= 1
            used_edges.discard(eid)

    dfs(source, 0)
    return best[0]

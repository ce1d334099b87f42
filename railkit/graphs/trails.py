"""Longest trail: the longest walk that uses no edge twice (vertices may repeat).

This is Ticket to Ride's "longest continuous path". The problem is NP-hard in
general, so :func:`longest_trail` is an exhaustive search, made fast by three
exact facts:

1. A component whose vertices all have even degree, or exactly two odd ones,
   has an Euler circuit or trail: the whole component is the answer.
2. Otherwise a longest trail starts at a vertex of odd degree. (If a trail
   ends at a vertex of even degree, an edge there is unused and extends it;
   a closed trail that is not the whole component can also be extended.)
3. Branch and bound: a partial trail plus every unused edge of its component
   that is not longer than the best found so far is cut off; and with k odd
   vertices at least (k - 2) / 2 edges stay unused, so a trail reaching the
   component's total minus its (k - 2) / 2 shortest edges is optimal.

:func:`trail_of_edges` is the kernel on plain integer lists, for hot paths
(Ticket to Ride scoring calls it directly).
"""

from __future__ import annotations

from typing import Hashable, Sequence

Edge = tuple[Hashable, Hashable, Hashable]


def _edges(G, weight):
    out = []
    if G.is_multigraph():
        for u, v, k, d in G.edges(keys=True, data=True):
            out.append((u, v, k, d.get(weight, 1) if weight else 1))
    else:
        for u, v, d in G.edges(data=True):
            out.append((u, v, None, d.get(weight, 1) if weight else 1))
    return out


def longest_trail(G, weight: str | None = "length") -> tuple[float, list[Edge]]:
    """Length and edges of a longest trail of ``G``.

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected; parallel edges and self-loops are allowed.
    weight : str or None
        Edge attribute holding the edge length (missing means 1); None counts edges.

    Returns
    -------
    total : number
        The trail's total weight (0 for a graph without edges).
    edges : list of (u, v, key)
        The trail's edges in walking order, each oriented in the walking direction
        (``key`` is None for a simple Graph).

    Examples
    --------
    A triangle with a tail: the trail goes round the triangle and down the tail.

    >>> import networkx as nx
    >>> G = nx.MultiGraph()
    >>> G.add_edge("A", "B", key="AB", length=2)
    'AB'
    >>> G.add_edge("B", "C", key="BC", length=2)
    'BC'
    >>> G.add_edge("C", "A", key="CA", length=2)
    'CA'
    >>> G.add_edge("C", "D", key="CD", length=5)
    'CD'
    >>> total, edges = longest_trail(G)
    >>> total
    11
    >>> [k for _, _, k in edges]
    ['CA', 'AB', 'BC', 'CD']
    """
    edges = _edges(G, weight)
    if not edges:
        return 0, []
    index: dict = {}
    plain = []
    for u, v, _, w in edges:
        plain.append((index.setdefault(u, len(index)), index.setdefault(v, len(index)), w))
    total, order = trail_of_edges(len(index), plain)
    inv = {i: node for node, i in index.items()}
    out: list[Edge] = []
    for start in plain[order[0]][:2] if order else ():
        out, at = [], start
        for i in order:
            a, b, _ = plain[i]
            if a != at:
                if b != at:
                    break
                a, b = b, a
            out.append((inv[a], inv[b], edges[i][2]))
            at = b
        else:
            break
    return total, out


def trail_of_edges(n: int, edges: Sequence[tuple[int, int, float]]) -> tuple[float, list[int]]:
    """Longest trail of a multigraph on nodes ``0..n-1`` with ``edges`` (a, b, length).

    Returns the total length and the edge indices in walking order. A component
    with at most two odd-degree nodes is walked whole (Euler); otherwise a longest
    trail starts at an odd-degree node and a branch and bound search finds it.

    >>> trail_of_edges(4, [(0, 1, 2), (1, 2, 2), (2, 0, 2), (2, 3, 5)])
    (11, [1, 0, 2, 3])
    """
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i, (a, b, _) in enumerate(edges):
        adj[a].append((i, b))
        adj[b].append((i, a))
    comp = [-1] * n
    comps: list[tuple[int, list[int], list[int]]] = []  # (total length, nodes, edges)
    for start in range(n):
        if comp[start] >= 0 or not adj[start]:
            continue
        k = len(comps)
        comp[start] = k
        stack, nodes, es, total = [start], [], set(), 0
        while stack:
            x = stack.pop()
            nodes.append(x)
            for i, y in adj[x]:
                es.add(i)
                if comp[y] < 0:
                    comp[y] = k
                    stack.append(y)
        comps.append((sum(edges[i][2] for i in es), nodes, sorted(es)))
    comps.sort(key=lambda c: -c[0])
    best, best_path = -1, []
    for total, nodes, es in comps:
        if total <= best:
            continue
        odd = sorted(x for x in nodes if len(adj[x]) % 2)
        if len(odd) <= 2:
            best, best_path = total, _euler(odd[0] if odd else min(nodes), adj, len(edges))
            continue
        length, order = _search(odd, es, edges, adj, best)
        if order is not None:
            best, best_path = length, order
    return max(best, 0), best_path




def _search(odd: list[int], es: list[int], edges, adj, best: float) -> tuple[float, list[int] | None]:
    """Branch and bound from each odd node of one component, on the component with
    its degree-2 nodes contracted (a longest trail never ends at an even node, so it
    passes such a node on both of its edges or not at all)."""
    # super-edges: [a, b, weight, original edge indices walked from a to b]
    sup: list[list] = []
    inc: dict[int, list[int]] = {}
    for i in es:
        a, b, w = edges[i]
        sup.append([a, b, w, [i]])
        inc.setdefault(a, []).append(len(sup) - 1)
        inc.setdefault(b, []).append(len(sup) - 1)
    alive = [True] * len(sup)
    for v in list(inc):
        lst = inc[v]
        if len(lst) != 2 or lst[0] == lst[1]:
            continue
        s1, s2 = sup[lst[0]], sup[lst[1]]
        if s1[0] == s1[1] or s2[0] == s2[1]:
            continue
        # walk u -> v -> x
        u, seq1 = (s1[0], s1[3]) if s1[1] == v else (s1[1], s1[3][::-1])
        x, seq2 = (s2[1], s2[3]) if s2[0] == v else (s2[0], s2[3][::-1])
        for old, end in ((lst[0], u), (lst[1], x)):
            alive[old] = False
            inc[end].remove(old)
        sup.append([u, x, s1[2] + s2[2], seq1 + seq2])
        alive.append(True)
        k = len(sup) - 1
        inc[u].append(k)
        inc[x].append(k)
        inc[v] = []
    live = [k for k in range(len(sup)) if alive[k]]
    sadj: dict[int, list[tuple[int, int]]] = {v: [] for v in inc}
    for k in live:
        a, b = sup[k][0], sup[k][1]
        sadj[a].append((k, b))
        sadj[b].append((k, a))
    w = [s[2] for s in sup]
    total = sum(w[k] for k in live)
    # with k odd nodes at least (k - 2) / 2 edges stay unused: reaching this bound is optimal
    ub = total - sum(sorted(w[k] for k in live)[: (len(odd) - 2) // 2])
    used = [False] * len(sup)
    found: list = [best, None]
    path: list[tuple[int, int]] = []  # (super-edge, node it was entered from)

    def dfs(x: int, length: float, remaining: float) -> bool:
        if length > found[0]:
            found[0], found[1] = length, list(path)
            if length >= ub:
                return True
        if length + remaining <= found[0]:
            return False
        for k, y in sadj[x]:
            if not used[k]:
                used[k] = True
                path.append((k, x))
                done = dfs(y, length + w[k], remaining - w[k])
                path.pop()
                used[k] = False
                if done:
                    return True
        return False

    for x in odd:
        if dfs(x, 0, total):
            break
    if found[1] is None:
        return found[0], None
    order: list[int] = []
    for k, frm in found[1]:
        a, _, _, seq = sup[k]
        order.extend(seq if frm == a else seq[::-1])
    return found[0], order


def _euler(start: int, adj: list[list[tuple[int, int]]], m: int) -> list[int]:
    """Hierholzer's algorithm: edge indices of an Euler trail of start's component."""
    used = [False] * m
    ptr = [0] * len(adj)
    stack: list[tuple[int, int]] = [(start, -1)]
    out: list[int] = []
    while stack:
        x, via = stack[-1]
        lst = adj[x]
        p = ptr[x]
        while p < len(lst) and used[lst[p][0]]:
            p += 1
        ptr[x] = p
        if p < len(lst):
            i, y = lst[p]
            used[i] = True
            stack.append((y, i))
        else:
            stack.pop()
            if via >= 0:
                out.append(via)
    out.reverse()
    return out


def brute_force_longest_trail(G, weight: str | None = "length") -> float:
    """Longest trail length by plain enumeration of every trail from every vertex.

    Exponential; for checking :func:`longest_trail` on small graphs only.

    >>> import networkx as nx
    >>> brute_force_longest_trail(nx.MultiGraph([(1, 2), (2, 3), (2, 4)]), None)
    2
    """
    edges = _edges(G, weight)
    adj: dict = {}
    for i, (u, v, _, _) in enumerate(edges):
        adj.setdefault(u, []).append((i, v))
        if u != v:
            adj.setdefault(v, []).append((i, u))
    used = [False] * len(edges)
    best = 0

    def walk(a, length):
        nonlocal best
        best = max(best, length)
        for i, b in adj.get(a, ()):
            if not used[i]:
                used[i] = True
                walk(b, length + edges[i][3])
                used[i] = False

    for a in adj:
        walk(a, 0)
    return best

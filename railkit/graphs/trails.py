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

:func:`trail_of_edges` is the kernel on plain lists (nodes numbered, lengths as
floats), for hot paths (Ticket to Ride scoring calls it directly). railkit
compiles this module with mypyc where it can (:mod:`railkit.core.compiled`).
"""

# railkit: compiled with mypyc
from __future__ import annotations

from typing import Hashable, Sequence, Union

Edge = tuple[Hashable, Hashable, Hashable]
#: a trail's length: an int when the edge lengths are ints
Number = Union[int, float]


def _edges(G, weight):
    out = []
    if G.is_multigraph():
        for u, v, k, d in G.edges(keys=True, data=True):
            out.append((u, v, k, d.get(weight, 1) if weight else 1))
    else:
        for u, v, d in G.edges(data=True):
            out.append((u, v, None, d.get(weight, 1) if weight else 1))
    return out


def longest_trail(G, weight: str | None = "length") -> tuple[Number, list[Edge]]:
    """Length and edges of a longest trail of ``G``.

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected; parallel edges and self-loops are allowed.
    weight : str or None
        Edge attribute holding the edge length (missing means 1); None counts edges.

    Returns
    -------
    total : int or float
        The trail's total weight (0 for a graph without edges): an int when every
        edge length is an int.
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
    length, order = trail_of_edges(len(index), plain)
    # the kernel adds lengths as floats; whole lengths give a whole total
    total: Number = int(length) if all(isinstance(e[3], int) for e in edges) else length
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

    Returns the total length (a float, whole lengths add up exactly) and the edge
    indices in walking order. A component with at most two odd-degree nodes is
    walked whole (Euler); otherwise a longest trail starts at an odd-degree node and
    a branch and bound search finds it.

    >>> trail_of_edges(4, [(0, 1, 2), (1, 2, 2), (2, 0, 2), (2, 3, 5)])
    (11.0, [1, 0, 2, 3])
    """
    # edge i joins ea[i] and eb[i] and has length ew[i]; the other end of edge i seen
    # from one end x is ea[i] + eb[i] - x (x itself for a self-loop)
    ea: list[int] = []
    eb: list[int] = []
    ew: list[float] = []
    adj: list[list[int]] = [[] for _ in range(n)]  # node -> its edges (a self-loop twice)
    for i in range(len(edges)):
        a, b, length = edges[i]
        ea.append(a)
        eb.append(b)
        ew.append(length)
        adj[a].append(i)
        adj[b].append(i)
    # components: their nodes in search order, then their edges in index order
    comp = [-1] * n
    comp_nodes: list[list[int]] = []
    for start in range(n):
        if comp[start] >= 0 or not adj[start]:
            continue
        k = len(comp_nodes)
        comp[start] = k
        stack = [start]
        nodes: list[int] = []
        while stack:
            x = stack.pop()
            nodes.append(x)
            for i in adj[x]:
                y = ea[i] + eb[i] - x
                if comp[y] < 0:
                    comp[y] = k
                    stack.append(y)
        comp_nodes.append(nodes)
    comp_edges: list[list[int]] = [[] for _ in comp_nodes]
    totals = [0.0] * len(comp_nodes)
    for i in range(len(ea)):
        k = comp[ea[i]]
        comp_edges[k].append(i)
        totals[k] += ew[i]
    best = -1.0
    best_path: list[int] = []
    for _, k in sorted([(-totals[k], k) for k in range(len(totals))]):  # the longest first
        total = totals[k]
        if total <= best:
            continue
        nodes = comp_nodes[k]
        odd = [x for x in nodes if len(adj[x]) % 2]
        odd.sort()
        if len(odd) <= 2:
            best, best_path = total, _euler(odd[0] if odd else min(nodes), adj, ea, eb)
            continue
        length, order = _search(odd, comp_edges[k], ea, eb, ew, best)
        if order is not None:
            best, best_path = length, order
    return max(best, 0.0), best_path


def _search(odd: list[int], comp_edges: list[int], ea: list[int], eb: list[int], ew: list[float],
            best: float) -> tuple[float, list[int] | None]:
    """Branch and bound from each odd node of one component (its edges ``comp_edges``,
    ends and lengths as in :func:`trail_of_edges`), on the component with its degree-2
    nodes contracted (a longest trail never ends at an even node, so it passes such a
    node on both of its edges or not at all). Returns the longest trail found that is
    longer than ``best`` (None: there is none)."""
    # super-edge k runs from sa[k] to sb[k], has length sw[k] and walks the original
    # edges seqs[k] in that direction; inc: node -> its super-edges
    sa: list[int] = []
    sb: list[int] = []
    sw: list[float] = []
    seqs: list[list[int]] = []
    inc: dict[int, list[int]] = {}
    for i in comp_edges:
        a, b = ea[i], eb[i]
        inc.setdefault(a, []).append(len(sa))
        inc.setdefault(b, []).append(len(sa))
        sa.append(a)
        sb.append(b)
        sw.append(ew[i])
        seqs.append([i])
    alive = [True] * len(sa)
    for v in list(inc):
        lst = inc[v]
        if len(lst) != 2 or lst[0] == lst[1]:
            continue
        k1, k2 = lst[0], lst[1]
        if sa[k1] == sb[k1] or sa[k2] == sb[k2]:
            continue
        # walk u -> v -> x
        u, seq1 = (sa[k1], seqs[k1]) if sb[k1] == v else (sb[k1], seqs[k1][::-1])
        x, seq2 = (sb[k2], seqs[k2]) if sa[k2] == v else (sa[k2], seqs[k2][::-1])
        alive[k1] = alive[k2] = False
        inc[u].remove(k1)
        inc[x].remove(k2)
        k = len(sa)
        inc[u].append(k)
        inc[x].append(k)
        inc[v] = []
        sa.append(u)
        sb.append(x)
        sw.append(sw[k1] + sw[k2])
        seqs.append(seq1 + seq2)
        alive.append(True)
    live = [k for k in range(len(sa)) if alive[k]]
    sadj: dict[int, list[tuple[int, int]]] = {v: [] for v in inc}
    for k in live:
        sadj[sa[k]].append((k, sb[k]))
        sadj[sb[k]].append((k, sa[k]))
    total = 0.0
    for k in live:
        total += sw[k]
    # with k odd nodes at least (k - 2) / 2 edges stay unused: reaching this bound is optimal
    shortest = sorted([sw[k] for k in live])[: (len(odd) - 2) // 2]
    ub = total
    for length in shortest:
        ub -= length
    search = _TrailSearch(sadj, sw, ub, best)
    for x in odd:
        if search.dfs(x, 0.0, total):
            break
    if search.best_path is None:
        return search.best, None
    order: list[int] = []
    for k, frm in search.best_path:
        order.extend(seqs[k] if frm == sa[k] else seqs[k][::-1])
    return search.best, order


class _TrailSearch:
    """The depth-first branch and bound of :func:`_search` on the contracted component:
    super-edges ``sadj`` (node -> (super-edge, other end)) of lengths ``w``; stops at
    the bound ``ub`` (optimal). ``best`` and ``best_path`` ((super-edge, node it was
    entered from) in walking order, None until a trail longer than the starting
    ``best`` is found) hold the longest trail so far."""

    def __init__(self, sadj: dict[int, list[tuple[int, int]]], w: list[float], ub: float, best: float) -> None:
        self.sadj = sadj
        self.w = w
        self.ub = ub
        self.best = best
        self.best_path: list[tuple[int, int]] | None = None
        self.used = [False] * len(w)
        self.path: list[tuple[int, int]] = []

    def dfs(self, x: int, length: float, remaining: float) -> bool:
        """Extend the current trail (of ``length``, ending at ``x``, ``remaining`` the
        length of the unused super-edges); True once the bound is reached."""
        if length > self.best:
            self.best = length
            self.best_path = list(self.path)
            if length >= self.ub:
                return True
        if length + remaining <= self.best:
            return False
        used = self.used
        w = self.w
        path = self.path
        for k, y in self.sadj[x]:
            if not used[k]:
                used[k] = True
                path.append((k, x))
                done = self.dfs(y, length + w[k], remaining - w[k])
                path.pop()
                used[k] = False
                if done:
                    return True
        return False


def _euler(start: int, adj: list[list[int]], ea: list[int], eb: list[int]) -> list[int]:
    """Hierholzer's algorithm: edge indices of an Euler trail of start's component
    (``adj``, ``ea`` and ``eb`` as in :func:`trail_of_edges`)."""
    used = [False] * len(ea)
    ptr = [0] * len(adj)
    stack: list[tuple[int, int]] = [(start, -1)]
    out: list[int] = []
    while stack:
        x, via = stack[-1]
        lst = adj[x]
        p = ptr[x]
        while p < len(lst) and used[lst[p]]:
            p += 1
        ptr[x] = p
        if p < len(lst):
            i = lst[p]
            used[i] = True
            stack.append((ea[i] + eb[i] - x, i))
        else:
            stack.pop()
            if via >= 0:
                out.append(via)
    out.reverse()
    return out


def brute_force_longest_trail(G, weight: str | None = "length") -> Number:
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
    best: Number = 0

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

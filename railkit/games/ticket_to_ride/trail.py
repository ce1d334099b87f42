"""The longest continuous path of a seat's routes (TTR-SCORE-LONGEST), typed for mypyc.

This is the search of :func:`railkit.graphs.trails.trail_of_edges` (whose docstring
says why it is exact), step for step on integer route lengths, so it finds the same
length and walks the same routes in the same order. It lives here, compiled with the
engine, because final scoring is a hot path of simulations: the pure Python search
took about a sixth of a random game's instructions. ``railkit.graphs.trails`` stays
the readable version taught in class; ``tests/games/test_ticket_to_ride_scoring.py``
checks that the two agree.

>>> trail_of_edges(4, [(0, 1, 2), (1, 2, 2), (2, 0, 2), (2, 3, 5)])
(11, [1, 0, 2, 3])
"""

from __future__ import annotations


def trail_of_edges(n: int, edges: list[tuple[int, int, int]]) -> tuple[int, list[int]]:
    """Longest trail of a multigraph on nodes ``0..n-1`` with ``edges`` (a, b, length):
    the total length and the edge indices in walking order."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i in range(len(edges)):
        a, b, _ = edges[i]
        adj[a].append((i, b))
        adj[b].append((i, a))
    comp = [-1] * n
    comps: list[tuple[int, list[int], list[int]]] = []  # (total length, nodes, edges)
    for start in range(n):
        if comp[start] >= 0 or not adj[start]:
            continue
        k = len(comps)
        comp[start] = k
        stack = [start]
        nodes: list[int] = []
        es: set[int] = set()
        while stack:
            x = stack.pop()
            nodes.append(x)
            for i, y in adj[x]:
                es.add(i)
                if comp[y] < 0:
                    comp[y] = k
                    stack.append(y)
        total = 0
        for i in es:
            total += edges[i][2]
        comps.append((total, nodes, sorted(es)))
    comps.sort(key=_longest_first)
    best = -1
    best_path: list[int] = []
    for total, nodes, es_sorted in comps:
        if total <= best:
            continue
        odd = sorted([x for x in nodes if len(adj[x]) % 2])
        if len(odd) <= 2:
            best, best_path = total, _euler(odd[0] if odd else min(nodes), adj, len(edges))
            continue
        length, order = _search(n, odd, es_sorted, edges, best)
        if order is not None:
            best, best_path = length, order
    return max(best, 0), best_path


def _longest_first(c: tuple[int, list[int], list[int]]) -> int:
    return -c[0]


def _search(n: int, odd: list[int], es: list[int], edges: list[tuple[int, int, int]],
            best: int) -> tuple[int, list[int] | None]:
    """Branch and bound from each odd node of one component, on the component with
    its degree-2 nodes contracted (as in ``railkit.graphs.trails._search``)."""
    # super-edges k: ends sa[k], sb[k], length sw[k], original edges walked from sa[k] to sb[k]
    sa: list[int] = []
    sb: list[int] = []
    sw: list[int] = []
    seqs: list[list[int]] = []
    inc: dict[int, list[int]] = {}
    for i in es:
        a, b, w = edges[i]
        sa.append(a)
        sb.append(b)
        sw.append(w)
        seqs.append([i])
        inc.setdefault(a, []).append(len(sa) - 1)
        inc.setdefault(b, []).append(len(sa) - 1)
    alive = [True] * len(sa)
    for v in list(inc):
        lst = inc[v]
        if len(lst) != 2 or lst[0] == lst[1]:
            continue
        k1, k2 = lst[0], lst[1]
        if sa[k1] == sb[k1] or sa[k2] == sb[k2]:
            continue
        # walk u -> v -> x
        if sb[k1] == v:
            u, seq1 = sa[k1], seqs[k1]
        else:
            u, seq1 = sb[k1], seqs[k1][::-1]
        if sa[k2] == v:
            x, seq2 = sb[k2], seqs[k2]
        else:
            x, seq2 = sa[k2], seqs[k2][::-1]
        alive[k1] = False
        inc[u].remove(k1)
        alive[k2] = False
        inc[x].remove(k2)
        sa.append(u)
        sb.append(x)
        sw.append(sw[k1] + sw[k2])
        seqs.append(seq1 + seq2)
        alive.append(True)
        k = len(sa) - 1
        inc[u].append(k)
        inc[x].append(k)
        inc[v] = []
    live = [k for k in range(len(sa)) if alive[k]]
    sadj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    total = 0
    for k in live:
        sadj[sa[k]].append((k, sb[k]))
        sadj[sb[k]].append((k, sa[k]))
        total += sw[k]
    # with k odd nodes at least (k - 2) / 2 edges stay unused: reaching this bound is optimal
    spare = 0
    for wk in sorted([sw[k] for k in live])[: (len(odd) - 2) // 2]:
        spare += wk
    s = _Dfs(sadj, sw, total - spare, best)
    for x in odd:
        if s.dfs(x, 0, total):
            break
    found = s.found
    if found is None:
        return s.best, None
    order: list[int] = []
    for k, frm in zip(found, s.found_from):
        order.extend(seqs[k] if frm == sa[k] else seqs[k][::-1])
    return s.best, order


class _Dfs:
    """The depth-first branch and bound of one component: the best length so far and
    its walk (super-edges and the node each was entered from)."""

    def __init__(self, sadj: list[list[tuple[int, int]]], w: list[int], ub: int, best: int) -> None:
        self.sadj = sadj
        self.w = w
        self.ub = ub
        self.best = best
        self.used = [False] * len(w)
        self.path: list[int] = []
        self.path_from: list[int] = []
        self.found: list[int] | None = None  # None until a walk beats ``best``
        self.found_from: list[int] = []

    def dfs(self, x: int, length: int, remaining: int) -> bool:
        if length > self.best:
            self.best = length
            self.found = self.path[:]
            self.found_from = self.path_from[:]
            if length >= self.ub:
                return True
        if length + remaining <= self.best:
            return False
        used = self.used
        w = self.w
        for k, y in self.sadj[x]:
            if not used[k]:
                used[k] = True
                self.path.append(k)
                self.path_from.append(x)
                done = self.dfs(y, length + w[k], remaining - w[k])
                self.path.pop()
                self.path_from.pop()
                used[k] = False
                if done:
                    return True
        return False


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

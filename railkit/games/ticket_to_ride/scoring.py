"""Final scoring of Ticket to Ride: routes, tickets, longest path, Globetrotter, ties.

The functions here take plain data (route ids per seat, tickets per seat), so
they are easy to test and to reuse in notebooks.

>>> from railkit.maps import load
>>> m = load("teaching-small")
>>> longest_path(m, ["Harbor-Mill/1", "Mill-Lake", "Lake-Summit"])
(6, ['Harbor-Mill/1', 'Mill-Lake', 'Lake-Summit'])
"""

from __future__ import annotations

from typing import Sequence

from railkit.maps import Map, Ticket


def longest_path(m: Map, route_ids: Sequence[str]) -> tuple[int, list[str]]:
    """Length (trains) and route ids, in walking order, of the longest
    continuous path (a trail: no route twice) of these routes (TTR-SCORE-LONGEST).

    Exact, same method as :func:`railkit.graphs.longest_trail` (which the tests
    check it against), on plain lists for the simulation hot path.
    """
    if not route_ids:
        return 0, []
    by_id = m.route_by_id
    index: dict[str, int] = {}
    edges = []
    for rid in route_ids:
        r = by_id[rid]
        a = index.setdefault(r.a, len(index))
        b = index.setdefault(r.b, len(index))
        edges.append((a, b, r.length))
    total, path = trail_of_edges(len(index), edges)
    return total, [route_ids[i] for i in path]


def trail_of_edges(n: int, edges: Sequence[tuple[int, int, int]]) -> tuple[int, list[int]]:
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
    w = [e[2] for e in edges]
    used = [False] * len(edges)
    for total, nodes, es in comps:
        if total <= best:
            continue
        odd = sorted(x for x in nodes if len(adj[x]) % 2)
        if len(odd) <= 2:
            best, best_path = total, _euler(odd[0] if odd else min(nodes), adj, len(edges))
            continue
        found = [best, None]
        path: list[int] = []
        # Upper bound: a trail's edges leave at most 2 nodes of odd degree, so with k
        # odd nodes at least (k - 2) / 2 edges stay unused; reaching the bound ends the search.
        ub = total - sum(sorted(w[i] for i in es)[: (len(odd) - 2) // 2])

        def dfs(x: int, length: int, remaining: int) -> bool:
            if length > found[0]:
                found[0], found[1] = length, list(path)
                if length >= ub:
                    return True
            if length + remaining <= found[0]:
                return False
            for i, y in adj[x]:
                if not used[i]:
                    used[i] = True
                    path.append(i)
                    done = dfs(y, length + w[i], remaining - w[i])
                    path.pop()
                    used[i] = False
                    if done:
                        return True
            return False

        for x in odd:
            if dfs(x, 0, total):
                break
        if found[1] is not None:
            best, best_path = found[0], found[1]
    return max(best, 0), best_path


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


def ticket_done(m: Map, route_ids: Sequence[str], ticket: Ticket) -> bool:
    """True when the ticket's cities are joined by these routes (TTR-SCORE-TICKETS)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x] = parent.get(parent[x], parent[x])
        return x

    for rid in route_ids:
        r = m.route_by_id[rid]
        ra, rb = find(r.a), find(r.b)
        if ra != rb:
            parent[ra] = rb
    return find(ticket.a) == find(ticket.b)


def rank_seats(totals: Sequence[int], completed: Sequence[int], longest_holder: Sequence[bool],
               names: Sequence[str] | None = None) -> tuple[list[int], list[bool], list[str]]:
    """Ranks (1 = best), winners and tie-break reasons (TTR-WIN-TIE).

    Most points wins; a tie goes to the most completed tickets, then to the holder
    of the longest-path bonus; players still tied share the rank (and the win).

    >>> ranks, wins, why = rank_seats([50, 50, 40], [3, 2, 5], [False, True, True], ["Red", "Blue", "Green"])
    >>> ranks, wins
    ([1, 2, 3], [True, False, False])
    >>> why[0]
    'tied with Blue on 50 points; 3 completed tickets against 2 for Blue'
    """
    n = len(totals)
    names = list(names) if names is not None else [f"seat {i}" for i in range(n)]
    keys = [(totals[i], completed[i], 1 if longest_holder[i] else 0) for i in range(n)]
    ranks = [1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n)]
    wins = [r == 1 for r in ranks]
    reasons = []
    for i in range(n):
        tied = [j for j in range(n) if j != i and totals[j] == totals[i]]
        if not tied:
            reasons.append("")
            continue
        parts = [f"tied with {', '.join(names[j] for j in tied)} on {totals[i]} points"]
        diff_c = [j for j in tied if completed[j] != completed[i]]
        if diff_c:
            parts.append(f"{completed[i]} completed tickets against "
                         + ", ".join(f"{completed[j]} for {names[j]}" for j in diff_c))
        same_c = [j for j in tied if completed[j] == completed[i]]
        if same_c:
            diff_l = [j for j in same_c if bool(longest_holder[j]) != bool(longest_holder[i])]
            if diff_l:
                parts.append(("holds" if longest_holder[i] else "does not hold")
                             + " the longest-path bonus, unlike " + ", ".join(names[j] for j in diff_l))
            still = [j for j in same_c if j not in diff_l]
            if still:
                parts.append("still tied with " + ", ".join(names[j] for j in still) + ": rank shared")
        reasons.append("; ".join(parts))
    return ranks, wins, reasons

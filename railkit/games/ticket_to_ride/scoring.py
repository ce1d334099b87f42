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

from railkit.games.ticket_to_ride.board import find_root, join
from railkit.graphs.trails import trail_of_edges
from railkit.maps import Map, Ticket


def longest_path(m: Map, route_ids: Sequence[str]) -> tuple[int, list[str]]:
    """Length (trains) and route ids, in walking order, of the longest
    continuous path (a trail: no route twice) of these routes (TTR-SCORE-LONGEST).

    Exact: the kernel of :func:`railkit.graphs.longest_trail`, called on plain
    lists for the simulation hot path.
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
    return int(total), [route_ids[i] for i in path]  # route lengths are whole numbers


def ticket_done(m: Map, route_ids: Sequence[str], ticket: Ticket) -> bool:
    """True when the ticket's cities are joined by these routes (TTR-SCORE-TICKETS), by the
    engine's own union-find (:func:`~railkit.games.ticket_to_ride.board.find_root`).

    >>> from railkit.maps import load
    >>> m = load("teaching-small")
    >>> t = m.tickets["base"][0]
    >>> ticket_done(m, [], t), ticket_done(m, [r.id for r in m.routes], t)
    (False, True)
    """
    index = {name: i for i, name in enumerate(m.cities)}
    uf = list(range(len(index)))
    for rid in route_ids:
        r = m.route_by_id[rid]
        join(uf, index[r.a], index[r.b])
    return find_root(uf, index[ticket.a]) == find_root(uf, index[ticket.b])


def rank_seats(totals: Sequence[int], completed: Sequence[int], longest_holder: Sequence[bool],
               names: Sequence[str] | None = None) -> tuple[list[int], list[bool], list[str]]:
    """Ranks (1 = best), winners and tie-break reasons (TTR-WIN-TIE).

    Most points wins; a tie goes to the most completed tickets, then to the holder
    of the longest-path bonus; players still tied share the rank (and the win).

    >>> ranks, wins, why = rank_seats([50, 50, 40], [3, 2, 5], [False, True, True], ["Purple", "Teal", "Brown"])
    >>> ranks, wins
    ([1, 2, 3], [True, False, False])
    >>> why[0]
    'tied with Teal on 50 points; 3 completed tickets against 2 for Teal'
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

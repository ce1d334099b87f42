"""A player's track network: chains, the connection graph, deliveries, network points.

Tracks are a dict ``{hex: (a, b)}`` (the two edges a track joins, ``a < b``).
The *connection graph* has the cities ``"C1".."C6"`` and towns ``"T1".."T6"``
as nodes and one edge per maximal track chain between two of them (edge key:
the chain's first hex as ``"q,r"``, or ``"C1|T1"`` for a city next to a town).

* A track edge bordering a city connects to that city (SR-CITY-BORDER).
* A town is connected only by a track drawn through its hex (SR-TOWN-THROUGH).
* Chains that come back to where they started connect nothing and are left out.

>>> from railkit.maps.sheets import load
>>> s = load("steam-default")
>>> tracks = {(3, -2): (3, 5), (2, -2): (0, 2),                  # city 1 -> city 2
...           (1, -2): (1, 5), (1, -1): (0, 2), (2, -1): (0, 3)}  # city 2 -> town 2 -> city 1
>>> sorted(connection_graph(s, tracks).edges(keys=True))
[('C1', 'C2', '2,-2'), ('C1', 'T2', '2,-1'), ('C2', 'T2', '1,-2')]
>>> connections(s, tracks), network_points(s, tracks)
([('C1', 'C2', 0), ('C1', 'C2', 1)], 3)
>>> best_delivery(s, tracks, 1, [2], engine=3)
(2, ['C1', 'T2', 'C2'], ['2,-1', '1,-2'])
>>> best_delivery(s, tracks, 1, [2], engine=1)
(1, ['C1', 'C2'], ['2,-2'])
"""

from __future__ import annotations

from typing import Iterable, Mapping

from railkit.graphs import longest_simple_path
from railkit.maps import hexes as hx
from railkit.maps.hexes import Hex
from railkit.maps.sheets import Sheet

Tracks = Mapping[Hex, tuple[int, int]]


def city(n: int) -> str:
    return f"C{n}"


def town(n: int) -> str:
    return f"T{n}"


def _walk(sheet: Sheet, tracks: Tracks, start_hex: Hex, exit_edge: int,
          blocked: frozenset = frozenset()) -> tuple[str, list[Hex]] | None:
    """Follow track leaving ``start_hex`` through ``exit_edge`` to the node it reaches."""
    path: list[Hex] = []
    h, e = start_hex, exit_edge
    seen = set()
    while True:
        if (h, e) in blocked:
            return None
        n = hx.neighbor(h, e)
        enter = (e + 3) % 6
        c = sheet.city_at.get(n)
        if c is not None:
            return city(c), path  # SR-CITY-BORDER
        t = tracks.get(n)
        if t is None or enter not in t:
            return None
        tw = sheet.town_at.get(n)
        if tw is not None:
            return town(tw), path  # SR-TOWN-THROUGH: the track through a town hex passes the town
        if n in seen:  # a closed loop of plain track
            return None
        seen.add(n)
        path.append(n)
        h, e = n, (t[1] if t[0] == enter else t[0])


def chains(sheet: Sheet, tracks: Tracks, blocked: frozenset = frozenset()) -> list[tuple[str, str, str, tuple[Hex, ...]]]:
    """Every maximal chain between two different nodes: ``(u, v, key, hexes)``, sorted by key."""
    out: dict[str, tuple[str, str, str, tuple[Hex, ...]]] = {}
    starts: list[tuple[str, Hex, int]] = []
    for n, c in sheet.cities.items():
        for e in range(6):
            starts.append((city(n), c, e))
    for n, t in sheet.towns.items():
        tr = tracks.get(t)
        if tr is not None:  # SR-TOWN-THROUGH: a town without track connects nothing
            starts.append((town(n), t, tr[0]))
            starts.append((town(n), t, tr[1]))
    for node, h, e in starts:
        res = _walk(sheet, tracks, h, e, blocked)
        if res is None:
            continue
        end, path = res
        if end == node:
            continue  # a loop back to its own start connects nothing
        key = hx.format_hex(min(path)) if path else "|".join(sorted((node, end)))
        if key not in out:
            u, v = sorted((node, end))
            out[key] = (u, v, key, tuple(path))
    return [out[k] for k in sorted(out)]


def connection_graph(sheet: Sheet, tracks: Tracks, blocked: frozenset = frozenset()):
    """The networkx ``MultiGraph`` of cities/towns joined by track chains.

    Nodes: ``C1..C6`` (always) and ``T1..T6`` (always; isolated without track).
    Edge attributes: ``hexes`` (the chain's plain track hexes).
    """
    import networkx as nx

    G = nx.MultiGraph()
    for n in sorted(sheet.cities):
        G.add_node(city(n), kind="city", number=n)
    for n in sorted(sheet.towns):
        G.add_node(town(n), kind="town", number=n)
    for u, v, key, path in chains(sheet, tracks, blocked):
        G.add_edge(u, v, key=key, hexes=[list(h) for h in path])
    return G


def best_delivery(sheet: Sheet, tracks: Tracks, source: int, dests: Iterable[int], engine: int | None,
                  G=None) -> tuple[int, list[str], list[str]] | None:
    """The longest delivery route from city ``source`` to one of ``dests``.

    A longest path that passes no city twice (SR-DELIVER-NO-LOOP; a town has
    only two track ends, so it is never passed twice either) of at
    most ``engine`` edges (SR-DELIVER-ENGINE), found with
    :func:`railkit.graphs.longest_simple_path`. Returns ``(distance, nodes,
    chain_keys)`` or ``None``.
    """
    if G is None:
        G = connection_graph(sheet, tracks)
    targets = {city(d) for d in dests if d != source}
    if not targets:
        return None
    cities = [n for n in G.nodes if n.startswith("C")]
    res = longest_simple_path(G, city(source), targets, max_edges=engine, no_repeat=cities)
    if res is None:
        return None
    length, nodes, keys = res
    return int(length), list(nodes), list(keys)


def connections(sheet: Sheet, tracks: Tracks, G=None) -> list[tuple[str, str, int]]:
    """Completed city-to-city connections ``(city_a, city_b, towns)`` (SR-SCORE-NETWORK).

    A connection runs from a city through zero or more towns to another city.
    """
    if G is None:
        G = connection_graph(sheet, tracks)
    found: dict[frozenset, tuple[str, str, int]] = {}
    for n in sorted(sheet.cities):
        a = city(n)
        for _, v, k in G.edges(a, keys=True):
            keys = [k]
            towns = 0
            prev_key, node = k, v
            visited = {a}
            while node.startswith("T") and node not in visited:
                visited.add(node)
                towns += 1
                nxt = [(w, kk) for _, w, kk in G.edges(node, keys=True) if kk != prev_key]
                if not nxt:
                    node = None
                    break
                node, prev_key = nxt[0]
                keys.append(prev_key)
            if node is None or not node.startswith("C") or node == a:
                continue
            fk = frozenset(keys)
            if fk not in found:
                found[fk] = (min(a, node), max(a, node), towns)
    return sorted(found.values())


def network_points(sheet: Sheet, tracks: Tracks, G=None) -> int:
    """1 point per completed connection plus 1 per town on it."""
    return sum(1 + t for _, _, t in connections(sheet, tracks, G))

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

# railkit: compiled with mypyc
from __future__ import annotations

from typing import Final, Iterable, Mapping

from railkit.graphs import longest_simple_path
from railkit.maps import hexes as hx
from railkit.maps.hexes import Hex
from railkit.maps.sheets import Sheet

Tracks = Mapping[Hex, tuple[int, int]]

#: :data:`railkit.maps.hexes.DIRECTIONS`, for :func:`_walk`  # mypyc: Final constant
_DIRECTIONS: Final[tuple[tuple[int, int], ...]] = hx.DIRECTIONS


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
    city_at, town_at = sheet.city_at, sheet.town_at
    while True:
        if (h, e) in blocked:
            return None
        dq, dr = _DIRECTIONS[e]
        n = (h[0] + dq, h[1] + dr)  # hx.neighbor(h, e)
        enter = (e + 3) % 6
        c = city_at.get(n)
        if c is not None:
            return city(c), path  # SR-CITY-BORDER
        t = tracks.get(n)
        if t is None or enter not in t:
            return None
        tw = town_at.get(n)
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


def bare_chains(sheet: Sheet) -> list[tuple[str, str, str, tuple[Hex, ...]]]:
    """:func:`chains` of a sheet without track (cities that border each other), memoised on
    the sheet: every player's :class:`Network` starts from them.

    >>> from railkit.maps.sheets import load
    >>> bare_chains(load("steam-default")) == chains(load("steam-default"), {})
    True
    """
    found = sheet._cache.get("bare chains")
    if found is None:
        found = sheet._cache["bare chains"] = chains(sheet, {})
    return found


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
    return int(length), [str(n) for n in nodes], [str(k) for k in keys]


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


def longest_distances(adj: Mapping, source: str, cap: int) -> dict:
    """``{city: longest delivery distance <= cap}`` from ``source`` over simple paths of
    the connection graph given as neighbour sets ``adj`` (SR-DELIVER-LONGEST,
    SR-DELIVER-NO-LOOP). Parallel chains never change a distance (it counts nodes),
    so this equals the distance :func:`best_delivery` finds for each city.

    >>> adj = {"C1": {"T1", "C2"}, "T1": {"C1", "C2"}, "C2": {"C1", "T1"}}
    >>> longest_distances(adj, "C1", 3), longest_distances(adj, "C1", 1)
    ({'C2': 2}, {'C2': 1})
    """
    best: dict[str, int] = {}
    # a dict of sets as it is (the engine's and the bots' graphs), else a copy  # mypyc: typed container
    table: dict[str, set[str]] = adj if type(adj) is dict else {n: set(v) for n, v in adj.items()}
    around = table.get(source)
    if around is None or cap <= 0:
        return best
    _longest_dfs(table, around, 1, cap, {source}, best)
    return best


def _longest_dfs(adj: dict[str, set[str]], around: set[str], d: int, cap: int, seen: set[str],
                 best: dict[str, int]) -> None:
    """The search of :func:`longest_distances` one step on from a node ``d - 1`` steps
    from the source, whose neighbours are ``around``."""
    for n in around:
        if n in seen:
            continue
        if n[0] == "C" and d > best.get(n, 0):
            best[n] = d
        if d < cap:
            beyond = adj.get(n)
            if beyond is not None:
                seen.add(n)
                _longest_dfs(adj, beyond, d + 1, cap, seen, best)
                seen.discard(n)


class Network:
    """One player's chains and connection graph, kept up to date build by build.

    A new track never changes an existing chain (a chain's hexes are all drawn, and
    the hex drawn now was empty): it adds at most the one chain through it (two for a
    town hex, one per track end). So :meth:`add` walks out of the new track only,
    instead of walking the whole sheet again as :func:`chains` does. ``tracks`` is
    the player's own dict (shared, not copied): draw into it, then call :meth:`add`.

    >>> from railkit.maps.sheets import load
    >>> s = load("steam-default")
    >>> tracks = {}
    >>> net = Network(s, tracks)
    >>> for h, t in [((3, -2), (3, 5)), ((2, -2), (0, 2)), ((1, -2), (1, 5)), ((1, -1), (0, 2)), ((2, -1), (0, 3))]:
    ...     tracks[h] = t
    ...     net.add(h)
    >>> sorted(net.chains.items())
    [('1,-2', ('C2', 'T2')), ('2,-1', ('C1', 'T2')), ('2,-2', ('C1', 'C2'))]
    >>> net.connections() == connections(s, tracks), net.adj["C1"] == {"C2", "T2"}
    (True, True)
    """

    __slots__ = ("sheet", "tracks", "chains", "adj", "_conns")

    def __init__(self, sheet: Sheet, tracks: dict) -> None:
        self.sheet = sheet
        self.tracks = tracks
        #: chain key -> (u, v), u < v (the keys and ends of :func:`chains`)
        self.chains: dict[str, tuple[str, str]] = {}
        #: node -> the nodes a chain joins it to (only nodes with a chain)
        self.adj: dict[str, set] = {}
        self._conns: list | None = None
        for u, v, key, _ in (chains(sheet, tracks) if tracks else bare_chains(sheet)):
            self._join(u, v, key)

    def _join(self, u: str, v: str, key: str) -> None:
        self.chains[key] = (u, v)
        self.adj.setdefault(u, set()).add(v)
        self.adj.setdefault(v, set()).add(u)
        self._conns = None

    def add(self, h: Hex) -> None:
        """Take in the track just drawn into hex ``h``."""
        for u, v, key in self.chains_through(h):
            self._join(u, v, key)

    def chains_through(self, h: Hex) -> list[tuple[str, str, str]]:
        """The chains ``(u, v, key)`` that the track in hex ``h`` (drawn into ``tracks``,
        not yet taken in) completes: none, one, or for a town hex up to two."""
        sheet, tracks = self.sheet, self.tracks
        a, b = tracks[h]
        tw = sheet.town_at.get(h)
        if tw is not None:  # SR-TOWN-THROUGH: each track end of the town may reach a node
            node = town(tw)
            out = []
            for e in (a, b):
                res = _walk(sheet, tracks, h, e)
                if res is None or res[0] == node:
                    continue
                end, path = res
                key = hx.format_hex(min(path)) if path else "|".join(sorted((node, end)))
                u, v = sorted((node, end))
                out.append((u, v, key))
            return out
        ra = _walk(sheet, tracks, h, a)
        if ra is None:
            return []
        rb = _walk(sheet, tracks, h, b)
        if rb is None or rb[0] == ra[0]:
            return []  # open at one end, or a loop back to the node it left
        u, v = sorted((ra[0], rb[0]))
        return [(u, v, hx.format_hex(min(min(ra[1], default=h), min(rb[1], default=h), h)))]

    def connections(self) -> list[tuple[str, str, int]]:
        """The completed connections, as :func:`connections` gives them (cached until a chain is added)."""
        if self._conns is None:
            self._conns = connections_of_chains(self.sheet, self.chains)
        return self._conns


def connections_of_chains(sheet: Sheet, chain_ends: Mapping[str, tuple[str, str]]) -> list[tuple[str, str, int]]:
    """:func:`connections` from the chains given as ``{key: (u, v)}`` (as :class:`Network` keeps them)."""
    by_node: dict[str, list] = {}
    for key in sorted(chain_ends):
        u, v = chain_ends[key]
        by_node.setdefault(u, []).append((v, key))
        by_node.setdefault(v, []).append((u, key))
    found: dict = {}
    for n in sorted(sheet.cities):
        a = city(n)
        for v, k in by_node.get(a, ()):
            keys = [k]
            towns = 0
            prev_key, node = k, v
            visited = {a}
            while node is not None and node[0] == "T" and node not in visited:
                visited.add(node)
                towns += 1
                nxt = [(w, kk) for w, kk in by_node.get(node, ()) if kk != prev_key]
                if not nxt:
                    node = None
                    break
                node, prev_key = nxt[0]
                keys.append(prev_key)
            if node is None or node[0] != "C" or node == a:
                continue
            fk = frozenset(keys)
            if fk not in found:
                found[fk] = (min(a, node), max(a, node), towns)
    return sorted(found.values())

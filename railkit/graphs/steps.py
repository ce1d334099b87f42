"""Graph algorithms as traces: every step of the run, frozen, for teaching.

Each function runs one algorithm and returns a :class:`Trace`, a sequence of
immutable :class:`Frame` objects. A frame holds the state of every node and
edge (one of :data:`STATES`), the algorithm's data structure (queue, stack,
priority queue, distance table, union–find ...), the pseudocode line being run
and one sentence of narration: a :class:`~railkit.core.i18n.Message`, rendered
in the reader's language where it is shown (``frame.text`` is its English). The
pseudocode lines and the data structures' names are English message ids too
(marked with :func:`~railkit.core.i18n.word`), translated where they are shown. ``trace.result`` is what the plain algorithm
returns; the tests check it against networkx or brute force.

Frames where the algorithm *chooses* something (the next city to expand, the
next route to add) carry ``pick`` (what it took) and ``accept`` (everything it
could equally have taken: ties), so a student can be asked to predict it
(:mod:`railkit.graphs.quiz`).

Edges are named ``(u, v, key)`` as in ``G.edges(keys=True)``; on a railkit map
the key is the route id. Neighbours are taken in a fixed order (by name), so a
trace is reproducible.

>>> from railkit.maps import load
>>> t = dijkstra(load("usa").graph(), "Denver", "Chicago")
>>> t.result
(8, ['Denver', 'Omaha', 'Chicago'])
>>> t[0].text
'Start at Denver with distance 0; every other city is at infinity.'
>>> t[0].narration.render("de")
'Start in Denver mit Entfernung 0; jede andere Stadt ist unendlich weit weg.'
>>> t[-1].nodes["Omaha"]
'solution'
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Collection, Hashable, Iterable, Mapping, Sequence

import networkx as nx

from railkit.core.i18n import Message, word
from railkit.graphs import steiner as _steiner
from railkit.graphs import trails as _trails
from railkit.graphs.paths import longest_simple_path

Node = Hashable
EdgeId = tuple[Hashable, Hashable, Hashable]

#: Every state a node or an edge can be in, across all lessons (one colour legend).
STATES = ("unexplored", "frontier", "current", "explored", "solution", "rejected", "blocked")

#: The names of the data structures a frame may hold (the keys of :attr:`Frame.data`), marked
#: as message ids: a view shows each in the reader's language.
DATA_NAMES = (word("queue"), word("stack"), word("priority queue"), word("distance"), word("candidates"),
              word("tree"), word("sorted routes"), word("union-find"), word("trail"), word("best"), word("flow"),
              word("path"), word("reachable"), word("cut"), word("flow on routes"), word("residual: full one way"),
              word("residual: free both ways"), word("tickets"), word("terminals"), word("cost"), word("groups"))


@dataclass(frozen=True)
class Frame:
    """One step of an algorithm, frozen.

    Attributes
    ----------
    nodes, edges : Mapping
        State (one of :data:`STATES`) of every node and of every edge ``(u, v, key)``.
    data : Mapping
        The data structures by name, each a tuple (e.g. ``{"queue": ("Denver", "Omaha")}``).
    line : int
        Index of the pseudocode line being run.
    narration : Message
        One sentence of narration (``text``: in English).
    pick : node, edge or None
        What the algorithm chose in this step (None: no choice was made).
    accept : frozenset
        Every choice that was equally right here (ties), ``pick`` among them.
    tie_reason : Message or None
        Why several choices were right (None when there was one; ``why``: in English).
    arrows : tuple
        Flow drawn on the routes (max flow): ``(u, v, edge, flow, capacity)`` for each route
        carrying ``flow`` units from ``u`` to ``v``; a full one (flow = capacity) can only
        carry flow back in the residual graph.
    """

    nodes: Mapping[Node, str]
    edges: Mapping[EdgeId, str]
    data: Mapping[str, tuple]
    line: int
    narration: Message
    pick: Any = None
    accept: frozenset = frozenset()
    tie_reason: Message | None = None
    arrows: tuple = ()

    @property
    def text(self) -> str:
        """The narration in English."""
        return str(self.narration)

    @property
    def why(self) -> str:
        """Why several choices were right, in English (empty when there was one)."""
        return "" if self.tie_reason is None else str(self.tie_reason)


@dataclass(frozen=True)
class Trace(Sequence):
    """The frames of one run, its pseudocode and its result.

    A sequence: ``len(trace)``, ``trace[i]``, ``for frame in trace``.
    """

    algorithm: str
    pseudocode: tuple[str, ...]
    frames: tuple[Frame, ...]
    result: Any
    stats: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __len__(self) -> int:
        return len(self.frames)

    def __getitem__(self, i):
        return self.frames[i]

    def __repr__(self) -> str:
        return f"<Trace {self.algorithm}: {len(self.frames)} frames, result={self.result!r}>"


def _order(x):
    """Sort key: numbers by value, everything else by its text."""
    return (0, x, "") if isinstance(x, (int, float)) and not isinstance(x, bool) else (1, 0, str(x))


def _fmt(x) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return "∞" if x == math.inf else str(x)


class _Recorder:
    """Mutable node/edge states and the growing list of frames."""

    def __init__(self, G, blocked: Collection = ()):
        self.G = G
        self.multi = G.is_multigraph()
        self.edge_ids: list[EdgeId] = list(G.edges(keys=True)) if self.multi else [(u, v, None) for u, v in G.edges]
        self.canon: dict = {}
        for e in self.edge_ids:
            self.canon[e] = e
            self.canon[(e[1], e[0], e[2])] = e
        self.nodes = {n: "unexplored" for n in G.nodes}
        self.edges = {e: ("blocked" if e[2] in blocked else "unexplored") for e in self.edge_ids}
        self.frames: list[Frame] = []

    def frame(self, line: int, text: Message, data: Mapping[str, Iterable] = (), pick=None, accept=(),
              why: Message | None = None, arrows: tuple = ()) -> None:
        data = dict(data)
        self.frames.append(Frame(
            MappingProxyType(dict(self.nodes)), MappingProxyType(dict(self.edges)),
            MappingProxyType({k: tuple(v) for k, v in data.items()}), line, text, pick,
            frozenset(accept) if accept else (frozenset([pick]) if pick is not None else frozenset()), why,
            arrows))

    def edge(self, e: EdgeId, state: str) -> None:
        self.edges[self.canon[e]] = state


def _adjacency(G, weight: str | None, blocked: Collection = ()) -> dict:
    """``{u: [(v, edge_id, w), ...]}``, neighbours sorted by name, then edge key, without blocked edges."""
    blocked = set(blocked)
    adj: dict = {n: [] for n in G.nodes}
    items = G.edges(keys=True, data=True) if G.is_multigraph() else ((u, v, None, d) for u, v, d in G.edges(data=True))
    for u, v, k, d in items:
        if k is not None and k in blocked:
            continue
        w = d.get(weight, 1) if weight else 1
        adj[u].append((v, (u, v, k), w))
        if u != v:
            adj[v].append((u, (u, v, k), w))
    for u in adj:
        adj[u].sort(key=lambda t: (_order(t[0]), _order(t[1][2]), t[2]))
    return adj


def _check_node(G, n, what: str) -> None:
    if n not in G:
        raise ValueError(f"{what} {n!r} is not a city of the map")


def _mark_path(rec: _Recorder, nodes: list, edges: list) -> None:
    for n in nodes:
        rec.nodes[n] = "solution"
    for e in edges:
        rec.edge(e, "solution")


# ----------------------------------------------------------------------------- traversal
BFS_CODE = (
    word("mark source; queue = [source]"),
    word("while queue is not empty:"),
    word("    u = queue.pop_front()"),
    word("    if u is the target: stop, it is reachable"),
    word("    for each route u - v not taken by others:"),
    word("        if v is not marked: mark v; queue.push_back(v)"),
    word("the target cannot be reached"),
)


def bfs(G, source: Node, target: Node | None = None, blocked: Collection = ()) -> Trace:
    """Breadth-first search from ``source``, avoiding ``blocked`` edge keys.

    ``result`` is ``{node: hops}`` for every node reached, or, with a
    ``target``, the number of hops to it (None when it cannot be reached: the
    ticket can no longer be completed).

    Examples
    --------
    >>> from railkit.maps import load
    >>> G = load("teaching-small").graph()
    >>> bfs(G, "Harbor", "Summit").result
    3
    >>> bfs(G, "Harbor", "Summit", blocked={"Fort-Summit", "Lake-Summit", "Summit-Peak"}).result is None
    True
    """
    _check_node(G, source, "source")
    if target is not None:
        _check_node(G, target, "target")
    adj = _adjacency(G, None, blocked)
    rec = _Recorder(G, blocked)
    depth = {source: 0}
    parent: dict = {}
    queue = [source]
    head = 0
    rec.nodes[source] = "frontier"
    rec.frame(0, Message("Mark {city} and put it in the queue.", city=source), {"queue": queue})
    while head < len(queue):
        u = queue[head]
        d = depth[u]
        ties = [x for x in queue[head:] if depth[x] == d]
        head += 1
        rec.nodes[u] = "current"
        rec.frame(2, Message("Take {city} (hop {hops}) from the front of the queue.", city=u, hops=d),
                  {"queue": queue[head:]}, pick=u, accept=ties,
                  why=Message("any city {hops} hops away may come next; railkit's queue keeps them in the order found",
                              hops=d) if len(ties) > 1 else None)
        if u == target:
            path = [u]
            while path[-1] in parent:
                path.append(parent[path[-1]][0])
            _mark_path(rec, path, [parent[x][1] for x in path[:-1]])
            rec.frame(3, Message("{city} is reached in {hops} hops: the ticket can still be completed.", city=u, hops=d),
                      {"queue": queue[head:]})
            return Trace("bfs", BFS_CODE, tuple(rec.frames), d, MappingProxyType({"expanded": head}))
        for v, e, _ in adj[u]:
            if v not in depth:
                depth[v] = d + 1
                parent[v] = (u, e)
                queue.append(v)
                rec.nodes[v] = "frontier"
                rec.edge(e, "explored")
                rec.frame(5, Message("{city} is new: mark it and put it at the back of the queue.", city=v),
                          {"queue": queue[head:]})
        rec.nodes[u] = "explored"
    if target is not None:
        rec.frame(6, Message("The queue is empty and {city} was never reached: the ticket cannot be completed.",
                             city=target), {"queue": ()})
        return Trace("bfs", BFS_CODE, tuple(rec.frames), None, MappingProxyType({"expanded": head}))
    rec.frame(1, Message("The queue is empty: {n} cities can be reached from {city}.", n=len(depth), city=source),
              {"queue": ()})
    return Trace("bfs", BFS_CODE, tuple(rec.frames), depth, MappingProxyType({"expanded": head}))


DFS_CODE = (
    word("stack = [source]; mark source"),
    word("while stack is not empty:"),
    word("    u = top of stack"),
    word("    if u is the target: stop, it is reachable"),
    word("    if u has a route to an unmarked v: mark v; push v"),
    word("    else: pop u (backtrack)"),
    word("the target cannot be reached"),
)


def dfs(G, source: Node, target: Node | None = None, blocked: Collection = ()) -> Trace:
    """Depth-first search from ``source`` (neighbours by name), avoiding ``blocked`` edge keys.

    ``result`` is the list of nodes in the order first visited (preorder), or,
    with a ``target``, True/False: can it be reached?

    Examples
    --------
    >>> import networkx as nx
    >>> dfs(nx.MultiGraph([(1, 2), (1, 3), (2, 4)]), 1).result
    [1, 2, 4, 3]
    """
    _check_node(G, source, "source")
    if target is not None:
        _check_node(G, target, "target")
    adj = _adjacency(G, None, blocked)
    rec = _Recorder(G, blocked)
    seen = {source}
    order = [source]
    stack = [source]
    via: list = [None]
    ptr = {source: 0}
    rec.nodes[source] = "current"
    rec.frame(0, Message("Start at {city}: mark it and push it.", city=source), {"stack": stack})
    while stack:
        u = stack[-1]
        if u == target:
            _mark_path(rec, stack, [e for e in via[1:]])
            rec.frame(3, Message("{city} is reached: the ticket can still be completed.", city=u), {"stack": stack})
            return Trace("dfs", DFS_CODE, tuple(rec.frames), True, MappingProxyType({"expanded": len(order)}))
        lst = adj[u]
        p = ptr[u]
        while p < len(lst) and lst[p][0] in seen:
            p += 1
        ptr[u] = p
        if p < len(lst):
            v, e, _ = lst[p]
            ties = sorted({x for x, _, _ in lst[p:] if x not in seen}, key=_order)
            seen.add(v)
            order.append(v)
            rec.nodes[u] = "frontier"
            stack.append(v)
            via.append(e)
            ptr[v] = 0
            rec.nodes[v] = "current"
            rec.edge(e, "explored")
            rec.frame(4, Message("Go deeper: {a} → {b}.", a=u, b=v), {"stack": stack}, pick=v, accept=ties,
                      why=Message("any unmarked neighbour of {city} is a correct next step; railkit takes them by name",
                                  city=u) if len(ties) > 1 else None)
        else:
            stack.pop()
            via.pop()
            rec.nodes[u] = "explored"
            if stack:
                rec.nodes[stack[-1]] = "current"
            rec.frame(5, Message("{city} has no unmarked neighbour: back up to {back}.", city=u, back=stack[-1])
                      if stack else Message("{city} has no unmarked neighbour: back up.", city=u), {"stack": stack})
    if target is not None:
        rec.frame(6, Message("Every reachable city was visited and {city} is not one: the ticket cannot be completed.",
                             city=target), {"stack": ()})
        return Trace("dfs", DFS_CODE, tuple(rec.frames), False, MappingProxyType({"expanded": len(order)}))
    rec.frame(1, Message("The stack is empty: {n} cities visited.", n=len(order)), {"stack": ()})
    return Trace("dfs", DFS_CODE, tuple(rec.frames), order, MappingProxyType({"expanded": len(order)}))


# ----------------------------------------------------------------------------- shortest paths
DIJKSTRA_CODE = (
    word("dist[source] = 0; dist[v] = ∞ for the others; pq = [source]"),
    word("while pq is not empty:"),
    word("    u = the city in pq with the smallest dist (expand it)"),
    word("    if u is the target: stop"),
    word("    for each route u - v of length w:"),
    word("        if dist[u] + w < dist[v]: dist[v] = dist[u] + w; prev[v] = u; put v in pq"),
    word("done: dist holds the shortest distances"),
)


def _search(G, source, target, weight, blocked, h: Callable | None, name: str, code) -> Trace:
    _check_node(G, source, "source")
    if target is not None:
        _check_node(G, target, "target")
    adj = _adjacency(G, weight, blocked)
    rec = _Recorder(G, blocked)
    dist = {source: 0}
    prev: dict = {}
    hv = (lambda v: h(v)) if h else (lambda v: 0)
    heap = [(hv(source), 0, _order(source), source)]
    done: set = set()
    rec.nodes[source] = "frontier"

    def table():
        return tuple((n, dist[n]) for n in sorted(dist, key=_order))

    def pq():
        live = sorted((f, d, k, n) for f, d, k, n in heap if n not in done and d == dist[n])
        if h:
            return tuple((n, round(f, 2), d) for f, d, _, n in live)
        return tuple((n, d) for _, d, _, n in live)

    first = (Message("Start at {city} with distance 0; every other city is at infinity.", city=source) if not h else
             Message("Start at {city}: g = 0, f = g + h = {f} (h: straight-line estimate to {target}).", city=source,
                     f=_fmt(round(hv(source), 2)), target=target))
    rec.frame(0, first, {"priority queue": pq(), "distance": table()})
    while heap:
        f, d, _, u = heapq.heappop(heap)
        if u in done or d != dist[u]:
            continue
        live = [(ff, n) for ff, dd, _, n in heap if n not in done and dd == dist[n]]
        ties = {u} | {n for ff, n in live if abs(ff - f) <= 1e-9}
        done.add(u)
        rec.nodes[u] = "current"
        value = _fmt(round(f, 2))
        say = (Message("Expand {city}: its f {f} is the smallest in the queue.", city=u, f=value) if h else
               Message("Expand {city}: its distance {d} is the smallest in the queue.", city=u, d=value))
        tie = None
        if len(ties) > 1:
            tie = (Message("these cities tie at f {f}; either order gives the same distances", f=value) if h else
                   Message("these cities tie at distance {d}; either order gives the same distances", d=value))
        rec.frame(2, say, {"priority queue": pq(), "distance": table()}, pick=u, accept=ties, why=tie)
        if u == target:
            path = [u]
            while path[-1] in prev:
                path.append(prev[path[-1]][0])
            path.reverse()
            _mark_path(rec, path, [prev[x][1] for x in path[1:]])
            rec.frame(3, Message("{city} is expanded: the shortest trip is {d} trains, found after expanding {n} cities.",
                                 city=target, d=_fmt(d), n=len(done)), {"priority queue": pq(), "distance": table()})
            return Trace(name, code, tuple(rec.frames), (d, path), MappingProxyType({"expanded": len(done)}))
        for v, e, w in adj[u]:
            if v in done:
                continue
            nd = d + w
            if nd < dist.get(v, math.inf):
                old = dist.get(v, math.inf)
                dist[v] = nd
                if v in prev:
                    rec.edge(prev[v][1], "rejected")
                prev[v] = (u, e)
                heapq.heappush(heap, (nd + hv(v), nd, _order(v), v))
                rec.nodes[v] = "frontier"
                rec.edge(e, "frontier")
                rec.frame(5, Message("Via {a}, {b} is at {d} (was {old}).", a=u, b=v, d=_fmt(nd), old=_fmt(old)),
                          {"priority queue": pq(), "distance": table()})
        rec.nodes[u] = "explored"
        if u in prev:
            rec.edge(prev[u][1], "explored")
    if target is not None:
        rec.frame(6, Message("The queue is empty: {city} cannot be reached.", city=target),
                  {"priority queue": (), "distance": table()})
        return Trace(name, code, tuple(rec.frames), None, MappingProxyType({"expanded": len(done)}))
    rec.frame(6, Message("The queue is empty: shortest distances to {n} cities are known.", n=len(dist)),
              {"priority queue": (), "distance": table()})
    return Trace(name, code, tuple(rec.frames), dist, MappingProxyType({"expanded": len(done)}))


def dijkstra(G, source: Node, target: Node | None = None, weight: str | None = "length",
             blocked: Collection = ()) -> Trace:
    """Dijkstra's shortest paths from ``source``, avoiding ``blocked`` edge keys.

    ``result``: ``{node: distance}``, or with a ``target`` ``(distance, path)``
    (None when unreachable). ``stats["expanded"]`` counts the cities expanded.

    Examples
    --------
    >>> from railkit.maps import load
    >>> t = dijkstra(load("usa").graph(), "Denver", "Miami")
    >>> t.result[0], t.stats["expanded"]
    (14, 34)
    """
    return _search(G, source, target, weight, blocked, None, "dijkstra", DIJKSTRA_CODE)


ASTAR_CODE = (
    word("g[source] = 0; open = [source] with f = g + h"),
    word("while open is not empty:"),
    word("    u = the city in open with the smallest f = g + h (expand it)"),
    word("    if u is the target: stop"),
    word("    for each route u - v of length w:"),
    word("        if g[u] + w < g[v]: g[v] = g[u] + w; prev[v] = u; put v in open with f = g[v] + h(v)"),
    word("the target cannot be reached"),
)


def straight_line(G, target: Node, weight: str | None = "length") -> Callable[[Node], float]:
    """An admissible A* estimate: straight-line distance to ``target`` from the nodes' ``pos``,
    scaled so that no edge is shorter than its estimate (so it never overestimates).

    >>> from railkit.maps import load
    >>> h = straight_line(load("usa").graph(), "Miami")
    >>> h("Miami"), 0 < h("Denver") <= 17
    (0.0, True)
    """
    pos = nx.get_node_attributes(G, "pos")
    if target not in pos:
        raise ValueError(f"A* needs city coordinates: {target!r} has no 'pos'")
    scale = math.inf
    for u, v, d in G.edges(data=True):
        dd = math.dist(pos[u], pos[v])
        if dd > 0:
            scale = min(scale, (d.get(weight, 1) if weight else 1) / dd)
    scale = 0.0 if scale == math.inf else scale
    tx, ty = pos[target]
    return lambda n: scale * math.hypot(pos[n][0] - tx, pos[n][1] - ty)


def astar(G, source: Node, target: Node, weight: str | None = "length", blocked: Collection = (),
          heuristic: Callable[[Node], float] | None = None) -> Trace:
    """A* search from ``source`` to ``target`` with the straight-line estimate
    (:func:`straight_line`) unless another ``heuristic`` is given.

    ``result``: ``(distance, path)`` or None. ``stats["expanded"]`` counts the cities expanded.

    Examples
    --------
    >>> from railkit.maps import load
    >>> t = astar(load("usa").graph(), "Denver", "Miami")
    >>> t.result[0], t.stats["expanded"]
    (14, 19)
    """
    h = heuristic or straight_line(G, target, weight)
    return _search(G, source, target, weight, blocked, h, "astar", ASTAR_CODE)


# ----------------------------------------------------------------------------- spanning trees
PRIM_CODE = (
    word("tree = [root]"),
    word("while some route leaves the tree:"),
    word("    take the shortest route u - v with u in the tree and v outside"),
    word("    add v and the route to the tree"),
    word("the tree spans the component (start again in the next one)"),
)


def prim(G, root: Node | None = None, weight: str | None = "length") -> Trace:
    """Prim's minimum spanning tree (a forest: one tree per component, the
    first grown from ``root``).

    ``result``: ``(total weight, edges)``.

    Examples
    --------
    >>> from railkit.maps import load
    >>> prim(load("usa").graph(), "Denver").result[0]
    78
    """
    adj = _adjacency(G, weight)
    rec = _Recorder(G)
    inside: set = set()
    tree: list = []
    total = 0
    roots = ([root] if root is not None else []) + sorted(G.nodes, key=_order)
    if root is not None:
        _check_node(G, root, "root")
    for r in roots:
        if r in inside:
            continue
        inside.add(r)
        rec.nodes[r] = "explored"
        heap = []
        for v, e, w in adj[r]:
            heapq.heappush(heap, (w, _order(e[2]), _order(v), v, e))
            if v not in inside:
                rec.edge(e, "frontier")
        rec.frame(0, Message("Start a tree at {city}.", city=r),
                  {"candidates": _cands(heap, inside), "tree": tuple(x[2] for x in tree)})
        while heap:
            w, _, _, v, e = heapq.heappop(heap)
            if v in inside:
                if rec.edges[rec.canon[e]] == "frontier":
                    rec.edge(e, "rejected")
                continue
            live = [x for x in heap if x[3] not in inside]
            ties = {e} | {x[4] for x in live if x[0] == w}
            inside.add(v)
            tree.append(e)
            total += w
            rec.nodes[v] = "explored"
            rec.edge(e, "solution")
            for x, e2, w2 in adj[v]:
                if x not in inside:
                    heapq.heappush(heap, (w2, _order(e2[2]), _order(x), x, e2))
                    rec.edge(e2, "frontier")
                elif rec.edges[rec.canon[e2]] == "frontier":
                    rec.edge(e2, "rejected")
            rec.frame(2, Message("The shortest route leaving the tree is {route} ({length}): add {city}.",
                                 route=_label(e), length=_fmt(w), city=v),
                      {"candidates": _cands(heap, inside), "tree": tuple(x[2] for x in tree)}, pick=e, accept=ties,
                      why=Message("these routes tie at length {length}; either keeps the tree minimal", length=_fmt(w))
                      if len(ties) > 1 else None)
        rec.frame(4, Message("No route leaves this tree: it spans {n} cities.", n=len(nx.node_connected_component(G, r))),
                  {"candidates": (), "tree": tuple(x[2] for x in tree)})
    rec.frame(4, Message("Minimum spanning tree: {n} routes, total length {length}.", n=len(tree), length=_fmt(total)),
              {"candidates": (), "tree": tuple(x[2] for x in tree)})
    return Trace("prim", PRIM_CODE, tuple(rec.frames), (total, tree), MappingProxyType({"edges": len(tree)}))


def _label(e: EdgeId) -> str:
    return str(e[2]) if isinstance(e[2], str) else f"{e[0]}–{e[1]}"


def _cands(heap, inside) -> tuple:
    return tuple((_label(e), w) for w, _, _, v, e in sorted(heap) if v not in inside)


KRUSKAL_CODE = (
    word("sort the routes by length; each city is its own set"),
    word("for each route u - v, shortest first:"),
    word("    if find(u) != find(v): add the route; union(u, v)"),
    word("    else: skip it (it would close a cycle)"),
    word("the chosen routes form a minimum spanning forest"),
)


def kruskal(G, weight: str | None = "length") -> Trace:
    """Kruskal's minimum spanning forest with a union–find (ties by route id).

    ``result``: ``(total weight, edges)``.

    Examples
    --------
    >>> from railkit.maps import load
    >>> kruskal(load("usa").graph()).result[0]
    78
    """
    rec = _Recorder(G)
    items = G.edges(keys=True, data=True) if G.is_multigraph() else ((u, v, None, d) for u, v, d in G.edges(data=True))
    order = sorted(((d.get(weight, 1) if weight else 1), _order(k), _order(u), _order(v), (u, v, k))
                   for u, v, k, d in items)
    parent = {n: n for n in G.nodes}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def uf():
        return tuple((n, find(n)) for n in sorted(parent, key=_order) if find(n) != n)

    tree: list = []
    total = 0
    rec.frame(0, Message("Sort the {n} routes by length; every city starts in its own set.", n=len(order)),
              {"sorted routes": tuple((_label(x[4]), x[0]) for x in order), "union-find": uf()})
    for i, (w, _, _, _, e) in enumerate(order):
        u, v = e[0], e[1]
        ru, rv = find(u), find(v)
        rest = tuple((_label(x[4]), x[0]) for x in order[i + 1:])
        if ru != rv:
            ties = {e} | {x[4] for x in order[i + 1:] if x[0] == w and find(x[4][0]) != find(x[4][1])}
            parent[ru] = rv
            tree.append(e)
            total += w
            rec.edge(e, "solution")
            rec.nodes[u] = rec.nodes[v] = "explored"
            rec.frame(2, Message("{route} ({length}) joins two different sets: add it.", route=_label(e), length=_fmt(w)),
                      {"sorted routes": rest, "union-find": uf()}, pick=e, accept=ties,
                      why=Message("these routes of length {length} each join two sets; any of them may come first",
                                  length=_fmt(w)) if len(ties) > 1 else None)
        else:
            rec.edge(e, "rejected")
            rec.frame(3, Message("{route} ({length}) would close a cycle: {a} and {b} are already joined.",
                                 route=_label(e), length=_fmt(w), a=u, b=v),
                      {"sorted routes": rest, "union-find": uf()})
    rec.frame(4, Message("Minimum spanning forest: {n} routes, total length {length}.", n=len(tree), length=_fmt(total)),
              {"sorted routes": (), "union-find": uf()})
    return Trace("kruskal", KRUSKAL_CODE, tuple(rec.frames), (total, tree), MappingProxyType({"edges": len(tree)}))


# ----------------------------------------------------------------------------- Euler
HIERHOLZER_CODE = (
    word("start at an odd city (or any city if none is odd); stack = [start]"),
    word("while stack is not empty:"),
    word("    u = top of stack"),
    word("    if u has an unused route u - v: mark it used; push v"),
    word("    else: pop u onto the front of the trail"),
    word("the trail uses every route once"),
)


def hierholzer(G, start: Node | None = None) -> Trace:
    """Hierholzer's Euler trail of the component of ``start`` (default: an odd
    node, else the first node with an edge).

    A connected network with at most two odd cities has a trail through every
    route exactly once, so its longest trail is its whole length.

    ``result``: the trail as a list of edges ``(u, v, key)`` in walking order.

    Raises
    ------
    ValueError
        When the component has more than two odd cities (no Euler trail), or
        ``start`` is even while two cities are odd.

    Examples
    --------
    >>> import networkx as nx
    >>> [e[:2] for e in hierholzer(nx.MultiGraph([(1, 2), (2, 3), (3, 1), (3, 4)])).result]
    [(3, 1), (1, 2), (2, 3), (3, 4)]
    """
    rec = _Recorder(G)
    adj = _adjacency(G, None)
    nodes_with_edges = [n for n in G.nodes if adj[n]]
    if not nodes_with_edges:
        rec.frame(5, Message("There is no route to walk."))
        return Trace("hierholzer", HIERHOLZER_CODE, tuple(rec.frames), [])
    comp = nx.node_connected_component(G, start if start is not None else nodes_with_edges[0])
    odd = sorted((n for n in comp if G.degree(n) % 2), key=_order)
    if len(odd) > 2:
        raise ValueError(f"no Euler trail: {len(odd)} cities have an odd number of routes "
                         f"({', '.join(map(str, odd[:6]))}{'...' if len(odd) > 6 else ''}); at most 2 may")
    if start is None:
        start = odd[0] if odd else min(comp, key=_order)
    elif odd and start not in odd:
        raise ValueError(f"an Euler trail must start at an odd city ({odd[0]} or {odd[1]}), not {start}")
    used: set = set()
    stack = [(start, None)]
    trail: list = []
    rec.nodes[start] = "current"
    rec.frame(0, Message("Start at {city}, one of the two odd cities.", city=start) if odd else
              Message("Start at {city}; every city is even.", city=start), {"stack": (start,), "trail": ()})
    while stack:
        u, via = stack[-1]
        free = [(v, e) for v, e, _ in adj[u] if e not in used]
        if free:
            v, e = free[0]
            used.add(e)
            stack.append((v, e))
            rec.edge(e, "explored")
            rec.nodes[u] = "frontier"
            rec.nodes[v] = "current"
            rec.frame(3, Message("Walk the unused route {a} → {b}.", a=u, b=v),
                      {"stack": tuple(x for x, _ in stack), "trail": tuple(_label(x) for x in trail)},
                      pick=e, accept={f for _, f in free},
                      why=Message("any unused route at {city} works: Hierholzer splices in the detours later", city=u)
                      if len(free) > 1 else None)
        else:
            stack.pop()
            if via is not None:
                a = stack[-1][0]
                trail.append((a, u, via[2]))
                rec.edge(via, "solution")
            rec.nodes[u] = "explored" if any(x == u for x, _ in stack) else "solution"
            if stack:
                rec.nodes[stack[-1][0]] = "current"
            rec.frame(4, Message("{city} has no unused route: move it onto the trail.", city=u),
                      {"stack": tuple(x for x, _ in stack), "trail": tuple(_label(x) for x in trail)})
    trail.reverse()
    for n in comp:
        rec.nodes[n] = "solution"
    rec.frame(5, Message("The trail walks all {n} routes once.", n=len(trail)),
              {"stack": (), "trail": tuple(_label(x) for x in trail)})
    return Trace("hierholzer", HIERHOLZER_CODE, tuple(rec.frames), trail)


# ----------------------------------------------------------------------------- longest trail
TRAIL_CODE = (
    word("if the network has at most 2 odd cities: the whole network is a trail (Euler)"),
    word("for each odd city s: extend(s)"),
    word("extend(u): if this trail is the longest so far: remember it"),
    word("    if length + unused length still reachable <= best: cut (this branch cannot win)"),
    word("    for each unused route u - v: use it; extend(v); give it back"),
    word("the best trail found is the longest"),
)


def longest_trail(G, weight: str | None = "length", max_frames: int = 3000) -> Trace:
    """The longest trail (no route twice) by branch and bound, step by step.

    The search starts at the odd cities (a longest trail ends at odd cities
    unless the network is an Euler network); a branch is cut when even all
    unused routes of the component would not beat the best trail. Frames are
    recorded up to ``max_frames`` (the search itself always finishes).

    ``result``: ``(length, edges)``; its length equals
    :func:`railkit.graphs.longest_trail`'s.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiGraph()
    >>> for u, v, w in [("A", "B", 2), ("B", "C", 2), ("C", "A", 2), ("C", "D", 5), ("B", "E", 1), ("A", "F", 1)]:
    ...     _ = G.add_edge(u, v, key=u + v, length=w)
    >>> t = longest_trail(G)
    >>> t.result[0], t.stats["cut"] > 0
    (11, True)
    """
    rec = _Recorder(G)
    adj = _adjacency(G, weight)
    wt = {e: w for u in adj for _, e, w in adj[u]}
    total_len = sum(wt.values())
    cut = [0]
    best: list = [0, []]
    full = [False]

    def snap(line, text, path, pick=None, accept=(), why=None):
        if len(rec.frames) >= max_frames:
            full[0] = True
            return
        rec.frame(line, text, {"trail": tuple(_label(e) for _, e in path), "best": (best[0],)}, pick, accept, why)

    comps = sorted((sorted(c, key=_order) for c in nx.connected_components(G)),
                   key=lambda c: -sum(wt[e] for n in c for _, e, _ in adj[n]) / 2)
    for comp in comps:
        ctotal = sum(wt[e] for e in {e for n in comp for _, e, _ in adj[n]})
        if ctotal <= best[0]:
            continue
        odd = [n for n in comp if len(adj[n]) % 2]
        if len(odd) <= 2:
            # Euler: the whole component is a trail
            sub = G.subgraph(comp)
            eul = hierholzer(sub, odd[0] if odd else None).result
            best[0], best[1] = ctotal, eul
            for n in comp:
                rec.nodes[n] = "solution"
            for e in eul:
                rec.edge(e, "solution")
            snap(0, Message("This network has {n} odd cities: an Euler trail walks all of it, length {length}.",
                            n=len(odd), length=_fmt(ctotal)), [])
            continue
        used: set = set()
        path: list = []
        # with k odd cities at least (k - 2) / 2 routes stay unused: reaching this is optimal
        ub = ctotal - sum(sorted(wt[e] for e in {e for n in comp for _, e, _ in adj[n]})[: (len(odd) - 2) // 2])

        def extend(u, length):
            if length > best[0]:
                best[0], best[1] = length, [(a, b, e[2]) for a, b, e in _walk(path)]
                snap(2, Message("New longest trail so far: {length}.", length=_fmt(length)), path)
            if best[0] >= ub:
                return
            # the trail can only go on over unused routes it can still reach from u
            reach, seen, todo = 0, {u}, [u]
            for x in todo:
                for y, e, w in adj[x]:
                    if e not in used and e not in seen:
                        seen.add(e)
                        reach += w
                        if y not in seen:
                            seen.add(y)
                            todo.append(y)
            if length + reach <= best[0]:
                cut[0] += 1
                snap(3, Message("Cut: {length} + {reach} still reachable ≤ best {best}.", length=_fmt(length),
                                reach=_fmt(reach), best=_fmt(best[0])), path)
                return
            free = [(v, e, w) for v, e, w in adj[u] if e not in used]
            for i, (v, e, w) in enumerate(free):
                if e in used:
                    continue
                untried = {f for _, f, _ in free[i:] if f not in used}
                used.add(e)
                path.append((u, e))
                rec.edge(e, "current")
                rec.nodes[v] = "current"
                snap(4, Message("Try {a} → {b} ({w}): trail length {length}.", a=u, b=v, w=_fmt(w),
                                length=_fmt(length + w)), path, pick=e, accept=untried,
                     why=Message("the search must try every unused route at {city}; any untried one may come next "
                                 "(railkit takes them by name)", city=u) if len(untried) > 1 else None)
                extend(v, length + w)
                path.pop()
                used.discard(e)
                rec.edge(e, "unexplored")
                rec.nodes[v] = "explored"
                snap(4, Message("Give back {a} → {b}.", a=u, b=v), path)

        for s in odd:
            if best[0] >= ub:
                snap(5, Message("{best} is the most any trail here can reach: stop.", best=_fmt(best[0])), path)
                break
            rec.nodes[s] = "frontier"
            snap(1, Message("Search trails starting at the odd city {city}.", city=s), path)
            extend(s, 0)
    for n in rec.nodes:
        rec.nodes[n] = "explored"
    for e in rec.edges:
        rec.edges[e] = "unexplored"
    for a, b, k in best[1]:
        rec.edge((a, b, k), "solution")
        rec.nodes[a] = rec.nodes[b] = "solution"
    rec.frames = rec.frames[: max_frames - 1]
    rec.frame(5, Message("The longest trail is {best} (later steps of the search were not recorded).", best=_fmt(best[0]))
              if full[0] else Message("The longest trail is {best}.", best=_fmt(best[0])),
              {"trail": tuple(_label((a, b, k)) for a, b, k in best[1]), "best": (best[0],)})
    return Trace("longest_trail", TRAIL_CODE, tuple(rec.frames), (best[0], best[1]),
                 MappingProxyType({"cut": cut[0], "recorded_all": not full[0]}))


def _walk(path):
    """Orient the (start node, edge) steps of a trail: ``(from, to, edge)``."""
    out = []
    for u, e in path:
        v = e[1] if e[0] == u else e[0]
        out.append((u, v, e))
    return out


def greedy_trail(G, weight: str | None = "length") -> Trace:
    """A plausible heuristic for the longest trail: from every city, keep taking the
    longest unused route; keep the best walk. Fast, and wrong on some networks.

    ``result``: ``(length, edges)``.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiGraph()
    >>> for u, v, w in [("A", "B", 3), ("B", "C", 1), ("C", "D", 1), ("D", "B", 1), ("B", "E", 2)]:
    ...     _ = G.add_edge(u, v, key=u + v, length=w)
    >>> greedy_trail(G).result[0], longest_trail(G).result[0]
    (5, 8)
    """
    code = (word("for each city s:"), word("    walk from s: always take the longest unused route"),
            word("keep the longest walk"))
    rec = _Recorder(G)
    adj = _adjacency(G, weight)
    best = (0, [])
    for s in sorted(G.nodes, key=_order):
        if not adj[s]:
            continue
        used: set = set()
        walk: list = []
        u, length = s, 0
        while True:
            free = [(w, v, e) for v, e, w in adj[u] if e not in used]
            if not free:
                break
            w = max(f[0] for f in free)
            _, v, e = next(f for f in free if f[0] == w)
            used.add(e)
            walk.append((u, v, e[2]))
            length += w
            u = v
        if length > best[0]:
            best = (length, walk)
            for x in rec.edges:
                rec.edges[x] = "unexplored"
            for a, b, k in walk:
                rec.edge((a, b, k), "solution")
            rec.frame(1, Message("From {city} the greedy walk has length {length}: the best so far.", city=s,
                                 length=_fmt(length)),
                      {"best": (length,)})
    rec.frame(2, Message("The greedy heuristic says {best}.", best=_fmt(best[0])), {"best": (best[0],)})
    return Trace("greedy_trail", code, tuple(rec.frames), best)


def greedy_counterexample(seed: int = 0, tries: int = 5000, max_nodes: int = 7, max_edges: int = 9):
    """The first seeded random network where :func:`greedy_trail` is shorter than the
    exact longest trail: ``(G, greedy, exact)``, or None.

    >>> G, greedy, exact = greedy_counterexample(0)
    >>> greedy < exact
    True
    """
    import random

    rng = random.Random(seed)
    for _ in range(tries):
        n = rng.randint(3, max_nodes)
        G = nx.MultiGraph()
        G.add_nodes_from(range(n))
        for k in range(rng.randint(n - 1, max_edges)):
            u, v = rng.sample(range(n), 2)
            G.add_edge(u, v, key=f"e{k}", length=rng.randint(1, 6))
        g = greedy_trail(G).result[0]
        x = _trails.longest_trail(G)[0]
        if g < x:
            return G, g, x
    return None


# ----------------------------------------------------------------------------- flows and cuts
FLOW_CODE = (
    word("flow = 0; every route carries nothing"),
    word("while a path from s to t has spare room (breadth-first search):"),
    word("    push one more unit along it; flow += 1"),
    word("no path left: flow is the maximum"),
    word("the cities reachable with spare room form one side; the routes leaving it are a minimum cut"),
)


#: How a double route (two tracks between the same cities) counts in a cut, by the rules:
#: ``tracks``: each track is a route of its own (a graph lesson; or all the opponents together with
#: 4 or 5 players); ``one-claim``: with 2 or 3 players one claim closes both tracks (rule
#: DOUBLE-SMALL), so the pair is one route; ``one-opponent``: with 4 or 5 players one opponent may
#: claim only one of the tracks (rule DOUBLE-SAME), so alone they cannot cut a double route.
DOUBLES = ("tracks", "one-claim", "one-opponent")


def _apply_doubles(G, adj: dict, doubles: str) -> dict:
    """``adj`` with each double route counted as :data:`DOUBLES` says (its first track stands
    for the pair). A pair with a track claimed by someone else (blocked): with 2 or 3 players the
    other track is closed too; with 4 or 5 the other track is a route like any."""
    if doubles not in DOUBLES:
        raise ValueError(f"doubles must be one of {', '.join(DOUBLES)}, not {doubles!r}")
    if doubles == "tracks" or not G.is_multigraph():
        return adj
    uncuttable = G.number_of_edges() + 1
    out: dict = {}
    for u, items in adj.items():
        by_city: dict = {}
        for item in items:
            by_city.setdefault(item[0], []).append(item)
        kept = []
        for v, tracks in by_city.items():
            every = G.number_of_edges(u, v)
            if every < 2:
                kept += tracks
            elif doubles == "one-claim":
                if len(tracks) == every:  # none of its tracks is claimed yet
                    kept.append((v, tracks[0][1], 1))
            else:
                kept.append((v, tracks[0][1], uncuttable if len(tracks) >= 2 else tracks[0][2]))
        out[u] = kept
    return out


def max_flow(G, s: Node, t: Node, capacity: str | None = None, blocked: Collection = (),
             doubles: str = "tracks") -> Trace:
    """Edmonds–Karp maximum flow between ``s`` and ``t`` (each route carries 1, or
    its ``capacity`` attribute), ending with the minimum cut.

    ``result``: ``(value, cut)`` where ``cut`` lists the edges of a minimum cut:
    the fewest routes an opponent must claim to separate ``s`` from ``t``. ``doubles`` says
    how a double route counts (:data:`DOUBLES`); where one opponent cannot cut the cities apart
    at all, the result is ``(inf, [])``.

    Examples
    --------
    >>> from railkit.maps import load
    >>> usa = load("usa").graph()
    >>> value, cut = max_flow(usa, "Seattle", "New York").result
    >>> value, len(cut)
    (5, 5)
    >>> max_flow(usa, "Seattle", "New York", doubles="one-claim").result[0]   # 2 or 3 players
    4
    >>> max_flow(usa, "Seattle", "Portland", doubles="one-opponent").result   # 4 or 5 players, one opponent
    (inf, [])
    """
    _check_node(G, s, "source")
    _check_node(G, t, "target")
    if s == t:
        raise ValueError("the two cities of a cut must differ")
    rec = _Recorder(G, blocked)
    adj = _adjacency(G, capacity, blocked) if capacity else _adjacency(G, None, blocked)
    adj = _apply_doubles(G, adj, doubles)
    uncuttable = G.number_of_edges() + 1 if doubles == "one-opponent" else math.inf
    flow: dict = {}  # (edge, direction u->v as a tuple) -> units, antisymmetric

    def room(u, v, e, c):
        return c - flow.get((e, u, v), 0)

    value = 0
    rec.nodes[s] = rec.nodes[t] = "frontier"
    rec.frame(0, Message("Find as many separate ways from {a} to {b} as possible.", a=s, b=t), {"flow": (0,)})
    while True:
        prev = {s: None}
        queue = [s]
        for u in queue:
            if u == t:
                break
            for v, e, c in adj[u]:
                if v not in prev and room(u, v, e, c) > 0:
                    prev[v] = (u, e)
                    queue.append(v)
        if t not in prev:
            break
        accept = _on_shortest_paths(adj, room, s, t)
        path = []
        x = t
        while prev[x] is not None:
            u, e = prev[x]
            path.append((u, x, e))
            x = u
        path.reverse()
        push = min(room(u, v, e, c) for u, v, e in path for c in [next(cc for vv, ee, cc in adj[u] if ee == e and vv == v)])
        if value + push >= uncuttable:  # through a double route: one opponent cannot cut it
            rec.frame(3, Message("Every way from {a} to {b} can pass along a double route, and one opponent may claim "
                                 "only one of its tracks: {a} cannot be cut from {b}.", a=s, b=t), {"flow": (math.inf,)})
            return Trace("max_flow", FLOW_CODE, tuple(rec.frames), (math.inf, []),
                         MappingProxyType({"side": frozenset()}))
        for u, v, e in path:
            flow[(e, u, v)] = flow.get((e, u, v), 0) + push
            flow[(e, v, u)] = flow.get((e, v, u), 0) - push
        value += push
        for e in rec.edge_ids:
            if rec.edges[e] != "blocked":
                rec.edges[e] = "explored" if flow.get((e, e[0], e[1]), 0) != 0 else "unexplored"
        for u, v, e in path:
            rec.edge(e, "current")
        arrows = _flow_arrows(adj, flow)
        rec.frame(2, Message("Augmenting path {path}: flow is now {flow}.",
                             path=" → ".join([*(str(p[0]) for p in path), str(t)]), flow=_fmt(value)),
                  {"flow": (value,), "path": tuple(_label(e) for _, _, e in path), **_flow_data(adj, flow, arrows)},
                  pick=path[0][2],
                  accept=accept, why=Message("the search takes a path with spare room and the fewest routes; "
                                             "any route of such a path is right") if len(accept) > 1 else None,
                  arrows=arrows)
    arrows = _flow_arrows(adj, flow)  # the final flow, shown with the reachable side and the cut
    for e in rec.edge_ids:  # the last augmenting path is done
        if rec.edges[e] == "current":
            rec.edges[e] = "explored"
    side = set(prev)
    cut = []
    for u in side:
        for v, e, c in adj[u]:
            if v not in side:
                cut.append(e)
    cut = sorted(set(cut), key=lambda e: _order(e[2]))
    for n in rec.nodes:
        rec.nodes[n] = "explored" if n in side else "unexplored"
    rec.frame(3, Message("No path with spare room is left: the maximum flow is {flow}.", flow=_fmt(value)),
              {"flow": (value,), "reachable": tuple(sorted(side, key=_order))}, arrows=arrows)
    for e in cut:
        rec.edge(e, "solution")
    rec.nodes[s] = rec.nodes[t] = "current"
    rec.frame(4, Message("Claiming these {n} routes cuts {a} from {b}.", n=len(cut), a=s, b=t) if doubles != "one-claim"
              else Message("Claiming these {n} routes cuts {a} from {b} (a double route among them is closed by a claim "
                           "of either track).", n=len(cut), a=s, b=t),
              {"flow": (value,), "cut": tuple(_label(e) for e in cut)}, arrows=arrows)
    return Trace("max_flow", FLOW_CODE, tuple(rec.frames), (value, cut), MappingProxyType({"side": frozenset(side)}))


def _flow_data(adj, flow, arrows: tuple) -> dict:
    """What a step of Edmonds–Karp holds besides the value: the flow on each route that carries
    some (its ``arrows``, :func:`_flow_arrows`, with their direction), and the residual graph:
    the routes full one way (they can only carry flow back) and those with room both ways left."""
    free = [e for u in adj for v, e, c in adj[u] if flow.get((e, u, v), 0) == 0 and _order(u) < _order(v)]
    return {"flow on routes": tuple(f"{_label(e)} ({u}→{v}): {_fmt(f)}" for u, v, e, f, c in arrows),
            "residual: full one way": tuple(f"{_label(e)} ({u}→{v})" for u, v, e, f, c in arrows if c - f <= 0),
            "residual: free both ways": (len(free),)}


def _flow_arrows(adj, flow) -> tuple:
    """The flow of a step as arrows: ``(u, v, edge, flow, capacity)`` per route carrying some
    (the adjacency's edge ids are the graph's own, as the frames' are)."""
    return tuple((u, v, e, flow[(e, u, v)], c) for u in sorted(adj, key=_order)
                 for v, e, c in adj[u] if flow.get((e, u, v), 0) > 0)


def _on_shortest_paths(adj, room, s, t) -> set:
    """The edges on some shortest ``s``-``t`` path that has room left (breadth-first, both ways)."""
    def levels(start, forward):
        dist = {start: 0}
        queue = [start]
        for u in queue:
            for v, e, c in adj[u]:
                has_room = room(u, v, e, c) > 0 if forward else room(v, u, e, c) > 0
                if v not in dist and has_room:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return dist

    ds, dt = levels(s, True), levels(t, False)
    best = ds[t]
    return {e for u in ds for v, e, c in adj[u]
            if v in dt and room(u, v, e, c) > 0 and ds[u] + 1 + dt[v] == best}


def min_cut(G, s: Node, t: Node, capacity: str | None = None, blocked: Collection = (),
            doubles: str = "tracks") -> Trace:
    """The minimum cut between ``s`` and ``t``, found by :func:`max_flow` (``doubles``: how a
    double route counts, :data:`DOUBLES`).

    ``result``: ``(value, cut edges)``.

    >>> from railkit.maps import load
    >>> sorted(e[2] for e in min_cut(load("teaching-small").graph(), "Harbor", "Peak").result[1])
    ['Harbor-Mill/1', 'Harbor-Mill/2', 'Harbor-Ridge']
    """
    tr = max_flow(G, s, t, capacity, blocked, doubles)
    return Trace("min_cut", tr.pseudocode, tr.frames, tr.result, tr.stats)


# ----------------------------------------------------------------------------- bounded paths
BOUNDED_CODE = (
    word("extend(u, path): if u is a goal and path is the longest so far: remember it"),
    word("    if path has max_edges links: stop here"),
    word("    for each link u - v not used yet, v not a city already passed:"),
    word("        extend(v, path + v)"),
    word("the best path found is the longest delivery"),
)


def bounded_longest_path(G, source: Node, targets: Collection, max_edges: int | None = None,
                         weight: str | None = None, no_repeat: Collection | None = None,
                         max_frames: int = 3000) -> Trace:
    """The longest path from ``source`` to one of ``targets`` with at most
    ``max_edges`` edges, no edge twice and no node of ``no_repeat`` (default: any
    node) twice: the Steam Rollers delivery, step by step.

    ``result`` equals :func:`railkit.graphs.longest_simple_path`'s:
    ``(length, nodes, edge keys)`` or None.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiGraph([("C1", "T"), ("T", "C2"), ("C1", "C2"), ("C2", "C3")])
    >>> bounded_longest_path(G, "C1", {"C3"}, max_edges=2).result
    (2, ['C1', 'C2', 'C3'], [0, 0])
    """
    _check_node(G, source, "source")
    targets = set(targets)
    once = None if no_repeat is None else set(no_repeat)
    adj = _adjacency(G, weight)
    rec = _Recorder(G)
    for x in targets:
        if x in rec.nodes:
            rec.nodes[x] = "frontier"
    limit = math.inf if max_edges is None else max_edges
    visits = {source: 1}
    used: set = set()
    nodes = [source]
    keys: list = []
    eids: list = []
    full = [False]
    best: list = [None]

    def snap(line, text, pick=None, accept=(), why=None):
        if len(rec.frames) >= max_frames:
            full[0] = True
            return
        rec.frame(line, text, {"path": tuple(nodes), "best": (best[0][0],) if best[0] else ()}, pick, accept, why)

    def extend(u, length):
        if u != source and u in targets and (best[0] is None or length > best[0][0]):
            best[0] = (length, list(nodes), list(keys), list(eids))
            snap(0, Message("Reached {city} with length {length}: the best delivery so far.", city=u, length=_fmt(length)))
        if len(keys) >= limit:
            snap(1, Message("{n} links: the engine cannot go further.", n=len(keys)))
            return
        ok = [(v, e, w) for v, e, w in adj[u] if e not in used and not (visits.get(v, 0) and (once is None or v in once))]
        for i, (v, e, w) in enumerate(ok):
            untried = {f for _, f, _ in ok[i:]}
            used.add(e)
            visits[v] = visits.get(v, 0) + 1
            nodes.append(v)
            keys.append(e[2])
            eids.append(e)
            rec.edge(e, "current")
            prev = rec.nodes[v]
            rec.nodes[v] = "current"
            snap(2, Message("Try {a} → {b}.", a=u, b=v), pick=e, accept=untried,
                 why=Message("every untried link at {city} must be tried; any of them may come next", city=u)
                 if len(untried) > 1 else None)
            extend(v, length + w)
            rec.nodes[v] = prev if prev != "current" else "explored"
            rec.edge(e, "explored")
            eids.pop()
            keys.pop()
            nodes.pop()
            visits[v] -= 1
            used.discard(e)

    rec.nodes[source] = "current"
    snap(0, Message("Start the delivery at {city}.", city=source))
    extend(source, 0)
    rec.frames = rec.frames[: max_frames - 1]
    for e in rec.edges:
        rec.edges[e] = "unexplored"
    if best[0] is None:
        rec.frame(4, Message("No goal can be reached within the bound."), {"path": (), "best": ()})
        return Trace("bounded_longest_path", BOUNDED_CODE, tuple(rec.frames), None)
    length, bn, bk, be = best[0]
    _mark_path(rec, bn, be)
    rec.frame(4, Message("The longest delivery is {path}, length {length}.", path=" → ".join(map(str, bn)),
                         length=_fmt(length)),
              {"path": tuple(bn), "best": (length,)})
    return Trace("bounded_longest_path", BOUNDED_CODE, tuple(rec.frames), (length, bn, bk),
                 MappingProxyType({"recorded_all": not full[0]}))


# ----------------------------------------------------------------------------- Steiner
STEINER_CODE = (
    word("for each set D of terminals, smallest first:"),
    word("    best[D][v] = min over splits D = E + F of best[E][v] + best[F][v]"),
    word("    then relax along routes: best[D][v] = min(best[D][v], best[D][u] + length(u, v))"),
    word("for each way to split the tickets into groups: cost = sum of the groups' trees"),
    word("the cheapest split is the Steiner forest"),
)


def steiner_forest(G, pairs: Iterable, weight: str | None = "length", blocked: Collection = ()) -> Trace:
    """Exact Steiner forest (Dreyfus–Wagner over the partitions of the tickets), step by step.

    One frame per finished terminal subset (its cheapest tree drawn), then one
    per grouping of the tickets tried. ``result``: ``(cost, routes)`` as from
    :func:`railkit.graphs.steiner.steiner_forest`.

    Examples
    --------
    >>> from railkit.maps import load
    >>> t = steiner_forest(load("usa").graph(), [("Denver", "El Paso"), ("Kansas City", "Houston")])
    >>> t.result[0], len(t.result[1])
    (9, 2)
    """
    pairs = [_steiner._pair(p) for p in pairs]
    rec = _Recorder(G, blocked)
    terms = list(dict.fromkeys(x for p in pairs for x in p))
    for x in terms:
        _check_node(G, x, "ticket city")
        rec.nodes[x] = "frontier"
    dw = _steiner.DreyfusWagner(G, terms, weight, blocked)
    rec.frame(0, Message("{n} tickets, {cities} cities to join.", n=len(pairs), cities=len(terms)),
              {"tickets": tuple(f"{a}–{b}" for a, b in pairs)})
    for D in dw.order:
        if D & (D - 1) == 0:
            continue
        names = [t for t in terms if dw.bit[t] & D]
        line = 1 if len(names) < len(terms) else 2
        joined = ", ".join(map(str, names))
        for e in rec.edges:
            if rec.edges[e] != "blocked":
                rec.edges[e] = "unexplored"
        for x in terms:
            rec.nodes[x] = "current" if dw.bit[x] & D else "frontier"
        rec.frame(line, Message("Next: the cheapest tree joining {cities}.", cities=joined), {"terminals": tuple(names)})
        tree = sorted((rec.canon[e] for e in dw.tree(D)), key=lambda e: _order(e[2]))
        for e in tree:
            rec.edge(e, "explored")
        if tree:  # a route of this tree is the step to predict; every route of a cheapest tree is right
            accept = {rec.canon[e] for e in dw.tree_edges(D)}
            rec.frame(line, Message("Cheapest tree joining {cities}: {cost}.", cities=joined, cost=_fmt(dw.cost(D))),
                      {"terminals": tuple(names), "cost": (dw.cost(D),)}, pick=tree[0], accept=accept,
                      why=Message("each of them is a route of a cheapest tree joining {cities}", cities=joined)
                      if len(accept) > 1 else None)
        else:
            rec.frame(line, Message("No tree can join {cities}.", cities=joined),
                      {"terminals": tuple(names), "cost": (dw.cost(D),)})
    cost, groups = _steiner.best_partition(dw, pairs)
    for x in terms:
        rec.nodes[x] = "frontier"
    for g in _partitions(list(range(len(pairs)))):
        c = sum(dw.cost(dw.mask(x for i in grp for x in pairs[i])) for grp in g)
        rec.frame(3, Message("{groups}: {cost} trains.", cost=_fmt(c),
                             groups=" | ".join("+".join(f"{pairs[i][0]}–{pairs[i][1]}" for i in grp) for grp in g)),
                  {"groups": tuple(len(grp) for grp in g), "cost": (c,), "best": (cost,)})
    routes = [dw.tree(dw.mask(x for i in g for x in pairs[i])) for g in groups] if cost < math.inf else []
    for e in rec.edges:
        if rec.edges[e] != "blocked":
            rec.edges[e] = "unexplored"
    for tree in routes:
        for e in tree:
            rec.edge(e, "solution")
            rec.nodes[e[0]] = rec.nodes[e[1]] = "solution"
    rec.frame(4, Message("The fewest trains for this hand: {cost} in {n} network(s).", cost=_fmt(cost), n=len(routes)),
              {"cost": (cost,)})
    return Trace("steiner_forest", STEINER_CODE, tuple(rec.frames), (cost, routes),
                 MappingProxyType({"subsets": len(dw.order)}))


def _partitions(items: list) -> Iterable[list[list]]:
    """Every set partition of ``items`` (Bell number many)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for p in _partitions(rest):
        yield [[first]] + p
        for i in range(len(p)):
            yield p[:i] + [[first] + p[i]] + p[i + 1:]


#: Every traced algorithm by name.
ALGORITHMS: dict[str, Callable[..., Trace]] = {
    "bfs": bfs, "dfs": dfs, "dijkstra": dijkstra, "astar": astar, "prim": prim, "kruskal": kruskal,
    "hierholzer": hierholzer, "longest_trail": longest_trail, "greedy_trail": greedy_trail,
    "max_flow": max_flow, "min_cut": min_cut, "bounded_longest_path": bounded_longest_path,
    "steiner_forest": steiner_forest,
}

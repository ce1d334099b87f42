"""Ticket to Ride bots. Each sees only ``observe(seat)`` and the legal actions.

=================  ============================================================
``random``         uniform choice among the legal actions
``greedy-route``   claims the most valuable affordable route; draws toward the
                   colour that brings the best route within reach
``tickets``        plans its tickets with cheapest completions, claims the routes
                   on the plan, collects their colours, draws tickets when done
``long-route``     like greedy-route but only wants routes of length 5-6 while
                   it has the trains (then any route)
=================  ============================================================

Bots read map facts (route lengths, colours, ends) from the public map named in
the observation, which is public information. Nothing here is tuned to any
simulation result.

>>> from railkit.games.ticket_to_ride import SPEC
>>> from railkit.core.game import play
>>> g = play(SPEC.new_game(None, players=2, seed=3, map="teaching-small"),
...          [AGENTS["tickets"](1), AGENTS["greedy-route"](2)])
>>> g.is_over
True
"""

from __future__ import annotations

import heapq
import random
from typing import Any, Final, Sequence, cast

from mypy_extensions import mypyc_attr

from railkit.core.game import Action, Agent
from railkit.games.ticket_to_ride.actions import Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets
from railkit.maps import CARD_COLOURS

_LOCO: Final = "loco"

# the action classes for the ``type(a) is ...`` tests  # mypyc: Final constant, identity test
_CLAIM_T: Final = Claim
_DRAW_FACEUP_T: Final = DrawFaceUp
_DRAW_DECK_T: Final = DrawDeck
_DRAW_TICKETS_T: Final = DrawTickets
_KEEP_TICKETS_T: Final = KeepTickets


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class RandomAgent(Agent):
    """Picks a legal action uniformly at random (never reads the observation)."""

    name = "random"
    #: a runner may skip building observations for this bot
    needs_observation = False
    rng: random.Random  # mypyc: typed attribute (set by Agent, read once per action)

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


class _MapFacts:
    """Per-map facts a bot needs, built once per map object (public information)."""

    def __init__(self, m) -> None:
        self.map = m
        self.routes: dict[str, Any] = {r.id: r for r in m.routes}
        self.adj: dict[str, list[tuple[str, str, int]]] = {c: [] for c in m.cities}
        for r in m.routes:
            self.adj[r.a].append((r.b, r.id, r.length))
            self.adj[r.b].append((r.a, r.id, r.length))
        self.parallel: dict[str, list[str]] = {r.id: [p.id for p in m.parallel(r)] for r in m.routes}
        #: (id, length, colour) of every route, in map order
        self.route_list: list[tuple[str, int, str]] = [(r.id, r.length, r.color) for r in m.routes]
        # Integer form for the path search. Cities are numbered in name order, so a
        # heap of (distance, city number) pops in the same order as one of
        # (distance, city name); neighbours keep the map's order.
        self.cities: list[str] = sorted(self.adj)
        self.city_ix: dict[str, int] = {c: i for i, c in enumerate(self.cities)}
        self.route_ix: dict[str, int] = {r.id: i for i, r in enumerate(m.routes)}
        self.route_ids: list[str] = [r.id for r in m.routes]
        self.length_of: dict[str, int] = {r.id: r.length for r in m.routes}
        self.colour_of: dict[str, str] = {r.id: r.color for r in m.routes}
        self.route_ends: list[tuple[int, int]] = [(self.city_ix[r.a], self.city_ix[r.b]) for r in m.routes]
        self.lengths: list[int] = [r.length for r in m.routes]
        self.max_length: int = max(self.lengths, default=0)
        self.iadj: list[list[tuple[int, int]]] = [[(self.city_ix[v], self.route_ix[rid]) for v, rid, _ln in self.adj[c]]
                                                  for c in self.cities]
        # Routes grouped by (colour, length), for the greedy bots' colour weights:
        # a group counts once per free route in it, whatever the route's id.
        groups: dict[tuple[str, int], int] = {}
        self.group_of: dict[str, int] = {}
        for r in m.routes:
            self.group_of[r.id] = groups.setdefault((r.color, r.length), len(groups))
        self.groups = list(groups)
        self.group_size: list[int] = [0] * len(groups)
        for r in m.routes:
            self.group_size[self.group_of[r.id]] += 1
        #: the route colours other than gray, numbered
        self.colours: list[str] = list(dict.fromkeys(r.color for r in m.routes if r.color != "gray"))
        colour_ix = {c: i for i, c in enumerate(self.colours)}
        by_length: dict[int, list[tuple[int, int]]] = {}
        for gi, (color, length) in enumerate(self.groups):
            by_length.setdefault(length, []).append((gi, colour_ix.get(color, -1)))
        #: (length, [(group, colour number or -1 for gray), ...]) by length
        self.groups_by_length: list[tuple[int, list[tuple[int, int]]]] = sorted(by_length.items())


def _facts(obs: dict) -> _MapFacts:
    from railkit.maps import load

    m = load(obs["map"])
    f = m.__dict__.get("_ttr_bot_facts")
    if f is None:
        f = m.__dict__["_ttr_bot_facts"] = _MapFacts(m)
    return f


class _FactsOfGame:
    """The map facts of the game a bot is playing, looked up once per game: a game's map
    never changes while it runs, and loading a map by name checks its file each time.
    A new game (another map, or the turn count going back) looks the map up again."""

    __slots__ = ("map", "turn", "facts")

    def __init__(self) -> None:
        self.map: str | None = None
        self.turn = -1
        self.facts: _MapFacts | None = None

    def get(self, obs: dict) -> _MapFacts:
        name, turn = obs["map"], obs["turn"]
        if self.facts is None or name != self.map or turn < self.turn:
            self.facts = _facts(obs)
            self.map = name
        self.turn = turn
        return self.facts


def _points(obs: dict, length: int) -> int:
    """Route points for a length from the observation (keys may be text after JSON)."""
    table = obs["route_points"]
    v = table.get(length)
    if v is None:
        v = table.get(str(length), length)
    return v


def _claim_value(a: Claim, length: int, obs: dict) -> float:
    # prefer paying with coloured cards over locomotives
    return _points(obs, length) - 0.3 * a.locos




@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class _HeuristicAgent(Agent):
    """Shared machinery: keep-ticket choice, drawing toward wanted colours."""

    name = "heuristic"

    def __init__(self, seed=None) -> None:
        super().__init__(seed)
        self._mf = _FactsOfGame()
        #: what :meth:`GreedyRouteAgent._free_groups` computed last, and for what
        self._fg: tuple | None = None

    def _map_facts(self, obs: dict) -> _MapFacts:
        return self._mf.get(obs)

    def _keep(self, obs: dict, legal: Sequence[Action]) -> Action:
        # keep the minimum number, preferring cheap tickets (low points): fewest first
        return legal[0]

    def _draw(self, obs: dict, legal: Sequence[Action], wanted: dict[str, float]) -> Action:
        """Take the best face-up card for ``wanted`` colour weights, else the deck."""
        faceup: list = obs["faceup"]
        best, best_w = None, 0.0
        deck = None
        for a in legal:
            t = type(a)
            if t is _DRAW_FACEUP_T:
                c = faceup[cast(DrawFaceUp, a).slot - 1]
                w = 1.5 if c == _LOCO else wanted.get(c, 0.0)
                if w > best_w:
                    best, best_w = a, w
            elif t is _DRAW_DECK_T:
                deck = a
        if best is not None and best_w >= 0.5:
            return best
        if deck is not None:
            return deck
        if best is not None:
            return best
        for a in legal:
            if type(a) is _DRAW_FACEUP_T:
                return a
        return None  # type: ignore[return-value]

    def _fallback(self, legal: Sequence[Action]) -> Action:
        for a in legal:
            if type(a) is _DRAW_DECK_T:
                return a
        for a in legal:
            if type(a) is _DRAW_FACEUP_T:
                return a
        for a in legal:
            if type(a) is _CLAIM_T:
                return a
        return legal[0]


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class GreedyRouteAgent(_HeuristicAgent):
    """Claims the most valuable affordable route; otherwise draws toward the colour
    whose cards bring the most valuable free route within reach."""

    name = "greedy-route"
    min_len = 1

    def _wanted_len(self, length: int, trains: int) -> bool:
        return True

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        phase: str = observation["phase"]
        if phase in ("setup-tickets", "keep-tickets"):
            return self._keep(observation, legal)
        f = self._map_facts(observation)
        trains = observation["trains"]
        if phase == "turn":
            best, best_v = None, -1.0
            length_of = f.length_of
            value: list[int | None] = [None] * (f.max_length + 1)  # by length: route points if wanted
            for ln in range(1, f.max_length + 1):
                if self._wanted_len(ln, trains):
                    value[ln] = _points(observation, ln)
            for a in legal:
                if type(a) is _CLAIM_T:
                    p = value[length_of[a.route]]
                    if p is None or p <= best_v:
                        continue  # unwanted, or no better than the best (a claim is worth p at most)
                    v = p - 0.3 * a.locos  # as _claim_value
                    if v > best_v:
                        best, best_v = a, v
            if best is not None:
                return best
        wanted = self._wanted_colours(observation, f)
        a = self._draw(observation, legal, wanted)
        return a if a is not None else self._fallback(legal)

    def _free_groups(self, obs: dict, f: _MapFacts) -> tuple[list[tuple[int, int, float]], float]:
        """The coloured (colour, length) groups with a free route of a wanted length within
        the trains left, as (colour number, length, points per train) in the order of
        ``f.groups_by_length``, and the best points per train of such a gray group (0.0
        if none). Only claims change them: they are remembered while the observation
        hands out the same ``claimed`` and ``closed`` objects (the engine never changes
        those once handed out) and the same trains and points table."""
        claimed: dict[str, int] = obs["claimed"]
        closed: list[str] = obs["closed"]
        trains: int = obs["trains"]
        points = obs["route_points"]
        hit = self._fg
        if (hit is not None and hit[0] is claimed and hit[1] is closed and hit[2] == trains
                and hit[3] is points and hit[4] is f):
            return hit[5], hit[6]
        # free routes per (colour, length) group: every route of a group weighs the same
        free = f.group_size[:]
        group_of = f.group_of
        for rid in claimed:
            free[group_of[rid]] -= 1
        if closed:
            for rid in set(closed):
                if rid not in claimed:
                    free[group_of[rid]] -= 1
        out: list[tuple[int, int, float]] = []
        best_gray = 0.0
        for length, groups in f.groups_by_length:
            if not (length <= trains and self._wanted_len(length, trains)):
                continue
            per_train = _points(obs, length) / length
            for gi, ci in groups:
                if free[gi] <= 0:
                    continue
                if ci < 0:  # gray
                    if per_train > best_gray:
                        best_gray = per_train
                    continue
                out.append((ci, length, per_train))
        self._fg = (claimed, closed, trains, points, f, out, best_gray)
        return out, best_gray

    def _wanted_colours(self, obs: dict, f: _MapFacts) -> dict[str, float]:
        """Colour -> weight in (0, 1]: the best points per train of a free, wanted
        route of that colour, less the more cards it still misses; gray routes count
        for the colour held most."""
        hand: dict[str, int] = obs["hand"]
        loc = hand.get(_LOCO, 0)
        colours = f.colours
        groups, best_gray = self._free_groups(obs, f)
        score_of = [0.0] * len(colours)  # by colour number
        held = [hand.get(c, 0) + loc for c in colours]  # cards that pay for each colour
        for ci, length, per_train in groups:
            missing = length - held[ci]
            score = per_train / (1 + missing) if missing > 0 else per_train
            if score > score_of[ci]:
                score_of[ci] = score
        w = {c: v for c, v in zip(colours, score_of) if v > 0.0}
        # gray routes: the colour we hold most of (the first such in CARD_COLOURS)
        top, top_n = CARD_COLOURS[0], -1
        for c in CARD_COLOURS:
            n = hand.get(c, 0)
            if n > top_n:
                top, top_n = c, n
        w[top] = max(w.get(top, 0.0), best_gray / 2)
        m = max(w.values(), default=0.0) or 1.0
        return {c: v / m for c, v in w.items()}


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class LongRouteAgent(GreedyRouteAgent):
    """Greedy, but only wants routes of length 5-6 while it has trains for them."""

    name = "long-route"

    def _wanted_len(self, length: int, trains: int) -> bool:
        return length >= 5 or trains < 5


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class TicketAgent(_HeuristicAgent):
    """Plans its tickets with cheapest completions (own routes cost 0, routes it
    cannot use are blocked), claims the planned routes, collects their colours and
    draws new tickets once its tickets are done and it has trains to spare."""

    name = "tickets"

    def __init__(self, seed=None) -> None:
        super().__init__(seed)
        self._plan_key: tuple | None = None
        self._plan: dict[str, int] = {}
        #: the map facts the remembered searches ran on, and the searches (see _search_memo)
        self._runs_of: _MapFacts | None = None
        self._runs: dict[tuple[int, int], tuple[list[int], list[int], list[int], Any]] = {}

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        phase: str = observation["phase"]
        f = self._map_facts(observation)
        if phase in ("setup-tickets", "keep-tickets"):
            return self._choose_tickets(observation, legal, f)
        plan = self._get_plan(observation, f)
        if phase == "turn":
            best, best_v = None, -1.0
            for a in legal:
                if type(a) is _CLAIM_T and a.route in plan:
                    v = plan[a.route] - 0.3 * a.locos
                    if v > best_v:
                        best, best_v = a, v
            if best is not None:
                return best
            if not plan:
                done = all(t["done"] for t in observation["tickets"])
                if (done and observation["trains"] >= 12 and observation["ticket_deck_size"] > 0
                        and not observation["final_round"]):
                    for a in legal:
                        if type(a) is _DRAW_TICKETS_T:
                            return a
                # nothing to plan: claim the best route like a greedy player
                best, best_v = None, -1.0
                for a in legal:
                    if type(a) is _CLAIM_T:
                        v = _points(observation, f.routes[a.route].length) - 0.3 * a.locos
                        if v > best_v:
                            best, best_v = a, v
                if best is not None and (observation["final_round"] or observation["deck_size"] + observation["discard_size"] < 10
                                         or best_v >= 4):
                    return best
        wanted = self._plan_colours(observation, f, plan)
        a = self._draw(observation, legal, wanted)
        if a is not None:
            return a
        for x in legal:  # cannot draw: claim something on or off the plan
            if type(x) is _CLAIM_T:
                return x
        return self._fallback(legal)

    # ------------------------------------------------------------ planning
    def _get_plan(self, obs: dict, f: _MapFacts) -> dict[str, int]:
        """The routes still to claim for the tickets, cheapest paths first for the
        most valuable tickets (route id -> length)."""
        key = (obs["seat"], len(obs["claimed"]), len(obs["tickets"]), obs["trains"])
        if key == self._plan_key:
            return self._plan
        cost = _seat_costs(f, obs, parallel_blocked=True)
        plan: dict[str, int] = {}
        budget = obs["trains"]
        city_ix, route_ids, lengths = f.city_ix, f.route_ids, f.lengths
        for t in sorted(obs["tickets"], key=lambda t: -t["points"]):
            if t["done"]:
                continue
            res = self._search_memo(f, cost, city_ix[t["a"]], city_ix[t["b"]])
            if res is None:
                continue
            d, path = res
            if d > budget:
                continue
            budget -= d
            for ri in path:
                if cost[ri] > 0:  # neither owned nor already planned: plan it, free for later tickets
                    plan[route_ids[ri]] = lengths[ri]
                    cost[ri] = 0
        self._plan_key, self._plan = key, plan
        return plan

    def _search_memo(self, f: _MapFacts, cost: list[int], a: int, b: int) -> tuple[int, list[int]] | None:
        """:func:`_search` from ``a`` to ``b`` at these route costs, reusing this bot's
        last search between the two cities when the costs changed only where that
        search could not notice: on routes neither of whose cities it expanded, and
        on routes it tried without improving a distance that became unusable or
        dearer. Such a search runs step for step as before, so the answer is the one a
        new search gives."""
        if self._runs_of is not f:
            self._runs_of, self._runs = f, {}
        runs = self._runs
        k = (a, b)
        e = runs.get(k)
        if e is not None:
            snap, expanded, improved, res = e
            if snap == cost:
                return res
            ends = f.route_ends
            for i in range(len(cost)):
                x, y = cost[i], snap[i]
                if x == y:
                    continue  # only the routes whose cost changed
                u, v = ends[i]
                if expanded[u] or expanded[v]:
                    if improved[i] or (x >= 0 and (y < 0 or x < y)):
                        break
            else:
                runs[k] = (cost[:], expanded, improved, res)
                return res
        expanded, improved = [0] * len(f.cities), [0] * len(cost)
        res = _search(f.iadj, cost, a, b, expanded, improved)
        runs[k] = (cost[:], expanded, improved, res)
        return res

    def _plan_colours(self, obs: dict, f: _MapFacts, plan: dict[str, int]) -> dict[str, float]:
        hand: dict[str, int] = obs["hand"]
        need: dict[str, float] = {}
        gray = 0
        colour_of, length_of = f.colour_of, f.length_of
        for rid in plan:
            colour = colour_of[rid]
            if colour == "gray":
                gray += length_of[rid]
            else:
                need[colour] = need.get(colour, 0) + length_of[rid]
        w = {c: max(0.0, n - hand.get(c, 0)) for c, n in need.items()}
        if gray:
            top, top_n = CARD_COLOURS[0], -1  # the colour held most, the first such
            for c in CARD_COLOURS:
                held = hand.get(c, 0)
                if held > top_n:
                    top, top_n = c, held
            w[top] = w.get(top, 0.0) + 0.5
        m = max(w.values(), default=0.0)
        if m <= 0:
            return {}
        return {c: v / m for c, v in w.items()}

    def _choose_tickets(self, obs: dict, legal: Sequence[Action], f: _MapFacts) -> Action:
        offered = obs["offered"]
        if not offered:
            return legal[0]
        value = []
        cost = _seat_costs(f, obs, parallel_blocked=False)
        city_ix = f.city_ix
        for t in offered:  # as _cheapest(f, t["a"], t["b"], my routes, the others' and the closed ones)
            res = self._search_memo(f, cost, city_ix[t["a"]], city_ix[t["b"]])
            value.append(-99.0 if res is None else t["points"] - 0.9 * res[0])
        trains = obs["trains"]
        best, best_v = legal[0], -1e9
        for a in legal:
            if type(a) is not _KEEP_TICKETS_T:
                continue
            v = sum(value[i - 1] for i in a.keep)
            if trains < 15:
                v -= 5 * len(a.keep)
            if v > best_v:
                best, best_v = a, v
        return best


def _cheapest(f: _MapFacts, a: str, b: str, owned, blocked) -> tuple[int, list[str]] | None:
    """Dijkstra on the map (owned routes cost 0, blocked ones unusable): the trains
    still needed to join ``a`` and ``b`` and the route ids of one cheapest path.
    Same contract as :func:`railkit.graphs.cheapest_completion`, on plain lists
    for speed.

    >>> from railkit.maps import load
    >>> f = _MapFacts(load("usa"))
    >>> cost, path = _cheapest(f, "Atlanta", "Charleston", set(), set())
    >>> cost, len(path)
    (2, 1)
    >>> _cheapest(f, "Atlanta", "Charleston", set(path), set())[0]
    0
    """
    res = _search(f.iadj, _costs(f, owned, blocked), f.city_ix[a], f.city_ix[b],
                  [0] * len(f.cities), [0] * len(f.lengths))
    if res is None:
        return None
    ids = f.route_ids
    return res[0], [ids[ri] for ri in res[1]]


def _seat_costs(f: _MapFacts, obs: dict, parallel_blocked: bool) -> list[int]:
    """:func:`_costs` for the seat of ``obs``: its own routes cost 0, the other seats' routes
    and the closed tracks are blocked, and with ``parallel_blocked`` the other track of a
    double it owns too (blocked wins). Read from the claims directly, without sets."""
    seat: int = obs["seat"]
    claimed: dict[str, int] = obs["claimed"]
    closed: list[str] = obs["closed"]
    route_ix, parallel = f.route_ix, f.parallel
    cost = f.lengths[:]
    for rid, s in claimed.items():
        if s == seat:
            cost[route_ix[rid]] = 0
    for rid, s in claimed.items():
        if s != seat:
            cost[route_ix[rid]] = -1
        elif parallel_blocked:
            for p in parallel[rid]:
                cost[route_ix[p]] = -1
    for rid in closed:
        cost[route_ix[rid]] = -1
    return cost


def _costs(f: _MapFacts, owned, blocked) -> list[int]:
    """Trains each route still needs, by route number: 0 if owned, -1 if blocked
    (blocked wins)."""
    cost = f.lengths[:]
    route_ix = f.route_ix
    for rid in owned:
        cost[route_ix[rid]] = 0
    for rid in blocked:
        cost[route_ix[rid]] = -1
    return cost


def _search(iadj: list[list[tuple[int, int]]], cost: list[int], a: int, b: int, expanded: list[int],
            improved: list[int]) -> tuple[int, list[int]] | None:
    """Dijkstra from city ``a`` to city ``b`` (numbers) with per-route costs
    (``-1``: unusable): the cost and the route numbers of one cheapest path, or None.

    Marks the cities whose routes it tried (``expanded``, by city) and the routes
    that improved a city's distance (``improved``, by route). The heap holds
    ``distance << k | city`` with ``2 ** k`` above every city number, which orders
    like ``(distance, city)``.

    >>> iadj = [[(1, 0), (2, 1)], [(0, 0), (2, 2)], [(0, 1), (1, 2)]]  # a triangle
    >>> e, i = [0] * 3, [0] * 3
    >>> _search(iadj, [1, 5, 1], 0, 2, e, i), list(e), list(i)
    ((2, [0, 2]), [1, 1, 0], [1, 1, 1])
    >>> _search(iadj, [1, -1, -1], 0, 2, [0] * 3, [0] * 3) is None
    True
    """
    n = len(iadj)
    k = max(1, (n - 1).bit_length())
    mask = (1 << k) - 1
    INF = 1 << 30
    dist = [INF] * n
    dist[a] = 0
    prev_city = [0] * n
    prev_route = [0] * n
    heap = [a]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        x = pop(heap)
        u = x & mask
        d = x >> k
        if u == b:
            path = []
            while u != a:
                path.append(prev_route[u])
                u = prev_city[u]
            path.reverse()
            return d, path
        if d > dist[u]:
            continue
        expanded[u] = 1
        for v, ri in iadj[u]:
            c = cost[ri]
            if c < 0:
                continue
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                prev_city[v] = u
                prev_route[v] = ri
                push(heap, nd << k | v)
                improved[ri] = 1
    return None


AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy-route": GreedyRouteAgent,
    "tickets": TicketAgent,
    "long-route": LongRouteAgent,
}

from railkit.agents.levels import register as _register_levels  # levels and hard bots, after AGENTS

_register_levels("ticket-to-ride", AGENTS)

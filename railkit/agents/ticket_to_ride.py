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

Then the levels ``easy``, ``medium`` and ``hard`` (:mod:`railkit.agents.levels`; hard
searches with :class:`TicketToRideAdapter`) and three play styles after de Mesentier Silva
et al. (FDG 2017): ``route-focus`` (the tickets planner), ``one-step-thinking`` (greedy-route)
and ``destination-hungry`` (:class:`DestinationHungryAgent`). :func:`map_facts` and
:func:`cheapest` give the map facts and the cheapest completion of a ticket the bots, the
search and the balance probes (``PROBES``) read.

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

# railkit: compiled with mypyc
from __future__ import annotations

import random
from typing import Any, Final, Sequence, cast

from mypy_extensions import mypyc_attr

from railkit.agents.levels import alias, register
from railkit.agents.mcts import Adapter, MCTSAgent, margins_of, sigmoid
from railkit.core.game import Action, Agent
from railkit.games.ticket_to_ride.actions import Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets
from railkit.games.ticket_to_ride.board import board_for, obvious_chokes
from railkit.graphs.paths import cheapest_path
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


class MapFacts:
    """Per-map facts a bot needs, built once per map object (public information)."""

    def __deepcopy__(self, memo: dict) -> "MapFacts":
        """The same facts: they are never changed, and a copied bot (a search's, a test's)
        shares them (the compiled class has no other way to be copied)."""
        return self

    def __init__(self, m) -> None:
        self.map = m
        #: the engine's route arrays of the map (:func:`obvious_chokes` reads them)
        self.board = board_for(m)
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


def map_facts(obs: dict) -> MapFacts:
    """The facts of the map an observation names (``obs["map"]``), built once per map."""
    from railkit.maps import load

    m = load(obs["map"])
    f = m.__dict__.get("_ttr_bot_facts")
    if f is None:
        f = m.__dict__["_ttr_bot_facts"] = MapFacts(m)
    return f


class _FactsOfGame:
    """The map facts of the game a bot is playing, looked up once per game: a game's map
    never changes while it runs, and loading a map by name checks its file each time.
    A new game (another map, or the turn count going back) looks the map up again."""

    __slots__ = ("map", "turn", "facts")

    def __init__(self) -> None:
        self.map: str | None = None
        self.turn = -1
        self.facts: MapFacts | None = None

    def get(self, obs: dict) -> MapFacts:
        name, turn = obs["map"], obs["turn"]
        if self.facts is None or name != self.map or turn < self.turn:
            self.facts = map_facts(obs)
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




#: the tiers of the tickets bot's scores (:meth:`TicketAgent.scores`), best first: a tier's own
#: values (under 100) never reach the next
TIER_PLAN: Final = 1000.0
TIER_TICKETS: Final = 900.0
TIER_GREEDY: Final = 800.0
TIER_WANTED: Final = 700.0
TIER_DECK: Final = 600.0
TIER_FACEUP: Final = 500.0
TIER_CLAIM: Final = 300.0
#: the tiers by name, best first (the hints read them)
TIERS: Final = {"plan": TIER_PLAN, "tickets": TIER_TICKETS, "greedy": TIER_GREEDY, "wanted": TIER_WANTED,
                "deck": TIER_DECK, "faceup": TIER_FACEUP, "claim": TIER_CLAIM}


def first_best(scores: list[float]) -> int:
    """The index of the first of the highest ``scores`` (as a bot picks its move)."""
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class _HeuristicAgent(Agent):
    """Shared machinery: keep-ticket choice, drawing toward wanted colours."""

    name = "heuristic"

    def __init__(self, seed=None) -> None:
        super().__init__(seed)
        self._mf = _FactsOfGame()
        #: what :meth:`GreedyRouteAgent._free_groups` computed last, and for what
        self._fg: tuple | None = None

    def _map_facts(self, obs: dict) -> MapFacts:
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

    def _free_groups(self, obs: dict, f: MapFacts) -> tuple[list[tuple[int, int, float]], float]:
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

    def _wanted_colours(self, obs: dict, f: MapFacts) -> dict[str, float]:
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
        self._runs_of: MapFacts | None = None
        self._runs: dict[tuple[int, int], tuple[list[int], list[int], list[int], Any]] = {}

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        phase: str = observation["phase"]
        if phase in ("setup-tickets", "keep-tickets"):
            return self._choose_tickets(observation, legal, self._map_facts(observation))
        return legal[first_best(self._turn_scores(observation, legal))]

    def scored(self, observation: Any, legal: Sequence[Action]) -> tuple[Sequence[Action], list[float]]:
        """The legal actions and a score of each, in order: the bot plays the first of the highest
        (the hints rank by the same scores, :mod:`railkit.agents.hints`). On a turn the
        scores come in tiers (:data:`TIERS`), each tier's own value added: a claim on the
        plan (its length, less 0.3 a locomotive), new tickets once the tickets are done,
        the best claim off an empty plan, a face-up card of a wanted colour (its weight),
        the deck, another face-up card, any other claim."""
        if observation["phase"] in ("setup-tickets", "keep-tickets"):
            return legal, self._ticket_scores(observation, legal, self._map_facts(observation))
        return legal, self._turn_scores(observation, legal)

    def _turn_scores(self, obs: dict, legal: Sequence[Action]) -> list[float]:
        f = self._map_facts(obs)
        plan = self._get_plan(obs, f)
        turn = obs["phase"] == "turn"
        # nothing to plan: new tickets when the tickets are done, else a claim like a greedy player's
        free = turn and not plan
        new_tickets = (free and all(t["done"] for t in obs["tickets"]) and obs["trains"] >= 12
                       and obs["ticket_deck_size"] > 0 and not obs["final_round"])
        claim_any = obs["final_round"] or obs["deck_size"] + obs["discard_size"] < 10
        wanted = self._plan_colours(obs, f, plan)
        faceup: list = obs["faceup"]
        out = [0.0] * len(legal)
        for i in range(len(legal)):
            a = legal[i]
            t = type(a)
            if t is _CLAIM_T:
                c = cast(Claim, a)
                if turn and c.route in plan:
                    out[i] = TIER_PLAN + plan[c.route] - 0.3 * c.locos
                    continue
                if free:
                    v = _points(obs, f.length_of[c.route]) - 0.3 * c.locos
                    if claim_any or v >= 4:
                        out[i] = TIER_GREEDY + v
                        continue
                out[i] = TIER_CLAIM
            elif t is _DRAW_TICKETS_T:
                out[i] = TIER_TICKETS if new_tickets else 0.0
            elif t is _DRAW_FACEUP_T:
                colour = faceup[cast(DrawFaceUp, a).slot - 1]
                w = 1.5 if colour == _LOCO else wanted.get(colour, 0.0)
                out[i] = (TIER_WANTED if w >= 0.5 else TIER_FACEUP) + w
            elif t is _DRAW_DECK_T:
                out[i] = TIER_DECK
        return out

    # ------------------------------------------------------------ planning
    def _get_plan(self, obs: dict, f: MapFacts) -> dict[str, int]:
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

    def _search_memo(self, f: MapFacts, cost: list[int], a: int, b: int) -> tuple[int, list[int]] | None:
        """:func:`~railkit.graphs.paths.cheapest_path` from ``a`` to ``b`` at these route costs, reusing this bot's
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
        res = cheapest_path(f.iadj, cost, a, b, expanded, improved)
        runs[k] = (cost[:], expanded, improved, res)
        return res

    def _plan_colours(self, obs: dict, f: MapFacts, plan: dict[str, int]) -> dict[str, float]:
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

    def _choose_tickets(self, obs: dict, legal: Sequence[Action], f: MapFacts) -> Action:
        return legal[first_best(self._ticket_scores(obs, legal, f))]

    def _ticket_scores(self, obs: dict, legal: Sequence[Action], f: MapFacts) -> list[float]:
        """Each way of keeping tickets: the points of the tickets kept less 0.9 a train their
        cheapest completions need (-99 for one that cannot be completed), less 5 a ticket
        when under 15 trains are left; -1e9 for any other action."""
        out = [-1e9] * len(legal)
        offered = obs["offered"]
        if not offered:
            return [0.0] * len(legal)
        value = []
        cost = _seat_costs(f, obs, parallel_blocked=False)
        city_ix = f.city_ix
        for t in offered:  # as cheapest(f, t["a"], t["b"], my routes, the others' and the closed ones)
            res = self._search_memo(f, cost, city_ix[t["a"]], city_ix[t["b"]])
            value.append(-99.0 if res is None else t["points"] - 0.9 * res[0])
        trains = obs["trains"]
        for i in range(len(legal)):
            a = legal[i]
            if type(a) is not _KEEP_TICKETS_T:
                continue
            v = sum(value[k - 1] for k in cast(KeepTickets, a).keep)
            if trains < 15:
                v -= 5 * len(cast(KeepTickets, a).keep)
            out[i] = v
        return out

def cheapest(f: MapFacts, a: str, b: str, owned, blocked) -> tuple[int, list[str]] | None:
    """Dijkstra on the map (owned routes cost 0, blocked ones unusable): the trains
    still needed to join ``a`` and ``b`` and the route ids of one cheapest path.
    Same contract as :func:`railkit.graphs.cheapest_completion`, on the map's numbered
    lists (:func:`railkit.graphs.paths.cheapest_path`) for speed.

    >>> from railkit.maps import load
    >>> f = MapFacts(load("usa"))
    >>> cost, path = cheapest(f, "Atlanta", "Charleston", set(), set())
    >>> cost, len(path)
    (2, 1)
    >>> cheapest(f, "Atlanta", "Charleston", set(path), set())[0]
    0
    """
    res = cheapest_path(f.iadj, _costs(f, owned, blocked), f.city_ix[a], f.city_ix[b],
                  [0] * len(f.cities), [0] * len(f.lengths))
    if res is None:
        return None
    ids = f.route_ids
    return res[0], [ids[ri] for ri in res[1]]


def _seat_costs(f: MapFacts, obs: dict, parallel_blocked: bool) -> list[int]:
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


def _costs(f: MapFacts, owned, blocked) -> list[int]:
    """Trains each route still needs, by route number: 0 if owned, -1 if blocked
    (blocked wins)."""
    cost = f.lengths[:]
    route_ix = f.route_ix
    for rid in owned:
        cost[route_ix[rid]] = 0
    for rid in blocked:
        cost[route_ix[rid]] = -1
    return cost


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may subclass it, compiled or not
class DestinationHungryAgent(TicketAgent):
    """The ``tickets`` planner that keeps every ticket it can still reach and
    draws new tickets as soon as its tickets are done (while it has 6 trains)."""

    name = "destination-hungry"

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        o = observation
        if (o["phase"] == "turn" and o["trains"] >= 6 and o["ticket_deck_size"] > 0 and not o["final_round"]
                and all(t["done"] for t in o["tickets"])):
            for a in legal:
                if type(a) is _DRAW_TICKETS_T:
                    return a
        return super().act(observation, legal)

    def _choose_tickets(self, obs: dict, legal: Sequence[Action], f: MapFacts) -> Action:
        offered = obs["offered"]
        seat = obs["seat"]
        claimed = obs["claimed"]
        owned = {rid for rid, s in claimed.items() if s == seat}
        blocked = {rid for rid, s in claimed.items() if s != seat} | set(obs["closed"])
        budget = obs["trains"]
        reach = []
        for t in offered:
            res = cheapest(f, t["a"], t["b"], owned, blocked)
            reach.append(res is not None and res[0] <= budget)
        best, best_key = legal[0], None
        for a in legal:
            if type(a) is not _KEEP_TICKETS_T:
                continue
            keep = cast(KeepTickets, a).keep
            ok = all(reach[i - 1] for i in keep)
            key = (ok, len(keep) if ok else -len(keep), sum(offered[i - 1]["points"] for i in keep))
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best


# ---------------------------------------------------------------- the search
def _next(pool: list[int], k: int, size: int) -> tuple[list[int], int]:
    """The ``size`` items of ``pool`` from ``k`` on, and where the next ones start."""
    return pool[k:k + size], k + size


@mypyc_attr(native_class=False)  # a subclass of the search's own (Python) class
class TicketToRideAdapter(Adapter):
    """What the search (:mod:`railkit.agents.mcts`) needs to know of Ticket to Ride."""

    game_name = "ticket-to-ride"
    shared = ("map", "board", "rules", "_rv", "_points_view", "_t_ends", "tickets_all", "route_score",
              "options", "names", "_two", "_end_trigger", "_loco_limit", "_max_redeals", "_fu_empty_ok",
              "_fu_actions", "_bk_cache", "log", "_cc", "_cg")
    proposers = ("tickets", "greedy-route", "long-route", "destination-hungry")
    rollout = "tickets"
    scale = 20.0
    width = 4
    #: most ticket choices searched (the keep-ticket decisions shape the whole game)
    ticket_width = 7

    def candidates(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The proposers' choices; at a ticket choice, every way of keeping tickets
        after them (up to :attr:`ticket_width`). On a turn where another seat's network
        has an obvious choke (:func:`obvious_chokes`) the search can claim, the claim of
        one (fewest locomotives, longest route) comes second, right after medium's move."""
        out = super().candidates(agent, observation, legal)
        if observation["phase"] in ("setup-tickets", "keep-tickets"):
            out += [a for a in legal if a not in out]
            return out[:self.ticket_width]
        if observation["phase"] == "turn":
            block = self.block(observation, legal)
            if block is not None and block != out[0]:
                if block in out:
                    out.remove(block)
                out.insert(1, block)
        return out

    @staticmethod
    def block(observation: Any, legal: Sequence[Action]) -> Action | None:
        """A legal claim of an obvious choke of another seat's network, or None."""
        f = map_facts(observation)
        seat: int = observation["seat"]
        players: int = observation["players"]
        chokes: set[str] = set()
        for s in range(players):
            if s != seat:
                chokes.update(obvious_chokes(f.board, observation["claimed"], observation["closed"], s, players))
        best: Action | None = None
        best_key: tuple[int, int, str] | None = None
        for a in legal:
            if type(a) is _CLAIM_T:
                c = cast(Claim, a)
                if c.route in chokes:
                    key = (c.locos, -f.length_of[c.route], str(c))
                    if best_key is None or key < best_key:
                        best, best_key = a, key
        return best

    def clone(self, game: Any) -> Any:
        new: Any = super().clone(game)
        new.log = list(game.log)
        # claim caches: the engine shares a bucket's list until a claim in it swaps in a new
        # one, so a copy may share the buckets too (their entries hold for both games)
        new._cc = [list(row) for row in game._cc]
        new._cg = [list(row) for row in game._cg]
        new._bk_cache = {}
        new._obs_cache = {}
        new._pub_out = False
        if game.phase == "setup-tickets" and game.offered is game.setup_offers[game._cur]:
            new.offered = new.setup_offers[new._cur]
        return new

    def reward(self, game: Any, seat: int) -> float:
        """At two seats the shared reward (:meth:`Adapter.reward`); at three or more,
        ``sigmoid(margin / scale)`` alone: a 4-player playout's win indicator is a rare,
        noisy event, while the margin over the best other seat measures the same aim
        with less noise, so the paired comparisons separate the moves sooner."""
        if game.players <= 2:
            return super().reward(game, seat)
        return sigmoid(self.margins(game)[seat] / self.scale)

    def redeal(self, g: Any, seat: int, rng: random.Random) -> None:
        n = g.players
        # train cards: every card not in my hand or face up is unseen
        total = [0] * 9
        for h in g.hands:
            for i, c in enumerate(h):
                total[i] += c
        for c in g.deck:
            total[c] += 1
        for c in g.discard:
            total[c] += 1
        for c in g.faceup:
            if c is not None:
                total[c] += 1
        unseen = list(total)
        for i, c in enumerate(g.hands[seat]):
            unseen[i] -= c
        for c in g.faceup:
            if c is not None:
                unseen[c] -= 1
        pool = [i for i in range(9) for _ in range(unseen[i])]
        rng.shuffle(pool)
        k = 0
        for o in range(n):
            if o == seat:
                continue
            size = sum(g.hands[o])
            h = [0] * 9
            for c in pool[k:k + size]:
                h[c] += 1
            g.hands[o] = h
            k += size
        nd = len(g.discard)
        g.discard = pool[k:k + nd]
        k += nd
        g.deck = pool[k:k + len(g.deck)]
        # tickets: all but those I hold or am offered
        queue = set(g._setup_queue) if g.phase == "setup-tickets" else set()
        mine = set(g.tickets[seat])
        if seat in queue:
            mine.update(g.setup_offers[seat])
        if g.phase == "keep-tickets" and g._cur == seat:
            mine.update(g.offered)
        tpool = sorted(set(range(len(g.tickets_all))) - mine)
        rng.shuffle(tpool)
        # dealt in this order: the other seats' tickets, their set-up offers, the offer on the
        # table, the ticket deck
        k = 0
        for o in range(n):
            if o != seat:
                g.tickets[o], k = _next(tpool, k, len(g.tickets[o]))
        for o in range(n):
            if o != seat and o in queue:
                g.setup_offers[o], k = _next(tpool, k, len(g.setup_offers[o]))
        if g.phase == "setup-tickets":
            g.offered = g.setup_offers[g._cur]
        elif g.phase == "keep-tickets" and g._cur != seat:
            g.offered, k = _next(tpool, k, len(g.offered))
        g.ticket_deck, k = _next(tpool, k, len(g.ticket_deck))
        if k != len(tpool):  # pragma: no cover - an engine change this redeal does not know
            raise RuntimeError(f"ticket redeal: {len(tpool)} unseen tickets, {k} places")
        g._final = None

    def margins(self, g: Any) -> list[float]:
        if g.is_over:
            return margins_of([r["total"] for r in g.final_scores()])
        f = map_facts({"map": g.options.get("map", "usa")})
        b = g.board
        values = []
        for s in range(g.players):
            v = float(g.route_points[s])
            owned = {b.route_ids[i] for i in g.claimed[s]}
            blocked = {b.route_ids[i] for i in range(b.n_routes) if (g.owner[i] >= 0 and g.owner[i] != s)
                       or g.closed[i] >= 0}
            trains = g.trains[s]
            for t in g.tickets[s]:
                tk = g.tickets_all[t]
                pts = tk.points
                if g.ticket_done(s, t):
                    v += pts
                    continue
                a, bb = tk.a, tk.b
                res = cheapest(f, a, bb, owned, blocked)
                if res is None or res[0] > trains:
                    v -= pts
                else:  # on the way: worth more the less it still needs
                    v += pts * (1.0 - 2.0 * min(1.0, res[0] / (0.5 * trains + 1.0)))
            values.append(v)
        return margins_of(values)


AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy-route": GreedyRouteAgent,
    "tickets": TicketAgent,
    "long-route": LongRouteAgent,
}

# The levels (railkit.agents.levels): easy plays greedy-route, medium the tickets planner, and
# hard searches over medium's moves (p95 decision times: benchmarks/bot_strength.py).
EASY = ("greedy-route", 0.0)
MEDIUM = "tickets"
SEARCH = TicketToRideAdapter
#: (most playouts per decision, playout depth or None for whole games, most actions simulated)
HARD_BUDGET = (32, None, 2400)
#: at 4 players whole playouts are about twice as long as at 2, so twice the simulated
#: actions keep the playouts per candidate
HARD_BUDGET_BY_PLAYERS = {4: (48, None, 4800)}
register(AGENTS, EASY, MEDIUM, SEARCH, HARD_BUDGET, HARD_BUDGET_BY_PLAYERS)


# ---------------------------------------------------------------- balance probes
def _no_new_tickets(obs: dict, a: Action) -> bool:
    return type(a) is _DRAW_TICKETS_T


def _no_length_six(obs: dict, a: Action) -> bool:
    return type(a) is _CLAIM_T and map_facts(obs).routes[cast(Claim, a).route].length == 6


def _no_faceup_locos(obs: dict, a: Action) -> bool:
    return type(a) is _DRAW_FACEUP_T and obs["faceup"][cast(DrawFaceUp, a).slot - 1] == _LOCO


def _never_blocking(obs: dict, a: Action) -> bool:
    """A claim of a route on none of the cheapest paths of the seat's unfinished tickets."""
    if type(a) is not _CLAIM_T:
        return False
    open_tickets = [t for t in obs["tickets"] if not t["done"]]
    if not open_tickets:
        return False
    f = map_facts(obs)
    seat = obs["seat"]
    owned = {r for r, s in obs["claimed"].items() if s == seat}
    blocked = {r for r, s in obs["claimed"].items() if s != seat} | set(obs["closed"])
    useful: set[str] = set()
    for t in open_tickets:
        res = cheapest(f, t["a"], t["b"], owned, blocked)
        if res is not None:
            useful.update(res[1])
    return cast(Claim, a).route not in useful


#: restricted-play balance probes (:mod:`railkit.sim.probes`): name -> (what is forbidden,
#: a predicate of (observation, action) that is True for a forbidden move)
PROBES: dict[str, tuple[str, Any]] = {
    "no-new-tickets": ("no tickets after set-up", _no_new_tickets),
    "no-length-6": ("no length-6 routes", _no_length_six),
    "no-faceup-locos": ("no face-up locomotives", _no_faceup_locos),
    "never-blocking": ("claims only routes its own tickets need", _never_blocking),
}

# Play styles after de Mesentier Silva et al. (FDG 2017), mapped onto the bots where they match:
# route-focus plans the cheapest paths for its tickets and claims the routes on them;
# destination-hungry keeps as many tickets as it can reach and draws more as soon as they
# are done; one-step-thinking claims the best route now, else draws toward the best one.
AGENTS["route-focus"] = alias(TicketAgent, "route-focus", "Route Focus: the tickets planner.")
AGENTS["one-step-thinking"] = alias(GreedyRouteAgent, "one-step-thinking", "One Step Thinking: the greedy-route bot.")
AGENTS["destination-hungry"] = DestinationHungryAgent

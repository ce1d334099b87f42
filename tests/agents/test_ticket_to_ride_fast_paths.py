"""The fast paths of the Ticket to Ride bots decide exactly what the plain computations
decide: the path search on numbered cities against the first, dictionary-based
Dijkstra, the remembered searches of the ``tickets`` bot against a search from scratch
at every change, the greedy colour weights per (colour, length) group against the
pass over every route, and whole seeded games of bots built from those first versions
(kept here as the reference) against the bots as they are."""

from __future__ import annotations

import heapq
import random

import pytest

from railkit.agents.ticket_to_ride import (AGENTS, GreedyRouteAgent, LongRouteAgent, MapFacts, TicketAgent, _costs,
                                           cheapest, map_facts)
from railkit.core.game import play
from railkit.games.ticket_to_ride import SPEC
from railkit.games.ticket_to_ride.actions import Claim, KeepTickets
from railkit.graphs.paths import cheapest_path
from railkit.maps import CARD_COLOURS


# ------------------------------------------------------------------ the reference versions
def reference_cheapest(f: MapFacts, a: str, b: str, owned, blocked):
    """Dijkstra on the map (owned routes cost 0, blocked ones unusable): the trains
    still needed to join ``a`` and ``b`` and the route ids of one cheapest path."""
    dist = {a: 0}
    prev: dict = {}
    heap = [(0, a)]
    adj = f.adj
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            path = []
            while u != a:
                u, rid = prev[u]
                path.append(rid)
            return d, path[::-1]
        if d > dist[u]:
            continue
        for v, rid, ln in adj[u]:
            if rid in blocked:
                continue
            nd = d + (0 if rid in owned else ln)
            if nd < dist.get(v, 1 << 30):
                dist[v] = nd
                prev[v] = (u, rid)
                heapq.heappush(heap, (nd, v))
    return None


def _points(obs: dict, length: int) -> int:
    table = obs["route_points"]
    v = table.get(length)
    return table.get(str(length), length) if v is None else v


def reference_plan(obs: dict, f: MapFacts) -> dict:
    """The tickets bot's plan searched from scratch."""
    seat = obs["seat"]
    claimed = obs["claimed"]
    owned = {rid for rid, s in claimed.items() if s == seat}
    blocked = {rid for rid, s in claimed.items() if s != seat}
    blocked.update(obs["closed"])
    for rid in owned:
        blocked.update(f.parallel[rid])
    plan: dict = {}
    budget = obs["trains"]
    for t in sorted(obs["tickets"], key=lambda t: -t["points"]):
        if t["done"]:
            continue
        res = reference_cheapest(f, t["a"], t["b"], owned | set(plan), blocked)
        if res is None:
            continue
        cost, path = res
        if cost > budget:
            continue
        budget -= cost
        for rid in path:
            if rid not in owned and rid not in plan:
                plan[rid] = f.routes[rid].length
    return plan


def reference_wanted_colours(bot, obs: dict, f: MapFacts) -> dict:
    """The greedy bots' colour weights from a pass over every route."""
    hand = obs["hand"]
    trains = obs["trains"]
    claimed = obs["claimed"]
    closed = set(obs["closed"]) if obs["closed"] else ()
    loc = hand.get("loco", 0)
    w: dict = {}
    best_gray = 0.0
    for rid, length, color in f.route_list:
        if not (length <= trains and bot._wanted_len(length, trains)) or rid in claimed or rid in closed:
            continue
        v = _points(obs, length)
        if color == "gray":
            best_gray = max(best_gray, v / length)
            continue
        missing = length - hand.get(color, 0) - loc
        score = v / length / (1 + max(missing, 0))
        if score > w.get(color, 0.0):
            w[color] = score
    top = max(CARD_COLOURS, key=lambda c: hand.get(c, 0))
    w[top] = max(w.get(top, 0.0), best_gray / 2)
    m = max(w.values(), default=0.0) or 1.0
    return {c: v / m for c, v in w.items()}


class _ReferenceGreedy:
    def act(self, observation, legal):
        phase = observation["phase"]
        if phase in ("setup-tickets", "keep-tickets"):
            return self._keep(observation, legal)
        f = self._map_facts(observation)
        trains = observation["trains"]
        if phase == "turn":
            best, best_v = None, -1.0
            for a in legal:
                if type(a) is Claim:
                    ln = f.routes[a.route].length
                    if not self._wanted_len(ln, trains):
                        continue
                    v = _points(observation, ln) - 0.3 * a.locos
                    if v > best_v:
                        best, best_v = a, v
            if best is not None:
                return best
        a = self._draw(observation, legal, reference_wanted_colours(self, observation, f))
        return a if a is not None else self._fallback(legal)


class ReferenceGreedyRoute(_ReferenceGreedy, GreedyRouteAgent):
    pass


class ReferenceLongRoute(_ReferenceGreedy, LongRouteAgent):
    pass


class ReferenceTickets(TicketAgent):
    def _get_plan(self, obs, f):
        return reference_plan(obs, f)

    def _choose_tickets(self, obs, legal, f):
        offered = obs["offered"]
        if not offered:
            return legal[0]
        seat = obs["seat"]
        owned = {rid for rid, s in obs["claimed"].items() if s == seat}
        blocked = {rid for rid, s in obs["claimed"].items() if s != seat} | set(obs["closed"])
        value = []
        for t in offered:
            res = reference_cheapest(f, t["a"], t["b"], owned, blocked)
            value.append(-99.0 if res is None else t["points"] - 0.9 * res[0])
        best, best_v = legal[0], -1e9
        for a in legal:
            if type(a) is not KeepTickets:
                continue
            v = sum(value[i - 1] for i in a.keep)
            if obs["trains"] < 15:
                v -= 5 * len(a.keep)
            if v > best_v:
                best, best_v = a, v
        return best


REFERENCE = {"random": AGENTS["random"], "greedy-route": ReferenceGreedyRoute, "tickets": ReferenceTickets,
             "long-route": ReferenceLongRoute}


def _log(lineup: list[str], agents: dict, seed: int, **options) -> list[str]:
    g = SPEC.new_game(None, len(lineup), seed, **options)
    play(g, [agents[n](seed * 10 + i) for i, n in enumerate(lineup)])
    return [str(a) for a in g.log]


# ------------------------------------------------------------------ whole games
LINEUPS = [
    ["random", "greedy-route", "tickets", "long-route"],
    ["tickets"] * 4,
    ["greedy-route"] * 4,
    ["long-route"] * 4,
    ["tickets", "long-route"],
    ["tickets", "greedy-route", "tickets"],
]


@pytest.mark.parametrize("lineup", LINEUPS, ids=lambda lu: ",".join(lu))
def test_seeded_games_give_the_reference_bots_action_logs(lineup):
    seeds = range(30) if len(lineup) == 4 else range(10)
    for seed in seeds:
        assert _log(lineup, AGENTS, seed) == _log(lineup, REFERENCE, seed), f"seed {seed}"


def test_seeded_games_on_a_small_map_give_the_reference_bots_action_logs():
    lineup = ["tickets", "greedy-route", "long-route"]
    for seed in range(10):
        assert (_log(lineup, AGENTS, seed, map="teaching-small")
                == _log(lineup, REFERENCE, seed, map="teaching-small")), f"seed {seed}"


def test_the_reference_bots_differ_from_each_other():
    # the comparison above can fail: bots of different styles give other logs
    assert _log(["tickets"] * 4, REFERENCE, 0) != _log(["greedy-route"] * 4, REFERENCE, 0)


# ------------------------------------------------------------------ decision by decision
def test_every_plan_and_colour_weight_equals_the_reference():
    plans = weights = 0
    for seed in range(6):
        g = SPEC.new_game(None, 4, seed)
        bots = [AGENTS[n](seed * 10 + i) for i, n in enumerate(["tickets", "greedy-route", "tickets", "long-route"])]
        while not g.is_over:
            s = g.current_player
            obs, legal = g.observe(s), g.legal_actions()
            bot = bots[s]
            f = map_facts(obs)
            if obs["phase"] not in ("setup-tickets", "keep-tickets"):
                if isinstance(bot, TicketAgent):
                    assert list(bot._get_plan(obs, f).items()) == list(reference_plan(obs, f).items())
                    plans += 1
                else:
                    assert bot._wanted_colours(obs, f) == reference_wanted_colours(bot, obs, f)
                    weights += 1
            g.apply(bot.act(obs, legal))
    assert plans > 200 and weights > 200


def test_cheapest_equals_the_reference_on_random_owned_and_blocked_routes():
    f = map_facts({"map": "usa"})
    rng = random.Random(5)
    ids = [r for r, _ln, _c in f.route_list]
    cities = sorted(f.adj)
    found = 0
    for _ in range(400):
        owned = set(rng.sample(ids, rng.randrange(0, 15)))
        blocked = set(rng.sample(ids, rng.randrange(0, 60)))
        a, b = rng.sample(cities, 2)
        got = cheapest(f, a, b, owned, blocked)
        assert got == reference_cheapest(f, a, b, owned, blocked)
        found += got is not None
    assert 50 < found < 400  # both reachable and cut-off pairs were tried


def test_a_remembered_search_equals_a_new_one_after_any_cost_change():
    # blocks, owned routes, planned routes, dearer routes and routes opened again (an undo)
    f = map_facts({"map": "usa"})
    rng = random.Random(11)
    bot = TicketAgent(1)
    n_routes, n_cities = len(f.lengths), len(f.cities)
    pairs = [tuple(rng.sample(range(n_cities), 2)) for _ in range(6)]
    reused = 0
    for _ in range(40):
        cost = _costs(f, set(), set())
        for _step in range(25):
            for _k in range(rng.randrange(1, 4)):
                i = rng.randrange(n_routes)
                cost[i] = rng.choice([-1, -1, 0, f.lengths[i], f.lengths[i] + 1])
            for a, b in pairs:
                before = bot._runs.get((a, b))
                got = bot._search_memo(f, cost, a, b)
                fresh = cheapest_path(f.iadj, cost, a, b, [0] * n_cities, [0] * n_routes)
                assert got == fresh
                reused += before is not None and bot._runs[(a, b)][1] is before[1]
    assert reused > 500  # the remembered searches were used, not only run again

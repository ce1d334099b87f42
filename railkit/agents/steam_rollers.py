"""Steam Rollers bots. They see only ``observe(seat)`` and the legal actions.

* ``random``: a uniformly random legal action (but it prefers any real action
  over passing, so games move on).
* ``greedy``: scores each action with a one-step look-ahead on its own sheet:
  deliveries by their distance (the best-delivery search, a longest bounded
  path), builds by how far they extend chains that touch cities and towns and by
  the network points they complete, engine upgrades while deliveries are short.

>>> from railkit.core.game import play
>>> from railkit.games.steam_rollers import SteamRollers
>>> g = play(SteamRollers(players=2, seed=3), [GreedyAgent(0), RandomAgent(1)])
>>> g.is_over
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Sequence

from railkit.core.game import Action, Agent
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.actions import (
    Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, TakeTile, UseTile,
)
from railkit.maps import hexes as hx
from railkit.maps import sheets


class RandomAgent(Agent):
    """Random play: first a random kind of action (build, engine, deliver, tile,
    use, ...) among those legal now, then a random action of that kind; passing
    or skipping only when nothing else is legal."""

    name = "random"

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        kinds = {type(a) for a in legal} - {Pass, Skip}
        if not kinds:
            return self.rng.choice(list(legal))
        kind = self.rng.choice(sorted(kinds, key=lambda t: t.__name__))
        return self.rng.choice([a for a in legal if type(a) is kind])


@lru_cache(maxsize=8)
def _sheet(name: str):
    return sheets.load(name)


def _tracks(view: dict) -> dict:
    return {hx.parse_hex(k): tuple(v) for k, v in view["tracks"].items()}


class GreedyAgent(Agent):
    """One-step greedy player (see the module docstring)."""

    name = "greedy"
    #: value of the first engine upgrade (each further box is worth 0.8 less)
    engine_weight = 7.0
    #: value of a delivery = deliver_base + deliver_per_stop * distance
    deliver_base = 1.0
    deliver_per_stop = 2.2
    #: weight of a build on a planned city-to-city route (see :func:`connection_plans`)
    plan_weight = 4.0

    def __init__(self, seed=None) -> None:
        super().__init__(seed)
        self._plans_key = None
        self._plans: dict = {}

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        obs = observation
        sheet = _sheet(obs["sheet"])
        me = obs["players_view"][obs["seat"]]
        tracks = _tracks(me)
        G = nw.connection_graph(sheet, tracks)
        base_net = nw.network_points(sheet, tracks, G)
        engine = me["engine"]
        best, best_score = None, float("-inf")
        dist_cache: dict = {}
        tips = live_tips(sheet, tracks)
        key = (tuple(sorted(tracks.items())), json.dumps(obs["supply"], sort_keys=True), obs["mountains"])
        if self._plans_key != key:
            self._plans_key = key
            self._plans = connection_plans(sheet, tracks, sheet.blocked_edges(obs["mountains"]), obs["supply"])
        for a in legal:
            s = self._value(a, obs, sheet, tracks, G, base_net, engine, dist_cache, tips) + self.rng.random() * 0.01
            if s > best_score:
                best, best_score = a, s
        return best

    def _value(self, a, obs, sheet, tracks, G, base_net, engine, cache, tips) -> float:
        if isinstance(a, Deliver):
            src = a.source if a.source is not None else (a.value if a.value is not None else a.die)
            key = (src, a.dest)
            if key not in cache:
                res = nw.best_delivery(sheet, tracks, src, [a.dest], engine + 3, G=G)
                cache[key] = 0 if res is None else min(res[0], engine)
            return self.deliver_base + self.deliver_per_stop * max(cache[key], 1) - (0.5 if a.value is not None else 0)
        if isinstance(a, (Build, ExtraBuild)) or (isinstance(a, Power) and a.power == "track"):
            return self._build_value(a.hex, a.a, a.b, sheet, tracks, base_net, tips) - (0.5 if getattr(a, "value", None) else 0)
        if isinstance(a, Engine):
            boxes = len(obs["players_view"][obs["seat"]]["engine_boxes"])
            return self.engine_weight - 0.8 * boxes - (0.5 if a.value is not None else 0)
        if isinstance(a, TakeTile):
            t = obs["tiles"][str(a.number)]
            return 0.8 + 0.3 * t["vp"] - (0.5 if a.value is not None else 0)
        if isinstance(a, UseTile):
            return -0.5
        if isinstance(a, Power):
            return {"engine": 2.5, "vp": 2.0, "tile": 1.0, "good": 1.5}.get(a.power, 0.0)
        return -1.0  # pass / skip

    def _build_value(self, h, a, b, sheet, tracks, base_net, tips) -> float:
        score = self.plan_weight * self._plans.get((h, a, b), 0.0)
        ends = []
        for e in (a, b):
            n = hx.neighbor(h, e)
            if n in sheet.city_at:
                ends.append(("city", sheet.city_at[n]))
            elif n in tracks and (e + 3) % 6 in tracks[n]:
                ends.append(("track", None))
            elif n not in sheet.hexes:
                ends.append(("edge", None))
            else:
                ends.append(("open", n))
        live = [origin for e, origin in tips.get(h, ()) if e in (a, b)]
        if live:
            score += 2.0
        kinds = [k for k, _ in ends]
        score += 1.0 * kinds.count("city") + 0.6 * kinds.count("track") - 1.0 * kinds.count("edge")
        if h in sheet.town_at:
            score += 0.8
        if live:
            # reward pointing the open end towards a city the chain does not start from
            for k, n in ends:
                if k == "open":
                    others = [c for num, c in sheet.cities.items() if f"C{num}" not in live]
                    if others:
                        d_now = min(hx.distance(h, c) for c in others)
                        d_next = min(hx.distance(n, c) for c in others)
                        score += 0.7 * (d_now - d_next)
        if all(k in ("city", "track") for k in kinds):  # only then can a connection be completed
            new = dict(tracks)
            new[h] = (a, b)
            gain = nw.network_points(sheet, new) - base_net
            score += 3.0 * gain
        return score


def connection_plans(sheet, tracks, blocked=frozenset(), supply=None) -> dict:
    """Builds that lie on the cheapest way to join two cities, with a value each.

    For every city a Dijkstra search over (hex, entry edge) states finds, for each
    other city, the route needing the fewest new tracks (existing tracks are
    followed for free; mountains and cities are never crossed). Each missing track
    of such a route gets the value ``(1 + towns + goods interest) / tracks needed``.
    Returns ``{(hex, a, b): value}``.
    """
    import heapq

    hexes, city_at, town_at = sheet.hexes, sheet.city_at, sheet.town_at
    out: dict = {}
    for A, cA in sorted(sheet.cities.items()):
        best: dict = {}
        prev: dict = {}
        heap: list = []
        found: dict = {}
        for e in range(6):
            n = hx.neighbor(cA, e)
            if (cA, e) in blocked or n not in hexes or n in city_at:
                continue
            enter = (e + 3) % 6
            if n in tracks and enter not in tracks[n]:
                continue
            st = (n, enter)
            c = 0 if n in tracks else 1
            if c < best.get(st, 99):
                best[st] = c
                prev[st] = None
                heapq.heappush(heap, (c, st))
        while heap:
            cost, st = heapq.heappop(heap)
            if cost > best.get(st, 99):
                continue
            h, enter = st
            t = tracks.get(h)
            exits = [t[1] if t[0] == enter else t[0]] if t else [x for x in range(6) if x != enter]
            for x in exits:
                if (h, x) in blocked:
                    continue
                m = hx.neighbor(h, x)
                if m in city_at:
                    B = city_at[m]
                    if B != A and (B not in found or cost < found[B][0]):
                        found[B] = (cost, st, x)
                    continue
                if m not in hexes:
                    continue
                back = (x + 3) % 6
                if m in tracks and back not in tracks[m]:
                    continue
                if t is not None and h in town_at:
                    pass
                nst = (m, back)
                nc = cost + (0 if m in tracks else 1)
                if nc < best.get(nst, 99):
                    best[nst] = nc
                    prev[nst] = (st, x)
                    heapq.heappush(heap, (nc, nst))
        goods_a = (supply or {}).get(str(A), [])
        for B, (cost, st, x) in found.items():
            if cost == 0:
                continue
            steps = []
            cur, ex = st, x
            while cur is not None:
                steps.append((cur[0], cur[1], ex))
                p = prev[cur]
                if p is None:
                    break
                cur, ex = p
            if len({h for h, _, _ in steps}) != len(steps):
                continue  # would use a hex twice
            towns = sum(1 for h, _, _ in steps if h in town_at)
            goods_b = (supply or {}).get(str(B), [])
            interest = sum(1 for g in goods_a if B in sheet.destinations(g)) + \
                sum(1 for g in goods_b if A in sheet.destinations(g))
            value = (1 + towns + 0.5 * min(interest, 4)) / cost
            for h, en, ex in steps:
                if h not in tracks:
                    key = (h, min(en, ex), max(en, ex))
                    out[key] = max(out.get(key, 0.0), value)
    return out


def live_tips(sheet, tracks) -> dict:
    """Empty hexes that a chain from a city or town points into: ``{hex: [(edge, origin), ...]}``
    where ``edge`` is the edge of the empty hex the chain enters by."""
    out: dict = {}
    starts = []
    for n, c in sheet.cities.items():
        starts.extend((f"C{n}", c, e) for e in range(6))
    for n, t in sheet.towns.items():
        if t in tracks:
            starts.extend((f"T{n}", t, e) for e in tracks[t])
    for origin, h, e in starts:
        seen = 0
        while seen < 80:
            seen += 1
            n = hx.neighbor(h, e)
            enter = (e + 3) % 6
            if n not in sheet.hexes or n in sheet.city_at:
                break
            t = tracks.get(n)
            if t is None:
                if origin.startswith("T") or (h != sheet.cities[int(origin[1:])]):
                    out.setdefault(n, []).append((enter, origin))
                elif origin.startswith("C"):
                    out.setdefault(n, []).append((enter, origin))
                break
            if enter not in t or n in sheet.town_at:
                break
            h, e = n, (t[1] if t[0] == enter else t[0])
    return out


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}

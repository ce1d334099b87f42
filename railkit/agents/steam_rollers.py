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
        groups: dict[type, list[Action]] = {}
        for a in legal:
            t = type(a)
            if t is not Pass and t is not Skip:
                g = groups.get(t)
                if g is None:
                    groups[t] = [a]
                else:
                    g.append(a)
        if not groups:
            return self.rng.choice(list(legal))
        kind = self.rng.choice(sorted(groups, key=lambda t: t.__name__))
        return self.rng.choice(groups[kind])


@lru_cache(maxsize=8)
def _sheet(name: str):
    return sheets.load(name)


def _tracks(view: dict) -> dict:
    return {hx.parse_hex(k): tuple(v) for k, v in view["tracks"].items()}


class GreedyAgent(Agent):
    """One-step greedy player (see the module docstring)."""

    name = "greedy"
    #: value of the first engine upgrade (each further box is worth 0.8 less)
    engine_weight = 5.0

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
            return 4.0 + 2.0 * max(cache[key], 1) - (0.5 if a.value is not None else 0)
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
        score = 0.0
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
        if "city" in kinds or "track" in kinds:
            new = dict(tracks)
            new[h] = (a, b)
            gain = nw.network_points(sheet, new) - base_net
            score += 3.0 * gain
        return score


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

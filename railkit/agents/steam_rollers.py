"""Steam Rollers bots. They see only ``observe(seat)`` and the legal actions.

* ``random``: a uniformly random legal action (but it prefers any real action
  over passing, so games move on).
* ``greedy``: gives every legal action a value in points from its own sheet (a
  cheap incremental evaluation, no copy of the game): deliveries their distance
  (longest simple path within the engine, :func:`longest_distances`), builds the
  network points they complete, their share of the cheapest city-to-city routes
  (:func:`connection_plans`, towns and goods waiting count) and the change in
  delivery potential (the longest delivery of every good on the cities), engine
  boxes while deliveries need them (+ the engine bonus), tiles their VP and
  effect. Solo: the two drafts of a turn are chosen together, net of what the die
  left over gives Olivia (:func:`olivia_cost`: her crossed hex, her delivery and
  points, a tile she takes back, an instant loss on a full region); a build that
  joins a chain or an engine box re-values the delivery the other die can make.
  Taking the last good of a city counts whether ending the game now wins.

>>> from railkit.core.game import play
>>> from railkit.games.steam_rollers import SteamRollers
>>> g = play(SteamRollers(players=2, seed=3), [GreedyAgent(0), RandomAgent(1)])
>>> g.is_over
True
"""

# railkit: compiled with mypyc
from __future__ import annotations

import math
import random
from bisect import insort
from functools import lru_cache
from heapq import heappop, heappush
from itertools import compress, repeat
from operator import is_
from typing import Any, Final, Sequence, cast

from mypy_extensions import mypyc_attr

from railkit.agents.levels import register
from railkit.agents.mcts import Adapter, MCTSAgent, margins_of
from railkit.core.draws import choice
from railkit.core.game import Action, Agent, play
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.containers import Builds, LegalActions
from railkit.games.steam_rollers.game import CITIES, PlayerState, SteamRollers
from railkit.games.steam_rollers.lessons import sheet_graph
from railkit.games.steam_rollers.actions import (
    Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, TakeTile, UseTile,
)
from railkit.maps import hexes as hx
from railkit.maps import sheets


def first_in_line(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` without the deliveries that name a later good in the city's line
    (SR-SOLO-ANY-GOOD): the bots deliver the first good of a colour, as they always
    did, so seeded games play as before. Which good is left for Olivia (she takes the
    last one in line) is a choice for people to explore.

    >>> from railkit.games.steam_rollers import Deliver
    >>> first_in_line([Deliver(2, "red", 1), Deliver(2, "red", 1, pos=3)])
    [Deliver(die=2, good='red', dest=1, source=None, value=None, pos=None)]
    """
    deliveries = legal.of_kind(Deliver) if isinstance(legal, LegalActions) else legal
    if not any(type(a) is Deliver and a.pos is not None for a in deliveries):
        return legal
    if isinstance(legal, LegalActions):  # the same parts, the deliveries filtered (bots read parts)
        out = LegalActions()
        for kind, part in legal.parts():
            out.add(kind, [a for a in part if a.pos is None] if kind is Deliver else part)
        return cast(Sequence[Action], out)  # a Sequence (registered), which mypy does not know
    return [a for a in legal if not (type(a) is Deliver and a.pos is not None)]


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class RandomAgent(Agent):
    """Random play: first a random kind of action (build, engine, deliver, tile,
    use, ...) among those legal now, then a random action of that kind; passing
    or skipping only when nothing else is legal."""

    name = "random"
    needs_observation = False  # it never reads the observation: the play loop skips building it

    def act(self, observation: dict | None, legal: Sequence[Action]) -> Action:
        # As ``first_in_line(legal)`` then a kind, then an action of that kind, with the
        # lists made by C-level filters (the legal list can hold hundreds of builds).
        if isinstance(legal, LegalActions):
            return self._act_by_kind(legal)
        kinds = _choosable(tuple(dict.fromkeys(map(type, legal))))
        delivers = None
        if Deliver in kinds:
            delivers = [a for a in _of_kind(legal, Deliver) if a.pos is None]
            if not delivers:
                kinds = [k for k in kinds if k is not Deliver]
        if not kinds:
            return choice(self.rng, list(first_in_line(legal)))
        kind = choice(self.rng, kinds)
        return choice(self.rng, delivers if kind is Deliver and delivers else _of_kind(legal, kind))

    def _act_by_kind(self, legal: LegalActions) -> Action:
        """:meth:`act` on the engine's sequence of legal actions: the same draws from the
        generator, with the actions of a kind taken from its parts (never a scan)."""
        kinds = _choosable(tuple(legal.kinds()))
        delivers = None
        if Deliver in kinds:
            delivers = [a for a in legal.of_kind(Deliver) if a.pos is None]
            if not delivers:
                kinds = [k for k in kinds if k is not Deliver]
        if not kinds:
            return choice(self.rng, list(first_in_line(list(legal))))
        kind = choice(self.rng, kinds)
        if kind is Deliver and delivers:
            return choice(self.rng, delivers)
        return choice(self.rng, legal.of_kind(kind))


#: kinds of legal action present (in any order) -> the kinds the random bot draws from
_CHOOSABLE: Final[dict[tuple, list[type]]] = {}


def _choosable(kinds: tuple) -> list[type]:
    """``kinds`` without passing and skipping, sorted by name (the order the random bot
    draws a kind in), made once per set of kinds. Do not change the list.

    >>> [k.__name__ for k in _choosable((Pass, Engine, Build, Skip))]
    ['Build', 'Engine']
    """
    out = _CHOOSABLE.get(kinds)
    if out is None:
        out = _CHOOSABLE[kinds] = sorted((k for k in kinds if k is not Pass and k is not Skip), key=_type_name)
    return out


_DIRECTIONS: Final[tuple[tuple[int, int], ...]] = hx.DIRECTIONS

#: below every value  # mypyc: Final constant
_NO_VALUE: Final[float] = float("-inf")


def _step(h: tuple[int, int], edge: int) -> tuple[int, int]:
    """:func:`railkit.maps.hexes.neighbor` (called in the bots' inner loops).

    >>> _step((2, -1), 1) == hx.neighbor((2, -1), 1)
    True
    """
    dq, dr = _DIRECTIONS[edge]
    return (h[0] + dq, h[1] + dr)


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """:func:`railkit.maps.hexes.distance`.

    >>> _hex_distance((0, 0), (2, -3)) == hx.distance((0, 0), (2, -3))
    True
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _type_name(t: type) -> str:
    return t.__name__


def _of_kind(legal: Sequence[Action], kind: type) -> list:
    """The actions of type ``kind`` in ``legal``, in order.

    >>> _of_kind([Pass(1), Skip(), Pass(2)], Pass)
    [Pass(die=1), Pass(die=2)]
    """
    return list(compress(legal, map(is_, map(type, legal), repeat(kind))))


@lru_cache(maxsize=8)
def _sheet(name: str):
    return sheets.load(name)


def _tracks(view: dict) -> dict:
    return {hx.parse_hex(k): tuple(v) for k, v in view["tracks"].items()}


def _adjacency(sheet, tracks) -> dict:
    """Neighbour sets of the connection graph (cities ``C1..`` and towns ``T1..``), from
    :func:`railkit.games.steam_rollers.network.chains` (parallel chains merge: a delivery
    counts nodes, so they never change a distance)."""
    adj: dict = {}
    for u, v, _, _ in nw.chains(sheet, tracks):
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)
    return adj


#: the engine's own search (one piece of code for the rule): longest delivery distances
longest_distances = nw.longest_distances


def olivia_cost(obs: dict, die: int, sheet, depth: int = 0, threat: float = 1.2) -> float:
    """What leaving white die ``die`` to Olivia costs the solo player, in points.

    Her phase (SR-OLIVIA-1..4): a crossed hex in region ``die`` (her two best regions
    score; a full region is an instant loss), the player's upright tile ``die`` goes
    back to the board, an empty city means a re-roll (averaged over the six faces,
    one level deep), and with 3+ crossed hexes she takes the last good of city
    ``die`` and scores the crossed count (that also speeds up the end).
    """
    ol = obs["olivia"]
    counts = {int(k): v for k, v in ol["crossed"].items()}
    c = counts[die]
    if c >= len(sheet.regions[die].drawable):
        return 1000.0  # SR-OLIVIA-1: the region is full, she wins at once
    before = sum(sorted(counts.values(), reverse=True)[:2])
    counts2 = dict(counts)
    counts2[die] = c + 1
    cost = float(sum(sorted(counts2.values(), reverse=True)[:2]) - before)
    t = obs["tiles"][str(die)]
    if t["holder"] == obs["seat"] and not t["sideways"]:  # SR-OLIVIA-2
        cost += t["vp"] + max(0, t["vp"]) + 0.5
    supply = obs["supply"][str(die)]
    if not supply:  # SR-OLIVIA-3: re-roll
        if depth >= 1:
            return cost + 3.0
        sub = dict(obs)
        sub["olivia"] = dict(ol, crossed={str(k): v for k, v in counts2.items()})
        return cost + sum(olivia_cost(sub, d, sheet, depth + 1, threat) for d in range(1, 7)) / 6
    if c + 1 >= 3:  # SR-OLIVIA-4
        cost += (c + 1) + 1.0  # her points, and one good less for the player
    elif c + 1 == 2:
        cost += threat  # the next die for this region will score for her
    else:
        cost += 0.3
    return cost


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (bots of one's own subclass it)
class GreedyAgent(Agent):
    """Greedy player: every legal action gets a value in points (see the module
    docstring); in solo the two drafts of a turn are chosen together, net of what
    the die left over is worth to Olivia (:func:`olivia_cost`)."""

    name = "greedy"
    #: it changes nothing in its observation and keeps no part of it: the play loop hands it
    #: the game's shared view (Game.observe_shared), with no copies
    reads_observation_only = True
    #: weight of a build on a planned city-to-city route (see :func:`connection_plans`)
    plan_weight = 1.6
    #: weight of the change in delivery potential (longest deliveries of the goods on
    #: the cities, summed) that a build or an engine box brings
    potential_weight = 0.35
    #: value of an engine box by boxes already crossed, before deliveries need it
    engine_prior = (3.0, 2.6, 2.0, 1.2, 0.6, 0.3, 0.0)
    #: the delivery potential of a build counts routes up to this many stops beyond the engine
    potential_reach = 1
    #: value of a build that extends a chain leaving a city or town
    live_weight = 0.6
    #: value of drawing through a town hex (towns lengthen deliveries and connections)
    town_weight = 0.3
    #: cost of a town hex in the route search of :func:`connection_plans` (1 = a plain hex)
    town_cost = 1.0
    #: solo: the chance of keeping a tile until the end (Olivia takes upright tiles back)
    tile_keep = 0.4
    #: value of a delivery besides its points (goods are scarce: Olivia takes them too)
    deliver_bonus = 0.3
    #: a delivery loses this much per stop it could gain with a stronger engine on today's network
    wait_weight = 0.3
    #: a delivery of 1 or 2 stops early in the game loses this much per stop short of 3
    short_cost = 0.5
    #: value of ending the game when ahead (a loss of as much when behind)
    end_weight = 6.0
    #: value of bringing the end closer by emptying a city (a cost when behind)
    shorten_cost = 0.0
    #: cost of bringing one of Olivia's regions to 2 crossed hexes (the next one scores)
    threat = 1.2
    #: weight of what the die left over is worth to Olivia (solo)
    olivia_weight = 1.0

    def __init__(self, seed=None) -> None:
        super().__init__(seed)
        self._plans_key: tuple | None = None
        self._plans: dict = {}  # connection_plans by hex: {hex: {a * 6 + b: value}}
        self._pots: dict = {}  # (build, cap) -> delivery potential after it, for the plans' key
        self._sheet_key: tuple | None = None  # (tracks, mountains) the facts below are for
        self._sheet_facts: dict = {}

    # ------------------------------------------------------------------ choice
    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        actions, values = self.scored(observation, legal)
        best = 0  # the first of the highest values (as max would take it)
        for i in range(1, len(values)):
            if values[i] > values[best]:
                best = i
        return actions[best]

    def scored(self, observation: dict, legal: Sequence[Action]) -> tuple[Sequence[Action], list[float]]:
        """The actions the bot chooses among (``legal`` but the later goods in a city's line,
        :func:`first_in_line`) and the value of each, in order: it plays the first of the
        highest (the hints rank by the same values, :mod:`railkit.agents.hints`). A single
        action is not valued (no draw of the tie-break)."""
        legal = first_in_line(legal)
        if len(legal) == 1:
            return legal, [0.0]
        obs = observation
        ctx = self._context(obs)
        values = self._values(legal, obs, ctx)
        solo_draft = obs.get("solo") and obs.get("phase") == "draft" and obs.get("olivia") and len(obs["dice"]) >= 2
        if solo_draft:
            dice = list(obs["dice"])
            cost = {d: self.olivia_weight * olivia_cost(obs, d, ctx["sheet"], threat=self.threat) for d in set(dice)}
            die_after = self._dice_and_after(legal, ctx)
            best_by_die: dict = {}
            for (d, _), v in zip(die_after, values):
                if d is not None and v > best_by_die.get(d, _NO_VALUE):
                    best_by_die[d] = v

            def rest(die):
                left = list(dice)
                left.remove(die)
                if len(left) == 1:
                    return -cost[left[0]]
                if len(left) == 2:  # the second draft of the turn: keep the better die, leave the other
                    x, y = left
                    return max(best_by_die.get(x, -1) - cost[y], best_by_die.get(y, -1) - cost[x])
                return 0.0

            rests = {d: rest(d) for d in set(dice)}
            # an action without a die (a tile played first) still leaves the whole turn to come
            turn = max((best_by_die[d] + rests[d] for d in rests if d in best_by_die), default=0.0)
            out = []
            for (d, after), v in zip(die_after, values):
                if d not in rests:
                    out.append(v + turn)
                    continue
                if after is None or len(dice) < 2:
                    out.append(v + rests[d])
                    continue
                # a build that joins a chain, or an engine box, can make the next delivery of
                # this turn possible or longer: re-value the deliveries of the dice left
                left = list(dice)
                left.remove(d)
                second = {y: max(best_by_die.get(y, -1.0), self._delivery_from(obs, ctx, after[0], after[1], y))
                          for y in set(left)}
                if len(left) == 1:
                    r = -cost[left[0]]
                else:
                    x, y = left
                    r = max(second[x] - cost[y], second[y] - cost[x])
                out.append(v + r)
            values = out
        return legal, values

    def _dice_and_after(self, legal: Sequence[Action], ctx) -> list[tuple]:
        """``(die or None, :meth:`_after`)`` of each legal action, in order; the builds of a
        die are read part by part, from their placements (no action is made)."""
        if not isinstance(legal, LegalActions):
            return [(getattr(a, "die", None), self._after(a, ctx)) for a in legal]
        out: list[tuple] = []
        adj_after: dict = ctx["adj_after"]
        engine: int = ctx["engine"]
        for kind, part in legal.parts():
            if isinstance(part, Builds):
                d = part.die  # None: tile 3b's second tracks (ExtraBuild), which have no die
                for place in part.places:
                    out.append((d, None if d is None else self._after_build(place, adj_after, engine)))
            else:
                for a in part:
                    out.append((getattr(a, "die", None), self._after(a, ctx)))
        return out

    def _after(self, a, ctx):
        """(connection graph, engine) after ``a`` on my own sheet, for the actions that change
        them (a build that joins a chain, an engine box); None for the others."""
        if isinstance(a, Engine):
            return ctx["adj"], min(6, ctx["engine"] + 1)
        if isinstance(a, Build):
            return self._after_build((a.hex, a.a, a.b), ctx["adj_after"], ctx["engine"])
        return None

    def _after_build(self, place: tuple, adj_after: dict, engine: int) -> tuple | None:
        """:meth:`_after` of the build at ``place`` ``(hex, a, b)``, from the graphs after the
        builds valued (``ctx["adj_after"]``) and my engine."""
        adj2 = adj_after.get(place)
        return None if adj2 is None else (adj2, engine)

    def _delivery_from(self, obs, ctx, adj, engine, city: int) -> float:
        """Value of the best delivery from ``city`` with graph ``adj`` and ``engine``."""
        goods = obs["supply"].get(str(city)) or []
        src = f"C{city}"
        if not goods or src not in adj:
            return -1.0
        best = longest_distances(adj, src, engine + ctx["boost"])
        d = max((best.get(f"C{t}", 0) for g in goods for t in ctx["sheet"].goods_destination.get(g, ()) if t != city), default=0)
        return d + 0.3 if d else -1.0

    def _context(self, obs: dict) -> dict:
        sheet = _sheet(obs["sheet"])
        me = obs["players_view"][obs["seat"]]
        # what follows from my own tracks alone is kept until I draw again
        sheet_key = (tuple((k, *v) for k, v in me["tracks"].items()), obs["mountains"], obs["sheet"], self.town_cost)
        facts = self._sheet_facts
        if self._sheet_key != sheet_key:
            old_key, old = self._sheet_key, facts
            self._sheet_key = sheet_key
            tracks = _tracks(me)
            drawn = _one_more(old["tracks"], tracks) if old_key is not None and old_key[1:] == sheet_key[1:] else None
            if drawn is None:
                tips = live_tips(sheet, tracks)
                net = nw.Network(sheet, tracks)
                searches = RouteSearches(sheet, tracks, sheet.blocked_edges(obs["mountains"]), self.town_cost)
                terms: dict = {}
                looked: list = []
            else:
                # one track more than the facts were for (my own build, mostly): the network
                # and the route searches take it in, and the build terms that still hold are kept
                old["tracks"][drawn] = tracks[drawn]
                tracks, net, searches = old["tracks"], old["net"], old["searches"]
                terms, looked = old["terms"], old["looked"]
                net.add(drawn)
                searches.add(drawn, tracks[drawn])
                tips_changed: set = set()
                tips = live_tips_after(sheet, tracks, old["tips"], drawn, tips_changed)
                _drop_terms(terms, looked, drawn, tips_changed)
            facts = self._sheet_facts = {
                "tracks": tracks, "net": net, "adj": {n: set(v) for n, v in net.adj.items()},
                "searches": searches, "routes": searches.routes(),
                "tips": tips, "base_net": sum(1 + t for *_, t in net.connections()),
                "terms": terms, "looked": looked}
        tracks = facts["tracks"]
        key = (sheet_key, tuple(sorted((k, tuple(v)) for k, v in obs["supply"].items())))
        if self._plans_key != key:
            self._plans_key = key
            self._pots = {}
            self._plans = _plans_by_hex(sheet, obs["supply"], facts["routes"])
        adj = facts["adj"]
        engine = me["engine"]
        boost = sum(_TILE_BOOST.get(t, 0) for t in obs.get("active", ()))
        goods_left = sum(len(v) for v in obs["supply"].values())
        sizes = sorted(len(v) for v in obs["supply"].values())
        empty = sum(1 for s in sizes if s == 0)
        need = sum([s for s in sizes if s][: max(0, 3 - empty)])  # goods to go before the end
        per_turn = 0.5  # goods that leave the ending cities per round (measured: ~15 solo rounds)
        turns_left = max(1.0, need / per_turn)
        ctx = {"sheet": sheet, "me": me, "tracks": tracks, "adj": adj, "engine": engine, "boost": boost,
               "tips": facts["tips"], "base_net": facts["base_net"], "net": facts["net"], "terms": facts["terms"],
               "geo": facts["searches"].geo, "tr": facts["searches"].tr,
               "looked": facts["looked"],
               "goods_left": goods_left, "turns_left": turns_left, "dist": {}, "adj_after": {}}
        cap = min(6, engine + self.potential_reach)
        ctx["potential"] = self._potential_now(obs, ctx, cap)
        ctx["cap"] = cap
        return ctx

    def _potential_now(self, obs, ctx, cap) -> float:
        """:meth:`_potential` of my network as it is (kept while my tracks and the goods stay)."""
        pkey = (None, cap)
        pot = self._pots.get(pkey)
        if pot is None:
            pot = self._pots[pkey] = self._potential(obs, ctx["sheet"], ctx["adj"], cap)
        return pot

    def _potential(self, obs, sheet, adj, cap) -> float:
        """Sum over the goods on the cities of their longest delivery within ``cap``."""
        total = 0.0
        destinations: dict = sheet.goods_destination
        for s, goods in obs["supply"].items():
            if not goods:
                continue
            src = f"C{s}"
            if src not in adj:
                continue
            best: dict[str, int] = longest_distances(adj, src, cap)
            for g in goods:
                longest = 0  # the longest delivery of the good (0: none)
                for d in destinations.get(g, ()):
                    if str(d) != s:
                        longest = max(longest, best.get(f"C{d}", 0))
                total += longest
        return total

    # ------------------------------------------------------------------ values
    def _values(self, legal: Sequence[Action], obs, ctx: dict) -> list[float]:
        """:meth:`_value` of each legal action plus a tie-break of up to 0.01 (one draw
        per action, in order); the builds of a die are valued part by part."""
        draw = self.rng.random
        if not isinstance(legal, LegalActions):
            return [self._value(a, obs, ctx) + draw() * 0.01 for a in legal]
        out: list[float] = []
        # a bot of one's own that values builds its own way is asked build by build
        stock_build_value = type(self)._build_value is GreedyAgent._build_value
        for kind, part in legal.parts():
            if isinstance(part, Builds):  # one die and value for the whole part: read its placements
                pen = self._penalty(part[0], obs)
                # mypyc: typed container
                places: tuple[tuple[Any, int, int], ...] = part.places
                if not stock_build_value:
                    for h, end1, end2 in places:
                        out.append(self._build_value(h, end1, end2, obs, ctx) - pen + draw() * 0.01)
                    continue
                # the placements of a hex come together: its kept terms and plans looked up once
                by_hex: dict = ctx["terms"]
                plans: dict = self._plans
                last: Any = None
                of_hex: dict = {}
                plans_h: dict[int, float] | None = None
                for h, end1, end2 in places:
                    if h != last:
                        last = h
                        of_hex = _terms_of_hex(by_hex, h)
                        plans_h = plans.get(h)
                    out.append(self._build_value_at(h, end1, end2, of_hex, plans_h, obs, ctx) - pen + draw() * 0.01)
            else:
                for a in part:
                    out.append(self._value(a, obs, ctx) + draw() * 0.01)
        return out

    def _penalty(self, a, obs) -> float:
        """What playing a die as another value costs: tile 1 goes back to the centre."""
        value = getattr(a, "value", None)
        if value is not None and value != getattr(a, "die", None):
            t1 = obs["tiles"]["1"]
            return t1["vp"] + (max(0, t1["vp"]) if obs.get("solo") else 0) + 0.5
        return 0.0

    def _value(self, a, obs, ctx) -> float:
        pen = self._penalty(a, obs)
        if isinstance(a, Deliver):
            src = a.source if a.source is not None else (a.value if a.value is not None else a.die)
            key = (src, a.dest)
            if key not in ctx["dist"]:
                best = longest_distances(ctx["adj"], f"C{src}", min(6, ctx["engine"]) + ctx["boost"])
                ctx["dist"][key] = best.get(f"C{a.dest}", 0)
            d = ctx["dist"][key]
            v = d + self.deliver_bonus + self._end_value(obs, ctx, src, d)
            # a delivery that the network already makes longer with a stronger engine can wait
            if d >= ctx["engine"] and ctx["engine"] < 6 and ctx["turns_left"] > 3:
                longer = longest_distances(ctx["adj"], f"C{src}", 6).get(f"C{a.dest}", 0)
                v -= self.wait_weight * (longer - d)
            if d <= 2 and ctx["turns_left"] > 4:
                v -= self.short_cost * (3 - d)
            return v - pen
        if isinstance(a, (Build, ExtraBuild)) or (isinstance(a, Power) and a.power == "track"):
            return self._build_value(a.hex, cast(int, a.a), cast(int, a.b), obs, ctx) - pen  # a track power has them
        if isinstance(a, Engine):
            boxes = len(ctx["me"]["engine_boxes"])
            v = self.engine_prior[min(boxes, 6)] * min(1.0, ctx["turns_left"] / 6)
            cap = min(6, ctx["engine"] + 1)
            gain = self._potential_now(obs, ctx, min(6, ctx["engine"] + 1)) - \
                self._potential_now(obs, ctx, ctx["engine"]) if cap > ctx["engine"] else 0
            v += 0.5 * gain
            if boxes + 1 >= 4:
                v += 1.0  # SR-SCORE-ENGINE-BONUS: boxes 4/5/6 score 1/2/3
            return v - pen
        if isinstance(a, TakeTile):
            return self._tile_value(a.number, obs, ctx) - pen
        if isinstance(a, UseTile):
            return self._use_value(a.tile, obs, ctx)
        if isinstance(a, Power):
            return {"engine": 3.0, "vp": 2.0, "tile": 1.0, "good": 2.0}.get(a.power, 0.0)
        if isinstance(a, Skip):
            return -0.2
        return -1.5  # pass

    def _end_value(self, obs, ctx, src: int, points: int) -> float:
        """Taking the last good of a city brings the end closer (SR-END-THREE-EMPTY):
        welcome when ahead, a cost when behind; the good that ends the game counts
        the final margin."""
        if len(obs["supply"][str(src)]) != 1:
            return 0.0
        empty = sum(1 for v in obs["supply"].values() if not v) + 1
        mine = ctx["me"]["score"] + points
        if obs.get("solo") and obs.get("olivia"):
            theirs = obs["olivia"]["score"] + 3.0  # her last die still to come (SR-OLIVIA-LAST)
        else:
            others = [p["score"] for p in obs["players_view"] if p["seat"] != obs["seat"]]
            theirs = max(others, default=0) + 2.0
        margin = mine - theirs
        if empty >= 3:
            return self.end_weight * (1.0 if margin > 0 else -1.0)
        return -self.shorten_cost if margin < 0 else self.shorten_cost

    def _tile_value(self, n: int, obs, ctx) -> float:
        t = obs["tiles"][str(n)]
        solo = bool(obs.get("solo"))
        seat = obs["seat"]
        if t["holder"] == seat:
            # turning my own upright tile sideways protects it from Olivia this turn only
            return -0.5
        v = float(t["vp"])
        if solo:
            v += max(0, t["vp"])  # not on the board any more: Olivia loses it
            v *= self.tile_keep  # she may take it back (SR-OLIVIA-2)
        elif t["holder"] is not None:
            v += 0.5 * max(0, t["vp"])  # taken from a rival
        v += _TILE_EFFECT.get(t["id"], 0.0) * min(1.0, ctx["turns_left"] / 6)
        return v - 0.3

    def _use_value(self, tid: str, obs, ctx) -> float:
        solo = bool(obs.get("solo"))
        t = obs["tiles"][tid[0]]
        lost = t["vp"] + (max(0, t["vp"]) if solo else 0)
        if tid == "2s":  # re-roll Olivia's die: worth it when the die hurts
            d = obs["dice"][0] if obs["dice"] else None
            if d is None:
                return -1.0
            here = olivia_cost(obs, d, ctx["sheet"])
            avg = sum(olivia_cost(obs, x, ctx["sheet"]) for x in range(1, 7)) / 6
            return here - avg - lost
        if _TILE_BOOST.get(tid):
            # worth it only if a delivery would get longer right now
            dice = obs["dice"]
            gain = 0
            for s in set(dice):
                goods = obs["supply"][str(s)]
                if not goods or f"C{s}" not in ctx["adj"]:
                    continue
                base = longest_distances(ctx["adj"], f"C{s}", min(6, ctx["engine"]))
                more = longest_distances(ctx["adj"], f"C{s}", min(6, ctx["engine"]) + _TILE_BOOST[tid])
                for g in goods:
                    ds = [str(d) for d in ctx["sheet"].goods_destination.get(g, ())]
                    gain = max(gain, max((more.get(f"C{d}", 0) for d in ds), default=0)
                               - max((base.get(f"C{d}", 0) for d in ds), default=0))
            return gain - lost - 0.3
        if tid == "3b":
            return 1.5 - lost
        if tid == "2a":
            return 1.5 - lost
        return -lost

    def _build_value(self, h, a: int, b: int, obs, ctx: dict) -> float:
        # the tables of builds are by hex, then by a * 6 + b: one lookup of the hex each
        return self._build_value_at(h, a, b, _terms_of_hex(ctx["terms"], h), self._plans.get(h), obs, ctx)

    def _build_value_at(self, h, a: int, b: int, of_hex: dict, plans: dict[int, float] | None, obs,
                        ctx: dict) -> float:
        """:meth:`_build_value` given the hex's kept build terms (``of_hex``, filled in here)
        and its planned-route values (``plans``, None for none)."""
        ab = a * 6 + b
        terms: _BuildTerms | None = of_hex.get(ab)
        if terms is None:
            terms = of_hex[ab] = self._build_terms(h, a, b, ctx)
            if terms.looked:
                ctx["looked"].append((h, a, b))
        score = self.plan_weight * (0.0 if plans is None else plans.get(ab, 0.0))
        for t in terms.adds:  # added one by one, in the order the value was always summed
            score += t
        adj2 = terms.adj_after
        if adj2 is not None:
            key = (h, a, b)
            ctx["adj_after"][key] = adj2
            # the graph after a build follows from my tracks, the potential from it, the
            # goods and the cap: kept while my tracks and the goods stay as they are
            pkey = (key, ctx["cap"])
            pot = self._pots.get(pkey)
            if pot is None:
                pot = self._pots[pkey] = self._potential(obs, ctx["sheet"], adj2, ctx["cap"])
            score += self.potential_weight * (pot - ctx["potential"])
        return score

    def _build_terms(self, h, a: int, b: int, ctx: dict) -> _BuildTerms:
        """The parts of a build's value that follow from my tracks alone (kept until I
        draw again, and then for most hexes, see :func:`_drop_terms`)."""
        sheet = ctx["sheet"]
        geo: _Geometry = ctx["geo"]
        tracks: dict = ctx["tracks"]
        tips: dict = ctx["tips"]
        # my tracks by hex number (the route searches keep them), read with the sheet's tables
        tr: list[tuple[int, int] | None] = ctx["tr"]
        i = geo.index[h]
        terms: list[float] = []
        # what each end of the track meets: a city, a track that joins it, the sheet's edge, a
        # track that does not join it (dead), or an open hex (kept: the number of the hex beyond)
        cities = joined = edges = dead = 0
        opens: list[int] = []
        for e in a, b:
            j = geo.side[i * 6 + e]
            if j <= -2:
                cities += 1
            elif j == -1:
                edges += 1
            else:
                there_track = tr[j]
                enter = (e + 3) % 6
                if there_track is None:
                    opens.append(j)
                elif there_track[0] == enter or there_track[1] == enter:
                    joined += 1
                else:
                    dead += 1
        chains: list[tuple[int, str]] = tips.get(h) or []
        live = [origin for e, origin in chains if e == a or e == b]
        if live:
            terms.append(self.live_weight)
        terms.append(0.3 * cities + 0.2 * joined - 0.5 * edges - 0.5 * dead)
        town = geo.town[i]
        if town:
            terms.append(self.town_weight)
        if live and opens:
            others = [k for k, name in enumerate(geo.city_names) if name not in live]
            if others:
                to_city = geo.to_city
                here = to_city[i]
                d_now = min([here[k] for k in others])
                for beyond in opens:
                    there = to_city[beyond]
                    terms.append(0.25 * (d_now - min([there[k] for k in others])))
        adj_after = None
        if cities + joined == 2 or (town and cities + joined > 0):
            # the chains this track would complete (a new track changes no chain there is)
            net = ctx["net"]
            tracks[h] = (a, b)
            try:
                new_chains = net.chains_through(h)
            finally:
                del tracks[h]
            adj2 = ctx["adj"]
            gain = 0
            if new_chains:
                chains2 = dict(net.chains)
                adj2 = {n: set(v) for n, v in adj2.items()}
                for u, v, key in new_chains:
                    chains2[key] = (u, v)
                    adj2.setdefault(u, set()).add(v)
                    adj2.setdefault(v, set()).add(u)
                gain = sum(1 + t for *_, t in nw.connections_of_chains(sheet, chains2)) - ctx["base_net"]
            terms.append(1.0 * gain)  # SR-SCORE-NETWORK: points now
            if adj2 != ctx["adj"]:
                adj_after = adj2
            return _BuildTerms(terms, adj_after, True)
        return _BuildTerms(terms, adj_after, False)


class _BuildTerms:
    """The parts of a build's value that :meth:`GreedyAgent._build_terms` finds from my tracks
    alone: ``adds``, the terms added after the plan's share, in order; ``adj_after``, the
    connection graph after the build when it changes (else None); ``looked``, whether the
    network was looked at (then a later track may change the gain in connections)."""

    __slots__ = ("adds", "adj_after", "looked")

    def __init__(self, adds: list[float], adj_after: dict | None, looked: bool) -> None:
        self.adds = adds
        self.adj_after = adj_after
        self.looked = looked


def _one_more(tracks: dict, tracks_now: dict) -> tuple[int, int] | None:
    """The hex of the one track that ``tracks_now`` has beyond ``tracks``, else None.

    >>> _one_more({(0, 0): (0, 3)}, {(0, 0): (0, 3), (1, 0): (2, 5)}), _one_more({}, {})
    ((1, 0), None)
    """
    if len(tracks_now) != len(tracks) + 1 or not tracks.items() <= tracks_now.items():
        return None
    (h,) = tracks_now.keys() - tracks.keys()
    return h


def _drop_terms(terms: dict, looked: list, h0: tuple[int, int], tips_changed: set) -> None:
    """Drop from ``terms`` (``{hex: {a * 6 + b: build terms}}``, see
    :meth:`GreedyAgent._build_terms`) the terms that may not hold once track was drawn
    in hex ``h0``: those of that hex and the hexes next to it (their ends changed), of
    the hexes whose live chain tips changed (``tips_changed``, from :func:`live_tips_after`),
    and those that looked at the network
    (``looked``, their keys; their gain in connections may change). The others stay:
    nothing they follow from changed.

    >>> t = {(0, 0): {3: "a"}, (5, 0): {3: "b"}, (5, -5): {3: "c", 10: "d"}}
    >>> looked = [((5, -5), 0, 3)]
    >>> _drop_terms(t, looked, (1, 0), set())
    >>> sorted((h, ab) for h, of_hex in t.items() for ab in of_hex), looked
    ([((5, -5), 10), ((5, 0), 3)], [])
    """
    gone = {h0, *(_step(h0, e) for e in range(6))}
    gone.update(tips_changed)
    for h in gone:
        terms.pop(h, None)
    for h, a, b in looked:
        of_hex = terms.get(h)
        if of_hex is not None:
            of_hex.pop(a * 6 + b, None)
    looked.clear()


#: engine boost of the one-use delivery tiles (data: tiles.json amounts)
_TILE_BOOST: Final[dict[str, int]] = {"4b": 2, "5a": 1}
#: rough worth of holding a tile's effect (points over a game), besides its VP
_TILE_EFFECT: Final[dict[str, float]] = {"1a": 0.8, "1b": 0.6, "2a": 1.0, "2b": 0.8, "3a": 1.0, "3b": 1.0, "4a": 2.0, "4b": 1.2,
                "5a": 0.8, "5b": 0.6, "6a": 1.5, "6b": 0.5, "2s": 0.8}


def connection_plans(sheet, tracks, blocked=frozenset(), supply=None, town_cost=1.0, routes=None) -> dict:
    """Builds that lie on the cheapest way to join two cities, with a value each.

    For every city a Dijkstra search over (hex, entry edge) states finds, for each
    other city, the route needing the fewest new tracks (existing tracks are
    followed for free; mountains and cities are never crossed). Each missing track
    of such a route gets the value ``(1 + towns + goods interest) / tracks needed``.
    Returns ``{(hex, a, b): value}``. ``routes`` (from :func:`connection_routes` for
    the same sheet, tracks, mountains and ``town_cost``) spares the searches: they do
    not depend on the goods.

    >>> from railkit.maps.sheets import load
    >>> s = load("steam-default")
    >>> plans = connection_plans(s, {}, supply={})
    >>> len(plans) > 0, all(v > 0 for v in plans.values())
    (True, True)
    """
    if routes is None:
        routes = connection_routes(sheet, tracks, blocked, town_cost)
    return {(h, ab // 6, ab % 6): v for h, of_hex in _plans_by_hex(sheet, supply, routes).items()
            for ab, v in of_hex.items()}


def _terms_of_hex(by_hex: dict, h: Any) -> dict:
    """The kept build terms of hex ``h`` (``{a * 6 + b: _BuildTerms}``), an empty dict kept
    in ``by_hex`` the first time."""
    of_hex: dict | None = by_hex.get(h)
    if of_hex is None:
        of_hex = by_hex[h] = {}
    return of_hex


def _plans_by_hex(sheet, supply, routes: list) -> dict:
    """:func:`connection_plans` of ``routes`` as ``{hex: {a * 6 + b: value}}`` (the greedy bot
    looks a hex up once for all its builds).

    >>> from railkit.maps.sheets import load
    >>> _plans_by_hex(load("steam-default"), {}, [(1, 2, 2, 0, [((0, 1), 2, 5), ((0, 2), 0, 3)])])
    {(0, 1): {17: 0.5}, (0, 2): {3: 0.5}}
    """
    out: dict = {}
    destinations: dict = sheet.goods_destination
    # city * 8 + other city (city numbers are 1 to 6) -> how many goods waiting on the city go
    # to the other one
    wanted: dict[int, int] = {}
    for s, goods in (supply or {}).items():
        c = int(s) * 8
        for g in goods:
            for d in set(destinations.get(g, ())):
                wanted[c + d] = wanted.get(c + d, 0) + 1
    for A, B, cost, towns, keys in routes:
        interest = wanted.get(A * 8 + B, 0) + wanted.get(B * 8 + A, 0)
        value: float = (1 + towns + 0.5 * min(interest, 4)) / cost
        missing: list[tuple[Any, int, int]] = keys
        for h, a, b in missing:
            of_hex: dict[int, float] | None = out.get(h)
            if of_hex is None:
                of_hex = out[h] = {}
            ab = a * 6 + b
            old: float = of_hex.get(ab, 0.0)
            of_hex[ab] = value if value > old else old  # max(old, value)
    return out


class _Geometry:
    """The sheet's hexes numbered in sorted order and, per (hex, edge), where a step
    leads: ``-1`` nowhere (a mountain or the sheet's edge), ``-2 - n`` city ``n``, else
    the number of the hex (state ``hex * 6 + entry edge`` then sorts as ``(hex, edge)``);
    ``starts``: per city, the ``(hex number, entry edge)`` of each step out of it. Also
    the sheet's facts that a build's terms read, as typed tables by hex number: ``side``,
    per ``hex * 6 + edge``, what is across the edge, mountains or not (``-1`` the sheet's
    edge, ``-2 - n`` city ``n``, else the hex's number); the cities' graph names; and each
    hex's distance to every city (in the sheet's order of cities)."""

    __slots__ = ("hexes", "index", "step", "town", "starts", "side", "city_names", "to_city")

    def __init__(self, sheet, blocked) -> None:
        self.city_names: list[str] = [f"C{n}" for n in sheet.cities]
        self.hexes: list[tuple[int, int]] = sorted(h for h in sheet.hexes if h not in sheet.city_at)
        self.index: dict[tuple[int, int], int] = {h: i for i, h in enumerate(self.hexes)}
        self.to_city: list[list[int]] = [[_hex_distance(h, c) for c in sheet.cities.values()] for h in self.hexes]
        self.side: list[int] = []
        for h in self.hexes:
            for x in range(6):
                m = hx.neighbor(h, x)
                self.side.append(-2 - sheet.city_at[m] if m in sheet.city_at else self.index.get(m, -1))
        self.starts: dict[int, list[tuple[int, int]]] = {}  # in edge order; off the sheet, a city or a mountain: left out
        for n, c in sheet.cities.items():
            self.starts[n] = [(self.index[m], (e + 3) % 6) for e in range(6)
                              if (c, e) not in blocked and (m := hx.neighbor(c, e)) in self.index]
        self.town: list[bool] = [h in sheet.town_at for h in self.hexes]
        self.step: list[tuple[int, ...]] = [tuple(-1 if (h, x) in blocked else self.side[i * 6 + x] for x in range(6))
                                            for i, h in enumerate(self.hexes)]


_GEOMETRY: dict = {}


def _geometry(sheet, blocked) -> _Geometry:
    key = (id(sheet), blocked)
    hit = _GEOMETRY.get(key)
    if hit is None or hit[0] is not sheet:
        if len(_GEOMETRY) > 16:
            _GEOMETRY.clear()
        hit = _GEOMETRY[key] = (sheet, _Geometry(sheet, blocked))
    return hit[1]


def connection_routes(sheet, tracks, blocked=frozenset(), town_cost=1.0) -> list:
    """The searches of :func:`connection_plans`: for each city ``A`` (in order) and each
    other city ``B`` it reaches, ``(A, B, new tracks needed, towns on the way, keys of
    the missing tracks)``; routes that need no new track or use a hex twice are left out.
    (:class:`RouteSearches` keeps them for tracks drawn one by one.)

    >>> from railkit.maps.sheets import load
    >>> routes = connection_routes(load("steam-default"), {})
    >>> sorted({(a, b) for a, b, *_ in routes})[:3], min(r[2] for r in routes) >= 1
    ([(1, 2), (1, 3), (1, 4)], True)
    """
    return RouteSearches(sheet, tracks, blocked, town_cost).routes()


class RouteSearches:
    """The route searches of :func:`connection_routes` for one player's tracks, one per
    city, kept so that one more track (:meth:`add`) redoes only the searches it can change.

    A search that put no state of the newly drawn hex in its queue never stepped into that
    hex (a step into an empty hex always queues it, while costs stay below 99, the cap no
    state is queued at): with the track there it takes the same steps and finds the same
    routes, so they are kept. The others are searched again.

    >>> from railkit.maps.sheets import load
    >>> s = load("steam-default")
    >>> tracks = {(2, -2): (0, 3)}
    >>> searches = RouteSearches(s, tracks)
    >>> tracks[(1, -2)] = (0, 4)
    >>> searches.add((1, -2), tracks[(1, -2)])
    >>> searches.routes() == connection_routes(s, tracks)
    True
    """

    __slots__ = ("geo", "tr", "enter_cost", "whole", "cities", "others", "top_cost", "found")

    def __init__(self, sheet, tracks, blocked=frozenset(), town_cost=1.0) -> None:
        geo = self.geo = _geometry(sheet, blocked)
        index, town = geo.index, geo.town
        n_hex = len(geo.hexes)
        tr: list[tuple[int, int] | None] = [None] * n_hex
        for h, t in tracks.items():
            i = index.get(h, -1)
            if i >= 0:
                tr[i] = (t[0], t[1])
        self.tr = tr
        tc = float(town_cost)
        self.enter_cost: list[float] = [0.0 if tr[i] is not None else (tc if town[i] else 1.0) for i in range(n_hex)]
        # whole costs (the default): the bucket search, which takes the heap's steps
        self.whole: list[int] | None = [int(c) for c in self.enter_cost] if tc == int(tc) and tc >= 0 else None
        self.cities: list[int] = sorted(sheet.cities)
        # (a negative town cost breaks the order Dijkstra relies on: then the search runs to its end)
        self.others = len(self.cities) - 1 if tc >= 0 else -1
        # a search is kept after a track only if every state it could step to costs below the
        # cap: the dearest state it took plus the dearest entry (never, for a negative cost)
        self.top_cost = 99.0 - max(1.0, tc) if tc >= 0 else -1.0
        #: per city (in order): its routes, each state's cost (99: never queued) and the
        #: dearest cost the search took a state at
        self.found: list[tuple[list, list, float]] = [self._search(A) for A in self.cities]

    def _search(self, A: int) -> tuple[list, list, float]:
        geo = self.geo
        whole = self.whole
        if whole is not None:
            return _routes_from_whole(A, geo.starts[A], self.tr, whole, geo.step, geo.town, geo.hexes,
                                      len(self.tr) * 6, self.others)
        return _routes_from(A, geo.starts[A], self.tr, self.enter_cost, geo.step, geo.town, geo.hexes,
                            len(self.tr) * 6, self.others)

    def add(self, h: tuple[int, int], t: tuple[int, int]) -> None:
        """Take in track ``t`` just drawn into the empty hex ``h``."""
        i = self.geo.index[h]
        self.tr[i] = (t[0], t[1])
        self.enter_cost[i] = 0.0
        if self.whole is not None:
            self.whole[i] = 0
        first = i * 6
        for k, A in enumerate(self.cities):
            _, best, top = self.found[k]
            if top >= self.top_cost or any(best[first + e] < 99 for e in range(6)):
                self.found[k] = self._search(A)

    def routes(self) -> list:
        """The routes of :func:`connection_routes`, city by city."""
        out: list = []
        for routes, _, _ in self.found:
            out.extend(routes)
        return out


def _routes_from_whole(A: int, firsts: list[tuple[int, int]], tr: list[tuple[int, int] | None], enter_cost: list[int],
                       step: list[tuple[int, ...]], town: list[bool], hexes: list[tuple[int, int]], n_states: int,
                       others: int) -> tuple[list, list, float]:
    """:func:`_routes_from` for whole entry costs, with a bucket per cost instead of a heap.

    The states of the cost being searched are taken in state order (a bucket is sorted
    when its cost is reached, and a state reached at that same cost, through a drawn
    track, is put in order among those left), which is the order the heap of
    :func:`_routes_from` gives: the search takes the same steps."""
    other_edges = _OTHER_EDGES
    best: list[int] = [99] * n_states  # 99: none yet
    prev: list[int] = [-1] * n_states  # state * 6 + exit it was reached from; -1: a first step
    buckets: list[list[int]] = []  # per cost, the states reached at that cost
    found: dict[int, tuple[int, int, int]] = {}
    for i, enter in firsts:
        t = tr[i]
        if t is not None and enter not in t:
            continue
        st = i * 6 + enter
        c = enter_cost[i]
        if c < best[st]:
            best[st] = c
            prev[st] = -1
            _put(buckets, c, st)
    worst = 0  # the dearest route found so far
    cost = 0
    done = False
    while cost < len(buckets) and not done:
        bucket = buckets[cost]
        bucket.sort()
        k = 0
        while k < len(bucket):
            st = bucket[k]
            k += 1
            if cost > best[st]:
                continue
            if cost >= worst and len(found) == others:
                done = True  # every other city is found, and no later state is cheaper than its route
                break
            i = st // 6
            enter = st - i * 6
            t = tr[i]
            row = step[i]
            exits: tuple[int, ...] = other_edges[enter] if t is None else ((t[1] if t[0] == enter else t[0]),)
            for x in exits:
                j = row[x]
                if j < 0:
                    if j <= -2:
                        B = -2 - j
                        if B != A and (B not in found or cost < found[B][0]):
                            found[B] = (cost, st, x)
                            worst = max(c for c, _, _ in found.values())
                    continue
                back = (x + 3) % 6
                tj = tr[j]
                if tj is not None and tj[0] != back and tj[1] != back:  # mypyc: native loop (back not in tj)
                    continue
                nst = j * 6 + back
                nc = cost + enter_cost[j]
                if nc < best[nst]:
                    best[nst] = nc
                    prev[nst] = st * 6 + x
                    if nc == cost:
                        insort(bucket, nst, k)  # among the states of this cost still to take
                    else:
                        _put(buckets, nc, nst)
        cost += 1
    return _routes_found(A, found, prev, tr, town, hexes), best, float(cost)


def _put(buckets: list[list[int]], cost: int, st: int) -> None:
    """Put state ``st`` in the bucket of ``cost`` (:func:`_routes_from_whole`)."""
    while len(buckets) <= cost:
        buckets.append([])
    buckets[cost].append(st)


def _routes_from(A: int, firsts: list[tuple[int, int]], tr: list[tuple[int, int] | None], enter_cost: list[float],
                 step: list[tuple[int, ...]], town: list[bool], hexes: list[tuple[int, int]], n_states: int,
                 others: int) -> tuple[list, list, float]:
    """The routes of :func:`connection_routes` out of city ``A`` (one Dijkstra search over
    (hex, entry edge) states, in (cost, state) order). It stops once all ``others`` other
    cities are found and no state left is cheaper than the dearest of their routes: a
    route is only replaced by a cheaper one, and the states on the routes found are
    settled, so the rest of the search would change nothing. Returns the routes, each
    state's cost (99: never queued) and the last cost a state was taken at
    (:class:`RouteSearches`)."""
    # per state (hex * 6 + entry edge): the cheapest cost so far (99: none) and the
    # state * 6 + exit it was reached from (-1: a first step out of the city)
    best: list[float] = [99.0] * n_states
    prev: list[int] = [-1] * n_states
    heap: list[tuple[float, int]] = []
    found: dict[int, tuple[float, int, int]] = {}
    for i, enter in firsts:
        t = tr[i]
        if t is not None and enter not in t:
            continue
        st = i * 6 + enter
        c = enter_cost[i]
        if c < best[st]:
            best[st] = c
            prev[st] = -1
            heappush(heap, (c, st))
    worst = 0.0  # the dearest route found so far
    cost = 0.0
    while heap:
        cost, st = heappop(heap)
        if cost > best[st]:
            continue
        if cost >= worst and len(found) == others:
            break  # every other city is found, and no later state is cheaper than its route
        i = st // 6
        enter = st % 6
        t = tr[i]
        row = step[i]
        exits: tuple[int, ...] = _OTHER_EDGES[enter] if t is None else ((t[1] if t[0] == enter else t[0]),)
        for x in exits:
            j = row[x]
            if j < 0:
                if j <= -2:
                    B = -2 - j
                    if B != A and (B not in found or cost < found[B][0]):
                        found[B] = (cost, st, x)
                        worst = max(c for c, _, _ in found.values())
                continue
            back = (x + 3) % 6
            tj = tr[j]
            if tj is not None and tj[0] != back and tj[1] != back:
                continue
            nst = j * 6 + back
            nc = cost + enter_cost[j]
            if nc < best[nst]:
                best[nst] = nc
                prev[nst] = st * 6 + x
                heappush(heap, (nc, nst))
    return _routes_found(A, found, prev, tr, town, hexes), best, cost


def _routes_found(A: int, found: dict[int, tuple[Any, int, int]], prev: list[int], tr: list[tuple[int, int] | None],
                  town: list[bool], hexes: list[tuple[int, int]]) -> list:
    """The routes of a search out of city ``A`` (:func:`_routes_from`, :func:`_routes_from_whole`):
    ``found`` holds each city's (cost, last state, exit), ``prev`` each state's state * 6 + exit
    it was reached from (-1: a first step out of the city)."""
    out: list = []
    for B, (cost, st, x) in found.items():
        if cost == 0:
            continue
        # walk back from the last state to the first step, in one pass: the towns passed, and
        # each empty hex's track as (hex, lower edge, higher edge), last step first
        seen: set[int] = set()
        towns = 0
        keys: list = []
        cur, ex = st, x
        twice = False
        while True:
            i = cur // 6
            en = cur - i * 6
            if i in seen:
                twice = True
                break
            seen.add(i)
            if town[i]:
                towns += 1
            if tr[i] is None:
                keys.append((hexes[i], en, ex) if en < ex else (hexes[i], ex, en))
            p = prev[cur]
            if p < 0:
                break
            cur = p // 6
            ex = p - cur * 6
        if twice:
            continue  # would use a hex twice
        out.append((A, B, cost, towns, keys))
    return out


#: the five exits of a hex entered by each edge, in edge order
_OTHER_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(x for x in range(6) if x != enter) for enter in range(6))


def live_tips(sheet, tracks) -> dict:
    """Empty hexes that a chain from a city or town points into: ``{hex: [(edge, origin), ...]}``
    where ``edge`` is the edge of the empty hex the chain enters by."""
    out: dict = {}
    for n, c in sheet.cities.items():
        for e in range(6):
            _follow_to_tip(sheet, tracks, f"C{n}", c, e, out)
    for n, t in sheet.towns.items():
        if t in tracks:
            for e in tracks[t]:
                _follow_to_tip(sheet, tracks, f"T{n}", t, e, out)
    return out


def live_tips_after(sheet, tracks: dict, tips: dict, h0: tuple[int, int], changed: set | None = None) -> dict:
    """:func:`live_tips` once a track is drawn into the empty hex ``h0`` (it is in
    ``tracks``), from ``tips``, those before it (left as they are; the hexes that keep
    their chains share the lists). No chain passed ``h0``, so only the chains that pointed
    into it change: they go on through its track if it joins them (a town's hex ends
    them), and a town there starts its two chains. The chains of a hex may come in another
    order than :func:`live_tips` gives. ``changed`` (if given) gets the hexes whose chains
    are not those of ``tips``: ``h0`` if a chain pointed into it, and those a chain now
    points into too.

    >>> from railkit.maps.sheets import load
    >>> s = load("steam-default")
    >>> tracks = {(2, -2): (0, 3)}
    >>> tips = live_tips(s, tracks)
    >>> tracks[(1, -2)] = (0, 4)
    >>> live_tips_after(s, tracks, tips, (1, -2)) == live_tips(s, tracks)
    True
    """
    out = dict(tips)
    new: dict = {}  # the chains that now point into a hex, in the order they are found
    t = tracks[h0]
    tw = sheet.town_at.get(h0)
    if tw is None:
        for enter, origin in out.pop(h0, ()):
            if enter in t:
                _follow_to_tip(sheet, tracks, origin, h0, t[1] if t[0] == enter else t[0], new)
    else:
        out.pop(h0, None)
        for e in t:
            _follow_to_tip(sheet, tracks, f"T{tw}", h0, e, new)
    for n, chains in new.items():
        out[n] = out.get(n, []) + chains
    if changed is not None:
        changed.update(new)
        if h0 in tips:
            changed.add(h0)
    return out


def _follow_to_tip(sheet, tracks, origin: str, h: tuple[int, int], e: int, out: dict) -> None:
    """Follow the chain of ``origin`` out of hex ``h`` by edge ``e`` and add the empty hex it
    points into, if any, to ``out`` (:func:`live_tips`). The walk ends: a chain never comes
    back to a hex it passed (a track has two ends, and a chain stops at a city or town)."""
    while True:
        n = _step(h, e)
        enter = (e + 3) % 6
        if n not in sheet.hexes or n in sheet.city_at:
            return
        t = tracks.get(n)
        if t is None:
            out.setdefault(n, []).append((enter, origin))
            return
        if enter not in t or n in sheet.town_at:
            return
        h, e = n, (t[1] if t[0] == enter else t[0])


# ---------------------------------------------------------------- the search
@mypyc_attr(native_class=False)  # a subclass of the search's own (Python) class
class SteamRollersAdapter(Adapter):
    """What the search (:mod:`railkit.agents.mcts`) needs to know of Steam Rollers."""

    game_name = "steam-rollers"
    shared = ("rules", "sheet", "tile_defs", "blocked", "_placements", "_cand_cache", "options", "log",
              "totals", "bag_after_setup")
    proposers = ("greedy",)
    rollout = "greedy"
    scale = 5.0
    width = 3

    def candidates(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The greedy bot's choice, then its next best moves by its value of each move."""
        bot: Any = agent._proposer("greedy", observation["seat"])
        first = bot.act(observation, legal)
        ctx = bot._context(observation)
        legal = first_in_line(legal)
        ranked = sorted(((bot._value(a, observation, ctx), -i) for i, a in enumerate(legal)), reverse=True)
        out = [first] + [legal[-i] for _, i in ranked if legal[-i] != first]
        return out[:self.width]

    def clone(self, game: Any) -> Any:
        self.objects = (PlayerState,)
        new: Any = super().clone(game)
        new.log = list(game.log)
        # the engine's per-seat networks and caches point into the players' own track
        # dicts: a copy starts without them and builds its own when it needs them
        new._graphs, new._nets, new._dist_cache, new._track_text = {}, {}, {}, {}
        new._legal_track_cache, new._builds_made, new._plan_cache = {}, {}, None
        return new

    def redeal(self, g: Any, seat: int, rng: random.Random) -> None:
        """Nothing to deal: the bag's contents follow from public facts (the goods on the
        cities and those delivered); only the future (dice, bag draws) is unknown, and
        :func:`determinise` reseeds the copy's generator."""

    #: weight of an engine box (beyond what it adds to the deliveries in reach)
    engine_weight = 0.5
    #: weight of the deliveries still to come (see :meth:`future`); without them a
    #: build that brings goods within reach was worth nothing until it scored
    future_weight = 0.5

    def future(self, g: Any, seat: int) -> float:
        """The points of the deliveries ``seat`` can still make: the longest delivery its
        network and engine allow now for each good on the cities, the best ``k`` summed,
        where ``k`` (about twice the goods to go before three cities are empty, shared
        among the seats) estimates the deliveries left to it."""
        sizes = sorted(len(g.supply[c]) for c in CITIES)
        empty = sum(1 for n in sizes if n == 0)
        need = sum([n for n in sizes if n][:max(0, 3 - empty)])  # SR-END-THREE-EMPTY
        k = math.ceil(2 * need / max(1, g.players))
        if k == 0:
            return 0.0
        adj = g.network(seat).adj
        strength = g.engine_strength(seat)
        found: list[int] = []
        for src in CITIES:
            goods = g.supply[src]
            if not goods or nw.city(src) not in adj:
                continue
            reach = g._distances(seat, src, strength)
            for good in goods:
                dests = CITIES if good == "black" else g.sheet.destinations(good)
                best = max((reach.get(nw.city(d), 0) for d in dests if d != src), default=0)
                if best:
                    found.append(best)
        found.sort(reverse=True)
        return float(sum(found[:k]))

    def margins(self, g: Any) -> list[float]:
        """Per seat: score + :attr:`engine_weight` * engine strength + :attr:`future_weight`
        * :meth:`future`, minus the best other seat's (solo: minus Olivia's score)."""
        values = [float(g.score(s)) + self.engine_weight * g.engine_strength(s)
                  + (self.future_weight * self.future(g, s) if self.future_weight else 0.0)
                  for s in range(g.players)]
        if g.solo:
            return [values[0] - float(g.olivia_score() or 0)]
        return margins_of(values)

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}

# The levels (railkit.agents.levels): easy plays greedy with 40 % of its moves random, medium
# greedy, and hard searches over medium's moves (p95 decision times: benchmarks/bot_strength.py).
EASY = ("greedy", 0.4)
MEDIUM = "greedy"
SEARCH = SteamRollersAdapter
#: (most playouts per decision, playout depth or None for whole games, most actions simulated)
HARD_BUDGET = (12, 4, None)
#: the playouts cover two turns of every seat (2 * players actions)
HARD_BUDGET_BY_PLAYERS = {3: (18, 6, None), 4: (24, 8, None), 5: (20, 10, None)}
register(AGENTS, EASY, MEDIUM, SEARCH, HARD_BUDGET, HARD_BUDGET_BY_PLAYERS)


def _no_tiles(obs: dict, a: Action) -> bool:
    return type(a) in (TakeTile, UseTile)


def _no_engine_past_3(obs: dict, a: Action) -> bool:
    return type(a) is Engine and len(obs["players_view"][obs["seat"]]["engine_boxes"]) >= 3


#: restricted-play balance probes (:mod:`railkit.sim.probes`): name -> (what is forbidden,
#: a predicate of (observation, action) that is True for a forbidden move)
PROBES: dict[str, tuple[str, Any]] = {
    "no-tiles": ("no action tiles", _no_tiles),
    "no-engine-past-3": ("engine stops at 3", _no_engine_past_3),
}


def greedy_sheet_graph(seed: int = 4, players: int = 2, seat: int = 0) -> tuple[Any, int, Any]:
    """The connection graph of ``seat`` after a whole game of greedy bots, for the graph
    lessons (:func:`railkit.games.steam_rollers.lessons.sheet_graph`):
    ``(graph, engine strength, game)``.

    >>> G, engine, game = greedy_sheet_graph(4)
    >>> all(n[0] in "CT" for n in G), engine >= 1, "pos" in G.nodes["C1"]
    (True, True, True)
    """
    g = SteamRollers(players=players, seed=seed)
    play(g, [GreedyAgent(seed * 10 + i) for i in range(players)])
    G, engine = sheet_graph(g, seat)
    return G, engine, g

"""Steam Rollers (multiplayer and solo) for the gym: action numbering and observation encoding.

Actions (blocks in this order; numbering rule in :mod:`railkit.rl.actions`)
    A drafted die is the pair (die, value): ``value`` None, or another face when tile 1 turns
    the die into it -- 36 pairs, die-major. ``Build`` (die pair x every track placement: sheet
    hexes that are not cities, in sheet order, times the 15 edge pairs); ``Engine`` (die pair);
    ``Deliver`` (die pair x good: the sheet's colours, ``black`` (coal), ``own`` (personal good)
    x destination city 1-6 x source (None = the die's city, or a city 1-6) x place in line
    (None, or 1..P in solo play)); ``TakeTile`` (die pair x tile 1-6); ``Pass`` (die 1-6);
    ``UseTile`` (every tile id); ``ExtraBuild`` (a placement: tile 3b's second track);
    ``Skip``; ``Power`` (engine 1-6, vp, tile 1-6, good 1-6, track on every placement).

Observation segments (relative seat order: 0 = the observing seat)
    ``phase`` (one-hot: power, draft, build2, reroll, over), ``my_turn``, ``round`` (capped at
    the rules' max_rounds), ``dice`` (how many white dice show each face), ``black_face``
    (one-hot), ``supply`` (per city, per place in line, one-hot over the goods), ``bag_count``,
    ``tiles`` (per tile number: side a / b / solo, holder none / seat 0..n-1, sideways, its VP),
    ``active`` (one-use tiles in play this turn), ``orders_open``, ``build2_region`` (one-hot,
    0 = none); per seat ``tracks`` (per hex one-hot: empty or one of the 15 edge pairs),
    ``engine_boxes``, ``engine``, ``score``, ``delivery_points``, ``personal_good`` (one-hot city,
    0 = none), ``power`` (one-hot, 0 = none), ``orders``; solo only: ``olivia`` (crossed
    hexes per region, her delivery points, her score).

The bag's contents are hidden: only its size is observed.

>>> from railkit.games.steam_rollers import SteamRollers
>>> a = Adapter(SteamRollers(players=1, seed=1))
>>> a.index.size, a.layout.size
(84561, 1152)
"""

from __future__ import annotations

import numpy as np

from railkit.games.steam_rollers import (
    Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, SteamRollers, TakeTile, UseTile,
)
from railkit.games.steam_rollers.data import load_orders
from railkit.games.steam_rollers.game import CITIES
from railkit.games.steam_rollers.rules import POWERS
from railkit.maps import hexes as hx
from railkit.rl.actions import ActionIndex, Group, Kind
from railkit.rl.encoding import Layout, clip

PHASES = ("power", "draft", "build2", "reroll", "over")
FACES = tuple(range(1, 7))


class Adapter:
    """The gym's view of one Steam Rollers setup (sheet, rules, players)."""

    def __init__(self, game: SteamRollers) -> None:
        sheet = game.sheet
        r = game.rules
        n = self.players = game.players
        self.solo = game.solo
        self.hexes = [h for h in sheet.hexes if h not in sheet.city_at]
        self.hex_pos = {hx.format_hex(h): i for i, h in enumerate(self.hexes)}
        pairs = hx.placements()
        self.pair_pos = {(a, b): i for i, (a, b) in enumerate(pairs)}
        places = [(h, a, b) for h in self.hexes for a, b in pairs]
        dice = [(d, v) for d in FACES for v in (None, *FACES) if v != d]
        self.goods = list(sheet.good_colours) + ["black"]
        goods = self.goods + ["own"]
        self.line = n + r.goods_extra + 1  # longest line of goods on a city (coal included)
        pos = [(None,)] + ([(p,) for p in range(1, self.line + 1)] if self.solo else [])
        self.tile_ids = sorted(game.tile_defs)
        powers = ([("engine", k, None, None, None) for k in FACES] + [("vp", None, None, None, None)]
                  + [("tile", k, None, None, None) for k in FACES] + [("good", k, None, None, None) for k in FACES]
                  + [("track", None, h, a, b) for h, a, b in places])
        self.index = ActionIndex([
            Kind(Build, [Group(["die", "value"], dice), Group(["hex", "a", "b"], places)]),
            Kind(Engine, [Group(["die", "value"], dice)]),
            Kind(Deliver, [Group(["die", "value"], dice), Group(["good"], [(g,) for g in goods]),
                           Group(["dest"], [(c,) for c in CITIES]),
                           Group(["source"], [(None,)] + [(c,) for c in CITIES]), Group(["pos"], pos)]),
            Kind(TakeTile, [Group(["die", "value"], dice), Group(["number"], [(k,) for k in FACES])]),
            Kind(Pass, [Group(["die"], [(d,) for d in FACES])]),
            Kind(UseTile, [Group(["tile"], [(t,) for t in self.tile_ids])]),
            Kind(ExtraBuild, [Group(["hex", "a", "b"], places)]),
            Kind(Skip, []),
            Kind(Power, [Group(["power", "number", "hex", "a", "b"], powers)]),
        ], f"steam-rollers on {sheet.name}" + (" (solo)" if self.solo else ""))

        self.orders = sorted(load_orders())
        lay = self.layout = Layout()
        cubes = r.cubes_per_colour * len(sheet.good_colours) + r.coal_cubes
        self.s_phase = lay.add("phase", len(PHASES), 1)
        self.s_turn = lay.add("my_turn", 1, 1)
        self.max_rounds = r.max_rounds
        self.s_round = lay.add("round", 1, r.max_rounds)
        self.s_dice = lay.add("dice", 6, max(r.solo_dice, 6))
        self.s_black = lay.add("black_face", 6, 1)
        self.s_supply = lay.add("supply", 6 * self.line * len(self.goods), 1)
        self.s_bag = lay.add("bag_count", 1, cubes)
        self.s_tiles = lay.add("tiles", 6 * (3 + n + 1 + 2), 10, low=-10)
        self.s_active = lay.add("active", len(self.tile_ids), 1)
        self.s_orders = lay.add("orders_open", len(self.orders), 1)
        self.s_b2 = lay.add("build2_region", 7, 1)
        per = len(self.hexes) * 16
        self.per = per
        self.s_tracks = lay.add("tracks", n * per, 1)
        self.s_boxes = lay.add("engine_boxes", n * 6, 1)
        self.s_engine = lay.add("engine", n, r.engine_max + 6)
        self.s_score = lay.add("score", n, 1000, low=-100)
        self.s_deliv = lay.add("delivery_points", n, 1000)
        self.s_personal = lay.add("personal_good", n * 7, 1)
        self.s_power = lay.add("power", n * (len(POWERS) + 1), 1)
        self.s_porders = lay.add("orders", n * len(self.orders), 1)
        if self.solo:
            self.s_olivia = lay.add("olivia", 6 + 2, 1000)
        self.good_pos = {g: i for i, g in enumerate(self.goods)}
        self.tile_pos = {t: i for i, t in enumerate(self.tile_ids)}
        self.order_pos = {o: i for i, o in enumerate(self.orders)}
        self.power_pos = {p: i + 1 for i, p in enumerate(POWERS)}
        self.phase_pos = {p: i for i, p in enumerate(PHASES)}

    def slots(self, game: SteamRollers):
        return None, None

    def encode(self, obs: dict, out: np.ndarray) -> None:
        """Write the observation ``obs`` (from ``observe(seat)``) into ``out`` (zeros)."""
        me = obs["seat"]
        n = self.players
        out[self.s_phase.start + self.phase_pos[obs["phase"]]] = 1
        out[self.s_turn.start] = obs["current_player"] == me
        out[self.s_round.start] = clip(obs["round"], self.max_rounds)
        for d in obs["dice"]:
            out[self.s_dice.start + d - 1] += 1
        out[self.s_black.start + obs["black_face"]] = 1
        ng = len(self.goods)
        base = self.s_supply.start
        for c in CITIES:
            for p, g in enumerate(obs["supply"][str(c)][: self.line]):
                out[base + ((c - 1) * self.line + p) * ng + self.good_pos[g]] = 1
        out[self.s_bag.start] = obs["bag_count"]
        w = 3 + n + 1 + 2
        for k in FACES:
            t = obs["tiles"][str(k)]
            b = self.s_tiles.start + (k - 1) * w
            side = t["id"][1:]
            out[b + ("a", "b").index(side) if side in ("a", "b") else b + 2] = 1
            out[b + 3 + (0 if t["holder"] is None else 1 + (t["holder"] - me) % n)] = 1
            out[b + 3 + n + 1] = t["sideways"]
            out[b + 3 + n + 2] = t["vp"]
        for t in obs["active"]:
            out[self.s_active.start + self.tile_pos[t]] = 1
        for o in obs["orders_open"]:
            out[self.s_orders.start + self.order_pos[o]] = 1
        out[self.s_b2.start + (obs["build2_region"] or 0)] = 1
        for pv in obs["players_view"]:
            i = (pv["seat"] - me) % n
            base = self.s_tracks.start + i * self.per
            out[base:base + self.per:16] = 1  # every hex empty ...
            for h, (a, b) in pv["tracks"].items():
                j = base + 16 * self.hex_pos[h]
                out[j] = 0
                out[j + 1 + self.pair_pos[(a, b)]] = 1  # ... unless drawn in
            for box in pv["engine_boxes"]:
                out[self.s_boxes.start + 6 * i + box - 1] = 1
            out[self.s_engine.start + i] = pv["engine"]
            out[self.s_score.start + i] = pv["score"]
            out[self.s_deliv.start + i] = sum(d["distance"] for d in pv["deliveries"])
            out[self.s_personal.start + 7 * i + (pv["personal_good"] or 0)] = 1
            out[self.s_power.start + (len(POWERS) + 1) * i + self.power_pos.get(pv["power"], 0)] = 1
            for o in pv["orders"]:
                out[self.s_porders.start + len(self.orders) * i + self.order_pos[o]] = 1
        if self.solo:
            ol = obs["olivia"]
            b = self.s_olivia.start
            out[b:b + 6] = [ol["crossed"][str(c)] for c in CITIES]
            out[b + 6] = ol["points"]
            out[b + 7] = ol["score"]

    def final_scores(self, game: SteamRollers) -> list[float]:
        """Final points per seat (solo: the player's, then Olivia's)."""
        rows = game.summary()
        scores = [float(x["score"]) for x in rows]
        if game.solo:
            scores.append(float(rows[0]["olivia_score"]))
        return scores

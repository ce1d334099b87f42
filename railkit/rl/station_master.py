"""Station Master for the gym: action numbering (by station slot) and observation encoding.

Trains are numbered by *station slot*: slot 0 is the oldest train in the station, slot 1
the next, up to one slot per locomotive of the card list (see :mod:`railkit.rl.actions`).

Actions (blocks in this order)
    ``PlaceChip`` (chip value x slot); ``PlayCarriage`` (carriage card x slot);
    ``PlayBrakeVan`` (slot); ``PlayRoyal`` (slot); ``PlayReassign`` (from slot x to slot);
    ``PlayRepair`` (each repair card alone, then each repair card x carriage x slot);
    ``PlayTransfer`` (from slot x to slot x whose chips move: every sorted list of 1 ..
    transfer_max seats); ``PlayStandingRoom`` (slot x chip: none or a value); ``PlayUncouple``
    (1 .. uncouple_max carriages x slot); ``PlayRushHour``; ``Pass``.

Observation segments (relative seat order: 0 = the observing seat)
    ``my_turn``, ``hand`` (cards held per card name), ``my_chips`` (chips not on trains, per
    value), per seat ``hand_sizes``, ``chips_in_hand``, ``scores``; per station slot
    ``trains``: present, locomotive one-hot, number, value, carriages, places used, standing
    room, chip capacity, chips on it, chips per seat, my chips on it per value, and per
    carriage place the card one-hot and its multiplier; ``piles`` (draw pile, locomotives
    left), ``discard`` (cards and departed locomotives per name), ``discard_top`` (the top cards,
    one-hot, top first).

Chip values of other seats are never observed (SM-CHIP-HIDDEN): only how many chips each
seat has on each train.

>>> from railkit.games.station_master import SPEC
>>> a = Adapter(SPEC.new_game(players=3, seed=1))
>>> a.index.size, a.layout.size
(4729, 2735)
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from railkit.games.station_master import (
    Pass, PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayRushHour,
    PlayStandingRoom, PlayTransfer, PlayUncouple, StationMasterGame,
)
from railkit.rl.actions import ActionIndex, Group, Kind
from railkit.rl.encoding import Layout

BIG = 10_000


class Adapter:
    """The gym's view of one Station Master setup (card list, rules, players)."""

    def __init__(self, game: StationMasterGame) -> None:
        cfg = game.cfg
        info = game.info
        n = self.players = game.players
        locos = game.cardlist.locomotives
        self.n_slots = S = len(locos)
        slots = [(s,) for s in range(S)]
        pairs = [(a, b) for a in range(S) for b in range(S) if a != b]
        values = sorted(set(cfg.chip_values))
        self.values = values
        self.cards = sorted(set(game.cardlist.cards))
        carriages = [k for k in self.cards if info[k].kind == "carriage"]
        repairs = [k for k in self.cards if info[k].kind == "repair"]
        owners = [(o,) for size in range(1, cfg.transfer_max + 1)
                  for o in combinations_with_replacement(range(n), size)]
        repair_opts = [(k, None, None) for k in repairs] + [(k, c, s) for k in repairs for c in carriages
                                                            for s in range(S)]
        kinds = [
            Kind(PlaceChip, [Group(["value"], [(v,) for v in values]), Group(["train"], slots)], slots=["train"]),
        ]
        if carriages:
            kinds.append(Kind(PlayCarriage, [Group(["card"], [(k,) for k in carriages]), Group(["train"], slots)],
                              slots=["train"]))
        kinds += [
            Kind(PlayBrakeVan, [Group(["train"], slots)], slots=["train"]),
            Kind(PlayRoyal, [Group(["train"], slots)], slots=["train"]),
        ]
        if pairs:
            kinds.append(Kind(PlayReassign, [Group(["source", "target"], pairs)], slots=["source", "target"]))
        if repairs:
            kinds.append(Kind(PlayRepair, [Group(["card", "take", "train"], repair_opts)], slots=["train"]))
        if pairs:
            kinds.append(Kind(PlayTransfer, [Group(["source", "target"], pairs), Group(["owners"], owners)],
                              slots=["source", "target"]))
        kinds += [
            Kind(PlayStandingRoom, [Group(["train"], slots), Group(["chip"], [(None,)] + [(v,) for v in values])],
                 slots=["train"]),
            Kind(PlayUncouple, [Group(["count"], [(c,) for c in range(1, cfg.uncouple_max + 1)]),
                                Group(["train"], slots)], slots=["train"]),
            Kind(PlayRushHour, []),
            Kind(Pass, []),
        ]
        self.index = ActionIndex(kinds, f"station-master ({len(self.cards)} card names, {S} locomotives)")

        self.loco_keys = sorted({lo.key for lo in locos})
        self.card_pos_set = set(self.cards)
        self.places = max(lo.number for lo in locos)
        self.depth = max([info[k].depth for k in repairs] or [1])
        total = len(game.cardlist.cards)
        chips = len(cfg.chip_values)
        lay = self.layout = Layout()
        self.s_turn = lay.add("my_turn", 1, 1)
        self.s_hand = lay.add("hand", len(self.cards), total)
        self.s_chips = lay.add("my_chips", len(values), chips)
        self.s_hsize = lay.add("hand_sizes", n, total)
        self.s_cin = lay.add("chips_in_hand", n, chips)
        self.s_scores = lay.add("scores", n, BIG, low=-BIG)
        nc = len(self.cards)
        self.w = w = 1 + len(self.loco_keys) + 7 + n + len(values) + self.places * (nc + 1)
        self.s_trains = lay.add("trains", S * w, BIG, low=-BIG)
        self.s_piles = lay.add("piles", 2, total)
        # the discard pile also takes the locomotives of departed trains
        self.pile_names = self.cards + [k for k in self.loco_keys if k not in self.card_pos_set]
        self.pile_pos = {k: i for i, k in enumerate(self.pile_names)}
        npile = len(self.pile_names)
        self.s_discard = lay.add("discard", npile, total + S)
        self.s_top = lay.add("discard_top", self.depth * npile, 1)
        self.card_pos = {k: i for i, k in enumerate(self.cards)}
        self.loco_pos = {k: i for i, k in enumerate(self.loco_keys)}
        self.value_pos = {v: i for i, v in enumerate(values)}

    def slots(self, game: StationMasterGame):
        """(train id -> slot, slot -> train id or None) for the station as it stands."""
        tids = [t.tid for t in game.station]
        pos = {tid: i for i, tid in enumerate(tids)}
        return pos.__getitem__, (lambda s: tids[s] if 0 <= s < len(tids) else None)

    def encode(self, obs: dict, out: np.ndarray) -> None:
        """Write the observation ``obs`` (from ``observe(seat)``) into ``out`` (zeros)."""
        me = obs["seat"]
        n = self.players
        rel = [(me + i) % n for i in range(n)]
        out[self.s_turn.start] = obs["to_move"] == me
        for k in obs["hand"]:
            out[self.s_hand.start + self.card_pos[k]] += 1
        for v in obs["my_chips"]:
            out[self.s_chips.start + self.value_pos[v]] += 1
        out[self.s_hsize] = [obs["hand_sizes"][s] for s in rel]
        out[self.s_cin] = [obs["chips_in_hand"][s] for s in rel]
        out[self.s_scores] = [obs["scores"][s] for s in rel]
        nl, nv, nc = len(self.loco_keys), len(self.values), len(self.cards)
        for i, t in enumerate(obs["station"][: self.n_slots]):
            b = self.s_trains.start + i * self.w
            out[b] = 1
            out[b + 1 + self.loco_pos[t["locomotive"]]] = 1
            b += 1 + nl
            out[b:b + 7] = [t["number"], t["value"], t["carriages"], t["slots_used"], t["standing_room"],
                            t["chip_capacity"], t["chips_on"]]
            b += 7
            out[b:b + n] = [t["chip_counts"][s] for s in rel]
            b += n
            for v in t["my_chips"]:
                out[b + self.value_pos[v]] += 1
            b += nv
            for p, (k, m) in enumerate(zip(t["cards"][: self.places], t["multipliers"])):
                out[b + p * (nc + 1) + self.card_pos[k]] = 1
                out[b + p * (nc + 1) + nc] = m
        out[self.s_piles] = [obs["draw_pile"], obs["locomotives_left"]]
        pp = self.pile_pos
        npile = len(self.pile_names)
        for k in obs["discard"]:
            out[self.s_discard.start + pp[k]] += 1
        for p, k in enumerate(reversed(obs["discard"][-self.depth:])):
            out[self.s_top.start + p * npile + pp[k]] = 1

    def final_scores(self, game: StationMasterGame) -> list[float]:
        """Final points per seat."""
        return [float(x["score"]) for x in game.summary()]

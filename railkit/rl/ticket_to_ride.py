"""Ticket to Ride for the gym: the action numbering and the observation encoding.

Actions (blocks in this order; see :mod:`railkit.rl.actions` for the numbering rule)
    ``DrawFaceUp`` slot 1..face-up count; ``DrawDeck``; ``Claim``: one number per route and
    payment, routes in map order, and for each route its colours (the route's own colour,
    or all eight for a gray route) with 0 .. length-1 locomotives, then the all-locomotive
    payment; ``DrawTickets``; ``KeepTickets``: every non-empty set of offer positions
    1..K (K = the larger of the starting deal and the ticket draw), smaller sets first;
    ``Pass``.

Observation segments (relative seat order: 0 = the observing seat)
    ``phase`` (one-hot over the five phases), ``my_turn``, ``hand`` (cards per colour, then
    locomotives), ``faceup`` (per slot one-hot over the 9 card kinds and "empty"),
    ``piles`` (deck, discard, ticket deck sizes), per seat ``hand_sizes``,
    ``ticket_counts``, ``trains_left``, ``scores`` (route points), ``route_counts``;
    ``routes`` (per route one-hot: free, closed by TTR-DOUBLE-SMALL, claimed by seat 0..n-1),
    ``my_tickets`` (per ticket of the deck: how many held), ``my_tickets_done`` (per ticket:
    how many held and joined), ``offered`` (per offer position one-hot over the deck's tickets),
    ``min_keep``, ``my_trains``, ``final_round``, ``final_turns_left``, ``start_player``
    (one-hot), ``turn`` (turns played, capped at 1000).

Everything comes from ``game.observe(seat)`` plus the map and rules, which every seat knows.

>>> from railkit.games.ticket_to_ride import TicketToRide
>>> a = Adapter(TicketToRide(players=2, seed=1, map="teaching-small"))
>>> a.index.size, a.layout.size
(101, 183)
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from railkit.games.ticket_to_ride import (
    PHASES, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, TicketToRide,
)
from railkit.games.ticket_to_ride.board import CARD_NAMES, GRAY
from railkit.rl.actions import ActionIndex, Group, Kind
from railkit.rl.encoding import Layout, clip

LOCO = CARD_NAMES[8]


class Adapter:
    """The gym's view of one Ticket to Ride setup (map, rules, players)."""

    def __init__(self, game: TicketToRide) -> None:
        b = game.board
        rv = game.rules
        n = game.players
        self.players = n
        fc = rv.faceup_count
        self.max_offer = k = max(rv.setup_deal, rv.ticket_draw)
        pays = []
        for i, rid in enumerate(b.route_ids):
            ln = b.length[i]
            colours = list(CARD_NAMES[:8]) if b.colour[i] == GRAY else [CARD_NAMES[b.colour[i]]]
            for c in colours:
                pays.extend((rid, c, ln - lo, lo) for lo in range(ln))
            pays.append((rid, LOCO, 0, ln))
        subsets = [(c,) for size in range(1, k + 1) for c in combinations(range(1, k + 1), size)]
        self.index = ActionIndex([
            Kind(DrawFaceUp, [Group(["slot"], [(s,) for s in range(1, fc + 1)])]),
            Kind(DrawDeck, []),
            Kind(Claim, [Group(["route", "colour", "cards", "locos"], pays)]),
            Kind(DrawTickets, []),
            Kind(KeepTickets, [Group(["keep"], subsets)]),
            Kind(Pass, []),
        ], f"ticket-to-ride on {game.map.name}")

        self.route_pos = {rid: i for i, rid in enumerate(b.route_ids)}
        tickets = game.tickets_all
        self.ticket_pos: dict[tuple, int] = {}
        for i, t in enumerate(tickets):
            self.ticket_pos.setdefault((t.a, t.b, t.points), i)
        nt = max(1, len(tickets))
        cards = game.cards_total
        trains = game.start_trains
        top_score = sum(game.route_score)
        lay = self.layout = Layout()
        self.s_phase = lay.add("phase", len(PHASES), 1)
        self.s_turn = lay.add("my_turn", 1, 1)
        self.s_hand = lay.add("hand", 9, cards)
        self.s_faceup = lay.add("faceup", fc * 10, 1)
        self.s_piles = lay.add("piles", 3, max(cards, nt))
        self.s_hsize = lay.add("hand_sizes", n, cards)
        self.s_tcount = lay.add("ticket_counts", n, nt)
        self.s_trains = lay.add("trains_left", n, trains)
        self.s_scores = lay.add("scores", n, max(1, top_score))
        self.s_rcount = lay.add("route_counts", n, b.n_routes)
        self.s_routes = lay.add("routes", b.n_routes * (n + 2), 1)
        self.s_mine = lay.add("my_tickets", nt, nt)
        self.s_done = lay.add("my_tickets_done", nt, nt)
        self.s_offer = lay.add("offered", k * nt, 1)
        self.s_minkeep = lay.add("min_keep", 1, k)
        self.s_mytrains = lay.add("my_trains", 1, trains)
        self.s_final = lay.add("final_round", 1, 1)
        self.s_left = lay.add("final_turns_left", 1, n)
        self.s_start = lay.add("start_player", n, 1)
        self.s_turns = lay.add("turn", 1, 1000)
        self.nt = nt
        self.n_routes = b.n_routes
        self.phase_pos = {p: i for i, p in enumerate(PHASES)}
        self.card_pos = {c: i for i, c in enumerate(CARD_NAMES)}

    def slots(self, game: TicketToRide):
        return None, None

    def encode(self, obs: dict, out: np.ndarray) -> None:
        """Write the observation ``obs`` (from ``observe(seat)``) into ``out`` (zeros)."""
        me = obs["seat"]
        n = self.players
        rel = [(me + i) % n for i in range(n)]
        out[self.s_phase.start + self.phase_pos[obs["phase"]]] = 1
        out[self.s_turn.start] = obs["current_player"] == me
        hand = obs["hand"]
        out[self.s_hand] = [hand[c] for c in CARD_NAMES]
        base = self.s_faceup.start
        for i, c in enumerate(obs["faceup"]):
            out[base + 10 * i + (9 if c is None else self.card_pos[c])] = 1
        out[self.s_piles] = [obs["deck_size"], obs["discard_size"], obs["ticket_deck_size"]]
        for seg, key in ((self.s_hsize, "hand_sizes"), (self.s_tcount, "ticket_counts"),
                         (self.s_trains, "trains_left"), (self.s_scores, "scores"), (self.s_rcount, "route_counts")):
            v = obs[key]
            out[seg] = [v[s] for s in rel]
        base = self.s_routes.start
        w = n + 2
        out[base:base + w * self.n_routes:w] = 1  # every route free ...
        pos = self.route_pos
        for rid, s in obs["claimed"].items():
            i = base + w * pos[rid]
            out[i] = 0
            out[i + 2 + (s - me) % n] = 1  # ... unless claimed
        for rid in obs["closed"]:
            i = base + w * pos[rid]
            out[i] = 0
            out[i + 1] = 1
        tp = self.ticket_pos
        for t in obs["tickets"]:
            j = tp[(t["a"], t["b"], t["points"])]
            out[self.s_mine.start + j] += 1
            if t["done"]:
                out[self.s_done.start + j] += 1
        for k, t in enumerate(obs["offered"]):
            out[self.s_offer.start + k * self.nt + tp[(t["a"], t["b"], t["points"])]] = 1
        out[self.s_minkeep.start] = obs["min_keep"]
        out[self.s_mytrains.start] = obs["trains"]
        out[self.s_final.start] = obs["final_round"]
        out[self.s_left.start] = obs["final_turns_left"] or 0
        if obs["start_player"] is not None:
            out[self.s_start.start + (obs["start_player"] - me) % n] = 1
        out[self.s_turns.start] = clip(obs["turn"], 1000)

    def final_scores(self, game: TicketToRide) -> list[float]:
        """Final points per seat."""
        return [float(x["total"]) for x in game.final_scores()]

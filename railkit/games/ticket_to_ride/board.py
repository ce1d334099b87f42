"""Fixed facts of a map for the engine: route arrays and interned actions.

A :class:`Board` is built once per :class:`~railkit.maps.Map` object and kept on
it (the map is immutable by convention and cached by :func:`railkit.maps.load`).
It holds plain lists indexed by route number and every action object the engine
ever hands out, built on demand, so listing legal moves creates no new objects.

>>> from railkit.maps import load
>>> b = board_for(load("teaching-small"))
>>> b.n_routes, b.route_ids[0], b.length[0], b.colour[0]
(12, 'Harbor-Mill/1', 2, 0)
>>> [str(a) for a in b.claim_options(0, 0, 1, 5)]
['claim Harbor-Mill/1 red x1 loco x1']
"""

# railkit: compiled with mypyc
from __future__ import annotations

from itertools import combinations
from operator import is_
from typing import Final, Sequence

from railkit.core.game import Action
from railkit.games.ticket_to_ride.actions import (
    LOCO, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass,
)
from railkit.graphs.paths import cheapest_path
from railkit.maps import CARD_COLOURS, Map

#: Card names by index: the 8 colours, then the locomotive (index 8).
CARD_NAMES: Final = CARD_COLOURS + (LOCO,)
CARD_INDEX: Final = {name: i for i, name in enumerate(CARD_NAMES)}
LOCO_I: Final = 8
GRAY: Final = -1

# the actions without fields, one object each  # mypyc: Final constant
DRAW_DECK: Final = DrawDeck()
DRAW_TICKETS: Final = DrawTickets()
PASS: Final = Pass()


class Board:
    """Route arrays of one map and caches of interned action objects."""

    def __init__(self, m: Map) -> None:
        self.map = m
        self.city_names = list(m.cities)
        self.city_index = {c: i for i, c in enumerate(self.city_names)}
        #: the city indices in the order of the cities' names
        self.cities_by_name = sorted(range(len(self.city_names)), key=self.city_names.__getitem__)
        self.routes = list(m.routes)
        self.n_routes = len(self.routes)
        self.route_ids = [r.id for r in self.routes]
        self.route_index = {r.id: i for i, r in enumerate(self.routes)}
        self.length = [r.length for r in self.routes]
        self.colour = [GRAY if r.color == "gray" else CARD_INDEX[r.color] for r in self.routes]
        self.end_a = [self.city_index[r.a] for r in self.routes]
        self.end_b = [self.city_index[r.b] for r in self.routes]
        self.parallel = [tuple(self.route_index[p.id] for p in m.parallel(r)) for r in self.routes]
        self.max_length = max(self.length)
        #: per city, its neighbours and the routes to them (map order), for the path searches
        self.iadj: list[list[tuple[int, int]]] = [[] for _ in self.city_names]
        for i in range(self.n_routes):
            self.iadj[self.end_a[i]].append((self.end_b[i], i))
            self.iadj[self.end_b[i]].append((self.end_a[i], i))
        # claim tables: (route, colour) -> list over (cards cap, locos cap) -> tuple of Claims
        self._claims: dict[tuple[int, int], list] = {}
        self._loco_claim: list[Claim | None] = [None] * self.n_routes
        self._claim: dict[tuple[int, int, int], Claim] = {}  # (route, colour, cards) -> claim
        self._faceup: dict[int, DrawFaceUp] = {}
        #: route_tables[c][i]: :meth:`route_table` of route i in colour c (None until built)
        self.route_tables: list[list[list[tuple[Claim, ...]] | None]] = [[None] * self.n_routes for _ in range(8)]
        self._keep: dict[tuple[int, int], tuple[KeepTickets, ...]] = {}
        self._text: dict[int, tuple[Action, str]] = {}  # id(action) -> (action, str(action))
        #: free routes at the start: by [colour][length], gray ones by length, all by length
        self.start_free_col = [[tuple(i for i in range(self.n_routes) if self.colour[i] == c and self.length[i] == ln)
                                for ln in range(self.max_length + 1)] for c in range(8)]
        self.start_free_gray = [tuple(i for i in range(self.n_routes) if self.colour[i] == GRAY and self.length[i] == ln)
                                for ln in range(self.max_length + 1)]
        self.start_free_len = [tuple(i for i in range(self.n_routes) if self.length[i] == ln)
                               for ln in range(self.max_length + 1)]
        #: pair_rows[locos][mask]: None until built by :meth:`pairs_row`, then a list over
        #: coloured cards held of (length, table slot) pairs; see :meth:`pairs_row`
        ml = self.max_length
        self.pair_rows: list[list[list[tuple[tuple[int, int], ...]] | None]] = [[None] * (2 << ml)
                                                                                 for _ in range(ml + 1)]
        #: len_bits[t]: the bits of lengths 1..t (lengths a seat with t trains can reach)
        self.len_bits = [(2 << min(t, ml)) - 2 for t in range(ml + 1)]
        #: lengths (as bits) with routes of each colour or gray ones: the lengths a colour's
        #: cards can claim at the start
        self.start_len_mask = [sum(1 << ln for ln in range(1, ml + 1)
                                   if self.start_free_col[c][ln] or self.start_free_gray[ln]) for c in range(8)]
        #: (face-up row, deck or discard not empty, face-up locomotive counts two,
        #: face-up cards may be taken with deck and discard empty), as a number (see
        #: TicketToRide._draws) -> (first-card draws, second-card draws), filled by the
        #: games on this map
        self.draw_table: dict[int, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}
        #: set of free tracks a seat may not claim -> the claim caches (colour * 64 + length)
        #: that may hold their claims (TicketToRide._blk_keys), filled by the games on this map
        self.blocked_keys: dict[frozenset[int], frozenset[int]] = {}
        #: claim caches of the starting position (every route free), shared by all games
        #: on this map: [colour][length] -> list over table slots of tuples of Claims (None: not built)
        self.start_claim_cache: list[list[list[tuple[Claim, ...] | None]]] = [
            [[None] * (ln + 1) ** 2 for ln in range(ml + 1)] for _ in range(8)]
        self.start_gray_cache: list[list[list[tuple[Claim, ...] | None]]] = [
            [[None] * (ln + 1) ** 2 for ln in range(ml + 1)] for _ in range(8)]
        #: blank_slots[length]: a claim cache of that length with nothing built, shared by every
        #: bucket a claim emptied until its first build swaps in a list of its own (never written)
        self.blank_slots: list[list[tuple[Claim, ...] | None]] = [[None] * (ln + 1) ** 2 for ln in range(ml + 1)]
        #: all-locomotive claims of every route, by length (the starting position)
        self.start_loco_claims: list[tuple[Claim, ...] | None] = [None] + [
            tuple(self.loco_claim(i) for i in range(self.n_routes) if self.length[i] == ln)
            for ln in range(1, self.max_length + 1)]

    # ------------------------------------------------------------ actions
    def claim_options(self, i: int, c: int, nc: int, nl: int) -> tuple[Claim, ...]:
        """Every claim of route ``i`` with colour ``c`` (index) holding ``nc`` cards
        of that colour and ``nl`` locomotives, most coloured cards first.
        All-locomotive payments are not included (see :meth:`loco_claim`)."""
        ln = self.length[i]
        key = (i, c)
        tab = self._claims.get(key)
        if tab is None:
            tab = self._claims[key] = [None] * ((ln + 1) * (ln + 1))
        a = nc if nc < ln else ln
        b = nl if nl < ln else ln
        k = a * (ln + 1) + b
        v = tab[k]
        if v is None:
            v = tab[k] = tuple(self.claim(i, c, cards) for cards in range(a, max(1, ln - b) - 1, -1))
        return v

    def claim(self, i: int, c: int, cards: int) -> Claim:
        """The claim of route ``i`` paying ``cards`` cards of colour ``c`` (index) and
        locomotives for the rest: one object per payment, whichever hands offer it."""
        key = (i, c, cards)
        v = self._claim.get(key)
        if v is None:
            v = self._claim[key] = Claim(self.route_ids[i], CARD_NAMES[c], cards, self.length[i] - cards)
        return v

    def pairs_row(self, nl: int, mask: int) -> list[tuple[tuple[int, int], ...]]:
        """For ``nl`` locomotives and the route lengths in ``mask`` (bit ``ln`` set when
        routes of length ``ln`` can be claimed): a list over coloured cards held
        ``nc`` (0 to the longest route) of (length, slot) pairs, one for each length in
        the mask up to ``nc + nl``. The slot ``min(nc, ln) * (ln + 1) + min(nl, ln)``
        names the claims of such a hand in :meth:`route_table` and the claim caches.
        Hands holding more cards than the longest route use the last entry
        (``nl`` is capped the same way)."""
        ml = self.max_length
        row = [tuple((ln, min(nc, ln) * (ln + 1) + min(nl, ln))
                     for ln in range(1, min(nc + nl, ml) + 1) if mask >> ln & 1) for nc in range(ml + 1)]
        self.pair_rows[nl][mask] = row
        return row

    def route_table(self, i: int, c: int) -> list[tuple[Claim, ...]]:
        """:meth:`claim_options` of route ``i`` in colour ``c`` for every hand, as a list
        indexed by ``min(nc, L) * (L + 1) + min(nl, L)`` (L = the route's length); built
        on first use."""
        t = self.route_tables[c][i]
        if t is None:
            ln = self.length[i]
            t = self.route_tables[c][i] = [self.claim_options(i, c, a, b) for a in range(ln + 1)
                                           for b in range(ln + 1)]
        return t

    def loco_claim(self, i: int) -> Claim:
        """The all-locomotive claim of route ``i``."""
        v = self._loco_claim[i]
        if v is None:
            v = self._loco_claim[i] = Claim(self.route_ids[i], LOCO, 0, self.length[i])
        return v

    def action_text(self, a: Action) -> str:
        """``str(a)``, remembered per action object (the actions handed out here are
        few and kept for good; the entry holds the object, so its id stays its own)."""
        hit = self._text.get(id(a))
        if hit is None or hit[0] is not a:
            if len(self._text) > 100_000:
                self._text.clear()
            hit = self._text[id(a)] = (a, str(a))
        return hit[1]

    def faceup(self, slot: int) -> DrawFaceUp:
        v = self._faceup.get(slot)
        if v is None:
            v = self._faceup[slot] = DrawFaceUp(slot)
        return v

    def keep_options(self, offered: int, min_keep: int) -> tuple[KeepTickets, ...]:
        """Every ``keep tickets`` choice of at least ``min_keep`` of ``offered`` tickets,
        fewest first, then in lexicographic order."""
        key = (offered, min_keep)
        v = self._keep.get(key)
        if v is None:
            pos = range(1, offered + 1)
            v = self._keep[key] = tuple(KeepTickets(c) for k in range(min_keep, offered + 1)
                                        for c in combinations(pos, k))
        return v


def find_root(uf: list[int], x: int) -> int:
    """The root of ``x`` in the union-find forest ``uf`` (``uf[i]`` is the parent of city
    ``i``; a root is its own parent), halving the path on the way: the one union-find of
    the ticket checks (TTR-SCORE-TICKETS), in the engine and in :mod:`.scoring`.

    >>> uf = [0, 0, 1, 3]
    >>> find_root(uf, 2), uf
    (0, [0, 0, 0, 3])
    """
    while uf[x] != x:
        uf[x] = uf[uf[x]]
        x = uf[x]
    return x


def join(uf: list[int], a: int, b: int) -> None:
    """Put cities ``a`` and ``b`` in one network of the union-find forest ``uf``."""
    x, y = find_root(uf, a), find_root(uf, b)
    if x != y:
        uf[x] = y


#: a route is an obvious choke when going round it costs at least this many more trains
CHOKE_DETOUR: Final = 3


def obvious_chokes(b: Board, claimed: dict[str, int], closed: list[str], seat: int, players: int,
                   routes: Sequence[int] | None = None) -> list[str]:
    """The free routes whose claim by another seat would visibly cut ``seat``'s network:
    each joins two pieces of the routes ``seat`` has claimed (public facts), and without it
    the cheapest way between those pieces costs :data:`CHOKE_DETOUR` or more trains extra,
    or there is none. With fewer than 4 players (the default rule for double routes) a
    claim closes the other track of a double, so either track of such a double blocks.
    The bots read it to block (``hard``); a game's ``blocks`` count the claims of such a
    route (:meth:`~railkit.games.ticket_to_ride.TicketToRide.blocks`).

    Parameters
    ----------
    b : Board
        The map's route arrays (:func:`board_for`).
    claimed, closed : dict, list
        Route id -> seat of every claimed route, and the ids of the closed tracks (as an
        observation has them).
    seat, players : int
        The seat whose network is looked at, and the number of players.
    routes : sequence of int, optional
        Only these route numbers are looked at (default: every route).

    Returns
    -------
    list of str
        The route ids, sorted.

    Examples
    --------
    >>> from railkit.maps import load
    >>> b = board_for(load("usa"))
    >>> obvious_chokes(b, {"Calgary-Seattle": 0, "Helena-Winnipeg": 0}, [], 0, 2)  # three ways to join
    []
    >>> obvious_chokes(b, {"Calgary-Helena": 0, "Chicago-Omaha": 0}, [], 0, 2)
    ['Helena-Omaha']
    >>> obvious_chokes(b, {"Calgary-Helena": 0, "Chicago-Omaha": 0, "Helena-Omaha": 1}, [], 0, 2)
    []
    """
    route_index, parallel, end_a, end_b = b.route_index, b.parallel, b.end_a, b.end_b
    cost = b.length[:]
    uf = list(range(len(b.city_names)))  # the pieces of the seat's network
    touched = [False] * len(b.city_names)
    for rid, s in claimed.items():
        i = route_index[rid]
        if s != seat:
            cost[i] = -1
            continue
        cost[i] = 0
        for p in parallel[i]:  # the other track of one's own double is never one's to use
            cost[p] = -1
        touched[end_a[i]] = touched[end_b[i]] = True
        join(uf, end_a[i], end_b[i])
    for rid in closed:
        cost[route_index[rid]] = -1
    out: list[str] = []
    for i in (range(b.n_routes) if routes is None else routes):
        if cuts(b, cost, uf, touched, i, players):
            out.append(b.route_ids[i])
    return sorted(out)


def cuts(b: Board, cost: list[int], uf: list[int], touched: list[bool], i: int, players: int) -> bool:
    """Whether free route ``i`` is an obvious choke of one seat's network (:func:`obvious_chokes`),
    given that seat's route costs (0: its own, -1: unusable), the pieces of its network
    (union-find ``uf``) and the cities its routes touch."""
    u, v = b.end_a[i], b.end_b[i]
    return (cost[i] > 0 and touched[u] and touched[v] and find_root(uf, u) != find_root(uf, v)
            and hard_to_go_round(b, cost, i, players))


def hard_to_go_round(b: Board, cost: list[int], i: int, players: int) -> bool:
    """Whether going round free route ``i`` between its two cities costs
    :data:`CHOKE_DETOUR` or more trains than the route itself, or is impossible, at these
    route costs of one seat (0: its own, -1: unusable). With fewer than 4 players the other
    track of a double goes with it (:func:`obvious_chokes`). ``cost`` is left as it was."""
    gone = [i, *b.parallel[i]] if players < 4 else [i]
    kept = [cost[j] for j in gone]
    for j in gone:
        cost[j] = -1
    res = cheapest_path(b.iadj, cost, b.end_a[i], b.end_b[i])
    for j, c in zip(gone, kept):
        cost[j] = c
    return res is None or res[0] >= cost[i] + CHOKE_DETOUR


def board_for(m: Map) -> Board:
    """The :class:`Board` of map ``m`` (built on first use and kept on the map)."""
    b = m.__dict__.get("_ttr_board")
    # rebuild if the map was edited in place since (cheap check: same route list)
    if b is None or len(b.routes) != len(m.routes) or not all(map(is_, b.routes, m.routes)) \
            or len(b.city_names) != len(m.cities):
        b = Board(m)
        m.__dict__["_ttr_board"] = b
    return b

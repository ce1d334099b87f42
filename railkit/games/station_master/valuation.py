"""The greedy Station Master bot's one-step valuation (:class:`railkit.agents.station_master.GreedyAgent`).

It works from an observation (``game.observe(seat)``) and the legal actions only: for each
action it estimates the change of (my expected points - the average opponent's expected
points) over the trains in the station, counting the carriages it has not seen (its hand,
the trains and the public discard pile are seen) and assuming hidden opponent chips have
the average chip value. It sits beside the engine so that it is compiled with it
(:mod:`railkit.core.compiled`); this source stays the code to read.

>>> from railkit.games.station_master import StationMasterGame
>>> g = StationMasterGame(players=3, seed=2)
>>> v = Valuation()
>>> v.read(g.observe(0))
>>> round(v.mu["standard"], 3), v.mean_chip, v.opponents
(0.371, 2.0, 2)
"""

# railkit: compiled with mypyc
from __future__ import annotations

from typing import Any, Callable, Final, Sequence

from railkit.core.game import Action
from railkit.games.station_master.actions import (
    PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayStandingRoom, PlayTransfer,
    PlayUncouple,
)
from railkit.games.station_master.cards import CardInfo, carriage_from_key
from railkit.games.station_master.scoring import carriage_value

KINDS = ("standard", "executive", "freight")
#: locomotive kind -> its place in KINDS
_COLUMNS: dict[str, int] = {k: i for i, k in enumerate(KINDS)}

#: card name -> its carriage (or None), and (name, locomotive kind, reading) -> its value:
#: pure functions of a few dozen card names, looked up hundreds of times a decision
_CARRIAGES: dict[str, CardInfo | None] = {}
_VALUES: dict[tuple[str, str, str], int] = {}


def carriage(key: str) -> CardInfo | None:
    """:func:`~railkit.games.station_master.cards.carriage_from_key`, remembered.

    >>> carriage("+3").value, carriage("royal") is None
    (3, True)
    """
    if key in _CARRIAGES:
        return _CARRIAGES[key]
    if len(_CARRIAGES) > 4096:
        _CARRIAGES.clear()
    ci = _CARRIAGES[key] = carriage_from_key(key)
    return ci


def value(key: str, kind: str, reading: str) -> int:
    """What card ``key`` adds on a ``kind`` train (0 for a card that is not a carriage).

    >>> value("-2", "freight", "luxury-positive"), value("royal", "standard", "none")
    (2, 0)
    """
    k = (key, kind, reading)
    v = _VALUES.get(k)
    if v is None:
        if len(_VALUES) > 4096:
            _VALUES.clear()
        ci = carriage(key)
        v = _VALUES[k] = carriage_value(ci, kind, reading) if ci is not None else 0
    return v


#: (card counts, reading) -> deck_facts: every bot of every game on one card list shares them
_DECKS: dict[tuple, tuple] = {}


def deck_facts(counts: dict[str, int], reading: str) -> tuple:
    """The carriages of a card list (``counts``: copies per card name) for counting unseen cards:
    ``(counts, reading, carriages in all, their values summed per locomotive kind, per carriage
    name its value on each kind)``; whole numbers, so sums in any order are exact. Remembered
    (the tables are read, never changed)."""
    key = (tuple(counts.items()), reading)
    facts = _DECKS.get(key)
    if facts is not None:
        return facts
    values: dict[str, tuple[int, int, int]] = {}
    for k in counts:
        if carriage(k) is not None:
            values[k] = (value(k, KINDS[0], reading), value(k, KINDS[1], reading), value(k, KINDS[2], reading))
    total = sum([counts[k] for k in values])
    sums = tuple([sum([values[k][i] * counts[k] for k in values]) for i in range(3)])
    if len(_DECKS) > 64:
        _DECKS.clear()
    facts = _DECKS[key] = (dict(counts), reading, total, sums, values)
    return facts


def count_seen(cards: list[str], values: dict[str, tuple[int, int, int]], counts: dict[str, int],
               seen: dict[str, int]) -> tuple[int, int, int, int]:
    """Count the carriages among ``cards`` into ``seen`` (copies by name, never more than
    ``counts``, the card list, has) and return how many were counted and their values summed
    on each locomotive kind (``values``, as in :func:`deck_facts`).

    >>> seen = {}
    >>> count_seen(["+2", "+2", "royal"], {"+2": (2, 3, 1)}, {"+2": 1}, seen), seen
    ((1, 2, 3, 1), {'+2': 1})
    """
    n = s0 = s1 = s2 = 0
    for k in cards:
        vals = values.get(k)
        if vals is not None:
            c = seen.get(k, 0)
            if c < counts[k]:
                seen[k] = c + 1
                n += 1
                s0 += vals[0]
                s1 += vals[1]
                s2 += vals[2]
    return n, s0, s1, s2


#: the action classes the estimate tells apart (:meth:`Valuation.delta`), by a small number
# mypyc: Final constant
_PLACE: Final = 0
_CARRIAGE: Final = 1
_REPAIR: Final = 2
_TRANSFER: Final = 3
_BRAKE_VAN: Final = 4
_STANDING: Final = 5
_ROYAL: Final = 6
_UNCOUPLE: Final = 7
_REASSIGN: Final = 8
_KIND_OF: Final[dict[type, int]] = {PlaceChip: _PLACE, PlayCarriage: _CARRIAGE, PlayRepair: _REPAIR,
                             PlayTransfer: _TRANSFER, PlayBrakeVan: _BRAKE_VAN, PlayStandingRoom: _STANDING,
                             PlayRoyal: _ROYAL, PlayUncouple: _UNCOUPLE, PlayReassign: _REASSIGN}


def _free(number: int, slots: int) -> int:
    """The carriage places left on a train of ``number`` places with ``slots`` used (0 when full)."""
    return number - slots if number > slots else 0


class Stake:
    """One train of an observation as the greedy bot reckons it: my chips on it, the other
    seats' at the mean chip value (and that shared among the opponents), its value and
    expected final value, and ``base``, what it is worth to me now: (mine - share) x final."""

    def __init__(self, t: dict[str, Any], mean_chip: float, opponents: int, mu: dict[str, float]) -> None:
        my: list[int] = t["my_chips"]
        chips_on: int = t["chips_on"]
        kind: str = t["kind"]
        #: the train as the observation shows it (its cards, for the rarer actions)
        self.train = t
        mine = 0
        for v in my:
            mine += v
        self.mine: int = mine
        self.my_count: int = len(my)
        self.others: float = (chips_on - len(my)) * mean_chip
        self.share: float = self.others / opponents
        self.kind = kind
        #: which of :data:`KINDS` the locomotive is (the column of :func:`deck_facts`' values)
        self.column: int = _COLUMNS.get(kind, -1)
        self.value: int = t["value"]
        self.slots: int = t["slots_used"]
        self.number: int = t["number"]
        self.mu: float = 0.0
        self.final: float = 0.0
        self.base: float = 0.0
        self.reckon(mu)

    def reckon(self, mu: dict[str, float]) -> None:
        """Set the parts that depend on the unseen-card means ``mu``: the mean of its kind,
        the expected final value and ``base``."""
        self.mu = mu[self.kind]
        self.final = self.value + _free(self.number, self.slots) * self.mu
        self.base = (self.mine - self.share) * self.final


class Valuation:
    """The greedy bot's estimates for one observation (:meth:`read`, :meth:`stakes`), and its
    choice (:meth:`choose`)."""

    def __init__(self) -> None:
        self.reading = "luxury-positive"
        self.mean_chip = 0.0
        self.opponents = 1
        self.royal_slot = True
        self.royal_doubles = 2
        self.seat = 0
        #: mean value of an unseen carriage per locomotive kind
        self.mu: dict[str, float] = {}
        #: the card-list facts of the last observation (see :func:`deck_facts`)
        self.deck: tuple | None = None
        #: per carriage name of that card list, its value on each locomotive kind
        self.values: dict[str, tuple[int, int, int]] = {}
        #: the discard pile last counted, and its carriages (see :func:`count_seen`): a pile
        #: that only grew on top since is counted on from there
        self.pile: list[str] = []
        self.pile_seen: dict[str, int] = {}
        self.pile_gone: tuple[int, int, int, int] = (0, 0, 0, 0)
        #: the stakes last reckoned, by train id: one is reckoned anew only when its train's
        #: view is another object (a shared observation keeps the views of unchanged trains)
        self.known: dict[int, Stake] = {}

    def read(self, obs: dict[str, Any]) -> None:
        """Take the rules, the seat and the unseen-card means from an observation."""
        rules = obs["rules"]
        self.reading = rules["executive_reading"]
        chips = rules["chip_values"]
        mean_chip = sum(chips) / len(chips)
        opponents = max(obs["players"] - 1, 1)
        if mean_chip != self.mean_chip or opponents != self.opponents:
            self.known = {}
        self.mean_chip = mean_chip
        self.opponents = opponents
        self.royal_slot = rules["royal_takes_slot"]
        self.royal_doubles = rules["royal_doubles"]
        self.seat = obs["seat"]
        self.mu = self.unseen_means(obs)

    def stakes(self, obs: dict[str, Any]) -> dict[int, Stake]:
        """Each train of the observation last read, by its id, as a :class:`Stake`."""
        mean_chip, opponents, mu = self.mean_chip, self.opponents, self.mu
        known = self.known
        out: dict[int, Stake] = {}
        for t in obs["station"]:
            tid: int = t["id"]
            p = known.get(tid)
            if p is None or p.train is not t:
                p = Stake(t, mean_chip, opponents, mu)
            else:
                p.reckon(mu)
            out[tid] = p
        self.known = out
        return out

    def unseen_means(self, obs: dict[str, Any]) -> dict[str, float]:
        """Mean value of a not-yet-seen carriage on each locomotive kind (card counting)."""
        counts: dict[str, int] = obs["card_counts"]
        facts = self.deck
        if facts is None or facts[0] != counts or facts[1] != self.reading:
            facts = self.deck = deck_facts(counts, self.reading)
            self.pile, self.pile_seen, self.pile_gone = [], {}, (0, 0, 0, 0)  # count it all anew
        values: dict[str, tuple[int, int, int]] = facts[4]
        self.values = values
        pile: list[str] = obs["discard"]
        n = len(self.pile)
        if len(pile) < n or pile[:n] != self.pile:  # not the last pile with cards put on top
            self.pile_seen, self.pile_gone, n = {}, (0, 0, 0, 0), 0
        g0, g1, g2, g3 = self.pile_gone
        d0, d1, d2, d3 = count_seen(pile[n:], values, counts, self.pile_seen)
        g0, g1, g2, g3 = g0 + d0, g1 + d1, g2 + d2, g3 + d3
        self.pile_gone = (g0, g1, g2, g3)
        self.pile = list(pile)
        seen = dict(self.pile_seen)  # the hand and the trains, counted on from the pile
        d0, d1, d2, d3 = count_seen(obs["hand"], values, counts, seen)
        g0, g1, g2, g3 = g0 + d0, g1 + d1, g2 + d2, g3 + d3
        for t in obs["station"]:
            d0, d1, d2, d3 = count_seen(t["cards"], values, counts, seen)
            g0, g1, g2, g3 = g0 + d0, g1 + d1, g2 + d2, g3 + d3
        total: int = facts[2] - g0
        sums: tuple[int, int, int] = facts[3]
        if not total:
            return {KINDS[0]: 0.0, KINDS[1]: 0.0, KINDS[2]: 0.0}
        return {KINDS[0]: (sums[0] - g1) / total, KINDS[1]: (sums[1] - g2) / total,
                KINDS[2]: (sums[2] - g3) / total}

    def choose(self, obs: dict[str, Any], legal: Sequence[Action], rand: Callable[[], float]) -> Action:
        """The legal action of the best estimate (:meth:`delta`; ``rand`` breaks ties: one draw
        per action, in order)."""
        scores = self.scores(obs, legal, rand)
        best = 0  # the first of the highest
        for i in range(1, len(scores)):
            if scores[i] > scores[best]:
                best = i
        return legal[best]

    def scores(self, obs: dict[str, Any], legal: Sequence[Action], rand: Callable[[], float]) -> list[float]:
        """The estimate of each legal action (:meth:`delta`), in order, plus a tie-break under
        1e-6 (``rand``: one draw per action): :meth:`choose` takes the first of the highest."""
        self.read(obs)
        stakes = self.stakes(obs)
        return [self.delta(a, stakes) + rand() * 1e-6 for a in legal]

    # ------------------------------------------------------------ estimates
    def delta(self, a: Action, stakes: dict[int, Stake]) -> float:
        """The estimated change of (my - the average opponent's) expected points by ``a`` (one of
        the engine's action classes), over the trains of :meth:`stakes`."""
        k = _KIND_OF.get(type(a), -1)
        if k == _PLACE:
            p = stakes[a.train]  # type: ignore[attr-defined]
            chip: int = a.value  # type: ignore[attr-defined]
            return (p.mine + chip - p.share) * p.final - p.base
        if k == _CARRIAGE or (k == _REPAIR and a.take is not None):  # type: ignore[attr-defined]
            key: str = a.card if k == _CARRIAGE else a.take  # type: ignore[attr-defined]
            p = stakes[a.train]  # type: ignore[attr-defined]
            return self.coupled(p, p.value + self.adds(key, p), 1) - p.base
        if k == _TRANSFER:
            # SM-TRANSFER: the bot chose whose chips move; which of an owner's chips is blind, so
            # its own move at their mean value on the source, the others' at the mean chip value
            owners: tuple[int, ...] = a.owners  # type: ignore[attr-defined]
            ps, pt = stakes[a.source], stakes[a.target]  # type: ignore[attr-defined]
            me = self.seat
            n_mine = 0
            for o in owners:
                if o == me:
                    n_mine += 1
            my_moved = ps.mine * n_mine / ps.my_count if ps.my_count else 0.0
            opp_moved = (len(owners) - n_mine) * self.mean_chip
            us = ((ps.mine - my_moved) - (ps.others - opp_moved) / self.opponents) * ps.final
            ut = ((pt.mine + my_moved) - (pt.others + opp_moved) / self.opponents) * pt.final
            return us + ut - ps.base - pt.base
        if k == _BRAKE_VAN:  # the train departs as it is
            p = stakes[a.train]  # type: ignore[attr-defined]
            return (p.mine - p.share) * p.value - p.base
        if k == _STANDING:
            extra: int | None = a.chip  # type: ignore[attr-defined]
            if extra is None:
                return -0.01
            p = stakes[a.train]  # type: ignore[attr-defined]
            return ((p.mine + extra) - p.share) * p.final - p.base - 0.01
        if k == _ROYAL:
            p = stakes[a.train]  # type: ignore[attr-defined]
            cards: list[str] = p.train["cards"]
            mults: list[int] = p.train["multipliers"]
            more, done = 0, 0
            for i in range(len(cards) - 1, -1, -1):
                if carriage(cards[i]) is not None:
                    more += self.adds(cards[i], p) * mults[i]
                    done += 1
                    if done == self.royal_doubles:
                        break
            return self.coupled(p, p.value + more, 1 if self.royal_slot else 0) - p.base
        if k == _UNCOUPLE:
            p = stakes[a.train]  # type: ignore[attr-defined]
            count: int = a.count  # type: ignore[attr-defined]
            removed = [self.adds(c, p) * m for c, m in zip(p.train["cards"], p.train["multipliers"])
                       if carriage(c) is not None][-count:]
            return self.worth(p, p.value - sum(removed), p.slots - count) - p.base
        if k == _REASSIGN:
            ps, pt = stakes[a.source], stakes[a.target]  # type: ignore[attr-defined]
            key, mult = [(c, m) for c, m in zip(ps.train["cards"], ps.train["multipliers"])
                         if carriage(c) is not None][-1]
            us = self.worth(ps, ps.value - self.adds(key, ps) * mult, ps.slots - 1)
            ut = self.coupled(pt, pt.value + self.adds(key, pt), 1)
            return us + ut - ps.base - pt.base
        return 0.0  # repair taking nothing, rush hour, pass

    def adds(self, key: str, p: Stake) -> int:
        """What card ``key`` adds to train ``p`` (:func:`value`, from the card list's table)."""
        vals = self.values.get(key)
        if vals is not None and p.column >= 0:
            return vals[p.column]
        return value(key, p.kind, self.reading)

    def worth(self, p: Stake, value: float, slots: int) -> float:
        """(my stake - the average opponent's) x the expected final value of train ``p`` with
        ``value`` and ``slots`` places used, still waiting to depart."""
        return (p.mine - p.share) * (value + _free(p.number, slots) * p.mu)

    def coupled(self, p: Stake, value: float, slots_added: int) -> float:
        """:meth:`worth` after a card that takes ``slots_added`` places: a full train departs at
        ``value``."""
        slots = p.slots + slots_added
        if slots >= p.number:
            return (p.mine - p.share) * value
        return self.worth(p, value, slots)

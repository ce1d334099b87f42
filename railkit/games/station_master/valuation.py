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

from __future__ import annotations

from typing import Any, Callable, Sequence

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


def deck_facts(counts: dict[str, int], reading: str) -> tuple:
    """The carriages of a card list (``counts``: copies per card name) for counting unseen cards:
    ``(counts, reading, carriages in all, their values summed per locomotive kind, per carriage
    name its value on each kind)``; whole numbers, so sums in any order are exact."""
    values: dict[str, tuple[int, int, int]] = {}
    for k in counts:
        if carriage(k) is not None:
            values[k] = (value(k, KINDS[0], reading), value(k, KINDS[1], reading), value(k, KINDS[2], reading))
    total = sum([counts[k] for k in values])
    sums = tuple([sum([values[k][i] * counts[k] for k in values]) for i in range(3)])
    return dict(counts), reading, total, sums, values


def count_seen(cards: list[str], values: dict[str, tuple[int, int, int]], counts: dict[str, int],
               seen: dict[str, int], gone: list[int]) -> None:
    """Count the carriages among ``cards`` into ``seen`` (copies by name, never more than
    ``counts``, the card list, has) and ``gone`` (how many, and their values on each locomotive
    kind: ``values``, as in :func:`deck_facts`)."""
    for k in cards:
        vals = values.get(k)
        if vals is not None:
            c = seen.get(k, 0)
            if c < counts[k]:
                seen[k] = c + 1
                gone[0] += 1
                gone[1] += vals[0]
                gone[2] += vals[1]
                gone[3] += vals[2]


class Stake:
    """One train of an observation as the greedy bot reckons it (:meth:`Valuation.utility`):
    my chips on it, the other seats' at the mean chip value (and that shared among the
    opponents), its value and expected final value, and (mine - share) x final."""

    def __init__(self, t: dict[str, Any], mean_chip: float, opponents: int, mu: dict[str, float]) -> None:
        my: list[int] = t["my_chips"]
        chips_on: int = t["chips_on"]
        kind: str = t["kind"]
        self.mine: int = sum(my)
        self.my_count: int = len(my)
        self.others: float = (chips_on - len(my)) * mean_chip
        self.share: float = self.others / opponents
        self.kind = kind
        #: which of :data:`KINDS` the locomotive is (the column of :func:`deck_facts`' values)
        self.column: int = _COLUMNS.get(kind, -1)
        self.mu: float = mu[kind]
        self.value: int = t["value"]
        self.slots: int = t["slots_used"]
        self.number: int = t["number"]
        self.final: float = self.value + max(self.number - self.slots, 0) * self.mu
        self.base: float = (self.mine - self.share) * self.final


class Valuation:
    """The greedy bot's estimates for one observation (:meth:`read`), and its choice (:meth:`choose`)."""

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
        #: the discard pile last counted, and its carriages (see :func:`count_seen`): a pile
        #: that only grew on top since is counted on from there
        self.pile: list[str] = []
        self.pile_seen: dict[str, int] = {}
        self.pile_gone: list[int] = [0, 0, 0, 0]

    def read(self, obs: dict[str, Any]) -> None:
        """Take the rules, the seat and the unseen-card means from an observation."""
        rules = obs["rules"]
        self.reading = rules["executive_reading"]
        chips = rules["chip_values"]
        self.mean_chip = sum(chips) / len(chips)
        self.opponents = max(obs["players"] - 1, 1)
        self.royal_slot = rules["royal_takes_slot"]
        self.royal_doubles = rules["royal_doubles"]
        self.seat = obs["seat"]
        self.mu = self.unseen_means(obs)

    def unseen_means(self, obs: dict[str, Any]) -> dict[str, float]:
        """Mean value of a not-yet-seen carriage on each locomotive kind (card counting)."""
        counts: dict[str, int] = obs["card_counts"]
        facts = self.deck
        if facts is None or facts[0] != counts or facts[1] != self.reading:
            facts = self.deck = deck_facts(counts, self.reading)
            self.pile, self.pile_seen, self.pile_gone = [], {}, [0, 0, 0, 0]  # count it all anew
        values: dict[str, tuple[int, int, int]] = facts[4]
        pile: list[str] = obs["discard"]
        n = len(self.pile)
        if len(pile) < n or pile[:n] != self.pile:  # not the last pile with cards put on top
            self.pile_seen, self.pile_gone, n = {}, [0, 0, 0, 0], 0
        count_seen(pile[n:], values, counts, self.pile_seen, self.pile_gone)
        self.pile = list(pile)
        cards: list[str] = list(obs["hand"])  # the hand and the trains, counted on from the pile
        for t in obs["station"]:
            cards.extend(t["cards"])
        seen = dict(self.pile_seen)
        gone = list(self.pile_gone)
        count_seen(cards, values, counts, seen, gone)
        total: int = facts[2] - gone[0]
        sums: tuple[int, int, int] = facts[3]
        if not total:
            return {KINDS[0]: 0.0, KINDS[1]: 0.0, KINDS[2]: 0.0}
        return {KINDS[0]: (sums[0] - gone[1]) / total, KINDS[1]: (sums[1] - gone[2]) / total,
                KINDS[2]: (sums[2] - gone[3]) / total}

    def choose(self, obs: dict[str, Any], legal: Sequence[Action], rand: Callable[[], float]) -> Action:
        """The legal action of the best estimate (``rand`` breaks ties: one draw per action, in order).

        The estimate is :meth:`delta`'s; the common actions are reckoned here with each train's
        sums made once (:class:`Stake`), in the same steps, so the numbers are the same."""
        self.read(obs)
        reading = self.reading
        mean_chip = self.mean_chip
        opponents = self.opponents
        me = self.seat
        trains: dict[int, dict[str, Any]] = {}
        base: dict[int, float] = {}
        stakes: dict[int, Stake] = {}
        for t in obs["station"]:
            tid: int = t["id"]
            p = Stake(t, mean_chip, opponents, self.mu)
            trains[tid] = t
            base[tid] = p.base
            stakes[tid] = p
        assert self.deck is not None  # read() made it
        values: dict[str, tuple[int, int, int]] = self.deck[4]
        best = legal[0]
        best_score = float("-inf")
        place_chip: object = PlaceChip  # looked up once, not once per action
        play_carriage: object = PlayCarriage
        play_repair: object = PlayRepair
        play_transfer: object = PlayTransfer
        play_brake_van: object = PlayBrakeVan
        play_standing_room: object = PlayStandingRoom
        # the action's fields are read into typed names once: the compiled module then reckons
        # with machine numbers
        score: float
        for a in legal:
            ta = type(a)
            if ta is place_chip:
                tid = a.train  # type: ignore[attr-defined]
                chip: int = a.value  # type: ignore[attr-defined]
                p = stakes[tid]
                score = (p.mine + chip - p.share) * p.final - p.base
            elif ta is play_carriage or (ta is play_repair and a.take is not None):  # type: ignore[attr-defined]
                tid = a.train  # type: ignore[attr-defined]
                key: str = a.card if ta is play_carriage else a.take  # type: ignore[attr-defined]
                p = stakes[tid]
                vals = values.get(key)
                v: int = p.value + (vals[p.column] if vals is not None and p.column >= 0 else value(key, p.kind, reading))
                slots = p.slots + 1
                final: float = v if slots >= p.number else v + max(p.number - slots, 0) * p.mu
                score = (p.mine - p.share) * final - p.base
            elif ta is play_transfer:  # SM-TRANSFER: see delta
                source: int = a.source  # type: ignore[attr-defined]
                target: int = a.target  # type: ignore[attr-defined]
                owners: tuple[int, ...] = a.owners  # type: ignore[attr-defined]
                ps, pt = stakes[source], stakes[target]
                n_mine = 0
                for o in owners:
                    if o == me:
                        n_mine += 1
                my_moved = ps.mine * n_mine / ps.my_count if ps.my_count else 0.0
                opp_moved = (len(owners) - n_mine) * mean_chip
                us = ((ps.mine - my_moved) - (ps.others - opp_moved) / opponents) * ps.final
                ut = ((pt.mine + my_moved) - (pt.others + opp_moved) / opponents) * pt.final
                score = us + ut - ps.base - pt.base
            elif ta is play_brake_van:
                tid = a.train  # type: ignore[attr-defined]
                p = stakes[tid]
                score = (p.mine - p.share) * p.value - p.base
            elif ta is play_standing_room and a.chip is not None:  # type: ignore[attr-defined]
                tid = a.train  # type: ignore[attr-defined]
                extra: int = a.chip  # type: ignore[attr-defined]
                p = stakes[tid]
                score = ((p.mine + extra) - p.share) * p.final - p.base - 0.01
            else:
                score = self.delta(a, trains, base)
            tie: float = rand()
            score = score + tie * 1e-6
            if score > best_score:
                best, best_score = a, score
        return best

    # ------------------------------------------------------------ estimates
    def utility(self, t: dict[str, Any], value: float | None = None, slots: int | None = None,
                mine: float | None = None, others: float | None = None, departs: bool = False) -> float:
        """(my stake - average opponent stake) x expected final value of a train."""
        v: float = t["value"] if value is None else value
        n_slots: int = t["slots_used"] if slots is None else slots
        my: float = sum(t["my_chips"]) if mine is None else mine
        opp: float = (t["chips_on"] - len(t["my_chips"])) * self.mean_chip if others is None else others
        final = v if departs else v + max(t["number"] - n_slots, 0) * self.mu[t["kind"]]
        return (my - opp / self.opponents) * final

    def after_card(self, t: dict[str, Any], value: float, slots_added: int) -> float:
        slots: int = t["slots_used"] + slots_added
        return self.utility(t, value=value, slots=slots, departs=slots >= t["number"])

    def eff(self, key: str, kind: str) -> int:
        return value(key, kind, self.reading)

    def delta(self, a: Action, trains: dict[int, dict[str, Any]], base: dict[int, float]) -> float:
        """The estimated change of (my - the average opponent's) expected points by ``a`` (one of the
        engine's action classes)."""
        if type(a) is PlaceChip:
            t = trains[a.train]
            return self.utility(t, mine=sum(t["my_chips"]) + a.value) - base[a.train]
        if type(a) is PlayStandingRoom:
            if a.chip is None:
                return -0.01
            t = trains[a.train]
            return self.utility(t, mine=sum(t["my_chips"]) + a.chip) - base[a.train] - 0.01
        if type(a) is PlayCarriage or (type(a) is PlayRepair and a.take is not None):
            key: str = a.card if type(a) is PlayCarriage else a.take  # type: ignore[assignment, union-attr]
            tid: int = a.train  # type: ignore[assignment]
            t = trains[tid]
            return self.after_card(t, t["value"] + self.eff(key, t["kind"]), 1) - base[tid]
        if type(a) is PlayBrakeVan:
            t = trains[a.train]
            return self.utility(t, departs=True) - base[a.train]
        if type(a) is PlayRoyal:
            t = trains[a.train]
            extra, done = 0, 0
            cards: list[str] = t["cards"]
            mults: list[int] = t["multipliers"]
            for i in range(len(cards) - 1, -1, -1):
                if carriage(cards[i]) is not None:
                    extra += self.eff(cards[i], t["kind"]) * mults[i]
                    done += 1
                    if done == self.royal_doubles:
                        break
            return self.after_card(t, t["value"] + extra, 1 if self.royal_slot else 0) - base[a.train]
        if type(a) is PlayUncouple:
            t = trains[a.train]
            removed = [self.eff(k, t["kind"]) * m for k, m in zip(t["cards"], t["multipliers"])
                       if carriage(k) is not None][-a.count:]
            v = t["value"] - sum(removed)
            return self.utility(t, value=v, slots=t["slots_used"] - a.count) - base[a.train]
        if type(a) is PlayReassign:
            s, t = trains[a.source], trains[a.target]
            key, mult = [(k, m) for k, m in zip(s["cards"], s["multipliers"]) if carriage(k) is not None][-1]
            us = self.utility(s, value=s["value"] - self.eff(key, s["kind"]) * mult, slots=s["slots_used"] - 1)
            ut = self.after_card(t, t["value"] + self.eff(key, t["kind"]), 1)
            return us + ut - base[a.source] - base[a.target]
        if type(a) is PlayTransfer:
            # SM-TRANSFER: the bot chose whose chips move; which of an owner's chips is blind, so
            # its own move at their mean value on the source, the others' at the mean chip value
            s, t = trains[a.source], trains[a.target]
            me = self.seat
            n_mine = sum([1 for o in a.owners if o == me])
            mine_s: list[int] = s["my_chips"]
            my_moved = sum(mine_s) * n_mine / len(mine_s) if mine_s else 0.0
            opp_moved = (len(a.owners) - n_mine) * self.mean_chip
            opp_s = (s["chips_on"] - len(mine_s)) * self.mean_chip
            us = self.utility(s, mine=sum(mine_s) - my_moved, others=opp_s - opp_moved)
            ut = self.utility(t, mine=sum(t["my_chips"]) + my_moved,
                              others=(t["chips_on"] - len(t["my_chips"])) * self.mean_chip + opp_moved)
            return us + ut - base[a.source] - base[a.target]
        return 0.0  # repair taking nothing, rush hour, pass

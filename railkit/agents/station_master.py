"""Station Master bots. They see only ``game.observe(seat)`` and the legal actions.

* ``random`` -- a uniformly random legal action.
* ``greedy`` -- one-step expected value: for each legal action it estimates the change of
  (my expected points - the average opponent's expected points) over the trains in the station,
  counting the carriages it has not seen (its hand, the trains and the public discard pile are
  seen) and assuming hidden opponent chips have the average chip value.

>>> from railkit.core.game import play
>>> from railkit.games.station_master import StationMasterGame
>>> g = play(StationMasterGame(players=3, seed=2), [GreedyAgent(0), RandomAgent(1), RandomAgent(2)])
>>> g.is_over
True
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from railkit.core.game import Action, Agent
from railkit.games.station_master.actions import (
    PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayStandingRoom, PlayTransfer,
    PlayUncouple,
)
from railkit.games.station_master.cards import carriage_from_key
from railkit.games.station_master.scoring import carriage_value

#: card name -> its carriage (or None), and (name, locomotive kind, reading) -> its value:
#: pure functions of a few dozen card names, looked up hundreds of times a decision
_CARRIAGES: dict = {}
_VALUES: dict = {}


def _carriage(key: str):
    """:func:`~railkit.games.station_master.cards.carriage_from_key`, remembered.

    >>> _carriage("+3").value, _carriage("royal") is None
    (3, True)
    """
    try:
        return _CARRIAGES[key]
    except KeyError:
        if len(_CARRIAGES) > 4096:
            _CARRIAGES.clear()
        ci = _CARRIAGES[key] = carriage_from_key(key)
        return ci


def _value(key: str, kind: str, reading: str) -> int:
    """What card ``key`` adds on a ``kind`` train (0 for a card that is not a carriage)."""
    k = (key, kind, reading)
    try:
        return _VALUES[k]
    except KeyError:
        if len(_VALUES) > 4096:
            _VALUES.clear()
        ci = _carriage(key)
        v = _VALUES[k] = carriage_value(ci, kind, reading) if ci else 0
        return v


_KINDS = ("standard", "executive", "freight")


def _deck_facts(counts: dict[str, int], reading: str) -> tuple:
    """The carriages of a card list (``counts``: copies per card name) for counting unseen cards:
    ``(counts, reading, carriages in all, their values summed per locomotive kind, per carriage
    name its value on each kind)``; whole numbers, so sums in any order are exact."""
    values = {k: tuple(_value(k, kind, reading) for kind in _KINDS) for k in counts if _carriage(k)}
    total = sum(counts[k] for k in values)
    sums = tuple(sum(values[k][i] * counts[k] for k in values) for i in range(3))
    return dict(counts), reading, total, sums, values


class RandomAgent(Agent):
    """A uniformly random legal action (seeded)."""

    name = "random"
    needs_observation = False  # it never reads the observation: the play loop skips building it

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class GreedyAgent(Agent):
    """One-step expected-value bot working from its observation only."""

    name = "greedy"
    #: the card-list facts of the last observation (see _deck_facts)
    _deck: tuple | None = None

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = observation
        rules = obs["rules"]
        self.reading = rules["executive_reading"]
        chips = rules["chip_values"]
        self.mean_chip = mean_chip = sum(chips) / len(chips)
        self.opponents = opponents = max(obs["players"] - 1, 1)
        self.royal_slot = rules["royal_takes_slot"]
        self.royal_doubles = rules["royal_doubles"]
        self.seat = obs["seat"]
        self.mu = mu = self._unseen_means(obs)
        trains = {t["id"]: t for t in obs["station"]}
        # a chip placed on a train: (mine + value - others / opponents) x final value, as
        # _utility reckons it, with the sums per train made once
        base = {}
        chip_parts = {}
        for tid, t in trains.items():
            my = t["my_chips"]
            mine = sum(my)
            share = (t["chips_on"] - len(my)) * mean_chip / opponents
            final = t["value"] + max(t["number"] - t["slots_used"], 0) * mu[t["kind"]]
            base[tid] = b = (mine - share) * final
            chip_parts[tid] = (mine, share, final, b)
        best, best_score = legal[0], float("-inf")
        rand = self.rng.random
        delta = self._delta
        reading = self.reading
        for a in legal:
            ta = type(a)
            if ta is PlaceChip:
                mine, share, final, b = chip_parts[a.train]
                score = ((mine + a.value - share) * final - b) + rand() * 1e-6
            elif ta is PlayCarriage:  # _delta's reckoning, with the train's sums made once
                mine, share, _, b = chip_parts[a.train]
                t = trains[a.train]
                kind = t["kind"]
                value = t["value"] + _value(a.card, kind, reading)
                slots = t["slots_used"] + 1
                number = t["number"]
                final = value if slots >= number else value + max(number - slots, 0) * mu[kind]
                score = ((mine - share) * final - b) + rand() * 1e-6
            else:
                score = delta(a, trains, base) + rand() * 1e-6
            if score > best_score:
                best, best_score = a, score
        return best

    # ------------------------------------------------------------ estimates
    def _unseen_means(self, obs: dict) -> dict[str, float]:
        """Mean value of a not-yet-seen carriage on each locomotive kind (card counting)."""
        counts = obs["card_counts"]
        facts = self._deck
        if facts is None or facts[0] != counts or facts[1] != self.reading:
            facts = self._deck = _deck_facts(counts, self.reading)
        _, _, total, sums, values = facts
        sums = list(sums)
        seen = Counter(obs["discard"])
        seen.update(obs["hand"])
        for t in obs["station"]:
            seen.update(t["cards"])
        for k, c in seen.items():
            have = counts.get(k)
            if have is not None:
                vals = values.get(k)
                if vals is not None:  # a carriage: fewer of them unseen (never below none)
                    gone = c if c < have else have
                    total -= gone
                    for i in range(3):
                        sums[i] -= vals[i] * gone
        return {kind: s / total if total else 0.0 for kind, s in zip(_KINDS, sums)}

    def _eff(self, key: str, kind: str) -> int:
        return _value(key, kind, self.reading)

    def _utility(self, t: dict, value: float | None = None, slots: int | None = None, mine: float | None = None,
                 others: float | None = None, departs: bool = False) -> float:
        """(my stake - average opponent stake) x expected final value of a train."""
        value = t["value"] if value is None else value
        slots = t["slots_used"] if slots is None else slots
        mine = sum(t["my_chips"]) if mine is None else mine
        if others is None:
            others = (t["chips_on"] - len(t["my_chips"])) * self.mean_chip
        final = value if departs else value + max(t["number"] - slots, 0) * self.mu[t["kind"]]
        return (mine - others / self.opponents) * final

    def _after_card(self, t: dict, value: float, slots_added: int) -> float:
        slots = t["slots_used"] + slots_added
        return self._utility(t, value=value, slots=slots, departs=slots >= t["number"])

    def _delta(self, a: Action, trains: dict, base: dict) -> float:
        if isinstance(a, PlaceChip):
            t = trains[a.train]
            return self._utility(t, mine=sum(t["my_chips"]) + a.value) - base[a.train]
        if isinstance(a, PlayStandingRoom):
            if a.chip is None:
                return -0.01
            t = trains[a.train]
            return self._utility(t, mine=sum(t["my_chips"]) + a.chip) - base[a.train] - 0.01
        if isinstance(a, PlayCarriage) or (isinstance(a, PlayRepair) and a.take is not None):
            key = a.card if isinstance(a, PlayCarriage) else a.take
            t = trains[a.train]
            return self._after_card(t, t["value"] + self._eff(key, t["kind"]), 1) - base[a.train]
        if isinstance(a, PlayBrakeVan):
            t = trains[a.train]
            return self._utility(t, departs=True) - base[a.train]
        if isinstance(a, PlayRoyal):
            t = trains[a.train]
            extra, done = 0, 0
            for key, mult in zip(reversed(t["cards"]), reversed(t["multipliers"])):
                if _carriage(key):
                    extra += self._eff(key, t["kind"]) * mult
                    done += 1
                    if done == self.royal_doubles:
                        break
            return self._after_card(t, t["value"] + extra, 1 if self.royal_slot else 0) - base[a.train]
        if isinstance(a, PlayUncouple):
            t = trains[a.train]
            removed = [self._eff(k, t["kind"]) * m for k, m in zip(t["cards"], t["multipliers"]) if _carriage(k)][-a.count:]
            v = t["value"] - sum(removed)
            return self._utility(t, value=v, slots=t["slots_used"] - a.count) - base[a.train]
        if isinstance(a, PlayReassign):
            s, t = trains[a.source], trains[a.target]
            key, mult = [(k, m) for k, m in zip(s["cards"], s["multipliers"]) if _carriage(k)][-1]
            us = self._utility(s, value=s["value"] - self._eff(key, s["kind"]) * mult, slots=s["slots_used"] - 1)
            ut = self._after_card(t, t["value"] + self._eff(key, t["kind"]), 1)
            return us + ut - base[a.source] - base[a.target]
        if isinstance(a, PlayTransfer):
            # SM-TRANSFER: the bot chose whose chips move; which of an owner's chips is blind, so
            # its own move at their mean value on the source, the others' at the mean chip value
            s, t = trains[a.source], trains[a.target]
            me = self.seat
            n_mine = sum(1 for o in a.owners if o == me)
            mine_s = s["my_chips"]
            my_moved = sum(mine_s) * n_mine / len(mine_s) if mine_s else 0.0
            opp_moved = (len(a.owners) - n_mine) * self.mean_chip
            opp_s = (s["chips_on"] - len(mine_s)) * self.mean_chip
            us = self._utility(s, mine=sum(mine_s) - my_moved, others=opp_s - opp_moved)
            ut = self._utility(t, mine=sum(t["my_chips"]) + my_moved,
                               others=(t["chips_on"] - len(t["my_chips"])) * self.mean_chip + opp_moved)
            return us + ut - base[a.source] - base[a.target]
        return 0.0  # repair taking nothing, rush hour, pass


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}

from railkit.agents.levels import register as _register_levels  # levels and hard bots, after AGENTS

_register_levels("station-master", AGENTS)

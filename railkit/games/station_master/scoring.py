"""Train values and departure scoring (pure functions, shared by the game and the bots).

A train's value is the sum of its carriages after the locomotive's modifier
(Freight flips signs except luxury carriages; Executive per the rules'
``executive_reading``) and Royal Carriage doubling. Each player then scores
(sum of her chips on the train) x (train value), negatives included.

>>> from railkit.games.station_master.cards import load_cards
>>> info = load_cards().info
>>> carriage_value(info["-2"], "freight"), carriage_value(info["lux+4"], "freight")
(2, 4)
>>> train_value([("+3", 1), ("-1", 2), ("royal", 1)], "standard", info)
1
>>> departure_points([1, 2, 2, 3], [0, 1, 0, 2], 3, players=3)
[9, 6, 9]
"""

# railkit: compiled with mypyc
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from railkit.games.station_master.cards import CardInfo


def carriage_value(card: CardInfo, loco_kind: str, executive_reading: str = "luxury-positive") -> int:
    """The value one carriage adds to a train pulled by a ``loco_kind`` locomotive."""
    v = card.value
    if loco_kind == "freight":
        if not card.luxury:  # SM-FREIGHT: every value flips sign, except luxury carriages
            v = -v
    elif loco_kind == "executive":  # SM-EXECUTIVE: per the rules' reading of the garbled seed
        if executive_reading == "all-positive" or (executive_reading == "luxury-positive" and card.luxury):
            v = abs(v)
    return v


def train_value(cards: Iterable[Sequence], loco_kind: str, info: Mapping[str, CardInfo],
                executive_reading: str = "luxury-positive") -> int:
    """Sum of ``(card, multiplier)`` pairs: carriages count, other cards (Royal) add nothing."""
    total = 0
    for key, mult in cards:
        ci = info[key]
        if ci.kind == "carriage":
            total += carriage_value(ci, loco_kind, executive_reading) * mult
    return total


def departure_points(chip_values: Sequence[int], chip_seats: Sequence[int], value: int, players: int) -> list[int]:
    """SM-SCORE: points per seat = (sum of her chip values on the train) x (train value)."""
    sums = [0] * players
    for v, s in zip(chip_values, chip_seats):
        sums[s] += v
    return [s * value for s in sums]

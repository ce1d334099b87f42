"""Observation vectors: named segments of one flat ``float32`` array with bounds.

Each game's encoder declares its segments once (name, length, lowest and highest value)
in a :class:`Layout`; :meth:`Layout.describe` lists them, so the meaning of every entry
of an observation vector can be looked up. Seat-dependent segments are in *relative seat
order*: entry 0 is the observing seat, entry 1 the next seat in turn order, and so on.

>>> lay = Layout()
>>> hand = lay.add("hand", 9, high=110)
>>> turn = lay.add("my_turn", 1, high=1)
>>> lay.size, hand, lay.describe()[1]
(10, slice(0, 9, None), {'segment': 'my_turn', 'first': 9, 'length': 1, 'low': 0.0, 'high': 1.0})
"""

from __future__ import annotations

import numpy as np


class Layout:
    """The segments of an observation vector, in order."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, int, int, float, float]] = []
        self.size = 0

    def add(self, name: str, length: int, high: float, low: float = 0.0) -> slice:
        """Append a segment of ``length`` entries between ``low`` and ``high``; its slice."""
        if length <= 0:
            raise ValueError(f"segment {name!r} must have at least one entry")
        if any(s[0] == name for s in self.segments):
            raise ValueError(f"segment {name!r} declared twice")
        start = self.size
        self.segments.append((name, start, length, float(low), float(high)))
        self.size += length
        return slice(start, start + length)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every entry."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for _, start, length, lo, hi in self.segments:
            low[start:start + length] = lo
            high[start:start + length] = hi
        return low, high

    def describe(self) -> list[dict]:
        """One row per segment: ``segment``, ``first``, ``length``, ``low``, ``high``."""
        return [{"segment": n, "first": s, "length": ln, "low": lo, "high": hi}
                for n, s, ln, lo, hi in self.segments]

    def slice(self, name: str) -> slice:
        """The slice of segment ``name``."""
        for n, s, ln, _, _ in self.segments:
            if n == name:
                return slice(s, s + ln)
        raise KeyError(name)


def clip(value: float, high: float) -> float:
    """``value`` capped at ``high`` (counts that could in principle exceed a bound)."""
    return value if value < high else high

"""Seeded draws for the engines and bots: the numbers :class:`random.Random` itself gives.

``below(rng, n)`` is ``rng.randrange(n)`` and ``choice(rng, seq)`` is ``rng.choice(seq)``:
the same numbers from the same generator state, and the generator left in the same state
(CPython's own method: draw the fewest bits that can hold ``n - 1``, again until the number
is below ``n``). ``random``'s methods are pure Python, two calls deep; these are compiled
with mypyc where a C compiler is available (:mod:`railkit.core.compiled`), and a random
Steam Rollers game draws about 700 times.

They take a :class:`random.Random` (or a subclass that keeps its ``getrandbits``), as every
railkit game and bot holds.

>>> import random
>>> a, b = random.Random(7), random.Random(7)
>>> [below(a, 6) for _ in range(8)] == [b.randrange(6) for _ in range(8)]
True
>>> choice(a, "abc") == b.choice("abc")
True
"""

# railkit: compiled with mypyc
from __future__ import annotations

from random import Random
from typing import Protocol, TypeVar

T = TypeVar("T", covariant=True)


class Indexable(Protocol[T]):
    """What :func:`choice` draws from: a length and items by index (a list, a tuple, a string,
    Steam Rollers' ``LegalActions``)."""

    def __len__(self) -> int: ...

    def __getitem__(self, i: int) -> T: ...


def below(rng: Random, n: int) -> int:
    """A whole number from 0 to ``n - 1``: ``rng.randrange(n)``, the same draw."""
    if n <= 0:
        raise ValueError(f"below: no whole number from 0 to {n - 1} (n must be 1 or more)")
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: Random, seq: Indexable[T]) -> T:
    """One item of ``seq``: ``rng.choice(seq)``, the same draw."""
    n = len(seq)
    if n == 0:
        raise IndexError("choice: nothing to choose from (an empty sequence)")
    return seq[below(rng, n)]

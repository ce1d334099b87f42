"""Axial hex helpers (Red Blob Games conventions, pointy-top hexes).

A hex is a tuple ``(q, r)`` of axial coordinates (the cube coordinate
``s = -q - r`` is implied). Each hex has six *edges*, numbered
counter-clockwise from east:

====  =========  ==========
edge  direction  (dq, dr)
====  =========  ==========
0     E          (+1, 0)
1     NE         (+1, -1)
2     NW         (0, -1)
3     W          (-1, 0)
4     SW         (-1, +1)
5     SE         (0, +1)
====  =========  ==========

Edge ``e`` of a hex is edge ``opposite(e) = (e + 3) % 6`` of its neighbour.

Examples
--------
>>> neighbor((0, 0), 1)
(1, -1)
>>> edge_between((0, 0), (0, 1))
5
>>> distance((0, 0), (2, -3))
3
>>> len(hexagon(4))
61
>>> track_kind(0, 3), track_kind(1, 3), track_kind(4, 5)
('straight', 'gentle', 'sharp')
"""

from __future__ import annotations

import math
from typing import Iterator

Hex = tuple[int, int]

#: Axial direction of each edge 0..5 (E, NE, NW, W, SW, SE).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
EDGE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
#: Track kinds by how many edges apart the two ends are (1 or 5: sharp, 2 or 4: gentle, 3: straight).
TRACK_KINDS = ("straight", "gentle", "sharp")
#: The track kind of each gap ``(b - a) % 6`` between a track's two edges (0: no track).
KIND_OF_GAP = (None, "sharp", "gentle", "straight", "gentle", "sharp")


def opposite(edge: int) -> int:
    """The same edge seen from the neighbour across it.

    >>> opposite(0), opposite(4)
    (3, 1)
    """
    return (edge + 3) % 6


def neighbor(h: Hex, edge: int) -> Hex:
    """The hex across ``edge`` of ``h``."""
    dq, dr = DIRECTIONS[edge]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    """The six neighbours of ``h`` in edge order."""
    return [neighbor(h, e) for e in range(6)]


def edge_between(a: Hex, b: Hex) -> int | None:
    """The edge of ``a`` shared with ``b``, or ``None`` if they are not neighbours."""
    d = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center`` (Red Blob's ring walk).

    >>> len(ring((0, 0), 2))
    12
    """
    if radius == 0:
        return [center]
    out = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for e in (0, 1, 2, 3, 4, 5):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, e)
    return out


def hexagon(radius: int, center: Hex = (0, 0)) -> list[Hex]:
    """All hexes within ``radius`` steps of ``center``, sorted by (r, q)."""
    out = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            out.append((center[0] + q, center[1] + r))
    return sorted(out, key=lambda h: (h[1], h[0]))


def track_kind(a: int, b: int) -> str:
    """The kind of a track joining edges ``a`` and ``b`` of one hex."""
    kind = KIND_OF_GAP[(b - a) % 6]
    if kind is None:
        raise ValueError(f"a track joins two different edges, got {a} and {b}")
    return kind


def placements() -> list[tuple[int, int]]:
    """The 15 track placements of one hex as edge pairs ``(a, b)`` with ``a < b``.

    >>> from collections import Counter
    >>> sorted(Counter(track_kind(a, b) for a, b in placements()).items())
    [('gentle', 6), ('sharp', 6), ('straight', 3)]
    """
    return [(a, b) for a in range(6) for b in range(a + 1, 6)]


def to_pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hex in the plane (y grows downwards, as on screen)."""
    q, r = h
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


def from_pixel(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex containing the point ``(x, y)`` (inverse of :func:`to_pixel`).

    >>> from_pixel(*to_pixel((3, -2)))
    (3, -2)
    """
    qf = (math.sqrt(3) / 3 * x - y / 3) / size
    rf = (2 / 3 * y) / size
    return cube_round(qf, rf)


def cube_round(qf: float, rf: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (for drawing)."""
    cx, cy = to_pixel(h, size)
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def parse_hex(text: str) -> Hex:
    """Read ``"q,r"`` (spaces allowed) into a hex.

    >>> parse_hex("0,-2")
    (0, -2)
    """
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"a hex is written q,r (two whole numbers), got {text!r}")
    return (int(parts[0]), int(parts[1]))


def format_hex(h: Hex) -> str:
    """The text form ``"q,r"`` of a hex."""
    return f"{h[0]},{h[1]}"


def iter_edges(hexes) -> Iterator[tuple[Hex, int, Hex]]:
    """Each shared border of a set of hexes once, as ``(a, edge, b)``."""
    hs = set(hexes)
    for h in sorted(hs):
        for e in (0, 1, 5):
            n = neighbor(h, e)
            if n in hs:
                yield h, e, n

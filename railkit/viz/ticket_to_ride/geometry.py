"""Where everything on the Ticket to Ride board goes, in map and screen units (no UI here):
the cars of every route (the tracks of a double route side by side), the plot ranges that fit
every car, dot and name at one scale, and the city names placed off the tracks.

:class:`~railkit.viz.ticket_to_ride.board.Board` draws what these functions work out.
"""

from __future__ import annotations

import functools
import math
import random
import unicodedata
from typing import Mapping

from railkit.maps import Map


def route_geometry(m: Map, *, spacing: float | None = None, margin: float | None = None,
                   gap: float = 0.12) -> dict[str, dict]:
    """Screen geometry of every route of ``m``: the track's centre line and its cars.

    Returns ``{route_id: {"xs": [x0, x1], "ys": [y0, y1], "cars": [(x0, y0, x1, y1), ...]}}``.
    The tracks of a double route are offset perpendicular to the line between
    the two cities, so they lie side by side and can be clicked separately.

    Examples
    --------
    >>> from railkit.maps import load
    >>> g = route_geometry(load("teaching-small"))
    >>> len(g["Mill-Fort"]["cars"]), len(g["Fort-Summit"]["cars"])
    (2, 3)
    >>> g["Harbor-Mill/1"]["xs"] != g["Harbor-Mill/2"]["xs"]
    True
    """
    xs = [c.x for c in m.cities.values()]
    ys = [c.y for c in m.cities.values()]
    diag = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    spacing = diag * 0.011 if spacing is None else spacing
    margin = diag * 0.013 if margin is None else margin
    out: dict[str, dict] = {}
    for pair, tracks in m.routes_by_pair.items():
        (ax, ay), (bx, by) = m.position(pair[0]), m.position(pair[1])
        dx, dy = bx - ax, by - ay
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        nx_, ny_ = -uy, ux
        k = len(tracks)
        for i, r in enumerate(sorted(tracks, key=lambda r: r.id)):
            off = (i - (k - 1) / 2) * spacing
            sx, sy = ax + ux * margin + nx_ * off, ay + uy * margin + ny_ * off
            ex, ey = bx - ux * margin + nx_ * off, by - uy * margin + ny_ * off
            usable = max(dist - 2 * margin, dist * 0.2)
            step = usable / r.length
            cars = []
            for j in range(r.length):
                c0 = step * (j + gap / 2)
                c1 = step * (j + 1 - gap / 2)
                cars.append((sx + ux * c0, sy + uy * c0, sx + ux * c1, sy + uy * c1))
            out[r.id] = {"xs": [sx, ex], "ys": [sy, ey], "cars": cars}
    return out


# ---------------------------------------------------------------- sizes (screen pixels)
#: Thickness of a train car, and the distance between the two tracks of a double route.
CAR_PX = 10.0
TRACK_GAP_PX = 12.0
#: Diameter of a city dot, and how far from its centre a track starts.
CITY_PX = 12.0
MARGIN_PX = 9.0
#: City labels: font (bold), its size in pixels, line height, distances from the dot tried first.
LABEL_PX = 11.0
LABEL_H_PX = 13.0
LABEL_GAP_PX = (8.0, 12.0, 17.0, 24.0)
#: How far (pixels, each way) from its dot a name may go when no spot next to it is free;
#: such a name gets a thin leader line to its dot.
GRID_PX = 84
GRID_STEP_PX = 4
LEADER_PX = 26.0
#: How many other orders the names are placed in (the best placement is kept).
RESTARTS = 0
#: The figure's border around the plot area, and the height of the title/toolbar row above it.
BORDER_PX = 4
TOP_PX = 26
#: Empty space kept between the content and the plot area's edge.
EDGE_PX = 6.0


def frame_size(width: int, height: int) -> tuple[float, float]:
    """The plot area (pixels) of a board figure of ``width`` x ``height``.

    >>> frame_size(900, 560)
    (892, 526)
    """
    return width - 2 * BORDER_PX, height - 2 * BORDER_PX - TOP_PX


def _clip_len(x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]) -> float:
    """Length of the part of segment (x0, y0)-(x1, y1) inside ``box`` (Liang-Barsky)."""
    bx0, by0, bx1, by1 = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q < 0:
                return 0.0
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return 0.0
    return (t1 - t0) * math.hypot(dx, dy)


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def zoom(width: int, height: int) -> float:
    """How much smaller than full size (900 x 560) a board draws its cars, dots and names:
    1 at full size and above, down to 0.8 for a small board.

    >>> zoom(900, 560), zoom(700, 440)
    (1.0, 0.8)
    """
    return round(min(1.0, max(0.8, width / 900, height / 560)), 3) if width < 900 or height < 560 else 1.0


@functools.lru_cache(maxsize=8)
def _candidates(k: float = 1.0):
    """(dx, dy, align, baseline, distance) anchor offsets in pixels (y up) around a city, best first."""
    out = []
    for d in [g * k for g in LABEL_GAP_PX]:
        for step in (0, 8, 4, 12, 2, 6, 10, 14, 1, 7, 9, 15, 3, 5, 11, 13):
            a = math.pi * step / 8
            c, s = math.cos(a), math.sin(a)
            align = "left" if c > 0.38 else ("right" if c < -0.38 else "center")
            base = "bottom" if s > 0.38 else ("top" if s < -0.38 else "middle")
            out.append((d * c, d * s, align, base, d))
    return out




#: Advance widths (1/1000 em) of bold sans-serif (Helvetica/Arial/Liberation Sans Bold) characters.
_BOLD_WIDTHS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .-'",
    [556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611,
     556, 778, 556, 556, 500, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667,
     778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 333, 238]))


def _char_width(ch: str) -> int:
    """Advance width (1/1000 em) of ``ch``: a wide (CJK) character is a full em."""
    width = _BOLD_WIDTHS.get(ch)
    if width is not None:
        return width
    return 1000 if unicodedata.east_asian_width(ch) in ("W", "F") else 667


def text_width(text: str, px: float = LABEL_PX) -> float:
    """Width in pixels of ``text`` in bold sans-serif at ``px`` pixels (with 5 % to spare);
    Chinese and Japanese characters are a full em each (a user's own map may name its cities so).

    >>> round(text_width("San Francisco")), round(text_width("札幌"))
    (79, 23)
    """
    return 1.05 * px * sum(map(_char_width, text)) / 1000


def label_box(x: float, y: float, dx: float, dy: float, align: str, base: str,
              text: str, k: float = 1.0) -> tuple[float, float, float, float]:
    """Pixel box (x0, y0, x1, y1; y up) of ``text`` anchored at ``(x + dx, y + dy)``.

    >>> [round(v) for v in label_box(0, 0, 9, 0, "left", "middle", "Mill")]
    [9, -6, 30, 6]
    """
    lines = text.split("\n")
    w = max(text_width(t, LABEL_PX * k) for t in lines) + 2.0  # the label's background padding
    h = LABEL_H_PX * k + (len(lines) - 1) * LABEL_PX * k * 1.2
    ax, ay = x + dx, y + dy
    x0 = {"left": ax, "right": ax - w, "center": ax - w / 2}[align]
    y0 = {"bottom": ay, "top": ay - h, "middle": ay - h / 2}[base]
    return (float(x0), float(y0), float(x0 + w), float(y0 + h))


def label_texts(name: str) -> list[str]:
    """The ways to write a city's name: on one line, and for a name of several words
    also on two lines, split at the space nearest its middle.

    >>> label_texts("Salt Lake City"), label_texts("Mill")
    (['Salt Lake City', 'Salt Lake\\nCity'], ['Mill'])
    """
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return [name]
    k = min(spaces, key=lambda i: abs(text_width(name[:i]) - text_width(name[i + 1:])))
    return [name, name[:k] + "\n" + name[k + 1:]]


_SHORT_WORDS = {"Saint": "St.", "Sainte": "Ste.", "Fort": "Ft.", "Mount": "Mt.", "Port": "Pt.", "North": "N.",
                "South": "S.", "East": "E.", "West": "W."}


def short_name(name: str) -> str:
    """The short form of a name of several words, for a crowded spot (hovering over the
    dot shows the full name): its first word abbreviated.

    >>> short_name("Oklahoma City"), short_name("Saint Louis"), short_name("Denver"), short_name("New York")
    ('Okla. City', 'St. Louis', 'Denver', 'New York')
    """
    first, _, rest = name.partition(" ")
    if not rest:
        return name
    if first in _SHORT_WORDS:
        return f"{_SHORT_WORDS[first]} {rest}"
    return f"{first[:4]}. {rest}" if len(first) >= 6 else name


def _clip_lens(tracks, boxes):
    """Length of each track (rows of x0, y0, x1, y1) inside each box (rows of x0, y0, x1, y1):
    a (boxes x tracks) array (Liang-Barsky, vectorised)."""
    x0, y0, x1, y1 = (tracks[:, k][None, :] for k in range(4))
    bx0, by0, bx1, by1 = (boxes[:, k][:, None] for k in range(4))
    dx, dy = x1 - x0, y1 - y0
    import numpy as np  # here, so route_geometry works where NumPy is missing (a page in Pyodide)

    t0 = np.zeros((len(boxes), len(tracks)))
    t1 = np.ones_like(t0)
    ok = np.ones_like(t0, dtype=bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
            p = np.broadcast_to(p, t0.shape)
            q = np.broadcast_to(q, t0.shape)
            zero = p == 0
            ok &= ~(zero & (q < 0))
            t = np.where(zero, 0.0, q / np.where(zero, 1.0, p))
            t0 = np.where(~zero & (p < 0), np.maximum(t0, t), t0)
            t1 = np.where(~zero & (p > 0), np.minimum(t1, t), t1)
    return np.where(ok, np.clip(t1 - t0, 0.0, None), 0.0) * np.hypot(dx, dy)


def place_labels(m: Map, upp: float, geo: Mapping[str, dict], k: float = 1.0) -> dict[str, tuple]:
    """Put each city's name where it covers no track, no city and no other name.

    ``upp`` is the scale (data units per pixel); ``geo`` the :func:`route_geometry`
    drawn at that scale, ``k`` its :func:`zoom`. Returns ``{city: (dx, dy, align, baseline, box, text)}``
    with the anchor offset in pixels (y up), the label's box in data units and
    its text (a name of several words may be split over two lines).
    Cities with the most routes choose first, then every city chooses again
    knowing all the others; a spot on a track costs far more than a spot a
    little away from the dot, so names move off tracks whenever they can.
    """
    import numpy as np  # here, so route_geometry works where NumPy is missing (a page in Pyodide)

    names = list(m.cities)
    pos = np.array([(m.cities[c].x / upp, m.cities[c].y / upp) for c in names])
    half = CAR_PX * k / 2 + 1.0
    cands = _candidates(k)
    tracks = np.array([(g["xs"][0] / upp, g["ys"][0] / upp, g["xs"][1] / upp, g["ys"][1] / upp)
                       for g in geo.values()])
    hull = (*pos.min(axis=0), *pos.max(axis=0))
    degree = {c: 0 for c in names}
    for r in m.routes:
        degree[r.a] += 1
        degree[r.b] += 1
    prefer1 = [0.02 * j + 0.3 * c[4] for j, c in enumerate(cands)]
    clear = CITY_PX * k / 2 + 9  # keep clear of other cities' dots, so a name is read as its own
    options: dict[str, tuple] = {}
    for i, city in enumerate(names):
        cx, cy = pos[i]
        texts = label_texts(city)
        if short_name(city) != city:
            texts.append(short_name(city))
        spots = [(t, c) for t in texts for c in cands]
        prefer = [p + 12.0 * v for v in range(len(texts)) for p in prefer1]
        boxes = np.array([label_box(cx, cy, dx, dy, align, base, t, k) for t, (dx, dy, align, base, _) in spots])
        reach = GRID_PX + 120.0  # only the tracks near this city can meet its name
        near_t = tracks[(np.maximum(tracks[:, 0], tracks[:, 2]) > cx - reach)
                        & (np.minimum(tracks[:, 0], tracks[:, 2]) < cx + reach)
                        & (np.maximum(tracks[:, 1], tracks[:, 3]) > cy - reach)
                        & (np.minimum(tracks[:, 1], tracks[:, 3]) < cy + reach)]
        on_track = _clip_lens(near_t, boxes + np.array([-half, -half, half, half])).sum(axis=1)
        if True:  # spots further away too (with a leader line), for when none round the dot is free
            steps = np.arange(-GRID_PX, GRID_PX + 1, GRID_STEP_PX, dtype=float)
            gx, gy = (v.ravel() for v in np.meshgrid(steps, steps))
            grid, parts = [], []
            for t in texts:
                w, h = (b - a for a, b in zip(label_box(0, 0, 0, 0, "left", "bottom", t, k)[:2],
                                              label_box(0, 0, 0, 0, "left", "bottom", t, k)[2:]))
                grid += [(t, (float(x), float(y), "center", "middle", 0.0)) for x, y in zip(gx, gy)]
                parts.append(np.column_stack([cx + gx - w / 2, cy + gy - h / 2, cx + gx + w / 2, cy + gy + h / 2]))
            gboxes = np.vstack(parts)
            near = np.hypot(np.maximum.reduce([gboxes[:, 0] - cx, np.zeros(len(grid)), cx - gboxes[:, 2]]),
                            np.maximum.reduce([gboxes[:, 1] - cy, np.zeros(len(grid)), cy - gboxes[:, 3]]))
            keep = near >= CITY_PX * k / 2 + 2  # never over its own dot
            grid = [g for g, k in zip(grid, keep) if k]
            gboxes, near = gboxes[keep], near[keep]
            spots += [(t, (dx, dy, a, b, float(d))) for (t, (dx, dy, a, b, _)), d in zip(grid, near)]
            prefer += [3.0 + 0.3 * d + 12.0 * texts.index(t) for (t, _), d in zip(grid, near)]
            boxes = np.vstack([boxes, gboxes])
            on_track = np.concatenate([on_track, _clip_lens(near_t, gboxes + np.array([-half, -half, half, half]))
                                      .sum(axis=1)])
        cost = np.array(prefer) + 40.0 * on_track
        others = np.delete(pos, i, axis=0)
        gx = np.maximum.reduce([boxes[:, 0:1] - others[None, :, 0], np.zeros((len(boxes), len(others))),
                                others[None, :, 0] - boxes[:, 2:3]])
        gy = np.maximum.reduce([boxes[:, 1:2] - others[None, :, 1], np.zeros((len(boxes), len(others))),
                                others[None, :, 1] - boxes[:, 3:4]])
        gap = np.hypot(gx, gy)
        cost += np.where(gap < clear, 400.0 + 60.0 * (clear - gap), 0.0).sum(axis=1)
        own = np.hypot(np.maximum.reduce([boxes[:, 0] - cx, np.zeros(len(boxes)), cx - boxes[:, 2]]),
                       np.maximum.reduce([boxes[:, 1] - cy, np.zeros(len(boxes)), cy - boxes[:, 3]]))
        # nearer another city than its own, and no leader line to say whose name it is
        cost += np.where((gap.min(axis=1) < own + 8.0) & (own <= LEADER_PX), 600.0, 0.0)
        out = (np.maximum(0.0, hull[0] - boxes[:, 0]) + np.maximum(0.0, boxes[:, 2] - hull[2])
               + np.maximum(0.0, hull[1] - boxes[:, 1]) + np.maximum(0.0, boxes[:, 3] - hull[3]))
        options[city] = (boxes, cost + 0.1 * out, spots)
    def overlap(boxes, others) -> np.ndarray:
        if not others:
            return np.zeros(len(boxes))
        pb = np.array(others)
        w = np.minimum(boxes[:, None, 2], pb[None, :, 2]) - np.maximum(boxes[:, None, 0], pb[None, :, 0])
        h = np.minimum(boxes[:, None, 3], pb[None, :, 3]) - np.maximum(boxes[:, None, 1], pb[None, :, 1])
        return 20.0 * (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)

    def solve(order) -> tuple[float, dict[str, int]]:
        chosen: dict[str, int] = {}
        for _ in range(3):  # choose, then choose again knowing every other name
            for city in order:
                boxes, cost, _ = options[city]
                others = [options[o][0][k] for o, k in chosen.items() if o != city]
                chosen[city] = int(np.argmin(cost + overlap(boxes, others)))
        total = sum(float(options[c][1][k]) for c, k in chosen.items())
        total += sum(float(overlap(options[c][0][k:k + 1], [options[o][0][j] for o, j in chosen.items() if o != c])[0])
                     for c, k in chosen.items()) / 2
        return total, chosen

    # a few orders (busiest cities first, and seeded shuffles of it): the cheapest result wins
    first = sorted(names, key=lambda c: (-degree[c], c))
    rng = random.Random(0)
    orders = [first] + [rng.sample(first, len(first)) for _ in range(RESTARTS)]
    chosen = min((solve(o) for o in orders), key=lambda r: r[0])[1]
    placed_out: dict[str, tuple] = {}
    for city in names:
        k = chosen[city]
        text, (dx, dy, align, base, _) = options[city][2][k]
        box = options[city][0][k]
        placed_out[city] = (float(dx), float(dy), align, base, tuple(float(v) * upp for v in box), text)
    return placed_out


_LAYOUTS: dict = {}


def board_layout(m: Map, width: int, height: int) -> dict:
    """Scale, geometry, label spots and plot ranges of a board of ``width`` x ``height`` pixels.

    The scale is the same on both axes (the map keeps its shape) and as large
    as lets everything drawn (cars, city dots, names) fit inside the plot area.

    Returns a dict with ``upp`` (data units per pixel), ``geo``
    (:func:`route_geometry`), ``labels`` (:func:`place_labels`), ``x_range``,
    ``y_range`` and ``bounds`` (the content's box, data units).

    Examples
    --------
    >>> from railkit.maps import load
    >>> lay = board_layout(load("teaching-small"), 900, 560)
    >>> x0, y0, x1, y1 = lay["bounds"]
    >>> lay["x_range"][0] < x0 < x1 < lay["x_range"][1] and lay["y_range"][0] < y0 < y1 < lay["y_range"][1]
    True
    """
    key = (width, height, tuple((c, p.x, p.y) for c, p in m.cities.items()),
           tuple((r.id, r.a, r.b, r.length) for r in m.routes))
    if key not in _LAYOUTS:
        if len(_LAYOUTS) > 16:
            _LAYOUTS.clear()
        _LAYOUTS[key] = _board_layout(m, width, height)
    return _LAYOUTS[key]


def _board_layout(m: Map, width: int, height: int) -> dict:
    fw, fh = frame_size(width, height)
    xs = [c.x for c in m.cities.values()]
    ys = [c.y for c in m.cities.values()]
    dx, dy = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    k = zoom(width, height)
    upp = max(dx / max(fw - 2 * EDGE_PX - 2 * CITY_PX, 40), dy / max(fh - 2 * EDGE_PX - 2 * CITY_PX, 40))
    for _ in range(8):
        geo = route_geometry(m, spacing=TRACK_GAP_PX * k * upp, margin=MARGIN_PX * k * upp)
        labels = place_labels(m, upp, geo, k)
        r = CITY_PX * k / 2 * upp
        bx0, by0 = min(xs) - r, min(ys) - r
        bx1, by1 = max(xs) + r, max(ys) + r
        for _, _, _, _, box, _ in labels.values():
            bx0, by0, bx1, by1 = min(bx0, box[0]), min(by0, box[1]), max(bx1, box[2]), max(by1, box[3])
        need = max((bx1 - bx0) / (fw - 2 * EDGE_PX), (by1 - by0) / (fh - 2 * EDGE_PX))
        if need <= upp * 1.0005:
            break
        upp = need * 1.002
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    return {"upp": upp, "k": k, "geo": geo, "labels": labels, "bounds": (bx0, by0, bx1, by1),
            "x_range": (cx - fw * upp / 2, cx + fw * upp / 2), "y_range": (cy - fh * upp / 2, cy + fh * upp / 2)}

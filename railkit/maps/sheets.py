"""Hex sheets for Steam Rollers: load, check, save and draw as text.

A sheet is a JSON file (``maps/<name>.json``, JSON Schema
``railkit/maps/sheet.schema.json``) on an axial hex grid (see
:mod:`railkit.maps.hexes`): six numbered regions, each with a colour, its hexes,
one city and one town; the cities each colour of good may be delivered to;
mountain borders for the Medium and Hard levels; and the six faces of the
black track die.

:func:`load` checks everything (the sheet checks of the rules reference) and
reports a problem as a :class:`~railkit.core.errors.DataError` naming the file,
the JSON path and what was expected.

>>> s = load("steam-default")
>>> len(s.hexes), s.cities[1], s.towns[1], s.colours[3]
(61, (3, -1), (4, -3), 'grey-dark')
>>> len(s.mountain_borders("hard"))
12
>>> print(s.render_ascii().splitlines()[1])
       3   3   2  [2]  2  (1)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Mapping

from railkit.core.errors import DataError
from railkit.core.jsonio import read_json, write_json_atomic
from railkit.core.validate import at_most, only
from railkit.core.validate import require as _need
from railkit.core.validate import require_format
from railkit.maps import MAPS_DIR, file_key, resolve  # noqa: F401  (MAPS_DIR re-exported for callers)
from railkit.maps import available as available_files
from railkit.maps import hexes as hx
from railkit.maps.hexes import Hex

FORMAT = "railkit-hex-sheet"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("sheet.schema.json")
REGION_NUMBERS = (1, 2, 3, 4, 5, 6)
MOUNTAIN_LEVELS = ("none", "medium", "hard")
#: Fewest hexes a region must offer for drawing (rules reference sheet check).
MIN_DRAWABLE = 6
#: Bounds the engine is built for: hex coordinates, hexes per region, borders, colours, names.
MAX_COORD = 40
MAX_REGION_HEXES = 400
MAX_BORDERS = 2000
MAX_COLOURS = 12
MAX_NAME = 80
#: the fields of a sheet file and of its parts (anything else is refused)
SHEET_FIELDS = ("format", "version", "name", "title", "note", "provenance", "orientation", "regions",
                "goods_destination", "mountains", "black_die_faces")
REGION_FIELDS = ("colour", "hexes", "city", "town")
MOUNTAIN_FIELDS = ("medium", "hard_adds")


@dataclass(frozen=True)
class Region:
    number: int
    colour: str
    hexes: tuple[Hex, ...]
    city: Hex
    town: Hex

    @cached_property
    def drawable(self) -> tuple[Hex, ...]:
        """The hexes a track may be drawn in (all but the city; the town counts); worked out
        once per region (Olivia and the bots ask it at every turn)."""
        return tuple(h for h in self.hexes if h != self.city)


@dataclass
class Sheet:
    """A checked hex sheet. Build with :func:`load` or :meth:`Sheet.from_dict`."""

    name: str
    title: str
    regions: dict[int, Region]
    goods_destination: dict[str, tuple[int, ...]]
    medium: frozenset
    hard_adds: frozenset
    black_die_faces: tuple[tuple[str, str], ...]
    note: str = ""
    provenance: dict = field(default_factory=dict)
    source: str = "<sheet>"
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def summary(self) -> str:
        """One line: hexes, regions, cities, towns and mountain borders.

        >>> load("steam-default").summary()
        'steam-default: 61 hexes in 6 regions, 6 cities, 6 towns, mountain borders: medium 6, hard 12'
        """
        return (f"{self.name}: {len(self.hexes)} hexes in {len(self.regions)} regions, {len(self.cities)} cities, "
                f"{len(self.towns)} towns, mountain borders: medium {len(self.medium)}, "
                f"hard {len(self.medium) + len(self.hard_adds)}")

    def __post_init__(self) -> None:
        self.region_of: dict[Hex, int] = {h: n for n, reg in self.regions.items() for h in reg.hexes}
        self.hexes: frozenset[Hex] = frozenset(self.region_of)
        self.cities: dict[int, Hex] = {n: r.city for n, r in self.regions.items()}
        self.towns: dict[int, Hex] = {n: r.town for n, r in self.regions.items()}
        self.city_at: dict[Hex, int] = {h: n for n, h in self.cities.items()}
        self.town_at: dict[Hex, int] = {h: n for n, h in self.towns.items()}
        self.colours: dict[int, str] = {n: r.colour for n, r in self.regions.items()}

    def __repr__(self) -> str:
        return f"<Sheet {self.name}: {len(self.hexes)} hexes, 6 regions>\n{self.render_ascii()}"

    # ------------------------------------------------------------ facts
    @property
    def good_colours(self) -> list[str]:
        """Colours of the goods in the bag (every destination colour but ``black``)."""
        return [c for c in self.goods_destination if c != "black"]

    def own_colour(self, good: str, city: int) -> bool:
        """Whether ``good`` sits on a city of its own colour (it would go back to the bag)."""
        return good != "black" and city in self.goods_destination.get(good, ())

    def destinations(self, good: str) -> tuple[int, ...]:
        """The cities a good of this colour may be delivered to."""
        return self.goods_destination.get(good, ())

    def mountain_borders(self, level: str) -> frozenset:
        """The blocked borders (frozensets of two hexes) at ``level`` none/medium/hard."""
        if level == "none":
            return frozenset()
        if level == "medium":
            return self.medium
        if level == "hard":
            return self.medium | self.hard_adds
        raise DataError(self.source, "mountains", "one of " + ", ".join(MOUNTAIN_LEVELS), level)

    def blocked_edges(self, level: str) -> frozenset[tuple[Hex, int]]:
        """``(hex, edge)`` pairs that cross a mountain border at ``level`` (both sides)."""
        key = ("blocked", level)
        if key not in self._cache:
            out = set()
            for border in self.mountain_borders(level):
                a, b = tuple(border)
                e = hx.edge_between(a, b)
                out.add((a, e))
                out.add((b, hx.opposite(e)))
            self._cache[key] = frozenset(out)
        return self._cache[key]

    def adjacent_regions(self, number: int) -> tuple[int, ...]:
        """Regions sharing a border with region ``number`` (sorted)."""
        key = ("adj", number)
        if key not in self._cache:
            out = set()
            for h in self.regions[number].hexes:
                for n in hx.neighbors(h):
                    m = self.region_of.get(n)
                    if m is not None and m != number:
                        out.add(m)
            self._cache[key] = tuple(sorted(out))
        return self._cache[key]

    # ------------------------------------------------------------ text drawing
    def render_ascii(self, tracks: Mapping[Hex, tuple[int, int]] | None = None,
                     crossed: Iterable[Hex] = (), level: str = "none") -> str:
        """The sheet as text, one line per hex row (pointy-top, offset rows).

        Cells: ``[n]`` city n, ``(n)`` town n without track, ``n`` an empty hex of
        region n, ``a-b`` a track joining edges a and b (edges: 0 E, 1 NE, 2 NW,
        3 W, 4 SW, 5 SE), ``a*b`` a track through a town, ``X`` a crossed hex.
        Mountain borders (at ``level``) are listed under the grid.

        >>> s = load("steam-default")
        >>> "[1]" in s.render_ascii() and "0-3" in s.render_ascii({(2, 0): (0, 3)})
        True
        """
        tracks = tracks or {}
        crossed = set(crossed)
        qs = [2 * q + r for q, r in self.hexes]
        lo = min(qs)
        rows = sorted({r for _, r in self.hexes})
        lines = []
        for r in rows:
            cells = {}
            for q, rr in self.hexes:
                if rr != r:
                    continue
                h = (q, r)
                n = self.region_of[h]
                if h in self.city_at:
                    txt = f"[{n}]"
                elif h in tracks:
                    a, b = tracks[h]
                    txt = f"{a}{'*' if h in self.town_at else '-'}{b}"
                elif h in crossed:
                    txt = " X "
                elif h in self.town_at:
                    txt = f"({n})"
                else:
                    txt = f" {n} "
                cells[(2 * q + r - lo) * 2] = txt
            width = max(cells) + 4
            buf = [" "] * width
            for col, txt in cells.items():
                for i, ch in enumerate(txt):
                    buf[col + i] = ch
            lines.append("".join(buf).rstrip())
        borders = sorted(tuple(sorted(b)) for b in self.mountain_borders(level))
        if borders:
            lines.append(f"mountains ({level}): " + " ".join(f"{hx.format_hex(a)}|{hx.format_hex(b)}" for a, b in borders))
        return "\n".join(lines)

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "title": self.title,
            "note": self.note,
            "provenance": self.provenance,
            "orientation": "pointy",
            "regions": {str(n): {"colour": r.colour, "hexes": [list(h) for h in r.hexes],
                                 "city": list(r.city), "town": list(r.town)} for n, r in sorted(self.regions.items())},
            "goods_destination": {c: list(v) for c, v in self.goods_destination.items()},
            "mountains": {"medium": [[list(h) for h in sorted(b)] for b in sorted(self.medium, key=sorted)],
                          "hard_adds": [[list(h) for h in sorted(b)] for b in sorted(self.hard_adds, key=sorted)]},
            "black_die_faces": [list(f) for f in self.black_die_faces],
        }

    def save(self, path: str | Path) -> Path:
        """Check, then write atomically (temp file + rename)."""
        data = self.to_dict()
        parse(data, str(path))
        return write_json_atomic(path, data)

    @classmethod
    def from_dict(cls, data: Any, source: str = "<sheet>") -> "Sheet":
        return parse(data, source)


# ---------------------------------------------------------------- loading
def available() -> list[str]:
    """Names of the hex sheets in railkit's ``maps/`` folder."""
    return available_files(FORMAT)


def load(name_or_path: str | Path) -> Sheet:
    """Load and check a sheet by name (``"steam-default"``) or path.

    The result is cached by file and modification time, so treat it as read-only.
    """
    path = resolve(name_or_path)
    key = file_key(path, "sheet", available)
    if key not in _CACHE:
        _CACHE.clear()  # keep at most one version per process; sheets are small
        _CACHE[key] = parse(read_json(path), str(path))
    return _CACHE[key]


_CACHE: dict = {}


def validate_file(path: str | Path) -> Sheet:
    """Like :func:`load`, never cached."""
    return parse(read_json(path), str(path))


def _hex(value: Any, src: str, path: str) -> Hex:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise DataError(src, path, "a hex as [q, r] (two whole numbers)", value)
    if not all(-MAX_COORD <= v <= MAX_COORD for v in value):
        raise DataError(src, path, f"a hex as [q, r] with q and r from {-MAX_COORD} to {MAX_COORD}", value)
    return (value[0], value[1])


def parse(data: Any, src: str = "<sheet>") -> Sheet:
    """Check a sheet given as a JSON-like dict and build a :class:`Sheet`.

    Raises
    ------
    DataError
        Naming ``src``, the JSON path and what was expected.
    """
    require_format(data, FORMAT, VERSION, "sheet", src)
    only(data, SHEET_FIELDS, src, "$")
    name = _need(data, "name", str, "the sheet's short name", src, "$")
    at_most(name, MAX_NAME, "characters", src, "$.name")
    title = data.get("title", name)
    if not isinstance(title, str):
        raise DataError(src, "$.title", "text", title)
    note = data.get("note", "")
    if not isinstance(note, str):
        raise DataError(src, "$.note", "text", note)
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict):
        raise DataError(src, "$.provenance", "an object", provenance)
    if data.get("orientation", "pointy") != "pointy":
        raise DataError(src, "$.orientation", "'pointy' (pointy-top hexes)", data.get("orientation"))

    raw = _need(data, "regions", dict, "an object of regions '1'..'6'", src, "$")
    keys = sorted(raw)
    if keys != [str(n) for n in REGION_NUMBERS]:
        raise DataError(src, "$.regions", "exactly the regions '1' to '6'", keys)  # SR-SHEET-REGIONS
    regions: dict[int, Region] = {}
    seen: dict[Hex, str] = {}
    for n in REGION_NUMBERS:
        p = f"$.regions.{n}"
        r = raw[str(n)]
        colour = _need(r, "colour", str, "a colour name", src, p)
        only(r, REGION_FIELDS, src, p)
        at_most(colour, MAX_NAME, "characters", src, f"{p}.colour")
        hl = _need(r, "hexes", list, "a list of hexes [q, r]", src, p)
        at_most(hl, MAX_REGION_HEXES, "hexes", src, f"{p}.hexes")
        hexes_ = []
        for i, v in enumerate(hl):
            h = _hex(v, src, f"{p}.hexes[{i}]")
            if h in seen:  # SR-SHEET-REGIONS: every hex in exactly one region
                raise DataError(src, f"{p}.hexes[{i}]", f"a hex in no other region ({hx.format_hex(h)} is already in {seen[h]})", v)
            seen[h] = f"{p}.hexes"
            hexes_.append(h)
        city = _hex(_need(r, "city", list, "the city hex [q, r]", src, p), src, f"{p}.city")
        town = _hex(_need(r, "town", list, "the town hex [q, r]", src, p), src, f"{p}.town")
        # SR-SHEET-CITY-TOWN: one city and one town inside each region
        if city not in hexes_:
            raise DataError(src, f"{p}.city", f"a hex of region {n}", list(city))
        if town not in hexes_:
            raise DataError(src, f"{p}.town", f"a hex of region {n}", list(town))
        if town == city:
            raise DataError(src, f"{p}.town", "a hex other than the city", list(town))
        regions[n] = Region(n, colour, tuple(hexes_), city, town)
        # SR-SHEET-CONTIGUOUS
        if not _connected(set(hexes_)):
            raise DataError(src, f"{p}.hexes", f"one contiguous group of hexes (region {n} is split)")
        # SR-SHEET-DRAWABLE
        if len(regions[n].drawable) < MIN_DRAWABLE:
            raise DataError(src, f"{p}.hexes", f"at least {MIN_DRAWABLE} hexes to draw in besides the city",
                            len(regions[n].drawable))

    gd_raw = _need(data, "goods_destination", dict, "an object: good colour -> list of city numbers", src, "$")
    at_most(gd_raw, MAX_COLOURS, "colours of goods", src, "$.goods_destination")
    goods: dict[str, tuple[int, ...]] = {}
    for colour, cities in gd_raw.items():
        p = f"$.goods_destination.{colour}"
        if not isinstance(cities, list) or not cities or not all(c in REGION_NUMBERS and not isinstance(c, bool) for c in cities):
            raise DataError(src, p, "a non-empty list of city numbers 1..6", cities)
        goods[colour] = tuple(cities)
    if len([c for c in goods if c != "black"]) < 1:
        raise DataError(src, "$.goods_destination", "at least one colour of goods besides black", list(goods))

    all_hexes = set(seen)
    mountains = data.get("mountains", {})
    if not isinstance(mountains, dict):
        raise DataError(src, "$.mountains", "an object with 'medium' and 'hard_adds' lists", mountains)
    only(mountains, MOUNTAIN_FIELDS, src, "$.mountains")
    levels = {}
    for key in ("medium", "hard_adds"):
        items = mountains.get(key, [])
        if not isinstance(items, list):
            raise DataError(src, f"$.mountains.{key}", "a list of borders [[q, r], [q, r]]", items)
        at_most(items, MAX_BORDERS, "borders", src, f"$.mountains.{key}")
        out = set()
        for i, b in enumerate(items):
            p = f"$.mountains.{key}[{i}]"
            if not isinstance(b, list) or len(b) != 2:
                raise DataError(src, p, "a border as two neighbouring hexes [[q, r], [q, r]]", b)
            a, c = _hex(b[0], src, f"{p}[0]"), _hex(b[1], src, f"{p}[1]")
            if a not in all_hexes or c not in all_hexes:
                raise DataError(src, p, "two hexes of the sheet", b)
            if hx.edge_between(a, c) is None:
                raise DataError(src, p, "two neighbouring hexes", b)
            out.add(frozenset((a, c)))
        levels[key] = frozenset(out)

    faces_raw = _need(data, "black_die_faces", list, "six faces, each two track kinds", src, "$")
    if len(faces_raw) != 6:
        raise DataError(src, "$.black_die_faces", "six faces", len(faces_raw))
    faces = []
    for i, f in enumerate(faces_raw):
        if (not isinstance(f, list) or len(f) != 2 or f[0] == f[1]
                or not all(k in hx.TRACK_KINDS for k in f)):
            raise DataError(src, f"$.black_die_faces[{i}]", "two different track kinds of straight, gentle, sharp", f)
        faces.append((f[0], f[1]))

    sheet = Sheet(name, title, regions, goods, levels["medium"], levels["hard_adds"], tuple(faces), note, provenance, src)
    # SR-SHEET-JOINABLE: every pair of cities joinable by track with the hardest mountains
    bad = _unjoinable(sheet)
    if bad:
        a, b = bad
        raise DataError(src, "$.mountains", f"mountains that leave every pair of cities joinable by track "
                        f"(cities {a} and {b} cannot be joined at the hard level)")
    return sheet


def _connected(hexes: set[Hex]) -> bool:
    if not hexes:
        return False
    start = next(iter(hexes))
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in hx.neighbors(h):
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(hexes)


def _unjoinable(sheet: Sheet) -> tuple[int, int] | None:
    """The first pair of cities no track chain can join at the hard level, or None."""
    blocked = sheet.blocked_edges("hard")
    drawable = sheet.hexes - set(sheet.city_at)
    for a in REGION_NUMBERS:
        ca = sheet.cities[a]
        start = [hx.neighbor(ca, e) for e in range(6)
                 if (ca, e) not in blocked and hx.neighbor(ca, e) in drawable]
        seen = set(start)
        todo = deque(start)
        while todo:
            h = todo.popleft()
            for e in range(6):
                n = hx.neighbor(h, e)
                if (h, e) not in blocked and n in drawable and n not in seen:
                    seen.add(n)
                    todo.append(n)
        for b in REGION_NUMBERS:
            if b <= a:
                continue
            cb = sheet.cities[b]
            if not any(hx.neighbor(cb, e) in seen and (cb, e) not in blocked for e in range(6)):
                return (a, b)
    return None

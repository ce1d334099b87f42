"""Ticket to Ride style maps: cities, routes and named ticket decks.

Maps are JSON files (``maps/*.json``) described by the JSON Schema
``railkit/maps/map.schema.json``. :func:`load` reads and checks one and gives a
typed :class:`Map`; every problem is reported as a :class:`~railkit.DataError`
naming the file, the JSON path of the field and what was expected.

>>> m = load("usa")
>>> len(m.cities), len(m.routes), m.total_length
(36, 100, 309)
>>> G = m.graph()
>>> G["Denver"]["Omaha"]["Denver-Omaha"]["length"]
4
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from railkit.core.errors import DataError
from railkit.core.jsonio import read_json, write_json_atomic
from railkit.core.saves import DATA_FOLDER, DATA_NAME
from railkit.core.validate import at_most, only
from railkit.core.validate import require as _need
from railkit.core.validate import require_format

#: Colours a route (or a train card) may have; ``gray`` routes take any one colour.
CARD_COLOURS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
ROUTE_COLOURS = ("gray",) + CARD_COLOURS

#: Folder of the maps that ship with railkit (the repository's ``maps/``).
MAPS_DIR = DATA_FOLDER
SCHEMA_PATH = Path(__file__).with_name("map.schema.json")
FORMAT = "railkit-map"
#: Largest train count a map may set (the same bound as the route-map game's rules).
MAX_TRAINS = 200
VERSION = 1
#: Bounds the engine is built for (a board beyond them would take too much memory or time):
#: the longest route the standard points table scores, counts of cities, routes, decks and
#: tickets, the longest name and the most points a ticket may give.
MAX_ROUTE_LENGTH = 9
MAX_CITIES = 300
MAX_ROUTES = 1000
MAX_DECKS = 20
MAX_TICKETS = 1000
MAX_NAME = 80
MAX_TICKET_POINTS = 200
#: the fields of a map file and of its parts (anything else is refused)
MAP_FIELDS = ("format", "version", "name", "title", "layout", "provenance", "cities", "routes", "tickets",
              "default_deck", "trains")
CITY_FIELDS = ("name", "lat", "lon", "x", "y")
ROUTE_FIELDS = ("id", "a", "b", "length", "color")
TICKET_FIELDS = ("a", "b", "points")


@dataclass(frozen=True)
class City:
    name: str
    x: float
    y: float
    lat: float | None = None
    lon: float | None = None


@dataclass(frozen=True)
class Route:
    id: str
    a: str
    b: str
    length: int
    color: str

    @property
    def pair(self) -> tuple[str, str]:
        """The two endpoints in sorted order (the same for both tracks of a double route)."""
        return (self.a, self.b) if self.a <= self.b else (self.b, self.a)

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Ticket:
    a: str
    b: str
    points: int

    def __str__(self) -> str:
        return f"{self.a}-{self.b} ({self.points})"


@dataclass
class Map:
    """A typed, checked map. Build with :func:`load` or :meth:`Map.from_dict`."""

    name: str
    title: str
    layout: str
    cities: dict[str, City]
    routes: list[Route]
    tickets: dict[str, list[Ticket]]
    default_deck: str
    provenance: dict = field(default_factory=dict)
    source: str = "<map>"
    #: Trains each player starts with on this map when the game's rules leave it
    #: to the map (its rules' ``trains=None``, the default); ``None``: no map
    #: value, the rules' standard count (45) applies.
    trains: int | None = None

    # ------------------------------------------------------------ derived facts
    def __post_init__(self) -> None:
        self.route_by_id = {r.id: r for r in self.routes}
        by_pair: dict[tuple[str, str], list[Route]] = {}
        for r in self.routes:
            by_pair.setdefault(r.pair, []).append(r)
        self.routes_by_pair = by_pair

    @property
    def total_length(self) -> int:
        return sum(r.length for r in self.routes)

    def parallel(self, route: Route | str) -> list[Route]:
        """The other tracks between the same two cities (empty for a single route)."""
        route = self.route_by_id[route] if isinstance(route, str) else route
        return [r for r in self.routes_by_pair[route.pair] if r.id != route.id]

    @property
    def double_pairs(self) -> list[tuple[str, str]]:
        return [p for p, rs in self.routes_by_pair.items() if len(rs) > 1]

    def deck(self, name: str | None = None) -> list[Ticket]:
        name = name or self.default_deck
        if name not in self.tickets:
            raise DataError(self.source, "$.tickets", "a ticket deck named one of " + ", ".join(self.tickets), name)
        return list(self.tickets[name])

    def position(self, city: str) -> tuple[float, float]:
        c = self.cities[city]
        return (c.x, c.y)

    def graph(self, route_ids: Iterable[str] | None = None):
        """A networkx ``MultiGraph``: nodes are cities (with ``pos``), edge keys are
        route ids, edge attributes ``length`` and ``color``.

        With ``route_ids``, only those routes and the cities they touch (a
        player's network, say).

        >>> load("usa").graph(["Denver-Omaha", "Chicago-Omaha"]).number_of_nodes()
        3
        """
        import networkx as nx

        G = nx.MultiGraph(name=self.name)
        if route_ids is None:
            routes = self.routes
            for c in self.cities.values():
                G.add_node(c.name, pos=(c.x, c.y))
        else:
            routes = [self.route_by_id[rid] for rid in route_ids]
        for r in routes:
            for end in (r.a, r.b):
                if end not in G:
                    G.add_node(end, pos=self.position(end))
            G.add_edge(r.a, r.b, key=r.id, length=r.length, color=r.color)
        return G

    def summary(self) -> str:
        decks = ", ".join(f"{k} {len(v)}" for k, v in self.tickets.items()) or "none"
        return (f"{self.name}: {len(self.cities)} cities, {len(self.routes)} routes "
                f"({len(self.double_pairs)} double), total length {self.total_length}, tickets: {decks}")

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        cities = []
        for c in self.cities.values():
            if self.layout == "geo":
                cities.append({"name": c.name, "lat": c.lat, "lon": c.lon})
            else:
                cities.append({"name": c.name, "x": c.x, "y": c.y})
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "title": self.title,
            "layout": self.layout,
            "provenance": self.provenance,
            "cities": cities,
            "routes": [{"id": r.id, "a": r.a, "b": r.b, "length": r.length, "color": r.color} for r in self.routes],
            "tickets": {k: [{"a": t.a, "b": t.b, "points": t.points} for t in v] for k, v in self.tickets.items()},
            "default_deck": self.default_deck,
            **({"trains": self.trains} if self.trains is not None else {}),
        }

    def save(self, path: str | Path) -> Path:
        """Check this map, then write it atomically (temp file + rename)."""
        data = self.to_dict()
        Map.from_dict(data, str(path))  # never write a map that would not load
        return write_json_atomic(path, data)

    @classmethod
    def from_dict(cls, data: Any, source: str = "<map>") -> "Map":
        return _parse(data, source)


# ---------------------------------------------------------------- the user's own maps
#: A map's name, the file name of ``<folder>/<name>.json``: never a path (the plain names
#: a save may give its map, too).
MAP_NAME = DATA_NAME
#: The user maps folder ``railkit serve`` uses unless told (``--maps-dir``): this folder
#: in the working directory (git-ignored in the repository).
USER_MAPS_DEFAULT = "my-maps"
#: The most files of the user maps folder that are offered (a folder of thousands is not a
#: list anybody picks from, and each file is read to know its format).
MAX_USER_MAPS = 500
_user_maps: list[Path] = []  # the folder, once :func:`use_user_maps` names one


def use_user_maps(folder: str | Path | None) -> Path | None:
    """Offer the maps in ``folder`` by name from now on, after railkit's own (None: no
    user maps again); returns the folder used before.

    The served map editor saves there; :func:`available` lists its maps and
    :func:`resolve` finds them by name. A user map never hides a shipped one of the
    same name, only files named by :data:`MAP_NAME` count, and links and folders in
    it are passed over. The folder need not exist yet.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = load("teaching-small").save(folder / "my-valley.json")
    >>> before = use_user_maps(folder)
    >>> "my-valley" in available(), resolve("my-valley") == folder.resolve() / "my-valley.json"
    (True, True)
    >>> _ = use_user_maps(before)
    >>> "my-valley" in available()
    False
    """
    before = user_maps_dir()
    _user_maps[:] = [] if folder is None else [Path(folder).expanduser().resolve()]
    return before


def user_maps_dir() -> Path | None:
    """The user maps folder in use (see :func:`use_user_maps`), or None."""
    return _user_maps[0] if _user_maps else None


def shipped_names() -> set[str]:
    """The names of the files in railkit's own ``maps/`` folder, in lower case: a user's
    map never takes one."""
    return {p.stem.lower() for p in MAPS_DIR.glob("*.json")}


def _user_files(fmt: str) -> list[Path]:
    folder = user_maps_dir()
    if folder is None or not folder.is_dir():
        return []
    shipped = shipped_names()
    out = []
    try:
        files = sorted(folder.glob("*.json"))[:MAX_USER_MAPS]
    except OSError:
        return []
    for p in files:
        if not MAP_NAME.fullmatch(p.stem) or p.stem.lower() in shipped:
            continue
        try:
            if p.is_symlink() or not p.is_file():
                continue
            data = read_json(p)
        except (DataError, OSError):
            continue
        if isinstance(data, dict) and data.get("format") == fmt:
            out.append(p)
    return out


def user_maps(fmt: str = FORMAT) -> list[str]:
    """Names of the maps of one format in the user maps folder (see :func:`use_user_maps`)."""
    return [p.stem for p in _user_files(fmt)]


#: railkit's own maps folder as text (every game started looks its map's name up there)
_MAPS_DIR = str(MAPS_DIR)


def resolve(name_or_path: str | Path) -> Path:
    """A map name (``"usa"``, or one of the user's maps) or a path to the JSON file.

    A plain name (letters, digits, ``-`` and ``_``) is railkit's own map of that name,
    else the user's (:func:`use_user_maps`); anything else, or a plain name that is a
    file in the current folder, is a path. Plain names are handled as text: a game
    resolves its map's name every time it starts.
    """
    s = os.fspath(name_or_path)
    if not MAP_NAME.fullmatch(s) or os.path.exists(s):
        return Path(s)
    shipped = os.path.join(_MAPS_DIR, s + ".json")
    folder = user_maps_dir()
    if folder is not None and not os.path.exists(shipped):
        mine = folder / f"{s}.json"
        if mine.is_file() and not mine.is_symlink():
            return mine
    return Path(shipped)


def available(fmt: str = FORMAT) -> list[str]:
    """Names of the files in railkit's ``maps/`` folder of one format (default:
    Ticket to Ride style maps; ``"railkit-hex-sheet"`` for Steam Rollers sheets), then
    those of the user maps folder (:func:`use_user_maps`)."""
    out = []
    for p in sorted(MAPS_DIR.glob("*.json")):
        try:
            data = read_json(p)
        except DataError:
            continue
        if isinstance(data, dict) and data.get("format") == fmt:
            out.append(p.stem)
    return out + user_maps(fmt)


#: (device, inode, modification time) of a map file -> the map read from it
_CACHE: dict[tuple[int, int, float], Map] = {}


def file_key(path: Path, kind: str, names: Callable[[], list[str]]) -> tuple[int, int, float]:
    """The file at ``path`` as a cache key: its device, inode and modification time, the
    same whatever path leads to it, in one system call (resolving a path costs one per
    folder on the way, and a game loads its map or sheet every time it starts).

    Raises
    ------
    DataError
        When there is no such file (listing ``names()``, the ``kind`` files available)
        or it cannot be read.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        if path.exists():
            raise DataError(str(path), "$", f"a readable {kind} file ({exc.strerror or exc})") from None
        raise DataError(str(path), "$", f"an existing {kind} file ({kind}s available: " + ", ".join(names()) + ")") \
            from None
    return (st.st_dev, st.st_ino, st.st_mtime)


def load(name_or_path: str | Path) -> Map:
    """Load and check a map by name (``"usa"``, ``"teaching-small"``) or path.

    A file is read once and its map kept while the file stays the same (see
    :func:`file_key`): every game started on it shares that map, which nobody changes.

    Raises
    ------
    DataError
        Naming the file, the JSON path of the bad field and what was expected.
    """
    path = resolve(name_or_path)
    key = file_key(path, "map", available)
    m = _CACHE.get(key)
    if m is None:
        m = _CACHE[key] = _parse(read_json(path), str(path))
    return m


def validate_file(path: str | Path) -> Map:
    """Like :func:`load` but never cached: for the ``validate-map`` command."""
    path = Path(path)
    return _parse(read_json(path), str(path))


# ---------------------------------------------------------------- validation
def _number(obj: dict, key: str, src: str, path: str, lo: float, hi: float) -> float:
    v = _need(obj, key, (int, float), f"a number from {lo} to {hi}", src, path)
    if not (lo <= v <= hi) or math.isnan(v):
        raise DataError(src, f"{path}.{key}", f"a number from {lo} to {hi}", v)
    return float(v)


def _parse(data: Any, src: str) -> Map:
    require_format(data, FORMAT, VERSION, "map", src)
    only(data, MAP_FIELDS, src, "$")
    name = _need(data, "name", str, "the map's short name", src, "$")
    at_most(name, MAX_NAME, "characters", src, "$.name")
    if not name.strip():
        raise DataError(src, "$.name", "a non-empty name", name)
    title = data.get("title", name)
    if not isinstance(title, str):
        raise DataError(src, "$.title", "text", title)
    layout = _need(data, "layout", str, "'geo' (lat/lon) or 'xy'", src, "$")
    if layout not in ("geo", "xy"):
        raise DataError(src, "$.layout", "'geo' (lat/lon) or 'xy'", layout)
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict):
        raise DataError(src, "$.provenance", "an object", provenance)

    raw_cities = _need(data, "cities", list, "a list of cities", src, "$")
    if len(raw_cities) < 2:
        raise DataError(src, "$.cities", "at least 2 cities", len(raw_cities))
    at_most(raw_cities, MAX_CITIES, "cities", src, "$.cities")
    cities: dict[str, City] = {}
    geo = []
    for i, c in enumerate(raw_cities):
        p = f"$.cities[{i}]"
        cname = _need(c, "name", str, "the city's name", src, p)
        only(c, CITY_FIELDS, src, p)
        at_most(cname, MAX_NAME, "characters", src, f"{p}.name")
        if not cname.strip():
            raise DataError(src, f"{p}.name", "a non-empty city name", cname)
        if cname in cities:
            raise DataError(src, f"{p}.name", "a city name not used before (duplicate city)", cname)
        if layout == "geo":
            lat = _number(c, "lat", src, p, -90, 90)
            lon = _number(c, "lon", src, p, -180, 180)
            geo.append((cname, lat, lon))
            cities[cname] = City(cname, 0.0, 0.0, lat, lon)
        else:
            x = _number(c, "x", src, p, -1e6, 1e6)
            y = _number(c, "y", src, p, -1e6, 1e6)
            cities[cname] = City(cname, x, y)
    if geo:  # equirectangular projection around the map's mean latitude, in km-like units
        lat0 = math.radians(sum(g[1] for g in geo) / len(geo))
        for cname, lat, lon in geo:
            cities[cname] = City(cname, round(lon * math.cos(lat0) * 111.32, 3), round(lat * 110.57, 3), lat, lon)

    raw_routes = _need(data, "routes", list, "a list of routes", src, "$")
    at_most(raw_routes, MAX_ROUTES, "routes", src, "$.routes")
    routes: list[Route] = []
    ids: set[str] = set()
    for i, r in enumerate(raw_routes):
        p = f"$.routes[{i}]"
        rid = _need(r, "id", str, "the route's id (e.g. 'Denver-Omaha')", src, p)
        only(r, ROUTE_FIELDS, src, p)
        at_most(rid, 2 * MAX_NAME, "characters", src, f"{p}.id")
        if not rid.strip():
            raise DataError(src, f"{p}.id", "a non-empty route id", rid)
        if rid in ids:
            raise DataError(src, f"{p}.id", "a route id not used before (duplicate route id)", rid)
        ids.add(rid)
        ends = []
        for end in ("a", "b"):
            cname = _need(r, end, str, "a city name", src, p)
            if cname not in cities:
                raise DataError(src, f"{p}.{end}", "a city listed in $.cities (unknown city)", cname)
            ends.append(cname)
        if ends[0] == ends[1]:
            raise DataError(src, f"{p}.b", "a city other than the route's first end", ends[1])
        what = f"a positive whole number of trains, at most {MAX_ROUTE_LENGTH} (the longest route the points table scores)"
        length = _need(r, "length", int, what, src, p)
        if not 1 <= length <= MAX_ROUTE_LENGTH:
            raise DataError(src, f"{p}.length", what, length)
        colour = _need(r, "color", str, "a colour: " + ", ".join(ROUTE_COLOURS), src, p)
        if colour not in ROUTE_COLOURS:
            raise DataError(src, f"{p}.color", "a colour: " + ", ".join(ROUTE_COLOURS) + " (unknown colour)", colour)
        routes.append(Route(rid, ends[0], ends[1], length, colour))
    if not routes:
        raise DataError(src, "$.routes", "at least one route", 0)

    raw_tickets = data.get("tickets", {})
    if not isinstance(raw_tickets, dict):
        raise DataError(src, "$.tickets", "an object mapping deck names to lists of tickets", raw_tickets)
    at_most(raw_tickets, MAX_DECKS, "ticket decks", src, "$.tickets")
    tickets: dict[str, list[Ticket]] = {}
    for deck, items in raw_tickets.items():
        p0 = f"$.tickets.{deck}"
        if not isinstance(items, list):
            raise DataError(src, p0, "a list of tickets", items)
        at_most(deck, MAX_NAME, "characters in a deck name", src, p0)
        at_most(items, MAX_TICKETS, "tickets", src, p0)
        tickets[deck] = []
        for i, t in enumerate(items):
            p = f"{p0}[{i}]"
            ends = []
            for end in ("a", "b"):
                cname = _need(t, end, str, "a city name", src, p)
                if cname not in cities:
                    raise DataError(src, f"{p}.{end}", "a city listed in $.cities (unknown city)", cname)
                ends.append(cname)
            only(t, TICKET_FIELDS, src, p)
            if ends[0] == ends[1]:
                raise DataError(src, f"{p}.b", "a city other than the ticket's first city", ends[1])
            what = f"a positive whole number of points, at most {MAX_TICKET_POINTS}"
            pts = _need(t, "points", int, what, src, p)
            if not 1 <= pts <= MAX_TICKET_POINTS:
                raise DataError(src, f"{p}.points", what, pts)
            tickets[deck].append(Ticket(ends[0], ends[1], pts))
    default_deck = data.get("default_deck", next(iter(tickets), "base"))
    if not isinstance(default_deck, str):
        raise DataError(src, "$.default_deck", "the name of a deck in $.tickets (text)", default_deck)
    if tickets and default_deck not in tickets:
        raise DataError(src, "$.default_deck", "the name of a deck in $.tickets: " + ", ".join(tickets), default_deck)
    trains = data.get("trains")
    if trains is not None and (isinstance(trains, bool) or not isinstance(trains, int)
                               or not 1 <= trains <= MAX_TRAINS):
        raise DataError(src, "$.trains", f"the trains each player starts with: a whole number from 1 to "
                        f"{MAX_TRAINS} (or leave it out for the rules' standard 45)", trains)
    return Map(name, title, layout, cities, routes, tickets, default_deck, provenance, src, trains)


def warnings(m: Map) -> list[str]:
    """What loads but makes a poor game: cities no route reaches, and tickets
    between cities no chain of routes joins (nobody could complete them).

    >>> warnings(load("usa"))
    []
    """
    import networkx as nx

    G = m.graph()
    out = [f"city {c} has no route" for c in m.cities if G.degree(c) == 0]
    comp = {c: i for i, part in enumerate(nx.connected_components(G)) for c in part}
    for deck, items in m.tickets.items():
        for i, t in enumerate(items):
            if comp[t.a] != comp[t.b]:
                out.append(f"ticket {t} (deck {deck}, number {i + 1}) joins cities no routes connect")
    return out


def iter_map_files(folder: str | Path = MAPS_DIR) -> Iterable[Path]:
    for p in sorted(Path(folder).glob("*.json")):
        yield p

"""Action tiles and order tiles as data (``tiles.json``, ``orders.json``).

>>> tiles = load_tiles()
>>> tiles["4a"].kind, tiles["4a"].vp, tiles["4a"].effect
('permanent', -2, 'engine-plus')
>>> sorted(load_orders())[:3]
['O1', 'O2', 'O3']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from railkit.core.errors import DataError
from railkit.core.jsonio import read_json

HERE = Path(__file__).parent
TILE_KINDS = ("one-use", "permanent")
TILE_EFFECTS = ("any-value", "plus-minus-one", "second-die", "any-track-type", "source-adjacent", "two-tracks",
                "engine-plus", "delivery-engine-plus", "adjacent-region", "long-delivery-bonus", "any-tile",
                "reroll-olivia")
ORDER_KINDS = ("connect", "delivery", "engine", "network", "towns")


@dataclass(frozen=True)
class Tile:
    id: str
    number: int
    side: str
    kind: str
    vp: int
    effect: str
    text: str
    activate: bool = False
    amount: int = 1
    min_distance: int = 0

    @property
    def one_use(self) -> bool:
        return self.kind == "one-use"


@dataclass(frozen=True)
class Order:
    id: str
    kind: str
    vp: int
    text: str
    cities: tuple[int, ...] = ()
    min: int = 0


def _int(d: dict, key: str, src: str, path: str, default=None, lo=-99, hi=99) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise DataError(src, f"{path}.{key}", f"a whole number from {lo} to {hi}", v)
    return v


def _str(d: dict, key: str, src: str, path: str, choices=None) -> str:
    v = d.get(key)
    if not isinstance(v, str) or (choices and v not in choices):
        raise DataError(src, f"{path}.{key}", "one of " + ", ".join(choices) if choices else "text", v)
    return v


@lru_cache(maxsize=8)
def load_tiles(path: str | None = None) -> dict[str, Tile]:
    """The action tile set by id (default: the package's ``tiles.json``)."""
    src = str(path or HERE / "tiles.json")
    data = read_json(src)
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise DataError(src, "$.tiles", "a list of action tiles")
    out: dict[str, Tile] = {}
    for i, t in enumerate(data["tiles"]):
        p = f"$.tiles[{i}]"
        if not isinstance(t, dict):
            raise DataError(src, p, "a tile object", t)
        tid = _str(t, "id", src, p)
        if tid in out:
            raise DataError(src, f"{p}.id", "an id not used before", tid)
        out[tid] = Tile(tid, _int(t, "number", src, p, lo=1, hi=6), _str(t, "side", src, p, ("a", "b", "solo")),
                        _str(t, "kind", src, p, TILE_KINDS), _int(t, "vp", src, p), _str(t, "effect", src, p, TILE_EFFECTS),
                        _str(t, "text", src, p), bool(t.get("activate", False)),
                        _int(t, "amount", src, p, 1, 0, 9), _int(t, "min_distance", src, p, 0, 0, 20))
    for n in range(1, 7):
        for side in ("a", "b"):
            if not any(t.number == n and t.side == side for t in out.values()):
                raise DataError(src, "$.tiles", f"a tile numbered {n} side {side}")
    return out


@lru_cache(maxsize=8)
def tiles_by_effect(path: str | None = None) -> dict[str, tuple[tuple[int, str], ...]]:
    """Effect -> ``(number, id)`` of each tile of :func:`load_tiles` with that effect, by
    number then id (made once: the engine asks which tile of an effect a player holds
    several times per action). Do not change it.

    >>> tiles_by_effect()["engine-plus"]
    ((4, '4a'),)
    """
    out: dict[str, list[tuple[int, str]]] = {}
    for tid, t in load_tiles(path).items():
        out.setdefault(t.effect, []).append((t.number, tid))
    return {effect: tuple(sorted(tiles)) for effect, tiles in out.items()}


@lru_cache(maxsize=8)
def load_orders(path: str | None = None) -> dict[str, Order]:
    """The order tile set by id (default: the package's ``orders.json``)."""
    src = str(path or HERE / "orders.json")
    data = read_json(src)
    if not isinstance(data, dict) or not isinstance(data.get("orders"), list):
        raise DataError(src, "$.orders", "a list of order tiles")
    out: dict[str, Order] = {}
    for i, o in enumerate(data["orders"]):
        p = f"$.orders[{i}]"
        if not isinstance(o, dict):
            raise DataError(src, p, "an order object", o)
        oid = _str(o, "id", src, p)
        kind = _str(o, "kind", src, p, ORDER_KINDS)
        cities = o.get("cities", [])
        if kind == "connect" and (not isinstance(cities, list) or len(cities) != 2
                                  or not all(c in range(1, 7) for c in cities) or cities[0] == cities[1]):
            raise DataError(src, f"{p}.cities", "two different city numbers 1..6", cities)
        out[oid] = Order(oid, kind, _int(o, "vp", src, p), _str(o, "text", src, p), tuple(cities),
                         _int(o, "min", src, p, 0, 0, 99))
    return out

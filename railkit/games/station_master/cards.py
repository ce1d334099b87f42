"""Station Master card lists as data: locomotives and Station Master cards.

A card list is a JSON file described by ``cards.schema.json`` (next to this
module). railkit ships ``cards-default.json``, the documented *railkit default*
list (the printed per-card breakdown is not public); a user who owns the game
can write the real list in the same format and pass its path as the rules
parameter ``cards``. Every problem is a :class:`~railkit.DataError` naming the
file, the JSON path and what was expected.

Card names (used in action texts, hands and the discard pile):

* carriages: ``+1`` ... ``-3`` (the signed value), luxury carriages ``lux+4``;
* specials: ``brake-van``, ``royal``, ``reassign``, ``repair-3``/``repair-5``
  (the number is how deep it looks), ``transfer``, ``standing-room``,
  ``uncouple``, ``rush-hour``;
* locomotives: ``L5``, ``L5-exec``, ``L6-freight-green`` (number, kind, banner).

A list may also name the passenger chip values it is designed for (``chips``, e.g.
``[1, 1, 2, 2, 3, 3]``); without it the rules' ``chip_values`` decide. The card-list
editor and the new-game form put a list's chips into the rules' ``chip_values``.

Examples
--------
>>> cl = load_cards()
>>> cl.provenance, len(cl.locomotives), len(cl.cards)
('railkit default', 15, 97)
>>> cl.info["lux+4"].value, cl.info["repair-5"].depth
(4, 5)
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from railkit.core.errors import DataError
from railkit.core.jsonio import read_json
from railkit.core.validate import require as _field
from railkit.core.validate import require_format

FORMAT = "railkit-station-master-cards"
VERSION = 1
DEFAULT_PATH = Path(__file__).with_name("cards-default.json")
SCHEMA_PATH = Path(__file__).with_name("cards.schema.json")

LOCO_KINDS = ("standard", "executive", "freight")
SPECIAL_KINDS = ("brake-van", "royal", "reassign", "repair", "transfer", "standing-room", "uncouple", "rush-hour")
CARD_KINDS = ("carriage",) + SPECIAL_KINDS
#: the chip face values a game accepts (SM-SETUP-CHIPS) and how many chips a player may have
CHIP_VALUES = (1, 9)
MAX_CHIPS = 12


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One kind of Station Master card (identical copies share one ``CardInfo``)."""

    key: str
    kind: str
    value: int = 0
    luxury: bool = False
    depth: int = 0

    @property
    def is_carriage(self) -> bool:
        return self.kind == "carriage"


@dataclass(frozen=True, slots=True)
class Loco:
    """A locomotive card: ``number`` carriages (and chips), its kind and banner."""

    key: str
    number: int
    kind: str = "standard"
    banner: bool = False


def carriage_key(value: int, luxury: bool = False) -> str:
    """The name of a carriage card.

    >>> carriage_key(3), carriage_key(-2), carriage_key(5, luxury=True)
    ('+3', '-2', 'lux+5')
    """
    return ("lux" if luxury else "") + f"{value:+d}"


def carriage_from_key(key: str) -> CardInfo | None:
    """The carriage a card name stands for (the inverse of :func:`carriage_key`), None for other cards.

    >>> carriage_from_key("lux+4"), carriage_from_key("royal")
    (CardInfo(key='lux+4', kind='carriage', value=4, luxury=True, depth=0), None)
    """
    lux = key.startswith("lux")
    digits = key[3:] if lux else key
    if digits[:1] not in ("+", "-") or not digits[1:].isdigit():
        return None
    return CardInfo(key, "carriage", int(digits), lux)


def special_key(kind: str, depth: int = 0) -> str:
    """The name of a special card (``repair-3`` carries its depth)."""
    return f"repair-{depth}" if kind == "repair" else kind


def loco_key(number: int, kind: str = "standard", banner: bool = False) -> str:
    """The name of a locomotive card.

    >>> loco_key(6, "freight", True), loco_key(5, "executive"), loco_key(3)
    ('L6-freight-green', 'L5-exec', 'L3')
    """
    return f"L{number}" + {"standard": "", "executive": "-exec", "freight": "-freight"}[kind] + ("-green" if banner else "")


@dataclass(frozen=True)
class CardList:
    """A checked card list. Build with :func:`load_cards` or :meth:`from_dict`.

    ``locomotives`` and ``cards`` hold one entry per physical card (``cards`` as
    names); ``info`` maps every card name to its :class:`CardInfo`.
    """

    name: str
    provenance: str
    locomotives: tuple[Loco, ...]
    cards: tuple[str, ...]
    info: dict[str, CardInfo]
    source: str = "<cards>"
    #: the list's own notes on where its facts come from (e.g. what a rule does with these cards)
    notes: str = ""
    #: the chip values the list is designed for (empty: the rules' ``chip_values`` decide)
    chips: tuple[int, ...] = ()

    @property
    def card_counts(self) -> dict[str, int]:
        """Copies of each Station Master card, by name."""
        return dict(Counter(self.cards))

    @property
    def loco_counts(self) -> dict[str, int]:
        return dict(Counter(lo.key for lo in self.locomotives))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<cards>") -> "CardList":
        return _parse(data, source)


def resolve(name_or_path: str | Path) -> Path:
    """``"default"`` (or ``""``) is the bundled list; anything else is a path."""
    if str(name_or_path) in ("", "default", "railkit-default"):
        return DEFAULT_PATH
    return Path(name_or_path)


def load_cards(name_or_path: str | Path = "default") -> CardList:
    """Load and check a card list (``"default"`` or a path to a JSON file).

    Raises
    ------
    DataError
        Naming the file, the JSON path of the bad field and what was expected.
    """
    path = resolve(name_or_path)
    return _parse(read_json(path), str(path))


# ---------------------------------------------------------------- validation
def _int(obj: dict, key: str, lo: int, hi: int, what: str, src: str, path: str, default: Any = DataError._MISSING) -> int:
    val = _field(obj, key, int, f"{what}: a whole number from {lo} to {hi}", src, path, default)
    if not lo <= val <= hi:
        raise DataError(src, f"{path}.{key}", f"{what}: a whole number from {lo} to {hi}", val)
    return val


def _only(obj: dict, allowed: tuple[str, ...], src: str, path: str) -> None:
    for key in obj:
        if key not in allowed:
            raise DataError(src, f"{path}.{key}", "one of the fields " + ", ".join(allowed), key)


def _parse(data: Any, src: str) -> CardList:
    if not isinstance(data, dict):
        raise DataError(src, "$", "a card-list object", type(data).__name__)
    _only(data, ("format", "version", "name", "title", "provenance", "notes", "totals", "locomotives", "cards",
                 "chips"), src, "$")
    require_format(data, FORMAT, VERSION, "card-list", src)
    name = _field(data, "name", str, "the card list's short name", src, "$")
    provenance = _field(data, "provenance", str, "where the list comes from, e.g. 'railkit default'", src, "$")
    if not name.strip() or not provenance.strip():
        raise DataError(src, "$.name" if not name.strip() else "$.provenance", "non-empty text", "")
    for key in ("title", "notes"):
        _field(data, key, str, "text", src, "$", "")

    raw_locos = _field(data, "locomotives", list, "a list of locomotives", src, "$")
    if not raw_locos:
        raise DataError(src, "$.locomotives", "at least one locomotive", [])
    locos: list[Loco] = []
    for i, lo in enumerate(raw_locos):
        p = f"$.locomotives[{i}]"
        if not isinstance(lo, dict):
            raise DataError(src, p, "a locomotive object", lo)
        _only(lo, ("number", "kind", "banner", "count"), src, p)
        number = _int(lo, "number", 1, 20, "the locomotive's number", src, p)
        kind = _field(lo, "kind", str, "one of " + ", ".join(LOCO_KINDS), src, p, "standard")
        if kind not in LOCO_KINDS:
            raise DataError(src, f"{p}.kind", "one of " + ", ".join(LOCO_KINDS), kind)
        banner = _field(lo, "banner", bool, "true or false (green banner)", src, p, False)
        count = _int(lo, "count", 1, 50, "how many copies", src, p, 1)
        locos.extend([Loco(loco_key(number, kind, banner), number, kind, banner)] * count)

    raw_cards = _field(data, "cards", list, "a list of Station Master cards", src, "$")
    if not raw_cards:
        raise DataError(src, "$.cards", "at least one card", [])
    cards: list[str] = []
    info: dict[str, CardInfo] = {}
    for i, c in enumerate(raw_cards):
        p = f"$.cards[{i}]"
        if not isinstance(c, dict):
            raise DataError(src, p, "a card object", c)
        kind = _field(c, "kind", str, "one of " + ", ".join(CARD_KINDS), src, p)
        if kind not in CARD_KINDS:
            raise DataError(src, f"{p}.kind", "one of " + ", ".join(CARD_KINDS), kind)
        if kind == "carriage":
            _only(c, ("kind", "value", "luxury", "count"), src, p)
            value = _int(c, "value", -20, 20, "the carriage's value", src, p)
            if value == 0:
                raise DataError(src, f"{p}.value", "a non-zero carriage value", 0)
            luxury = _field(c, "luxury", bool, "true or false (luxury passenger carriage)", src, p, False)
            ci = CardInfo(carriage_key(value, luxury), kind, value, luxury)
        elif kind == "repair":
            _only(c, ("kind", "depth", "count"), src, p)
            depth = _int(c, "depth", 1, 20, "how many discard-pile cards Repair looks at", src, p)
            ci = CardInfo(special_key(kind, depth), kind, depth=depth)
        else:
            _only(c, ("kind", "count"), src, p)
            ci = CardInfo(special_key(kind), kind)
        if ci.key in info:
            raise DataError(src, p, f"a card not listed before ({ci.key} is already in the list: add to its count)", ci.key)
        info[ci.key] = ci
        cards.extend([ci.key] * _int(c, "count", 1, 100, "how many copies", src, p, 1))

    # SM-CARDS-DATA: the counted cards must match the declared totals (15 and 97 for the default list)
    totals = _field(data, "totals", dict, "an object with the declared totals", src, "$", {})
    _only(totals, ("locomotives", "cards"), src, "$.totals")
    for key, counted in (("locomotives", len(locos)), ("cards", len(cards))):
        if key in totals:
            declared = _int(totals, key, 1, 10_000, f"the declared number of {key}", src, "$.totals")
            if declared != counted:
                raise DataError(src, f"$.totals.{key}", f"{counted} (the number of {key} the list holds)", declared)
    chips = _chips(data, src)
    return CardList(name, provenance, tuple(locos), tuple(cards), info, src, data.get("notes", ""), chips)


def _chips(data: dict, src: str) -> tuple[int, ...]:
    """The optional ``chips`` field: 1 to 12 chip face values from 1 to 9 (SM-SETUP-CHIPS)."""
    raw = _field(data, "chips", list, f"a list of 1 to {MAX_CHIPS} chip values", src, "$", [])
    if "chips" in data and not 1 <= len(raw) <= MAX_CHIPS:
        raise DataError(src, "$.chips", f"a list of 1 to {MAX_CHIPS} chip values", raw)
    for i, v in enumerate(raw):
        if isinstance(v, bool) or not isinstance(v, int) or not CHIP_VALUES[0] <= v <= CHIP_VALUES[1]:
            raise DataError(src, f"$.chips[{i}]", f"a chip face value from {CHIP_VALUES[0]} to {CHIP_VALUES[1]}", v)
    return tuple(raw)


# ---------------------------------------------------------------- card lists on disk, a deck's make-up
#: Where the editor saves card lists unless told otherwise (``$RAILKIT_CARDS_DIR`` if set);
#: the Station Master new-game form offers the lists found there.
DEFAULT_FOLDER = Path(os.environ.get("RAILKIT_CARDS_DIR") or Path.home() / ".railkit" / "card-lists")

#: The special cards with a plain count (Repair has a depth too: its own box).
COUNTED_SPECIALS = ("brake-van", "royal", "reassign", "transfer", "standing-room", "uncouple", "rush-hour")
_SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def schema_bounds(section: str, field: str) -> tuple[int, int]:
    """The ``minimum`` and ``maximum`` of a field in ``cards.schema.json``.

    >>> schema_bounds("locomotives", "number"), schema_bounds("cards", "count")
    ((1, 20), (1, 100))
    """
    prop = _SCHEMA["properties"][section]["items"]["properties"][field]
    return prop["minimum"], prop["maximum"]


def saved_card_lists(folder: str | Path | None = None) -> list[Path]:
    """The card-list files (``*.json``) in ``folder`` (default :data:`DEFAULT_FOLDER`), by name.
    They are not checked here: a broken one is reported when it is picked."""
    folder = Path(folder) if folder is not None else DEFAULT_FOLDER
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.json") if not p.name.startswith(".")), key=lambda p: p.name)


def card_list_choices(folder: str | Path | None = None) -> dict[str, str]:
    """Menu entries for a card-list picker: the bundled default, then each saved file.

    >>> card_list_choices("/nonexistent/folder")
    {'railkit default': 'default'}
    """
    out = {"railkit default": "default"}
    for p in saved_card_lists(folder):
        out[p.name] = str(p)
    return out


def deck_makeup(cl: CardList) -> dict[str, Any]:
    """The make-up of a deck: carriage counts by card (sorted by value), specials by kind, shares.

    >>> m = deck_makeup(load_cards())
    >>> m["carriages"]["+1"], m["specials"]["repair"], m["cards"], round(m["special_share"], 3)
    (12, 4, 97, 0.278)
    """
    counts = Counter(cl.cards)
    carriages = {k: counts[k] for k in sorted((k for k in counts if cl.info[k].is_carriage),
                                              key=lambda k: (cl.info[k].value, cl.info[k].luxury))}
    specials = {kind: 0 for kind in COUNTED_SPECIALS + ("repair",)}
    for k, n in counts.items():
        if not cl.info[k].is_carriage:
            specials[cl.info[k].kind] += n
    total = len(cl.cards)
    n_special = sum(specials.values())
    return {"carriages": carriages, "specials": specials, "cards": total, "special_share": n_special / total,
            "positive": sum(n for k, n in carriages.items() if cl.info[k].value > 0),
            "negative": sum(n for k, n in carriages.items() if cl.info[k].value < 0),
            "luxury": sum(n for k, n in carriages.items() if cl.info[k].luxury)}

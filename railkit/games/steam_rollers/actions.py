"""Steam Rollers actions: small frozen dataclasses with a short text form.

========================================  ==============================================
text                                      meaning
========================================  ==============================================
``draft 3 build 0,-2 gentle 1-3``         draft die 3, draw a gentle curve joining edges
                                          1 and 3 of hex (0,-2) (the kind word is optional)
``draft 3 engine``                        draft die 3, cross engine box 3
``draft 5 deliver red to 2``              draft 5, deliver a red good from city 5 to city 2
``draft 5 deliver red from 4 to 2``       ... from city 4 (tile 3a)
``draft 5 deliver red #3 to 2``           solo: the red good at place 3 of city 5's line
                                          (without ``#N``: the first red one in line)
``draft 3 tile 3``                        draft 3, take action tile 3 (``tile 5`` with 6b)
``draft 3 pass``                          draft 3, no action
``draft 3 as 4 engine``                   use tile 1 (1a/1b) to treat die 3 as a 4
``use 4b``                                play a one-use tile (2a 3b 4b 5a 6b; solo 2s)
``build 1,0 straight 0-3``                the second track of tile 3b
``skip``                                  skip the second track / the solo re-roll
``power engine 3`` ``power track H K a-b``  pick a starting power (also ``power vp``,
``power tile 4`` ``power good 3``         )
========================================  ==============================================

Edges of a hex: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE (see :mod:`railkit.maps.hexes`).

>>> a = parse("draft 3 build 0,-2 1-3")
>>> str(a)
'draft 3 build 0,-2 gentle 1-3'
>>> str(parse("draft 5 as 4 deliver grey from 3 to 4"))
'draft 5 as 4 deliver grey from 3 to 4'
>>> parse("draft 2 deliver red #3 to 1")
Deliver(die=2, good='red', dest=1, source=None, value=None, pos=3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from railkit.core.errors import ActionSyntaxError
from railkit.core.game import Action, action_text
from railkit.core.i18n import Message
from railkit.maps import hexes as hx
from railkit.maps.hexes import Hex

FORMS = [
    "draft D [as V] build Q,R [straight|gentle|sharp] A-B",
    "draft D [as V] engine",
    "draft D [as V] deliver GOOD [#N] [from S] to CITY",
    "draft D [as V] tile N",
    "draft D pass",
    "use TILE",
    "build Q,R [kind] A-B",
    "skip",
    "power engine N | power track Q,R [kind] A-B | power vp | power tile N | power good N",
]


def _track_text(h: Hex, a: int, b: int) -> str:
    return f"{hx.format_hex(h)} {hx.track_kind(a, b)} {a}-{b}"


def _prefix(die: int, value: int | None) -> str:
    return f"draft {die}" + (f" as {value}" if value is not None and value != die else "")


#: the goods' colours and the track kinds as words of the reader's language (the action
#: notation keeps the English names)
WORDS = {
    "yellow": Message("yellow"), "red": Message("red"), "grey": Message("grey"), "green": Message("green"),
    "blue": Message("blue"), "black": Message("black"), "own": Message("personal"),
    "straight": Message("straight"), "gentle": Message("gentle"), "sharp": Message("sharp"),
}


def _draft(die: int, value: int | None, then: Message) -> Message:
    """A draft's sentence: the die (and the value tile 1 gives it), then what it does."""
    if value is not None and value != die:
        return Message("Draft die {die} as a {value}: {then}", die=die, value=value, then=then)
    return Message("Draft die {die}: {then}", die=die, then=then)


def _track_words(h: Hex, a: int, b: int) -> Message:
    """A track in words: ``track (gentle) in hex 0,-2, edges 1–3``."""
    kind = hx.track_kind(a, b)
    return Message("track ({kind}) in hex {hex}, edges {a}–{b}", kind=WORDS.get(kind, kind), hex=hx.format_hex(h),
                   a=a, b=b)


@dataclass(frozen=True, slots=True)
class Build(Action):
    die: int
    hex: Hex
    a: int
    b: int
    value: int | None = None

    def __str__(self) -> str:
        return f"{_prefix(self.die, self.value)} build {_track_text(self.hex, self.a, self.b)}"

    def words(self, names=None) -> Message:
        """The move as a sentence for the player (a message; ``names``: the seats' names)."""
        return _draft(self.die, self.value, Message("build {track}", track=_track_words(self.hex, self.a, self.b)))

    @property
    def kind(self) -> str:
        return hx.track_kind(self.a, self.b)


@dataclass(frozen=True, slots=True)
class Engine(Action):
    die: int
    value: int | None = None

    def __str__(self) -> str:
        return f"{_prefix(self.die, self.value)} engine"

    def words(self, names=None) -> Message:
        return _draft(self.die, self.value, Message("cross an engine box"))


@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """Deliver ``good`` from the source city (the die's city, or ``source``) to ``dest``.

    ``pos`` (solo, SR-SOLO-ANY-GOOD) is the 1-based place of the good in the source
    city's line of goods; ``None`` means the first good of that colour in line.
    """

    die: int
    good: str
    dest: int
    source: int | None = None
    value: int | None = None
    pos: int | None = None

    def __str__(self) -> str:
        v = self.value if self.value is not None else self.die
        src = f" from {self.source}" if self.source is not None and self.source != v else ""
        at = f" #{self.pos}" if self.pos is not None else ""
        return f"{_prefix(self.die, self.value)} deliver {self.good}{at}{src} to {self.dest}"

    def words(self, names=None) -> Message:
        v = self.value if self.value is not None else self.die
        good = WORDS.get(self.good, self.good)
        if self.pos is not None:
            good = Message("{good} (no. {pos} in line)", good=good, pos=self.pos)
        src = self.source if self.source is not None else v
        return _draft(self.die, self.value, Message("deliver a {good} good from city {source} to city {dest}",
                                                    good=good, source=src, dest=self.dest))


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    die: int
    number: int
    value: int | None = None

    def __str__(self) -> str:
        return f"{_prefix(self.die, self.value)} tile {self.number}"

    def words(self, names=None) -> Message:
        return _draft(self.die, self.value, Message("take action tile {number}", number=self.number))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    die: int

    def __str__(self) -> str:
        return f"draft {self.die} pass"

    def words(self, names=None) -> Message:
        return _draft(self.die, None, Message("no action"))


@dataclass(frozen=True, slots=True)
class UseTile(Action):
    tile: str

    def __str__(self) -> str:
        return f"use {self.tile}"

    def words(self, names=None) -> Message:
        return Message("Use tile {tile}", tile=self.tile)


@dataclass(frozen=True, slots=True)
class ExtraBuild(Action):
    hex: Hex
    a: int
    b: int

    def __str__(self) -> str:
        return f"build {_track_text(self.hex, self.a, self.b)}"

    def words(self, names=None) -> Message:
        return Message("Build the second {track}", track=_track_words(self.hex, self.a, self.b))


@dataclass(frozen=True, slots=True)
class Skip(Action):
    def __str__(self) -> str:
        return "skip"

    def words(self, names=None) -> Message:
        return Message("Skip")


@dataclass(frozen=True, slots=True)
class Power(Action):
    power: str
    number: int | None = None
    hex: Hex | None = None
    a: int | None = None
    b: int | None = None

    def __str__(self) -> str:
        if self.power == "track":
            return f"power track {_track_text(self.hex, self.a, self.b)}"
        if self.number is not None:
            return f"power {self.power} {self.number}"
        return f"power {self.power}"

    def words(self, names=None) -> Message:
        if self.power == "track":
            return Message("Starting power: a {track}", track=_track_words(self.hex, self.a, self.b))
        said = {"engine": Message("Starting power: engine box {number}", number=self.number),
                "tile": Message("Starting power: action tile {number}", number=self.number),
                "good": Message("Starting power: a personal good on city {number}", number=self.number),
                "vp": Message("Starting power: victory points")}
        return said.get(self.power, Message("Starting power: {power}", power=self.power))


DraftAction = (Build, Engine, Deliver, TakeTile, Pass)

_TRACK = r"(?P<hex>-?\d+\s*,\s*-?\d+)\s+(?:(?P<kind>straight|gentle|sharp)\s+)?(?P<a>\d)-(?P<b>\d)"
_RE_DRAFT = re.compile(r"draft\s+(?P<die>\d)(?:\s+as\s+(?P<value>\d))?\s+(?P<rest>.+)")
_RE_BUILD = re.compile(r"build\s+" + _TRACK)
_RE_DELIVER = re.compile(r"deliver\s+(?P<good>[a-z]+)(?:\s*#\s*(?P<pos>\d+))?(?:\s+from\s+(?P<src>\d))?\s+to\s+(?P<dest>\d)")
_RE_TILE = re.compile(r"tile\s+(?P<n>\d)")
_RE_USE = re.compile(r"use\s+(?P<t>[0-9][a-z]+)")
_RE_POWER = re.compile(r"power\s+(?P<p>engine|vp|tile|good|track)(?:\s+(?P<rest>.+))?")


def _track(m: re.Match, text: str) -> tuple[Hex, int, int]:
    h = hx.parse_hex(m.group("hex"))
    a, b = int(m.group("a")), int(m.group("b"))
    if not (0 <= a <= 5 and 0 <= b <= 5) or a == b:
        raise ActionSyntaxError(text, FORMS, "A track joins two different edges 0-5 (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).")
    a, b = min(a, b), max(a, b)
    kind = m.group("kind")
    if kind and kind != hx.track_kind(a, b):
        raise ActionSyntaxError(text, FORMS, f"Edges {a}-{b} make a {hx.track_kind(a, b)} track, not a {kind} one.")
    return h, a, b


def _die(text: str, value: str, what: str) -> int:
    v = int(value)
    if not 1 <= v <= 6:
        raise ActionSyntaxError(text, FORMS, f"{what} must be 1 to 6.")
    return v


def parse(text: str) -> Action:
    """Read the text form of a Steam Rollers action (see the module table)."""
    text = action_text(text, FORMS)
    t = " ".join(text.strip().lower().split())
    if t == "skip":
        return Skip()
    m = _RE_USE.fullmatch(t)
    if m:
        return UseTile(m.group("t"))
    m = _RE_BUILD.fullmatch(t)
    if m:
        return ExtraBuild(*_track(m, text))
    m = _RE_POWER.fullmatch(t)
    if m:
        p, rest = m.group("p"), m.group("rest")
        if p == "vp" and rest is None:
            return Power("vp")
        if p in ("engine", "tile", "good") and rest and rest.isdigit():
            return Power(p, _die(text, rest, "The number"))
        if p == "track" and rest:
            mt = re.fullmatch(_TRACK, rest)
            if mt:
                h, a, b = _track(mt, text)
                return Power("track", None, h, a, b)
        raise ActionSyntaxError(text, FORMS)
    m = _RE_DRAFT.fullmatch(t)
    if m:
        die = _die(text, m.group("die"), "A die")
        value = _die(text, m.group("value"), "The 'as' value") if m.group("value") else None
        if value == die:
            value = None
        rest = m.group("rest")
        if rest == "engine":
            return Engine(die, value)
        if rest == "pass":
            return Pass(die)
        mb = _RE_BUILD.fullmatch(rest)
        if mb:
            h, a, b = _track(mb, text)
            return Build(die, h, a, b, value)
        md = _RE_DELIVER.fullmatch(rest)
        if md:
            v = value if value is not None else die
            src = int(md.group("src")) if md.group("src") else None
            if src == v:
                src = None
            pos = int(md.group("pos")) if md.group("pos") else None
            if pos is not None and pos < 1:
                raise ActionSyntaxError(text, FORMS, "A good's place in line counts from 1 (#1 is the first good).")
            return Deliver(die, md.group("good"), _die(text, md.group("dest"), "The destination city"), src, value, pos)
        mt = _RE_TILE.fullmatch(rest)
        if mt:
            return TakeTile(die, _die(text, mt.group("n"), "The tile number"), value)
    raise ActionSyntaxError(text, FORMS)

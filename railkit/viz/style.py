"""Colours, letters and patterns shared by the Ticket to Ride widgets (no UI imports here).

The route (train-card) colours and the player (train) colours are two separate
palettes, chosen far apart (CIE L*a*b* distance, see :func:`colour_distance`), so a
claimed route never looks like a free one. For colour-blind play every card and
route colour also has a letter and a hatch pattern.
"""

from __future__ import annotations

import math

#: Screen colour of each route / train-card colour. Gray routes are a clearly
#: visible mid gray; locomotives are shown as a rainbow-ish purple.
CARD_HEX = {
    "red": "#d7261e",
    "orange": "#f28e1c",
    "yellow": "#f5d90a",
    "green": "#3a9d23",
    "blue": "#1f6fd1",
    "pink": "#f06eaa",
    "white": "#fafafa",
    "black": "#222222",
    "gray": "#a3a3a3",
    "loco": "#8e44ad",
}

#: The eight route colours and gray (the colours a track can have).
ROUTE_COLOURS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray")

#: Text colour that reads well on top of each card colour.
CARD_TEXT = {c: ("#000000" if c in ("yellow", "white", "orange", "pink", "gray") else "#ffffff") for c in CARD_HEX}

#: Colour-blind mode: one letter per colour (blacK, as in printing; gray routes take any colour).
CARD_LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "pink": "P", "white": "W",
               "black": "K", "gray": "", "loco": "L"}

#: Colour-blind mode: a Bokeh hatch pattern per colour (the same pattern on cards, in CSS).
CARD_HATCH = {"red": "/", "orange": "\\", "yellow": ".", "green": "|", "blue": "-", "pink": "x", "white": "o",
              "black": "+", "gray": " ", "loco": "*"}

#: Train colours of the seats: purple, teal, brown, mint and aqua, every one at least 38
#: (CIE76 delta E) from every route colour and 40 from each other, so no claimed route
#: looks like a free one. Claimed cars also get a dark outline and the owner's initial.
PLAYER_HEX = ["#6a1b9a", "#00897b", "#8d5524", "#69f0ae", "#00e5ff"]

#: Plain names of the seat colours (for legends and seat names).
PLAYER_COLOUR_NAMES = ["purple", "teal", "brown", "mint", "aqua"]

#: The dark outline of every car (free or claimed).
OUTLINE = "#1a1a1a"


def player_hex(seat: int) -> str:
    """Screen colour of a seat's trains.

    >>> player_hex(0)
    '#6a1b9a'
    """
    return PLAYER_HEX[seat % len(PLAYER_HEX)]


def card_key(colour: str) -> str:
    """The key of ``colour`` in :data:`CARD_HEX` (``locomotive``/``wild`` are ``loco``).

    >>> card_key("locomotive")
    'loco'
    """
    return "loco" if colour in ("loco", "locomotive", "locomotives", "wild") else colour


def card_hex(colour: str) -> str:
    """Screen colour of a card or route colour (``loco``/``locomotive`` included).

    >>> card_hex("gray")
    '#a3a3a3'
    """
    return CARD_HEX.get(card_key(colour), "#777777")


def _lab(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_distance(a: str, b: str) -> float:
    """CIE76 colour difference (delta E in L*a*b*) of two ``#rrggbb`` colours; about 2.3
    is just noticeable, over 30 reads as a different colour.

    >>> colour_distance("#ffffff", "#ffffff")
    0.0
    >>> round(colour_distance("#000000", "#ffffff"))
    100
    """
    return math.dist(_lab(a), _lab(b))


def luminance(hex_colour: str) -> float:
    """Relative luminance (0 black .. 1 white) of ``#rrggbb``.

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """
    h = hex_colour.lstrip("#")
    r, g, b = ((c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
               for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)))
    return round(0.2126 * r + 0.7152 * g + 0.0722 * b, 6)


def text_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``.

    >>> text_on("#6a1b9a"), text_on("#69f0ae")
    ('#ffffff', '#000000')
    """
    return "#000000" if luminance(hex_colour) > 0.18 else "#ffffff"


def initials(names: list[str]) -> list[str]:
    """Short distinct labels for seats: first letters, longer where two would clash.

    >>> initials(["Red", "Blue", "Green"])
    ['R', 'B', 'G']
    >>> initials(["Ann", "Alex", "Bo"])
    ['An', 'Al', 'B']
    """
    out = []
    for n in names:
        k = 1
        while k < len(n) and sum(1 for m in names if m[:k].lower() == n[:k].lower()) > 1:
            k += 1
        out.append(n[:k].capitalize() if n else "?")
    if len(set(out)) < len(out):  # identical names: seat numbers
        out = [str(i + 1) for i in range(len(names))]
    return out


def css_pattern(colour: str) -> str:
    """CSS declarations drawing :data:`CARD_HATCH`'s pattern of ``colour`` over its
    background (colour-blind mode); empty for gray.

    >>> css_pattern("green").startswith("background-image:repeating-linear-gradient(90deg")
    True
    >>> css_pattern("gray")
    ''
    """
    key = card_key(colour)
    ink = "rgba(0,0,0,.45)" if CARD_TEXT.get(key) == "#000000" else "rgba(255,255,255,.55)"
    stripes = {"/": ["45deg"], "\\": ["-45deg"], "|": ["90deg"], "-": ["0deg"], "x": ["45deg", "-45deg"],
               "+": ["0deg", "90deg"]}
    pat = CARD_HATCH.get(key, " ")
    if pat in stripes:
        return "background-image:" + ", ".join(
            f"repeating-linear-gradient({a}, {ink} 0 2px, transparent 2px 7px)" for a in stripes[pat]) + ";"
    if pat in (".", "o"):
        r = "1.5px" if pat == "." else "2.5px"
        return f"background-image:radial-gradient(circle, {ink} {r}, transparent {r});background-size:7px 7px;"
    if pat == "*":
        return (f"background-image:repeating-linear-gradient(30deg, {ink} 0 2px, transparent 2px 8px), "
                f"repeating-linear-gradient(-30deg, {ink} 0 2px, transparent 2px 8px);")
    return ""

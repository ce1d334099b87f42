"""Colours, letters and patterns shared by the Ticket to Ride widgets (no UI imports here).

The route (train-card) colours and the player (train) colours are two separate
palettes, chosen far apart (CIE L*a*b* distance, :func:`railkit.viz.shell.style.colour_distance`),
so a claimed route never looks like a free one. For colour-blind play every card and route
colour also has a letter and a hatch pattern.
"""

from __future__ import annotations

from railkit.games.ticket_to_ride import SPEC
from railkit.viz.shell.style import seat_colour


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

#: Train colours of the seats (the game's palette, ``SPEC.palette``): purple, teal, brown, mint
#: and aqua. Claimed cars also get a dark outline and the owner's initial.
PLAYER_HEX = list(SPEC.palette)

#: Plain names of the seat colours (for legends and seat names).
PLAYER_COLOUR_NAMES = ["purple", "teal", "brown", "mint", "lilac", "maroon"]

#: The dark outline of every car (free or claimed).
OUTLINE = "#1a1a1a"


def player_hex(seat: int) -> str:
    """Screen colour of a seat's trains.

    >>> player_hex(0)
    '#9224ff'
    """
    return seat_colour(SPEC.palette, seat)


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

"""Colours shared by the Ticket to Ride widgets (no UI imports here)."""

from __future__ import annotations

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

#: Text colour that reads well on top of each card colour.
CARD_TEXT = {c: ("#000000" if c in ("yellow", "white", "orange", "pink", "gray") else "#ffffff") for c in CARD_HEX}

#: Train colours of the seats (the plastic trains of the box: red, blue, green, yellow, black).
PLAYER_HEX = ["#c2185b", "#1565c0", "#2e7d32", "#f9a825", "#424242"]
PLAYER_NAMES = ["Magenta", "Blue", "Green", "Yellow", "Black"]


def player_hex(seat: int) -> str:
    """Screen colour of a seat's trains.

    >>> player_hex(0)
    '#c2185b'
    """
    return PLAYER_HEX[seat % len(PLAYER_HEX)]


def card_hex(colour: str) -> str:
    """Screen colour of a card or route colour (``loco``/``locomotive`` included).

    >>> card_hex("gray")
    '#a3a3a3'
    """
    if colour in ("locomotive", "locomotives", "wild"):
        colour = "loco"
    return CARD_HEX.get(colour, "#777777")

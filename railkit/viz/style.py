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

#: Train colours of the seats, matching the engine's seat names (Red, Blue, Green,
#: Yellow, Black: the plastic trains of the box). Claimed cars also get a white dot
#: each, so a claimed red route never looks like a free red one.
PLAYER_HEX = ["#b71c1c", "#0d47a1", "#1b5e20", "#ffc400", "#000000"]


def player_hex(seat: int) -> str:
    """Screen colour of a seat's trains.

    >>> player_hex(0)
    '#b71c1c'
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

"""The games. Each game package exposes ``SPEC`` (a :class:`railkit.core.GameSpec`).

>>> sorted(GAMES)
['station-master', 'steam-rollers', 'ticket-to-ride']
"""

from __future__ import annotations

import importlib

from railkit.core.errors import DataError
from railkit.core.game import GameSpec

GAMES = {
    "ticket-to-ride": "railkit.games.ticket_to_ride",
    "steam-rollers": "railkit.games.steam_rollers",
    "station-master": "railkit.games.station_master",
}


def get_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` of a game by its command-line name."""
    if name not in GAMES:
        raise DataError("game", "$", "one of " + ", ".join(GAMES), name)
    return importlib.import_module(GAMES[name]).SPEC

"""The games: one package per game in this folder, each exposing ``SPEC`` (a
:class:`railkit.core.GameSpec`). A game's name is its folder's name with ``-`` for ``_``;
adding a folder with a ``SPEC`` adds the game everywhere.

>>> names()
['station-master', 'steam-rollers', 'ticket-to-ride']
>>> get_spec("station-master").package
'station_master'
>>> spec = get_spec("station-master"); get_spec(spec) is spec
True
"""

from __future__ import annotations

import importlib
import pkgutil

from railkit.core.errors import DataError
from railkit.core.game import GameSpec


def names() -> list[str]:
    """The names of the games, sorted (``railkit simulate --game`` takes them)."""
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(__path__) if m.ispkg)


def get_spec(name: str | GameSpec) -> GameSpec:
    """The :class:`GameSpec` of a game by its name (a spec is returned as it is, so every
    layer can take either)."""
    if isinstance(name, GameSpec):
        return name
    known = names()
    if name not in known:
        raise DataError("game", "$", "one of " + ", ".join(known), name)
    return importlib.import_module(f"{__name__}.{name.replace('-', '_')}").SPEC


def specs() -> list[GameSpec]:
    """The :class:`GameSpec` of every game, by name."""
    return [get_spec(n) for n in names()]

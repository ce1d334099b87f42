"""Shared building blocks of every railkit game: errors, actions, the game
base class with its event log (replay, undo, save/load) and JSON helpers.

:mod:`railkit.core.draws` (the seeded draws of the engines and bots) is compiled with mypyc
where a C compiler is available (:mod:`railkit.core.compiled`); its Python source behaves the same."""

from railkit.core.compiled import load as _load_compiled

_load_compiled(__name__)  # the mypyc-compiled draws module when it is current, else draws.py

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove, RailkitError
from railkit.core.game import Action, Agent, Game, GameSpec
from railkit.core.jsonio import read_json, write_json_atomic

__all__ = [
    "Action", "ActionSyntaxError", "Agent", "DataError", "Game", "GameSpec",
    "IllegalMove", "RailkitError", "read_json", "write_json_atomic",
]

"""Shared building blocks of every railkit game: errors, actions, the game
base class with its event log (replay, undo, save/load) and JSON helpers."""

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove, RailkitError
from railkit.core.game import Action, Agent, Game, GameSpec
from railkit.core.jsonio import read_json, write_json_atomic

__all__ = [
    "Action", "ActionSyntaxError", "Agent", "DataError", "Game", "GameSpec",
    "IllegalMove", "RailkitError", "read_json", "write_json_atomic",
]

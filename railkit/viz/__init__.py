"""Panel + Bokeh widgets for railkit: the only UI layer.

Ticket to Ride:

=========================================  ===============================================
:class:`~railkit.viz.board.Board`          the clickable map (routes as train cars)
:class:`~railkit.viz.player.PlayerPanel`   hand, tickets, face-up market, other players
:class:`~railkit.viz.controller.GameController`  a whole game against bots (undo, replay, save)
:class:`~railkit.viz.scoring.ScoringView`  longest trail and ticket paths on the board
:class:`~railkit.viz.editor.MapEditor`     drag cities, add routes, validate, save, play
:func:`~railkit.viz.app.serve`             ``railkit serve ticket-to-ride`` (blocks)
=========================================  ===============================================

Names are imported on first use, so ``import railkit.viz`` stays cheap.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "Board": "railkit.viz.board",
    "PlayerPanel": "railkit.viz.player",
    "GameController": "railkit.viz.controller",
    "quick_game": "railkit.viz.controller",
    "ScoringView": "railkit.viz.scoring",
    "MapEditor": "railkit.viz.editor",
    "Table": "railkit.viz.table",
    "create_app": "railkit.viz.app",
    "serve": "railkit.viz.app",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'railkit.viz' has no attribute {name!r}")

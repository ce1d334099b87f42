"""Panel + Bokeh widgets for railkit: the only UI layer.

Ticket to Ride:

=========================================  ===============================================
:class:`~railkit.viz.board.Board`          the clickable map (routes as train cars)
:class:`~railkit.viz.player.PlayerPanel`   hand, tickets, face-up market, other players
:class:`~railkit.viz.controller.GameController`  a whole game against bots (undo, replay, save)
:class:`~railkit.viz.scoring.ScoringView`  longest trail and ticket paths on the board
:class:`~railkit.viz.editor.MapEditor`     drag cities, add routes, validate, save, play
:class:`~railkit.viz.banner.WinnerBanner`  the winner and every score at the end of a game
=========================================  ===============================================

Every game (the table shell and the served app):

=========================================  ===============================================
:class:`~railkit.viz.table.Table`          one game and its seats: people, bots, undo, save/load
:class:`~railkit.viz.shell.TableShell`     one seat's view of a table; each game subclasses it
:class:`~railkit.viz.app.Lobby`            make a shared table, join a seat by link, watch
:func:`~railkit.viz.app.serve`             ``railkit serve GAME`` (blocks)
:func:`~railkit.viz.notebook.setup`        load Panel and BokehJS into a notebook, all inline
=========================================  ===============================================

Graph lessons: :class:`~railkit.viz.algoplayer.AlgoPlayer` steps an algorithm on a game map;
:func:`~railkit.viz.algoplayer.graph_lab_app` is ``railkit serve graph-lab``.

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
    "TableShell": "railkit.viz.shell",
    "Lobby": "railkit.viz.app",
    "WinnerBanner": "railkit.viz.banner",
    "AlgoPlayer": "railkit.viz.algoplayer",
    "graph_lab_app": "railkit.viz.algoplayer",
    "setup": "railkit.viz.notebook",
    "create_app": "railkit.viz.app",
    "serve": "railkit.viz.app",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'railkit.viz' has no attribute {name!r}")

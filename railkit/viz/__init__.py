"""Panel + Bokeh widgets for railkit: the only UI layer.

``viz/shell/`` is the same for every game; each game has a folder of its own
(``viz/<game>/``, the game's package name), and ``viz/graphs/`` holds the graph lessons
and the simulation plots.

==============================================================  ===============================================
:func:`~railkit.viz.shell.games.quick_game`                     a view of a fresh game of any game, for a notebook
:class:`~railkit.viz.shell.table.Table`                         one game and its seats: people, bots, undo, save/load
:class:`~railkit.viz.shell.view.TableShell`                     one seat's view of a table; each game subclasses it
:class:`~railkit.viz.shell.banner.WinnerBanner`                 the winner and every score at the end of a game
:class:`~railkit.viz.shell.lobby.Lobby`                         make a shared table, join a seat by link, watch
:func:`~railkit.viz.shell.serve.serve`                          ``railkit serve GAME`` (blocks)
:func:`~railkit.viz.shell.notebook.setup`                       load Panel and BokehJS into a notebook, all inline
:class:`~railkit.viz.graphs.algoplayer.AlgoPlayer`              steps an algorithm on a game map
:func:`~railkit.viz.graphs.algoplayer.graph_lab_app`            ``railkit serve graph-lab``
==============================================================  ===============================================

A game's own widgets are in its folder: ``railkit.viz.<game>`` exports its seat view as ``VIEW``
(and :func:`~railkit.viz.shell.games.view_class` finds it by the game's name).

Names are imported on first use, so ``import railkit.viz`` stays cheap.
"""

from __future__ import annotations

from railkit.viz.shell.lazy import lazy_exports

_EXPORTS = {name: (module, name) for name, module in {
    "quick_game": "railkit.viz.shell.games",
    "Table": "railkit.viz.shell.table",
    "TableShell": "railkit.viz.shell.view",
    "WinnerBanner": "railkit.viz.shell.banner",
    "Lobby": "railkit.viz.shell.lobby",
    "create_app": "railkit.viz.shell.lobby",
    "serve": "railkit.viz.shell.serve",
    "setup": "railkit.viz.shell.notebook",
    "AlgoPlayer": "railkit.viz.graphs.algoplayer",
    "graph_lab_app": "railkit.viz.graphs.algoplayer",
}.items()}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_exports(__name__, _EXPORTS)

"""Steam Rollers in notebooks and served: the view of one seat (hex sheet, dice, engine,
tiles, deliveries, Olivia's turn), the sheet figure, the sheet editor and the lesson helpers.

====================================================  =========================================
:class:`~railkit.viz.steam_rollers.view.SteamRollersView`  a whole game, alone against Olivia or with bots
:class:`~railkit.viz.steam_rollers.sheet.SheetFigure`  the hex sheet (Bokeh)
:class:`~railkit.viz.steam_rollers.sheet_editor.SheetEditor`  paint terrain, cities and regions; validate, play
:mod:`~railkit.viz.steam_rollers.lessons`             positions and pictures for the rules notebook
====================================================  =========================================

What the shell reads (:mod:`railkit.viz.shell.games`): :data:`VIEW` and
:func:`table_options` (alone against Olivia, at a difficulty); the graph lab reads
``GRAPH_LESSONS`` (:mod:`~railkit.viz.steam_rollers.graph_lessons`).
"""

from railkit.viz.shell.lazy import lazy_exports

_EXPORTS = {
    "GRAPH_LESSONS": ("railkit.viz.steam_rollers.graph_lessons", "GRAPH_LESSONS"),
    "VIEW": ("railkit.viz.steam_rollers.view", "SteamRollersView"),
    "SteamRollersView": ("railkit.viz.steam_rollers.view", "SteamRollersView"),
}


def table_options(given: dict, url) -> dict:
    """A new table's options: alone against Olivia (``solo``) is a table of one, at
    ``difficulty`` (clerk unless given); with others, none."""
    if not given.get("solo"):
        return {}
    return {"players": 1, "difficulty": given.get("difficulty") or "clerk"}


__all__ = sorted([*_EXPORTS, "table_options"])


# the views import Panel and Bokeh: only when one is asked for (this game's web module needs neither)
__getattr__ = lazy_exports(__name__, _EXPORTS)

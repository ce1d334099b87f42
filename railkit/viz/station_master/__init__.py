"""Station Master in notebooks and served: the view of one seat (the station, the hand, the
chips, departures step by step), the card-list editor and the lesson helpers.

====================================================  =========================================
:class:`~railkit.viz.station_master.view.StationMasterView`  a whole game against bots
:class:`~railkit.viz.station_master.card_editor.CardListEditor`  edit a card list, check it, play it
:mod:`~railkit.viz.station_master.lessons`            positions for the rules notebook
====================================================  =========================================

What the shell reads (:mod:`railkit.viz.shell.games`): :data:`VIEW`.
"""

import importlib

_EXPORTS = {
    "VIEW": ("railkit.viz.station_master.view", "StationMasterView"),
    "StationMasterView": ("railkit.viz.station_master.view", "StationMasterView"),
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    """The views are imported on first use (Panel and Bokeh load then), so the page that plays
    in a browser with no server (``railkit.viz.web``) can import this game's ``web`` module."""
    if name in _EXPORTS:
        module = importlib.import_module(_EXPORTS[name][0])
        return getattr(module, _EXPORTS[name][1])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Station Master in notebooks and served: the view of one seat (the station, the hand, the
chips, departures step by step), the card-list editor and the lesson helpers.

====================================================  =========================================
:class:`~railkit.viz.station_master.view.StationMasterView`  a whole game against bots
:class:`~railkit.viz.station_master.card_editor.CardListEditor`  edit a card list, check it, play it
:mod:`~railkit.viz.station_master.lessons`            positions for the rules notebook
====================================================  =========================================

What the shell reads (:mod:`railkit.viz.shell.games`): :data:`VIEW`.
"""

from railkit.viz.shell.lazy import lazy_exports

_EXPORTS = {
    "VIEW": ("railkit.viz.station_master.view", "StationMasterView"),
    "StationMasterView": ("railkit.viz.station_master.view", "StationMasterView"),
}

__all__ = sorted(_EXPORTS)


# the views import Panel and Bokeh: only when one is asked for (this game's web module needs neither)
__getattr__ = lazy_exports(__name__, _EXPORTS)

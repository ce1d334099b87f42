"""Ticket to Ride in notebooks and served: the view of one seat, the board, the player
panel, the scoring view, the map editor and the lesson helpers.

=====================================================  =========================================
:class:`~railkit.viz.ticket_to_ride.view.TicketToRideView`  a whole game against bots (undo, replay, save)
:class:`~railkit.viz.ticket_to_ride.board.Board`       the clickable map (routes as train cars)
:mod:`~railkit.viz.ticket_to_ride.geometry`            where the cars of every route go (no UI)
:class:`~railkit.viz.ticket_to_ride.player.PlayerPanel`  hand, tickets, face-up market, other players
:class:`~railkit.viz.ticket_to_ride.scoring.ScoringView`  longest trail and ticket paths on the board
:class:`~railkit.viz.ticket_to_ride.map_editor.MapEditor`  drag cities, add routes, validate, save, play
:mod:`~railkit.viz.ticket_to_ride.lessons`             positions for the rules notebook
=====================================================  =========================================

What the shell reads (:mod:`railkit.viz.shell.games`): :data:`VIEW`, and from
:mod:`~railkit.viz.ticket_to_ride.served` the map a new table is played on, the map
editor tab and the user maps folder.
"""

from railkit.viz.shell.lazy import lazy_exports

_EXPORTS = {
    "VIEW": ("railkit.viz.ticket_to_ride.view", "TicketToRideView"),
    "TicketToRideView": ("railkit.viz.ticket_to_ride.view", "TicketToRideView"),
    "extra_tabs": ("railkit.viz.ticket_to_ride.served", "extra_tabs"),
    "prepare_server": ("railkit.viz.ticket_to_ride.served", "prepare_server"),
    "table_options": ("railkit.viz.ticket_to_ride.served", "table_options"),
}

__all__ = sorted(_EXPORTS)


# the views import Panel and Bokeh: only when one is asked for (this game's web module needs neither)
__getattr__ = lazy_exports(__name__, _EXPORTS)

"""The rules notebook's positions drawn with the live station view.

:func:`position_view` puts a teaching position of
:mod:`railkit.games.station_master.positions` on a table (you in seat 0, bots in the
other seats) and shows it with :class:`~railkit.viz.station_master.view.StationMasterView`: you can
click the move yourself, or let :func:`show_move` play it from a cell, and the view above
shows the card at work.

>>> view = position_view("royal")
>>> [tv["value"] for tv in view.table.game.observe(0)["station"]]
[2, 0]
>>> show_move(view) is None                  # the position's own move: the Royal Carriage on T1
True
>>> [tv["value"] for tv in view.table.game.observe(0)["station"]], view.table.log_text[-1]
([4, 0], 'played Royal Carriage on T1: its last two carriages count double')
"""

from __future__ import annotations

from typing import Sequence

from railkit.games.station_master.positions import POSITIONS, position_game
from railkit.viz.shell.table import Table, seat_names
from railkit.viz.station_master.view import StationMasterView
from railkit.viz.station_master.words import describe_action, event_text

__all__ = ["position_view", "show_move"]


def position_view(name: str, seat: int = 0, bots: Sequence[str] = ("greedy",)) -> StationMasterView:
    """A station view of position ``name`` (see ``POSITIONS``), for ``seat``; bots play the other
    seats and answer at once after your moves (``auto=False``)."""
    p = POSITIONS[name] if name in POSITIONS else position_game(name)  # an unknown name: the DataError
    table = Table(players=p.players, humans=[seat], bots=list(bots), seed=p.seed, rules=dict(p.rules),
                  game="station-master", describe=describe_action, setup=p.setup)
    if p.moves:
        table.load_json(position_game(name).to_json(), f"position {name}", trusted=True)
    view = StationMasterView(table, seat=seat, auto=False)
    view.position = p.name  # the position it shows (show_move plays its move)
    return view


def show_move(view: StationMasterView, action: str | None = None):
    """Play ``action`` (default: the position's own move) for the view's seat and show it; the bots
    do not answer yet, so the move's effect stays in view. Returns None, or the error (shown inline)."""
    if action is None:
        name = getattr(view, "position", None)
        if name not in POSITIONS:
            raise ValueError("Name the move to play: this view is not at one of the teaching positions.")
        action = POSITIONS[name].play
    err = view.play(action)
    view.refresh()
    return err


def latest_events(view: StationMasterView, n: int = 2) -> list[str]:
    """The last ``n`` events of the view's game as its page says them (players named as on the
    page, seats counted from 1)."""
    game = view.table.game
    return [event_text(e, seat_names(game)) for e in game.events[-n:]]

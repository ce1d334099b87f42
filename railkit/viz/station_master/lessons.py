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
>>> [tv["value"] for tv in view.table.game.observe(0)["station"]], str(view.table.log_text[-1])
([4, 0], 'played Royal Carriage on T1: its last two carriages count double')
"""

from __future__ import annotations

from typing import Sequence

from railkit.core.i18n import Message
from railkit.games.station_master.actions import card_name
from railkit.games.station_master.game import _END_WORDS
from railkit.games.station_master.positions import POSITIONS, position_game
from railkit.viz.shell.reading import Code, reader
from railkit.viz.shell.table import Table, seat_names
from railkit.viz.station_master.view import StationMasterView
from railkit.viz.station_master.words import event_text, log_entry

__all__ = ["TERMS", "position_view", "positions", "read", "show_move"]

#: Station Master's values in words (:func:`read`): the ends of a game, the set-up table's and the
#: end summary's columns (cards and locomotives are said by :func:`_words`)
TERMS = {
    **_END_WORDS, "railkit default": Message("railkit's own card list"), "provenance": Message("card list"),
    "locomotives": Message("locomotive cards"), "cards": Message("carriage and special cards"),
    "players": Message("players"), "locomotives_in_play": Message("locomotives in play"),
    "removed": Message("removed"), "station_at_start": Message("trains in the station at the start"),
    "cards_dealt": Message("cards dealt"), "draw_pile": Message("cards in the draw pile"),
    "chips_each": Message("chips each"), "seat": Message("seat"), "score": Message("score"),
    "best_train": Message("best single train"), "rank": Message("rank"), "win": Message("win"),
}


def _words(value):
    """A card or a locomotive (by its key) in words, and a card on a train (``[key, multiplier]``,
    the multiplier 2 under a Royal Carriage), else None."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int):
        card = _words(value[0]) or value[0]
        return card if value[1] == 1 else Message("{card} ×{n}", card=card, n=value[1])
    if not isinstance(value, str):
        return None
    said = card_name(value)
    return None if said == value or said == value.replace("-", "−") else said


#: :func:`railkit.viz.shell.reading.read` with Station Master's words: ``read(game.discard)``
read = reader(TERMS, _words)


def positions():
    """The teaching positions: each one's name (what :func:`position_view` takes, in code) and
    what it shows, in words."""
    return read({Code(name): POSITIONS[name].title for name in sorted(POSITIONS)})


def position_view(name: str, seat: int = 0, bots: Sequence[str] = ("greedy",)) -> StationMasterView:
    """A station view of position ``name`` (see ``POSITIONS``), for ``seat``; bots play the other
    seats and answer at once after your moves (``auto=False``)."""
    p = POSITIONS[name] if name in POSITIONS else position_game(name)  # an unknown name: the DataError
    table = Table(players=p.players, humans=[seat], bots=list(bots), seed=p.seed, rules=dict(p.rules),
                  game="station-master", describe=log_entry, setup=p.setup)
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

"""Serve the Station Master view for the browser tests (and by hand):

``python tests/browser/station_serve.py --port 5006 [--seed 3] [--bot-delay 0.15]``

* ``/app``: a game of one's own against three bots (4 players, the seed given);
* ``/app?table=shared&seat=N``: seat N of one shared 3-player table (seats 1 and 2 are people,
  seat 3 a bot), dealt from :data:`SHARED_SETUP` so a test knows who holds what;
* ``/app?table=shared``: the same table, watched by a spectator (``seat=0``);
* ``/app?table=cards&seat=N``: another shared table like it, dealt from :data:`CARDS_SETUP`
  (seat 1 holds cards that cannot be played before any train has a carriage);
* ``/app?table=repair&seat=1`` and ``/app?table=repair-optional&seat=1``: seat 1 of a 2-player
  table against a bot, holding a Repair card with carriages among the top discards
  (:data:`REPAIR_SETUP`), under the seed's rule and with ``repair_optional``;
* ``/app?table=tie&seat=N``: a finished 2-player game tied on points (the teaching position
  ``end-tie``), won by Player 1's best single train.

The pages are made by the served app's own :func:`railkit.viz.shell.lobby.create_app`.
"""

from __future__ import annotations

import argparse

import panel as pn

from railkit.viz.shell import lobby as app_module
from railkit.viz.shell.table import Table
from railkit.viz.station_master.view import StationMasterView

#: The shared table's deal: seat 2 (index 1) holds cards that seat 1 never holds and that are not
#: in the discard pile, so a test can look for their names in everything seat 1's page receives.
SHARED_SETUP = {
    "station": ["L5", "L4", "L6"],
    "hands": [["+1", "+2", "-1"], ["royal", "transfer", "lux+5"], ["-2", "-3", "+3"]],
    "to_move": 0,
}
SECRET_CARDS = ["Royal Carriage", "Transfer Passengers", "Luxury +5"]

#: The other shared table's deal: seat 1 (index 0) is to move and holds Uncouple and the Royal
#: Carriage, which need a train with a carriage (none has one yet), and a carriage it can play.
CARDS_SETUP = {
    "station": ["L5", "L4", "L6"],
    "hands": [["uncouple", "royal", "+2"], ["transfer", "lux+5", "-1"], ["-2", "-3", "+3"]],
    "to_move": 0,
}


#: Seat 1 (index 0) is to move and holds Repair (top 3); the top three discards are carriages.
REPAIR_SETUP = {
    "station": ["L5", "L4"],
    "hands": [["repair-3", "+1", "-1"], ["+2", "-2", "+3"]],
    "discard": ["lux+5", "-2", "+1"],
    "to_move": 0,
}


def make_repair(seed: int, bot_delay: float, optional: bool) -> Table:
    return Table(players=2, humans=[0], bots=["greedy"], seed=seed, game="station-master", bot_delay=bot_delay,
                 setup=REPAIR_SETUP, rules={"repair_optional": optional})


def make_tie(bot_delay: float) -> Table:
    """The teaching position ``end-tie`` played to its end at a table of two people."""
    from railkit.games.station_master.positions import POSITIONS

    p = POSITIONS["end-tie"]
    t = Table(players=p.players, humans=[0, 1], seed=p.seed, game="station-master", bot_delay=bot_delay,
              setup=p.setup, rules=dict(p.rules))
    for move in p.moves + (p.play,):
        assert t.apply(t.game.current_player, move) is None, move
    return t


def make_shared(seed: int, bot_delay: float, setup: dict = SHARED_SETUP) -> Table:
    return Table(players=3, humans=[0, 1], bots=["greedy"], seed=seed, game="station-master",
                 bot_delay=bot_delay, setup=setup)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=5006)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--bot-delay", type=float, default=0.15)
    a = p.parse_args(argv)
    tables = {b"shared": make_shared(a.seed, a.bot_delay), b"cards": make_shared(a.seed, a.bot_delay, CARDS_SETUP),
              b"repair": make_repair(a.seed, a.bot_delay, False),
              b"repair-optional": make_repair(a.seed, a.bot_delay, True), b"tie": make_tie(a.bot_delay)}

    def page():
        args = pn.state.session_args or {}
        name = args.get("table", [b""])[0]
        if name in tables:
            if args.get("seat", [b""])[0] == b"0":
                return app_module._page("station-master", StationMasterView(tables[name], seat=None), name.decode())
            return app_module.create_app("station-master", table=tables[name], bot_delay=a.bot_delay)
        t = Table(players=4, humans=[0], bots=["greedy"], seed=a.seed, game="station-master",
                  bot_delay=a.bot_delay)
        return app_module._page("station-master", StationMasterView(t, seat=0), None)

    origins = [f"127.0.0.1:{a.port}", f"localhost:{a.port}"]
    pn.serve({"app": page}, port=a.port, address="127.0.0.1", show=False, liveness=True,
             title="railkit: Station Master", websocket_origin=origins)


if __name__ == "__main__":
    main()

"""The served Ticket to Ride app (``railkit serve ticket-to-ride``).

Every browser session gets its own game, unless the URL names a shared table:
``http://127.0.0.1:5006/?table=NAME&seat=K`` (``K`` = 1 for the first seat;
``&players=N`` for the first browser at a new table, default 2; every seat of a
new shared table is played by a person).
All sessions at a table see the same board, but each sees only its own seat's
hand and tickets (the view is built from ``game.observe(seat)``). Joining a
table with a seat a bot plays takes that seat over. Tables live in
``pn.state.cache`` for the life of the server process.
"""

from __future__ import annotations

import panel as pn

from railkit.viz.controller import GameController
from railkit.viz.table import Table

_CACHE_KEY = "railkit-ttr-tables"


def _tables() -> dict:
    return pn.state.cache.setdefault(_CACHE_KEY, {})


def _arg(name: str) -> str | None:
    args = getattr(pn.state, "session_args", None) or {}
    vals = args.get(name)
    if not vals:
        return None
    v = vals[0]
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def get_table(name: str, seats: int = 1, players: int | None = None, **kw) -> Table:
    """The shared table called ``name`` (created on first use with ``seats`` human seats)."""
    tables = _tables()
    if name not in tables:
        players = max(players or seats, 2)
        tables[name] = Table(players=players, humans=list(range(seats)), **kw)
    return tables[name]


def create_app(seats: int = 1, table: Table | str | None = None, *, map: str | None = None,
               seed: int | None = None, bots: str | None = None, rules: dict | None = None,
               bot_delay: float = 0.5, auto: bool = True):
    """The app for one browser session.

    Parameters
    ----------
    seats : int
        Human seats at a new table (the rest of at least 2 players are bots).
    table : Table or str, optional
        Play at this table (a shared table name, or a Table object). The URL
        arguments ``?table=NAME&seat=K`` override it.
    map, seed, bots : optional
        Defaults for a new game (URL arguments ``map``, ``seed`` and ``bots`` override).
    rules : dict, optional
        Rule settings for a new game (e.g. ``{"hand_size": 10}``).
    bot_delay : float
        Seconds between two bot actions (so people can follow them).
    """
    name = _arg("table") or (table if isinstance(table, str) else None)
    seat_arg = _arg("seat")
    map = _arg("map") or map or "usa"
    seed_arg = _arg("seed")
    seed = int(seed_arg) if seed_arg and seed_arg.lstrip("-").isdigit() else (seed or 0)
    bots = _arg("bots") or bots or "greedy-route"
    try:
        seat = max(0, int(seat_arg) - 1) if seat_arg else 0
    except ValueError:
        seat = 0
    if isinstance(table, Table):
        t = table
    elif name:
        players_arg = _arg("players")
        players = int(players_arg) if players_arg and players_arg.isdigit() else max(seats, seat + 1, 2)
        t = get_table(name, seats=players, map=map, seed=seed, bots=[bots], rules=rules, bot_delay=bot_delay)
    else:
        t = Table(players=max(seats, 2), humans=list(range(seats)), map=map, seed=seed, bots=[bots], rules=rules,
                  bot_delay=bot_delay)
    seat = min(seat, t.game.players - 1)
    if name and not t.is_human(seat):
        t.take_seat(seat)  # joining a shared table takes a bot's seat over
    ctl = GameController(t, seat=seat, auto=auto)
    editor = _editor_for(ctl)
    header = pn.pane.Markdown(
        f"## Ticket to Ride — railkit  \nYou play **{t.game.names[seat]}**"
        + (f" at table **{name}**" if name else "")
        + ". Click a route on the map to claim it; click a face-up card or the deck to draw.",
        css_classes=["header"])
    tabs = pn.Tabs(("Play", ctl), ("Map editor", editor), dynamic=True)
    editor.on_play(lambda m: tabs.param.update(active=0))
    return pn.Column(header, tabs, sizing_mode="stretch_width")


def _editor_for(ctl: GameController, folder=None):
    """A map editor whose "Play this map" saves the map and starts a game on it at ``ctl``'s table."""
    from railkit.maps import MAPS_DIR
    from railkit.viz.editor import MapEditor

    folder = folder or MAPS_DIR
    editor = MapEditor("teaching-small", folder=folder)
    editor.w_name.value = "my-map"  # never overwrite a map that ships with railkit by accident

    def play(m) -> None:
        path = editor.save()
        t = ctl.table
        t.new_game(players=t.game.players, humans=t.humans or [ctl.seat], bots=list(t.bot_names.values()) or
                   ["greedy-route"], rules=t.game.rules, seed=t.game.seed if isinstance(t.game.seed, int) else 0,
                   map=str(path))
        ctl.refresh(force=True)

    editor.on_play(play)
    return editor


def serve(port: int = 5006, seats: int = 1, show: bool = False, address: str = "127.0.0.1", **app_options):
    """Serve the app on ``address:port`` (blocks). Each browser session calls :func:`create_app`.

    ``app_options`` (``map``, ``seed``, ``bots``, ``rules``, ``bot_delay``) are
    passed to :func:`create_app`. ``/liveness`` answers when the server is up
    (for tests and health checks).
    """
    origins = [f"{address}:{port}", f"localhost:{port}", f"127.0.0.1:{port}"]
    return pn.serve(lambda: create_app(seats=seats, **app_options), port=port, address=address, show=show,
                    liveness=True, title="railkit: Ticket to Ride", websocket_origin=origins)


def main(argv=None) -> None:  # pragma: no cover - thin command-line wrapper
    """``python -m railkit.viz.app --port 5006 --seats 1 [--map M --seed S --bots B --rules JSON]``."""
    import argparse
    import json

    p = argparse.ArgumentParser(description="Serve the railkit Ticket to Ride app on 127.0.0.1.")
    p.add_argument("--port", type=int, default=5006)
    p.add_argument("--seats", type=int, default=1)
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument("--map", default="usa")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="greedy-route")
    p.add_argument("--bot-delay", type=float, default=0.5)
    p.add_argument("--rules", default=None, help='rule settings as JSON, e.g. \'{"hand_size": 10}\'')
    a = p.parse_args(argv)
    serve(port=a.port, seats=a.seats, address=a.address, map=a.map, seed=a.seed, bots=a.bots,
          bot_delay=a.bot_delay, rules=json.loads(a.rules) if a.rules else None)


if __name__ == "__main__":  # pragma: no cover
    main()

"""The server of a served app (``railkit serve GAME``, ``python -m railkit.viz.shell.serve GAME``):
Panel's server on this machine's address only, with the host and origin guard
(:mod:`railkit.viz.shell.guard`), an optional login, and every file a page needs served
from here (an offline classroom reaches no CDN).
"""

from __future__ import annotations

import html

import panel as pn

from railkit.games import get_spec
from railkit.viz.shell.games import served_games, viz_of
from railkit.viz.shell.guard import origin_guard, own_hosts
from railkit.viz.shell.journal import KEEP_FINISHED, RESTARTING, TableStore
from railkit.viz.shell.lobby import create_app, lobby_tables


def serve(game: str, port: int = 5006, seats: int = 1, show: bool = False,
          address: str = "127.0.0.1", basic_auth: str | None = None, state_dir=None,
          keep_finished: float = KEEP_FINISHED, hotseat: bool = False, **app_options):
    """Serve ``game`` on ``address:port`` (blocks). Each browser session calls
    :func:`~railkit.viz.shell.lobby.create_app`.

    ``app_options`` (``map``, ``seed``, ``bots``, ``rules``, ``bot_delay`` and the game's
    own) are passed to :func:`~railkit.viz.shell.lobby.create_app`; the game's view package
    takes the options that set up its server first (its ``prepare_server``: e.g. the folder
    its served editor saves in). ``/liveness`` answers when the server is up (for tests and
    health checks). ``basic_auth`` (a password, or the path of a JSON file of
    ``{"user": "password"}``) makes every browser log in first.

    With ``state_dir`` and a lobby (``seats`` > 1) every table is journaled in that folder
    and the tables kept there are restored first (:mod:`railkit.viz.shell.journal`): what
    was restored, dropped or refused is printed (refusals on stderr, naming the file and
    the line). SIGTERM or SIGINT stops the server gracefully (:func:`serve_page`).

    With ``hotseat`` there is no lobby: every browser gets a game whose ``seats`` people
    take turns at that page, behind a curtain (:mod:`railkit.viz.shell.hotseat`).
    """
    viz = viz_of(game)  # a clear error before the server starts
    prepare = getattr(viz, "prepare_server", None)
    if prepare is not None:
        prepare(app_options)
    hosts = own_hosts(address, port)
    store = None
    lobby = seats > 1 and not hotseat
    if state_dir is not None and lobby:
        store = restore_tables(game, state_dir, keep_finished, app_options.get("bot_delay", 0.5))
    return serve_page(lambda: create_app(game, seats=seats, hosts=hosts, store=store, hotseat=hotseat, **app_options),
                      port=port, address=address, show=show, title=f"railkit: {get_spec(game).title}",
                      basic_auth=basic_auth, on_stop=store.close if store is not None else None,
                      on_start=play_bots if lobby else None)


#: milliseconds between two looks at the lobby's tables for a bot whose turn it is
BOT_POLL_MS = 100


def play_bots(server) -> None:
    """Let the server play the bots of every table of the lobby (:func:`drive_bots` every
    :data:`BOT_POLL_MS`), whether a page shows the table or not: a table restored after a
    restart goes on before anybody opens it again, as it went on before the restart."""
    from tornado.ioloop import PeriodicCallback

    PeriodicCallback(lambda: drive_bots(lobby_tables()), BOT_POLL_MS).start()


def drive_bots(tables: dict) -> int:
    """One move of each table's bot whose turn it is and whose delay has passed
    (:meth:`~railkit.viz.shell.table.Table.bot_due`); returns the number of moves.

    >>> from railkit.games import names
    >>> from railkit.viz.shell.table import Table
    >>> t = Table(players=2, humans=[1], bots=["random"], seed=3, game=names()[0], bot_delay=0)
    >>> drive_bots({"class-a": t}), t.actors
    (1, [0])
    """
    import sys
    import traceback

    moves = 0
    for name, table in list(tables.items()):
        if not table.bot_due():
            continue
        try:
            moves += table.step_bot()
        except Exception:  # one table's failing bot leaves the other tables playing
            print(f"railkit serve: the bot of table {name} failed:", file=sys.stderr, flush=True)
            traceback.print_exc()
    return moves


def restore_tables(game: str, state_dir, keep_finished: float, bot_delay: float) -> TableStore:
    """The lobby's tables kept in ``state_dir``, put in the lobby (``pn.state.cache``), and
    the store that journals them from now on; says what it did (refusals on stderr)."""
    import sys

    store = TableStore(state_dir, game, keep_finished)
    found = store.restore(bot_delay=bot_delay)
    lobby_tables().update(found.tables)
    for message in found.refused:
        print(f"railkit serve: a table is not restored: {message}", file=sys.stderr, flush=True)
    for name in found.torn:
        print(f"railkit serve: {name}: its last line was cut short by a crash and is dropped", flush=True)
    print(f"railkit serve: {len(found.tables)} table(s) restored from {store.folder} in {found.seconds:.2f} s"
          + (f", {len(found.removed)} finished one(s) removed" if found.removed else ""), flush=True)
    return store


#: The login page of ``--basic-auth``: Panel's form with nothing from a CDN (a classroom
#: may be offline). Jinja2: ``login_endpoint`` and ``errormessage`` come from Panel.
LOGIN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{TITLE}}: log in</title>
<link rel="icon" href="data:,">
<style>body{font-family:sans-serif;background:#fafafa;display:flex;justify-content:center;margin-top:10vh}
form{background:#fff;border:1px solid #ddd;padding:2em;width:320px}
input,button{display:block;width:100%;padding:10px;margin:0 0 1em;box-sizing:border-box}
.errormessage{color:#b00;font-weight:bold}</style></head>
<body><form class="login-form" action=".{{ login_endpoint }}" method="post">
<h3>{{TITLE}}</h3><p>Log in to play.</p>
<p class="errormessage">{{ errormessage|escape }}</p>
<input name="username" type="text" autocapitalize="off" autocorrect="off" placeholder="name" aria-label="name">
<input name="password" type="password" placeholder="password" aria-label="password">
<button type="submit">Log in</button></form></body></html>
"""


def local_stylesheets() -> None:
    """Keep Panel's stylesheets on this server for components made in a session's callbacks.

    Panel 1.9 points a component's stylesheets at the page's own ``dist_url``, but a
    model that is not yet in its document has none, and Panel then points them at its CDN
    (seen: the board made anew for another map asked cdn.holoviz.org for three style
    sheets, which an offline classroom cannot reach). With resources served by this
    server, such a stylesheet keeps the local address Panel gave it. Wraps
    ``patch_stylesheet`` where Panel calls it (once).
    """
    import panel.reactive
    from panel.io import resources

    original = resources.patch_stylesheet
    if getattr(original, "_railkit_local", False):
        return

    def patch_stylesheet(stylesheet, dist_url):
        if dist_url == resources.CDN_DIST and not resources.use_cdn():
            return None
        return original(stylesheet, dist_url)

    patch_stylesheet._railkit_local = True
    resources.patch_stylesheet = patch_stylesheet
    panel.reactive.patch_stylesheet = patch_stylesheet


def safe_query_params() -> None:
    """Read a page address's arguments without failing on odd digits.

    Panel's ``Location`` reads the address with ``panel.util.parse_query``, which takes every
    value ``str.isdigit`` accepts for a whole number and converts it with ``int``; a
    superscript or another script's digit (``?seed=%C2%B2``) is a digit to ``isdigit`` but
    not to ``int``, and the page was an HTTP 500. Such a value stays text (railkit reads
    numbers from the address with one bounded helper, ``lobby._int_arg``, which refuses it
    in words). Wraps ``parse_query`` where ``Location`` calls it (once).
    """
    from urllib.parse import parse_qsl, urlencode

    from panel.io import location

    original = location.parse_query
    if getattr(original, "_railkit_safe", False):
        return

    def parse_query(query: str) -> dict:
        pairs = parse_qsl(query[1:])
        odd = {k: v for k, v in pairs if v.isdigit() and not v.isascii()}
        parsed = original("?" + urlencode([(k, v) for k, v in pairs if k not in odd]))
        parsed.update(odd)
        return parsed

    parse_query._railkit_safe = True
    location.parse_query = parse_query


def serve_page(factory, *, port: int, address: str, show: bool, title: str, basic_auth: str | None = None,
               on_stop=None, on_start=None):
    """Serve the page ``factory()`` makes for each browser session, on this machine's
    ``address`` only, refusing websockets from other origins; ``/liveness`` for health checks.

    Every answer says that no other site may show it in a frame (``X-Frame-Options``,
    ``Content-Security-Policy: frame-ancestors 'self'``), and a page asked for by
    another site gets a plain page instead (:func:`origin_guard`).

    With ``basic_auth`` Panel's basic-auth provider asks for the password (or a user
    and password from the JSON file it names) before any page; the login cookie is
    signed with a fresh random secret, so a restart logs everybody out. ``/liveness``
    stays open (it tells only that the server is up).

    ``on_start(server)`` is called once the server is made, on its event loop's thread,
    before it starts (the lobby's bots: :func:`play_bots`).

    Every file a page needs comes from this server: with Bokeh's resources set to anything
    but ``server`` (``BOKEH_RESOURCES=inline``, say), Panel links its loading stylesheet
    from its CDN, which an offline classroom cannot reach.
    """
    import sys

    from bokeh.settings import settings

    from railkit.viz.shell.notebook import inline_updates
    from railkit.viz.shell.view import tell_every_page

    settings.resources.set_value("server")
    # a component made after the page loaded (a new board after "Play this map") would link
    # its stylesheets from Panel's CDN: they stay on this server, or are inlined
    local_stylesheets()
    safe_query_params()  # '?seed=²' is text, not an HTTP 500
    inline_updates(always=True)
    # Panel reads every all-digit URL argument as an int: past Python's digit limit that is
    # an HTTP 500. Tornado caps a request's header at 64 KB, so no argument has more digits
    # than this, and reading one that long takes well under a tenth of a second.
    if hasattr(sys, "set_int_max_str_digits") and 0 < sys.get_int_max_str_digits() < 70_000:
        sys.set_int_max_str_digits(70_000)
    origins = own_hosts(address, port)
    factory = _for_every_page(factory)
    guard = [origin_guard(origins)]  # pages: frame headers, and none for another site
    if basic_auth:
        import os
        import secrets
        import tempfile

        # Panel reads the login page from a file once, when the server is made: a temporary one
        with tempfile.NamedTemporaryFile("w", prefix="railkit-login-", suffix=".html", delete=False) as fh:
            fh.write(LOGIN_PAGE.replace("{{TITLE}}", html.escape(title)))
        try:
            server = pn.serve(factory, port=port, address=address, show=show, liveness=True, title=title,
                              websocket_origin=origins, start=False, basic_auth=basic_auth,
                              cookie_secret=secrets.token_urlsafe(32), oauth_guest_endpoints=["/liveness"],
                              login_template=fh.name, transforms=guard)
        finally:
            os.unlink(fh.name)
    else:
        server = pn.serve(factory, port=port, address=address, show=show, liveness=True, title=title,
                          websocket_origin=origins, transforms=guard, start=False)
    stop_gracefully(server, on_stop, tell_every_page)
    if on_start is not None:
        on_start(server)
    server.start()
    server.io_loop.start()
    return server


def _for_every_page(factory):
    """``factory``, whose pages fit a phone (:func:`~railkit.viz.shell.phone.fit_phone`) and
    name every slider and checkbox for a screen reader
    (:func:`~railkit.viz.shell.access.name_controls`)."""
    from railkit.viz.shell.access import name_controls
    from railkit.viz.shell.phone import fit_phone

    def page():
        fit_phone()
        made = factory()
        name_controls(pn.state.curdoc)
        return made

    return page


#: seconds between telling the pages that the server stops and stopping it (the message goes out)
STOP_GRACE = 1.0


def stop_gracefully(server, on_stop, tell) -> None:
    """On SIGTERM or SIGINT: ``on_stop()`` (the tables take no more moves; their journals
    are on the disk already), ``tell(text)`` every open page that the server is restarting,
    then stop ``server`` :data:`STOP_GRACE` seconds later (the command then exits 0)."""
    import signal

    stopping = []

    def stop() -> None:
        if stopping:
            return
        stopping.append(True)
        if on_stop is not None:
            on_stop()
        tell(RESTARTING)
        server.io_loop.call_later(STOP_GRACE, server.io_loop.stop)

    def on_signal(signum, frame) -> None:
        server.io_loop.add_callback_from_signal(stop)

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            signal.signal(sig, on_signal)
        except ValueError:  # pragma: no cover - not the main thread (a test's server)
            pass


def main(argv=None) -> None:  # pragma: no cover - thin command-line wrapper
    """``python -m railkit.viz.shell.serve GAME --port 5006 --seats 1 [--map M --seed S --bots B --rules JSON]``."""
    import argparse
    import json

    p = argparse.ArgumentParser(description="Serve a railkit game on 127.0.0.1.")
    p.add_argument("game", choices=served_games())
    p.add_argument("--port", type=int, default=5006)
    p.add_argument("--seats", type=int, default=1)
    p.add_argument("--hotseat", action="store_true", help="the seats take turns at one browser")
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument("--map", default=None)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--bots", default=None)
    p.add_argument("--bot-delay", type=float, default=0.5)
    p.add_argument("--rules", default=None, help='rule settings as JSON, e.g. \'{"hand_size": 10}\'')
    p.add_argument("--maps-dir", default=None, help="the user maps folder (default: my-maps here)")
    a = p.parse_args(argv)
    own = {k: v for k, v in (("map", a.map), ("maps_dir", a.maps_dir)) if v is not None}  # the game's own
    serve(a.game, port=a.port, seats=a.seats, address=a.address, seed=a.seed, bots=a.bots, hotseat=a.hotseat,
          bot_delay=a.bot_delay, rules=json.loads(a.rules) if a.rules else None, **own)


if __name__ == "__main__":  # pragma: no cover
    main()

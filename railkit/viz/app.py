"""The served apps (``railkit serve GAME``), the same for every game with a view.

With one person per table (``--seats 1``) every browser session gets its own
game against bots, with a fresh random seed unless the server was given one.

With ``--seats N`` (N > 1) the plain URL opens the **lobby**: make a table, see
its seat links, join a free seat, or watch. Joining gives the browser the seat's
secret token, kept in its link (``?table=T&seat=K&token=...``), so a reload
keeps the seat and nobody else can take it. A browser without a seat's token is
a **spectator**: the board, the public information and the log, never a hand.
Every seat sees only what ``game.observe(seat)`` shows it. Tables live in
``pn.state.cache`` for the life of the server process.

URL arguments are data, never paths: a map is chosen by name among the maps
railkit knows; a bad argument gives a plain message in the page.
"""

from __future__ import annotations

import html
import importlib
import re

import panel as pn

from railkit.core.errors import DataError
from railkit.viz.table import NotAllowed, Table, seat_names

#: game name -> "module:Class" of its view (a TableShell subclass)
VIEWS = {
    "ticket-to-ride": "railkit.viz.controller:GameController",
    "station-master": "railkit.viz.station:StationMasterView",
    "steam-rollers": "railkit.viz.steam:SteamRollersView",
}

#: the bot a served game uses unless told otherwise
DEFAULT_BOTS = {"ticket-to-ride": "greedy-route", "station-master": "greedy", "steam-rollers": "greedy"}

#: players at a table of one person against bots (the game's usual table; else 2)
SOLO_PLAYERS = {"station-master": 4}

_CACHE_KEY = "railkit-tables"
TABLE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


def view_class(game: str):
    """The view (TableShell subclass) of ``game``; DataError for a game without one."""
    if game not in VIEWS:
        raise DataError("game", "$", "a game with a served view: " + ", ".join(sorted(VIEWS)), game)
    module, name = VIEWS[game].split(":")
    return getattr(importlib.import_module(module), name)


def _tables() -> dict:
    return pn.state.cache.setdefault(_CACHE_KEY, {})


def _arg(name: str) -> str | None:
    args = getattr(pn.state, "session_args", None) or {}
    vals = args.get(name)
    if not vals:
        return None
    v = vals[0]
    return (v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v))[:200]


def _int_arg(name: str, lo: int, hi: int) -> int | None:
    text = _arg(name)
    if text is None:
        return None
    if not text.isdigit() or len(text) > 6 or not lo <= int(text) <= hi:
        raise DataError(f"?{name}=", "$", f"a whole number from {lo} to {hi}", text)
    return int(text)


def _map_arg(default: str | None) -> str | None:
    from railkit.maps import available

    name = _arg("map") or default
    if name is not None and name not in available():
        raise DataError("?map=", "$", "one of the maps " + ", ".join(available()), name)
    return name


def _error_page(game: str, exc: Exception):
    reason = getattr(exc, "reason", None) or str(exc)
    return pn.Column(pn.pane.HTML(f"<h2>railkit</h2><p><b>This page cannot be shown:</b> "
                                  f"{html.escape(reason, quote=False)}</p>"
                                  f"<p><a href='?'>Start again</a></p>", css_classes=["error"]))


def _title(game: str) -> str:
    from railkit.games import get_spec

    return get_spec(game).title


def new_table(game: str, players: int, people: int, **kw) -> Table:
    """A table for ``game`` with ``people`` seats for people (the first ones) and bots in the rest."""
    return Table(players=players, humans=list(range(people)), game=game, **kw)


def create_app(game: str = "ticket-to-ride", seats: int = 1, table: Table | None = None, *, map: str | None = None,
               seed: int | None = None, bots: str | None = None, rules: dict | None = None,
               bot_delay: float = 0.5, auto: bool = True, solo: bool = False, difficulty: str | None = None,
               hosts: list[str] | None = None):
    """The page for one browser session (the lobby, a seat, a spectator, or a game of one's own).

    Parameters
    ----------
    game : str
        The game served.
    seats : int
        People per table: 1 gives every browser its own game against bots; more
        opens the lobby.
    table : Table, optional
        Play this table (tests and notebooks); the URL's ``seat`` picks the seat.
    map, seed, bots, rules : optional
        Defaults for new games (``map`` also from the URL, by name).
    bot_delay : float
        Seconds between two bot actions (so people can follow them).
    solo, difficulty : optional
        Steam Rollers alone against Olivia, at this level (default clerk).
    hosts : list of str, optional
        The server's own ``host:port`` names (served apps): a session opened by a
        request another site made (:func:`request_verdict`) gets a plain page and
        never touches a table.
    """
    if hosts is not None:
        kind, why = _session_verdict(hosts)
        if kind != "ok":
            return pn.pane.HTML(f"<h2>railkit</h2><p>This page was asked for by another site "
                                f"({html.escape(why, quote=False)}): open the game's address yourself.</p>",
                                css_classes=["error"])
    try:
        return _create(game, seats, table, map=map, seed=seed, bots=bots, rules=rules, bot_delay=bot_delay,
                       auto=auto, solo=solo, difficulty=difficulty)
    except (DataError, NotAllowed) as exc:
        return _error_page(game, exc)


def _create(game, seats, table, *, map, seed, bots, rules, bot_delay, auto, solo=False, difficulty=None):
    view = view_class(game)
    options = {}
    if game == "ticket-to-ride":
        options["map"] = _map_arg(map)
    solo = solo and game == "steam-rollers"
    if solo:
        options["difficulty"] = difficulty or "clerk"
    bots = bots or DEFAULT_BOTS.get(game)
    defaults = dict(rules=rules, bot_delay=bot_delay, bots=[bots] if bots else None, **options)
    name = _arg("table")
    if table is not None:
        seat = (_int_arg("seat", 1, table.game.players) or 1) - 1
        return _page(game, view(table, seat=seat, auto=auto), None)
    if name is None:
        if seats > 1:
            return Lobby(game, seats, defaults=dict(defaults, seed=seed), auto=auto)
        players = 1 if solo else max(SOLO_PLAYERS.get(game, 2), seats)
        t = new_table(game, players, seats, seed=seed, **defaults)
        return _page(game, view(t, seat=0, auto=auto), None)
    if not TABLE_NAME.fullmatch(name):
        raise DataError("?table=", "$", "a table name of letters, digits, - and _ (up to 40)", name)
    t = _tables().get(name)
    if t is None:
        raise DataError("?table=", "$", "the name of a table made in the lobby", name)
    joining = _int_arg("join", 1, t.game.players)
    note = ""
    if joining is not None:
        try:
            token = t.join(joining - 1)
        except NotAllowed as exc:
            seat, note = None, exc.reason + " You are watching as a spectator."
        else:
            seat = joining - 1
            # the seat's own link from now on (once the page is up): a reload keeps the seat
            link = f"?table={name}&seat={joining}&token={token}"
            pn.state.onload(lambda: pn.state.location.param.update(search=link))
    else:
        asked = _int_arg("seat", 1, t.game.players)
        seat = t.seat_of(_arg("token"))
        if asked is not None and seat != asked - 1:
            seat, note = None, f"This link does not hold seat {asked}'s token: you are watching as a spectator."
    return _page(game, view(t, seat=seat, auto=auto), name, note)


def _page(game: str, ctl, table_name: str | None, note: str = ""):
    t = ctl.table
    if ctl.seat is None:
        who = "You are **watching** (spectator view: no hands are shown)"
    else:
        who = f"You play **{html.escape(seat_names(t.game)[ctl.seat], quote=False)}**"
    where = f" at table **{table_name}**" if table_name else ""
    header = pn.pane.Markdown(f"<h2>{_title(game)} — railkit</h2>\n\n{who}{where}."
                              + (f"  \n*{html.escape(note, quote=False)}*" if note else "")
                              + ("  \n[Back to the lobby](?)" if table_name else ""), css_classes=["header"])
    if game == "ticket-to-ride" and ctl.seat is not None and table_name is None:
        editor = _editor_for(ctl)
        tabs = pn.Tabs(("Play", ctl), ("Map editor", editor), dynamic=True)
        editor.on_play(lambda m: tabs.param.update(active=0))
        return pn.Column(header, tabs, sizing_mode="stretch_width")
    return pn.Column(header, ctl, sizing_mode="stretch_width")


_LOBBY_CSS = ("<style>table.lobby{border-collapse:collapse;margin-top:6px}"
              "table.lobby th,table.lobby td{border-bottom:1px solid #ddd;padding:6px 14px;text-align:left;"
              "vertical-align:top}table.lobby code{color:#555;font-size:0.85em}</style>")


class Lobby(pn.viewable.Viewer):
    """The lobby of a served game: make a table, see its seat links, join a free seat, watch.

    >>> lobby = Lobby("ticket-to-ride", 2, defaults={"map": "teaching-small", "seed": 1}, tables={})
    >>> lobby.make_table("class-a")
    'class-a'
    >>> [s for s, free in lobby.seats("class-a")]
    [1, 2]
    """

    def __init__(self, game: str, seats: int, *, defaults: dict | None = None, tables: dict | None = None,
                 auto: bool = True):
        from railkit.games import get_spec

        super().__init__()
        self.game = game
        self.spec = get_spec(game)
        self.people = seats
        self.defaults = dict(defaults or {})
        self.tables = _tables() if tables is None else tables
        self.w_name = pn.widgets.TextInput(label="Table name", placeholder="e.g. class-a", width=200)
        lo = max(self.spec.min_players, seats)
        self.w_players = pn.widgets.IntSlider(label="Players (people and bots)", start=lo,
                                              end=max(lo, self.spec.max_players), value=lo, width=220)
        self.make_btn = pn.widgets.Button(label="Make table", color="primary", css_classes=["make-table"])
        self.make_btn.on_click(lambda e: self._make())
        self.message = pn.pane.HTML("", css_classes=["message"])
        self.listing = pn.pane.HTML("", css_classes=["tables"], sizing_mode="stretch_width")
        self._seen = None
        self._callback = None
        self.auto = auto
        self.refresh()

    def make_table(self, name: str | None = None, players: int | None = None) -> str:
        """Make a table (a free name is chosen if none is given); returns its name."""
        name = (name or "").strip()
        if not name:
            k = len(self.tables) + 1
            while f"table-{k}" in self.tables:
                k += 1
            name = f"table-{k}"
        if not TABLE_NAME.fullmatch(name):
            raise DataError("table name", "$", "letters, digits, - and _ (up to 40)", name)
        if name in self.tables:
            raise NotAllowed(f"There is already a table called {name}.", "Pick another name, or join it below.")
        players = players or self.w_players.value
        self.tables[name] = new_table(self.game, players, min(self.people, players), **self.defaults)
        self.refresh()
        return name

    def _make(self) -> None:
        try:
            name = self.make_table(self.w_name.value, self.w_players.value)
        except (DataError, NotAllowed) as exc:
            self.message.object = f"<b>Cannot make the table:</b> {html.escape(getattr(exc, 'reason', str(exc)))}"
            return
        self.w_name.value = ""
        self.message.object = f"Table <b>{html.escape(name)}</b> is ready: join a seat below."

    def seats(self, name: str) -> list[tuple[int, bool]]:
        """The people's seats of table ``name`` (1-based) and whether each is free."""
        t = self.tables[name]
        free = set(t.free_seats())
        return [(s + 1, s in free) for s in t.humans]

    def refresh(self) -> None:
        from railkit.viz.shell import flush_stuck_writes, served

        if served():
            flush_stuck_writes(pn.state.curdoc)
        state = [(n, t.version) for n, t in self.tables.items()]
        if state == self._seen:
            return
        self._seen = state
        rows = []
        for name, t in sorted(self.tables.items()):
            names = seat_names(t.game)
            links = []
            for s, free in self.seats(name):
                label = html.escape(names[s - 1])
                href = f"?table={name}&join={s}"
                links.append(f"<a class='join' href='{href}' title='send this link to the player'>join as {label}</a>"
                             f" <code>{href}</code>" if free else f"<span class='taken'>{label}: taken</span>")
            bots = [f"{html.escape(names[s])} (bot)" for s in sorted(t.agents)]
            status = "game over" if t.game.is_over else f"{len(t.game.log)} actions played"
            rows.append(f"<tr><td><b>{html.escape(name)}</b></td><td>{'<br>'.join(links)}</td>"
                        f"<td>{', '.join(bots) or '—'}</td><td>{status}</td>"
                        f"<td><a class='watch' href='?table={name}'>watch</a></td></tr>")
        self.listing.object = (_LOBBY_CSS + "<table class='lobby'><tr><th>table</th><th>people's seats</th>"
                               "<th>bots</th><th>game</th><th>projector</th></tr>" + "".join(rows) + "</table>"
                               ) if rows else \
            "<i>No tables yet: make one.</i>"

    def __panel__(self):
        if self.auto and self._callback is None:
            self._callback = pn.state.add_periodic_callback(self.refresh, period=1000)
        return pn.Column(
            pn.pane.HTML(f"<h2>{_title(self.game)} — railkit lobby</h2>"
                         f"<p>Make a table for {self.people} people (bots take the other seats), then send each "
                         "person a join link, or open one yourself. A joined seat's link is that person's own: "
                         "it keeps the seat, and nobody else can take it. <i>Watch</i> shows the board and the "
                         "log for a projector, never a hand.</p>", sizing_mode="stretch_width"),
            pn.Row(self.w_name, self.w_players, self.make_btn), self.message, self.listing,
            sizing_mode="stretch_width")


def _editor_for(ctl, folder=None):
    """A map editor whose "Play this map" saves the map and starts a game on it at ``ctl``'s table.

    It saves into ``folder``, by default the user maps folder (``railkit serve
    --maps-dir``, see :func:`railkit.maps.use_user_maps`), else ``my-maps`` in the
    working directory; never into railkit's own ``maps/``. A map saved in the user maps
    folder is offered by name from then on (the map picker, ``?map=NAME``).
    """
    from pathlib import Path

    from railkit.maps import USER_MAPS_DEFAULT, available, user_maps_dir
    from railkit.viz.editor import MapEditor

    folder = Path(folder or user_maps_dir() or Path.cwd() / USER_MAPS_DEFAULT)
    editor = MapEditor("teaching-small", folder=folder)
    editor.w_name.value = "my-map"  # never overwrite a map that ships with railkit by accident

    def play(m) -> None:
        path = editor.save()
        names = available()
        t = ctl.table
        t.new_game(rules=t.game.rules, map=path.stem if path.stem in names else str(path), by=ctl.seat)
        picker = getattr(ctl, "w_map", None)
        if picker is not None and path.stem in names:
            picker.options = names
            picker.value = path.stem
        ctl.refresh(force=True)

    editor.on_play(play)
    return editor


# ---------------------------------------------------------------- pages from other sites
#: Sec-Fetch-Dest values of a request made to show the answer inside another page
FRAME_DESTS = ("iframe", "frame", "embed", "object", "fencedframe")
#: paths every page may load whoever asks (the same files for everybody, no table behind them);
#: the websocket has Bokeh's own origin check
OPEN_PATHS = ("/static/", "/liveness", "/favicon.ico", "/ws")
#: headers on every answer: no other site may show a page of this server inside its own
FRAME_HEADERS = {"X-Frame-Options": "SAMEORIGIN", "Content-Security-Policy": "frame-ancestors 'self'",
                 "Referrer-Policy": "same-origin"}


def _netloc(url: str | None) -> str | None:
    from urllib.parse import urlsplit

    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not host:
        return ""
    return f"{host}:{port}"


def _with_port(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:5006
        return host if "]:" in host else host + ":80"
    return host if ":" in host else host + ":80"


def request_verdict(headers, hosts, method: str = "GET") -> tuple[str, str]:
    """Whether a request for a page may have it: ``("ok", "")``, ``("confirm", why)``
    (a plain page asking the person to continue) or ``("refuse", why)``.

    ``hosts`` are this server's own ``host:port`` names. A page is refused when its
    ``Host`` is not one of them (a foreign name pointed at this machine), when its
    ``Origin`` is another one (a script or a form on another site), and when another
    site asks for it to show it inside its own page (``Sec-Fetch-Dest: iframe``) or
    to load it as a picture or a script. A link followed from another site (a top-level
    navigation, ``Sec-Fetch-Site: cross-site``, or a foreign ``Referer`` from a browser
    without fetch metadata) gets a page with a link to continue: it never takes a seat
    or shows one by itself. A typed address, a bookmark (no ``Origin``, ``Sec-Fetch-Site:
    none``), a link on this server's pages or on another page of this machine (another
    port of ``127.0.0.1``, ``localhost``) gets the page.

    >>> hosts = ["127.0.0.1:5006", "localhost:5006"]
    >>> request_verdict({"Host": "127.0.0.1:5006"}, hosts)
    ('ok', '')
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "cross-site",
    ...                  "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}, hosts)[0]
    'refuse'
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "cross-site",
    ...                  "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}, hosts)[0]
    'confirm'
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate",
    ...                  "Sec-Fetch-Dest": "document", "Referer": "http://127.0.0.1:8888/lab"}, hosts)
    ('ok', '')
    >>> request_verdict({"Host": "evil.example:5006"}, hosts)[0]
    'refuse'
    """
    def get(name: str) -> str | None:
        v = headers.get(name)
        if isinstance(v, list):
            v = v[0] if v else None
        return None if v is None else str(v)

    own = {_with_port(h) for h in hosts}
    local_names = {h.rsplit(":", 1)[0] for h in own}
    host = get("Host")
    if host is None or _with_port(host) not in own:
        return "refuse", "this server answers only to its own address, not to another name pointed at it"
    origin = get("Origin")
    if origin is not None and _netloc(origin) not in own:
        return "refuse", "a page of another site asked for this page"
    site = (get("Sec-Fetch-Site") or "").lower()
    referer = _netloc(get("Referer"))
    local_referer = bool(referer) and referer.rsplit(":", 1)[0] in local_names
    navigate = method in ("GET", "HEAD")
    if not site:  # a browser without fetch metadata, or a program: the Referer, if any, tells
        if referer and referer not in own and not local_referer:
            return ("confirm" if navigate else "refuse"), "the link was followed from another site"
        return "ok", ""
    if site in ("same-origin", "none"):
        return "ok", ""
    dest = (get("Sec-Fetch-Dest") or "").lower()
    mode = (get("Sec-Fetch-Mode") or "").lower()
    if dest in FRAME_DESTS:
        return "refuse", "another site tried to show this page inside its own"
    if mode != "navigate" or not navigate:
        return "refuse", "another site tried to load this page into its own"
    if local_referer or (site == "same-site" and referer is None and _is_literal_local(host)):
        return "ok", ""
    return "confirm", "the link was followed from another site"


def _is_literal_local(host: str) -> bool:
    """True for a Host that is an IP address or ``localhost``: then "same site" means this machine."""
    import ipaddress

    name = _with_port(host).rsplit(":", 1)[0].strip("[]")
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _confirm_page(target: str) -> str:
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>railkit: continue?</title>"
            "<link rel='icon' href='data:,'></head><body style='font-family:sans-serif;margin:10vh auto;"
            "max-width:36em'><h2>railkit</h2><p>You followed a link from another site to this game server. "
            "A page of another site cannot take a seat, show a seat or act at a table for you, so nothing "
            "has happened yet.</p>"
            f"<p><a class='continue' href='{html.escape(target)}'>Continue to the game</a></p></body></html>")


def _refused_page(why: str) -> str:
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>railkit: refused</title>"
            "<link rel='icon' href='data:,'></head><body style='font-family:sans-serif'><h2>railkit</h2>"
            f"<p>Refused: {html.escape(why, quote=False)}. Open the game's address yourself in a tab of "
            "its own.</p></body></html>")


def origin_guard(hosts):
    """A Tornado output transform for every answer of a served app (see :func:`request_verdict`):
    it adds :data:`FRAME_HEADERS`, and a page another site may not have is answered with a
    plain page instead (403 refused, or 200 with a link to continue), whatever the handler
    made. The page factory makes the same check before it touches a table
    (:func:`create_app` with ``hosts``), so such a request never acts either."""
    from tornado.web import OutputTransform

    hosts = tuple(hosts)

    class OriginGuard(OutputTransform):
        def __init__(self, request) -> None:
            super().__init__(request)
            self.verdict = ("ok", "")
            path = request.path or "/"
            if not any(path == p or (p.endswith("/") and path.startswith(p)) for p in OPEN_PATHS):
                self.verdict = request_verdict(request.headers, hosts, request.method or "GET")
                self.target = request.uri if (request.uri or "").startswith("/") and \
                    not request.uri.startswith("//") else "/"

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            for k, v in FRAME_HEADERS.items():
                headers[k] = v
            kind, why = self.verdict
            if kind == "ok":
                return status_code, headers, chunk
            body = (_refused_page(why) if kind == "refuse" else _confirm_page(self.target)).encode()
            for k in ("Set-Cookie", "Location", "Etag", "Content-Encoding"):
                headers.pop(k, None)
            headers["Content-Type"] = "text/html; charset=UTF-8"
            headers["Cache-Control"] = "no-store"
            headers["Content-Length"] = str(len(body))
            return (403 if kind == "refuse" else 200), headers, body

        def transform_chunk(self, chunk, finishing):
            return chunk if self.verdict[0] == "ok" else b""

    return OriginGuard


def _session_verdict(hosts) -> tuple[str, str]:
    """:func:`request_verdict` of the request that opened this browser session."""
    return request_verdict(dict(pn.state.headers or {}), hosts)


def serve(game: str = "ticket-to-ride", port: int = 5006, seats: int = 1, show: bool = False,
          address: str = "127.0.0.1", basic_auth: str | None = None, maps_dir=None, **app_options):
    """Serve ``game`` on ``address:port`` (blocks). Each browser session calls :func:`create_app`.

    ``app_options`` (``map``, ``seed``, ``bots``, ``rules``, ``bot_delay``) are
    passed to :func:`create_app`. ``/liveness`` answers when the server is up
    (for tests and health checks). ``basic_auth`` (a password, or the path of a JSON
    file of ``{"user": "password"}``) makes every browser log in first. ``maps_dir``:
    the user maps folder (default ``my-maps`` in the working directory): the served
    map editor saves there, and its maps are offered by name after railkit's own.
    """
    from pathlib import Path

    from railkit.maps import USER_MAPS_DEFAULT, use_user_maps

    view_class(game)  # a clear error before the server starts
    use_user_maps(Path(maps_dir) if maps_dir is not None else Path.cwd() / USER_MAPS_DEFAULT)
    hosts = own_hosts(address, port)
    return serve_page(lambda: create_app(game, seats=seats, hosts=hosts, **app_options), port=port,
                      address=address, show=show, title=f"railkit: {_title(game)}", basic_auth=basic_auth)


def own_hosts(address: str, port: int) -> list[str]:
    """The ``host:port`` names a browser uses for this server (its address, ``localhost``
    and ``127.0.0.1``): the only origins its pages and websockets answer.

    >>> own_hosts("127.0.0.1", 5006)
    ['127.0.0.1:5006', 'localhost:5006']
    """
    return list(dict.fromkeys([f"{address}:{port}", f"localhost:{port}", f"127.0.0.1:{port}"]))


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


def serve_page(factory, *, port: int, address: str, show: bool, title: str, basic_auth: str | None = None):
    """Serve the page ``factory()`` makes for each browser session, on this machine's
    ``address`` only, refusing websockets from other origins; ``/liveness`` for health checks.

    Every answer says that no other site may show it in a frame (``X-Frame-Options``,
    ``Content-Security-Policy: frame-ancestors 'self'``), and a page asked for by
    another site gets a plain page instead (:func:`origin_guard`).

    With ``basic_auth`` Panel's basic-auth provider asks for the password (or a user
    and password from the JSON file it names) before any page; the login cookie is
    signed with a fresh random secret, so a restart logs everybody out. ``/liveness``
    stays open (it tells only that the server is up).

    Every file a page needs comes from this server: with Bokeh's resources set to anything
    but ``server`` (``BOKEH_RESOURCES=inline``, say), Panel links its loading stylesheet
    from its CDN, which an offline classroom cannot reach.
    """
    import sys

    from bokeh.settings import settings

    from railkit.viz.notebook import inline_updates

    settings.resources.set_value("server")
    # a component made after the page loaded (a new board after "Play this map") would link
    # its stylesheets from Panel's CDN: they stay on this server, or are inlined
    local_stylesheets()
    inline_updates(always=True)
    # Panel reads every all-digit URL argument as an int: past Python's digit limit that is
    # an HTTP 500. Tornado caps a request's header at 64 KB, so no argument has more digits
    # than this, and reading one that long takes well under a tenth of a second.
    if hasattr(sys, "set_int_max_str_digits") and 0 < sys.get_int_max_str_digits() < 70_000:
        sys.set_int_max_str_digits(70_000)
    origins = own_hosts(address, port)
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
        server.start()
        server.io_loop.start()
        return server
    return pn.serve(factory, port=port, address=address, show=show, liveness=True, title=title,
                    websocket_origin=origins, transforms=guard)


def main(argv=None) -> None:  # pragma: no cover - thin command-line wrapper
    """``python -m railkit.viz.app [GAME] --port 5006 --seats 1 [--map M --seed S --bots B --rules JSON]``."""
    import argparse
    import json

    p = argparse.ArgumentParser(description="Serve a railkit game on 127.0.0.1.")
    p.add_argument("game", nargs="?", default="ticket-to-ride", choices=sorted(VIEWS))
    p.add_argument("--port", type=int, default=5006)
    p.add_argument("--seats", type=int, default=1)
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument("--map", default=None)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--bots", default=None)
    p.add_argument("--bot-delay", type=float, default=0.5)
    p.add_argument("--rules", default=None, help='rule settings as JSON, e.g. \'{"hand_size": 10}\'')
    p.add_argument("--maps-dir", default=None, help="the user maps folder (default: my-maps here)")
    a = p.parse_args(argv)
    serve(a.game, port=a.port, seats=a.seats, address=a.address, map=a.map, seed=a.seed, bots=a.bots,
          bot_delay=a.bot_delay, rules=json.loads(a.rules) if a.rules else None, maps_dir=a.maps_dir)


if __name__ == "__main__":  # pragma: no cover
    main()

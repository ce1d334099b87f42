"""The served apps (``railkit serve GAME``), the same for every game with a view.

With one person per table (``--seats 1``) every browser session gets its own
game against bots, with a fresh random seed unless the server was given one.

With ``--seats N`` (N > 1) the plain URL opens the **lobby**: make a table, see
its seat links, join a free seat, or watch. Joining gives the browser the seat's
secret token, kept in its link (``?table=T&seat=K&token=...``), so a reload
keeps the seat and nobody else can take it. A browser without a seat's token is
a **spectator**: the board, the public information and the log, never a hand.
Every seat sees only what ``game.observe(seat)`` shows it. Tables live in
``pn.state.cache``; with a state folder (``railkit serve --state-dir``) each one is
journaled there too (:mod:`railkit.viz.shell.journal`) and survives a restart.

URL arguments are data, never paths: a game reads only the options its spec names
(``spec.url_options``), and a bad argument gives a plain message in the page.
"""

from __future__ import annotations

import html
import re

import panel as pn

from railkit.core.errors import DataError
from railkit.core.i18n import Message, render, word
from railkit.games import get_spec
from railkit.viz.shell.games import view_class, viz_of
from railkit.viz.shell.guard import session_verdict
from railkit.viz.shell.phone import fit_phone
from railkit.viz.shell.style import TOUCH_LINKS
from railkit.viz.shell.table import NotAllowed, Table, seat_names
from railkit.viz.shell.words import relabel

_CACHE_KEY = "railkit-tables"
#: a table's name: what may be in it, as a pattern and in words (a name is data in a page's
#: address and in the lobby's links, never HTML)
TABLE_NAME = re.compile(r"[A-Za-z0-9 _-]{1,40}")
TABLE_NAME_RULE = "A table name may contain letters, digits, spaces and - _ (at most 40 characters)."
#: a number in a page's address: 1 to 6 ASCII digits (read by :func:`_int_arg` alone)
_WHOLE = re.compile(r"[0-9]{1,6}")


def check_table_name(name: str) -> str:
    """``name`` if it may name a table; else :class:`NotAllowed` saying in words what a name may hold.

    >>> check_table_name("class a")
    'class a'
    >>> check_table_name("<b>x</b>")
    Traceback (most recent call last):
    ...
    railkit.viz.shell.table.NotAllowed: A table name may contain letters, digits, spaces and - _ (at most 40 characters).
    """
    if not TABLE_NAME.fullmatch(name) or not name.strip():
        raise NotAllowed(TABLE_NAME_RULE, "Pick another name.")
    return name


def table_link(name: str, **args) -> str:
    """The link to table ``name`` with the address arguments ``args`` (a space written ``%20``).

    >>> table_link("class a", join=2)
    '?table=class%20a&join=2'
    """
    from urllib.parse import quote

    return f"?table={quote(name)}" + "".join(f"&{k}={v}" for k, v in args.items())


def lobby_tables() -> dict:
    """The lobby's tables of this server process, by name."""
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
    if not _WHOLE.fullmatch(text) or not lo <= int(text) <= hi:  # ASCII digits only: "²".isdigit() is true
        raise DataError(f"?{name}=", "$", f"a whole number from {lo} to {hi}", text)
    return int(text)


def _error_page(game: str, exc: Exception):
    reason = getattr(exc, "reason", None) or str(exc)
    return pn.Column(pn.pane.HTML(f"<h2>railkit</h2><p><b>This page cannot be shown:</b> "
                                  f"{html.escape(reason, quote=False)}</p>"
                                  f"<p><a href='?'>Start again</a></p>", css_classes=["error"]))


def _title(game: str) -> str:
    return get_spec(game).title


def new_table(game: str, players: int, people: int, **kw) -> Table:
    """A table for ``game`` with ``people`` seats for people (the first ones) and bots in the rest."""
    return Table(players=players, humans=list(range(people)), game=game, **kw)


def create_app(game: str, seats: int = 1, table: Table | None = None, *, seed: int | None = None,
               bots: str | None = None, rules: dict | None = None, bot_delay: float = 0.5, auto: bool = True,
               hosts: list[str] | None = None, store=None, hotseat: bool = False, **options):
    """The page for one browser session (the lobby, a seat, a spectator, a game of one's own,
    or a hot-seat game).

    Parameters
    ----------
    game : str
        The game served.
    seats : int
        People per table: 1 gives every browser its own game against bots; more
        opens the lobby.
    table : Table, optional
        Play this table (tests and notebooks); the URL's ``seat`` picks the seat.
    seed, bots, rules : optional
        Defaults for new games (``bots``: the game's default bot if not given).
    bot_delay : float
        Seconds between two bot actions (so people can follow them).
    hosts : list of str, optional
        The server's own ``host:port`` names (served apps): a session opened by a
        request another site made (:func:`~railkit.viz.shell.guard.request_verdict`)
        gets a plain page and never touches a table.
    store : TableStore, optional
        Where the lobby's tables are journaled (:class:`~railkit.viz.shell.journal.TableStore`).
    hotseat : bool
        True: no lobby; every browser gets its own game whose ``seats`` people take turns
        at that one page (:class:`~railkit.viz.shell.hotseat.HotSeat`); ``?players=K``
        adds bots up to K players.
    **options
        The game's own options (a map, playing alone against its solo opponent, ...):
        its view package's ``table_options`` reads them, with the page's address
        (see :mod:`railkit.viz.shell.games`).
    """
    fit_phone()
    if hosts is not None:
        kind, why = session_verdict(hosts)
        if kind != "ok":
            return pn.pane.HTML(f"<h2>railkit</h2><p>This page was asked for by another site "
                                f"({html.escape(why, quote=False)}): open the game's address yourself.</p>",
                                css_classes=["error"])
    try:
        return _create(game, seats, table, seed=seed, bots=bots, rules=rules, bot_delay=bot_delay, auto=auto,
                       store=store, options=options, hotseat=hotseat)
    except (DataError, NotAllowed) as exc:
        return _error_page(game, exc)


def _table_options(game: str, options: dict) -> dict:
    """The game options of a new table (see :func:`create_app`), ``players`` among them
    if the game sets the number of seats itself."""
    spec = get_spec(game)
    read = getattr(viz_of(spec), "table_options", None)
    if read is None:
        return {}
    return read(dict(options), lambda name: _arg(name) if name in spec.url_options else None)


def _create(game, seats, table, *, seed, bots, rules, bot_delay, auto, store, options, hotseat=False):
    view = view_class(game)
    options = _table_options(game, options)
    players = options.pop("players", None)
    bots = bots or get_spec(game).default_bot
    defaults = dict(rules=rules, bot_delay=bot_delay, bots=[bots], **options)
    name = _arg("table")
    if table is None and name is None and _arg("tutorial") == "1":
        from railkit.viz.shell.tutorial import tutorial_page

        return tutorial_page(game, auto=auto)
    if hotseat:
        from railkit.viz.shell.hotseat import HotSeat

        spec = get_spec(game)
        players = _int_arg("players", seats, spec.max_players) or max(players or 0, seats, spec.min_players)
        t = table or new_table(game, players, seats, seed=seed, **defaults)
        return HotSeat(t, view, auto=auto, title=f"{_title(game)} — railkit")
    if table is not None:
        seat = (_int_arg("seat", 1, table.game.players) or 1) - 1
        return _page(game, view(table, seat=seat, auto=auto), None)
    if name is None:
        if seats > 1:
            return Lobby(game, seats, defaults=dict(defaults, seed=seed), auto=auto, store=store)
        players = players or max(get_spec(game).solo_players, seats)
        t = new_table(game, players, seats, seed=seed, **defaults)
        return _page(game, view(t, seat=0, auto=auto), None)
    check_table_name(name)
    t = lobby_tables().get(name)
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
            link = table_link(name, seat=joining, token=token)
            pn.state.onload(lambda: pn.state.location.param.update(search=link))
    else:
        asked = _int_arg("seat", 1, t.game.players)
        seat = t.seat_of(_arg("token"))
        if asked is not None and seat != asked - 1:
            seat, note = None, f"This link does not hold seat {asked}'s token: you are watching as a spectator."
    return _page(game, view(t, seat=seat, auto=auto), name, note)


#: a game page's heading and who-plays line kept tight: the page's controls stay in view at 1280 x 720
HEADER_CSS = "h2{margin:6px 0 4px} p{margin:2px 0}" + TOUCH_LINKS


def _page(game: str, ctl, table_name: str | None, note: str = ""):
    fit_phone()
    t = ctl.table
    lang = ctl.lang  # the page's language (?lang= of its address, else the default)
    if ctl.seat is None:
        who = Message("You are **watching** (spectator view: no hands are shown)")
    else:
        who = Message("You play **{name}**", name=html.escape(seat_names(t.game, lang)[ctl.seat], quote=False))
    if table_name:
        who = Message("{who} at table **{table}**", who=who, table=table_name)
    said = Message("{sentence}.", sentence=who).render(lang)  # a sentence ends as the language ends it
    header = pn.pane.Markdown(f"<h2>{_title(game)} — railkit</h2>\n\n{said}"
                              + (f"  \n*{html.escape(note, quote=False)}*" if note else "")
                              + (f"  \n[{Message('Back to the lobby').render(lang)}](?)" if table_name else "")
                              + (f"  \n{_tutorial_link(game, lang)}" if ctl.seat is not None and not table_name else ""),
                              css_classes=["header"], stylesheets=[HEADER_CSS])
    extra_tabs = getattr(viz_of(game), "extra_tabs", None)
    if extra_tabs is not None and ctl.seat is not None and table_name is None:
        tabs = pn.Tabs((Message("Play").render(lang), ctl), dynamic=True)
        tabs.extend(extra_tabs(ctl, lambda: tabs.param.update(active=0)))
        return pn.Column(header, tabs, sizing_mode="stretch_width")
    return pn.Column(header, ctl, sizing_mode="stretch_width")


def _tutorial_link(game: str, lang: str | None = None) -> str:
    """A link to ``game``'s tutorial (``?tutorial=1``) in language ``lang``, or "" when it has none."""
    from railkit.viz.shell.tutorial import tutorial_games

    if not tutorial_games([game]):
        return ""
    return f"[{Message('Tutorial: learn to play step by step').render(lang)}](?tutorial=1)"


_LOBBY_CSS = ("<style>table.lobby{border-collapse:collapse;margin-top:6px}"
              "table.lobby th,table.lobby td{border-bottom:1px solid #ddd;padding:6px 14px;text-align:left;"
              "vertical-align:top}table.lobby code{color:#555;font-size:0.85em}</style>")


class Lobby(pn.viewable.Viewer):
    """The lobby of a served game: make a table, see its seat links, join a free seat, watch.

    >>> from railkit.games import names
    >>> lobby = Lobby(names()[0], 2, defaults={"seed": 1}, tables={})
    >>> lobby.make_table("class-a")
    'class-a'
    >>> [s for s, free in lobby.seats("class-a")]
    [1, 2]
    """

    def __init__(self, game: str, seats: int, *, defaults: dict | None = None, tables: dict | None = None,
                 auto: bool = True, store=None):
        super().__init__()
        self.store = store  # where new tables are journaled (None: in memory only)
        self.game = game
        self.spec = get_spec(game)
        self.people = seats
        self.defaults = dict(defaults or {})
        self.tables = lobby_tables() if tables is None else tables
        from railkit.viz.shell.view import page_language

        self.lang = page_language()  # ?lang= of the lobby's address, else the default
        self.w_name = pn.widgets.TextInput(label=word("Table name"), placeholder=word("e.g. class-a"), width=200)
        lo = max(self.spec.min_players, seats)
        self.w_players = pn.widgets.IntSlider(label=word("Players (people and bots)"), start=lo,
                                              end=max(lo, self.spec.max_players), value=lo, width=220)
        self.make_btn = pn.widgets.Button(label=word("Make table"), color="primary", css_classes=["make-table"])
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
            while f"table-{k}" in self.tables or (self.store is not None and self.store.taken(f"table-{k}")):
                k += 1
            name = f"table-{k}"
        check_table_name(name)
        if name in self.tables:
            raise NotAllowed(Message("There is already a table called {name}.", name=name),
                             Message("Pick another name, or join it below."))
        players = players or self.w_players.value
        table = new_table(self.game, players, min(self.people, players), **self.defaults)
        if self.store is not None:
            self.store.attach(name, table)
        self.tables[name] = table
        self.refresh()
        return name

    def _make(self) -> None:
        try:
            name = self.make_table(self.w_name.value, self.w_players.value)
        except (DataError, NotAllowed) as exc:
            self.message.object = (f"<b>{Message('Cannot make the table:').render(self.lang)}</b> "
                                   f"{html.escape(render(getattr(exc, 'reason', str(exc)), self.lang))}")
            return
        self.w_name.value = ""
        self.message.object = Message("Table {name} is ready: join a seat below.",
                                      name=f"<b>{html.escape(name)}</b>").render(self.lang)

    def seats(self, name: str) -> list[tuple[int, bool]]:
        """The people's seats of table ``name`` (1-based) and whether each is free."""
        t = self.tables[name]
        free = set(t.free_seats())
        return [(s + 1, s in free) for s in t.humans]

    def refresh(self) -> None:
        from railkit.viz.shell.view import flush_stuck_writes, served

        if served():
            flush_stuck_writes(pn.state.curdoc)
        state = [(n, t.version) for n, t in self.tables.items()]
        if state == self._seen:
            return
        self._seen = state
        lang = self.lang
        rows = []
        for name, t in sorted(self.tables.items()):
            names = seat_names(t.game, lang)
            links = []
            for s, free in self.seats(name):
                label = html.escape(names[s - 1])
                href = table_link(name, join=s)
                tip = html.escape(Message("send this link to the player").render(lang))
                links.append(f"<a class='join' href='{href}' title='{tip}'>"
                             f"{Message('join as {name}', name=label).render(lang)}</a> <code>{href}</code>" if free
                             else f"<span class='taken'>{Message('{name}: taken', name=label).render(lang)}</span>")
            bots = [Message("{name} (bot)", name=html.escape(names[s])).render(lang) for s in sorted(t.agents)]
            status = (Message("game over") if t.game.is_over else
                      Message("{n} action played", plural="{n} actions played", n=len(t.game.log))).render(lang)
            rows.append(f"<tr><td><b>{html.escape(name)}</b></td><td>{'<br>'.join(links)}</td>"
                        f"<td>{', '.join(bots) or '—'}</td><td>{status}</td>"
                        f"<td><a class='watch' href='{table_link(name)}'>{Message('watch').render(lang)}</a></td></tr>")
        heads = [Message("table"), Message("people's seats"), Message("bots"), Message("game"), Message("projector")]
        self.listing.object = (_LOBBY_CSS + "<table class='lobby'><tr>"
                               + "".join(f"<th>{html.escape(h.render(lang))}</th>" for h in heads) + "</tr>"
                               + "".join(rows) + "</table>") if rows else \
            f"<i>{Message('No tables yet: make one.').render(lang)}</i>"

    def say(self, text: str) -> None:
        """Show ``text`` on the lobby's message line."""
        self.message.object = f"<b>{html.escape(text, quote=False)}</b>"

    def __panel__(self):
        from railkit.viz.shell.view import open_page

        open_page(self)
        if self.auto and self._callback is None:
            self._callback = pn.state.add_periodic_callback(self.refresh, period=1000)
        page = pn.Column(
            pn.pane.HTML(f"<h2>{html.escape(Message('{game} — railkit lobby', game=_title(self.game)).render(self.lang))}"
                         "</h2><p>" + html.escape(Message(
                             "Make a table for {n} people (bots take the other seats), then send each person a join "
                             "link, or open one yourself. A joined seat's link is that person's own: it keeps the "
                             "seat, and nobody else can take it. Watch shows the board and the log for a projector, "
                             "never a hand.", n=self.people).render(self.lang)) + "</p>"
                         + (f"<p><a class='tutorial-link' href='?tutorial=1'>{Message('Tutorial').render(self.lang)}</a>"
                            f": {html.escape(Message('learn the game step by step, on a table of your own.').render(self.lang))}"
                            "</p>" if _tutorial_link(self.game) else ""),
                         sizing_mode="stretch_width", stylesheets=[TOUCH_LINKS]),
            pn.FlexBox(self.w_name, self.w_players, self.make_btn, flex_wrap="wrap"), self.message, self.listing,
            sizing_mode="stretch_width")
        relabel(page, self.lang)
        return page

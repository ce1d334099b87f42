"""The table shell: what every game's view of a :class:`~railkit.viz.shell.table.Table` has.

One seat's view (or a spectator's, ``seat=None``) of a table, for any game:
the message line, undo, the replay slider over the action log, save and load,
the action log, the end-of-game banner and a new-game form built from the game's
rules object (``pn.Param``) and presets. Bots move one action at a time with a
short visible delay (a periodic callback polls the table, which also brings
other people's moves at a shared table), or at once with ``auto=False``
(deterministic: notebooks and tests).

A game supplies only its own view by subclassing :class:`TableShell` (each game's
``railkit.viz.<game>.VIEW`` is one):

* ``_build_view()`` makes the game's widgets, ``_view()`` lays them out;
* ``_show(g, obs, my_turn, replay, legal)`` brings them up to date with game ``g``
  (the live game or an earlier position) as this seat sees it (``obs``);
* ``_option_widgets()`` / ``_options()`` add the game's options to the new-game
  form (the map, say); ``_bokeh_panes()`` names the panes of plain Bokeh models
  that must be pushed to a notebook after a change;
* ``offers_confirm = True`` gives each seat the setting "Confirm before my turn
  ends" (:attr:`TableShell.confirm`, on by default there): the move that would end
  the turn (it rolls the dice, draws blind, ends the game or hands the turn on) is
  not played but kept back, shown by the game's view (:attr:`TableShell.pending`,
  :meth:`TableShell.pending_game`), until the player presses "Confirm turn"; Undo
  takes it back. The table, its journal and the other seats see nothing of it
  until then: a move is public once it is played;
* ``confirm_moves_label`` ("Confirm before claiming") and ``needs_confirm(action)`` name
  the moves a seat may choose to be asked about (:attr:`TableShell.confirm_moves`): kept
  back the same way, with Confirm and Cancel beside the hints (:mod:`~railkit.viz.shell.assist`);
  ``show_hint(action)`` shows a hinted move without playing it.

In a notebook, nothing is sent to the page before the page has shown the view
and opened its connection: until then changes are kept, and the whole view is
brought up to date once it is open (changes sent earlier were dropped or
arrived out of order, so the view contradicted itself after Run All).
"""

from __future__ import annotations

import html
import weakref

import panel as pn
import param

from railkit.agents import agents_of
from railkit.core import i18n
from railkit.core.errors import DataError
from railkit.core.i18n import Message, word
from railkit.viz.shell.assist import WIDTH as ASSIST_WIDTH, Assist
from railkit.viz.shell.banner import WinnerBanner
from railkit.viz.shell.style import FIT_TEXT, FIT_WIDTH  # noqa: F401 (the views take them from here too)
from railkit.viz.shell.table import NotAllowed, Table, seat_names
from railkit.viz.shell.words import choices_in_words, move_words, relabel, translated

#: a clear ring round a button that has the keyboard's focus (the browser's own is a faint dotted line)
FOCUS_RING = ".bk-btn:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }"


def explain(err, lang: str | None = None) -> str:
    """HTML for an illegal-move error: the reason, the hint and the rule id, in language
    ``lang`` (default: the process's, :func:`railkit.core.i18n.get_language`).

    >>> from railkit.core.errors import IllegalMove
    >>> from railkit.core.i18n import Message
    >>> explain(IllegalMove("TTR-CLAIM", Message("Claim a shorter route.")), "da")
    "<b>Ikke tilladt:</b> Tag en kortere rute. <span style='color:#666'>(regel TTR-CLAIM)</span>"
    """
    if err is None:
        return ""
    if hasattr(err, "render_reason"):
        reason, hint = err.render_reason(lang), err.render_hint(lang)
    else:
        reason, hint = getattr(err, "reason", str(err)), getattr(err, "hint", "") or ""
    rule = getattr(err, "rule", "")
    out = f"<b>{html.escape(Message('Not allowed:').render(lang), quote=False)}</b> {html.escape(reason, quote=False)}"
    if hint:
        out += f" <i>{html.escape(hint, quote=False)}</i>"
    if rule:
        said = Message("(rule {rule})", rule=rule).render(lang)
        out += f" <span style='color:#666'>{html.escape(said, quote=False)}</span>"
    return out


def page_language() -> str:
    """The language of this page: ``?lang=da`` in a served page's address (one of en, da, de,
    ja; another value is ignored), else :func:`railkit.core.i18n.get_language` (``RAILKIT_LANG``,
    which ``railkit serve --lang`` sets, else the system locale). Each browser picks its own."""
    if served():
        args = getattr(pn.state, "session_args", None) or {}
        given = (args.get("lang") or [None])[0]
        if given is not None:
            try:
                return i18n.check_language(given.decode("utf-8", "replace") if isinstance(given, bytes) else str(given))
            except i18n.UnknownLanguage:
                pass
    try:
        return i18n.get_language()
    except i18n.UnknownLanguage:  # a bad RAILKIT_LANG: the page still opens, in English
        return "en"


def rules_form(rules: param.Parameterized, parameters: list[str] | None = None, **kwargs):
    """A form for a game's rules (``pn.Param``), with every setting that may be left unset
    (``None``: e.g. a count the map decides unless it is set) as a number box that may be
    empty: a slider cannot show "unset", and its page would fail to draw.

    >>> class Rules(param.Parameterized):
    ...     trains = param.Integer(None, allow_None=True, bounds=(1, 99))
    ...     bonus = param.Integer(10, bounds=(0, 30))
    >>> form = rules_form(Rules(), ["trains", "bonus"])
    >>> type(form._widgets["trains"]).__name__, form._widgets["trains"].value
    ('IntInput', None)
    """
    names = parameters or [p for p in rules.param if p != "name"]
    widgets = {}
    for name in names:
        p = rules.param[name]
        if p.allow_None and isinstance(p, param.Number):
            box = pn.widgets.IntInput if isinstance(p, param.Integer) else pn.widgets.FloatInput
            lo, hi = p.bounds or (None, None)
            widgets[name] = {"type": box, "start": lo, "end": hi, "placeholder": word("unset (the default)")}
    form = pn.Param(rules, parameters=names, widgets=widgets, show_name=False, **kwargs)
    for widget in form._widgets.values():  # a rule's choices are words, shown in the page's language
        if isinstance(widget, pn.widgets.Select):
            choices_in_words(widget)
    return form


def served() -> bool:
    """True inside a served Panel session (False in a notebook or plain Python)."""
    doc = pn.state.curdoc
    return doc is not None and doc.session_context is not None


def page_ready(viewable) -> bool:
    """Whether every page showing ``viewable`` in a notebook has opened its connection
    (True when it is not shown in a notebook at all: served, or not shown yet)."""
    from panel.io.state import state

    for ref in list(getattr(viewable, "_models", {})):
        view = state._views.get(ref)
        comm = view[3] if view else None
        if comm is not None and getattr(comm, "_comm", None) is None:
            return False
    return True


def flush_stuck_writes(doc) -> bool:
    """Send the messages Panel queued for ``doc``'s page but left unsent (True if any).

    Panel queues a change for a page while the page's websocket is busy writing, and a
    write task sends the queue. When a second change is queued while the first task is
    still sending, the first task clears the queue's flag and the second task then
    finds no flag and sends nothing: the change stays queued, and the page never shows
    it (a bot's move, seen here about one game in three on a busy machine). The
    table's poll calls this every time, so such a change goes out within one poll.
    """
    try:
        from panel.io import document as pdoc

        if not pdoc._WRITE_MSGS.get(doc) or doc in pdoc._WRITE_BLOCK:
            return False
        pdoc._WRITE_BLOCK[doc] = True
        pdoc._dispatch_write_task(doc, pdoc._dispatch_msgs, doc)
    except (AttributeError, ImportError):  # pragma: no cover - a Panel without that queue
        return False
    return True


#: the pages open in served sessions: (document, viewer with ``say(text)``), told when the server stops
_OPEN_PAGES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def open_page(viewer) -> None:
    """Remember a served page's ``viewer`` (it has ``say(text)``) for :func:`tell_every_page`."""
    if served():
        _OPEN_PAGES[viewer] = weakref.ref(pn.state.curdoc)  # neither keeps the other alive


def tell_every_page(text: str) -> None:
    """Show ``text`` on every open served page (each in its own session's turn)."""
    for viewer, doc_ref in list(_OPEN_PAGES.items()):
        doc = doc_ref()
        if doc is None or doc.session_context is None:
            continue
        say = viewer.say
        note = f"<b>{html.escape(text, quote=False)}</b>" if isinstance(viewer, TableShell) else text
        try:
            doc.add_next_tick_callback(lambda say=say, note=note: say(note))
        except Exception:  # pragma: no cover - a session closing meanwhile
            pass


class TableShell(pn.viewable.Viewer):
    """One seat's view of a game :class:`Table` (subclassed by each game's view).

    Parameters
    ----------
    table : Table
        The game and its seats.
    seat : int or None
        The seat this view plays (0-based); only its secrets are shown. None: a
        spectator, who sees the public information and the log, never a hand.
    auto : bool
        True: bots move with a visible delay via a periodic callback (served apps,
        live notebooks). False: bots move at once after each action.
    """

    seat = param.Integer(default=0, bounds=(0, None), allow_None=True)
    auto = param.Boolean(default=True)
    poll_ms = param.Integer(default=120, bounds=(20, 5000))
    confirm = param.Boolean(default=False, doc="""
        Keep back the move that would end this seat's turn until "Confirm turn" is pressed
        (only where the game's view offers it: ``offers_confirm``).""")
    confirm_moves = param.Boolean(default=False, doc="""
        Keep back the moves the game's view names (``needs_confirm``, a claim or a build) until
        Confirm is pressed (only where it names some: ``confirm_moves_label``).""")

    #: file name offered by the save button
    save_name = "railkit-game.json"
    #: whether this game's view offers "Confirm turn" (then :attr:`confirm` is on unless set)
    offers_confirm = False
    #: whether this game's view places :attr:`turn_controls` (Undo, beside "Confirm turn" where
    #: the game offers it) itself, where a player looks while moving; else Undo is with the
    #: file controls
    places_turn_controls = False
    #: the setting of :attr:`confirm_moves` in words ("Confirm before claiming"); "" for none
    confirm_moves_label = ""
    #: the width in pixels of the hints panel (:mod:`~railkit.viz.shell.assist`): a game's view
    #: that places it in a narrower column says so
    assist_width = ASSIST_WIDTH
    #: the end-of-game statistics shown under the banner: ``game.summary()`` column -> words
    #: (the simulations report the same columns; the games' views list theirs)
    STATS: dict[str, str] = {}

    def __init__(self, table: Table, seat: int | None = 0, auto: bool = True, **params):
        params.setdefault("confirm", self.offers_confirm)
        super().__init__(seat=seat, auto=auto, **params)
        self.table = table
        #: the language of this page's messages (``?lang=`` of its address, else the default;
        #: the page's language picker changes it)
        self.lang = page_language()
        self.w_lang = pn.widgets.Select(label=Message("Language").render(self.lang),
                                        options={i18n.NAMES[c]: c for c in i18n.LANGUAGES},
                                        value=self.lang if self.lang in i18n.LANGUAGES else "en", width=110,
                                        css_classes=["language"], description=word("Language of the game's messages"))
        self.w_lang.param.watch(self._on_language, "value")
        #: the move kept back until "Confirm turn": (game, actions played then, action, why it waits)
        self._held: tuple | None = None
        self._seen_version = -1
        self._seen_notice = table.notice[0]
        self._callback = None
        #: the earlier position shown, or None for live play; set only by the player (the
        #: slider's value at the end of a drag or key press, or show_position), never by the
        #: slider's value itself, which a busy page may send back out of date
        self._replay_at: int | None = None
        self._refreshing = False
        self._waiting = False  # a full refresh is due once the notebook page is open
        self._layout = None
        self.message = pn.pane.HTML("", css_classes=["message"], sizing_mode="stretch_width")
        self.banner = WinnerBanner()
        self.undo_btn = pn.widgets.Button(label=word("Undo my last move"), width=160, css_classes=["undo"])
        self.undo_btn.on_click(lambda e: self.undo())
        self.confirm_btn = pn.widgets.Button(label=word("Confirm turn"), color="primary", width=140, disabled=True,
                                             css_classes=["confirm-turn"])
        self.confirm_btn.on_click(lambda e: self.confirm_turn())
        self.confirm_box = pn.widgets.Checkbox(label=word("Confirm before my turn ends"), value=self.confirm, width=230)
        self.confirm_box.param.watch(self._on_confirm_box, "value")
        # what cannot be taken back and why, in words on the page (a tooltip shows only on hover)
        self.undo_info = pn.pane.HTML("", css_classes=["undo-info"], sizing_mode="stretch_width")
        self.replay = pn.widgets.IntSlider(label=word("Replay (actions played)"), start=0, end=1, value=0,
                                           width=420, css_classes=["replay"], stylesheets=[FIT_WIDTH])
        # the value at a drag's end or after a key press: only the player's own choice
        self.replay.param.watch(self._on_replay, "value_throttled")
        self.live_btn = pn.widgets.Button(label=word("Back to live"), width=110)
        self.live_btn.on_click(lambda e: self._go_live())
        # what a download holds is decided here, whatever the page asks (a disabled button can
        # still be clicked by a page's own script)
        self.download = pn.widgets.FileDownload(callback=lambda: self.table.save_for(self.seat),
                                                filename=self.save_name,
                                                label=word("Save game (JSON)"), width=160)
        self.upload = pn.widgets.FileInput(accept=".json", width=220,
                                           label=word("Load a saved game"))
        self.upload.param.watch(self._on_upload, "value")
        # the table's controls a page has: the load control only where its seat may load; Undo
        # beside "Confirm turn" where the game offers it (the game's view places turn_controls)
        self._file_row = pn.FlexBox(self.undo_btn, self.download, self.upload, flex_wrap="wrap",  # wraps on a phone
                                    stylesheets=[FIT_WIDTH])
        turn_row = [self.confirm_btn, self.undo_btn, self.confirm_box] if self.offers_confirm else [self.undo_btn]
        self.turn_controls = pn.Column(pn.Row(*turn_row, stylesheets=[":host{flex-wrap:wrap}"]),  # a phone: 2 lines
                                       self.undo_info)
        if seat is None:  # a spectator neither moves nor undoes
            self.turn_controls.objects = []
        # every legal action of the position in one list: the keyboard's way to every move (the
        # board's routes, hexes and cards are clicked with a mouse), in the engine's notation
        self.w_move = pn.widgets.Select(label=word("Choose a move"), options=[], width=300,
                                        disabled=True, css_classes=["choose-move"])
        self.move_btn = pn.widgets.Button(label=word("Play this move"), width=130,
                                          disabled=True, css_classes=["play-move"], stylesheets=[FOCUS_RING])
        self.move_btn.on_click(lambda e: self.play_listed(self.w_move.value))
        self.move_row = pn.FlexBox(self.w_move, self.move_btn, stylesheets=[FIT_WIDTH])  # wraps on a phone
        if seat is None:
            self.move_row.objects = []
        self.log_pane = pn.pane.HTML("", css_classes=["action-log"], height=160, width=420,
                                     styles={"overflow-y": "auto"}, stylesheets=[FIT_TEXT])
        self.assist = Assist(self)  # the hints and the "confirm before ..." setting
        self._build_view()
        self._build_new_game_form()
        self.refresh(force=True)

    # ------------------------------------------------------------ the game's part (subclasses)
    def _build_view(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def _view(self):  # pragma: no cover - interface
        raise NotImplementedError

    def _show(self, g, obs: dict, my_turn: bool, replay: bool, legal: list) -> None:  # pragma: no cover
        raise NotImplementedError

    def _option_widgets(self) -> list:
        """The game's own widgets in the new-game form, for the game it would start (the form is
        built again when the number of players changes)."""
        return []

    def _options(self) -> dict:
        return {}

    def _bokeh_panes(self) -> list:
        return []

    def needs_confirm(self, action) -> bool:
        """Whether ``action`` waits for Confirm when :attr:`confirm_moves` is on (none by default)."""
        return False

    def show_hint(self, action) -> None:
        """Show a hinted move without playing it (the message line; a game's view may do more)."""
        t = self.table
        text = Message("Hint: {move}", move=t.describe(t.game, action)).render(self.lang)
        self.say(html.escape(text, quote=False))

    # ------------------------------------------------------------ building
    def _build_new_game_form(self) -> None:
        spec = self.table.spec
        g = self.table.game
        self.rules = spec.rules_class(**{k: v for k, v in g.rules.param.values().items() if k != "name"})
        self.rules_form = rules_form(self.rules, name="Rules", width=400)
        self.rules_form.stylesheets = [*self.rules_form.stylesheets, FIT_WIDTH]
        self.w_preset = choices_in_words(pn.widgets.Select(label=word("Preset"), options=[word("(keep)"), *spec.presets],
                                                           width=180))
        self.w_preset.param.watch(self._apply_preset, "value")
        self.w_players = pn.widgets.IntSlider(label=word("Players"), start=spec.min_players, end=spec.max_players,
                                              value=g.players, width=200)
        agents = sorted(agents_of(spec))
        default_bot = next(iter(self.table.bot_names.values()), spec.default_agent)
        self.w_bot = pn.widgets.Select(label=word("Bots play"), options=agents, value=default_bot, width=180)
        self.w_seed = pn.widgets.TextInput(label=word("Seed (empty: random)"), value="", placeholder=word("random"),
                                           width=150)
        self.new_btn = pn.widgets.Button(label=word("Start new game"), color="primary", css_classes=["new-game"])
        self.new_btn.on_click(lambda e: self.new_game())
        # the form is built into the page only when asked for (a lighter page updates faster)
        self.new_toggle = pn.widgets.Toggle(label=word("New game and rule variants…"), width=260,
                                            css_classes=["new-toggle"])
        self.new_area = pn.Column()
        self.new_toggle.param.watch(self._toggle_new_game, "value")
        self.w_players.param.watch(self._show_new_game_form, "value")  # what applies follows the seats
        # the new-game toggle and form: only on the page of a seat that may start a new game
        self._new_game_area = pn.Column(self.new_toggle, self.new_area)

    def _toggle_new_game(self, event) -> None:
        self._show_new_game_form()

    def _new_game_humans(self) -> list[int]:
        """The people's seats of the game the form would start."""
        players = self.w_players.value
        return [h for h in self.table.humans if h < players] or [0]

    def _show_new_game_form(self, event=None) -> None:
        """Build the form (while it is open) with only what applies to the game it would start:
        the bot choice only if a seat would be a bot's, the game's options as it says."""
        if not self.new_toggle.value:
            self.new_area.objects = []
            return
        # at a shared table every game gets a secret seed (rule TABLE-SECRET-SEED): no seed field
        seed = [] if self.table.shared else [self.w_seed]
        bots = [self.w_bot] if self.w_players.value > len(self._new_game_humans()) else []
        form = [pn.Row(self.w_preset, self.w_players, *bots), pn.Row(*self._option_widgets(), *seed, self.new_btn),
                self.rules_form]
        for part in form:  # in the page's language before the page gets it (never English first)
            relabel(part, self.lang)
        self.new_area.objects = form

    def _apply_preset(self, event) -> None:
        spec = self.table.spec
        if event.new in spec.presets:
            fresh = spec.make_rules(event.new)
            self.rules.param.update(**{k: v for k, v in fresh.param.values().items() if k != "name"})

    def _controls(self):
        return pn.Column(
            self._file_row,
            self.move_row,
            pn.Row(self.replay, self.live_btn, stylesheets=[FIT_WIDTH]),
            "#### " + word("Action log"), self.log_pane, stylesheets=[FIT_WIDTH],
        )

    def __panel__(self):
        if self._layout is None:
            self._layout = pn.Column(self.banner, self._view(), self._new_game_area)
            self._relabel()
        open_page(self)
        if self.auto and self._callback is None:
            if served():
                # served: poll only once the browser is connected, or the first
                # changes (another seat moving) could be sent before it listens
                pn.state.onload(self.start)
            else:
                self._when_page_ready()
        return self._layout

    # ------------------------------------------------------------ notebook pages
    def _ready(self) -> bool:
        return self._layout is None or page_ready(self._layout)

    def _when_page_ready(self) -> None:
        """In a notebook: once the page has opened its connection, start polling (``auto``)
        and bring the whole view up to date (changes kept back meanwhile)."""
        if self._ready():
            if self._waiting:
                self._waiting = False
                self.refresh(force=True)
            if self.auto:
                self.start()
            return
        self._waiting = True
        try:
            from tornado.ioloop import IOLoop

            IOLoop.current().call_later(0.1, self._when_page_ready)
        except RuntimeError:  # pragma: no cover - no event loop: nothing to wait for
            self._waiting = False

    # ------------------------------------------------------------ periodic play
    def start(self) -> None:
        """Poll the table (other players' moves) and let bots move with a delay.

        Served, the poll is a callback of the session's Bokeh document, so it runs
        holding the document's lock and its changes go out as one ordinary patch
        (Panel's own periodic callbacks run without the lock, and now and then a
        bot's move changed the models but never reached the page).
        """
        if self._callback is not None:
            return
        if served():
            doc = pn.state.curdoc
            cb = doc.add_periodic_callback(self.tick, self.poll_ms)
            self._callback = (doc, cb)
        else:
            self._callback = (None, pn.state.add_periodic_callback(self.tick, period=self.poll_ms))

    def stop(self) -> None:
        if self._callback is not None:
            doc, cb = self._callback
            if doc is None:
                cb.stop()
            else:
                doc.remove_periodic_callback(cb)
            self._callback = None

    def tick(self) -> None:
        if served():
            flush_stuck_writes(pn.state.curdoc)
        t = self.table
        if t.bot_due():
            t.step_bot()
        if t.version != self._seen_version:
            self.refresh()

    def later(self, fn) -> None:
        """Run ``fn`` 60 ms later when served, else now: a first change (the board) goes out
        and the browser paints it before the rest follows."""
        if served():
            pn.state.curdoc.add_timeout_callback(fn, 60)
        else:
            fn()

    def push(self) -> None:
        """In a notebook, send the changes made to plain Bokeh models now (Panel sends its
        own widgets' changes by itself; served apps need nothing)."""
        panes = self._bokeh_panes()
        if panes and not served() and self._ready():
            pn.io.push_notebook(*panes)

    def after_action(self) -> None:
        """After this seat moved: bots answer at once unless ``auto``; refresh."""
        if not self.auto:
            self.table.run_bots()
        self.refresh()

    def say(self, text: str) -> None:
        """Show ``text`` (HTML) on the message line."""
        self.message.object = text

    def refused(self, err) -> None:
        """Show why a move of this seat was refused: on the message line, unless the table
        shows it itself (a tutorial's step box: :meth:`Table.show_refusal`), then only there."""
        if self.table.show_refusal(err):
            self.say("")
        else:
            self.say(explain(err, self.lang))

    # ------------------------------------------------------------ actions
    @property
    def replaying(self) -> bool:
        return self._replay_at is not None

    def show_position(self, actions: int | None) -> None:
        """Show the game as it was after the first ``actions`` actions (read-only), or live
        play with ``None`` (as the replay slider and *Back to live* do)."""
        self._replay_at = actions
        self.refresh(force=True)

    def play(self, text) -> object:
        """Play an action (text or Action) for this seat: None, or the error (shown inline).
        Nothing changes when it is refused."""
        if self.replaying:
            self.say(Message("You are looking at an earlier position: press {button} to play.",
                             button=f"<b>{html.escape(translated(self.live_btn.label, self.lang), quote=False)}</b>"
                             ).render(self.lang))
            return NotAllowed(Message("You are looking at an earlier position."), Message("Press Back to live to play."))
        if self.pending is not None:
            err = NotAllowed(Message("A move is waiting for confirmation."),
                             Message("Press Confirm turn, or Undo to take it back."))
            self.say(explain(err, self.lang))
            return err
        if self.confirm or self.confirm_moves:
            err = self.table.check(self.seat, text)
            if err is None and self._hold(text):
                return None
        err = self.table.apply(self.seat, text)
        if err is not None:
            self.refused(err)
            self.push()
            return err
        self.say("")
        return None

    def play_listed(self, text: str | None):
        """Play ``text``, chosen in the list of this position's legal actions ("Choose a
        move"): None, or the error (shown inline)."""
        if not text:
            err = NotAllowed(Message("No move is chosen."), Message("Choose a move in the list first."))
            self.say(explain(err, self.lang))
            return err
        err = self.play(text)
        if err is None:
            self.after_undo()  # a move half made on the board is dropped
            self.after_action()
        return err

    def _show_moves(self, legal: list) -> None:
        """The list of this position's legal actions (empty and greyed out when none): each
        said in the page's language (:func:`move_words`), its value the engine's notation.
        The list's own words are relabelled with the rest of the page."""
        names = seat_names(self.table.game, self.lang)
        options: dict[str, str] = {}
        for a in legal:
            label = move_words(a, names, self.lang)
            while label in options:  # two moves said alike stay two options
                label += " "
            options[label] = str(a)
        if self.w_move.options != options:
            self.w_move.param.update(options=options, value=str(legal[0]) if legal else None)
        self.w_move.disabled = self.move_btn.disabled = not options

    # ------------------------------------------------------------ confirm turn
    @property
    def pending(self):
        """The move kept back until "Confirm turn" (an action), or None. It is dropped when
        the game changed meanwhile (a new game, a load)."""
        p = self._held
        if p is not None and (p[0] is not self.table.game or p[1] != len(p[0].log)):
            self._held = p = None
        return None if p is None else p[2]

    def pending_game(self):
        """A copy of the game with the pending move played (None if there is none), for the
        game's view to draw what the move does to the player's own part (a track on a sheet).
        Its random draws (the next roll, a card drawn) are not public yet: never show them."""
        action = self.pending
        if action is None:
            return None
        g = self.table.game.history(self._held[1])
        g.apply(action)
        return g

    def _hold(self, action) -> bool:
        """Keep ``action`` back if this seat confirms its turns and the action would end the
        turn (:meth:`Table.final_reason`), or it confirms the moves its game names
        (:attr:`confirm_moves`) and this is one; True if it was kept back. ``action`` is legal."""
        if not (self.confirm or self.confirm_moves):
            return False
        t = self.table
        action = t.game._coerce(action)
        by_setting = self.confirm_moves and self.needs_confirm(action)
        why = Message("you asked to confirm it first") if by_setting else ""
        if not why and self.confirm:
            why = t.final_reason(self.seat, action)
        if not why:
            return False
        self._held = (t.game, len(t.game.log), action, why, by_setting)
        self.say("")  # the page says why it waits beside "Confirm turn" (_undo_text)
        return True

    @property
    def held_by_setting(self) -> bool:
        """Whether the move kept back waits because of :attr:`confirm_moves`."""
        return self.pending is not None and self._held[4]

    def confirm_turn(self):
        """Play the move kept back (None), or the error shown when it is no longer allowed."""
        action = self.pending
        if action is None:
            self.say(html.escape(Message("There is no move waiting for confirmation.").render(self.lang), quote=False))
            return NotAllowed(Message("There is no move waiting for confirmation."))
        self._held = None
        err = self.table.apply(self.seat, action)
        if err is not None:
            self.say(explain(err, self.lang))
            self.refresh(force=True)
            return err
        self.say("")
        self.after_action()
        return None

    def _on_language(self, event) -> None:
        """The page's language picker: this page's messages from now on in ``event.new``."""
        self.lang = event.new
        self.w_lang.label = Message("Language").render(self.lang)
        self._relabel()
        self.refresh(force=True)

    def _relabel(self) -> None:
        """The page's fixed words in its language (:func:`~railkit.viz.shell.words.relabel`)."""
        relabel(self.upload, self.lang)  # in the page only while its seat may load
        relabel(self.move_row, self.lang)  # the keyboard's list, on a page not shown yet too
        if self._layout is not None:
            relabel(self._layout, self.lang)

    def _on_confirm_box(self, event) -> None:
        self.confirm = event.new

    def undo(self) -> int:
        """Take back the move waiting for "Confirm turn" if there is one, else what the table
        allows this seat (see :meth:`Table.undo_check`)."""
        t = self.table
        action = self.pending
        if action is not None:
            self._held = None
            said = Message("Took back '{move}' (it was not played yet).", move=t.describe(t.game, action))
            self.say(html.escape(said.render(self.lang), quote=False))
            self.after_undo()
            self.refresh(force=True)
            return 1
        was_over = t.game.is_over
        n, why = t.undo_check(self.seat)
        if not n:
            self.say(html.escape(translated(why, self.lang), quote=False))
            return 0
        t.undo(self.seat)
        said = Message("Took back {n} action(s).", n=n).render(self.lang)
        if was_over:
            said += " " + Message("The finished game is open again.").render(self.lang)
        self.say(html.escape(said, quote=False))
        self.after_undo()
        self.refresh()
        return n

    def after_undo(self) -> None:
        """The game's view forgets a half-made move (subclasses)."""

    def _on_replay(self, event) -> None:
        if not self._refreshing and event.new is not None:
            self.show_position(event.new)

    def _go_live(self) -> None:
        self.show_position(None)

    def new_game(self) -> None:
        """Start a new game from the form (players, bots, options, seed, rules)."""
        players = self.w_players.value
        humans = self._new_game_humans()
        text = self.w_seed.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self.say(f"<b>Cannot start:</b> the seed must be a whole number or empty (random), not "
                     f"{html.escape(text[:40], quote=False)!s}.")
            return
        try:
            self.table.new_game(players=players, humans=humans, bots=[self.w_bot.value], rules=self.rules,
                                seed=seed, by=self._acting_seat(Message("start a new game")), **self._options())
        except (DataError, ValueError) as exc:
            self.say(self._not_done(Message("Cannot start:"), exc))
            return
        self._seen_notice = self.table.notice[0]
        self.say(html.escape(Message("New game started.").render(self.lang), quote=False))
        self.after_action()

    def _on_upload(self, event) -> None:
        if not event.new:
            return
        name = self.upload.filename or "<upload>"
        try:
            self.table.load_json(event.new, name, by=self._acting_seat(Message("load a game")))
        except (DataError, ValueError) as exc:
            self.say(self._not_done(Message("Cannot load:"), exc))
            return
        self._seen_notice = self.table.notice[0]
        self.say(html.escape(Message("Loaded {name}.", name=name).render(self.lang), quote=False))
        self.refresh(force=True)

    def save(self, path) -> None:
        """Save the game to a JSON file (atomic)."""
        self.table.game.save(path)

    def load(self, path) -> None:
        """Load a saved game (raises DataError naming file and field)."""
        from railkit.core.jsonio import read_json

        by = self._acting_seat(Message("load a game"))
        self.table.load_json(read_json(path), str(path), by=by)
        self.refresh(force=True)

    def _not_done(self, what: Message, exc) -> str:
        """HTML for a new game or a load refused: ``what`` ("Cannot start:") and why, in the page's language."""
        why = exc.render_reason(self.lang) if hasattr(exc, "render_reason") else getattr(exc, "reason", str(exc))
        return f"<b>{html.escape(what.render(self.lang), quote=False)}</b> {html.escape(why, quote=False)}"

    def _acting_seat(self, what: Message) -> int:
        """This page's seat, for something done to the whole table (``what``: "start a new game").
        A spectator's page acts for nobody (:class:`NotAllowed`): the table takes a missing seat
        for its host, the code that made it."""
        if self.seat is None:
            raise NotAllowed(Message("Spectators watch the game; they cannot {what}.", what=what),
                             Message("Join a free seat to play."))
        return self.seat

    # ------------------------------------------------------------ refresh
    def refresh(self, force: bool = False) -> None:
        """Bring every part of the view up to date with the table (only changes are sent)."""
        if self._refreshing:
            return
        if not self._ready():  # a notebook page still opening: all of it once it is open
            if not self._waiting:
                self._when_page_ready()
            return
        self._refreshing = True
        try:
            with pn.io.hold():
                self._refresh()
        finally:
            self._refreshing = False
        self.push()

    def _refresh(self) -> None:
        t = self.table
        live_end = len(t.game.log)
        if self._replay_at is not None and not 0 <= self._replay_at < live_end:
            self._replay_at = None  # the end (or past it: an undo, a new game) is live play
        if self.replay.end != max(live_end, 1):
            self.replay.end = max(live_end, 1)
        shown = live_end if self._replay_at is None else self._replay_at
        if self.replay.value != shown:
            self.replay.value = shown
        self._seen_version = t.version
        if t.notice[0] > self._seen_notice:
            self._seen_notice = t.notice[0]
            self.say(html.escape(i18n.render(t.notice[1], self.lang), quote=False))
        replay = self._replay_at is not None
        g = t.game.history(self._replay_at) if replay else t.game
        obs = g.observe(self.seat)
        my_turn = (not replay) and self.seat is not None and g.current_player == self.seat
        pending = None if replay else self.pending
        legal = g.legal_actions() if my_turn and pending is None else []  # none while a move waits
        self._show(g, obs, my_turn, replay, legal)
        self.assist.refresh(g, my_turn, replay, pending)
        self._show_moves(legal)
        n_undo, why = t.undo_check(self.seat)
        self.undo_btn.disabled = replay or not (n_undo or pending is not None)
        if not self.offers_confirm:  # else the reason is on the page (undo_info): a changed tooltip can stick
            self.undo_btn.description = translated(why, self.lang) or None
        self.confirm_btn.disabled = pending is None
        if self.confirm_box.value != self.confirm:
            self.confirm_box.value = self.confirm
        self.undo_info.object = self._undo_text(pending, n_undo, why)
        self.download.disabled = t.shared and not t.game.is_over  # a save holds every seat's secrets
        self._show_table_controls()
        self.live_btn.visible = replay
        if g.is_over:
            self.banner.show(self.final_rows(g), [t.seat_label(s, self.lang) for s in range(g.players)],
                             t.spec.palette, you=self.seat,
                             stats={k: translated(v, self.lang) for k, v in self.STATS.items()}, lang=self.lang)
        else:
            self.banner.hide()
        self._render_log(g)

    def _undo_text(self, pending, n_undo: int, why: str) -> str:
        """What cannot be taken back now and why, as HTML for the page."""
        if not self.offers_confirm:
            return ""
        if pending is not None:
            t = self.table
            text = html.escape(i18n.render(t.describe(t.game, pending), self.lang), quote=False)
            said = Message("Your move {move} is not played yet: {why}. Press {confirm} to play it, or {undo} to take "
                           "it back.", move=f"<b>{text}</b>",
                           why=html.escape(i18n.render(self._held[3], self.lang), quote=False),
                           confirm=f"<b>{html.escape(translated(self.confirm_btn.label, self.lang), quote=False)}</b>",
                           undo=f"<b>{html.escape(translated(self.undo_btn.label, self.lang), quote=False)}</b>")
            return f"<div>{said.render(self.lang)}</div>"
        if not n_undo and why and self.seat in self.table.actors:  # once the seat has moved
            said = Message("Undo: {why}", why=translated(why, self.lang)).render(self.lang)
            return f"<div style='color:#555'>{html.escape(said, quote=False)}</div>"
        return ""

    def _show_table_controls(self) -> None:
        """Put on the page only the table's controls this seat may use: the load control
        (:meth:`Table.may_load`) and the new-game form (:meth:`Table.may_restart`). What a
        page does not have, it cannot send; what it sends anyway is refused all the same."""
        t = self.table
        undo = [] if self.offers_confirm or self.places_turn_controls else [self.undo_btn]  # else in turn_controls
        files = undo + [self.download] + ([self.upload] if t.may_load(self.seat) else []) + [self.w_lang]
        if list(self._file_row.objects) != files:
            self._file_row.objects = files
        self.upload.disabled = not t.may_load(self.seat)
        new_game = [self.new_toggle, self.new_area] if t.may_restart(self.seat) else []
        if list(self._new_game_area.objects) != new_game:
            self._new_game_area.objects = new_game
            self.new_toggle.value = False

    def final_rows(self, g) -> list[dict]:
        """The rows of the end banner (:mod:`railkit.viz.shell.banner`): ``g.summary()``; a game
        with a player who has no seat adds that player's row here."""
        return list(g.summary())

    def log_notes(self, g) -> dict[int, str]:
        """Public lines the log shows under action ``i`` of ``g.log`` (0-based): what the game
        did after it by itself (a solo opponent's turn, say). None by default (subclasses)."""
        return {}

    def _render_log(self, g) -> None:
        names = seat_names(g, self.lang)
        actors = self.table.actors[: len(g.log)]
        texts = self.table.log_text[: len(g.log)]
        notes = self.log_notes(g)
        lines = []
        start = max(0, len(g.log) - 40)
        for i in range(len(g.log) - 1, start - 1, -1):
            who = names[actors[i]] if i < len(actors) else "?"
            text = i18n.render(texts[i], self.lang) if i < len(texts) else str(g.log[i])
            lines.append(f"<div>{i + 1}. <b>{html.escape(who, quote=False)}</b>: "
                         f"{html.escape(text, quote=False)}</div>")
            if i in notes:  # under the action it follows from
                lines.append(f"<div class='log-note' style='margin-left:1.5em;color:#4a148c'>"
                             f"{html.escape(notes[i], quote=False)}</div>")
        self.log_pane.object = "".join(lines) or f"<i>{Message('no actions yet').render(self.lang)}</i>"

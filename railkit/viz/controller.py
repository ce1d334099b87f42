"""The game controller: one seat's view of a :class:`~railkit.viz.table.Table`.

It puts the :class:`~railkit.viz.board.Board`, the
:class:`~railkit.viz.player.PlayerPanel`, the claim dialog, undo, a replay
slider over the action log, save/load and a new-game form (rules from
``pn.Param``) together. Bots move one action at a time with a short visible
delay (a periodic callback polls the table), or instantly with ``auto=False``
(deterministic: notebooks and tests).

A claim costs one round trip to the server: the board's data source carries, per
route, the payments the viewing seat could make now (``pay``; empty when it
cannot claim the route, is not to move, looks at a replay or the game is over),
so the browser shows the payment choice the moment a route is clicked. The
server hears the same click, sets the same choice (nothing changes on screen)
and maps the button pressed back to its claim by the button's label.

>>> from railkit.viz.table import Table
>>> ctl = GameController(Table(players=2, bots=["random"], seed=5, map="teaching-small"), auto=False)
>>> ctl.act("keep tickets 1,2,3") is None
True
>>> ctl.table.game.current_player  # the bot kept its tickets at once
0
>>> ctl.click_route("Mill-Fort")  # the payment choice (or the reason it is illegal)
>>> bool(ctl.payments) or "Not allowed" in ctl.message.object
True
"""

from __future__ import annotations

import html
import time
from typing import Sequence

import panel as pn
import param
from bokeh.models import Button as BkButton
from bokeh.models import Column as BkColumn
from bokeh.models import CustomJS, Div
from bokeh.models import RadioButtonGroup as BkRadioButtonGroup

from railkit.core.errors import DataError
from railkit.viz.board import Board
from railkit.viz.player import PlayerPanel, chip
from railkit.viz.scoring import ScoringView
from railkit.viz.table import Table


def explain(err) -> str:
    """HTML for an illegal-move error: the reason, the hint and the rule id."""
    if err is None:
        return ""
    reason = html.escape(getattr(err, "reason", str(err)), quote=False)
    hint = html.escape(getattr(err, "hint", "") or "", quote=False)
    rule = getattr(err, "rule", "")
    out = f"<b>Not allowed:</b> {reason}"
    if hint:
        out += f" <i>{hint}</i>"
    if rule:
        out += f" <span style='color:#666'>(rule {html.escape(rule, quote=False)})</span>"
    return out


def pay_text(action) -> str:
    """The label of a claim's payment button: 'Pay red ×2 + loco ×1'."""
    return "Pay " + payment_label(action)


def payment_label(action) -> str:
    """'red ×2 + loco ×1' for a claim."""
    if action.colour == "loco":
        return f"loco ×{action.locos}"
    text = f"{action.colour} ×{action.cards}"
    if action.locos:
        text += f" + loco ×{action.locos}"
    return text


CLAIM_HINT = "<i>Click a route on the map to claim it.</i>"
CHOOSE = "<br>Choose how to pay:"

#: Most payment choices shown for one claim; the ones using fewest locomotives come first.
MAX_PAYMENTS = 12

#: In the browser, on a click on route ``i`` (see Board.js_on_route_click): show its
#: payment choice (or none) at once. The server sets the very same values when it
#: hears of the click, so its update changes nothing on screen; ``active`` is left
#: alone by the server when it is already empty, so a button pressed meanwhile stays.
_SHOW_CHOICE_JS = """
const pay = src.data.pay[i];
pending.data = {xs: [src.data.xs[i]], ys: [src.data.ys[i]]};
title.text = src.data.title[i] + (pay.length ? choose : "");
choice.active = null;
choice.labels = Array.from(pay);
cancel.disabled = false;
"""

_CANCEL_JS = """
title.text = hint;
choice.active = null;
choice.labels = [];
cancel.disabled = true;
pending.data = {xs: [], ys: []};
"""


def _served() -> bool:
    doc = pn.state.curdoc
    return doc is not None and doc.session_context is not None


class GameController(pn.viewable.Viewer):
    """Play Ticket to Ride against bots (or others at a shared table).

    Parameters
    ----------
    table : Table
        The game and its seats.
    seat : int
        The seat this view plays (0-based); only its hand and tickets are shown.
    auto : bool
        True: bots move with a visible delay via a periodic callback (served apps,
        live notebooks). False: bots move at once after each action.
    """

    seat = param.Integer(default=0, bounds=(0, None))
    auto = param.Boolean(default=True)
    poll_ms = param.Integer(default=120, bounds=(20, 5000))

    def __init__(self, table: Table | None = None, seat: int = 0, auto: bool = True, **params):
        super().__init__(seat=seat, auto=auto, **params)
        self.table = table or Table()
        self._seen_version = -1
        self._pending: str | None = None
        self._callback = None
        #: the earlier position shown, or None for live play; set only by the player (the
        #: slider's value at the end of a drag or key press, or show_position), never by the
        #: slider's value itself, which a busy page may send back out of date
        self._replay_at: int | None = None
        self._refreshing = False
        self.message = pn.pane.HTML("", css_classes=["message"], sizing_mode="stretch_width")
        # The claim dialog is made of plain Bokeh models, so that JavaScript on the board
        # can fill it in the browser (Board.js_on_route_click). One button group for the
        # payment choice: showing a choice changes its labels, never the layout.
        self.claim_title = Div(text=CLAIM_HINT, width=420, name="claim_title")
        self.pay_choice = BkRadioButtonGroup(labels=[], active=None, orientation="vertical", width=420,
                                             css_classes=["pay"], name="pay")
        self.pay_choice.on_change("active", self._on_pay_choice)
        self._payments: list[str] = []
        self._pay_by_label: dict[str, str] = {}
        self._resetting = False
        # always there, greyed out when no claim is open (showing and hiding it would make the
        # browser lay the whole page out again: ~20 ms on each click)
        self.claim_cancel = BkButton(label="Cancel", width=80, disabled=True, name="claim_cancel")
        self.claim_cancel.on_event("button_click", lambda e: self._close_claim())
        self._claim_pane = pn.pane.Bokeh(BkColumn(self.claim_title, self.pay_choice, self.claim_cancel))
        self.claim_box = pn.Column(self._claim_pane, css_classes=["claim-box"], width=440,
                                   styles={"border": "2px solid #f9a825", "border-radius": "6px", "padding": "4px"})
        self._titled = None  # (board, game) whose claim headings the board holds
        self.player = PlayerPanel(self.act)
        self.undo_btn = pn.widgets.Button(label="Undo my last move", width=160, css_classes=["undo"])
        self.undo_btn.on_click(lambda e: self.undo())
        self.replay = pn.widgets.IntSlider(label="Replay (actions played)", start=0, end=1, value=0,
                                           width=420, css_classes=["replay"])
        # the value at a drag's end or after a key press: only the player's own choice
        self.replay.param.watch(self._on_replay, "value_throttled")
        self.live_btn = pn.widgets.Button(label="Back to live", width=110)
        self.live_btn.on_click(lambda e: self._go_live())
        self.download = pn.widgets.FileDownload(callback=self.table.to_json_bytes, filename="ttr-game.json",
                                                label="Save game (JSON)", width=160)
        self.upload = pn.widgets.FileInput(accept=".json", width=220)
        self.upload.param.watch(self._on_upload, "value")
        self.log_pane = pn.pane.HTML("", css_classes=["action-log"], height=160, width=420,
                                     styles={"overflow-y": "auto"})
        self.scoring_area = pn.Column(sizing_mode="stretch_width")
        self.board_area = pn.Column()
        self._build_new_game_form()
        self._make_board()
        self.refresh(force=True)

    # ------------------------------------------------------------ building
    def _make_board(self) -> None:
        g = self.table.game
        self.board = Board(g.map, seat_names=list(g.names))
        self.board.on_click(self.click_route)
        dialog = dict(title=self.claim_title, choice=self.pay_choice, cancel=self.claim_cancel)
        self.board.js_on_route_click(_SHOW_CHOICE_JS, choose=CHOOSE, **dialog)
        self.claim_cancel.js_event_callbacks = {}
        self.claim_cancel.js_on_event("button_click", CustomJS(
            args=dict(hint=CLAIM_HINT, pending=self.board.pending_src, **dialog), code=_CANCEL_JS))
        self.board_area.objects = [self.board]
        self.scoring = None

    def _build_new_game_form(self) -> None:
        from railkit.games.ticket_to_ride import SPEC
        from railkit.maps import available

        g = self.table.game
        self.rules = SPEC.rules_class(**{k: v for k, v in g.rules.param.values().items() if k != "name"})
        self.rules_form = pn.Param(self.rules, name="Rules", show_name=False, width=400,
                                   parameters=[p for p in self.rules.param if p != "name"])
        self.w_preset = pn.widgets.Select(label="Preset", options=["(keep)"] + list(SPEC.presets), width=180)
        self.w_preset.param.watch(self._apply_preset, "value")
        self.w_players = pn.widgets.IntSlider(label="Players", start=SPEC.min_players, end=SPEC.max_players,
                                              value=g.players, width=200)
        agents = sorted(SPEC.agents())
        default_bot = next(iter(self.table.bot_names.values()), "greedy-route")
        self.w_bot = pn.widgets.Select(label="Bots play", options=agents, value=default_bot, width=180)
        maps = available()
        self.w_map = pn.widgets.Select(label="Map", options=maps, value=g.map.name if g.map.name in maps else maps[0],
                                       width=180)
        self.w_seed = pn.widgets.IntInput(label="Seed", value=int(g.seed) if isinstance(g.seed, int) else 0,
                                          width=120)
        self.new_btn = pn.widgets.Button(label="Start new game", color="primary", css_classes=["new-game"])
        self.new_btn.on_click(lambda e: self.new_game())
        # the form is built into the page only when asked for (a lighter page updates faster)
        self.new_toggle = pn.widgets.Toggle(label="New game and rule variants…", width=260, css_classes=["new-toggle"])
        self.new_area = pn.Column()
        self.new_toggle.param.watch(self._toggle_new_game, "value")

    def _toggle_new_game(self, event) -> None:
        if event.new:
            self.new_area.objects = [pn.Row(self.w_preset, self.w_players, self.w_bot),
                                     pn.Row(self.w_map, self.w_seed, self.new_btn), self.rules_form]
        else:
            self.new_area.objects = []

    def _apply_preset(self, event) -> None:
        from railkit.games.ticket_to_ride import SPEC

        if event.new in SPEC.presets:
            fresh = SPEC.make_rules(event.new)
            self.rules.param.update(**{k: v for k, v in fresh.param.values().items() if k != "name"})

    def __panel__(self):
        if self.auto and self._callback is None:
            doc = pn.state.curdoc
            if doc is not None and doc.session_context is not None:
                # served: poll only once the browser is connected, or the first
                # changes (another seat moving) could be sent before it listens
                pn.state.onload(self.start)
            else:
                self.start()
        controls = pn.Column(
            pn.Row(self.undo_btn, self.download, self.upload),
            pn.Row(self.replay, self.live_btn),
            "#### Action log", self.log_pane,
        )
        return pn.Column(
            pn.Row(pn.Column(self.board_area, self.message, self.claim_box, controls), self.player),
            self.scoring_area,
            self.new_toggle,
            self.new_area,
        )

    # ------------------------------------------------------------ periodic play
    def start(self) -> None:
        """Poll the table (other players' moves) and let bots move with a delay."""
        if self._callback is None:
            self._callback = pn.state.add_periodic_callback(self.tick, period=self.poll_ms)

    def stop(self) -> None:
        if self._callback is not None:
            self._callback.stop()
            self._callback = None

    def tick(self) -> None:
        t = self.table
        if t.bot_to_move() is not None and time.monotonic() - t.last_move_time >= t.bot_delay:
            t.step_bot()
        if t.version != self._seen_version:
            self.refresh()

    def _later(self, fn) -> None:
        """Run ``fn`` 60 ms later when served, else now: the board update goes out first and
        the browser paints it before the dialog, hand, market and log change (which would
        hold back that paint by ~15 ms in Chromium)."""
        if _served():
            pn.state.curdoc.add_timeout_callback(fn, 60)
        else:
            fn()

    def _push(self) -> None:
        """In a notebook, send the changes made to plain Bokeh models (board, claim dialog) now;
        Panel sends its own widgets' changes by itself (served apps need nothing)."""
        if not _served():
            pn.io.push_notebook(self._claim_pane, self.board._pane)

    def _close_and_continue(self) -> None:
        with pn.io.hold():
            self._close_claim()
        self._after_action()

    def _after_action(self) -> None:
        if not self.auto:
            self.table.run_bots()
        self.refresh()

    # ------------------------------------------------------------ actions
    @property
    def replaying(self) -> bool:
        return self._replay_at is not None

    def show_position(self, actions: int | None) -> None:
        """Show the game as it was after the first ``actions`` actions (read-only), or live
        play with ``None`` (as the replay slider and *Back to live* do)."""
        self._replay_at = actions
        self.refresh(force=True)

    def act(self, text: str):
        """Play an action text for this seat; returns None or the error (shown inline)."""
        if self.replaying:
            self.message.object = "You are looking at an earlier position: press <b>Back to live</b> to play."
            return None
        err = self.table.apply(self.seat, text)
        if err is not None:
            self.message.object = explain(err)
            self._push()
            return err
        self.message.object = ""
        g = self.table.game
        obs = g.observe(None)
        # Bokeh models are changed inside hold(): Panel may run widget callbacks without
        # the document lock, and hold() dispatches the changes safely (and at once).
        with pn.io.hold():
            # the board first (owners and what this seat may pay now, in one message) ...
            self.board.set_state(obs["claimed"], obs["closed"], pay=self._pay_labels(g))
            self.board.set_pending(None)
        self._later(self._close_and_continue)  # ... then the dialog, hand, market, log and the bots
        self._push()
        return None

    def _claims_by_route(self, g, legal=None) -> dict:
        """The claims this seat may make now in ``g``, per route, as the choice offers them
        (fewest locomotives first, at most MAX_PAYMENTS); empty unless it is this seat's turn
        in the live game."""
        from railkit.games.ticket_to_ride import Claim

        if self.replaying or g.is_over or g.current_player != self.seat:
            return {}
        out: dict[str, list] = {}
        for a in (g.legal_actions() if legal is None else legal):
            if isinstance(a, Claim):
                out.setdefault(a.route, []).append(a)
        return {r: sorted(v, key=lambda a: (a.locos, a.colour))[:MAX_PAYMENTS] for r, v in out.items()}

    def _pay_labels(self, g, legal=None) -> dict[str, list[str]]:
        """The ``pay`` column: route id -> the button labels of its payment choice."""
        return {r: [pay_text(a) for a in v] for r, v in self._claims_by_route(g, legal).items()}

    def _claim_heading(self, route) -> str:
        return (f"<b>Claim {html.escape(route.id, quote=False)}</b> — length {route.length}, "
                f"{chip(route.color, route.color)} route, worth {self._route_points(route.length)} points")

    def click_route(self, route_id: str) -> None:
        """A route was clicked: show the payment choices, or why it cannot be claimed."""
        with pn.io.hold():
            self._click_route(route_id)
        self._push()

    def _click_route(self, route_id: str) -> None:
        g = self.table.game
        route = g.map.route_by_id[route_id]
        self._pending = route_id
        self.board.set_pending(route_id)
        # the same choice the browser showed from the board's ``pay`` column (computed afresh)
        options = self._claims_by_route(g).get(route_id, [])
        self._show_payments([str(a) for a in options], [pay_text(a) for a in options])
        heading = self._claim_heading(route)
        if options:
            self.claim_title.text = heading + CHOOSE
            self.message.object = ""
        else:
            err = self.table.check(self.seat, self._sample_claim(route))
            self.claim_title.text = heading
            self.message.object = explain(err) if err is not None else "This route cannot be claimed now."

    def _show_payments(self, actions: list[str], labels: list[str]) -> None:
        self._payments = actions
        self._pay_by_label = dict(zip(labels, actions))
        self._resetting = True
        try:
            # no-ops when the browser already shows the same (then nothing is sent): a
            # button pressed before this update arrives is neither reset nor redrawn
            self.pay_choice.active = None
            self.pay_choice.labels = list(labels)
        finally:
            self._resetting = False
        self.claim_cancel.disabled = not actions and self._pending is None

    @property
    def payments(self) -> list[str]:
        """The claim actions offered in the payment choice (empty if none)."""
        return list(self._payments)

    def _on_pay_choice(self, attr, old, new) -> None:
        """A payment button was pressed (in the browser, or by :meth:`pay`)."""
        if new is None or self._resetting:
            return
        labels = list(self.pay_choice.labels)
        # by label, not position: the label is what the player saw and pressed
        action = self._pay_by_label.get(labels[new]) if 0 <= new < len(labels) else None
        if action is None:  # the browser showed a choice the game no longer offers
            with pn.io.hold():
                if self._pending is not None:
                    self._click_route(self._pending)
                else:
                    self._close_claim()
                if not self.message.object:
                    self.message.object = "That payment is no longer possible: choose again."
            self._push()
            return
        if self.replaying:
            self.act(action)  # nothing is played: it explains how to get back to live play
            played = False
        else:
            played = self.act(action) is None
        if not played:  # the same button can be pressed again
            with pn.io.hold():
                self._resetting = True
                try:
                    self.pay_choice.active = None
                finally:
                    self._resetting = False
            self._push()

    def pay(self, k: int = 0):
        """Choose the ``k``-th payment offered (as a click on its button)."""
        if not 0 <= k < len(self._payments):
            raise IndexError(f"payment {k} is not offered (there are {len(self._payments)})")
        self.pay_choice.active = k

    def _route_points(self, length: int) -> int:
        pts = {int(k): v for k, v in self.table.game.rules.route_points.items()}
        return pts.get(length, 0)

    def _sample_claim(self, route):
        """The payment a player would try for ``route`` (for the explanation of why not)."""
        from railkit.games.ticket_to_ride import Claim

        hand = self.table.game.observe(self.seat)["hand"]
        colours = [c for c in hand if c != "loco"]
        col = route.color if route.color != "gray" else max(colours, key=lambda c: (hand[c], c == "red"))
        return Claim(route.id, col, route.length, 0)

    def _close_claim(self) -> None:
        with pn.io.hold():
            self._pending = None
            self.claim_title.text = CLAIM_HINT
            self._show_payments([], [])
            self.board.set_pending(None)
        self._push()

    def undo(self) -> int:
        n = self.table.undo(self.seat)
        self.message.object = (f"Took back {n} action(s)." if n else "Nothing of yours to undo yet.")
        with pn.io.hold():
            self._close_claim()
        self.refresh()
        return n

    def _on_replay(self, event) -> None:
        if not self._refreshing and event.new is not None:
            self.show_position(event.new)

    def _go_live(self) -> None:
        self.show_position(None)

    def new_game(self) -> None:
        """Start a new game from the form (players, bots, map, seed, rules)."""
        players = self.w_players.value
        humans = [h for h in self.table.humans if h < players] or [0]
        try:
            self.table.new_game(players=players, humans=humans, bots=[self.w_bot.value], rules=self.rules,
                                seed=self.w_seed.value, map=self.w_map.value)
        except (DataError, ValueError) as exc:
            self.message.object = f"<b>Cannot start:</b> {html.escape(str(exc), quote=False)}"
            return
        self.message.object = "New game started."
        self._after_action()

    def _on_upload(self, event) -> None:
        if not event.new:
            return
        try:
            self.table.load_json(event.new, self.upload.filename or "<upload>")
        except (DataError, ValueError) as exc:
            self.message.object = f"<b>Cannot load:</b> {html.escape(str(exc), quote=False)}"
            return
        self.message.object = f"Loaded {html.escape(self.upload.filename or 'game', quote=False)}."
        self.refresh(force=True)

    def save(self, path) -> None:
        """Save the game to a JSON file (atomic)."""
        self.table.game.save(path)

    def load(self, path) -> None:
        """Load a saved game (raises DataError naming file and field)."""
        from railkit.core.jsonio import read_json

        self.table.load_json(read_json(path), str(path))
        self.refresh(force=True)

    # ------------------------------------------------------------ refresh
    def refresh(self, force: bool = False) -> None:
        """Bring every part of the view up to date with the table (only changes are sent)."""
        if self._refreshing:
            return
        self._refreshing = True
        try:
            self._refresh()
        finally:
            self._refreshing = False
        self._push()

    def _refresh(self) -> None:
        t = self.table
        with pn.io.hold():
            live_end = len(t.game.log)
            if self._replay_at is not None and not 0 <= self._replay_at < live_end:
                self._replay_at = None  # the end (or past it: an undo, a new game) is live play
            if t.game.map is not self.board.map:
                self._make_board()
            if self.replay.end != max(live_end, 1):
                self.replay.end = max(live_end, 1)
            shown = live_end if self._replay_at is None else self._replay_at
            if self.replay.value != shown:
                self.replay.value = shown
            self._seen_version = t.version
            replay = self._replay_at is not None
            g = t.game.history(self._replay_at) if replay else t.game
            obs = g.observe(self.seat)
            my_turn = (not replay) and g.current_player == self.seat
            legal = g.legal_actions() if my_turn else []
            if self._titled is None or self._titled[0] is not self.board or self._titled[1] is not t.game:
                self.board.set_titles({r.id: self._claim_heading(r) for r in t.game.map.routes})
                self._titled = (self.board, t.game)
            self.board.set_state(obs["claimed"], obs["closed"], pay=self._pay_labels(g, legal))
            can_pass = any(str(a) == "pass" for a in legal)
            self.player.update(obs, my_turn=my_turn, can_pass=can_pass,
                               seat_labels=[t.seat_label(s) for s in range(g.players)], replay=replay)
            self.undo_btn.disabled = replay or self.seat not in t.actors
            self.live_btn.visible = replay
            self._render_log(g)
            if g.is_over:
                if self.scoring is None or self.scoring.game is not g:
                    self.scoring = ScoringView(g, self.board)
                    self.scoring_area.objects = [self.scoring]
            elif self.scoring is not None:
                self.scoring = None
                self.scoring_area.objects = []
                self.board.clear_highlight()
            if self._pending and not my_turn:
                self._close_claim()

    def _render_log(self, g) -> None:
        names = g.names
        actors = self.table.actors[: len(g.log)]
        lines = []
        start = max(0, len(g.log) - 40)
        for i in range(len(g.log) - 1, start - 1, -1):
            who = names[actors[i]] if i < len(actors) else "?"
            lines.append(f"<div>{i + 1}. <b>{html.escape(who, quote=False)}</b>: "
                         f"{html.escape(str(g.log[i]), quote=False)}</div>")
        self.log_pane.object = "".join(lines) or "<i>no actions yet</i>"


def quick_game(players: int = 2, humans: Sequence[int] = (0,), bots: Sequence[str] = ("greedy-route",),
               seed: int = 0, map: str = "usa", rules=None, auto: bool = True, **kw) -> GameController:
    """A controller for a fresh game: ``quick_game(seed=1)`` plays you against one greedy bot."""
    return GameController(Table(players=players, humans=humans, bots=bots, seed=seed, map=map, rules=rules, **kw),
                          auto=auto)

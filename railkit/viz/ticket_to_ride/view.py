"""The Ticket to Ride view: one seat's view of a :class:`~railkit.viz.shell.table.Table`.

It is the Ticket to Ride part of the game-agnostic
:class:`~railkit.viz.shell.view.TableShell` (which brings undo, the replay slider,
save/load, the action log, the end banner, bots and the new-game form): the
:class:`~railkit.viz.ticket_to_ride.board.Board`, the :class:`~railkit.viz.ticket_to_ride.player.PlayerPanel`,
the claim dialog, the map choice and, at the end, the scoring view.

A claim costs one round trip to the server: the board's data source carries, per
route, the payments the viewing seat could make now (``pay``; empty when it
cannot claim the route, is not to move, looks at a replay or the game is over),
so the browser shows the payment choice the moment a route is clicked. The
server hears the same click, sets the same choice (nothing changes on screen)
and maps the button pressed back to its claim by the button's label.

>>> from railkit.viz.shell.table import Table
>>> ctl = TicketToRideView(Table(players=2, bots=["random"], seed=5, map="teaching-small", game="ticket-to-ride"),
...                        auto=False)
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

import panel as pn
import param
from bokeh.models import Button as BkButton
from bokeh.models import Column as BkColumn
from bokeh.models import CustomJS, Div
from bokeh.models import RadioButtonGroup as BkRadioButtonGroup

from railkit.core.i18n import Message, render, word
from railkit.games.ticket_to_ride.actions import COLOUR_WORDS
from railkit.viz.shell.style import STACK_CSS, TOUCH_CSS
from railkit.viz.shell.table import Table, plain_text
from railkit.viz.shell.view import FIT_TEXT, FIT_WIDTH, TableShell, explain, served
from railkit.viz.ticket_to_ride.board import Board, last_claimed_route, paid_colours
from railkit.viz.ticket_to_ride.player import PlayerPanel, chip, since_your_move
from railkit.viz.ticket_to_ride.player import describe_action as log_text
from railkit.viz.ticket_to_ride.scoring import ScoringView

__all__ = ["TicketToRideView", "describe_action", "explain", "pay_text", "payment_label"]


def describe_action(game, action) -> Message:
    """The public log text of a Ticket to Ride action played in ``game``, a message in words
    (each page renders it in its language): a face-up draw names the card taken (everybody
    sees it), "drew a face-up red card (slot 2)"; a blind draw stays blind
    (:func:`railkit.viz.ticket_to_ride.player.describe_action`)."""
    from railkit.games.ticket_to_ride import DrawFaceUp

    return log_text(action, game.observe(None)["faceup"] if isinstance(action, DrawFaceUp) else None)


def pay_text(action, lang: str | None = "en") -> str:
    """The label of a claim's payment button, in language ``lang``: 'Pay red ×2 + locomotive ×1'."""
    return Message("Pay {cards}", cards=action.payment_words()).render(lang)


def payment_label(action, lang: str | None = "en") -> str:
    """'red ×2 + locomotive ×1' for a claim, in language ``lang``."""
    return action.payment_words().render(lang)


def claim_hint(lang: str | None = "en") -> str:
    """The claim dialog's words while no route is chosen (HTML, in language ``lang``)."""
    return f"<i>{html.escape(Message('Click a route on the map to claim it.').render(lang))}</i>"


def choose_text(lang: str | None = "en") -> str:
    """What the claim dialog says above a route's payment choices (HTML, in language ``lang``)."""
    return f"<br>{html.escape(Message('Choose how to pay:').render(lang))}"


CLAIM_HINT = claim_hint()
CHOOSE = choose_text()

#: Most payment choices shown for one claim; the ones using fewest locomotives come first.
MAX_PAYMENTS = 12

#: In the browser, on a click on route ``i`` (see Board.js_on_route_click): show its
#: payment choice (or none) at once. The server sets the very same values when it
#: hears of the click, so its update changes nothing on screen; ``active`` is left
#: alone by the server when it is already empty, so a button pressed meanwhile stays.
_SHOW_CHOICE_JS = """
const pay = src.data.pay[i];
pending.data = {xs: [src.data.rxs[i]], ys: [src.data.rys[i]]};
title.text = src.data.title[i] + (pay.length ? choose.text : "");
choice.active = null;
choice.labels = Array.from(pay);
choice._rk_route = i;  // the route a payment pressed now claims (Board.js_on_pay draws it at once)
cancel.disabled = false;
"""

_CANCEL_JS = """
title.text = hint.text;
choice._rk_route = undefined;
choice.active = null;
choice.labels = [];
cancel.disabled = true;
pending.data = {xs: [], ys: []};
"""


def colour_blind_default() -> bool:
    """Colour-blind patterns by default: ``?colour_blind=1`` in a served page's address, else
    ``$RAILKIT_COLOUR_BLIND`` (``railkit serve --colour-blind`` sets it)."""
    import os

    if served():
        args = getattr(pn.state, "session_args", None) or {}
        given = (args.get("colour_blind") or [None])[0]
        if given is not None:
            return (given.decode("utf-8", "replace") if isinstance(given, bytes) else str(given)) in ("1", "yes", "true")
    return os.environ.get("RAILKIT_COLOUR_BLIND", "") in ("1", "yes", "true")


class TicketToRideView(TableShell):
    """Play Ticket to Ride against bots (or others at a shared table).

    Parameters
    ----------
    table : Table
        The game and its seats (a new game against one bot if not given).
    seat : int or None
        The seat this view plays (0-based); only its hand and tickets are shown.
        None: a spectator (the board, the public information and the log).
    auto : bool
        True: bots move with a visible delay via a periodic callback (served apps,
        live notebooks). False: bots move at once after each action.
    """

    save_name = "ttr-game.json"
    STATS = {
        "route_points": word("Points from routes"), "ticket_points": word("Points from tickets"),
        "longest_bonus": word("Longest route bonus"), "globetrotter_bonus": word("Globetrotter bonus"),
        "tickets_completed": word("Tickets done"), "tickets_failed": word("Tickets failed"),
        "longest_trail": word("Longest route (trains)"), "routes_claimed": word("Routes claimed"),
        "claims_len1": word("Routes of 1 train"), "claims_len2": word("Routes of 2 trains"),
        "claims_len3": word("Routes of 3 trains"), "claims_len4": word("Routes of 4 trains"),
        "claims_len5": word("Routes of 5 trains"), "claims_len6": word("Routes of 6 trains"),
        "trains_left": word("Trains left"), "cards_drawn": word("Train cards drawn"),
        "tickets_drawn": word("Tickets drawn"), "tickets_kept": word("Tickets kept"), "turns": word("Turns"),
        "blocks": word("Claims that cut another player's network"),
    }

    #: a seat may choose to be asked before each claim is played (TableShell.confirm_moves)
    confirm_moves_label = word("Confirm before claiming")

    colour_blind = param.Boolean(default=None, allow_None=True, doc=(
        "Patterns and letters on every card and route colour, so that no colour is told by hue alone. "
        "None: from $RAILKIT_COLOUR_BLIND (railkit serve --colour-blind) or, served, the page's "
        "address (?colour_blind=1)."))

    def __init__(self, table: Table | None = None, seat: int | None = 0, auto: bool = True, **params):
        table = table or Table(game="ticket-to-ride")
        if table.describe is plain_text:
            table.set_describe(describe_action)
        super().__init__(table, seat=seat, auto=auto, **params)

    # ------------------------------------------------------------ building
    def _build_view(self) -> None:
        self._pending: str | None = None
        # the message sits under the board at the board's width (stretched, it pushed the
        # player panel off the right edge at 1280 x 720)
        self.message.param.update(sizing_mode="fixed", width=700, stylesheets=[FIT_TEXT])
        # The claim dialog is made of plain Bokeh models, so that JavaScript on the board
        # can fill it in the browser (Board.js_on_route_click). One button group for the
        # payment choice: showing a choice changes its labels, never the layout.
        self.claim_title = Div(text=CLAIM_HINT, width=420, name="claim_title")
        self.pay_choice = BkRadioButtonGroup(labels=[], active=None, orientation="vertical", width=420,
                                             css_classes=["pay"], name="pay", stylesheets=[TOUCH_CSS])
        self.pay_choice.on_change("active", self._on_pay_choice)
        self._payments: list[str] = []
        self._pay_by_label: dict[str, str] = {}
        self._resetting = False
        # always there, greyed out when no claim is open (showing and hiding it would make the
        # browser lay the whole page out again: ~20 ms on each click)
        self.claim_cancel = BkButton(label="Cancel", width=80, disabled=True, name="claim_cancel",
                                     stylesheets=[TOUCH_CSS])
        # the dialog's words in the page's language, read by its JavaScript (never shown themselves)
        self._hint_words, self._choose_words = Div(text=CLAIM_HINT), Div(text=CHOOSE)
        self.claim_cancel.on_event("button_click", lambda e: self._close_claim())
        self._claim_pane = pn.pane.Bokeh(BkColumn(self.claim_title, self.pay_choice, self.claim_cancel))
        self.claim_box = pn.Column(self._claim_pane, css_classes=["claim-box"], width=440, stylesheets=[FIT_WIDTH],
                                   styles={"border": "2px solid #f9a825", "border-radius": "6px", "padding": "4px"})
        self._titled = None  # (board, game) whose claim headings the board holds
        if self.colour_blind is None:
            self.colour_blind = colour_blind_default()
        self.player = PlayerPanel(self.act, colour_blind=self.colour_blind, lang=self.lang)
        self.w_colour_blind = pn.widgets.Checkbox(label=word("Colour-blind patterns"), value=self.colour_blind,
                                                  css_classes=["colour-blind"])
        self.w_colour_blind.param.watch(lambda e: self.set_colour_blind(e.new), "value")
        # the same setting in the new-game form, for whoever looks for it there
        self.w_colour_blind_form = pn.widgets.Checkbox(label=word("Colour-blind patterns"), value=self.colour_blind,
                                                       css_classes=["colour-blind-form"], align="end")
        self.w_colour_blind_form.param.watch(lambda e: self.set_colour_blind(e.new), "value")
        self.scoring_area = pn.Column(sizing_mode="stretch_width")
        self.board_area = pn.Column()
        self._make_board()
        from railkit.maps import available

        maps = available()
        name = self.table.game.map.name
        self.w_map = pn.widgets.Select(label="Map", options=maps, value=name if name in maps else maps[0], width=180)

    def _make_board(self) -> None:
        g = self.table.game
        # 700 x 440 beside the 400-px player panel: the row fits a notebook at 1280 x 720
        self.board = Board(g.map, seat_names=list(g.names), width=700, height=440, colour_blind=self.colour_blind,
                           lang=self.lang)
        self.player.attach(self.board)
        self.board.on_click(self.click_route)
        dialog = dict(title=self.claim_title, choice=self.pay_choice, cancel=self.claim_cancel)
        self.board.js_on_route_click(_SHOW_CHOICE_JS, choose=self._choose_words, **dialog)
        if self.seat is not None:  # a payment pressed shows the claim at once, before the server answers
            self.board.js_on_pay(self.pay_choice, self.seat)
        self.claim_cancel.js_event_callbacks = {}
        self.claim_cancel.js_on_event("button_click", CustomJS(
            args=dict(hint=self._hint_words, pending=self.board.pending_src, **dialog), code=_CANCEL_JS))
        self.board_area.objects = [self.board]
        self.scoring = None  # a new board is a new game's ("Play this map"): no final scores
        self.scoring_area.objects = []

    def set_colour_blind(self, on: bool) -> None:
        """Patterns and letters on every colour, or not (this page only): the board's cars are
        patched in place and the cards relabelled."""
        on = bool(on)
        for box in (self.w_colour_blind, self.w_colour_blind_form):  # the page's and the form's
            if box.value != on:
                box.value = on  # calls back here
                return
        if on == self.colour_blind == self.board.colour_blind:
            return
        self.colour_blind = on
        self.player.colour_blind = on
        self.player._market_css = [None] * len(self.player._market_css)
        with pn.io.hold():
            self.board.set_colour_blind(on)
        self.refresh(force=True)

    def _option_widgets(self) -> list:
        return [self.w_map, self.w_colour_blind_form]

    def _options(self) -> dict:
        return {"map": self.w_map.value}

    def _view(self):
        # the claim dialog sits right under the board and the hand beside it: the payment
        # choice is in view without scrolling at 1280x720
        # the colour-blind setting beside Hint (a row of its own pushed Undo off the page)
        if self.w_colour_blind not in self.assist.tools:
            self.assist.tools.append(self.w_colour_blind)
        # on a phone the hand stacks under the board, which takes the screen's width
        board_side = pn.Column(self.board_area, self.message, self.assist, self.claim_box, self._controls(),
                               width=self.board.figure.max_width, stylesheets=[FIT_WIDTH])
        # where the page is narrower than board and hand (a notebook's output area beside the file
        # browser), the hand goes under the board rather than out of sight
        return pn.Column(
            pn.Row(board_side, self.player, stylesheets=[STACK_CSS, ":host{flex-wrap:wrap}"]),
            self.scoring_area,
        )

    def _bokeh_panes(self) -> list:
        return [self._claim_pane, self.board._pane]

    # ------------------------------------------------------------ actions
    def needs_confirm(self, action) -> bool:
        """Claims wait for Confirm when the seat asked for it (:attr:`confirm_moves`)."""
        from railkit.games.ticket_to_ride import Claim

        return isinstance(action, Claim)

    def show_hint(self, action) -> None:
        """A hinted claim opens the claim dialog on its route (outlined on the board) in the
        hints' place, so that the payment choice is in view; other moves are named on the
        message line."""
        from railkit.games.ticket_to_ride import Claim

        if isinstance(action, Claim) and not self.replaying:
            self.assist.clear()
            self.click_route(action.route)
            return
        super().show_hint(action)

    def _close_and_continue(self) -> None:
        with pn.io.hold():
            self._close_claim()
        self.after_action()

    def act(self, text: str):
        """Play an action text for this seat; returns None or the error (shown inline)."""
        err = self.play(text)
        if err is not None:
            return None if self.replaying else err
        g = self.table.game
        if self._ready():
            obs = g.observe(None)
            # Bokeh models are changed inside hold(): Panel may run widget callbacks without
            # the document lock, and hold() dispatches the changes safely (and at once).
            with pn.io.hold():
                # the board first (owners and what this seat may pay now, in one message) ...
                self.board.set_state(obs["claimed"], obs["closed"], pay=self._pay_labels(g))
                self.board.set_pending(None)
                self.board.clear_claiming()  # the board itself shows the claim now
            self.push()
        self.later(self._close_and_continue)  # ... then the dialog, hand, market, log and the bots
        return None

    def _claims_by_route(self, g, legal=None) -> dict:
        """The claims this seat may make now in ``g``, per route, as the choice offers them
        (fewest locomotives first, at most MAX_PAYMENTS); empty unless it is this seat's turn
        in the live game."""
        from railkit.games.ticket_to_ride import Claim

        if self.replaying or g.is_over or self.seat is None or g.current_player != self.seat:
            return {}
        out: dict[str, list] = {}
        for a in (g.legal_actions() if legal is None else legal):
            if isinstance(a, Claim):
                out.setdefault(a.route, []).append(a)
        return {r: sorted(v, key=lambda a: (a.locos, a.colour))[:MAX_PAYMENTS] for r, v in out.items()}

    def _pay_labels(self, g, legal=None) -> dict[str, list[str]]:
        """The ``pay`` column: route id -> the button labels of its payment choice."""
        return {r: [pay_text(a, self.lang) for a in v] for r, v in self._claims_by_route(g, legal).items()}

    def _claim_heading(self, route) -> str:
        colour = render(COLOUR_WORDS.get(route.color, Message("gray") if route.color == "gray" else route.color),
                        self.lang)
        return Message("{claim} — length {length}, {colour} route, worth {points} points",
                       claim="<b>" + html.escape(Message("Claim {route}", route=route.id).render(self.lang), quote=False)
                       + "</b>", length=route.length, colour=chip(route.color, colour),
                       points=self._route_points(route.length)).render(self.lang)

    def click_route(self, route_id: str) -> None:
        """A route was clicked: show the payment choices, or why it cannot be claimed."""
        with pn.io.hold():
            self._click_route(route_id)
        self.push()

    def _click_route(self, route_id: str) -> None:
        g = self.table.game
        route = g.map.route_by_id[route_id]
        self._pending = route_id
        self.board.set_pending(route_id)
        # the same choice the browser showed from the board's ``pay`` column (computed afresh)
        options = self._claims_by_route(g).get(route_id, [])
        self._show_payments([str(a) for a in options], [pay_text(a, self.lang) for a in options])
        heading = self._claim_heading(route)
        if options:
            self.claim_title.text = heading + choose_text(self.lang)
            self.say("")
        else:
            err = self.table.check(self.seat, self._sample_claim(route))
            self.claim_title.text = heading
            self.say(explain(err, self.lang) if err is not None
                     else html.escape(Message("This route cannot be claimed now.").render(self.lang)))

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
            self.later(self.board.clear_claiming)  # the claim it drew at the payment is not played
            with pn.io.hold():
                if self._pending is not None:
                    self._click_route(self._pending)
                else:
                    self._close_claim()
                if not self.message.object:
                    self.say(html.escape(Message("That payment is no longer possible: choose again.").render(self.lang),
                                         quote=False))
            self.push()
            return
        if self.replaying:
            self.act(action)  # nothing is played: it explains how to get back to live play
            played = False
        else:
            played = self.act(action) is None
        if not played:  # the same button can be pressed again
            with pn.io.hold():
                self.board.clear_claiming()  # the claim the browser drew at the payment was not played
                self._resetting = True
                try:
                    self.pay_choice.active = None
                finally:
                    self._resetting = False
            self.push()
            self.later(self.board.clear_claiming)  # and once the browser's drawing has reached the server

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

        if self.seat is None:
            return Claim(route.id, route.color if route.color != "gray" else "red", route.length, 0)
        hand = self.table.game.observe(self.seat)["hand"]
        colours = [c for c in hand if c != "loco"]
        col = route.color if route.color != "gray" else max(colours, key=lambda c: (hand[c], c == "red"))
        return Claim(route.id, col, route.length, 0)

    def _close_claim(self) -> None:
        with pn.io.hold():
            self._pending = None
            self.claim_title.text = claim_hint(self.lang)
            self._show_payments([], [])
            self.board.set_pending(None)
        self.push()

    def after_undo(self) -> None:
        with pn.io.hold():
            self._close_claim()

    # ------------------------------------------------------------ refresh
    def _show(self, g, obs: dict, my_turn: bool, replay: bool, legal: list) -> None:
        t = self.table
        if t.game.map is not self.board.map:
            self._make_board()
        if self._titled != (self.board, t.game, self.lang):
            self.board.set_language(self.lang)  # the tooltips too
            self.board.set_titles({r.id: self._claim_heading(r) for r in t.game.map.routes})
            self._titled = (self.board, t.game, self.lang)
            self._hint_words.text, self._choose_words.text = claim_hint(self.lang), choose_text(self.lang)
            self.claim_cancel.label = Message("Cancel").render(self.lang)
            if self._pending is None:
                self.claim_title.text = claim_hint(self.lang)
        pay = self._pay_labels(g, legal)
        with self.board.hold():  # the board's changes go to a notebook page as one message
            self.board.clear_claiming()
            self.board.set_state(obs["claimed"], obs["closed"], pay=pay, paid=paid_colours(g.log))
            self.board.mark_last(last_claimed_route(g.log))
            can_pass = any(str(a) == "pass" for a in legal)
            labels = [t.seat_label(s, self.lang) for s in range(g.players)]
            since = "" if replay else since_your_move(t.actors, t.log_text, list(g.names), self.seat, self.lang)
            self.player.lang = self.lang  # the page's language picker may have changed it
            self.player.update(obs, my_turn=my_turn, can_pass=can_pass, seat_labels=labels, replay=replay,
                               affordable=list(pay) if my_turn else None, since=since)
        if g.is_over:
            if self.scoring is None or self.scoring.game is not g:
                self.scoring = ScoringView(g, self.board, lang=self.lang)
                self.scoring_area.objects = [self.scoring]
        elif self.scoring is not None:
            self.scoring = None
            self.scoring_area.objects = []
            self.board.clear_highlight()
        if self._pending and not my_turn:
            self._close_claim()

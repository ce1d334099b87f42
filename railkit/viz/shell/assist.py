"""Help at the table for the seat to move: hints and "confirm before ..." (any game).

* **Hint** shows the medium bot's best three moves with their reasons
  (:func:`railkit.agents.hints.hints`), worked out from this seat's observation and legal
  actions only, never from what the seat may not see. Clicking a move asks the game's view
  to show it (:meth:`TableShell.show_hint`: a claim may open the game's claim dialog on the
  route); nothing is played.
* A game's view that names moves worth a second thought (``confirm_moves_label``, say
  "Confirm before claiming", and :meth:`TableShell.needs_confirm`) gets a per-seat setting:
  when it is on, such a move is kept back (:attr:`TableShell.pending`) until the player
  presses Confirm; Cancel drops it and the game is as it was.
"""

from __future__ import annotations

import html

import panel as pn

from railkit.agents.hints import Hint, hints
from railkit.core.i18n import Message, word
from railkit.viz.shell.style import AUTO_HEIGHT, FIT_TEXT, FIT_WIDTH, WRAP_BUTTON
from railkit.viz.shell.table import seat_names
from railkit.viz.shell.words import move_words

#: how many moves a hint shows
HINTS = 3
#: the panel's width in pixels (under a 700-px board; it never widens the column it sits in): a
#: game's view whose column is narrower sets its own (``TableShell.assist_width``)
WIDTH = 680
#: a hinted move's narrowest button, and the compact margins that keep three of them in view at 1280 x 720
MOVE_WIDTH = 260
TIGHT = (2, 5)


class Assist(pn.viewable.Viewer):
    """The hint button and list, and the "confirm before ..." setting, of one seat's view."""

    def __init__(self, shell) -> None:
        super().__init__()
        self.shell = shell
        width = getattr(shell, "assist_width", WIDTH)
        # a move's words on one line where the panel has room ("Claim Kansas City-Omaha/1, paying red ×1")
        move_width = max(MOVE_WIDTH, min(340, int(width * 0.45)))
        self.hints: list[Hint] = []
        self._hints_at: tuple | None = None  # (game, actions played) the hints are for
        self.hint_btn = pn.widgets.Button(label=word("Hint"), width=80, height=28, margin=TIGHT, css_classes=["hint"],
                                          visible=False,
                                          description=word("The medium bot's best three moves, with its reasons"))
        self.hint_btn.on_click(lambda e: self.show_hints())
        # the rows of the hints, made once and shown or hidden (a widget made per click cost
        # tens of milliseconds, and the page's layout would change each time)
        self.moves: list = []
        self.reasons: list = []
        self.rows: list = []
        for i in range(HINTS):
            b = pn.widgets.Button(label="", width=move_width, margin=TIGHT, css_classes=["hint-move"],
                                  stylesheets=[WRAP_BUTTON])  # a move may be a sentence
            b.on_click(lambda e, i=i: self._on_hint(i))
            why = pn.pane.HTML("", css_classes=["hint-reason"], width=width - move_width - 20, margin=TIGHT,
                               stylesheets=[FIT_TEXT])
            self.moves.append(b)
            self.reasons.append(why)
            self.rows.append(pn.FlexBox(b, why, margin=0, visible=False, stylesheets=[FIT_WIDTH, AUTO_HEIGHT]))  # wraps on a phone
        self.no_hint = pn.pane.HTML("", visible=False)
        self.hint_list = pn.Column(*self.rows, self.no_hint, css_classes=["hint-list"], width=width, margin=0,
                                   stylesheets=[FIT_WIDTH, AUTO_HEIGHT])
        label = shell.confirm_moves_label
        # a seat's own setting: a spectator neither moves nor confirms
        self.confirm_box = pn.widgets.Checkbox(label=label or "-", value=shell.confirm_moves, width=230,
                                               css_classes=["confirm-moves"],
                                               visible=bool(label) and shell.seat is not None)
        self.confirm_box.param.watch(self._on_confirm_box, "value")
        self.held = pn.pane.HTML("", css_classes=["held-move"], width=width - 250, stylesheets=[FIT_TEXT])
        self.held_confirm = pn.widgets.Button(label=word("Confirm"), color="primary", width=90, css_classes=["held-confirm"])
        self.held_confirm.on_click(lambda e: shell.confirm_turn())
        self.held_cancel = pn.widgets.Button(label=word("Cancel"), width=90, css_classes=["held-cancel"])
        self.held_cancel.on_click(lambda e: shell.undo())
        self.held_row = pn.FlexBox(self.held, self.held_confirm, self.held_cancel, visible=False, stylesheets=[FIT_WIDTH],
                                   styles={"border": "2px solid #f9a825", "border-radius": "6px"})
        #: the button and the setting (a game's view may add a setting of its own here)
        self.tools = pn.FlexBox(self.hint_btn, self.confirm_box, margin=0, stylesheets=[FIT_WIDTH])  # wraps on a phone
        self._layout = pn.Column(self.tools, self.hint_list, self.held_row, css_classes=["assist"], width=width,
                                 stylesheets=[FIT_WIDTH, AUTO_HEIGHT])

    def __panel__(self):
        return self._layout

    # ------------------------------------------------------------ hints
    def show_hints(self) -> list[Hint]:
        """Work out and show the hints for this seat's move now (none when it is not its turn)."""
        s = self.shell
        t = s.table
        g = t.game
        if s.replaying or s.seat is None or g.is_over or g.current_player != s.seat or s.pending is not None:
            self.clear()
            return []
        self.hints = hints(t.spec, g.observe(s.seat), g.legal_actions(), k=HINTS)
        self._hints_at = (g, len(g.log))
        names = seat_names(g, s.lang)
        for i, row in enumerate(self.rows):
            if i < len(self.hints):
                h = self.hints[i]
                self.moves[i].label = f"{i + 1}. {move_words(h.action, names, s.lang)}"  # as the move list says it
                self.reasons[i].object = f"<span class='hint-why'>{html.escape(h.text.render(s.lang), quote=False)}</span>"
            row.visible = i < len(self.hints)
        self.no_hint.object = html.escape(Message("No move to suggest.").render(s.lang))
        self.no_hint.visible = not self.hints
        return self.hints

    @property
    def shown(self) -> list:
        """The rows of hints on the page now (move button, reason)."""
        return [(self.moves[i], self.reasons[i]) for i, row in enumerate(self.rows) if row.visible]

    def _on_hint(self, i: int) -> None:
        if i < len(self.hints):
            self.shell.show_hint(self.hints[i].action)

    def clear(self) -> None:
        """Put the hints away (the game's view shows the move chosen instead)."""
        self.hints, self._hints_at = [], None
        for row in self.rows:
            row.visible = False
        self.no_hint.visible = False

    # ------------------------------------------------------------ the setting
    def _on_confirm_box(self, event) -> None:
        self.shell.confirm_moves = event.new

    # ------------------------------------------------------------ refresh
    def refresh(self, g, my_turn: bool, replay: bool, pending) -> None:
        """Bring the button, the hints (dropped once the position changed) and the move kept
        back up to date."""
        s = self.shell
        self.hint_btn.visible = my_turn and not replay and pending is None
        if self._hints_at is not None and (self._hints_at[0] is not s.table.game
                                           or self._hints_at[1] != len(s.table.game.log) or replay):
            self.clear()
        if self.confirm_box.value != s.confirm_moves:
            self.confirm_box.value = s.confirm_moves
        # a move kept back by this setting: asked here (a view with "Confirm turn" asks there)
        held = pending is not None and s.held_by_setting and not s.offers_confirm
        self.held_row.visible = held
        if held:
            question = Message("Play {move}?", move=s.table.describe(s.table.game, pending)).render(s.lang)
            self.held.object = f"<b>{html.escape(question, quote=False)}</b>"

"""Pass and play (``railkit serve GAME --seats N --hotseat``): one browser plays every
person's seat in turn.

Between two people's turns a curtain covers the page: "Pass to Player 2" and a button
"I am Player 2". While the curtain is up the page holds nothing of any seat's view (the
seat's view is taken off the page, so none of its models are in the browser), and the
next seat's view is put on the page only once that person has pressed the button. Bots
play their seats as at any table; a bot's turn raises no curtain.

>>> from railkit.games import names
>>> from railkit.viz.shell.games import view_class
>>> from railkit.viz.shell.table import Table
>>> game = names()[0]
>>> hot = HotSeat(Table(players=2, humans=[0, 1], seed=3, game=game), view_class(game), auto=False)
>>> hot.shown, hot.waiting
(None, 0)
>>> hot.reveal()
>>> hot.shown, hot.waiting
(0, None)
"""

from __future__ import annotations

import html

import panel as pn

from railkit.core.i18n import Message
from railkit.viz.shell.table import Table, seat_names

#: milliseconds between two looks at the table (whose turn it is now)
POLL_MS = 150


class HotSeat(pn.viewable.Viewer):
    """One page for every person's seat of ``table``, in turn, behind a curtain.

    Parameters
    ----------
    table : Table
        The game; its ``humans`` take turns at this page.
    view : type
        The game's view class (a :class:`~railkit.viz.shell.view.TableShell`).
    auto : bool
        True: bots move with their delay, and the page looks at the table every
        :data:`POLL_MS` (served apps). False: call :meth:`check` after a move (tests).
    title : str
        The page's heading.
    """

    def __init__(self, table: Table, view, auto: bool = True, title: str = "railkit") -> None:
        from railkit.viz.shell.view import FOCUS_RING, page_language

        super().__init__()
        self.table = table
        self.view_class = view
        self.auto = auto
        self.title = title
        self.lang = page_language()
        #: the seat whose view is on the page (None: the curtain is up)
        self.shown: int | None = None
        #: the seat the curtain waits for (None: no curtain)
        self.waiting: int | None = None
        self.views: dict = {}  # seat -> its view, made the first time it is shown
        self.header = pn.pane.HTML("", css_classes=["header"], sizing_mode="stretch_width")
        self.curtain_text = pn.pane.HTML("", css_classes=["curtain-text"], sizing_mode="stretch_width",
                                         stylesheets=[":host, h2, p { color: #ffffff; }"])
        self.reveal_btn = pn.widgets.Button(label="", color="primary", css_classes=["reveal"], width=260,
                                            stylesheets=[FOCUS_RING.replace("#1565c0", "#ffffff")])
        self.reveal_btn.on_click(lambda e: self.reveal())
        self.curtain = pn.Column(self.curtain_text, self.reveal_btn, css_classes=["curtain"],
                                 sizing_mode="stretch_width", min_height=420,
                                 styles={"background": "#263238", "color": "#ffffff", "padding": "40px",
                                         "border-radius": "8px"})
        self.area = pn.Column(sizing_mode="stretch_width")
        self._callback = None
        self.check()

    def holder(self) -> int | None:
        """The person's seat that should hold the device now: the seat to move if a person
        plays it, else the seat shown (a bot's turn, the end of the game)."""
        g = self.table.game
        seat = None if g.is_over else g.current_player
        if seat is not None and seat in self.table.humans:
            return seat
        if self.shown is not None or self.waiting is not None:
            return self.shown if self.shown is not None else self.waiting
        return self.table.humans[0] if self.table.humans else None

    def check(self) -> None:
        """Raise the curtain if another person is to move than the one whose view is shown."""
        seat = self.holder()
        if seat is None or seat == self.shown or seat == self.waiting:
            return
        self._raise(seat)

    def _raise(self, seat: int) -> None:
        old = self.views.get(self.shown)
        if old is not None:
            old.stop()  # a hidden view polls nothing and sends nothing
        self.shown, self.waiting = None, seat
        lang = self.lang
        raw = seat_names(self.table.game, lang)[seat]
        name = html.escape(raw, quote=False)
        heading = Message("Pass to {name}", name=name).render(lang)
        note = Message("Nobody else may look: press the button once only {name} can see the screen.",
                       name=name).render(lang)
        self.curtain_text.object = f"<h2>{heading}</h2><p>{note}</p>"
        self.reveal_btn.label = Message("I am {name}", name=raw).render(lang)
        self._header(None)
        self.area.objects = [self.curtain]

    def reveal(self) -> None:
        """The person the curtain waits for is at the screen: show that seat's view."""
        seat = self.waiting
        if seat is None:
            return
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.view_class(self.table, seat=seat, auto=self.auto)
        else:
            view.refresh(force=True)
        self.shown, self.waiting = seat, None
        self._header(seat)
        self.area.objects = [view]
        if self.auto:
            view.start()

    def _header(self, seat: int | None) -> None:
        lang = self.lang
        if seat is None:
            who = Message("Hot seat: the screen goes round the table.").render(lang)
        else:
            who = Message("Hot seat: {name} is playing.", name=seat_names(self.table.game, lang)[seat]).render(lang)
        self.header.object = f"<h2>{html.escape(self.title)}</h2><p>{html.escape(who, quote=False)}</p>"

    def tick(self) -> None:
        """The page's poll: a bot's move when it is due, then :meth:`check`."""
        t = self.table
        if t.bot_due():
            t.step_bot()
        self.check()

    def __panel__(self):
        from railkit.viz.shell.view import open_page, served

        open_page(self)
        if self.auto and self._callback is None:
            if served():
                def start():
                    self._callback = pn.state.curdoc.add_periodic_callback(self.tick, POLL_MS)

                pn.state.onload(start)
            else:
                self._callback = pn.state.add_periodic_callback(self.tick, period=POLL_MS)
        return pn.Column(self.header, self.area, sizing_mode="stretch_width")

    def say(self, text: str) -> None:
        """Show ``text`` (HTML) on the page: on the view shown, else on the curtain."""
        view = self.views.get(self.shown)
        if view is not None:
            view.say(text)
        else:
            self.curtain_text.object += f"<p><b>{html.escape(text, quote=False)}</b></p>"

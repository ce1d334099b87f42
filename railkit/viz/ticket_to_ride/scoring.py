"""Final scoring, shown on the board: longest trail and ticket paths.

For one player at a time the board highlights the longest continuous trail
(TTR-SCORE-LONGEST), each completed ticket's connecting path through the
player's own routes, and for each failed ticket the cheapest way it could
still have been completed (the missing routes, via
:func:`railkit.graphs.cheapest_completion`). A table gives every player's
breakdown.

>>> from railkit.agents import make_agent
>>> from railkit.games.ticket_to_ride import SPEC
>>> from railkit.agents import make_agent
>>> from railkit.core.game import play
>>> g = play(SPEC.new_game(players=2, seed=1, map="teaching-small"),
...          [make_agent(SPEC, "greedy-route", s) for s in (1, 2)])
>>> rows = breakdown_rows(g)
>>> sorted(rows[0])[:4]
['completed', 'failed', 'globetrotter', 'longest bonus']
>>> paths = ticket_paths(g, 0)
>>> all(set(p) >= {"ticket", "done", "routes", "missing"} for p in paths)
True
"""

from __future__ import annotations

import html

import pandas as pd
import panel as pn
import param

from railkit.core.i18n import Message, render
from railkit.graphs import cheapest_completion
from railkit.viz.shell.style import FIT_TEXT, FIT_WIDTH
from railkit.viz.ticket_to_ride.board import Board

#: Highlight colours: longest trail, a completed ticket's path, a failed ticket's missing routes.
TRAIL = "#00b8d4"
DONE = "#43a047"
MISSING = "#d500f9"


#: the table's columns (the keys of :func:`breakdown_rows`) in the reader's language
COLUMN_WORDS = {"rank": Message("rank"), "player": Message("player"), "routes": Message("routes"),
                "tickets": Message("tickets"), "completed": Message("completed"), "failed": Message("failed"),
                "longest trail": Message("longest trail"), "longest bonus": Message("longest bonus"),
                "globetrotter": Message("globetrotter"), "total": Message("total"), "win": Message("win"),
                "tie break": Message("tie break")}


def breakdown_rows(game) -> list[dict]:
    """The score breakdown as flat table rows (one per seat)."""
    out = []
    for x in game.score_breakdown():
        out.append({
            "rank": x["rank"], "player": x["name"], "routes": x["route_points"],
            "tickets": x["ticket_points"], "completed": x["tickets_completed"], "failed": x["tickets_failed"],
            "longest trail": x["longest_trail"], "longest bonus": x["longest_bonus"],
            "globetrotter": x["globetrotter_bonus"], "total": x["total"], "win": x["win"],
            "tie break": x["tie_break"],
        })
    return out


def ticket_paths(game, seat: int) -> list[dict]:
    """Each ticket of ``seat``: its connecting path, or the cheapest missing link.

    Returns dicts with ``ticket`` (text), ``points``, ``done``, ``routes`` (route
    ids of the path: own routes for a completed ticket) and ``missing`` (route
    ids still to claim, empty when done; None when it can no longer be joined).
    """
    G = game.map.graph()
    obs = game.observe(None)
    claimed = obs["claimed"]
    owned = {r for r, s in claimed.items() if s == seat}
    others = {r for r, s in claimed.items() if s != seat} | set(obs["closed"])
    # a player may never own both tracks of a double route (TTR-DOUBLE-SAME)
    for r in owned:
        others |= {p.id for p in game.map.parallel(r)}
    blocked_all = {r.id for r in game.map.routes} - owned
    out = []
    for t in game.score_breakdown()[seat]["tickets"]:
        text = f"{t['a']}-{t['b']} ({t['points']})"
        if t["done"]:
            res = cheapest_completion(G, t["a"], t["b"], owned=owned, blocked=blocked_all)
            routes = [k for _, _, k in res[1]] if res else []
            out.append({"ticket": text, "points": t["points"], "done": True, "routes": routes, "missing": []})
        else:
            res = cheapest_completion(G, t["a"], t["b"], owned=owned, blocked=others - owned)
            if res is None:
                out.append({"ticket": text, "points": t["points"], "done": False, "routes": [], "missing": None})
            else:
                routes = [k for _, _, k in res[1]]
                out.append({"ticket": text, "points": t["points"], "done": False, "routes": routes,
                            "missing": [r for r in routes if r not in owned]})
    return out


class ScoringView(pn.viewable.Viewer):
    """Pick a player: their longest trail and ticket paths light up on ``board``.

    Parameters
    ----------
    game : TicketToRide
        A game (usually finished).
    board : Board, optional
        A board shown elsewhere (a game table's own board) to light up. Without one
        the view makes its own board and shows it, above the table: the view is then
        complete on its own (a notebook cell ``ScoringView(game)``).

    Examples
    --------
    >>> from railkit.viz.ticket_to_ride.lessons import bot_game
    >>> view = ScoringView(bot_game(seed=2, map="teaching-small"))
    >>> [p.object.name for p in view.__panel__().select(pn.pane.Bokeh)]
    ['board']
    """

    seat = param.Integer(default=0, bounds=(0, None))
    show = param.ListSelector(default=["longest trail", "tickets"], objects=["longest trail", "tickets"])

    def __init__(self, game, board: Board | None = None, lang: str | None = None, **params):
        super().__init__(**params)
        self.game = game
        self.lang = lang  # None: the current language
        self.own_board = board is None
        # 800 px wide: fits a notebook's output area at 1280x720 with the file browser open
        self.board = board or Board(game.map, seat_names=list(game.names), width=800, height=500, lang=lang)
        if board is None:
            self.board.set_state(game.observe(None)["claimed"], game.observe(None)["closed"])
        names = list(game.names)
        self.w_seat = pn.widgets.RadioButtonGroup(options={n: i for i, n in enumerate(names)}, value=0)
        self.w_show = pn.widgets.CheckButtonGroup(options={render(COLUMN_WORDS[k], lang): k
                                                           for k in ("longest trail", "tickets")},
                                                  value=["longest trail", "tickets"])
        self.w_seat.param.watch(lambda e: self._set(seat=e.new), "value")
        self.w_show.param.watch(lambda e: self._set(show=e.new), "value")
        # on a phone the table scrolls sideways by itself, the page does not; the text wraps
        rows = [{render(COLUMN_WORDS[k], lang): self._cell(v) for k, v in r.items()} for r in breakdown_rows(game)]
        frame = pd.DataFrame(rows).set_index(render(COLUMN_WORDS["rank"], lang)).sort_index()
        self.table = pn.pane.DataFrame(frame, index=True,
                                       css_classes=["score-table"], sizing_mode="stretch_width",
                                       stylesheets=[FIT_WIDTH + ":host{overflow-x:auto}"])
        self.details = pn.pane.HTML("", css_classes=["ticket-paths"], stylesheets=[FIT_TEXT])
        self._set()

    def _cell(self, value):
        """A table cell in the reader's language: yes/no for a flag."""
        if isinstance(value, bool):
            return render(Message("yes") if value else Message("no"), self.lang)
        return value

    def _set(self, **kw) -> None:
        self.param.update(**kw)
        self.render()

    def render(self) -> None:
        with pn.io.hold():  # Bokeh models change: safe from any Panel callback
            self._render()
        # the board's data changed outside a Bokeh callback: a notebook's page needs a push
        pn.io.push_notebook(self.board.__panel__())

    def _render(self) -> None:
        s = self.seat
        row = self.game.score_breakdown()[s]
        groups = []
        paths = ticket_paths(self.game, s) if "tickets" in self.show else []
        for p in paths:
            if p["done"]:
                groups.append((p["routes"], DONE, 26, self._say(Message("ticket {ticket}", ticket=p["ticket"]))))
            elif p["missing"]:
                groups.append((p["missing"], MISSING, 26,
                               self._say(Message("missing for {ticket}", ticket=p["ticket"]))))
        if "longest trail" in self.show:
            groups.append((row["longest_routes"], TRAIL, 14, self._say(COLUMN_WORDS["longest trail"])))
        self.board.highlight(groups)
        key = Message("On the board: {trail} longest trail, {done} path of a completed ticket, {missing} routes a "
                      "failed ticket was missing.", trail="{trail}", done="{done}", missing="{missing}")
        key = html.escape(self._say(key), quote=False).format(
            trail=f"<span style='color:{TRAIL}'>■</span>", done=f"<span style='color:{DONE}'>■</span>",
            missing=f"<span style='color:{MISSING}'>■</span>")
        trail = Message("longest trail {n} trains (bonus {bonus}).", n=row["longest_trail"], bonus=row["longest_bonus"])
        items = [f"<b>{html.escape(self.game.names[s], quote=False)}</b>: "
                 f"{html.escape(self._say(trail), quote=False)} {key}"]
        for p in ticket_paths(self.game, s):
            if p["done"]:
                items.append(f"<span style='color:#2e7d32'>✔ {html.escape(p['ticket'])}: "
                             f"{html.escape(' → '.join(p['routes']))}</span>")
            elif p["missing"] is None:
                said = self._say(Message("no way left to join them"))
                items.append(f"<span style='color:#c62828'>✘ {html.escape(p['ticket'])}: {html.escape(said)}</span>")
            else:
                said = self._say(Message("missing {routes}", routes=", ".join(p["missing"])))
                items.append(f"<span style='color:#c62828'>✘ {html.escape(p['ticket'])}: {html.escape(said)}</span>")
        self.details.object = "<br>".join(items)

    def _say(self, message) -> str:
        return render(message, self.lang)

    def __panel__(self):
        parts = ["### " + self._say(Message("Final scores")), pn.FlexBox(self.w_seat, self.w_show)]  # two lines on a phone
        if self.own_board:  # a board shown elsewhere (the game table's) is lit up there
            parts.append(self.board)
        return pn.Column(*parts, self.details, self.table)

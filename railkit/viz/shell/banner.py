"""The end-of-game banner: who won, and every player's final score, in one compact box.

It is short (one line for the winner, one row of score chips), so it fits above the
board without pushing it down far: shown at the top of the game view, it is on screen
without scrolling at 1280x720.

It works for every game: it reads the rows of ``game.summary()`` (``seat``,
``score``, ``rank``, ``win`` and, where a game has them, ``tie_break`` and a row's ``detail``,
shown after its score, such as what broke a tie), as the game's
view hands them over (:meth:`~railkit.viz.shell.view.TableShell.final_rows`: a player
who has no seat, such as a solo opponent, is a row with ``seat`` None and a ``name``).
Each chip has its seat's colour from the game's palette, as the game's own chips do.
On a seat's page that seat is "You", as the rest of its page calls it.

>>> final = [{"seat": 0, "score": 52, "rank": 1, "win": True, "tie_break": ""},
...          {"seat": 1, "score": 40, "rank": 2, "win": False, "tie_break": ""}]
>>> "Red wins" in banner_html(final, ["Red", "Blue"], ("#d7261e", "#1f6fd1"))
True
>>> b = WinnerBanner()
>>> b.visible
False
>>> b.show(final, ["Red", "Blue"]); b.visible, b.winners
(True, ['Red'])
>>> "Robot wins with 42 points" in banner_html([{"seat": 0, "score": 20, "rank": 2, "win": False},
...                                             {"seat": None, "name": "Robot", "score": 42, "rank": 1,
...                                              "win": True}], ["Player 1"])
True
>>> "Game over: You win with 52 points" in banner_html(final, ["Red", "Blue"], you=0)
True
"""

from __future__ import annotations

import html
from typing import Mapping, Sequence

import panel as pn

from railkit.core.i18n import Message
from railkit.viz.shell.style import FIT_TEXT, seat_colour, text_on


def ranked(final: Sequence[Mapping]) -> list[dict]:
    """The final rows in rank order (seats before a player without one on a tie)."""
    return sorted((dict(x) for x in final), key=lambda x: (x["rank"], x["seat"] is None, x["seat"] or 0))


def _name(row: Mapping, labels: Sequence[str], you: int | None = None, lang: str | None = "en") -> str:
    if row["seat"] is None:
        return str(row.get("name", "?"))
    return Message("You").render(lang) if row["seat"] == you else labels[row["seat"]]


def banner_html(final: Sequence[Mapping], labels: Sequence[str], palette: Sequence[str] = (),
                you: int | None = None, lang: str | None = "en") -> str:
    """HTML of the banner for a game's final rows (see the module's text; ``labels``: the
    seats' names, ``palette``: the seats' colours, the game's ``spec.palette``, ``you``: the
    seat whose page shows it, None for a spectator's), in language ``lang`` (None: the current
    language): the winner (or the tied winners), then each player's score in rank order, in
    the player's colour."""
    rows = ranked(final)
    winners = [x for x in rows if x.get("win")] or rows[:1]
    winners.sort(key=lambda x: x["seat"] != you)  # "You and Blue"
    with_you = bool(winners) and winners[0]["seat"] is not None and winners[0]["seat"] == you
    who = None
    for x in winners[1:] if with_you else winners:
        name = _name(x, labels, you, lang)
        who = name if who is None else Message("{a} and {b}", a=who, b=name)
    top = winners[0]["score"] if winners else 0
    if len(winners) > 1 and with_you:  # "you and ..." takes its own verb form in some languages
        said = Message("Game over: You and {others} win with {n} point",
                       plural="Game over: You and {others} win with {n} points", others=who, n=top)
    elif len(winners) > 1:
        said = Message("Game over: {who} win with {n} point", plural="Game over: {who} win with {n} points",
                       who=who, n=top)
    elif with_you:
        said = Message("Game over: You win with {n} point", plural="Game over: You win with {n} points", n=top)
    else:
        said = Message("Game over: {who} wins with {n} point", plural="Game over: {who} wins with {n} points",
                       who=who, n=top)
    tie = next((x.get("tie_break") for x in winners if x.get("tie_break")), "")
    head = (f"<div class='winner-line' style='font-size:20px;font-weight:800'>"
            f"{html.escape(said.render(lang), quote=False)}</div>")
    if tie:
        said = Message("Tie broken by {why}.", why=str(tie)).render(lang)
        head += f"<div style='font-size:12px;color:#555'>{html.escape(said, quote=False)}</div>"
    chips = []
    for x in rows:
        colour = seat_colour(palette, x["seat"])
        who = html.escape(_name(x, labels, you, lang), quote=False)
        detail = html.escape(f" ({x['detail']})", quote=False) if x.get("detail") else ""
        chips.append(f"<span class='final-score' data-seat='{x['seat']}' style='display:inline-block;margin:3px 6px 0 0;"
                     f"padding:3px 9px;border-radius:12px;border:2px solid #111;background:{colour};"
                     f"color:{text_on(colour)};font-weight:700'>{x['rank']}. {who} — {x['score']}{detail}</span>")
    return head + "<div>" + "".join(chips) + "</div>"


def stats_html(final: Sequence[Mapping], labels: Sequence[str], stats: Mapping[str, str],
               you: int | None = None, lang: str | None = "en") -> str:
    """The end-of-game statistics as a table: a row per statistic of ``stats`` (its id, one
    of ``game.summary()``'s columns, which the simulations report too, to the words shown),
    a column per player in seat order; a statistic no player has is left out.

    >>> final = [{"seat": 0, "score": 9, "rank": 1, "win": True, "tickets_completed": 2},
    ...          {"seat": 1, "score": 4, "rank": 2, "win": False, "tickets_completed": 0}]
    >>> t = stats_html(final, ["Red", "Blue"], {"tickets_completed": "Tickets done", "blocks": "Blocks"}, you=1)
    >>> "<th>Red</th><th>You</th>" in t, "data-stat='tickets_completed'" in t, "Blocks" in t
    (True, True, False)
    """
    rows = sorted((dict(x) for x in final), key=lambda x: (x["seat"] is None, x["seat"] or 0))
    head = "".join(f"<th>{html.escape(_name(x, labels, you, lang), quote=False)}</th>" for x in rows)
    body = []
    for stat, words in stats.items():
        values = [x.get(stat) for x in rows]
        if all(v is None for v in values):
            continue
        cells = "".join(f"<td data-seat='{x['seat']}'>{'' if v is None else html.escape(_stat(v, lang), quote=False)}"
                        "</td>" for x, v in zip(rows, values))
        body.append(f"<tr data-stat='{html.escape(stat)}'><td>{html.escape(words, quote=False)}</td>{cells}</tr>")
    if not body:
        return ""
    # side by side in up to three short tables, so that the banner stays low above the board
    per = -(-len(body) // min(3, len(body)))
    tables = "".join(
        "<table class='stats-table' style='display:inline-table;border-collapse:collapse;margin:4px 24px 0 0;"
        "vertical-align:top'><tr style='text-align:left'><th></th>" + head + "</tr>"
        + "".join(body[i:i + per]) + "</table>" for i in range(0, len(body), per))
    heading = html.escape(Message("Game statistics").render(lang), quote=False)
    return (f"<details class='game-stats' open><summary><b>{heading}</b></summary>"
            f"<style>.stats-table td, .stats-table th {{padding:0 8px 0 0}}</style>{tables}</details>")


def _stat(value, lang: str | None = "en") -> str:
    if isinstance(value, bool):
        return (Message("yes") if value else Message("no")).render(lang)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class WinnerBanner(pn.viewable.Viewer):
    """A banner shown at the end of a game (hidden until :meth:`show`)."""

    def __init__(self, **params):
        super().__init__(**params)
        self.winners: list[str] = []
        # no wider than a phone's screen: its headline and statistics wrap within it
        self._pane = pn.pane.HTML("", css_classes=["winner-banner"], visible=False, sizing_mode="stretch_width",
                                  styles={"background": "#fff8e1", "border": "3px solid #f9a825",
                                          "border-radius": "8px", "padding": "6px 12px"}, stylesheets=[FIT_TEXT])

    @property
    def visible(self) -> bool:
        return self._pane.visible

    def show(self, final: Sequence[Mapping], labels: Sequence[str], palette: Sequence[str] = (),
             you: int | None = None, stats: Mapping[str, str] | None = None, lang: str | None = "en") -> None:
        """Show the winner and the final scores (``final``, ``labels``, ``palette``, ``you``,
        ``lang``: as for :func:`banner_html`), then the game's statistics (``stats``: as for
        :func:`stats_html`)."""
        rows = ranked(final)
        win = [x for x in rows if x.get("win")] or rows[:1]
        self.winners = [_name(x, labels, you) for x in win]
        self._pane.object = (banner_html(final, labels, palette, you, lang)
                             + stats_html(final, labels, stats or {}, you, lang))
        self._pane.visible = True

    def hide(self) -> None:
        """Hide the banner (a new game, an undo that reopens the game, a replay)."""
        self.winners = []
        self._pane.visible = False

    def __panel__(self):
        return self._pane

"""The Station Master view: one seat's view of a Station Master :class:`~railkit.viz.shell.table.Table`.

It is the Station Master part of the game-agnostic :class:`~railkit.viz.shell.view.TableShell`
(undo, replay, save/load, log, end banner, bots and the new-game form come from there):

* the station: each locomotive as a card (its number is the chip and carriage limit; its type
  standard, Executive or Freight; a green banner), its carriages coupled behind it in order with
  their values, the Royal Carriage and Standing Room cards attached to it, counters of carriages
  and chips against the limits, and the passenger chips face down in their owner's colour with
  the owner's initials: only this seat's own chips show their values;
* this seat's hand of cards and chips left; of the others only counts; the score track, the
  draw pile, the discard pile's top and the locomotives still to arrive;
* a departure shown step by step: chips revealed, the train's value worked out, each player's
  chips x value = points, the scores moving.

Playing: click a chip, then a locomotive; click a card, then what it needs. Every choice is
matched against ``g.legal_actions()`` (never built by hand), field by field, so the view
follows the engine's actions; a choice that is not legal is explained inline with its rule id
(the engine's reason for the same action with that choice). A chip or card with no legal move
at all is shown disabled, its reason on hover: the engine's reason for it on each train.

Everything shown is built from ``g.observe(seat)`` (a spectator: the public part of it), and the
log hides chip values (:func:`describe_action`), so a browser never receives another seat's
chip values or hand.

>>> from railkit.viz.shell.table import Table
>>> v = StationMasterView(Table(players=3, humans=[0], bots=["random"], seed=1, game="station-master"),
...                       auto=False)
>>> v.click_chip(3)
>>> v.click_train(2) is None      # the chip goes on T2; the bots answer
True
>>> v.table.game.log[0]
PlaceChip(value=3, train=2)
>>> str(v.table.log_text[0])      # what every seat's log says: the value stays hidden
'placed a chip on T2'
"""

from __future__ import annotations

import dataclasses
import html
from collections import Counter
from pathlib import Path

import panel as pn
import param

from railkit.core import i18n
from railkit.core.errors import DataError
from railkit.core.i18n import Message, word
from railkit.viz.shell.table import NotAllowed, Table, seat_names
from railkit.viz.shell.view import TableShell, explain, served
from railkit.viz.station_master.draw import STYLE as _CSS
from railkit.viz.station_master.draw import (card_kind, chip_html, departure_steps, effective_value, is_carriage,
                                             seat_hex, train_html)
from railkit.viz.station_master.words import (_SPECIAL_NAMES, card_label, describe_action, event_text, log_entry,
                                              signed as _signed)

__all__ = ["StationMasterView", "card_label", "chip_html", "departure_steps", "describe_action", "effective_value",
           "event_text", "refusal_text", "seat_hex", "train_html"]


#: What a special card does (said when it is chosen)
_DOES = {
    "brake-van": Message("the train leaves at once and is scored"),
    "royal": Message("doubles the train's last two carriages"),
    "reassign": Message("moves a train's last carriage to the end of another train"),
    "transfer": Message("moves passenger chips from one train to another"),
    "standing-room": Message("one more chip place on a train, and you may place a chip at once"),
    "uncouple": Message("removes a train's last one or two carriages to the discard pile"),
    "rush-hour": Message("a new locomotive comes into the station"),
    "repair": Message("couple a carriage from the top of the discard pile"),
}

#: What each action field asks, when it still has to be chosen (train fields are clicked).
_ASK = {
    "train": Message("Click the train."),
    "source": Message("Click the train to take from."),
    "target": Message("Click the train to move to."),
    "value": Message("Choose a chip"),
    "chip": Message("Place a chip at once?"),
    "count": Message("How many carriages?"),
    "take": Message("Which carriage from the discard pile?"),
    "owners": Message("Whose chips move (values stay unseen)?"),
}
_TRAIN_FIELDS = ("train", "source", "target")
#: a label's words in bold (a pane whose text is a marked word, relabelled in the page's language)
_BOLD = {"font-weight": "bold"}
MAX_TRAINS = 10
#: The narrowest the station and hand may be (px): four trains side by side; and the width of
#: the column of scores, departure and events beside it (or below it, when narrower).
LEFT_MIN = 620
RIGHT_WIDTH = 300
#: Served, the rest of the view follows a move this much later than the station (ms).
REST_AFTER_MS = 200


_is_carriage = is_carriage


# ---------------------------------------------------------------- HTML pieces
#: A card of the hand looks like a card (as tall as the station's, framed, its value bold) and
#: is coloured as the station's cards are: green a plus, red a minus, amber luxury, plain a special
_HAND_CARD_CSS = (".bk-btn{min-height:58px;border:2px solid #555 !important;border-radius:6px;font-weight:bold;"
                  "white-space:normal}"
                  # colours dark enough for their text (WCAG AA, 4.5:1 and more)
                  ".bk-btn-success{background-color:#2e7d32 !important;color:#fff !important}"
                  ".bk-btn-danger{background-color:#c62828 !important;color:#fff !important}"
                  ".bk-btn-warning{background-color:#ffb300 !important;color:#000 !important}")
_HAND_CARD_TYPE = {"plus": "success", "minus": "danger", "luxury": "warning", "special": "default"}
#: The clear button over a train's card (it covers the card, not the button under it)
_PICK_CSS = """
:host{position:absolute !important;top:0;left:0;width:100%;height:calc(100% - 52px);z-index:1}
.bk-btn{width:100%;height:100%;opacity:0;cursor:pointer}
"""


def score_track_html(scores: list[int], names: list[str], to_move: int | None) -> str:
    """The score track: one bar per seat (left of the zero line for a negative score)."""
    top = max([abs(s) for s in scores] + [1])
    rows = []
    for s, sc in enumerate(scores):
        w = int(90 * abs(sc) / top)
        bar = (f"<div style='display:inline-block;width:90px;text-align:right'>"
               + (f"<span style='display:inline-block;width:{w}px;height:10px;background:{seat_hex(s)};"
                  f"border:1px solid #000'></span>" if sc < 0 else "") + "</div>|"
               + (f"<span style='display:inline-block;width:{w}px;height:10px;background:{seat_hex(s)};"
                  f"border:1px solid #000'></span>" if sc > 0 else ""))
        arrow = "▶ " if s == to_move else ""
        rows.append(f"<div style='white-space:nowrap'><span style='display:inline-block;width:90px'>{arrow}"
                    f"{chip_html(s, names)} <b>{sc:+d}</b></span>{bar}</div>")
    return "<div class='score-track'>" + "".join(rows) + "</div>"


def refusal_text(errors, lang: str | None = None) -> str:
    """The engine's reasons why a chip or card cannot be played now, one line each: each reason
    once, the last of a rule's reasons followed by its rule id (None: an allowed move, left out),
    in language ``lang`` (default: the current language).

    >>> from railkit.core.errors import IllegalMove
    >>> refusal_text([IllegalMove("SM-ROYAL", "T1 has no carriage."), IllegalMove("SM-ROYAL", "T2 has none."),
    ...               IllegalMove("SM-ROYAL", "T1 has no carriage."), None]).splitlines()
    ['T1 has no carriage.', 'T2 has none. (rule SM-ROYAL)']
    """
    by_rule: dict[str, list[str]] = {}
    for err in errors:
        if err is not None:
            reasons = by_rule.setdefault(getattr(err, "rule", ""), [])
            reason = err.render_reason(lang) if hasattr(err, "render_reason") else getattr(err, "reason", str(err))
            if reason not in reasons:
                reasons.append(reason)
    lines = []
    for rule, reasons in by_rule.items():
        last = Message("{reason} (rule {rule})", reason=reasons[-1], rule=rule).render(lang) if rule else reasons[-1]
        lines += reasons[:-1] + [last]
    return "\n".join(lines) or Message("No move with it is allowed now.").render(lang)


class HandButton(pn.widgets.Button):
    """A chip or card of the hand: its hover text (:attr:`description`, the reasons why it
    cannot be played now, one a line) keeps its lines and wraps to the page."""

    def _process_param_change(self, params):
        text = params.get("description")
        if isinstance(text, str):
            from bokeh.models import Tooltip

            params["description"] = Tooltip(content=text, position="right",
                                            stylesheets=[":host { white-space: pre-line; max-width: 340px; }"])
        return super()._process_param_change(params)


def _repair_rule(optional: bool) -> Message:
    """What SM-REPAIR says about taking a carriage, when one can be taken."""
    if optional:
        return Message("You may couple one of them, or nothing (rule SM-REPAIR, optional in these rules).")
    return Message("One of them must be coupled (rule SM-REPAIR).")


def _repair_none(obs: dict, card: str) -> Message:
    """Why a Repair card couples nothing (SM-REPAIR): no carriage among the top discards, or no
    train with room for one."""
    depth = int(card[7:])
    if any(_is_carriage(k) for k in obs.get("discard", [])[-depth:]):
        return Message("no train has room for a carriage, so nothing is coupled.")
    return Message("no carriage among the top {n} discards, so nothing is coupled.", n=depth)


def _choice_label(field: str, value, names: list[str], lang: str | None = None) -> str:
    """A choice button's words, in language ``lang`` (default: the current language).

    >>> _choice_label("count", 2, [], "de"), _choice_label("take", None, [], "da")
    ('2 Waggons', 'Tag ingenting')
    """
    if value is None:
        return {"chip": Message("No chip"), "take": Message("Take nothing")}.get(field, Message("None")).render(lang)
    if field == "owners":
        c = Counter(value)
        return " + ".join(f"{n}× {names[o]}" for o, n in sorted(c.items()))
    if field == "count":
        return Message("{n} carriage", plural="{n} carriages", n=value).render(lang)
    if field in ("chip", "value"):
        return Message("Chip {value}", value=value).render(lang)
    if field == "take":
        return card_label(value, lang)
    return str(value)


class StationMasterView(TableShell):
    """Play Station Master against bots (or others at a shared table).

    Parameters
    ----------
    table : Table
        The game and its seats (a new 4-player game against three bots if not given).
    seat : int or None
        The seat this view plays (0-based); only its hand and chip values are shown.
        None: a spectator (public information only).
    auto : bool
        True: bots move with a visible delay (served apps, live notebooks). False: at once.
    cards_folder : str, optional
        Where the card-list editor saves its lists (default
        :data:`railkit.games.station_master.cards.DEFAULT_FOLDER`): the new-game form offers them.
    """

    save_name = "station-master-game.json"
    #: the hints' reasons on one line each, beside their moves: the list ends inside 1280 x 720
    assist_width = 960
    #: Undo and the message line sit at the top of the right-hand column, under the scores: the
    #: station of a 4-player game fills the left one down to the hand at 1280 x 720
    places_turn_controls = True
    STATS = {
        "points_positive": word("Points won"), "points_negative": word("Points lost"),
        "best_train": word("Best train"), "trains_scored": word("Trains scored"),
        "chips_placed": word("Chips placed"),
        "chips_placed_v1": word("Chips of value 1 placed"), "chips_placed_v2": word("Chips of value 2 placed"),
        "chips_placed_v3": word("Chips of value 3 placed"),
        "points_v1": word("Points from chips of value 1"), "points_v2": word("Points from chips of value 2"),
        "points_v3": word("Points from chips of value 3"),
        "cards_played": word("Cards played"), "turns": word("Turns"),
    }
    cards_folder = param.String(default=None, allow_None=True, doc=(
        "The card-list editor's folder: the new-game form's card-list menu offers the lists saved there."))

    def __init__(self, table: Table | None = None, seat: int | None = 0, auto: bool = True, **params):
        table = table or Table(players=4, humans=[0], game="station-master")
        if table.describe is not log_entry:  # the log in words, each page's own language
            table.set_describe(log_entry)
        super().__init__(table, seat=seat, auto=auto, **params)

    # ------------------------------------------------------------ building
    def _build_view(self) -> None:
        self._sel: tuple[str, object] | None = None  # ("chip", value) or ("card", key)
        self._cands: list = []
        self._picked: dict = {}
        self._field: str | None = None
        self._trains_seen = 0  # highest train id seen: later ones are new
        self._new_ids: set[int] = set()
        self._deps_seen: int | None = None
        self._dep_steps: list[str] = []
        self._dep_shown = 0
        self._obs: dict | None = None
        self._legal: list = []
        self._my_turn = False
        self.train_html = [pn.pane.HTML("", margin=(0, 2), stylesheets=[_CSS], css_classes=["train-card"])
                           for _ in range(MAX_TRAINS)]
        self.train_btn = []
        for i in range(MAX_TRAINS):
            b = pn.widgets.Button(label="", width=150, css_classes=["train-btn", f"train-slot-{i}"], margin=(2, 2))
            b.on_click(lambda e, i=i: self._click_slot(i))
            self.train_btn.append(b)
        # the train's card itself is clickable too: a clear button laid over it (the card's chips
        # and carriages stay readable; the button under it says where the choice may go)
        self.train_pick = []
        for i in range(MAX_TRAINS):
            b = pn.widgets.Button(label=Message("Train {n}", n=i + 1).render(self.lang), css_classes=["train-pick"],
                                  margin=0, stylesheets=[_PICK_CSS])  # a name for a screen reader
            b.on_click(lambda e, i=i: self._click_slot(i))
            self.train_pick.append(b)
        self.train_cols = [pn.Column(self.train_html[i], self.train_btn[i], self.train_pick[i], visible=False,
                                     margin=(0, 2), styles={"position": "relative", "width": "fit-content",
                                                            "max-width": "100%"})
                           for i in range(MAX_TRAINS)]
        # wraps onto more lines when more trains come than fit the width (nothing clipped)
        self.station_row = pn.FlexBox(*self.train_cols, flex_wrap="wrap", sizing_mode="stretch_width",
                                      css_classes=["station"])
        self.chip_btns = []
        for i in range(9):
            b = HandButton(label="", width=78, visible=False, css_classes=["chip-btn", f"chip-slot-{i}"])
            b.on_click(lambda e, i=i: self._click_chip_slot(i))
            self.chip_btns.append(b)
        self.card_btns = []
        for i in range(12):
            b = HandButton(label="", width=128, visible=False, css_classes=["card-btn", f"card-slot-{i}"],
                           stylesheets=[_HAND_CARD_CSS])
            b.on_click(lambda e, i=i: self._click_card_slot(i))
            self.card_btns.append(b)
        self._chip_values: list[int] = []
        self._card_keys: list[str] = []
        self.pass_btn = pn.widgets.Button(label=word("Pass (nothing else is legal)"), visible=False,
                                          css_classes=["pass-btn"])
        self.pass_btn.on_click(lambda e: self._play_and_continue("pass"))
        self.prompt = pn.pane.HTML("", css_classes=["prompt"], sizing_mode="stretch_width", margin=(0, 5))
        self.choice_row = pn.Row(css_classes=["choices"])
        self.cancel_btn = pn.widgets.Button(label=word("Cancel"), width=80, disabled=True, css_classes=["cancel-btn"])
        self.cancel_btn.on_click(lambda e: self.cancel())
        # each pane draws in its own shadow root: the style sheet goes with each
        self.players_pane = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["players"], stylesheets=[_CSS])
        self.depart_pane = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["departure"], stylesheets=[_CSS])
        self.events_pane = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["events"])

    def _view(self):
        """The station, hand and controls on the left (as wide as there is room, at least
        :data:`LEFT_MIN` px), the scores, departure and events in a column of their own on the
        right, or below when the page is narrower (a notebook beside JupyterLab's file browser);
        rows of trains, chips and cards wrap onto more lines rather than run off the page."""
        wrap = dict(flex_wrap="wrap", sizing_mode="stretch_width")
        hand = pn.Column(
            pn.FlexBox(pn.pane.HTML(word("Your chips"), width=90, styles=_BOLD), *self.chip_btns, **wrap),
            pn.FlexBox(pn.pane.HTML(word("Your cards"), width=90, styles=_BOLD), *self.card_btns, self.pass_btn,
                       **wrap),
            css_classes=["hand"], sizing_mode="stretch_width",
        )
        left = pn.Column(self.station_row, hand,
                         pn.Row(self.prompt, self.cancel_btn, sizing_mode="stretch_width"), self.choice_row,
                         self.assist, self._controls(), sizing_mode="stretch_width",
                         styles={"flex": f"1 1 {LEFT_MIN}px", "min-width": f"min({LEFT_MIN}px, 100%)"})
        right = pn.Column(self.players_pane, self.message, self.turn_controls, self.depart_pane, self.events_pane,
                          width=RIGHT_WIDTH,
                          styles={"flex": f"0 0 {RIGHT_WIDTH}px"}, css_classes=["side"])
        return pn.FlexBox(left, right, flex_wrap="wrap", sizing_mode="stretch_width", css_classes=["table-view"])

    def __panel__(self):
        layout = super().__panel__()
        layout.sizing_mode = "stretch_width"  # the view takes the page's width, and wraps within it
        return layout

    # ------------------------------------------------------------ the new-game form: the card list
    def _option_widgets(self) -> list:
        """The card-list menu: the bundled default or a list saved by the card-list editor
        (the folder is read anew each time the form opens)."""
        from railkit.games.station_master.cards import card_list_choices

        choices = card_list_choices(self.cards_folder)
        current = self.rules.cards or "default"
        if current not in choices.values():  # a path set in the rules box or from code
            choices[Message("{name} (from the rules)", name=Path(current).name).render(self.lang)] = current
        if getattr(self, "w_cards", None) is None:
            self.w_cards = pn.widgets.Select(label=word("Card list"), options=choices, value=current, width=200,
                                             css_classes=["card-list"])
            self.w_cards.param.watch(self._on_pick_cards, "value")
        else:
            self.w_cards.param.update(options=choices, value=current)
        return [self.w_cards]

    def _on_pick_cards(self, event) -> None:
        """A card list was picked: checked at once (a broken file is explained, plainly), and
        its chip values, if it names any, become the rules' chip values."""
        self.pick_cards(event.new)

    def pick_cards(self, name_or_path: str):
        """Use a card list (``"default"`` or a path) for the next new game: None, or the
        :class:`DataError` of a broken file (shown on the message line)."""
        from railkit.games.station_master.cards import load_cards

        self.rules.cards = name_or_path
        try:
            cl = load_cards(name_or_path)
        except DataError as exc:
            said = Message("This card list cannot be used:").render(self.lang)
            fix = Message("Fix it in the card-list editor, or pick another.").render(self.lang)
            self.say(f"<b>{html.escape(said, quote=False)}</b> " + html.escape(i18n.render(exc, self.lang), quote=False)
                     + f" <i>{html.escape(fix, quote=False)}</i>")
            return exc
        # a list's own chips replace the rules' chips; a list without them gives those back
        before = getattr(self, "_chips_before_list", None)
        if cl.chips:
            if before is None:
                self._chips_before_list = list(self.rules.chip_values)
            self.rules.chip_values = list(cl.chips)
        elif before is not None:
            self.rules.chip_values = before
            self._chips_before_list = None
        said = (Message("Card list {name}: {locos} locomotives, {cards} cards, chips {chips}. Start a new game to "
                        "play it.", name=cl.name, locos=len(cl.locomotives), cards=len(cl.cards),
                        chips=", ".join(map(str, cl.chips))) if cl.chips else
                Message("Card list {name}: {locos} locomotives, {cards} cards. Start a new game to play it.",
                        name=cl.name, locos=len(cl.locomotives), cards=len(cl.cards)))
        self.say(html.escape(said.render(self.lang), quote=False))
        return None

    # ------------------------------------------------------------ what cannot be played now
    def _candidates(self, sel) -> list:
        """The legal actions of the chip or card ``sel`` (``("chip", value)`` or ``("card", key)``)."""
        from railkit.games.station_master.actions import PlaceChip

        what, x = sel
        if what == "chip":
            return [a for a in self._legal if isinstance(a, PlaceChip) and a.value == x]
        return [a for a in self._legal if getattr(a, "card", None) == x]

    def _probes(self, sel) -> list:
        """The moves of the chip or card ``sel`` on each train in the station (each pair of
        trains for a card that names two): what the engine is asked why not, when none is legal."""
        from railkit.games.station_master import actions as A

        what, x = sel
        station = (self._obs or {}).get("station") or []
        ids = [tv["id"] for tv in station]
        if what == "chip":
            return [A.PlaceChip(x, t) for t in ids]
        if _is_carriage(x):
            return [A.PlayCarriage(x, t) for t in ids]
        if x.startswith("repair-"):
            return [A.PlayRepair(x)]
        one_train = {"brake-van": A.PlayBrakeVan, "royal": A.PlayRoyal, "standing-room": A.PlayStandingRoom,
                     "uncouple": lambda t: A.PlayUncouple(1, t)}
        if x in one_train:
            return [one_train[x](t) for t in ids]
        pairs = [(s, t) for s in ids for t in ids if s != t]
        if x == "reassign":
            return [A.PlayReassign(s, t) for s, t in pairs]
        if x == "transfer":  # one chip of the first owner seen on the train it leaves (owners are public)
            first = {tv["id"]: next(((o,) for o, n in enumerate(tv["chip_counts"]) if n), ()) for tv in station}
            return [A.PlayTransfer(s, t, first[s]) for s, t in pairs]
        return [A.PlayRushHour()] if x == "rush-hour" else []

    def _cannot(self, why: str) -> str | None:
        """A hand button's hover text: why it cannot be played now (None if it can)."""
        return Message("Cannot be played now:").render(self.lang) + "\n" + why if why else None

    def why_not(self, sel) -> str:
        """Why the chip or card ``sel`` cannot be played now, in words ("" if it can, or if it is
        not this seat's turn): the engine's reason (``why_illegal``) for this seat's move with it
        on each train, each reason once, and its rule. Only public facts and this seat's own
        hand and chips are in those reasons. A disabled chip or card shows it on hover."""
        if not self._my_turn or self._candidates(sel):
            return ""
        g = self.table.game
        return refusal_text([g.why_illegal(a) for a in self._probes(sel)], self.lang)

    # ------------------------------------------------------------ clicks
    def click_chip(self, value: int) -> None:
        """Choose a chip of ``value`` to place (then click a locomotive)."""
        self._start(("chip", value))

    def click_card(self, key: str) -> None:
        """Choose the card ``key`` from the hand (then what it needs)."""
        self._start(("card", key))

    def _start(self, sel) -> None:
        with pn.io.hold(freeze=True):
            cands = self._candidates(sel)
            self._sel, self._cands, self._picked = sel, cands, {}
            if not cands:
                self._sel = None
                probes = self._probes(sel)
                err = self.table.check(self.seat, probes[0]) if probes else None
                if isinstance(err, NotAllowed):  # not this seat's turn, or a spectator
                    self.say(explain(err, self.lang))
                else:
                    why = self.why_not(sel) or Message("It cannot be played now.").render(self.lang)
                    self.say(f"<b>{html.escape(Message('Not allowed:').render(self.lang), quote=False)}</b> "
                             + html.escape(why, quote=False).replace("\n", " "))
                self._show_choice()
            else:
                self.say("")
                self._advance()

    def _remaining(self) -> list:
        return [a for a in self._cands if all(getattr(a, f) == v for f, v in self._picked.items())]

    def _open_fields(self, rem) -> list[str]:
        fields = [f.name for f in dataclasses.fields(rem[0]) if f.name != "card"]
        return [f for f in fields if f not in self._picked and len({getattr(a, f) for a in rem}) > 1]

    def _advance(self) -> None:
        rem = self._remaining()
        open_fields = self._open_fields(rem) if rem else []
        if len(rem) == 1 and not open_fields:
            trains = [f for f in _TRAIN_FIELDS if getattr(rem[0], f, None) is not None]
            if trains and not any(f in self._picked for f in trains):
                # one place it can go: still the player's click puts it there
                self._field = trains[-1]
                self._show_choice(rem)
                return
            if (str(getattr(rem[0], "card", "")).startswith("repair-") and rem[0].take is None
                    and "take" not in self._picked and "confirm" not in self._picked):
                # Repair with nothing to couple (SM-REPAIR): the player sees the discards first
                self._field = "confirm"
                self._show_choice(rem)
                return
            self._play_and_continue(rem[0])
            return
        self._field = open_fields[0]
        self._show_choice(rem)

    def _show_choice(self, rem=None) -> None:
        """The prompt and the choice buttons for the field still open (or nothing selected)."""
        obs = self._obs or {}
        names = self._names()
        if self._sel is None:
            self._field = None
            self.prompt.object = self._idle_prompt()
            self.choice_row.objects = []
            self.cancel_btn.disabled = True
            self._paint_targets()
            return
        what, x = self._sel
        lang = self.lang
        name = Message("Chip {value}", value=x).render(lang) if what == "chip" else card_label(x, lang)
        head = f"<b>{html.escape(name, quote=False)}</b>"
        does = _DOES.get("repair" if str(x).startswith("repair-") else str(x)) if what == "card" else None
        f = self._field
        extra = ""
        if what == "card" and str(x).startswith("repair-"):
            depth = int(str(x)[7:])
            top = obs.get("discard", [])[-depth:][::-1]
            seen = ", ".join(card_label(k, lang) if k in _SPECIAL_NAMES or _is_carriage(k) or k.startswith("repair")
                             else k for k in top)
            said = (Message("You look at the top discards (top first): {cards}", cards=seen) if seen
                    else Message("You look at the top discards (top first): the discard pile is empty"))
            extra = f"<br><span class='repair-look'>{html.escape(said.render(lang), quote=False)}</span>"
        if f == "confirm":
            why = html.escape(_repair_none(obs, x).render(lang), quote=False)
            self.prompt.object = f"{head}: {why}{extra}"
            b = pn.widgets.Button(label=Message("Play it without coupling").render(lang), css_classes=["choice-btn"])
            b.on_click(lambda e: self.choose("confirm", True))
            self.choice_row.objects = [b]
        elif f in _TRAIN_FIELDS:
            ask = html.escape(_ASK[f].render(lang), quote=False)
            self.prompt.object = f"{head}{self._settled(rem)}: {ask}{extra}"
            self.choice_row.objects = []
        else:
            # in the engine's order (the legal actions'), "none" first
            vals = list(dict.fromkeys(getattr(a, f) for a in rem))
            vals.sort(key=lambda v: v is not None)
            if f == "take":
                extra = " " + html.escape(_repair_rule(None in vals).render(lang), quote=False) + extra
            ask = html.escape(_ASK[f].render(lang), quote=False)
            self.prompt.object = f"{head}{self._settled(rem)}: {ask}{extra}"
            btns = []
            for v in vals:
                b = pn.widgets.Button(label=_choice_label(f, v, names, lang), css_classes=["choice-btn"])
                b.on_click(lambda e, f=f, v=v: self.choose(f, v))
                btns.append(b)
            self.choice_row.objects = btns
        if does:
            does = html.escape(does.render(lang), quote=False)
            self.prompt.object += f"<br><span class='does' style='color:#555'>({does})</span>"
        self.cancel_btn.disabled = False
        self._paint_targets(rem)

    def _settled(self, rem) -> str:
        """The trains already settled (chosen, or the only one possible), e.g. ' from T2'."""
        if not rem:
            return ""
        out = []
        for f in ("source", "train"):
            if hasattr(rem[0], f) and f != self._field and len({getattr(a, f) for a in rem}) == 1:
                v = getattr(rem[0], f)
                if v is not None:
                    said = Message("from T{train}", train=v) if f == "source" else Message("on T{train}", train=v)
                    out.append(" " + html.escape(said.render(self.lang), quote=False))
        return "".join(out)

    def choose(self, field: str, value) -> None:
        """Answer the open choice ``field`` (a button above the hand) with ``value``."""
        with pn.io.hold(freeze=True):
            self._picked[field] = value
            if field == "confirm":
                rem = [a for a in self._cands if all(getattr(a, f) == v for f, v in self._picked.items()
                                                     if f != "confirm")]
                if len(rem) == 1:
                    self._play_and_continue(rem[0])
                    return
            self._advance()

    def _remaining_real(self) -> list:
        return [a for a in self._cands if all(getattr(a, f) == v for f, v in self._picked.items() if f != "confirm")]

    def click_train(self, tid: int):
        """A locomotive was clicked: the chosen chip or card goes there (or the next choice);
        returns None, or the error explaining why not (shown inline)."""
        with pn.io.hold(freeze=True):
            f = self._field
            if self._sel is None:
                self.say(Message("Choose a chip or a card from your hand first, then click a locomotive.")
                         .render(self.lang))
                return None
            if f not in _TRAIN_FIELDS:
                self.say(Message("Make the choice above first (or Cancel).").render(self.lang))
                return None
            rem = self._remaining_real()
            if any(getattr(a, f) == tid for a in rem):
                self.say("")
                self._picked[f] = tid
                self._advance()
                return None
            probe = dataclasses.replace(rem[0], **{f: tid})
            err = self.table.check(self.seat, probe)
            if err is None:  # legal in itself but not with the choices made so far
                from railkit.core.errors import IllegalMove

                err = IllegalMove("SM-TRAIN-IN-STATION", Message("T{tid} cannot be chosen here with the choices made "
                                                                 "so far.", tid=tid),
                                  Message("Choose one of the highlighted trains, or Cancel."))
            self.refused(err)
            return err

    def _click_slot(self, i: int) -> None:
        st = (self._obs or {}).get("station") or []
        if i < len(st):
            self.click_train(st[i]["id"])

    def _click_chip_slot(self, i: int) -> None:
        if i < len(self._chip_values):
            self.click_chip(self._chip_values[i])

    def _click_card_slot(self, i: int) -> None:
        if i < len(self._card_keys):
            self.click_card(self._card_keys[i])

    def cancel(self) -> None:
        """Drop the half-made move."""
        with pn.io.hold(freeze=True):
            self._sel, self._cands, self._picked = None, [], {}
            self._show_choice()

    def after_undo(self) -> None:
        self.cancel()

    def _play_and_continue(self, action) -> object:
        err = self.play(action)
        self._sel, self._cands, self._picked = None, [], {}
        if err is not None:
            self._show_choice()
            return err
        if self._ready():
            # the station first: only the trains the move changed (one small message, painted
            # at once); the rest (the other trains' frames, hand, scores) and the bots follow
            with pn.io.hold(freeze=True):
                before = {tv["id"]: tv for tv in (self._obs or {}).get("station") or []}
                self._obs = self.table.game.observe(self.seat)
                self._field = None
                self._show_slots(self._obs["station"])
                self._paint_targets(trains={tv["id"] for tv in self._obs["station"] if before.get(tv["id"]) != tv})
            self.push()
        # the rest follows in after_action: the poll need not refresh the view meanwhile
        self._seen_version = self.table.version
        if served() and self._ready():
            # once the page has painted the station (it is busy with it for a while on a loaded
            # machine, and the rest is many more changes)
            pn.state.curdoc.add_timeout_callback(self.after_action, REST_AFTER_MS)
        else:
            self.later(self.after_action)
        return None

    # ------------------------------------------------------------ refresh
    def refresh(self, force: bool = False) -> None:
        """Bring the view up to date (only changes are sent). Served, the page's model graph
        is worked out once at the end instead of after every changed tooltip or layout (each
        such change made Bokeh walk every model of the page)."""
        if served():
            with pn.io.hold(freeze=True):
                super().refresh(force)
        else:
            super().refresh(force)

    def _names(self) -> list[str]:
        return seat_names(self.table.game, self.lang)

    def _idle_prompt(self) -> str:
        def said(message: Message) -> str:
            return html.escape(message.render(self.lang), quote=False)

        if self.replaying:
            return f"<i>{said(Message('An earlier position (read-only).'))}</i>"
        if self.seat is None:
            return f"<i>{said(Message('Watching the game (spectator).'))}</i>"
        g = self.table.game
        if g.is_over:
            return f"<i>{said(Message('The game is over.'))}</i>"
        if self._my_turn:
            return (f"<b>{said(Message('Your turn:'))}</b> "
                    + said(Message("click a chip, then a locomotive; or a card, then its target.")))
        return f"<i>{said(Message('Waiting for {name}…', name=self._names()[g.current_player]))}</i>"

    def final_rows(self, g) -> list[dict]:
        """The end banner's rows: the engine's ``summary()`` (its ranks already break a tie on
        points by the best single train, SM-TIE), with that tie-break said in words: the winner's
        ``tie_break``, and each player tied on points with a winner shows its best train."""
        rows = [dict(r) for r in g.summary()]
        top = [r for r in rows if r["rank"] == 1]
        tied = [r for r in rows if r["score"] == top[0]["score"]] if top else []
        if len(tied) < 2:
            return rows
        you = self.seat
        lang = self.lang
        label = {r["seat"]: Message("You").render(lang) if r["seat"] == you else self.table.seat_label(r["seat"], lang)
                 for r in rows}
        for r in tied:
            r["detail"] = Message("best train {value}", value=_signed(r["best_train"])).render(lang)
        if len(top) == 1:  # (tied on the best train too, the winners share the win: the banner says so)
            best = ", ".join(f"{label[r['seat']]} {_signed(r['best_train'])}" for r in tied)
            top[0]["tie_break"] = Message("the best single train (rule SM-TIE): {best}", best=best).render(lang)
        return rows

    def _render_log(self, g) -> None:
        names = seat_names(g, self.lang)
        actors = self.table.actors[: len(g.log)]
        texts = self.table.log_text[: len(g.log)]
        lines = []
        for i in range(len(g.log) - 1, max(0, len(g.log) - 40) - 1, -1):
            who = actors[i] if i < len(actors) else None
            # this seat's own moves in full (its chip values), the others' as everybody sees them
            if who is not None and who == self.seat:
                text = describe_action(g, g.log[i], mine=True, lang=self.lang)
            else:  # the table's message, in the page's language
                text = i18n.render(texts[i], self.lang) if i < len(texts) else "?"
            lines.append(f"<div>{i + 1}. <b>{html.escape(names[who] if who is not None else '?', quote=False)}</b>: "
                         f"{html.escape(text, quote=False)}</div>")
        self.log_pane.object = "".join(lines) or f"<i>{Message('no actions yet').render(self.lang)}</i>"

    def _show(self, g, obs: dict, my_turn: bool, replay: bool, legal: list) -> None:
        self._obs, self._legal, self._my_turn = obs, list(legal), my_turn
        names = seat_names(g, self.lang)
        reading = obs["rules"].get("executive_reading", "luxury-positive")
        station = obs["station"]
        top_id = max([tv["id"] for tv in station] + [0])
        if self._deps_seen is None or replay:
            self._new_ids = set()
        elif top_id > self._trains_seen:
            self._new_ids = {tv["id"] for tv in station if tv["id"] > self._trains_seen}
        self._trains_seen = top_id
        self._show_slots(station)
        # the hand
        chips = Counter(obs["my_chips"])
        self._chip_values = sorted(chips)
        for i, b in enumerate(self.chip_btns):
            if i < len(self._chip_values):
                v = self._chip_values[i]
                b.label = Message("Chip {value}", value=v).render(self.lang) + f" ×{chips[v]}"
                b.visible = True
                why = self.why_not(("chip", v))
                b.disabled = not my_turn or bool(why)
                b.description = self._cannot(why)
            else:
                b.visible = False
        hand = Counter(obs["hand"])
        self._card_keys = sorted(hand, key=lambda k: (not _is_carriage(k), k))
        for i, b in enumerate(self.card_btns):
            if i < len(self._card_keys):
                k = self._card_keys[i]
                b.label = card_label(k, self.lang) + (f" ×{hand[k]}" if hand[k] > 1 else "")
                b.button_type = _HAND_CARD_TYPE[card_kind(k)]
                b.visible = True
                why = self.why_not(("card", k))
                b.disabled = not my_turn or bool(why)
                b.description = self._cannot(why)
            else:
                b.visible = False
        self.pass_btn.visible = my_turn and len(legal) == 1 and str(legal[0]) == "pass"
        self._show_players(g, obs, names)
        self._show_departures(obs, names, replay)
        ev = [(e, event_text(e, names, self.lang)) for e in obs.get("events", [])[-4:]]
        head = html.escape(Message("Latest events").render(self.lang), quote=False)
        self.events_pane.object = (f"<b>{head}</b><br>" + "<br>".join(
            ("★ <b>" + html.escape(text, quote=False) + "</b>") if e.startswith("Rush Hour")
            else html.escape(text, quote=False) for e, text in ev[::-1])) if ev else ""
        if self._sel is not None and not my_turn:
            self._sel, self._cands, self._picked = None, [], {}
        if self._sel is not None:  # a half-made move: the same choice, against the new legal list
            sel, picked = self._sel, dict(self._picked)
            if sel[0] == "chip":
                self.click_chip(sel[1])
            else:
                self.click_card(sel[1])
            for f, v in picked.items():
                if self._sel is None or self._field != f:
                    break
                self._picked[f] = v
                self._advance()
        else:
            self._show_choice()

    def _show_slots(self, station: list) -> None:
        """Show as many train slots as there are trains (their contents: _paint_targets)."""
        for i in range(MAX_TRAINS):
            if i < len(station):
                self.train_cols[i].visible = True
            else:
                self.train_cols[i].visible = False
                self.train_btn[i].button_type = "default"
                self.train_btn[i].label = ""

    def _paint_targets(self, rem=None, trains=None) -> None:
        """Mark the trains the open choice may go to (a blue frame and an enabled button);
        ``trains``: redraw only the cards of the trains with these ids, and no button (a
        changed button makes the page lay itself out again: that waits for the rest)."""
        st = (self._obs or {}).get("station") or []
        f = self._field
        ok = {getattr(a, f) for a in rem} if rem and f in _TRAIN_FIELDS else set()
        names = self._names()
        reading = (self._obs or {}).get("rules", {}).get("executive_reading", "luxury-positive")
        for i, tv in enumerate(st[:MAX_TRAINS]):
            target = tv["id"] in ok
            if trains is not None:
                if tv["id"] not in trains:
                    continue
            else:
                b = self.train_btn[i]
                b.button_type = "primary" if target else "default"
                b.label = (Message("{train} ▲ here", train=tv["train"]).render(self.lang) if target
                           else f"{tv['train']} ▲")
                b.disabled = self.train_pick[i].disabled = self.seat is None or self.replaying
            text = train_html(tv, self.seat, names, reading, new=tv["id"] in self._new_ids, target=target,
                              lang=self.lang)
            if self.train_html[i].object != text:
                self.train_html[i].object = text

    def _show_players(self, g, obs: dict, names: list[str]) -> None:
        lang = self.lang

        def said(message: Message) -> str:
            return html.escape(message.render(lang), quote=False)

        rows = []
        for s in range(obs["players"]):
            who = html.escape(self.table.seat_label(s, lang), quote=False)
            if s == self.seat:
                mine = ", ".join(map(str, obs["my_chips"])) or Message("none").render(lang)
                extra = said(Message("cards {cards} · your chips left: {chips}", cards=obs["hand_sizes"][s],
                                     chips=mine))
                who = said(Message("{name} (you)", name=self.table.seat_label(s, lang)))
            else:
                extra = said(Message("cards {cards} · chips left {chips}", cards=obs["hand_sizes"][s],
                                     chips=obs["chips_in_hand"][s]))
            rows.append(f"<div>{chip_html(s, names)} {who}<br><span class='sm-count'>{extra}</span></div>")
        disc = obs["discard"]
        top = disc[-1] if disc else None
        known = top and (top in _SPECIAL_NAMES or _is_carriage(top) or top.startswith("repair"))
        top_txt = card_label(top, lang) if known else (top or Message("empty").render(lang))
        # the template is the catalog's (trusted); the values are escaped
        pile = Message("Draw pile {draw} · discard top {top} ({discards}) · locomotives to arrive {locos}",
                       draw=f"<b>{obs['draw_pile']}</b>", top=f"<b>{html.escape(top_txt, quote=False)}</b>",
                       discards=len(disc), locos=f"<b>{obs['locomotives_left']}</b>").render(lang)
        pile = f"<div class='piles'>{pile}</div>"
        self.players_pane.object = (f"<b>{said(Message('Scores'))}</b>"
                                    + score_track_html(obs["scores"], names, obs["to_move"]) + pile + "".join(rows))

    def _show_departures(self, obs: dict, names: list[str], replay: bool) -> None:
        deps = obs["departures"]
        first = self._deps_seen is None
        if first or replay or len(deps) < (self._deps_seen or 0):
            self._deps_seen = len(deps)
            self._dep_steps = self._steps_for(deps, obs, names, len(deps) - 1) if deps else []
            self._dep_shown = len(self._dep_steps)
        elif len(deps) > self._deps_seen:
            new = range(self._deps_seen, len(deps))
            self._deps_seen = len(deps)
            steps = []
            for k in new:
                steps += self._steps_for(deps, obs, names, k)
            self._dep_steps = steps
            self._dep_shown = 1 if (served() and self.auto) else len(steps)
            if self._dep_shown < len(steps):
                pn.state.curdoc.add_timeout_callback(self._next_step, 700)
        self._paint_departure()

    def _steps_for(self, deps, obs, names, k) -> list[str]:
        later = [sum(d["points"][s] for d in deps[k:]) for s in range(obs["players"])]
        before = [sc - p for sc, p in zip(obs["scores"], later)]
        return departure_steps(deps[k], names, before, self.lang)

    def _next_step(self) -> None:
        if self._dep_shown < len(self._dep_steps):
            self._dep_shown += 1
            self._paint_departure()
            if self._dep_shown < len(self._dep_steps):
                pn.state.curdoc.add_timeout_callback(self._next_step, 700)

    def _paint_departure(self) -> None:
        def said(message: Message) -> str:
            return html.escape(message.render(self.lang), quote=False)

        if not self._dep_steps:
            self.depart_pane.object = (f"<b>{said(Message('Departures'))}</b><br>"
                                       f"<i>{said(Message('No train has left yet.'))}</i>")
            return
        self.depart_pane.object = (f"<b>{said(Message('Last departure'))}</b><div class='dep-steps'>"
                                   + "".join(f"<div class='dep-step'>{s}</div>" for s in self._dep_steps[:self._dep_shown])
                                   + "</div>")

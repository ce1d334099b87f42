"""The player panel: what one seat sees and the card/ticket controls.

It is built only from ``game.observe(seat)`` (never the full state), so a
browser at a shared table shows its own hand and tickets and only the counts of
everybody else's. Every control calls ``on_action(text)`` with an action text
("draw faceup 3", "draw deck", "draw tickets", "keep tickets 1,3", "pass");
illegal choices are not hidden: the view shows why they are illegal.

Two toggles ask the board (see :meth:`PlayerPanel.attach`) to light up the routes
the hand can pay for now and the cities of the player's tickets (and, while
choosing, of the tickets on offer). With ``colour_blind=True`` every card also
shows its colour's letter and the hatch pattern its routes have on the board.

>>> panel = PlayerPanel(lambda text: None)
>>> str(describe_action("draw faceup 2", ["red", "loco", "blue"]))
'drew a face-up locomotive (slot 2)'
"""

from __future__ import annotations

import html
import re
from typing import Callable

import panel as pn

from railkit.core.i18n import Message, and_list, joined, render
from railkit.games.ticket_to_ride.actions import COLOUR_WORDS
from railkit.viz.shell.view import FIT_WIDTH
from railkit.viz.ticket_to_ride.style import CARD_LETTER, CARD_TEXT, card_hex, card_key, css_pattern, player_hex

MAX_FACEUP = 10
CARD_ORDER = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black", "loco")


def _halo(key: str) -> str:
    """A halo around a card's text in the opposite shade, so that it stays readable on the
    colour's pattern (colour-blind mode)."""
    dark = CARD_TEXT.get(key, "#fff").lower() not in ("#fff", "#ffffff", "white")
    ring = "#ffffff" if dark else "#000000"
    return f"text-shadow:0 0 2px {ring},0 0 2px {ring},0 0 3px {ring},0 0 4px {ring};"


def chip(colour: str, text: str, colour_blind: bool = False) -> str:
    """An inline coloured label (HTML); in colour-blind mode with the colour's pattern and letter."""
    key = card_key(colour)
    pattern = css_pattern(key) + _halo(key) if colour_blind else ""
    letter = CARD_LETTER.get(key, "") if colour_blind else ""
    if letter:
        text = f"[{letter}] {text}"
    return (f'<span class="chip" style="display:inline-block;background-color:{card_hex(key)};{pattern}'
            f'color:{CARD_TEXT.get(key, "#fff")};border:1px solid #333;border-radius:5px;'
            f'padding:2px 7px;margin:2px;font-weight:600">{html.escape(text)}</span>')


def _btn_css(colour: str | None, colour_blind: bool = False) -> list[str]:
    if colour is None:
        return [".bk-btn {background:#eeeeee !important; color:#999 !important}"]
    key = card_key(colour)
    pattern = (css_pattern(key) + _halo(key)).replace(";", " !important;") if colour_blind else ""
    return [f".bk-btn {{background-color:{card_hex(key)} !important; {pattern} color:{CARD_TEXT.get(key, '#fff')}"
            " !important; border:2px solid #333 !important; font-weight:700}"]


def card_label(colour: str | None, colour_blind: bool = False, lang: str | None = "en") -> str:
    """A card's name on its button ("LOCO" for a locomotive) in language ``lang`` (None: the
    current language); with its letter in colour-blind mode.

    >>> card_label("pink"), card_label("pink", lang="da"), card_label("loco", lang="ja")
    ('pink', 'lilla', '機関車')
    """
    if colour is None:
        return Message("(empty)").render(lang)
    name = Message("LOCO").render(lang) if card_key(colour) == "loco" else render(COLOUR_WORDS.get(colour, colour), lang)
    letter = CARD_LETTER.get(card_key(colour), "") if colour_blind else ""
    return f"[{letter}] {name}" if letter and letter != "L" else name


def describe_action(action, faceup: list | None = None) -> Message:
    """The log text of an action, in words and in the past tense (a message, rendered in each
    reader's language); a face-up draw also names the card taken (public), given the face-up
    row just before it (``observe(...)["faceup"]`` of the position it was played in). A blind
    draw stays blind.

    >>> str(describe_action("draw faceup 1", ["green", None]))
    'drew a face-up green card (slot 1)'
    >>> str(describe_action("draw deck")), describe_action("claim Denver-Omaha red x2").render("da")
    ('drew a card from the deck', 'tog Denver–Omaha med rød ×2')
    """
    from railkit.games.ticket_to_ride.actions import (CARD_WORDS, Claim, DrawDeck, DrawFaceUp, DrawTickets,
                                                      KeepTickets, Pass, parse_action)

    a = parse_action(action) if isinstance(action, str) else action
    if isinstance(a, DrawFaceUp):
        card = faceup[a.slot - 1] if faceup and 1 <= a.slot <= len(faceup) else None
        if card is None:
            return Message("drew a face-up card (slot {slot})", slot=a.slot)
        if card_key(card) == "loco":
            return Message("drew a face-up locomotive (slot {slot})", slot=a.slot)
        return Message("drew a face-up {card} (slot {slot})", card=CARD_WORDS.get(card, card), slot=a.slot)
    if isinstance(a, DrawDeck):
        return Message("drew a card from the deck")
    if isinstance(a, Claim):
        return Message("claimed {route} with {cards}", route=route_name(a.route), cards=a.payment_words())
    if isinstance(a, DrawTickets):
        return Message("drew destination tickets")
    if isinstance(a, KeepTickets):
        return Message("kept ticket {tickets}", plural="kept {n} tickets ({tickets})", n=len(a.keep),
                       tickets=and_list([str(i) for i in a.keep]))
    if isinstance(a, Pass):
        return Message("passed")
    return str(a)


def route_name(route: str) -> str:
    """A route's name as the log says it: its two cities (a double route's ``/2`` left out).

    >>> route_name("Denver-Omaha/2")
    'Denver–Omaha'
    """
    return route.split("/")[0].replace("-", "–")


#: what a seat whose turn it is does, by phase (the status line)
_TO_DO = {"setup-tickets": Message("choose your starting tickets"),
          "keep-tickets": Message("choose which tickets to keep"),
          "second-draw": Message("take your second train card"),
          "turn": Message("draw cards, claim a route or draw tickets")}

#: the log's messages (:func:`describe_action`) by what they say: a card drawn, a route claimed ...
_LOG_KINDS = {"drew a face-up {card} (slot {slot})": "card", "drew a face-up locomotive (slot {slot})": "loco",
              "drew a face-up card (slot {slot})": "card", "drew a card from the deck": "card",
              "claimed {route} with {cards}": "claim", "kept ticket {tickets}": "keep",
              "drew destination tickets": "tickets", "passed": "pass"}


def since_your_move(actors: list, texts: list, labels: list[str], seat: int | None,
                    lang: str | None = None) -> str:
    """What the others did since ``seat``'s last action, one clause per player in order
    (the public log's messages, :func:`describe_action`, or the actions' notation): "Teal drew 2 cards (face-up: red);
    Brown claimed Denver–Omaha", in language ``lang`` (default: the current language).

    >>> log = [describe_action(a, ["red", "blue"]) for a in ("draw deck", "draw faceup 1", "draw deck",
    ...                                                       "claim Denver-Omaha/1 red x4")]
    >>> since_your_move([0, 1, 1, 2], log, ["Purple", "Teal", "Brown"], 0, "en")
    'Teal drew 2 cards (face-up: red); Brown claimed Denver–Omaha'
    >>> since_your_move([0, 1], [describe_action("draw deck"), describe_action("draw tickets")],
    ...                 ["Purple", "Teal"], 0, "da")
    'Teal trak destinationsbilletter'
    """
    from railkit.games.ticket_to_ride.actions import CARD_WORDS

    colour_of = {m.text: c for c, m in CARD_WORDS.items()}
    start = max((i + 1 for i, a in enumerate(actors) if a == seat), default=0) if seat is not None else \
        max(0, len(actors) - 4)
    clauses: list = []
    i = start
    while i < len(actors):
        who, j = actors[i], i
        while j < len(actors) and actors[j] == who:
            j += 1
        parts: list = []
        drawn, faceup = 0, []
        for entry in texts[i:j]:
            if isinstance(entry, str):  # a table that logs the notation
                entry = describe_action(entry)
            kind = _LOG_KINDS.get(getattr(entry, "text", None))
            args = getattr(entry, "args", {})
            if kind in ("card", "loco"):
                drawn += 1
                if kind == "loco":
                    faceup.append("loco")
                elif "card" in args:
                    faceup.append(colour_of.get(getattr(args["card"], "text", None), args["card"]))
            elif kind == "claim":
                parts.append(Message("claimed {route}", route=args["route"]))
            elif kind == "keep":
                parts.append(Message("kept {n} ticket", plural="kept {n} tickets", n=args["n"]))
            elif kind == "tickets":
                parts.append(Message("drew tickets"))
            elif kind == "pass":
                parts.append(Message("passed"))
        if drawn:
            if faceup:
                colours = joined([COLOUR_WORDS.get(c, c) for c in faceup])
                parts.insert(0, Message("drew {n} card (face-up: {colours})", plural="drew {n} cards (face-up: "
                                        "{colours})", n=drawn, colours=colours))
            else:
                parts.insert(0, Message("drew {n} card", plural="drew {n} cards", n=drawn))
        if parts and who is not None and who != seat:
            did = joined(parts, lambda a, b: Message("{a} and {b}", a=a, b=b))
            clauses.append(Message("{name} {did}", name=labels[who], did=did))
        i = j
    said = joined(clauses, lambda a, b: Message("{a}; {b}", a=a, b=b))
    return "" if said is None else render(said, lang)


#: the panel's fixed words (buttons, headings, the players' table), by their English, in each language
_WORDS = {m.text: m for m in (
    Message("Show routes I can afford"), Message("Show my ticket cities"), Message("Pass"),
    Message("Keep selected tickets"), Message("Choose tickets"), Message("Your hand"), Message("Your tickets"),
    Message("Face-up cards"), Message("player"), Message("route points"), Message("final score"),
    Message("trains"), Message("cards"), Message("tickets"), Message("routes"), Message("the final total"),
    Message("points of the routes claimed so far; tickets and the longest route count at the end"))}


def deck_label(obs: dict, lang: str | None = "en") -> str:
    """The deck button: how many cards are in it, and when an empty deck is refilled (in
    language ``lang``; None: the current language).

    >>> deck_label({"deck_size": 0, "discard_size": 80})
    'Draw from deck (0: the 80 discards are shuffled in)'
    """
    deck, discard = obs["deck_size"], obs.get("discard_size", 0)
    if deck == 0 and discard:
        return Message("Draw from deck (0: the {discard} discards are shuffled in)", discard=discard).render(lang)
    return Message("Draw from deck ({deck})", deck=deck).render(lang)


def ticket_text(t: dict) -> str:
    return f"{t['a']} – {t['b']} ({t['points']})"


def public_rows(obs: dict) -> list[dict]:
    """Per seat public counts (seat, hand_size, tickets, trains, score, routes) from an observation;
    ``score`` is the route points during the game and the final total once it is over."""
    if "public" in obs:
        rows = [dict(r) for r in obs["public"]]
    else:
        rows = [{"seat": s, "hand_size": obs["hand_sizes"][s], "tickets": obs["ticket_counts"][s],
                 "trains": obs["trains_left"][s], "score": obs["scores"][s], "routes": obs["route_counts"][s]}
                for s in range(obs["players"])]
    for x in obs.get("final") or []:  # game over: the final totals, not only route points
        rows[x["seat"]]["score"] = x["total"]
    return rows


class PlayerPanel(pn.viewable.Viewer):
    """Face-up market, deck, ticket draw, own hand and tickets, the other players' counts.

    Parameters
    ----------
    on_action : callable
        Called with an action text for every control used.
    colour_blind : bool
        Cards show their colour's letter and hatch pattern too.
    board : Board, optional
        The board the "show" toggles light up (also :meth:`attach`).
    """

    def __init__(self, on_action: Callable[[str], None], *, colour_blind: bool = False, board=None,
                 lang: str | None = None, **params):
        super().__init__(**params)
        self.on_action = on_action
        self.colour_blind = bool(colour_blind)
        #: the language of the status line (None: the current language)
        self.lang = lang
        self._labelled: str | None = "en"  # the language the widgets' words are in
        self.board = None
        self._obs: dict | None = None
        self._affordable: list[str] | None = None
        self.show_affordable = pn.widgets.Toggle(label="Show routes I can afford", width=185,
                                                 css_classes=["show-affordable"])
        self.show_tickets = pn.widgets.Toggle(label="Show my ticket cities", width=185, css_classes=["show-tickets"])
        self.show_affordable.param.watch(lambda e: self._show_aids(), "value")
        self.show_tickets.param.watch(lambda e: self._show_aids(), "value")
        self.market = []
        for i in range(MAX_FACEUP):
            b = pn.widgets.Button(label="", width=76, height=44, visible=False,
                                  css_classes=[f"faceup-{i + 1}"])
            b.on_click(lambda e, slot=i + 1: self.on_action(f"draw faceup {slot}"))
            self.market.append(b)
        self._market_css: list = [None] * MAX_FACEUP
        self.deck_btn = pn.widgets.Button(label="Draw from deck", width=170, height=44, css_classes=["draw-deck"])
        self.deck_btn.on_click(lambda e: self.on_action("draw deck"))
        self.tickets_btn = pn.widgets.Button(label="Draw tickets", width=170, css_classes=["draw-tickets"])
        self.tickets_btn.on_click(lambda e: self.on_action("draw tickets"))
        self.pass_btn = pn.widgets.Button(label="Pass", width=80, visible=False)
        self.pass_btn.on_click(lambda e: self.on_action("pass"))
        self.status = pn.pane.Markdown("", css_classes=["turn-status"], width=380, stylesheets=[FIT_WIDTH])
        self.hand = pn.pane.HTML("", css_classes=["my-hand"], width=380, stylesheets=[FIT_WIDTH])
        self.tickets = pn.pane.HTML("", css_classes=["my-tickets"], width=380, stylesheets=[FIT_WIDTH])
        self.players = pn.pane.HTML("", css_classes=["players"], width=380, stylesheets=[FIT_WIDTH])
        self.offer = pn.widgets.CheckBoxGroup(options=[], inline=False, css_classes=["ticket-offer"])
        self.keep_btn = pn.widgets.Button(label="Keep selected tickets", color="primary", css_classes=["keep-tickets"])
        self.keep_btn.on_click(lambda e: self._keep())
        self.offer_note = pn.pane.Markdown("")
        # the headings, in the panel's language (update)
        self.headings = {text: pn.pane.Markdown(f"#### {text}", margin=(0, 5))
                         for text in ("Choose tickets", "Your hand", "Your tickets", "Face-up cards")}
        self.offer_box = pn.Column(self.headings["Choose tickets"], self.offer_note, self.offer, self.keep_btn,
                                   styles={"border": "2px solid #1565c0", "border-radius": "6px",
                                                          "padding": "4px"})
        self._offer_labels: list[str] = []
        # shown by swapping it in and out (more reliable in the browser than toggling ``visible``)
        self.offer_slot = pn.Column()
        # a seat's own part: hidden from a spectator, who sees only public information
        self.own = pn.Column(pn.FlexBox(self.show_affordable, self.show_tickets),  # two lines on a phone
                             self.headings["Your hand"], self.hand, self.headings["Your tickets"], self.tickets)
        # the scores right under whose turn it is: in view at 1280 x 720 with the cards to take
        self._layout = pn.Column(
            self.status,
            self.players,
            self.headings["Face-up cards"],
            pn.FlexBox(*self.market, sizing_mode="stretch_width"),
            pn.Row(self.deck_btn, self.tickets_btn, self.pass_btn),
            self.offer_slot,
            self.own,
            width=400, stylesheets=[FIT_WIDTH],  # on a phone: the screen's width, under the board
        )

        if board is not None:
            self.attach(board)

    def _label_widgets(self, lang: str | None) -> None:
        """The buttons' and headings' words in ``lang`` (set only when they change)."""
        if lang == self._labelled:
            return
        self._labelled = lang
        for widget, text in ((self.show_affordable, "Show routes I can afford"),
                             (self.show_tickets, "Show my ticket cities"), (self.pass_btn, "Pass"),
                             (self.keep_btn, "Keep selected tickets")):
            widget.label = _WORDS[text].render(lang)
        for text, pane in self.headings.items():
            pane.object = f"#### {_WORDS[text].render(lang)}"

    def __panel__(self):
        return self._layout

    # ------------------------------------------------------------ the board's learner aids
    def attach(self, board) -> None:
        """Light up ``board`` (a :class:`~railkit.viz.ticket_to_ride.board.Board`) when the toggles ask for it;
        call again with the new board when the map changes."""
        if self.board is not None and self.board is not board:
            self.board.show_affordable(None)
            self.board.show_tickets(())
        self.board = board
        self._show_aids()

    def affordable(self) -> list[str]:
        """The routes shown as affordable: the view's list given to :meth:`update`, else
        those the hand and trains could pay for (:func:`~railkit.viz.ticket_to_ride.board.affordable_routes`)."""
        if self._affordable is not None:
            return list(self._affordable)
        if self._obs is None or self.board is None:
            return []
        from railkit.viz.ticket_to_ride.board import affordable_routes

        return affordable_routes(self.board.map, self._obs)

    def _show_aids(self) -> None:
        b = self.board
        if b is None:
            return
        obs = self._obs or {}
        with b.hold():
            b.show_affordable(self.affordable() if self.show_affordable.value else None)
            if self.show_tickets.value:
                b.show_tickets(obs.get("tickets", []), obs.get("offered", []))
            else:
                b.show_tickets(())

    @property
    def offer_shown(self) -> bool:
        """Whether the ticket choice dialog is on screen."""
        return bool(self.offer_slot.objects)

    def _keep(self) -> None:
        picked = [self._offer_labels.index(v) + 1 for v in self.offer.value if v in self._offer_labels]
        self.on_action("keep tickets " + ",".join(str(i) for i in sorted(picked)) if picked else "keep tickets 0")

    # ------------------------------------------------------------ refresh
    def _status(self, obs: dict, labels: list[str], since: str, replay: bool) -> str:
        """The turn status line (Markdown) in the panel's language."""
        lang, seat, cp, phase = self.lang, obs["seat"], obs["current_player"], obs["phase"]
        if phase == "game-over":
            said = [Message("**Game over.** The final scores are at the top and below the board.")]
        elif cp == seat:
            said = [Message("**Your turn** ({name}): {what}.", name=obs["names"][seat],
                            what=_TO_DO.get(phase, phase))]
        elif seat is None:
            said = [Message("You are watching. **{name}** is to move.", name=labels[cp])]
        else:
            said = [Message("Waiting for **{name}**…", name=labels[cp])]
        if obs.get("final_round") and phase != "game-over":
            said.append(Message("Last round: {n} turn(s) left.", n=obs["final_turns_left"]))
        if phase == "second-draw" and cp == seat and "loco" in (obs["faceup"] or []):
            said.append(Message("A face-up locomotive cannot be your second card (rule TTR-DRAW-LOCO-SECOND)."))
        if replay:
            said.insert(0, Message("**Replay view** (move the slider to the end to play)."))
        status = " ".join(render(m, lang) for m in said)
        if since and phase != "game-over":
            status += "  \n" + Message("Since your last move: {since}.", since=since).render(lang)
        return status

    def update(self, obs: dict, *, my_turn: bool, can_pass: bool = False, seat_labels: list[str] | None = None,
               replay: bool = False, affordable=None, since: str = "") -> None:
        """Show observation ``obs`` (the viewer's seat).

        ``affordable`` (route ids) is what the "routes I can afford" toggle lights up;
        None: the routes the hand and trains could pay for, computed from ``obs``.
        """
        self._obs = obs
        self._affordable = None if affordable is None else list(affordable)
        names = obs["names"]
        labels = seat_labels or names
        seat = obs["seat"]
        cp = obs["current_player"]
        phase = obs["phase"]
        self.own.visible = seat is not None
        self.status.object = self._status(obs, labels, since, replay)
        second = phase == "second-draw" and cp == seat
        # market
        fu = obs["faceup"]
        for i, b in enumerate(self.market):
            if i < len(fu):
                c = fu[i]
                if self._market_css[i] != c:
                    b.stylesheets = _btn_css(c, self.colour_blind)
                    self._market_css[i] = c
                b.label = card_label(c, self.colour_blind, self.lang)
                b.visible = True
                b.disabled = not my_turn or c is None or (second and c == "loco")
            else:
                b.visible = False
        lang = self.lang
        self._label_widgets(lang)
        self.deck_btn.label = deck_label(obs, lang)
        self.deck_btn.disabled = not my_turn
        self.tickets_btn.label = Message("Draw tickets ({n} left)", n=obs["ticket_deck_size"]).render(lang)
        self.tickets_btn.disabled = not my_turn
        self.pass_btn.visible = bool(my_turn and can_pass)
        # hand
        hand = obs.get("hand", {})
        chips = [chip(c, f"{card_label(c, lang=lang)} × {hand[c]}", self.colour_blind) for c in CARD_ORDER if hand.get(c)]
        total = sum(hand.values())
        counts = Message("{cards} cards · {trains} trains left · {points} route points", cards=total,
                         trains=f"<b>{obs.get('trains', '?')}</b>", points=f"<b>{obs.get('score', 0)}</b>")
        self.hand.object = (" ".join(chips) or f"<i>{Message('no cards').render(lang)}</i>") + \
            f"<div style='margin-top:4px'>{counts.render(lang)}</div>"
        # tickets
        rows = []
        for t in obs.get("tickets", []):
            mark = "✔" if t.get("done") else "·"
            colour = "#2e7d32" if t.get("done") else "#333"
            rows.append(f"<div style='color:{colour}'>{mark} {html.escape(ticket_text(t))}</div>")
        self.tickets.object = "".join(rows) or f"<i>{Message('no tickets yet').render(lang)}</i>"
        # offer
        offered = obs.get("offered", [])
        if offered and my_turn:
            labels_ = [f"{i + 1}. {ticket_text(t)}" for i, t in enumerate(offered)]
            if labels_ != self._offer_labels:
                self._offer_labels = labels_
                self.offer.options = labels_
                self.offer.value = list(labels_)
            self.offer_note.object = Message("Keep at least {least} of these {n}.", least=f"**{obs['min_keep']}**",
                                             n=len(offered)).render(lang)
            if not self.offer_shown:
                self.offer_slot.objects = [self.offer_box]
        else:
            self._offer_labels = []
            if self.offer_shown:
                self.offer_slot.objects = []
        # players (public counts only)
        trs = []
        rows = public_rows(obs)
        top = max([100] + [p["score"] for p in rows])
        for p in rows:
            s = p["seat"]
            turn = "▶" if s == cp else ""
            name = html.escape(labels[s])
            who = Message("{name} (you)", name=name).render(lang) if s == seat else name
            trs.append(
                f"<tr><td>{turn}</td><td><span style='display:inline-block;width:13px;height:13px;border:1px solid #111;"
                f"background:{player_hex(s)};border-radius:2px'></span> {who}</td>"
                f"<td class='score' data-seat='{s}'>{p['score']}</td><td>{p['trains']}</td>"
                f"<td>{p['hand_size']}</td><td>{p['tickets']}</td><td>{p['routes']}</td></tr>"
                # the score track: a bar per player
                f"<tr><td></td><td colspan='6'><div style='background:#eee;height:7px;border-radius:3px'>"
                f"<div class='score-bar' style='background:{player_hex(s)};height:7px;border-radius:3px;"
                f"width:{100 * max(p['score'], 0) / top:.0f}%'></div></div></td></tr>")
        # the running total says what it holds: route points until the end, then everything
        over = bool(obs.get("final"))
        def th(text: str, title: str = "") -> str:
            tip = f" title='{html.escape(_WORDS[title].render(lang))}'" if title else ""
            # a Japanese heading breaks between words, never inside one ("カー" / "ド")
            return f"<th{tip} style='word-break:keep-all'>{html.escape(_WORDS[text].render(lang))}</th>"

        head = (th("final score", "the final total") if over else
                th("route points", "points of the routes claimed so far; tickets and the longest route count at the end"))
        self.players.object = ("<table style='border-collapse:collapse;width:100%' class='players-table'>"
                               f"<tr style='text-align:left'><th></th>{th('player')}{head}{th('trains')}"
                               f"{th('cards')}{th('tickets')}{th('routes')}</tr>" + "".join(trs) + "</table>")
        self._show_aids()

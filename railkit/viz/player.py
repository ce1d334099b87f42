"""The player panel: what one seat sees and the card/ticket controls.

It is built only from ``game.observe(seat)`` (never the full state), so a
browser at a shared table shows its own hand and tickets and only the counts of
everybody else's. Every control calls ``on_action(text)`` with an action text
("draw faceup 3", "draw deck", "draw tickets", "keep tickets 1,3", "pass");
illegal choices are not hidden: the controller shows why they are illegal.
"""

from __future__ import annotations

import html
from typing import Callable

import panel as pn

from railkit.viz.style import CARD_TEXT, card_hex, player_hex

MAX_FACEUP = 10
CARD_ORDER = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black", "loco")


def chip(colour: str, text: str) -> str:
    """An inline coloured label (HTML)."""
    key = "loco" if colour in ("loco", "locomotive") else colour
    return (f'<span class="chip" style="display:inline-block;background:{card_hex(key)};'
            f'color:{CARD_TEXT.get(key, "#fff")};border:1px solid #333;border-radius:5px;'
            f'padding:2px 7px;margin:2px;font-weight:600">{html.escape(text)}</span>')


def _btn_css(colour: str | None) -> list[str]:
    if colour is None:
        return [".bk-btn {background:#eeeeee !important; color:#999 !important}"]
    key = "loco" if colour == "loco" else colour
    return [f".bk-btn {{background:{card_hex(key)} !important; color:{CARD_TEXT.get(key, '#fff')} !important;"
            " border:2px solid #333 !important; font-weight:700}"]


def card_label(colour: str | None) -> str:
    if colour is None:
        return "(empty)"
    return "LOCO" if colour == "loco" else colour


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
    """Face-up market, deck, ticket draw, own hand and tickets, the other players' counts."""

    def __init__(self, on_action: Callable[[str], None], **params):
        super().__init__(**params)
        self.on_action = on_action
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
        self.status = pn.pane.Markdown("", css_classes=["turn-status"], width=420)
        self.hand = pn.pane.HTML("", css_classes=["my-hand"], width=420)
        self.tickets = pn.pane.HTML("", css_classes=["my-tickets"], width=420)
        self.players = pn.pane.HTML("", css_classes=["players"], width=420)
        self.offer = pn.widgets.CheckBoxGroup(options=[], inline=False, css_classes=["ticket-offer"])
        self.keep_btn = pn.widgets.Button(label="Keep selected tickets", color="primary", css_classes=["keep-tickets"])
        self.keep_btn.on_click(lambda e: self._keep())
        self.offer_note = pn.pane.Markdown("")
        self.offer_box = pn.Column("#### Choose tickets", self.offer_note, self.offer, self.keep_btn,
                                   styles={"border": "2px solid #1565c0", "border-radius": "6px",
                                                          "padding": "4px"})
        self._offer_labels: list[str] = []
        # shown by swapping it in and out (more reliable in the browser than toggling ``visible``)
        self.offer_slot = pn.Column()
        self._layout = pn.Column(
            self.status,
            "#### Face-up cards",
            pn.FlexBox(*self.market, sizing_mode="stretch_width"),
            pn.Row(self.deck_btn, self.tickets_btn, self.pass_btn),
            self.offer_slot,
            "#### Your hand", self.hand,
            "#### Your tickets", self.tickets,
            "#### Players", self.players,
            width=440,
        )

    def __panel__(self):
        return self._layout

    @property
    def offer_shown(self) -> bool:
        """Whether the ticket choice dialog is on screen."""
        return bool(self.offer_slot.objects)

    def _keep(self) -> None:
        picked = [self._offer_labels.index(v) + 1 for v in self.offer.value if v in self._offer_labels]
        self.on_action("keep tickets " + ",".join(str(i) for i in sorted(picked)) if picked else "keep tickets 0")

    # ------------------------------------------------------------ refresh
    def update(self, obs: dict, *, my_turn: bool, can_pass: bool = False, seat_labels: list[str] | None = None,
               replay: bool = False) -> None:
        """Show observation ``obs`` (the viewer's seat)."""
        names = obs["names"]
        labels = seat_labels or names
        seat = obs["seat"]
        cp = obs["current_player"]
        phase = obs["phase"]
        # status
        if phase == "game-over":
            status = "**Game over.** See the final scores below the board."
        elif cp == seat:
            what = {"setup-tickets": "choose your starting tickets", "keep-tickets": "choose which tickets to keep",
                    "second-draw": "take your second train card", "turn": "draw cards, claim a route or draw tickets"}
            status = f"**Your turn** ({names[seat]}): {what.get(phase, phase)}."
        else:
            status = f"Waiting for **{labels[cp]}**…"
        if obs.get("final_round") and phase != "game-over":
            status += f" Last round: {obs['final_turns_left']} turn(s) left."
        if replay:
            status = "**Replay view** (move the slider to the end to play). " + status
        self.status.object = status
        # market
        fu = obs["faceup"]
        for i, b in enumerate(self.market):
            if i < len(fu):
                c = fu[i]
                if self._market_css[i] != c:
                    b.stylesheets = _btn_css(c)
                    self._market_css[i] = c
                b.label = card_label(c)
                b.visible = True
                b.disabled = not my_turn or c is None
            else:
                b.visible = False
        self.deck_btn.label = f"Draw from deck ({obs['deck_size']})"
        self.deck_btn.disabled = not my_turn
        self.tickets_btn.label = f"Draw tickets ({obs['ticket_deck_size']} left)"
        self.tickets_btn.disabled = not my_turn
        self.pass_btn.visible = bool(my_turn and can_pass)
        # hand
        hand = obs.get("hand", {})
        chips = [chip(c, f"{card_label(c)} × {hand[c]}") for c in CARD_ORDER if hand.get(c)]
        total = sum(hand.values())
        self.hand.object = (" ".join(chips) or "<i>no cards</i>") + \
            f"<div style='margin-top:4px'>{total} cards · <b>{obs.get('trains', '?')}</b> trains left · " \
            f"<b>{obs.get('score', 0)}</b> route points</div>"
        # tickets
        rows = []
        for t in obs.get("tickets", []):
            mark = "✔" if t.get("done") else "·"
            colour = "#2e7d32" if t.get("done") else "#333"
            rows.append(f"<div style='color:{colour}'>{mark} {html.escape(ticket_text(t))}</div>")
        self.tickets.object = "".join(rows) or "<i>no tickets yet</i>"
        # offer
        offered = obs.get("offered", [])
        if offered and my_turn:
            labels_ = [f"{i + 1}. {ticket_text(t)}" for i, t in enumerate(offered)]
            if labels_ != self._offer_labels:
                self._offer_labels = labels_
                self.offer.options = labels_
                self.offer.value = list(labels_)
            self.offer_note.object = f"Keep at least **{obs['min_keep']}** of these {len(offered)}."
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
            you = " (you)" if s == seat else ""
            trs.append(
                f"<tr><td>{turn}</td><td><span style='display:inline-block;width:12px;height:12px;"
                f"background:{player_hex(s)};border-radius:2px'></span> {html.escape(labels[s])}{you}</td>"
                f"<td class='score' data-seat='{s}'>{p['score']}</td><td>{p['trains']}</td>"
                f"<td>{p['hand_size']}</td><td>{p['tickets']}</td><td>{p['routes']}</td></tr>"
                # the score track: a bar per player
                f"<tr><td></td><td colspan='6'><div style='background:#eee;height:7px;border-radius:3px'>"
                f"<div class='score-bar' style='background:{player_hex(s)};height:7px;border-radius:3px;"
                f"width:{100 * max(p['score'], 0) / top:.0f}%'></div></div></td></tr>")
        self.players.object = ("<table style='border-collapse:collapse;width:100%' class='players-table'>"
                               "<tr style='text-align:left'><th></th><th>player</th><th>score</th><th>trains</th>"
                               "<th>cards</th><th>tickets</th><th>routes</th></tr>" + "".join(trs) + "</table>")

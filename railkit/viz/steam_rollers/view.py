"""The Steam Rollers view: one seat's view of a Steam Rollers :class:`~railkit.viz.shell.table.Table`.

It is the Steam Rollers part of the game-agnostic
:class:`~railkit.viz.shell.view.TableShell` (undo, replay, save/load, the log, the
end banner, bots and the new-game form come from there): the hex sheet
(:class:`~railkit.viz.steam_rollers.sheet.SheetFigure`), the dice tray, the engine boxes, the
action tiles, the goods on the cities in line order, deliveries with their route
lit up before they are confirmed, Olivia's turn step by step (solo) and the
scoring of every sheet.

Every move is found in ``game.legal_actions()`` (never built by hand): a click
on a die drafts it; a click on a hex shows the placements allowed there, and a
click on one of them plays it; a click on an engine box or a tile plays the
matching action. A choice that is not allowed is explained with its rule id
(``why_illegal``) and nothing changes.

>>> from railkit.viz.shell.table import Table
>>> v = SteamRollersView(Table(players=1, humans=[0], seed=4, game="steam-rollers"), auto=False)
>>> v.draft(v.table.game.dice[0]) is None
True
>>> v.click_engine(v.die) is None     # cross the engine box of the drafted die
True
>>> len(v.table.game.ps[0].boxes)
1
"""

from __future__ import annotations

import html
import json

import panel as pn

from railkit.core.i18n import Message, word
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.actions import (
    WORDS, Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, TakeTile, UseTile,
)
from railkit.maps import hexes as hx
from railkit.viz.shell.style import text_on
from railkit.viz.shell.table import NotAllowed, Table, plain_text, seat_names
from railkit.viz.shell.view import FIT_TEXT, FIT_WIDTH, TableShell, explain, served
from railkit.viz.steam_rollers.sheet import SheetFigure
from railkit.viz.steam_rollers.style import GOOD_HEX, GOOD_LABEL, STRONG
from railkit.viz.steam_rollers.words import describe_action

__all__ = ["SteamRollersView", "delivery_preview", "good_chip", "olivia_score_html", "olivia_steps"]

DIE_FACE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
ROUTE_COLOURS = ["#d81b60", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#3949ab"]
OLIVIA = "olivia"
#: the widths of the view's two columns (pixels): the sheet's, and the actions' beside or below it
LEFT_WIDTH, RIGHT_WIDTH = 680, 540


def good_chip(good: str) -> str:
    """A good as a small coloured square with its label (HTML; colour-blind safe)."""
    colour = GOOD_HEX.get(good, "#777777")
    ink = text_on(colour)  # black on grey and yellow: 4.5:1 or more (WCAG AA)
    return (f"<span style='display:inline-block;min-width:22px;padding:0 3px;margin:1px;border-radius:3px;"
            f"background:{colour};color:{ink};font-size:11px;text-align:center;"
            f"border:1px solid #222'>{GOOD_LABEL.get(good, good)}</span>")


#: the track types' names (the black die's faces) in the reader's language
_TRACK = {"straight": Message("straight"), "gentle": Message("gentle"), "sharp": Message("sharp")}

#: the action tiles' texts (tiles.json) in the reader's language
_TILE_TEXT = {
    "1a": Message("Treat your drafted white die as any value."),
    "1b": Message("Change your drafted die by +1 or -1 (6 and 1 wrap)."),
    "2a": Message("Draft a second white die this round and take a second action."),
    "2b": Message("Build: you may also draw the track type not on the black die."),
    "3a": Message("Deliver: the source may be a city one number away from your die (no wrap)."),
    "3b": Message("Draw two tracks in the chosen region."),
    "4a": Message("+1 engine strength (not counted for the engine end bonus)."),
    "4b": Message("+2 engine strength for one delivery."),
    "5a": Message("Deliver one stop beyond your engine strength."),
    "5b": Message("Build in a hex of a region adjacent to region v instead of region v."),
    "6a": Message("+1 VP for every delivery of distance 3 or more."),
    "6b": Message("Take any upright action tile, ignoring the number."),
    "2s": Message("Re-roll Olivia's die once, before her phase."),
}


#: why a game ended (``g.end_reason``) in the reader's language
END_REASON = {"cities": Message("enough cities are empty of goods"), "max-rounds": Message("the last round was played"),
               "olivia-region-full": Message("a region of Olivia's is full")}


def tile_text(tile: str, text: str):
    """What action tile ``tile`` does: a message when its text is railkit's own (``text``,
    from the tiles' data, otherwise: a sheet's own tiles keep their words)."""
    known = _TILE_TEXT.get(tile)
    return known if known is not None and known.text == text else text


def _track_svg(kind: str) -> str:
    """A tiny hex with one track of ``kind`` drawn in it (inline SVG)."""
    from railkit.viz.steam_rollers.sheet import hex_outline, track_points

    a, b = {"straight": (0, 3), "gentle": (1, 3), "sharp": (3, 4)}[kind]
    xs, ys = hex_outline((0, 0), 1.0)
    poly = " ".join(f"{x * 14 + 16:.1f},{-y * 14 + 16:.1f}" for x, y in zip(xs, ys))
    txs, tys = track_points((0, 0), a, b, 1.0, at=(0, 0))
    path = " ".join(f"{x * 14 + 16:.1f},{-y * 14 + 16:.1f}" for x, y in zip(txs, tys))
    return (f"<svg width='32' height='32' viewBox='0 0 32 32' style='vertical-align:middle'>"
            f"<polygon points='{poly}' fill='#fffde7' stroke='#555'/>"
            f"<polyline points='{path}' fill='none' stroke='#3e2723' stroke-width='3.5' stroke-linecap='round'/>"
            f"</svg>")


def delivery_source(action, value: int | None = None) -> int:
    """The source city of a delivery action."""
    src = getattr(action, "source", None)
    if src is not None:
        return src
    v = getattr(action, "value", None)
    return v if v is not None else action.die


def delivery_preview(game, seat: int, action) -> dict:
    """What a legal delivery would do: ``distance``, ``points``, the route's ``nodes``
    and chain ``keys`` (the engine's own best route, bounded by the strength it allows)."""
    try:
        plan = game._plan(action)
        src, dist, bonus, strength = plan["src"], plan["distance"], plan["bonus"], plan["strength"]
    except (AttributeError, KeyError):  # pragma: no cover - an engine without plans
        src, bonus = delivery_source(action), 0
        strength = game.engine_strength(seat)
        dist = None
    route = nw.best_delivery(game.sheet, game.ps[seat].tracks, src, [action.dest], strength, G=game.graph(seat))
    if route is None:
        return {"distance": dist, "points": None, "nodes": [], "keys": [], "source": src}
    d, nodes, keys = route
    return {"distance": d, "points": d + bonus, "bonus": bonus, "nodes": nodes, "keys": keys, "source": src,
            "strength": strength}


def route_tracks(game, tracks, nodes, keys):
    """The ``(hex, (a, b))`` tracks of a route given by its nodes and chain keys (town hexes included)."""
    sheet = game.sheet
    chain_hexes = {k: p for _, _, k, p in nw.chains(sheet, tracks)}
    out = []
    for i, k in enumerate(keys):
        for h in chain_hexes.get(k, ()):
            out.append((h, tracks[h]))
        node = nodes[i + 1] if i + 1 < len(nodes) else None
        if node and node.startswith("T"):
            th = sheet.towns[int(node[1:])]
            if th in tracks:
                out.append((th, tracks[th]))
    return out


def connection_routes(game, tracks):
    """Each completed city-to-city connection: ``(city_a, city_b, towns, chain keys, nodes)``."""
    G = nw.connection_graph(game.sheet, tracks)
    found = {}
    for n in sorted(game.sheet.cities):
        a = nw.city(n)
        for _, v, k in G.edges(a, keys=True):
            keys, nodes, prev, node = [k], [a, v], k, v
            seen = {a}
            while node is not None and node.startswith("T") and node not in seen:
                seen.add(node)
                nxt = [(w, kk) for _, w, kk in G.edges(node, keys=True) if kk != prev]
                if not nxt:
                    node = None
                    break
                node, prev = nxt[0]
                keys.append(prev)
                nodes.append(node)
            if node is None or not node.startswith("C") or node == a:
                continue
            fk = frozenset(keys)
            if fk not in found:
                found[fk] = (a, node, len(nodes) - 2, keys, nodes)
    return sorted(found.values(), key=lambda c: (c[0], c[1], c[3]))


def olivia_steps(before, after, lang: str | None = "en") -> list[str]:
    """Olivia's phase between two positions of a solo game, step by step (plain text in
    language ``lang``)."""
    dice = after.olivia_dice[len(before.olivia_dice):]
    if not dice:
        return []
    steps = []
    crossed_new = {n: after.olivia_crossed[n][len(before.olivia_crossed[n]):] for n in after.olivia_crossed}
    used = {n: 0 for n in crossed_new}
    goods = after.olivia_goods[len(before.olivia_goods):]
    points = after.olivia_points[len(before.olivia_points):]
    for i, d in enumerate(dice):
        steps.append(Message("Olivia's die shows {d}.", d=d) if i == 0 else
                     Message("City {city} is empty: she re-rolls a {d}.", city=dice[i - 1], d=d))
        new = crossed_new[d][used[d]:used[d] + 1]
        used[d] += 1
        if new:
            steps.append(Message("She crosses hex {hex} in region {d}.", hex=hx.format_hex(new[0]), d=d))
        else:
            steps.append(Message("Region {d} is full: Olivia wins at once.", d=d))
            return [m.render(lang) for m in steps]
        if before.tile_holder.get(d) == 0 and after.tile_holder.get(d) is None and i == 0:
            steps.append(Message("Your upright tile {tile} goes back to the board.", tile=before.tile_id[d]))
    last = dice[-1]
    if goods:
        steps.append(Message("Region {d} has {n} crossed hexes: she takes the last good in line at city {d} "
                             "({good}) and scores {n}.", d=last, n=points[0], good=WORDS.get(goods[0], goods[0])))
    elif after.supply[last] or not after.olivia_won:
        k = len(after.olivia_crossed[last])
        if after.supply[last]:
            steps.append(Message("Region {d} has only {k} crossed hex(es) (she needs {need}): no good this turn.",
                                 d=last, k=k, need=after.rules.olivia_min_crossed))
    return [m.render(lang) for m in steps]



def score_table(g, names: list[str], lang: str | None = None) -> tuple[str, str]:
    """The score of every seat by part (SR-SCORE-*), with Olivia's in solo, as an HTML
    table, and, once a solo game is over, who won (SR-SOLO-TIE-LOSS; else ""), in
    language ``lang`` (default: the current language)."""
    from railkit.games.steam_rollers.scoring import breakdown, olivia_breakdown

    heads = [Message("deliveries"), Message("network"), Message("engine bonus"), Message("tiles"),
             Message("orders/power"), Message("total")]
    head = "<tr><th></th>" + "".join(f"<th>{html.escape(m.render(lang))}</th>" for m in heads) + "</tr>"
    rows = []
    for s in range(g.players):
        b = breakdown(g, s)
        rows.append(f"<tr><td><b>{html.escape(names[s])}</b></td><td>{b['delivery_points']}</td>"
                    f"<td>{b['network_points']} "
                    + html.escape(Message("({conn} conn., {towns} towns)", conn=b['connections'],
                                          towns=b['towns_connected']).render(lang)) + "</td>"
                    + f"<td>{b['engine_bonus']}</td><td>{b['tile_vp']:+d}</td>"
                    f"<td>{b['order_vp'] + b['power_vp']}</td><td><b>{b['score']}</b></td></tr>")
    result = ""
    if g.solo:
        ob = olivia_breakdown(g)
        rows.append(f"<tr><td><b>Olivia</b></td><td>{ob['olivia_delivery_points']}</td>"
                    f"<td>{ob['olivia_network_points']} {Message('(her two best regions)').render(lang)}</td>"
                    f"<td>{ob['olivia_engine_points']}</td><td>{ob['olivia_tile_vp']:+d}</td><td>0</td>"
                    f"<td><b>{ob['olivia_score']}</b></td></tr>")
        if g.is_over:
            me, her = g.score(0), ob["olivia_score"]
            won = not g.olivia_won and me > her
            why = (Message("Olivia filled a region") if g.olivia_won else Message("a tie is a loss") if me == her
                   else Message("{me} to {her}", me=me, her=her))
            verdict = Message("You win") if won else Message("You lose")
            result = (f"<div class='solo-result' style='font-size:1.2em'><b>{html.escape(verdict.render(lang))}"
                      f"</b> ({html.escape(why.render(lang))}).</div>")
    return result, f"<table class='score-table' style='font-size:12px' border=0>{head}{''.join(rows)}</table>"


def olivia_score_html(g, lang: str | None = None) -> str:
    """Olivia's score with its parts (SR-OLIVIA-SCORE), as HTML: her score so far (she has
    points before anyone moves: her engine, the tiles by the board), or her final score, in
    language ``lang`` (default: the current language).

    >>> from railkit.games import get_spec
    >>> g = get_spec("steam-rollers").new_game(players=1, seed=4, difficulty="clerk")
    >>> import re
    >>> re.sub("<[^>]+>", "", olivia_score_html(g))
    'score so far 9 = deliveries 0 + engine 3 + her 2 best regions 1 + tiles by the board 5'
    """
    from railkit.games.steam_rollers.scoring import olivia_breakdown

    ob = olivia_breakdown(g)
    parts = [("deliveries", Message("deliveries"), ob["olivia_delivery_points"]),
             ("engine", Message("engine"), ob["olivia_engine_points"]),
             ("regions", Message("her {n} best regions", n=g.rules.olivia_regions_scored), ob["olivia_network_points"]),
             ("tiles", Message("tiles by the board"), ob["olivia_tile_vp"])]
    label = (Message("final score") if g.is_over else Message("score so far")).render(lang)
    return (f"<span class='olivia-total'>{html.escape(label)} <b>{ob['olivia_score']}</b></span> = "
            + " + ".join(f"{html.escape(words.render(lang))} <span class='olivia-part' data-part='{key}'>{points}</span>"
                         for key, words, points in parts))


class _OliviaState:
    """What :func:`olivia_steps` reads of the position before Olivia's phase (copies)."""

    def __init__(self, g) -> None:
        self.olivia_dice = list(g.olivia_dice)
        self.olivia_crossed = {n: list(v) for n, v in g.olivia_crossed.items()}
        self.olivia_goods = list(g.olivia_goods)
        self.olivia_points = list(g.olivia_points)
        self.tile_holder = dict(g.tile_holder)
        self.tile_id = dict(g.tile_id)


#: the end statistics of the hexes crossed in each region (Olivia's are ``olivia_`` + the id)
REGION_CROSSES = tuple(f"crosses_region{n}" for n in range(1, 7))


class SteamRollersView(TableShell):
    """Play Steam Rollers (solo against Olivia, or against bots and people at a shared table).

    Parameters
    ----------
    table : Table
        A table with ``game="steam-rollers"`` (a solo game if not given).
    seat : int or None
        The seat this view plays (None: a spectator; everything in the game is public).
    auto : bool
        True: bots move with a visible delay; False: at once after each action.
    """

    save_name = "steam-rollers-game.json"
    #: the hints sit at the top of the right column (:meth:`_view`)
    assist_width = RIGHT_WIDTH - 10
    STATS = {
        "delivery_points": word("Points from deliveries"), "network_points": word("Points from the network"),
        "engine_bonus": word("Engine bonus"), "tile_vp": word("Points from tiles"),
        "order_vp": word("Points from orders"), "power_vp": word("Points from power"),
        "deliveries": word("Deliveries"), "longest_delivery": word("Longest delivery (links)"),
        "engine": word("Engine"), "tracks": word("Tracks drawn"), "connections": word("Connections"),
        "towns_connected": word("Towns connected"), "turns": word("Turns"),
        # the hexes crossed in each region: a seat's tracks, Olivia's crosses (her own row)
        **{f"crosses_region{n}": text for n, text in enumerate((
            word("Hexes crossed in region 1"), word("Hexes crossed in region 2"), word("Hexes crossed in region 3"),
            word("Hexes crossed in region 4"), word("Hexes crossed in region 5"), word("Hexes crossed in region 6")), 1)},
    }
    #: the round's last move waits for "Confirm turn" (the next roll is a blind draw)
    offers_confirm = True
    #: a seat may choose to be asked before each track is built (TableShell.confirm_moves)
    confirm_moves_label = word("Confirm before building")

    def __init__(self, table: Table | None = None, seat: int | None = 0, auto: bool = True, **params):
        table = table or Table(players=1, humans=[0], game="steam-rollers")
        if table.describe is plain_text:  # the log in words, in each page's language
            table.set_describe(describe_action)
        super().__init__(table, seat=seat, auto=auto, **params)

    def needs_confirm(self, action) -> bool:
        """Builds wait for "Confirm turn" when the seat asked for it (:attr:`confirm_moves`)."""
        return isinstance(action, (Build, ExtraBuild)) or (isinstance(action, Power) and action.power == "track")

    # ------------------------------------------------------------ building
    def final_rows(self, g) -> list[dict]:
        """The end banner's rows: alone against Olivia she gets a row of her own, and a tie
        is her win."""
        rows = list(g.summary())
        if len(rows) != 1 or rows[0].get("olivia_score") is None:
            return rows
        me = rows[0]
        olivia = {"seat": None, "name": "Olivia", "score": me["olivia_score"], "rank": 2 if me["win"] else 1,
                  "win": not me["win"], **{k: me.get(f"olivia_{k}") for k in ("delivery_points", "network_points",
                                                                             "tile_vp", *REGION_CROSSES)}}
        return [dict(me, rank=1 if me["win"] else 2), olivia]

    def _build_view(self) -> None:
        self.die: int | None = None
        self.as_value: int | None = None
        self.hex: tuple | None = None
        self._placements: list = []  # the placements offered at self.hex (actions)
        self._deliveries: dict[str, object] = {}
        self._legal: list = []
        self._legal_at: tuple = ()
        self._g = self.table.game
        self.looking: object = self.seat if self.seat is not None else 0
        self.olivia_report: list[str] = []
        self._olivia_new: list = []
        self._olivia_seen: tuple = (0, "")
        self._delivery_paths: list | None = None
        self._preview = None  # the game with the move waiting for confirmation played (a copy)
        self._log_cache: tuple | None = None  # (game's config, its replay, Olivia's turns by action)
        g = self.table.game
        self.sheet = SheetFigure(g.sheet, g.rules.mountains, lang=self.lang)
        self.sheet.set_mountains(g.rules.mountains)
        self.sheet.on_click(self._on_sheet_click)
        self.status = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["status"], stylesheets=[FIT_TEXT])
        self.dice_buttons = []
        for i in range(6):
            # one tooltip for good (a Button's changed tooltip stayed on the page after a click)
            b = pn.widgets.Button(label="·", width=54, height=44, disabled=True, css_classes=["die"],
                                  description=word("Draft this die: build in its region, cross its engine box, "
                                                   "take its tile or deliver from its city."),
                                  stylesheets=[":host .bk-btn {font-size: 20px; font-weight: bold}"])
            b.on_click(lambda e, i=i: self._on_die(i))
            self.dice_buttons.append(b)
        self.black = pn.pane.HTML("", width=230, css_classes=["black-die"])  # ends before the right column
        self.w_as = pn.widgets.Select(label=word("Play the die as (tile 1)"), options=[], width=140, disabled=True)
        self.w_as.param.watch(self._on_as, "value")
        self.engine_buttons = []
        for v in range(1, 7):
            # a tooltip that never changes: a Button's changed tooltip left the old one on the
            # page for good (the reasons of the moment go in engine_info, on the page)
            b = pn.widgets.Button(label=str(v), width=44, css_classes=["engine-box"],
                                  description=Message("Engine box {v}: cross it with a white die showing {v}.",
                                                      v=v).render(self.lang))
            b.on_click(lambda e, v=v: self.click_engine(v))
            self.engine_buttons.append(b)
        self.engine_info = pn.pane.HTML("", width=RIGHT_WIDTH - 10, stylesheets=[FIT_TEXT])
        # why the engine boxes and tiles can or cannot be clicked now (on the page: their
        # tooltips never change, since a Button's changed tooltip stayed on the page)
        self.action_info = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["action-info"], stylesheets=[FIT_TEXT])
        self.tile_buttons = []
        for n in range(1, 7):
            b = pn.widgets.Button(label=str(n), width=166, height=44, css_classes=["tile"])
            b.on_click(lambda e, n=n: self.click_tile(n))
            self.tile_buttons.append(b)
        self.w_deliver = pn.widgets.Select(label=word("Deliver a good (best route lit up)"), options=[], width=410,
                                           stylesheets=[FIT_WIDTH])
        self.w_deliver.param.watch(lambda e: self.preview_delivery(), "value")
        self.deliver_btn = pn.widgets.Button(label=word("Deliver"), color="success", width=90, disabled=True)
        self.deliver_btn.on_click(lambda e: self.confirm_delivery())
        self.pass_btn = pn.widgets.Button(label=word("Pass (use the die for nothing)"), width=190, disabled=True)
        self.pass_btn.on_click(lambda e: self.click_pass())
        self.skip_btn = pn.widgets.Button(label=word("Skip"), width=160, disabled=True)
        self.skip_btn.on_click(lambda e: self.click_skip())
        self.w_look = pn.widgets.Select(label=word("Look at the sheet of"), options={}, width=220)
        self.w_look.param.watch(self._on_look, "value")
        self.goods = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["goods"], stylesheets=[FIT_TEXT])
        self.boxes = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["delivery-boxes"], stylesheets=[FIT_TEXT])
        self.olivia_pane = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["olivia"], visible=False,
                                        stylesheets=[FIT_TEXT])
        self.score_toggle = pn.widgets.Toggle(label=word("Show network scoring on the sheet"), width=260)
        self.score_toggle.param.watch(lambda e: self._draw_routes(), "value")
        self.w_replay_delivery = pn.widgets.Select(label=word("Replay a delivery"), options={"(none)": -1}, width=280)
        self.w_replay_delivery.param.watch(lambda e: self._draw_routes(), "value")
        self.score_pane = pn.pane.HTML("", width=RIGHT_WIDTH - 10, css_classes=["scoring"], stylesheets=[FIT_TEXT])
        self.w_difficulty = pn.widgets.Select(label=word("Olivia's level (solo)"),
                                              options=["clerk", "conductor", "machinist", "engineer", "investor",
                                                       "rail-baron"], value=g.difficulty or "clerk", width=170)

    def _option_widgets(self) -> list:
        return [self.w_difficulty] if self.w_players.value == 1 else []  # Olivia plays only solo

    def _options(self) -> dict:
        return {"difficulty": self.w_difficulty.value if self.w_players.value == 1 else None}

    def _view(self):
        """The dice and the sheet on the left; the status, the actions, Olivia and the goods in a
        column on the right, or below the sheet when the page is narrower than both (a notebook
        beside JupyterLab's file browser); the log and the scoring under them, wrapping alike."""
        # on a phone the rows wrap and each column takes the screen's width (FIT_WIDTH)
        def row(*objects):
            return pn.FlexBox(*objects, sizing_mode="stretch_width")

        tray = row(*self.dice_buttons, self.black)
        left = pn.Column(tray, self.sheet.pane, self.message, self.turn_controls, width=LEFT_WIDTH,
                         stylesheets=[FIT_WIDTH])
        actions = pn.Column(
            row(pn.pane.HTML("<b>" + Message("Engine").render(self.lang) + "</b>", width=56), *self.engine_buttons),
            self.engine_info,
            row(*self.tile_buttons), self.action_info,
            row(self.w_deliver, self.deliver_btn),
            row(self.pass_btn, self.skip_btn, self.w_as), stylesheets=[FIT_WIDTH],
        )
        # the hints beside "Your turn", at the top of the right column: under the sheet, the list
        # lay below the fold at 1280 x 720
        right = pn.Column(self.status, self.assist, self.w_look, actions, self.olivia_pane, self.goods, self.boxes,
                          width=RIGHT_WIDTH, css_classes=["side"], stylesheets=[FIT_WIDTH])
        wrap = dict(flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width")
        return pn.Column(
            pn.FlexBox(left, right, **wrap),
            pn.FlexBox(pn.Column(self._controls(), stylesheets=[FIT_WIDTH]),
                       pn.Column(row(self.score_toggle, self.w_replay_delivery), self.score_pane,
                                 stylesheets=[FIT_WIDTH]), **wrap),
            sizing_mode="stretch_width",
        )

    def __panel__(self):
        layout = super().__panel__()
        layout.sizing_mode = "stretch_width"  # the view takes the page's width, and wraps within it
        return layout

    def _bokeh_panes(self) -> list:
        return [self.sheet.pane]

    # ------------------------------------------------------------ helpers
    @property
    def game(self):
        return self.table.game

    def _mine(self, cls, legal=None) -> list:
        """The legal actions of class ``cls`` for the drafted die (and its 'as' value)."""
        legal = self._legal if legal is None else legal
        return [a for a in legal if isinstance(a, cls) and a.die == self.die
                and getattr(a, "value", None) == self.as_value]

    @property
    def placements(self) -> list:
        """The placements offered at the hex last clicked (legal actions; empty: none open)."""
        return list(self._placements)

    def _value(self) -> int | None:
        if self.die is None:
            return None
        return self.as_value if self.as_value is not None else self.die

    def _refuse(self, reason: Message, hint: Message | str = "", rule: str = ""):
        err = NotAllowed(reason, hint, rule)
        self.say(explain(err, self.lang))
        self.push()
        return err

    def _not_my_turn(self):
        g = self.game
        if self.replaying:
            return self._refuse(Message("You are looking at an earlier position."), Message("Press Back to live to play."))
        if self.pending is not None:
            return self._refuse(Message("A move is waiting for confirmation."),
                                Message("Press Confirm turn, or Undo to take it back."))
        if not self.replaying and self._legal_at != (id(g), len(g.log)):
            # the live position's moves (the view may not have been refreshed yet: a notebook page still opening)
            self._legal = g.legal_actions() if g.current_player == self.seat else []
            self._legal_at = (id(g), len(g.log))
        err = self.table.check(self.seat, Pass(1))
        if isinstance(err, NotAllowed) or g.is_over:
            if g.is_over:
                return self._refuse(Message("The game is over."), Message("Start a new game, or undo."))
            return self._refuse(err.message, err.hint_message)
        return None

    # ------------------------------------------------------------ dice
    def _on_die(self, i: int) -> None:
        dice = self.game.dice
        if i < len(dice):
            self.draft(dice[i])

    def draft(self, die: int):
        """Draft white die ``die`` (again: put it back). None, or the error shown."""
        err = self._not_my_turn()
        if err is not None:
            return err
        g = self.game
        if g.phase != "draft":
            return self._refuse(Message("The game is not waiting for a draft now."),
                                Message("Finish the step shown first (a second track, the re-roll, a starting power)."),
                                "SR-PHASE")
        if die not in g.dice:
            return self._refuse(Message("There is no white die showing {die} left to draft.", die=die),
                                Message("Draft one of the dice left."), "SR-DRAFT-DIE")
        if self.die == die:
            self.die = None
            self.say(Message("Die put back. Click a white die to draft it.").render(self.lang))
        else:
            self.die = die
            self.as_value = None
            self.say(self._draft_hint())
        self._close_hex()
        self.refresh(force=True)
        return None

    def _draft_hint(self) -> str:
        """What the drafted die lets the player do (its number, or the number tile 1 makes it)."""
        v = self._value()
        played = (Message("Die {die} drafted", die=self.die) if v == self.die else
                  Message("Die {die} drafted, played as {v} (tile 1)", die=self.die, v=v))
        return Message("{played}. Click a hex of region {v} to see the tracks you may draw there, or cross engine "
                       "box {v}, take tile {v}, or deliver from city {v}.", played=played, v=v).render(self.lang)

    def _on_as(self, event) -> None:
        if self._refreshing:
            return
        v = event.new
        self.as_value = None if v in (None, self.die) else v
        if self.die is not None:
            self.say(self._draft_hint())
        self._close_hex()
        self.refresh(force=True)

    # ------------------------------------------------------------ building by clicks
    def _on_sheet_click(self, target) -> None:
        kind, what = target
        with pn.io.hold(freeze=True):
            if kind == "choice":
                self.click_choice(what)
            else:
                self.click_hex(what)
        self.push()

    def _close_hex(self) -> None:
        self.hex = None
        self._placements = []
        self.sheet.set_choices(None)

    def click_hex(self, h):
        """A hex was clicked: show the placements allowed there (None), or why none is (the error)."""
        if self.looking == OLIVIA or (self.seat is not None and self.looking != self.seat):
            return self._refuse(Message("This is not your sheet."),
                                Message("Choose your own sheet under 'Look at the sheet of'."))
        err = self._not_my_turn()
        if err is not None:
            return err
        g = self.game
        if self.hex == h:  # the same hex again closes the choice
            self._close_hex()
            self._outline()
            self.say("")
            return None
        if g.phase == "build2":
            options = [a for a in self._legal if isinstance(a, ExtraBuild) and a.hex == h]
            sample = ExtraBuild
        elif self.die is None:
            return self._refuse(Message("Draft a white die first."),
                                Message("Click one of the white dice above the sheet."), "SR-DRAFT-DIE")
        else:
            options = [a for a in self._mine(Build) if a.hex == h]
            sample = None
        if not options:
            self._close_hex()
            err = self._why_no_track(h, sample)
            self._outline()
            self.say(explain(err, self.lang))
            return err
        self.hex = h
        self._placements = options
        self.sheet.set_choices(h, [(a.a, a.b) for a in options])
        self._outline()
        self.say(html.escape(Message("Hex {hex}: {n} track allowed, drawn on the right. Click it to draw it (or the "
                                     "hex again to close).", plural="Hex {hex}: {n} tracks allowed, drawn on the "
                                     "right. Click one to draw it (or the hex again to close).",
                                     hex=hx.format_hex(h), n=len(options)).render(self.lang), quote=False))
        return None

    def _why_no_track(self, h, sample):
        """The clearest reason why no track can go in hex ``h``: one rule for all 15 placements
        if they share it, else the first that is not about the track type or a mountain."""
        g = self.game
        errs = []
        for a, b in hx.placements():
            act = sample(h, a, b) if sample else Build(self.die, h, a, b, self.as_value)
            e = g.why_illegal(act)
            if e is not None:
                errs.append(e)
        if not errs:  # pragma: no cover - legal but filtered out
            return NotAllowed("No track can be drawn there now.")
        for e in errs:
            if getattr(e, "rule", "") not in ("SR-BUILD-TYPE", "SR-MOUNTAIN"):
                return e
        if any(getattr(e, "rule", "") == "SR-BUILD-TYPE" for e in errs) and \
                any(getattr(e, "rule", "") == "SR-MOUNTAIN" for e in errs):
            kinds = g.sheet.black_die_faces[g.black]
            return NotAllowed(f"In hex {hx.format_hex(h)} every {kinds[0]} or {kinds[1]} track would cross a "
                              "mountain border.", "Pick another hex.", "SR-MOUNTAIN")
        return errs[0]

    def click_choice(self, i: int):
        """Draw the ``i``-th placement offered (0-based)."""
        if not 0 <= i < len(self._placements):
            return self._refuse(Message("That placement is not offered."), Message("Click a hex first."))
        action = self._placements[i]
        return self._do(action)

    def _do(self, action):
        err = self.play(action)
        if err is not None:
            return err
        self.die = None
        self.as_value = None
        if self.pending is not None:  # kept back until "Confirm turn": drawn, not played
            self._close_hex()
            self.refresh(force=True)
            return None
        g = self.game
        with pn.io.hold(freeze=True):
            # the sheet first (one small message), the rest of the view just after it
            self._close_hex()
            if self.looking == self.seat and self.seat is not None:
                self.sheet.set_tracks(g.ps[self.seat].tracks)
            self.sheet.set_outline()
        self.push()
        # the rest follows in after_action: the poll need not refresh the view meanwhile
        self._seen_version = self.table.version
        self.later(self.after_action)
        return None

    # ------------------------------------------------------------ engine, tiles, pass
    def click_engine(self, v: int):
        """Cross engine box ``v`` with the drafted die."""
        err = self._not_my_turn()
        if err is not None:
            return err
        if self.die is None:
            return self._refuse(Message("Draft a white die first: it names the engine box you cross."),
                                Message("Click one of the white dice."), "SR-DRAFT-DIE")
        for a in self._legal:
            if isinstance(a, Engine) and a.die == self.die and (a.value if a.value is not None else a.die) == v:
                return self._do(a)
        g = self.game
        if v == self._value():
            err = g.why_illegal(Engine(self.die, self.as_value))
        else:
            err = g.why_illegal(Engine(self.die, v))
        if err is None:  # pragma: no cover - legal but not offered
            err = NotAllowed(f"Engine box {v} cannot be crossed now.")
        self.say(explain(err, self.lang))
        self.push()
        return err

    def _tile_action(self, n: int):
        """The legal action a click on tile ``n`` plays now, or None."""
        g = self.game
        if self.die is not None:
            for a in self._legal:
                if isinstance(a, TakeTile) and a.die == self.die and a.value == self.as_value and a.number == n:
                    return a
            return None
        for a in self._legal:
            if isinstance(a, UseTile) and a.tile == g.tile_id[n]:
                return a
        return None

    def _tile_reasons(self, g) -> str:
        """Why the tiles can or cannot be clicked now, as HTML for the page: the tile the
        drafted die names, and each one-use tile this seat holds but cannot play now."""
        lines = []
        value = self._value()
        if self.die is None:
            lines.append(Message("Tiles: draft a white die to take the tile of its number.").render(self.lang))
        else:
            act = self._tile_action(value)
            if act is not None:
                lines.append(Message("Click tile {tile} to take it.", tile=g.tile_id[value]).render(self.lang))
            else:
                err = g.why_illegal(TakeTile(self.die, value, self.as_value))
                lines.append(Message("Tile {tile}: {why}", tile=g.tile_id[value],
                                     why=explain(err, self.lang) if err else Message("cannot be taken now.")
                                     ).render(self.lang))
        for n in range(1, 7):
            tid = g.tile_id[n]
            if g.tile_holder[n] != self.seat or g.tile_defs[tid].kind == "permanent":
                continue
            err = g.why_illegal(UseTile(tid))
            if err is None:
                lines.append(Message("Click tile {tile} to play it.", tile=tid).render(self.lang)
                             if self.die is None else "")
            elif getattr(err, "rule", "") in ("SR-TILE-1A", "SR-TILE-1B") and not g.tile_sideways[n]:
                # played inside a draft: in the page, with the list under the actions
                lines.append(Message("Tile {tile}: draft a die, then choose its new number under 'Play the die "
                                     "as (tile 1)' (rule {rule}).", tile=tid, rule=err.rule).render(self.lang))
            else:
                lines.append(Message("Tile {tile}: {why}", tile=tid, why=explain(err, self.lang)).render(self.lang))
        return "<br>".join(x for x in lines if x)

    def click_tile(self, n: int):
        """Tile ``n`` clicked: take or steal it (a die drafted), or play it (a one-use tile you hold)."""
        err = self._not_my_turn()
        if err is not None:
            return err
        act = self._tile_action(n)
        if act is not None:
            return self._do(act)
        g = self.game
        if self.die is not None:
            err = g.why_illegal(TakeTile(self.die, n, self.as_value))
        elif g.tile_holder[n] == self.seat:
            err = g.why_illegal(UseTile(g.tile_id[n]))
        else:
            err = NotAllowed(f"To take tile {n}, draft a die showing {n} first.", "Click one of the white dice.",
                             "SR-TILE-TAKE")
        err = err or NotAllowed(f"Tile {n} cannot be used now.")
        self.say(explain(err, self.lang))
        self.push()
        return err

    def click_pass(self):
        err = self._not_my_turn()
        if err is not None:
            return err
        for a in self._legal:
            if isinstance(a, Pass) and a.die == self.die:
                return self._do(a)
        return self._refuse(Message("Draft a white die first."), Message("Click one of the white dice."), "SR-DRAFT-DIE")

    def click_skip(self):
        for a in self._legal:
            if isinstance(a, Skip):
                return self._do(a)
        return self._refuse(Message("There is nothing to skip now."))

    # ------------------------------------------------------------ deliveries
    def delivery_options(self) -> dict[str, object]:
        """Label -> legal delivery action for the drafted die, goods in line order."""
        g = self.game
        out = {}
        if self.die is None or self.seat is None:
            return out
        acts = self._mine(Deliver)
        for a in acts:
            src = delivery_source(a)
            line = g.supply.get(src, [])
            good = getattr(a, "good", "?")
            # which of the city's goods of that colour (SR-SOLO-ANY-GOOD: in solo the player
            # chooses, since Olivia takes the last good in line); None: the first in line
            pos = getattr(a, "pos", None) or (line.index(good) + 1 if good in line else 0)
            p = delivery_preview(g, self.seat, a)
            label = Message("{good} from city {source} to city {dest}: distance {distance}, {points} point(s)",
                            good=Message("{good} (no. {pos} in line)", good=WORDS.get(good, good), pos=pos) if pos
                            else WORDS.get(good, good), source=src, dest=a.dest, distance=p["distance"],
                            points=p["points"]).render(self.lang)
            out[label] = a
        return dict(sorted(out.items(), key=lambda kv: (delivery_source(kv[1]), kv[0])))

    def preview_delivery(self, label: str | None = None):
        """Light up the route of the chosen delivery (``label`` or the list's choice)."""
        if self._refreshing:
            return None
        if label is not None:
            self.w_deliver.value = label
            return self._deliveries.get(label)
        a = self._deliveries.get(self.w_deliver.value)
        self.deliver_btn.disabled = a is None
        self._draw_routes()
        if a is not None:
            p = delivery_preview(self.game, self.seat, a)
            path = " → ".join(p["nodes"])
            said = Message("Delivery preview: {path} — distance {distance}, {points} point(s). Press {deliver} to "
                           "confirm.", path=path, distance=p["distance"], points=p["points"],
                           deliver=Message("Deliver")).render(self.lang)
            self.say(html.escape(said, quote=False))
        self.push()
        return a

    def confirm_delivery(self):
        a = self._deliveries.get(self.w_deliver.value)
        if a is None:
            return self._refuse(Message("Choose a delivery first."), Message("Draft a die, then pick a good in the list."),
                                "SR-DELIVER-SOURCE")
        return self._do(a)

    # ------------------------------------------------------------ looking at sheets
    def _on_look(self, event) -> None:
        if self._refreshing or event.new is None:
            return
        self.look(event.new)

    def look(self, who) -> None:
        """Show the sheet of seat ``who`` (0-based) or ``"olivia"``."""
        self.looking = who
        self._close_hex()
        self._delivery_paths = None
        self.refresh(force=True)

    def after_undo(self) -> None:
        self.die = None
        self.as_value = None
        self._close_hex()

    # ------------------------------------------------------------ refresh
    def refresh(self, force: bool = False) -> None:
        """Bring the view up to date (only changes are sent). Served, the page's model graph
        is worked out once at the end instead of after every changed tooltip or layout (each
        such change made Bokeh walk every model of the page: most of a refresh's time)."""
        if served():
            with pn.io.hold(freeze=True):
                super().refresh(force)
        else:
            super().refresh(force)

    def _outline(self) -> None:
        g = self._g
        region = []
        if self.die is not None and self.looking == self.seat and g.phase == "draft":
            region = g.sheet.regions[self._value()].hexes
        elif g.phase == "build2" and self.looking == self.seat and g.current_player == self.seat:
            region = g.sheet.regions[g.build2_region].hexes
        self.sheet.set_outline(region, self.hex)

    def _show(self, g, obs: dict, my_turn: bool, replay: bool, legal: list) -> None:
        t = self.table
        self._g = g
        # the move waiting for "Confirm turn", played on a copy: only this seat's own sheet is
        # taken from it (its tracks, boxes, deliveries follow from the move alone; the copy's
        # new roll and Olivia's turn are not public yet)
        self._preview = None if replay else self.pending_game()
        self._legal = legal
        self._legal_at = () if replay else (id(g), len(g.log))
        self._deliveries = {}  # chosen again below, from this position's legal actions
        if g.sheet is not self.sheet.sheet:
            self.sheet = SheetFigure(g.sheet, g.rules.mountains, lang=self.lang)
            self.sheet.on_click(self._on_sheet_click)
            if self._layout is not None:
                self._layout[1][0][0][1] = self.sheet.pane
        self.sheet.set_language(self.lang)
        self.sheet.set_mountains(g.rules.mountains)
        if not my_turn or (self.die is not None and self.die not in g.dice) or g.phase != "draft":
            self.die = None
            self.as_value = None
        if not my_turn:
            self._close_hex()
        names = seat_names(g, self.lang)
        if g.solo:
            names = [Message("You").render(self.lang)]
        look_opts = {(Message("{name} (you)", name=names[s]).render(self.lang) if s == self.seat and not g.solo
                      else names[s]): s for s in range(g.players)}
        if g.solo:
            look_opts["Olivia"] = OLIVIA
        if self.looking not in look_opts.values():
            self.looking = self.seat if self.seat is not None else 0
        self.w_look.options = look_opts
        self.w_look.value = self.looking
        self._show_dice(g, obs, my_turn)
        self._show_sheet(g, obs)
        self._show_actions(g, obs, my_turn, legal)
        self._show_info(g, obs, my_turn)
        self._show_olivia(g, obs, replay)
        self._show_scoring(g, obs)

    def _show_dice(self, g, obs, my_turn) -> None:
        dice = list(obs["dice"])
        pending = self.pending if self._preview is not None else None
        if getattr(pending, "die", None) in dice:  # the die of the move waiting for confirmation
            dice.remove(pending.die)
        for i, b in enumerate(self.dice_buttons):
            if i < len(dice):
                d = dice[i]
                b.label = f"{DIE_FACE[d]} {d}"
                b.color = "primary" if self.die == d and (i == dice.index(d)) else "default"
                b.disabled = not my_turn or g.phase != "draft" or pending is not None
            else:  # never hidden: showing and hiding widgets in a busy page lost later changes
                b.label = "·"
                b.color = "default"
                b.disabled = True
        kinds = obs["black_die"]
        # within the pane's width: a longer language wraps between the two kinds, never over the status
        kind = {k: f"<span style='white-space:nowrap'>{_track_svg(k)} {_TRACK[k].render(self.lang)}</span>"
                for k in kinds}
        self.black.object = ("<div class='black-die' style='background:#222;color:#fff;padding:3px 8px;"
                             "border-radius:6px;display:inline-block;max-width:100%;box-sizing:border-box'><b>"
                             + Message("Black die:").render(self.lang) + "</b> "
                             + Message("{a} or {b}", a=kind[kinds[0]], b=kind[kinds[-1]]).render(self.lang)
                             + "</div>") if dice else ""
        as_opts = sorted({a.value for a in legal_values(self._legal, self.die)} - {None})
        if self.die is not None and as_opts:
            self.w_as.options = {Message("{v} (as rolled)", v=self.die).render(self.lang): self.die,
                                 **{Message("{v} (tile 1)", v=v).render(self.lang): v for v in as_opts}}
            self.w_as.value = self.as_value if self.as_value is not None else self.die
            self.w_as.disabled = False
        else:
            self.w_as.disabled = True
            self.w_as.description = Message("Only with action tile 1 (upright) and a die drafted.").render(self.lang)

    def _show_sheet(self, g, obs) -> None:
        names = seat_names(g, self.lang)
        if self.looking == OLIVIA:
            crossed = [h for v in g.olivia_crossed.values() for h in v]
            counts = {n: len(v) for n, v in g.olivia_crossed.items()}
            self.sheet.set_tracks({})
            self.sheet.set_crosses(crossed, self._olivia_new, counts)
            self.sheet.set_title(Message("Olivia's sheet ({level}): crossed hexes per region",
                                         level=g.difficulty).render(self.lang))
        else:
            s = self.looking
            self.sheet.set_tracks(self._own(g, s).tracks)
            self.sheet.set_crosses()
            mine = g.solo or s == self.seat
            title = (Message("Your sheet — engine {engine}, score {score}", engine=g.engine_strength(s), score=g.score(s))
                     if mine else Message("{name}'s sheet — engine {engine}, score {score}", name=names[s],
                                          engine=g.engine_strength(s), score=g.score(s)))
            if self._preview is not None and s == self.seat:
                title = Message("{title} (a move to confirm)", title=title)
            self.sheet.set_title(title.render(self.lang))
        self._outline()
        self._draw_routes()

    def _own(self, g, s: int):
        """Seat ``s``'s sheet as it is shown: with the move waiting for confirmation if it is
        this seat's (its tracks, engine boxes and deliveries follow from the move alone)."""
        if self._preview is not None and s == self.seat:
            return self._preview.ps[s]
        return g.ps[s]

    def _show_actions(self, g, obs, my_turn, legal) -> None:
        seat = self.seat
        value = self._value()
        # the crossed boxes of the sheet looked at (a spectator's too); Olivia's sheet: one's own
        shown = self.looking if self.looking != OLIVIA else seat
        boxes = set(self._own(g, shown).boxes) if shown is not None else set()
        engine_ok = {(a.value if a.value is not None else a.die) for a in self._mine(Engine)} \
            if self.die and shown == seat else set()
        for v, b in zip(range(1, 7), self.engine_buttons):
            crossed = v in boxes
            b.label = f"✗{v}" if crossed else str(v)
            b.color = "warning" if crossed else ("success" if v in engine_ok else "default")
            b.disabled = v not in engine_ok
        # why the boxes are as they are, on the page (the boxes' tooltips never change)
        if shown != seat:
            engine_why = Message("Engine: these are the boxes of the sheet you look at; choose your own to cross one.")
        elif self.die is None:
            engine_why = Message("Engine: draft a white die, it names the engine box you cross.")
        elif value in engine_ok:
            engine_why = Message("Engine: click box {v} to cross it.", v=value)
        else:
            err = g.why_illegal(Engine(self.die, self.as_value))
            engine_why = Message("Engine: {why}", why=explain(err, self.lang) if err else
                                 Message("box {v} cannot be crossed now.", v=value))
        engine_why = engine_why.render(self.lang)
        for n, b in zip(range(1, 7), self.tile_buttons):
            tid = g.tile_id[n]
            t = g.tile_defs[tid]
            holder = g.tile_holder[n]
            sym = "∞" if t.kind == "permanent" else "⚡"
            where = Message("centre") if holder is None else (Message("you") if holder == seat
                                                              else seat_names(g, self.lang)[holder])
            if self._preview is not None and isinstance(self.pending, TakeTile) and self.pending.number == n:
                where, holder = Message("you (to confirm)"), seat
            if holder is not None and g.tile_sideways[n]:
                where = Message("{where} sideways", where=where)
            b.label = Message("{tile} {sym} {vp} VP · {where}", tile=tid, sym=sym, vp=f"{t.vp:+d}",
                              where=where).render(self.lang)
            act = self._tile_action(n) if my_turn else None
            b.color = "success" if act is not None else "default"
            b.disabled = act is None
            # a tooltip that changes only with the tile (a changed tooltip stayed on the page)
            b.description = Message("Tile {tile}: {why}", tile=tid, why=tile_text(tid, t.text)).render(self.lang)
        self.action_info.object = ("<div style='font-size:12px'>" + engine_why + "<br>" + self._tile_reasons(g)
                                   + "</div>") if my_turn and self._preview is None else ""
        self._deliveries = self.delivery_options() if my_turn else {}
        opts = [Message("(choose a good)").render(self.lang)] + list(self._deliveries)
        self.w_deliver.options = opts
        if self.w_deliver.value not in opts:
            self.w_deliver.value = opts[0]
        self.w_deliver.disabled = not self._deliveries
        self.w_deliver.description = (
            Message("Draft a die first: it names the source city.") if self.die is None else
            Message("No good at city {v} can reach a city of its colour on your track within your engine.", v=value)
        ).render(self.lang) if not self._deliveries else None
        self.deliver_btn.disabled = self._deliveries.get(self.w_deliver.value) is None
        self.pass_btn.disabled = not any(isinstance(a, Pass) and a.die == self.die for a in legal)
        self.skip_btn.disabled = not any(isinstance(a, Skip) for a in legal)
        self.skip_btn.label = (Message("Skip the second track") if g.phase == "build2" else
                               Message("Do not re-roll Olivia's die") if g.phase == "reroll" else
                               Message("Skip (nothing to skip)")).render(self.lang)

    def _show_info(self, g, obs, my_turn) -> None:
        names = seat_names(g, self.lang)
        lang = self.lang
        cur = g.current_player
        if g.is_over:
            turn = Message("Game over ({why}).", why=END_REASON.get(g.end_reason, g.end_reason)).render(lang)
            if g.solo:
                me, her = g.score(0), g.olivia_score()
                won = (not g.olivia_won) and me > her
                said = (Message("{result}: you {me}, Olivia {her} (a tie is a loss).", result="{result}", me=me, her=her)
                        if me == her else Message("{result}: you {me}, Olivia {her}.", result="{result}", me=me, her=her))
                result = html.escape((Message("You win") if won else Message("You lose")).render(lang))
                turn += " " + html.escape(said.render(lang)).replace("{result}", f"<b class='solo-result'>{result}</b>")
        elif my_turn and self._preview is not None:
            turn = html.escape(Message("Your turn: your move waits — press Confirm turn to play it (or Undo).").render(lang))
        elif my_turn:
            step = {"build2": Message("draw tile 3b's second track in region {region} (or skip)", region=g.build2_region),
                    "reroll": Message("re-roll Olivia's die with tile 2s, or not"),
                    "power": Message("choose a starting power (list below)")}.get(g.phase)
            turn = html.escape((Message("Your turn: {step}.", step=step) if step else
                                Message("Your turn: click a white die to draft it.") if self.die is None else
                                Message("Your turn — die {v} drafted.", v=self._value())).render(lang))
        else:
            turn = html.escape(Message("{name} is playing.", name=self.table.seat_label(cur, lang)).render(lang))
        empty = g.empty_cities()
        ends = Message("Empty cities: {n} of {of} that end the game", n=len(empty), of=g.rules.end_empty_cities)
        self.status.object = (f"<div><b>{html.escape(Message('Round {n}', n=g.round).render(lang))}</b> · {turn}<br>"
                              + html.escape(ends.render(lang))
                              + (f" ({', '.join(map(str, empty))})" if empty else "") + "</div>")
        rows = []
        for n in range(1, 7):
            col = g.sheet.colours[n]
            line = obs["supply"][str(n)]
            chips = "".join(good_chip(x) for x in line) or f"<i>{Message('empty').render(lang)}</i>"
            rows.append(f"<tr><td><span style='display:inline-block;width:20px;height:20px;border-radius:10px;"
                        f"background:{STRONG.get(col, '#777')};color:{'#000' if col in ('yellow', 'grey-light') else '#fff'};"
                        f"text-align:center;font-weight:bold'>{n}</span></td><td>{chips}</td></tr>")
        self.goods.object = (f"<b>{Message('Goods on the cities').render(lang)}</b> "
                             + Message("(in line order: Olivia takes the last one)").render(lang)
                             + f"<table style='font-size:12px'>{''.join(rows)}</table>")
        s = self.looking if self.looking != OLIVIA else (self.seat or 0)
        ps = self._own(g, s)
        boxes = "".join(f"<span style='display:inline-block;min-width:18px;border:1px solid #333;margin:1px;"
                        f"text-align:center;background:{'#ffe082' if d['distance'] >= 3 else '#fff'}'>"
                        f"{d['distance'] + d['bonus']}</span>" for d in ps.deliveries) or (
            f"<i>{Message('none yet').render(lang)}</i>")
        eng = g.engine_strength(s)
        bonus = g.rules.engine_bonus[min(len(ps.boxes), 6)]
        self.engine_info.object = (html.escape(Message("strength {n}, end bonus {bonus}", n=eng, bonus=bonus).render(lang))
                                   + " <span style='color:#666'>"
                                   + html.escape(Message("(4/5/6 boxes: +1/+2/+3)").render(lang)) + "</span>")
        whose = names[s] if not g.solo else Message("you")
        self.boxes.object = (f"<b>{html.escape(Message('Delivery boxes ({name}):', name=whose).render(lang))}</b> "
                             f"{boxes}")

    def _show_olivia(self, g, obs, replay) -> None:
        if not g.solo:
            self.olivia_pane.visible = False
            return
        n = len(g.olivia_dice)
        if (n, self.lang) != self._olivia_seen:
            self._olivia_seen = (n, self.lang)
            self.olivia_report, self._olivia_new = self._last_olivia_phase(g)
            if self.looking == OLIVIA:
                self.sheet.set_crosses([h for v in g.olivia_crossed.values() for h in v], self._olivia_new,
                                       {k: len(v) for k, v in g.olivia_crossed.items()})
        counts = " ".join(f"{k}:{len(v)}" for k, v in g.olivia_crossed.items())
        lang = self.lang
        steps = "".join(f"<li>{html.escape(s)}</li>" for s in self.olivia_report) or (
            f"<li>{Message('not yet').render(lang)}</li>")
        self.olivia_pane.object = (f"<div style='border:2px solid #4a148c;border-radius:6px;padding:4px'>"
                                   f"<b>Olivia</b> ({g.difficulty}) — {olivia_score_html(g, lang)}<br>"
                                   + html.escape(Message("crossed per region {counts}", counts=counts).render(lang))
                                   + f"<br><b>{Message('Her last turn, step by step:').render(lang)}</b>"
                                   f"<ol style='margin:2px'>{steps}</ol></div>")
        self.olivia_pane.visible = True

    def log_notes(self, g) -> dict[int, str]:
        """Olivia's turns for the action log, under the action after which she played: her die,
        her crosses, the good she took (all public). Worked out in one pass over the log, and
        only for the actions added since the last time."""
        if not g.solo:
            return {}
        key = json.dumps(g.config(), sort_keys=True, default=str) + self.lang
        cache = self._log_cache
        n = min(len(g.log), len(cache[1].log)) if cache is not None else 0
        if cache is None or cache[0] != key or cache[1].log[:n] != g.log[:n]:
            cache = self._log_cache = (key, g.fresh(), {})
        _, replay, notes = cache
        for a in g.log[len(replay.log):]:
            before = _OliviaState(replay)
            replay.apply(a)
            if len(replay.olivia_dice) > len(before.olivia_dice):
                notes[len(replay.log) - 1] = Message("Olivia's turn: {steps}",
                                                     steps=" ".join(olivia_steps(before, replay, self.lang))).render(self.lang)
        return {i: text for i, text in notes.items() if i < len(g.log)}

    def olivia_turn(self) -> list[str]:
        """Olivia's last turn in the live game, step by step (plain text)."""
        return self._last_olivia_phase(self.game)[0]

    def _last_olivia_phase(self, g):
        """Steps of Olivia's last phase in ``g`` and the hexes she crossed then."""
        log = g.log
        for k in range(len(log), max(0, len(log) - 4), -1):
            before = g.history(k - 1)
            after = g if k == len(log) else g.history(k)
            if len(after.olivia_dice) > len(before.olivia_dice):
                new = [h for n in after.olivia_crossed
                       for h in after.olivia_crossed[n][len(before.olivia_crossed[n]):]]
                return olivia_steps(before, after, self.lang), new
        return [], []

    # ------------------------------------------------------------ scoring
    def _show_scoring(self, g, obs) -> None:
        result, table = score_table(g, [Message("You").render(self.lang)] if g.solo else seat_names(g, self.lang), self.lang)
        title = (Message("Final score") if g.is_over else Message("Score so far")).render(self.lang)
        self.score_pane.object = f"{result}<b>{title}</b>{table}"
        if self.looking != OLIVIA:
            ds = g.ps[self.looking].deliveries
            opts = {Message("(none)").render(self.lang): -1}
            for i, d in enumerate(ds):
                opts[f"{i + 1}. {d['good']} city {d['source']} → {d['dest']}: {d['distance'] + d['bonus']} pts"] = i
            if self.w_replay_delivery.options != opts:
                self.w_replay_delivery.options = opts
        if g.is_over and not self.score_toggle.value and not getattr(self, "_auto_scored", False):
            self._auto_scored = True
            self.score_toggle.value = True

    def past_delivery_routes(self, g, seat: int) -> list:
        """Each delivery ``seat`` made, as ``(tracks, label)`` on the sheet as it was then."""
        key = (id(g), seat, len(g.log))
        if self._delivery_paths is not None and self._delivery_paths[0] == key:
            return self._delivery_paths[1]
        out = []
        replay = g.fresh()
        for a in g.log:
            n = len(replay.ps[seat].deliveries)
            tracks = dict(replay.ps[seat].tracks)
            replay.apply(a)
            if len(replay.ps[seat].deliveries) > n:
                d = replay.ps[seat].deliveries[-1]
                r = nw.best_delivery(g.sheet, tracks, d["source"], [d["dest"]], d["distance"])
                path = route_tracks(g, tracks, r[1], r[2]) if r else []
                out.append((path, f"{d['distance'] + d['bonus']} pts"))
        self._delivery_paths = (key, out)
        return out

    def _draw_routes(self) -> None:
        g = self._g
        routes = []
        if self.looking != OLIVIA:
            s = self.looking
            tracks = g.ps[s].tracks
            if self.score_toggle.value:
                for i, (a, b, towns, keys, nodes) in enumerate(connection_routes(g, tracks)):
                    label = f"{a[1:]}–{b[1:]}: {1 + towns} pt" + (f" ({towns} town{'s' * (towns > 1)})" if towns else "")
                    routes.append((route_tracks(g, tracks, nodes, keys), ROUTE_COLOURS[i % len(ROUTE_COLOURS)], label))
            k = self.w_replay_delivery.value
            if isinstance(k, int) and k >= 0:
                past = self.past_delivery_routes(g, s)
                if k < len(past):
                    routes.append((past[k][0], "#ffb300", past[k][1]))
            a = self._deliveries.get(self.w_deliver.value) if s == self.seat else None
            if self._preview is not None and isinstance(self.pending, Deliver) and s == self.seat:
                a = self.pending  # the delivery waiting for confirmation
            if a is not None and (a in self._legal or a is self.pending):
                p = delivery_preview(g, self.seat, a)
                routes.append((route_tracks(g, tracks, p["nodes"], p["keys"]), "#00c853",
                               f"distance {p['distance']}, {p['points']} pts"))
        self.sheet.set_routes(routes)


def legal_values(legal, die):
    """The draft actions of ``die`` in ``legal`` (any 'as' value)."""
    if die is None:
        return []
    return [a for a in legal if getattr(a, "die", None) == die and hasattr(a, "value")]

"""The Ticket to Ride board: a Bokeh figure of a :class:`railkit.maps.Map`.

Routes are drawn as a row of train cars (one segment per car) in the route's
colour; the tracks of a double route lie side by side (perpendicular offsets);
claimed routes turn the owner's colour (a palette apart from the route colours), with
a dark outline, the owner's initial on each car and a stripe of the colour paid.
City names are placed off the tracks, and the plot ranges fit every car, dot and
name at the same scale on both axes. Clicking a
route (anywhere on its track) calls the board's click callbacks with the route
id; :meth:`Board.js_on_route_click` also runs JavaScript in the browser at once,
before the server hears of the click. Updates patch only the changed rows of the
data sources (``cds.patch``), so a move never re-renders the figure. Where the cars and
names go is worked out in :mod:`railkit.viz.ticket_to_ride.geometry`.

>>> from railkit.maps import load
>>> b = Board(load("teaching-small"))
>>> b.click("Mill-Fort"); b.last_clicked
'Mill-Fort'
>>> _ = b.set_state({"Mill-Fort": 1}); b.owner("Mill-Fort")
1
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Callable, Iterable, Mapping

import panel as pn
import param
from bokeh.events import DoubleTap, Press, Tap
from bokeh.models import ColumnDataSource, CustomJS, HoverTool
from bokeh.plotting import figure

from railkit.core.i18n import Message, get_language, render, translate, word
from railkit.games.ticket_to_ride.actions import COLOUR_WORDS
from railkit.maps import Map, load
from railkit.viz.shell.style import initials, text_on
from railkit.viz.ticket_to_ride.geometry import (BORDER_PX, CAR_PX, CITY_PX, LABEL_PX, LEADER_PX, TOP_PX, board_layout,
                                                 frame_size, zoom)
from railkit.viz.ticket_to_ride.style import CARD_HATCH, CARD_HEX, CARD_LETTER, CARD_TEXT, OUTLINE, card_hex, card_key, player_hex




def paid_colours(log) -> dict[str, str]:
    """Route id -> the card colour paid for it, from a game's action log (the public
    list of actions: every claim says how it was paid; all-locomotive claims say ``loco``).

    >>> from railkit.games.ticket_to_ride import Claim, DrawDeck
    >>> paid_colours([DrawDeck(), Claim("Mill-Fort", "red", 1, 1), Claim("Lake-Peak", "loco", 0, 2)])
    {'Mill-Fort': 'red', 'Lake-Peak': 'loco'}
    """
    out = {}
    for a in log:
        route, colour = getattr(a, "route", None), getattr(a, "colour", None)
        if route is not None and colour is not None:
            out[route] = colour
    return out


def last_claimed_route(log) -> str | None:
    """The route claimed by the last action of a game's log, or None when the last action
    was no claim (for :meth:`Board.mark_last`).

    >>> from railkit.games.ticket_to_ride import Claim, DrawDeck
    >>> last_claimed_route([DrawDeck(), Claim("Mill-Fort", "red", 2, 0)]), last_claimed_route([DrawDeck()])
    ('Mill-Fort', None)
    """
    if not log:
        return None
    a = log[-1]
    return getattr(a, "route", None) if getattr(a, "colour", None) is not None else None


def affordable_routes(m: Map, obs: Mapping) -> list[str]:
    """The free routes a seat's hand and trains could pay for now, from its observation
    (cards of one colour plus locomotives; any one colour for gray routes). A quick
    view for the learner: the game's legal moves also apply the turn and phase.

    >>> from railkit.games.ticket_to_ride import TicketToRide
    >>> g = TicketToRide(players=2, seed=0, map="teaching-small")
    >>> obs = g.observe(0)
    >>> all(g.map.route_by_id[r].length <= sum(obs["hand"].values()) for r in affordable_routes(g.map, obs))
    True
    """
    hand = obs.get("hand") or {}
    trains = obs.get("trains", 0) or 0
    claimed = obs.get("claimed") or {}
    closed = set(obs.get("closed") or ())
    seat = obs.get("seat")
    mine = {r for r, s in claimed.items() if s == seat}
    locos = hand.get("loco", 0)
    best_colour = max([v for c, v in hand.items() if c != "loco"] + [0])
    out = []
    for r in m.routes:
        if r.id in claimed or r.id in closed or r.length > trains:
            continue
        if any(p.id in mine for p in m.parallel(r.id)):
            continue
        have = best_colour if r.color == "gray" else hand.get(r.color, 0)
        if have + locos >= r.length:
            out.append(r.id)
    return out


#: The Bokeh events that count as a click on the board. BokehJS reports a click that
#: follows another within 300 ms (anywhere on the board) as a ``DoubleTap``, and a
#: button held still for 300 ms as a ``Press``, never as a ``Tap``: a player who
#: clicks one route and then quickly another, or holds the button a little, must not
#: have the click ignored.
CLICK_EVENTS = (Tap, DoubleTap, Press)

#: How far (screen pixels) from a track a click still picks the route.
TOLERANCE_PX = 10.0

#: JavaScript twin of :meth:`Board.route_at` (same inputs, same arithmetic, so the
#: browser and the server pick the same route): sets ``i`` (row) and ``rid``, or
#: returns when the click is not within 10 px of a route.
_ROUTE_AT_JS = """
const fig = cb_obj.origin;
const inner = (name, fallback) => { try { return fig[name] || fallback; } catch (e) { return fallback; } };
const w = inner("inner_width", fig.width - FW), h = inner("inner_height", fig.height - FH);
const sx = (fig.x_range.end - fig.x_range.start) / Math.max(w, 1);
const sy = (fig.y_range.end - fig.y_range.start) / Math.max(h, 1);
const x = cb_obj.x, y = cb_obj.y;
const XS = src.data.xs, YS = src.data.ys;
let best = null, i = -1;
for (let k = 0; k < XS.length; k++) {
  const xs = XS[k], ys = YS[k];
  const px = (x - xs[0]) / sx, py = (y - ys[0]) / sy;
  const dx = (xs[1] - xs[0]) / sx, dy = (ys[1] - ys[0]) / sy;
  const norm = dx * dx + dy * dy || 1.0;
  const t = Math.min(1.0, Math.max(0.0, (px * dx + py * dy) / norm));
  const ex = px - t * dx, ey = py - t * dy;
  const d = Math.sqrt(ex * ex + ey * ey);
  if (d <= tolerance_px && (best === null || d < best)) { best = d; i = k; }
}
if (i < 0) { return; }
const rid = src.data.id[i];
""".replace("FW", str(2 * BORDER_PX)).replace("FH", str(2 * BORDER_PX + TOP_PX))


#: the smallest size (pixels) the city names shrink to on a narrow board (a phone)
MIN_LABEL_PX = 8.0

#: JavaScript run when the board's plot area changes width (``w0`` wide as laid out): on a
#: narrower board (a phone) the names and their offsets shrink with it, down to
#: :data:`MIN_LABEL_PX`; names kept larger than that share get room by widening the view (x and
#: y ranges round their middle, the map's shape kept) from the layout's until every name's box
#: (``bx0`` ... ``by1``, data units at the layout's scale ``upp0``) fits again
_ROOM_FOR_NAMES_JS = """
const w = fig.inner_width, h = fig.inner_height;
if (!(w > 0 && h > 0)) { return; }
const D = src.data, f = Math.min(1, w / w0);
const px = Math.max(label_px * f, Math.min(label_px, min_px)), s = px / label_px;  // names' scale
const size = px.toFixed(2) + 'px';
if (glyph.text_font_size.value !== size) {
  glyph.text_font_size = {value: size};
  src.data = Object.assign({}, D, {dx: D.dx0.map(v => v * s), dy: D.dy0.map(v => v * s)});
}
const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2;
for (let round = 0; round < 8; round++) {
  const ux = s * 2 * hw / w / upp0, uy = s * 2 * hh / h / upp0;  // a name's data units, as a share of the layout's
  let need = 1.0;
  for (let i = 0; i < D.x.length; i++) {
    const x = D.x[i], y = D.y[i];
    need = Math.max(need, (cx - (x + (D.bx0[i] - x) * ux)) / hw, (x + (D.bx1[i] - x) * ux - cx) / hw,
                    (cy - (y + (D.by0[i] - y) * uy)) / hh, (y + (D.by1[i] - y) * uy - cy) / hh);
  }
  if (need <= 1.0005) { break; }
  hw *= need * 1.002;
  hh *= need * 1.002;
}
if (Math.abs(fig.x_range.start - (cx - hw)) > 1e-9 * hw || Math.abs(fig.y_range.start - (cy - hh)) > 1e-9 * hh) {
  fig.x_range.setv({start: cx - hw, end: cx + hw});
  fig.y_range.setv({start: cy - hh, end: cy + hh});
}
"""


#: Columns of the claim drawn in the browser at the payment (:meth:`Board.js_on_pay`).
_CLAIMING_COLUMNS = ("xm", "ym", "len", "angle", "fill", "sx", "sy", "sfill", "salpha")

#: In the browser, when a payment is pressed: the cars of the route being claimed (row
#: ``choice._rk_route`` of the routes) drawn as claimed by the viewing seat, with the stripe of
#: the colour paid ("Pay red ×2 + loco ×1": red; the track's own colour unless it is gray).
_CLAIM_JS = """
const k = cb_obj.active, i = cb_obj._rk_route;
if (k === null || k === undefined || i === undefined || !(k >= 0 && k < cb_obj.labels.length)) { return; }
const rid = src.data.id[i];
if (src.data.owner[i] !== "free") { return; }
const track = src.data.color[i];
const stripe = hexes[track === "gray" ? cb_obj.labels[k].split(" ")[1] : track];
const c = cars.data, out = {};
for (const name of COLUMNS) { out[name] = []; }
// (the owner's initials follow with the server's answer: letters set here made BokehJS fail
// once the server's answer had fewer of them)
for (let r = 0; r < c.route.length; r++) {
  if (c.route[r] !== rid) { continue; }
  for (const name of ["xm", "ym", "len", "angle", "sx", "sy"]) { out[name].push(c[name][r]); }
  out.fill.push(fill); out.sfill.push(stripe || fill); out.salpha.push(stripe ? 1.0 : 0.0);
}
claiming.data = out;
pending.data = {xs: [], ys: []};  // the route is no longer being chosen
""".replace("COLUMNS", str(list(_CLAIMING_COLUMNS)))


def _inner_size(fig, fallback: tuple[float, float] | None = None) -> tuple[float, float]:
    """The plot area in pixels as the browser reports it (an estimate before the first render)."""
    try:
        w, h = fig.inner_width, fig.inner_height
    except Exception:  # UnsetValueError: not rendered yet
        w = h = None
    fb = fallback or frame_size(fig.width, fig.height)
    return (w or fb[0], h or fb[1])


def _upright(angle: float) -> float:
    """``angle`` turned by half a turn where needed so text along it reads left to right."""
    if angle > math.pi / 2 + 1e-9:
        return angle - math.pi
    if angle < -math.pi / 2 + 1e-9:
        return angle + math.pi
    return angle


#: Highlight colours of the learner's aids: routes affordable now, ticket cities
#: (open, done, on offer while choosing) and the last move's dashed frame.
AFFORD_HEX = "#00c853"
TICKET_OPEN_HEX = "#d50000"
TICKET_DONE_HEX = "#2e7d32"
TICKET_OFFER_HEX = "#ff6d00"
LAST_HEX = "#111111"
LAST_GLOW_HEX = "#F0E442"  # Okabe–Ito yellow: under the last claim


class Board(pn.viewable.Viewer):
    """A clickable map of routes and cities.

    Parameters
    ----------
    map : Map or str
        The map (or its name).
    width, height : int
        Size of the figure in pixels. Both axes get the same scale (the map keeps
        its shape), as large as lets every car, city and name fit inside.
    seat_names : list of str
        Names of the seats (hover text; their initials go on claimed cars).
    colour_blind : bool
        Colour-blind mode: every route's cars also carry its colour's hatch
        pattern and letter (:data:`railkit.viz.ticket_to_ride.style.CARD_LETTER`).
    lang : str, optional
        The language of the hover texts (default: the current language when the board is
        made, :func:`railkit.core.i18n.set_language`); :meth:`set_language` changes it.

    Notes
    -----
    Every setter sends its change to the page at once: in a notebook that needs
    :func:`panel.io.push_notebook` when the change comes from code outside a Bokeh
    callback (a later cell, a widget callback, a bot loop); the board does it
    itself. Changes made inside ``with board.hold():`` go out together, in one
    message, when the outermost ``hold`` ends; :meth:`push` sends pending changes
    of the board (and of other panes of the same page) now. A served board needs
    no push (the server sends every change) and the board makes none.
    """

    last_clicked = param.String(default=None, allow_None=True, doc="Id of the last route clicked.")

    def __init__(self, map: Map | str = "usa", *, width: int = 900, height: int = 560,
                 seat_names: list[str] | None = None, colour_blind: bool = False, lang: str | None = None,
                 **params):
        super().__init__(**params)
        self.lang = get_language() if lang is None else lang  # the language of the hover texts
        self.map = load(map) if isinstance(map, str) else map
        self.seat_names = list(seat_names or [])
        self.colour_blind = bool(colour_blind)
        self._initials = initials(self.seat_names) if self.seat_names else []
        self._callbacks: list[Callable[[str], None]] = []
        self._owners: dict[str, int | None] = {r.id: None for r in self.map.routes}
        self._closed: set[str] = set()
        self._stripe: dict[str, str] = {}
        self._paid: dict[str, str] = {}
        self._last: str | None = None
        self._hold_depth = 0
        self.layout = board_layout(self.map, width, height)
        self.upp = self.layout["upp"]
        #: car thickness and stripe width (data units)
        self.k = k = self.layout["k"]
        self.car_thickness = CAR_PX * k * self.upp
        self._stripe_w = 3.0 * k * self.upp
        geo = self.layout["geo"]
        self.route_ids = [r.id for r in self.map.routes]
        self.route_index = {rid: i for i, rid in enumerate(self.route_ids)}
        # --- routes: one row per route (the click target and hover text)
        rings = [self._ring(geo[r.id]["cars"]) for r in self.map.routes]
        self.routes_src = ColumnDataSource(dict(
            id=self.route_ids,
            xs=[geo[r.id]["xs"] for r in self.map.routes],
            ys=[geo[r.id]["ys"] for r in self.map.routes],
            length=[r.length for r in self.map.routes],
            # the colour, owner and payment as the browser's code reads them ("gray", "free"), and
            # as the tooltip shows them, in the board's language (the "_shown" columns)
            color=[r.color for r in self.map.routes],
            owner=["free"] * len(self.route_ids),
            paid=[""] * len(self.route_ids),
            color_shown=[self._colour_word(r.color) for r in self.map.routes],
            owner_shown=[self._owner_word("free")] * len(self.route_ids),
            paid_shown=[""] * len(self.route_ids),
            # per route, what the viewing player could pay for it now (button labels; empty: cannot
            # claim it now) and the heading of the claim dialog: the browser shows the payment
            # choice from these at once, without asking the server
            pay=[[] for _ in self.route_ids],
            title=[""] * len(self.route_ids),
            # the outline drawn round a route while it is being claimed (see set_pending)
            rxs=[ring[0] for ring in rings],
            rys=[ring[1] for ring in rings],
        ), name="routes")
        # --- cars: one row per train car
        cols = ("x0", "y0", "x1", "y1", "xm", "ym", "len", "angle", "tangle", "sx", "sy", "tx", "ty", "fill",
                "line", "lw", "alpha", "sfill", "salpha", "hatch", "hcolor", "label", "tcolor", "route")
        car_cols: dict[str, list] = {c: [] for c in cols}
        self._car_rows: dict[str, list[int]] = {}
        t, sw = self.car_thickness, self._stripe_w
        for r in self.map.routes:
            rows = []
            cars = geo[r.id]["cars"]
            for j, (x0, y0, x1, y1) in enumerate(cars):
                rows.append(len(car_cols["x0"]))
                ang = math.atan2(y1 - y0, x1 - x0)
                nx_, ny_ = -math.sin(ang), math.cos(ang)
                xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
                so = (t - sw) / 2  # the stripe lies along one long side of the car
                row = dict(x0=x0, y0=y0, x1=x1, y1=y1, xm=xm, ym=ym, len=math.hypot(x1 - x0, y1 - y0),
                           angle=ang, tangle=_upright(ang), sx=xm + nx_ * so, sy=ym + ny_ * so,
                           tx=xm - nx_ * sw / 2, ty=ym - ny_ * sw / 2, route=r.id)
                row.update(self._free_style(r, j, len(cars)))
                for k, v in row.items():
                    car_cols[k].append(v)
            self._car_rows[r.id] = rows
        self.cars_src = ColumnDataSource(car_cols, name="cars")
        # colour-blind patterns on a glyph of their own, fed only the cars that carry one: a hatch
        # on the car bodies made BokehJS build a pattern for every car at each claim, even blank
        self.patterns_src = ColumnDataSource(self._car_patterns(), name="car_patterns")
        # the letters on cars (initials, colour letters) in a source of their own, holding only the
        # cars that carry one: BokehJS lays out every text of a source again when it changes
        self.car_text_src = ColumnDataSource(self._car_texts(), name="car_texts")
        labels = self.layout["labels"]
        self.cities_src = ColumnDataSource(dict(
            name=list(self.map.cities),
            label=[labels[c][5] for c in self.map.cities],
            x=[c.x for c in self.map.cities.values()],
            y=[c.y for c in self.map.cities.values()],
            dx=[labels[c][0] for c in self.map.cities],
            dy=[-labels[c][1] for c in self.map.cities],  # screen offsets point down
            # the offsets as laid out (a narrow board draws names smaller, dx and dy with them)
            dx0=[labels[c][0] for c in self.map.cities],
            dy0=[-labels[c][1] for c in self.map.cities],
            align=[labels[c][2] for c in self.map.cities],
            baseline=[labels[c][3] for c in self.map.cities],
            # the box each name was given room for (data units), for checks in the browser
            bx0=[labels[c][4][0] for c in self.map.cities], by0=[labels[c][4][1] for c in self.map.cities],
            bx1=[labels[c][4][2] for c in self.map.cities], by1=[labels[c][4][3] for c in self.map.cities],
        ), name="cities")
        # a thin leader line from a dot to its name when the name had to sit further away
        lead: dict[str, list] = dict(xs=[], ys=[])
        for c, (_, _, _, _, box, _) in labels.items():
            x, y = self.map.cities[c].x, self.map.cities[c].y
            nx_, ny_ = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
            d = math.hypot(nx_ - x, ny_ - y)
            if d > LEADER_PX * self.upp:
                f = (CITY_PX * self.k / 2) * self.upp / d
                lead["xs"].append([x + (nx_ - x) * f, nx_])
                lead["ys"].append([y + (ny_ - y) * f, ny_])
        self.leaders_src = ColumnDataSource(lead, name="leaders")
        self.highlight_src = ColumnDataSource(dict(xs=[], ys=[], color=[], width=[], label=[]), name="highlight")
        self.pending_src = ColumnDataSource(dict(xs=[], ys=[]), name="pending")
        # the cars of a claim the viewing seat has just paid for, drawn by the browser at once in
        # the seat's colour (js_on_pay): the server's answer, a round trip later, claims the route
        # on the board itself and clears this (clear_claiming)
        self.claiming_src = ColumnDataSource({c: [] for c in _CLAIMING_COLUMNS}, name="claiming")
        self.last_src = ColumnDataSource(dict(xs=[], ys=[], id=[]), name="last_move")
        self.afford_src = ColumnDataSource(dict(xs=[], ys=[], id=[]), name="affordable")
        self.tickets_src = ColumnDataSource(dict(x=[], y=[], city=[], color=[], what=[]), name="ticket_cities")
        self._lines = [(g["xs"], g["ys"]) for g in (geo[r.id] for r in self.map.routes)]
        self.figure = self._make_figure(width, height)
        # One click mechanism only (click events, no selection; see the notes on JupyterLab):
        # the route nearest the click wins, so a click near a city never picks a neighbour.
        for event in CLICK_EVENTS:
            self.figure.on_event(event, self._on_tap)
        # at most ``width`` wide, narrower on a narrower screen (a phone), always at the map's
        # aspect ratio (squeezed, it would stretch the map and cut names off)
        self.figure.update(sizing_mode="scale_width", max_width=width, aspect_ratio=width / height)
        self._pane = pn.pane.Bokeh(self.figure, sizing_mode="scale_width", aspect_ratio=width / height,
                                   max_width=width)

    # ------------------------------------------------------------ drawing
    def _free_style(self, route, j: int, n: int) -> dict:
        """Column values of car ``j`` (of ``n``) of a free ``route``."""
        key = card_key(route.color)
        letter = ""
        if self.colour_blind and j == (n - 1) // 2:  # the colour's letter on the middle car
            letter = CARD_LETTER.get(key, "")
        return dict(fill=card_hex(key), line=OUTLINE, lw=1.5, alpha=1.0, sfill=card_hex(key), salpha=0.0,
                    hatch=CARD_HATCH.get(key, " ") if self.colour_blind else " ",
                    hcolor=CARD_TEXT.get(key, "#000000"), label=letter, tcolor=CARD_TEXT.get(key, "#000000"))

    def _car_patterns(self) -> dict[str, list]:
        """The rows of the cars that carry a colour-blind pattern (none when the mode is off)."""
        c = self.cars_src.data
        keep = [i for i, h in enumerate(c["hatch"]) if h != " "]
        return {k: [c[k][i] for i in keep] for k in ("xm", "ym", "len", "angle", "hatch", "hcolor", "alpha")}

    def _car_texts(self) -> dict[str, list]:
        c = self.cars_src.data if hasattr(self, "cars_src") else None
        out: dict[str, list] = dict(x=[], y=[], angle=[], text=[], color=[], alpha=[])
        if c is None:
            return out
        for i, t in enumerate(c["label"]):
            if t:
                out["x"].append(c["tx"][i]); out["y"].append(c["ty"][i]); out["angle"].append(c["tangle"][i])
                out["text"].append(t); out["color"].append(c["tcolor"][i]); out["alpha"].append(c["alpha"][i])
        return out

    def _make_figure(self, width: int, height: int):
        lay = self.layout
        fig = figure(width=width, height=height, name="board", x_range=lay["x_range"], y_range=lay["y_range"],
                     tools="pan,wheel_zoom,reset", toolbar_location="above", title=self.map.title,
                     min_border=BORDER_PX)
        fig.toolbar.autohide = True
        fig.toolbar.logo = None
        fig.axis.visible = False
        fig.grid.visible = False
        fig.background_fill_color = "#f4efe1"
        fig.border_fill_color = "#ffffff"
        fig.outline_line_color = None
        k = self.k
        car = CAR_PX * k
        fig.multi_line("xs", "ys", source=self.highlight_src, line_color="color", line_width="width",
                       line_alpha=0.6, line_cap="round", name="highlight_bands")
        fig.multi_line("xs", "ys", source=self.afford_src, line_color=AFFORD_HEX, line_width=car + 12,
                       line_alpha=0.55, line_cap="round", name="affordable_glow")
        # the last claim: a wide yellow glow (seen at a glance from across the room) framed dashed
        fig.multi_line("xs", "ys", source=self.last_src, line_color=LAST_GLOW_HEX, line_width=car + 20,
                       line_alpha=0.9, line_cap="round", name="last_move_glow")
        fig.multi_line("xs", "ys", source=self.last_src, line_color=LAST_HEX, line_width=car + 9,
                       line_dash=[6, 4], line_alpha=0.95, name="last_move_frame")
        fig.rect("xm", "ym", width="len", height=self.car_thickness, angle="angle", source=self.cars_src,
                 fill_color="fill", fill_alpha="alpha", line_color="line", line_width="lw", line_alpha="alpha",
                 name="car_bodies")
        # the colour-blind patterns over the bodies (their source is empty unless the mode is on:
        # switching it changes the data, set_colour_blind; the figure is never made again)
        fig.rect("xm", "ym", width="len", height=self.car_thickness, angle="angle", source=self.patterns_src,
                 fill_alpha=0.0, line_color=None, hatch_pattern="hatch", hatch_color="hcolor",
                 hatch_alpha=0.55, hatch_scale=6, hatch_weight=1.2, name="car_pattern_marks")
        fig.rect("sx", "sy", width="len", height=self._stripe_w, angle="angle", source=self.cars_src,
                 fill_color="sfill", fill_alpha="salpha", line_color=None, name="car_stripes")
        # a claim drawn in the browser at the payment (js_on_pay), under the cars' letters
        fig.rect("xm", "ym", width="len", height=self.car_thickness, angle="angle", source=self.claiming_src,
                 fill_color="fill", line_color="#000000", line_width=2.5, name="claiming_bodies")
        fig.rect("sx", "sy", width="len", height=self._stripe_w, angle="angle", source=self.claiming_src,
                 fill_color="sfill", fill_alpha="salpha", line_color=None, name="claiming_stripes")
        fig.text("x", "y", text="text", angle="angle", source=self.car_text_src, text_color="color",
                 text_alpha="alpha", text_font_size=f"{7.5 * k:.2f}pt", text_font_style="bold", text_align="center",
                 text_baseline="middle", name="car_labels")
        hit = fig.multi_line("xs", "ys", source=self.routes_src, line_width=car + 4, line_alpha=0.0,
                             name="route_hit")
        hit.selection_glyph = None
        hit.nonselection_glyph = None
        rings = fig.scatter("x", "y", source=self.tickets_src, size=CITY_PX * k + 13, fill_alpha=0.0,
                            line_color="color", line_width=3.5, name="ticket_rings")
        fig.multi_line("xs", "ys", source=self.leaders_src, line_color="#222222", line_width=1.6, name="leader_lines")
        fig.scatter("x", "y", source=self.cities_src, size=CITY_PX * k, fill_color="#c62828", line_color="#ffffff",
                    line_width=2, name="city_dots")
        labels_glyph = fig.text("x", "y", text="label", source=self.cities_src, text_font_size=f"{LABEL_PX * k:.2f}px", text_line_height=1.2, x_offset="dx",
                 y_offset="dy", text_align="align", text_baseline="baseline", text_color="#1a1a1a",
                 text_font_style="bold", background_fill_color="#ffffff", background_fill_alpha=0.7,
                 name="city_labels")
        # the route being claimed: a dark-edged amber outline round its cars, on the canvas's
        # overlay layer, so that showing it repaints only that layer (not the whole board: the
        # payment choice shows twice as fast)
        for name, colour, width in (("pending_edge", "#1a1a1a", 7), ("pending_glow", "#ffc107", 4)):
            fig.multi_line("xs", "ys", source=self.pending_src, line_color=colour, line_width=width,
                           line_join="round", name=name, level="overlay")
        # the tooltip points at the spot of the track under the mouse ("interp"); the default
        # ("nearest") pins it to the track's nearer end, so it was drawn over the mouse
        self.route_hover = HoverTool(renderers=[hit], line_policy="interp", tooltips=self._route_tooltips())
        self.city_hover = HoverTool(renderers=[rings], tooltips=self._city_tooltips())
        fig.add_tools(self.route_hover, self.city_hover)
        self.hit_renderer = hit
        # narrower than drawn for (a phone), the names keep their size in pixels: widen the view
        # round its middle until each name's box fits again (the layout's loop, in the browser)
        x0, x1 = lay["x_range"]
        y0, y1 = lay["y_range"]
        fig.js_on_change("inner_width", CustomJS(args=dict(
            fig=fig, src=self.cities_src, glyph=labels_glyph.glyph, upp0=lay["upp"], x0=x0, x1=x1, y0=y0, y1=y1,
            w0=frame_size(width, height)[0], label_px=LABEL_PX * k, min_px=MIN_LABEL_PX), code=_ROOM_FOR_NAMES_JS))
        return fig

    def __panel__(self):
        return self._pane

    def label_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each city name's box (x0, y0, x1, y1) in data units, as placed on the board."""
        return {c: v[4] for c, v in self.layout["labels"].items()}

    # ------------------------------------------------------------ sending changes
    def _in_notebook(self) -> bool:
        doc = self.figure.document
        return doc is not None and doc.session_context is None and bool(self._pane._models)

    def push(self, *others) -> None:
        """Send the changes made so far to a notebook page now (with ``others``: other panes
        of the same page, e.g. a dialog of plain Bokeh models). Nothing to do when the board
        is served or not shown; a push with nothing pending sends nothing."""
        if self._hold_depth:
            self._dirty = True
            return
        if others or self._in_notebook():
            pn.io.push_notebook(self._pane, *others)  # served: no comm, nothing is sent

    @contextmanager
    def hold(self):
        """Collect the board's changes and send them in one message when the block ends."""
        self._hold_depth += 1
        try:
            yield self
        finally:
            self._hold_depth -= 1
            if not self._hold_depth and getattr(self, "_dirty", False):
                self._dirty = False
                self.push()

    def _changed(self) -> None:
        if self._hold_depth:
            self._dirty = True
        else:
            self.push()

    # ------------------------------------------------------------ clicks
    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(route_id)`` whenever a route is clicked."""
        self._callbacks.append(callback)

    def js_on_route_click(self, code: str, **args) -> None:
        """Run JavaScript ``code`` in the browser whenever a route is clicked.

        It runs at once, before the server hears of the click (the server's click
        callbacks still run, after it). ``code`` sees ``i`` (the route's row),
        ``rid`` (its id), ``src`` (the routes data source, with the ``pay`` and
        ``title`` columns), ``pending`` (the data source of the outline round the route being claimed) and ``args``
        (Bokeh models). The route is picked by the same rule as :meth:`route_at`.
        """
        cb = CustomJS(args=dict(src=self.routes_src, pending=self.pending_src, tolerance_px=TOLERANCE_PX, **args),
                      code=_ROUTE_AT_JS + code)
        for event in CLICK_EVENTS:
            self.figure.js_on_event(event.event_name, cb)

    def _on_tap(self, event) -> None:
        rid = self.route_at(event.x, event.y)
        if rid is not None:
            self.click(rid)

    def tap(self, route_id: str, frac: float = 0.5) -> None:
        """Send the figure a Tap event on ``route_id``'s track (``frac`` of the way along),
        exactly as a click in the browser would (for tests and demos)."""
        xs, ys = self._lines[self.route_index[route_id]]
        self.figure._trigger_event(Tap(self.figure, x=xs[0] + frac * (xs[1] - xs[0]),
                                       y=ys[0] + frac * (ys[1] - ys[0])))

    def route_at(self, x: float, y: float, tolerance_px: float = TOLERANCE_PX) -> str | None:
        """The route whose track passes nearest to data point ``(x, y)``, if within
        ``tolerance_px`` screen pixels (at the figure's current zoom), else None.

        The browser runs the same rule, with the same arithmetic (see :meth:`js_on_route_click`).
        """
        fig = self.figure
        w, h = _inner_size(fig)
        sx = (fig.x_range.end - fig.x_range.start) / max(w, 1)
        sy = (fig.y_range.end - fig.y_range.start) / max(h, 1)
        best = None
        for i, (xs, ys) in enumerate(self._lines):
            px, py = (x - xs[0]) / sx, (y - ys[0]) / sy
            dx, dy = (xs[1] - xs[0]) / sx, (ys[1] - ys[0]) / sy
            norm = dx * dx + dy * dy or 1.0
            t = min(1.0, max(0.0, (px * dx + py * dy) / norm))
            ex, ey = px - t * dx, py - t * dy
            d = math.sqrt(ex * ex + ey * ey)  # not hypot: bit for bit the browser's Math.sqrt
            if d <= tolerance_px and (best is None or d < best[0]):
                best = (d, i)
        return None if best is None else self.route_ids[best[1]]

    def click(self, route_id: str) -> None:
        """Act as if ``route_id`` was clicked (used by the tap callback and tests)."""
        if route_id not in self.route_index:
            raise KeyError(f"{route_id!r} is not a route of {self.map.name}")
        self.last_clicked = route_id
        for cb in list(self._callbacks):
            cb(route_id)

    # ------------------------------------------------------------ state
    def owner(self, route_id: str) -> int | None:
        """Seat owning ``route_id`` as the board shows it (None if free)."""
        return self._owners[route_id]

    def _word(self, text: str) -> str:
        """A tooltip's field name (a message id) in the board's language."""
        return translate(text, self.lang)

    def _route_tooltips(self) -> list[tuple[str, str]]:
        """A route's hover text: its fields named, and shown, in the board's language."""
        return [(self._word(word("route")), "@id"), (self._word(word("length")), "@length"),
                (self._word(word("colour")), "@color_shown"), (self._word(word("owner")), "@owner_shown"),
                (self._word(word("paid")), "@paid_shown")]

    def _city_tooltips(self) -> list[tuple[str, str]]:
        return [(self._word(word("ticket city")), "@city"), ("", "@what")]

    def _colour_word(self, colour: str) -> str:
        """A route's or a payment's colour in the board's language ("" stays "")."""
        if not colour:
            return ""
        return render(Message("gray") if colour == "gray" else COLOUR_WORDS.get(colour, colour), self.lang)

    def _owner_word(self, owner: str) -> str:
        """The owner column's value as the tooltip shows it: a seat's name as it is, "free" and
        "closed" in the board's language."""
        said = {"free": Message("free"), "closed": Message("closed")}.get(owner)
        return owner if said is None else said.render(self.lang)

    def set_language(self, lang: str | None) -> None:
        """Show the tooltips in ``lang`` from now on (their field names and the shown columns)."""
        if lang == self.lang:
            return
        self.lang = lang
        data = self.routes_src.data
        self.routes_src.patch({
            "color_shown": [(i, self._colour_word(c)) for i, c in enumerate(data["color"])],
            "owner_shown": [(i, self._owner_word(o)) for i, o in enumerate(data["owner"])],
            "paid_shown": [(i, self._colour_word(c)) for i, c in enumerate(data["paid"])]})
        self.route_hover.tooltips = self._route_tooltips()
        self.city_hover.tooltips = self._city_tooltips()
        self._changed()

    def _seat_label(self, seat: int | None) -> str:
        if seat is None:
            return "free"
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat + 1}"

    def _initial(self, seat: int) -> str:
        return self._initials[seat] if seat < len(self._initials) else str(seat + 1)

    def set_state(self, owners: Mapping[str, int], closed: Iterable[str] = (),
                  pay: Mapping[str, list[str]] | None = None, paid: Mapping[str, str] | None = None) -> int:
        """Show ``owners`` (route id -> seat) and ``closed`` routes; patch only what changed.

        A claimed route's cars turn the owner's colour, with a dark outline and the
        owner's initial on each car, and keep a stripe of the track's colour; for a
        gray route the stripe shows the colour paid, from ``paid`` (route id -> card
        colour, e.g. :func:`paid_colours` of the game's log; None keeps what was
        given before). ``pay`` (route id -> payment labels; routes left out get none)
        replaces the ``pay`` column in the same patch message; None leaves it as it is.
        Returns the number of routes whose owner or state changed.
        """
        closed = set(closed)
        if paid is not None:
            self._paid = {rid: c for rid, c in paid.items() if rid in self.route_index}
        car_patch: dict[str, list] = {k: [] for k in ("fill", "line", "lw", "alpha", "sfill", "salpha", "hatch",
                                                       "label", "tcolor")}
        route_patch: list = []
        paid_patch: list = []
        changed = 0
        for rid in self.route_ids:
            new = owners.get(rid)
            is_closed = rid in closed and new is None
            route = self.map.route_by_id[rid]
            stripe = ""
            if new is not None:
                stripe = self._paid.get(rid, "") if route.color == "gray" else route.color
            if (new == self._owners[rid] and is_closed == (rid in self._closed)
                    and stripe == self._stripe.get(rid, "")):
                continue
            changed += 1
            self._owners[rid] = new
            self._stripe[rid] = stripe
            if is_closed:
                self._closed.add(rid)
            else:
                self._closed.discard(rid)
            rows = self._car_rows[rid]
            for j, row in enumerate(rows):
                if new is None:
                    style = self._free_style(route, j, len(rows))
                else:
                    body = player_hex(new)
                    style = dict(fill=body, line="#000000", lw=2.5, alpha=1.0,
                                 sfill=card_hex(stripe or route.color), salpha=1.0 if stripe else 0.0,
                                 hatch=" ", label=self._initial(new), tcolor=text_on(body))
                if is_closed:
                    style["alpha"] = 0.25
                for k in car_patch:
                    car_patch[k].append((row, style[k]))
            label = "closed" if is_closed else self._seat_label(new)
            route_patch.append((self.route_index[rid], label))
            shown = self._paid.get(rid, route.color if route.color != "gray" else "") if new is not None else ""
            paid_patch.append((self.route_index[rid], shown))
        patch: dict[str, list] = {}
        if route_patch:
            patch = {"owner": route_patch, "paid": paid_patch,
                     "owner_shown": [(i, self._owner_word(o)) for i, o in route_patch],
                     "paid_shown": [(i, self._colour_word(c)) for i, c in paid_patch]}
        if pay is not None:
            pay_patch = self._column_patch("pay", {rid: list(v) for rid, v in pay.items()}, [])
            if pay_patch:
                patch["pay"] = pay_patch
        if changed:
            self.cars_src.patch(car_patch)
            texts = self._car_texts()
            if texts != dict(self.car_text_src.data):
                self.car_text_src.data = texts
            self._update_patterns()
        if patch:
            self.routes_src.patch(patch)  # one message: owners and payments change together
        if changed or patch:
            self._changed()
        return changed

    def set_colour_blind(self, on: bool) -> int:
        """Patterns and letters on every free route's colour, or not: the free cars are patched in
        place (the page keeps its figure). Returns the number of cars changed."""
        on = bool(on)
        if on == self.colour_blind:
            return 0
        self.colour_blind = on
        patch: dict[str, list] = {k: [] for k in ("hatch", "label", "tcolor")}
        for rid in self.route_ids:
            if self._owners[rid] is not None:
                continue
            route = self.map.route_by_id[rid]
            rows = self._car_rows[rid]
            for j, row in enumerate(rows):
                style = self._free_style(route, j, len(rows))
                for k in patch:
                    patch[k].append((row, style[k]))
        if patch["hatch"]:
            self.cars_src.patch(patch)
            self.car_text_src.data = self._car_texts()
            self._update_patterns()
            self._changed()
        return len(patch["hatch"])

    def _update_patterns(self) -> None:
        patterns = self._car_patterns()
        if patterns != dict(self.patterns_src.data):
            self.patterns_src.data = patterns

    def _column_patch(self, column: str, values: Mapping[str, object], default: object) -> list:
        """``(row, value)`` for each route whose ``column`` in the routes data source is not
        already ``values[route id]`` (``default`` for routes left out); a list cell equals
        the same items as a tuple."""
        old = self.routes_src.data[column]
        out = []
        for i, rid in enumerate(self.route_ids):
            new = values.get(rid, default)
            cur = old[i]
            if (list(cur) if isinstance(cur, tuple) else cur) != new:
                out.append((i, new))
        return out

    def payments(self, route_id: str) -> list[str]:
        """The payment labels the browser would show for ``route_id`` (empty: none)."""
        return list(self.routes_src.data["pay"][self.route_index[route_id]])

    def set_titles(self, titles: Mapping[str, str]) -> None:
        """Set the ``title`` column (route id -> heading of the claim dialog); patch only what changed."""
        patch = self._column_patch("title", titles, "")
        if patch:
            self.routes_src.patch({"title": patch})
            self._changed()

    def _track(self, route_id: str) -> tuple[list, list]:
        i = self.route_index[route_id]
        return self.routes_src.data["xs"][i], self.routes_src.data["ys"][i]

    def _ring(self, cars) -> tuple[list[float], list[float]]:
        """The outline round a route's cars (a closed path, data units): a few pixels clear of
        them on every side."""
        (x0, y0, _, _), (_, _, x1, y1) = cars[0], cars[-1]
        ang = math.atan2(y1 - y0, x1 - x0)
        ux, uy = math.cos(ang), math.sin(ang)
        pad = 4 * self.upp
        a, b = pad, self.car_thickness / 2 + pad  # along and across the track
        x0, y0, x1, y1 = x0 - ux * a, y0 - uy * a, x1 + ux * a, y1 + uy * a
        nx_, ny_ = -uy * b, ux * b
        xs = [x0 + nx_, x1 + nx_, x1 - nx_, x0 - nx_, x0 + nx_]
        ys = [y0 + ny_, y1 + ny_, y1 - ny_, y0 - ny_, y0 + ny_]
        return xs, ys

    def set_pending(self, route_id: str | None) -> None:
        """Outline the route being claimed (None to clear)."""
        if route_id is None:
            if not self.pending_src.data["xs"]:
                return
            self.pending_src.data = dict(xs=[], ys=[])
        else:
            i = self.route_index[route_id]
            d = self.routes_src.data
            self.pending_src.data = dict(xs=[d["rxs"][i]], ys=[d["rys"][i]])
        self._changed()

    def js_on_pay(self, choice, seat: int) -> None:
        """Draw a claim in the browser the moment a payment of ``choice`` (the claim dialog's
        button group, its labels :func:`~railkit.viz.ticket_to_ride.view.pay_text`) is pressed:
        the route's cars in ``seat``'s colour with the stripe of the colour paid, as the server's
        answer draws them a round trip later (which adds the owner's initial on each car). Needs
        the route clicked last (``js_on_route_click`` code sets ``choice._rk_route``)."""
        body = player_hex(seat)
        choice.js_property_callbacks = {k: v for k, v in choice.js_property_callbacks.items() if k != "change:active"}
        choice.js_on_change("active", CustomJS(
            args=dict(src=self.routes_src, cars=self.cars_src, claiming=self.claiming_src, pending=self.pending_src,
                      hexes={c: card_hex(c) for c in CARD_HEX},
                      fill=body),
            code=_CLAIM_JS))

    def clear_claiming(self) -> None:
        """Remove the claim the browser drew at the payment (the board now shows the server's)."""
        if self.claiming_src.data["xm"]:
            self.claiming_src.data = {c: [] for c in _CLAIMING_COLUMNS}
            self._changed()

    def mark_last(self, route_id: str | None) -> None:
        """Frame ``route_id`` (the last move's claim) in a dashed black outline; None clears it."""
        if route_id == self._last:
            return
        self._last = route_id
        if route_id is None:
            self.last_src.data = dict(xs=[], ys=[], id=[])
        else:
            xs, ys = self._track(route_id)
            self.last_src.data = dict(xs=[xs], ys=[ys], id=[route_id])
        self._changed()

    @property
    def last_marked(self) -> str | None:
        """The route framed by :meth:`mark_last` (None: none)."""
        return self._last

    def show_affordable(self, route_ids: Iterable[str] | None) -> None:
        """A green glow under each of ``route_ids`` (the routes the player can pay for now,
        e.g. :func:`affordable_routes`); None or empty clears it."""
        ids = [r for r in (route_ids or ()) if r in self.route_index]
        if ids == self.afford_src.data["id"]:
            return
        tracks = [self._track(r) for r in ids]
        self.afford_src.data = dict(xs=[t[0] for t in tracks], ys=[t[1] for t in tracks], id=ids)
        self._changed()

    def show_tickets(self, tickets: Iterable[Mapping] | None = (), offered: Iterable[Mapping] = ()) -> None:
        """Rings round the cities of ``tickets`` (dicts with ``a``, ``b``, ``points`` and
        ``done``: red while open, green once done) and of ``offered`` tickets (orange,
        while choosing which to keep); empty clears them."""
        data: dict[str, list] = dict(x=[], y=[], city=[], color=[], what=[])
        seen: dict[str, int] = {}
        groups = [(t, TICKET_DONE_HEX if t.get("done") else TICKET_OPEN_HEX, "mine")
                  for t in (tickets or ())] + [(t, TICKET_OFFER_HEX, "offered") for t in offered]
        for t, colour, what in groups:
            a, b, points = t["a"], t["b"], t.get("points", "?")
            said = (Message("offered ticket: {a} – {b} ({points})", a=a, b=b, points=points) if what == "offered"
                    else Message("your ticket: {a} – {b} ({points}), done", a=a, b=b, points=points)
                    if t.get("done") else Message("your ticket: {a} – {b} ({points})", a=a, b=b, points=points))
            text = said.render(self.lang)
            for city in (t["a"], t["b"]):
                if city not in self.map.cities:
                    continue
                if city in seen:  # one ring per city; an open ticket outranks a done one
                    k = seen[city]
                    data["what"][k] += "; " + text
                    if data["color"][k] == TICKET_DONE_HEX:
                        data["color"][k] = colour
                    continue
                seen[city] = len(data["x"])
                c = self.map.cities[city]
                data["x"].append(c.x); data["y"].append(c.y); data["city"].append(city)
                data["color"].append(colour); data["what"].append(text)
        if data == dict(self.tickets_src.data):
            return
        self.tickets_src.data = data
        self._changed()

    def highlight(self, groups: Iterable[tuple[Iterable[str], str, float, str]]) -> None:
        """Draw translucent bands under routes: ``(route_ids, colour, width_px, label)`` groups.

        Each band reaches 1.5 x ``width_px`` pixels beyond the cars in all (half on each side),
        so even a thin band shows round the cars; later groups are drawn on top.
        """
        data: dict[str, list] = dict(xs=[], ys=[], color=[], width=[], label=[])
        for rids, colour, width, label in groups:
            for rid in rids:
                xs, ys = self._track(rid)
                data["xs"].append(xs)
                data["ys"].append(ys)
                data["color"].append(colour)
                data["width"].append(self.car_thickness / self.upp + 1.5 * width)
                data["label"].append(label)
        self.highlight_src.data = data
        self._changed()

    def clear_highlight(self) -> None:
        """Remove every band drawn by :meth:`highlight`."""
        if not self.highlight_src.data["xs"]:
            return
        self.highlight_src.data = dict(xs=[], ys=[], color=[], width=[], label=[])
        self._changed()

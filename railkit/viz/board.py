"""The Ticket to Ride board: a Bokeh figure of a :class:`railkit.maps.Map`.

Routes are drawn as a row of train cars (one segment per car) in the route's
colour; the tracks of a double route lie side by side (perpendicular offsets);
claimed routes turn the owner's colour and get a white dot per car. Clicking a
route (anywhere on its track) calls the board's click callbacks with the route
id; :meth:`Board.js_on_route_click` also runs JavaScript in the browser at once,
before the server hears of the click. Updates patch only the changed rows of the
data sources (``cds.patch``), so a move never re-renders the figure.

>>> from railkit.maps import load
>>> b = Board(load("teaching-small"))
>>> b.click("Mill-Fort"); b.last_clicked
'Mill-Fort'
>>> _ = b.set_state({"Mill-Fort": 1}); b.owner("Mill-Fort")
1
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Mapping

import panel as pn
import param
from bokeh.events import DoubleTap, Press, Tap
from bokeh.models import ColumnDataSource, CustomJS, HoverTool
from bokeh.plotting import figure

from railkit.maps import Map, load
from railkit.viz.style import card_hex, player_hex


def route_geometry(m: Map, *, spacing: float | None = None, margin: float | None = None,
                   gap: float = 0.12) -> dict[str, dict]:
    """Screen geometry of every route of ``m``: the track's centre line and its cars.

    Returns ``{route_id: {"xs": [x0, x1], "ys": [y0, y1], "cars": [(x0, y0, x1, y1), ...]}}``.
    The tracks of a double route are offset perpendicular to the line between
    the two cities, so they lie side by side and can be clicked separately.

    Examples
    --------
    >>> from railkit.maps import load
    >>> g = route_geometry(load("teaching-small"))
    >>> len(g["Mill-Fort"]["cars"]), len(g["Fort-Summit"]["cars"])
    (2, 3)
    >>> g["Harbor-Mill/1"]["xs"] != g["Harbor-Mill/2"]["xs"]
    True
    """
    xs = [c.x for c in m.cities.values()]
    ys = [c.y for c in m.cities.values()]
    diag = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    spacing = diag * 0.011 if spacing is None else spacing
    margin = diag * 0.013 if margin is None else margin
    out: dict[str, dict] = {}
    for pair, tracks in m.routes_by_pair.items():
        (ax, ay), (bx, by) = m.position(pair[0]), m.position(pair[1])
        dx, dy = bx - ax, by - ay
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        nx_, ny_ = -uy, ux
        k = len(tracks)
        for i, r in enumerate(sorted(tracks, key=lambda r: r.id)):
            off = (i - (k - 1) / 2) * spacing
            sx, sy = ax + ux * margin + nx_ * off, ay + uy * margin + ny_ * off
            ex, ey = bx - ux * margin + nx_ * off, by - uy * margin + ny_ * off
            usable = max(dist - 2 * margin, dist * 0.2)
            step = usable / r.length
            cars = []
            for j in range(r.length):
                c0 = step * (j + gap / 2)
                c1 = step * (j + 1 - gap / 2)
                cars.append((sx + ux * c0, sy + uy * c0, sx + ux * c1, sy + uy * c1))
            out[r.id] = {"xs": [sx, ex], "ys": [sy, ey], "cars": cars}
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
const w = inner("inner_width", fig.width - 40), h = inner("inner_height", fig.height - 40);
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
"""


def _inner_size(fig) -> tuple[float, float]:
    """The plot area in pixels as the browser reports it (an estimate before the first render)."""
    try:
        w, h = fig.inner_width, fig.inner_height
    except Exception:  # UnsetValueError: not rendered yet
        w = h = None
    return (w or fig.width - 40, h or fig.height - 40)


class Board(pn.viewable.Viewer):
    """A clickable map of routes and cities.

    Parameters
    ----------
    map : Map or str
        The map (or its name).
    width, height : int
        Size of the figure in pixels (the aspect ratio of the map is kept).
    """

    last_clicked = param.String(default=None, allow_None=True, doc="Id of the last route clicked.")

    def __init__(self, map: Map | str = "usa", *, width: int = 900, height: int = 560,
                 seat_names: list[str] | None = None, **params):
        super().__init__(**params)
        self.map = load(map) if isinstance(map, str) else map
        self.seat_names = seat_names or []
        self._callbacks: list[Callable[[str], None]] = []
        self._owners: dict[str, int | None] = {r.id: None for r in self.map.routes}
        self._closed: set[str] = set()
        geo = route_geometry(self.map)
        self.route_ids = [r.id for r in self.map.routes]
        self.route_index = {rid: i for i, rid in enumerate(self.route_ids)}
        # --- routes: one row per route (the click target and hover text)
        self.routes_src = ColumnDataSource(dict(
            id=self.route_ids,
            xs=[geo[r.id]["xs"] for r in self.map.routes],
            ys=[geo[r.id]["ys"] for r in self.map.routes],
            length=[r.length for r in self.map.routes],
            color=[r.color for r in self.map.routes],
            owner=["free"] * len(self.route_ids),
            # per route, what the viewing player could pay for it now (button labels; empty: cannot
            # claim it now) and the heading of the claim dialog: the browser shows the payment
            # choice from these at once, without asking the server
            pay=[[] for _ in self.route_ids],
            title=[""] * len(self.route_ids),
        ), name="routes")
        # --- cars: one row per train car
        car_cols: dict[str, list] = dict(x0=[], y0=[], x1=[], y1=[], xm=[], ym=[], fill=[], line=[],
                                         dot=[], alpha=[], route=[])
        self._car_rows: dict[str, list[int]] = {}
        for r in self.map.routes:
            rows = []
            for (x0, y0, x1, y1) in geo[r.id]["cars"]:
                rows.append(len(car_cols["x0"]))
                car_cols["x0"].append(x0); car_cols["y0"].append(y0)
                car_cols["x1"].append(x1); car_cols["y1"].append(y1)
                car_cols["xm"].append((x0 + x1) / 2); car_cols["ym"].append((y0 + y1) / 2)
                car_cols["fill"].append(card_hex(r.color)); car_cols["line"].append("#333333")
                car_cols["dot"].append(0.0); car_cols["alpha"].append(1.0); car_cols["route"].append(r.id)
            self._car_rows[r.id] = rows
        self.cars_src = ColumnDataSource(car_cols, name="cars")
        self.cities_src = ColumnDataSource(dict(
            name=list(self.map.cities),
            x=[c.x for c in self.map.cities.values()],
            y=[c.y for c in self.map.cities.values()],
        ), name="cities")
        self.highlight_src = ColumnDataSource(dict(xs=[], ys=[], color=[], width=[], label=[]), name="highlight")
        self.pending_src = ColumnDataSource(dict(xs=[], ys=[]), name="pending")
        self._lines = [(g["xs"], g["ys"]) for g in (geo[r.id] for r in self.map.routes)]
        self.figure = self._make_figure(width, height)
        # One click mechanism only (click events, no selection; see the notes on JupyterLab):
        # the route nearest the click wins, so a click near a city never picks a neighbour.
        for event in CLICK_EVENTS:
            self.figure.on_event(event, self._on_tap)
        self._pane = pn.pane.Bokeh(self.figure, sizing_mode="fixed")

    # ------------------------------------------------------------ drawing
    def _make_figure(self, width: int, height: int):
        xs, ys = self.cities_src.data["x"], self.cities_src.data["y"]
        padx = (max(xs) - min(xs)) * 0.06 or 1
        pady = (max(ys) - min(ys)) * 0.08 or 1
        fig = figure(width=width, height=height, match_aspect=True, name="board",
                     x_range=(min(xs) - padx, max(xs) + padx), y_range=(min(ys) - pady, max(ys) + pady),
                     tools="pan,wheel_zoom,reset", toolbar_location="right", title=self.map.title)
        fig.axis.visible = False
        fig.grid.visible = False
        fig.background_fill_color = "#f4efe1"
        fig.border_fill_color = "#ffffff"
        fig.outline_line_color = None
        fig.multi_line("xs", "ys", source=self.highlight_src, line_color="color", line_width="width",
                       line_alpha=0.55, line_cap="round", name="highlight")
        fig.multi_line("xs", "ys", source=self.pending_src, line_color="#ffeb3b", line_width=22,
                       line_alpha=0.9, line_cap="round", name="pending")
        fig.segment("x0", "y0", "x1", "y1", source=self.cars_src, line_color="line", line_width=11,
                    line_alpha="alpha", name="car_outline")
        fig.segment("x0", "y0", "x1", "y1", source=self.cars_src, line_color="fill", line_width=7,
                    line_alpha="alpha", name="cars")
        fig.scatter("xm", "ym", source=self.cars_src, size=4, fill_color="#ffffff", line_color=None,
                    fill_alpha="dot", name="car_dots")
        hit = fig.multi_line("xs", "ys", source=self.routes_src, line_width=16, line_alpha=0.0,
                             name="route_hit")
        hit.selection_glyph = None
        hit.nonselection_glyph = None
        fig.scatter("x", "y", source=self.cities_src, size=13, fill_color="#c62828", line_color="#ffffff",
                    line_width=2, name="city_dots")
        fig.text("x", "y", text="name", source=self.cities_src, text_font_size="9pt", x_offset=7, y_offset=-4,
                 text_color="#1a1a1a", text_font_style="bold", name="city_labels")
        # the tooltip points at the spot of the track under the mouse ("interp"); the default
        # ("nearest") pins it to the track's nearer end, so it was drawn over the mouse
        fig.add_tools(HoverTool(renderers=[hit], line_policy="interp",
                                tooltips=[("route", "@id"), ("length", "@length"), ("colour", "@color"),
                                          ("owner", "@owner")]))
        self.hit_renderer = hit
        return fig

    def __panel__(self):
        return self._pane

    # ------------------------------------------------------------ clicks
    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(route_id)`` whenever a route is clicked."""
        self._callbacks.append(callback)

    def js_on_route_click(self, code: str, **args) -> None:
        """Run JavaScript ``code`` in the browser whenever a route is clicked.

        It runs at once, before the server hears of the click (the server's click
        callbacks still run, after it). ``code`` sees ``i`` (the route's row),
        ``rid`` (its id), ``src`` (the routes data source, with the ``pay`` and
        ``title`` columns), ``pending`` (the glow's data source) and ``args``
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

    def _seat_label(self, seat: int | None) -> str:
        if seat is None:
            return "free"
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat + 1}"

    def set_state(self, owners: Mapping[str, int], closed: Iterable[str] = (),
                  pay: Mapping[str, list[str]] | None = None) -> int:
        """Show ``owners`` (route id -> seat) and ``closed`` routes; patch only what changed.

        ``pay`` (route id -> payment labels; routes left out get none) replaces the
        ``pay`` column in the same patch message; None leaves it as it is.
        Returns the number of routes whose owner or state changed.
        """
        closed = set(closed)
        car_patch: dict[str, list] = {"fill": [], "line": [], "dot": [], "alpha": []}
        route_patch: list = []
        changed = 0
        for rid in self.route_ids:
            new = owners.get(rid)
            is_closed = rid in closed and new is None
            if new == self._owners[rid] and is_closed == (rid in self._closed):
                continue
            changed += 1
            self._owners[rid] = new
            if is_closed:
                self._closed.add(rid)
            else:
                self._closed.discard(rid)
            route = self.map.route_by_id[rid]
            if new is None:
                fill, line, dot = card_hex(route.color), "#333333", 0.0
            else:
                fill, line, dot = player_hex(new), player_hex(new), 1.0
            alpha = 0.25 if is_closed else 1.0
            for row in self._car_rows[rid]:
                car_patch["fill"].append((row, fill))
                car_patch["line"].append((row, line))
                car_patch["dot"].append((row, dot))
                car_patch["alpha"].append((row, alpha))
            label = "closed" if is_closed else self._seat_label(new)
            route_patch.append((self.route_index[rid], label))
        patch: dict[str, list] = {"owner": route_patch} if route_patch else {}
        if pay is not None:
            pay_patch = self._column_patch("pay", {rid: list(v) for rid, v in pay.items()}, [])
            if pay_patch:
                patch["pay"] = pay_patch
        if changed:
            self.cars_src.patch(car_patch)
        if patch:
            self.routes_src.patch(patch)  # one message: owners and payments change together
        return changed

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

    def set_pending(self, route_id: str | None) -> None:
        """Glow behind the route being claimed (None to clear)."""
        if route_id is None:
            self.pending_src.data = dict(xs=[], ys=[])
        else:
            i = self.route_index[route_id]
            self.pending_src.data = dict(xs=[self.routes_src.data["xs"][i]], ys=[self.routes_src.data["ys"][i]])

    def highlight(self, groups: Iterable[tuple[Iterable[str], str, float, str]]) -> None:
        """Draw wide translucent bands under routes: ``(route_ids, colour, width_px, label)`` groups."""
        data: dict[str, list] = dict(xs=[], ys=[], color=[], width=[], label=[])
        for rids, colour, width, label in groups:
            for rid in rids:
                i = self.route_index[rid]
                data["xs"].append(self.routes_src.data["xs"][i])
                data["ys"].append(self.routes_src.data["ys"][i])
                data["color"].append(colour)
                data["width"].append(width)
                data["label"].append(label)
        self.highlight_src.data = data

    def clear_highlight(self) -> None:
        self.highlight_src.data = dict(xs=[], ys=[], color=[], width=[], label=[])

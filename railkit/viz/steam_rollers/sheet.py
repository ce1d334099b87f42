"""The Steam Rollers hex sheet as a Bokeh figure.

Hexes are drawn as pointy-top hexes in the axial layout of
:mod:`railkit.maps.hexes` (screen ``y`` grows downwards there, upwards in Bokeh,
so ``y`` is flipped). Every hex is tinted and hatched by its region and carries
the region's number (colour is never the only cue); cities are big discs with
their number, towns rings with a ``T``; mountain borders (at the game's level)
are thick brown bars. A track is drawn as real track between the midpoints of
two hex edges: a straight line, or an arc (a gentle curve around the centre of
the hex across the middle edge, radius 1.5 hexes; a sharp curve around the corner
the two edges share, radius half a hex). Olivia's crosses are big X marks, with
her count per region.

Clicks use one mechanism (Bokeh ``Tap`` events; the hex is computed from x/y in
Python): a click on a hex, or on one of the placement choices drawn beside the
sheet (mini hexes, each with its track drawn), calls the ``on_click`` callbacks
with ``("hex", (q, r))`` or ``("choice", i)``. A click on a placement choice also
draws its track in the page at once (a small script in the page; the choices shown
are legal moves), so the track is painted without waiting for the server, whose
answer then brings the sheet as the game has it.

>>> from railkit.maps.sheets import load
>>> fig = SheetFigure(load("steam-default"))
>>> fig.hex_at(*fig.centre((2, -1)))
(2, -1)
>>> xs, ys = track_points((0, 0), 0, 3)          # a straight track: two points
>>> len(xs), round(xs[0], 3), round(xs[1], 3)
(2, 0.866, -0.866)
>>> xs, ys = track_points((0, 0), 0, 1)          # a sharp curve: an arc
>>> len(xs) > 2
True
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Mapping, Sequence

import panel as pn
from bokeh.events import DoubleTap, Press, Tap
from bokeh.models import ColumnDataSource, CustomJS, HoverTool
from bokeh.plotting import figure

from railkit.core.i18n import Message
from railkit.maps import hexes as hx
from railkit.maps.hexes import Hex
from railkit.viz.steam_rollers.style import STRONG, TINT, TRACK_DARK

SQ3 = math.sqrt(3)

#: A hatch pattern per region number, so regions differ without colour too.
HATCH = {1: " ", 2: "/", 3: ".", 4: "\\", 5: "|", 6: "-"}
#: Where the placement choices are drawn (right of the sheet), in hex units: big enough to be
#: touch targets of at least 44x44 CSS pixels on the 660-pixel sheet.
CHOICE_X0, CHOICE_SIZE, CHOICE_COLS = 9.5, 0.95, 2
PREVIEW_COLOUR = "#e65100"

CLICK_EVENTS = (Tap, DoubleTap, Press)

#: In the page, on a click: the placement choice under it (if any) is drawn on the sheet.
DRAW_CHOICE_JS = """
const d = choices.data;
for (let i = 0; i < d.x.length; i++) {
  if (Math.hypot(cb_obj.x - d.x[i], cb_obj.y - d.y[i]) <= r) {
    const t = tracks.data;
    if (t.hex.includes(d.hex[i])) return;
    tracks.data = {xs: [...t.xs, ghosts.data.xs[i]], ys: [...t.ys, ghosts.data.ys[i]], hex: [...t.hex, d.hex[i]]};
    return;
  }
}
"""

#: In the page, while the pointer is on a placement choice: its track is drawn on the hex of
#: the sheet (the preview), and nothing once it leaves (the renderer is hidden then: a line
#: renderer whose source drops to no rows fails to paint).
PREVIEW_CHOICE_JS = """
const i = cb_data.index.indices.length ? cb_data.index.indices[0] : -1;
const d = preview.data;
if (i < 0 || i >= ghosts.data.xs.length) {
  if (d.xs.length) { renderer.visible = false; preview.data = {xs: [], ys: []}; }
  return;
}
if (d.xs.length === 1 && d.xs[0] === ghosts.data.xs[i]) return;
preview.data = {xs: [ghosts.data.xs[i]], ys: [ghosts.data.ys[i]]};
renderer.visible = true;
"""


def centre(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of hex ``h`` in the figure's coordinates (``y`` upwards)."""
    x, y = hx.to_pixel(h, size)
    return x, -y


def _edge_mid(cx: float, cy: float, e: int, size: float) -> tuple[float, float]:
    dx, dy = hx.to_pixel(hx.DIRECTIONS[e], size)
    return cx + dx / 2, cy - dy / 2


def _corner(cx: float, cy: float, e: int, size: float) -> tuple[float, float]:
    """The corner shared by edges ``e`` and ``e + 1``."""
    ang = math.radians(-60 * e - 30)
    return cx + size * math.cos(ang), cy - size * math.sin(ang)


def track_points(h: Hex, a: int, b: int, size: float = 1.0, at: tuple[float, float] | None = None,
                 steps: int = 10) -> tuple[list[float], list[float]]:
    """The polyline of a track joining edges ``a`` and ``b`` of hex ``h`` (figure coordinates).

    ``at`` draws it in a hex centred there instead (the placement choices).
    """
    cx, cy = centre(h, size) if at is None else at
    p, q = _edge_mid(cx, cy, a, size), _edge_mid(cx, cy, b, size)
    kind = hx.track_kind(a, b)
    if kind == "straight":
        return [p[0], q[0]], [p[1], q[1]]
    d = (b - a) % 6
    if kind == "sharp":
        e = a if d == 1 else b
        ox, oy = _corner(cx, cy, e, size)
    else:
        m = (a + 1) % 6 if d == 2 else (b + 1) % 6
        dx, dy = hx.to_pixel(hx.DIRECTIONS[m], size)
        ox, oy = cx + dx, cy - dy
    t0 = math.atan2(p[1] - oy, p[0] - ox)
    t1 = math.atan2(q[1] - oy, q[0] - ox)
    dt = (t1 - t0 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    r = math.hypot(p[0] - ox, p[1] - oy)
    ts = [t0 + dt * i / steps for i in range(steps + 1)]
    return [ox + r * math.cos(t) for t in ts], [oy + r * math.sin(t) for t in ts]


def hex_outline(at: tuple[float, float], size: float = 1.0) -> tuple[list[float], list[float]]:
    cx, cy = at
    xs, ys = [], []
    for i in range(6):
        ang = math.radians(60 * i - 30)
        xs.append(cx + size * math.cos(ang))
        ys.append(cy + size * math.sin(ang))
    return xs, ys


def _empty(*cols: str) -> dict:
    return {c: [] for c in cols}


def _assign(src: ColumnDataSource, data: dict) -> None:
    """Replace ``src``'s data only when it differs (every replacement goes to the page)."""
    old = src.data
    if set(old) != set(data) or any(list(old[k]) != v for k, v in data.items()):
        src.data = data


def equal_units(extent: tuple[float, float, float, float], width: int, height: int
                ) -> tuple[float, float, float, float]:
    """``extent`` (x0, x1, y0, y1) widened on its short side to the plot area of a figure of
    ``width`` x ``height`` pixels, so both axes have equal units (a hex stays a hex).

    >>> equal_units((0.0, 1.0, 0.0, 1.0), 210, 140)
    (-0.5, 1.5, 0.0, 1.0)
    """
    x0, x1, y0, y1 = extent
    aspect = (width - 10) / (height - 40)
    if (x1 - x0) / (y1 - y0) < aspect:
        pad = ((y1 - y0) * aspect - (x1 - x0)) / 2
        return x0 - pad, x1 + pad, y0, y1
    pad = ((x1 - x0) / aspect - (y1 - y0)) / 2
    return x0, x1, y0 - pad, y1 + pad


class SheetFigure:
    """One Steam Rollers sheet, drawn (see the module text).

    Parameters
    ----------
    sheet : railkit.maps.sheets.Sheet
    mountains : str
        Mountain level shown (``none``, ``medium``, ``hard``).
    width, height : int
        Figure size in pixels.
    lang : str, optional
        The language of the hover texts and the counts (default: the current language);
        :meth:`set_language` changes it.
    """

    def __init__(self, sheet, mountains: str = "none", *, width: int = 660, height: int = 480,
                 choices: bool = True, name: str = "sheet", lang: str | None = None) -> None:
        self.sheet = sheet
        self.lang = lang
        self._counts: Mapping[int, int] = {}
        self._callbacks: list[Callable[[tuple], None]] = []
        self._choice_at: list[tuple[float, float]] = []
        self.choice_area = choices
        hexes = sorted(sheet.hexes, key=lambda h: (h[1], h[0]))
        self.hexes = hexes
        cols = _empty("xs", "ys", "fill", "hatch", "hex", "region", "what", "line", "width")
        for h in hexes:
            xs, ys = hex_outline(centre(h))
            n = sheet.region_of[h]
            colour = sheet.colours[n]
            what = self._what(h)
            cols["xs"].append(xs); cols["ys"].append(ys)
            cols["fill"].append(TINT.get(colour, "#eeeeee")); cols["hatch"].append(HATCH.get(n, " "))
            cols["hex"].append(hx.format_hex(h)); cols["region"].append(n); cols["what"].append(what)
            cols["line"].append("#8d8d8d"); cols["width"].append(1.0)
        self.hex_index = {h: i for i, h in enumerate(hexes)}
        self.hexes_src = ColumnDataSource(cols, name=f"{name}_hexes")
        self.track_src = ColumnDataSource(_empty("xs", "ys", "hex"), name=f"{name}_tracks")
        self.ghost_src = ColumnDataSource(_empty("xs", "ys"), name=f"{name}_ghosts")
        self.choice_hex_src = ColumnDataSource(_empty("xs", "ys", "label", "x", "y", "hex"), name=f"{name}_choices")
        self.choice_track_src = ColumnDataSource(_empty("xs", "ys"), name=f"{name}_choice_tracks")
        self.preview_src = ColumnDataSource(_empty("xs", "ys"), name=f"{name}_choice_preview")
        self.route_src = ColumnDataSource(_empty("xs", "ys", "color", "width"), name=f"{name}_route")
        self.label_src = ColumnDataSource(_empty("x", "y", "text", "color"), name=f"{name}_labels")
        self.cross_src = ColumnDataSource(_empty("x", "y", "color", "size"), name=f"{name}_crosses")
        self.count_src = ColumnDataSource(_empty("x", "y", "text"), name=f"{name}_counts")
        self.figure = self._make_figure(width, height, name)
        # a click on a placement choice draws its track in the page at once (no round trip:
        # the choices offered are legal moves); the server's answer then brings the sheet as
        # the game has it, and nothing else waits for it
        draw_now = CustomJS(args=dict(choices=self.choice_hex_src, ghosts=self.ghost_src, tracks=self.track_src,
                                      r=CHOICE_SIZE), code=DRAW_CHOICE_JS)
        for ev in CLICK_EVENTS:
            self.figure.on_event(ev, self._on_tap)
            self.figure.js_on_event(ev, draw_now)
        # at most ``width`` wide, narrower on a narrower screen (a phone), at the same aspect ratio
        self.figure.update(sizing_mode="scale_width", max_width=width, aspect_ratio=width / height)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="scale_width", max_width=width,
                                  aspect_ratio=width / height)

    # ------------------------------------------------------------ drawing
    def _make_figure(self, width: int, height: int, name: str):
        sheet = self.sheet
        pts = [centre(h) for h in self.hexes]
        x0, x1 = min(p[0] for p in pts) - 1.2, max(p[0] for p in pts) + 1.2
        y0, y1 = min(p[1] for p in pts) - 1.3, max(p[1] for p in pts) + 1.3
        if self.choice_area:
            x1 = CHOICE_X0 + (CHOICE_COLS - 1) * CHOICE_SIZE * SQ3 * 1.25 + CHOICE_SIZE + 0.5
        x0, x1, y0, y1 = equal_units((x0, x1, y0, y1), width, height)
        fig = figure(width=width, height=height, x_range=(x0, x1), y_range=(y0, y1), tools="",
                     toolbar_location=None, name=name, title=sheet.title or sheet.name)
        fig.axis.visible = False
        fig.grid.visible = False
        fig.outline_line_color = None
        fig.background_fill_color = "#fbf8ef"
        fig.min_border = 4
        hexes = fig.patches("xs", "ys", source=self.hexes_src, fill_color="fill", line_color="line",
                            line_width="width", hatch_pattern="hatch", hatch_color="#6d6d6d", hatch_alpha=0.18,
                            hatch_scale=9, name="hex_cells")
        hexes.selection_glyph = None
        hexes.nonselection_glyph = None
        # region numbers in every hex (a small digit at the top), the colour-blind cue
        num = _empty("x", "y", "text")
        for h in self.hexes:
            if h in sheet.city_at:
                continue
            x, y = centre(h)
            num["x"].append(x); num["y"].append(y + 0.56); num["text"].append(str(sheet.region_of[h]))
        fig.text("x", "y", text="text", source=ColumnDataSource(num), text_font_size="8pt", text_color="#555555",
                 text_align="center", text_baseline="middle", name="region_numbers")
        # mountains: the border between two hexes, as a thick bar
        self.mountain_src = ColumnDataSource(_empty("x0", "y0", "x1", "y1"), name=f"{name}_mountains")
        fig.multi_line("xs", "ys", source=self.ghost_src, line_color="#ff8f00", line_width=3, line_alpha=0.55,
                       line_dash="dashed", name="ghosts")
        fig.multi_line("xs", "ys", source=self.route_src, line_color="color", line_width="width", line_alpha=0.55,
                       line_cap="round", line_join="round", name="route")
        # the choice under the pointer, drawn on its hex (set in the page: PREVIEW_CHOICE_JS)
        self.preview = fig.multi_line("xs", "ys", source=self.preview_src, line_color=PREVIEW_COLOUR, line_width=8,
                                      line_alpha=0.9, line_cap="round", name="choice_preview", visible=False)
        fig.multi_line("xs", "ys", source=self.track_src, line_color=TRACK_DARK, line_width=6, line_cap="round",
                       name="track_bed")
        fig.multi_line("xs", "ys", source=self.track_src, line_color="#d7ccc8", line_width=1.6, line_dash=[4, 3],
                       name="track_ties")
        fig.segment("x0", "y0", "x1", "y1", source=self.mountain_src, line_color="#6d4c41", line_width=7,
                    line_cap="round", name="mountains")
        # towns and cities
        town = _empty("x", "y", "text")
        for n, h in sorted(sheet.towns.items()):
            x, y = centre(h)
            town["x"].append(x); town["y"].append(y); town["text"].append("T")
        self.town_src = ColumnDataSource(town, name=f"{name}_towns")
        fig.scatter("x", "y", source=self.town_src, size=15, fill_color="#ffffff", line_color="#222222",
                    line_width=2.5, name="towns")
        fig.text("x", "y", text="text", source=self.town_src, text_font_size="7pt", text_align="center",
                 text_baseline="middle", text_font_style="bold", name="town_labels")
        city = _empty("x", "y", "text", "fill", "ink")
        for n, h in sorted(sheet.cities.items()):
            x, y = centre(h)
            colour = sheet.colours[n]
            city["x"].append(x); city["y"].append(y); city["text"].append(str(n))
            city["fill"].append(STRONG.get(colour, "#777777"))
            city["ink"].append("#000000" if colour in ("yellow", "grey-light") else "#ffffff")
        self.city_src = ColumnDataSource(city, name=f"{name}_cities")
        fig.scatter("x", "y", source=self.city_src, size=30, fill_color="fill", line_color="#1a1a1a", line_width=2,
                    name="cities")
        fig.text("x", "y", text="text", source=self.city_src, text_color="ink", text_font_size="13pt",
                 text_font_style="bold", text_align="center", text_baseline="middle", name="city_numbers")
        fig.scatter("x", "y", source=self.cross_src, marker="x", size="size", line_color="color", line_width=4,
                    name="crosses")
        fig.text("x", "y", text="text", source=self.count_src, text_font_size="11pt", text_font_style="bold",
                 text_align="center", text_baseline="middle", text_color="#4a148c", background_fill_color="#ffffff",
                 background_fill_alpha=0.85, name="olivia_counts")
        # placement choices beside the sheet
        choice_hexes = fig.patches("xs", "ys", source=self.choice_hex_src, fill_color="#fffde7", line_color="#ff8f00",
                                   line_width=2, hover_fill_color="#ffe0b2", hover_line_color=PREVIEW_COLOUR,
                                   hover_line_width=3, name="choice_hexes")
        fig.multi_line("xs", "ys", source=self.choice_track_src, line_color=TRACK_DARK, line_width=4,
                       line_cap="round", name="choice_tracks")
        fig.text("x", "y", text="label", source=self.choice_hex_src, text_font_size="9pt", text_align="right",
                 text_baseline="middle", x_offset=-int(CHOICE_SIZE * 30), text_color="#e65100", text_font_style="bold",
                 name="choice_labels")
        # a route's label is framed in the route's colour; its text colour is one for all: BokehJS
        # lays out a text glyph's labels from its text colours before it has built the labels of
        # new data, so a colour per row made it read past the end of the colours when the routes
        # went (a page error, "Offset is outside the bounds of the DataView", over and over)
        fig.text("x", "y", text="text", source=self.label_src, text_color="#212121", text_font_size="10pt",
                 text_font_style="bold", text_align="center", text_baseline="middle", background_fill_color="#ffffff",
                 background_fill_alpha=0.9, border_line_color="color", border_line_width=2.5, padding=2,
                 name="route_labels")
        self.hex_hover = HoverTool(renderers=[hexes], tooltips=self._tooltips())
        fig.add_tools(self.hex_hover)
        preview = CustomJS(args=dict(ghosts=self.ghost_src, preview=self.preview_src, renderer=self.preview),
                           code=PREVIEW_CHOICE_JS)
        fig.add_tools(HoverTool(renderers=[choice_hexes], tooltips=None, callback=preview, name="choice_hover"))
        return fig

    def set_mountains(self, level: str) -> None:
        """Draw the mountain borders of ``level``."""
        data = _empty("x0", "y0", "x1", "y1")
        for border in sorted(sorted(b) for b in self.sheet.mountain_borders(level)):
            a, b = border
            e = hx.edge_between(a, b)
            cx, cy = centre(a)
            p, q = _corner(cx, cy, e, 1.0), _corner(cx, cy, (e - 1) % 6, 1.0)
            data["x0"].append(p[0]); data["y0"].append(p[1]); data["x1"].append(q[0]); data["y1"].append(q[1])
        _assign(self.mountain_src, data)

    def __panel__(self):
        return self.pane

    def centre(self, h: Hex) -> tuple[float, float]:
        return centre(h)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex (on the sheet or not) under figure point ``(x, y)``."""
        return hx.from_pixel(x, -y)

    # ------------------------------------------------------------ clicks
    def on_click(self, callback: Callable[[tuple], None]) -> None:
        """Call ``callback(("hex", h))`` or ``callback(("choice", i))`` on a click."""
        self._callbacks.append(callback)

    def target_at(self, x: float, y: float) -> tuple | None:
        for i, (cx, cy) in enumerate(self._choice_at):
            if math.hypot(x - cx, y - cy) <= CHOICE_SIZE:
                return ("choice", i)
        h = self.hex_at(x, y)
        return ("hex", h) if h in self.sheet.hexes else None

    def _on_tap(self, event) -> None:
        target = self.target_at(event.x, event.y)
        if target is not None:
            for cb in list(self._callbacks):
                cb(target)

    def tap(self, x: float, y: float) -> None:
        """Send the figure a Tap at ``(x, y)``, as a click in the browser does."""
        self.figure._trigger_event(Tap(self.figure, x=x, y=y))

    def tap_hex(self, h: Hex) -> None:
        self.tap(*centre(h))

    def tap_choice(self, i: int) -> None:
        self.tap(*self._choice_at[i])

    # ------------------------------------------------------------ state
    def set_tracks(self, tracks: Mapping[Hex, tuple[int, int]]) -> None:
        data = _empty("xs", "ys", "hex")
        for h, (a, b) in sorted(tracks.items()):
            xs, ys = track_points(h, a, b)
            data["xs"].append(xs); data["ys"].append(ys); data["hex"].append(hx.format_hex(h))
        if list(self.track_src.data["hex"]) != data["hex"]:
            self.track_src.data = data

    def set_outline(self, hexes: Iterable[Hex] = (), selected: Hex | None = None) -> None:
        """Outline ``hexes`` (the drafted die's region) and the ``selected`` hex."""
        hexes = set(hexes)
        line, width = [], []
        for h in self.hexes:
            if h == selected:
                line.append("#e65100"); width.append(4.0)
            elif h in hexes:
                line.append("#ff8f00"); width.append(2.4)
            else:
                line.append("#8d8d8d"); width.append(1.0)
        patch = {}
        old_l, old_w = self.hexes_src.data["line"], self.hexes_src.data["width"]
        pl = [(i, v) for i, v in enumerate(line) if old_l[i] != v]
        pw = [(i, v) for i, v in enumerate(width) if old_w[i] != v]
        if pl:
            patch["line"] = pl
        if pw:
            patch["width"] = pw
        if patch:
            self.hexes_src.patch(patch)

    def set_choices(self, h: Hex | None, options: Sequence[tuple[int, int]] = ()) -> None:
        """Show the placements ``options`` (edge pairs) of hex ``h``: faint in the hex and
        as mini hexes beside the sheet (clickable); ``h=None`` clears them."""
        ghosts = _empty("xs", "ys")
        chex = _empty("xs", "ys", "label", "x", "y", "hex")
        ctr = _empty("xs", "ys")
        self._choice_at = []
        if h is not None:
            cols = CHOICE_COLS
            step_x, step_y = CHOICE_SIZE * SQ3 * 1.25, CHOICE_SIZE * 2.05
            top = self.figure.y_range.end - CHOICE_SIZE - 0.25
            for i, (a, b) in enumerate(options):
                xs, ys = track_points(h, a, b)
                ghosts["xs"].append(xs); ghosts["ys"].append(ys)
                at = (CHOICE_X0 + (i % cols) * step_x, top - (i // cols) * step_y)
                self._choice_at.append(at)
                hxs, hys = hex_outline(at, CHOICE_SIZE)
                chex["xs"].append(hxs); chex["ys"].append(hys); chex["x"].append(at[0]); chex["y"].append(at[1])
                chex["label"].append(str(i + 1)); chex["hex"].append(hx.format_hex(h))
                txs, tys = track_points(h, a, b, CHOICE_SIZE, at=at)
                ctr["xs"].append(txs); ctr["ys"].append(tys)
        for src, data in ((self.ghost_src, ghosts), (self.choice_hex_src, chex), (self.choice_track_src, ctr),
                          (self.preview_src, _empty("xs", "ys"))):
            self._assign_drawn(src, data)

    def _assign_drawn(self, src: ColumnDataSource, data: dict) -> None:
        """:func:`_assign` for a source of lines or shapes, whose renderers are hidden while
        it has no rows. BokehJS keeps the screen positions of the rows a line source had
        when it drops to none, and a paint then fails ("Out of bounds: 0 <= 0 < 0"; seen
        in a notebook after Run All, when the nine placement choices came and went before
        the page opened). A hidden renderer is not painted; with rows again it is shown
        and its positions are worked out anew."""
        _assign(src, data)
        shown = bool(next(iter(data.values()), ()))
        for r in self.figure.renderers:
            if getattr(r, "data_source", None) is src and r.visible != shown:
                r.visible = shown

    @property
    def choices(self) -> int:
        return len(self._choice_at)

    def set_routes(self, routes: Iterable[tuple[Iterable[tuple[Hex, tuple[int, int]]], str, str]]) -> None:
        """Light up routes: ``(tracks, colour, label)`` where ``tracks`` are ``(hex, (a, b))``
        pairs; the label is written at the route's middle track."""
        data = _empty("xs", "ys", "color", "width")
        labels = _empty("x", "y", "text", "color")
        for tracks, colour, label in routes:
            tracks = list(tracks)
            for h, (a, b) in tracks:
                xs, ys = track_points(h, a, b)
                data["xs"].append(xs); data["ys"].append(ys); data["color"].append(colour); data["width"].append(16)
            if label and tracks:
                h = tracks[len(tracks) // 2][0]
                x, y = centre(h)
                labels["x"].append(x); labels["y"].append(y); labels["text"].append(label)
                labels["color"].append(colour)
        self._assign_drawn(self.route_src, data)
        _assign(self.label_src, labels)

    def set_crosses(self, hexes: Iterable[Hex] = (), new: Iterable[Hex] = (),
                    counts: Mapping[int, int] | None = None) -> None:
        """Olivia's crosses (``new`` ones in orange, bigger) and her count per region."""
        new = set(new)
        data = _empty("x", "y", "color", "size")
        for h in hexes:
            x, y = centre(h)
            data["x"].append(x); data["y"].append(y)
            data["color"].append("#e65100" if h in new else "#4a148c")
            data["size"].append(30 if h in new else 24)
        _assign(self.cross_src, data)
        self._counts = dict(counts or {})
        self._show_counts()

    def _show_counts(self) -> None:
        cnt = _empty("x", "y", "text")
        for n, k in sorted(self._counts.items()):
            x, y = centre(self.sheet.cities[n])  # under the region's city
            cnt["x"].append(x); cnt["y"].append(y - 0.9); cnt["text"].append(Message("{n} crossed", n=k).render(self.lang))
        _assign(self.count_src, cnt)

    def _what(self, h: Hex) -> str:
        """What hex ``h`` holds, for its hover text."""
        sheet = self.sheet
        said = (Message("city {n}", n=sheet.city_at[h]) if h in sheet.city_at else
                Message("town {n}", n=sheet.town_at[h]) if h in sheet.town_at else Message("empty hex"))
        return said.render(self.lang)

    def _tooltips(self) -> list[tuple[str, str]]:
        return [(Message("hex").render(self.lang), "@hex"), (Message("region").render(self.lang), "@region"),
                ("", "@what")]

    def set_language(self, lang: str | None) -> None:
        """The hover texts and Olivia's counts in ``lang`` from now on."""
        if lang == self.lang:
            return
        self.lang = lang
        what = [self._what(h) for h in self.hexes]
        if list(self.hexes_src.data["what"]) != what:
            self.hexes_src.patch({"what": [(slice(0, len(what)), what)]})
        self.hex_hover.tooltips = self._tooltips()
        self._show_counts()

    def set_title(self, text: str) -> None:
        if self.figure.title.text != text:
            self.figure.title.text = text

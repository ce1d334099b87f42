"""A sheet editor for Steam Rollers hex sheets.

The Steam Rollers counterpart of :class:`railkit.viz.ticket_to_ride.map_editor.MapEditor`: pick a
brush and click hexes to paint regions 1-6 (or erase a hex from the sheet), place
each region's city and town, put mountain borders (click a hex near the edge
to block; Medium, or added at Hard), and set the six faces of the black die.

Every change is validated live by the engine's own loader
(:func:`railkit.maps.sheets.parse`, the one used for every sheet file), so a
problem is shown as the same :class:`~railkit.core.errors.DataError` text the
loader gives (file, JSON path, what was expected), headed by the sheet rule it
breaks (SR-SHEET-REGIONS, -CONTIGUOUS, -CITY-TOWN, -JOINABLE, -DRAWABLE; see
:func:`sheet_rule`). Saving goes through :meth:`Sheet.save` (checked, written to a
temporary file and renamed). "Play this sheet" starts a
:class:`~railkit.viz.steam_rollers.view.SteamRollersView` game on it under the editor;
"Simulate" plays a few dozen bot games on it and shows a small table.

>>> ed = SheetEditor("steam-default")
>>> ed.status
'OK: steam-default: 61 hexes in 6 regions, 6 cities, 6 towns, mountain borders: medium 6, hard 12'
>>> ed.paint((2, 2), 3)                      # a hex of region 6 painted in region 3
>>> ed.rule, ed.ok
('SR-SHEET-CONTIGUOUS', False)
>>> ed.paint((2, 2), 6); ed.ok
True
>>> ed.place_city((0, 0), 1)                 # hex (0, 0) is in region 4, not 1
>>> ed.rule
'SR-SHEET-CITY-TOWN'
"""

from __future__ import annotations

import copy
import math
from pathlib import Path

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from railkit.core.errors import DataError
from railkit.maps import hexes as hx
from railkit.maps import sheets
from railkit.maps.hexes import Hex
from railkit.maps.sheets import REGION_NUMBERS, Sheet
from railkit.viz.shell.editor import Editor
from railkit.viz.steam_rollers.sheet import HATCH, centre, equal_units, hex_outline
from railkit.viz.steam_rollers.style import STRONG, TINT

__all__ = ["SheetEditor", "sheet_rule", "FACE_CHOICES", "BRUSHES"]

#: The three kinds of black-die face (two different track types each).
FACE_CHOICES = ("straight+gentle", "straight+sharp", "gentle+sharp")
#: Brushes of the editor: paint a region, erase a hex, place a city or town, a mountain border.
BRUSHES = ("region 1", "region 2", "region 3", "region 4", "region 5", "region 6", "erase hex",
           "city", "town", "mountain (medium)", "mountain (hard)")
MOUNTAIN_LEVELS = {"medium": "medium", "hard": "hard_adds"}


def sheet_rule(err: DataError) -> str | None:
    """The sheet rule id a loader error breaks (None for a plain field error).

    The loader (:func:`railkit.maps.sheets.parse`) names each check's rule in its
    code; this reads the rule back from the error's JSON path and wording.

    >>> sheet_rule(DataError("s.json", "$.regions.2.hexes", "one contiguous group of hexes (region 2 is split)"))
    'SR-SHEET-CONTIGUOUS'
    >>> sheet_rule(DataError("s.json", "$.black_die_faces", "six faces", 5)) is None
    True
    """
    path, what = err.path, err.expected
    if path == "$.regions" or "already in" in what:
        return "SR-SHEET-REGIONS"
    if path.endswith((".city", ".town")) or "the city hex" in what or "the town hex" in what:
        return "SR-SHEET-CITY-TOWN"
    if "contiguous" in what:
        return "SR-SHEET-CONTIGUOUS"
    if "to draw in besides the city" in what:
        return "SR-SHEET-DRAWABLE"
    if "cannot be joined" in what:
        return "SR-SHEET-JOINABLE"
    return None


def _face_text(face: tuple[str, str]) -> str:
    a, b = sorted(face, key=hx.TRACK_KINDS.index)
    return f"{a}+{b}"


def _parse_face(text: str) -> tuple[str, str]:
    parts = tuple(p.strip() for p in text.split("+"))
    if len(parts) != 2 or parts[0] == parts[1] or not all(p in hx.TRACK_KINDS for p in parts):
        raise ValueError(f"A black-die face is two different track types, one of {', '.join(FACE_CHOICES)} "
                         f"(got {text!r}).")
    return parts  # type: ignore[return-value]


def _border(a: Hex, b: Hex) -> frozenset:
    if hx.edge_between(a, b) is None:
        raise ValueError(f"A mountain border lies between two neighbouring hexes; "
                         f"{hx.format_hex(a)} and {hx.format_hex(b)} are not neighbours.")
    return frozenset((a, b))


class SheetEditor(Editor):
    """Edit a Steam Rollers sheet in the browser or notebook; see :mod:`railkit.viz.steam_rollers.sheet_editor`.

    Parameters
    ----------
    start : Sheet or str
        The sheet to start from (a name such as ``"steam-default"``, a path or a Sheet).
    folder : str or Path
        Where :meth:`save` writes ``<name>.json`` (default: the editor's private temporary
        folder, removed with the editor, so railkit's own ``maps/`` is never overwritten by
        accident: give a folder to keep what you save).
    """

    noun = "sheet"

    status = param.String(default="", doc="Validation message: 'OK ...' or the rule and the DataError text.")
    rule = param.String(default="", doc="The sheet rule the edited sheet breaks ('' when valid or a field error).")

    def __init__(self, start: Sheet | str | Path = "steam-default", *, folder: str | Path | None = None,
                 width: int = 600, height: int = 540, **params):
        super().__init__(**params)
        s = sheets.load(start) if isinstance(start, (str, Path)) else start
        self.sheet_name = s.name
        self.sheet_title = s.title
        self.note = s.note
        self.provenance = dict(s.provenance)
        self.colours = dict(s.colours)
        self.region_of: dict[Hex, int] = dict(s.region_of)
        self.cities: dict[int, Hex] = dict(s.cities)
        self.towns: dict[int, Hex] = dict(s.towns)
        self.goods_destination = {c: list(v) for c, v in s.goods_destination.items()}
        self.mountains = {"medium": set(s.medium), "hard_adds": set(s.hard_adds)}
        self.faces: list[tuple[str, str]] = [tuple(f) for f in s.black_die_faces]
        self.folder = Path(folder) if folder else self.scratch()
        self._order = sorted(self.region_of, key=lambda h: (h[1], h[0]))  # the hexes' order in the file
        self.results = None  # the table of the last "Simulate"
        self.radius = 0  # the view shows the hexes up to this distance from 0,0
        #: The canvas: every hex up to this distance from 0,0 is drawn (free ones faint) and
        #: can be painted. Its size never changes (BokehJS kept visuals of the old length otherwise).
        self.canvas_radius = max(self._needed_radius() + 2, 6)
        self._canvas = sorted(hx.hexagon(self.canvas_radius), key=lambda h: (h[1], h[0]))
        self.canvas_src = ColumnDataSource(dict(xs=[], ys=[], fill=[], hatch=[], line=[], hex=[], region=[], what=[]),
                                           name="sheet_editor_hexes")
        self.number_src = ColumnDataSource(dict(x=[], y=[], text=[]), name="sheet_editor_numbers")
        self.city_src = ColumnDataSource(dict(x=[], y=[], text=[], fill=[], ink=[]), name="sheet_editor_cities")
        self.town_src = ColumnDataSource(dict(x=[], y=[], text=[]), name="sheet_editor_towns")
        #: Medium borders (solid brown bars) and those added at Hard (dashed red bars: not colour alone)
        self.mountain_src = ColumnDataSource(dict(x0=[], y0=[], x1=[], y1=[]), name="sheet_editor_mountains")
        self.hard_src = ColumnDataSource(dict(x0=[], y0=[], x1=[], y1=[]), name="sheet_editor_hard_mountains")
        self.figure = self._make_figure(width, height)
        self.figure.on_event(Tap, self._on_tap)
        self._pane = pn.pane.Bokeh(self.figure, sizing_mode="fixed")
        self._make_widgets()
        self._refresh()

    # ------------------------------------------------------------ layout
    def _needed_radius(self) -> int:
        far = [hx.distance((0, 0), h) for h in list(self.region_of) + list(self.cities.values()) + list(self.towns.values())]
        return max(far, default=3) + 1

    def _extent(self) -> tuple[float, float, float, float]:
        """The view that shows the sheet and one ring of free hexes round it."""
        pts = [centre(h) for h in hx.hexagon(self.radius)]
        return (min(p[0] for p in pts) - 1.2, max(p[0] for p in pts) + 1.2,
                min(p[1] for p in pts) - 1.3, max(p[1] for p in pts) + 1.3)

    def fit_view(self) -> None:
        """Fit the view to the canvas, with equal units on both axes."""
        x0, x1, y0, y1 = equal_units(self._extent(), self.figure.width, self.figure.height)
        self.figure.x_range.update(start=x0, end=x1)
        self.figure.y_range.update(start=y0, end=y1)

    def _make_figure(self, width: int, height: int):
        fig = figure(width=width, height=height, x_range=(-1, 1), y_range=(-1, 1), tools="", toolbar_location=None,
                     name="sheet_editor", title="Pick a brush, then click hexes")
        fig.axis.visible = False
        fig.grid.visible = False
        fig.outline_line_color = None
        fig.background_fill_color = "#fbf8ef"
        fig.min_border = 4
        cells = fig.patches("xs", "ys", source=self.canvas_src, fill_color="fill", line_color="line", line_width=1.2,
                            hatch_pattern="hatch", hatch_color="#6d6d6d", hatch_alpha=0.18, hatch_scale=9,
                            name="sheet_editor_cells")
        cells.selection_glyph = None
        cells.nonselection_glyph = None
        fig.text("x", "y", text="text", source=self.number_src, text_font_size="8pt", text_color="#555555",
                 text_align="center", text_baseline="middle", name="sheet_editor_region_numbers")
        fig.segment("x0", "y0", "x1", "y1", source=self.mountain_src, line_color="#6d4c41", line_width=7,
                    line_cap="round", name="sheet_editor_mountain_bars")
        fig.segment("x0", "y0", "x1", "y1", source=self.hard_src, line_color="#b71c1c", line_width=7,
                    line_dash=[6, 4], name="sheet_editor_hard_mountain_bars")
        fig.scatter("x", "y", source=self.town_src, size=15, fill_color="#ffffff", line_color="#222222",
                    line_width=2.5, name="sheet_editor_town_rings")
        fig.text("x", "y", text="text", source=self.town_src, text_font_size="7pt", text_align="center",
                 text_baseline="middle", text_font_style="bold")
        fig.scatter("x", "y", source=self.city_src, size=30, fill_color="fill", line_color="#1a1a1a", line_width=2,
                    name="sheet_editor_city_discs")
        fig.text("x", "y", text="text", source=self.city_src, text_color="ink", text_font_size="13pt",
                 text_font_style="bold", text_align="center", text_baseline="middle")
        fig.add_tools(HoverTool(renderers=[cells], tooltips=[("hex", "@hex"), ("region", "@region"), ("", "@what")]))
        return fig

    def _make_widgets(self):
        self.w_brush = pn.widgets.RadioButtonGroup(label="Brush", options=list(BRUSHES), value="region 1",
                                                   color="default", orientation="vertical", width=150)
        self.w_name = pn.widgets.TextInput(label="Sheet name (file name)", value=self.sheet_name, width=220)
        self.w_title = pn.widgets.TextInput(label="Title", value=self.sheet_title, width=220)
        self.w_faces = [pn.widgets.Select(label=f"Black die face {i + 1}", options=list(FACE_CHOICES),
                                          value=_face_text(f), width=150) for i, f in enumerate(self.faces)]
        self.w_players = pn.widgets.IntSlider(label="Players (1: solo against Olivia)", start=1, end=5, value=1, width=220)
        self.w_difficulty = pn.widgets.Select(label="Olivia's level (solo)", options=[
            "clerk", "conductor", "machinist", "engineer", "investor", "rail-baron"], value="clerk", width=150)
        self.w_mountains = pn.widgets.Select(label="Mountains in play", options=["none", "medium", "hard"],
                                             value="none", width=150)
        self.w_games = pn.widgets.IntSlider(label="Games to simulate", start=4, end=60, step=4, value=24, width=220)
        self.b_save = pn.widgets.Button(label="Save sheet", color="success", width=110)
        self.b_play = pn.widgets.Button(label="Play this sheet", color="primary", width=130)
        self.b_sim = pn.widgets.Button(label="Simulate", color="primary", width=110)
        self.msg = pn.pane.Alert("", alert_type="info", sizing_mode="stretch_width", max_width=900)
        self.play_area = pn.Column(sizing_mode="stretch_width")
        self.w_name.param.watch(lambda e: self._guard(self._set_name, e.new), "value")
        self.w_title.param.watch(lambda e: self._guard(self._set_title, e.new), "value")
        for i, w in enumerate(self.w_faces):
            w.param.watch(lambda e, i=i: self._guard(self.set_face, i + 1, e.new), "value")
        self.w_mountains.param.watch(lambda e: self._refresh(), "value")
        self.b_save.on_click(lambda e: self._guard(self.save))
        self.b_play.on_click(lambda e: self._guard(self.play))
        self.b_sim.on_click(lambda e: self._guard(self.simulate, self.w_games.value))

    def __panel__(self):
        brush_box = pn.Column("### Brush", self.w_brush, width=170)
        sheet_box = pn.Column("### Sheet", self.w_name, self.w_title, width=240)
        die_box = pn.Column("### Black die", *self.w_faces, width=170)
        run_box = pn.Column("### Save, play, simulate", self.w_players, pn.Row(self.w_difficulty, self.w_mountains),
                            self.w_games, pn.Row(self.b_save, self.b_play), self.b_sim, width=340)
        return pn.Column(
            self.msg,
            pn.FlexBox(self._pane, brush_box, pn.Column(sheet_box, die_box), run_box,
                       flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width"),
            self.play_area,
            sizing_mode="stretch_width",
        )

    # ------------------------------------------------------------ editing API
    def _check_hex(self, h) -> Hex:
        if (not isinstance(h, tuple) or len(h) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in h)):
            raise ValueError(f"A hex is a pair of whole numbers (q, r), got {h!r}.")
        if hx.distance((0, 0), h) > self.canvas_radius:
            raise ValueError(f"Hex {hx.format_hex(h)} is outside the editor's canvas (hexes up to "
                             f"{self.canvas_radius} steps from 0,0).")
        return h

    def paint(self, h: Hex, region: int | None) -> None:
        """Put hex ``h`` in ``region`` (1-6); ``None`` takes it off the sheet.

        The city and town stay where they are: moving a region away from under
        them is reported by the validation (SR-SHEET-CITY-TOWN).
        """
        h = self._check_hex(tuple(h))
        if region is None:
            self.region_of.pop(h, None)
        elif region not in REGION_NUMBERS:
            raise ValueError(f"Regions are numbered 1 to 6, got {region!r}.")
        else:
            if h not in self._order:
                self._order.append(h)
            self.region_of[h] = int(region)
        self._refresh()

    def erase(self, h: Hex) -> None:
        """Take hex ``h`` off the sheet (same as ``paint(h, None)``)."""
        self.paint(h, None)

    def place_city(self, h: Hex, n: int | None = None) -> None:
        """Put city ``n`` (default: the number of ``h``'s region) on hex ``h``."""
        self._place(self.cities, "city", tuple(h), n)

    def place_town(self, h: Hex, n: int | None = None) -> None:
        """Put the town of region ``n`` (default: ``h``'s region) on hex ``h``."""
        self._place(self.towns, "town", tuple(h), n)

    def _place(self, where: dict, noun: str, h: Hex, n: int | None) -> None:
        h = self._check_hex(h)
        if n is None:
            if h not in self.region_of:
                raise ValueError(f"Hex {hx.format_hex(h)} is not on the sheet: paint it in a region first, "
                                 f"then place the {noun}.")
            n = self.region_of[h]
        if n not in REGION_NUMBERS:
            raise ValueError(f"A {noun} belongs to one of the regions 1 to 6, got {n!r}.")
        where[int(n)] = h
        self._refresh()

    def toggle_mountain(self, a: Hex, b: Hex, level: str = "medium") -> bool:
        """Block (or unblock) the border between neighbours ``a`` and ``b``.

        ``level`` ``medium`` borders are in play at Medium and Hard; ``hard`` ones
        are added at Hard only. Returns whether the border is now blocked.
        """
        key = MOUNTAIN_LEVELS.get(level)
        if key is None:
            raise ValueError(f"A mountain level is 'medium' or 'hard', got {level!r}.")
        border = _border(tuple(a), tuple(b))
        for other in self.mountains.values():
            if border in other:
                other.discard(border)
                self._refresh()
                return False
        self.mountains[key].add(border)
        self._refresh()
        return True

    def set_face(self, i: int, face: str | tuple[str, str]) -> None:
        """Set face ``i`` (1-6) of the black die: ``"straight+sharp"`` or ``("straight", "sharp")``."""
        if i not in range(1, 7):
            raise ValueError(f"The black die has faces 1 to 6, got {i!r}.")
        kinds = _parse_face(face) if isinstance(face, str) else tuple(face)
        _parse_face("+".join(kinds))
        self.faces[i - 1] = kinds
        w = self.w_faces[i - 1]
        if w.value != _face_text(kinds):
            w.value = _face_text(kinds)
        self._refresh()

    def _set_name(self, name: str) -> None:
        self.sheet_name = name.strip()
        self._refresh()

    def _set_title(self, title: str) -> None:
        self.sheet_title = title.strip()
        self._refresh()

    def click(self, h: Hex, near: tuple[float, float] | None = None) -> None:
        """Use the current brush on hex ``h`` (as a click there does). ``near`` is the
        clicked point, for a mountain brush: the border nearest to it."""
        brush = self.w_brush.value
        if brush.startswith("region "):
            self.paint(h, int(brush.split()[1]))
        elif brush == "erase hex":
            self.erase(h)
        elif brush == "city":
            self.place_city(h)
        elif brush == "town":
            self.place_town(h)
        else:
            level = "hard" if "hard" in brush else "medium"
            cx, cy = centre(h)
            px, py = near if near is not None else (cx + 1, cy)
            e = min(range(6), key=lambda k: math.hypot(*(u - v for u, v in zip(_edge_mid(cx, cy, k), (px, py)))))
            self.toggle_mountain(h, hx.neighbor(h, e), level)

    # ------------------------------------------------------------ the sheet as data
    def to_dict(self) -> dict:
        """The edited sheet as JSON data (may be invalid: see :meth:`validate`)."""
        regions = {}
        for n in REGION_NUMBERS:
            r = {"colour": self.colours.get(n, "grey"),
                 "hexes": [list(h) for h in self._order if self.region_of.get(h) == n]}
            if n in self.cities:
                r["city"] = list(self.cities[n])
            if n in self.towns:
                r["town"] = list(self.towns[n])
            regions[str(n)] = r
        return {
            "format": sheets.FORMAT, "version": sheets.VERSION, "name": self.sheet_name, "title": self.sheet_title or self.sheet_name,
            "note": self.note, "provenance": self.provenance, "orientation": "pointy", "regions": regions,
            "goods_destination": copy.deepcopy(self.goods_destination),
            "mountains": {k: [[list(h) for h in sorted(b)] for b in sorted(v, key=sorted)]
                          for k, v in self.mountains.items()},
            "black_die_faces": [list(f) for f in self.faces],
        }

    def _source(self) -> str:
        return str(self.folder / f"{self.sheet_name or 'unnamed'}.json")

    def validate(self) -> Sheet:
        """The edited sheet as a checked :class:`Sheet` (raises DataError)."""
        return sheets.parse(self.to_dict(), self._source())

    def save(self, path: str | Path | None = None) -> Path:
        """Check and write the sheet atomically (default ``<folder>/<name>.json``)."""
        path = Path(path) if path else Path(self._source())
        s = sheets.parse(self.to_dict(), str(path))
        out = s.save(path)
        self.msg.object = f"Saved {out} ({s.summary()})."
        self.msg.alert_type = "success"
        return out

    def _saved_copy(self) -> Path:
        s = self.validate()
        return s.save(self.scratch() / f"{s.name}.json")

    def _table_args(self) -> dict:
        players = int(self.w_players.value)
        args = dict(players=players, rules={"mountains": self.w_mountains.value})
        if players == 1:
            args["difficulty"] = self.w_difficulty.value
        return args

    def play(self, seed: int = 1, bots: tuple[str, ...] = ("greedy",), auto: bool = True):
        """Play the edited sheet: a Steam Rollers game shown under the editor (solo against
        Olivia with 1 player, else against bots; you are seat 0, "Player 1").
        Returns the :class:`~railkit.viz.steam_rollers.view.SteamRollersView`."""
        from railkit.viz.steam_rollers.view import SteamRollersView
        from railkit.viz.shell.table import Table

        path = self._saved_copy()
        args = self._table_args()
        players = args.pop("players")
        table = Table(players=players, humans=[0], bots=[bots[i % len(bots)] for i in range(max(players - 1, 1))],
                      seed=seed, game="steam-rollers", sheet=str(path), **args)
        self.game = SteamRollersView(table, auto=auto)
        sheet = sheets.load(path)
        self.play_area.objects = [pn.pane.Markdown(f"### Playing {sheet.title}"), self.game]
        self._played(sheet)
        return self.game

    def simulate(self, games: int = 24, agents: str = "greedy", seed: int = 0):
        """Play ``games`` seeded bot games on the edited sheet (the Players, level and
        mountain settings of the editor) and show a small table of results per seat.

        Returns the table (a pandas DataFrame, one row per seat); the game rows are
        in ``self.results.attrs["games"]``.
        """
        from railkit.sim.runner import run

        path = self._saved_copy()
        args = self._table_args()
        opts = {"sheet": str(path)}
        if "difficulty" in args:
            opts["difficulty"] = args["difficulty"]
        df = run("steam-rollers", rules=args["rules"], agents=agents, games=int(games), seed=seed,
                 players=args["players"], options=opts, progress=False)
        self.results = results_table(df)
        self.play_area.objects = [pn.pane.Markdown(f"### {int(games)} bot games on {self.sheet_title or self.sheet_name}"),
                                  pn.pane.DataFrame(self.results, index=False, sizing_mode="stretch_width")]
        return self.results

    # ------------------------------------------------------------ callbacks
    def _on_tap(self, event) -> None:
        h = hx.from_pixel(event.x, -event.y)
        if hx.distance((0, 0), h) > self.canvas_radius:
            return
        self._guard(self.click, h, (event.x, event.y))

    def tap(self, h: Hex, near: tuple[float, float] | None = None) -> None:
        """Send the figure a Tap on hex ``h`` (at its centre or ``near``), as a click does."""
        x, y = near if near is not None else centre(h)
        self.figure._trigger_event(Tap(self.figure, x=x, y=y))

    # ------------------------------------------------------------ redraw + validation
    def _redraw(self) -> None:
        radius = self._needed_radius()
        grow = radius != self.radius
        self.radius = radius
        cells = dict(fill=[], hatch=[], line=[], region=[], what=[])
        nums = []
        city_at = {h: n for n, h in self.cities.items()}
        town_at = {h: n for n, h in self.towns.items()}
        for h in self._canvas:
            n = self.region_of.get(h)
            if n is None:
                cells["fill"].append("#fbf8ef"); cells["hatch"].append(" "); cells["line"].append("#d5d0c4")
                cells["region"].append("-"); cells["what"].append("not on the sheet")
                nums.append("")
                continue
            cells["fill"].append(TINT.get(self.colours.get(n, ""), "#eeeeee")); cells["hatch"].append(HATCH.get(n, " "))
            cells["line"].append("#8d8d8d"); cells["region"].append(str(n))
            cells["what"].append(f"city {city_at[h]}" if h in city_at else f"town {town_at[h]}" if h in town_at
                                 else "empty hex")
            nums.append("" if h in city_at else str(n))
        if not self.canvas_src.data["hex"]:  # the first drawing: the whole canvas
            outlines = [hex_outline(centre(h)) for h in self._canvas]
            self.canvas_src.data = dict(xs=[o[0] for o in outlines], ys=[o[1] for o in outlines],
                                        hex=[hx.format_hex(h) for h in self._canvas], **cells)
            self.number_src.data = dict(x=[centre(h)[0] for h in self._canvas],
                                        y=[centre(h)[1] + 0.56 for h in self._canvas], text=nums)
        else:  # then the same columns with new values (the canvas never changes size)
            if any(list(self.canvas_src.data[c]) != v for c, v in cells.items()):
                self.canvas_src.data = {**{c: self.canvas_src.data[c] for c in ("xs", "ys", "hex")}, **cells}
            if list(self.number_src.data["text"]) != nums:
                self.number_src.data = {"x": self.number_src.data["x"], "y": self.number_src.data["y"], "text": nums}
        city = dict(x=[], y=[], text=[], fill=[], ink=[])
        for n, h in sorted(self.cities.items()):
            x, y = centre(h)
            colour = self.colours.get(n, "")
            city["x"].append(x); city["y"].append(y); city["text"].append(str(n))
            city["fill"].append(STRONG.get(colour, "#777777"))
            city["ink"].append("#000000" if colour in ("yellow", "grey-light") else "#ffffff")
        if dict(self.city_src.data) != city:
            self.city_src.data = city
        town = dict(x=[], y=[], text=[])
        for n, h in sorted(self.towns.items()):
            x, y = centre(h)
            town["x"].append(x); town["y"].append(y); town["text"].append(f"T{n}")
        if dict(self.town_src.data) != town:
            self.town_src.data = town
        for key, src in (("medium", self.mountain_src), ("hard_adds", self.hard_src)):
            bars = dict(x0=[], y0=[], x1=[], y1=[])
            for border in sorted(sorted(b) for b in self.mountains[key]):
                a, b = border
                e = hx.edge_between(a, b)
                cx, cy = centre(a)
                p, q = _corner(cx, cy, e), _corner(cx, cy, (e - 1) % 6)
                bars["x0"].append(p[0]); bars["y0"].append(p[1]); bars["x1"].append(q[0]); bars["y1"].append(q[1])
            if dict(src.data) != bars:
                src.data = bars
        if grow:
            self.fit_view()
        self._validate_now()

    def _validate_now(self) -> None:
        try:
            s = self.validate()
        except DataError as exc:
            self.ok = False
            self.rule = sheet_rule(exc) or ""
            head = f"Not valid yet (rule {self.rule})" if self.rule else "Not valid yet"
            self.status = f"{head}: {exc}"
            self.msg.object = self.status
            self.msg.alert_type = "danger"
        else:
            self.ok = True
            self.rule = ""
            self.status = "OK: " + s.summary()
            self.msg.object = self.status
            self.msg.alert_type = "success"
        self.figure.title.text = ("Valid sheet: " if self.ok else "Not valid yet: ") + (self.sheet_title or self.sheet_name)
        for b in (self.b_save, self.b_play, self.b_sim):
            b.disabled = not self.ok


def _edge_mid(cx: float, cy: float, e: int) -> tuple[float, float]:
    dx, dy = hx.to_pixel(hx.DIRECTIONS[e])
    return cx + dx / 2, cy - dy / 2


def _corner(cx: float, cy: float, e: int) -> tuple[float, float]:
    """The corner shared by edges ``e`` and ``e + 1`` (as :mod:`railkit.viz.steam_rollers.sheet` draws it)."""
    ang = math.radians(-60 * e - 30)
    return cx + math.cos(ang), cy - math.sin(ang)


def results_table(df):
    """Per seat: games, mean score, wins, mean deliveries and network points, and
    (solo) Olivia's mean score, from the rows of :func:`railkit.sim.runner.run`.

    >>> import pandas as pd
    >>> df = pd.DataFrame(dict(seat=[0, 0], agent=["greedy"] * 2, score=[30, 20], win=[True, False],
    ...                        deliveries=[6, 4], network_points=[7, 5], rounds=[15, 13], error=["", ""],
    ...                        olivia_score=[25, 28]))
    >>> results_table(df).to_dict("records")[0]["mean score"]
    25.0
    """
    import pandas as pd

    ok = df[df["error"] == ""] if "error" in df else df
    rows = []
    for seat, part in ok.groupby("seat", sort=True):
        row = {"seat": f"Player {int(seat) + 1}", "bot": part["agent"].iloc[0], "games": len(part),
               "mean score": round(float(part["score"].mean()), 1),
               "wins": int(part["win"].sum()), "mean deliveries": round(float(part["deliveries"].mean()), 1),
               "mean network points": round(float(part["network_points"].mean()), 1),
               "mean rounds": round(float(part["rounds"].mean()), 1)}
        if "olivia_score" in part and part["olivia_score"].notna().all():
            row["Olivia's mean score"] = round(float(part["olivia_score"].astype(float).mean()), 1)
        rows.append(row)
    out = pd.DataFrame(rows)
    out.attrs["games"] = df
    return out

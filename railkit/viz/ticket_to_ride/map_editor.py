"""A map editor for Ticket to Ride style maps.

Drag cities (Bokeh ``PointDrawTool``: drag to move, tap empty space to add,
select + Backspace to delete), tap two cities to choose a new route's ends,
set its length and colour (and a second track for a double route), edit the
ticket list, and see live validation: every change is checked with
:meth:`railkit.maps.Map.from_dict`, so a problem is shown as the same
:class:`~railkit.core.errors.DataError` text the loader gives (file, JSON path,
what was expected). Saving goes through :meth:`Map.save` (checked, atomic).

Edited maps are saved with the ``xy`` layout (the projected positions of a geo
map), since dragged cities no longer have a latitude and longitude. The title
follows the map's name until you type one. The view fits the cities whenever one
is added or moved from code; while a city is dragged its routes follow it in the
browser at once. A ticket deck too small to deal every player their starting
tickets is warned about. "Play this map" shows a game on it under the editor.

>>> ed = MapEditor("teaching-small")
>>> ed.add_city("Delta", 5.5, 1.0)
>>> ed.add_route("Fort", "Delta", 2, "red")
'Fort-Delta'
>>> ed.validate().summary()
'teaching-small: 9 cities, 13 routes (1 double), total length 27, tickets: base 10'
>>> ed.w_name.value = "my-valley"; ed.to_dict()["title"]
'My valley'
>>> ed.set_tickets_text("Harbor, Delta, 8\\nCamp, Fort, 6"); ed.warnings()
['the ticket deck has 2 tickets; 2 players need at least 6 to be dealt 3 each at the start']
>>> ed.add_route("Fort", "Nowhere", 2, "red")
Traceback (most recent call last):
...
railkit.core.errors.DataError: ...: at $.routes[13].b: expected a city listed in $.cities (unknown city), got 'Nowhere'
"""

from __future__ import annotations

import copy
import math
from pathlib import Path

import panel as pn
import param
from bokeh.models import ColumnDataSource, CustomJS, PointDrawTool
from bokeh.plotting import figure

from railkit.core.errors import DataError
from railkit.maps import (MAP_NAME, MAPS_DIR, ROUTE_COLOURS, USER_MAPS_DEFAULT, Map, load, shipped_names,
                          user_maps_dir)
from railkit.viz.shell.editor import Editor
from railkit.viz.ticket_to_ride.style import card_hex

#: The maps that ship with railkit (in ``maps/``): the editor never writes over them.
SHIPPED_MAPS = ("usa", "teaching-small", "steam-default")


#: Browser-side redraw of the routes from the cities' positions, so a dragged city's
#: routes move with it at once (the server's redraw, after the drag, gives the same).
_FOLLOW_JS = """
const pos = {};
const C = cities.data;
for (let i = 0; i < C.name.length; i++) pos[C.name[i]] = [C.x[i], C.y[i]];
const R = routes.data;
let moved = false;
for (let k = 0; k < R.a.length; k++) {
  const A = pos[R.a[k]], B = pos[R.b[k]];
  if (A === undefined || B === undefined) continue;
  const d = Math.hypot(B[0] - A[0], B[1] - A[1]) || 1.0;
  const nx = -(B[1] - A[1]) / d, ny = (B[0] - A[0]) / d, off = R.off[k];
  const xs = [A[0] + nx * off, B[0] + nx * off], ys = [A[1] + ny * off, B[1] + ny * off];
  if (xs[0] !== R.xs[k][0] || xs[1] !== R.xs[k][1] || ys[0] !== R.ys[k][0] || ys[1] !== R.ys[k][1]) {
    R.xs[k] = xs; R.ys[k] = ys;
    R.mx[k] = (A[0] + B[0]) / 2 + nx * off; R.my[k] = (A[1] + B[1]) / 2 + ny * off;
    moved = true;
  }
}
if (moved) routes.change.emit();  // redraw here; the server redraws from the positions it hears
"""


def title_from_name(name: str) -> str:
    """A map title made from its file name: ``'my-valley'`` -> ``'My valley'``.

    >>> title_from_name("my_big-valley")
    'My big valley'
    """
    words = name.replace("_", " ").replace("-", " ").split()
    text = " ".join(words) or "Untitled map"
    return text[0].upper() + text[1:]


def _map_to_xy_dict(m: Map) -> dict:
    data = m.to_dict()
    data["layout"] = "xy"
    data["cities"] = [{"name": c.name, "x": round(c.x, 3), "y": round(c.y, 3)} for c in m.cities.values()]
    return data


class MapEditor(Editor):
    """Edit a map in the browser or notebook; see :mod:`railkit.viz.ticket_to_ride.map_editor`.

    Parameters
    ----------
    start : Map or str
        The map to start from (a name such as ``"teaching-small"``, a path or a Map).
    folder : str or Path
        Where :meth:`save` writes ``<name>.json`` (default: ``my-maps`` in the working
        directory; railkit's own maps are package data, which an installed railkit never
        writes into).
    """

    noun = "map"

    def __init__(self, start: Map | str = "teaching-small", *, folder: str | Path = USER_MAPS_DEFAULT,
                 width: int = 720, height: int = 520, **params):
        super().__init__(**params)
        m = load(start) if isinstance(start, (str, Path)) else start
        self.data = _map_to_xy_dict(m)
        self.folder = Path(folder)
        self._taps: list[str] = []
        self._busy = False
        self._title_auto = True  # the title follows the name until one is typed
        self.cities_src = ColumnDataSource(dict(
            name=[c["name"] for c in self.data["cities"]],
            x=[c["x"] for c in self.data["cities"]],
            y=[c["y"] for c in self.data["cities"]],
        ), name="editor_cities")
        self.routes_src = ColumnDataSource(dict(xs=[], ys=[], color=[], id=[], mx=[], my=[], length=[],
                                                a=[], b=[], off=[]), name="editor_routes")
        self.figure = self._make_figure(width, height)
        self._pane = pn.pane.Bokeh(self.figure)
        follow = CustomJS(args=dict(cities=self.cities_src, routes=self.routes_src), code=_FOLLOW_JS)
        for event in ("change", "change:data", "patching", "streaming"):
            self.cities_src.js_on_change(event, follow)
        self.cities_src.on_change("data", self._on_cities_changed)
        self.cities_src.selected.on_change("indices", self._on_city_tap)
        self._make_widgets()
        self._refresh()

    # ------------------------------------------------------------ layout
    def _extent(self) -> tuple[float, float, float, float]:
        """The view that shows every city, with a margin for the labels."""
        xs = list(self.cities_src.data["x"]) or [0.0, 1.0]
        ys = list(self.cities_src.data["y"]) or [0.0, 1.0]
        padx = (max(xs) - min(xs)) * 0.12 or 1
        pady = (max(ys) - min(ys)) * 0.12 or 1
        # labels sit to the right of the dots: more room on that side
        return min(xs) - padx, max(xs) + 1.6 * padx, min(ys) - pady, max(ys) + pady

    def fit_view(self, only_if_outside: bool = False) -> None:
        """Fit the view to the cities (with ``only_if_outside``: only when one is outside it)."""
        x0, x1, y0, y1 = self._extent()
        xr, yr = self.figure.x_range, self.figure.y_range
        if only_if_outside and all(xr.start <= x <= xr.end for x in self.cities_src.data["x"]) and \
                all(yr.start <= y <= yr.end for y in self.cities_src.data["y"]):
            return
        xr.update(start=x0, end=x1)
        yr.update(start=y0, end=y1)

    def _make_figure(self, width, height):
        x0, x1, y0, y1 = self._extent()
        fig = figure(width=width, height=height, match_aspect=True, name="editor",
                     x_range=(x0, x1), y_range=(y0, y1),
                     tools="pan,wheel_zoom,reset", title="Drag cities; tap two cities to pick a route's ends")
        fig.background_fill_color = "#f4efe1"
        fig.grid.visible = False
        fig.multi_line("xs", "ys", source=self.routes_src, line_color="color", line_width=7, name="editor_routes")
        fig.multi_line("xs", "ys", source=self.routes_src, line_color="#333333", line_width=1, line_dash="dashed")
        fig.text("mx", "my", text="length", source=self.routes_src, text_font_size="9pt", text_align="center",
                 text_baseline="middle", background_fill_color="#ffffff", background_fill_alpha=0.8,
                 name="editor_lengths")
        cities = fig.scatter("x", "y", source=self.cities_src, size=16, fill_color="#c62828",
                             line_color="#ffffff", line_width=2, name="editor_city_dots")
        fig.text("x", "y", text="name", source=self.cities_src, x_offset=9, y_offset=-5,
                 text_font_size="10pt", text_font_style="bold")
        tool = PointDrawTool(renderers=[cities], default_overrides={"name": ""}, add=True)
        fig.add_tools(tool)
        fig.toolbar.active_tap = tool
        fig.toolbar.active_drag = tool
        return fig

    def _make_widgets(self):
        names = list(self.cities_src.data["name"])
        self.w_name = pn.widgets.TextInput(label="Map name (file name)", value=self.data["name"], width=200)
        self.w_title = pn.widgets.TextInput(label="Title", value=self.data.get("title") or "", width=200)
        self.w_players = pn.widgets.IntSlider(label="Players", start=2, end=5, value=2, width=200)
        self.w_city = pn.widgets.TextInput(label="Rename tapped city to", width=200)
        self.b_rename = pn.widgets.Button(label="Rename city", width=120)
        self.b_remove_city = pn.widgets.Button(label="Remove city", color="warning", width=120)
        self.w_a = pn.widgets.Select(label="From", options=names, width=150)
        self.w_b = pn.widgets.Select(label="To", options=names, width=150)
        self.w_len = pn.widgets.IntSlider(label="Length", start=1, end=8, value=2, width=200)
        self.w_col = pn.widgets.Select(label="Colour", options=list(ROUTE_COLOURS), value="gray", width=120)
        self.w_double = pn.widgets.Checkbox(label="Double route")
        self.w_col2 = pn.widgets.Select(label="Second track colour", options=list(ROUTE_COLOURS), value="gray", width=120)
        self.b_add = pn.widgets.Button(label="Add route", color="primary", width=120)
        self.w_routes = pn.widgets.Select(label="Routes", options=[], size=8, width=260)
        self.b_update = pn.widgets.Button(label="Set length/colour", width=140)
        self.b_del = pn.widgets.Button(label="Remove route", color="warning", width=120)
        self.w_tickets = pn.widgets.TextAreaInput(label="Tickets (one per line: City A, City B, points)",
                                                  height=160, width=320)
        self.w_tickets.value = self._tickets_text()
        self.b_save = pn.widgets.Button(label="Save map", color="success", width=120)
        self.b_play = pn.widgets.Button(label="Play this map", color="primary", width=120)
        self.msg = pn.pane.Alert("", alert_type="info", sizing_mode="stretch_width", max_width=900)
        self.play_area = pn.Column()
        self.b_rename.on_click(lambda e: self._guard(self.rename_city, self._taps[-1] if self._taps else "", self.w_city.value))
        self.b_remove_city.on_click(lambda e: self._guard(self.remove_city, self._taps[-1] if self._taps else ""))
        self.b_add.on_click(lambda e: self._guard(self.add_route, self.w_a.value, self.w_b.value, self.w_len.value,
                                                  self.w_col.value, self.w_col2.value if self.w_double.value else None))
        self.b_del.on_click(lambda e: self._guard(self.remove_route, self.w_routes.value))
        self.b_update.on_click(lambda e: self._guard(self.update_route, self.w_routes.value, self.w_len.value, self.w_col.value))
        self.w_routes.param.watch(self._on_route_pick, "value")
        self.w_tickets.param.watch(lambda e: self._guard(self.set_tickets_text, e.new), "value")
        self.w_name.param.watch(lambda e: self._set_name(e.new), "value")
        self.w_title.param.watch(lambda e: self._set_title(e.new), "value")
        self.w_players.param.watch(lambda e: self._refresh(), "value")
        self.b_save.on_click(lambda e: self._guard(self.save))
        self.b_play.on_click(lambda e: self._guard(self.play))

    def __panel__(self):
        # Boxes of fixed width that wrap (FlexBox): nothing is cut off in a narrow notebook.
        city_box = pn.Column("### Cities", self.w_city, pn.Row(self.b_rename, self.b_remove_city), width=300)
        route_box = pn.Column("### Routes", pn.Row(self.w_a, self.w_b), self.w_len, pn.Row(self.w_col, self.w_double),
                              self.w_col2, self.b_add, self.w_routes, pn.Row(self.b_update, self.b_del), width=320)
        map_box = pn.Column("### Map", self.w_name, self.w_title, width=300)
        save_box = pn.Column("### Save and play", self.w_players, pn.Row(self.b_save, self.b_play), width=300)
        tickets_box = pn.Column("### Tickets", self.w_tickets, width=340)
        return pn.Column(
            self.msg,
            pn.FlexBox(self._pane, pn.Column(map_box, city_box), route_box, tickets_box, save_box,
                       flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width"),
            self.play_area,
            sizing_mode="stretch_width",
        )

    # ------------------------------------------------------------ editing API
    def city_names(self) -> list[str]:
        return list(self.cities_src.data["name"])

    def _set_cities(self, data: dict) -> None:
        """Replace the cities' data source as a whole (never streamed: a streamed row could
        come back from the browser's PointDrawTool as a second, new point)."""
        self._busy = True
        try:
            self.cities_src.data = {k: list(v) for k, v in data.items()}
        finally:
            self._busy = False

    def add_city(self, name: str, x: float, y: float) -> None:
        """Add a city at ``(x, y)``; the view grows to show it."""
        name = name.strip()
        if not name or name in self.city_names():
            raise ValueError(f"Choose a new, unused city name (got {name!r}).")
        d = self.cities_src.data
        self._set_cities(dict(name=list(d["name"]) + [name], x=list(d["x"]) + [float(x)], y=list(d["y"]) + [float(y)]))
        self.fit_view()
        self._refresh()

    def move_city(self, name: str, x: float, y: float) -> None:
        """Move a city to ``(x, y)``; the view grows to show it."""
        i = self.city_names().index(name)
        d = {k: list(v) for k, v in self.cities_src.data.items()}
        d["x"][i], d["y"][i] = float(x), float(y)
        self._set_cities(d)
        self.fit_view(only_if_outside=True)
        self._refresh()

    def rename_city(self, old: str, new: str) -> None:
        """Rename a city everywhere (routes and tickets follow)."""
        new = new.strip()
        if old not in self.city_names():
            raise KeyError("Tap a city first, then type its new name.")
        if not new or new in self.city_names():
            raise ValueError(f"Choose a new, unused name for {old} (got {new!r}).")
        i = self.city_names().index(old)
        d = {k: list(v) for k, v in self.cities_src.data.items()}
        d["name"][i] = new
        self._set_cities(d)
        for r in self.data["routes"]:
            for end in ("a", "b"):
                if r[end] == old:
                    r[end] = new
            r["id"] = r["id"].replace(old, new) if old in r["id"].split("/")[0].split("-") else r["id"]
        for deck in self.data["tickets"].values():
            for t in deck:
                for end in ("a", "b"):
                    if t[end] == old:
                        t[end] = new
        self._taps = [new if t == old else t for t in self._taps]
        self.w_tickets.value = self._tickets_text()
        self._refresh()

    def remove_city(self, name: str) -> None:
        """Remove a city with its routes and tickets."""
        if name not in self.city_names():
            raise KeyError("Tap a city first, then remove it.")
        i = self.city_names().index(name)
        self._set_cities({k: [v for j, v in enumerate(vals) if j != i] for k, vals in self.cities_src.data.items()})
        self.data["routes"] = [r for r in self.data["routes"] if name not in (r["a"], r["b"])]
        for deck in self.data["tickets"]:
            self.data["tickets"][deck] = [t for t in self.data["tickets"][deck] if name not in (t["a"], t["b"])]
        self._taps = [t for t in self._taps if t != name]
        self.w_tickets.value = self._tickets_text()
        self._refresh()

    def add_route(self, a: str, b: str, length: int, colour: str, second_colour: str | None = None) -> str:
        """Add a route (and a second track when ``second_colour`` is given); returns the id.

        The new map is validated first: a route that would make the map invalid
        is not added and the DataError is raised (and shown).
        """
        base = f"{a}-{b}"
        routes = copy.deepcopy(self.data["routes"])
        if second_colour:
            routes += [dict(id=f"{base}/1", a=a, b=b, length=int(length), color=colour),
                       dict(id=f"{base}/2", a=a, b=b, length=int(length), color=second_colour)]
            rid = f"{base}/1"
        else:
            rid = base
            n = 2
            existing = {r["id"] for r in routes}
            while rid in existing:
                rid = f"{base}/{n}"
                n += 1
            routes.append(dict(id=rid, a=a, b=b, length=int(length), color=colour))
        Map.from_dict(self._as_dict(routes=routes), self._source())
        self.data["routes"] = routes
        self._refresh()
        return rid

    def update_route(self, rid: str, length: int, colour: str) -> None:
        for r in self.data["routes"]:
            if r["id"] == rid:
                r["length"], r["color"] = int(length), colour
                self._refresh()
                return
        raise KeyError(f"Pick a route in the list first (no route {rid!r}).")

    def remove_route(self, rid: str) -> None:
        before = len(self.data["routes"])
        self.data["routes"] = [r for r in self.data["routes"] if r["id"] != rid]
        if len(self.data["routes"]) == before:
            raise KeyError(f"Pick a route in the list first (no route {rid!r}).")
        self._refresh()

    def set_tickets_text(self, text: str, deck: str | None = None) -> None:
        """Replace a ticket deck from lines ``City A, City B, points``."""
        deck = deck or self.data.get("default_deck") or "base"
        items = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            parts = [p.strip() for p in line.split(",")]
            if len(parts) != 3 or not parts[2].lstrip("-").isdigit():
                raise DataError("tickets box", f"line {n}", "'City A, City B, points'", line)
            items.append({"a": parts[0], "b": parts[1], "points": int(parts[2])})
        self.data["tickets"][deck] = items
        self.data["default_deck"] = deck
        if self.w_tickets.value != text:
            self.w_tickets.value = text
        self._refresh()

    def _tickets_text(self) -> str:
        deck = self.data.get("default_deck") or "base"
        return "\n".join(f"{t['a']}, {t['b']}, {t['points']}" for t in self.data["tickets"].get(deck, []))

    def _set_name(self, name: str) -> None:
        self.data["name"] = name
        if self._title_auto:
            self.data["title"] = title_from_name(name)
            if self.w_title.value != self.data["title"]:
                self._title_from_code = True
                try:
                    self.w_title.value = self.data["title"]
                finally:
                    self._title_from_code = False
        self._refresh()

    _title_from_code = False

    def _set_title(self, title: str) -> None:
        if not self._title_from_code:
            self._title_auto = not title.strip()  # an emptied title follows the name again
        self.data["title"] = title.strip() or title_from_name(self.data["name"])
        self._refresh()

    def _as_dict(self, routes=None) -> dict:
        data = dict(self.data)
        data["cities"] = [{"name": n, "x": float(x), "y": float(y)} for n, x, y in
                          zip(self.cities_src.data["name"], self.cities_src.data["x"], self.cities_src.data["y"])]
        data["routes"] = routes if routes is not None else self.data["routes"]
        data["title"] = data.get("title") or data["name"]
        return data

    def _source(self) -> str:
        return str(self.folder / f"{self.data['name']}.json")

    def to_dict(self) -> dict:
        """The edited map as JSON data (may be invalid: see :meth:`validate`)."""
        return self._as_dict()

    def validate(self) -> Map:
        """The edited map as a checked :class:`Map` (raises DataError)."""
        return Map.from_dict(self._as_dict(), self._source())

    def save(self, path: str | Path | None = None) -> Path:
        """Check and write the map atomically (default ``<folder>/<name>.json``).

        Only inside the editor's folder: the file name is the map's name (letters,
        digits, ``-`` and ``_``), never a path (``../x``, an absolute name, a nested
        folder), never a symbolic link, and never a map that ships with railkit.
        Anything else, and any error writing the file, raises :class:`DataError`
        with a plain message (shown under the editor by the Save button).
        """
        m = Map.from_dict(self._as_dict(), self._source())
        target = self._safe_target(m.name if path is None else path)
        try:
            out = m.save(target)
        except OSError as exc:
            raise DataError(target.name, "$", f"a file the editor can write in its folder ({exc.strerror or exc})") from None
        # the folder by its name only: a served page never shows a server path
        self.msg.object = f"Saved {out.name} in {self.folder.name}/ ({m.summary()})."
        self.msg.alert_type = "success"
        return out

    def _safe_target(self, name: str | Path) -> Path:
        """``<folder>/<name>.json`` for a safe map name (see :meth:`save`), else DataError."""
        what = ("a map name of letters, digits, - and _ (at most 64), saved as a file in the editor's folder "
                f"{self.folder.name}/")
        text = str(name)
        p = Path(text)
        if p.suffix == ".json" and (p.parent == Path(".") or p.parent.resolve() == self.folder.resolve()):
            text = p.stem  # the editor's own folder, named in full
        if not MAP_NAME.fullmatch(text):  # saved as <folder>/<name>.json: never a path
            raise DataError("map name", "$", what, str(name))
        folder = self.folder.resolve()
        shipped = set(SHIPPED_MAPS) | shipped_names()
        # a map there is found by name: never one that would stand for a shipped map
        if folder in (MAPS_DIR.resolve(), user_maps_dir(), Path(USER_MAPS_DEFAULT).resolve()) \
                and text.lower() in shipped:
            raise DataError("map name", "$", f"a name other than {text!r}, a map that ships with railkit "
                            "(choose a new name)", text)
        target = self.folder / f"{text}.json"
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise DataError("map name", "$", f"a name that is not a link or a folder in {self.folder.name}/", text)
        if target.resolve().parent != folder:
            raise DataError("map name", "$", what, str(name))
        return target

    def play(self, seed: int = 1, bots: tuple[str, ...] = ("greedy-route",)) -> Map:
        """Play the edited map: a game against bots shown under the editor (one seat per
        player of the Players slider; you are the first). Callbacks of :meth:`on_play`
        get the map."""
        from railkit.games.ticket_to_ride import SPEC
        from railkit.viz.shell.games import quick_game

        m = self.validate()
        path = m.save(self.scratch() / f"{m.name}.json")
        players = int(self.w_players.value)
        self.game = quick_game(SPEC, players=players, bots=[bots[i % len(bots)] for i in range(players - 1)],
                               seed=seed, map=str(path))
        self.play_area.objects = [pn.pane.Markdown(f"### Playing {m.title}"), self.game]
        self._played(m)
        return m

    # ------------------------------------------------------------ callbacks
    def _on_cities_changed(self, attr, old, new) -> None:
        """The browser changed the cities (a drag, or a tap in empty space adding a point).

        A row on the very spot of an earlier one is not a new city but an echo of one
        (a point added from code that came back from the browser): it is dropped. A
        new point gets a unique name ``City k``.
        """
        if self._busy:
            return
        d = self.cities_src.data
        names, xs, ys = list(d["name"]), list(d["x"]), list(d["y"])
        keep, spots, seen, changed = [], [], set(), False
        for n, x, y in zip(names, xs, ys):
            if any(abs(x - a) < 1e-9 and abs(y - b) < 1e-9 for a, b in spots):
                changed = True
                continue
            if not n or n in seen:
                k = 1
                while f"City {k}" in names or f"City {k}" in seen:
                    k += 1
                n = f"City {k}"
                changed = True
            keep.append((n, x, y))
            spots.append((x, y))
            seen.add(n)
        if changed:
            self._set_cities(dict(name=[k[0] for k in keep], x=[k[1] for k in keep], y=[k[2] for k in keep]))
        self.fit_view(only_if_outside=True)
        self._refresh()

    def _on_city_tap(self, attr, old, new) -> None:
        if not new:
            return
        self.tap_city(self.city_names()[new[-1]])

    def tap_city(self, name: str) -> None:
        """A city was tapped: the last two taps are the new route's ends."""
        self._taps = (self._taps + [name])[-2:]
        self.w_city.value = name
        if len(self._taps) == 2 and self._taps[0] != self._taps[1]:
            self.w_a.value, self.w_b.value = self._taps
        else:
            self.w_a.value = name

    def _on_route_pick(self, event) -> None:
        for r in self.data["routes"]:
            if r["id"] == event.new:
                self.w_len.value = max(self.w_len.start, min(self.w_len.end, r["length"]))
                self.w_col.value = r["color"]

    # ------------------------------------------------------------ redraw + validation
    def _redraw(self) -> None:
        names = self.city_names()
        pos = {n: (x, y) for n, x, y in zip(names, self.cities_src.data["x"], self.cities_src.data["y"])}
        xs, ys, col, ids, mx, my, lens, ends_a, ends_b, offs = [], [], [], [], [], [], [], [], [], []
        by_pair: dict[tuple, list] = {}
        for r in self.data["routes"]:
            by_pair.setdefault(tuple(sorted((r["a"], r["b"]))), []).append(r)
        allx = [p[0] for p in pos.values()] or [0, 1]
        ally = [p[1] for p in pos.values()] or [0, 1]
        spacing = math.hypot(max(allx) - min(allx), max(ally) - min(ally)) * 0.012
        for (a, b), tracks in by_pair.items():
            if a not in pos or b not in pos:
                continue
            (ax, ay), (bx, by) = pos[a], pos[b]
            d = math.hypot(bx - ax, by - ay) or 1.0
            nx_, ny_ = -(by - ay) / d, (bx - ax) / d
            for i, r in enumerate(tracks):
                off = (i - (len(tracks) - 1) / 2) * spacing
                xs.append([ax + nx_ * off, bx + nx_ * off])
                ys.append([ay + ny_ * off, by + ny_ * off])
                col.append(card_hex(r["color"]))
                ids.append(r["id"])
                mx.append((ax + bx) / 2 + nx_ * off)
                my.append((ay + by) / 2 + ny_ * off)
                lens.append(str(r["length"]))
                ends_a.append(a)
                ends_b.append(b)
                offs.append(off)
        self.routes_src.data = dict(xs=xs, ys=ys, color=col, id=ids, mx=mx, my=my, length=lens,
                                    a=ends_a, b=ends_b, off=offs)
        for w in (self.w_a, self.w_b):
            w.options = names
        self.w_routes.options = [r["id"] for r in self.data["routes"]]
        try:
            m = self.validate()
        except DataError as exc:
            self.ok = False
            self.status = str(exc)
            self.msg.object = f"Not valid yet: {exc}"
            self.msg.alert_type = "danger"
        else:
            self.ok = True
            self.status = "OK: " + m.summary()
            warnings = self.warnings(m)
            if warnings:
                self.status += " Warning: " + "; ".join(warnings) + "."
            self.msg.object = self.status
            self.msg.alert_type = "warning" if warnings else "success"

    def warnings(self, m: Map | None = None) -> list[str]:
        """What would spoil a game on this valid map with the Players slider's count."""
        from railkit.games.ticket_to_ride import SPEC

        m = m or self.validate()
        players = int(self.w_players.value)
        deal = SPEC.make_rules("base").setup_deal
        out = []
        deck = m.deck()
        need = players * deal
        if len(deck) < need:
            out.append(f"the ticket deck has {len(deck)} ticket{'s' if len(deck) != 1 else ''}; {players} players "
                       f"need at least {need} to be dealt {deal} each at the start")
        return out

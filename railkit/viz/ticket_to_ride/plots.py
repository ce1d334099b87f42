"""Ticket to Ride plots of simulation results: route and city usage drawn on the map."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
from bokeh.models import ColorBar, ColumnDataSource, HoverTool, NumeralTickFormatter
from bokeh.palettes import Viridis256
from bokeh.plotting import figure
from bokeh.transform import linear_cmap

from railkit.maps import Map, load
from railkit.sim.stats import item_usage
from railkit.viz.graphs.plots import OUTLINE

def _segments(m) -> dict[str, tuple[list[float], list[float]]]:
    """Straight track lines; the tracks of a double route side by side."""
    xs = [c.x for c in m.cities.values()]
    ys = [c.y for c in m.cities.values()]
    spacing = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) * 0.008
    out = {}
    for pair, tracks in m.routes_by_pair.items():
        (ax, ay), (bx, by) = m.position(pair[0]), m.position(pair[1])
        d = math.hypot(bx - ax, by - ay) or 1.0
        nx_, ny_ = -(by - ay) / d, (bx - ax) / d
        for i, r in enumerate(sorted(tracks, key=lambda r: r.id)):
            off = (i - (len(tracks) - 1) / 2) * spacing
            out[r.id] = ([ax + nx_ * off, bx + nx_ * off], [ay + ny_ * off, by + ny_ * off])
    return out


def usage_map(df: pd.DataFrame, map: Any = "usa", *, width: int = 900, height: int = 560,
              title: str | None = None, label_least: int = 3):
    """Ticket to Ride route and city usage drawn on the map.

    Route line width and colour show the share of games in which someone
    claimed the route; city circles the share of games in which someone's
    routes touched the city. The ``label_least`` least-used cities are named.

    Parameters
    ----------
    df : DataFrame
        A Ticket to Ride results table (list columns ``routes`` and ``cities``).
    map : str or Map
        The map the games were played on (name, path or :class:`railkit.maps.Map`).
    """
    m = map if isinstance(map, Map) else load(map)
    routes = item_usage(df, "routes", items=[r.id for r in m.routes]).set_index("item")
    cities = item_usage(df, "cities", items=list(m.cities)).set_index("item")
    seg = _segments(m)
    rsrc = ColumnDataSource({
        "xs": [seg[r.id][0] for r in m.routes], "ys": [seg[r.id][1] for r in m.routes],
        "route": [r.id for r in m.routes], "length": [r.length for r in m.routes],
        "share": [float(routes.share.get(r.id, 0.0)) for r in m.routes],
    })
    rsrc.data["width"] = [1.5 + 9 * s for s in rsrc.data["share"]]
    csrc = ColumnDataSource({
        "x": [c.x for c in m.cities.values()], "y": [c.y for c in m.cities.values()], "city": list(m.cities),
        "share": [float(cities.share.get(c, 0.0)) for c in m.cities],
    })
    csrc.data["size"] = [6 + 16 * s for s in csrc.data["share"]]
    xs, ys = csrc.data["x"], csrc.data["y"]
    padx, pady = (max(xs) - min(xs)) * 0.12, (max(ys) - min(ys)) * 0.08
    n = cities.attrs.get("games", 0)
    fig = figure(width=width, height=height, match_aspect=True, name="usage-map",
                 x_range=(min(xs) - padx, max(xs) + padx), y_range=(min(ys) - pady, max(ys) + pady),
                 title=title or f"Route and city usage on {m.title} ({n} games): share of games used",
                 tools="pan,wheel_zoom,reset,save")
    fig.axis.visible = False
    fig.grid.visible = False
    cmap = linear_cmap("share", Viridis256[::-1][40:], 0.0, 1.0)
    rsrc.data["outline"] = [w + 2.0 for w in rsrc.data["width"]]
    fig.multi_line("xs", "ys", source=rsrc, line_width="outline", line_color=OUTLINE, line_alpha=0.9)
    lines = fig.multi_line("xs", "ys", source=rsrc, line_width="width", line_color=cmap, line_alpha=1.0)
    fig.add_tools(HoverTool(renderers=[lines], tooltips=[("route", "@route"), ("length", "@length"),
                                                         ("claimed in", "@share{0%} of games")]))
    dots = fig.scatter("x", "y", source=csrc, size="size", fill_color=linear_cmap("share", Viridis256[::-1][40:], 0.0, 1.0),
                       line_color="#222222")
    fig.add_tools(HoverTool(renderers=[dots], tooltips=[("city", "@city"), ("used in", "@share{0%} of games")]))
    fig.add_layout(ColorBar(color_mapper=cmap.transform, title="share of games", width=10,
                            formatter=NumeralTickFormatter(format="0%")), "right")
    least_names = set(cities.sort_values(["share"]).head(label_least).index) if label_least else set()
    others = [c for c in m.cities if c not in least_names]
    fig.text(x=[m.position(c)[0] for c in others], y=[m.position(c)[1] for c in others], text=others,
             text_font_size="8pt", x_offset=7, y_offset=-3, text_color="#444444", name="city-names",
             background_fill_color="#ffffff", background_fill_alpha=0.6)
    if label_least:
        least = cities.sort_values(["share"]).head(label_least)
        pos = {c: m.position(c) for c in least.index}
        fig.text(x=[pos[c][0] for c in least.index], y=[pos[c][1] for c in least.index],
                 text=[f"{c} {least.share[c]:.0%}" for c in least.index], text_font_size="10pt",
                 x_offset=8, y_offset=-4, text_color="#b00020", text_font_style="bold", name="least-used",
                 background_fill_color="#ffffff", background_fill_alpha=0.7)
    return fig

"""Bokeh plots of simulation results (tables from :func:`railkit.sim.run`).

Every function takes a results table (or a summary of one) and returns a
``bokeh.plotting.figure`` (show it with ``bokeh.io.show`` or ``pn.pane.Bokeh``):

:func:`score_distribution`
    histograms of the final scores per seat, agent or variant;
:func:`win_rates`
    win rate per group with 95 % interval whiskers and the fair-share line
    (first-player advantage when grouped by seat);
:func:`interval_plot`
    any estimate with its interval per group (the building block);
:func:`usage_map`
    Ticket to Ride route and city usage drawn on the map;
:func:`solo_win_rates`
    Steam Rollers win rate against Olivia by difficulty;
:func:`chip_split_scores` / :func:`chip_value_points`
    Station Master score per chip-value split, and points earned by each chip value;
:func:`difference_plot`
    the differences of :func:`railkit.sim.compare` with their intervals.

>>> import pandas as pd
>>> df = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "score": [10, 4, 6, 9],
...                    "win": [True, False, False, True], "error": ""})
>>> win_rates(df).name, score_distribution(df).name
('win-rates', 'score-distribution')
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import pandas as pd
from bokeh.models import ColorBar, ColumnDataSource, FactorRange, HoverTool, NumeralTickFormatter, Span, Whisker
from bokeh.palettes import Colorblind, Viridis256
from bokeh.plotting import figure
from bokeh.transform import linear_cmap

from railkit.sim.stats import item_usage, summarise

__all__ = [
    "chip_split_scores", "chip_value_points", "difference_plot", "interval_plot", "score_distribution",
    "solo_win_rates", "usage_map", "win_rates",
]


def _palette(n: int) -> list[str]:
    base = list(Colorblind[8])
    return [base[i % len(base)] for i in range(n)]


#: The outline drawn round pale marks (yellow, white) so they show on a white background.
OUTLINE = "#333333"


def _pale(colour: str) -> bool:
    """Whether ``colour`` (``#rrggbb``) is too light to show on white without an outline.

    >>> _pale("#F0E442"), _pale("#0072B2")
    (True, False)
    """
    from railkit.viz.shell.style import luminance

    return luminance(colour) > 0.45


def _legend_outside(fig, title: str | None = None) -> None:
    """Move the figure's legend to the right of the plot area, where it never covers data."""
    if not fig.legend:
        return
    legend = fig.legend[0]
    fig.center = [c for c in fig.center if c is not legend]
    legend.location = "top_left"
    legend.click_policy = "hide"
    if title:
        legend.title = title
    fig.add_layout(legend, "right")


def _ok(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["error"].fillna("") == ""] if "error" in df.columns else df


def _label(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


# ====================================================================== distributions
def score_distribution(df: pd.DataFrame, by: str = "seat", *, column: str = "score", bins: int = 30,
                       width: int = 820, height: int = 320, title: str | None = None):
    """Histograms (as step lines) of ``column`` for each group of ``by``.

    Each line is the share of the group's games per bin, so groups of
    different sizes compare; the legend (right of the plot, never over the
    lines; click an entry to hide its line) gives each group's mean. Pale
    lines get a dark outline.
    """
    import numpy as np

    ok = _ok(df)
    values = ok[column].astype(float)
    lo, hi = (float(values.min()), float(values.max())) if len(values) else (0.0, 1.0)
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = np.linspace(lo, hi, bins + 1)
    fig = figure(width=width, height=height, name="score-distribution",
                 title=title or f"Distribution of {column.replace('_', ' ')} by {by}",
                 x_axis_label=column.replace("_", " "), y_axis_label="share of games", tools="pan,wheel_zoom,reset,save")
    groups = sorted(ok[by].dropna().unique(), key=lambda v: (str(type(v)), v)) if by in ok.columns else []
    for colour, g in zip(_palette(len(groups)), groups):
        x = ok.loc[ok[by] == g, column].astype(float).to_numpy()
        counts, _ = np.histogram(x, bins=edges)
        share = counts / max(len(x), 1)
        xs = np.repeat(edges, 2)[1:-1]
        ys = np.repeat(share, 2)
        label = f"{by} {_label(g)} (mean {x.mean():.1f})"
        if _pale(colour):  # a dark outline under a pale line
            fig.line(xs, ys, line_width=4.5, color=OUTLINE, legend_label=label)
        fig.line(xs, ys, line_width=2, color=colour, legend_label=label)
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    _legend_outside(fig)
    return fig


# ====================================================================== intervals
def interval_plot(summary: pd.DataFrame, x: str, metric: str = "win_rate", *, reference: float | None = None,
                  order: Sequence | None = None, percent: bool | None = None, width: int = 560, height: int = 320,
                  title: str | None = None, y_label: str | None = None, name: str = "interval-plot",
                  colour: str | None = None):
    """Bars of ``metric`` per value of ``x`` with ``metric_lo``/``metric_hi`` whiskers.

    Parameters
    ----------
    summary : DataFrame
        A table with columns ``x``, ``metric``, ``metric_lo``, ``metric_hi``
        (e.g. from :func:`railkit.sim.summarise`).
    reference : float, optional
        A dashed horizontal line (e.g. the fair win rate 1/players).
    order : list, optional
        The order of the categories (default: as in ``summary``).
    percent : bool, optional
        Show the axis in percent (default: for win rates).
    """
    table = summary.copy()
    if order is not None:
        pos = {str(v): i for i, v in enumerate(order)}
        table = table[table[x].map(lambda v: str(v) in pos)]
        table = table.assign(_o=table[x].map(lambda v: pos[str(v)])).sort_values("_o")
    factors = [_label(v) for v in table[x]]
    src = ColumnDataSource({"x": factors, "y": table[metric].astype(float).tolist(),
                            "lo": table[f"{metric}_lo"].astype(float).tolist(),
                            "hi": table[f"{metric}_hi"].astype(float).tolist(),
                            "n": table["games"].tolist() if "games" in table.columns else [None] * len(table)})
    if percent is None:
        percent = metric.startswith("win_rate")
    fig = figure(x_range=FactorRange(*factors), width=width, height=height, name=name,
                 title=title or f"{metric.replace('_', ' ')} by {x} (95% interval)",
                 x_axis_label=x.replace("_", " "), y_axis_label=y_label or metric.replace("_", " "),
                 tools="save,reset")
    fig.vbar(x="x", top="y", width=0.6, source=src, fill_color=colour or _palette(1)[0], fill_alpha=0.75,
             line_color=OUTLINE)
    fig.add_layout(Whisker(base="x", lower="lo", upper="hi", source=src, line_width=1.5))
    fmt = "0.0%" if percent else "0.0"
    fig.add_tools(HoverTool(tooltips=[(x, "@x"), (metric, f"@y{{{fmt}}}"),
                                      ("95% interval", f"@lo{{{fmt}}} to @hi{{{fmt}}}"), ("games", "@n")]))
    if reference is not None and not math.isnan(reference):
        fig.add_layout(Span(location=reference, dimension="width", line_dash="dashed", line_color="#555555"))
    if percent:
        fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    fig.xgrid.grid_line_color = None
    # Whiskers are annotations: the automatic range ignores them, so set it here.
    vals = [v for k in ("y", "lo", "hi") for v in src.data[k] if not math.isnan(v)]
    vals += [0.0] + ([reference] if reference is not None and not math.isnan(reference) else [])
    low, high = min(vals), max(vals)
    pad = (high - low) * 0.08 or 0.1
    fig.y_range.start = low - pad if low < 0 else 0.0
    fig.y_range.end = high + pad
    return fig


def win_rates(df: pd.DataFrame, by: str = "seat", *, reference: float | None = None, title: str | None = None,
              **kw):
    """Win rate per ``by`` group (seat: first-player advantage) with interval
    whiskers and the fair share 1/players as a dashed line."""
    summ = summarise(df, by)
    if reference is None and by == "seat" and len(summ):
        reference = 1 / len(summ)
    return interval_plot(summ, by, "win_rate", reference=reference, name="win-rates",
                         title=title or f"Win rate by {by} (95% interval)", y_label="win rate", **kw)


def solo_win_rates(df: pd.DataFrame, by: str = "difficulty", *, order: Sequence | None = None,
                   title: str | None = None, **kw):
    """Steam Rollers: the player's win rate against Olivia per difficulty
    (columns ``difficulty`` from the solo summary, or ``variant``)."""
    if order is None and by == "difficulty":
        from railkit.games.steam_rollers.rules import DIFFICULTIES

        order = list(DIFFICULTIES)
    summ = summarise(df, by)
    return interval_plot(summ, by, "win_rate", order=order, name="solo-win-rates",
                         title=title or "Win rate against Olivia by difficulty (95% interval)",
                         y_label="win rate", **kw)


def chip_split_scores(df: pd.DataFrame, by: str = "chip_split", *, title: str | None = None, **kw):
    """Station Master: mean score per chip-value split (``chip_split`` column,
    e.g. ``1-1-2-2-3-3``) with interval whiskers."""
    summ = summarise(df, by)
    return interval_plot(summ, by, "mean_score", name="chip-split-scores", percent=False,
                         title=title or "Mean score per chip-value split (95% interval)", y_label="mean score", **kw)


def chip_value_points(df: pd.DataFrame, by: str = "chip_split", *, width: int = 640, height: int = 320,
                      title: str | None = None):
    """Station Master: mean points each chip value earns per player and game
    (``points_v<V>`` columns), as grouped bars per chip split."""
    ok = _ok(df)
    cols = sorted((c for c in ok.columns if c.startswith("points_v")), key=lambda c: int(c[8:]))
    groups = [_label(g) for g in ok[by].dropna().unique()]
    factors = [(g, f"chip {c[8:]}") for g in groups for c in cols
               if ok.loc[ok[by].map(_label) == g, c].notna().any()]
    means = [float(ok.loc[ok[by].map(_label) == g, f"points_v{v.split()[1]}"].mean()) for g, v in factors]
    src = ColumnDataSource({"x": factors, "y": means, "value": [v for _, v in factors]})
    fig = figure(x_range=FactorRange(*factors), width=width, height=height, name="chip-value-points",
                 title=title or "Mean points per player and game by chip value", y_axis_label="points",
                 tools="save,reset")
    values = sorted({v for _, v in factors})
    colours = dict(zip(values, _palette(len(values))))
    src.data["colour"] = [colours[v] for _, v in factors]
    fig.vbar(x="x", top="y", width=0.8, source=src, fill_color="colour", line_color=OUTLINE)
    fig.add_tools(HoverTool(tooltips=[("split, chip", "@x"), ("mean points", "@y{0.0}")]))
    fig.add_layout(Span(location=0, dimension="width", line_color="#555555"))
    fig.xaxis.major_label_orientation = 0.9
    fig.xgrid.grid_line_color = None
    return fig


def difference_plot(comparison: pd.DataFrame, x: str = "seat", metric: str = "win_rate", *,
                    title: str | None = None, **kw):
    """The ``<metric>_diff`` column of :func:`railkit.sim.compare` with its
    interval, against a zero line: intervals clear of zero are real effects."""
    labels = comparison.attrs.get("labels", ["base", "variant"])
    table = comparison.rename(columns={f"{metric}_diff": "d", f"{metric}_diff_lo": "d_lo",
                                       f"{metric}_diff_hi": "d_hi"})
    return interval_plot(table, x, "d", reference=0.0, percent=metric.startswith("win_rate"), name="difference",
                         title=title or f"{metric.replace('_', ' ')}: {labels[1]} minus {labels[0]} (95% interval)",
                         y_label=f"difference in {metric.replace('_', ' ')}", colour=_palette(2)[1], **kw)


# ====================================================================== map
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
    from railkit.maps import Map, load

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

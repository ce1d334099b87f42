"""Station Master plots of simulation results: the score per chip-value split, and the points
each chip value earns."""

from __future__ import annotations

import pandas as pd
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, Span
from bokeh.plotting import figure

from railkit.sim.stats import summarise
from railkit.viz.graphs.plots import OUTLINE, group_label, interval_plot, ok_rows, palette

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
    ok = ok_rows(df)
    cols = sorted((c for c in ok.columns if c.startswith("points_v")), key=lambda c: int(c[8:]))
    groups = [group_label(g) for g in ok[by].dropna().unique()]
    factors = [(g, f"chip {c[8:]}") for g in groups for c in cols
               if ok.loc[ok[by].map(group_label) == g, c].notna().any()]
    means = [float(ok.loc[ok[by].map(group_label) == g, f"points_v{v.split()[1]}"].mean()) for g, v in factors]
    src = ColumnDataSource({"x": factors, "y": means, "value": [v for _, v in factors]})
    fig = figure(x_range=FactorRange(*factors), width=width, height=height, name="chip-value-points",
                 title=title or "Mean points per player and game by chip value", y_axis_label="points",
                 tools="save,reset")
    values = sorted({v for _, v in factors})
    colours = dict(zip(values, palette(len(values))))
    src.data["colour"] = [colours[v] for _, v in factors]
    fig.vbar(x="x", top="y", width=0.8, source=src, fill_color="colour", line_color=OUTLINE)
    fig.add_tools(HoverTool(tooltips=[("split, chip", "@x"), ("mean points", "@y{0.0}")]))
    fig.add_layout(Span(location=0, dimension="width", line_color="#555555"))
    fig.xaxis.major_label_orientation = 0.9
    fig.xgrid.grid_line_color = None
    return fig

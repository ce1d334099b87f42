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
:func:`difference_plot`
    the differences of :func:`railkit.sim.compare` with their intervals.

A game's own plots (its results tables have columns of their own) are in its folder:
``railkit.viz.<game>.plots``.

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
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, NumeralTickFormatter, Span, Whisker
from bokeh.palettes import Colorblind
from bokeh.plotting import figure

from railkit.sim.stats import summarise

__all__ = ["difference_plot", "interval_plot", "score_distribution", "win_rates"]


def palette(n: int) -> list[str]:
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


def ok_rows(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["error"].fillna("") == ""] if "error" in df.columns else df


def group_label(value: Any) -> str:
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

    ok = ok_rows(df)
    values = ok[column].astype(float)
    lo, hi = (float(values.min()), float(values.max())) if len(values) else (0.0, 1.0)
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = np.linspace(lo, hi, bins + 1)
    fig = figure(width=width, height=height, name="score-distribution",
                 title=title or f"Distribution of {column.replace('_', ' ')} by {by}",
                 x_axis_label=column.replace("_", " "), y_axis_label="share of games", tools="pan,wheel_zoom,reset,save")
    groups = sorted(ok[by].dropna().unique(), key=lambda v: (str(type(v)), v)) if by in ok.columns else []
    for colour, g in zip(palette(len(groups)), groups):
        x = ok.loc[ok[by] == g, column].astype(float).to_numpy()
        counts, _ = np.histogram(x, bins=edges)
        share = counts / max(len(x), 1)
        xs = np.repeat(edges, 2)[1:-1]
        ys = np.repeat(share, 2)
        label = f"{by} {group_label(g)} (mean {x.mean():.1f})"
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
    factors = [group_label(v) for v in table[x]]
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
    fig.vbar(x="x", top="y", width=0.6, source=src, fill_color=colour or palette(1)[0], fill_alpha=0.75,
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


def difference_plot(comparison: pd.DataFrame, x: str = "seat", metric: str = "win_rate", *,
                    title: str | None = None, **kw):
    """The ``<metric>_diff`` column of :func:`railkit.sim.compare` with its
    interval, against a zero line: intervals clear of zero are real effects."""
    labels = comparison.attrs.get("labels", ["base", "variant"])
    table = comparison.rename(columns={f"{metric}_diff": "d", f"{metric}_diff_lo": "d_lo",
                                       f"{metric}_diff_hi": "d_hi"})
    return interval_plot(table, x, "d", reference=0.0, percent=metric.startswith("win_rate"), name="difference",
                         title=title or f"{metric.replace('_', ' ')}: {labels[1]} minus {labels[0]} (95% interval)",
                         y_label=f"difference in {metric.replace('_', ' ')}", colour=palette(2)[1], **kw)

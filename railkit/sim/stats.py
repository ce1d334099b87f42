"""Reading simulation tables: win rates and mean scores with confidence
intervals, variant comparisons, and how often items (routes, cities) are used.

Win rates get Wilson score intervals, means normal-approximation intervals;
``method="bootstrap"`` resamples games instead (seeded, so the same table gives
the same intervals). Rows with an ``error`` are left out and counted.

>>> import pandas as pd
>>> df = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "agent": ["a", "b", "a", "b"],
...                    "score": [10, 5, 7, 9], "win": [True, False, False, True], "error": ""})
>>> summarise(df, by="agent")[["agent", "games", "win_rate", "mean_score"]].values.tolist()
[['a', 2, 0.5, 8.5], ['b', 2, 0.5, 7.0]]
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd

from railkit.core.errors import DataError

#: run() settings copied from a results table when the other side of a
#: comparison is given as a variant (a dict of changes).
RUN_SETTINGS = ("game", "games", "seed", "players", "agents", "preset", "rules", "options", "rotate", "checked")


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise DataError("confidence", "$", "a confidence level between 0 and 1", confidence)
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion (sound at 0 % and 100 % too).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 10)[0]
    0.0
    """
    if n <= 0:
        return (math.nan, math.nan)
    z = _z(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = centre - half, centre + half
    return (0.0 if successes <= 0 else max(0.0, lo), 1.0 if successes >= n else min(1.0, hi))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and its normal-approximation interval: ``(mean, lo, hi)``.

    >>> mean_interval([1, 2, 3, 4])
    (2.5, 1.234..., 3.765...)
    """
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if len(x) < 2:
        return (m, math.nan, math.nan)
    half = _z(confidence) * float(x.std(ddof=1)) / math.sqrt(len(x))
    return (m, m - half, m + half)


def _ok(df: pd.DataFrame) -> pd.DataFrame:
    if "error" not in df.columns:
        return df
    return df[df["error"].fillna("") == ""]


def _by(by: str | Sequence[str]) -> list[str]:
    return [by] if isinstance(by, str) else list(by)


def _boot_means(x: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    if len(x) == 0:
        return np.full(n_boot, np.nan)
    idx = rng.integers(0, len(x), size=(n_boot, len(x)))
    return x[idx].mean(axis=1)


def _group_stats(df: pd.DataFrame, by: list[str], confidence: float, method: str, n_boot: int,
                 seed: int) -> tuple[pd.DataFrame, dict]:
    """Per group: estimates with intervals, plus what differences need
    (standard errors, or bootstrap samples)."""
    if method not in ("normal", "bootstrap"):
        raise DataError("method", "$", "'normal' or 'bootstrap'", method)
    for col in by + ["score", "win"]:
        if col not in df.columns:
            raise DataError("results", f"$.{col}", "a results table from railkit.sim.run (column missing)")
    z = _z(confidence)
    rng = np.random.default_rng(seed)
    alpha = (1 - confidence) / 2
    errors = (df.groupby(by, sort=True, dropna=False)["error"].apply(lambda e: int((e.fillna("") != "").sum()))
              if "error" in df.columns else None)
    rows, extra = [], {}
    for key, g in _ok(df).groupby(by, sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        win = g["win"].astype(float).to_numpy()
        score = g["score"].astype(float).to_numpy()
        n = len(g)
        row: dict[str, Any] = dict(zip(by, key))
        row["games"] = n
        row["errors"] = int(errors.get(key if len(key) > 1 else key[0], 0)) if errors is not None else 0
        wr, ms = float(win.mean()), float(score.mean())
        if method == "normal":
            row["win_rate"], (row["win_rate_lo"], row["win_rate_hi"]) = wr, wilson(win.sum(), n, confidence)
            row["mean_score"], row["mean_score_lo"], row["mean_score_hi"] = mean_interval(score, confidence)
            extra[key] = {"win_rate": (wr, row["win_rate_lo"], row["win_rate_hi"]),
                          "mean_score": (ms, float(score.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan)}
        else:
            bw, bs = _boot_means(win, n_boot, rng), _boot_means(score, n_boot, rng)
            row["win_rate"], row["win_rate_lo"], row["win_rate_hi"] = wr, *np.quantile(bw, [alpha, 1 - alpha]).tolist()
            row["mean_score"], row["mean_score_lo"], row["mean_score_hi"] = ms, *np.quantile(bs, [alpha, 1 - alpha]).tolist()
            extra[key] = {"win_rate": bw, "mean_score": bs}
        row["score_sd"] = float(score.std(ddof=1)) if n > 1 else math.nan
        if "turns" in g.columns:
            row["mean_turns"] = float(g["turns"].astype(float).mean())
        rows.append(row)
    out = pd.DataFrame(rows)
    if out.empty:
        out = pd.DataFrame(columns=by + ["games", "errors", "win_rate", "win_rate_lo", "win_rate_hi",
                                         "mean_score", "mean_score_lo", "mean_score_hi", "score_sd"])
    out.attrs = {"confidence": confidence, "method": method, "z": z}
    return out, extra


def summarise(df: pd.DataFrame, by: str | Sequence[str] = "seat", *, confidence: float = 0.95,
              method: str = "normal", n_boot: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Win rate and mean score per group, with confidence intervals.

    Parameters
    ----------
    df : DataFrame
        A table from :func:`railkit.sim.run` (or :func:`run_variants`).
    by : str or list of str
        Group column(s): ``"seat"``, ``"agent"``, ``["variant", "seat"]`` ...
    confidence : float
        Confidence level of the intervals.
    method : {"normal", "bootstrap"}
        Wilson / normal intervals, or a seeded bootstrap over games.

    Returns
    -------
    DataFrame
        The group columns, ``games``, ``errors``, ``win_rate`` (+ ``_lo``/``_hi``),
        ``mean_score`` (+ ``_lo``/``_hi``), ``score_sd``, ``mean_turns``.
    """
    return _group_stats(df, _by(by), confidence, method, n_boot, seed)[0]


def _as_table(side: Any, other: Any, run_options: Mapping) -> pd.DataFrame:
    if isinstance(side, pd.DataFrame):
        return side
    if not isinstance(side, Mapping):
        raise DataError("compare", "$", "a results table or a dict of railkit.sim.run settings", type(side).__name__)
    from railkit.sim.runner import run

    kw: dict[str, Any] = {}
    if isinstance(other, pd.DataFrame):
        kw.update({k: other.attrs[k] for k in RUN_SETTINGS if k in other.attrs})
    kw.update(run_options)
    for key, value in side.items():
        if key in ("rules", "options") and isinstance(value, Mapping) and isinstance(kw.get(key), Mapping):
            kw[key] = {**kw[key], **value}
        else:
            kw[key] = value
    kw.setdefault("progress", False)
    return run(**kw)


def compare(a: Any, b: Any, *, by: str | Sequence[str] = "seat", labels: tuple[str, str] = ("base", "variant"),
            confidence: float = 0.95, method: str = "normal", n_boot: int = 2000, seed: int = 0,
            **run_options: Any) -> pd.DataFrame:
    """Win rates and mean scores of two tables side by side, and their differences.

    Parameters
    ----------
    a, b : DataFrame or dict
        Results tables, or variants given as :func:`railkit.sim.run` settings. A
        dict next to a table reruns that table's settings (game, seed, players,
        agents, rules, options ...) with the dict's changes, e.g.
        ``compare(base, {"rules": {"longest_bonus": 0}})``.
    by : str or list of str
        Group column(s) (``"seat"`` or ``"agent"`` ...).
    labels : (str, str)
        Column suffixes of the two sides; differences are ``b - a``.
    confidence, method, n_boot, seed
        As for :func:`summarise`. Difference intervals treat the two sides as
        independent samples (conservative when they share seeds): Newcombe's
        hybrid score interval for win rates, the normal interval for means.
    **run_options
        Extra :func:`railkit.sim.run` settings for dict sides.

    Returns
    -------
    DataFrame
        One row per group: ``games_<label>``, ``win_rate_<label>`` (and
        ``win_rate_<label>_lo``/``_hi``), ``mean_score_<label>`` (same) for both
        sides, then ``win_rate_diff``, ``mean_score_diff`` with ``_lo``/``_hi``.

    Examples
    --------
    >>> import pandas as pd
    >>> a = pd.DataFrame({"seat": [0, 1] * 50, "score": [10, 8] * 50, "win": [True, False] * 50, "error": ""})
    >>> b = a.assign(score=[12, 8] * 50)
    >>> compare(a, b)[["seat", "mean_score_base", "mean_score_variant", "mean_score_diff"]].values.tolist()
    [[0.0, 10.0, 12.0, 2.0], [1.0, 8.0, 8.0, 0.0]]
    """
    ta = _as_table(a, b, run_options)
    tb = _as_table(b, ta, run_options)
    keys = _by(by)
    la, lb = labels
    sa, ea = _group_stats(ta, keys, confidence, method, n_boot, seed)
    sb, eb = _group_stats(tb, keys, confidence, method, n_boot, seed + 1)
    cols = ["games", "win_rate", "win_rate_lo", "win_rate_hi", "mean_score", "mean_score_lo", "mean_score_hi"]
    def name(col: str, label: str) -> str:  # win_rate_lo -> win_rate_<label>_lo
        if col.endswith(("_lo", "_hi")):
            return f"{col[:-3]}_{label}{col[-3:]}"
        return f"{col}_{label}"

    left = sa[keys + cols].rename(columns={c: name(c, la) for c in cols})
    right = sb[keys + cols].rename(columns={c: name(c, lb) for c in cols})
    out = left.merge(right, on=keys, how="outer").sort_values(keys, ignore_index=True)
    z = _z(confidence)
    alpha = (1 - confidence) / 2
    for metric in ("win_rate", "mean_score"):
        est, lo, hi = [], [], []
        for _, row in out.iterrows():
            key = tuple(row[k] for k in keys)
            xa, xb = ea.get(key, {}).get(metric), eb.get(key, {}).get(metric)
            if xa is None or xb is None:
                est.append(math.nan), lo.append(math.nan), hi.append(math.nan)
                continue
            if method == "normal" and metric == "win_rate":
                # Newcombe's hybrid score interval (from the two Wilson intervals):
                # sound near 0 % and 100 %, where the plain normal interval collapses.
                (pa, la_, ua), (pb, lb_, ub) = xa, xb
                d = pb - pa
                est.append(d)
                lo.append(d - math.sqrt((pb - lb_) ** 2 + (ua - pa) ** 2))
                hi.append(d + math.sqrt((ub - pb) ** 2 + (pa - la_) ** 2))
            elif method == "normal":
                d = xb[0] - xa[0]
                half = z * math.sqrt(xa[1] ** 2 + xb[1] ** 2)
                est.append(d), lo.append(d - half), hi.append(d + half)
            else:
                diffs = xb - xa
                est.append(float(row[f"{metric}_{lb}"] - row[f"{metric}_{la}"]))
                q = np.quantile(diffs, [alpha, 1 - alpha])
                lo.append(float(q[0])), hi.append(float(q[1]))
        out[f"{metric}_diff"], out[f"{metric}_diff_lo"], out[f"{metric}_diff_hi"] = est, lo, hi
    out.attrs = {"confidence": confidence, "method": method, "labels": list(labels)}
    return out


def verdict(lo: float, hi: float, reference: float) -> str:
    """Read an interval against a reference value: ``"above"``, ``"below"`` or
    ``"not distinguishable from"`` (the interval contains it).

    >>> verdict(0.55, 0.70, 0.5), verdict(0.2, 0.45, 0.5), verdict(0.4, 0.6, 0.5)
    ('above', 'below', 'not distinguishable from')
    """
    if lo > reference:
        return "above"
    if hi < reference:
        return "below"
    return "not distinguishable from"


def item_usage(df: pd.DataFrame, column: str = "cities", items: Sequence[str] | None = None,
               by: str | None = None) -> pd.DataFrame:
    """How often each item of a list column (``routes``, ``cities``, ``tickets_done``
    ...) is used: in how many games any seat has it, and by how many seats.

    Parameters
    ----------
    df : DataFrame
        A results table.
    column : str
        A column whose values are lists of strings.
    items : list of str, optional
        Every possible item (e.g. all cities of the map): unused ones get 0.
    by : str, optional
        Count per group as well (e.g. ``"agent"``): adds ``seats_<group>`` columns.

    Returns
    -------
    DataFrame
        ``item``, ``games`` (games in which someone used it), ``share`` (of all
        games), ``seats`` (seat-games using it), sorted by ``share`` (most used
        first), then by name.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"game": [0, 0, 1, 1], "cities": [["A", "B"], ["B"], ["B", "C"], []], "error": ""})
    >>> item_usage(df, "cities", items=["A", "B", "C", "D"]).values.tolist()
    [['B', 2, 1.0, 3], ['A', 1, 0.5, 1], ['C', 1, 0.5, 1], ['D', 0, 0.0, 0]]
    """
    ok = _ok(df)
    if column not in ok.columns:
        raise DataError("results", f"$.{column}", "a list column of the results table (column missing)")
    n_games = ok["game"].nunique() if "game" in ok.columns else len(ok)
    long = ok[["game", column] + ([by] if by else [])].explode(column).dropna(subset=[column])
    games = long.drop_duplicates(["game", column]).groupby(column).size()
    seats = long.groupby(column).size()
    names = sorted(set(map(str, games.index)) | set(items or []))
    out = pd.DataFrame({"item": names})
    out["games"] = [int(games.get(i, 0)) for i in names]
    out["share"] = out["games"] / n_games if n_games else 0.0
    out["seats"] = [int(seats.get(i, 0)) for i in names]
    if by:
        per = long.groupby([by, column]).size()
        for g in sorted(ok[by].dropna().unique()):
            out[f"seats_{g}"] = [int(per.get((g, i), 0)) for i in names]
    out = out.sort_values(["share", "item"], ascending=[False, True], ignore_index=True)
    out.attrs = {"games": int(n_games), "column": column}
    return out


def usage_ranks(usage: pd.DataFrame, items: Sequence[str]) -> dict[str, int]:
    """Rank of each of ``items`` counted from the least used (1 = least used;
    tied shares share the better rank), from a table of :func:`item_usage`.

    >>> u = pd.DataFrame({"item": ["A", "B", "C", "D"], "share": [0.9, 0.1, 0.5, 0.1]})
    >>> usage_ranks(u, ["B", "D", "C", "A"])
    {'B': 1, 'D': 1, 'C': 3, 'A': 4}
    """
    ranks = usage.set_index("item")["share"].rank(method="min", ascending=True)
    missing = [i for i in items if i not in ranks.index]
    if missing:
        raise DataError("usage", "$.item", "items of the usage table", missing)
    return {i: int(ranks[i]) for i in items}

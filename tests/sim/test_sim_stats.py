"""railkit.sim summaries and comparisons: intervals, differences, usage counts."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.core.errors import DataError
from railkit.sim import compare, item_usage, mean_interval, run, summarise, verdict, wilson

SMALL = {"map": "teaching-small"}


def fake(n=200, p0=0.6, shift=0.0, seed=0):
    rng = np.random.default_rng(seed)
    wins0 = rng.random(n) < p0
    s0 = rng.normal(50 + shift, 10, n)
    s1 = rng.normal(45, 10, n)
    rows = []
    for g in range(n):
        rows.append({"game": g, "seat": 0, "agent": "a", "score": s0[g], "win": bool(wins0[g]), "turns": 10, "error": ""})
        rows.append({"game": g, "seat": 1, "agent": "b", "score": s1[g], "win": not wins0[g], "turns": 10, "error": ""})
    return pd.DataFrame(rows)


def test_summarise_columns_and_values():
    df = fake()
    s = summarise(df, "seat")
    assert s.seat.tolist() == [0, 1] and s.games.tolist() == [200, 200]
    assert math.isclose(s.win_rate.sum(), 1.0)
    for m in ("win_rate", "mean_score"):
        assert (s[f"{m}_lo"] <= s[m]).all() and (s[m] <= s[f"{m}_hi"]).all()
    assert s.mean_turns.tolist() == [10.0, 10.0]


def test_error_rows_are_left_out_and_counted():
    df = fake(20)
    df["win"] = df["win"].astype(object)
    df.loc[df.game == 3, ["score", "win"]] = np.nan
    df.loc[df.game == 3, "error"] = "RuntimeError: boom"
    s = summarise(df, "seat")
    assert s.games.tolist() == [19, 19] and s.errors.tolist() == [1, 1]


def test_bootstrap_is_seeded_and_close_to_normal():
    df = fake(400)
    a = summarise(df, "agent", method="bootstrap", seed=3)
    b = summarise(df, "agent", method="bootstrap", seed=3)
    pd.testing.assert_frame_equal(a, b)
    n = summarise(df, "agent")
    assert np.allclose(a.mean_score_lo, n.mean_score_lo, atol=0.5)
    assert np.allclose(a.win_rate_hi, n.win_rate_hi, atol=0.02)


def test_compare_differences_and_intervals():
    a, b = fake(seed=1), fake(shift=5, seed=2)
    for method in ("normal", "bootstrap"):
        c = compare(a, b, by="seat", method=method, labels=("old", "new"))
        row = c[c.seat == 0].iloc[0]
        assert math.isclose(row.mean_score_diff, row.mean_score_new - row.mean_score_old)
        assert row.mean_score_diff_lo < row.mean_score_diff < row.mean_score_diff_hi
        assert row.mean_score_diff_lo > 0  # a shift of 5 with sd 10 and n 200 is clear
        assert {"games_old", "win_rate_new_lo", "win_rate_diff_hi"} <= set(c.columns)


def test_compare_with_a_variant_dict_reruns_the_table_settings():
    base = run("ticket-to-ride", agents="random", players=2, games=6, seed=2, options=SMALL, progress=False)
    c = compare(base, {"rules": {"longest_bonus": 40}}, by="seat")
    assert c.games_variant.tolist() == [6, 6]
    # a large bonus to someone in every game: mean scores go up
    assert (c.mean_score_variant.sum() - c.mean_score_base.sum()) > 30
    d = compare({"rules": {"trains": 12}}, {"rules": {"trains": 14}}, game="ticket-to-ride", agents="random",
                players=2, games=3, seed=1, options=SMALL)
    assert d.games_base.tolist() == [3, 3]
    with pytest.raises(DataError):
        compare(base, 42)


def test_verdict_and_wilson():
    assert verdict(0.51, 0.6, 0.5) == "above" and verdict(0.1, 0.49, 0.5) == "below"
    assert verdict(0.5, 0.6, 0.5) == "not distinguishable from"
    assert all(math.isnan(x) for x in wilson(0, 0))
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.6 < lo < 0.8
    with pytest.raises(DataError):
        wilson(1, 2, confidence=1.5)


@settings(max_examples=80, deadline=None)
@given(k=st.integers(0, 500), extra=st.integers(0, 500), conf=st.floats(0.5, 0.999))
def test_wilson_contains_the_estimate(k, extra, conf):
    n = k + extra
    if n == 0:
        return
    lo, hi = wilson(k, n, conf)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=50))
def test_mean_interval_contains_the_mean(xs):
    m, lo, hi = mean_interval(xs)
    assert lo <= m + 1e-6 and m <= hi + 1e-6


def test_item_usage_counts_games_and_seats():
    df = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "agent": ["x", "y"] * 3,
                       "cities": [["A"], ["A", "B"], ["B"], [], ["C"], ["A"]], "error": ""})
    u = item_usage(df, "cities", items=["A", "B", "C", "Z"], by="agent")
    assert u.item.tolist() == ["A", "B", "C", "Z"]
    assert u.games.tolist() == [2, 2, 1, 0] and u.seats.tolist() == [3, 2, 1, 0]
    assert u.seats_x.tolist() == [1, 1, 1, 0] and u.seats_y.tolist() == [2, 1, 0, 0]
    assert u.attrs["games"] == 3
    with pytest.raises(DataError):
        item_usage(df, "routes")


def test_usage_of_real_games():
    from railkit.maps import load

    df = run("ticket-to-ride", agents="greedy-route", players=2, games=3, seed=5, options=SMALL, progress=False)
    m = load("teaching-small")
    u = item_usage(df, "routes", items=[r.id for r in m.routes])
    assert len(u) == len(m.routes) and u.share.between(0, 1).all()
    assert u.seats.sum() == sum(len(r) for r in df.routes)


def test_win_rate_difference_interval_at_the_edges():
    """Newcombe's interval: not zero-width when both sides win every game."""
    a = pd.DataFrame({"seat": [0] * 50, "score": [1.0] * 50, "win": [True] * 50, "error": ""})
    c = compare(a, a.copy())
    row = c.iloc[0]
    assert row.win_rate_diff == 0 and row.win_rate_diff_lo < -0.05 and row.win_rate_diff_hi > 0.05
    b = a.assign(win=[False] * 50)
    row = compare(a, b).iloc[0]
    assert row.win_rate_diff == -1 and -1 <= row.win_rate_diff_lo < row.win_rate_diff_hi < -0.8

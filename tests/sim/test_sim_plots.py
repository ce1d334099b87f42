"""railkit.viz.graphs.plots: each plot builds from real simulation tables and shows the numbers."""

from __future__ import annotations

import doctest

import pytest

pytest.importorskip("bokeh")

from bokeh.embed import file_html  # noqa: E402
from bokeh.resources import INLINE  # noqa: E402

from railkit.maps import load  # noqa: E402
from railkit.sim import compare, run, run_variants, summarise  # noqa: E402
from railkit.viz.graphs import plots  # noqa: E402
from railkit.viz.station_master.plots import chip_split_scores, chip_value_points  # noqa: E402
from railkit.viz.steam_rollers.plots import solo_win_rates  # noqa: E402
from railkit.viz.ticket_to_ride.plots import usage_map  # noqa: E402


@pytest.fixture(scope="module")
def ttr():
    return run("ticket-to-ride", agents=["greedy-route", "tickets"], players=2, games=6, seed=3, rotate=True,
               options={"map": "teaching-small"}, progress=False)


def renders(fig):
    assert len(file_html(fig, INLINE)) > 1000  # serialises without Bokeh validation errors
    return fig


def data_of(fig, column):
    for r in fig.renderers:
        src = getattr(r, "data_source", None)
        if src is not None and column in src.data:
            return src.data
    raise AssertionError(f"no renderer with {column}")


def test_doctests():
    assert doctest.testmod(plots, optionflags=doctest.ELLIPSIS).failed == 0


def test_win_rates_by_seat_with_whiskers_and_fair_line(ttr):
    fig = renders(plots.win_rates(ttr))
    data = data_of(fig, "lo")
    summ = summarise(ttr, "seat")
    assert data["y"] == summ.win_rate.tolist() and data["hi"] == summ.win_rate_hi.tolist()
    spans = [a for a in fig.center if type(a).__name__ == "Span"]
    assert spans and spans[0].location == 0.5
    assert fig.y_range.end >= max(data["hi"])


def test_score_distribution_one_line_per_group(ttr):
    fig = renders(plots.score_distribution(ttr, "agent", bins=10))
    assert len(fig.renderers) == 2
    assert [item.label.value.split()[1] for item in fig.legend.items] == ["greedy-route", "tickets"]


def test_usage_map_shares_match_item_usage(ttr):
    fig = renders(usage_map(ttr, "teaching-small"))
    m = load("teaching-small")
    routes = data_of(fig, "route")
    assert routes["route"] == [r.id for r in m.routes]
    claimed = {rid for rs in ttr.routes for rid in rs}
    for rid, share in zip(routes["route"], routes["share"]):
        assert (share > 0) == (rid in claimed)
    cities = data_of(fig, "city")
    assert sorted(cities["city"]) == sorted(m.cities) and max(cities["share"]) <= 1.0


def test_difference_plot(ttr):
    c = compare(ttr, {"rules": {"longest_bonus": 0}}, by="agent")
    fig = renders(plots.difference_plot(c, "agent", "mean_score"))
    assert data_of(fig, "lo")["y"] == c.mean_score_diff.tolist()


def test_solo_and_station_master_plots():
    solo = run_variants({d: {"options": {"solo": True, "difficulty": d}} for d in ("rail-baron", "clerk")},
                        game="steam-rollers", players=1, agents="random", games=2, seed=1, progress=False)
    fig = renders(solo_win_rates(solo))
    assert list(fig.x_range.factors) == ["clerk", "rail-baron"]  # difficulty order, not table order
    sm = run_variants({"base": {}, "123": {"preset": "chips-1-2-3"}}, game="station-master", players=3, games=3,
                      seed=2, progress=False)
    fig = renders(chip_split_scores(sm))
    assert sorted(fig.x_range.factors) == ["1-1-2-2-3-3", "1-2-3"]
    fig = renders(chip_value_points(sm))
    assert ("1-2-3", "chip 3") in list(fig.x_range.factors)

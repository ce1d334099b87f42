"""Many random playouts through the runner: no error rows, one row per seat,
winners consistent with ranks, every bot action legal (``checked=True``).

The default run plays ~900 games in a few seconds; ``--slow`` plays ~6,000
more on a 2-worker Dask cluster.
"""

from __future__ import annotations

import pytest

from railkit.sim import run

CASES = [
    ("ticket-to-ride", {"players": 4}, 300),
    ("ticket-to-ride", {"players": 2, "options": {"map": "teaching-small"}}, 300),
    ("steam-rollers", {"players": 3}, 30),
    ("steam-rollers", {"players": 1, "options": {"solo": True, "difficulty": "machinist"}}, 100),
    ("station-master", {"players": 5}, 150),
]


def check(df, players, games):
    assert df.attrs["errors"] == 0, df.error[df.error != ""].unique()[:3]
    assert len(df) == players * games
    assert (df.groupby("game").seat.apply(list) == [list(range(players))] * games).all()
    assert (df.win == (df["rank"] == 1)).all()
    if players > 1:
        assert df.groupby("game").win.any().all()


@pytest.mark.parametrize("game, kw, games", CASES, ids=[f"{g}-{k['players']}p" for g, k, _ in CASES])
def test_random_playouts_checked(game, kw, games):
    df = run(game, agents="random", games=games, seed=2026, checked=True, progress=False, **kw)
    check(df, kw["players"], games)


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game, kw, games", [
    ("ticket-to-ride", {"players": 4}, 3000),
    ("ticket-to-ride", {"players": 5, "preset": "mega-game"}, 1000),
    ("station-master", {"players": 4}, 1500),
    ("steam-rollers", {"players": 2}, 300),
    ("steam-rollers", {"players": 1, "options": {"solo": True, "difficulty": "rail-baron"}}, 500),
])
def test_many_random_playouts_on_a_cluster(game, kw, games):
    df = run(game, agents="random", games=games, seed=7, checked=True, workers=2, progress=False, **kw)
    check(df, kw["players"], games)

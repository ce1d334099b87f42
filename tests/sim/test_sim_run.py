"""railkit.sim.run / play_batch: seeded, split-independent, errors as rows, files."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.core.errors import DataError
from railkit.games import get_spec
from railkit.sim import (
    chunk_size, derive_seed, task_sizes, game_seeds, load_results, play_batch, resolve_rules, run, run_variants, save_results,
)

SMALL = {"map": "teaching-small"}


def small_run(**kw):
    args = dict(game="ticket-to-ride", agents=["random"], players=2, games=6, seed=4, options=SMALL, progress=False)
    args.update(kw)
    return run(**args)


def test_one_row_per_game_and_seat_sorted():
    df = small_run(players=3)
    assert len(df) == 18
    assert df[["game", "seat"]].values.tolist() == [[g, s] for g in range(6) for s in range(3)]
    assert list(df.columns[:4]) == ["game", "seed", "seat", "agent"] and df.columns[-1] == "error"
    assert (df.error == "").all() and df.attrs["errors"] == 0
    # summary columns of the game are there, lists stay lists
    for col in ("score", "win", "rank", "turns", "route_points", "routes", "cities"):
        assert col in df.columns
    assert isinstance(df.routes.iloc[0], list)
    # each game has at least one winner
    assert df.groupby("game").win.any().all()


def test_same_seed_same_table_other_seed_other_games():
    a, b, c = small_run(), small_run(), small_run(seed=5)
    pd.testing.assert_frame_equal(a, b)
    assert set(a.seed) & set(c.seed) == set()


def test_seeds_depend_only_on_master_seed_and_index():
    assert [s for _, s in game_seeds(9, 5)] == [derive_seed(9, i) for i in range(5)]
    assert game_seeds(9, 2, start=3) == [(3, derive_seed(9, 3)), (4, derive_seed(9, 4))]
    # fixed values: the same on every machine and Python process
    assert derive_seed(0, 0) == derive_seed("0", "0")
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000


def test_split_does_not_change_results():
    df = small_run(games=7)
    seeds = game_seeds(4, 7)
    job = ("ticket-to-ride", df.attrs["rules"], ["random", "random"], 2, SMALL)
    parts = [seeds[:2], seeds[2:3], seeds[3:]]
    rows = [r for p in reversed(parts) for r in play_batch(*job, p)]
    rows.sort(key=lambda r: (r["game"], r["seat"]))
    again = pd.DataFrame(rows)[list(df.columns)]
    pd.testing.assert_frame_equal(df.reset_index(drop=True), again, check_dtype=False)


def test_rotate_gives_every_agent_every_seat():
    df = small_run(agents=["tickets", "greedy-route"], games=4, rotate=True)
    seats = df.groupby("agent").seat.value_counts().unstack()
    assert (seats == 2).all().all()
    fixed = small_run(agents=["tickets", "greedy-route"], games=4)
    assert fixed[fixed.seat == 0].agent.eq("tickets").all()


def test_bad_game_is_an_error_row_not_a_crash(monkeypatch):
    from railkit.agents import ticket_to_ride as bots

    calls = {"n": 0}
    original = bots.RandomAgent.act

    def flaky(self, obs, legal):
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("bot fell over")
        return original(self, obs, legal)

    monkeypatch.setattr(bots.RandomAgent, "act", flaky)
    df = small_run(games=4)
    bad = df[df.error != ""]
    assert df.attrs["errors"] == 1 and len(bad) == 2
    assert bad.error.iloc[0] == "RuntimeError: bot fell over"
    assert bad.score.isna().all() and df[df.error == ""].score.notna().all()
    assert len(df) == 8


def test_max_actions_turns_an_endless_game_into_an_error_row():
    df = small_run(games=2, max_actions=5)
    assert df.attrs["errors"] == 2 and df.error.str.contains("no end after 5 actions").all()


@pytest.mark.parametrize("kw, where", [
    ({"game": "chess"}, "game"),
    ({"agents": ["nobody"]}, "--agents"),
    ({"agents": ["random"] * 3}, "--agents"),
    ({"players": 7}, "--players"),
    ({"players": 0}, "--players"),
    ({"preset": "nope"}, "--preset"),
    ({"rules": {"trains": 0}}, "rules"),
    ({"rules": {"no_such_rule": 1}}, "rules"),
    ({"options": {"map": "atlantis"}}, "atlantis"),
    ({"options": {"colour": object()}}, "options"),
    ({"games": -1}, "--games"),
    ({"workers": 0}, "--workers"),
    ({"chunk": 0}, "--chunk"),
])
def test_bad_input_is_a_data_error_naming_it(kw, where):
    with pytest.raises(DataError) as err:
        small_run(**kw)
    assert where in str(err.value)
    assert "\n" not in str(err.value)


def test_rules_object_preset_and_dict_agree():
    spec = get_spec("ticket-to-ride")
    as_dict = resolve_rules(spec, {"trains": 30})
    as_obj = resolve_rules(spec, spec.rules_class(trains=30))
    assert as_dict == as_obj and as_dict["trains"] == 30
    with_preset = resolve_rules(spec, {"longest_bonus": 3}, "usa-1910")
    assert with_preset["ticket_deck"] == "1910" and with_preset["longest_bonus"] == 3
    obj_preset = resolve_rules(spec, spec.rules_class(trains=30), "usa-1910")
    assert obj_preset["ticket_deck"] == "1910" and obj_preset["trains"] == 30
    with pytest.raises(DataError):
        resolve_rules(spec, get_spec("station-master").rules_class())


def test_rule_change_changes_the_games():
    base = small_run(games=3)
    short = small_run(games=3, rules={"trains": 10})
    assert (short.trains_left <= 10).all() and short.attrs["rules"]["trains"] == 10
    assert base.attrs["rules"]["trains"] is None  # the map's own count (TTR-MAP-TRAINS)


@pytest.mark.parametrize("game, kw", [
    ("steam-rollers", {"players": 1, "agents": ["random"], "options": {"solo": True, "difficulty": "investor"}}),
    ("steam-rollers", {"players": 3, "agents": ["random"]}),
    ("station-master", {"players": 4, "agents": ["random", "greedy", "random", "greedy"]}),
    ("station-master", {"players": 2, "preset": "chips-1-2-3"}),
])
def test_every_game_runs(game, kw):
    df = run(game, games=2, seed=1, progress=False, **kw)
    assert len(df) == 2 * kw["players"] and df.attrs["errors"] == 0, df.error.unique()
    if kw["players"] > 1:  # solo: Olivia may win
        assert df.groupby("game").win.any().all()


def test_solo_rows_have_olivia_facts():
    df = run("steam-rollers", players=1, agents="random", games=2, seed=3, progress=False,
             options={"solo": True, "difficulty": "rail-baron"})
    assert (df.difficulty == "rail-baron").all() and df.olivia_score.notna().all()


def test_zero_games_is_an_empty_table():
    df = small_run(games=0)
    assert len(df) == 0 and "error" in df.columns and df.attrs["errors"] == 0


def test_run_variants_share_seeds():
    df = run_variants({"a": {}, "b": {"rules": {"trains": 20}}}, game="ticket-to-ride", players=2, games=3,
                      seed=1, options=SMALL, progress=False)
    assert df.columns[0] == "variant" and list(df.variant.unique()) == ["a", "b"]
    assert df[df.variant == "a"].seed.tolist() == df[df.variant == "b"].seed.tolist()


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_results_file_round_trip(tmp_path, suffix):
    df = small_run(games=3)
    path = save_results(df, tmp_path / f"out{suffix}")
    back = load_results(path)
    assert list(back.columns) == list(df.columns) and len(back) == len(df)
    assert back.routes.tolist() == df.routes.tolist()
    assert back.score.tolist() == df.score.tolist() and back.win.tolist() == df.win.tolist()
    assert (back.error == "").all()
    assert [p.name for p in tmp_path.iterdir()] == [f"out{suffix}"]  # no temp file left


def test_results_file_errors(tmp_path):
    df = small_run(games=1)
    with pytest.raises(DataError, match="csv or .parquet"):
        save_results(df, tmp_path / "out.xlsx")
    with pytest.raises(DataError, match="existing"):
        load_results(tmp_path / "missing.csv")
    # a failed write leaves the old file intact
    good = save_results(df, tmp_path / "keep.csv")
    before = good.read_text()
    bad = df.assign(score=[object()] * len(df))

    class Boom(Exception):
        pass

    import railkit.sim.runner as runner

    orig = pd.DataFrame.to_csv

    def explode(self, *a, **k):
        orig(self, *a, **k)
        raise Boom()

    pd.DataFrame.to_csv = explode
    try:
        with pytest.raises(Boom):
            runner.save_results(bad, good)
    finally:
        pd.DataFrame.to_csv = orig
    assert good.read_text() == before and sorted(p.name for p in tmp_path.iterdir()) == ["keep.csv"]


@settings(max_examples=60, deadline=None)
@given(games=st.integers(0, 100_000), workers=st.integers(1, 64), per_game=st.floats(1e-5, 30))
def test_chunk_size_is_sane(games, workers, per_game):
    c = chunk_size(games, workers, per_game)
    assert 1 <= c <= max(games, 1)
    tasks = math.ceil(games / c) if games else 0
    # enough work per task, or else already as few tasks as the balance rule allows
    assert c * per_game >= 0.25 - 1e-9 or tasks <= workers * 8 or c == games


@settings(max_examples=60, deadline=None)
@given(games=st.integers(0, 100_000), workers=st.integers(1, 64), per_game=st.floats(1e-5, 30))
def test_task_sizes_cover_the_games_and_shrink_to_small_tasks_at_the_end(games, workers, per_game):
    sizes = task_sizes(games, workers, per_game)
    assert sum(sizes) == games and all(k >= 1 for k in sizes)
    assert all(a >= b for a, b in zip(sizes, sizes[1:]))  # tasks only get smaller
    big = chunk_size(games, workers, per_game)
    small = min(big, math.ceil(0.25 / per_game))
    left = games
    for k in sizes:  # no task is larger than a chunk, nor than half a worker's share of what is left
        assert k <= big and k <= max(small, math.ceil(left / (2 * workers)))
        left -= k
    if len(sizes) > 2 * workers:  # the last tasks are small ones
        assert sizes[-1] <= small


@settings(max_examples=15, deadline=None)
@given(cuts=st.lists(st.integers(0, 9), max_size=4), order=st.randoms(use_true_random=False))
def test_any_split_of_the_seeds_gives_the_same_rows(cuts, order):
    """However the seeds are cut into batches and in whatever order the batches
    finish, the sorted rows are the same."""
    seeds = game_seeds(3, 9)
    job = ("ticket-to-ride", {}, ["random", "random"], 2, SMALL)
    whole = play_batch(*job, seeds)
    bounds = sorted(set([0, 9, *cuts]))
    parts = [seeds[a:b] for a, b in zip(bounds, bounds[1:])]
    order.shuffle(parts)
    rows = sorted((r for p in parts for r in play_batch(*job, p)), key=lambda r: (r["game"], r["seat"]))
    assert rows == whole


def test_replay_game_reproduces_a_row():
    from railkit.sim import replay_game

    df = small_run(agents=["tickets", "greedy-route"], games=4, rotate=True)
    g = replay_game(df, 3)
    assert [r["score"] for r in g.summary()] == df[df.game == 3].score.tolist()
    assert g.seed == df[df.game == 3].seed.iloc[0] and len(g.log) == df[df.game == 3].actions.iloc[0]
    with pytest.raises(DataError):
        replay_game(df, 4)
    with pytest.raises(DataError):
        replay_game(pd.DataFrame(), 0)


@pytest.mark.parametrize("files, limit", [
    ({"cpu.max": "100000 100000\n"}, 1),              # a Binder pod: one processor
    ({"cpu.max": "250000 100000\n"}, 3),              # 2.5 processors: round up
    ({"cpu.max": "max 100000\n"}, None),              # no limit
    ({"cpu/cpu.cfs_quota_us": "200000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 2),  # cgroup v1
    ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
    ({}, None),                                        # not in a container
])
def test_auto_workers_respect_the_containers_cpu_limit(tmp_path, files, limit):
    """``workers="auto"`` counts the processors a container may use, not the host's."""
    import os

    from railkit.sim.runner import available_cores, cpu_limit

    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert cpu_limit(tmp_path) == limit
    host = len(os.sched_getaffinity(0))
    assert available_cores(tmp_path) == (host if limit is None else min(host, limit))

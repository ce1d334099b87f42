"""A real Dask LocalCluster (2 worker processes) gives the same table as one process."""

from __future__ import annotations

import pandas as pd
import pytest

from railkit.sim import local_cluster, run

pytest.importorskip("distributed")


def _workers_of(kept):
    """The worker processes behind what kept_workers returned (the fork server's pool or a Dask client)."""
    if hasattr(kept, "scheduler_info"):
        return set(kept.scheduler_info()["workers"])
    return set(kept._processes)


def _kept_workers_match_single_process(kw, one, key):
    from railkit.sim import close_workers, runner

    two = run(workers=2, chunk=3, **kw)  # 14 tasks, unequal last chunk
    assert two.attrs["workers"] == 2 and two.attrs["chunk"] == 3
    pd.testing.assert_frame_equal(one, two)
    # the next call (in a notebook, say) plays on the same worker processes
    kept = runner._KEPT[key]
    workers = _workers_of(kept)
    assert len(workers) == 2
    again = run(workers=2, **{**kw, "games": 6})
    assert runner._KEPT[key] is kept and _workers_of(kept) == workers
    pd.testing.assert_frame_equal(one[one.game < 6].reset_index(drop=True), again)
    close_workers()
    assert not runner._KEPT.get(key)
    return kept


@pytest.mark.timeout(120)
def test_local_workers_match_single_process(monkeypatch):
    kw = dict(game="ticket-to-ride", agents=["random"], players=3, games=40, seed=11, progress=False)
    one = run(**kw)
    from railkit.sim import runner

    if runner.uses_forkserver():  # Linux: processes forked by the fork server
        pool = _kept_workers_match_single_process(kw, one, "pool")
        with pytest.raises(RuntimeError):  # stopped
            pool.submit(print)
    # elsewhere (and here, asked for): a Dask LocalCluster
    monkeypatch.setattr(runner, "uses_forkserver", lambda: False)
    client = _kept_workers_match_single_process(kw, one, "client")
    assert client.status != "running"


@pytest.mark.timeout(120)
def test_a_dask_cluster_matches_single_process():
    kw = dict(game="ticket-to-ride", agents=["random"], players=3, games=40, seed=11, progress=False)
    one = run(**kw)
    # the same client reused for another call, with the chunk timed by a pilot
    from distributed import Client

    with local_cluster(2) as cluster, Client(cluster) as client:
        import dask

        # the profiler is off on this cluster's workers only; the global setting is untouched
        assert set(client.run(lambda: __import__("dask").config.get("distributed.worker.profile.enabled")).values()) == {False}
        assert dask.config.get("distributed.worker.profile.enabled") is True
        three = run(scheduler=client, **kw)
        assert three.attrs["workers"] == 2
        pd.testing.assert_frame_equal(one, three)
        # an address works too; the caller's client stays open
        four = run(scheduler=cluster.scheduler_address, **{**kw, "games": 5})
        pd.testing.assert_frame_equal(one[one.game < 5].reset_index(drop=True), four)
        assert client.status == "running"
        # games cut short are error rows without the score columns: parts of only
        # errors, of no errors and mixed still join into the one-process table
        cut = {**kw, "max_actions": 230}
        alone = run(**cut)
        assert 0 < alone.attrs["errors"] < 40
        pd.testing.assert_frame_equal(alone, run(scheduler=client, chunk=3, **cut))


def test_bad_scheduler_is_a_data_error():
    from railkit.core.errors import DataError

    with pytest.raises(DataError, match="scheduler"):
        run("ticket-to-ride", games=1, scheduler=3.5, progress=False)


_CHILD = """
import os, sys, time
from railkit.sim import run, runner
read, write = os.pipe()  # open here before the workers start, as a browser driver's pipe or a kernel's socket
run("ticket-to-ride", agents="random", players=2, games=4, seed=1, workers=2, chunk=1, progress=False)
pool = runner.kept_workers(2)
pids = sorted(pool._processes)
line = " ".join(map(str, pids)) + " " + str(os.fstat(write).st_ino)
if sys.argv[1] == "interrupt":
    try:  # the interrupt may come as soon as the line is out
        print(line, flush=True)
        run("ticket-to-ride", agents="random", players=4, games=200_000, seed=1, workers=2, progress=False)
        print("not interrupted", flush=True)
    except KeyboardInterrupt:
        again = run("ticket-to-ride", agents="random", players=2, games=8, seed=1, workers=2, progress=False)
        same = runner.kept_workers(2) is pool and sorted(pool._processes) == pids
        print("after the interrupt:", len(again), same, flush=True)
else:
    print(line, flush=True)
    time.sleep(600)
"""


def _alive(pid):
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.timeout(120)
@pytest.mark.parametrize("how", ["killed", "interrupt"])
def test_local_workers_end_with_their_parent_and_outlive_an_interrupt(how):
    import os
    import signal
    import subprocess
    import sys
    import time

    from railkit.sim import runner

    if not runner.uses_forkserver():
        pytest.skip("local workers come from a fork server on Linux only")
    child = subprocess.Popen([sys.executable, "-c", _CHILD, how], stdout=subprocess.PIPE, text=True,
                             start_new_session=True)  # its own process group, as a notebook kernel has
    try:
        *pids, pipe = [int(x) for x in child.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
        # the workers hold none of the files their parent had open (a forked copy of a pipe's
        # end would keep the process at its other end waiting for it to close)
        for pid in pids:
            held = {os.stat(f"/proc/{pid}/fd/{fd}").st_ino for fd in os.listdir(f"/proc/{pid}/fd")
                    if os.path.exists(f"/proc/{pid}/fd/{fd}")}
            assert pipe not in held
        if how == "killed":  # a kernel killed outright takes its workers with it
            child.kill()
            child.wait(30)
            deadline = time.monotonic() + 30
            while any(_alive(p) for p in pids) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not any(_alive(p) for p in pids)
        else:  # Ctrl-C or a notebook's interrupt reaches the whole group: the workers stay
            os.killpg(child.pid, signal.SIGINT)
            assert child.stdout.readline().strip() == "after the interrupt: 16 True"
            assert child.wait(60) == 0
    finally:
        if child.poll() is None:
            child.kill()

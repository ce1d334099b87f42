"""A real Dask LocalCluster (2 worker processes) gives the same table as one process."""

from __future__ import annotations

import pandas as pd
import pytest

from railkit.sim import local_cluster, run

pytest.importorskip("distributed")


@pytest.mark.timeout(120)
def test_local_cluster_matches_single_process():
    kw = dict(game="ticket-to-ride", agents=["random"], players=3, games=40, seed=11, progress=False)
    one = run(**kw)
    two = run(workers=2, chunk=3, **kw)  # 14 tasks, unequal last chunk
    assert two.attrs["workers"] == 2 and two.attrs["chunk"] == 3
    pd.testing.assert_frame_equal(one, two)
    # the next call (in a notebook, say) plays on the same worker processes
    from railkit.sim import close_workers, runner

    kept = runner._KEPT["client"]
    workers = set(kept.scheduler_info()["workers"])
    again = run(workers=2, **{**kw, "games": 6})
    assert runner._KEPT["client"] is kept and set(kept.scheduler_info()["workers"]) == workers
    pd.testing.assert_frame_equal(one[one.game < 6].reset_index(drop=True), again)
    close_workers()
    assert kept.status != "running" and not runner._KEPT.get("client")
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

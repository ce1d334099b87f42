"""Changes made before a notebook page has opened its connection reach it in order."""

import asyncio
import threading

from railkit.viz.shell import notebook


def run_in_own_loop(coro_fn) -> None:
    """Run ``coro_fn()`` on a fresh event loop in another thread (the browser tests' driver
    may already run a loop in this one), re-raising what it raised."""
    errors = []

    def target():
        try:
            asyncio.run(coro_fn())
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            errors.append(exc)

    t = threading.Thread(target=target)
    t.start()
    t.join(60)
    if errors:
        raise errors[0]


class FakeComm:
    """A Jupyter comm that is not open yet (``_comm`` None) and records what it sends."""

    def __init__(self):
        self._comm = None
        self.sent = []


def test_waiting_messages_go_out_oldest_first(monkeypatch):
    from panel.io import notebook as nb

    notebook.in_order()
    sent = []
    monkeypatch.setattr(nb, "send", lambda comm, msg: sent.append(msg))

    async def scenario():
        comm = FakeComm()
        for i in range(5):
            nb.push(None, comm, msg=f"change {i}")
            await asyncio.sleep(0.03)  # the retries of Panel's own push would interleave here
        assert sent == []  # nothing can go out while the connection is closed
        comm._comm = object()
        nb.push(None, comm, msg="change 5")  # made while older ones still wait: queued behind them
        for _ in range(50):
            if len(sent) == 6:
                break
            await asyncio.sleep(0.05)
        nb.push(None, comm, msg="change 6")  # open and nothing waiting: sent at once

    run_in_own_loop(scenario)
    assert sent == [f"change {i}" for i in range(7)]


def test_installed_once_in_every_module_that_imported_push():
    import panel.pane.base
    import panel.reactive

    notebook.in_order()
    notebook.in_order()
    from panel.io import notebook as nb

    assert nb.push._railkit_in_order
    assert panel.reactive.push is nb.push and panel.pane.base.push is nb.push

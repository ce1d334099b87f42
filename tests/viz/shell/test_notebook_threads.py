"""Messages from a notebook page to Panel are handled on the kernel's main thread, in order."""

import asyncio
import threading

import pyviz_comms

from railkit.viz.shell import notebook


class FakeComm:
    """A comm whose handling of a message records the message and the thread it ran on."""

    def __init__(self):
        self.handled = []


def test_messages_from_another_thread_are_handled_on_the_calling_thread_in_order(monkeypatch):
    monkeypatch.setattr(pyviz_comms.Comm, "_handle_msg",
                        lambda self, msg: self.handled.append((msg, threading.current_thread())))
    comm = FakeComm()
    home = {}

    async def main_thread():
        home["thread"] = threading.current_thread()
        notebook.one_thread()
        notebook.one_thread()  # installed once
        # the kernel's comm thread hands over messages while this thread is busy (a cell runs)
        other = threading.Thread(target=lambda: [pyviz_comms.Comm._handle_msg(comm, f"msg {i}") for i in range(5)])
        other.start()
        other.join(10)
        assert comm.handled == []  # nothing handled while this thread has not let its loop run
        pyviz_comms.Comm._handle_msg(comm, "on this thread")  # handled at once
        for _ in range(100):
            if len(comm.handled) == 6:
                break
            await asyncio.sleep(0.01)

    runner = threading.Thread(target=lambda: asyncio.run(main_thread()))
    runner.start()
    runner.join(30)
    assert [m for m, _ in comm.handled] == ["on this thread"] + [f"msg {i}" for i in range(5)]
    assert all(t is home["thread"] for _, t in comm.handled)


def test_without_a_running_event_loop_nothing_changes(monkeypatch):
    handler = lambda self, msg: None  # noqa: E731
    monkeypatch.setattr(pyviz_comms.Comm, "_handle_msg", handler)
    # on a thread of its own: the test process's main thread may run an event loop (the
    # browser tests' Playwright keeps one)
    other = threading.Thread(target=notebook.one_thread)
    other.start()
    other.join(10)
    assert pyviz_comms.Comm._handle_msg is handler


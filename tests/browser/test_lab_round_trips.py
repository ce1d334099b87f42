"""Changes going from the kernel to a notebook page and back, in JupyterLab, never undo newer ones.

Two races seen with the editors run cell by cell on a loaded machine, made to happen on
demand here:

* Panel's page code sent the kernel back every change the kernel had just made. Such an
  echo, late, undid a newer change: the map editor's ticket box got back a text two cells
  old, and the next cell, which reads the box, built on the old text. The test holds the
  page's messages to the kernel and lets them go one at a time, so the echo of the first
  text arrives after the second text was set, before the cell that reads the box.
  Fixed by ``page_script``.
* With ipykernel 7, JupyterLab hands widget messages to a subshell: they were handled on a
  thread of their own while a cell ran, and that released the document's held changes, so
  a change the cell had made but not yet sent never reached the page (the sheet editor's
  page kept 6 mountain bars; the saved sheet had 7). The test makes the page's message
  arrive right after the cell's change and before the cell sends it. Fixed by
  ``one_thread``.

Both are set up by :func:`railkit.viz.shell.notebook.setup`.
"""

from __future__ import annotations

import json

from jlab import PROGRESS, RUN_CELL, LabNotebook, _js_poll

SETUP = "from railkit.viz.shell.notebook import setup\nsetup()"


def _write_notebook(path, cells: list[str]) -> None:
    nb_cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                 "outputs": [], "source": src} for i, src in enumerate(cells)]
    path.write_text(json.dumps({"cells": nb_cells, "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")


def _run_cell(nb: LabNotebook, i: int) -> None:
    """Run cell ``i`` and wait until it has run and its output is drawn."""
    nb.page.evaluate(RUN_CELL, i)
    _js_poll(nb.page, CELL_DONE, arg=i, what=f"cell {i} run")
    nb._raise_errors(nb.progress())
    nb.wait_outputs_drawn()


#: cell ``k`` has run and the kernel is idle
CELL_DONE = """(k) => { const p = (%s)(); const c = p.cells[k];
  return p.status === 'idle' && c.count !== null && !c.busy; }""" % PROGRESS


# ---------------------------------------------------------------- a late echo
#: page script: every message of Panel's page code to the kernel passes a gate. While the
#: gate is closed, messages wait in ``__gate.held`` (oldest first); ``__gate.release(n)``
#: sends the n oldest. Per connection it counts messages sent and acknowledged.
GATE = """() => {
  const CM = Bokeh.Models._known_models.get("panel.models.comm_manager.CommManager");
  const g = window.__gate = {closed: false, held: []};
  g.release = (n) => { const out = g.held.splice(0, n === undefined ? g.held.length : n);
                       out.forEach(f => f()); return out.length; };
  g.managers = () => Bokeh.documents.flatMap(d => [...d._all_models.values()].filter(m => m instanceof CM));
  g.acks = () => g.managers().reduce((s, cm) => s + (cm.__acks || 0), 0);
  // nothing waits in the page, and every message sent was answered (the kernel has handled it)
  g.quiet = () => g.held.length === 0 && g.managers().every(cm => (cm._event_buffer || []).length === 0
                                                                  && (cm.__acks || 0) >= (cm.__sent || 0));
  const process = CM.prototype.process_events;
  CM.prototype.process_events = function () {
    const comm = this._client_comm, cm = this;
    if (comm != null && !comm.__gated) {
      const send = comm.send.bind(comm);
      cm.__sent = 0; cm.__acks = 0;
      comm.send = (...args) => { cm.__sent += 1;
        if (g.closed) { g.held.push(() => send(...args)); } else { send(...args); } };
      comm.__gated = true;
    }
    return process.call(this);
  };
  const ack = CM.prototype.on_ack;
  CM.prototype.on_ack = function (msg) { if (this.__sent !== undefined) { this.__acks += 1; } return ack.call(this, msg); };
}"""


def _install_gate(nb: LabNotebook) -> None:
    """After the setup cell (BokehJS and Panel are on the page): count the page's messages."""
    nb.page.wait_for_function("() => window.Bokeh && Bokeh.Models._known_models.get("
                              "'panel.models.comm_manager.CommManager')", timeout=120_000, polling=100)
    nb.page.evaluate(GATE)


def _wait_quiet(nb: LabNotebook) -> None:
    """Wait until the kernel has answered every message of the page (and none waits)."""
    nb.page.wait_for_function("() => window.__gate.quiet()", timeout=120_000, polling=100)


#: the text of the map editor's ticket box as the page has it
TICKET_BOX = """() => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
  if (typeof m.title === 'string' && m.title.startsWith('Tickets') && 'value' in m) return m.value;
  return null; }"""

FIRST = "Harbor, Camp, 5"
SECOND = "Harbor, Camp, 5\nRidge, Summit, 4"
ADDED = "Mill, Lake, 4"
ECHO_CELLS = [
    SETUP,
    "import tempfile\nfrom railkit.viz.ticket_to_ride.map_editor import MapEditor\n"
    "editor = MapEditor('teaching-small', folder=tempfile.mkdtemp())\neditor",
    f"editor.set_tickets_text({FIRST!r})",
    f"editor.set_tickets_text({SECOND!r})",
    f"editor.set_tickets_text(editor.w_tickets.value + {chr(10) + ADDED!r})",
]


def _echo_steps(nb: LabNotebook, i: int) -> None:
    page = nb.page
    if i == 0:
        _install_gate(nb)
    elif i == 1:  # the editor is drawn and what it sent at first was answered: close the gate
        _wait_quiet(nb)
        page.evaluate("() => { window.__gate.closed = true; }")
    elif i == 2:  # the first text is on the page, and whatever it made the page send is held
        page.wait_for_function(f"(t) => ({TICKET_BOX})() === t", arg=FIRST, timeout=120_000, polling=100)
        page.wait_for_function("() => window.__gate.quiet() || window.__gate.held.length > 0",
                               timeout=120_000, polling=100)
    elif i == 3:  # the second text is on the page: now the oldest held message reaches the kernel
        page.wait_for_function(f"(t) => ({TICKET_BOX})() === t", arg=SECOND, timeout=120_000, polling=100)
        acks = page.evaluate("() => window.__gate.acks()")
        if page.evaluate("() => window.__gate.release(1)"):
            page.wait_for_function("(n) => window.__gate.acks() > n", arg=acks, timeout=120_000, polling=100)
    elif i == 4:  # the cell that reads the box has run: let everything through
        page.evaluate("() => { window.__gate.closed = false; window.__gate.release(); }")
        _wait_quiet(nb)


def test_a_late_echo_never_undoes_a_newer_change(page, page_guard, lab):
    _write_notebook(lab.root / "notebooks" / "_late_echo.ipynb", ECHO_CELLS)
    nb = LabNotebook(page, lab, "notebooks/_late_echo.ipynb")
    nb.run_cell_by_cell(after_each=lambda i: _echo_steps(nb, i))
    want = SECOND + "\n" + ADDED
    got = nb.kernel("import json; print(json.dumps([editor.w_tickets.value, editor._tickets_text()]))")
    assert got == [want, want], f"the kernel's ticket box and tickets are {got}, not {want!r}: an older text came back"
    assert page.evaluate("() => window.railkitNoEcho === true")


# ---------------------------------------------------------------- a page message during a cell
MARK = "typed in the page"
THREAD_CELLS = [
    SETUP,
    # the page's message carrying MARK: say it arrived, and wait for the cell's go before
    # handling it (ipykernel hands comm messages to comm.base_comm.BaseComm.handle_msg)
    "import json, threading\n"
    "import panel as pn\n"
    "from bokeh.models import ColumnDataSource\n"
    "from bokeh.plotting import figure\n"
    "from comm.base_comm import BaseComm\n"
    "arrived, go, done = threading.Event(), threading.Event(), threading.Event()\n"
    "_handle = BaseComm.handle_msg\n"
    "def _held_handle(self, msg):\n"
    f"    if {MARK!r} not in json.dumps(msg.get('content', {{}}).get('data'), default=str):\n"
    "        return _handle(self, msg)\n"
    "    arrived.set()\n"
    "    go.wait(120)\n"
    "    try:\n"
    "        return _handle(self, msg)\n"
    "    finally:\n"
    "        done.set()\n"
    "BaseComm.handle_msg = _held_handle\n"
    "box = pn.widgets.TextInput(name='page box')\n"
    "src = ColumnDataSource(dict(x=[0], y=[0]), name='cell_points')\n"
    "fig = figure(width=240, height=160, toolbar_location=None)\n"
    "fig.scatter('x', 'y', source=src)\n"
    "view = pn.Row(box, pn.pane.Bokeh(fig))\n"
    "view",
    # the change is held in the document until pushed at the end of the cell
    "src.data = dict(x=[0, 1, 2], y=[0, 1, 2])\n"
    "arrived.wait(120)\n"
    "go.set()\n"
    "done.wait(120)\n"
    "pn.io.push_notebook(view)",
]

#: start running cell ``i`` and return at once
START_CELL = """(i) => { const nb = window.jupyterapp.shell.currentWidget;
  nb.content.activeCellIndex = i; nb.content.deselectAll();
  window.jupyterapp.commands.execute('notebook:run-cell'); return true; }"""

#: the page's row count of the cell's data source
POINTS = """() => { for (const d of Bokeh.documents) { const s = d.get_model_by_name('cell_points');
  if (s) return s.data.x.length; } return null; }"""


def test_a_page_message_during_a_cell_loses_none_of_its_changes(page, page_guard, lab):
    _write_notebook(lab.root / "notebooks" / "_message_during_cell.ipynb", THREAD_CELLS)
    nb = LabNotebook(page, lab, "notebooks/_message_during_cell.ipynb")
    _run_cell(nb, 0)
    _install_gate(nb)
    _run_cell(nb, 1)
    assert page.evaluate(POINTS) == 1
    page.evaluate(START_CELL, 2)
    # the page changes the box (as typing does) while the cell runs
    page.evaluate("""(text) => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
        if (m.title === 'page box') m.value = text; }""", MARK)
    _js_poll(page, CELL_DONE, arg=2, what="cell 2 run")
    nb._raise_errors(nb.progress())
    try:
        page.wait_for_function(f"() => ({POINTS})() === 3", timeout=60_000, polling=250)
    except Exception:
        raise AssertionError(f"the page shows {page.evaluate(POINTS)} points, the cell made 3: its change was "
                             "lost while the page's message was handled") from None
    _wait_quiet(nb)
    assert nb.kernel("import json; print(json.dumps(box.value))") == MARK, "the page's text never reached the kernel"

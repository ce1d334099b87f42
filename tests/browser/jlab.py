"""Drive notebooks inside a real JupyterLab, as a learner does.

:class:`LabServer` starts ``jupyter lab`` (empty token, 127.0.0.1,
``expose_app_in_browser``) on a temporary copy of ``notebooks/`` and ``maps/``, so
outputs and checkpoints never land in the repository. :class:`LabNotebook` opens a
notebook in a Playwright page and runs it (Restart and Run All, or cell by cell),
reads its outputs and runs code in its kernel to get the truth to compare the page
with.

Every wait is on a condition (kernel idle, execution counts, BokehJS views), with
generous deadlines (``DEADLINE`` seconds, more with ``RAILKIT_BROWSER_DEADLINE``):
the machine may be small and busy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JUPYTER = Path(sys.executable).with_name("jupyter")

#: Deadline in seconds for one notebook (or one cell) to finish; a loaded 2-core
#: machine runs them several times slower than an idle one.
DEADLINE = float(os.environ.get("RAILKIT_BROWSER_DEADLINE", "420"))


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """``jupyter lab`` on a copy of the repository's notebooks (and maps).

    Parameters
    ----------
    workdir : Path
        An empty temporary folder; ``notebooks/`` and ``maps/`` are copied into it.
    lang : str, optional
        JupyterLab's own language, as ``railkit lab --lang`` sets it (its settings default).
    """

    def __init__(self, workdir: Path, lang: str | None = None):
        self.root = Path(workdir)
        shutil.copytree(ROOT / "notebooks", self.root / "notebooks",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        shutil.copytree(ROOT / "maps", self.root / "maps")
        # JupyterLab's debugger asks the kernel for its state when a notebook opens; a restart
        # right after that cancels the request and JupyterLab logs a console error of its own
        # ("Could not restore the debugger state"). The notebooks never use the debugger.
        (self.root / ".jupyter" / "labconfig").mkdir(parents=True)
        (self.root / ".jupyter" / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/debugger-extension": True,
                                                # its "news?" pop-up covers part of every screenshot
                                                "@jupyterlab/apputils-extension:announcements": True}}))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = tempfile.NamedTemporaryFile(prefix="railkit-lab-", suffix=".log", delete=False)
        cmd = [str(JUPYTER), "lab", "--no-browser", f"--port={self.port}", "--ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
               f"--ServerApp.root_dir={self.root}", "--ServerApp.open_browser=False",
               "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--allow-root"]
        if lang:
            from railkit.cli import lab_settings

            cmd.append(f"--LabApp.app_settings_dir={lab_settings(self.root, lang)}")
        env = dict(os.environ, PANEL_INLINE="1", BOKEH_RESOURCES="inline",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
                   JUPYTER_CONFIG_DIR=str(self.root / ".jupyter"), JUPYTERLAB_SETTINGS_DIR=str(self.root / ".lab"),
                   JUPYTERLAB_WORKSPACES_DIR=str(self.root / ".lab" / "workspaces"))
        # never a pipe: an unread pipe fills up and blocks the server
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT, cwd=self.root)
        deadline = time.time() + 120
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("jupyter lab did not start:\n" + self.log()[-3000:])
            try:
                urllib.request.urlopen(self.url + "/api/status", timeout=2)
                break
            except OSError:
                if time.time() > deadline:
                    self.stop()
                    raise RuntimeError("jupyter lab did not answer within 120 s:\n" + self.log()[-3000:])
                time.sleep(0.25)

    def log(self) -> str:
        return Path(self._log.name).read_text(errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        try:
            os.unlink(self._log.name)
        except OSError:
            pass


# ---------------------------------------------------------------- page-side JavaScript
_NB = "window.jupyterapp.shell.currentWidget"

#: The notebook panel is open, its kernel is connected and idle.
READY = f"""() => {{
  const nb = window.jupyterapp && {_NB};
  if (!nb || !nb.content || !nb.sessionContext) return false;
  const k = nb.sessionContext.session && nb.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle' && nb.content.widgets.length > 0;
}}"""

#: Progress of the open notebook: per code cell its execution count and whether it has an error.
PROGRESS = f"""() => {{
  const nb = {_NB};
  const k = nb.sessionContext.session && nb.sessionContext.session.kernel;
  const cells = nb.content.widgets.filter(c => c.model.type === 'code').map(c => {{
    const outs = c.model.outputs.toJSON();
    const err = outs.find(o => o.output_type === 'error');
    return {{count: c.model.executionCount, error: err ? err.ename + ': ' + err.evalue : null,
             busy: !!(c.promptNode && c.promptNode.textContent.includes('*'))}};
  }});
  return {{status: k ? k.status : 'none', cells}};
}}"""

#: Restart the kernel (no dialog) and run every cell.
RESTART_RUN_ALL = f"""async () => {{
  const nb = {_NB};
  await nb.sessionContext.ready;
  const k = nb.sessionContext.session.kernel;
  // JupyterLab asks the kernel for a subshell per comm target as the page connects; a
  // restart while such a request waits for its reply rejects it ("Canceled future for
  // create_subshell_request"). Restart once no request is waiting (at most 60 s).
  for (const t0 = Date.now(); k._futures && k._futures.size > 0 && Date.now() - t0 < 60000; )
    await new Promise(r => setTimeout(r, 100));
  await k.restart();
  await window.jupyterapp.commands.execute('notebook:run-all-cells');
}}"""

#: Run code cell number ``i`` (0-based among all cells) and resolve when it has run.
RUN_CELL = f"""async (i) => {{
  const nb = {_NB};
  nb.content.activeCellIndex = i;
  nb.content.deselectAll();
  await window.jupyterapp.commands.execute('notebook:run-cell');
}}"""

#: Cell kinds of the open notebook.
CELL_TYPES = f"() => {_NB}.content.widgets.map(c => c.model.type)"

#: Run ``code`` in the notebook's kernel (not in a cell); resolve with what it printed. The
#: text comes back in the execute reply (a user expression), not as stream messages, which
#: may arrive after the reply when the kernel is busy with widget traffic.
KERNEL_EXEC = f"""async (code) => {{
  const k = {_NB}.sessionContext.session.kernel;
  const wrapped = "import contextlib as _rk_c, io as _rk_io\\n_rk_buf = _rk_io.StringIO()\\n" +
    "with _rk_c.redirect_stdout(_rk_buf):\\n    exec(compile(" + JSON.stringify(code) + ", '<test>', 'exec'), globals())";
  const future = k.requestExecute({{code: wrapped, silent: false, store_history: false,
                                    user_expressions: {{out: '_rk_buf.getvalue()'}}}});
  let err = null;
  future.onIOPub = (msg) => {{
    if (msg.header.msg_type === 'error') err = msg.content.ename + ': ' + msg.content.evalue;
  }};
  const reply = await future.done;
  const ue = reply.content.user_expressions && reply.content.user_expressions.out;
  if (reply.content.status !== 'ok') err = err || (reply.content.ename + ': ' + reply.content.evalue);
  return {{out: ue && ue.data ? ue.data['text/plain'] : null, err}};
}}"""

#: Every BokehJS root view on the page has been drawn: each canvas of each view has a
#: width and height, and there are at least ``n`` root views.
BOKEH_DRAWN = """(n) => {
  if (!window.Bokeh || !Bokeh.index) return false;
  const roots = [...Bokeh.index.roots].filter(r => r.el && r.el.isConnected);
  if (roots.length < n) return false;
  for (const r of roots) { if (!r.is_idle) return false; }
  return true;
}"""

def _js_poll(page, fn: str, arg=None, deadline: float = DEADLINE, what: str = "a condition"):
    """Wait until ``fn(arg)`` returns something truthy in the page; return it."""
    try:
        handle = page.wait_for_function(fn, arg=arg, timeout=deadline * 1000, polling=250)
    except Exception as exc:
        raise AssertionError(f"waited {deadline:.0f} s for {what}: {exc}") from None
    value = handle.json_value()
    handle.dispose()
    return value


class NotebookError(AssertionError):
    """A notebook cell raised an error (the error's name and message are in the text)."""


class LabNotebook:
    """A notebook open in JupyterLab in ``page``.

    Parameters
    ----------
    page : playwright.sync_api.Page
    server : LabServer
    path : str
        Path under the server root, e.g. ``notebooks/01-maps-and-graphs.ipynb``.
    """

    def __init__(self, page, server: LabServer, path: str):
        self.page, self.server, self.path = page, server, path
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(f"{server.url}/lab/tree/{path}?reset", timeout=DEADLINE * 1000)
        _js_poll(page, READY, what="notebook open with an idle kernel")
        self.types = page.evaluate(CELL_TYPES)

    # ------------------------------------------------------------ running
    def progress(self) -> dict:
        return self.page.evaluate(PROGRESS)

    def _raise_errors(self, prog: dict) -> None:
        errs = [(i, c["error"]) for i, c in enumerate(prog["cells"]) if c["error"]]
        if errs:
            raise NotebookError(f"{self.path}: code cell {errs[0][0] + 1} failed: {errs[0][1]}")

    def restart_run_all(self) -> None:
        """Restart the kernel, run all cells and wait until every code cell has run (or one failed)."""
        self.page.evaluate(RESTART_RUN_ALL)
        done = """() => { const p = (%s)();
          const failed = p.cells.some(c => c.error);
          const all = p.cells.every(c => c.count !== null && !c.busy);
          return (p.status === 'idle' && (failed || all)) ? p : false; }""" % PROGRESS
        prog = _js_poll(self.page, done, what="every cell run")
        self._raise_errors(prog)
        self.wait_outputs_drawn()

    def run_cell_by_cell(self, after_each=None) -> None:
        """Run the cells one by one, each once the one before has finished and its output is drawn.

        ``after_each(index)`` (optional) runs after each code cell (0-based index among all cells).
        """
        for i, kind in enumerate(self.types):
            if kind != "code":
                continue
            self.page.evaluate(RUN_CELL, i)
            k = sum(1 for t in self.types[:i] if t == "code")
            done = """(k) => { const p = (%s)(); const c = p.cells[k];
              return (p.status === 'idle' && c.count !== null && !c.busy) ? p : false; }""" % PROGRESS
            prog = _js_poll(self.page, done, arg=k, what=f"cell {i} run")
            self._raise_errors(prog)
            self.wait_outputs_drawn()
            if after_each:
                after_each(i)

    # ------------------------------------------------------------ outputs
    def bokeh_output_count(self) -> int:
        """How many outputs of the notebook carry a Panel/Bokeh view."""
        js = f"""() => {_NB}.content.widgets.filter(c => c.model.type === 'code').reduce((n, c) =>
            n + c.model.outputs.toJSON().filter(o => o.data && Object.keys(o.data).some(m =>
              m === 'application/vnd.holoviews_exec.v0+json' || m === 'application/vnd.bokehjs_exec.v0+json')).length, 0)"""
        return self.page.evaluate(js)

    def wait_outputs_drawn(self) -> None:
        """Wait until BokehJS has a drawn root view for every Panel/Bokeh output so far."""
        n = self.bokeh_output_count()
        if n:
            _js_poll(self.page, BOKEH_DRAWN, arg=n, what=f"{n} BokehJS views drawn")

    def kernel(self, code: str):
        """Run ``code`` in the notebook's kernel; return what it printed, parsed as JSON."""
        import ast

        res = self.page.evaluate(KERNEL_EXEC, code)
        if res["err"] or res["out"] is None:
            raise NotebookError(f"kernel code failed: {res['err']}\n{code}")
        return json.loads(ast.literal_eval(res["out"]))

    def output_element(self, cell_index: int):
        """Locator of the output area of cell ``cell_index`` (0-based among all cells)."""
        return self.page.locator(".jp-Notebook .jp-Cell").nth(cell_index).locator(".jp-Cell-outputArea")

    def scroll_to_cell(self, cell_index: int) -> None:
        self.page.evaluate(f"(i) => {_NB}.content.scrollToItem(i, 'start')", cell_index)
        self.output_element(cell_index).scroll_into_view_if_needed()

"""One call to set up a notebook for railkit's widgets and plots.

Every notebook that shows a widget or a plot starts with::

    from railkit.viz.shell.notebook import setup, show
    setup()

:func:`setup` loads Panel and BokehJS into the page once, in the right order, with
every JavaScript and CSS file inlined: the notebook works offline (a classroom
without internet) and never asks a CDN for anything. :func:`show` displays a Bokeh
figure through Panel, so no notebook needs ``bokeh.io.output_notebook``, whose
second copy of BokehJS, loaded before Panel's, left Panel's own widgets blank
("Unable to run Panel code because Bokeh or Panel library is missing").

>>> fig = show(__import__("bokeh.plotting", fromlist=["figure"]).figure(width=200, height=100))
>>> type(fig).__name__
'Bokeh'
"""

from __future__ import annotations

import os

import panel as pn

#: Panel settings for notebooks: every resource inline, nothing from a CDN.
INLINE = {"inline": True}


def offline() -> None:
    """Make Panel and Bokeh take every resource from the local installation.

    Sets ``pn.config.inline`` (JavaScript and CSS inlined into the notebook's
    outputs; Panel's stylesheets on its components too) and ``BOKEH_RESOURCES``
    for processes started from here (``panel serve`` subprocesses), and inlines the
    stylesheets of later updates too (see :func:`inline_updates`).
    """
    os.environ.setdefault("BOKEH_RESOURCES", "inline")
    pn.config.inline = True
    inline_updates()


#: inline Panel's stylesheets whatever ``pn.config.inline`` says (set by the served apps)
_INLINE_ALWAYS = False


def inline_updates(always: bool = False) -> None:
    """Inline Panel's own stylesheets whenever Panel makes a component's stylesheet list.

    Panel 1.9 inlines the CSS files of a component (loading spinner, markdown, alerts,
    the design's theme) when it is first shown with ``inline=True``, but a component
    added or changed later (a layout given new children, an alert changing its type,
    a button its colours) gets links to the CDN: offline they fail and the component
    loses its style. Every stylesheet list passes through
    ``Syncable._process_param_change``; this wraps it once so that, with
    ``pn.config.inline`` (or ``always``: the served apps), links to Panel's CDN become
    the same CSS read from Panel's installed files (a file Panel does not ship stays a
    link). Each such sheet is inlined once per document: an update that keeps its
    sheets sends none again.
    """
    from bokeh.models import ImportedStyleSheet, InlineStyleSheet
    from panel.io.resources import CDN_DIST, DIST_DIR
    from panel.reactive import Syncable

    global _INLINE_ALWAYS
    _INLINE_ALWAYS = _INLINE_ALWAYS or always
    original = Syncable._process_param_change
    if getattr(original, "_railkit_inline", False):
        return
    import weakref

    cache: dict[str, str | None] = {}
    # Panel keeps one ImportedStyleSheet per document and address; one InlineStyleSheet for
    # each, so that an update finds the sheets it already has and sends none again
    inlined: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def local_css(url: str) -> str | None:
        if url not in cache:
            path = DIST_DIR / url[len(CDN_DIST):].split("?")[0]
            cache[url] = path.read_text(encoding="utf-8") if path.is_file() else None
        return cache[url]

    def _process_param_change(self, params):
        props = original(self, params)
        sheets = props.get("stylesheets") if isinstance(props, dict) else None
        if sheets and (pn.config.inline or _INLINE_ALWAYS):
            out = []
            for st in sheets:
                if isinstance(st, ImportedStyleSheet) and str(st.url).startswith(CDN_DIST) \
                        and (css := local_css(str(st.url))) is not None:
                    if st not in inlined:
                        inlined[st] = InlineStyleSheet(css=css)
                    st = inlined[st]
                out.append(st)
            props["stylesheets"] = out
        return props

    _process_param_change._railkit_inline = True
    Syncable._process_param_change = _process_param_change


def in_order() -> None:
    """Make Panel send a notebook page its changes in the order they were made.

    A change made before the page has opened its connection (Run All: the cell after
    the one showing a widget changes it at once) cannot be sent yet. Panel then retries
    each such message on its own every 0.1 s, so two of them can go out in either order
    once the connection opens, and an older one arriving last undoes the newer (seen:
    the map editor's page lost the route added right after the city). This replaces
    Panel's ``push`` with one that keeps every waiting message of a connection in one
    queue, oldest first, and sends the whole queue once it opens; a message made while
    older ones wait joins the queue behind them.
    """
    import importlib

    from panel.io import notebook as nb

    original = nb.push
    if getattr(original, "_railkit_in_order", False):
        return
    waiting: dict[int, list] = {}

    def drain(comm) -> None:
        if not comm._comm:
            from tornado.ioloop import IOLoop

            IOLoop.current().call_later(0.1, drain, comm)
            return
        for msg in waiting.pop(id(comm), []):
            nb.send(comm, msg)

    def push(doc, comm, binary=True, msg=None):
        if msg is None:
            msg = nb.diff(doc, binary=binary)
        if msg is None:
            return
        queue = waiting.get(id(comm))
        if queue is None and comm._comm:
            nb.send(comm, msg)
            return
        if queue is None:
            try:
                from tornado.ioloop import IOLoop

                IOLoop.current().call_later(0.1, drain, comm)
            except RuntimeError:  # pragma: no cover - no event loop: Panel's own way
                return original(doc, comm, binary, msg=msg)
            queue = waiting[id(comm)] = []
        queue.append(msg)

    push._railkit_in_order = True
    # every Panel module that imported ``push`` by name, and the module itself
    for name in ("panel.io.notebook", "panel.reactive", "panel.pane.base", "panel.pane.plot",
                 "panel.io.datamodel"):
        mod = importlib.import_module(name)
        if getattr(mod, "push", None) is original:
            mod.push = push


#: Panel's comm model in the page (its JavaScript class, by its Bokeh name)
_COMM_MANAGER = "panel.models.comm_manager.CommManager"

#: JavaScript run in the page by :func:`setup`: see :func:`page_script`
_PAGE_JS = """
(function (root) {
  var NAME = "%s";
  var started = Date.now();
  function install() {
    var Bokeh = root.Bokeh;
    var models = Bokeh && Bokeh.Models && Bokeh.Models._known_models;
    var CM = models && models.get(NAME);
    if (CM == null) {
      if (Date.now() - started < 120000) { setTimeout(install, 5); }
      return;
    }
    if (!CM.prototype._railkit_no_echo) {
      // a change received from the kernel (applied here with sync false) never goes back
      var changed = CM.prototype._document_changed;
      CM.prototype._document_changed = function (event) {
        if (event.sync === false) { return; }
        return changed.call(this, event);
      };
      CM.prototype._railkit_no_echo = true;
    }
    root.railkitNoEcho = true;
    if (CM.prototype._railkit_waits) { root.railkitWaitsForRender = true; return; }
    var handle = CM.prototype.msg_handler;
    function rendered(cm) {
      var id = cm.plot_id;
      if (id == null) { return true; }
      var ns = root.PyViz || {};
      return (ns.plot_index != null && ns.plot_index[id] != null) ||
             (root.Bokeh !== undefined && id in root.Bokeh.index);
    }
    function drain(cm) {
      if (!rendered(cm)) {
        if (Date.now() - cm._railkit_since < 300000) { setTimeout(function () { drain(cm); }, 20); }
        else { console.warn("railkit: a widget never rendered; its updates were dropped"); cm._railkit_waiting = []; }
        return;
      }
      var waiting = cm._railkit_waiting;
      cm._railkit_waiting = [];
      for (var i = 0; i < waiting.length; i++) {
        try { handle.call(cm, waiting[i]); } catch (e) { console.error(e); }
      }
    }
    CM.prototype.msg_handler = function (msg) {
      var waiting = this._railkit_waiting || (this._railkit_waiting = []);
      if (waiting.length === 0 && rendered(this)) { return handle.call(this, msg); }
      waiting.push(msg);
      if (waiting.length === 1) { this._railkit_since = Date.now(); var cm = this; setTimeout(function () { drain(cm); }, 20); }
    };
    CM.prototype._railkit_waits = true;
    root.railkitWaitsForRender = true;
  }
  install();
})(window);
""" % _COMM_MANAGER


def page_script() -> None:
    """Run railkit's script in the notebook's page: it patches Panel's page code twice.

    * It keeps a widget's updates until the widget is on the page. The page opens a
      widget's connection while it is still building the widget's view, and Panel's
      page code drops every message that arrives before the view is listed among the
      page's views. One change is sent as several messages (header, metadata, content,
      buffers), so losing the first of them made the page read the rest out of step and
      fail on the next change ("TypeError: s is not iterable" in ``apply_json_patch``,
      seen cell by cell on a loaded machine: the map editor's page then missed its
      edits). Such messages now wait, in order, until the view is there.
    * It sends the kernel only the changes made in the page. Panel's page code sent back
      every change it had just received from the kernel (Bokeh's own server connection
      leaves those out, as they carry ``sync`` false). Each change the kernel made thus
      came back a little later, and a late one undid a newer change: seen cell by cell on
      a loaded machine, the map editor's ticket box got back a text two cells old, and the
      next cell, which adds lines to the box's text, saved a ticket to a city that no
      longer existed.

    The script installs itself once per page. Outside a notebook this does nothing.
    """
    if _kernel_shell() is None:
        return
    from IPython.display import publish_display_data
    from panel.io.notebook import LOAD_MIME

    publish_display_data({LOAD_MIME: _PAGE_JS, "application/javascript": _PAGE_JS})


def _kernel_shell():
    """The IPython shell of the running kernel, or None outside a notebook."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a Panel dependency
        return None
    shell = get_ipython()
    return shell if shell is not None and hasattr(shell, "kernel") else None


def one_thread() -> None:
    """Handle every message from a notebook page to Panel on this thread, in order.

    With ipykernel 7, JupyterLab sends widget messages to a subshell of the kernel: they
    are handled on a thread of their own, while a cell runs on the main thread. Panel
    is written for one thread, and two at once lose changes: the page's message
    applied on the other thread released the document's held changes, so a change the
    cell had just made (a data source set, not yet sent) never reached the page (seen:
    the sheet editor's page kept 6 mountain bars while the saved sheet had 7); and two
    threads sending on one connection interleave the parts of their messages. This
    hands each such message to the event loop of the thread that calls it (the
    kernel's main thread, in :func:`setup`): it is handled there, oldest first, once the
    running cell has finished, as with ipykernel 6. Without a running event loop it
    does nothing.
    """
    import asyncio
    import threading

    import pyviz_comms

    original = pyviz_comms.Comm._handle_msg
    if getattr(original, "_railkit_one_thread", False):
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    home = threading.current_thread()

    def _handle_msg(self, msg):
        if threading.current_thread() is home:
            return original(self, msg)
        loop.call_soon_threadsafe(original, self, msg)

    _handle_msg._railkit_one_thread = True
    pyviz_comms.Comm._handle_msg = _handle_msg


def setup(*extensions: str, **kwargs):
    """Load Panel (and BokehJS with it) into this notebook, everything inline.

    Call it once, in the first code cell that needs a widget or a plot, instead of
    ``pn.extension()`` and ``bokeh.io.output_notebook()``. Arguments go to
    :func:`panel.extension` (e.g. ``setup("tabulator")``). It also makes the kernel
    and the page exchange changes safely: in order (:func:`in_order`), on the
    kernel's main thread (:func:`one_thread`), and with the page's script of
    :func:`page_script`.
    """
    offline()
    in_order()
    if _kernel_shell() is not None:
        one_thread()
    ext = pn.extension(*extensions, **{**INLINE, **kwargs})
    page_script()
    return ext


def show(obj, **kwargs):
    """Show ``obj`` (a Bokeh figure or any Panel object) as the cell's output.

    Returns a Panel object, so it displays when it is the last line of a cell.
    """
    if isinstance(obj, pn.viewable.Viewable):
        return obj
    from bokeh.model import Model

    if isinstance(obj, Model):
        return pn.pane.Bokeh(obj, **kwargs)
    return pn.panel(obj, **kwargs)

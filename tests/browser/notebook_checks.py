"""Page-side checks of what a learner sees in a notebook's outputs (see test_jupyterlab_notebooks.py)."""

from __future__ import annotations

import json

_NB = "window.jupyterapp.shell.currentWidget"

#: Bookkeeping models Panel puts in every output: nothing to see.
BOOKKEEPING = ("Notifications", "panel.models.comm_manager.CommManager", "panel.models.browser.BrowserInfo",
               "panel.models.location.Location")

#: Per code cell (0-based among all cells) with Panel/Bokeh views in its output: each view
#: with its size, and every plot's canvas size. A view belongs to a cell when its element
#: (through the shadow roots it sits in) is inside the cell's output area.
CELL_VIEWS = """(bookkeeping) => {
  const nb = %s;
  const inside = (el, node) => {
    while (el) {
      if (node.contains(el)) return true;
      const root = el.getRootNode();
      el = root && root.host ? root.host : null;
    }
    return false;
  };
  const out = [];
  if (!window.Bokeh || !Bokeh.index) return out;
  const all = [];
  for (const root of Bokeh.index.roots) {
    if (!root.el || bookkeeping.includes(root.model.type)) continue;
    all.push(root);
  }
  nb.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code' || !cell.outputArea) return;
    const node = cell.outputArea.node;
    const roots = all.filter(r => inside(r.el, node));
    if (!roots.length) return;
    const plots = [];
    for (const r of roots) {
      for (const v of r.owner.query(v => v.canvas_view !== undefined && 'frame' in v)) {
        const rect = v.canvas_view.el.getBoundingClientRect();
        plots.push({name: v.model.name, width: rect.width, height: rect.height});
      }
    }
    out.push({cell: i, roots: roots.map(r => { const b = r.el.getBoundingClientRect();
                                           return {type: r.model.type, width: b.width, height: b.height}; }),
              plots});
  });
  return out;
}""" % _NB


def cell_views(page) -> list[dict]:
    """What :data:`CELL_VIEWS` finds on the page."""
    return page.evaluate(CELL_VIEWS, list(BOOKKEEPING))


#: The data of the last BokehJS data source named ``name`` on the page, as plain JSON
#: (columns of lists).
SOURCE_DATA = """([name, every]) => {
  const found = [];
  for (const d of Bokeh.documents) for (const m of d._all_models.values())
    if (m.type === 'ColumnDataSource' && m.name === name) found.push(m);
  if (!found.length) return null;
  const columns = m => {
    const out = {};
    for (const [k, v] of Object.entries(m.data)) out[k] = Array.from(v, x => (x && x.length !== undefined && typeof x !== 'string') ? Array.from(x) : x);
    return out;
  };
  return every ? found.map(columns) : columns(found[found.length - 1]);
}"""


def source_data(page, name: str) -> dict | None:
    """The columns of the last BokehJS data source called ``name`` (None if there is none)."""
    return page.evaluate(SOURCE_DATA, [name, False])


def sources_data(page, name: str) -> list[dict]:
    """The columns of every BokehJS data source called ``name``, in the page's order."""
    return page.evaluate(SOURCE_DATA, [name, True]) or []


#: The canvas element of the last figure named ``name`` (scrolled into view).
FIGURE_CANVAS = """(name) => {
  let found = null;
  for (const root of Bokeh.index.roots)
    for (const v of root.owner.query(v => v.model && v.model.name === name && v.canvas_view !== undefined))
      found = v;
  if (!found) return null;
  found.canvas_view.el.scrollIntoView({block: 'center', inline: 'nearest'});
  return found.canvas_view.el;
}"""


def figure_png(page, name: str) -> bytes:
    """A screenshot (PNG bytes) of the last figure called ``name`` on the page."""
    page.mouse.move(0, 0)  # no hover tooltip in the picture
    handle = page.evaluate_handle(FIGURE_CANVAS, name)
    el = handle.as_element()
    assert el is not None, f"no figure named {name!r} on the page"
    return el.screenshot(animations="disabled")


def dumps(obj) -> str:
    return json.dumps(obj, indent=1, sort_keys=True)

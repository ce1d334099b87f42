"""The Station Master notebooks (40, 41) in JupyterLab at 1280x720: the game view's column with
the scores and the departure explanation lies within the notebook's width, with JupyterLab's
file browser open and closed (it used to sit off-screen to the right, half cut even with the
file browser closed). Screenshots go to ``$RAILKIT_SCREENSHOTS`` (as in
test_jupyterlab_notebooks.py)."""

from __future__ import annotations

import pytest

from jlab import LabNotebook
from test_jupyterlab_notebooks import screenshot

#: where each element (by class) sits, found through shadow roots from cell ``i``'s output
#: area, and the output area's own left and right edges
PLACES = """([i, classes]) => {
  const area = document.querySelectorAll('.jp-Notebook .jp-Cell')[i].querySelector('.jp-Cell-outputArea');
  const find = (n, cls) => { if (n.classList && n.classList.contains(cls)) return n;
    for (const r of [n.shadowRoot, ...n.childNodes]) { if (!r) continue; const f = find(r, cls); if (f) return f; }
    return null; };
  const a = area.getBoundingClientRect();
  const out = {area: [a.left, a.right], window: window.innerWidth};
  for (const cls of classes) { const el = find(area, cls); const r = el && el.getBoundingClientRect();
    out[cls] = r ? [r.left, r.right, r.width] : null; }
  return out; }"""

#: the file browser open (true) or closed (false), and the page laid out again
FILE_BROWSER = """async (open) => { const app = window.jupyterapp;
  if (open) await app.commands.execute('filebrowser:activate');
  else if (!app.shell.leftCollapsed) await app.commands.execute('application:toggle-left-area');
  window.dispatchEvent(new Event('resize')); return app.shell.leftCollapsed; }"""

#: the cell showing the view, and the view's panes that must fit
CASES = {
    "40-station-master-rules.ipynb": ("depart = position_view(", ["players", "departure"]),
    "41-station-master-play.ipynb": ("game = quick_game(", ["players", "departure"]),
}


def _cell(nb: LabNotebook, start: str) -> int:
    js = """(start) => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
        c => c.model.type === 'code' && c.model.sharedModel.getSource().startsWith(start))"""
    return nb.page.evaluate(js, start)


def _fits(nb: LabNotebook, cell: int, classes: list[str]) -> dict:
    """Wait until each pane lies within the output area's width and the window's; where they are."""
    fits = """([i, classes]) => { const p = (%s)([i, classes]);
      return classes.every(c => p[c] && p[c][2] > 0 && p[c][0] >= p.area[0] - 1 && p[c][1] <= p.area[1] + 1
                                 && p[c][1] <= p.window) ? p : false; }""" % PLACES
    try:
        nb.page.wait_for_function(fits, arg=[cell, classes], timeout=30_000, polling=250)
    except Exception:
        pytest.fail(f"cell {cell}: a pane lies outside the notebook's width: {nb.page.evaluate(PLACES, [cell, classes])}")
    return nb.page.evaluate(PLACES, [cell, classes])


@pytest.mark.parametrize("name", sorted(CASES))
def test_scores_and_departure_fit_at_1280x720(page, page_guard, lab, name):
    nb = LabNotebook(page, lab, f"notebooks/{name}")
    nb.restart_run_all()
    start, classes = CASES[name]
    cell = _cell(nb, start)
    assert cell >= 0
    for open_browser in (True, False):
        collapsed = page.evaluate(FILE_BROWSER, open_browser)
        assert collapsed is (not open_browser)
        nb.scroll_to_cell(cell)
        _fits(nb, cell, classes)
        screenshot(nb, f"station-fit-{name[:2]}-{'browser' if open_browser else 'no-browser'}")

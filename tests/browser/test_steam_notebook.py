"""Notebook 31 (Steam Rollers) in JupyterLab at 1280x720: the game view lies within the
notebook's width with JupyterLab's file browser open and closed (its right column, with the
status line, the tiles and the goods, used to run off the right edge while the file browser
was open: it now drops below the sheet when there is no room beside it). Screenshots go to
``$RAILKIT_SCREENSHOTS`` (as in test_jupyterlab_notebooks.py)."""

from __future__ import annotations

from jlab import LabNotebook
from test_jupyterlab_notebooks import screenshot
from test_station_notebooks import FILE_BROWSER, _cell, _fits

NOTEBOOK = "31-steam-rollers-play.ipynb"
#: the panes of the view that must lie within the notebook's width
PANES = ["status", "action-info", "goods", "olivia", "confirm-turn"]


def test_the_solo_view_fits_beside_the_file_browser_at_1280x720(page, page_guard, lab):
    nb = LabNotebook(page, lab, f"notebooks/{NOTEBOOK}")
    nb.restart_run_all()
    cell = _cell(nb, "solo = quick_game(")
    assert cell >= 0
    for open_browser in (True, False):
        collapsed = page.evaluate(FILE_BROWSER, open_browser)
        assert collapsed is (not open_browser)
        nb.scroll_to_cell(cell)
        _fits(nb, cell, PANES)
        screenshot(nb, f"steam-fit-31-{'browser' if open_browser else 'no-browser'}", cell)

"""Updates sent while a widget is still being drawn reach the page, in JupyterLab.

A notebook cell shows a large Panel layout and changes it at once, several times. The
page opens the widget's connection before it has finished building the layout's view, so
the changes arrive while the view is not there yet. Panel's page code dropped such
messages, and then read every later message out of step ("TypeError: s is not iterable"
in ``apply_json_patch``: seen in the map editor's notebook, run cell by cell on a loaded
machine). :func:`railkit.viz.shell.notebook.setup` makes the page keep them until the view is
there; the page must end showing the last change, with no console error.

To make the race happen on any machine, the test holds every new view back for two
seconds before BokehJS lists it (as a slow machine building a large layout does), so
the changes made right after ``display`` always arrive first. Without the fix the page
drops them, reads the rest out of step and never shows the last change.
"""

from __future__ import annotations

import json

from jlab import LabNotebook

#: the notebook: three layouts of many widgets, each changed right after it is shown, then
#: once more
CELLS = [
    "from railkit.viz.shell.notebook import setup\nsetup()",
    "import panel as pn\n"
    "from IPython.display import display\n"
    "layouts = []\n"
    "for j in range(3):\n"
    "    status = pn.pane.Markdown(f'layout {j} step 0')\n"
    "    fields = [pn.widgets.TextInput(name=f'field {i} of {j}', value=str(i)) for i in range(250)]\n"
    "    layouts.append((status, fields[0]))\n"
    "    display(pn.Column(status, *fields))\n"
    "    for k in range(1, 6):\n"
    "        status.object = f'layout {j} step {k}'\n"
    "        fields[0].value = f'changed {k}'",
    "for j, (status, field) in enumerate(layouts):\n"
    "    status.object = f'layout {j} step 6'",
]

#: per layout, the text of its Markdown pane and its first field's value, as BokehJS has them
SHOWN = """() => { const shown = [];
  for (const d of (window.Bokeh ? Bokeh.documents : [])) {
    const models = [...d._all_models.values()];
    for (const m of models) {
      const text = String(m.text || '');
      const j = /layout (\\d) step/.exec(text);
      if (j && !(typeof m.title === 'string')) {
        const field = models.find(x => x.title === 'field 0 of ' + j[1]);
        shown[Number(j[1])] = [text, field ? field.value : null]; } } }
  return shown; }"""


#: hold each new root view back for this many milliseconds before BokehJS lists it
HOLD_MS = 2000

#: page script: ``Bokeh.index.add`` (where BokehJS lists a built view) runs HOLD_MS later
HOLD_VIEWS = """(ms) => { const index = window.Bokeh.index; const add = index.add.bind(index);
  index.add = (view) => { setTimeout(() => add(view), ms); }; }"""


def _hold_views(page, index: int) -> None:
    if index == 0:  # after setup(): BokehJS is on the page
        page.wait_for_function("() => window.Bokeh && window.Bokeh.index && window.Bokeh.index.add",
                               timeout=120_000, polling=100)
        page.evaluate(HOLD_VIEWS, HOLD_MS)


def _notebook(path) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
              "outputs": [], "source": src} for i, src in enumerate(CELLS)]
    path.write_text(json.dumps({"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")


def test_changes_made_while_a_widget_is_drawn_reach_the_page(page, page_guard, lab):
    _notebook(lab.root / "notebooks" / "_updates_while_drawn.ipynb")
    nb = LabNotebook(page, lab, "notebooks/_updates_while_drawn.ipynb")
    nb.run_cell_by_cell(after_each=lambda i: _hold_views(page, i))
    assert page.evaluate("() => window.railkitWaitsForRender === true")
    # the last change of every layout reaches the page; then nothing else may be missing
    page.wait_for_function(
        "() => { const s = (%s)(); return [0, 1, 2].every(i => s[i] && s[i][0].includes('step 6')); }"
        % SHOWN, timeout=120_000, polling=100)
    shown = page.evaluate(SHOWN)
    assert [field for _, field in shown] == ["changed 5"] * 3, shown

"""A Danish, a German and a Japanese learner in JupyterLab: the index and a rules notebook in
their language, run with Restart and Run All and cell by cell, as ``railkit lab --lang`` opens
them.

JupyterLab's own words come from its language packs (the ``lab`` extra): German and Japanese
menus are translated; JupyterLab's Danish pack holds only a few dozen of its words, so its menus
stay mostly English. The notebooks' prose, messages and the values their cells show are in the
learner's language (their pseudo-locale run: tests/test_notebook_words.py). Screenshots
(1280x720) go to ``$RAILKIT_SCREENSHOTS``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from jlab import LabNotebook, LabServer

SHOTS = Path(os.environ.get("RAILKIT_SCREENSHOTS", Path(tempfile.gettempdir()) / "railkit-screenshots"))

#: each learner's rules notebook, JupyterLab's word for its Help menu (None: not translated
#: upstream), and words its outputs show in that language: a value read out, a refusal, a widget
LEARNERS = {
    "da": ("10-ttr-rules.ipynb", None, ["åbne kort", "destinationsbilletter", "Tag ruten Denver-Omaha og betal"]),
    "de": ("40-station-master-rules.ipynb", "Hilfe", ["Luxus +5", "entfernt", "Bremswagen: der Zug verlässt sofort"]),
    "ja": ("30-steam-rollers-rules.ipynb", "ヘルプ", ["濃い灰色", "急カーブ", "都市の商品"]),
}

#: each learner's notebook run cell by cell (another game than their Run All one, so every
#: translated rules notebook runs both ways across the three), and messages its outputs say
CELL_BY_CELL = {
    "da": ("40-station-master-rules.ipynb", [("Luxury {value}", {"value": "+5"})]),
    "de": ("30-steam-rollers-rules.ipynb", [("sharp", {}), ("dark grey", {}), ("Goods on the cities", {})]),
    "ja": ("10-ttr-rules.ipynb", [("face-up cards", {})]),
}

#: the text of every output area, Panel's shadow roots included
OUTPUT_TEXT = """() => {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { parts.push(node.textContent); return; }
    if (node.nodeType === Node.ELEMENT_NODE && ['STYLE', 'SCRIPT'].includes(node.tagName)) return;
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const c of node.childNodes) walk(c);
  };
  document.querySelectorAll('.jp-Notebook .jp-Cell-outputArea').forEach(walk);
  return parts.join(' ');
}"""


#: the drawn parts of cell ``i``'s output that reach past its output area's right edge (a
#: notebook beside JupyterLab's file browser is narrower than a served page)
CUT_OFF = """(i) => {
  const area = document.querySelectorAll('.jp-Notebook .jp-Cell')[i].querySelector('.jp-Cell-outputArea');
  const edge = area.getBoundingClientRect().right + 1;
  const out = [];
  const walk = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) { if (node.shadowRoot) walk(node.shadowRoot); else node.childNodes && [...node.childNodes].forEach(walk); return; }
    const r = node.getBoundingClientRect(), st = getComputedStyle(node);
    if (r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && r.right > edge)
      out.push((node.className || node.tagName) + ' ' + Math.round(r.right) + ' > ' + Math.round(edge));
    if (node.shadowRoot) walk(node.shadowRoot);
    [...node.children].forEach(walk);
  };
  walk(area);
  return out;
}"""


@pytest.fixture(scope="module", params=sorted(LEARNERS))
def learner(request, tmp_path_factory):
    """A JupyterLab in one learner's language, and that language."""
    server = LabServer(tmp_path_factory.mktemp(f"lab-{request.param}"), lang=request.param)
    yield server, request.param
    server.stop()


def _shot(nb: LabNotebook, name: str, cell: int | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if cell is not None:
        nb.scroll_to_cell(cell)
    nb.page.mouse.move(0, 0)
    nb.page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_learner_opens_the_index_and_runs_a_rules_notebook_in_their_language(page, page_guard, learner):
    server, lang = learner
    name, help_menu, said = LEARNERS[lang]
    index = LabNotebook(page, server, f"notebooks/{lang}/00-index.ipynb")
    menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    if help_menu is not None:
        assert help_menu in menus and "Help" not in menus, menus
    index.restart_run_all()
    rules = [t for t in page.locator(".jp-RenderedMarkdown a").all_inner_texts() if t]
    assert len(rules) >= 3, "the index links the rules notebooks"
    _shot(index, f"lab-{lang}-index")

    nb = LabNotebook(page, server, f"notebooks/{lang}/{name}")
    nb.restart_run_all()
    shown = page.evaluate(OUTPUT_TEXT)
    missing = [w for w in said if w not in shown]
    assert not missing, f"{lang}/{name}: not on the page: {missing}"
    readings = page.locator(".railkit-reading")
    assert readings.count() >= 3, "the cells' values are read out in words"
    first_read = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
        c => c.model.type === 'code' && /\\bread\\(/.test(c.model.sharedModel.getSource()))""")
    _shot(nb, f"lab-{lang}-{name[:2]}-values", first_read)
    last = len(nb.types) - 1 - nb.types[::-1].index("code")  # the tutorial: a whole table to play
    _shot(nb, f"lab-{lang}-{name[:2]}-end", last)
    cut = page.evaluate(CUT_OFF, last)
    assert not cut, f"{lang}/{name}: the tutorial's table reaches past the notebook's right edge: {cut[:5]}"


def test_a_learner_runs_a_rules_notebook_cell_by_cell_in_their_language(page, page_guard, learner):
    """One cell at a time, each once the one before has finished and its widgets are drawn: the
    outputs are in the learner's language, read out, and fit beside the file browser."""
    from railkit.core.i18n import translate

    server, lang = learner
    name, said = CELL_BY_CELL[lang]
    nb = LabNotebook(page, server, f"notebooks/{lang}/{name}")
    nb.run_cell_by_cell()
    shown = page.evaluate(OUTPUT_TEXT)
    words = [translate(text, lang, **args) for text, args in said]
    assert all(w != text for w, (text, _) in zip(words, said)), words  # translated, so the check can fail
    missing = [w for w in words if w not in shown]
    assert not missing, f"{lang}/{name}: not on the page: {missing}"
    assert page.locator(".railkit-reading").count() >= 3, "the cells' values are read out in words"
    last = len(nb.types) - 1 - nb.types[::-1].index("code")
    _shot(nb, f"lab-{lang}-{name[:2]}-cells", last)
    cut = page.evaluate(CUT_OFF, last)
    assert not cut, f"{lang}/{name}: the last table reaches past the notebook's right edge: {cut[:5]}"

"""The four Ticket to Ride notebooks exist (their hygiene is checked for every notebook in tests/test_notebooks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[3] / "notebooks").glob("1[0-3]-ttr-*.ipynb"))


def test_all_four_notebooks_exist():
    assert [p.stem for p in NOTEBOOKS] == ["10-ttr-rules", "11-ttr-play", "12-ttr-scoring", "13-ttr-map-editor"]


ALL_NOTEBOOKS = sorted((Path(__file__).resolve().parents[3] / "notebooks").glob("*.ipynb"))


def _code(path: Path) -> str:
    import json

    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[p.name for p in ALL_NOTEBOOKS])
def test_widgets_and_plots_are_set_up_with_railkit_setup(path):
    """A notebook showing widgets or plots loads Panel and BokehJS once, through
    ``railkit.viz.shell.notebook.setup()`` (everything inline, nothing from a CDN), never with
    ``bokeh.io.output_notebook`` (a second BokehJS before Panel's left Panel widgets blank)
    nor a bare ``pn.extension()`` (Panel's CSS from the CDN in later updates)."""
    code = _code(path)
    assert "output_notebook" not in code, f"{path.name} calls output_notebook(): use railkit.viz.shell.notebook.setup()"
    assert "pn.extension(" not in code, f"{path.name} calls pn.extension(): use railkit.viz.shell.notebook.setup()"
    if any(k in code for k in ("railkit.viz", "import panel", "bokeh")):
        assert "setup()" in code, f"{path.name} shows widgets or plots without railkit.viz.shell.notebook.setup()"

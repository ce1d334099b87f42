"""The Ticket to Ride notebooks are committed without outputs and keep cells small."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("1[0-3]-ttr-*.ipynb"))


def test_all_four_notebooks_exist():
    assert [p.stem for p in NOTEBOOKS] == ["10-ttr-rules", "11-ttr-play", "12-ttr-scoring", "13-ttr-map-editor"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_outputs_prose_first_small_cells(path):
    nb = json.loads(path.read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    for c in cells:
        if c["cell_type"] == "code":
            assert c.get("outputs", []) == [] and c.get("execution_count") is None
            assert len("".join(c["source"]).splitlines()) <= 8

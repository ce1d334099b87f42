"""Notebook hygiene: committed without outputs, prose first, listed in the index."""

import json
import re
from pathlib import Path

import pytest

NB = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(NB.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs_and_starts_with_prose(path):
    nb = json.loads(path.read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    for c in cells:
        if c["cell_type"] == "code":
            assert c.get("outputs", []) == [] and c.get("execution_count") is None, f"{path.name} has outputs"


def test_index_links_every_notebook():
    index = json.loads((NB / "00-index.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in index["cells"])
    linked = set(re.findall(r"\(([0-9]{2}-[a-z0-9-]+\.ipynb)\)", text))
    present = {p.name for p in NOTEBOOKS} - {"00-index.ipynb"}
    assert present <= linked, f"not linked from the index: {sorted(present - linked)}"


def test_index_links_point_to_existing_notebooks():
    index = json.loads((NB / "00-index.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in index["cells"])
    missing = [p for p in re.findall(r"\(([0-9]{2}-[a-z0-9-]+\.ipynb)\)", text) if not (NB / p).exists()]
    assert missing == []

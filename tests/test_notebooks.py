"""Notebook hygiene: committed without outputs, prose first, listed in the index."""

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.notebook

NB = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(NB.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_clean_prose_first_with_small_cells(path):
    """No committed outputs; a title first; prose before code (never three code cells in a
    row); small cells (at most 8 lines); games built with an explicit seed."""
    nb = json.loads(path.read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    run = 0
    for c in cells:
        src = "".join(c["source"])
        if c["cell_type"] != "code":
            run = 0
            continue
        run += 1
        assert run <= 2, f"{path.name}: three code cells in a row without prose: {src[:60]!r}"
        assert c.get("outputs", []) == [] and c.get("execution_count") is None, f"{path.name} has outputs"
        assert 1 <= len(src.splitlines()) <= 8, f"{path.name}: cell too long: {src[:60]!r}"
        for ctor in ("SteamRollers(", "StationMasterGame(", "TicketToRide(", "new_game("):
            if ctor in src and "import" not in src:
                assert "seed" in src, f"{path.name}: a game without an explicit seed: {src[:60]!r}"


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

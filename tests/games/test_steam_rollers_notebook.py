"""Notebook 30 (Steam Rollers rules) is committed without outputs, with prose before every
small code cell and explicit seeds. The notebook itself runs under ``pytest --nbval-lax notebooks/``."""

from __future__ import annotations

import json
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "30-steam-rollers-rules.ipynb"


def test_notebook_clean_prose_first_small_cells_explicit_seeds():
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# Steam Rollers")
    previous = None
    for c in cells:
        src = "".join(c["source"])
        if c["cell_type"] == "code":
            assert previous == "markdown", f"no prose before: {src[:60]!r}"
            assert c.get("outputs", []) == [] and c.get("execution_count") is None
            assert 1 <= len(src.splitlines()) <= 5, src
            if "SteamRollers(" in src and "import" not in src.splitlines()[-1]:
                assert "seed=" in src, src
        previous = c["cell_type"]

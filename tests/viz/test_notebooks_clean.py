"""The four Ticket to Ride notebooks exist (their hygiene is checked for every notebook in tests/test_notebooks.py)."""

from __future__ import annotations

from pathlib import Path

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("1[0-3]-ttr-*.ipynb"))


def test_all_four_notebooks_exist():
    assert [p.stem for p in NOTEBOOKS] == ["10-ttr-rules", "11-ttr-play", "12-ttr-scoring", "13-ttr-map-editor"]

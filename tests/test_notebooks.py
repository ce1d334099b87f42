"""Notebook hygiene: committed without outputs, prose first, listed in the index."""

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.notebook

NB = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(NB.glob("*.ipynb"))
#: the languages with their own notebooks (``notebooks/da/``, ...), and the notebooks each has
TRANSLATED = ("da", "de", "ja")
IN_EVERY_LANGUAGE = ["00-index.ipynb", "10-ttr-rules.ipynb", "30-steam-rollers-rules.ipynb",
                     "40-station-master-rules.ipynb"]
EVERY_NOTEBOOK = NOTEBOOKS + sorted(NB.glob("*/*.ipynb"))


@pytest.mark.parametrize("path", EVERY_NOTEBOOK, ids=[p.relative_to(NB).as_posix() for p in EVERY_NOTEBOOK])
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


# ---------------------------------------------------------------- one code, four proses
def _cells(path: Path, kind: str) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == kind]


def language_cell(lang: str) -> str:
    """The one code cell a translated notebook adds: it sets the language of the outputs."""
    return f'import railkit\nrailkit.i18n.set_language("{lang}")'


def test_each_language_has_the_index_and_the_three_rules_notebooks():
    for lang in TRANSLATED:
        assert sorted(p.name for p in (NB / lang).glob("*.ipynb")) == IN_EVERY_LANGUAGE, lang


@pytest.mark.parametrize("name", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_notebook_runs_the_english_code(lang, name):
    """The code cells are the English notebook's, after one cell that sets the language."""
    assert _cells(NB / lang / name, "code") == [language_cell(lang), *_cells(NB / name, "code")]


@pytest.mark.parametrize("name", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_notebook_has_its_own_prose(lang, name):
    """One prose cell more than the English (before the language cell), and none left in English."""
    mine, english = _cells(NB / lang / name, "markdown"), _cells(NB / name, "markdown")
    assert len(mine) == len(english) + 1
    same = [t for t in mine if t in english]
    assert not same, f"{lang}/{name}: prose left in English: {same[0][:80]!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_index_links_every_notebook_that_exists(lang):
    text = "".join(_cells(NB / lang / "00-index.ipynb", "markdown"))
    links = re.findall(r"\]\(((?:\.\./)?[0-9]{2}-[a-z0-9-]+\.ipynb)\)", text)
    assert {Path(link).name for link in links} >= {p.name for p in NOTEBOOKS} - {"00-index.ipynb"}
    assert [link for link in links if not (NB / lang / link).resolve().exists()] == []
    translated = {link for link in links if not link.startswith("../")}
    assert translated == set(IN_EVERY_LANGUAGE) - {"00-index.ipynb"}, "the rules notebooks in the same language"
    assert f"]({lang}/00-index.ipynb)" in "".join(_cells(NB / "00-index.ipynb", "markdown")), "the English index links it"

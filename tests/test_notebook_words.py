"""The rules notebooks speak the reader's language in their outputs too, not only in their prose.

Each translated notebook is run as it is, with its one language cell set to the pseudo-locale
(``xx``: every message accented, bracketed and 35 % longer). Everything a reader sees in its
outputs (printed text, values shown, HTML, and the text of every Panel and Bokeh output: labels,
titles, hover texts, tables) then holds no English word outside names, numbers, rule ids and code.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from english import english_in

pytestmark = pytest.mark.notebook

NB = Path(__file__).resolve().parents[1] / "notebooks"
RULES_NOTEBOOKS = ["00-index.ipynb", "10-ttr-rules.ipynb", "30-steam-rollers-rules.ipynb",
                   "40-station-master-rules.ipynb"]
#: the attributes of a Bokeh model whose text a reader sees, and the data columns that are shown
#: (labels on a figure, hover texts)
SHOWN_ATTRIBUTES = ("text", "label", "placeholder", "title")
LISTED_ATTRIBUTES = ("labels", "options")
SHOWN_COLUMNS = ("text", "label", "labels", "name", "what", "title", "owner_name")


def html_texts(markup: str) -> list[str]:
    """The words of HTML: its text (style sheets, scripts and ``<code>`` left out) and its
    ``title`` attributes (hover texts)."""
    markup = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", markup, flags=re.S)
    markup = re.sub(r"<code>.*?</code>", " ", markup, flags=re.S)
    titles = re.findall(r"title=['\"]([^'\"]*)['\"]", markup)
    return [html.unescape(re.sub(r"<[^>]+>", " ", markup)), *map(html.unescape, titles)]


def _shown(value: str) -> list[str]:
    value = html.unescape(value) if "&lt;" in value else value
    return html_texts(value) if "<" in value else [value]


def bokeh_texts(doc: dict) -> list[str]:
    """The texts a reader sees in a Bokeh document (a Panel output's ``docs_json``)."""
    out: list[str] = []

    def walk(node) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        if node.get("name") == "ColumnDataSource":
            data = node.get("attributes", {}).get("data", {})
            for key, column in data.get("entries", []) if isinstance(data, dict) else []:
                if key in SHOWN_COLUMNS and isinstance(column, list):
                    out.extend(t for v in column if isinstance(v, str) for t in _shown(v))
            return
        for key, value in node.items():
            if key in SHOWN_ATTRIBUTES and isinstance(value, str):
                out.extend(_shown(value))
            elif key in LISTED_ATTRIBUTES and isinstance(value, list):
                out.extend(t for v in value for t in _shown(v if isinstance(v, str) else str(v[-1])))
            elif key == "tooltips" and isinstance(value, list):
                out.extend(str(pair[0]) for pair in value if isinstance(pair, list))
            else:
                walk(value)

    walk(doc)
    return out


def output_texts(output: dict) -> list[str]:
    """What a reader sees of one cell output."""
    if output.get("output_type") == "error":
        return [f"{output['ename']}: {output['evalue']}"]
    if output.get("output_type") == "stream":
        return [output.get("text", "")]
    data = output.get("data", {})
    markup = data.get("text/html")
    if markup is not None:
        markup = "".join(markup) if isinstance(markup, list) else markup
        found = re.search(r"var docs_json = (\{.*?\});\n", markup, flags=re.S)
        return bokeh_texts(json.loads(found.group(1))) if found else html_texts(markup)
    if "text/markdown" in data:
        return [data["text/markdown"]]
    return [data.get("text/plain", "")]


def test_html_and_bokeh_texts_are_read_as_a_reader_sees_them():
    texts = html_texts("<b>Score</b><style>.a{}</style> <code>draw deck</code><span title='free'>1</span>")
    assert [t.split() for t in texts] == [["Score", "1"], ["free"]]
    doc = {"roots": [{"name": "Title", "attributes": {"text": "Your sheet"}},
                     {"name": "ColumnDataSource", "attributes": {"data": {"entries": [["what", ["empty hex"]],
                                                                                      ["xs", [["1"]]]]}}},
                     {"name": "HoverTool", "attributes": {"tooltips": [["hex", "@hex"]]}}]}
    assert bokeh_texts(doc) == ["Your sheet", "empty hex", "hex"]
    assert english_in("[Ýóúŕ šĥééţ] Denver-Omaha (ŕúĺé TTR-CLAIM-ONE) 'draw deck' `L6-freight-green`") == []
    assert english_in("Player 1's sheet: empty hex") == ["Player", "sheet", "empty", "hex"]


@pytest.mark.parametrize("name", RULES_NOTEBOOKS)
def test_a_rules_notebook_run_in_the_pseudo_locale_shows_no_english_word(name, tmp_path):
    """The Danish notebook (its code is the English one's: tests/test_notebooks.py) run with
    ``set_language("xx")``: no English word in any output, and no error."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NB / "da" / name, as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert first.source == 'import railkit\nrailkit.i18n.set_language("da")'
    first.source = 'import railkit\nrailkit.i18n.set_language("xx")'
    NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(NB / "da")}}).execute()
    seen = [(i, text) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
            for output in cell.get("outputs", []) for text in output_texts(output)]
    assert seen, "the notebook showed nothing"
    errors = [(i, text) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
              for output in cell.get("outputs", []) if output.get("output_type") == "error"
              for text in output_texts(output)]
    assert not errors, errors
    left = [(i, text[:120], words) for i, text in seen if (words := english_in(text))]
    assert not left, left[:10]

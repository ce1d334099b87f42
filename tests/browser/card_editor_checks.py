"""Page-side check of notebook 42: the saved card list is what the editor shows."""

from __future__ import annotations

import pytest

from notebook_checks import SOURCE_DATA, source_data

#: The saved file as the kernel reads it, in the page's terms: carriage card -> copies (the
#: make-up plot's bars), special card label -> copies (its other plot), and the lines the
#: carriages box should hold.
TRUTH_42 = """
import json
from railkit.games.station_master.cards import carriage_key
from railkit.viz.station_master.card_editor import _SPECIAL_LABELS, _carriage_line
_saved = json.loads(open(path).read())
_cars = [c for c in _saved["cards"] if c["kind"] == "carriage"]
_spec = {}
for _c in _saved["cards"]:
    if _c["kind"] != "carriage":
        _spec[_SPECIAL_LABELS[_c["kind"]]] = _spec.get(_SPECIAL_LABELS[_c["kind"]], 0) + _c.get("count", 1)
print(json.dumps({"carriages": {carriage_key(c["value"], c.get("luxury", False)): c.get("count", 1) for c in _cars},
                  "specials": _spec, "lines": [_carriage_line(c) for c in _cars],
                  "message": __import__("html").unescape(editor.msg.object), "path": str(path)}))
"""


def editor_saved_equals_shown(nb) -> None:
    """The make-up plot's data on the page and the carriages box on the page hold exactly the
    saved file's cards, and the page's status line names the file saved."""
    truth = nb.kernel(TRUTH_42)
    want = truth["carriages"]
    try:  # the kernel has finished; its last changes may still be on their way to the page
        nb.page.wait_for_function(
            """([want]) => { const d = (%s)(['deck_values']); if (!d) return false;
                 const got = {}; d.key.forEach((k, i) => got[k] = d.count[i]);
                 return JSON.stringify(Object.keys(got).sort().map(k => [k, got[k]]))
                        === JSON.stringify(Object.keys(want).sort().map(k => [k, want[k]])); }""" % SOURCE_DATA,
            arg=[want], timeout=60_000, polling=250)
    except Exception:
        pass  # the assertions below say what differs
    values = source_data(nb.page, "deck_values")
    specials = source_data(nb.page, "deck_specials")
    assert values is not None and specials is not None, "the editor's make-up plot is not on the page"
    shown = dict(zip(values["key"], values["count"]))
    assert shown == want, f"the plot shows carriages {shown}, the file holds {want}"
    shown_sp = {k: n for k, n in zip(specials["kind"], specials["count"]) if n}
    assert shown_sp == truth["specials"], f"the plot shows specials {shown_sp}, the file holds {truth['specials']}"
    # every bar fits its chart on the page, with room for its label (the ranges follow the counts)
    ends = nb.page.evaluate("""() => { const out = {};
        for (const d of Bokeh.documents) for (const m of d._all_models.values()) {
          if (m.name === 'deck_values_plot') out.values = m.y_range.end;
          if (m.name === 'deck_specials_plot') out.specials = m.x_range.end; }
        return out; }""")
    assert ends.get("values", 0) >= 1.1 * max(shown.values()), f"the tallest bar {max(shown.values())} outgrows {ends}"
    assert ends.get("specials", 0) >= 1.3 * max(shown_sp.values()), f"a special bar outgrows {ends}"
    boxes = nb.page.locator(".jp-Cell-outputArea textarea")
    texts = [boxes.nth(i).input_value() for i in range(boxes.count())]
    lines = "\n".join(truth["lines"])
    if lines not in texts:
        pytest.fail(f"no box on the page holds the saved carriages {truth['lines']}: {texts}")
    # the status line on the page says what the editor last said: the file it saved
    assert truth["message"].startswith(f"Saved {truth['path']} ("), truth["message"]
    want_msg = " ".join(truth["message"].split())
    status = nb.page.locator(".editor-status").get_by_text("Saved ", exact=False).first
    try:
        status.wait_for(timeout=30_000)
    except Exception:
        pytest.fail(f"the editor's status line on the page does not say {want_msg!r}")
    shown_msg = " ".join(status.inner_text().split())
    assert shown_msg == want_msg, f"the page's status line says {shown_msg!r}, the editor {want_msg!r}"

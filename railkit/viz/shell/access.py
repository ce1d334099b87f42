"""What every served page gets for a screen reader: names for controls that Bokeh draws
without one.

Bokeh draws a slider's handle (``role="slider"``, the part a keyboard moves) with no
accessible name: its title is a separate ``div``, so a screen reader says only "slider"
(axe-core rule ``aria-input-field-name``). A single checkbox's words are a ``div`` beside
its box, not its label (rule ``label``). A number box's arrows are buttons with no text
(rule ``button-name``). :func:`name_controls` gives every handle its slider's title, every
such box its words and every arrow its box's title and "+1" or "−1", as ``aria-label``
once the page is drawn, and again whenever one is drawn later (a seat's view shown after
the hot-seat curtain, the new-game form).
"""

from __future__ import annotations

#: the browser's side: name the controls drawn, and every one drawn later
NAME_CONTROLS_JS = """
const named = (text, otherwise) => (typeof text === "string" && text.trim()) ? text.trim().replace(/:$/, "") : otherwise;
const give = (el, name) => { if (el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name); };
const label = (view) => {
  if (view.slider_el != null) {
    const name = named(view.model.title, "slider");
    for (const handle of view.slider_el.querySelectorAll(".noUi-handle")) give(handle, name);
  }
  if (view.checkbox_el != null) give(view.checkbox_el, named(view.model.label, "checkbox"));
  if (view.btn_up_el != null && view.btn_down_el != null) {
    const name = named(view.model.title, "number");
    give(view.btn_up_el, name + " +1");
    give(view.btn_down_el, name + " \u22121");
  }
};
for (const kind of ["Slider", "RangeSlider", "Checkbox", "Spinner"]) {
  let model = null;
  try { model = Bokeh.Models.get(kind); } catch (e) { continue; }
  const View = model && model.prototype.default_view;
  if (View == null || View.__railkit_named) continue;
  const render = View.prototype.render;
  View.prototype.render = function () { render.call(this); label(this); };
  View.__railkit_named = true;
}
for (const view of Bokeh.index.all_views()) label(view);
"""


def name_controls(doc) -> None:
    """Give every slider handle of ``doc``'s page an accessible name (its slider's title),
    now and for sliders drawn later. Once per document."""
    from bokeh.models import CustomJS

    if doc is None or getattr(doc, "_railkit_named_sliders", False):
        return
    doc.js_on_event("document_ready", CustomJS(code=NAME_CONTROLS_JS))
    doc._railkit_named_sliders = True

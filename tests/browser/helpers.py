"""Page helpers: find glyphs through BokehJS, read text through shadow roots."""

from __future__ import annotations

ROUTE_XY = """([rid, scroll]) => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('routes');
    if (!src) continue;
    const i = src.data.id.indexOf(rid);
    const xs = src.data.xs[i], ys = src.data.ys[i];
    const fig = doc.get_model_by_name('board');
    const view = Bokeh.index.get_one(fig);
    if (!view) continue;
    const x = (xs[0] + xs[1]) / 2, y = (ys[0] + ys[1]) / 2;
    if (scroll) view.canvas_view.el.scrollIntoView({block: "center", inline: "nearest"});
    const r = view.canvas_view.el.getBoundingClientRect();
    return [view.frame.x_scale.compute(x) + r.left, view.frame.y_scale.compute(y) + r.top];
  }
  return null;
}"""

ALL_TEXT = """() => {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { out.push(node.textContent); return; }
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const c of node.childNodes) walk(c);
  };
  walk(document.body);
  return out.join(' ');
}"""

OWNER = """(rid) => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('routes');
    if (src) return src.data.owner[src.data.id.indexOf(rid)];
  }
  return null;
}"""


def page_text(page) -> str:
    return page.evaluate(ALL_TEXT)


def click_route(page, rid: str) -> None:
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    page.mouse.move(1, 1)  # a hover tooltip left over a route would catch the click
    page.evaluate(ROUTE_XY, [rid, True])
    page.wait_for_timeout(300)  # let the page settle after scrolling (JupyterLab lays cells out lazily)
    xy = page.evaluate(ROUTE_XY, [rid, False])
    assert xy is not None, "board not found"
    page.mouse.click(*xy)


def route_owner(page, rid: str) -> str:
    return page.evaluate(OWNER, rid)

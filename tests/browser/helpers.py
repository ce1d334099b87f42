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


def wait_text(page, text: str, timeout: int = 60_000) -> None:
    """Wait until ``text`` is on the page (shadow roots included)."""
    page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=text, timeout=timeout)


def make_table(page, url: str, name: str) -> None:
    """Make table ``name`` in the lobby at ``url`` (its join links are then listed)."""
    page.goto(url + "/")
    box = page.locator("input[placeholder='e.g. class-a']")
    box.fill(name)
    box.press("Enter")
    page.get_by_role("button", name="Make table").click()
    page.locator(f"a.join[href='?table={name}&join=1']").wait_for()


def join_from_lobby(page, url: str, seat: int, make: str | None = None) -> None:
    """Open the lobby (making table ``make`` first if given) and join ``seat`` (1-based)."""
    if make:
        make_table(page, url, make)
    else:
        page.goto(url + "/")
    link = page.locator(f"a.join[href$='join={seat}']")
    link.wait_for()
    link.click()
    wait_text(page, "You play")
    page.wait_for_function("() => location.search.includes('token=')")


def click_route(page, rid: str) -> None:
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    page.mouse.move(1, 1)  # a hover tooltip left over a route would catch the click
    xy = route_xy(page, rid)
    assert xy is not None, "board not found"
    page.mouse.click(*xy)


#: the text of the hover tooltip the page shows (Bokeh lays it in the plot's shadow root)
TOOLTIP = """() => { const out = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) {
    if (el.classList.contains('bk-tooltip-content')) out.push(el.textContent);
    if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document); return out.join(' | '); }"""


def hover_route(page, rid: str, timeout: int = 120_000) -> str:
    """Point at ``rid``'s track and wait for its hover tooltip; the tooltip's text."""
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    page.mouse.move(*route_xy(page, rid))
    page.wait_for_function("(rid) => (" + TOOLTIP + ")().includes(rid)", arg=rid, timeout=timeout)
    return page.evaluate(TOOLTIP)


def route_owner(page, rid: str) -> str:
    return page.evaluate(OWNER, rid)


#: An init script (``page.add_init_script``) that can hold back every message the server
#: sends to the page: ``__gate.hold()``, ``__gate.held()`` (how many are waiting) and
#: ``__gate.release()`` (deliver them, in order). With the gate held, whatever the page
#: shows was made in the browser alone. ``__gate.answered()``: the server's reply to the
#: last click (on the board or a button) has come in, held or not; the server sends the
#: changes a message causes before its "OK" reply, so they have come in too.
#: ``__gate.heldText()``: the held messages, as text.
GATE = """(() => {
  let holding = false, header = null, click = null;
  const queue = [], replied = new Set();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (d) {
    if (typeof d === 'string') {
      if (d.startsWith('{"msgid"')) header = JSON.parse(d).msgid;
      else if (d.includes('"kind":"MessageSent"')) click = header;  // a click event
    }
    return send.call(this, d);
  };
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) {
      desc.set.call(this, (ev) => {
        if (typeof ev.data === 'string' && ev.data.includes('"reqid"')) replied.add(JSON.parse(ev.data).reqid);
        if (holding) queue.push([fn, this, ev]); else fn.call(this, ev);
      });
    },
  });
  window.__gate = {
    hold() { holding = true; },
    held() { return queue.length; },
    answered() { return click !== null && replied.has(click); },
    heldText() { return queue.map(([fn, ws, ev]) => (typeof ev.data === 'string' ? ev.data : '')).join('\\n'); },
    release() { holding = false; while (queue.length) { const [fn, ws, ev] = queue.shift(); fn.call(ws, ev); } },
  };
})();"""


#: True once ``rid``'s track has stayed at the same place on screen for three polls in a row
#: (after a scroll, JupyterLab lays cells out lazily and the page may still move)
ROUTE_SETTLED = """(rid) => {
  const key = JSON.stringify((%s)([rid, false]));
  window.__routeStill = key !== 'null' && key === window.__routeAt ? (window.__routeStill || 0) + 1 : 0;
  window.__routeAt = key;
  return window.__routeStill >= 3;
}""" % ROUTE_XY


def route_xy(page, rid: str):
    """Screen coordinates of the middle of ``rid``'s track (scrolled into view, once the page
    has stopped moving)."""
    page.evaluate(ROUTE_XY, [rid, True])
    page.wait_for_function(ROUTE_SETTLED, arg=rid, polling=50)
    return page.evaluate(ROUTE_XY, [rid, False])


def outside_view(page, locators: dict) -> dict:
    """Of ``{what: locator}``, the ones not wholly inside the viewport with the page scrolled to
    its top (what a person sees without scrolling), each with its box; {} when all are in view."""
    page.evaluate("() => window.scrollTo(0, 0)")
    size = page.viewport_size
    out = {}
    for what, loc in locators.items():
        box = loc.bounding_box()
        if box is None or box["width"] == 0 or box["x"] < 0 or box["y"] < 0 \
                or box["x"] + box["width"] > size["width"] + 0.5 or box["y"] + box["height"] > size["height"] + 0.5:
            out[what] = box
    return out


# ---------------------------------------------------------------- on a phone
#: a phone (Playwright's "iPhone 13": touch, a mobile browser) with its whole 390x844 screen
PHONE = "iPhone 13"
PHONE_SCREEN = {"width": 390, "height": 844}

#: the controls (buttons, menus, inputs, links) on the page, through shadow roots, that are
#: shown and smaller than a fingertip (44x44 px; a tick box or radio button: its label or widget):
#: [text, width, height]
SMALL_TARGETS = """(least) => { const out = [];
  const walk = (n) => {
    if (n.nodeType === 1 && n.matches('button, select, input, a[href]') && n.checkVisibility()) {
      // a tick box is tapped through its label (or its whole widget, when it stands alone in it)
      const tick = n.matches('input[type=checkbox], input[type=radio]');
      const box = tick && (n.closest('label') || (n.parentNode === n.getRootNode() && n.getRootNode().host));
      const r = (box || n).getBoundingClientRect();
      if (r.width > 0 && (r.width < least - 0.5 || r.height < least - 0.5))
        out.push([(n.innerText || n.value || n.tagName).slice(0, 30), Math.round(r.width), Math.round(r.height)]); }
    if (n.shadowRoot) walk(n.shadowRoot);
    for (const c of n.children) walk(c);
  };
  walk(document.body); return out; }"""


def phone_page(browser, playwright):
    """A page in a phone's browser context (its screen, touch, the mobile viewport)."""
    device = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
    return browser.new_context(**{**device, "viewport": PHONE_SCREEN}).new_page()


def page_fits_phone(page, settle_ms: int = 10_000) -> dict:
    """What stops the page fitting a phone: its width past the screen's (no sideways scroll
    then) and the controls smaller than a fingertip. Measured once the page fits, or after
    ``settle_ms`` (a page being laid out anew after a tap can be a pixel off for a moment on a
    loaded machine: what counts is the page a person then sees)."""
    fits = ("() => document.documentElement.scrollWidth <= window.innerWidth && (" + SMALL_TARGETS
            + ")(44).length === 0")
    try:
        page.wait_for_function(fits, timeout=settle_ms, polling=200)
    except Exception:  # the measurement below says what does not fit
        pass
    width = page.evaluate("() => document.documentElement.scrollWidth")
    return {"overflow": max(0, width - page.viewport_size["width"]), "small": page.evaluate(SMALL_TARGETS, 44)}


#: pixel position on the page of the point (x, y) of the Steam Rollers sheet (scrolled into view)
SHEET_XY = """([x, y]) => {
  const doc = Bokeh.documents[0];
  const view = Bokeh.index.get_one(doc.get_model_by_name('sheet'));
  view.canvas_view.el.scrollIntoView({block: "nearest"});
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(x) + r.left, view.frame.y_scale.compute(y) + r.top];
}"""

#: the number of rows of the Bokeh data source named ``name`` (-1: not there yet)
ROWS = """(name) => {
  if (!window.Bokeh || !Bokeh.documents.length) return -1;
  const src = Bokeh.documents[0].get_model_by_name(name);
  return src ? src.data[Object.keys(src.data)[0]].length : -1;
}"""

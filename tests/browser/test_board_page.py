"""The Ticket to Ride board as a browser draws it: a tiny served Panel app with one Board.

Checks what a learner sees, read back from BokehJS: the plot area has one scale on both
axes and holds every city, car and name; every name fits the room it was placed in
(measured with the browser's own font, so no name spills onto a track); changes made
from a server callback (highlight, last move, affordable routes) reach the page.
"""

from __future__ import annotations

import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from conftest import launch, stop_server

ROOT = Path(__file__).resolve().parents[2]

APP = textwrap.dedent("""
    import panel as pn
    from railkit.viz.ticket_to_ride.board import Board

    pn.extension()
    board = Board("usa", seat_names=["Ann", "Bo", "Cy", "Dee"], colour_blind=True)
    board.set_state({"Denver-Omaha": 0, "Chicago-Pittsburgh/1": 1, "Chicago-Pittsburgh/2": 2,
                     "Dallas-Houston/1": 3, "Portland-Seattle/1": 0}, paid={"Dallas-Houston/1": "pink"})
    go = pn.widgets.Button(label="Show aids", css_classes=["aids"])

    def aids(event):
        board.highlight([(["Denver-Omaha", "Chicago-Omaha"], "#1f77b4", 10, "path")])
        board.mark_last("Dallas-Houston/1")
        board.show_affordable(["Seattle-Vancouver/1", "Atlanta-Nashville"])
        board.show_tickets([{"a": "Denver", "b": "Chicago", "points": 9, "done": False}])

    go.on_click(aids)
    pn.Column(go, board).servable()
""")

#: the plot area, its scales, and every drawn point and label, in screen pixels
GEOMETRY = """() => {
  const doc = Bokeh.documents[0];
  const view = Bokeh.index.get_one(doc.get_model_by_name('board'));
  const f = view.frame.bbox, xs = view.frame.x_scale, ys = view.frame.y_scale;
  const pt = (x, y) => [xs.compute(x), ys.compute(y)];
  const cars = doc.get_model_by_name('cars').data, cities = doc.get_model_by_name('cities').data;
  const pts = [];
  for (let i = 0; i < cars.x0.length; i++) { pts.push(pt(cars.x0[i], cars.y0[i])); pts.push(pt(cars.x1[i], cars.y1[i])); }
  for (let i = 0; i < cities.x.length; i++) pts.push(pt(cities.x[i], cities.y[i]));
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = 'bold 11px helvetica';
  const labels = [];
  for (let i = 0; i < cities.name.length; i++) {
    const lines = String(cities.label[i]).split('\\n');
    const w = Math.max(...lines.map(t => ctx.measureText(t).width));
    const [bx0, by1] = pt(cities.bx0[i], cities.by0[i]), [bx1, by0] = pt(cities.bx1[i], cities.by1[i]);
    labels.push([cities.name[i], w, bx1 - bx0]);
  }
  return {frame: [f.left, f.top, f.width, f.height], sx: xs.compute(1) - xs.compute(0), sy: ys.compute(0) - ys.compute(1),
          pts, labels};
}"""

ROWS = """(name) => Bokeh.documents[0].get_model_by_name(name).data.xs.length"""


@pytest.fixture(scope="module")
def board_app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("board-app")
    (folder / "board_app.py").write_text(APP)
    proc = launch([sys.executable, "-m", "panel", "serve", str(folder / "board_app.py"), "--port", "{port}",
                   "--address", "127.0.0.1", "--allow-websocket-origin=127.0.0.1:{port}", "--liveness"],
                  name="board", cwd=folder)
    yield proc.url + "/board_app"
    stop_server(proc)


def test_board_page_fits_its_content_and_updates(page, board_app):
    page.set_default_timeout(90_000)
    page.set_viewport_size({"width": 1280, "height": 720})
    errors, remote = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: remote.append(r.url) if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1",
                                                                               "data:", "blob:")) else None)
    page.goto(board_app)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length && Bokeh.documents[0].get_model_by_name('board')"
                           " && Bokeh.index.get_one(Bokeh.documents[0].get_model_by_name('board'))")
    geo = page.evaluate(GEOMETRY)
    left, top, width, height = geo["frame"]
    assert (width, height) == (892, 526)  # the plot area the layout was computed for
    assert abs(geo["sx"] - geo["sy"]) / geo["sx"] < 1e-6  # one scale: the map keeps its shape
    for x, y in geo["pts"]:
        assert left + 3 < x < left + width - 3 and top + 3 < y < top + height - 3, (x, y)
    for name, measured, room in geo["labels"]:
        assert measured <= room, (name, measured, room)  # the name fits the room it was placed in
    bottom = page.evaluate("() => Bokeh.index.get_one(Bokeh.documents[0].get_model_by_name('board'))"
                           ".canvas_view.el.getBoundingClientRect().bottom")
    assert bottom <= 720  # the whole board is on screen at 1280x720
    # changes made in a server callback reach the page
    for name in ("highlight", "last_move", "affordable", "ticket_cities"):
        assert page.evaluate("(n) => { const d = Bokeh.documents[0].get_model_by_name(n).data;"
                             " return (d.xs || d.x).length; }", name) == 0
    page.get_by_role("button", name="Show aids").click()
    page.wait_for_function("() => Bokeh.documents[0].get_model_by_name('ticket_cities').data.x.length === 2")
    assert page.evaluate(ROWS, "highlight") == 2
    assert page.evaluate(ROWS, "last_move") == 1
    assert page.evaluate(ROWS, "affordable") == 2
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "railkit-board-page.png"))
    assert errors == [] and remote == []

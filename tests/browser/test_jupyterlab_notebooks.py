"""Every notebook in JupyterLab, as a learner runs it, and what the page then shows.

Each notebook is opened in a real JupyterLab (a temporary copy of notebooks/ and maps/),
run with Restart and Run All (the widget notebooks also cell by cell), and must finish
with no error output, no console error and no request to another host (a classroom may
be offline). Then the page is checked, not the Python objects: every Panel/Bokeh output
is drawn with a size, and each widget notebook shows what it promises (see each test).

Screenshots (1280x720) go to ``$RAILKIT_SCREENSHOTS`` (default: a folder
``railkit-screenshots`` in the temporary directory).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

from jlab import DEADLINE, ROOT, LabNotebook
from notebook_checks import BOOKKEEPING, CELL_VIEWS, SOURCE_DATA, cell_views, dumps, figure_png, source_data, sources_data
from helpers import click_route, page_text
from card_editor_checks import editor_saved_equals_shown

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: Notebooks with Panel or Bokeh output: also run cell by cell.
WIDGET_NOTEBOOKS = ["01-maps-and-graphs.ipynb", "10-ttr-rules.ipynb", "11-ttr-play.ipynb",
                    "12-ttr-scoring.ipynb", "13-ttr-map-editor.ipynb", "20-variant-lab.ipynb",
                    "30-steam-rollers-rules.ipynb", "32-steam-rollers-sheet-editor.ipynb",
                    "40-station-master-rules.ipynb", "42-station-master-card-editor.ipynb"]
#: Seconds for an output, once its cell has run, to be drawn on screen.
DRAW_DEADLINE = min(120.0, DEADLINE)
SHOTS = Path(os.environ.get("RAILKIT_SCREENSHOTS", Path(tempfile.gettempdir()) / "railkit-screenshots"))


def _code_cells_showing(nb: LabNotebook, needle: str) -> list[int]:
    """Indexes (among all cells) of the code cells whose source contains ``needle``."""
    js = """(needle) => window.jupyterapp.shell.currentWidget.content.widgets.map((c, i) =>
        (c.model.type === 'code' && c.model.sharedModel.getSource().includes(needle)) ? i : -1).filter(i => i >= 0)"""
    return nb.page.evaluate(js, needle)


def _expected_view_cells(nb: LabNotebook) -> list[int]:
    """Code cells whose output carries a Panel/Bokeh view (not counting the output that loads
    Panel, which holds only Panel's bookkeeping)."""
    js = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((c, i) => {
        if (c.model.type !== 'code') return -1;
        const outs = c.model.outputs.toJSON().map(o => Object.keys(o.data || {}));
        const loads = outs.filter(m => m.includes('application/vnd.holoviews_load.v0+json')).length;
        const views = outs.filter(m => m.includes('application/vnd.holoviews_exec.v0+json')
                                       || m.includes('application/vnd.bokehjs_exec.v0+json')).length;
        return views > (loads ? 1 : 0) ? i : -1; }).filter(i => i >= 0)"""
    return nb.page.evaluate(js)


def check_outputs_drawn(nb: LabNotebook) -> list[dict]:
    """Every Panel/Bokeh output is drawn and not empty: each such cell, scrolled into view,
    has views with a size, and every plot in it has a canvas with a size."""
    expected = _expected_view_cells(nb)
    found = {}
    for i in expected:
        nb.scroll_to_cell(i)
        try:
            nb.page.wait_for_function(
                """([i, bk]) => { const v = (%s)(bk).find(x => x.cell === i);
                     return v && v.roots.every(r => r.width > 0 && r.height > 0)
                            && v.plots.every(p => p.width > 0 && p.height > 0); }""" % CELL_VIEWS,
                arg=[i, list(BOOKKEEPING)], timeout=DRAW_DEADLINE * 1000, polling=250)
        except Exception:
            seen = [v for v in cell_views(nb.page) if v["cell"] == i]
            pytest.fail(f"cell {i}'s Panel/Bokeh output is not drawn (or has no size): {dumps(seen)}")
        found[i] = next(v for v in cell_views(nb.page) if v["cell"] == i)
    return [found[i] for i in expected]



def screenshot(nb: LabNotebook, name: str, cell: int | None = None) -> Path:
    """A 1280x720 screenshot of the page, scrolled to ``cell`` (0-based, all cells)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if cell is not None:
        nb.scroll_to_cell(cell)
    nb.page.mouse.move(0, 0)
    path = SHOTS / f"{name}.png"
    nb.page.screenshot(path=str(path))
    return path


# ---------------------------------------------------------------- every notebook, Run All
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_restart_and_run_all(page, page_guard, lab, name):
    nb = LabNotebook(page, lab, f"notebooks/{name}")
    watch = WATCH_DURING_RUN_ALL.get(name)
    if watch:
        page.evaluate(watch[0])
    nb.restart_run_all()
    if watch:
        watch[1](nb)
    views = check_outputs_drawn(nb)
    if name in WIDGET_NOTEBOOKS:
        assert views, f"{name}: no Panel/Bokeh output on the page"
    check = CHECKS_AFTER_RUN_ALL.get(name)
    if check:
        check(nb)
    if views:
        screenshot(nb, f"run-all-{name[:2]}", views[-1]["cell"])


# ---------------------------------------------------------------- widget notebooks, cell by cell
@pytest.mark.parametrize("name", WIDGET_NOTEBOOKS)
def test_cell_by_cell(page, page_guard, lab, name):
    nb = LabNotebook(page, lab, f"notebooks/{name}")
    hook = CELL_HOOKS.get(name)
    state = {}
    nb.run_cell_by_cell(after_each=(lambda i: hook(nb, i, state)) if hook else None)
    views = check_outputs_drawn(nb)
    assert views, f"{name}: no Panel/Bokeh output on the page"
    check = CHECKS_AFTER_CELL_BY_CELL.get(name)
    if check:
        check(nb, state)
    screenshot(nb, f"cells-{name[:2]}", views[0]["cell"])


# ---------------------------------------------------------------- 01: the highlights reach the page
def _highlight_hook(nb: LabNotebook, i: int, state: dict) -> None:
    """After the board is shown, keep a picture of it; after each ``board.highlight(...)`` cell,
    the page's highlight data has rows and the board's pixels changed."""
    src = nb.page.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].model.sharedModel.getSource()", i)
    if "Board(" in src:
        nb.wait_outputs_drawn()
        state["png"] = figure_png(nb.page, "board")
        state["highlights"] = 0
    elif "board.highlight(" in src:
        wanted = nb.kernel("import json; print(json.dumps(len(board.highlight_src.data['xs'])))")
        assert wanted > 0
        try:
            nb.page.wait_for_function(
                "(n) => { const d = (%s)(['highlight']); return d && d.xs.length === n; }"
                % SOURCE_DATA, arg=wanted, timeout=30_000, polling=250)
        except Exception:
            rows = (source_data(nb.page, "highlight") or {}).get("xs", [])
            pytest.fail(f"cell {i} ({src.splitlines()[0][:60]}...): the kernel's highlight has {wanted} rows, "
                        f"the page's {len(rows)}: the highlight never reached the page")
        png = figure_png(nb.page, "board")
        assert png != state["png"], f"cell {i}: the board's pixels did not change after the highlight"
        state["png"] = png
        state["highlights"] += 1



def _after_cells_01(nb: LabNotebook, state: dict) -> None:
    assert state.get("highlights") == 3


# ---------------------------------------------------------------- 10, 12: the scoring view has its board
def _scoring_has_board(nb: LabNotebook) -> None:
    cells = _code_cells_showing(nb, "ScoringView(")
    assert cells, "no ScoringView cell"
    cell = cells[-1]
    views = next((v for v in cell_views(nb.page) if v["cell"] == cell), None)
    assert views, "the ScoringView cell shows nothing"
    boards = [p for p in views["plots"] if p["name"] == "board"]
    assert boards and all(p["width"] > 100 and p["height"] > 100 for p in boards), \
        f"the scoring view shows no board: {dumps(views)}"
    # every board's highlight: a notebook may show another board after the scoring view (the tutorial's)
    assert any(len(rows["xs"]) > 0 for rows in sources_data(nb.page, "highlight")), \
        "the scoring board highlights nothing"


# ---------------------------------------------------------------- 20: the rules form has its inputs
def _param_form_has_inputs(nb: LabNotebook) -> None:
    """The rules form (``rules_form``, a ``pn.Param``) shows an input (slider, text box or menu) for
    each setting; ``trains``, left unset, is an empty number box."""
    cell = _code_cells_showing(nb, "rules_form(")[-1]
    nb.scroll_to_cell(cell)
    out = nb.output_element(cell)
    inputs = out.locator("input, select, [role=slider]")
    try:
        inputs.nth(4).wait_for(state="attached", timeout=60_000)
    except Exception:
        pytest.fail(f"the rules form shows {inputs.count()} inputs, not 5")
    for label in ("Longest bonus", "Trains", "End trigger", "Double min players", "Route points"):
        assert out.get_by_text(label).first.is_visible(), f"the rules form has no {label!r} field"


# ---------------------------------------------------------------- 11: the widget agrees with observe(seat)
TRUTH_11 = """
import json
_g = game.table.game
_seat = game.seat
_o = _g.observe(_seat)
_pub = _g.observe(None)
print(json.dumps({"seat": _seat, "names": list(_g.names), "hand": sum(_o["hand"].values()),
                  "trains": _o["trains"], "score": _o["score"],
                  "players": [[r["seat"], r["score"], r["trains"], r["hand_size"], r["tickets"], r["routes"]]
                              for r in __import__("railkit.viz.ticket_to_ride.player", fromlist=["x"]).public_rows(_o)],
                  "claimed": _pub["claimed"], "closed": list(_pub["closed"])}))
"""

#: What the page shows against the truth ``t`` (from TRUTH_11): a list of disagreements.
MISMATCHES_11 = """(t) => {
  const find = (sel) => { const out = [];
    const walk = (n) => { if (n.matches && n.matches(sel)) out.push(n);
      if (n.shadowRoot) walk(n.shadowRoot);
      for (const c of n.children || []) walk(c); };
    walk(document.body); return out; };
  const deep = (n) => { let t = n.nodeType === 3 ? n.textContent : '';
    if (n.shadowRoot) t += ' ' + deep(n.shadowRoot);
    for (const c of n.childNodes || []) t += deep(c);
    return t; };
  const bad = [];
  const hands = find('.my-hand');
  if (hands.length !== 1) bad.push(hands.length + ' hands on the page');
  else {
    const txt = deep(hands[0]).replace(/\\s+/g, ' ');
    for (const part of [t.hand + ' cards', t.trains + ' trains left', t.score + ' route points'])
      if (!txt.includes(part)) bad.push('the hand shows "' + txt + '", the game says "' + part + '"');
  }
  const tables = find('table.players-table');
  if (tables.length !== 1) bad.push(tables.length + ' players tables on the page');
  else {
    // per seat: name (with ' (you)' or ' (bot: ...)' after it), score, trains, cards, tickets, routes
    const rows = [...tables[0].querySelectorAll('tr')].filter(r => r.querySelector('td.score'))
      .map(r => [...r.querySelectorAll('td')].slice(1).map(td => td.textContent.trim()));
    const want = t.players.map(p => [t.names[p[0]]].concat(p.slice(1).map(String)));
    const same = rows.length === want.length && rows.every((r, k) =>
      (r[0] === want[k][0] || r[0].startsWith(want[k][0] + ' (')) && JSON.stringify(r.slice(1)) === JSON.stringify(want[k].slice(1)));
    if (!same) bad.push('the players table shows ' + JSON.stringify(rows) + ', observe() says ' + JSON.stringify(want));
  }
  let src = null;
  for (const d of Bokeh.documents) for (const m of d._all_models.values())
    if (m.type === 'ColumnDataSource' && m.name === 'routes') src = m;
  if (!src) bad.push('no board on the page');
  else src.data.id.forEach((rid, i) => {
    const want = rid in t.claimed ? t.names[t.claimed[rid]] : (t.closed.includes(rid) ? 'closed' : 'free');
    if (src.data.owner[i] !== want) bad.push('the board shows ' + rid + ' as ' + src.data.owner[i] + ', the game as ' + want);
  });
  return bad;
}"""


def _widget_agrees_with_game(nb: LabNotebook) -> None:
    """Hand, trains, route points, the players table and the board's route owners equal
    ``observe(seat)`` (the page may still be taking in the last updates: wait, bounded)."""
    truth = nb.kernel(TRUTH_11)
    try:
        nb.page.wait_for_function(f"(t) => ({MISMATCHES_11})(t).length === 0", arg=truth, timeout=60_000,
                                  polling=250)
    except Exception:
        bad = nb.page.evaluate(MISMATCHES_11, truth)
        pytest.fail("the widget contradicts observe(seat):\n" + "\n".join(bad[:20]))


def _claim_by_click_11(nb: LabNotebook, state: dict) -> None:
    """After the notebook ran cell by cell, a click on a free route the seat can pay for opens the
    payment choice and paying claims it on the page."""
    pick = nb.kernel("""
import json
from railkit.viz.ticket_to_ride.view import pay_text
_g = game.table.game
_c = [a for a in _g.legal_actions() if type(a).__name__ == "Claim"] if _g.current_player == game.seat else []
print(json.dumps([_c[0].route, pay_text(_c[0])] if _c else None))
""")
    _widget_agrees_with_game(nb)
    if pick is None:
        pytest.skip("the notebook's game leaves the seat nothing to claim")
    rid, label = pick
    nb.page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
    for attempt in range(3):
        click_route(nb.page, rid)
        try:
            nb.page.get_by_text(f"Claim {rid}").first.wait_for(timeout=30_000)
            break
        except Exception:
            if attempt == 2:
                raise
    nb.page.get_by_role("button", name=label, exact=True).first.click()
    nb.page.wait_for_function("""(rid) => Bokeh.documents.some(d => { for (const m of d._all_models.values())
        if (m.type === 'ColumnDataSource' && m.name === 'routes') { const o = m.data.owner[m.data.id.indexOf(rid)];
          if (o !== 'free' && o !== 'closed') return true; } return false; })""", arg=rid, timeout=60_000)
    _widget_agrees_with_game(nb)


# ---------------------------------------------------------------- 13: the saved file is what the editor shows
def _editor_saved_equals_shown(nb: LabNotebook) -> None:
    saved = nb.kernel("import json; print(open(path).read())")
    # the kernel has finished; its last changes may still be on their way to the page
    want = sorted(r["id"] for r in saved["routes"])
    try:
        nb.page.wait_for_function(
            """([src, want]) => { const d = (%s)([src]);
                 return !!d && JSON.stringify([...d.id].sort()) === JSON.stringify(want); }""" % SOURCE_DATA,
            arg=["editor_routes", want], timeout=60_000, polling=250)
    except Exception:
        pass  # the assertions below say what differs
    cities = source_data(nb.page, "editor_cities")
    routes = source_data(nb.page, "editor_routes")
    assert cities is not None and routes is not None, "the editor is not on the page"
    shown_cities = {n: (round(x, 3), round(y, 3)) for n, x, y in zip(cities["name"], cities["x"], cities["y"])}
    saved_cities = {c["name"]: (round(c["x"], 3), round(c["y"], 3)) for c in saved["cities"]}
    assert shown_cities == saved_cities, f"cities on the page {shown_cities} != in the file {saved_cities}"
    assert not any(n.startswith("City ") for n in saved_cities), f"a phantom city was saved: {sorted(saved_cities)}"
    assert sorted(routes["id"]) == want, "routes on the page != in the file (waited 60 s)"
    # every city is inside the editor's view (the view fits its content)
    view = nb.page.evaluate("""() => { for (const d of Bokeh.documents) { const f = d.get_model_by_name('editor');
        if (f) return [f.x_range.start, f.x_range.end, f.y_range.start, f.y_range.end]; } return null; }""")
    x0, x1, y0, y1 = view
    outside = [n for n, (x, y) in shown_cities.items() if not (x0 < x < x1 and y0 < y < y1)]
    assert not outside, f"cities outside the editor's view: {outside}"
    assert saved["title"] != "Teaching map (small)" and saved["title"] == nb.kernel(
        "import json; print(json.dumps(editor.to_dict()['title']))")


# ---------------------------------------------------------------- 32: the saved sheet is what the editor shows
def _sheet_editor_saved_equals_shown(nb: LabNotebook) -> None:
    """The sheet file saved by the notebook is what the sheet editor shows on the page: every
    hex in its region, the cities and towns on their hexes, the mountain bars, all in view."""
    from railkit.viz.steam_rollers.sheet import centre

    saved = nb.kernel("import json; print(open(path).read())")
    want = {f"{q},{r}": str(n) for n, reg in saved["regions"].items() for q, r in reg["hexes"]}
    bars = [len(saved["mountains"]["medium"]), len(saved["mountains"]["hard_adds"])]
    try:  # the kernel has finished; its last changes may still be on their way to the page
        nb.page.wait_for_function(
            """([want, bars]) => { const src = (n) => (%s)([n]); const d = src('sheet_editor_hexes');
                 const m = src('sheet_editor_mountains'), h = src('sheet_editor_hard_mountains');
                 if (!d || !m || !h || m.x0.length !== bars[0] || h.x0.length !== bars[1]) return false;
                 const got = {}; d.hex.forEach((x, i) => { if (d.region[i] !== '-') got[x] = d.region[i]; });
                 return JSON.stringify(Object.keys(got).sort().map(k => [k, got[k]]))
                        === JSON.stringify(Object.keys(want).sort().map(k => [k, want[k]])); }""" % SOURCE_DATA,
            arg=[want, bars], timeout=60_000, polling=250)
    except Exception:
        pass  # the assertions below say what differs
    hexes = source_data(nb.page, "sheet_editor_hexes")
    assert hexes is not None, "the sheet editor is not on the page"
    shown = {h: r for h, r in zip(hexes["hex"], hexes["region"]) if r != "-"}
    assert shown == want, f"hexes on the page != in the file: {sorted(set(shown.items()) ^ set(want.items()))[:10]}"

    def spots(src: str) -> set:
        d = source_data(nb.page, src)
        assert d is not None, f"no {src} on the page"
        return {(round(x, 3), round(y, 3)) for x, y in zip(d["x"], d["y"])}

    def saved_spots(key: str) -> set:
        return {tuple(round(v, 3) for v in centre(tuple(reg[key]))) for reg in saved["regions"].values()}

    assert spots("sheet_editor_cities") == saved_spots("city"), "cities on the page != in the file"
    assert spots("sheet_editor_towns") == saved_spots("town"), "towns on the page != in the file"
    for src, key in (("sheet_editor_mountains", "medium"), ("sheet_editor_hard_mountains", "hard_adds")):
        bars = source_data(nb.page, src)
        assert bars is not None and len(bars["x0"]) == len(saved["mountains"][key]), f"{key} mountains differ"
    view = nb.page.evaluate("""() => { for (const d of Bokeh.documents) { const f = d.get_model_by_name('sheet_editor');
        if (f) return [f.x_range.start, f.x_range.end, f.y_range.start, f.y_range.end]; } return null; }""")
    x0, x1, y0, y1 = view
    outside = [h for h in want if not (x0 < centre(tuple(map(int, h.split(","))))[0] < x1
                                       and y0 < centre(tuple(map(int, h.split(","))))[1] < y1)]
    assert not outside, f"hexes outside the sheet editor's view: {outside}"
    assert saved["title"] == "My first sheet" == nb.kernel("import json; print(json.dumps(editor.to_dict()['title']))")


# ---------------------------------------------------------------- 21: a long run shows its progress
#: Records the text of every progress bar that appears in a cell's output while the cells
#: run (tqdm draws an ipywidgets row in a notebook, and removes it when the run ends).
WATCH_PROGRESS_BARS = """() => {
  window.__bars = new Set();
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('.jp-OutputArea-output .widget-hbox')) {
      const bar = row.querySelector('.widget-hprogress');
      if (bar && bar.getClientRects().length && window.__bars.size < 5000)
        window.__bars.add(row.textContent.replace(/\\s+/g, ' ').trim());
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def _progress_bars_shown(nb: LabNotebook) -> None:
    """The runs showed a progress bar while they played: it names the game, counts the
    games played of the notebook's own total, and moved."""
    import re

    games = nb.kernel("import json; print(json.dumps(GAMES))")
    bars = nb.page.evaluate("() => [...window.__bars]")
    counts = [int(m.group(1)) for b in bars if "Steam Rollers" in b
              for m in [re.search(rf"\b(\d+)/{games}\b", b)] if m]
    assert counts, f"no progress bar of {games} games was seen while the runs played; seen: {bars[:5]}"
    assert 0 < max(counts) <= games and min(counts) < max(counts), f"the bar never moved: {sorted(set(counts))}"


WATCH_DURING_RUN_ALL = {"21-solo-difficulty.ipynb": (WATCH_PROGRESS_BARS, _progress_bars_shown)}

# ---------------------------------------------------------------- 52: the 45-train proof on the page
def _cell_index(name: str, start: str) -> int:
    cells = json.loads((ROOT / "notebooks" / name).read_text())["cells"]
    return next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith(start))


def _max_score_proof_shown(nb: LabNotebook) -> None:
    from railkit.graphs import lessons
    from railkit.maps import load

    name = "52-graphs-spanning-trees-steiner.ipynb"
    sol, usa = lessons.MAX_SCORE_SOLUTION, load("usa")
    score = lessons.verify_max_score(usa, sol["routes"])
    want = {
        "best = lessons.MAX_SCORE_SOLUTION": f"(45, {score['route points']}, {score['ticket points']}, {sol['score']})",
        "lessons.forest_bound(": f"(({sol['bound']}, [45]), {sol['bound']}, {sol['optimal']})",
        "{c: lessons.verify_max_score(": repr({c: t["score"] for c, t in sol["trees"].items()}),
        "tree = lessons.best_tree_milp(": f"({sol['score']}, {sol['bound']}, True)",
    }
    for start, text in want.items():
        i = _cell_index(name, start)
        nb.scroll_to_cell(i)
        shown = " ".join(nb.output_element(i).inner_text().split())
        assert text in shown, f"cell {i} ({start}...) shows {shown!r}, not {text!r}"
    assert score["score"] == sol["score"] == sol["bound"] and sol["optimal"]
    screenshot(nb, "run-all-52-proof", _cell_index(name, "lessons.forest_bound("))


# ---------------------------------------------------------------- 51: the checker's counterexample
def _checker_shows_the_shrunk_counterexample(nb: LabNotebook) -> None:
    """The build-it checker draws the smallest map on which the learner's Dijkstra is wrong: its
    cities, and the wrong ones marked, as the kernel's report says."""
    want = nb.kernel("import json; mm = quiz.check_implementation(my_dijkstra, 'dijkstra', 1000, 0).first; "
                     "print(json.dumps([sorted(mm.graph), list(mm.wrong), mm.shrunk_from[0]]))")
    cities, wrong, before = want
    assert len(cities) < before and wrong
    i = _cell_index("51-graphs-shortest-paths.ipynb", 'check(my_dijkstra, "dijkstra"')
    nb.scroll_to_cell(i)
    nb.page.wait_for_function("() => (%s)(['check_board_nodes']) !== null" % SOURCE_DATA, timeout=60_000)
    shown = source_data(nb.page, "check_board_nodes")
    assert sorted(shown["name"]) == cities
    assert sorted(n for n, st in zip(shown["name"], shown["state"]) if st == "rejected") == sorted(wrong)
    assert "shrunk from" in page_text(nb.page)  # the report, inside Panel's shadow roots
    screenshot(nb, "run-all-51-checker", i)


CHECKS_AFTER_RUN_ALL = {
    "51-graphs-shortest-paths.ipynb": _checker_shows_the_shrunk_counterexample,
    "10-ttr-rules.ipynb": _scoring_has_board,
    "12-ttr-scoring.ipynb": _scoring_has_board,
    "20-variant-lab.ipynb": _param_form_has_inputs,
    "11-ttr-play.ipynb": _widget_agrees_with_game,
    "13-ttr-map-editor.ipynb": _editor_saved_equals_shown,
    "32-steam-rollers-sheet-editor.ipynb": _sheet_editor_saved_equals_shown,
    "42-station-master-card-editor.ipynb": editor_saved_equals_shown,
    "52-graphs-spanning-trees-steiner.ipynb": _max_score_proof_shown,
}
CHECKS_AFTER_CELL_BY_CELL = {
    "01-maps-and-graphs.ipynb": _after_cells_01,
    "10-ttr-rules.ipynb": lambda nb, state: _scoring_has_board(nb),
    "12-ttr-scoring.ipynb": lambda nb, state: _scoring_has_board(nb),
    "20-variant-lab.ipynb": lambda nb, state: _param_form_has_inputs(nb),
    "11-ttr-play.ipynb": _claim_by_click_11,
    "13-ttr-map-editor.ipynb": lambda nb, state: _editor_saved_equals_shown(nb),
    "32-steam-rollers-sheet-editor.ipynb": lambda nb, state: _sheet_editor_saved_equals_shown(nb),
    "42-station-master-card-editor.ipynb": lambda nb, state: editor_saved_equals_shown(nb),
}
CELL_HOOKS = {"01-maps-and-graphs.ipynb": _highlight_hook}

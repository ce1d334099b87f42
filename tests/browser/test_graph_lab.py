"""The served graph lab in headless Chromium: stepping changes what the board draws, a
prediction clicked on the board is graded, no console errors, nothing fetched from
anywhere but 127.0.0.1."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import launch, stop_server
from jlab import LabNotebook
from railkit.graphs import quiz
from railkit.viz.graphs.algoplayer import scenario

TIMEOUT = 60_000
SHOT = Path(tempfile.gettempdir()) / "railkit-graph-lab.png"

#: the states of the player's cities and routes, as BokehJS has them
STATES = """() => { for (const d of Bokeh.documents) { const n = d.get_model_by_name('algo_board_nodes');
  const e = d.get_model_by_name('algo_board_edges');
  if (n && e) return [Array.from(n.data.state), Array.from(e.data.state)]; } return null; }"""
#: pixel position on the page of city ``name`` on the player's board
NODE_XY = """(name) => { for (const d of Bokeh.documents) { const n = d.get_model_by_name('algo_board_nodes');
  if (!n) continue; const i = n.data.name.indexOf(name);
  const view = Bokeh.index.get_one(d.get_model_by_name('algo_board')); if (!view) return null;
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(n.data.x[i]) + r.left, view.frame.y_scale.compute(n.data.y[i]) + r.top]; }
  return null; }"""
SHOWN = """() => !!(window.Bokeh && Bokeh.documents.some(d => { const b = d.get_model_by_name('algo_board');
  return b && Bokeh.index.get_one(b) && Bokeh.index.get_one(b).canvas_view; }))"""


_LOGS: dict[str, str] = {}


def lab_server_log(url: str) -> str:
    """The file the graph lab at ``url`` writes its output to (its start lines)."""
    return _LOGS[url]


@pytest.fixture(scope="module")
def lab_server():
    proc = launch([sys.executable, "-m", "railkit.viz.graphs.algoplayer", "--port", "{port}"], name="graph-lab")
    _LOGS[proc.url] = proc.log_path
    yield proc.url
    stop_server(proc)


def test_stepping_changes_the_board_and_predictions_are_graded(page, page_guard, lab_server):
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    open_lab(page, lab_server)

    # the page's player: dijkstra on the USA map, seed 0 (the app's defaults)
    G, trace, _, _ = scenario("dijkstra", "usa", 0)
    names = [str(n) for n in G.nodes]
    edges = list(G.edges(keys=True))

    def expect_frame(i):
        nodes = [trace[i].nodes[n] for n in G.nodes]
        page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                               f"{json_str(nodes)}; }}")
        got_nodes, got_edges = page.evaluate(STATES)
        assert got_nodes == nodes
        assert got_edges == [trace[i].edges[e] for e in edges]

    expect_frame(0)
    step = page.locator(".step button")
    for i in (1, 2, 3):
        step.click()
        expect_frame(i)
    page.locator(".step-back button").click()
    expect_frame(2)
    # the narration and the highlighted pseudocode line follow the step
    page.get_by_text(f"Step 2 of {len(trace) - 1}:").wait_for()
    page.locator(".code-line.current").first.wait_for()

    # play runs by itself until paused
    page.locator(".play button").click()
    page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                           f"{json_str([trace[6].nodes[n] for n in G.nodes])}; }}")
    page.locator(".play button").click()
    page.get_by_role("button", name="▶ Play").wait_for()
    page.mouse.move(1, 1)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOT))

    # predict mode: click the city the algorithm expands next, on the canvas
    page.locator(".predict input").check()
    p = quiz.Predictor(trace)
    first = trace[p.decisions[0]].pick
    page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === "
                           f"{json_str([trace[p.frame_index].nodes[n] for n in G.nodes])}; }}")
    page.mouse.move(1, 1)
    xy = page.evaluate(NODE_XY, str(first))
    page.mouse.click(*xy)
    page.get_by_text("Answered 1 of").wait_for()
    page.get_by_text("Right").first.wait_for()
    page.mouse.move(1, 1)
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-predict.png")), full_page=True)

    assert not failed, failed
    assert names  # the board had cities


def test_the_start_city_picker_shows_where_the_run_starts(page, page_guard, lab_server):
    """On first load the picker names the city the run starts from (the seed's ticket); after a
    new seed and Reset, the new run's start; a city picked by the person is where the next run
    starts."""
    open_lab(page, lab_server)
    picker = page.locator(".start-city select")
    _, _, _, start = scenario("dijkstra", "usa", 0)
    assert start
    expect(picker).to_have_value(start)
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-start.png")))
    # another seed: its own start, shown once the run is reset
    page.locator(".seed input").fill("1")
    page.locator(".seed input").press("Enter")
    page.locator(".reset button").click()
    _, _, title, start1 = scenario("dijkstra", "usa", 1)
    page.get_by_text(title).wait_for()
    expect(picker).to_have_value(start1)
    # a city the person picks is where the run starts
    G, _, _, _ = scenario("dijkstra", "usa", 1)
    chosen = next(c for c in sorted(map(str, G)) if c not in (start, start1))
    picker.select_option(chosen)
    page.locator(".reset button").click()
    _, _, title, got = scenario("dijkstra", "usa", 1, chosen)
    page.get_by_text(title).wait_for()
    assert got == chosen
    expect(picker).to_have_value(chosen)


def test_a_new_choice_restarts_the_run_at_once(page, page_guard, lab_server):
    """Changing the algorithm, the start or the target starts the new run at once (no Reset):
    the title, the board and the pickers follow; A* runs the trip Dijkstra ran."""
    open_lab(page, lab_server)
    page.locator(".step button").click()
    page.locator(".step button").click()
    _, _, title, start = scenario("dijkstra", "usa", 0)
    page.locator("select").first.select_option("astar")
    _, star, star_title, _ = scenario("astar", "usa", 0)
    assert star_title == title  # the same trip
    page.get_by_text("A*: the same trip, guided by the straight-line distance.").wait_for()
    page.get_by_text(star_title).wait_for()
    expect(page.get_by_text(f"Step 0 of {len(star) - 1}")).to_be_visible()
    target = page.locator(".target-city select")
    expect(target).to_have_value(star.stats["target"])
    target.select_option("Miami")
    _, miami, miami_title, _ = scenario("astar", "usa", 0, None, "Miami")
    page.get_by_text(miami_title).wait_for()
    assert miami_title.endswith("Miami: the fewest trains") and start in miami_title
    expect(page.get_by_text(f"Step 0 of {len(miami) - 1}")).to_be_visible()
    page.locator("select").first.select_option("kruskal")
    page.get_by_text("Minimum spanning tree, shortest routes first").wait_for()
    expect(target).to_be_hidden()
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-restart.png")))


def test_the_end_key_goes_to_the_last_step(page, page_guard, lab_server):
    """After another algorithm with more steps is chosen, End on the step slider reaches its
    last step (it stopped at the first run's last step: 77 of 101)."""
    open_lab(page, lab_server)
    page.locator("select").first.select_option("kruskal")
    _, trace, _, _ = scenario("kruskal", "usa", 0)
    last = len(trace) - 1
    page.get_by_text(f"Step 0 of {last}").wait_for()
    page.locator(".frame .noUi-handle").focus()
    page.keyboard.press("End")
    page.get_by_text(f"Step {last} of {last}").wait_for()


def test_dijkstra_and_astar_side_by_side(page, page_guard, lab_server):
    """The comparison tab steps both on one trip and counts the cities each expanded."""
    from railkit.viz.graphs.algoplayer import CompareView

    open_lab(page, lab_server)
    page.get_by_text("Dijkstra vs A*").click()
    want = CompareView("usa", seed=0, start="Denver", target="Miami")
    want.goto(want.steps)
    dij, star = want.counts()
    page.locator(".compare-end button").click()
    page.get_by_text(f"Dijkstra: {dij} cities expanded").wait_for()
    page.get_by_text(f"A*: {star} cities expanded").wait_for()
    assert star < dij
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-compare.png")))


def open_lab(page, url: str) -> None:
    """The served graph lab at 1280x720, once its board is drawn."""
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(url)
    page.wait_for_function(SHOWN)


def json_str(value) -> str:
    import json

    return json.dumps(json.dumps(value, separators=(",", ":")))


# ----------------------------------------------------------------------------- in JupyterLab
NOTEBOOK = "56-graphs-teachers-guide.ipynb"


def test_player_steps_in_jupyterlab(page, page_guard, lab):
    """The teacher's guide ends with the whole lab: run it cell by cell, then Step must reach the page
    (a widget callback changes the board's data source; the kernel pushes it to the notebook).
    Every file comes from 127.0.0.1 (the page guard), the notebook loads Panel through setup()."""
    page.set_default_timeout(120_000)
    page.set_viewport_size({"width": 1400, "height": 1000})
    LabNotebook(page, lab, f"notebooks/{NOTEBOOK}").run_cell_by_cell()
    page.wait_for_function(SHOWN)
    G, trace, _, _ = scenario("dijkstra", "usa", 0)
    for i in (0, 1, 2):
        if i:
            page.locator(".step button").first.click()
        want = json_str([trace[i].nodes[n] for n in G.nodes])
        page.wait_for_function(f"() => {{ const s = ({STATES})(); return s && JSON.stringify(s[0]) === {want}; }}")
    page.get_by_text(f"Step 2 of {len(trace) - 1}:").wait_for()
    page.mouse.move(1, 1)
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-jupyterlab.png")))


def test_a_student_gets_their_own_questions_and_a_score(page, page_guard, lab_server):
    """With a name, the bank is the student's own (order and instances); a right answer counts."""
    open_lab(page, lab_server)
    page.get_by_text("Question bank").click()
    first = quiz.question_bank(0, "small", 10)[0]
    page.get_by_text(first.prompt).wait_for()
    page.locator(".student input").fill("Ada")
    page.locator(".student input").press("Enter")
    page.get_by_role("button", name="New questions").click()
    mine = quiz.question_bank(0, "small", 10, student="Ada")[0]
    assert mine.prompt != first.prompt
    page.get_by_text(mine.prompt).wait_for()
    answer = ("yes" if mine.answer else "no") if isinstance(mine.answer, bool) else str(mine.answer)
    page.get_by_label("Your answer").fill(answer)
    page.get_by_label("Your answer").press("Enter")
    page.locator(".check button").click()
    page.get_by_text("Right 1 of 1").wait_for()
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-bank.png")))


def _answer_first_question(page, lab_url: str, name: str, right: bool):
    open_lab(page, lab_url)
    page.get_by_text("Question bank").click()
    page.locator(".student input").fill(name)
    page.locator(".student input").press("Enter")
    page.get_by_role("button", name="New questions").click()
    q = quiz.question_bank(0, "small", 10, student=name)[0]
    page.get_by_text(q.prompt).wait_for()
    answer = ("yes" if q.answer else "no") if isinstance(q.answer, bool) else str(q.answer)
    if not right:
        answer = ("no" if q.answer else "yes") if isinstance(q.answer, bool) else "Nowhere"
    page.get_by_label("Your answer").fill(answer)
    page.get_by_label("Your answer").press("Enter")
    page.locator(".check button").click()
    page.get_by_text(f"Right {int(right)} of 1").wait_for()
    return q


def test_the_teacher_sees_and_saves_the_class_results(browser, lab_server, tmp_path):
    """Two students answer under their names; the class results are on the teacher's link only
    (the secret printed at start), and saved as CSV hold each answer."""
    import csv
    import re

    from guard import PageGuard

    token = re.search(r"\?teacher=(\S+)", open(lab_server_log(lab_server)).read()).group(1)
    pages, guards = [], []
    for _ in range(4):
        context = browser.new_context()
        pages.append(context.new_page())
        guards.append(PageGuard(pages[-1]))
    ada, bo, student, teacher = pages
    # names no other test of this server uses (the server keeps every answer of its life)
    q_ada = _answer_first_question(ada, lab_server, "Ada Lovelace", right=True)
    _answer_first_question(bo, lab_server, "Bo Diddley", right=False)
    for page, url in ((student, lab_server), (student, lab_server + "/?teacher=wrong" + "x" * 30)):
        page.goto(url)
        page.wait_for_function(SHOWN)
        page.get_by_text("Question bank").wait_for()
        assert page.get_by_text("Class results").count() == 0
    teacher.set_default_timeout(TIMEOUT)
    teacher.set_viewport_size({"width": 1280, "height": 720})
    teacher.goto(f"{lab_server}/?teacher={token}")
    teacher.wait_for_function(SHOWN)
    teacher.get_by_text("Class results").first.click()
    teacher.locator(".refresh button").click()
    table = teacher.locator(".class-results table")
    expect(table).to_contain_text("Bo Diddley")
    rows = [r.split("\t") for r in table.inner_text().splitlines()]
    assert ["Ada Lovelace", "1", "1"] in rows and ["Bo Diddley", "1", "0"] in rows
    with teacher.expect_download() as done:
        teacher.locator(".save-csv").get_by_text("Save every answer (CSV)").click()
    saved = tmp_path / "class.csv"
    done.value.save_as(saved)
    lines = [r for r in csv.DictReader(saved.open(encoding="utf-8")) if r["student"] in ("Ada Lovelace", "Bo Diddley")]
    assert [(r["student"], r["activity"], r["right"]) for r in lines] == [("Ada Lovelace", "question", "yes"),
                                                                          ("Bo Diddley", "question", "no")]
    assert lines[0]["item"].startswith(q_ada.kind)
    teacher.screenshot(path=str(SHOT.with_name("railkit-graph-lab-class.png")))
    for g in guards:
        g.check()


#: the flow arrows drawn on the board on screen (a board left by an earlier run may linger in
#: the document until it is collected): [route names, colours]
FLOW = """() => { for (const d of Bokeh.documents) for (const m of d._all_models.values()) {
  if (m.name !== 'algo_board_flow_arrows') continue;
  let shown = null; try { shown = Bokeh.index.get_one(m); } catch (e) { continue; }
  if (shown) return [Array.from(m.source.data.route), Array.from(m.source.data.color)]; } return null; }"""


#: the route states of the board on screen
SHOWN_EDGES = FLOW.replace("'algo_board_flow_arrows'", "'algo_board_edge_lines'").replace(
    "[Array.from(m.source.data.route), Array.from(m.source.data.color)]", "Array.from(m.data_source.data.state)")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_max_flow_draws_the_flow_as_arrows_to_the_min_cut(page, page_guard, lab_server, size):
    """Max flow on the page: after each augmenting step the board carries one arrow per route
    with flow (as the trace says), full routes in black, and the legend says what they
    mean; at the last step the cut routes are drawn as the solution."""
    from railkit.viz.graphs.algoplayer import _label

    open_lab(page, lab_server)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.locator("select").first.select_option("max_flow")
    _, trace, title, _ = scenario("max_flow", "usa", 0)
    page.get_by_text(title).wait_for()
    expect(page.locator(".flow-arrow").first).to_be_visible()
    page.locator(".step button").click()
    page.locator(".step button").click()
    want = sorted(_label(e) for _, _, e, _, _ in trace[2].arrows)
    assert want
    page.wait_for_function(f"(want) => {{ const f = ({FLOW})(); return f !== null && "
                           f"JSON.stringify(f[0].slice().sort()) === JSON.stringify(want); }}", arg=want)
    last = len(trace) - 1
    page.locator(".frame .noUi-handle").focus()
    page.keyboard.press("End")
    page.get_by_text(f"Step {last} of {last}").wait_for()
    routes, colours = page.evaluate(FLOW)
    assert sorted(routes) == sorted(_label(e) for _, _, e, _, _ in trace[last].arrows)
    assert colours.count("#222222") == sum(1 for a in trace[last].arrows if a[3] >= a[4]) > 0
    states = page.evaluate(SHOWN_EDGES)
    assert states.count("solution") == len(trace.result[1])
    page.screenshot(path=str(SHOT.with_name(f"railkit-graph-lab-flow-{size[0]}.png")))


def test_class_results_survive_a_crash_of_the_served_lab(page, page_guard, tmp_path):
    """`railkit serve graph-lab --state-dir DIR`: a student answers, the server is killed
    (SIGKILL), started again on the same folder: the teacher's link from the first start still
    opens the class results, and the answer is there."""
    import re
    import signal

    cmd = [sys.executable, "-m", "railkit.cli", "serve", "graph-lab", "--port", "{port}", "--state-dir", str(tmp_path)]
    first = launch(cmd, name="graph-lab-durable")
    try:
        token = re.search(r"\?teacher=(\S+)", open(first.log_path).read()).group(1)
        assert str(tmp_path) in open(first.log_path).read()
        _answer_first_question(page, first.url, "Grace Hopper", right=True)
        port = first.url.rsplit(":", 1)[1]
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    second = launch(cmd, name="graph-lab-durable", port=int(port))
    try:
        page.goto(f"{second.url}/?teacher={token}")
        page.wait_for_function(SHOWN)
        page.get_by_text("Class results").first.click()
        page.locator(".refresh button").click()
        expect(page.locator(".class-results table")).to_contain_text("Grace Hopper")
        rows = [r.split("\t") for r in page.locator(".class-results table").inner_text().splitlines()]
        assert ["Grace Hopper", "1", "1"] in rows
    finally:
        stop_server(second)


def test_what_you_act_on_is_in_view_at_1280x720(page, page_guard, lab_server):
    """Without scrolling, at 1280x720: the algorithm and its trip, the step controls, what the
    step did, the pseudocode's current line and the prediction controls."""
    import re

    from helpers import outside_view

    open_lab(page, lab_server)
    page.locator(".predict input").check()
    page.get_by_text("Click the city or route the algorithm takes next.").wait_for()
    page.locator(".predict input").uncheck()
    page.locator(".frame .noUi-handle").focus()
    page.keyboard.press("End")  # the last step: the longest data structure
    page.get_by_text(re.compile(r"Step (\d+) of \1:")).wait_for()
    page.locator(".predict input").check()
    page.get_by_text("Click the city or route the algorithm takes next.").wait_for()
    board = page.locator(".bk-Canvas, canvas").first
    assert outside_view(page, {
        "algorithm": page.locator("select").first, "target": page.locator(".target-city select"),
        "step": page.locator(".step button"), "back": page.locator(".step-back button"),
        "slider": page.locator(".frame"), "narration": page.locator(".narration"),
        "current line": page.locator(".code-line.current"), "predict": page.locator(".predict input"),
        "feedback": page.get_by_text("Click the city or route the algorithm takes next."),
    }) == {}
    box = board.bounding_box()
    assert box["y"] < 720 and box["height"] > 300
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-in-view.png")))


def test_projector_mode_gives_the_map_most_of_a_1920_screen(page, page_guard, lab_server):
    """`?projector=1` at 1920x1080: the board takes at least 60 % of the screen's width with
    labels half as big again, and the step controls and the step's text stay in view."""
    from helpers import outside_view

    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(lab_server + "/?projector=1")
    page.wait_for_function(SHOWN)
    page.locator(".step button").click()
    page.get_by_text("Step 1 of").wait_for()
    board = page.evaluate("""() => { for (const d of Bokeh.documents) for (const m of d._all_models.values()) {
        if (m.name !== 'algo_board') continue; let v = null; try { v = Bokeh.index.get_one(m); } catch (e) { continue; }
        if (v) { const r = v.canvas_view.el.getBoundingClientRect(); return [r.width, r.height]; } } return null; }""")
    assert board[0] >= 0.6 * 1920 and board[1] >= 600, board
    sizes = page.evaluate("""() => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
        if (m.name === 'algo_board_labels') return m.glyph.text_font_size.value; return null; }""")
    assert float(sizes.rstrip("pt")) >= 13, sizes
    assert outside_view(page, {"step": page.locator(".step button"), "narration": page.locator(".narration"),
                               "algorithm": page.locator("select").first}) == {}
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-projector.png")))


def test_on_a_phone_a_few_steps_by_tap_fit_the_screen(browser, playwright, lab_server):
    """At 390x844 with touch: step the algorithm twice and back once, then open each tab, all by
    taps; after each, the page is no wider than the screen (the boards scale to it, the side
    column and the rows wrap under them) and every control and tab is at least 44 px each way."""
    import re

    from helpers import page_fits_phone, phone_page

    page = phone_page(browser, playwright)
    page.set_default_timeout(TIMEOUT)
    page.goto(lab_server)
    page.wait_for_function(SHOWN)
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    for button, text in ((".step button", "Step 1 of"), (".step button", "Step 2 of"), (".step-back button", "Step 1 of")):
        page.locator(button).tap()
        page.get_by_text(text).wait_for()
        page.touchscreen.tap(5, 5)  # off the button: a button held down is drawn 2 % smaller
        assert page_fits_phone(page) == {"overflow": 0, "small": []}, text
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-phone.png")))
    for tab in ("Dijkstra vs A*", "Question bank", "Player"):
        header = page.locator(".bk-tab", has_text=tab)
        header.tap()
        expect(header).to_have_class(re.compile(r"\bbk-active\b"))
        assert page_fits_phone(page) == {"overflow": 0, "small": []}, tab
        assert header.bounding_box()["height"] >= 44 - 0.5
    page.context.close()


@pytest.mark.slow
def test_on_a_phone_a_whole_run_and_a_question_by_tap(browser, playwright, lab_server):
    """At 390x844 with touch: Dijkstra stepped by taps to its last step, the page fitting the
    screen after every fifth step and at the end; the board then shows the trace's last frame and
    the step caption is on the screen. Then a question of the bank answered by taps and typing,
    graded right."""
    import time

    from helpers import page_fits_phone, phone_page

    started = time.monotonic()
    G, trace, _, _ = scenario("dijkstra", "usa", 0)
    last = len(trace) - 1
    page = phone_page(browser, playwright)
    page.set_default_timeout(TIMEOUT)
    page.goto(lab_server)
    page.wait_for_function(SHOWN)
    step = page.locator(".step button")
    for i in range(1, last + 1):
        step.tap()
        page.get_by_text(f"Step {i} of {last}").wait_for()
        if i % 5 == 0 or i == last:
            page.touchscreen.tap(5, 5)  # off the button: a button held down is drawn 2 % smaller
            assert page_fits_phone(page) == {"overflow": 0, "small": []}, i
    nodes = [trace[last].nodes[n] for n in G.nodes]
    edges = [trace[last].edges[e] for e in G.edges(keys=True)]
    assert page.evaluate(STATES) == [nodes, edges]
    caption = page.get_by_text(f"Step {last} of {last}")
    caption.scroll_into_view_if_needed()
    box, size = caption.bounding_box(), page.viewport_size
    assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"] + 0.5, box
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-phone-end.png")))

    page.locator(".bk-tab", has_text="Question bank").tap()
    q = quiz.question_bank(0, "small", 10)[0]
    page.get_by_text(q.prompt).wait_for()
    answer = ("yes" if q.answer else "no") if isinstance(q.answer, bool) else str(q.answer)
    box = page.get_by_label("Your answer")
    box.tap()
    page.keyboard.type(answer)
    box.press("Enter")
    page.locator(".check button").tap()
    page.get_by_text("Right 1 of 1").wait_for()
    page.touchscreen.tap(5, 5)
    assert page_fits_phone(page) == {"overflow": 0, "small": []}
    page.screenshot(path=str(SHOT.with_name("railkit-graph-lab-phone-question.png")), full_page=True)
    page.context.close()
    print(f"whole run on a phone: {time.monotonic() - started:.1f} s")

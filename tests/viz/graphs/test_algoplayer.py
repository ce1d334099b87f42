"""The algorithm player without a browser: stepping patches the board, predictions are
graded from clicks, the question bank and the checker show their results."""

from __future__ import annotations

import doctest

import networkx as nx
import pytest
from bokeh.events import Tap

from railkit.graphs import quiz, steps
from railkit.viz.graphs import algoplayer
from railkit.viz.graphs.algoplayer import ALGORITHMS, LEGEND, MAPS, AlgoPlayer, CheckerView, QuestionBankView


def test_doctests():
    assert doctest.testmod(algoplayer, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE).failed == 0


def shown(p: AlgoPlayer):
    nodes = dict(zip(p.view.node_ids, p.nodes_src.data["state"]))
    edges = dict(zip(p.view.edge_ids, p.edges_src.data["state"]))
    return nodes, edges


def expected(frame):
    return dict(frame.nodes), dict(frame.edges)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_frame_is_drawn_as_the_trace_says(algorithm):
    p = AlgoPlayer(algorithm=algorithm, map="teaching-small", seed=1)
    for i in list(range(min(len(p.trace), 25))) + [len(p.trace) - 1]:
        p.goto(i)
        nodes, edges = shown(p)
        fn, fe = expected(p.trace[i])
        assert nodes == {n: fn.get(n, "unexplored") for n in nodes}
        assert edges == {e: fe.get(e, "unexplored") for e in edges}
        assert f'data-line="{p.trace[i].line}"' in p.code_pane.object.split("current")[0] + p.code_pane.object
        assert "current" in p.code_pane.object


def test_step_back_slider_and_reset():
    p = AlgoPlayer(algorithm="kruskal", map="usa", seed=0)
    p.step(); p.step()
    assert p.index == 2 and p.w_frame.value == 2
    p.back()
    assert p.index == 1
    p.w_frame.value = 10
    assert p.index == 10 and "Step 10 of" in p.text_pane.object
    p.goto(10**6)
    assert p.index == len(p.trace) - 1
    p.w_algo.value, p.w_map.value, p.w_seed.value = "dijkstra", "teaching-small", 3
    p.reset()
    assert p.trace.algorithm == "dijkstra" and p.index == 0 and set(p.view.node_ids) == set(p.G)


def test_reset_with_a_start_city():
    p = AlgoPlayer(algorithm="prim", map="usa", seed=0)
    p.w_start.value = "Miami"
    p.reset()
    assert "Miami" in p.title.object and p.trace[0].nodes["Miami"] == "explored"


def test_the_start_city_picker_shows_where_the_run_starts():
    """The seed's start until the person picks one; then the picked city, kept for new seeds;
    nothing for an algorithm without a start city."""
    p = AlgoPlayer(algorithm="dijkstra", map="usa", seed=0)
    assert p.w_start.value == algoplayer.scenario("dijkstra", "usa", 0)[3] == "Los Angeles"
    p.w_seed.value = 1
    p.reset()
    assert p.w_start.value == algoplayer.scenario("dijkstra", "usa", 1)[3] != "Los Angeles"
    p.w_start.value = "Miami"
    p.w_seed.value = 2
    p.reset()
    assert p.w_start.value == "Miami" and "Ticket Miami–" in p.title.object
    p.w_algo.value = "kruskal"
    p.reset()
    assert p.w_start.value == ""


def test_a_step_patches_only_changed_rows():
    p = AlgoPlayer(algorithm="bfs", map="usa", seed=2)
    before = list(p.edges_src.data["state"])
    p.step()
    after = list(p.edges_src.data["state"])
    changed = sum(a != b for a, b in zip(before, after))
    fe = p.trace[1].edges
    assert changed == sum(fe[e] != s for e, s in zip(p.view.edge_ids, before))


def test_data_structure_is_drawn():
    p = AlgoPlayer(algorithm="dijkstra", map="usa", seed=0)
    p.goto(3)
    for name, items in p.trace[3].data.items():
        assert f'data-name="{name}"' in p.ds_pane.object
        assert f"({len(items)})" in p.ds_pane.object


def test_play_steps_by_itself_and_pause_stops():
    p = AlgoPlayer(algorithm="bfs", map="teaching-small", seed=0)
    p.w_play.value = True
    assert p._callback is not None and p.w_play.label == "Pause"
    p._tick(); p._tick()
    assert p.index == 2
    p.w_play.value = False
    assert p._callback is None and p.w_play.label.startswith("▶")
    p.goto(len(p.trace) - 1)
    p.w_play.value = True
    p._tick()
    assert p.w_play.value is False  # stops at the end


def test_predict_mode_grades_clicks_on_the_board():
    p = AlgoPlayer(algorithm="dijkstra", map="teaching-small", seed=1)
    p.w_predict.value = True
    assert p.predictor is not None and p.index == p.predictor.frame_index
    first = p.trace[p.predictor.decisions[0]].pick
    x, y = p.view.pos[first]
    p.view.figure._trigger_event(Tap(p.view.figure, x=x, y=y))
    assert p.predictor.score.right == 1 and "Right" in p.feedback.object
    # a wrong city next
    d = p.trace[p.predictor.decisions[1]]
    wrong = next(n for n in p.G if n not in d.accept)
    fb = p.click(wrong)
    assert not fb.correct and p.predictor.score.wrong == 1
    assert "Answered 2 of" in p.score_pane.object


def test_predict_mode_on_routes_with_ties_and_grade_at_end():
    p = AlgoPlayer(algorithm="kruskal", map="teaching-small", seed=0)
    p.w_mode.value = "grade-at-end"
    p.w_predict.value = True
    assert p.predictor.mode == "grade-at-end"
    while not p.predictor.done:
        d = p.trace[p.predictor.decisions[p.predictor.k]]
        alt = sorted(d.accept, key=str)[-1]
        p.click(alt[2])
    assert p.predictor.score.right == p.predictor.score.questions
    assert "steps predicted right" in p.feedback.object


def test_tap_on_a_route_picks_that_route():
    p = AlgoPlayer(algorithm="prim", map="usa", seed=0)
    e = p.view.edge_ids[5]
    (x0, x1), (y0, y1) = p.view.lines[e]
    assert p.view.item_at(x0 + 0.5 * (x1 - x0), y0 + 0.5 * (y1 - y0)) == e


def test_legend_has_every_state_with_its_shape_and_dash():
    html = algoplayer.legend_html()
    for s in steps.STATES:
        assert f'data-state="{s}"' in html
    assert len({v["marker"] for v in LEGEND.values()}) == len(LEGEND)


def test_question_bank_checks_answers_and_draws_them():
    v = QuestionBankView(level="full", seed=1, n=5)
    q = v.bank[0]
    ok, msg = v.check(str(q.answer))
    assert ok and "Right" in v.result.object
    states = dict(zip(v.view.edge_ids, v.view.edges_src.data["state"]))
    assert {e[2] for e, s in states.items() if s == "solution"} == set(q.highlight)
    v.show(1)
    ok, _ = v.check("-12345")
    assert not ok and "Right 1 of 2" in v.score.object


def test_checker_view_draws_the_first_difference():
    v = CheckerView(lambda G, s: nx.single_source_shortest_path_length(G, s), "dijkstra", 500)
    assert not v.report.ok and v.view is not None
    states = dict(zip(v.view.node_ids, v.view.nodes_src.data["state"]))
    assert states[v.report.first.args[0]] == "current"
    assert "rejected" in states.values()
    ok = CheckerView(lambda G, s: nx.single_source_dijkstra_path_length(G, s, weight="length"), "dijkstra", 100)
    assert ok.report.ok and ok.view is None


def test_graph_lab_app_builds():
    page = algoplayer.graph_lab_app()
    assert isinstance(page.player, AlgoPlayer) and isinstance(page.bank, QuestionBankView)
    assert set(MAPS) == {"usa", "teaching-small", "random"}


def test_a_map_from_the_editor_can_be_played():
    from railkit.viz.ticket_to_ride.map_editor import MapEditor

    ed = MapEditor("teaching-small")
    ed.remove_route("Summit-Peak")
    m = ed.validate()
    p = AlgoPlayer(algorithm="kruskal", custom=m)
    assert p.w_map.value == "custom" and "custom" in p.w_map.options
    assert all(e[2] != "Summit-Peak" for e in p.view.edge_ids)
    assert p.trace.result[0] == nx.minimum_spanning_tree(m.graph(), weight="length").size(weight="length")


def test_checker_view_draws_the_shrunk_instance_with_railkits_answer():
    def tree_in_given_order(G):  # the tree a breadth-first search finds, not the shortest one
        tree = nx.bfs_tree(nx.Graph(G), sorted(G)[0])
        return sum(min(d["length"] for d in G[u][v].values()) for u, v in tree.edges())

    v = CheckerView(tree_in_given_order, "mst", 500, seed=2)
    mm = v.report.first
    assert v.view.node_ids == sorted(mm.graph) and len(v.view.edge_ids) == mm.graph.number_of_edges()
    states = dict(zip([e[2] for e in v.view.edge_ids], v.view.edges_src.data["state"]))
    assert {k for k, s in states.items() if s == "solution"} == set(mm.highlight) and mm.highlight
    assert "shrunk to" in v.view.figure.title.text and "shrunk from" in v.text.object


def test_a_new_choice_restarts_the_run_at_once():
    p = AlgoPlayer(algorithm="dijkstra", map="usa", seed=0)
    p.step(); p.step()
    p.w_algo.value = "bfs"
    assert p.trace.algorithm == "bfs" and p.index == 0
    p.w_target.value = "Miami"
    assert p.trace.stats["target"] == "Miami" and p.w_target.visible
    p.w_algo.value = "prim"
    assert p.trace.algorithm == "prim" and not p.w_target.visible


@pytest.mark.parametrize("map_name", ["usa", "teaching-small", "random"])
def test_dijkstra_and_astar_run_the_same_trip(map_name):
    for seed in range(5):
        _, dij, title, a = algoplayer.scenario("dijkstra", map_name, seed)
        _, star, star_title, b = algoplayer.scenario("astar", map_name, seed)
        assert (title, a, dij.stats["target"]) == (star_title, b, star.stats["target"])
        if dij.result is not None:
            assert dij.result[0] == star.result[0] and star.stats["expanded"] <= dij.stats["expanded"]


def test_max_flow_draws_each_steps_flow_as_arrows_from_giver_to_taker():
    """Max flow's board draws one arrow per route carrying flow, pointing from the city that
    sends to the one that receives (its start nearer the sender), black once the route is
    full; the legend explains them; another algorithm draws none."""
    import math

    p = AlgoPlayer(algorithm="max_flow", map="usa", seed=0)
    assert "flow-arrow" in p.legend.object
    for i in range(len(p.trace)):
        p.goto(i)
        f = p.trace[i]
        src = p.view.arrows_src.data
        assert len(src["x0"]) == len(f.arrows)
        for k, (u, v, e, units, cap) in enumerate(f.arrows):
            (ux, uy), (vx, vy) = p.view.pos[u], p.view.pos[v]
            start, end = (src["x0"][k], src["y0"][k]), (src["x1"][k], src["y1"][k])
            assert math.dist(start, (ux, uy)) < math.dist(end, (ux, uy))
            assert math.dist(end, (vx, vy)) < math.dist(start, (vx, vy))
            assert src["color"][k] == ("#222222" if units >= cap else "#56B4E9")
    assert len(p.view.arrows_src.data["x0"]) > 0
    p.w_algo.value = "dijkstra"
    assert p.view.arrows_src.data["x0"] == [] and "flow-arrow" not in p.legend.object


def test_class_results_and_the_teacher_link_survive_a_restart(tmp_path):
    """In a state folder every answer is on disk before it counts and the teacher's secret is
    kept (mode 0600): a second start (a restart) has both; a torn last line (a crash while
    writing) is dropped; a line edited by hand is refused naming the file and line."""
    import os
    import stat

    from railkit.core.errors import DataError
    from railkit.viz.graphs.algoplayer import RESULTS_FILE, TOKEN_FILE, class_record

    record, token = class_record(tmp_path)
    record.add("Ada", "question", "shortest: Harbor–Peak", "7", True, when=0)
    record.add("Bo", "prediction", "dijkstra step 3", "Mill", False, when=60)
    assert stat.S_IMODE(os.stat(tmp_path / TOKEN_FILE).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(tmp_path / RESULTS_FILE).st_mode) == 0o600
    again, same = class_record(tmp_path)
    assert same == token and again.csv() == record.csv() and again.summary() == [("Ada", 1, 1), ("Bo", 1, 0)]
    again.add("Cy", "question", "mst", "12", True, when=120)
    path = tmp_path / RESULTS_FILE
    with open(path, "ab") as f:
        f.write(b'{"k":"answer","student":"Dee"')  # the crash came in the middle of a line
    third, _ = class_record(tmp_path)
    assert [s for s, _, _ in third.summary()] == ["Ada", "Bo", "Cy"]
    third.add("Eve", "question", "mst", "9", False, when=180)
    assert [s for s, _, _ in class_record(tmp_path)[0].summary()] == ["Ada", "Bo", "Cy", "Eve"]
    path.write_text(path.read_text().replace('"student":"Bo"', '"student":"Bob"'))
    with pytest.raises(DataError) as err:
        class_record(tmp_path)
    assert str(path) in str(err.value) and "line 2" in str(err.value)

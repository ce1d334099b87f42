"""The graph lab in the reader's language, without a browser: the player's narration,
pseudocode, data structures, legend and pickers, the question bank and Dijkstra against A*,
and the page's language picker, which switches the page where it is."""

from __future__ import annotations

from railkit.graphs import quiz
from railkit.viz.graphs.algoplayer import AlgoPlayer, CompareView, QuestionBankView, graph_lab_app


def test_the_player_speaks_the_language_it_is_given():
    p = AlgoPlayer(algorithm="bfs", map="teaching-small", seed=1, lang="da")
    p.__panel__()  # the layout shown: its words relabelled
    p.goto(2)
    assert "Bredde-først-søgning: kan billetten stadig gennemføres" in p.title.object
    assert "Billet " in p.title.object
    assert "Trin 2 af" in p.text_pane.object and "bagest i køen" in p.text_pane.object
    assert "så længe køen ikke er tom:" in p.code_pane.object
    assert 'data-name="queue"' in p.ds_pane.object and "<b>kø</b>" in p.ds_pane.object
    assert "ikke set på endnu" in p.legend.object and "<b>uudforsket</b>" in p.legend.object
    assert p.w_algo.label == "Algoritme" and "maks. strømning" in p.w_algo.options
    assert p.w_algo.options["maks. strømning"] == "max_flow" and p.w_algo.options["bfs"] == "bfs"


def test_the_board_hover_names_a_route_and_its_state_in_the_language():
    p = AlgoPlayer(algorithm="bfs", map="teaching-small", seed=1, lang="de")
    p.goto(len(p.trace) - 1)
    assert [label for label, _ in p.view.hover.tooltips] == ["Strecke", "Länge", "Zustand"]
    src = p.view.edges_src.data
    from railkit.core.i18n import translate
    assert src["state_name"] == [translate(s, "de") for s in src["state"]] and "Lösung" in src["state_name"]
    p.set_language("ja")
    assert p.view.hover.tooltips[2][0] == "状態" and "解" in p.view.edges_src.data["state_name"]


def test_the_player_changes_language_where_it_is():
    p = AlgoPlayer(algorithm="dijkstra", map="teaching-small", seed=1, lang="en")
    p.goto(3)
    assert "Step 3 of" in p.text_pane.object
    p.w_predict.value = True
    p.set_language("ja")
    assert p.index == p.predictor.frame_index and "ステップ" in p.text_pane.object
    assert "アルゴリズムが次に選ぶ都市か路線をクリックしてください。" in p.feedback.object
    assert "優先度付きキュー" in p.ds_pane.object and "Dijkstra法：チケットに必要な最少の列車コマ。" in p.title.object
    fb = p.click(p.trace[p.predictor.decisions[0]].pick)
    assert fb.correct and "正解" in p.feedback.object and "1問回答" in p.score_pane.object
    p.w_mode.value = "grade-at-end"
    assert p.w_mode.value == "grade-at-end" and "最後に採点" in p.w_mode.options


def test_the_question_bank_asks_and_grades_in_its_language():
    v = QuestionBankView(level="small", seed=0, lang="de")
    q = v.bank[v.k]
    assert "Frage 1 von" in v.prompt.object and q.asks.render("de") in v.prompt.object.replace("&#x27;", "'")
    ok, msg = v.check(q.answer)
    assert ok and msg.startswith("Right: ")  # in English for the code and the class's record
    assert "Richtig: " in v.result.object and "Richtig: 1 von 1" in v.score.object
    v.set_language("da")
    assert "Spørgsmål 1 af" in v.prompt.object and "Rigtigt: " in v.result.object
    assert "lille" in v.w_level.options and v.w_level.value == "small"


def test_dijkstra_against_astar_in_its_language():
    v = CompareView("usa", seed=0, start="Denver", target="Miami", lang="de")
    v.goto(v.steps)
    assert "Dijkstra und A* auf derselben Fahrt" in v.title.object
    assert "Städte expandiert — die Fahrt ist gefunden:" in v.captions[0].object and "Wagen" in v.captions[0].object


def test_the_page_picker_switches_the_whole_page():
    page = graph_lab_app(quiz.ClassRecord(), teacher=True)
    assert page.language.value == "en" and "Graph lab" in page[0][0].object
    page.language.value = "da"
    assert "Graflaboratorium" in page[0][0].object and list(page.language.options) == ["English", "Dansk",
                                                                                       "Deutsch", "日本語"]
    tabs = page[1]
    assert [tabs._names[i] for i in range(len(tabs))][:1] == ["Afspiller"]
    assert "Trin 0 af" in page.player.text_pane.object
    assert "Spørgsmål 1 af" in page.bank.prompt.object
    assert "Elev" in page.results.table.object
    assert page.player.w_reset.label == "Nulstil"

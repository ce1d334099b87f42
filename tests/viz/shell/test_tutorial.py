"""Tutorials you play: the file format and its loader, every shipped tutorial replayed
through its engine (or its algorithm's run), and the step logic: a wrong move is refused
with the step's own text and changes nothing, the right one shows the next step."""

from __future__ import annotations

import importlib
import json

import pytest

from railkit.core.errors import DataError
from railkit.games import get_spec, names
from railkit.viz.shell.tutorial import (GRAPH_LAB, MAX_STEPS, TutorialTable, check_moves, load_tutorial,
                                        tutorial_games, tutorial_of, tutorial_view)

GAMES = tutorial_games(names())


def minimal(**top) -> dict:
    data = {"railkit-tutorial": 1, "title": "T", "game": "station-master", "seed": 5, "players": 2,
            "steps": [{"say": "Look.", "play": []},
                      {"say": "Go.", "rule": "SM-CHIP-HIDDEN", "your_move": "chip 3 on T1",
                       "otherwise": "Put your chip 3 on T1."}]}
    data.update(top)
    return data


def test_every_game_ships_a_tutorial():
    assert GAMES == names()


@pytest.mark.parametrize("game", names() + [GRAPH_LAB])
def test_a_shipped_tutorial_is_short_and_names_real_rules(game):
    t = tutorial_of(game)
    assert 1 <= len(t.steps) <= MAX_STEPS
    assert any(s.waits for s in t.steps), "a tutorial you play has at least one move of yours"
    if game != GRAPH_LAB:
        rules = importlib.import_module(f"railkit.games.{get_spec(game).package}.rule_ids").RULES
        for i, s in enumerate(t.steps):
            assert s.rule in rules, f"step {i + 1}: {s.rule!r} is not a rule id of {game}"


@pytest.mark.parametrize("game", names())
def test_a_game_tutorial_replays_through_the_engine(game):
    check_moves(tutorial_of(game))


def test_the_graph_lab_tutorial_follows_its_run():
    from railkit.viz.graphs.algoplayer import scenario
    from railkit.viz.graphs.tutorial import check_frames

    t = tutorial_of(GRAPH_LAB)
    check_frames(t, scenario(t.algorithm, t.map, t.seed, None, None)[1])


def test_an_illegal_move_in_a_file_names_the_step_and_the_field():
    data = minimal()
    data["steps"][1]["your_move"] = "chip 4 on T1"
    with pytest.raises(DataError, match=r"x\.json: at \$\.steps\[1\]\.your_move: expected a legal move"):
        check_moves(load_tutorial(data, "x.json"))


def test_a_your_move_on_the_other_players_turn_is_refused():
    data = minimal()
    data["steps"][0]["play"] = ["chip 1 on T1"]
    with pytest.raises(DataError, match=r"steps\[1\]\.your_move: expected a move while it is the learner's turn"):
        check_moves(load_tutorial(data, "x.json"))


@pytest.mark.parametrize("change, where", [
    ({"railkit-tutorial": 2}, r"\$\.railkit-tutorial"),
    ({"seed": "7"}, r"\$\.seed"),
    ({"title": ""}, r"\$\.title"),
    ({"script": "x"}, r"\$\.script"),
    ({"steps": []}, r"\$\.steps"),
    ({"steps": [{"say": "x", "play": []}] * (MAX_STEPS + 1)}, r"\$\.steps: expected a list of 1 to 15"),
    ({"steps": [{"say": "x"}]}, r"\$\.steps\[0\]: expected exactly one of play"),
    ({"steps": [{"say": "x", "play": [], "your_move": "a", "otherwise": "b"}]}, r"\$\.steps\[0\]: expected exactly"),
    ({"steps": [{"say": "", "play": []}]}, r"\$\.steps\[0\]\.say"),
    ({"steps": [{"say": "x", "play": [3]}]}, r"\$\.steps\[0\]\.play"),
    ({"steps": [{"say": "x", "play": [], "rule": "claim"}]}, r"\$\.steps\[0\]\.rule"),
    ({"steps": [{"say": "x", "your_move": "a"}]}, r"\$\.steps\[0\]\.otherwise"),
    ({"steps": [{"say": "x", "frame": 2}]}, r"\$\.steps\[0\]\.frame"),
    ({"steps": [{"say": "x", "play": [], "eval": "1"}]}, r"\$\.steps\[0\]\.eval"),
])
def test_the_loader_names_file_step_and_field(change, where):
    with pytest.raises(DataError, match="bad.json: at " + where):
        load_tutorial(json.dumps(minimal(**change)), "bad.json")


def test_the_loader_refuses_text_that_is_not_json():
    with pytest.raises(DataError, match="bad.json"):
        load_tutorial("{'steps': 1}", "bad.json")


def test_a_wrong_move_is_refused_with_the_steps_text_and_the_game_is_unchanged():
    table = TutorialTable(load_tutorial(minimal()))
    guide = table.guide
    guide.start()
    assert guide.next() and guide.step.waits and not guide.can_next
    before = (table.version, [str(a) for a in table.game.log], table.game.to_json())
    for wrong in ("chip 1 on T1", "chip 3 on T2", "play +3 on T1", "chip 9 on T7", "not a move"):
        err = table.apply(0, wrong)
        assert err is not None and err.reason == "Put your chip 3 on T1.", wrong
        assert err.rule == "SM-CHIP-HIDDEN"
        assert guide.refusal is err and guide.index == 1
        assert (table.version, [str(a) for a in table.game.log], table.game.to_json()) == before
    assert table.apply(0, "chip 3 on T1") is None
    assert [str(a) for a in table.game.log] == ["chip 3 on T1"]
    assert guide.refusal is None and guide.finished


def test_back_and_next_replay_the_position_of_each_step():
    game = "ticket-to-ride"
    t = tutorial_of(game)
    table = TutorialTable(t)
    guide = table.guide
    guide.start()
    positions = {}
    while not guide.finished:
        positions[guide.index] = [str(a) for a in table.game.log]
        assert positions[guide.index] == [str(table.game._coerce(m)) for m in t.moves_at(guide.index)]
        if guide.step.waits:
            assert table.apply(0, guide.step.your_move) is None
        else:
            assert guide.next()
    while guide.back():
        assert [str(a) for a in table.game.log] == positions[guide.index]


def test_in_a_tutorial_nobody_moves_by_itself_and_nothing_is_undone():
    table = TutorialTable(tutorial_of("station-master"))
    table.guide.start()
    assert table.bot_to_move() is None and not table.bot_due()
    assert table.undo_check(0)[0] == 0
    assert not table.may_restart(0) and not table.may_load(0)


def test_a_watch_step_refuses_every_move_and_says_press_next():
    table = TutorialTable(tutorial_of("station-master"))
    table.guide.start()
    err = table.apply(0, "chip 1 on T1")
    assert err is not None and err.reason == "In this step you watch." and table.game.log == []


def test_the_box_says_step_k_of_n_and_the_rule():
    box, view = tutorial_view("station-master", auto=False)
    t = box.guide.tutorial
    assert box.comment_text() == f"Step 1 of {len(t.steps)}: {t.steps[0].say} (rule {t.steps[0].rule})"
    assert box.back_btn.disabled and not box.next_btn.disabled
    box.next_btn.clicks += 1
    assert box.comment_text().startswith(f"Step 2 of {len(t.steps)}: {t.steps[1].say}")
    assert box.next_btn.disabled  # a move of yours: Next waits for it
    assert view.play("chip 1 on T1") is not None
    assert t.steps[1].otherwise in box.feedback.object
    assert view.play(t.steps[1].your_move) is None
    assert box.comment_text().startswith(f"Step 3 of {len(t.steps)}:") and box.feedback.object == ""


def test_the_graph_lab_tutorial_refuses_a_wrong_city_and_takes_the_right_one():
    from railkit.viz.graphs.algoplayer import graph_lab_tutorial

    page = graph_lab_tutorial()
    box, player = page.box, page.player
    guide = box.guide
    while not guide.step.waits:
        guide.next()
    k, frame = guide.index, player.index
    player.click("Harbor")
    assert guide.index == k and player.index == frame
    assert guide.step.otherwise.split(":")[0] in box.feedback.object
    player.click(guide.step.your_move)
    assert guide.index == k + 1 and player.index > frame


def test_the_lobby_and_a_game_of_ones_own_link_to_the_tutorial():
    from railkit.viz.shell.lobby import Lobby, create_app

    game = names()[0]
    lobby = Lobby(game, 2, defaults={}, tables={}, auto=False).__panel__()
    assert "href='?tutorial=1'" in lobby[0].object
    page = create_app(game, seed=1, auto=False)
    assert "(?tutorial=1)" in page[0].object


def test_a_served_tutorial_page_shows_the_box_above_the_game():
    from railkit.viz.shell.tutorial import TutorialBox, tutorial_page

    page = tutorial_page(names()[0], auto=False)
    assert isinstance(page.box, TutorialBox)
    shown = [o for o in page.select() if o is page.box.comment or o is page.view.message]
    assert shown == [page.box.comment, page.view.message]  # the comment above the game
    assert page.box.comment_text().startswith("Step 1 of ")


@pytest.mark.parametrize("game", [*GAMES, GRAPH_LAB])
def test_every_tutorial_text_is_a_translated_message(game):
    """Each title, "say" and "otherwise" of a shipped tutorial is a message id of the catalogs
    (extracted from the JSON files), translated into Danish, German and Japanese."""
    from railkit.core.i18n import catalog

    t = tutorial_of(game)
    texts = [t.title] + [s.say for s in t.steps] + [s.otherwise for s in t.steps if s.otherwise]
    for lang in ("da", "de", "ja"):
        have = {m.id: m.string for m in catalog(lang) if m.id}
        assert not [x for x in texts if not have.get(x)], lang


@pytest.mark.usefixtures("no_language")
def test_a_tutorial_opened_in_danish_says_its_steps_in_danish():
    from railkit.core.i18n import set_language, translate

    set_language("da")  # the page's language, as ?lang=da gives it
    box, view = tutorial_view("station-master", auto=False)
    t = box.guide.tutorial
    said = translate(t.steps[0].say, "da")
    assert said != t.steps[0].say
    assert box.comment_text() == f"Trin 1 af {len(t.steps)}: {said} (regel {t.steps[0].rule})"
    assert translate(t.title, "da") in box.comment.object and t.title not in box.comment.object
    box.next_btn.clicks += 1
    assert view.play("chip 1 on T1") is not None
    assert translate(t.steps[1].otherwise, "da") in box.feedback.object


def test_the_graph_lab_tutorial_shows_one_step_counter_and_no_way_to_step_ahead():
    """In the tutorial the lab's own "Step x of N" line and its Back, Step, Play and step slider
    are hidden: the comment box alone counts the steps, and only Next goes on."""
    from railkit.viz.graphs.algoplayer import graph_lab_tutorial

    page = graph_lab_tutorial()
    player = page.player
    shown = {id(o) for o in page.select() if all(p.visible for p in _ancestors(page, o))}
    for hidden in (player.text_pane, player.w_back, player.w_step, player.w_play, player.w_frame):
        assert id(hidden) not in shown, hidden
    assert id(page.box.comment) in shown and id(player.board_area) in shown


def _ancestors(root, obj) -> list:
    """``obj`` and the layouts holding it inside ``root`` (outermost first)."""
    def walk(node, path):
        if node is obj:
            return path + [node]
        for child in getattr(node, "objects", None) or []:
            found = walk(child, path + [node])
            if found:
                return found
        if hasattr(node, "__panel__") and not hasattr(node, "objects") and node is not root:
            return walk(node.__panel__(), path + [node])
        return None
    return walk(root, []) or [obj]


def test_a_refused_move_is_explained_once_in_the_step_box():
    """A wrong move in a tutorial is explained in the step box only, not also on the view's
    message line (played from the list of moves, or by clicks on the chip and the train)."""
    box, view = tutorial_view("station-master", auto=False)
    box.next_btn.clicks += 1
    otherwise = box.guide.step.otherwise
    assert view.play("chip 1 on T1") is not None
    assert otherwise in box.feedback.object and otherwise not in view.message.object
    box.back_btn.clicks += 1
    box.next_btn.clicks += 1
    assert box.feedback.object == ""
    view.click_chip(1)
    view.click_train(1)
    assert otherwise in box.feedback.object and otherwise not in view.message.object


def test_the_tutorial_page_s_header_speaks_the_page_s_language():
    from railkit.core import i18n
    from railkit.viz.shell.tutorial import tutorial_page

    before = i18n._language
    i18n.set_language("xx")
    try:
        header = tutorial_page("station-master", auto=False)[0].object
    finally:
        i18n.set_language(before)
    assert "tutorial" not in header and "Leave" not in header, header

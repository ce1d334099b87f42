"""The shared game protocol: saved games, errors on bad input, undo, frozen rules.

Uses the teaching map and Ticket to Ride as the concrete game; every game shares this code.
"""

import json

import pytest

from railkit import DataError, IllegalMove
from railkit.core.errors import ActionSyntaxError
from railkit.core.game import parse_rule_assignments, rules_from_dict
from railkit.games import get_spec

SPEC = get_spec("ticket-to-ride")


def new():
    return SPEC.new_game(None, 2, 5, map="teaching-small")


def play_some(game, n=12):
    for _ in range(n):
        game.apply(game.legal_actions()[0])
    return game


def test_save_load_round_trip(tmp_path):
    g = play_some(new())
    path = g.save(tmp_path / "g.json")
    h = type(g).load(path)
    assert [str(a) for a in h.log] == [str(a) for a in g.log]
    assert h.observe(0) == g.observe(0) and h.observe(1) == g.observe(1)


@pytest.mark.parametrize("edit,path", [
    (lambda d: d.pop("actions"), "$.actions"),
    (lambda d: d.update(players="two"), "$.players"),
    (lambda d: d.update(game="chess"), "$.game"),
    (lambda d: d["rules"].update(trains="many"), "$.rules.trains"),
    (lambda d: d["rules"].update(no_such_rule=1), "$.rules.no_such_rule"),
    (lambda d: d["actions"].append("fly to the moon"), "$.actions[12]"),
    (lambda d: d["actions"].insert(3, "claim Harbor-Mill/1 loco x9"), "$.actions[3]"),
    (lambda d: d["actions"].__setitem__(0, 7), "$.actions[0]"),
])
def test_malformed_saved_game_names_file_and_field(tmp_path, edit, path):
    g = play_some(new())
    data = g.to_json()
    edit(data)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        type(g).load(p)
    assert err.value.source == str(p) and err.value.path == path, str(err.value)


def test_saved_game_that_is_not_json(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(DataError, match="line 1, column 2"):
        type(new()).load(p)


def test_illegal_action_changes_nothing_and_names_rule():
    g = play_some(new())
    before = (g.to_json(), g.observe(0), g.observe(1))
    bad = "claim Harbor-Mill/1 loco x9"
    with pytest.raises(IllegalMove) as err:
        g.apply(bad)
    assert err.value.rule.startswith("TTR-") and err.value.reason
    assert (g.to_json(), g.observe(0), g.observe(1)) == before
    assert isinstance(g.why_illegal(bad), IllegalMove)


def test_unknown_action_text_is_a_clear_error():
    g = new()
    with pytest.raises(ActionSyntaxError, match="Expected one of"):
        g.apply("teleport Harbor")


def test_undo_is_replay_of_shorter_log():
    g = play_some(new(), 10)
    ref = play_some(new(), 7)
    g.undo(3)
    assert g.to_json() == ref.to_json()
    with pytest.raises(IllegalMove):
        g.undo(99)


def test_rules_are_frozen_when_the_game_starts():
    rules = SPEC.make_rules("base")
    g = SPEC.new_game(rules, 2, 1, map="teaching-small")
    rules.trains = 10  # the caller's object may change ...
    assert g.rules.trains is None and g.trains == [12, 12]  # ... the running game's rules do not
    with pytest.raises(TypeError):
        g.rules.trains = 10


def test_rule_assignments_parse_and_fail_clearly():
    cls = SPEC.rules_class
    assert parse_rule_assignments(["trains=30", "longest_bonus=0"], cls) == {"trains": 30, "longest_bonus": 0}
    with pytest.raises(DataError, match=r"\$\.wheels"):
        parse_rule_assignments(["wheels=3"], cls)
    with pytest.raises(DataError, match="trains"):
        rules_from_dict(cls, {"trains": -5})

"""The Python half of the pages with no server (railkit.viz.web.page), run here by CPython:
whole games by the page's steps, what a view may hold, and the page's address refused
field by field."""

from __future__ import annotations

import json
import random

import pytest

from railkit.core.errors import DataError
from railkit.games import names
from railkit.viz.web.page import SEAT, WebTable, table_from_options

#: a short game of each game (players, seed, options)
SHORT = {"ticket-to-ride": (2, 5, {"map": "teaching-small"}), "steam-rollers": (1, 5, {}),
         "station-master": (2, 5, {})}


def play_by_steps(table: WebTable, rng: random.Random, max_moves: int = 2000) -> list[str]:
    """Play the person's moves as the page offers them (one step at a time, a random next
    step each time) and the bots' moves one by one, to the end; the moves played."""
    played = []
    for _ in range(max_moves):
        view = json.loads(table.view())
        if view["over"]:
            return played
        if view["bot_to_move"]:
            assert table.step_bot()
            continue
        assert view["your_turn"] and view["choices"], view["status"]
        prefix: list[str] = []
        while True:  # the page's step picker: the distinct next steps after the prefix
            nexts = sorted({c[len(prefix)] for c in view["choices"] if c[:len(prefix)] == prefix and len(c) > len(prefix)})
            prefix.append(rng.choice(nexts))
            if prefix in view["choices"]:
                break
        answer = json.loads(table.play(" ".join(prefix)))
        assert answer["error"] == "", answer["error"]
        played.append(" ".join(prefix))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", names())
def test_a_whole_game_is_played_by_the_pages_steps(game):
    players, seed, options = SHORT[game]
    table = WebTable(game, players=players, seed=seed, **options)
    moves = play_by_steps(table, random.Random(1))
    view = json.loads(table.view())
    assert view["over"] and moves and view["status"] == "The game is over."
    ranking = view["ranking"]
    assert sorted(r["seat"] for r in ranking) == list(range(players))
    assert [r["score"] for r in ranking] == sorted((r["score"] for r in ranking), reverse=True)
    summary = table.game.summary()
    assert {r["seat"]: r["score"] for r in ranking} == {s: row["score"] for s, row in enumerate(summary)}


@pytest.mark.parametrize("game", names())
def test_the_same_moves_give_the_same_game(game):
    """A page's game is its seed and the person's moves: the bots are seeded by the game."""
    players, seed, options = SHORT[game]
    first = WebTable(game, players=players, seed=seed, **options)
    moves = play_by_steps(first, random.Random(2))
    again = WebTable(game, players=players, seed=seed, **options)
    for move in moves:
        while json.loads(again.view())["bot_to_move"]:
            again.step_bot()
        assert json.loads(again.play(move))["error"] == ""
    while again.step_bot():
        pass
    assert [str(a) for a in again.game.log] == [str(a) for a in first.game.log]


@pytest.mark.parametrize("game", names())
def test_a_view_reads_only_the_persons_own_observation(game, monkeypatch):
    players, seed, options = SHORT[game]
    table = WebTable(game, players=players, seed=seed, **options)
    rng = random.Random(3)
    for _ in range(6):  # a few moves in, so there is something hidden to leak
        view = json.loads(table.view())
        if view["bot_to_move"]:
            table.step_bot()
        elif view["choices"]:
            table.play(" ".join(rng.choice(view["choices"])))
    seen = []
    real = type(table.game).observe
    monkeypatch.setattr(type(table.game), "observe", lambda g, seat: (seen.append(seat), real(g, seat))[1])
    view = table.view()
    assert seen and set(seen) == {SEAT}
    assert not any("seed" in key for key in json.loads(view))


def test_a_refused_move_says_why_and_changes_nothing():
    table = WebTable("ticket-to-ride", players=2, seed=1, map="teaching-small")
    before = [str(a) for a in table.game.log]
    answer = json.loads(table.play("claim Harbor-Mill/1 red x2"))
    assert "rule TTR-SETUP-TICKETS" in answer["error"]
    assert [str(a) for a in table.game.log] == before


def test_undo_takes_back_the_persons_move_and_says_when_it_cannot():
    table = WebTable("station-master", players=2, seed=4)
    view = json.loads(table.view())
    assert not view["undo"] and view["undo_why_not"]
    table.play(" ".join(view["choices"][0]))
    while table.step_bot():
        pass
    assert json.loads(table.view())["undo"]
    assert json.loads(table.undo())["moves"] == 0


@pytest.mark.parametrize("query, field", [
    ({}, "game"),
    ({"game": "chess"}, "$"),
    ({"game": "station-master", "players": "²"}, "players"),
    ({"game": "station-master", "players": "1"}, "players"),
    ({"game": "station-master", "seed": "9" * 12}, "seed"),
    ({"game": "steam-rollers", "difficulty": "wizard"}, "difficulty"),
    ({"game": "station-master", "bots": "nobody"}, "$"),
    ({"game": "station-master", "path": "/etc/passwd"}, "path"),
])
def test_the_pages_address_is_refused_field_by_field(query, field):
    with pytest.raises(DataError) as err:
        table_from_options(json.dumps(query))
    assert f"at {field}:" in str(err.value)


def test_the_pages_address_sets_the_table():
    table = table_from_options(json.dumps({"game": "steam-rollers", "difficulty": "machinist", "seed": "5"}))
    assert table.game.players == 1 and table.game.observe(0)["difficulty"] == "machinist"
    assert json.loads(table.view())["solo_opponent"] == "Olivia"


#: plays each game to its end through the page, with every import outside the standard library
#: and the browser's wheels refused (the page's Python has nothing else: no Panel, no NumPy)
ONLY_THE_BROWSERS_PACKAGES = r"""
import importlib.abc, json, random, sys
from railkit.viz.web.wheels import BROWSER_PACKAGES
allowed = {top for _, tops in BROWSER_PACKAGES for top in tops} | set(sys.stdlib_module_names)
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in allowed:
            raise ModuleNotFoundError(f"No module named {name!r} (not in the browser)", name=name)
sys.meta_path.insert(0, Refuse())
from railkit.viz.web.page import table_from_options
rng = random.Random(4)
for options in json.loads(sys.argv[1]):
    table = table_from_options(json.dumps(options))
    for _ in range(3000):
        view = json.loads(table.view())
        if view["over"]:
            break
        if view["bot_to_move"]:
            table.step_bot()
        else:
            answer = json.loads(table.play(" ".join(rng.choice(view["choices"]))))
            assert answer["error"] == "", answer["error"]
    assert view["over"] and view["log"], options
    print(options["game"], "over")
"""


def test_the_page_plays_with_only_the_packages_the_browser_has():
    """The served-less page runs in Pyodide with railkit's browser wheels alone: a module on its
    way (a view, its words, the log) that imports Panel, Bokeh or NumPy breaks every game there."""
    import subprocess
    import sys
    games = [{"game": "ticket-to-ride", "map": "teaching-small", "seed": "5"},
             {"game": "steam-rollers", "seed": "5"}, {"game": "station-master", "seed": "5"}]
    done = subprocess.run([sys.executable, "-c", ONLY_THE_BROWSERS_PACKAGES, json.dumps(games)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split("\n")[:3] == [f"{g['game']} over" for g in games]

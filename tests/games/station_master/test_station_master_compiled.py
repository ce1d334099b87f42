"""The mypyc-compiled Station Master engine (railkit.core.compiled, setup.py): it plays
exactly like the Python source, it is the one in use once built, and an edited source
is never shadowed by an older compiled module."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import railkit.games.station_master as sm
from railkit.agents import make_agent
from railkit.core import compiled
from railkit.core.game import play

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared compiled-module checks
from compiled_checks import assert_compiled_in_use, built, copy_tree, pure_and_compiled, run_probe  # noqa: E402


def _built() -> bool:
    return built("railkit.games.station_master")


# Plays seeded games with every heuristic bot, player count and preset and prints the action
# logs, summaries, views, an undo check and a copy check as JSON; run here and in a Python
# with RAILKIT_PURE=1. (The search bot plays whole games per decision under a wall-clock cap:
# a capped decision depends on the machine's speed.)
SCRIPT = r"""
import copy as copy_module, doctest, json, pickle
import railkit.games.station_master as sm
import railkit.games.station_master.cards as cards
import railkit.games.station_master.game as game
import railkit.games.station_master.scoring as scoring
import railkit.games.station_master.valuation as valuation
from railkit.agents.mcts import MCTSAgent
from railkit.agents.station_master import StationMasterAdapter
from railkit.agents.station_master import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import play

out = {"engine": ENGINE["railkit.games.station_master"], "games": []}
if out["engine"] == "pure":  # method doctests are found in the Python source only
    out["doctest_failures"] = sum(doctest.testmod(m, optionflags=doctest.ELLIPSIS).failed
                                  for m in (cards, scoring, game, valuation))
names = sorted(n for n in AGENTS if not issubclass(AGENTS[n], MCTSAgent))
presets = sorted(sm.PRESETS)
for seed in range(30):
    players = 2 + seed % 5
    g = sm.SPEC.new_game(sm.SPEC.make_rules(presets[seed % len(presets)]), players, seed)
    views = []
    def look(game, action):
        if len(game.log) % 9 == 0:
            views.append([game.observe(game.current_player or 0), game.observe(None), game.describe()])
    play(g, [AGENTS[names[(seed + i) % len(names)]](seed * 10 + i) for i in range(players)], on_action=look)
    summary = g.summary()
    g.audit()
    g.undo(5)
    copy = StationMasterAdapter().clone(g)
    while not copy.is_over:  # the copy plays on; the game it came from stays as it was
        copy.apply(copy.legal_actions()[0])
    undone = [g.describe(), [str(a) for a in g.legal_actions()], g.observe(g.current_player or 0),
              pickle.loads(pickle.dumps(g)).describe(), copy_module.deepcopy(g).observe(None)]
    out["games"].append({"log": [str(a) for a in g.fresh().replay(g.log).log], "undone": undone,
                         "summary": summary, "views": views, "copy": [str(a) for a in copy.log],
                         "copy_summary": copy.summary()})
print(json.dumps(out, sort_keys=True, default=str))
"""


def test_compiled_engine_plays_exactly_like_the_python_source():
    """Same action logs, scores, views, undo and copies from the compiled and the Python
    engine (the Python one also passes the doctests of cards.py, scoring.py, game.py and valuation.py)."""
    p, c = pure_and_compiled(SCRIPT)
    assert p["engine"] == "pure" and p["doctest_failures"] == 0
    assert c["engine"] == ("compiled" if _built() else "pure")
    assert len(p["games"]) == 30
    for k, (a, b) in enumerate(zip(p["games"], c["games"])):
        assert a == b, f"game {k} differs between the Python and the compiled engine"


def test_engine_is_compiled_where_it_was_built():
    """The compiled engine is the one in use when it is built and current; CI builds it."""
    assert_compiled_in_use(sm.game)
    g = play(sm.SPEC.new_game(None, 4, 1), [make_agent(sm.SPEC, "greedy", i) for i in range(4)])
    assert g.is_over


def test_an_edited_source_is_used_instead_of_the_older_compiled_module(tmp_path):
    """Edit game.py after the build: Python imports the source (with a warning saying how
    to compile again), so the edit takes effect."""
    if not _built():
        pytest.skip("the engine is not compiled in this install")
    copy = copy_tree(tmp_path)
    src = copy / "games" / "station_master" / "game.py"
    original = src.read_text(encoding="utf-8")
    assert "MIN_PLAYERS, MAX_PLAYERS = 2, 6" in original
    src.write_text(original.replace("MIN_PLAYERS, MAX_PLAYERS = 2, 6", "MIN_PLAYERS, MAX_PLAYERS = 2, 7"),
                   encoding="utf-8")
    probe = ("import railkit.games.station_master as s, railkit.core.compiled as c\n"
             "print(c.ENGINE[s.__name__], s.game.__file__, s.game.MAX_PLAYERS)")

    def probe_run():
        r = run_probe(probe, tmp_path)
        assert r.returncode == 0, r.stderr
        return r

    r = probe_run()
    assert r.stdout.split() == ["pure", str(src), "7"]
    assert "game.py changed since the engine was compiled" in r.stderr and "pip install -e ." in r.stderr
    # the unedited copy uses its compiled modules again
    src.write_text(original, encoding="utf-8")
    r = probe_run()
    assert r.stdout.split()[0] == "compiled" and r.stdout.split()[2] == "6" and "changed since" not in r.stderr
    # a build that left one module uncompiled (its compiler failed) never mixes the two
    for so in compiled._compiled_files(src.parent, "scoring"):
        so.unlink()
    r = probe_run()
    assert r.stdout.split()[:2] == ["pure", str(src)] and "compiled engine in" in r.stderr and "incomplete" in r.stderr


def test_a_rule_variant_can_subclass_the_compiled_engine():
    """A designer's subclass overrides a step of the engine, compiled or not, and the
    engine calls the override (the compiled class allows Python subclasses)."""

    class CountDepartures(sm.StationMasterGame):
        def _depart(self, t, reason, seat, replace=True):
            self.departed = getattr(self, "departed", 0) + 1
            super()._depart(t, reason, seat, replace)

    g = play(CountDepartures(players=3, seed=2), [make_agent(sm.SPEC, "greedy", i) for i in range(3)])
    assert g.is_over and g.departed == len(g.departures) > 0
    again = sm.SPEC.new_game(None, 3, 2).replay(g.log)
    assert again.summary() == g.summary()
    g.undo(3)  # undo copies the replayed game's attributes, native and Python ones
    assert len(g.log) == len(again.log) - 3 and g.describe() == again.history(len(g.log)).describe()

"""The mypyc-compiled Ticket to Ride engine and bots (railkit.core.compiled, setup.py): they play
exactly like the Python sources, they are the ones in use once built, and an edited source
is never shadowed by an older compiled module."""

from __future__ import annotations

import importlib.machinery
import json
import shutil
import sys
from pathlib import Path

import pytest

import railkit.games.ticket_to_ride as ttr
from railkit.agents import make_agent
from railkit.core import compiled
from railkit.core.game import play

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared compiled-module checks
from compiled_checks import ROOT, assert_compiled_in_use, built, copy_tree, pure_and_compiled, run_probe  # noqa: E402


def _built() -> bool:
    return built("railkit.games.ticket_to_ride")


# Plays seeded games with every heuristic bot, player count and preset and prints the action
# logs, summaries and an undo check as JSON; run here and in a Python with RAILKIT_PURE=1. (The
# search bots play whole games of these bots per decision, under a wall-clock cap: they would
# make the run long, and a capped decision depends on the machine's speed.)
SCRIPT = r"""
import doctest, json, sys
import railkit.games.ticket_to_ride as ttr
import railkit.games.ticket_to_ride.board as board
import railkit.games.ticket_to_ride.game as game
from railkit.agents.mcts import MCTSAgent
from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import play

out = {"engine": ENGINE["railkit.games.ticket_to_ride"], "bots": ENGINE["railkit.agents"], "games": []}
if out["engine"] == "pure":  # method doctests are found in the Python source only
    out["doctest_failures"] = sum(doctest.testmod(m, optionflags=doctest.ELLIPSIS).failed for m in (game, board))
names = sorted(n for n in AGENTS if not issubclass(AGENTS[n], MCTSAgent))
presets = sorted(ttr.PRESETS)
for seed in range(24):
    players = 2 + seed % 4
    g = ttr.SPEC.new_game(ttr.SPEC.make_rules(presets[seed % len(presets)]), players, seed)
    play(g, [AGENTS[names[(seed + i) % len(names)]](seed * 10 + i) for i in range(players)])
    g.undo(5)
    undone = [str(g), [str(a) for a in g.legal_actions()], g.observe(g.current_player)]
    out["games"].append({"log": [str(a) for a in g.fresh().replay(g.log).log], "undone": undone,
                         "summary": ttr.SPEC.new_game(g.rules, players, seed).replay(g.log).summary()})
print(json.dumps(out, sort_keys=True, default=str))
"""


def test_compiled_engine_plays_exactly_like_the_python_source():
    """Same action logs, scores, undo and views from the compiled and the Python engine
    and bots (the Python engine also passes the doctests of game.py and board.py)."""
    p, c = pure_and_compiled(SCRIPT)
    assert p["engine"] == "pure" and p["doctest_failures"] == 0
    assert c["engine"] == ("compiled" if _built() else "pure")
    # the bots of railkit.agents.ticket_to_ride are compiled too (with the Steam Rollers ones)
    assert p["bots"] == "pure" and c["bots"] == ("compiled" if built("railkit.agents") else "pure")
    assert len(p["games"]) == 24
    for k, (a, b) in enumerate(zip(p["games"], c["games"])):
        assert a == b, f"game {k} differs between the Python and the compiled engine"


def test_engine_is_compiled_where_it_was_built():
    """The compiled engine is the one in use when it is built and current; CI builds it."""
    assert_compiled_in_use(ttr.game)
    g = play(ttr.SPEC.new_game(None, 4, 1), [make_agent(ttr.SPEC, "random", i) for i in range(4)])
    assert g.is_over


def test_an_edited_source_is_used_instead_of_the_older_compiled_module(tmp_path):
    """Edit game.py after the build: Python imports the source (with a warning saying how
    to compile again), so the edit takes effect."""
    if not _built():
        pytest.skip("the engine is not compiled in this install")
    copy = copy_tree(tmp_path)
    src = copy / "games" / "ticket_to_ride" / "game.py"
    src.write_text(src.read_text(encoding="utf-8").replace(
        'SEAT_NAMES = ("Purple", "Teal", "Brown", "Mint", "Lilac")',
        'SEAT_NAMES = ("Rot", "Blau", "Gruen", "Gelb", "Schwarz")'), encoding="utf-8")
    probe = ("import railkit.games.ticket_to_ride as t, railkit.core.compiled as c\n"
             "print(c.ENGINE[t.__name__], t.game.__file__, t.SPEC.new_game(None, 2, 0).names)")
    r = run_probe(probe, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[:2] == ["pure", str(src)]
    assert "['Rot', 'Blau']" in r.stdout
    assert "game.py changed since the engine was compiled" in r.stderr and "pip install -e ." in r.stderr
    # the unedited copy uses its compiled modules again
    shutil.copy(ROOT / "railkit" / "games" / "ticket_to_ride" / "game.py", src)
    r = run_probe(probe, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "compiled" and "changed since" not in r.stderr
    # without the stamp nothing says which sources were compiled
    stamp = src.parent / compiled.STAMP
    kept = stamp.read_bytes()
    stamp.unlink()
    r = run_probe(probe, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "pure"
    assert "is missing or unreadable, so the Python source is used" in r.stderr and "pip install -e ." in r.stderr
    stamp.write_bytes(kept)
    # a build that left one module uncompiled (its compiler failed) never mixes the two
    for so in compiled._compiled_files(src.parent, "board"):
        so.unlink()
    r = run_probe(probe, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[:2] == ["pure", str(src)] and "compiled engine in" in r.stderr and "incomplete" in r.stderr


def test_build_stamp_names_the_compiled_sources(tmp_path, monkeypatch):
    """The stamp setup.py writes records each source's SHA-256; a missing or broken stamp,
    an edited source, a missing compiled module or RAILKIT_PURE means the sources are used,
    and the reason says which (it starts the warning load() gives)."""
    monkeypatch.delenv("RAILKIT_PURE", raising=False)
    leaves = ["board", "game"]
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for leaf in leaves:
        (tmp_path / f"{leaf}.py").write_text(f"# {leaf}\n", encoding="utf-8")
        (tmp_path / f"{leaf}{suffix}").write_bytes(b"")
    assert compiled._why_pure(tmp_path, leaves) == (f"{tmp_path / compiled.STAMP}, the record of which sources "
                                                    "were compiled, is missing or unreadable")
    compiled.write_build_stamp(tmp_path, "pkg", compiled.source_digests(tmp_path, ["board.py", "game.py"]))
    stamp = json.loads((tmp_path / compiled.STAMP).read_text(encoding="utf-8"))
    assert stamp["package"] == "pkg" and set(stamp["sources"]) == {"board.py", "game.py"}
    assert compiled._why_pure(tmp_path, leaves) is None
    monkeypatch.setenv("RAILKIT_PURE", "0")
    assert compiled._why_pure(tmp_path, leaves) is None
    monkeypatch.setenv("RAILKIT_PURE", "1")
    assert compiled._why_pure(tmp_path, leaves) == "RAILKIT_PURE is set" == compiled.PURE_SET
    monkeypatch.delenv("RAILKIT_PURE")
    (tmp_path / "board.py").write_text("# edited\n", encoding="utf-8")
    assert compiled._why_pure(tmp_path, leaves) == f"{tmp_path / 'board.py'} changed since the engine was compiled"
    (tmp_path / compiled.STAMP).write_text("{not json", encoding="utf-8")
    assert "missing or unreadable" in compiled._why_pure(tmp_path, leaves)
    (tmp_path / f"game{suffix}").unlink()
    assert compiled._why_pure(tmp_path, leaves) == f"the compiled engine in {tmp_path} is incomplete"


def test_a_rule_variant_can_subclass_the_compiled_engine():
    """A designer's subclass overrides a step of the engine, compiled or not, and the
    engine calls the override (the compiled class allows Python subclasses)."""

    class CountTurns(ttr.TicketToRide):
        def _end_turn(self, passed: bool = False) -> None:
            self.turns_ended = getattr(self, "turns_ended", 0) + 1
            super()._end_turn(passed)

    g = play(CountTurns(players=3, seed=2), [make_agent(ttr.SPEC, "random", i) for i in range(3)])
    assert g.is_over and g.turns_ended == g.turn > 0
    again = ttr.SPEC.new_game(None, 3, 2).replay(g.log)
    assert again.summary() == g.summary()

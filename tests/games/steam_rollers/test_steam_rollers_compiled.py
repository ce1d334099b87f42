"""The mypyc-compiled Steam Rollers modules (the engine's ``network.py``, ``game.py`` and ``scoring.py``,
and the bots in ``railkit.agents.steam_rollers``; see railkit.core.compiled and setup.py):
they play exactly like the Python sources, they are the ones in use once built, a bot or
a game can still be subclassed, and an edited source is never shadowed by an older
compiled module."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from railkit.core.game import play

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared compiled-module checks
from compiled_checks import ROOT, assert_compiled_in_use, built, copy_tree, pure_and_compiled, run_probe  # noqa: E402

PACKAGES = ("railkit.games.steam_rollers", "railkit.agents")

# Seeded games of every heuristic bot (the search bot plays under a wall-clock cap, so its
# decisions depend on the machine's speed) at every player count, with and without the
# modules, solo at two of Olivia's levels; then an undo, the views after it, and the route
# searches of the greedy bot and the engine's delivery distances on the final sheets.
# Printed as JSON; run here and in a Python with RAILKIT_PURE=1.
SCRIPT = r"""
import doctest, json
import railkit.agents.steam_rollers as bots
import railkit.games.steam_rollers.game as engine
import railkit.games.steam_rollers.network as nw
from railkit.agents.mcts import MCTSAgent
from railkit.core.compiled import ENGINE
from railkit.core.game import play
from railkit.games.steam_rollers import SteamRollers

out = {"engine": [ENGINE["railkit.games.steam_rollers"], ENGINE["railkit.agents"]], "games": []}
if out["engine"] == ["pure", "pure"]:  # method doctests are found in the Python source only
    out["doctest_failures"] = sum(doctest.testmod(m, optionflags=doctest.ELLIPSIS).failed for m in (nw, engine, bots))
names = sorted(n for n in bots.AGENTS if not issubclass(bots.AGENTS[n], MCTSAgent))
modules = {"coal": True, "order_tiles": True, "starting_powers": True, "mountains": "medium"}
for seed in range(15):
    players = 1 + seed % 5
    if players == 1:
        rules, options = {"mountains": "hard"} if seed % 2 else None, {"difficulty": ("engineer", "rail-baron")[seed % 2]}
    else:
        rules, options = (modules if seed % 3 == 0 else {"tile_sides": "b"} if seed % 3 == 1 else None), {}
    g = SteamRollers(rules, players=players, seed=seed, **options)
    play(g, [bots.AGENTS[names[(seed + i) % len(names)]](seed * 10 + i) for i in range(players)])
    sheet = g.sheet
    routes = [bots.connection_routes(sheet, p.tracks, g.blocked, tc) for p in g.ps for tc in (1.0, 0.5)]
    reach = [[nw.longest_distances(g.network(s).adj, nw.city(c), cap) for c in range(1, 7) for cap in (2, 6)]
             for s in range(players)]
    g.undo(5)
    undone = [str(g), [str(a) for a in g.legal_actions()], g.observe(g.current_player)]
    out["games"].append({"log": [str(a) for a in g.fresh().replay(g.log).log], "undone": undone,
                         "summary": SteamRollers(rules, players=players, seed=seed, **options).replay(g.log).summary(),
                         "routes": routes, "reach": reach})
print(json.dumps(out, sort_keys=True, default=str))
"""


def test_compiled_modules_play_exactly_like_the_python_sources():
    """Same action logs, scores, undo, views, route searches and delivery distances from
    the compiled and the Python modules (the Python ones also pass their doctests)."""
    p, c = pure_and_compiled(SCRIPT)
    assert p["engine"] == ["pure", "pure"] and p["doctest_failures"] == 0
    assert c["engine"] == ["compiled" if built(pkg) else "pure" for pkg in PACKAGES]
    assert len(p["games"]) == 15
    for k, (a, b) in enumerate(zip(p["games"], c["games"])):
        assert a == b, f"game {k} differs between the Python and the compiled modules"


def test_modules_are_compiled_where_they_were_built():
    """The compiled modules are the ones in use when they are built and current; CI builds them."""
    import railkit.agents.steam_rollers as bots
    import railkit.games.steam_rollers.network as nw
    import railkit.games.steam_rollers.scoring as scoring

    assert_compiled_in_use(nw, scoring, bots)


def test_a_bot_of_ones_own_can_subclass_the_compiled_bots():
    """A subclass overrides a step and a weight of the greedy bot, compiled or not, and the
    bot calls the override; the search level (which wraps the greedy bot) still plays."""
    from railkit.agents.steam_rollers import AGENTS, GreedyAgent, RandomAgent
    from railkit.games.steam_rollers import SteamRollers

    class CountTiles(GreedyAgent):
        plan_weight = 2.0

        def _tile_value(self, n, obs, ctx):
            self.tile_calls = getattr(self, "tile_calls", 0) + 1
            return super()._tile_value(n, obs, ctx)

    class Lazy(RandomAgent):
        name = "lazy"

    bot = CountTiles(1)
    bot.town_weight = 0.5
    g = play(SteamRollers(players=3, seed=4), [bot, Lazy(2), AGENTS["easy"](3)])
    assert g.is_over and bot.tile_calls > 0 and bot.plan_weight == 2.0
    solo = play(SteamRollers(players=1, seed=2, difficulty="clerk"), [AGENTS["medium"](5)])
    assert solo.is_over


def test_a_bot_of_ones_own_that_values_builds_its_own_way_is_asked_for_every_build():
    """The greedy bot values a die's builds with its hex lookups hoisted out of the loop;
    a subclass that overrides ``_build_value`` is still asked for each build, and its
    values decide: one that never builds next to a city plays other builds."""
    from railkit.agents.steam_rollers import GreedyAgent
    from railkit.games.steam_rollers import SteamRollers
    from railkit.games.steam_rollers.actions import Build
    from railkit.maps import hexes as hx

    class Asked(GreedyAgent):
        def _build_value(self, h, a, b, obs, ctx):
            self.asked = getattr(self, "asked", 0) + 1
            return super()._build_value(h, a, b, obs, ctx)

    class NoCity(GreedyAgent):
        def _build_value(self, h, a, b, obs, ctx):
            sheet = ctx["sheet"]
            near = any(hx.neighbor(h, e) in sheet.city_at for e in range(6))
            return -1000.0 if near else super()._build_value(h, a, b, obs, ctx)

    stock, asked = GreedyAgent(3), Asked(3)
    g1 = play(SteamRollers(players=1, seed=5, difficulty="clerk"), [stock])
    g2 = play(SteamRollers(players=1, seed=5, difficulty="clerk"), [asked])
    assert asked.asked > 100 and [str(a) for a in g1.log] == [str(a) for a in g2.log]
    g3 = play(SteamRollers(players=1, seed=5, difficulty="clerk"), [NoCity(3)])
    builds = [a for a in g3.log if isinstance(a, Build)]
    assert builds and not any(hx.neighbor(a.hex, e) in g3.sheet.city_at for a in builds for e in range(6))


def test_an_edited_source_is_used_instead_of_the_older_compiled_module(tmp_path):
    """Edit network.py or the bots after the build: Python imports the source (with a
    warning saying how to compile again), so the edit takes effect; the unedited copy
    uses the compiled modules again."""
    if not all(built(pkg) for pkg in PACKAGES):
        pytest.skip("the Steam Rollers modules are not compiled in this install")
    copy = copy_tree(tmp_path)
    probe = ("import railkit.agents.steam_rollers as b, railkit.games.steam_rollers.network as nw, "
             "railkit.core.compiled as c\n"
             "print(c.ENGINE['railkit.games.steam_rollers'], c.ENGINE['railkit.agents'], nw.town(1), "
             "b.GreedyAgent(0).plan_weight)")
    edits = [(copy / "games" / "steam_rollers" / "network.py", 'return f"T{n}"', 'return f"Town{n}"',
              ["pure", "compiled", "Town1", "1.6"]),
             (copy / "agents" / "steam_rollers.py", "plan_weight = 1.6", "plan_weight = 2.5",
              ["compiled", "pure", "T1", "2.5"])]
    for src, old, new, want in edits:
        text = src.read_text(encoding="utf-8")
        assert old in text
        src.write_text(text.replace(old, new), encoding="utf-8")
        r = run_probe(probe, tmp_path)
        assert r.returncode == 0, r.stderr
        assert r.stdout.split() == want
        assert f"{src.name} changed since the engine was compiled" in r.stderr and "pip install -e ." in r.stderr
        shutil.copy(ROOT / src.relative_to(tmp_path), src)
    r = run_probe(probe, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["compiled", "compiled", "T1", "1.6"] and "changed since" not in r.stderr


def test_a_rule_variant_can_subclass_the_compiled_engine():
    """A designer's subclass overrides a step of the engine, compiled or not, and the
    engine calls the override; undo and replay still work on it."""
    from railkit.agents.steam_rollers import RandomAgent
    from railkit.games.steam_rollers import SteamRollers

    class CountRounds(SteamRollers):
        def _start_round(self) -> None:
            self.started = getattr(self, "started", 0) + 1
            super()._start_round()

    g = play(CountRounds(players=3, seed=2), [RandomAgent(i) for i in range(3)])
    assert g.is_over and g.started == g.round > 0
    assert SteamRollers(players=3, seed=2).replay(g.log).summary() == g.summary()
    g.undo(4)
    assert not g.is_over and len(g.log) == len(SteamRollers(players=3, seed=2).replay(g.log).log)

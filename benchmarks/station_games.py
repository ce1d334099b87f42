"""Random Station Master games per second on one core (prints figures, asserts nothing).

Three loops: the engine alone (legal_actions + apply), the bot loop the simulator uses
(railkit.core.game.play: observe, legal_actions, agent.act, apply) with random bots, and
the same with greedy bots. The first line says whether the compiled engine ran (``RAILKIT_PURE=1``
runs the Python source).

    python benchmarks/station_games.py [--games 1000] [--players 4] [--preset railkit-default]
        [--unchecked] [--only engine,random,greedy] [--profile random|greedy]

``--profile AGENT`` runs the games of that bot under cProfile and prints the top functions
by cumulative and by own time instead of the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from railkit.agents.station_master import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import frozen_rules, play
from railkit.games.station_master import SPEC


def batch_rules(preset: str):
    """One read-only copy of the preset's rules for every game, as the simulator makes one per
    batch (:mod:`railkit.sim.runner`); freezing a rules object costs more than dealing a game."""
    return frozen_rules(SPEC.make_rules(preset))


def engine_only(games: int, players: int, preset: str, checked: bool, seed0: int = 0) -> list[int]:
    rules = batch_rules(preset)
    lengths = []
    for s in range(seed0, seed0 + games):
        g = SPEC.new_game(rules, players, s)
        rng = random.Random(s)
        apply = g.apply if checked else g.apply_unchecked
        while not g.is_over:
            legal = g.legal_actions()
            apply(legal[rng.randrange(len(legal))])
        g.summary()
        lengths.append(len(g.log))
    return lengths


def with_bots(games: int, players: int, preset: str, checked: bool, agent: str, seed0: int = 0) -> list[int]:
    rules = batch_rules(preset)
    lengths = []
    for s in range(seed0, seed0 + games):
        g = SPEC.new_game(rules, players, s)
        play(g, [AGENTS[agent](s * 10 + i) for i in range(players)], checked=checked)
        g.summary()
        lengths.append(len(g.log))
    return lengths


def timed(label: str, fn, games: int) -> None:
    c0, t0 = time.process_time(), time.perf_counter()
    lengths = fn()
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    print(f"{label:<34} {games / cpu:8.0f} games/s (CPU) {games / wall:8.0f} games/s (wall) "
          f"{1e6 * cpu / sum(lengths):6.1f} us/action  actions/game {statistics.mean(lengths):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--preset", default="railkit-default")
    ap.add_argument("--unchecked", action="store_true", help="apply_unchecked instead of apply")
    ap.add_argument("--only", default="engine,random,greedy", help="which lines to print (comma-separated)")
    ap.add_argument("--profile", choices=sorted(AGENTS), default=None, help="profile the games of this bot")
    a = ap.parse_args()
    checked = not a.unchecked
    n, p = a.games, a.players
    print(f"Station Master, {p} players, preset {a.preset}, {n} games per line, "
          f"{'checked apply' if checked else 'unchecked apply'}, {ENGINE.get('railkit.games.station_master', 'pure')} engine")
    if a.profile:
        pr = cProfile.Profile()
        pr.enable()
        with_bots(n, p, a.preset, checked, a.profile)
        pr.disable()
        stats = pstats.Stats(pr)
        stats.sort_stats("cumulative").print_stats(20)
        stats.sort_stats("tottime").print_stats(20)
        return
    lines = set(a.only.split(","))
    if "engine" in lines:
        timed("engine only (legal + apply)", lambda: engine_only(n, p, a.preset, checked), n)
    if "random" in lines:
        timed("play() with random bots", lambda: with_bots(n, p, a.preset, checked, "random"), n)
    m = max(n // 5, 1)
    if "greedy" in lines:
        timed("play() with greedy bots", lambda: with_bots(m, p, a.preset, checked, "greedy"), m)


if __name__ == "__main__":
    main()

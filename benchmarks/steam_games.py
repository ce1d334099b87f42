"""Steam Rollers speed figures (prints numbers; no asserts).

* random 3-player games per second (checked ``apply`` and the unchecked fast path),
  plus greedy 3-player and solo games per second;
* best-delivery search (``railkit.graphs.longest_simple_path`` on a player's
  connection graph) on full sheets: every hex drawn, every source/destination
  pair, engine strength 6 and unbounded: median and max time per search.

Usage: python benchmarks/steam_games.py [--games N] [--sheets N]   (0 skips that part)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from railkit.agents.steam_rollers import GreedyAgent, RandomAgent
from railkit.core.game import play
from railkit.games.steam_rollers import SteamRollers
from railkit.games.steam_rollers import network as nw
from railkit.maps import sheets


def games_per_second(n: int, players: int, agent, checked: bool, **options) -> tuple[float, float, float]:
    """Rates per second of CPU time (``time.process_time``: steadier than wall time on a shared machine)."""
    t0 = time.process_time()
    rounds = actions = 0
    for seed in range(n):
        g = SteamRollers(players=players, seed=seed, **options)
        play(g, [agent(seed * 10 + i) for i in range(players)], checked=checked)
        rounds += g.round
        actions += len(g.log)
    dt = time.process_time() - t0
    return n / dt, rounds / n, actions / dt


def delivery_times(n_sheets: int) -> dict:
    # imported here: the speed table imports this file to time games on older checkouts too
    from railkit.games.steam_rollers.lessons import full_sheet_tracks

    sheet = sheets.load("steam-default")
    rng = random.Random(1)
    out = {}
    for engine in (6, None):
        times, lengths, edges = [], [], []
        for _ in range(n_sheets):
            tracks = full_sheet_tracks(sheet, rng)
            G = nw.connection_graph(sheet, tracks)
            edges.append(G.number_of_edges())
            for s in range(1, 7):
                for d in range(1, 7):
                    if s == d:
                        continue
                    t0 = time.process_time()
                    res = nw.best_delivery(sheet, tracks, s, [d], engine, G=G)
                    times.append(time.process_time() - t0)
                    lengths.append(res[0] if res else 0)
        out[engine] = (statistics.median(times), max(times), statistics.mean(edges), max(lengths), len(times))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--sheets", type=int, default=40)
    args = ap.parse_args()
    for name in ("games", "sheets"):
        if getattr(args, name) < 0:
            ap.error(f"--{name} must be 0 or more (0 skips that part), not {getattr(args, name)}")
    from railkit.core.compiled import ENGINE

    print("engine:", ", ".join(f"{k} {v}" for k, v in sorted(ENGINE.items())) or "pure")
    # (label, settings, the target of issue 18 in games per second or None)
    lines = (("random 3p, checked", dict(players=3, agent=RandomAgent, checked=True), 500),
             ("random 3p, unchecked", dict(players=3, agent=RandomAgent, checked=False), 500),
             ("greedy 3p, checked", dict(players=3, agent=GreedyAgent, checked=True), 30),
             ("random solo (engineer)", dict(players=1, agent=RandomAgent, checked=False, difficulty="engineer"), None),
             ("greedy solo (engineer)", dict(players=1, agent=GreedyAgent, checked=False, difficulty="engineer"), 100))
    if args.games == 0:
        print("games per second: skipped (--games 0)")
        lines = ()
    for label, kw, target in lines:
        n = args.games if "random" in label else max(5, args.games // 4)
        gps, rounds, aps = games_per_second(n, **kw)
        print(f"{label:26s} {gps:7.1f} games/s  ({rounds:5.1f} rounds/game, {aps:8.0f} actions/s, {n} games; CPU time)"
              + (f"  target {target}" if target else ""))
    if args.sheets == 0:
        print("best delivery: skipped (--sheets 0)")
        return
    for engine, (med, mx, edges, longest, count) in delivery_times(args.sheets).items():
        print(f"best delivery, full sheet, engine {engine!s:4s}: median {med * 1e6:8.1f} us, max {mx * 1e3:7.2f} ms "
              f"({count} searches, {edges:.1f} chains per sheet, longest {longest})")


if __name__ == "__main__":
    main()

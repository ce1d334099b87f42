"""Steam Rollers bots: solo win rate against Olivia per level, decision time, 3-player results.

For every bot that is not ``random``: N seeded solo games at each of Olivia's
levels (win rate, mean score of the bot and of Olivia, rounds), the time inside
``agent.act(observation, legal)`` (median and p95), and N seeded 3-player games
of the bot against two random bots (seats rotate) and against two copies of
itself (rounds per game).

    python benchmarks/steam_agents.py [--games 40] [--bots greedy,planner]
"""

from __future__ import annotations

import argparse
import statistics
import time

from railkit.agents.steam_rollers import AGENTS
from railkit.games.steam_rollers import DIFFICULTIES, SteamRollers


def run(game, bots, times):
    while not game.is_over:
        seat = game.current_player
        obs, legal = game.observe(seat), game.legal_actions()
        t = time.perf_counter()
        act = bots[seat].act(obs, legal)
        times.setdefault(bots[seat].name, []).append(time.perf_counter() - t)
        game.apply(act)
    return game.summary()


def pct(ts, q):
    ts = sorted(ts)
    return ts[min(len(ts) - 1, int(q * len(ts)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bots", default=",".join(n for n in AGENTS if n != "random"))
    a = ap.parse_args()
    for name in a.bots.split(","):
        cls = AGENTS[name]
        times: dict = {}
        print(f"bot {name!r}: {a.games} seeded solo games per Olivia level")
        print(f"  {'level':12s} {'win %':>6s} {'score':>6s} {'olivia':>7s} {'rounds':>7s} {'region-full':>11s}")
        for level in DIFFICULTIES:
            wins, sc, ol, rounds, full = 0, [], [], [], 0
            for seed in range(a.games):
                g = SteamRollers(players=1, seed=seed, difficulty=level)
                row = run(g, [cls(seed)], times)[0]
                wins += row["win"]
                sc.append(row["score"])
                ol.append(row["olivia_score"])
                rounds.append(row["rounds"])
                full += bool(row["olivia_won_region"])
            print(f"  {level:12s} {100 * wins / a.games:6.1f} {statistics.mean(sc):6.1f} {statistics.mean(ol):7.1f} "
                  f"{statistics.mean(rounds):7.1f} {full:11d}")
        for opp in ("random", name):
            wins, rounds, sc, osc = 0, [], [], []
            for seed in range(a.games):
                seat = seed % 3
                bots = [AGENTS[opp](seed * 10 + i) for i in range(3)]
                bots[seat] = cls(seed * 10 + seat)
                rows = run(SteamRollers(players=3, seed=seed), bots, times)
                wins += rows[seat]["win"]
                rounds.append(rows[0]["rounds"])
                sc.append(rows[seat]["score"])
                osc.extend(r["score"] for i, r in enumerate(rows) if i != seat)
            print(f"  3 players, {name} vs 2x {opp}: {name} wins {wins}/{a.games}, mean score {statistics.mean(sc):.1f} "
                  f"vs {statistics.mean(osc):.1f}, rounds mean {statistics.mean(rounds):.1f}")
        ts = times[name]
        print(f"  decision time over {len(ts)} decisions: median {1e3 * statistics.median(ts):.2f} ms, "
              f"p95 {1e3 * pct(ts, 0.95):.2f} ms, max {1e3 * max(ts):.1f} ms\n")


if __name__ == "__main__":
    main()

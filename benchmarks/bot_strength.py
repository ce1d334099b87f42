"""How strong are the bot levels? Prints win-rate tables with 95 % intervals and n.

* hard (search over medium's moves) against medium in seeded 2- and 4-player series
  per game: one hard seat (it moves round the table game by game), the others medium;
  its win rate (ties share the win) with the Wilson 95 % interval, next to the fair
  share 1/players, and (``--baseline``) medium's own win rate in the same seats of the
  same seeded games (how lucky those seats are);
* solo Steam Rollers: hard's and greedy's win rate against Olivia at each level;
* hard's decision times at its default budget (which depends on the player count): p50 and p95 wall-clock, p50, p95 and max CPU
  time (the CPU figures do not grow when other programs share the machine), the share
  of decisions the wall-clock cap cut short and the share where hard's move differs
  from medium's choice.

Run from the repository root, e.g.::

    python benchmarks/bot_strength.py --games ticket-to-ride,station-master --n2 20 --n4 12 --solo 0
    python benchmarks/bot_strength.py --games steam-rollers --n2 8 --n4 4 --solo 6

The series are seeded (game ``i`` uses seed ``1000 + i``, or ``--first`` + ``i``), so a run can be
repeated, and a fresh set of seeds checks a result.
Hard's decisions are reproducible while no decision reaches its wall-time cap.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railkit.agents import make_agent
from railkit.core.game import play
from railkit.games import get_spec
from railkit.sim.stats import wilson

OPTIONS = {"ticket-to-ride": {"map": "usa"}, "steam-rollers": {}, "station-master": {}}
OLIVIA = ("clerk", "conductor", "machinist", "engineer", "investor", "rail-baron")


def _share(summary: list[dict], seat: int) -> float:
    winners = [r["seat"] for r in summary if r.get("win")]
    return 1.0 / len(winners) if seat in winners else 0.0


def _hard(spec, name: str, seed: str, max_ms: float | None):
    bot = make_agent(spec, name, seed)
    if max_ms is not None and hasattr(bot, "max_ms"):
        bot.max_ms = max_ms
    return bot


def series(game: str, players: int, n: int, hard: str = "hard", other: str = "medium",
           baseline: bool = False, max_ms: float | None = None, first: int = 1000) -> dict:
    """``n`` seeded games: one ``hard`` seat (rotating), the rest ``other``; ``max_ms``
    replaces hard's wall-clock cap (a series on a busy machine stays reproducible)."""
    spec = get_spec(game)
    wins, times = 0.0, []
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(n):
        seat = i % players
        g = spec.new_game(None, players=players, seed=first + i, **OPTIONS[game])
        bots = [_hard(spec, hard, f"{first + i}-{s}", max_ms) if s == seat else make_agent(spec, other, f"{first + i}-{s}")
                for s in range(players)]
        play(g, bots)
        wins += _share(g.summary(), seat)
        times += [st[1:] for st in getattr(bots[seat], "stats", [])]
    lo, hi = wilson(wins, n)
    base = None
    if baseline:
        base = 0.0
        for i in range(n):
            seat = i % players
            g = spec.new_game(None, players=players, seed=first + i, **OPTIONS[game])
            play(g, [make_agent(spec, other, f"{first + i}-{s}") for s in range(players)])
            base += _share(g.summary(), seat)
        base /= n
    return {"game": game, "players": players, "n": n, "hard": hard, "vs": other, "wins": wins,
            "rate": wins / n if n else float("nan"), "lo": lo, "hi": hi, "fair": 1.0 / players,
            "baseline": base, "times": times, "seconds": time.perf_counter() - t0,
            "cpu_seconds": time.process_time() - c0}


def solo(n: int, agent: str, max_ms: float | None = None) -> list[dict]:
    spec = get_spec("steam-rollers")
    out = []
    for level in OLIVIA:
        wins, times = 0, []
        for i in range(n):
            g = spec.new_game(None, players=1, seed=2000 + i, difficulty=level)
            bot = _hard(spec, agent, f"{2000 + i}", max_ms)
            play(g, [bot])
            wins += bool(g.summary()[0]["win"])
            times += [st[1:] for st in getattr(bot, "stats", [])]
        lo, hi = wilson(wins, n)
        out.append({"level": level, "agent": agent, "n": n, "wins": wins, "rate": wins / n, "lo": lo, "hi": hi,
                    "times": times})
    return out


def _p(xs: list, q: float, k: int = 0) -> float:
    """Quantile ``q`` of the ``k``-th figure (0: wall-clock ms, 1: CPU ms)."""
    xs = sorted(x[k] for x in xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def _share_of(xs: list, k: int) -> float:
    """Share of the decisions whose ``k``-th figure is true (2: capped, 3: not medium's move)."""
    return sum(bool(x[k]) for x in xs) / len(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="ticket-to-ride,station-master,steam-rollers")
    ap.add_argument("--n2", type=int, default=12, help="games in each 2-player series")
    ap.add_argument("--n4", type=int, default=8, help="games in each 4-player series")
    ap.add_argument("--solo", type=int, default=4, help="solo Steam Rollers games per Olivia level (0: none)")
    ap.add_argument("--baseline", action="store_true", help="also play medium in the hard seat of the same games")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--first", type=int, default=1000, help="seed of the first game of each series")
    ap.add_argument("--max-ms", type=float, help="hard's wall-clock cap per decision (default: its own, 900 ms); "
                    "raise it on a busy machine to keep the series reproducible")
    a = ap.parse_args(argv)
    rows, solos = [], []
    print(f"hard (search over medium's moves, default budget) against medium: win rate of the hard seat, "
          f"seeds {a.first} on")
    print(f"{'game':16} {'players':>7} {'n':>4} {'wins':>6} {'rate':>6} {'95% interval':>16} {'fair':>5} "
          f"{'above fair':>10} {'medium':>6} {'p50 ms':>7} {'p95 ms':>7} {'p50 cpu':>7} {'p95 cpu':>7} {'max cpu':>7} "
          f"{'capped':>6} {'changed':>7} {'cpu s':>6}")
    for game in a.games.split(","):
        for players, n in ((2, a.n2), (4, a.n4)):
            if n <= 0:
                continue
            r = series(game, players, n, baseline=a.baseline, max_ms=a.max_ms, first=a.first)
            rows.append(r)
            t = r["times"]
            base = "-" if r["baseline"] is None else f"{r['baseline']:.2f}"
            print(f"{game:16} {players:>7} {n:>4} {r['wins']:>6.1f} {r['rate']:>6.2f} "
                  f"{'[%.2f, %.2f]' % (r['lo'], r['hi']):>16} {r['fair']:>5.2f} {r['lo'] > r['fair']!s:>10} "
                  f"{base:>6} {_p(t, .5):>7.0f} {_p(t, .95):>7.0f} {_p(t, .5, 1):>7.0f} {_p(t, .95, 1):>7.0f} "
                  f"{_p(t, 1.0, 1):>7.0f} {_share_of(t, 2):>6.1%} {_share_of(t, 3):>7.1%} {r['cpu_seconds']:>6.0f}",
                  flush=True)
    if a.solo > 0 and "steam-rollers" in a.games:
        print("\nsolo Steam Rollers against Olivia: win rate (95 % interval), n games per level")
        hard = solo(a.solo, "hard", a.max_ms)
        greedy = solo(a.solo, "greedy")
        solos = hard + greedy
        print(f"{'Olivia':12} {'n':>3} {'hard':>6} {'interval':>14} {'greedy':>7} {'interval':>14}")
        for h, g in zip(hard, greedy):
            print(f"{h['level']:12} {h['n']:>3} {h['rate']:>6.2f} {'[%.2f, %.2f]' % (h['lo'], h['hi']):>14} "
                  f"{g['rate']:>7.2f} {'[%.2f, %.2f]' % (g['lo'], g['hi']):>14}", flush=True)
        t = [x for h in hard for x in h["times"]]
        print(f"solo hard decision times: p50 {_p(t, .5):.0f}, p95 {_p(t, .95):.0f} ms wall-clock, "
              f"p50 {_p(t, .5, 1):.0f}, p95 {_p(t, .95, 1):.0f} ms CPU, "
              f"max {_p(t, 1.0, 1):.0f} ms CPU, capped {_share_of(t, 2):.1%}")
    if a.json:
        for r in rows + solos:
            t = r.pop("times")
            r.update(p50_ms=_p(t, .5), p95_ms=_p(t, .95), p50_cpu_ms=_p(t, .5, 1), p95_cpu_ms=_p(t, .95, 1), max_cpu_ms=_p(t, 1.0, 1), decisions=len(t),
                     capped=_share_of(t, 2), changed=_share_of(t, 3))
        Path(a.json).write_text(json.dumps({"series": rows, "solo": solos}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

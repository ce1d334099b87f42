"""How far are the bots from the best possible score? Prints each bot's mean gap to an exact optimum.

* Solo Steam Rollers, reduced (:mod:`railkit.agents.steam_rollers_optimum`): the corridor
  sheet at the Hard mountain level, Olivia at clerk, the game cut after ``--turns`` solo
  turns; the optimum is exact for the seed's dice known in advance (an upper bound for a
  player who does not know them). For each seed: the optimum and the final score of
  easy, medium and hard in the same seeded game; the mean gap with a 95 % interval.
* Ticket to Ride, one player's network (the lesson ``railkit.graphs.lessons``,
  ``MAX_SCORE_SOLUTION``): 45 trains on the USA map, route points plus every base-deck ticket
  the network completes, no longest-route bonus; the best is 285, proven by integer
  programmes. Hard plays a 2-player game against a *bystander* that never claims a route
  (it keeps its fewest tickets and draws cards), so hard builds alone; its claimed routes are
  scored by the lesson's verifier (``verify_max_score``), and its game score is shown too.

Run from the repository root, e.g.::

    python benchmarks/optimum_gaps.py --seeds 20 --turns 2 --ttr 10 --max-ms 60000

Seeded: Steam Rollers seed ``i`` for i in 1..``--seeds``, Ticket to Ride seeds 5000 on.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railkit.agents import make_agent
from railkit.core.game import Agent, play
from railkit.games import get_spec
from railkit.graphs.lessons import MAX_SCORE_SOLUTION, verify_max_score
from railkit.maps import load

LEVELS = ("easy", "medium", "hard")


def _mean(xs: list[float]) -> tuple[float, float]:
    """Mean and the half width of its normal 95 % interval."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def _bot(game: str, name: str, seed: str, max_ms: float | None):
    bot = make_agent(game, name, seed)
    if max_ms is not None and hasattr(bot, "max_ms"):
        bot.max_ms = max_ms
    return bot


def steam_gaps(seeds: int, turns: int, max_ms: float | None = None) -> None:
    from railkit.agents.steam_rollers_optimum import gaps

    bots = {name: (lambda seed, name=name: _bot("steam-rollers", name, seed, max_ms)) for name in LEVELS}
    t0 = time.process_time()
    rows = []
    for seed in range(1, seeds + 1):
        rows += gaps(bots, [seed], turns)
        r = rows[-1]
        print(f"seed {seed}: optimum {r['optimum']}, " + ", ".join(f"{n} {r[n]}" for n in LEVELS), flush=True)
    print(f"solo Steam Rollers, corridor sheet, Hard mountains, Olivia clerk, {turns} turns, "
          f"seeds 1 to {seeds} (CPU {time.process_time() - t0:.0f} s)")
    print(f"{'':8} {'mean score':>12} {'mean gap':>16} {'at optimum':>11}")
    best, half = _mean([r["optimum"] for r in rows])
    print(f"{'optimum':8} {best:>6.2f} ±{half:<4.2f}")
    for name in LEVELS:
        score, sh = _mean([r[name] for r in rows])
        gap, gh = _mean([r["optimum"] - r[name] for r in rows])
        at = sum(r[name] == r["optimum"] for r in rows)
        print(f"{name:8} {score:>6.2f} ±{sh:<4.2f} {gap:>9.2f} ±{gh:<5.2f} {at:>5} / {len(rows)}")


class Bystander(Agent):
    """A Ticket to Ride seat that never claims a route: it keeps its fewest tickets and
    draws cards (from the deck when it can), so the other seat builds alone."""

    name = "bystander"
    needs_observation = False

    def act(self, observation, legal):
        by_kind: dict[str, list] = {}
        for a in legal:
            by_kind.setdefault(type(a).__name__, []).append(a)
        for kind in ("KeepTickets", "DrawDeck", "DrawFaceUp", "DrawTickets"):
            if kind in by_kind:
                return min(by_kind[kind], key=lambda a: len(str(a)))
        return legal[0]


def ttr_alone(games: int, first: int = 5000, max_ms: float | None = None) -> None:
    spec = get_spec("ticket-to-ride")
    usa = load("usa")
    best = MAX_SCORE_SOLUTION["score"]
    lesson, game_scores, trains_used, times = [], [], [], []
    t0 = time.process_time()
    for i in range(games):
        g = spec.new_game(None, players=2, seed=first + i, map="usa")
        hard = _bot(spec, "hard", f"{first + i}", max_ms)
        play(g, [hard, Bystander()])
        me = g.summary()[0]
        check = verify_max_score(usa, me["routes"])
        lesson.append(check["score"])
        game_scores.append(me["score"])
        trains_used.append(check["trains"])
        times += [st[3] for st in getattr(hard, "stats", [])]
    m, h = _mean(lesson)
    gm, gh = _mean(game_scores)
    print(f"\nTicket to Ride, hard alone (45 trains, USA, against a bystander), seeds {first} to "
          f"{first + games - 1} (CPU {time.process_time() - t0:.0f} s)")
    print(f"lesson score (routes + every base-deck ticket completed): mean {m:.1f} ±{h:.1f}, "
          f"best {max(lesson)}, worst {min(lesson)}; gap to the optimum {best}: {best - m:.1f} "
          f"({(best - m) / best:.0%})")
    print(f"its game score (routes, its own tickets ±, longest route): mean {gm:.1f} ±{gh:.1f}; "
          f"trains used: mean {statistics.fmean(trains_used):.1f}")
    if times:
        print(f"hard's decisions cut short by the wall-clock cap: {sum(map(bool, times)) / len(times):.1%}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10, help="Steam Rollers seeds (0: none)")
    ap.add_argument("--turns", type=int, default=2, help="solo turns of the reduced Steam Rollers game")
    ap.add_argument("--ttr", type=int, default=4, help="Ticket to Ride games of hard alone (0: none)")
    ap.add_argument("--max-ms", type=float, help="hard's wall-clock cap per decision (default: its own, 900 ms); "
                    "raise it on a busy machine so that hard searches its whole budget")
    a = ap.parse_args(argv)
    if a.seeds > 0:
        steam_gaps(a.seeds, a.turns, a.max_ms)
    if a.ttr > 0:
        ttr_alone(a.ttr, max_ms=a.max_ms)
    return 0


if __name__ == "__main__":
    sys.exit(main())

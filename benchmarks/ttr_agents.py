"""Ticket to Ride bot decision time on the USA map (median and p90 per bot), and
whole games per second of the mixed line-up ``random,greedy-route,tickets,long-route``
and of ``tickets`` in every seat (what the ``hard`` bot plays out).

Each bot plays every seat of 4-player games against copies of itself and against
the other bots; only the time inside ``agent.act(observation, legal)`` is counted.
The games-per-second line plays the line-up in that seat order through
``railkit.core.game.play`` (as the simulator does), CPU time.

    python benchmarks/ttr_agents.py [--games 40] [--players 4]
"""

from __future__ import annotations

import argparse
import statistics
import time

from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import play
from railkit.games.ticket_to_ride import SPEC

MIXED = ["random", "greedy-route", "tickets", "long-route"]


def mixed_games_per_second(games: int, players: int, lineup: list[str] = MIXED) -> float:
    """Games per CPU second of a line-up (seat i plays ``lineup[i % len(lineup)]``)."""
    c0 = time.process_time()
    for seed in range(games):
        g = SPEC.new_game(None, players, seed)
        play(g, [AGENTS[lineup[i % len(lineup)]](seed * 10 + i) for i in range(players)])
        g.summary()
    return games / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    gps = mixed_games_per_second(a.games, a.players)
    print(f"mixed heuristic {a.players}p ({','.join(MIXED)}): {gps:.1f} games/s (CPU time, {a.games} games, "
          f"engine {ENGINE.get('railkit.games.ticket_to_ride', 'pure')})")
    gps = mixed_games_per_second(a.games, a.players, ["tickets"])
    print(f"tickets only {a.players}p (the hard bot's playouts): {gps:.1f} games/s (CPU time, {a.games} games)")
    names = list(MIXED)  # the heuristic bots (AGENTS also holds the levels and the search bot)
    times: dict[str, list[float]] = {n: [] for n in names}
    wins = {n: 0 for n in names}
    seats = {n: 0 for n in names}
    for seed in range(a.games):
        lineup = [names[(seed + i) % len(names)] for i in range(a.players)]
        g = SPEC.new_game(None, a.players, seed)
        bots = [AGENTS[n](seed * 10 + i) for i, n in enumerate(lineup)]
        while not g.is_over:
            seat = g.current_player
            obs, legal = g.observe(seat), g.legal_actions()
            t = time.perf_counter()
            act = bots[seat].act(obs, legal)
            times[lineup[seat]].append(time.perf_counter() - t)
            g.apply(act)
        for row, n in zip(g.summary(), lineup):
            seats[n] += 1
            wins[n] += row["win"]
    print(f"bot decision time, {a.games} mixed {a.players}-player games on the USA map")
    print(f"  {'bot':14s} {'decisions':>9s} {'median us':>10s} {'p90 us':>8s} {'max us':>8s}  wins/seats")
    for n in names:
        ts = sorted(times[n])
        print(f"  {n:14s} {len(ts):9d} {1e6 * statistics.median(ts):10.1f} {1e6 * ts[int(0.9 * len(ts))]:8.1f} "
              f"{1e6 * ts[-1]:8.0f}  {wins[n]}/{seats[n]}")


if __name__ == "__main__":
    main()

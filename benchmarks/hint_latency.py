"""How long a hint takes: :func:`railkit.agents.hints.hints` (the medium bot's three best moves
with reasons), and the table's Hint button (the same, plus the widgets of the list), at the
human seat's decisions of seeded games of medium bots. Prints per game the decisions timed,
median, p95 and the slowest, in milliseconds, and whether the engine was compiled or pure
(:data:`railkit.core.compiled.ENGINE`). The target: under 300 ms.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/hint_latency.py [--games 3] [--most 120]``
"""

from __future__ import annotations

import argparse
import statistics
import time

from railkit.agents import make_agent
from railkit.agents.hints import hints
from railkit.games import get_spec

#: (game, players, options) timed
CASES = [("ticket-to-ride", 2, {"map": "usa"}), ("ticket-to-ride", 4, {"map": "usa"}),
         ("steam-rollers", 1, {}), ("steam-rollers", 3, {}), ("station-master", 4, {})]


def decisions(name: str, players: int, options: dict, seed: int, most: int):
    """The positions of a seeded game of medium bots, before each of its first ``most`` decisions."""
    spec = get_spec(name)
    g = spec.new_game(None, players=players, seed=seed, **options)
    bots = [make_agent(spec, "medium", seed * 10 + s) for s in range(players)]
    for _ in range(most):
        if g.is_over:
            return
        yield g
        s = g.current_player
        g.apply(bots[s].act(g.observe(s), g.legal_actions()))


def time_hints(name: str, players: int, options: dict, games: int, most: int) -> list[float]:
    out = []
    for seed in range(games):
        for g in decisions(name, players, options, seed, most):
            seat = g.current_player
            t0 = time.perf_counter()
            hints(name, g.observe(seat), g.legal_actions())
            out.append((time.perf_counter() - t0) * 1000)
    return out


def time_button(name: str, games: int) -> list[float]:
    """The Hint button of a view (auto=False) at each of seat 0's turns against medium bots."""
    from railkit.viz.shell.games import view_class
    from railkit.viz.shell.table import Table

    spec = get_spec(name)
    out = []
    for seed in range(games):
        table = Table(game=name, players=2, humans=[0], bots=["medium"], seed=seed)
        view = view_class(name)(table, auto=False)
        bot = make_agent(spec, "medium", "player")
        for _ in range(60):
            g = table.game
            table.run_bots()
            if g.is_over:
                break
            t0 = time.perf_counter()
            view.assist.show_hints()
            out.append((time.perf_counter() - t0) * 1000)
            table.apply(0, bot.act(g.observe(0), g.legal_actions()))
    return out


def line(what: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{what:<34} {len(ms):>5} {statistics.median(ms):>8.1f} {p95:>8.1f} {ms[-1]:>8.1f}"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="seeded games per case")
    ap.add_argument("--most", type=int, default=120, help="decisions timed per game, at most")
    a = ap.parse_args(argv)
    from railkit.core import compiled

    print(f"engine: {compiled.ENGINE}; milliseconds; target: under 300")
    print(f"{'what':<34} {'n':>5} {'median':>8} {'p95':>8} {'max':>8}")
    for name, players, options in CASES:
        print(line(f"hints() {name} {players}p", time_hints(name, players, options, a.games, a.most)))
    for name in ("ticket-to-ride", "steam-rollers", "station-master"):
        print(line(f"Hint button {name} 2p", time_button(name, a.games)))


if __name__ == "__main__":
    main()

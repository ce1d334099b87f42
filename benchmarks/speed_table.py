"""The six speed figures railkit aims for, each beside its target, in one run (prints figures,
asserts nothing).

Each figure is the games per CPU second of one loop of the game's own benchmark script
(``steam_games.py``, ``ttr_agents.py``, ``ttr_random_games.py``, ``station_games.py``), on one
core. ``--against DIR`` measures a second checkout (say, an earlier commit checked out with
``git worktree add``, built in place) in the same run: the two take turns, one round each,
and the table gives both medians and their ratio, so a drift in the machine's speed hits both.

    python benchmarks/speed_table.py [--rounds 3] [--scale 1.0] [--against DIR] [--json]

``--scale`` multiplies every figure's number of games (0.2 for a quick look). The checkout
measured is the one Python imports ``railkit`` from (``PYTHONPATH``); ``--against`` runs this
script again with ``PYTHONPATH=DIR``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: (figure, target in games per second, games per measurement at scale 1)
FIGURES: tuple[tuple[str, int, int], ...] = (
    ("Steam Rollers, random 3p", 500, 100),
    ("Steam Rollers, greedy solo", 100, 40),
    ("Steam Rollers, greedy 3p", 30, 12),
    ("Ticket to Ride, mixed heuristic 4p", 300, 100),
    ("Ticket to Ride, random 4p", 1500, 1000),
    ("Station Master, greedy 4p", 300, 300),
)


def _loops() -> dict[str, Callable[[int], float]]:
    """Each figure's loop: games -> games per CPU second (the benchmark scripts' own loops)."""
    folder = str(Path(__file__).resolve().parent)  # its sister scripts, however this one was started
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import station_games
    import steam_games
    import ttr_agents
    import ttr_random_games
    from railkit.agents.steam_rollers import GreedyAgent, RandomAgent

    def sm_greedy(n: int) -> float:
        c0 = time.process_time()
        station_games.with_bots(n, 4, "railkit-default", True, "greedy")
        return n / (time.process_time() - c0)

    return {
        "Steam Rollers, random 3p": lambda n: steam_games.games_per_second(n, 3, RandomAgent, True)[0],
        "Steam Rollers, greedy solo": lambda n: steam_games.games_per_second(
            n, 1, GreedyAgent, False, difficulty="engineer")[0],
        "Steam Rollers, greedy 3p": lambda n: steam_games.games_per_second(n, 3, GreedyAgent, True)[0],
        "Ticket to Ride, mixed heuristic 4p": lambda n: ttr_agents.mixed_games_per_second(n, 4),
        # the simulator's loop: play with the unchecked apply
        "Ticket to Ride, random 4p": lambda n: n / ttr_random_games.run(n, 4, "usa", "base", False)[1],
        "Station Master, greedy 4p": sm_greedy,
    }


def measure(scale: float) -> dict[str, float]:
    """One round: every figure once, after a few games that warm its tables."""
    out = {}
    for name, loop in _loops().items():
        games = next(g for f, _, g in FIGURES if f == name)
        loop(max(1, games // 20))
        out[name] = loop(max(1, round(games * scale)))
    return out


def other_round(folder: Path, scale: float) -> dict[str, float]:
    """One round of this script in another Python, importing railkit from ``folder``."""
    env = dict(os.environ, PYTHONPATH=str(folder))
    done = subprocess.run([sys.executable, __file__, "--rounds", "1", "--scale", str(scale), "--json"],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"speed_table.py: the run against {folder} failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout)["rounds"][0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="measurements of each figure (the median is shown)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every figure's number of games")
    ap.add_argument("--against", type=Path, default=None, help="a second checkout to measure in the same run")
    ap.add_argument("--json", action="store_true", help="print the rounds as JSON")
    a = ap.parse_args(argv)
    if a.rounds < 1 or a.scale <= 0:
        ap.error(f"--rounds must be 1 or more and --scale above 0 (got {a.rounds} and {a.scale})")
    if a.against is not None and not (a.against / "railkit" / "__init__.py").is_file():
        ap.error(f"--against {a.against}: no railkit package in that folder")
    import railkit
    from railkit.core.compiled import ENGINE

    rounds, others = [], []
    for _ in range(a.rounds):
        rounds.append(measure(a.scale))
        if a.against is not None:
            others.append(other_round(a.against.resolve(), a.scale))
    if a.json:
        print(json.dumps({"rounds": rounds}))
        return 0
    here = Path(railkit.__file__).resolve().parents[1]
    print(f"railkit from {here}; engines: " + ", ".join(f"{k} {v}" for k, v in sorted(ENGINE.items())))
    print(f"games per CPU second, median of {a.rounds} round(s)"
          + (f"; against {a.against.resolve()} in turns" if others else ""))
    head = f"{'figure':36s} {'games/s':>9s} {'target':>7s}"
    print(head + (f" {'against':>9s} {'ratio':>7s}" if others else ""))
    for name, target, _ in FIGURES:
        mine = statistics.median(r[name] for r in rounds)
        line = f"{name:36s} {mine:9.1f} {target:7d}"
        if others:
            theirs = statistics.median(r[name] for r in others)
            line += f" {theirs:9.1f} {mine / theirs:7.2f}"
        print(line + ("  met" if mine >= target else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

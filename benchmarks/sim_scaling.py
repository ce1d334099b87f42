"""Simulation scaling: random 4-player Ticket to Ride games in one process vs 2 worker
processes, with the same seeds (the tables must be identical).

    python benchmarks/sim_scaling.py [--games 10000] [--players 4] [--workers 2]
        [--game ticket-to-ride] [--agents random] [--rounds K]

Figures printed (wall-clock seconds, games per second, speed-up over one process):

* ``one process``        -- ``run(..., workers=None)``;
* ``first call``         -- ``run(..., workers=N)``: starts N worker processes (on
  Linux forked by a fork server that imports railkit once; elsewhere a Dask
  LocalCluster, whose workers start with ``spawn``) and plays; ``run`` keeps them
  for the next calls of the process;
* ``next call``          -- the same call again, on the workers the first one kept
  (what every later call of a notebook sees), and how much CPU its workers got;
* with ``--rounds K``: K more pairs of one process and a next call, in turn, and
  the median of their speed-ups (a single pair moves with the machine's noise:
  the same one-process job was seen to vary by 15 % between runs here).

The machine load (``os.getloadavg``) is printed before and after: on a shared
machine other work steals cores and lowers the speed-up.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1/5/15 min) on {os.cpu_count()} cores"


def _workers_cpu(kept) -> float:
    """CPU-seconds the kept worker processes have used: a Dask client asks them; the fork
    server's processes are read from /proc."""
    if hasattr(kept, "run"):
        return sum(kept.run(time.process_time).values())
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in kept._processes:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def main() -> None:
    import pandas as pd

    from railkit.sim import run

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ticket-to-ride")
    ap.add_argument("--agents", default="random")
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=0, help="more pairs of one process and next call, in turn")
    args = ap.parse_args()
    kw = dict(game=args.game, agents=args.agents, players=args.players, games=args.games, seed=args.seed,
              progress=False)

    print(f"{args.games} games of {args.game}, {args.players} players, bots {args.agents}, seed {args.seed}")
    print("before:", load())
    results: list[tuple[str, float]] = []

    t, c = time.perf_counter(), time.process_time()
    single = run(**kw, workers=None)
    results.append(("one process", time.perf_counter() - t))
    print(f"  one process: {time.process_time() - c:.1f} CPU-seconds in {results[0][1]:.1f} s of wall time")
    errors = single.attrs["errors"]

    def timed(label: str, **extra) -> None:
        t0 = time.perf_counter()
        df = run(**kw, **extra)
        results.append((label, time.perf_counter() - t0))
        pd.testing.assert_frame_equal(single, df)  # same seeds, same table, however split
        print(f"  {label}: chunk {df.attrs['chunk']} games/task, {df.attrs['workers']} workers, identical table")

    from railkit.sim import close_workers, runner

    close_workers()
    timed(f"first call ({args.workers} workers)", workers=args.workers)
    kept = runner.kept_workers(args.workers)
    cpu0 = _workers_cpu(kept)
    timed(f"next call ({args.workers} workers)", workers=args.workers)
    assert runner.kept_workers(args.workers) is kept, "the next call started its workers again"
    cpu = _workers_cpu(kept) - cpu0
    wall = results[-1][1]
    print(f"  next call: the workers got {cpu:.1f} CPU-seconds in {wall:.1f} s of wall time "
          f"({cpu / wall:.2f} cores of {args.workers}; the rest went to other processes on the machine)")
    pairs = [results[0][1] / results[-1][1]]
    for k in range(args.rounds):
        t = time.perf_counter()
        run(**kw, workers=None)
        alone = time.perf_counter() - t
        t = time.perf_counter()
        run(**kw, workers=args.workers)
        kept = time.perf_counter() - t
        pairs.append(alone / kept)
        print(f"  round {k + 1}: one process {alone:.1f} s, next call {kept:.1f} s, {pairs[-1]:.2f}x")
    close_workers()

    print("after: ", load())
    print(f"errors: {errors}")
    base = results[0][1]
    print(f"{'':<36}{'seconds':>9}{'games/s':>10}{'speed-up':>10}")
    for label, sec in results:
        print(f"{label:<36}{sec:>9.2f}{args.games / sec:>10.1f}{base / sec:>9.2f}x")
    if args.rounds:
        import statistics

        print(f"next call against one process, {len(pairs)} pairs: median {statistics.median(pairs):.2f}x "
              f"(from {min(pairs):.2f}x to {max(pairs):.2f}x)")


if __name__ == "__main__":
    main()

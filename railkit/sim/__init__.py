"""Batch simulation: many seeded bot games -> a pandas DataFrame.

Vocabulary
----------
:func:`run`
    ``run(game, rules, agents, games, seed, players, preset, options, workers,
    scheduler, chunk, progress)`` plays ``games`` bot games and returns one row
    per game x seat. In this process, or on worker processes when the job is large
    enough (``workers="auto"``, the default) or asked for (``workers=N``); the
    worker processes are kept for the next calls (:func:`close_workers` stops
    them); ``scheduler=`` uses an existing cluster.
    Results depend only on the seeds, never on how the work was split.
:func:`local_cluster`
    A Dask ``LocalCluster`` set up for bot games (reuse it: ``scheduler=Client(cluster)``).
:func:`play_batch`
    The pure unit of work: the games of a list of seeds -> list of row dicts.
:func:`replay_game`
    One game of a table played again, to look at it closely (log, board, summary).
:func:`run_variants`
    Several labelled variants with the same seeds, stacked (``variant`` column).
:func:`summarise` / :func:`compare`
    Win rates and mean scores per seat or agent with 95 % intervals; two
    tables (or a table and a variant) side by side with differences.
:func:`item_usage` / :func:`usage_ranks`
    How often routes, cities, tickets ... are used.
:func:`ladder`
    Bots rated on one scale (OpenSkill mu, sigma and mu - 3 sigma) from seat-rotated
    round robins, with pairwise win rates (:mod:`railkit.sim.ladder`).
:func:`save_results` / :func:`load_results`
    ``.csv`` / ``.parquet`` files, written atomically.

Nothing is computed, imported from Dask or configured at import time.

>>> from railkit.sim import run, summarise
>>> df = run("station-master", agents="greedy", players=3, games=4, seed=2, progress=False)
>>> len(df), sorted(df.seat.unique().tolist())
(12, [0, 1, 2])
>>> summarise(df).games.tolist()
[4, 4, 4]
"""

from railkit.sim.runner import (
    chunk_size, close_workers, derive_seed, game_seeds, load_results, local_cluster, play_batch, replay_game, resolve_agents,
    resolve_rules, run, run_variants, save_results, task_sizes,
)
from railkit.sim.ladder import Ladder, ladder, lineups
from railkit.sim.stats import compare, item_usage, mean_interval, summarise, usage_ranks, verdict, wilson

__all__ = [
    "Ladder", "chunk_size", "close_workers", "compare", "derive_seed", "game_seeds", "item_usage", "ladder", "lineups", "load_results", "local_cluster",
    "mean_interval", "play_batch", "replay_game", "resolve_agents", "resolve_rules", "run", "run_variants",
    "save_results", "summarise", "task_sizes", "usage_ranks", "verdict", "wilson",
]

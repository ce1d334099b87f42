"""Many seeded bot games -> one pandas DataFrame (in-process or on Dask).

The unit of work is the pure function :func:`play_batch`: it plays the games
of a list of seeds and returns plain row dicts. :func:`run` checks its input,
derives the seeds, splits them into chunks and runs the chunks in this process,
on worker processes of this machine (forked by a fork server on Linux, else a Dask
:class:`~distributed.LocalCluster`), or on an existing Dask scheduler. Results depend only on the
seeds: game ``i`` of ``run(..., seed=S)`` is played with ``derive_seed(S, i)``
and the bot in seat ``s`` with ``derive_seed(game_seed, s, "bot")``, so the
same call gives the same table however the work was split.

>>> df = run("ticket-to-ride", agents=["random"], players=2, games=3, seed=1,
...          options={"map": "teaching-small"}, progress=False)
>>> df[["game", "seat", "agent"]].values.tolist()[:3]
[[0, 0, 'random'], [0, 1, 'random'], [1, 0, 'random']]
>>> bool((df.error == "").all()), df.attrs["games"]
(True, 3)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import param

from railkit.agents import agents_of
from railkit.core.errors import DataError
from railkit.core.extras import in_browser, installed, no_workers_here, require
from railkit.core.jsonio import atomic_path
from railkit.core.game import Game, GameSpec, frozen_rules, play, rules_to_dict

#: Aim for this much work (seconds) per Dask task: Dask costs a few ms per task. The last
#: tasks of a job are this small, so the workers finish within about this time of each other.
TASK_SECONDS = 0.25
#: ... but cut the work into at least this many tasks per worker (load balance, and a
#: progress bar that moves).
TASKS_PER_WORKER = 8
#: Columns every row has, first, in this order (``error`` comes last).
KEY_COLUMNS = ("game", "seed", "seat", "agent")
#: ``workers="auto"``: use a cluster only for a job estimated at this many seconds or more
#: in one process (a local cluster takes a few seconds to start its worker processes)
AUTO_MIN_SECONDS = 20.0
#: ``workers="auto"``: at most this many worker processes
AUTO_MAX_WORKERS = 8


# ====================================================================== seeds
def derive_seed(seed: int | str, index: int | str, kind: str = "game") -> int:
    """A 48-bit seed derived only from ``(seed, index, kind)``.

    The same on every machine and Python process (no ``hash()`` randomisation),
    and unrelated for neighbouring indices, so run ``seed=1`` and ``seed=2``
    share no games.

    >>> derive_seed(1, 0) == derive_seed(1, 0), derive_seed(1, 0) == derive_seed(2, 0)
    (True, False)
    >>> 0 <= derive_seed(7, 3, "bot") < 2 ** 48
    True
    """
    digest = hashlib.blake2b(f"railkit/{kind}/{seed}/{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def game_seeds(seed: int | str, games: int, start: int = 0) -> list[tuple[int, int]]:
    """``(game index, game seed)`` for games ``start .. start + games - 1``.

    >>> [i for i, _ in game_seeds(5, 3)]
    [0, 1, 2]
    """
    return [(i, derive_seed(seed, i)) for i in range(start, start + games)]


# ====================================================================== one batch
def _seat_agents(agents: Sequence[str], index: int, players: int, rotate: bool) -> list[str]:
    if not rotate:
        return list(agents)
    k = index % players
    return [agents[(s - k) % players] for s in range(players)]


def _iter_games(spec_name: str, rules_dict: Mapping, agents: Sequence[str], players: int,
                options: Mapping, seeds: Sequence, *, checked: bool = False,
                max_actions: int = 100_000, rotate: bool = False) -> Iterator[list[dict]]:
    """Play the games of ``seeds`` one by one; yield each game's rows."""
    from railkit.games import get_spec

    spec = get_spec(spec_name)
    rules = frozen_rules(spec.make_rules(None, dict(rules_dict)))  # one read-only copy for the batch
    classes = agents_of(spec)
    for pos, item in enumerate(seeds):
        index, game_seed = (item if isinstance(item, (tuple, list)) else (pos, item))
        names = _seat_agents(agents, index, players, rotate)
        key = {"game": index, "seed": game_seed}
        game: Game | None = None
        try:
            game = spec.new_game(rules, players, game_seed, **dict(options))
            bots = [classes[n](derive_seed(game_seed, s, "bot")) for s, n in enumerate(names)]
            play(game, bots, checked=checked, max_actions=max_actions)
            rows = []
            for s, summ in enumerate(game.summary()):
                row = {**key, "seat": s, "agent": names[s]}
                row.update((k, v) for k, v in summ.items() if k != "seat")
                row.setdefault("actions", len(game.log))
                row["error"] = ""
                rows.append(row)
        except Exception as exc:  # a broken game is a result (an error row), not a crash
            text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
            done = len(game.log) if game is not None else 0
            rows = [{**key, "seat": s, "agent": names[s], "actions": done, "error": text} for s in range(players)]
        yield rows


def play_batch(spec_name: str, rules_dict: Mapping, agents: Sequence[str], players: int,
               options: Mapping, seeds: Sequence, *, checked: bool = False,
               max_actions: int = 100_000, rotate: bool = False) -> list[dict]:
    """Play one bot game per seed and return one row per game and seat.

    A pure function of its arguments (the unit of work sent to Dask workers).

    Parameters
    ----------
    spec_name : str
        Registry name of the game (``"ticket-to-ride"`` ...).
    rules_dict : dict
        Rule settings (as from :func:`railkit.core.game.rules_to_dict`).
    agents : list of str
        One bot name per seat.
    players : int
        Number of players.
    options : dict
        Game options (JSON-able), e.g. ``{"map": "usa"}``.
    seeds : list
        Game seeds, or ``(game index, game seed)`` pairs (the index goes to the
        ``game`` column and decides the seat rotation).
    checked : bool
        Check every bot action (slower; bots choose from the legal actions).
    max_actions : int
        A game with more actions is an error row.
    rotate : bool
        Game ``i`` shifts the agents ``i % players`` seats to the right, so every
        agent plays every seat equally often.

    Returns
    -------
    list of dict
        ``game, seed, seat, agent``, the game's ``summary()`` columns,
        ``actions`` and ``error`` (empty text, or the exception of a game that
        failed: then the summary columns are missing).

    Examples
    --------
    >>> rows = play_batch("ticket-to-ride", {}, ["random", "random"], 2, {"map": "teaching-small"}, [11])
    >>> [(r["game"], r["seat"], r["error"]) for r in rows]
    [(0, 0, ''), (0, 1, '')]
    """
    out: list[dict] = []
    for rows in _iter_games(spec_name, rules_dict, agents, players, options, seeds,
                            checked=checked, max_actions=max_actions, rotate=rotate):
        out.extend(rows)
    return out


def play_frame(spec_name: str, rules_dict: Mapping, agents: Sequence[str], players: int,
               options: Mapping, seeds: Sequence, **kwargs: Any):
    """:func:`play_batch` as a ``pandas.DataFrame`` (rows in seed order): the Dask
    task. The workers build the tables, so the process that gathers them only
    unpickles compact column blocks and concatenates (see :func:`_frame`)."""
    return _frame(play_batch(spec_name, rules_dict, agents, players, options, seeds, **kwargs))


def _frame(rows: list[dict]):
    """The table of ``rows`` (one dict per game and seat, in game order)."""
    import pandas as pd

    return pd.DataFrame(rows)


# ====================================================================== checking input
def resolve_rules(spec: GameSpec, rules: Any = None, preset: str | None = None) -> dict:
    """Rule settings as a plain dict: ``preset`` first, then ``rules`` (a dict
    of overrides or a rules object of the game). Errors are :class:`DataError`."""
    if isinstance(rules, param.Parameterized):
        if not isinstance(rules, spec.rules_class):
            raise DataError("rules", "$", f"a {spec.rules_class.__name__} object", type(rules).__name__)
        # With a preset, the object's settings that differ from the defaults override it.
        defaults = spec.rules_class.param
        values = {k: v for k, v in rules_to_dict(rules).items() if not preset or v != defaults[k].default}
    elif rules is None or isinstance(rules, Mapping):
        values = dict(rules or {})
    else:
        raise DataError("rules", "$", "None, a dict of rule settings or a rules object", rules)
    return rules_to_dict(spec.make_rules(preset, values))


def resolve_agents(spec: GameSpec, agents: Sequence[str] | str | None, players: int) -> list[str]:
    """One agent name per seat (a single name is used for every seat)."""
    if agents is None:
        agents = [spec.default_agent]
    elif isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",") if a.strip()]
    agents = list(agents)
    known = agents_of(spec)
    for name in agents:
        if name not in known:
            raise DataError("--agents", "$", f"bots of {spec.title}: " + ", ".join(sorted(known)), name)
    if len(agents) == 1:
        agents = agents * players
    if len(agents) != players:
        raise DataError("--agents", "$", f"1 or {players} bot names (one per player)", ",".join(agents))
    return agents


def _default_players(spec: GameSpec, agents: Any) -> int:
    if isinstance(agents, str):
        agents = [a for a in agents.split(",") if a.strip()]
    if agents is not None and len(agents) > 1:
        return len(agents)
    return min(max(2, spec.min_players), spec.max_players)


def _json_options(options: Mapping | None) -> dict:
    options = dict(options or {})
    try:
        return json.loads(json.dumps(options))
    except (TypeError, ValueError):
        raise DataError("options", "$", "JSON-able game options (names, numbers, lists, objects)", options) from None


# ====================================================================== progress
def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    try:
        return shell.get_ipython() is not None and "IPKernelApp" in shell.get_ipython().config
    except Exception:  # pragma: no cover - odd IPython setups
        return False


def _progress_bar(total: int, enabled: bool, desc: str):
    """A tqdm bar on a terminal (stderr) or in a notebook; None elsewhere."""
    if not enabled:
        return None
    if _in_notebook():
        from tqdm.auto import tqdm
    elif sys.stderr is not None and sys.stderr.isatty():
        from tqdm import tqdm
    else:
        return None
    return tqdm(total=total, desc=desc, unit="game", delay=0.5, leave=False)


# ====================================================================== the runner
def run(game: str, rules: Any = None, agents: Sequence[str] | str | None = None, games: int = 100,
        seed: int | str = 0, players: int | None = None, preset: str | None = None,
        options: Mapping | None = None, workers: int | str | None = "auto", scheduler: Any = None,
        chunk: int | None = None, progress: bool = True, *, rotate: bool = False,
        checked: bool = False, max_actions: int = 100_000):
    """Play ``games`` seeded bot games and return one row per game and seat.

    Parameters
    ----------
    game : str
        ``"ticket-to-ride"``, ``"steam-rollers"`` or ``"station-master"``.
    rules : None, dict or rules object
        Rule settings over the preset (a dict of overrides or the game's
        ``param.Parameterized`` rules; with a preset, only its non-default
        settings override).
    agents : list of str or str
        Bot names, one per seat, or one name for every seat (``"a,b"`` works
        too). Default: the game's default bot.
    games : int
        Number of games.
    seed : int or str
        Game ``i`` uses ``derive_seed(seed, i)``; bots ``derive_seed(game seed, seat, "bot")``.
    players : int, optional
        Number of players (default: the number of agents, else 2, or the game's bounds).
    preset : str, optional
        A named preset of the game's rules.
    options : dict, optional
        Game options, e.g. ``{"map": "usa"}`` or ``{"solo": True, "difficulty": "engineer"}``.
    workers : int or "auto", optional
        ``None`` or 1: play in this process. ``N > 1``: play on N worker
        processes, started by the first such call and kept for the next ones in
        this process (see :func:`kept_workers`; :func:`close_workers` stops them):
        on Linux forked by a fork server that has railkit imported (they start
        at once; see :func:`uses_forkserver`), elsewhere a Dask ``LocalCluster``
        (1 thread each).
        ``"auto"`` (the default): play the first games here to time them (see
        :func:`auto_workers`); a job estimated at :data:`AUTO_MIN_SECONDS` (20 s)
        of CPU time or more in one process goes to one worker per available core
        (at most :data:`AUTO_MAX_WORKERS`) when run from a notebook, a console or
        ``railkit simulate``; anything smaller, a machine with one core, or a
        script file stays in this process (starting the
        workers would eat the gain; see :func:`spawn_is_safe`). Either way the
        table is the same.
    scheduler : str or distributed.Client, optional
        Run on an existing Dask cluster (scheduler address or client).
    chunk : int, optional
        Games per Dask task. Default: timed by the first games, and the tasks shrink
        towards the end of the job so the workers finish together (:func:`task_sizes`);
        ``df.attrs["chunk"]`` is then the largest task.
    progress : bool
        Show a progress bar on a terminal or in a notebook.
    rotate : bool
        Rotate the agents round the seats game by game (agent comparisons free of
        seat advantage).
    checked : bool
        Check every bot action through ``Game.apply`` (slower).
    max_actions : int
        Safety bound on one game's length (longer games become error rows).

    Returns
    -------
    pandas.DataFrame
        One row per game x seat, sorted by ``game, seat``: ``game, seed, seat,
        agent``, the game's ``summary()`` columns, ``actions`` and ``error``
        (empty unless that game raised). ``df.attrs`` holds the settings and
        ``seconds``, ``games_per_second``, ``errors``, ``workers``, ``chunk``.

    Raises
    ------
    DataError
        Unknown game, bot or preset, bad rule values or options, players out of range.
    """
    import pandas as pd

    from railkit.games import get_spec

    spec = get_spec(game)
    if players is None:
        players = _default_players(spec, agents)
    if isinstance(players, bool) or not isinstance(players, int) or not spec.min_players <= players <= spec.max_players:
        raise DataError("--players", "$", f"{spec.min_players} to {spec.max_players} players for {spec.title}", players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise DataError("--games", "$", "a number of games, 0 or more", games)
    rules_dict = resolve_rules(spec, rules, preset)
    agent_names = resolve_agents(spec, agents, players)
    opts = _json_options(options)
    if workers is not None and workers != "auto" and (isinstance(workers, bool) or not isinstance(workers, int)
                                                       or workers < 1):
        raise DataError("--workers", "$", "a number of worker processes, 1 or more, or 'auto'", workers)
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
        raise DataError("--chunk", "$", "a number of games per task, 1 or more", chunk)
    no_workers_here(workers)
    if scheduler is not None:
        require("cluster", "A Dask scheduler")
    elif isinstance(workers, int) and workers > 1 and not uses_forkserver():
        require("cluster", f"{workers} worker processes on this system")
    # A bad option or rule combination fails here, once, with the game's own message.
    spec.new_game(spec.make_rules(None, rules_dict), players, derive_seed(seed, 0), **opts)

    seeds = game_seeds(seed, games)
    job = dict(spec_name=spec.name, rules_dict=rules_dict, agents=agent_names, players=players, options=opts,
               checked=checked, max_actions=max_actions, rotate=rotate)
    t0 = time.perf_counter()
    pilot = None
    if scheduler is None and workers == "auto" and in_browser():
        workers = 1
    if scheduler is None and workers == "auto":
        pilot = _pilot(job, seeds)
        workers = auto_workers(len(seeds), pilot[2])
        if workers > 1 and not uses_forkserver() and not installed("cluster"):
            workers = 1  # local workers here would be a Dask cluster, which is not installed
    if scheduler is None and (workers is None or workers <= 1):
        done_rows, n_done = (pilot[0], pilot[1]) if pilot else ([], 0)
        rows = done_rows + _run_local(job, seeds[n_done:], progress, spec.title, total=len(seeds), done=n_done)
        df, used_workers, used_chunk = _frame(rows), 1, len(seeds)
    else:
        df, used_workers, used_chunk = _run_parallel(job, seeds, workers, scheduler, chunk, progress, spec.title,
                                                     pilot=pilot)
    seconds = time.perf_counter() - t0

    if df.empty:
        df = pd.DataFrame(columns=[*KEY_COLUMNS, "actions", "error"])
    df = df.sort_values(["game", "seat"], kind="stable", ignore_index=True)
    df = df[[c for c in df.columns if c != "error"] + ["error"]]
    errors = int(df.loc[df.error != "", "game"].nunique())
    df.attrs.update(game=spec.name, games=games, players=players, seed=seed, agents=agent_names,
                    preset=preset, rules=rules_dict, options=opts, rotate=rotate, checked=checked,
                    errors=errors, seconds=seconds, games_per_second=games / seconds if seconds > 0 else math.inf,
                    workers=used_workers, chunk=used_chunk)
    return df


def available_cores(cgroup: str | os.PathLike = "/sys/fs/cgroup") -> int:
    """The processors this process may run on, and may use in full: the processors it is
    allowed on, capped by the CPU limit of its container where it has one (a Binder or
    Kubernetes pod sees the host's 32 processors but may use 1 or 2 of them).

    ``cgroup`` is where Linux shows the container's limits: ``cpu.max`` (cgroup v2, a quota
    and a period in microseconds, or ``max``) or ``cpu/cpu.cfs_quota_us`` and
    ``cpu/cpu.cfs_period_us`` (v1, -1 for none).
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    limit = cpu_limit(cgroup)
    return max(1, min(cores, limit)) if limit is not None else cores


def cpu_limit(cgroup: str | os.PathLike = "/sys/fs/cgroup") -> int | None:
    """The container's CPU limit in whole processors (rounded up), or None for no limit.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "cpu.max").write_text("150000 100000\\n")
    >>> cpu_limit(folder)
    2
    >>> _ = (folder / "cpu.max").write_text("max 100000\\n")
    >>> cpu_limit(folder) is None
    True
    """
    root = Path(cgroup)
    for quota_file, period_file in ((root / "cpu.max", None),
                                    (root / "cpu" / "cpu.cfs_quota_us", root / "cpu" / "cpu.cfs_period_us")):
        try:
            if period_file is None:
                quota, period = quota_file.read_text().split()[:2]
            else:
                quota, period = quota_file.read_text().strip(), period_file.read_text().strip()
        except (OSError, ValueError):
            continue
        if quota in ("max", "-1") or not quota.isdecimal() or not period.isdecimal() or int(period) == 0:
            return None
        return max(1, math.ceil(int(quota) / int(period)))
    return None


#: set by ``railkit simulate``: its main module may start worker processes (see :func:`spawn_is_safe`)
_SPAWN_SAFE = False


def spawn_is_safe() -> bool:
    """Whether ``workers="auto"`` may start worker processes from here: in a notebook, a
    console or ``python -c`` (no main file), and in ``railkit simulate``. A script file
    stays in one process: the workers start by importing the main module again, which
    re-runs a script that has no ``if __name__ == "__main__":`` guard. (Such a script
    asks for workers with ``workers=N`` under that guard.)"""
    main = sys.modules.get("__main__")
    return _SPAWN_SAFE or getattr(main, "__file__", None) is None


def uses_forkserver() -> bool:
    """Whether :func:`run`'s local worker processes come from a fork server (Linux): a
    fresh process, started once, that has imported railkit and forks each worker from
    itself. The workers start in a fraction of a second and hold none of this process's
    open files, sockets or threads. Elsewhere (macOS and Windows) they are a Dask
    ``LocalCluster``."""
    import multiprocessing

    return sys.platform.startswith("linux") and "forkserver" in multiprocessing.get_all_start_methods()


def worker_preload() -> list[str]:
    """What the fork server imports once, before it forks any worker: the runner, and every
    game with its bots."""
    from railkit.games import specs

    packages = [spec.package for spec in specs()]
    return (["railkit.sim.runner"] + [f"railkit.games.{p}" for p in packages]
            + [f"railkit.agents.{p}" for p in packages])


def auto_workers(games: int, seconds_per_game: float, cores: int | None = None,
                 can_spawn: bool | None = None) -> int:
    """The rule of ``workers="auto"``: 1 (this process) unless the job is estimated at
    :data:`AUTO_MIN_SECONDS` or more of CPU time in one process; then one worker per
    core, at most :data:`AUTO_MAX_WORKERS` (and 1 on a one-core machine, or where
    :func:`spawn_is_safe` says no).

    >>> auto_workers(1000, 0.002, cores=2, can_spawn=True)   # 2 s of games: not worth starting workers
    1
    >>> auto_workers(1000, 0.05, cores=2, can_spawn=True)    # 50 s: two workers
    2
    >>> auto_workers(100_000, 0.05, cores=32, can_spawn=True), auto_workers(100_000, 0.05, cores=32, can_spawn=False)
    (8, 1)
    """
    cores = available_cores() if cores is None else cores
    can_spawn = spawn_is_safe() if can_spawn is None else can_spawn
    if cores < 2 or games * seconds_per_game < AUTO_MIN_SECONDS or not can_spawn:
        return 1
    return min(cores, AUTO_MAX_WORKERS)


def _run_local(job: dict, seeds: list, progress: bool, title: str, total: int | None = None,
               done: int = 0) -> list[dict]:
    bar = _progress_bar(len(seeds) + done if total is None else total, progress, title)
    if bar is not None and done:
        bar.update(done)
    rows: list[dict] = []
    try:
        for game_rows in _iter_games(seeds=seeds, **job):
            rows.extend(game_rows)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return rows


def _pilot(job: dict, seeds: list) -> tuple[list[dict], int, float]:
    """Play the first games here until ~0.1 s has passed: their rows and the
    CPU time per game (to size the Dask tasks and for ``workers="auto"``: the
    work a game is, whatever else the machine is doing)."""
    rows: list[dict] = []
    t0, c0 = time.perf_counter(), time.process_time()
    n = 0
    for game_rows in _iter_games(seeds=seeds[:20], **job):
        rows.extend(game_rows)
        n += 1
        if time.perf_counter() - t0 > 0.1:
            break
    return rows, n, (time.process_time() - c0) / max(n, 1)


def chunk_size(games: int, workers: int, seconds_per_game: float) -> int:
    """Games per Dask task: at least :data:`TASK_SECONDS` of work per task, and
    otherwise as many games as gives each worker :data:`TASKS_PER_WORKER` tasks
    (small enough to balance the load, large enough to cost little).

    >>> chunk_size(10_000, 2, 0.003)      # fast games: 16 tasks of ~2 s
    625
    >>> chunk_size(100, 2, 0.3)           # slow games: 15 tasks of ~2 s
    7
    >>> chunk_size(50, 2, 0.003)          # little work: one task
    50
    """
    by_time = math.ceil(TASK_SECONDS / max(seconds_per_game, 1e-6))
    by_balance = math.ceil(games / (max(workers, 1) * TASKS_PER_WORKER)) if games else 1
    return max(1, min(max(by_time, by_balance), max(games, 1)))


def task_sizes(games: int, workers: int, seconds_per_game: float) -> list[int]:
    """Games per Dask task, in the order the tasks are sent (guided self-scheduling).

    The tasks are :func:`chunk_size` games long until the games left would give each
    worker fewer than two such tasks; from there every task takes half a worker's share
    of the games left, but never less than :data:`TASK_SECONDS` of work. The workers
    then run out of work within about a small task of each other, instead of one of
    them idling while the other plays a whole chunk.

    >>> sizes = task_sizes(10_000, 2, 0.003)
    >>> sizes[:3], sizes[-3:], sum(sizes)
    ([625, 625, 625], [84, 84, 81], 10000)
    >>> task_sizes(50, 2, 0.003)          # little work: one task
    [50]
    """
    big = chunk_size(games, workers, seconds_per_game)
    small = min(big, math.ceil(TASK_SECONDS / max(seconds_per_game, 1e-6)))
    sizes: list[int] = []
    left = games
    while left > 0:
        size = min(left, big, max(small, math.ceil(left / (2 * max(workers, 1)))))
        sizes.append(size)
        left -= size
    return sizes


def local_cluster(workers: int = 2, **kwargs: Any):
    """A Dask ``LocalCluster`` set up for bot games: ``workers`` processes with
    one thread each, no dashboard, quiet logs, and the workers' statistical
    profiler off (it costs ~10 % CPU on pure-Python games).

    The settings apply to this cluster only (nothing global changes). Use it
    as a context manager, and pass ``Client(cluster)`` to :func:`run` as
    ``scheduler`` to reuse one cluster for many runs. ``kwargs`` go to
    ``LocalCluster``. Worker processes start with Dask's configured method
    (``spawn`` by default: a second or two slower than ``fork``, but a forked
    worker inherits the parent's threads and locks, and a forked 10,000-game
    run was seen to hang).
    """
    import logging

    require("cluster", "A Dask local cluster")
    import dask
    from distributed import LocalCluster

    # no dashboard, and the scheduler's own HTTP server only on this machine (without
    # scheduler_kwargs it opens port 8787 on every interface)
    options = dict(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=logging.ERROR)
    options.update(kwargs)
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        return LocalCluster(**options)


#: the worker processes that :func:`run` started for ``workers=N``, kept for the next calls
#: of this process (a notebook's calls share them): ``{"pool": ..., "workers": N}`` (from the
#: fork server, see :func:`uses_forkserver`) or ``{"cluster": ..., "client": ...}`` (a Dask LocalCluster)
_KEPT: dict[str, Any] = {}


def kept_workers(workers: int):
    """The ``workers`` local worker processes that :func:`run` keeps for this process:
    started on the first call that needs them, then reused (a second call, in a notebook
    say, does not wait for them to start again). A call with another number of workers
    replaces them; :func:`close_workers`, or the end of the process, stops them.

    On Linux they are a :class:`concurrent.futures.ProcessPoolExecutor` whose processes
    the fork server forks (see :func:`uses_forkserver`), each as its first task arrives;
    elsewhere the ``distributed.Client`` of a Dask ``LocalCluster``."""
    import atexit

    if not _KEPT.get("atexit"):
        atexit.register(close_workers)
        _KEPT["atexit"] = True
    if uses_forkserver():
        pool = _KEPT.get("pool")
        if pool is not None and _KEPT.get("workers") == workers and not getattr(pool, "_broken", False):
            return pool
        from concurrent.futures import ProcessPoolExecutor

        close_workers()
        context = QuietStartContext()
        context.set_forkserver_preload(worker_preload())  # read when the server starts (once a process)
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_started)
        _KEPT.update(pool=pool, workers=workers)
        return pool
    from distributed import Client

    client = _KEPT.get("client")
    if client is not None and client.status == "running" and sum(client.nthreads().values()) == workers:
        return client
    close_workers()
    cluster = local_cluster(workers)
    _KEPT.update(cluster=cluster, client=Client(cluster))
    return _KEPT["client"]


@contextmanager
def sigint_deferred():
    """Hold back Ctrl+C (SIGINT) until the block ends, in the main thread (elsewhere a
    no-op): a Ctrl+C that arrives inside is raised as the block ends, as it would have
    been a moment earlier.

    >>> import signal
    >>> try:
    ...     with sigint_deferred():
    ...         signal.raise_signal(signal.SIGINT)
    ...         finished = True
    ... except KeyboardInterrupt:
    ...     print("interrupted after the block:", finished)
    interrupted after the block: True
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            signal.raise_signal(signal.SIGINT)


try:
    from multiprocessing.context import ForkServerContext, ForkServerProcess
except ImportError:  # no fork server here (Windows): the workers are a Dask cluster
    ForkServerContext = ForkServerProcess = object  # type: ignore[assignment,misc]


class QuietStartProcess(ForkServerProcess):  # type: ignore[misc,valid-type]
    """A fork server's worker process that starts with Ctrl+C held back: it starts by
    handing its pipes to the fork server, and a Ctrl+C in the middle of that (the parent
    then ends) made the fork server print a traceback of its own."""

    def start(self) -> None:
        with sigint_deferred():
            super().start()


class QuietStartContext(ForkServerContext):  # type: ignore[misc,valid-type]
    """The fork server's context, its processes :class:`QuietStartProcess`."""

    Process = QuietStartProcess


def _worker_started() -> None:
    """Set up a local worker: it ends as soon as the process that uses it ends, even one
    killed outright (a notebook kernel restarted), and it ignores Ctrl-C and a notebook's
    interrupt, which reach the whole process group: the parent stops waiting and drops
    the tasks not started, the workers finish the ones they hold and stay ready."""
    import multiprocessing
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()  # its sentinel is a pipe only the parent holds open

    def end_with_parent() -> None:
        parent.join()
        os._exit(0)

    if parent is not None:
        threading.Thread(target=end_with_parent, name="railkit-end-with-parent", daemon=True).start()


def close_workers(now: bool = False) -> None:
    """Stop the worker processes that :func:`run` keeps (see :func:`kept_workers`); a
    no-op when there are none. They finish the games they are playing first, unless
    ``now``: the local workers are killed and nothing else is done (``railkit simulate``
    stopped by Ctrl+C, just before its process ends at once)."""
    pool = _KEPT.pop("pool", None)
    _KEPT.pop("workers", None)
    if pool is not None:
        if now:  # no shutdown: the interrupted thread may hold the pool's lock, and nobody waits
            for proc in list((getattr(pool, "_processes", None) or {}).values()):
                proc.kill()
            return
        pool.shutdown(wait=True, cancel_futures=True)
    client, cluster = _KEPT.pop("client", None), _KEPT.pop("cluster", None)
    for part in (client, cluster):
        if part is not None:
            try:
                part.close()
            except Exception:  # already gone (the end of the process): nothing to stop
                pass


def _run_parallel(job: dict, seeds: list, workers: int | None, scheduler: Any, chunk: int | None,
                  progress: bool, title: str, pilot: tuple | None = None) -> tuple[Any, int, int]:
    """The job's tasks on the kept local workers (``scheduler`` None) or a Dask scheduler."""
    import pandas as pd

    client = None
    own_client = True
    futures: list = []
    frames = []
    rest = seeds
    per_game = None
    if pilot is not None:  # the games played here to time them count
        frames.append(_frame(pilot[0]))
        rest, per_game = seeds[pilot[1]:], pilot[2]
    bar = _progress_bar(len(seeds), progress, title)
    try:
        if bar is not None:
            bar.update(len(seeds) - len(rest))
        if scheduler is None:
            client, own_client = kept_workers(workers), False
        else:  # run() has checked that Dask is installed
            from distributed import Client

            if isinstance(scheduler, Client):
                client, own_client = scheduler, False
            elif isinstance(scheduler, str):
                try:
                    client = Client(scheduler, timeout=10)
                except (OSError, TimeoutError) as exc:
                    raise DataError("--scheduler", "$", "the address of a running Dask scheduler", scheduler) from exc
            else:
                raise DataError("scheduler", "$", "a Dask scheduler address or a distributed.Client",
                                type(scheduler).__name__)
        pooled = not hasattr(client, "nthreads")  # the kept pool of the fork server's processes
        n_workers = int(workers or 1) if pooled else max(1, sum(client.nthreads().values()))

        if chunk is not None:
            sizes = [chunk] * math.ceil(len(rest) / chunk)
        else:
            if per_game is None:
                rows, n, per_game = _pilot(job, rest)
                frames.append(_frame(rows))
                rest = rest[n:]
                if bar is not None:
                    bar.update(n)
            sizes = task_sizes(len(rest), n_workers, per_game)
            chunk = max(sizes, default=1)
        parts, start = [], 0
        for size in sizes:
            parts.append(rest[start:start + size])
            start += size
        if pooled:
            # the workers send rows and this process builds the tables (one pandas table, not many)
            from concurrent.futures import as_completed

            futures = [client.submit(play_batch, seeds=part, **job) for part in parts]
        else:
            from distributed import as_completed

            futures = [client.submit(play_frame, seeds=part, pure=False, **job) for part in parts]
        index = {f: i for i, f in enumerate(futures)}
        done: dict[int, Any] = {}
        for fut in as_completed(futures):
            i = index[fut]
            done[i] = _frame(fut.result()) if pooled else fut.result()
            if bar is not None:
                bar.update(len(parts[i]))
        frames += [done[i] for i in range(len(parts))]  # the parts in seed order
        df = pd.concat(frames, ignore_index=True, sort=False) if frames else _frame([])
        return df, n_workers, chunk
    finally:
        for fut in futures:  # stopped early (an error, an interrupt): drop the tasks not done
            if not fut.done():
                fut.cancel()
        if bar is not None:
            bar.close()
        if client is not None and own_client:
            client.close()


def replay_game(df, game: int) -> Game:
    """Play game number ``game`` of a results table again and return the finished
    :class:`~railkit.core.game.Game` (its log, board and ``summary()``), to look
    closely at one game of a large run. Uses the settings in ``df.attrs``.

    >>> df = run("ticket-to-ride", agents="random", players=2, games=3, seed=8,
    ...          options={"map": "teaching-small"}, progress=False)
    >>> g = replay_game(df, 2)
    >>> [r["score"] for r in g.summary()] == df[df.game == 2].score.tolist()
    True
    """
    from railkit.games import get_spec

    a = df.attrs
    for key in ("game", "rules", "players", "agents", "seed"):
        if key not in a:
            raise DataError("results", f"$.attrs.{key}", "a table made by railkit.sim.run (settings missing)")
    if not 0 <= game < a.get("games", 0):
        raise DataError("results", "$.game", f"a game number from 0 to {a.get('games', 0) - 1}", game)
    spec = get_spec(a["game"])
    game_seed = derive_seed(a["seed"], game)
    names = _seat_agents(a["agents"], game, a["players"], a.get("rotate", False))
    g = spec.new_game(spec.make_rules(None, a["rules"]), a["players"], game_seed, **dict(a.get("options") or {}))
    classes = agents_of(spec)
    bots = [classes[n](derive_seed(game_seed, s, "bot")) for s, n in enumerate(names)]
    return play(g, bots, checked=True)


# ====================================================================== variants
def run_variants(variants: Mapping[str, Mapping], **common: Any):
    """Run several variants with the same seeds and stack the tables.

    ``variants`` maps a label to :func:`run` keyword arguments that override
    ``common`` (``options`` and ``rules`` dicts are merged key by key). The
    result has a first column ``variant``. The same seeds in every variant
    make differences sharper (common random numbers).

    >>> df = run_variants({"short": {"rules": {"trains": 12}}, "long": {"rules": {"trains": 20}}},
    ...                   game="ticket-to-ride", players=2, games=2, options={"map": "teaching-small"},
    ...                   progress=False)
    >>> df.groupby("variant", sort=False).size().to_dict()
    {'short': 4, 'long': 4}
    """
    import pandas as pd

    frames = []
    for label, over in variants.items():
        kw = dict(common)
        for key, value in dict(over).items():
            if key in ("rules", "options") and isinstance(value, Mapping) and isinstance(kw.get(key), Mapping):
                kw[key] = {**kw[key], **value}
            else:
                kw[key] = value
        df = run(**kw)
        df.insert(0, "variant", label)
        frames.append(df)
    out = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    out.attrs = {"variants": list(variants), "seconds": sum(f.attrs.get("seconds", 0) for f in frames)}
    return out


# ====================================================================== files
def save_results(df, path: str | os.PathLike) -> Path:
    """Write a results table to ``.csv`` or ``.parquet`` atomically (temp file + rename).

    In CSV files, list columns (routes, cities ...) are written as JSON text;
    :func:`load_results` turns them back into lists.
    """
    path = Path(path)
    kind = path.suffix.lower()
    if kind not in (".csv", ".parquet"):
        raise DataError(str(path), "$", "a file name ending in .csv or .parquet", path.suffix or path.name)
    out = df.copy()
    out.attrs = {}
    if kind == ".csv":
        for col in out.columns:
            if out[col].map(lambda v: isinstance(v, (list, tuple))).any():
                out[col] = out[col].map(lambda v: json.dumps(list(v)) if isinstance(v, (list, tuple)) else v)
    if kind == ".parquet":
        require("parquet", "A .parquet file")
    with atomic_path(path) as tmp:
        if kind == ".csv":
            out.to_csv(tmp, index=False)
        else:
            out.to_parquet(tmp, index=False)
    return path


def load_results(path: str | os.PathLike):
    """Read a table written by :func:`save_results` (lists come back as lists)."""
    import pandas as pd

    path = Path(path)
    if not path.exists():
        raise DataError(str(path), "$", "an existing results file")
    kind = path.suffix.lower()
    if kind == ".parquet":
        df = pd.read_parquet(path)
        for col in df.columns:
            if df[col].dtype == object and df[col].map(lambda v: hasattr(v, "tolist")).any():
                df[col] = df[col].map(lambda v: list(v.tolist()) if hasattr(v, "tolist") else v)
    elif kind == ".csv":
        df = pd.read_csv(path, keep_default_na=False, na_values=[""])
        for col in df.columns:
            vals = df[col].dropna()
            if len(vals) and vals.map(lambda v: isinstance(v, str) and v.startswith("[") and v.endswith("]")).all():
                df[col] = df[col].map(lambda v: json.loads(v) if isinstance(v, str) else v)
    else:
        raise DataError(str(path), "$", "a file name ending in .csv or .parquet", path.suffix or path.name)
    if "error" in df.columns:
        df["error"] = df["error"].fillna("").astype(str)
    return df

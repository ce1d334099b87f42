"""A rating ladder: bots of one game rated on one scale from seat-rotated round robins.

Vocabulary
----------
*lineup*
    The bots at one table, one per seat. A ladder of ``players`` seats plays every lineup
    that seats as many *different* bots as it can (:func:`lineups`): with more bots than
    seats, every set of ``players`` different bots; with fewer, every way to give each bot
    at least one seat (3 bots at 4 seats: one of them takes two).
*round robin*
    Every lineup plays ``games`` seeded games; game ``i`` moves the bots ``i % players``
    seats round the table (``rotate`` of :func:`railkit.sim.run`), so each bot plays each
    seat equally often after ``players`` games. Every lineup plays the same deals (game
    ``i`` has the same seed in every lineup): the lineups differ by their bots, not by luck.
*rating*
    OpenSkill's Plackett--Luce model (the ``openskill`` package, the extra
    ``railkit[ratings]``): each game is a ranking
    of its seats (the game's own ``rank``, ties shared), and each bot has a skill estimate
    ``mu`` with an uncertainty ``sigma``; ``rating = mu - 3 sigma`` is the conservative
    rating (about 99.7 % sure the skill is at least that). A bot in two seats of one game
    gets the updates of both seats (as if it had played two games). The games are rated
    in a fixed order (game 0 of every lineup, then game 1 ...), so a seed gives one table.
*pairwise win rate*
    For two bots at one table, how often the first finishes ahead of the second (ties
    count half), over every pair of their seats, with a Wilson 95 % interval. At more
    than two seats the pairs of one game are not independent, so read those intervals as
    a little narrow.

Hard bots stop a decision at their wall-clock cap (900 ms) on a slow or busy machine;
a ladder with such bots is reproducible only while no decision reaches it.

>>> lineups(["easy", "medium", "hard"], 2)
[('easy', 'medium'), ('easy', 'hard'), ('medium', 'hard')]
>>> lineups(["easy", "medium", "hard"], 4)
[('easy', 'easy', 'medium', 'hard'), ('easy', 'medium', 'medium', 'hard'), ('easy', 'medium', 'hard', 'hard')]
>>> lad = ladder("station-master", players=2, games=2, bots="random,greedy", seed=1)
>>> lad.ratings[["bot", "games"]].values.tolist()
[['greedy', 2], ['random', 2]]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from railkit.core.errors import DataError
from railkit.core.extras import require
from railkit.sim.stats import wilson

#: the bots a ladder rates when none are named
DEFAULT_BOTS = ("easy", "medium", "hard")


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every lineup of a round robin of ``bots`` at ``players`` seats, in a fixed order.

    With at least as many bots as seats: every set of ``players`` different bots. With
    fewer: every table that gives each bot at least one seat (the extra seats go to the
    bots in every possible way), the bots in the order given.
    """
    bots = list(bots)
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    out = []
    for extra in itertools.combinations_with_replacement(range(len(bots)), players - len(bots)):
        out.append(tuple(b for i, b in enumerate(bots) for _ in range(1 + extra.count(i))))
    return out


@dataclass
class Ladder:
    """What :func:`ladder` measured.

    Attributes
    ----------
    ratings : DataFrame
        One row per bot, best conservative rating first: ``bot``, ``mu``, ``sigma``,
        ``rating`` (``mu - 3 sigma``), ``mu_lo`` and ``mu_hi`` (``mu`` -/+ ``3 sigma``, for
        an interval plot), ``games`` (seats played), ``wins`` (win shares),
        ``win_rate`` with ``win_rate_lo``/``_hi`` (Wilson 95 %), ``mean_score``.
    pairs : DataFrame
        One row per ordered pair of bots that met: ``bot``, ``opponent``, ``meetings``
        (seat pairs), ``ahead`` (ties count half), ``rate`` with ``lo``/``hi`` (Wilson 95 %).
    results : DataFrame
        Every game's rows (as from :func:`railkit.sim.run`) with a ``lineup`` column.
    settings : dict
        ``game``, ``players``, ``games`` (per lineup), ``bots``, ``seed``, ``lineups``, ``options``.
    """

    ratings: Any
    pairs: Any
    results: Any
    settings: dict = field(default_factory=dict)

    def order(self, by: str = "rating") -> list[str]:
        """The bots from the lowest to the highest ``by`` (``"rating"`` or ``"mu"``)."""
        return self.ratings.sort_values(by, kind="stable")["bot"].tolist()

    def to_dict(self) -> dict:
        """A JSON-able dict (floats rounded, NaN as None): settings, ratings, pairs."""
        def clean(x):
            if isinstance(x, float):
                return None if math.isnan(x) else round(x, 4)
            return x.item() if hasattr(x, "item") else x

        return {**self.settings,
                "ratings": [{k: clean(v) for k, v in r.items()} for r in self.ratings.to_dict("records")],
                "pairs": [{k: clean(v) for k, v in r.items()} for r in self.pairs.to_dict("records")]}

    def __str__(self) -> str:
        s = self.settings
        lines = [f"{s['title']}, {s['players']} players: {len(s['lineups'])} lineups x {s['games']} games, "
                 f"seed {s['seed']}",
                 f"{'bot':20} {'mu':>6} {'sigma':>6} {'rating':>7} {'seats':>6} {'win rate':>9} "
                 f"{'95% interval':>14} {'mean score':>10}"]
        for r in self.ratings.itertuples():
            lines.append(f"{r.bot:20} {r.mu:6.2f} {r.sigma:6.2f} {r.rating:7.2f} {r.games:6d} {r.win_rate:9.2f} "
                         f"{'[%.2f, %.2f]' % (r.win_rate_lo, r.win_rate_hi):>14} {r.mean_score:10.1f}")
        lines += ["", "pairwise: how often the bot finishes ahead of the opponent (ties half)",
                  f"{'bot':20} {'opponent':20} {'meetings':>8} {'rate':>6} {'95% interval':>14}"]
        for r in self.pairs.itertuples():
            lines.append(f"{r.bot:20} {r.opponent:20} {r.meetings:8d} {r.rate:6.2f} "
                         f"{'[%.2f, %.2f]' % (r.lo, r.hi):>14}")
        return "\n".join(lines)


def _check(spec, players: Any, games: Any, bots: Sequence[str] | str | None) -> list[str]:
    """The bot names, after checking every argument (errors name it and what was expected)."""
    from railkit.agents import agents_of

    least = max(2, spec.min_players)  # a ladder ranks bots against each other: 2 seats or more
    if isinstance(players, bool) or not isinstance(players, int) or not least <= players <= spec.max_players:
        raise DataError("--players", "$", f"{least} to {spec.max_players} players for {spec.title}", players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DataError("--games", "$", "a number of games per lineup, 1 or more", games)
    if bots is None:
        names = list(DEFAULT_BOTS)
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",") if b.strip()]
    else:
        names = [str(b).strip() for b in bots]
    known = agents_of(spec)
    for name in names:
        if name not in known:
            raise DataError("--bots", "$", f"bots of {spec.title}: " + ", ".join(sorted(known)), name)
    if len(names) < 2 or len(set(names)) != len(names):
        raise DataError("--bots", "$", "2 or more different bot names, separated by commas", ",".join(names))
    return names


def _rate(results, bots: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Plackett--Luce ``(mu, sigma)`` per bot from every game of ``results``, in game order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    now = {b: (model.mu, model.sigma) for b in bots}
    ok = results[results["error"] == ""]
    for _, g in ok.sort_values(["game", "lineup", "seat"], kind="stable").groupby(["game", "lineup"], sort=False):
        agents, ranks = g["agent"].tolist(), [int(r) for r in g["rank"]]
        teams = [[model.rating(mu=now[a][0], sigma=now[a][1])] for a in agents]
        new = model.rate(teams, ranks=ranks)
        step: dict[str, tuple[float, float]] = {}
        for a, team in zip(agents, new):
            mu, sigma = now[a]
            d_mu, shrink = step.get(a, (0.0, 1.0))
            step[a] = (d_mu + team[0].mu - mu, shrink * (team[0].sigma / sigma) ** 2)
        for a, (d_mu, shrink) in step.items():
            mu, sigma = now[a]
            now[a] = (mu + d_mu, sigma * math.sqrt(shrink))
    return now


def _pairs(results, bots: Sequence[str]):
    import pandas as pd

    ahead: dict[tuple[str, str], float] = {}
    meetings: dict[tuple[str, str], int] = {}
    ok = results[results["error"] == ""]
    for _, g in ok.groupby(["game", "lineup"], sort=False):
        seats = list(zip(g["agent"], g["rank"]))
        for (a, ra), (b, rb) in itertools.permutations(seats, 2):
            if a == b:
                continue
            meetings[a, b] = meetings.get((a, b), 0) + 1
            ahead[a, b] = ahead.get((a, b), 0.0) + (1.0 if ra < rb else 0.5 if ra == rb else 0.0)
    rows = []
    for a, b in itertools.permutations(bots, 2):
        n = meetings.get((a, b), 0)
        if n:
            lo, hi = wilson(ahead[a, b], n)
            rows.append({"bot": a, "opponent": b, "meetings": n, "ahead": ahead[a, b], "rate": ahead[a, b] / n,
                         "lo": lo, "hi": hi})
    return pd.DataFrame(rows, columns=["bot", "opponent", "meetings", "ahead", "rate", "lo", "hi"])


def _win_shares(results):
    """Each row's share of its game's win (ties split)."""
    ok = results[results["error"] == ""]
    winners = ok.groupby(["game", "lineup"])["win"].transform("sum")
    return ok["win"].astype(float) / winners.where(winners > 0, 1)


def ladder(game: str, players: int = 2, games: int = 2, bots: Sequence[str] | str | None = None,
           seed: int | str = 0, options: Mapping | None = None, rules: Any = None, preset: str | None = None,
           workers: int | str | None = 1, progress: bool = False) -> Ladder:
    """Rate ``bots`` of ``game`` on one ladder from seat-rotated round robins.

    Parameters
    ----------
    game : str
        A game's name (``"ticket-to-ride"`` ...).
    players : int
        Seats at every table.
    games : int
        Games per lineup (``players`` of them give every bot every seat once).
    bots : list of str or str, optional
        Two or more different bot names (``"easy,medium,hard"``, the default).
    seed : int or str
        Game ``i`` of every lineup is dealt from ``derive_seed(seed, i)``.
    options, rules, preset, workers, progress
        As for :func:`railkit.sim.run` (one process by default).

    Returns
    -------
    Ladder
        Ratings, pairwise win rates and the games (see :class:`Ladder`); ``str()`` of it
        is a readable table.

    Raises
    ------
    DataError
        Unknown game or bot, players out of range, fewer than 1 game, bad options.
    """
    import pandas as pd

    from railkit.games import get_spec
    from railkit.sim.runner import run

    spec = get_spec(game)
    names = _check(spec, players, games, bots)
    require("ratings", "A rating ladder")
    tables = lineups(names, players)
    frames = []
    for j, lineup in enumerate(tables):
        df = run(spec.name, rules=rules, agents=list(lineup), games=games, seed=seed, players=players,
                 preset=preset, options=options, workers=workers, progress=progress, rotate=True)
        frames.append(df.assign(lineup=j))
    results = pd.concat(frames, ignore_index=True)
    if "rank" not in results.columns:
        failed = results.loc[results["error"] != "", "error"]
        raise DataError("ladder", "$", "games that end", failed.iloc[0] if len(failed) else "no games")
    rated = _rate(results, names)
    ok = results[results["error"] == ""].assign(share=_win_shares(results))
    rows = []
    for b in names:
        mine = ok[ok["agent"] == b]
        mu, sigma = rated[b]
        n, wins = len(mine), float(mine["share"].sum())
        lo, hi = wilson(wins, n)
        rows.append({"bot": b, "mu": mu, "sigma": sigma, "rating": mu - 3 * sigma, "mu_lo": mu - 3 * sigma,
                     "mu_hi": mu + 3 * sigma, "games": n, "wins": wins,
                     "win_rate": wins / n if n else math.nan, "win_rate_lo": lo, "win_rate_hi": hi,
                     "mean_score": float(mine["score"].mean()) if n else math.nan})
    ratings = pd.DataFrame(rows).sort_values("rating", ascending=False, kind="stable", ignore_index=True)
    settings = {"game": spec.name, "title": spec.title, "players": players, "games": games, "bots": names,
                "seed": seed, "lineups": [list(t) for t in tables], "options": dict(options or {}),
                "errors": int(results.loc[results["error"] != "", ["game", "lineup"]].drop_duplicates().shape[0])}
    return Ladder(ratings=ratings, pairs=_pairs(results, names), results=results, settings=settings)

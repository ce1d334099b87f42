"""A coach against a simulated learner: how fast does its learner's win rate settle?

:func:`coach_series` plays seeded games of the ``coach`` bot (:mod:`railkit.agents.coach`)
against a learner bot, tells the coach each result and returns one row per game: the coach's
level, the learner's result and its win rate over the last 10 games. :func:`settled_after`
reads the first game from which that rate stays in the coach's band.

>>> df = coach_series("station-master", learner="greedy", games=2, seed=1, coach_start=2)
>>> df.columns.tolist()
['game', 'seed', 'learner_seat', 'coach_level', 'learner_result', 'learner_rate', 'coach_score', 'learner_score']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from railkit.core.errors import DataError


def coach_series(game: str, learner: str = "medium", games: int = 20, seed: int | str = 0, players: int = 2,
                 options: Mapping | None = None, coach_start: int | None = None):
    """``games`` seeded games of the coach against ``learner`` (the learner's seat alternates;
    at more than 2 seats the other seats play the learner's bot too).

    Returns
    -------
    DataFrame
        ``game``, ``seed``, ``learner_seat``, ``coach_level`` (its level in that game),
        ``learner_result`` (1 won, 0 lost, a share for a tie), ``learner_rate`` (over the
        last 10 games, this one included), ``coach_score``, ``learner_score``.
    """
    import pandas as pd

    from railkit.agents import make_agent, make_coach
    from railkit.core.game import play
    from railkit.games import get_spec
    from railkit.sim.runner import derive_seed

    spec = get_spec(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DataError("games", "$", "a number of games, 1 or more", games)
    coach = make_coach(spec, derive_seed(seed, 0, "coach"))
    if coach_start is not None:
        coach.level = coach_start
    make_agent(spec, learner, 0, source="learner")
    rows: list[dict[str, Any]] = []
    for i in range(games):
        game_seed = derive_seed(seed, i)
        seat_l = i % players
        seat_c = (seat_l + 1) % players
        bots = [make_agent(spec, learner, derive_seed(game_seed, s, "bot")) for s in range(players)]
        bots[seat_c] = coach
        g = play(spec.new_game(None, players=players, seed=game_seed, **dict(options or {})), bots)
        summary = g.summary()
        winners = [r["seat"] for r in summary if r["win"]]
        result = 1.0 / len(winners) if seat_l in winners else 0.0
        level = coach.level
        coach.record(result)
        rows.append({"game": i, "seed": game_seed, "learner_seat": seat_l, "coach_level": level,
                     "learner_result": result, "learner_rate": coach.learner_rate(),
                     "coach_score": summary[seat_c]["score"], "learner_score": summary[seat_l]["score"]})
    return pd.DataFrame(rows)


def settled_after(series, low: float = 0.4, high: float = 0.6, window: int = 10) -> int | None:
    """The number of games after which the learner's win rate over the last ``window`` games
    stays within ``[low, high]`` to the end of ``series`` (None if it never does, or fewer
    than ``window`` games were played).

    >>> import pandas as pd
    >>> settled_after(pd.DataFrame({"learner_rate": [0.0] * 9 + [0.3, 0.4, 0.5, 0.45]}))
    11
    """
    rates = list(series["learner_rate"])
    last_out = None
    for i, r in enumerate(rates):
        if i + 1 >= window and not low <= r <= high:
            last_out = i
    first = window - 1 if last_out is None else last_out + 1
    return first + 1 if first < len(rates) else None

"""Restricted-play balance probes (after Jaffe et al., AIIDE 2012).

A probe forbids one mechanic to one bot and lets it play the same bot
unrestricted: its win rate, with a Wilson 95 % interval, answers "how much does
this mechanic matter?". Near the fair share 1/players: hardly at all; far below:
the mechanic carries the game; above: the bot does better without it (the
mechanic, or the bot's use of it, is a trap).

A restriction removes the forbidden moves from the legal list the bot is given;
when that leaves nothing (a forced move), the bot plays as usual. The restricted
seat moves round the table game by game. ``restricted_decisions`` counts, per game,
the decisions where a legal move was taken away (0: the probe did not bite).

Each game's bots module declares its probes (``PROBES`` in ``railkit.agents.<game>``);
:func:`all_probes` lists them with their games.

>>> df = run_probes("ticket-to-ride", ["no-length-6"], players=2, games=4, seed=1,
...                 options={"map": "teaching-small"})
>>> df[["probe", "games", "fair"]].values.tolist()
[['no-length-6', 4, 0.5]]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from railkit.core.game import Action, Agent, play
from railkit.sim.stats import verdict, wilson

#: a predicate: (observation, action) -> True when the action is forbidden
Forbid = Callable[[dict, Action], bool]


@dataclass(frozen=True)
class Probe:
    """One restriction: a name, its game, a plain-language description and the predicate."""

    name: str
    game: str
    text: str
    forbid: Forbid


class Restricted(Agent):
    """``base`` playing without the moves ``forbid`` rejects (all moves if none is left)."""

    name = "restricted"

    def __init__(self, base: Agent, forbid: Forbid, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.base = base
        self.forbid = forbid
        self.blocked = 0  # decisions where a legal move was taken away

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        allowed = [a for a in legal if not self.forbid(observation, a)]
        if allowed and len(allowed) < len(legal):
            self.blocked += 1
        return self.base.act(observation, allowed or legal)

    def bind(self, game) -> None:
        self.base.bind(game)


def probes_of(game: str) -> dict[str, Probe]:
    """The probes of one game, by name: its bots' module declares them (``PROBES``, a
    name -> (what is forbidden, predicate) table)."""
    from railkit.agents import module_of
    from railkit.games import get_spec

    spec = get_spec(game)
    return {name: Probe(name, spec.name, text, forbid) for name, (text, forbid) in module_of(spec).PROBES.items()}


def all_probes() -> dict[str, Probe]:
    """Every game's probes, by name."""
    from railkit.games import names

    return {name: p for game in names() for name, p in probes_of(game).items()}


def probes_for(game: str) -> list[str]:
    """The probe names of one game.

    >>> probes_for("station-master")
    ['no-special-cards']
    """
    return list(probes_of(game))


def probe(name: str, *, players: int = 2, games: int = 40, seed: int = 0, agent: str = "medium",
          options: Mapping | None = None, rules: Any = None) -> dict:
    """Play ``games`` seeded games of one restricted ``agent`` against the same agent
    unrestricted; the restricted seat's win rate (ties share the win) with its interval."""
    from railkit.agents import make_agent
    from railkit.games import get_spec

    known = all_probes()
    if name not in known:
        from railkit.core.errors import DataError

        raise DataError("probes", "$", "one of " + ", ".join(known), name)
    p = known[name]
    spec = get_spec(p.game)
    wins = 0.0
    blocked = 0
    for i in range(games):
        seat = i % players
        g = spec.new_game(rules, players=players, seed=seed * 100_003 + i, **dict(options or {}))
        bots: list[Agent] = [make_agent(spec, agent, f"{seed}-{i}-{s}") for s in range(players)]
        bots[seat] = Restricted(bots[seat], p.forbid)
        play(g, bots, checked=False)
        winners = [r["seat"] for r in g.summary() if r.get("win")]
        wins += 1.0 / len(winners) if seat in winners else 0.0
        blocked += bots[seat].blocked
    lo, hi = wilson(wins, games)
    return {"probe": name, "game": p.game, "forbidden": p.text, "players": players, "games": games,
            "win_rate": wins / games, "win_rate_lo": lo, "win_rate_hi": hi, "fair": 1.0 / players,
            "restricted_decisions": blocked / games, "reading": reading(lo, hi, 1.0 / players, games)}


def reading(lo: float, hi: float, fair: float, games: int) -> str:
    """What a probe's interval shows, in words: the mechanic matters (the whole interval is
    below the fair share), it is a trap for this bot (above), or ``games`` games cannot tell.

    >>> reading(0.21, 0.30, 0.5, 400)
    'matters: the bot wins less without it'
    >>> reading(0.35, 0.65, 0.5, 40)
    'cannot tell from a fair share in 40 games'
    """
    side = verdict(lo, hi, fair)
    if side == "below":
        return "matters: the bot wins less without it"
    if side == "above":
        return "a trap for this bot: it wins more without it"
    return f"cannot tell from a fair share in {games} games"


def run_probes(game: str, names: Sequence[str] | None = None, **kwargs: Any) -> pd.DataFrame:
    """:func:`probe` for each name (default: every probe of ``game``), one row each."""
    names = list(names) if names is not None else probes_for(game)
    known = probes_of(game)
    for n in names:
        if n not in known:
            from railkit.core.errors import DataError

            raise DataError("probes", "$", "one of " + ", ".join(probes_for(game)), n)
    return pd.DataFrame([probe(n, **kwargs) for n in names])

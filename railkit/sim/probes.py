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

======================  ===============  ============================================
probe                   game             forbidden
======================  ===============  ============================================
``no-new-tickets``      Ticket to Ride   drawing tickets after set-up
``no-length-6``         Ticket to Ride   claiming routes of length 6
``no-faceup-locos``     Ticket to Ride   taking a face-up locomotive
``never-blocking``      Ticket to Ride   claiming a route on none of its own tickets'
                                         cheapest paths while a ticket is unfinished
``no-tiles``            Steam Rollers    taking or using action tiles
``no-engine-past-3``    Steam Rollers    an engine box once the engine is at 3
``no-special-cards``    Station Master   every card but carriages (Brake Van, Royal,
                                         Reassign, Repair, Transfer, Standing Room,
                                         Uncouple)
======================  ===============  ============================================

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


# ------------------------------------------------------------------ Ticket to Ride
def _ttr_no_tickets(obs: dict, a: Action) -> bool:
    from railkit.games.ticket_to_ride.actions import DrawTickets

    return type(a) is DrawTickets


def _ttr_no_six(obs: dict, a: Action) -> bool:
    from railkit.agents.ticket_to_ride import _facts
    from railkit.games.ticket_to_ride.actions import Claim

    return type(a) is Claim and _facts(obs).routes[a.route].length == 6


def _ttr_no_faceup_loco(obs: dict, a: Action) -> bool:
    from railkit.games.ticket_to_ride.actions import DrawFaceUp

    return type(a) is DrawFaceUp and obs["faceup"][a.slot - 1] == "loco"


def _ttr_never_block(obs: dict, a: Action) -> bool:
    from railkit.agents.ticket_to_ride import _cheapest, _facts
    from railkit.games.ticket_to_ride.actions import Claim

    if type(a) is not Claim:
        return False
    open_tickets = [t for t in obs["tickets"] if not t["done"]]
    if not open_tickets:
        return False
    f = _facts(obs)
    seat = obs["seat"]
    owned = {r for r, s in obs["claimed"].items() if s == seat}
    blocked = {r for r, s in obs["claimed"].items() if s != seat} | set(obs["closed"])
    useful: set[str] = set()
    for t in open_tickets:
        res = _cheapest(f, t["a"], t["b"], owned, blocked)
        if res is not None:
            useful.update(res[1])
    return a.route not in useful


# ------------------------------------------------------------------ Steam Rollers
def _sr_no_tiles(obs: dict, a: Action) -> bool:
    from railkit.games.steam_rollers.actions import TakeTile, UseTile

    return type(a) in (TakeTile, UseTile)


def _sr_engine_cap(obs: dict, a: Action) -> bool:
    from railkit.games.steam_rollers.actions import Engine

    return type(a) is Engine and len(obs["players_view"][obs["seat"]]["engine_boxes"]) >= 3


# ------------------------------------------------------------------ Station Master
def _sm_no_special(obs: dict, a: Action) -> bool:
    from railkit.games.station_master import actions as sa

    return type(a) in (sa.PlayBrakeVan, sa.PlayRoyal, sa.PlayReassign, sa.PlayRepair, sa.PlayTransfer,
                       sa.PlayStandingRoom, sa.PlayUncouple)


PROBES: dict[str, Probe] = {p.name: p for p in (
    Probe("no-new-tickets", "ticket-to-ride", "no tickets after set-up", _ttr_no_tickets),
    Probe("no-length-6", "ticket-to-ride", "no length-6 routes", _ttr_no_six),
    Probe("no-faceup-locos", "ticket-to-ride", "no face-up locomotives", _ttr_no_faceup_loco),
    Probe("never-blocking", "ticket-to-ride", "claims only routes its own tickets need", _ttr_never_block),
    Probe("no-tiles", "steam-rollers", "no action tiles", _sr_no_tiles),
    Probe("no-engine-past-3", "steam-rollers", "engine stops at 3", _sr_engine_cap),
    Probe("no-special-cards", "station-master", "carriages and chips only", _sm_no_special),
)}


def probes_for(game: str) -> list[str]:
    """The probe names of one game.

    >>> probes_for("station-master")
    ['no-special-cards']
    """
    return [p.name for p in PROBES.values() if p.game == game]


def probe(name: str, *, players: int = 2, games: int = 40, seed: int = 0, agent: str = "medium",
          options: Mapping | None = None, rules: Any = None) -> dict:
    """Play ``games`` seeded games of one restricted ``agent`` against the same agent
    unrestricted; the restricted seat's win rate (ties share the win) with its interval."""
    from railkit.games import get_spec

    p = PROBES[name]
    spec = get_spec(p.game)
    wins = 0.0
    blocked = 0
    for i in range(games):
        seat = i % players
        g = spec.new_game(rules, players=players, seed=seed * 100_003 + i, **dict(options or {}))
        bots: list[Agent] = [spec.make_agent(agent, f"{seed}-{i}-{s}") for s in range(players)]
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
    for n in names:
        if n not in PROBES or PROBES[n].game != game:
            from railkit.core.errors import DataError

            raise DataError("probes", "$", "one of " + ", ".join(probes_for(game)), n)
    return pd.DataFrame([probe(n, **kwargs) for n in names])

"""Bot levels a person can pick by name, and the Ticket to Ride play styles.

Every game gets three levels, accepted wherever a bot name is (``--bots``,
``--agents``, the served apps, :func:`railkit.sim.run`):

==========  ===================================================================
``easy``    Ticket to Ride: ``greedy-route`` (one step, no ticket plan); Steam
            Rollers and Station Master: ``greedy`` with 40 % of its moves random
``medium``  the best heuristic: ``tickets`` / ``greedy`` / ``greedy``
``hard``    medium, improved by search (:mod:`railkit.agents.mcts`): medium's
            move and a few alternatives, each played out on determinisations
            (hidden parts dealt again from what the seat may know) with every
            seat playing medium -- whole games in Ticket to Ride and in
            Station Master (at 4 players five turns of every seat, then each
            train at its expected final value), two turns of every seat and
            an evaluation (score, engine and the deliveries still in reach)
            in Steam Rollers; sequential
            halving spends the budget, and medium's move stands unless another
            is clearly better on the paired playouts
==========  ===================================================================

Ticket to Ride styles after de Mesentier Silva et al. (FDG 2017), mapped onto
the existing bots where they match:

======================  ======================================================
``route-focus``         ``tickets``: plans the cheapest paths for its tickets and
                        claims the routes on them
``destination-hungry``  keeps as many tickets as it can reach, and draws more
                        as soon as its tickets are done (while it has 6 trains)
``one-step-thinking``   ``greedy-route``: the best claim now, else the colour
                        that brings the best route within reach
``long-route``          the existing ``long-route`` bot (routes of length 5-6)
======================  ======================================================

>>> from railkit.games.ticket_to_ride import SPEC
>>> sorted(n for n in SPEC.agents() if n in LEVELS)
['easy', 'hard', 'medium']
>>> SPEC.make_agent("one-step-thinking", 1).name
'one-step-thinking'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railkit.core.game import Action, Agent

LEVELS = ("easy", "medium", "hard")

#: per game: (easy base, easy random share, medium base)
_BASES = {
    "ticket-to-ride": ("greedy-route", 0.0, "tickets"),
    "steam-rollers": ("greedy", 0.4, "greedy"),
    "station-master": ("greedy", 0.4, "greedy"),
}

#: default search budget of ``hard`` per game: (most playouts per decision, playout depth
#: in actions or None for whole games, most actions simulated per decision); p95
#: decision times are printed by ``benchmarks/bot_strength.py``
HARD_BUDGET: dict[str, tuple[int, int | None, int | None]] = {
    "ticket-to-ride": (32, None, 2400),
    "steam-rollers": (12, 4, None),
    "station-master": (40, None, 2600),
}

#: budgets of ``hard`` that replace :data:`HARD_BUDGET` at some player counts:
#: {game: {players: (playouts, depth, most actions simulated)}}
HARD_BUDGET_BY_PLAYERS: dict[str, dict[int, tuple[int, int | None, int | None]]] = {
    # Ticket to Ride at 4 players: whole playouts are about twice as long as at 2, so twice
    # the simulated actions keep the playouts per candidate
    "ticket-to-ride": {4: (48, None, 4800)},
    # Steam Rollers: the playouts cover two turns of every seat (2 * players actions)
    "steam-rollers": {3: (18, 6, None), 4: (24, 8, None), 5: (20, 10, None)},
    # Station Master at 4 players: 20 actions (five turns of every seat), then each train in the
    # station at its expected final value; whole 4-player games were too noisy to tell moves apart
    "station-master": {4: (160, 20, None)},
}


def _alias(base: type[Agent], name: str, doc: str) -> type[Agent]:
    """``base`` under another name (same play)."""
    return type(f"{base.__name__}_{name.replace('-', '_')}", (base,), {"name": name, "__doc__": doc,
                                                                        "__module__": __name__})


def _mixed(base: type[Agent], share: float, name: str) -> type[Agent]:
    """``base``, but a share of its moves (chosen by its seed) are uniformly random."""

    class Mixed(Agent):
        __doc__ = f"{base.name}, with {share:.0%} of its moves random (seeded)."
        needs_observation = True
        reads_observation_only = base.reads_observation_only

        def __init__(self, seed: int | str | None = None) -> None:
            super().__init__(seed)
            self.inner = base(seed)

        def act(self, observation: Any, legal: Sequence[Action]) -> Action:
            if len(legal) > 1 and self.rng.random() < share:
                return legal[self.rng.randrange(len(legal))]
            return self.inner.act(observation, legal)

        def bind(self, game) -> None:
            self.inner.bind(game)

    Mixed.name = name
    Mixed.__name__ = Mixed.__qualname__ = f"Mixed_{base.__name__}_{name}"
    Mixed.__module__ = __name__
    return Mixed


def _destination_hungry(ticket_agent: type[Agent]) -> type[Agent]:
    from railkit.agents.ticket_to_ride import _cheapest
    from railkit.games.ticket_to_ride.actions import DrawTickets, KeepTickets

    class DestinationHungryAgent(ticket_agent):  # type: ignore[misc, valid-type]
        """The ``tickets`` planner that keeps every ticket it can still reach and
        draws new tickets as soon as its tickets are done (while it has 6 trains)."""

        name = "destination-hungry"

        def act(self, observation: Any, legal: Sequence[Action]) -> Action:
            o = observation
            if (o["phase"] == "turn" and o["trains"] >= 6 and o["ticket_deck_size"] > 0 and not o["final_round"]
                    and all(t["done"] for t in o["tickets"])):
                for a in legal:
                    if type(a) is DrawTickets:
                        return a
            return super().act(observation, legal)

        def _choose_tickets(self, obs: dict, legal: Sequence[Action], f) -> Action:
            offered = obs["offered"]
            seat = obs["seat"]
            claimed = obs["claimed"]
            owned = {rid for rid, s in claimed.items() if s == seat}
            blocked = {rid for rid, s in claimed.items() if s != seat} | set(obs["closed"])
            budget = obs["trains"]
            reach = []
            for t in offered:
                res = _cheapest(f, t["a"], t["b"], owned, blocked)
                reach.append(res is not None and res[0] <= budget)
            best, best_key = legal[0], None
            for a in legal:
                if type(a) is not KeepTickets:
                    continue
                ok = all(reach[i - 1] for i in a.keep)
                key = (ok, len(a.keep) if ok else -len(a.keep), sum(offered[i - 1]["points"] for i in a.keep))
                if best_key is None or key > best_key:
                    best, best_key = a, key
            return best

    DestinationHungryAgent.__module__ = __name__
    return DestinationHungryAgent


def register(game_name: str, agents: dict[str, type[Agent]]) -> None:
    """Add the levels (and, for Ticket to Ride, the styles) to a game's ``AGENTS``.

    Existing names are kept as they are (additions only).
    """
    from railkit.agents.mcts import mcts_class

    easy, share, medium = _BASES[game_name]
    new: dict[str, type[Agent]] = {}
    new["easy"] = (_alias(agents[easy], "easy", f"Easy: the {easy} bot.") if share == 0
                   else _mixed(agents[easy], share, "easy"))
    new["medium"] = _alias(agents[medium], "medium", f"Medium: the {medium} bot.")
    iters, depth, steps = HARD_BUDGET[game_name]
    by_players = HARD_BUDGET_BY_PLAYERS[game_name]
    new["hard"] = mcts_class(game_name, "hard", iterations=iters, depth=depth, steps=steps, by_players=by_players)
    new["mcts"] = mcts_class(game_name, "mcts", iterations=iters, depth=depth, steps=steps, by_players=by_players)
    if game_name == "ticket-to-ride":
        new["route-focus"] = _alias(agents["tickets"], "route-focus", "Route Focus: the tickets planner.")
        new["one-step-thinking"] = _alias(agents["greedy-route"], "one-step-thinking",
                                          "One Step Thinking: the greedy-route bot.")
        new["destination-hungry"] = _destination_hungry(agents["tickets"])
    for name, cls in new.items():
        agents.setdefault(name, cls)

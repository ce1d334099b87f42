"""Station Master bots. They see only ``game.observe(seat)`` and the legal actions.

* ``random`` -- a uniformly random legal action.
* ``greedy`` -- one-step expected value: for each legal action it estimates the change of
  (my expected points - the average opponent's expected points) over the trains in the station,
  counting the carriages it has not seen (its hand, the trains and the public discard pile are
  seen) and assuming hidden opponent chips have the average chip value.

>>> from railkit.core.game import play
>>> from railkit.games.station_master import StationMasterGame
>>> g = play(StationMasterGame(players=3, seed=2), [GreedyAgent(0), RandomAgent(1), RandomAgent(2)])
>>> g.is_over
True
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from railkit.agents.levels import register
from railkit.agents.mcts import Adapter, MCTSAgent, margins_of
from railkit.core.draws import choice
from railkit.core.game import Action, Agent
from railkit.games.station_master import actions as sa
from railkit.games.station_master.game import Train
from railkit.games.station_master.valuation import Valuation


class RandomAgent(Agent):
    """A uniformly random legal action (seeded)."""

    name = "random"
    needs_observation = False  # it never reads the observation: the play loop skips building it

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        return choice(self.rng, legal)  # rng.choice(legal): the same draw


class GreedyAgent(Agent):
    """One-step expected-value bot working from its observation only (the reckoning is
    :class:`railkit.games.station_master.valuation.Valuation`)."""

    name = "greedy"
    reads_observation_only = True  # the valuation only reads it: the play loop shares the game's views

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.valuation = Valuation()

    def act(self, observation: dict, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.valuation.choose(observation, legal, self.rng.random)

    def scored(self, observation: dict, legal: Sequence[Action]) -> tuple[Sequence[Action], list[float]]:
        """The legal actions and the estimate of each (:meth:`Valuation.scores`, what
        :meth:`act` takes the first of the highest of; a single action is not valued)."""
        if len(legal) == 1:
            return legal, [0.0]
        return legal, self.valuation.scores(observation, legal, self.rng.random)

    # the estimates of an observation (the search bot ranks its candidates by them)
    def _stakes(self, observation: dict) -> dict:
        """Each train of ``observation`` as the bot reckons it, by id."""
        self.valuation.read(observation)
        return self.valuation.stakes(observation)

    def _delta(self, a: Action, stakes: dict) -> float:
        """The estimated change of (my - the average opponent's) expected points by ``a``."""
        return self.valuation.delta(a, stakes)


# ---------------------------------------------------------------- the search
class StationMasterAdapter(Adapter):
    """What the search (:mod:`railkit.agents.mcts`) needs to know of Station Master."""

    game_name = "station-master"
    shared = ("rules", "cfg", "_public", "cardlist", "info", "removed_locos", "options", "log",
              "_adds", "_is_carriage", "_list_rules")  # the last three: read-only tables of the card list
    proposers = ("greedy",)
    rollout = "greedy"
    scale = 10.0
    width = 4

    def clone(self, game: Any) -> Any:
        self.objects = (Train,)
        new: Any = super().clone(game)
        new.log = list(game.log)
        return new

    def candidates(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The greedy bot's choice, then its next best moves by its one-step expected value."""
        bot: Any = agent._proposer("greedy", observation["seat"])
        first = bot.act(observation, legal)  # also sets the bot's view of this observation
        stakes = bot._stakes(observation)
        scored = sorted(((bot._delta(a, stakes), -i) for i, a in enumerate(legal)), reverse=True)
        out = [first] + [legal[-i] for _, i in scored if legal[-i] != first]
        return out[:self.width]

    def redeal(self, g: Any, seat: int, rng: random.Random) -> None:
        n = g.players
        # cards: the draw pile and the other hands (the discard pile and the station are public)
        pool = sorted(list(g.draw_pile) + [c for o in range(n) if o != seat for c in g.hands[o]])
        rng.shuffle(pool)
        k = 0
        for o in range(n):
            if o != seat:
                size = len(g.hands[o])
                g.hands[o] = pool[k:k + size]
                k += size
        g.draw_pile = pool[k:]
        locos = sorted(g.loco_pile, key=lambda lo: lo.key)
        rng.shuffle(locos)
        g.loco_pile = locos
        # chips: each seat owns the full set of chip values (SM-SETUP-CHIPS), on trains or in hand
        for o in range(n):
            if o == seat:
                continue
            values = sorted(g.cfg.chip_values)
            rng.shuffle(values)
            k = 0
            for t in g.station:
                for i, (s, _) in enumerate(t.chips):
                    if s == o:
                        t.chips[i] = (o, values[k])
                        k += 1
            g.supply[o] = sorted(values[k:])

    def margins(self, g: Any) -> list[float]:
        """A game that is not over counts every train in the station at its expected final
        value: its value now plus, for each carriage place still free, the mean value on
        its locomotive of the carriages not yet played (the draw pile and the hands)."""
        values = [float(x) for x in g.scores]
        if not g.is_over:
            is_carriage = g._is_carriage
            unseen = [k for k in g.draw_pile if is_carriage[k]]
            for hand in g.hands:
                unseen += [k for k in hand if is_carriage[k]]
            mean: dict[str, float] = {}
            for t in g.station:
                kind = t.loco.kind
                if kind not in mean:
                    adds = g._adds[kind]
                    mean[kind] = sum([adds[k] for k in unseen]) / len(unseen) if unseen else 0.0
                v = g.value(t) + max(t.number - g.slots_used(t), 0) * mean[kind]
                for s, c in t.chips:
                    values[s] += c * v
        return margins_of(values)


AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}

# The levels (railkit.agents.levels): easy plays greedy with 40 % of its moves random, medium
# greedy, and hard searches over medium's moves (p95 decision times: benchmarks/bot_strength.py).
EASY = ("greedy", 0.4)
MEDIUM = "greedy"
SEARCH = StationMasterAdapter
#: (most playouts per decision, playout depth or None for whole games, most actions simulated)
HARD_BUDGET = (40, None, 2600)
#: at 4 players: 20 actions (five turns of every seat), then each train in the station at its
#: expected final value; whole 4-player games were too noisy to tell moves apart
HARD_BUDGET_BY_PLAYERS = {4: (160, 20, None)}
register(AGENTS, EASY, MEDIUM, SEARCH, HARD_BUDGET, HARD_BUDGET_BY_PLAYERS)

#: the cards that are not carriages (Brake Van, Royal, Reassign, Repair, Transfer, Standing
#: Room, Uncouple)
_SPECIAL_CARDS = (sa.PlayBrakeVan, sa.PlayRoyal, sa.PlayReassign, sa.PlayRepair, sa.PlayTransfer,
                  sa.PlayStandingRoom, sa.PlayUncouple)


def _no_special_cards(obs: dict, a: Action) -> bool:
    return type(a) in _SPECIAL_CARDS


#: restricted-play balance probes (:mod:`railkit.sim.probes`): name -> (what is forbidden,
#: a predicate of (observation, action) that is True for a forbidden move)
PROBES: dict[str, tuple[str, Any]] = {
    "no-special-cards": ("carriages and chips only", _no_special_cards),
}

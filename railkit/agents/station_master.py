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

from typing import Sequence

from railkit.core.draws import choice
from railkit.core.game import Action, Agent
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

    # the estimates of an observation (the search bot ranks its candidates by them)
    def _stakes(self, observation: dict) -> dict:
        """Each train of ``observation`` as the bot reckons it, by id."""
        self.valuation.read(observation)
        return self.valuation.stakes(observation)

    def _delta(self, a: Action, stakes: dict) -> float:
        """The estimated change of (my - the average opponent's) expected points by ``a``."""
        return self.valuation.delta(a, stakes)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}

from railkit.agents.levels import register as _register_levels  # levels and hard bots, after AGENTS

_register_levels("station-master", AGENTS)

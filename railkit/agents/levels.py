"""Bot levels a person can pick by name: every game gets three, accepted wherever a bot
name is (``--bots``, ``--agents``, the served apps, :func:`railkit.sim.run`).

==========  ===================================================================
``easy``    the game's ``EASY`` bot, with a share of its moves random
``medium``  the game's best heuristic bot, ``MEDIUM``
``hard``    medium, improved by search (:mod:`railkit.agents.mcts`): medium's
            move and a few alternatives, each played out on determinisations
            (hidden parts dealt again from what the seat may know) with every
            seat playing medium, whole games or a few turns and an evaluation
            (the game's ``HARD_BUDGET``); sequential halving spends the budget,
            and medium's move stands unless another is clearly better on the
            paired playouts
==========  ===================================================================

A learner's opponent, the coach (:func:`railkit.agents.make_coach`, :mod:`railkit.agents.coach`),
searches like hard with a budget it changes between games; it is not among the bots by name,
since it needs to be told each game's result.

Each game's bots module (``railkit.agents.<game>``) declares what its levels are made of and
ends with ``register(AGENTS, ...)``: this module never imports a game's bots.

>>> from railkit.agents import agents_of, make_agent
>>> sorted(n for n in agents_of("station-master") if n in LEVELS)
['easy', 'hard', 'medium']
>>> make_agent("station-master", "hard", 1).budget(4)
(160, 20, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railkit.agents.mcts import Adapter, mcts_class
from railkit.core.game import Action, Agent

LEVELS = ("easy", "medium", "hard")

#: a search budget: (most playouts per decision, playout depth in actions or None for whole
#: games, most actions simulated per decision or None)
Budget = tuple[int, int | None, int | None]


def alias(base: type[Agent], name: str, doc: str) -> type[Agent]:
    """``base`` under another name (same play): a level, or a style named after what it does."""
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


def register(agents: dict[str, type[Agent]], easy: tuple[str, float], medium: str, search: type[Adapter],
             hard_budget: Budget, hard_budget_by_players: Mapping[int, Budget]) -> None:
    """Add the levels to a game's ``agents`` (its ``AGENTS``, changed in place; names it has
    are kept): ``easy`` is (bot, share of its moves random), ``medium`` a bot's name,
    ``search`` the game's search adapter; ``hard`` (and ``mcts``, the same search) has the
    budget ``hard_budget``, replaced at some player counts by ``hard_budget_by_players``
    (p95 decision times are printed by ``benchmarks/bot_strength.py``).
    """
    base, share = easy
    new: dict[str, type[Agent]] = {}
    new["easy"] = (alias(agents[base], "easy", f"Easy: the {base} bot.") if share == 0
                   else _mixed(agents[base], share, "easy"))
    new["medium"] = alias(agents[medium], "medium", f"Medium: the {medium} bot.")
    iters, depth, steps = hard_budget
    for name in ("hard", "mcts"):
        new[name] = mcts_class(search, agents, name, iterations=iters, depth=depth, steps=steps,
                               by_players=hard_budget_by_players)
    for name, cls in new.items():
        agents.setdefault(name, cls)

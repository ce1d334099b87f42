"""Bots for each game: ``railkit.agents.<game>`` (the game's module name, ``ticket_to_ride``) maps
a bot's name to its class in ``AGENTS`` (the levels ``easy``, ``medium``, ``hard`` among them,
:mod:`railkit.agents.levels`) and declares the game's search adapter as ``SEARCH``
(:mod:`railkit.agents.mcts`) and its balance probes as ``PROBES`` (:mod:`railkit.sim.probes`).

>>> from railkit.games import get_spec
>>> spec = get_spec("station-master")
>>> "greedy" in agents_of(spec), make_agent(spec, "greedy", 1).name
(True, 'greedy')
"""

from __future__ import annotations

import importlib
from types import ModuleType

from railkit.core.compiled import load as _load_compiled
from railkit.core.errors import DataError
from railkit.core.game import Agent, GameSpec
from railkit.games import get_spec
from railkit.agents.coach import Coach, coach_class
from railkit.agents.mcts import MCTSAgent

_load_compiled(__name__)  # the mypyc-compiled bots when they are current, else the source


def module_of(game: GameSpec | str) -> ModuleType:
    """The bots' module of ``game`` (a :class:`GameSpec` or a game's name)."""
    return importlib.import_module(f"{__name__}.{get_spec(game).package}")


def agents_of(game: GameSpec | str) -> dict[str, type[Agent]]:
    """``{name: bot class}`` of ``game`` (a :class:`GameSpec` or a game's name)."""
    return dict(module_of(game).AGENTS)


def make_agent(game: GameSpec | str, name: str, seed: int | str, source: str = "--agents") -> Agent:
    """The bot ``name`` of ``game``, seeded with ``seed``; a :class:`DataError` names the bots
    there are when there is no such bot (and ``source``, where the name came from)."""
    agents = agents_of(game)
    if name not in agents:
        raise DataError(source, "$", "one of " + ", ".join(sorted(agents)), name)
    return agents[name](seed)


def make_mcts(game: GameSpec | str, seed: int | str | None = None, **options) -> MCTSAgent:
    """A search bot (:class:`~railkit.agents.mcts.MCTSAgent`) for ``game`` with the search's
    own default budget; ``options`` as for the class (``iterations=8``)."""
    module = module_of(game)
    return MCTSAgent(seed, adapter=module.SEARCH, bots=module.AGENTS, **options)


def make_coach(game: GameSpec | str, seed: int | str | None = None) -> Coach:
    """The coach of ``game`` (:mod:`railkit.agents.coach`): hard's search with a budget set by
    the learner's results, told with :meth:`~railkit.agents.coach.Coach.record` after each game."""
    return coach_class(agents_of(game)["hard"])(seed)

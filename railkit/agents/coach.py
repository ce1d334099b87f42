"""The coach: a bot that keeps a learner's win rate between 40 and 60 %.

The coach plays like the game's hard bot with a search budget it changes between games:

=====  ==============================================================
level  play
=====  ==============================================================
0      medium, half of its moves random
1      medium, a quarter of its moves random
2      medium (no search)
3      hard's search with a quarter of its playouts
4      hard's search with half of its playouts
5      hard (the level it starts at)
6      hard's search with twice its playouts
=====  ==============================================================

After each game whoever runs the games tells it the learner's result with
:meth:`Coach.record` (1 a win, 0 a loss, a share for a tie), and it moves like a
*staircase* (the one-up-one-down rule of psychophysics, Levitt 1971): one level up after the
learner wins, one level down after the learner loses, none after a tie. It settles round the
level at which the learner wins half its games, so the learner's win rate over the last
:attr:`Coach.window` games stays near 50 %. (A rule that moved only when that 10-game rate
left 40-60 % lagged behind its own moves and swung from end to end: in a model of a learner
who wins 90 % to 25 % of the games from the weakest level to the strongest, the rate was in
the band at game 20 in 52-60 % of 2,000 simulated series, against 88 % for the staircase.)
A coach that is never told a result plays at its start level.

Like every bot it sees only ``observe(seat)`` and the legal actions (its search deals the
hidden parts again, :mod:`railkit.agents.mcts`).

It is made with :func:`railkit.agents.make_coach` rather than by name among a game's bots
(``--bots``, the served apps): whoever seats it must tell it each result.

>>> from railkit.agents import make_coach
>>> coach = make_coach("station-master", 1)
>>> coach.level, coach.budget(2)
(5, (40, None, 2600))
>>> coach.record(1), coach.budget(2)  # the learner won: one level up
(6, (80, None, 5200))
>>> coach.record(0), coach.record(0), coach.record(0.5)  # two losses down, a tie stays
(5, 4, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from railkit.agents.mcts import MCTSAgent
from railkit.core.game import Action, Game

#: the coach's levels, weakest first: (share of random moves, share of hard's playouts; 0: medium's move)
COACH_LEVELS: tuple[tuple[float, float], ...] = (
    (0.5, 0.0), (0.25, 0.0), (0.0, 0.0), (0.0, 0.25), (0.0, 0.5), (0.0, 1.0), (0.0, 2.0))


class Coach(MCTSAgent):
    """Hard's search with a budget set by the learner's recent results (see the module docstring)."""

    name = "coach"
    levels = COACH_LEVELS
    #: the level of the first game (hard)
    start = 5
    #: games the learner's win rate is read over, and the band it is kept in
    window = 10
    low = 0.4
    high = 0.6

    def __init__(self, seed: int | str | None = None, **options: Any) -> None:
        super().__init__(seed, **options)
        self.level = self.start
        self.results: list[float] = []
        self.played: list[int] = []  # the coach's level in each game recorded
        self._moves = random.Random(f"{seed}/coach")  # its random moves (the search has its own stream)

    def record(self, learner_result: float) -> int:
        """The learner's result of the game just played (1 won, 0 lost, a share for a tie);
        returns the coach's level for the next game."""
        self.results.append(float(learner_result))
        self.played.append(self.level)
        if learner_result > 0.5 and self.level < len(self.levels) - 1:
            self.level += 1
        elif learner_result < 0.5 and self.level > 0:
            self.level -= 1
        return self.level

    def learner_rate(self) -> float:
        """The learner's win rate over the last :attr:`window` games (0.5 before any)."""
        last = self.results[-self.window:]
        return sum(last) / len(last) if last else 0.5

    def budget(self, players: int) -> tuple[int, int | None, int | None]:
        iterations, depth, steps = super().budget(players)
        share = self.levels[self.level][1]
        return (max(2, round(iterations * share)), depth, None if steps is None else max(1, round(steps * share)))

    def bind(self, game: Game) -> Coach:
        self._proposers = {}  # a new game: medium's bots start afresh
        super().bind(game)
        return self

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        random_share, search_share = self.levels[self.level]
        if len(legal) > 1 and random_share and self._moves.random() < random_share:
            return legal[self._moves.randrange(len(legal))]
        if search_share == 0:  # medium's move
            bot = self._proposer(self.adapter.proposers[0], observation["seat"])
            return bot.act(observation if bot.needs_observation else None, legal)
        return super().act(observation, legal)


def coach_class(hard: type[MCTSAgent]) -> type[Coach]:
    """The coach of a game whose hard bot is the class ``hard`` (its search and budgets)."""
    return type(f"Coach_{hard.__name__}", (Coach, hard), {
        "name": "coach", "__module__": __name__,
        "__doc__": f"Coach: {hard.__doc__ or 'hard'} Budget set by the learner's results."})

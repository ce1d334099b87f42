"""Hints: the medium bot's best moves for a seat, each with its reason in words.

:func:`hints` asks the game's medium bot (:mod:`railkit.agents.levels`) to score the legal
actions, with the very method its own choice is made by (``scored(observation, legal)``:
the actions it chooses among and a score of each; it plays the first of the highest), and
returns the best ``k`` in that order. The reason of each is a :class:`~railkit.core.i18n.Message`
from the game's hints module (``railkit.agents.<game>_hints``, its ``reason(bot,
observation, action, score)``), rendered at the edge in the reader's language.

A hint is made from the seat's observation (``game.observe(seat)``) and its legal actions
only, by a new bot with a fixed seed: two positions that look the same to the seat get the
same hints, whatever the other seats hold or the order of the hidden piles.

>>> from railkit.games import get_spec
>>> g = get_spec("station-master").new_game(None, players=2, seed=3)
>>> best = hints("station-master", g.observe(g.current_player), g.legal_actions())
>>> len(best), best[0].score >= best[1].score >= best[2].score
(3, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from railkit.agents import agents_of, module_of
from railkit.core.game import Action, GameSpec
from railkit.core.i18n import Message

#: the seed of the bot that makes the hints (its tie-breaks): fixed, so a position's hints never vary
HINT_SEED = "hints"


@dataclass(frozen=True)
class Hint:
    """One move the medium bot would consider: the action, why (a message), its score."""

    action: Action
    text: Message
    score: float


def reasons_of(game: GameSpec | str):
    """The hints module of ``game`` (``railkit.agents.<game>_hints``)."""
    return importlib.import_module(f"{module_of(game).__name__}_hints")


def hints(game: GameSpec | str, observation: Any, legal: Sequence[Action], k: int = 3) -> list[Hint]:
    """The medium bot's best ``k`` moves of ``legal`` for the seat of ``observation``
    (``game.observe(seat)``), best first, each with its reason; ties keep the order of ``legal``
    (the bot plays the first of the highest, so the first hint is its move)."""
    if not legal:
        return []
    bot: Any = agents_of(game)["medium"](HINT_SEED)  # its scored(observation, legal)
    actions, scores = bot.scored(observation, legal)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])[:k]
    reason = reasons_of(game).reason
    return [Hint(actions[i], reason(bot, observation, actions[i], scores[i]), scores[i]) for i in order]

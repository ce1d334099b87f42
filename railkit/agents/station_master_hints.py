"""Why the greedy bot (medium) would make a Station Master move, in words: the reasons of
the hints (:mod:`railkit.agents.hints`). The bot values a move by its estimated change of
(my expected points - the average opponent's), reckoned from the seat's observation
(:class:`railkit.games.station_master.valuation.Valuation`); the reason says the move and
that estimate.

>>> from railkit.agents.hints import hints
>>> from railkit.games.station_master import SPEC
>>> g = SPEC.new_game(None, players=2, seed=3)
>>> [str(h.text) for h in hints("station-master", g.observe(g.current_player), g.legal_actions(), k=1)]
['places your 3 chip on train 2: about +6.9 points against the average opponent']
"""

from __future__ import annotations

from railkit.agents.station_master import GreedyAgent
from railkit.core.game import Action
from railkit.core.i18n import Message
from railkit.games.station_master.actions import PlaceChip, PlayBrakeVan, PlayCarriage, Pass


def move_words(action: Action) -> Message:
    """The move in words (the action's own notation for the rarer cards)."""
    if isinstance(action, PlaceChip):
        return Message("places your {value} chip on train {train}", value=action.value, train=action.train)
    if isinstance(action, PlayCarriage):
        return Message("adds the {card} carriage to train {train}", card=action.card, train=action.train)
    if isinstance(action, PlayBrakeVan):
        return Message("sends train {train} off with the brake van", train=action.train)
    if isinstance(action, Pass):
        return Message("passes")
    return Message("{action}", action=str(action))


def reason(bot: GreedyAgent, obs: dict, action: Action, score: float) -> Message:
    """Why ``bot`` (the greedy bot that valued ``action`` at ``score``) would play ``action``."""
    return Message("{move}: about {x} points against the average opponent", move=move_words(action),
                   x=f"{score:+.1f}")

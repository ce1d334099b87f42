"""Why the greedy bot (medium) would make a Station Master move, in words: the reasons of
the hints (:mod:`railkit.agents.hints`). The bot values a move by its estimated change of
(my expected points - the average opponent's), reckoned from the seat's observation
(:class:`railkit.games.station_master.valuation.Valuation`); the reason is that estimate
(the move itself is said beside it, in the move list's words).

>>> from railkit.agents.hints import hints
>>> from railkit.games.station_master import SPEC
>>> g = SPEC.new_game(None, players=2, seed=3)
>>> [str(h.text) for h in hints("station-master", g.observe(g.current_player), g.legal_actions(), k=1)]
['about +6.9 points against the average opponent']
"""

from __future__ import annotations

from railkit.agents.station_master import GreedyAgent
from railkit.core.game import Action
from railkit.core.i18n import Message


def reason(bot: GreedyAgent, obs: dict, action: Action, score: float) -> Message:
    """Why ``bot`` (the greedy bot that valued ``action`` at ``score``) would play ``action``."""
    return Message("about {x} points against the average opponent", x=f"{score:+.1f}")

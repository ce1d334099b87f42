"""Ticket to Ride (USA map and any railkit map): rules, engine, actions, scoring.

Vocabulary
----------
:class:`TicketToRideRules`
    every rule setting (``param.Parameterized``); named presets in :data:`PRESETS`
    (``base``, ``usa-1910``, ``mega-game``, ``big-cities``).
:class:`TicketToRide`
    one game: ``TicketToRide(rules, players=4, seed=1, map="usa", names=[...])``,
    or ``SPEC.new_game(rules, players, seed, map=...)``.
Actions (text form in quotes; ``game.apply`` takes either)
    :class:`DrawFaceUp` ``"draw faceup 3"``, :class:`DrawDeck` ``"draw deck"``,
    :class:`Claim` ``"claim Denver-Omaha red x2 loco x2"`` / ``"claim Denver-Omaha loco x4"``,
    :class:`DrawTickets` ``"draw tickets"``, :class:`KeepTickets` ``"keep tickets 1,3"``,
    :class:`Pass` ``"pass"``.
State you can read
    ``game.phase`` (one of :data:`PHASES`), ``game.current_player`` (seat or None),
    ``game.legal_actions()``, ``game.why_illegal(action)``, ``game.observe(seat)``,
    ``game.score_breakdown()`` / ``game.final_scores()``, ``game.summary()``,
    ``str(game)`` for a text view; save/load/undo/replay from :class:`railkit.core.Game`.

>>> from railkit.games.ticket_to_ride import SPEC
>>> game = SPEC.new_game(SPEC.make_rules("base"), players=3, seed=7)
>>> game.phase, game.current_player, len(game.observe(0)["offered"])
('setup-tickets', 0, 3)
>>> game.apply("keep tickets 1,2")
KeepTickets(keep=(1, 2))
"""

from railkit.core.compiled import load as _load_engine
from railkit.core.game import GameSpec

_load_engine(__name__)  # the mypyc-compiled engine when it is current, else game.py and board.py
from railkit.games.ticket_to_ride.actions import (
    FORMS, LOCO, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, parse_action,
)
from railkit.games.ticket_to_ride.game import KEEP, OVER, PHASES, SECOND, SEAT_NAMES, SETUP, TURN, TicketToRide
from railkit.games.ticket_to_ride.rules import PRESETS, TicketToRideRules

SPEC = GameSpec(
    name="ticket-to-ride",
    title="Ticket to Ride",
    game_class=TicketToRide,
    presets=PRESETS,
    default_agent="random",
    default_bot="greedy-route",
    hidden=("deck", "ticket_deck"),
    # purple, teal, brown, mint, aqua: every one at least 38 (CIE76 delta E) from every route
    # colour and 40 from each other, so no claimed route looks like a free one
    palette=("#6a1b9a", "#00897b", "#8d5524", "#69f0ae", "#00e5ff"),
    url_options=("map",),
)

__all__ = [
    "FORMS", "KEEP", "LOCO", "OVER", "PHASES", "PRESETS", "SECOND", "SEAT_NAMES", "SETUP", "SPEC", "TURN",
    "Claim", "DrawDeck", "DrawFaceUp", "DrawTickets", "KeepTickets", "Pass", "TicketToRide",
    "TicketToRideRules", "parse_action",
]

"""Ticket to Ride (USA map and any railkit map): rules, engine, actions, scoring.

>>> from railkit.games.ticket_to_ride import SPEC
>>> game = SPEC.new_game(SPEC.make_rules("base"), players=3, seed=7)
>>> game.phase, game.current_player, len(game.observe(0)["offered"])
('setup-tickets', 0, 3)
"""

from railkit.core.game import GameSpec
from railkit.games.ticket_to_ride.actions import (
    FORMS, LOCO, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, parse_action,
)
from railkit.games.ticket_to_ride.game import KEEP, OVER, PHASES, SECOND, SEAT_NAMES, SETUP, TURN, TicketToRide
from railkit.games.ticket_to_ride.rules import PRESETS, TicketToRideRules

SPEC = GameSpec(
    name="ticket-to-ride",
    title="Ticket to Ride",
    game_class=TicketToRide,
    min_players=2,
    max_players=5,
    presets=PRESETS,
    agents_module="railkit.agents.ticket_to_ride",
    default_agent="random",
)

__all__ = [
    "FORMS", "KEEP", "LOCO", "OVER", "PHASES", "PRESETS", "SECOND", "SEAT_NAMES", "SETUP", "SPEC", "TURN",
    "Claim", "DrawDeck", "DrawFaceUp", "DrawTickets", "KeepTickets", "Pass", "TicketToRide",
    "TicketToRideRules", "parse_action",
]

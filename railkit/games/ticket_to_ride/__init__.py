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

Rule ids
--------
Source: [seed] the Danish and Japanese seed texts, [confirmed] public sources, [railkit] a
railkit ruling where the rules are silent (:mod:`railkit.games.ticket_to_ride.rule_ids`).

======================  =========  ===================================================================
id                      source     rule
======================  =========  ===================================================================
TTR-SETUP-HAND          [seed]     Each player gets 4 train cards; 5 cards are turned face up
                                   (TTR-FACEUP-3 applies).
TTR-SETUP-TICKETS       [seed]     Each player is dealt 3 tickets and keeps at least 2; returned ones
                                   go to the bottom.
TTR-SETUP-ORDER         [seed]     Turn order is fixed before or after the players choose their
                                   starting tickets.
TTR-MAP-TRAINS          [railkit]  Each player starts with the rules' trains, else the map's count,
                                   else 45.
TTR-DRAW                [seed]     Draw train cards: from the face-up slots that exist, or the deck.
TTR-DRAW-2              [seed]     A draw takes 2 cards, each a face-up card or the top of the deck.
TTR-DRAW-REFILL         [seed]     A face-up card taken is replaced from the deck at once.
TTR-FACEUP-REFILL       [seed]     When cards are available again, every empty face-up slot is filled
                                   at once.
TTR-DRAW-LOCO-FIRST     [seed]     A face-up locomotive is the whole draw and only as the first card.
TTR-DRAW-LOCO-SECOND    [seed]     A face-up locomotive may not be taken as the second card.
TTR-DRAW-BLIND-LOCO     [seed]     A locomotive drawn blind counts as one card; a second card follows.
TTR-FACEUP-3            [seed]     3 face-up locomotives: all 5 are discarded and dealt again (at most
                                   max_redeals times).
TTR-DECK-RESHUFFLE      [seed]     When the deck runs out, the discard pile is shuffled into a new
                                   deck.
TTR-DECK-EMPTY          [seed]     With deck and discards empty no card draw can be begun (parameter
                                   faceup_when_deck_empty).
TTR-HAND-UNLIMITED      [seed]     There is no hand limit for cards or tickets.
TTR-CLAIM               [seed]     Claim a route: a route of the map, named by its id.
TTR-CLAIM-ONE           [seed]     At most one route per turn, the whole route, never part of it.
TTR-CLAIM-PAY           [seed]     Pay the route's length in cards of its one colour; locomotives
                                   stand in for any card.
TTR-CLAIM-GRAY          [seed]     A gray route takes a set of any one colour, plus locomotives.
TTR-CLAIM-TRAINS        [seed]     A player needs at least the route's length in trains left.
TTR-CLAIM-ANYWHERE      [seed]     Any free route may be claimed, connected to the player's routes or
                                   not.
TTR-CLAIM-SCORE         [seed]     A claimed route scores its points at once.
TTR-DOUBLE-SAME         [seed]     One player may never claim both routes between the same two cities.
TTR-DOUBLE-SMALL        [seed]     With 2 or 3 players, once one route of a double is claimed the
                                   other is closed.
TTR-TICKETS             [seed]     Draw destination tickets: the third kind of turn.
TTR-TICKETS-DRAW        [seed]     Draw 3 tickets (fewer if the deck is short), keep at least 1,
                                   return the rest.
TTR-NO-ACTION           [railkit]  A player with no legal action passes; a full round of passes ends
                                   the game.
TTR-END-TRIGGER         [seed]     A turn ending with 0-2 trains gives every player one more turn,
                                   then the game ends.
TTR-SCORE-ROUTES        [seed]     Route points as claimed (a recount gives the same total).
TTR-SCORE-TICKETS       [seed]     A completed ticket adds its value, an incomplete one subtracts it.
TTR-SCORE-LONGEST       [seed]     The longest continuous trail of own routes scores 10; all tied
                                   players get it.
TTR-WIN-TIE             [seed]     Most points wins; tie: most completed tickets, then the
                                   longest-path bonus.
======================  =========  ===================================================================

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
from railkit.games.ticket_to_ride.rule_ids import RULES
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
    url_options=("map",),
)

__all__ = [
    "RULES",
    "FORMS", "KEEP", "LOCO", "OVER", "PHASES", "PRESETS", "SECOND", "SEAT_NAMES", "SETUP", "SPEC", "TURN",
    "Claim", "DrawDeck", "DrawFaceUp", "DrawTickets", "KeepTickets", "Pass", "TicketToRide",
    "TicketToRideRules", "parse_action",
]

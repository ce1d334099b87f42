"""Stable rule ids of Ticket to Ride in railkit.

Each id names one rule of ``docs/rules/ticket-to-ride.md``; the source says where it
comes from: ``seed`` (the user's rules texts, Danish and Japanese), ``confirmed``
(public sources) or ``railkit`` (our ruling where the rules are silent, always a
rule parameter or documented). Every id appears in the code where the rule is
enforced (as the ``rule`` of an IllegalMove or a DataError, or in a ``# TTR-...``
comment) and has a test named after it.

>>> RULES["TTR-DOUBLE-SMALL"][0]
'seed'
>>> all(k.startswith("TTR-") for k in RULES)
True
"""

from __future__ import annotations

#: id -> (source, one-line rule)
RULES: dict[str, tuple[str, str]] = {
    # setup
    "TTR-SETUP-HAND": ("seed", "Each player gets 4 train cards; 5 cards are turned face up (TTR-FACEUP-3 applies)."),
    "TTR-SETUP-TICKETS": ("seed", "Each player is dealt 3 tickets and keeps at least 2; returned ones go to the bottom."),
    "TTR-SETUP-ORDER": ("seed", "Turn order is fixed before or after the players choose their starting tickets."),
    "TTR-MAP-TRAINS": ("railkit", "Each player starts with the rules' trains, else the map's count, else 45."),
    # a turn: exactly one of three actions
    "TTR-DRAW": ("seed", "Draw train cards: from the face-up slots that exist, or the deck."),
    "TTR-DRAW-2": ("seed", "A draw takes 2 cards, each a face-up card or the top of the deck."),
    "TTR-DRAW-REFILL": ("seed", "A face-up card taken is replaced from the deck at once."),
    "TTR-FACEUP-REFILL": ("seed", "When cards are available again, every empty face-up slot is filled at once."),
    "TTR-DRAW-LOCO-FIRST": ("seed", "A face-up locomotive is the whole draw and only as the first card."),
    "TTR-DRAW-LOCO-SECOND": ("seed", "A face-up locomotive may not be taken as the second card."),
    "TTR-DRAW-BLIND-LOCO": ("seed", "A locomotive drawn blind counts as one card; a second card follows."),
    "TTR-FACEUP-3": ("seed", "3 face-up locomotives: all 5 are discarded and dealt again (at most max_redeals times)."),
    "TTR-DECK-RESHUFFLE": ("seed", "When the deck runs out, the discard pile is shuffled into a new deck."),
    "TTR-DECK-EMPTY": ("seed", "With deck and discards empty no card draw can be begun (parameter faceup_when_deck_empty)."),
    "TTR-HAND-UNLIMITED": ("seed", "There is no hand limit for cards or tickets."),
    "TTR-CLAIM": ("seed", "Claim a route: a route of the map, named by its id."),
    "TTR-CLAIM-ONE": ("seed", "At most one route per turn, the whole route, never part of it."),
    "TTR-CLAIM-PAY": ("seed", "Pay the route's length in cards of its one colour; locomotives stand in for any card."),
    "TTR-CLAIM-GRAY": ("seed", "A gray route takes a set of any one colour, plus locomotives."),
    "TTR-CLAIM-TRAINS": ("seed", "A player needs at least the route's length in trains left."),
    "TTR-CLAIM-ANYWHERE": ("seed", "Any free route may be claimed, connected to the player's routes or not."),
    "TTR-CLAIM-SCORE": ("seed", "A claimed route scores its points at once."),
    "TTR-DOUBLE-SAME": ("seed", "One player may never claim both routes between the same two cities."),
    "TTR-DOUBLE-SMALL": ("seed", "With 2 or 3 players, once one route of a double is claimed the other is closed."),
    "TTR-TICKETS": ("seed", "Draw destination tickets: the third kind of turn."),
    "TTR-TICKETS-DRAW": ("seed", "Draw 3 tickets (fewer if the deck is short), keep at least 1, return the rest."),
    "TTR-NO-ACTION": ("railkit", "A player with no legal action passes; a full round of passes ends the game."),
    # end and scoring
    "TTR-END-TRIGGER": ("seed", "A turn ending with 0-2 trains gives every player one more turn, then the game ends."),
    "TTR-SCORE-ROUTES": ("seed", "Route points as claimed (a recount gives the same total)."),
    "TTR-SCORE-TICKETS": ("seed", "A completed ticket adds its value, an incomplete one subtracts it."),
    "TTR-SCORE-LONGEST": ("seed", "The longest continuous trail of own routes scores 10; all tied players get it."),
    "TTR-WIN-TIE": ("seed", "Most points wins; tie: most completed tickets, then the longest-path bonus."),
}


def table() -> str:
    """The rule ids as a text table (id, source, rule)."""
    width = max(map(len, RULES))
    return "\n".join(f"{k:<{width}}  [{src}] {text}" for k, (src, text) in RULES.items())

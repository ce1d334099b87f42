"""Ticket to Ride rule settings (``param.Parameterized``) and the named presets.

Every number the rules reference (``docs/rules/ticket-to-ride.md``, "Parameters worth
exposing") calls a railkit default is a parameter here, with bounds and a doc
string, so ``pn.Param(TicketToRideRules())`` gives a form for free.

>>> r = TicketToRideRules()
>>> r.trains is None, STANDARD_TRAINS, r.faceup_count, r.longest_bonus, r.route_points[6]
(True, 45, 5, 10, 15)
>>> sorted(PRESETS)
['base', 'big-cities', 'mega-game', 'usa-1910']
"""

from __future__ import annotations

import param

from railkit.core.i18n import word

#: Route length -> points, as printed on the USA board (1-6); 7-9 as on the
#: longer-route boards of the series, so other maps play without extra settings.
DEFAULT_ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}

#: Trains per player of the printed game, used when neither the rules nor the map set a count.
STANDARD_TRAINS = 45


#: the words of the rules' choices: the new-game form shows each in the reader's language
CHOICE_WORDS = (word("before-tickets"), word("after-tickets"))


class TicketToRideRules(param.Parameterized):
    """Rule settings of one Ticket to Ride game (frozen when the game starts).

    The defaults are the base game on the USA map (2004 rules).
    """

    # -------------------------------------------------------------- cards
    loco_count = param.Integer(default=14, bounds=(0, 60), label=word("Loco count"),
                               doc=(
        word("Locomotive (wild) train cards in the deck.")))
    cards_per_colour = param.Integer(default=12, bounds=(1, 60), label=word("Cards per colour"),
                                     doc=(
        word("Train cards of each of the 8 colours.")))
    hand_size = param.Integer(default=4, bounds=(0, 20), label=word("Hand size"),
                              doc=(
        word("Train cards dealt to each player at the start (TTR-SETUP-HAND).")))
    faceup_count = param.Integer(default=5, bounds=(1, 10), label=word("Faceup count"),
                                 doc=(
        word("Number of face-up train cards to choose from.")))
    faceup_loco_limit = param.Integer(default=3, bounds=(1, 10), label=word("Faceup loco limit"),
                                      doc=(
        word("When this many face-up cards are locomotives, all face-up cards are discarded "
        "and dealt again (TTR-FACEUP-3). A value above the face-up count turns the rule off.")))
    max_redeals = param.Integer(default=5, bounds=(0, 50), label=word("Max redeals"),
                                doc=(
        word("Bound on consecutive face-up redeals caused by TTR-FACEUP-3. When the cards left "
        "are mostly locomotives a redeal can repeat forever; after this many redeals in a "
        "row the cards stay face up as dealt.")))
    faceup_when_deck_empty = param.Boolean(default=False, label=word("Faceup when deck empty"),
                                           doc=(
        word("TTR-DECK-EMPTY: with the train deck and the discard pile both empty, may a player "
        "still start drawing train cards by taking a face-up card? False (the seeds, Danish "
        "and Japanese rules): no, the action 'draw train cards' cannot be chosen at all. "
        "True: railkit's earlier ruling, the face-up cards still showing may be taken.")))
    faceup_loco_counts_two = param.Boolean(default=True, label=word("Faceup loco counts two"),
                                           doc=(
        word("A face-up locomotive counts as two cards: it is the whole draw and cannot be the "
        "second card (TTR-DRAW-LOCO-FIRST, TTR-DRAW-LOCO-SECOND). False: the house variant "
        "where it counts as one card like any other.")))

    # -------------------------------------------------------------- trains, end
    trains = param.Integer(default=None, allow_None=True, bounds=(1, 200), label=word("Trains"),
                           doc=(
        word("Trains (plastic train cars) each player starts with. None (the default): the map's "
        "own count (its \"trains\" field, e.g. 12 on teaching-small), else the standard 45 "
        "(TTR-MAP-TRAINS).")))
    end_trigger = param.Integer(default=2, bounds=(0, 200), label=word("End trigger"),
                                doc=(
        word("The last round starts when a player ends a turn with this many trains or fewer "
        "(TTR-END-TRIGGER).")))

    # -------------------------------------------------------------- tickets
    setup_deal = param.Integer(default=3, bounds=(1, 10), label=word("Setup deal"),
                               doc=(
        word("Tickets dealt to each player at the start (TTR-SETUP-TICKETS).")))
    setup_keep = param.Integer(default=2, bounds=(1, 10), label=word("Setup keep"),
                               doc=(
        word("Tickets each player must keep at the start, at least.")))
    ticket_draw = param.Integer(default=3, bounds=(1, 10), label=word("Ticket draw"),
                                doc=(
        word("Tickets drawn by the draw-tickets action (TTR-TICKETS-DRAW).")))
    ticket_keep = param.Integer(default=1, bounds=(1, 10), label=word("Ticket keep"),
                                doc=(
        word("Tickets that must be kept, at least, after drawing tickets.")))
    ticket_deck = param.String(default="", label=word("Ticket deck"),
                               doc=(
        word("Name of the map's ticket deck to play with (USA: base, 1910, mega, big-cities); "
        "empty means the map's default deck.")))

    # -------------------------------------------------------------- scoring
    route_points = param.Dict(default=dict(DEFAULT_ROUTE_POINTS), label=word("Route points"),
                              doc=(
        word("Points for claiming a route, by route length (keys may be numbers or their "
        "text, as after a JSON round trip). Every route length on the map must be listed.")))
    longest_bonus = param.Integer(default=10, bounds=(0, 100), label=word("Longest bonus"),
                                  doc=(
        word("Bonus for the longest continuous path, to every tied player (TTR-SCORE-LONGEST); "
        "0 turns it off.")))
    globetrotter_bonus = param.Integer(default=0, bounds=(0, 100), label=word("Globetrotter bonus"),
                                       doc=(
        word("Globetrotter bonus (USA 1910: 15) for the most completed tickets, to every tied "
        "player with at least one completed ticket; 0 turns it off.")))

    # -------------------------------------------------------------- table
    double_min_players = param.Integer(default=4, bounds=(2, 10), label=word("Double min players"),
                                       doc=(
        word("With fewer players than this only one track of a double route can be used "
        "(TTR-DOUBLE-SMALL).")))
    turn_order = param.Selector(default="before-tickets", objects=["before-tickets", "after-tickets"],
                                label=word("Turn order"),
                                doc=(
        word("TTR-SETUP-ORDER (variant of the Japanese rules): 'before-tickets' = seat 0 starts and "
        "players choose their starting tickets in turn order knowing it; 'after-tickets' = "
        "everyone chooses first, then the start player is drawn at random.")))


#: Named presets (rule values over the defaults). What each sets:
#:
#: ``base``
#:     The 2004 base game: base tickets, 3 dealt / keep 2, draw 3 / keep 1,
#:     Longest Path 10, no Globetrotter.
#: ``usa-1910``
#:     USA 1910 "1910" game: only the 35 new 1910 tickets, and the Globetrotter
#:     card (15) *replaces* the Longest Path card (longest_bonus 0). Two reviews of the
#:     1910 rule sheet (Dice Tower 2006, Justus Productions) say it that way.
#: ``mega-game``
#:     USA 1910 Mega Game: all 69 tickets, deal 5 keep at least 3, draw 4 keep at
#:     least 1, both Longest Path (10) and Globetrotter (15).
#: ``big-cities``
#:     USA 1910 Big Cities: the 35 big-city tickets, deal 4 keep at least 2, draw 4
#:     keep at least 1 (the 1910 rule sheet as quoted online); bonuses as in the base
#:     game (Longest Path only).
PRESETS: dict[str, dict] = {
    "base": {},
    "usa-1910": {"ticket_deck": "1910", "longest_bonus": 0, "globetrotter_bonus": 15},
    "mega-game": {"ticket_deck": "mega", "setup_deal": 5, "setup_keep": 3, "ticket_draw": 4,
                  "ticket_keep": 1, "longest_bonus": 10, "globetrotter_bonus": 15},
    "big-cities": {"ticket_deck": "big-cities", "setup_deal": 4, "setup_keep": 2, "ticket_draw": 4,
                   "ticket_keep": 1},
}

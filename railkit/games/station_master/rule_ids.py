"""Stable rule ids of Station Master in railkit.

Each id names one rule of ``docs/rules/station-master.md``; the source says where it
comes from: ``seed`` (the user's German rules text), ``confirmed`` (public reviews
and totals) or ``railkit`` (our decision where the seed is silent, always a rule
parameter or documented). Every id appears in the code where the rule is enforced
(as the ``rule`` of an IllegalMove or a DataError, or in a ``# SM-...`` comment) and
has a test named after it.

>>> RULES["SM-TRANSFER"][0]
'seed'
>>> all(k.startswith("SM-") for k in RULES)
True
"""

from __future__ import annotations

#: id -> (source, one-line rule)
RULES: dict[str, tuple[str, str]] = {
    # cards and setup
    "SM-CARDS-DATA": ("confirmed", "The card list is data (15 locomotives, 97 cards); a bad file is a DataError."),
    "SM-SETUP-LOCOS": ("seed", "Fewer than 4 players: no green-banner locomotives; 4 players: no \"8\"; shuffle."),
    "SM-SETUP-STATION": ("seed", "As many locomotives as players form the station."),
    "SM-SETUP-HAND": ("seed", "Three cards to each player; the rest is the draw pile."),
    "SM-SETUP-CHIPS": ("confirmed", "Six hidden chips per player, values 1,1,2,2,3,3 (railkit default)."),
    "SM-SETUP-START": ("seed", "A start player is chosen (seat 0 by default); turns go round."),
    # a turn
    "SM-TURN-ONE-OPTION": ("seed", "A turn is exactly one option: place a chip, or play one card."),
    "SM-CHIP-SUPPLY": ("railkit", "A player places only chips she still has (not on a train)."),
    "SM-CHIP-CAPACITY": ("seed", "A locomotive holds at most its number of chips (+ Standing Room)."),
    "SM-CHIP-HIDDEN": ("seed", "Chips lie face down: others see only counts until the train leaves."),
    "SM-CARD-IN-HAND": ("railkit", "A player plays only a card she holds."),
    "SM-CARD-DRAW": ("seed", "After playing a card (only then) draw one, while the pile lasts."),
    "SM-TRAIN-IN-STATION": ("railkit", "Cards and chips go only to trains in the station."),
    "SM-CARRIAGE-LIMIT": ("seed", "A train takes at most its number of carriages."),
    "SM-DEPART-FULL": ("seed", "A train with all its carriages leaves at once and is scored."),
    # special cards
    "SM-BRAKE-VAN": ("seed", "Brake Van: the train leaves at once."),
    "SM-ROYAL": ("seed", "Royal Carriage: the last two carriages' values are doubled (it takes a carriage place)."),
    "SM-REASSIGN": ("seed", "Re-Assign: the last carriage of one train moves to the end of another."),
    "SM-REPAIR": ("seed", "Repair 3/5: a carriage among the top 3/5 discards that can be coupled must be (parameter)."),
    "SM-TRANSFER": ("seed", "Transfer: up to 3 chips, chosen by owner, move from one train to another."),
    "SM-STANDING-ROOM": ("seed", "Standing Room: +1 chip place for the train; a chip may be placed at once."),
    "SM-UNCOUPLE": ("seed", "Uncouple: the last one or two carriages go to the discard pile."),
    "SM-RUSH-HOUR": ("seed", "Rush Hour is played at once: a new locomotive enters the station."),
    "SM-EXECUTIVE": ("seed", "Executive train: luxury carriages count positive (parameter executive_reading)."),
    "SM-FREIGHT": ("seed", "Freight train: every carriage's sign flips, except luxury carriages."),
    # departure, scoring and end
    "SM-SCORE": ("confirmed", "Each player scores (sum of her chips on the train) x (train value)."),
    "SM-DEPART-RETURN": ("seed", "Chips go back to their owners, cards to the discards; a new locomotive enters."),
    "SM-END-LAST-LOCO": ("seed", "The game ends when the last locomotive has left the station."),
    "SM-END-NO-CARDS": ("seed", "The game ends when the draw pile is empty and all hands are played."),
    "SM-END-UNFINISHED": ("railkit", "Trains still in the station at the end do not score (parameter)."),
    "SM-END-STALL": ("railkit", "If every player passes in a row, the game ends."),
    "SM-PASS": ("railkit", "A player passes only when no chip or card can be played."),
    "SM-TIE": ("seed", "A tie goes to the player with the best single train."),
    "SM-GAME-OVER": ("railkit", "No turns after the end."),
}


def table() -> str:
    """The rule ids as a text table (id, source, rule)."""
    width = max(map(len, RULES))
    return "\n".join(f"{k:<{width}}  [{src}] {text}" for k, (src, text) in RULES.items())

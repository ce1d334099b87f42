"""Station Master (Mayfair 2004): cards as data, every special card, hidden chips.

Players place hidden passenger chips on locomotives in the station and couple
carriages (positive or negative) and special cards to them; when a train is
full (or braked) it leaves and every player scores (her chips on it) x (its
value). Rules reference: ``docs/rules/station-master.md``; source text: the
German seed ``004_2d509a370c7e40ea.txt``. Action text forms: see
:mod:`railkit.games.station_master.actions`; card lists:
:mod:`railkit.games.station_master.cards`; rule settings:
:class:`StationMasterRules`.

>>> g = SPEC.new_game(players=4, seed=7)
>>> len(g.station), sorted(len(h) for h in g.hands), g.current_player
(4, [3, 3, 3, 3], 0)
>>> g.apply("chip 1 on T1")
PlaceChip(value=1, train=1)

Rule ids
--------
Source: [seed] the German seed text, [confirmed] public reviews/totals, [railkit] a railkit
decision (default of an open question, or a rule the seed leaves implicit).

======================  ===========  ===================================================================
id                      source       rule
======================  ===========  ===================================================================
SM-CARDS-DATA           [confirmed]  Card list is data: 15 locomotives, 97 Station Master cards (railkit
                                     default breakdown); a bad file is a DataError naming file/path.
SM-SETUP-LOCOS          [seed]       Fewer than 4 players: remove the green-banner locomotives; 4 players:
                                     remove the "8"; shuffle.
SM-SETUP-STATION        [seed]       As many locomotives as players form the station.
SM-SETUP-HAND           [seed]       Three cards to each player; the rest is the draw pile.
SM-SETUP-CHIPS          [confirmed]  Six hidden chips per player, values 1,1,2,2,3,3 [railkit default].
SM-SETUP-START          [seed]       A start player is chosen (seat 0 by default); turns go round.
SM-TURN-ONE-OPTION      [seed]       A turn is exactly one option: place a chip, or play one card.
SM-CHIP-SUPPLY          [railkit]    A player places only chips she still has (not on a train).
SM-CHIP-CAPACITY        [seed]       A locomotive holds at most its number of chips (+ Standing Room).
SM-CHIP-HIDDEN          [seed]       Chips lie face down: others see only how many each player has on a
                                     train; values are revealed when the train leaves.
SM-CARD-IN-HAND         [railkit]    A player plays only a card she holds.
SM-CARD-DRAW            [seed]       After playing a card (only then) draw one, while the pile lasts.
SM-TRAIN-IN-STATION     [railkit]    Cards and chips go only to trains in the station.
SM-CARRIAGE-LIMIT       [seed]       A train takes at most its number of carriages.
SM-DEPART-FULL          [seed]       A train with all its carriages leaves at once and is scored.
SM-BRAKE-VAN            [seed]       Brake Van: the train leaves at once.
SM-ROYAL                [seed]       Royal Carriage: the last two carriages' values are doubled; it takes
                                     a carriage place [railkit default]; needs a carriage to double.
SM-REASSIGN             [seed]       Re-Assign: the last carriage of one train moves to another (it
                                     loses any Royal doubling).
SM-REPAIR               [seed]       Repair 3/5: if a carriage among the top 3/5 discards can be coupled,
                                     the player couples one (her choice of which and where); parameter
                                     repair_optional: railkit's earlier ruling, taking is optional.
SM-TRANSFER             [seed]       Transfer Passengers: the player chooses the two trains and whose
                                     chips move (by owner; values stay unseen), up to 3 and the room
                                     on the target; which of an owner's chips move is blind [railkit].
SM-STANDING-ROOM        [seed]       Standing Room: +1 chip place for the train; a chip may be placed at
                                     once.
SM-UNCOUPLE             [seed]       Uncouple: the last one or two carriages go to the discard pile.
SM-RUSH-HOUR            [seed]       Rush Hour must be played at once: revealed when drawn, a new
                                     locomotive enters, a replacement card is drawn [railkit default];
                                     'hold' variant: it is the holder's only legal next turn.
SM-EXECUTIVE            [seed]       Executive train: luxury carriages count positive [railkit default of
                                     a garbled seed sentence; parameter executive_reading]. With the
                                     default cards this reading has no effect (every luxury carriage is
                                     positive already); 'all-positive' does change scores.
SM-FREIGHT              [seed]       Freight train: every carriage's sign flips, except luxury carriages.
SM-SCORE                [confirmed]  Each player scores (sum of her chips on the train) x (train value),
                                     negatives included.
SM-DEPART-RETURN        [seed]       Chips return to their owners; locomotive and cards go to the discard
                                     pile; a new locomotive enters if any is left.
SM-END-LAST-LOCO        [seed]       The game ends when the last locomotive has left the station.
SM-END-NO-CARDS         [seed]       The game ends when the draw pile is empty and all hands are played.
SM-END-UNFINISHED       [railkit]    Trains still in the station at the end do not score (parameter).
SM-END-STALL            [railkit]    If every player passes in a row, the game ends.
SM-PASS                 [railkit]    A player passes only when no chip or card can be played.
SM-TIE                  [seed]       A tie goes to the player with the best single train.
SM-GAME-OVER            [railkit]    No turns after the end.
======================  ===========  ===================================================================
"""

from __future__ import annotations

from railkit.core.compiled import load as _load_engine
from railkit.core.game import GameSpec

_load_engine(__name__)  # the mypyc-compiled engine when it is current, else cards.py, scoring.py and game.py
from railkit.games.station_master.actions import (
    FORMS, Pass, PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayRushHour,
    PlayStandingRoom, PlayTransfer, PlayUncouple, parse_action,
)
from railkit.games.station_master.cards import CardInfo, CardList, Loco, load_cards
from railkit.games.station_master.game import StationMasterGame, Train
from railkit.games.station_master.rule_ids import RULES
from railkit.games.station_master.rules import PRESETS, StationMasterRules

SPEC = GameSpec(
    name="station-master",
    title="Station Master",
    game_class=StationMasterGame,
    presets=PRESETS,
    default_agent="greedy",
    default_bot="greedy",
    solo_players=4,
    hidden=("draw_pile", "loco_pile"),
)

__all__ = [
    "RULES",
    "FORMS", "PRESETS", "SPEC", "CardInfo", "CardList", "Loco", "Pass", "PlaceChip", "PlayBrakeVan",
    "PlayCarriage", "PlayReassign", "PlayRepair", "PlayRoyal", "PlayRushHour", "PlayStandingRoom",
    "PlayTransfer", "PlayUncouple", "StationMasterGame", "StationMasterRules", "Train", "load_cards",
    "parse_action",
]

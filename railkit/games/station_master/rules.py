"""Station Master rule settings: every railkit default and open question is a parameter.

>>> r = StationMasterRules()
>>> r.chip_values, r.hand_size, r.executive_reading
([1, 1, 2, 2, 3, 3], 3, 'luxury-positive')
>>> sorted(PRESETS)[:3]
['chips-1-2-3', 'chips-flat', 'executive-all-positive']
"""

from __future__ import annotations

import param

from railkit.core.i18n import word


#: the words of the rules' choices: the new-game form shows each in the reader's language
CHOICE_WORDS = (word("first"), word("random"), word("luxury-positive"), word("all-positive"), word("none"), word("blind"),
                word("last-placed"), word("reveal"), word("hold"))


class StationMasterRules(param.Parameterized):
    """Rule settings of Station Master (frozen when a game starts)."""

    cards = param.String(default="default", label=word("Cards"),
                         doc=(
        word("The card list: 'default' (railkit's documented default list, bundled) or the path of a "
        "card-list JSON file (see cards.schema.json). [railkit default]")))
    chip_values = param.List(default=[1, 1, 2, 2, 3, 3], item_type=int, bounds=(1, 12), label=word("Chip values"),
                             doc=(
        word("Face values of each player's hidden passenger chips (SM-SETUP-CHIPS). [railkit default 1,1,2,2,3,3]")))
    hand_size = param.Integer(default=3, bounds=(1, 10), label=word("Hand size"),
                              doc=word("Cards dealt to each player (SM-SETUP-HAND). [seed]"))
    station_extra = param.Integer(default=0, bounds=(-1, 3), label=word("Station extra"),
                                  doc=(
        word("Locomotives in the station at the start = players + this (SM-SETUP-STATION). [seed: 0]")))
    remove_banner_below = param.Integer(default=4, bounds=(2, 7), label=word("Remove banner below"),
                                        doc=(
        word("With fewer players than this the green-banner locomotives are removed (SM-SETUP-LOCOS). [seed: 4]")))
    remove_highest_at = param.List(default=[4], item_type=int, label=word("Remove highest at"),
                                   doc=(
        word("Player counts at which the highest locomotive (the '8') is removed (SM-SETUP-LOCOS). [seed: 4]")))
    start_player = param.Selector(default="first", objects=["first", "random"], label=word("Start player"),
                                  doc=(
        word("Who starts: seat 0, or a seat drawn with the game's seed (SM-SETUP-START). [railkit]")))
    executive_reading = param.Selector(default="luxury-positive", objects=["luxury-positive", "all-positive", "none"],
                                       label=word("Executive reading"),
                                       doc=(
        word("Executive train (SM-EXECUTIVE; the seed is garbled): 'luxury-positive' = luxury carriages always count "
        "positive, others unaffected; 'all-positive' = every carriage counts its absolute value; 'none' = like a "
        "standard locomotive. [railkit default: luxury-positive]")))
    royal_takes_slot = param.Boolean(default=True, label=word("Royal takes slot"),
                                     doc=(
        word("Royal Carriage is coupled to the train and uses one of its carriage places (SM-ROYAL). "
             "[railkit default: yes]")))
    royal_doubles = param.Integer(default=2, bounds=(1, 5), label=word("Royal doubles"),
                                  doc=(
        word("How many of the train's last carriages a Royal Carriage doubles (SM-ROYAL). [seed: 2]")))
    transfer_max = param.Integer(default=3, bounds=(1, 12), label=word("Transfer max"),
                                 doc=(
        word("Transfer Passengers moves this many chips, and no more than fit on the target train and are on "
        "the source train; the player chooses the trains and whose chips move (SM-TRANSFER). [seed: 3]")))
    transfer_exact = param.Boolean(default=True, label=word("Transfer exact"),
                                   doc=(
        word("Transfer Passengers: True = exactly that many chips move (fewer only where fewer fit or are "
        "there), as the source text says ('3 Passagierchips ... umstellen'); False = the player may move "
        "fewer, 1 chip up to that many (SM-TRANSFER). [seed: exactly]")))
    transfer_pick = param.Selector(default="blind", objects=["blind", "last-placed"], label=word("Transfer pick"),
                                   doc=(
        word("Which of an owner's chips on the source train move when the player moves fewer than that owner has "
        "there: 'blind' = chosen at random (values are face down), 'last-placed' = the most recently placed "
        "ones (SM-TRANSFER). [railkit default: blind]")))
    repair_optional = param.Boolean(default=False, label=word("Repair optional"),
                                    doc=(
        word("Repair: False = if a carriage among the looked-at discards can be coupled, the player must couple "
        "one ([seed]: 'wenn eine Waggonkarte dabei ist, dann regulär einbauen'); True = railkit's earlier "
        "ruling, taking one is optional (SM-REPAIR).")))
    standing_room_capacity = param.Integer(default=1, bounds=(1, 3), label=word("Standing room capacity"),
                                           doc=(
        word("Extra chip places a Standing Room card gives its train (SM-STANDING-ROOM). [seed: 1]")))
    uncouple_max = param.Integer(default=2, bounds=(1, 5), label=word("Uncouple max"),
                                 doc=(
        word("Uncouple removes the last 1 .. this many carriages (SM-UNCOUPLE). [seed: 2]")))
    rush_hour_when_drawn = param.Selector(default="reveal", objects=["reveal", "hold"],
                                          label=word("Rush hour when drawn"),
                                          doc=(
        word("Rush Hour: 'reveal' = revealed at once when drawn (or dealt), a new locomotive enters and a replacement "
        "card is drawn; 'hold' = kept in hand and played as the holder's next turn (SM-RUSH-HOUR). "
        "[railkit default: reveal]")))
    score_unfinished_at_end = param.Boolean(default=False, label=word("Score unfinished at end"),
                                            doc=(
        word("When the game ends because the cards ran out, trains still in the station depart and score "
        "(SM-END-UNFINISHED). [railkit default: they do not score]")))


#: Named rule variants (``GameSpec.presets``): rules-reference open questions and balance studies.
PRESETS: dict[str, dict] = {
    "railkit-default": {},
    "executive-all-positive": {"executive_reading": "all-positive"},
    "executive-plain": {"executive_reading": "none"},
    "royal-free-slot": {"royal_takes_slot": False},
    "rush-hour-held": {"rush_hour_when_drawn": "hold"},
    "transfer-last-placed": {"transfer_pick": "last-placed"},
    "transfer-up-to": {"transfer_exact": False},
    "repair-optional": {"repair_optional": True},
    "score-unfinished": {"score_unfinished_at_end": True},
    "chips-1-2-3": {"chip_values": [1, 2, 3]},
    "chips-flat": {"chip_values": [2, 2, 2, 2, 2, 2]},
}

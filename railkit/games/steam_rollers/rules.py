"""Rule settings of Steam Rollers (a ``param.Parameterized`` variant config).

Every railkit default of the rules reference is a parameter here or data
(``tiles.json``, ``orders.json``, the sheet).

>>> r = SteamRules()
>>> r.goods_extra, r.mountains, r.end_empty_cities
(2, 'none', 3)
>>> sorted(PRESETS)
['all-modules', 'base', 'coal', 'hard', 'medium', 'orders', 'powers']
"""

from __future__ import annotations

from types import SimpleNamespace

import param

from railkit.core.i18n import word

#: Olivia's difficulty levels -> number of dice for her starting influence (seed).
DIFFICULTIES = {"clerk": 1, "conductor": 2, "machinist": 3, "engineer": 4, "investor": 5, "rail-baron": 6}
#: The five starting powers (rules reference, optional module).
POWERS = ("engine", "track", "vp", "tile", "good")


#: the words of the rules' choices: the new-game form shows each in the reader's language
CHOICE_WORDS = (word("none"), word("medium"), word("hard"), word("random"))


class SteamRules(param.Parameterized):
    """Steam Rollers rule settings (multiplayer and solo)."""

    cubes_per_colour = param.Integer(10, bounds=(1, 40), label=word("Cubes per colour"),
                                     doc=word("Goods of each colour in the bag."))
    goods_extra = param.Integer(2, bounds=(0, 10), label=word("Goods extra"),
                                doc=word("Each city starts with (players + goods_extra) goods."))
    coal = param.Boolean(False, label=word("Coal"),
                         doc=word("Coal module: black wild goods on cities that lost a good at setup."))
    coal_cubes = param.Integer(6, bounds=(0, 20), label=word("Coal cubes"),
                               doc=word("Black coal goods in the box."))
    mountains = param.Selector(default="none", objects=["none", "medium", "hard"],
                               label=word("Mountains"),
                               doc=word("Mountain borders of the sheet in play (same for every player)."))
    order_tiles = param.Boolean(False, label=word("Order tiles"),
                                doc=word("Order tile module (railkit default set in orders.json)."))
    orders_in_play = param.Integer(3, bounds=(1, 8), label=word("Orders in play"),
                                   doc=word("Order tiles drawn and shown at setup."))
    starting_powers = param.Boolean(False, label=word("Starting powers"),
                                    doc=word("Starting power module: each player picks one of five powers."))
    power_vp = param.Integer(2, bounds=(0, 10), label=word("Power vp"),
                             doc=word("VP of the '+VP' starting power."))
    personal_good_cities = param.List([3, 4], item_type=int, bounds=(1, 6),
                                      label=word("Personal good cities"),
                                      doc=word("Cities the personal good of the starting power may start on."))
    tile_sides = param.Selector(default="random", objects=["random", "a", "b"],
                                label=word("Tile sides"),
                                doc=word("Side of each action tile: random per game (the rule) or all a / all b "
                                         "(teaching)."))
    engine_max = param.Integer(6, bounds=(1, 12), label=word("Engine max"),
                               doc=word("Highest engine strength (boxes plus permanent tile bonus)."))
    engine_bonus = param.List([0, 0, 0, 0, 1, 2, 3], item_type=int, bounds=(7, 7),
                              label=word("Engine bonus"),
                              doc=word("End bonus by number of crossed engine boxes 0..6."))
    end_empty_cities = param.Integer(3, bounds=(1, 6), label=word("End empty cities"),
                                     doc=word("The game ends after the round in which this many cities are empty."))
    max_rounds = param.Integer(60, bounds=(1, 500), label=word("Max rounds"),
                               doc=word("Safety net: the game ends after this many rounds (turns in solo)."))
    rotate_start = param.Boolean(True, label=word("Rotate start"),
                                 doc=word("The start player passes to the next seat each round."))
    solo_dice = param.Integer(3, bounds=(2, 6), label=word("Solo dice"),
                              doc=word("White dice rolled each solo turn (the player uses all but one)."))
    olivia_min_crossed = param.Integer(3, bounds=(1, 10), label=word("Olivia min crossed"),
                                       doc=word("Crossed hexes Olivia needs in a region to take a good there."))
    olivia_engine_points = param.Integer(3, bounds=(0, 10), label=word("Olivia engine points"),
                                         doc=word("Olivia's engine points at the end."))
    olivia_regions_scored = param.Integer(2, bounds=(1, 6), label=word("Olivia regions scored"),
                                          doc=word("How many of Olivia's best regions score their crossed hexes."))
    olivia_max_rerolls = param.Integer(100, bounds=(1, 10_000), label=word("Olivia max rerolls"),
                                       doc=word("Safety net on Olivia's re-rolls in one phase."))


#: Named presets (rule settings) for the GameSpec.
PRESETS: dict[str, dict] = {
    "base": {},
    "coal": {"coal": True},
    "medium": {"mountains": "medium"},
    "hard": {"mountains": "hard"},
    "orders": {"order_tiles": True},
    "powers": {"starting_powers": True},
    "all-modules": {"coal": True, "mountains": "hard", "order_tiles": True, "starting_powers": True},
}


#: id of a rules object -> (that object, its values), see :func:`rule_values`
_VALUES: dict[int, tuple[SteamRules, SimpleNamespace]] = {}


def rule_values(rules: SteamRules) -> SimpleNamespace:
    """The values of frozen ``rules`` (a game's, :func:`railkit.core.game.frozen_rules`) as
    plain attributes, read once per rules object: reading a parameter costs several
    microseconds, and a game reads about twenty at setup. The values are the rules' own
    (the same objects): do not change them.

    >>> from railkit.core.game import frozen_rules
    >>> rules = frozen_rules(SteamRules(goods_extra=3))
    >>> rule_values(rules).goods_extra, rule_values(rules).mountains, rule_values(rules) is rule_values(rules)
    (3, 'none', True)
    """
    hit = _VALUES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_VALUES) >= 64:
            _VALUES.clear()
        hit = _VALUES[id(rules)] = (rules, SimpleNamespace(**rules.param.values()))
    return hit[1]

"""Tiny Station Master positions for teaching: each rule at work on a table you can see.

Each :class:`Position` is a seeded game, a teaching arrangement of its cards (the game's
``setup`` option: the station, the hands, the discard pile, the next cards drawn) and the
moves that lead to the moment the lesson is about; :attr:`Position.play` is the move that
then shows the rule (the special card at work, a departure, the end of the game).
The rules notebook draws each one with the live station view
(:func:`railkit.viz.station_master.lessons.position_view`).

>>> g = position_game("royal")
>>> [t.name for t in g.station], g.value(g.train(1)), g.current_player
(['T1', 'T2'], 2, 0)
>>> g.apply(POSITIONS["royal"].play)
PlayRoyal(train=1)
>>> g.value(g.train(1))
4
>>> sorted(POSITIONS)[:4]
['brake-van', 'end-tie', 'freight', 'place-chip']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railkit.core.errors import DataError
from railkit.core.i18n import Message
from railkit.games.station_master.cards import load_cards
from railkit.games.station_master.game import StationMasterGame
from railkit.games.station_master.rules import StationMasterRules

__all__ = ["POSITIONS", "Position", "SHORT_CARDS", "position_game", "setup_facts"]

#: A short deck (two locomotives, 18 cards): a game on it ends after a few turns.
SHORT_CARDS = Path(__file__).with_name("cards-short.json")


@dataclass(frozen=True)
class Position:
    """A teaching position: a seeded game, its arrangement, the moves to it and the move it shows."""

    name: str
    #: what it shows, in words of the reader's language
    title: Message
    setup: dict = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    play: str = ""
    players: int = 2
    seed: int = 1
    rules: dict = field(default_factory=dict)


POSITIONS: dict[str, Position] = {p.name: p for p in [
    Position("place-chip", Message("Turn option 1: place a chip face down"), players=3, seed=4, play="chip 3 on T1"),
    Position("play-card", Message("Turn option 2: play a card, then draw one"),
             {"station": ["L3", "L5"], "hands": [["+2", "-3", "royal"]], "draw": ["+1", "-1"]}, play="play +2 on T1"),
    Position("brake-van", Message("Brake Van: the train leaves at once, and is scored"),
             {"station": ["L5", "L4"], "hands": [["brake-van", "+3"]]},
             ("chip 3 on T1", "chip 1 on T1", "play +3 on T1", "chip 2 on T2"), "play brake-van on T1", seed=2),
    Position("royal", Message("Royal Carriage: the last two carriages count double"),
             {"station": ["L5", "L4"], "hands": [["+3", "-1", "royal"]]},
             ("play +3 on T1", "chip 1 on T2", "play -1 on T1", "chip 1 on T2"), "play royal on T1", seed=3),
    Position("reassign", Message("Re-Assign Carriage: a train's last carriage moves to another train"),
             {"station": ["L5", "L4"], "hands": [["+3", "reassign"]]},
             ("play +3 on T1", "chip 1 on T2"), "play reassign T1->T2", seed=3),
    Position("repair", Message("Repair: couple a carriage from the top of the discard pile"),
             {"station": ["L5", "L4"], "hands": [["repair-3"]], "discard": ["lux+5", "-2", "+1"]},
             play="play repair-3 take lux+5 on T1", seed=3),
    Position("transfer", Message("Transfer Passengers: chips move from one train to another, unseen"),
             {"station": ["L5", "L4"], "hands": [["transfer"]]},
             ("chip 3 on T1", "chip 1 on T1", "chip 2 on T1", "chip 3 on T1"), "play transfer T1->T2 owners 0,1,1", seed=5),
    Position("standing-room", Message("Standing Room: one more chip place, and a chip at once"),
             {"station": ["L3", "L4"], "hands": [["standing-room"]]},
             ("chip 3 on T1", "chip 1 on T1", "chip 2 on T1", "chip 3 on T2"), "play standing-room on T1 chip 3", seed=5),
    Position("uncouple", Message("Uncouple: the last one or two carriages go to the discard pile"),
             {"station": ["L5", "L4"], "hands": [["+2", "-3", "uncouple"]]},
             ("play +2 on T1", "chip 1 on T2", "play -3 on T1", "chip 1 on T2"), "play uncouple 1 from T1", seed=5),
    Position("rush-hour", Message("Rush Hour: drawn, it brings a new locomotive at once"),
             {"station": ["L5", "L4"], "hands": [["+1"]], "draw": ["rush-hour", "-2"]}, play="play +1 on T1", seed=6),
    Position("freight", Message("Freight and Executive locomotives: carriage signs change"),
             {"station": ["L4-freight", "L5-exec"], "hands": [["-3", "lux+4"]]}, play="play -3 on T1", seed=6),
    Position("end-tie", Message("The end of the game and the tie-break: the best single train"),
             {"station": ["L3", "L3"], "hands": [["brake-van", "brake-van", "+3"], ["+1", "-1", "+2"]]},
             ("chip 3 on T1", "chip 2 on T1", "chip 1 on T1", "play +1 on T1", "play brake-van on T1",
              "play -1 on T2", "play +3 on T2", "chip 1 on T2"), "play brake-van on T2", seed=8,
             rules={"cards": str(SHORT_CARDS)}),
]}


def _position(name: str) -> Position:
    if name not in POSITIONS:
        raise DataError("position", "$", "one of " + ", ".join(sorted(POSITIONS)), name)
    return POSITIONS[name]


def position_game(name: str, *, played: bool = False) -> StationMasterGame:
    """The game of position ``name``: set up and with its moves played (and its own
    :attr:`Position.play` too with ``played``).

    >>> position_game("end-tie", played=True).summary()[0]["rank"]
    1
    """
    p = _position(name)
    g = StationMasterGame(dict(p.rules), players=p.players, seed=p.seed, setup=p.setup)
    for move in p.moves + ((p.play,) if played and p.play else ()):
        g.apply(move)
    return g


def setup_facts(cards: str = "default", rules: dict | None = None) -> list[dict[str, Any]]:
    """The set-up for 2 to 6 players (SM-SETUP-*): locomotives in play and removed, trains in the
    station at the start, cards dealt and left in the draw pile, chips per player (before any
    Rush Hour dealt brings a locomotive more).

    >>> [(r["players"], r["locomotives_in_play"], r["removed"]) for r in setup_facts()][:3]
    [(2, 12, ('L6-freight-green', 'L7-green', 'L8-green')), (3, 12, ('L6-freight-green', 'L7-green', 'L8-green')), (4, 14, ('L8-green',))]
    """
    cl = load_cards(cards)
    r = StationMasterRules(**(rules or {}))
    rows = []
    for n in range(2, 7):
        # which locomotives leave does not depend on the shuffle: the engine's own set-up says
        g = StationMasterGame({"cards": cards, **(rules or {})}, players=n, seed=0)
        dealt = n * r.hand_size
        rows.append({"players": n, "locomotives_in_play": len(cl.locomotives) - len(g.removed_locos),
                     "removed": tuple(sorted(lo.key for lo in g.removed_locos)),
                     "station_at_start": n + r.station_extra, "cards_dealt": dealt,
                     "draw_pile": len(cl.cards) - dealt, "chips_each": len(r.chip_values)})
    return rows

"""Station Master in words, with no UI: a card's name, a move as every seat's log says it,
and the engine's event lines as the page says them (the served view, the lessons and the
page with no server, :mod:`railkit.viz.station_master.web`, all speak with these)."""

from __future__ import annotations

import re
from collections import Counter

from railkit.games.station_master import SPEC
from railkit.viz.shell.table import seat_names


_SPECIAL_NAMES = {
    "brake-van": "Brake Van", "royal": "Royal Carriage", "reassign": "Re-Assign Carriage",
    "transfer": "Transfer Passengers", "standing-room": "Standing Room", "uncouple": "Uncouple",
    "rush-hour": "Rush Hour",
}


def card_label(key: str) -> str:
    """A card's name as players read it.

    >>> card_label("+3"), card_label("-2"), card_label("lux+4"), card_label("repair-5"), card_label("royal")
    ('+3', '−2', 'Luxury +4', 'Repair (top 5)', 'Royal Carriage')
    """
    if key.startswith("lux"):
        return "Luxury " + key[3:].replace("-", "−")
    if key[:1] in "+-":
        return key.replace("-", "−")
    if key.startswith("repair-"):
        return f"Repair (top {key[7:]})"
    return _SPECIAL_NAMES.get(key, key)


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("−" + str(-v) if v < 0 else "0")


def _player_names(game) -> list[str]:
    """The seats' names as the page shows them (Player 1, Player 2 ...: seats counted from 1)."""
    return seat_names(game) if game is not None else [f"Player {s + 1}" for s in range(SPEC.max_players)]


def _whose(owners, names: list[str]) -> str:
    """Whose chips move, in words: "2 of Player 1's chips and 1 of Player 3's"."""
    parts = [f"{n} of {names[o]}'s" for o, n in sorted(Counter(owners).items())]
    parts[0] += " chips"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_action(game, action, mine: bool = False) -> str:
    """A Station Master move in words, as every seat's log shows it: a chip's value stays hidden
    (``mine``: the text for the seat that moved, which knows its own chip's value). Players are
    named as the page names them; all else in it is public (a card played is seen by everyone,
    and so are the discard pile and whose chips a Transfer moves).

    >>> from railkit.games.station_master.actions import parse_action as p
    >>> describe_action(None, p("chip 3 on T2")), describe_action(None, p("chip 3 on T2"), mine=True)
    ('placed a chip on T2', 'placed chip 3 on T2')
    >>> describe_action(None, p("play +3 on T1")), describe_action(None, p("play lux-2 on T1"))
    ('coupled +3 to T1', 'coupled Luxury −2 to T1')
    >>> describe_action(None, p("play standing-room on T2 chip 1"))
    'played Standing Room on T2 and placed a chip there'
    >>> describe_action(None, p("play transfer T2->T1 owners 0,0,2"))
    "played Transfer Passengers: moved 2 of Player 1's chips and 1 of Player 3's from T2 to T1"
    >>> describe_action(None, p("play repair-3 take +1 on T2")), describe_action(None, p("play repair-5"))
    ('played Repair (top 3) and coupled +1 from the discard pile to T2', 'played Repair (top 5) and coupled nothing')
    """
    from railkit.games.station_master import actions as A

    a = action
    if isinstance(a, A.PlaceChip):
        return f"placed chip {a.value} on T{a.train}" if mine else f"placed a chip on T{a.train}"
    if isinstance(a, A.PlayCarriage):
        return f"coupled {card_label(a.card)} to T{a.train}"
    if isinstance(a, A.PlayBrakeVan):
        return f"played Brake Van on T{a.train}: it leaves the station"
    if isinstance(a, A.PlayRoyal):
        return f"played Royal Carriage on T{a.train}: its last two carriages count double"
    if isinstance(a, A.PlayReassign):
        return f"played Re-Assign Carriage: moved T{a.source}'s last carriage to T{a.target}"
    if isinstance(a, A.PlayRepair):
        if a.take is None:
            return f"played {card_label(a.card)} and coupled nothing"
        return f"played {card_label(a.card)} and coupled {card_label(a.take)} from the discard pile to T{a.train}"
    if isinstance(a, A.PlayTransfer):
        return (f"played Transfer Passengers: moved {_whose(a.owners, _player_names(game))} "
                f"from T{a.source} to T{a.target}")
    if isinstance(a, A.PlayStandingRoom):
        if a.chip is None:
            return f"played Standing Room on T{a.train}"
        chip = f"chip {a.chip}" if mine else "a chip"
        return f"played Standing Room on T{a.train} and placed {chip} there"
    if isinstance(a, A.PlayUncouple):
        n = f"last {a.count} carriages" if a.count != 1 else "last carriage"
        return f"played Uncouple: removed T{a.train}'s {n} to the discard pile"
    if isinstance(a, A.PlayRushHour):
        return "played Rush Hour: a new locomotive enters the station"
    if isinstance(a, A.Pass):
        return "passed (nothing else was allowed)"
    return str(a)


def event_text(event: str, names: list[str]) -> str:
    """An event line of the game (``observe()['events']``, which counts seats from 0: "seat 1"
    is the second player) as the page says it: players named as everywhere on the page, cards
    by their names, a departure's points per player.

    >>> event_text("Seat 1 moved 1 chip(s) (1 of seat 0) from T1 to T3.", ["Ann", "Bo"])
    "Bo moved 1 chip (1 of Ann's) from T1 to T3."
    """
    def name(seat: str) -> str:
        s = int(seat)
        return names[s] if s < len(names) else f"Player {s + 1}"

    def points(m) -> str:
        pts = [int(x) for x in m[2].split(",")]
        who = ", ".join(f"{name(str(s))} {signed(p)}" for s, p in enumerate(pts) if p)
        return f"value {signed(int(m[1]))}: " + (who or "nobody scores")

    text = re.sub(r"value (-?\d+): points \[([-\d, ]*)\]", points, event)
    text = re.sub(r"repaired (\S+) from the discard pile onto (T\d+)",
                  lambda m: f"coupled {card_label(m[1])} from the discard pile to {m[2]} (Repair)", text)
    text = re.sub(r"(\d+) chip\(s\)", lambda m: m[1] + (" chip" if m[1] == "1" else " chips"), text)
    text = re.sub(r"(\d+) of [Ss]eat (\d+)", lambda m: f"{m[1]} of {name(m[2])}'s", text)
    return re.sub(r"\b[Ss]eat (\d+)", lambda m: name(m[1]), text)

"""Station Master in words, with no UI: a card's name, a move as every seat's log says it,
and the engine's event lines as the page says them (the served view, the lessons and the
page with no server, :mod:`railkit.viz.station_master.web`, all speak with these)."""

from __future__ import annotations

import re
from collections import Counter

from railkit.core.i18n import Message, and_list, joined, render
from railkit.core.game import seat_label
from railkit.games.station_master import SPEC
from railkit.games.station_master.actions import SPECIAL_NAMES as _SPECIAL_NAMES
from railkit.games.station_master.actions import LOCO_KEY, card_name
from railkit.viz.shell.table import seat_name


def card_label(key: str, lang: str | None = None) -> str:
    """A card's name as players read it (special cards keep the names of the rules, in every
    language; ``lang`` defaults to the current language).

    >>> card_label("+3"), card_label("-2"), card_label("lux+4"), card_label("repair-5"), card_label("royal")
    ('+3', '−2', 'Luxury +4', 'Repair (top 5)', 'Royal Carriage')
    >>> card_label("lux+4", "de"), card_label("repair-5", "da"), card_label("brake-van", "de")
    ('Luxus +4', 'Repair (øverste 5)', 'Bremswagen')
    """
    return render(card_name(key), lang)


#: a locomotive's type as its card names it
def loco_words(key: str):
    """A locomotive as its card shows it, by its id (``L4-freight-green``): its number, type and
    green banner (a message, :func:`~railkit.games.station_master.actions.card_name`; an id of
    another form as it is).

    >>> str(loco_words("L4-freight-green")), loco_words("L5-exec").render("da"), loco_words("L3").render("de")
    ('locomotive 4, Freight, green banner', 'lokomotiv 5, Executive', 'Lok 3, Standard')
    """
    return card_name(key) if LOCO_KEY.fullmatch(key) else key


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("−" + str(-v) if v < 0 else "0")


def _player_names(game) -> list:
    """The seats' names as the log keeps them: messages (Player 1, Player 2 ...: seats counted
    from 1) that each page renders in its language."""
    if game is None:
        return [seat_label(s) for s in range(SPEC.max_players)]
    return [seat_name(game, s) for s in range(game.players)]


def _whose(owners, names: list[str]) -> Message:
    """Whose chips move, in words: "2 of Player 1's chips and 1 of Player 3's"."""
    parts = [Message("{n} of {name}'s", n=n, name=names[o]) for o, n in sorted(Counter(owners).items())]
    n, o = parts[0].args["n"], parts[0].args["name"]
    parts[0] = Message("{n} of {name}'s chips", n=n, name=o)
    return and_list(parts)


def describe_action(game, action, mine: bool = False, lang: str | None = None) -> str:
    """A Station Master move in words, as every seat's log shows it: a chip's value stays hidden
    (``mine``: the text for the seat that moved, which knows its own chip's value). Players are
    named as the page names them; all else in it is public (a card played is seen by everyone,
    and so are the discard pile and whose chips a Transfer moves). In language ``lang``
    (default: the current language).

    >>> from railkit.games.station_master.actions import parse_action as p
    >>> chip = p("chip 3 on T2")
    >>> describe_action(None, chip, lang="en"), describe_action(None, chip, mine=True, lang="en")
    ('placed a chip on T2', 'placed chip 3 on T2')
    >>> describe_action(None, p("play +3 on T1"), lang="en"), describe_action(None, p("play lux-2 on T1"), lang="en")
    ('coupled +3 to T1', 'coupled Luxury −2 to T1')
    >>> describe_action(None, p("play standing-room on T2 chip 1"), lang="en")
    'played Standing Room on T2 and placed a chip there'
    >>> describe_action(None, p("play transfer T2->T1 owners 0,0,2"), lang="en")
    "played Transfer Passengers: moved 2 of Player 1's chips and 1 of Player 3's from T2 to T1"
    >>> repair3, repair5 = p("play repair-3 take +1 on T2"), p("play repair-5")
    >>> describe_action(None, repair3, lang="en"), describe_action(None, repair5, lang="en")
    ('played Repair (top 3) and coupled +1 from the discard pile to T2', 'played Repair (top 5) and coupled nothing')
    >>> describe_action(None, p("play +3 on T1"), lang="de")
    'legte +3 an T1 an'
    """
    return render(log_entry(game, action, mine), lang)


def log_entry(game, a, mine: bool = False):
    """A Station Master move as the log says it (:func:`describe_action`), as a message: what the
    table keeps, so that each page renders it in its own language.

    >>> from railkit.games.station_master.actions import parse_action as p
    >>> m = log_entry(None, p("play lux-2 on T1"))
    >>> str(m), m.render("de")
    ('coupled Luxury −2 to T1', 'legte Luxus −2 an T1 an')
    """
    from railkit.games.station_master import actions as A

    if isinstance(a, A.PlaceChip):
        return (Message("placed chip {value} on T{train}", value=a.value, train=a.train) if mine
                else Message("placed a chip on T{train}", train=a.train))
    if isinstance(a, A.PlayCarriage):
        return Message("coupled {card} to T{train}", card=card_name(a.card), train=a.train)
    if isinstance(a, A.PlayBrakeVan):
        return Message("played Brake Van on T{train}: it leaves the station", train=a.train)
    if isinstance(a, A.PlayRoyal):
        return Message("played Royal Carriage on T{train}: its last two carriages count double", train=a.train)
    if isinstance(a, A.PlayReassign):
        return Message("played Re-Assign Carriage: moved T{source}'s last carriage to T{target}",
                       source=a.source, target=a.target)
    if isinstance(a, A.PlayRepair):
        if a.take is None:
            return Message("played {card} and coupled nothing", card=card_name(a.card))
        return Message("played {card} and coupled {take} from the discard pile to T{train}",
                       card=card_name(a.card), take=card_name(a.take), train=a.train)
    if isinstance(a, A.PlayTransfer):
        return Message("played Transfer Passengers: moved {whose} from T{source} to T{target}",
                       whose=_whose(a.owners, _player_names(game)), source=a.source, target=a.target)
    if isinstance(a, A.PlayStandingRoom):
        if a.chip is None:
            return Message("played Standing Room on T{train}", train=a.train)
        if mine:
            return Message("played Standing Room on T{train} and placed chip {value} there", train=a.train,
                           value=a.chip)
        return Message("played Standing Room on T{train} and placed a chip there", train=a.train)
    if isinstance(a, A.PlayUncouple):
        return Message("played Uncouple: removed T{train}'s last carriage to the discard pile",
                       plural="played Uncouple: removed T{train}'s last {n} carriages to the discard pile",
                       train=a.train, n=a.count)
    if isinstance(a, A.PlayRushHour):
        return Message("played Rush Hour: a new locomotive enters the station")
    if isinstance(a, A.Pass):
        return Message("passed (nothing else was allowed)")
    return str(a)


#: the engine's event lines (``observe()['events']``) and what the page says for each:
#: a pattern of the line, and the message made from its groups
_EVENTS = (
    (re.compile(r"Rush Hour (drawn|played) by [Ss]eat (\d+): (T\d+) \((\S+)\) enters the station\.$"),
     lambda m, name, lang: Message("Rush Hour drawn by {name}: {train} ({loco}) enters the station.", name=name(m[2]),
                             train=m[3], loco=loco_words(m[4])) if m[1] == "drawn" else
     Message("Rush Hour played by {name}: {train} ({loco}) enters the station.", name=name(m[2]), train=m[3],
             loco=loco_words(m[4]))),
    (re.compile(r"Rush Hour (drawn|played) by [Ss]eat (\d+): no locomotive is left to enter\.$"),
     lambda m, name, lang: Message("Rush Hour drawn by {name}: no locomotive is left to enter.", name=name(m[2]))
     if m[1] == "drawn" else Message("Rush Hour played by {name}: no locomotive is left to enter.",
                                     name=name(m[2]))),
    (re.compile(r"[Ss]eat (\d+) repaired (\S+) from the discard pile onto (T\d+)\.$"),
     lambda m, name, lang: Message("{name} coupled {card} from the discard pile to {train} (Repair).", name=name(m[1]),
                             card=card_label(m[2], lang), train=m[3])),
    (re.compile(r"[Ss]eat (\d+) moved (\d+) chip\(s\) \((.*)\) from (T\d+) to (T\d+)\.$"),
     lambda m, name, lang: Message("{name} moved {n} chip ({whose}) from {source} to {target}.",
                             plural="{name} moved {n} chips ({whose}) from {source} to {target}.",
                             name=name(m[1]), n=int(m[2]), source=m[4], target=m[5],
                             whose=joined([Message("{n} of {name}'s", n=int(k), name=name(o))
                                          for k, o in re.findall(r"(\d+) of [Ss]eat (\d+)", m[3])]))),
    (re.compile(r"(T\d+) \((\S+)\) left the station \(([\w-]+)\), value (-?\d+): points \[([-\d, ]*)\]\.$"),
     lambda m, name, lang: Message("{train} ({loco}) left the station ({why}), value {value}: {points}.", train=m[1],
                             loco=loco_words(m[2]), why=_DEPART_WORDS.get(m[3], m[3]), value=signed(int(m[4])),
                             points=joined([Message("{name} {points}", name=name(str(s)), points=signed(p))
                                           for s, p in enumerate(int(x) for x in m[5].split(",")) if p])
                             or Message("nobody scores"))),
    (re.compile(r"The game ends \(([\w-]+)\)\.$"),
     lambda m, name, lang: Message("The game ends ({why}).", why=_END_WORDS.get(m[1], m[1]))),
)
#: why a train left and why the game ended, as the engine names them (the English page shows the names)
_DEPART_WORDS = {"full": Message("full"), "brake-van": Message("brake-van"), "end": Message("end")}
_END_WORDS = {"last-loco": Message("last-loco"), "no-cards": Message("no-cards"), "stall": Message("stall")}


def event_text(event: str, names: list[str], lang: str | None = None) -> str:
    """An event line of the game (``observe()['events']``, which counts seats from 0: "seat 1"
    is the second player) as the page says it, in ``lang`` (default: the current language):
    players named as everywhere on the page, cards by their names, a departure's points per player.

    >>> event_text("Seat 1 moved 1 chip(s) (1 of seat 0) from T1 to T3.", ["Ann", "Bo"], "en")
    "Bo moved 1 chip (1 of Ann's) from T1 to T3."
    >>> event_text("Seat 1 moved 1 chip(s) (1 of seat 0) from T1 to T3.", ["Ann", "Bo"], "de")
    'Bo stellte 1 Chip (1 von Ann) von T1 auf T3 um.'
    """
    def name(seat: str):
        s = int(seat)
        return names[s] if s < len(names) else seat_label(s)

    for pattern, said in _EVENTS:
        m = pattern.match(event)
        if m:
            return said(m, name, lang).render(lang)
    return _english_event_text(event, name)


def _english_event_text(event: str, name) -> str:
    """An event line no pattern of :data:`_EVENTS` knows, made readable in English."""
    def points(m) -> str:
        pts = [int(x) for x in m[2].split(",")]
        who = ", ".join(f"{name(str(s))} {signed(p)}" for s, p in enumerate(pts) if p)
        return f"value {signed(int(m[1]))}: " + (who or "nobody scores")

    text = re.sub(r"value (-?\d+): points \[([-\d, ]*)\]", points, event)
    text = re.sub(r"\bL\d+(?:-(?:exec|freight))?(?:-green)?\b", lambda m: str(loco_words(m[0])), text)
    text = re.sub(r"repaired (\S+) from the discard pile onto (T\d+)",
                  lambda m: f"coupled {card_label(m[1], 'en')} from the discard pile to {m[2]} (Repair)", text)
    text = re.sub(r"(\d+) chip\(s\)", lambda m: m[1] + (" chip" if m[1] == "1" else " chips"), text)
    text = re.sub(r"(\d+) of [Ss]eat (\d+)", lambda m: f"{m[1]} of {name(m[2])}'s", text)
    return re.sub(r"\b[Ss]eat (\d+)", lambda m: name(m[1]), text)

"""Steam Rollers in words, with no UI: a move as the action log says it, in the past tense.

The table keeps each move's message (:func:`describe_action`), and every page renders it in
its own language; ``str()`` of it is English. Everything in a Steam Rollers move is public.
"""

from __future__ import annotations

from railkit.core.i18n import Message
from railkit.games.steam_rollers import actions as A
from railkit.games.steam_rollers.actions import WORDS, _track_words


def _drafted(die: int, value: int | None, then: Message) -> Message:
    """A draft as the log says it: the die (and the value tile 1 gave it), then what it did."""
    if value is not None and value != die:
        return Message("drafted die {die} as a {value}: {then}", die=die, value=value, then=then)
    return Message("drafted die {die}: {then}", die=die, then=then)


def describe_action(game, a) -> Message | str:
    """A Steam Rollers move as the log says it: what was done, in the past tense (a message, in
    each reader's language). ``game`` (the position it was played in) is not needed: every part
    of a move is public and in the move.

    >>> from railkit.games.steam_rollers.actions import parse as p
    >>> str(describe_action(None, p("draft 3 build 0,-2 1-3")))
    'drafted die 3: built track (gentle) in hex 0,-2, edges 1–3'
    >>> str(describe_action(None, p("draft 5 as 4 deliver red to 2"))), str(describe_action(None, p("skip")))
    ('drafted die 5 as a 4: delivered a red good from city 4 to city 2', 'skipped the second build')
    >>> describe_action(None, p("draft 2 engine")).render("de")
    'wählte Würfel 2: kreuzte ein Lokfeld an'
    """
    if isinstance(a, A.Build):
        return _drafted(a.die, a.value, Message("built {track}", track=_track_words(a.hex, a.a, a.b)))
    if isinstance(a, A.Engine):
        return _drafted(a.die, a.value, Message("crossed an engine box"))
    if isinstance(a, A.Deliver):
        good = WORDS.get(a.good, a.good)
        if a.pos is not None:
            good = Message("{good} (no. {pos} in line)", good=good, pos=a.pos)
        source = a.source if a.source is not None else (a.value if a.value is not None else a.die)
        return _drafted(a.die, a.value, Message("delivered a {good} good from city {source} to city {dest}",
                                                good=good, source=source, dest=a.dest))
    if isinstance(a, A.TakeTile):
        return _drafted(a.die, a.value, Message("took action tile {number}", number=a.number))
    if isinstance(a, A.Pass):
        return _drafted(a.die, None, Message("took no action"))
    if isinstance(a, A.UseTile):
        return Message("used tile {tile}", tile=a.tile)
    if isinstance(a, A.ExtraBuild):
        return Message("built the second {track}", track=_track_words(a.hex, a.a, a.b))
    if isinstance(a, A.Skip):
        return Message("skipped the second build")
    if isinstance(a, A.Power):
        if a.power == "track":
            return Message("took the starting power: a {track}", track=_track_words(a.hex, a.a, a.b))
        said = {"engine": Message("took the starting power: engine box {number}", number=a.number),
                "tile": Message("took the starting power: action tile {number}", number=a.number),
                "good": Message("took the starting power: a personal good on city {number}", number=a.number),
                "vp": Message("took the starting power: victory points")}
        return said.get(a.power, Message("took the starting power: {power}", power=a.power))
    return str(a)

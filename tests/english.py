"""What counts as English on a page or in a notebook's output, for the pseudo-locale tests.

In the pseudo-locale (``xx``) every message is accented and bracketed, so a word of the English
catalog that is still plain is a text that was never made a message. Names (cities, seats' colours,
bots, maps, sheets), rule ids and code (``<code>``, backticks, a quoted move one typed) are shown
as they are in every language.
"""

from __future__ import annotations

import functools
import re

from railkit.core.i18n import pseudo

#: words shown as they are in every language, each with the reason
ALLOWED_WORDS = {
    "railkit": "the kit's name",
    "ticket": "in the game's name, Ticket to Ride", "ride": "in the game's name",
    "steam": "in the game's name, Steam Rollers", "rollers": "in the game's name",
    "station": "in the game's name, Station Master", "master": "in the game's name",
    "english": "the language picker names each language in itself",
}

#: a rule's id (``TTR-SETUP-HAND``): a name, shown as it is in every language
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")
#: the verbs a move's notation starts with, as typed and as the pseudo-locale accents them in a
#: message's example ("e.g. 'claim {route} red xN'")
_VERBS = ("draw", "claim", "keep", "draft", "chip", "play", "pass")
#: code in a text: code in backticks, a move in its notation quoted as one types it (the refusals
#: quote what was typed), and Python's own None, True and False
CODE = re.compile(r"`[^`]*`|'(?:" + "|".join(_VERBS + tuple(pseudo(v)[1:].split(" ")[0] for v in _VERBS)) + r")\b[^']*'"
                  r"|\b(?:None|True|False)\b")


@functools.lru_cache(maxsize=None)
def english_words() -> frozenset[str]:
    """The words (3 letters or more, lower case) of the English catalog's messages, minus the allowed ones."""
    from railkit.core.i18n import catalog

    found = set()
    for m in catalog("en"):
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)) if m.id else ():
            found |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", text))}
    return frozenset(found - set(ALLOWED_WORDS))


@functools.lru_cache(maxsize=None)
def names() -> tuple[str, ...]:
    """Names shown as they are: the maps' cities (and each word of them, as a board abbreviates and
    breaks them: "Okla. City", "Saint / Louis"), the maps and sheets, the seats' colours, the bots."""
    from railkit.agents import agents_of
    from railkit.games import specs
    from railkit.maps import load

    maps = ("usa", "teaching-small")
    cities = {c for m in maps for c in load(m).cities}
    found = cities | {w for c in cities for w in re.split(r"[\s.]+", c) if w} | set(maps) | {"USA", "steam-default"}
    for spec in specs():
        found |= set(agents_of(spec)) | set(getattr(spec, "seat_names", ()) or ())
    found |= {"Purple", "Teal", "Red", "Green", "Blue", "Yellow", "Black", "Orange", "Olivia", "Dansk", "Deutsch"}
    return tuple(sorted(found, key=len, reverse=True))


def english_in(text: str) -> list[str]:
    """The English words of ``text`` (names, rule ids and code left out)."""
    plain = re.sub(r"\b(?:" + "|".join(map(re.escape, names())) + r")\b", " ", text)
    plain = CODE.sub(" ", RULE_ID.sub(" ", plain))
    return [w for w in re.findall(r"[A-Za-z]{3,}", plain) if w.lower() in english_words()]

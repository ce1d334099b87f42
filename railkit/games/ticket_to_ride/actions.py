"""Ticket to Ride actions: small frozen value objects with a text form.

=========================  ==========================================
``DrawFaceUp(3)``          ``draw faceup 3`` (slot 1..face-up count)
``DrawDeck()``             ``draw deck``
``Claim(r, "red", 2, 1)``  ``claim Denver-Omaha red x2 loco x1``
``Claim(r, "red", 4, 0)``  ``claim Denver-Omaha red x4``
``Claim(r, "loco", 0, 4)`` ``claim Denver-Omaha loco x4`` (all locomotives: colour ``"loco"``)
``DrawTickets()``          ``draw tickets``
``KeepTickets((1, 3))``    ``keep tickets 1,3`` (1-based positions in the offer, sorted)
``Pass()``                 ``pass`` (only when no other action is legal)
=========================  ==========================================

>>> a = parse_action("claim Kansas City-Saint Louis/2 pink x1 loco x1")
>>> a
Claim(route='Kansas City-Saint Louis/2', colour='pink', cards=1, locos=1)
>>> str(a)
'claim Kansas City-Saint Louis/2 pink x1 loco x1'
>>> str(parse_action("keep tickets 1, 3"))
'keep tickets 1,3'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from railkit.core.errors import ActionSyntaxError, IllegalMove
from railkit.core.i18n import Message
from railkit.core.game import Action, action_text
from railkit.maps import CARD_COLOURS

#: The name used for locomotive (wild) cards in hands, face-up rows and claims.
LOCO = "loco"

#: The card colours and the locomotive as words of the reader's language (the action
#: notation keeps the English names).
COLOUR_WORDS = {
    "red": Message("red"), "orange": Message("orange"), "yellow": Message("yellow"),
    "green": Message("green"), "blue": Message("blue"), "pink": Message("pink"),
    "white": Message("white"), "black": Message("black"), LOCO: Message("locomotive"),
}

#: A train card of each colour, as words: the colour in the form that agrees with the noun where a
#: language inflects it (Danish "et åbent rødt kort", German "eine offene rote Karte"), so a
#: sentence says "a face-up {card}" rather than "a face-up {colour} card".
CARD_WORDS = {
    "red": Message("red card"), "orange": Message("orange card"), "yellow": Message("yellow card"),
    "green": Message("green card"), "blue": Message("blue card"), "pink": Message("pink card"),
    "white": Message("white card"), "black": Message("black card"),
}

#: The text forms, for error messages and help.
FORMS = (
    "draw faceup N",
    "draw deck",
    "claim ROUTE COLOUR xN [loco xM]",
    "claim ROUTE loco xM",
    "draw tickets",
    "keep tickets N,M,...",
    "pass",
)


@dataclass(frozen=True, slots=True)
class DrawFaceUp(Action):
    """Take the face-up train card in ``slot`` (1-based)."""

    slot: int

    def __str__(self) -> str:
        return f"draw faceup {self.slot}"

    def words(self, names=None) -> Message:
        """The move as a sentence for the player (a message; ``names``: the seats' names)."""
        return Message("Take face-up card {slot}", slot=self.slot)


@dataclass(frozen=True, slots=True)
class DrawDeck(Action):
    """Take the top card of the train deck (blind)."""

    def __str__(self) -> str:
        return "draw deck"

    def words(self, names=None) -> Message:
        return Message("Draw a train card from the deck")


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Claim ``route`` paying ``cards`` cards of ``colour`` and ``locos`` locomotives.

    An all-locomotive payment has ``colour == "loco"`` and ``cards == 0``.
    """

    route: str
    colour: str
    cards: int
    locos: int

    def __str__(self) -> str:
        if self.colour == LOCO:
            return f"claim {self.route} loco x{self.locos}"
        if self.locos:
            return f"claim {self.route} {self.colour} x{self.cards} loco x{self.locos}"
        return f"claim {self.route} {self.colour} x{self.cards}"

    def payment_words(self) -> Message:
        """``red ×2 + locomotive ×1`` (in the reader's language)."""
        locos = Message("{card} ×{n}", card=COLOUR_WORDS[LOCO], n=self.locos)
        if self.colour == LOCO:
            return locos
        pay = Message("{card} ×{n}", card=COLOUR_WORDS.get(self.colour, self.colour), n=self.cards)
        return Message("{a} + {b}", a=pay, b=locos) if self.locos else pay

    def words(self, names=None) -> Message:
        """``Claim Denver-Omaha, paying red ×2 + locomotive ×1`` (in the reader's language)."""
        return Message("Claim {route}, paying {cards}", route=self.route, cards=self.payment_words())


@dataclass(frozen=True, slots=True)
class DrawTickets(Action):
    """Draw destination tickets (then keep some of them)."""

    def __str__(self) -> str:
        return "draw tickets"

    def words(self, names=None) -> Message:
        return Message("Draw destination tickets")


@dataclass(frozen=True, slots=True)
class KeepTickets(Action):
    """Keep the offered tickets at these 1-based positions (the rest go back)."""

    keep: tuple[int, ...]

    def __post_init__(self) -> None:
        # positions in increasing order, so equal choices are equal actions
        try:
            object.__setattr__(self, "keep", tuple(sorted(self.keep)))
        except TypeError:
            pass

    def __str__(self) -> str:
        return "keep tickets " + ",".join(str(i) for i in self.keep)

    def words(self, names=None) -> Message:
        return Message("Keep offered ticket {tickets}", plural="Keep the {n} offered tickets {tickets}",
                       tickets=", ".join(str(i) for i in self.keep), n=len(self.keep))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing: only legal when no other action is (TTR-NO-ACTION)."""

    def __str__(self) -> str:
        return "pass"

    def words(self, names=None) -> Message:
        return Message("Pass (nothing else is allowed)")


_COLOURS = "|".join(CARD_COLOURS)
_CLAIM = re.compile(
    rf"^claim\s+(?P<route>.+?)\s+(?:(?P<colour>{_COLOURS})\s*x\s*(?P<cards>\d+)(?:\s+loco\s*x\s*(?P<locos>\d+))?"
    rf"|loco\s*x\s*(?P<only>\d+))$", re.IGNORECASE
)
#: a route part that ends in a payment: the claim named two payments (``red x1 blue x1``)
_TWO_SETS = re.compile(rf"^(?P<route>.+?)\s+(?P<colour>{_COLOURS}|loco)\s*x\s*\d+$", re.IGNORECASE)
_FACEUP = re.compile(r"^draw\s+faceup\s+(\d+)$")
_KEEP = re.compile(r"^keep\s+tickets\s+(\d+(?:\s*,\s*\d+)*)$")
_SIMPLE = {"draw deck": DrawDeck(), "draw tickets": DrawTickets(), "pass": Pass()}


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Raises
    ------
    ActionSyntaxError
        The text matches none of the forms in :data:`FORMS`.
    IllegalMove
        A claim pays with two colours (``TTR-CLAIM-PAY``: a set is one colour).

    Examples
    --------
    >>> parse_action("draw faceup 2")
    DrawFaceUp(slot=2)
    >>> parse_action("claim Denver-Omaha loco x4")
    Claim(route='Denver-Omaha', colour='loco', cards=0, locos=4)
    >>> parse_action("claim Denver-Omaha red x2 blue x2").rule
    Traceback (most recent call last):
    ...
    railkit.core.errors.IllegalMove: 'claim Denver-Omaha red x2 blue x2' pays with red and blue cards, but the cards for a route must be a set of one colour (locomotives may join any set). (rule TTR-CLAIM-PAY) Pay with one colour only, e.g. 'claim Denver-Omaha red xN loco xM'.
    """
    text = action_text(text, FORMS)
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]
    m = _FACEUP.match(low)
    if m:
        return DrawFaceUp(int(m.group(1)))
    m = _KEEP.match(low)
    if m:
        return KeepTickets(tuple(int(x) for x in m.group(1).replace(" ", "").split(",")))
    if low.startswith("claim "):
        m = _CLAIM.match(t)  # keywords and colours in any case; the route id as written
        if m:
            two = _TWO_SETS.match(m.group("route"))
            if two:
                first = two.group("colour").lower()
                second = LOCO if m.group("only") is not None else m.group("colour").lower()
                if first == LOCO:
                    raise ActionSyntaxError(text, FORMS, "Name the coloured cards first and the locomotives "
                                            "last, e.g. 'claim Denver-Omaha red x2 loco x1'.")
                raise IllegalMove("TTR-CLAIM-PAY", Message("'{text}' pays with {first} and {second} cards, but the "
                                                           "cards for a route must be a set of one colour "
                                                           "(locomotives may join any set).", text=t,
                                                           first=COLOUR_WORDS.get(first, first),
                                                           second=COLOUR_WORDS.get(second, second)),
                                  Message("Pay with one colour only, e.g. 'claim {route} {colour} xN loco xM'.",
                                          route=two.group('route'), colour=first))
            if m.group("only") is not None:
                return Claim(m.group("route"), LOCO, 0, int(m.group("only")))
            return Claim(m.group("route"), m.group("colour").lower(), int(m.group("cards")),
                         int(m.group("locos") or 0))
        raise ActionSyntaxError(text, FORMS, "A claim names the route, then the cards, e.g. "
                                "'claim Denver-Omaha red x2 loco x1' or 'claim Denver-Omaha loco x4'.")
    raise ActionSyntaxError(text, FORMS)

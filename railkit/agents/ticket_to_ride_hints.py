"""Why the tickets bot (medium) would make a Ticket to Ride move, in words: the reasons of
the hints (:mod:`railkit.agents.hints`). Each reason is read from the seat's observation and
the tier of the move's score (:data:`railkit.agents.ticket_to_ride.TIERS`), the same score
the bot chooses by.

>>> from railkit.agents.hints import hints
>>> from railkit.games.ticket_to_ride import SPEC
>>> g = SPEC.new_game(None, players=2, seed=3)
>>> print(hints("ticket-to-ride", g.observe(0), g.legal_actions(), k=1)[0].text)
keeps Vancouver–Santa Fe (13 points, 13 trains to connect), Boston–Miami (12 points, 12 trains to connect), Dallas–New York (11 points, 11 trains to connect)
"""

from __future__ import annotations

from typing import Any

from railkit.agents.ticket_to_ride import TIERS, TicketAgent, cheapest, map_facts
from railkit.core.game import Action
from railkit.core.i18n import Message
from railkit.games.ticket_to_ride.actions import (CARD_WORDS, COLOUR_WORDS, Claim, DrawDeck, DrawFaceUp, DrawTickets,
                                                 KeepTickets)


def tier_of(score: float) -> str:
    """The name of the tier a turn's score is in (:data:`TIERS`), or "" below them all."""
    for name, floor in TIERS.items():
        if score >= floor:
            return name
    return ""


def _owned_blocked(obs: dict) -> tuple[set[str], set[str]]:
    seat = obs["seat"]
    owned = {r for r, s in obs["claimed"].items() if s == seat}
    blocked = {r for r, s in obs["claimed"].items() if s != seat} | set(obs["closed"])
    return owned, blocked


def claim_reason(obs: dict, claim: Claim) -> Message | None:
    """How a claim serves the seat's open tickets: the ticket it brings closest (completes, or
    the trains still needed after it), or None when it serves none."""
    f = map_facts(obs)
    owned, blocked = _owned_blocked(obs)
    after = owned | {claim.route}
    best: tuple[int, int, dict] | None = None  # (trains left after the claim, -trains saved, ticket)
    for t in obs["tickets"]:
        if t["done"]:
            continue
        before = cheapest(f, t["a"], t["b"], owned, blocked)
        now = cheapest(f, t["a"], t["b"], after, blocked)
        if before is None or now is None or now[0] >= before[0]:
            continue
        key = (now[0], now[0] - before[0], t)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        return None
    left, _, t = best
    if left == 0:
        return Message("completes {a}–{b} for {points} points", a=t["a"], b=t["b"], points=t["points"])
    return Message("on the way to {a}–{b}; {n} train left to connect it",
                   plural="on the way to {a}–{b}; {n} trains left to connect it", a=t["a"], b=t["b"], n=left)


def reason(bot: TicketAgent, obs: dict, action: Action, score: float) -> Message:
    """Why ``bot`` (the tickets bot that scored ``action`` at ``score``) would play ``action``."""
    f = map_facts(obs)
    if isinstance(action, KeepTickets):
        owned, blocked = _owned_blocked(obs)
        parts = []
        for i in action.keep:
            t = obs["offered"][i - 1]
            res = cheapest(f, t["a"], t["b"], owned, blocked)
            if res is None:
                parts.append(Message("{a}–{b} ({points} points, cannot be connected now)", a=t["a"], b=t["b"],
                                     points=t["points"]))
            else:
                parts.append(Message("{a}–{b} ({points} points, {n} train to connect)",
                                     plural="{a}–{b} ({points} points, {n} trains to connect)",
                                     a=t["a"], b=t["b"], points=t["points"], n=res[0]))
        return Message("keeps {tickets}", tickets=_joined(parts))
    tier = tier_of(score)
    if isinstance(action, Claim):
        route = f.routes[action.route]
        points = obs["route_points"].get(route.length, obs["route_points"].get(str(route.length), route.length))
        served = claim_reason(obs, action)
        if served is not None:
            return served
        if tier == "greedy":
            return Message("claims {a}–{b} for {points} points; no ticket needs a plan", a=route.a, b=route.b,
                           points=points)
        return Message("claims {a}–{b} for {points} points", a=route.a, b=route.b, points=points)
    if isinstance(action, DrawTickets):
        if tier == "tickets":
            return Message("your tickets are done and {n} trains are left: draw new tickets", n=obs["trains"])
        return Message("draws new tickets")
    if isinstance(action, DrawFaceUp):
        colour = obs["faceup"][action.slot - 1]
        if colour == "loco":
            return Message("takes a face-up locomotive: it pays for any colour")
        card = CARD_WORDS.get(colour, Message(colour))  # the colour agreeing with "card"
        if tier == "wanted":
            return Message("takes a face-up {card}: your plan needs {colour}", card=card,
                           colour=COLOUR_WORDS.get(colour, Message(colour)))
        return Message("takes a face-up {card}", card=card)
    if isinstance(action, DrawDeck):
        return Message("draws from the deck: no face-up card is worth more to your plan")
    return Message("{action}", action=str(action))


def _joined(parts: list[Message]) -> Message:
    """Messages joined with commas (each rendered in the reader's language)."""
    out = parts[0]
    for p in parts[1:]:
        out = Message("{first}, {then}", first=out, then=p)
    return out

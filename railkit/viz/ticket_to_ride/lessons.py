"""Small helpers the Ticket to Ride notebooks use to set up rule examples.

They keep code out of the notebooks: each returns a game in a position that
shows one rule, found deterministically from explicit seeds.

>>> g = started_game(seed=1, map="teaching-small")
>>> g.phase, g.current_player
('turn', 0)
>>> why(g, "claim Mill-Fort red x9")
'TTR-CLAIM-ONE: Mill-Fort has length 2, so it takes exactly 2 cards, not 9: a route is claimed whole, never in part. (Pay 2 cards of one colour, locomotives included.)'
"""

from __future__ import annotations

from typing import Iterable

from railkit.agents import make_agent
from railkit.core.game import play
from railkit.core.i18n import Message


def _spec():
    from railkit.games.ticket_to_ride import SPEC

    return SPEC


def started_game(seed: int = 1, players: int = 2, map: str = "usa", rules: dict | None = None):
    """A new game where every seat kept all its starting tickets: the first turn is next."""
    g = _spec().new_game(rules, players=players, seed=seed, map=map)
    while g.phase == "setup-tickets":
        n = len(g.observe(g.current_player)["offered"])
        g.apply("keep tickets " + ",".join(str(i) for i in range(1, n + 1)))
    return g


def why(game, action: str) -> str:
    """Why ``action`` is illegal now, in one line ('rule: reason (hint)'), or 'legal', in the
    notebook's language (:func:`railkit.core.i18n.set_language`)."""
    err = game.why_illegal(action)
    if err is None:
        return Message("legal").render()
    rule = getattr(err, "rule", "syntax")
    reason = err.render_reason() if hasattr(err, "render_reason") else str(err)
    hint = err.render_hint() if hasattr(err, "render_hint") else ""
    return f"{rule}: {reason}" + (f" ({hint})" if hint else "")


def game_with_faceup_loco(seeds: Iterable[int] = range(1, 200), map: str = "usa", rules: dict | None = None):
    """The first started game (over ``seeds``) with a locomotive among the face-up cards.

    Returns ``(game, slot)`` with ``slot`` 1-based.
    """
    for seed in seeds:
        g = started_game(seed=seed, map=map, rules=rules)
        fu = g.observe(0)["faceup"]
        if "loco" in fu and any(c not in ("loco", None) for c in fu):
            return g, fu.index("loco") + 1
    raise ValueError("no seed gave a face-up locomotive")


def others_draw(game, until_seat: int) -> int:
    """Let the other seats draw cards from the deck until ``until_seat`` is to move.

    Returns the number of actions played."""
    n = 0
    while game.current_player != until_seat and not game.is_over:
        game.apply("draw deck")
        n += 1
    return n


def bot_game(seed: int = 1, players: int = 2, map: str = "usa", rules: dict | None = None,
             agents: Iterable[str] = ("greedy-route", "tickets")):
    """A finished game between bots (seeded)."""
    spec = _spec()
    names = list(agents)
    bots = [make_agent(spec, names[s % len(names)], f"{seed}-{s}") for s in range(players)]
    return play(spec.new_game(rules, players=players, seed=seed, map=map), bots)


def board_of(game, **kw):
    """A :class:`~railkit.viz.ticket_to_ride.board.Board` showing ``game``'s claimed and closed routes."""
    from railkit.viz.ticket_to_ride.board import Board

    b = Board(game.map, seat_names=list(game.names), **kw)
    obs = game.observe(None)
    b.set_state(obs["claimed"], obs["closed"])
    return b

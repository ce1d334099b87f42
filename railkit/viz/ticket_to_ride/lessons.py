"""Small helpers the Ticket to Ride notebooks use to set up rule examples.

They keep code out of the notebooks: each returns a game in a position that
shows one rule, found deterministically from explicit seeds.

>>> g = started_game(seed=1, map="teaching-small")
>>> g.phase, g.current_player
('turn', 0)
>>> why(g, "claim Mill-Fort red x9")
TTR-CLAIM-ONE: Mill-Fort has length 2, so it takes exactly 2 cards, not 9: a route is claimed whole, never in part. (Pay 2 cards of one colour, locomotives included.)
>>> read(g.observe(0)["hand"], g.observe(0)["tickets"][0], g.phase, lang="da")
rød 0 · orange 1 · gul 0 · grøn 0 · blå 0 · lilla 0 · hvid 1 · sort 0 · lokomotiv 2
Camp – Summit: 3 point
tur
"""

from __future__ import annotations

from typing import Iterable

from railkit.agents import make_agent
from railkit.core.game import play
from railkit.core.i18n import Message
from railkit.games.ticket_to_ride.actions import COLOUR_WORDS
from railkit.games.ticket_to_ride.game import _END_WORDS
from railkit.viz.shell.reading import Said, reader
from railkit.viz.ticket_to_ride.scoring import COLUMN_WORDS

__all__ = ["TERMS", "board_of", "bot_game", "game_with_faceup_loco", "others_draw", "read", "started_game", "why"]

#: Ticket to Ride's values in words (:func:`read`): the cards' colours, the phases, the ends of a
#: game, the public observation's keys and the score table's columns
TERMS = {
    **COLOUR_WORDS, **_END_WORDS, **COLUMN_WORDS,
    "setup-tickets": Message("choosing the starting tickets"), "turn": Message("turn"),
    "second-draw": Message("drawing the second card"), "keep-tickets": Message("choosing the drawn tickets"),
    "game-over": Message("game over"),
    "seat": Message("seat"), "name": Message("name"), "names": Message("players' names"),
    "players": Message("players"), "map": Message("map"), "route_points": Message("points by route length"),
    "phase": Message("phase"), "current_player": Message("seat to move"), "last_action": Message("last action"),
    "start_player": Message("first player"), "faceup": Message("face-up cards"),
    "deck_size": Message("cards in the deck"), "discard_size": Message("cards in the discard pile"),
    "ticket_deck_size": Message("tickets in the ticket deck"), "hand_sizes": Message("cards in each hand"),
    "ticket_counts": Message("tickets of each player"), "trains_left": Message("trains left to each player"),
    "scores": Message("scores"), "route_counts": Message("routes of each player"),
    "claimed": Message("claimed routes"), "closed": Message("closed routes"),
    "final_round": Message("final round"), "final_turns_left": Message("turns left in the final round"),
}


def _ticket(value):
    """A ticket (``{"a": ..., "b": ..., "points": ...}``, and ``"done"`` for a kept one) in words, else None."""
    if not (isinstance(value, dict) and {"a", "b", "points"} <= set(value) <= {"a", "b", "points", "done"}):
        return None
    a, b, n = value["a"], value["b"], value["points"]
    if value.get("done"):
        return Message("{a} – {b}: {n} point, connected", plural="{a} – {b}: {n} points, connected", a=a, b=b, n=n)
    return Message("{a} – {b}: {n} point", plural="{a} – {b}: {n} points", a=a, b=b, n=n)


#: :func:`railkit.viz.shell.reading.read` with Ticket to Ride's words: ``read(obs["hand"], obs["offered"])``
read = reader(TERMS, _ticket)


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


def why(game, action: str) -> Said:
    """Why ``action`` is illegal now, in one line ('rule: reason (hint)'), or 'legal', in the
    notebook's language (:func:`railkit.core.i18n.set_language`); a notebook shows it as text,
    without quotes."""
    err = game.why_illegal(action)
    if err is None:
        return Said(Message("legal").render())
    rule = getattr(err, "rule", "syntax")
    reason = err.render_reason() if hasattr(err, "render_reason") else str(err)
    hint = err.render_hint() if hasattr(err, "render_hint") else ""
    return Said(f"{rule}: {reason}" + (f" ({hint})" if hint else ""))


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
    """A :class:`~railkit.viz.ticket_to_ride.board.Board` showing ``game``'s claimed and closed routes,
    its hover texts in the notebook's language."""
    from railkit.viz.ticket_to_ride.board import Board

    b = Board(game.map, seat_names=list(game.names), **kw)
    obs = game.observe(None)
    b.set_state(obs["claimed"], obs["closed"])
    return b

"""Why the greedy bot (medium) would make a Steam Rollers move, in words: the reasons of the
hints (:mod:`railkit.agents.hints`), read from the seat's observation and what the bot
worked out for its values (its network, engine and planned connections).

>>> from railkit.agents.hints import hints
>>> from railkit.games.steam_rollers import SPEC
>>> g = SPEC.new_game(None, players=2, seed=3)
>>> [str(h.text) for h in hints("steam-rollers", g.observe(0), g.legal_actions(), k=1)]
['crosses engine box 1: deliveries can go 1 stop']
"""

from __future__ import annotations

from railkit.agents.steam_rollers import GreedyAgent
from railkit.core.game import Action
from railkit.core.i18n import Message
from railkit.games.steam_rollers.actions import Build, Deliver, Engine, ExtraBuild, Pass, Power, Skip, TakeTile, UseTile
from railkit.games.steam_rollers.network import longest_distances


def _route_of(bot: GreedyAgent, h, a: int | None, b: int | None) -> tuple[int, int, int] | None:
    """The cheapest planned connection (city, city, tracks to build) a build lies on, or None."""
    best = None
    for A, B, cost, _towns, keys in bot._sheet_facts.get("routes", ()):
        if (h, a, b) in keys or (h, b, a) in keys:
            if best is None or cost < best[2]:
                best = (A, B, cost)
    return best


def reason(bot: GreedyAgent, obs: dict, action: Action, score: float) -> Message:
    """Why ``bot`` (the greedy bot that valued ``action`` at ``score``) would play ``action``."""
    ctx = bot._context(obs)
    if isinstance(action, Deliver):
        src = action.source if action.source is not None else (action.value if action.value is not None
                                                               else action.die)
        reach = min(6, ctx["engine"]) + ctx["boost"]
        n = longest_distances(ctx["adj"], f"C{src}", reach).get(f"C{action.dest}", 0)
        return Message("delivers {good} from {a} to {b} for {n} point",
                       plural="delivers {good} from {a} to {b} for {n} points",
                       good=Message(action.good), a=src, b=action.dest, n=n)
    if isinstance(action, (Build, ExtraBuild)) or (isinstance(action, Power) and action.power == "track"):
        route = _route_of(bot, action.hex, action.a, action.b)
        if route is not None:
            A, B, cost = route
            return Message("builds track on hex {hex}: on the cheapest way from city {a} to city {b}, "
                           "{n} track to build",
                           plural="builds track on hex {hex}: on the cheapest way from city {a} to city {b}, "
                                  "{n} tracks to build",
                           hex=str(action.hex), a=A, b=B, n=cost)
        return Message("builds track on hex {hex}: it extends your network", hex=str(action.hex))
    if isinstance(action, Engine):
        boxes = len(ctx["me"]["engine_boxes"]) + 1
        return Message("crosses engine box {box}: deliveries can go {n} stop",
                       plural="crosses engine box {box}: deliveries can go {n} stops",
                       box=boxes, n=min(6, ctx["engine"] + 1))
    if isinstance(action, TakeTile):
        t = obs["tiles"][str(action.number)]
        return Message("takes tile {n} ({vp} points at the end)", n=action.number, vp=t["vp"])
    if isinstance(action, UseTile):
        return Message("uses tile {tile} now", tile=action.tile)
    if isinstance(action, Power):
        return Message("takes the {power} power", power=action.power)
    if isinstance(action, Skip):
        return Message("skips: nothing else is worth more")
    if isinstance(action, Pass):
        return Message("passes the die: no move with it is worth anything")
    return Message("{action}", action=str(action))

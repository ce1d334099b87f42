"""The exact optimum of a short solo Steam Rollers game, and how far the bots fall short of it.

What is solved
--------------
A *reduced* solo game: the railkit default sheet with the mountains of
``corridor-sheet.json`` (played at the Hard level they close every border but a star
of corridors joining each city to the centre hex, so a hex offers one to a few tracks
instead of up to twelve), Olivia at ``clerk`` and the game cut after ``turns`` solo
turns (the rule ``max_rounds``). The white dice, the black die and Olivia's rolls are
those the game's seed draws, known in advance: :func:`optimum` is the best final score
of the solo player over every sequence of legal actions with that *fixed dice
sequence* (a perfect-information optimum, so an upper bound on what a player who does
not know the dice to come can expect). The bots do not know the dice to come; their
gap to it is part skill, part the worth of knowing the future.

How
---
A depth-first search over the game's own rules (every legal action, played on a copy
of the game) with a table of solved positions (:func:`position_key`: everything that
can change what comes next), i.e. dynamic programming over the positions reachable
from the start. One shortcut: a track whose two ends both lie off the sheet can
never join anything, so it is worth exactly as much as passing with the same die,
and is not searched when that pass is legal (``prune=False`` searches it too;
:func:`brute_force` plays out every action sequence with no table and no shortcut,
for the tests).

>>> g = reduced_game(seed=1, turns=1)
>>> best, line = optimum(g)
>>> best == brute_force(g)
True
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Sequence

from railkit.agents.steam_rollers import SteamRollersAdapter
from railkit.core.game import Action, Agent, play
from railkit.games.steam_rollers import Build, Pass, SteamRollers
from railkit.maps import hexes as hx

#: the sheet of the reduced game (the default sheet with a star of open corridors)
CORRIDOR_SHEET = str(Path(__file__).resolve().parents[1] / "games" / "steam_rollers" / "corridor-sheet.json")

_ADAPTER = SteamRollersAdapter()


def reduced_game(seed: int, turns: int = 3, difficulty: str = "clerk") -> SteamRollers:
    """A solo game on the corridor sheet at the Hard mountain level, cut after ``turns`` turns."""
    return SteamRollers({"mountains": "hard", "max_rounds": turns}, players=1, seed=seed,
                        sheet=CORRIDOR_SHEET, difficulty=difficulty)


def copy_game(g: SteamRollers) -> SteamRollers:
    """A copy of ``g`` to play on, with its own copy of the random generator (the search's
    copies share it, since they reseed it; here the dice to come must stay the seed's)."""
    new = _ADAPTER.clone(g)
    new.rng = random.Random()
    new.rng.setstate(g.rng.getstate())
    return new


def position_key(g: SteamRollers) -> tuple:
    """Everything in ``g`` that can change the solo player's final score from here on
    (her score so far included), as a hashable value: two positions with one key have
    one optimum."""
    p = g.ps[0]
    return (
        g.is_over, g.phase, g.round, g.turn_index, tuple(g.dice), g.black,
        tuple(sorted(g.active)), tuple(sorted(g.perm_used)), g.extra, g.actions_this_turn, g.build2_region,
        tuple(sorted(p.tracks.items())), tuple(sorted(p.boxes)), p.turns,
        tuple(d.get("points", 0) for d in p.deliveries), g.score(0),
        tuple(g.tile_holder.items()), tuple(g.tile_sideways.items()),
        tuple((n, tuple(v)) for n, v in sorted(g.supply.items())), tuple(sorted(g.bag.items())),
        tuple((n, tuple(v)) for n, v in sorted(g.olivia_crossed.items())), tuple(g.olivia_goods),
        g.olivia_won, g.rng.getstate(),
    )


def dead_build(g: SteamRollers, a: Action) -> bool:
    """True for a build whose track has both ends off the sheet (it joins nothing)."""
    if type(a) is not Build:
        return False
    return all(hx.neighbor(a.hex, e) not in g.sheet.hexes for e in (a.a, a.b))


def _moves(g: SteamRollers, prune: bool) -> Sequence[Action]:
    legal = g.legal_actions()
    if not prune:
        return legal
    passes = {a.die for a in legal if type(a) is Pass}
    return [a for a in legal if not (dead_build(g, a) and a.die in passes)]


def optimum(g: SteamRollers, prune: bool = True, limit: int = 2_000_000) -> tuple[int, list[Action]]:
    """The best final score of the solo player from ``g`` and one line of actions that
    reaches it (``g`` is not changed).

    Raises
    ------
    RuntimeError
        When more than ``limit`` positions would have to be solved (the game is too big
        to solve exactly this way).
    """
    table: dict[tuple, tuple[int, Action | None]] = {}

    def solve(h: SteamRollers) -> int:
        key = position_key(h)
        hit = table.get(key)
        if hit is not None:
            return hit[0]
        if h.is_over:
            table[key] = (h.score(0), None)
            return h.score(0)
        if len(table) >= limit:
            raise RuntimeError(f"more than {limit} positions: too big to solve exactly")
        best, best_move = -10**9, None
        for a in _moves(h, prune):
            nxt = copy_game(h)
            nxt.apply_unchecked(a)
            v = solve(nxt)
            if v > best:
                best, best_move = v, a
        table[key] = (best, best_move)
        return best

    value = solve(g)
    line, h = [], copy_game(g)
    while not h.is_over:
        move = table[position_key(h)][1]
        line.append(move)
        h.apply_unchecked(move)
    return value, line


def brute_force(g: SteamRollers) -> int:
    """The best final score by playing out every sequence of legal actions (no table, no
    shortcut): the reference :func:`optimum` is tested against, for tiny games only."""
    if g.is_over:
        return g.score(0)
    best = -10**9
    for a in g.legal_actions():
        nxt = copy_game(g)
        nxt.apply_unchecked(a)
        best = max(best, brute_force(nxt))
    return best


def gaps(bots: dict[str, Callable[[str], Agent]], seeds: Sequence[int], turns: int = 3) -> list[dict]:
    """For each seed: the optimum of the reduced game and each bot's final score in it.

    ``bots`` maps a name to a function of a seed text that makes the bot.
    """
    rows = []
    for seed in seeds:
        g = reduced_game(seed, turns)
        best, _ = optimum(g)
        row: dict[str, Any] = {"seed": seed, "optimum": best}
        for name, make in bots.items():
            game = reduced_game(seed, turns)
            play(game, [make(f"{seed}")])
            row[name] = game.score(0)
        rows.append(row)
    return rows

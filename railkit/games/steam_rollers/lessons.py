"""Steam Rollers sheets as graphs, for the graph lessons: a player's connection graph
with the hex centres as positions, and a sheet with every hex drawn.

A sheet after a game of greedy bots is :func:`railkit.agents.steam_rollers.greedy_sheet_graph`.

>>> G = full_sheet_graph(1)
>>> G.number_of_edges() > 6, "pos" in G.nodes["C1"]
(True, True)
"""

from __future__ import annotations

import random

from railkit.games.steam_rollers import network as nw
from railkit.maps import hexes as hx
from railkit.maps import sheets


def sheet_graph(game, seat: int = 0):
    """The connection graph of ``seat`` in ``game`` (a :class:`SteamRollers`), its cities
    and towns placed at their hex centres (``pos``), and the seat's engine strength:
    ``(graph, engine strength)``."""
    G = game.graph(seat).copy()
    sheet_positions(G, game.sheet)
    return G, game.engine_strength(seat)


def sheet_positions(G, sheet) -> None:
    """Give the cities and towns of a connection graph their hex centres as ``pos``."""
    for n in G:
        h = (sheet.cities if n[0] == "C" else sheet.towns)[int(n[1:])]
        x, y = hx.to_pixel(h)
        G.nodes[n]["pos"] = (round(x, 3), round(-y, 3))


def full_sheet_tracks(sheet, rng: random.Random) -> dict:
    """Every hex of ``sheet`` drawn: first random self-avoiding walks out of the cities
    (long chains through towns and other cities), then random track in the rest:
    ``{hex: (edge, edge)}``."""
    tracks: dict = {}
    for _ in range(40):
        h, e = rng.choice(sorted(sheet.cities.values())), rng.randrange(6)
        while True:
            n = hx.neighbor(h, e)
            if n not in sheet.hexes or n in sheet.city_at or n in tracks:
                break
            enter = (e + 3) % 6
            exits = [x for x in range(6) if x != enter and hx.neighbor(n, x) in sheet.hexes
                     and hx.neighbor(n, x) not in tracks]
            if not exits:
                break
            x = rng.choice(exits)
            tracks[n] = (min(enter, x), max(enter, x))
            h, e = n, x
    for h in sheet.hexes:
        if h not in sheet.city_at and h not in tracks:
            tracks[h] = rng.choice(hx.placements())
    return tracks


def full_sheet_graph(seed: int = 1):
    """The connection graph of the default Steam Rollers sheet with every hex drawn
    (:func:`full_sheet_tracks`): the hardest case for a delivery."""
    sheet = sheets.load("steam-default")
    G = nw.connection_graph(sheet, full_sheet_tracks(sheet, random.Random(seed)))
    sheet_positions(G, sheet)
    return G

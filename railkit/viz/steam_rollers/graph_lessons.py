"""Steam Rollers in the graph lab (:mod:`railkit.viz.graphs.algoplayer`): the longest delivery
the engine allows, on a sheet after a seeded game.

>>> G, trace, title, start = longest_delivery(0)
>>> trace.algorithm, str(title).startswith("Steam Rollers sheet"), str(title).endswith(f"from {start}, engine 4")
('bounded_longest_path', True, True)
"""

from __future__ import annotations

from railkit.agents.steam_rollers import greedy_sheet_graph
from railkit.core.i18n import Message, word
from railkit.graphs import steps


def longest_delivery(seed: int = 0, start: str | None = None):
    """The graph, trace and title (a message) of the longest delivery from ``start`` (else the
    city with the most track) on the sheet of a game played with seed ``4 + seed``, and the
    city it starts from."""
    G, engine, _ = greedy_sheet_graph(4 + seed)
    cities = sorted(n for n in G if n.startswith("C"))
    src = start if start in cities else max(cities, key=lambda c: (G.degree(c), c))
    tr = steps.bounded_longest_path(G, src, set(cities) - {src}, engine, no_repeat=cities)
    title = Message("Steam Rollers sheet (game seed {seed}): longest delivery from {start}, engine {engine}",
                    seed=4 + seed, start=src, engine=engine)
    return G, tr, title, src


#: algorithm -> (the lesson's question, ``scenario(seed, start)``) for the graph lab
GRAPH_LESSONS = {
    "bounded_longest_path": (word("Steam Rollers: the longest delivery the engine allows."), longest_delivery),
}

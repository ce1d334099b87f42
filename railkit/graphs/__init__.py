"""Graph algorithms behind railkit's scoring and bots, on networkx graphs.

========================  =====================================================
:func:`longest_trail`     longest trail (no route twice) of a player's network
:func:`longest_simple_path` longest bounded path from a source to a target set
:func:`connected`         are two cities joined by a player's routes?
:func:`cheapest_completion` cheapest way to finish a ticket given owned/blocked routes
:func:`cheapest_path`     the same search on numbered lists (the bots' fast form)
:func:`blocking_cost`     how much a ticket deck's shortest paths grow without a route
:func:`steiner_forest`    exact fewest trains joining every ticket of a hand (Dreyfus–Wagner)
========================  =====================================================

:mod:`railkit.graphs.steps` runs the same algorithms (and the textbook ones:
BFS, DFS, Dijkstra, A*, Prim, Kruskal, Hierholzer, max flow) as traces of
frames for teaching; :mod:`railkit.graphs.quiz` grades predictions, generates
question banks and checks students' own implementations.

:mod:`railkit.graphs.trails` and :mod:`railkit.graphs.paths` are compiled with mypyc where a C
compiler is available (:mod:`railkit.core.compiled`); their Python sources behave the same.
"""

from railkit.core.compiled import load as _load_compiled

_load_compiled(__name__)  # the mypyc-compiled trails and paths modules when they are current, else the sources

from railkit.graphs.paths import (
    blocking_cost,
    cheapest_completion,
    cheapest_path,
    connected,
    longest_simple_path,
)
from railkit.graphs.steiner import brute_force_steiner_forest, steiner_forest
from railkit.graphs.trails import brute_force_longest_trail, longest_trail

__all__ = [
    "blocking_cost",
    "brute_force_longest_trail",
    "brute_force_steiner_forest",
    "cheapest_completion",
    "cheapest_path",
    "connected",
    "longest_simple_path",
    "longest_trail",
    "steiner_forest",
]

"""The mypyc-compiled railkit.graphs.trails (railkit.core.compiled, setup.py): it finds the
same trails as its Python source, with totals of the same type, and is the one in use once
built."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))  # the shared compiled-module checks
from compiled_checks import assert_compiled_in_use, built, pure_and_compiled  # noqa: E402

from railkit.graphs import trails  # noqa: E402

# Longest trails (totals as repr, so 7 and 7.0 differ) of random multigraphs with whole and
# with fractional lengths, their brute-force lengths, and the kernel on plain lists.
SCRIPT = r"""
import json, random
import networkx as nx
from railkit.core.compiled import ENGINE
from railkit.graphs import brute_force_longest_trail, longest_trail
from railkit.graphs.trails import trail_of_edges

rng = random.Random(7)
out = {"engine": ENGINE["railkit.graphs"], "trails": []}
for k in range(400):
    G = nx.MultiGraph()
    n = rng.randint(2, 8)
    for e in range(rng.randint(0, 8)):
        w = rng.randint(1, 6) if k % 2 else rng.randint(1, 12) / 4
        G.add_edge(rng.randrange(n), rng.randrange(n), key=e, length=w)
    total, edges = longest_trail(G)
    plain = [(u, v, d["length"]) for u, v, d in G.edges(data=True)]
    out["trails"].append([repr(total), edges, repr(brute_force_longest_trail(G)),
                          repr(longest_trail(G, None)[0]), list(trail_of_edges(n, plain))])
print(json.dumps(out, default=str))
"""


def test_compiled_trails_find_the_same_trails_as_the_python_source():
    p, c = pure_and_compiled(SCRIPT)
    assert p["engine"] == "pure" and c["engine"] == ("compiled" if built("railkit.graphs") else "pure")
    assert len(p["trails"]) == 400
    for k, (a, b) in enumerate(zip(p["trails"], c["trails"])):
        assert a == b, f"graph {k} differs between the Python and the compiled trails module"
    assert {type(eval(t[0])) for t in c["trails"][1::2]} == {int}  # whole lengths: whole totals
    assert float in {type(eval(t[0])) for t in c["trails"][::2]}


def test_trails_module_is_compiled_where_it_was_built():
    assert_compiled_in_use(trails)

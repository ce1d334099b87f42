"""The engine's longest-trail search against plain enumeration and railkit.graphs."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from railkit.games.ticket_to_ride.scoring import longest_path, trail_of_edges
from railkit.graphs import brute_force_longest_trail, longest_trail
from railkit.maps import load


def _is_trail(edges, path) -> bool:
    if len(set(path)) != len(path):
        return False
    if not path:
        return True
    a, b, _ = edges[path[0]]
    # try both orientations of the first edge
    for here in (a, b):
        ok = True
        x = here
        for i in path:
            u, v, _ = edges[i]
            if x == u:
                x = v
            elif x == v:
                x = u
            else:
                ok = False
                break
        if ok:
            return True
    return False


graphs = st.integers(2, 7).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(1, 6)).filter(lambda e: e[0] != e[1]),
    max_size=8).map(lambda es: (n, es)))


@given(graphs)
@settings(max_examples=400, deadline=None)
def test_TTR_SCORE_LONGEST_trail_search_is_exact(g):
    n, edges = g
    total, path = trail_of_edges(n, edges)
    G = nx.MultiGraph()
    for k, (a, b, w) in enumerate(edges):
        G.add_edge(a, b, key=k, length=w)
    assert total == brute_force_longest_trail(G)
    assert total == longest_trail(G)[0]
    assert _is_trail(edges, path) and sum(edges[i][2] for i in path) == total


def test_TTR_SCORE_LONGEST_on_the_usa_map():
    m = load("usa")
    ids = ["Denver-Omaha", "Chicago-Omaha", "Chicago-Saint Louis/1", "Kansas City-Saint Louis/1",
           "Denver-Kansas City/1", "Kansas City-Omaha/1", "Duluth-Omaha/1"]
    total, path = longest_path(m, ids)
    G = nx.MultiGraph()
    for rid in ids:
        r = m.route_by_id[rid]
        G.add_edge(r.a, r.b, key=rid, length=r.length)
    assert total == longest_trail(G)[0] == brute_force_longest_trail(G)
    assert sorted(path) == sorted(set(path)) and sum(m.route_by_id[r].length for r in path) == total
    assert longest_path(m, []) == (0, [])


# ---------------------------------------------------------------- ticket_done (TTR-SCORE-TICKETS)
USA = load("usa")
USA_ROUTES = sorted(r.id for r in USA.routes)
USA_CITIES = sorted(USA.cities)


def _joined_by_networkx(m, route_ids, a, b) -> bool:
    G = nx.Graph()
    G.add_nodes_from(m.cities)
    G.add_edges_from((m.route_by_id[r].a, m.route_by_id[r].b) for r in route_ids)
    return nx.has_path(G, a, b)


def test_TTR_SCORE_TICKETS_a_city_on_a_joined_chain_is_joined():
    """A network where Vancouver lies on the Seattle-New York chain: both tickets are done
    (an earlier union-find compressed a path onto the wrong city and said Vancouver-Montreal
    was not)."""
    from railkit.games.ticket_to_ride.scoring import ticket_done
    from railkit.maps import Ticket

    routes = ["Calgary-Vancouver", "Montreal-Sault St. Marie", "Calgary-Winnipeg", "Sault St. Marie-Winnipeg",
              "Seattle-Vancouver/1", "Montreal-New York", "El Paso-Santa Fe"]
    for a, b in [("Seattle", "New York"), ("Vancouver", "Montreal"), ("Calgary", "New York")]:
        assert ticket_done(USA, routes, Ticket(a, b, 1)), (a, b)
    assert not ticket_done(USA, routes, Ticket("Seattle", "El Paso", 1))


@given(st.lists(st.sampled_from(USA_ROUTES), max_size=60, unique=True),
       st.lists(st.tuples(st.sampled_from(USA_CITIES), st.sampled_from(USA_CITIES)), min_size=1, max_size=20))
@settings(max_examples=2000, deadline=None)
def test_TTR_SCORE_TICKETS_ticket_done_agrees_with_networkx(route_ids, pairs):
    from railkit.games.ticket_to_ride.scoring import ticket_done
    from railkit.maps import Ticket

    for a, b in pairs:
        assert ticket_done(USA, route_ids, Ticket(a, b, 1)) == _joined_by_networkx(USA, route_ids, a, b), (a, b)


def test_TTR_SCORE_TICKETS_the_engine_and_the_helper_agree_in_played_games():
    from railkit.agents import make_agent
    from railkit.core.game import play
    from railkit.games.ticket_to_ride import SPEC
    from railkit.games.ticket_to_ride.scoring import ticket_done

    for seed in range(6):
        g = play(SPEC.new_game(None, 3, seed), [make_agent(SPEC, "tickets", seed * 10 + s) for s in range(3)])
        for seat in range(3):
            owned = [r for r, s in g.observe(seat)["claimed"].items() if s == seat]
            for t in range(len(g.tickets_all)):
                assert g.ticket_done(seat, t) == ticket_done(g.map, owned, g.tickets_all[t])

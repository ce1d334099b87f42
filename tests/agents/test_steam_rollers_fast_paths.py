"""The fast paths of the Steam Rollers engine and greedy bot give exactly what the
plain computations give: the network kept up to date per build against the chains
walked from scratch, the delivery distances against ``best_delivery``, the route
searches of the greedy bot against the first, direct version of ``connection_plans``
(kept here as the reference), and the bot's live chain tips and route searches kept
per build against those from scratch."""

from __future__ import annotations

import heapq
import random

import pytest

from railkit.agents.steam_rollers import (
    RouteSearches, connection_plans, connection_routes, live_tips, live_tips_after,
)
from railkit.games.steam_rollers import network as nw
from railkit.maps import hexes as hx
from railkit.maps import sheets


def reference_connection_plans(sheet, tracks, blocked=frozenset(), supply=None, town_cost=1.0) -> dict:
    """Builds that lie on the cheapest way to join two cities, with a value each.

    For every city a Dijkstra search over (hex, entry edge) states finds, for each
    other city, the route needing the fewest new tracks (existing tracks are
    followed for free; mountains and cities are never crossed). Each missing track
    of such a route gets the value ``(1 + towns + goods interest) / tracks needed``.
    Returns ``{(hex, a, b): value}``.
    """
    import heapq

    hexes, city_at, town_at = sheet.hexes, sheet.city_at, sheet.town_at
    out: dict = {}
    for A, cA in sorted(sheet.cities.items()):
        best: dict = {}
        prev: dict = {}
        heap: list = []
        found: dict = {}
        for e in range(6):
            n = hx.neighbor(cA, e)
            if (cA, e) in blocked or n not in hexes or n in city_at:
                continue
            enter = (e + 3) % 6
            if n in tracks and enter not in tracks[n]:
                continue
            st = (n, enter)
            c = 0 if n in tracks else (town_cost if n in town_at else 1)
            if c < best.get(st, 99):
                best[st] = c
                prev[st] = None
                heapq.heappush(heap, (c, st))
        while heap:
            cost, st = heapq.heappop(heap)
            if cost > best.get(st, 99):
                continue
            h, enter = st
            t = tracks.get(h)
            exits = [t[1] if t[0] == enter else t[0]] if t else [x for x in range(6) if x != enter]
            for x in exits:
                if (h, x) in blocked:
                    continue
                m = hx.neighbor(h, x)
                if m in city_at:
                    B = city_at[m]
                    if B != A and (B not in found or cost < found[B][0]):
                        found[B] = (cost, st, x)
                    continue
                if m not in hexes:
                    continue
                back = (x + 3) % 6
                if m in tracks and back not in tracks[m]:
                    continue
                if t is not None and h in town_at:
                    pass
                nst = (m, back)
                nc = cost + (0 if m in tracks else (town_cost if m in town_at else 1))
                if nc < best.get(nst, 99):
                    best[nst] = nc
                    prev[nst] = (st, x)
                    heapq.heappush(heap, (nc, nst))
        goods_a = (supply or {}).get(str(A), [])
        for B, (cost, st, x) in found.items():
            if cost == 0:
                continue
            steps = []
            cur, ex = st, x
            while cur is not None:
                steps.append((cur[0], cur[1], ex))
                p = prev[cur]
                if p is None:
                    break
                cur, ex = p
            if len({h for h, _, _ in steps}) != len(steps):
                continue  # would use a hex twice
            towns = sum(1 for h, _, _ in steps if h in town_at)
            goods_b = (supply or {}).get(str(B), [])
            interest = sum(1 for g in goods_a if B in sheet.destinations(g)) + \
                sum(1 for g in goods_b if A in sheet.destinations(g))
            value = (1 + towns + 0.5 * min(interest, 4)) / cost
            for h, en, ex in steps:
                if h not in tracks:
                    key = (h, min(en, ex), max(en, ex))
                    out[key] = max(out.get(key, 0.0), value)
    return out


def random_sheets(seed: int, level: str, steps: int):
    """Tracks drawn one by one on the default sheet (mountains at ``level``): first
    random walks out of the cities (they make chains through towns and cities), then
    random tracks in random hexes. Yields the tracks after each draw and the hex drawn."""
    sheet = sheets.load("steam-default")
    blocked = sheet.blocked_edges(level)
    rng = random.Random(seed)
    tracks: dict = {}
    drawn = 0
    for _ in range(30):
        h, e = sheet.cities[rng.randint(1, 6)], rng.randrange(6)
        while drawn < 2 * steps // 3:
            n = hx.neighbor(h, e)
            if (h, e) in blocked or n not in sheet.hexes or n in sheet.city_at or n in tracks:
                break
            enter = (e + 3) % 6
            exits = [x for x in range(6) if x != enter and (n, x) not in blocked]
            x = rng.choice(exits)
            tracks[n] = (min(enter, x), max(enter, x))
            drawn += 1
            yield sheet, blocked, tracks, n
            h, e = n, x
    free = sorted(h for h in sheet.hexes if h not in sheet.city_at and h not in tracks)
    rng.shuffle(free)
    for h in free[:steps - drawn]:
        options = [(a, b) for a, b in hx.placements() if (h, a) not in blocked and (h, b) not in blocked]
        if not options:
            continue
        tracks[h] = rng.choice(options)
        yield sheet, blocked, tracks, h


@pytest.mark.parametrize("seed,level", [(s, lvl) for s in range(6) for lvl in ("none", "hard")])
def test_live_tips_kept_per_build_equal_those_from_scratch(seed, level):
    tips = None
    for sheet, _, tracks, h in random_sheets(seed, level, 90):
        if tips is None:
            tips = live_tips(sheet, tracks)
            continue
        before = {n: list(v) for n, v in tips.items()}
        changed: set = set()
        old, tips = tips, live_tips_after(sheet, tracks, tips, h, changed)
        # the same chains per hex (their order may differ), and the hexes said to change are
        # those whose chains changed
        assert {n: sorted(v) for n, v in tips.items()} == {n: sorted(v) for n, v in live_tips(sheet, tracks).items()}
        assert changed == {n for n in before.keys() | tips.keys() if before.get(n) != tips.get(n)}
        assert {n: list(v) for n, v in old.items()} == before  # left as they were


@pytest.mark.parametrize("seed,level", [(s, lvl) for s in range(4) for lvl in ("none", "hard")])
def test_route_searches_kept_per_build_equal_those_from_scratch(seed, level):
    # whole town costs (bucket search), others (heap), a dear town and a negative cost
    for town_cost in (1.0, 0.5, 3.0, -0.5):
        searches = kept = None
        for sheet, blocked, tracks, h in random_sheets(seed, level, 60):
            if searches is None:
                searches = RouteSearches(sheet, tracks, blocked, town_cost)
                continue
            before = [f[0] for f in searches.found]
            searches.add(h, tracks[h])
            kept = (kept or 0) + sum(a is b for a, b in zip(before, (f[0] for f in searches.found)))
            # the same routes in the same order (the plans' ties depend on it)
            assert searches.routes() == connection_routes(sheet, tracks, blocked, town_cost)
        assert town_cost < 0 or kept  # some searches were kept (none with a negative cost)


@pytest.mark.parametrize("seed,level", [(s, lvl) for s in range(6) for lvl in ("none", "hard")])
def test_network_kept_per_build_equals_chains_from_scratch(seed, level):
    net = None
    for sheet, _, tracks, h in random_sheets(seed, level, 90):
        if net is None:
            net = nw.Network(sheet, tracks)
        else:
            net.add(h)
        fresh = nw.chains(sheet, tracks)
        assert net.chains == {key: (u, v) for u, v, key, _ in fresh}
        assert net.connections() == nw.connections(sheet, tracks)


@pytest.mark.parametrize("seed", range(3))
def test_longest_distances_equal_best_delivery(seed):
    checked = 0
    for sheet, _, tracks, _ in (x for s in range(4 * seed, 4 * seed + 4) for x in random_sheets(s, "none", 200)):
        G = nw.connection_graph(sheet, tracks)
        adj = nw.Network(sheet, tracks).adj
        for src in range(1, 7):
            for engine in (1, 2, 4, 6, 9):
                reach = nw.longest_distances(adj, nw.city(src), engine)
                for dest in range(1, 7):
                    if dest == src:
                        continue
                    res = nw.best_delivery(sheet, tracks, src, [dest], engine, G=G)
                    assert reach.get(nw.city(dest)) == (None if res is None else res[0])
                    checked += res is not None
    assert checked > 0


@pytest.mark.parametrize("seed,level", [(s, lvl) for s in range(3) for lvl in ("none", "medium", "hard")])
def test_connection_plans_equal_the_reference(seed, level):
    rng = random.Random(seed)
    colours = ["red", "yellow", "blue", "green", "grey"]
    for i, (sheet, blocked, tracks, _) in enumerate(random_sheets(seed, level, 60)):
        if i % 6:
            continue
        supply = {str(n): rng.sample(colours, rng.randrange(4)) for n in range(1, 7)}
        for town_cost in (1.0, 0.5):
            want = reference_connection_plans(sheet, tracks, blocked, supply, town_cost)
            assert connection_plans(sheet, tracks, blocked, supply, town_cost) == want
            routes = connection_routes(sheet, tracks, blocked, town_cost)
            assert connection_plans(sheet, tracks, blocked, supply, town_cost, routes=routes) == want


def test_geometry_side_tells_what_is_across_each_edge():
    from railkit.agents.steam_rollers import _geometry

    sheet = sheets.load("steam-default")
    blocked = sheet.blocked_edges("hard")
    geo = _geometry(sheet, blocked)
    for i, h in enumerate(geo.hexes):
        for e in range(6):
            m = hx.neighbor(h, e)
            want = -2 - sheet.city_at[m] if m in sheet.city_at else (geo.index[m] if m in sheet.hexes else -1)
            assert geo.side[i * 6 + e] == want  # mountains or not
            assert geo.step[i][e] == (-1 if (h, e) in blocked else want)
    assert any((h, e) in blocked for h in geo.hexes for e in range(6))  # the sheet has mountains to skip

"""One conformance suite for every game of :mod:`railkit.games`.

Seeded random and bot playouts over each game's player counts, presets, maps and solo levels:
games terminate, every legal action applies and its text reads back, the legal list is exactly
the set of candidate moves the checker accepts, an illegal move changes nothing, replay,
save/load and undo are exact, scores equal an independent recount, cards, chips, goods and
tickets are conserved, and ``observe(seat)`` hides what it must.

What only one game knows (its conservation law, its recount, the moves worth trying on it,
what its observation must leave out, its tables) is a small hook in ``CHECKS``, keyed by the
game's name; every test below is the same for every game.

The default run plays about 6,500 games; ``pytest --slow`` adds about 19,000 more.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import railkit.games
from railkit.agents import agents_of, make_agent
from railkit.agents.mcts import MCTSAgent
from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.game import Action, Game, GameSpec, play
from railkit.maps import CARD_COLOURS, available


def game_names() -> list[str]:
    """The games railkit ships (the names :func:`railkit.games.get_spec` knows)."""
    return railkit.games.names()


def spec_of(name: str) -> GameSpec:
    return railkit.games.get_spec(name)


class Table(NamedTuple):
    """One table: players, a preset, rule settings over it and the game's options."""

    players: int
    preset: str | None = None
    rules: dict = {}
    options: dict = {}

    def label(self) -> str:
        parts = [f"{self.players}p", self.preset or "default"]
        parts += [f"{k}={v}" for k, v in {**self.rules, **self.options}.items()]
        return "-".join(parts)


@dataclass
class Checks:
    """What one game's conformance run needs beyond the common protocol."""

    #: raises AssertionError unless every card, chip, good and ticket is accounted for (any time)
    conserved: Callable[[Game], None]
    #: raises AssertionError unless the scores equal a recount done here (any time)
    recount: Callable[[Game], None]
    #: raises AssertionError if ``observe(seat)`` shows what the seat may not see
    hides: Callable[[Game, int, dict], None]
    #: the tables of the checked playouts, each played ``seeds`` times
    tables: list[Table]
    seeds: int
    #: the first ``careful_seeds`` games of each table check the state after every action
    careful_seeds: int
    #: short games on the unchecked fast path, cycling through these tables
    quick: list[Table]
    quick_games: int
    #: the end reasons the rules know
    end_reasons: set[str]
    #: the prefix of the game's rule ids (``TTR-``)
    rule_prefix: str
    #: every action of some shapes, legal or not, in the game's current state (None: the
    #: actions seen legal earlier in the game stand in)
    candidates: Callable[[Game], list[Action]] | None = None
    #: more of the engine's state than the save and the observations show (for "nothing changed")
    state: Callable[[Game], object] = lambda g: None
    #: rule settings that keep the hypothesis games short
    short: dict = field(default_factory=dict)
    #: seeds per table of the ``--slow`` run
    slow_seeds: int = 0


# ============================================================================ Ticket to Ride
def ttr_conserved(g) -> None:
    """Cards, tickets and trains (the rules' count, else the map's, else the printed 45)."""
    r = g.rules
    total = 8 * r.cards_per_colour + r.loco_count
    cards = len(g.deck) + len(g.discard) + sum(c is not None for c in g.faceup) + sum(map(sum, g.hands))
    assert cards == total, (cards, total)
    assert all(x >= 0 for h in g.hands for x in h)
    for s in range(g.players):
        placed = sum(g.board.length[i] for i in g.claimed[s])
        assert g.trains[s] == g.start_trains - placed >= 0
    assert g.start_trains == (r.trains if r.trains is not None else g.map.trains or 45)  # TTR-MAP-TRAINS
    pending = sum(len(o) for s, o in enumerate(g.setup_offers) if g.phase == "setup-tickets" and s in g._setup_queue)
    if g.phase == "keep-tickets":
        pending += len(g.offered)
    held = sum(len(t) for t in g.tickets)
    assert len(g.ticket_deck) + held + pending == len(g.tickets_all)
    seen = [t for ts in g.tickets for t in ts] + g.ticket_deck
    assert len(seen) == len(set(seen))


def brute_longest_trail(edges: list[tuple[str, str, int]]) -> int:
    """Longest trail by plain enumeration (for small networks only)."""
    adj: dict[str, list[tuple[int, str, int]]] = {}
    for k, (a, b, ln) in enumerate(edges):
        adj.setdefault(a, []).append((k, b, ln))
        adj.setdefault(b, []).append((k, a, ln))
    best = 0
    used = [False] * len(edges)

    def dfs(v: str, total: int) -> None:
        nonlocal best
        best = max(best, total)
        for k, w, ln in adj[v]:
            if not used[k]:
                used[k] = True
                dfs(w, total + ln)
                used[k] = False

    for v in adj:
        dfs(v, 0)
    return best


def ttr_recount(g) -> None:
    """The score breakdown (final, or "if the game ended now") recomputed with networkx from
    the claimed routes and kept tickets only."""
    from railkit.graphs import longest_trail

    m = g.map
    points = {int(k): v for k, v in g.rules.route_points.items()}
    owner = g.observe(None)["claimed"]
    rows = []
    for s in range(g.players):
        mine = [m.route_by_id[rid] for rid, who in owner.items() if who == s]
        G = nx.MultiGraph()
        G.add_nodes_from(m.cities)
        for r in mine:
            G.add_edge(r.a, r.b, key=r.id)
        tickets = [g.tickets_all[t] for t in g.tickets[s]]
        done = [nx.has_path(G, t.a, t.b) for t in tickets]
        edges = [(r.a, r.b, r.length) for r in mine]
        if len(edges) <= 14:
            trail = brute_longest_trail(edges)
        else:  # too big to enumerate: railkit.graphs (checked against brute force in tests/graphs)
            H = nx.MultiGraph()
            for r in mine:
                H.add_edge(r.a, r.b, key=r.id, length=r.length)
            trail = longest_trail(H)[0]
        rows.append({"route_points": sum(points[r.length] for r in mine),
                     "ticket_points": sum(t.points if d else -t.points for t, d in zip(tickets, done)),
                     "tickets_completed": sum(done), "longest_trail": trail})
    best = max(x["longest_trail"] for x in rows)
    most = max(x["tickets_completed"] for x in rows)
    for x in rows:
        x["longest_bonus"] = g.rules.longest_bonus if best and x["longest_trail"] == best else 0
        x["globetrotter_bonus"] = g.rules.globetrotter_bonus if most and x["tickets_completed"] == most else 0
        x["total"] = x["route_points"] + x["ticket_points"] + x["longest_bonus"] + x["globetrotter_bonus"]
    got = g.final_scores() if g.is_over else g.score_breakdown()
    for mine, theirs in zip(got, rows):
        for k, v in theirs.items():
            assert mine[k] == v, (k, mine[k], v, g.seed)
    assert [r["score"] for r in g.summary()] == [x["total"] for x in got]


def ttr_hides(g, seat: int, obs: dict) -> None:
    """A seat sees its own hand and tickets; of the others only how many they hold."""
    assert obs["seat"] == seat and "hands" not in obs and "deck" not in obs and "ticket_deck" not in obs
    assert [obs["hand"][c] for c in CARD_COLOURS + ("loco",)] == list(g.hands[seat])
    assert sorted((t["a"], t["b"]) for t in obs["tickets"]) == sorted(
        (g.tickets_all[t].a, g.tickets_all[t].b) for t in g.tickets[seat])
    assert obs["hand_sizes"] == [sum(h) for h in g.hands] and obs["deck_size"] == len(g.deck)
    assert obs["ticket_counts"] == [len(t) for t in g.tickets]
    if g.phase == "keep-tickets" and g.current_player != seat:  # another seat's offer
        assert obs["offered"] == []
    if g.phase == "setup-tickets":  # every seat sees its own starting offer
        mine = g.setup_offers[seat] if seat in g._setup_queue else []
        assert [(t["a"], t["b"]) for t in obs["offered"]] == [(g.tickets_all[t].a, g.tickets_all[t].b) for t in mine]


def ttr_candidates(g) -> list[Action]:
    """Every claim of every route with every colour and split, and every draw."""
    from railkit.games.ticket_to_ride import Claim, DrawDeck, DrawFaceUp, DrawTickets, Pass

    out: list[Action] = [DrawDeck(), DrawTickets(), Pass()] + [DrawFaceUp(i) for i in range(0, len(g.faceup) + 2)]
    for r in g.map.routes:
        for c in CARD_COLOURS:
            out += [Claim(r.id, c, k, r.length - k) for k in range(1, r.length + 1)]
        out.append(Claim(r.id, "loco", 0, r.length))
    return out


def ttr_state(g) -> object:
    return [g.deck, g.discard, g.faceup, g.hands, g.tickets, g.ticket_deck, g.owner, g.trains, g.route_points,
            g.offered, g.phase, len(g.log)]


def ttr_tables() -> list[Table]:
    from railkit.games.ticket_to_ride import PRESETS

    # a map with one ticket deck: the presets keep their other settings there
    return [Table(p, preset, {} if m == "usa" else {"ticket_deck": ""}, {"map": m})
            for m in available() for preset in sorted(PRESETS) for p in (2, 3, 4, 5)]


# ============================================================================ Steam Rollers
SR_MODULES = [{}, {"coal": True}, {"order_tiles": True}, {"starting_powers": True},
              {"mountains": "medium"}, {"mountains": "hard"},
              {"coal": True, "order_tiles": True, "starting_powers": True, "mountains": "hard", "tile_sides": "b"}]


def sr_tables(max_rounds: int) -> list[Table]:
    """Every module at 2-5 players, every solo level on every mountain setting."""
    from railkit.games.steam_rollers.rules import DIFFICULTIES

    return ([Table(p, None, {**m, "max_rounds": max_rounds}) for p in (2, 3, 4, 5) for m in SR_MODULES]
            + [Table(1, None, {"mountains": lvl, "max_rounds": max_rounds}, {"difficulty": d})
               for d in DIFFICULTIES for lvl in ("none", "medium", "hard")])


def sr_conserved(g) -> None:
    """Goods: the bag, the cities and the coal supply hold every cube; what left the bag
    after setup was delivered or taken by Olivia."""
    on_cities = Counter(c for v in g.supply.values() for c in v)
    total = g.bag + on_cities
    if g.coal_supply:
        total["black"] += g.coal_supply
    assert total == g.totals, (total, g.totals)
    assert g.bag - g.bag_after_setup == g.delivered + Counter(g.olivia_goods)


def sr_recount(g) -> None:
    """Network points from scratch (no caches), deliveries, engine bonus and Olivia's score."""
    from railkit.games.steam_rollers import network as nw

    for row in g.summary():
        ps = g.ps[row["seat"]]
        assert row["network_points"] == nw.network_points(g.sheet, dict(ps.tracks))
        assert row["delivery_points"] == sum(d["distance"] + d["bonus"] for d in ps.deliveries)
        assert row["engine_bonus"] == g.rules.engine_bonus[len(ps.boxes)]
        parts = ("delivery_points", "network_points", "engine_bonus", "tile_vp", "order_vp", "power_vp")
        assert row["score"] == sum(row[c] for c in parts)
        for d in ps.deliveries:
            assert 1 <= d["distance"] <= g.rules.engine_max + 3
    if g.solo:
        row = g.summary()[0]
        assert row["olivia_score"] == (sum(g.olivia_points) + g.rules.olivia_engine_points
                                       + sum(sorted((len(v) for v in g.olivia_crossed.values()), reverse=True)[:2])
                                       + row["olivia_tile_vp"])


def sr_hides(g, seat: int, obs: dict) -> None:
    """The bag's goods are hidden: only how many are left."""
    assert "bag" not in obs and obs["bag_count"] == sum(g.bag.values())
    assert obs["seat"] == seat and len(obs["players_view"]) == g.players


# ============================================================================ Station Master
SM_PLAYERS = [2, 3, 4, 5, 6]


def sm_recount(g) -> None:
    """Departures recounted (inside ``audit``) and the summary's scores."""
    g.audit()
    assert [r["score"] for r in g.summary()] == g.scores


def sm_hides(g, seat: int, obs: dict) -> None:
    """Chips on trains show their owner to that owner only; hands are the seat's own."""
    for t in obs["station"]:
        assert "chips" not in t
        assert t["my_chips"] == sorted(v for o, v in g.train(t["id"]).chips if o == seat)
        assert sum(t["chip_counts"]) == t["chips_on"]
    assert obs["hand"] == sorted(g.hands[seat]) and obs["hand_sizes"] == [len(h) for h in g.hands]
    assert "hands" not in obs and obs["draw_pile"] == len(g.draw_pile)
    assert sum(len(t["my_chips"]) for t in obs["station"]) + len(obs["my_chips"]) == len(g.rules.chip_values)


def sm_candidates(g) -> list[Action]:
    """Every action shape over the station's trains (plus one unknown train), chip values and cards."""
    from railkit.games.station_master import (
        Pass, PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayRushHour,
        PlayStandingRoom, PlayTransfer, PlayUncouple,
    )

    tids = [t.tid for t in g.station] + [g.next_tid]
    cards = sorted(g.info)
    out: list[Action] = [PlaceChip(v, t) for v in range(0, 5) for t in tids]
    for c in cards:
        kind = g.info[c].kind
        if kind == "carriage":
            out += [PlayCarriage(c, t) for t in tids]
        elif kind == "repair":
            out.append(PlayRepair(c))
            out += [PlayRepair(c, k, t) for k in cards if g.info[k].kind == "carriage" for t in tids]
    out += [PlayBrakeVan(t) for t in tids] + [PlayRoyal(t) for t in tids]
    out += [PlayReassign(a, b) for a, b in itertools.product(tids, tids)]
    seats = range(g.players + 1)
    owners = [()] + [(o,) for o in seats] + list(itertools.combinations_with_replacement(seats, 2)) \
        + list(itertools.combinations_with_replacement(range(g.players), 3)) + [(0, 0, 0, 0)]
    out += [PlayTransfer(a, b, o) for a, b in itertools.product(tids, tids) for o in owners]
    out += [PlayStandingRoom(t, v) for t in tids for v in (None, 1, 2, 3)]
    out += [PlayUncouple(n, t) for t in tids for n in range(0, 4)]
    out += [PlayRushHour(), Pass()]
    return out


def sm_tables() -> list[Table]:
    from railkit.games.station_master import PRESETS

    return [Table(p, preset) for preset in sorted(PRESETS) for p in SM_PLAYERS]


# ============================================================================ the hooks
def _checks() -> dict[str, Checks]:
    return {
        "ticket-to-ride": Checks(
            conserved=ttr_conserved, recount=ttr_recount, hides=ttr_hides, tables=ttr_tables(), seeds=30,
            careful_seeds=2, quick=ttr_tables(), quick_games=1000,
            end_reasons={"last round played", "a full round of passes"}, rule_prefix="TTR-",
            candidates=ttr_candidates, state=ttr_state, slow_seeds=190),
        "steam-rollers": Checks(
            conserved=sr_conserved, recount=sr_recount, hides=sr_hides, tables=sr_tables(10), seeds=4,
            careful_seeds=4, quick=sr_tables(6), quick_games=2000,
            end_reasons={"cities", "max-rounds", "olivia-region-full"}, rule_prefix="SR-",
            short={"max_rounds": 8}, slow_seeds=60),
        "station-master": Checks(
            conserved=lambda g: g.audit(), recount=sm_recount, hides=sm_hides, tables=sm_tables(), seeds=4,
            careful_seeds=4, quick=[Table(p, "railkit-default") for p in SM_PLAYERS], quick_games=2000,
            end_reasons={"last-loco", "no-cards", "stall"}, rule_prefix="SM-", candidates=sm_candidates,
            state=lambda g: g.departures, slow_seeds=200),
    }


CHECKS = _checks()
GAMES = game_names()


def test_every_game_has_its_hooks():
    assert sorted(CHECKS) == GAMES


# ============================================================================ playing
def new_game(name: str, v: Table, seed: int) -> Game:
    spec = spec_of(name)
    return spec.new_game(spec.make_rules(v.preset, v.rules), v.players, seed, **v.options)


def check_step(g: Game, rng: random.Random) -> list[Action]:
    """The legal list of a running game: not empty, no duplicates, the same when asked
    again; a sample of it passes the checker and reads back from its text."""
    legal = list(g.legal_actions())
    assert legal, "no legal action in a running game"
    assert len(set(map(str, legal))) == len(legal), "duplicate legal actions"
    for a in rng.sample(legal, min(3, len(legal))):
        assert g.why_illegal(a) is None, str(a)
        assert g.parse_action(str(a)) == a and str(g.parse_action(str(a))) == str(a)
    assert list(g.legal_actions()) == legal  # deterministic, and checking changed nothing
    return legal


def playout(name: str, v: Table, seed: int, bots: tuple[str, ...] = ("random",), *,
            checked: bool = True, careful: bool = False) -> Game:
    """A seeded game to its end; ``careful`` checks the legal list and the conservation law
    after every action."""
    g = new_game(name, v, seed)
    spec, checks = spec_of(name), CHECKS[name]
    agents = [make_agent(spec, bots[i % len(bots)], seed * 7 + i) for i in range(v.players)]
    if not careful:
        return play(g, agents, checked=checked)
    rng = random.Random(seed)
    for agent in agents:
        agent.bind(g)
    steps = 0
    while not g.is_over:
        legal = check_step(g, rng)
        seat = g.current_player
        g.apply(agents[seat].act(g.observe(seat), legal))
        checks.conserved(g)
        steps += 1
        assert steps < 20_000, "no end"
    return g


def check_final(name: str, g: Game) -> None:
    """A finished game: no legal action, conserved, scores recounted, a sound summary."""
    checks = CHECKS[name]
    assert g.is_over and list(g.legal_actions()) == []
    checks.conserved(g)
    checks.recount(g)
    rows = g.summary()
    assert [r["seat"] for r in rows] == list(range(g.players))
    assert rows[0]["end_reason"] in checks.end_reasons
    for r in rows:
        assert isinstance(r["win"], bool) and r["rank"] >= 1 and isinstance(r["turns"], int)
        assert r["win"] == (r["rank"] == 1)
        for v in r.values():
            assert v is None or isinstance(v, (int, float, str, bool)) or (
                isinstance(v, list) and all(isinstance(x, str) for x in v)), (r, v)
    best = max(r["score"] for r in rows)
    assert all(r["score"] == best for r in rows if r["win"])
    if g.players > 1:
        assert any(r["win"] for r in rows)
    json.dumps(rows)


def bots_of(name: str, search: bool = False) -> list[str]:
    """The game's bots that search (they play whole games per decision) or the others."""
    return [bot for bot, cls in agents_of(spec_of(name)).items() if issubclass(cls, MCTSAgent) == search]


def bot_lineup(name: str, seed: int) -> tuple[str, ...]:
    """The game's bots that do not search, rotated by the seed."""
    names = bots_of(name)
    k = seed % len(names)
    return tuple(names[k:] + names[:k])


def table_of(name: str, players: int, seed: int) -> Table:
    """One of the game's tables with that many players."""
    tables = [v for v in CHECKS[name].tables if v.players == players]
    return tables[seed % len(tables)]


PLAYOUTS = [(name, v) for name in GAMES for v in CHECKS[name].tables]


@pytest.mark.parametrize("name, v", PLAYOUTS, ids=[f"{n}-{v.label()}" for n, v in PLAYOUTS])
def test_random_playouts_terminate_conserve_and_recount(name, v):
    checks = CHECKS[name]
    for seed in range(checks.seeds):
        careful = seed < checks.careful_seeds
        check_final(name, playout(name, v, seed, checked=careful or seed % 2 == 0, careful=careful))


@pytest.mark.parametrize("name", GAMES)
def test_quick_playouts_on_the_fast_path(name):
    """Many short random games on the unchecked path, over every table; checked at the end."""
    checks = CHECKS[name]
    for seed in range(checks.quick_games):
        check_final(name, playout(name, checks.quick[seed % len(checks.quick)], seed, checked=False))


@pytest.mark.parametrize("name", GAMES)
def test_bot_games(name):
    """Every bot of the game plays to a sound end: those that do not search in every seat of
    the smallest and the largest table, each search bot once against a random bot."""
    spec = spec_of(name)
    bots = bots_of(name)
    games = [(p, tuple(bots[(k + i) % len(bots)] for i in range(p)))
             for p in sorted({spec.min_players, spec.max_players}) for k in range(0, len(bots), p)]
    games += [(2, (bot, "random")) for bot in bots_of(name, search=True)]
    for seed, (players, lineup) in enumerate(games):
        check_final(name, playout(name, table_of(name, players, seed), seed, lineup, checked=seed % 2 == 0))


@pytest.mark.parametrize("name", GAMES)
def test_default_bot_plays_every_preset(name):
    spec = spec_of(name)
    for preset in sorted(spec.presets):
        for players in (max(spec.min_players, 2), spec.max_players):
            check_final(name, playout(name, Table(players, preset), 3, (spec.default_agent,), checked=False))


@pytest.mark.slow
@pytest.mark.parametrize("name, v", PLAYOUTS, ids=[f"{n}-{v.label()}" for n, v in PLAYOUTS])
def test_long_conformance_run(name, v):
    """Thousands more games per game; one in three seats the game's bots that do not search."""
    checks = CHECKS[name]
    for seed in range(1000, 1000 + checks.slow_seeds):
        bots = bot_lineup(name, seed) if seed % 3 == 0 else ("random",)
        careful = checks.careful_seeds == checks.seeds or seed % 7 == 0
        check_final(name, playout(name, v, seed, bots, careful=careful))


# ============================================================================ legality
def candidate_pool(g: Game, seen: dict[str, Action]) -> list[Action]:
    """The game's candidate moves, or the actions seen legal so far."""
    hook = CHECKS[g.game_name].candidates
    return hook(g) if hook else list(seen.values())


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_exactly_the_accepted_candidates(name):
    """Every legal action passes the checker; every candidate the checker accepts is listed."""
    checks = CHECKS[name]
    rng = random.Random(5)
    compared = 0
    for seed in range(10):
        v = checks.tables[(seed * 5) % len(checks.tables)]
        g = new_game(name, v, seed)
        seen: dict[str, Action] = {}
        while not g.is_over:
            legal = list(g.legal_actions())
            assert len(set(map(str, legal))) == len(legal), "duplicate legal actions"
            for a in legal:
                assert g.why_illegal(a) is None and g.parse_action(str(a)) == a
                seen.setdefault(str(a), a)
            if rng.random() < 0.15:
                cands = candidate_pool(g, seen)
                names = {str(a) for a in cands}
                ok = {str(a) for a in cands if g.why_illegal(a) is None}
                assert ok == {str(a) for a in legal} & names, (seed, len(g.log))
                compared += 1
            assert list(g.legal_actions()) == legal  # deterministic, and checking changed nothing
            g.apply(legal[rng.randrange(len(legal))])
    assert compared > 20


def fingerprint(g: Game) -> str:
    """The save, every seat's observation, the hidden piles and the hook's state."""
    piles = [getattr(g, name) for name in spec_of(g.game_name).hidden]
    hidden = [sorted(p.items()) if isinstance(p, Counter) else list(p) for p in piles]
    return json.dumps([g.to_json(), [g.observe(s) for s in range(g.players)], g.current_player,
                       CHECKS[g.game_name].state(g), hidden], default=str, sort_keys=True)


JUNK = st.text(alphabet="abcdefghiklmnoprstuvwxyT0123456789 +-,>/", max_size=24)  # words of every game


def try_illegal(g: Game, a: Action | str, rule_prefix: str) -> bool:
    """Apply ``a`` if the checker accepts it (then it is a listed legal action); else check the
    error (the game's rule id, a reason and a hint) and that nothing changed."""
    err = g.why_illegal(a)
    if err is None:
        assert str(g.parse_action(a) if isinstance(a, str) else a) in {str(x) for x in g.legal_actions()}, a
        g.apply(a)
        return True
    before = fingerprint(g)
    if isinstance(err, IllegalMove):
        assert err.rule.startswith(rule_prefix) and err.reason and err.hint, (a, err)
    with pytest.raises(type(err)):
        g.apply(a)
    assert fingerprint(g) == before, a
    return False


@pytest.mark.parametrize("name", GAMES)
def test_illegal_moves_change_nothing(name):
    """Fuzz: legal moves mixed with candidate moves (mostly illegal) and junk text; an illegal
    one raises IllegalMove or ActionSyntaxError, with the game's rule id, and changes nothing."""
    checks = CHECKS[name]
    rng = random.Random(11)
    tried = 0
    for seed in range(8):
        g = new_game(name, checks.tables[(seed * 3) % len(checks.tables)], seed)
        seen: dict[str, Action] = {}
        while not g.is_over and len(g.log) < 600:
            legal = list(g.legal_actions())
            seen.update((str(a), a) for a in legal)
            if rng.random() < 0.3:
                cands = candidate_pool(g, seen)
                scrambled = "".join(rng.sample("claim red 1 T2 chip", 9))  # text of no game
                for a in rng.sample(cands, min(12, len(cands))) + [scrambled]:
                    tried += 1
                    if try_illegal(g, a, checks.rule_prefix):
                        break
                else:
                    g.apply(rng.choice(legal))
            else:
                g.apply(rng.choice(legal))
            checks.conserved(g)
    assert tried > 100


@pytest.mark.parametrize("name", GAMES)
def test_unknown_text_is_a_syntax_error_that_lists_the_forms(name):
    g = new_game(name, CHECKS[name].tables[0], 1)
    for text in ("", "fly to the moon", "claim", "chip two on T1", "build 99 99 99"):
        with pytest.raises(ActionSyntaxError) as exc:
            g.apply(text)
        assert exc.value.forms and all(form in str(exc.value) for form in exc.value.forms)


# ============================================================================ replay, save/load, undo
@pytest.mark.parametrize("name", GAMES)
def test_replay_save_load_and_undo_are_exact(name, tmp_path):
    spec, checks = spec_of(name), CHECKS[name]
    for seed in range(5):
        v = checks.tables[(seed * 11 + 3) % len(checks.tables)]
        g = playout(name, v, seed, bot_lineup(name, seed)[:2] if seed % 2 else ("random",), checked=False)
        again = new_game(name, v, seed).replay([str(a) for a in g.log])
        assert again.to_json() == g.to_json() and again.summary() == g.summary()
        assert fingerprint(again) == fingerprint(g)
        assert g.replay(g.log).summary() == g.summary()
        path = g.save(tmp_path / "game.json")
        data = json.loads(path.read_text())
        assert data["game"] == spec.name and data["options"] == v.options and data["players"] == v.players
        loaded = type(g).load(path)
        assert loaded.summary() == g.summary() and [str(a) for a in loaded.log] == [str(a) for a in g.log]
        assert fingerprint(loaded) == fingerprint(g)
        k = len(g.log) // 2
        mid = g.history(k)
        n = len(g.log)
        loaded.undo(n - k)
        assert len(loaded.log) == k and fingerprint(loaded) == fingerprint(mid)
        for a in g.log[k:]:
            loaded.apply(a)
        assert fingerprint(loaded) == fingerprint(g)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_a_bad_action_names_the_step(name):
    g = playout(name, CHECKS[name].tables[0], 3, checked=False)
    data = g.to_json()
    data["actions"][5] = "no such move"
    with pytest.raises(DataError) as exc:
        type(g).from_json(data, "saved.json")
    assert exc.value.path == "$.actions[5]" and exc.value.source == "saved.json"


@pytest.mark.parametrize("name", GAMES)
def test_seeded_games_are_reproducible(name):
    v = CHECKS[name].tables[-1]
    lineup = (bots_of(name)[1], "random")
    a, b, c = (playout(name, v, seed, lineup) for seed in (9, 9, 10))
    assert [str(x) for x in a.log] == [str(x) for x in b.log] and a.summary() == b.summary()
    assert [str(x) for x in a.log] != [str(x) for x in c.log]


# ============================================================================ property-based
@pytest.mark.parametrize("name", GAMES)
def test_any_sequence_of_choices_keeps_the_invariants(name):
    checks = CHECKS[name]

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(v=st.sampled_from(checks.tables), seed=st.integers(0, 10**6),
           picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=120), junk=st.lists(JUNK, max_size=5))
    def run(v, seed, picks, junk):
        g = new_game(name, v._replace(rules={**v.rules, **checks.short}), seed)
        for i, p in enumerate(picks):
            if g.is_over:
                break
            if i < len(junk):  # junk text is either illegal (nothing changes) or a legal action
                try_illegal(g, junk[i], checks.rule_prefix)
                if g.is_over:
                    break
            legal = g.legal_actions()
            g.apply(legal[p % len(legal)])
            checks.conserved(g)
            for s in range(g.players):
                obs = g.observe(s)
                json.dumps(obs)
                checks.hides(g, s, obs)
        checks.recount(g)

    run()


# ============================================================================ observations
@pytest.mark.parametrize("name", GAMES)
def test_observation_hides_what_it_must(name):
    """Observations are JSON; shuffling what nobody may see (the game's hidden piles) changes
    no seat's observation; and the game's own rule of what each seat sees holds."""
    spec, checks = spec_of(name), CHECKS[name]
    for seed, v in enumerate(checks.tables[::7]):
        g = playout(name, v, seed, checked=False)
        for upto in (1, len(g.log) // 3, len(g.log) // 2, len(g.log) - 1):
            h = g.history(upto)
            views = [h.observe(s) for s in range(h.players)]
            for s, obs in enumerate(views):
                json.dumps(obs)
                checks.hides(h, s, obs)
            for pile in spec.hidden:
                if isinstance(getattr(h, pile), list):
                    getattr(h, pile).reverse()
            assert [h.observe(s) for s in range(h.players)] == views


@pytest.mark.parametrize("name", GAMES)
def test_observations_handed_out_never_change_later(name):
    g = new_game(name, CHECKS[name].tables[0], 5)
    rng = random.Random(5)
    kept = []
    while not g.is_over:
        obs = g.observe(g.current_player)
        kept.append((obs, json.dumps(obs, sort_keys=True)))
        g.apply(rng.choice(list(g.legal_actions())))
    assert all(json.dumps(obs, sort_keys=True) == text for obs, text in kept)


# ============================================================================ the game's facts
@pytest.mark.parametrize("name", GAMES)
def test_spec_presets_bots_and_bounds(name):
    spec = spec_of(name)
    assert spec.name == name and spec.game_class.game_name == name
    for preset in spec.presets:
        spec.make_rules(preset)
    bots = agents_of(spec)
    assert spec.default_agent in bots and spec.default_bot in bots and "random" in bots
    for bot in bots:
        assert isinstance(make_agent(spec, bot, 1), bots[bot])
    with pytest.raises(DataError):
        make_agent(spec, "no-such-bot", 1)
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(DataError, match=f"{spec.min_players} to {spec.max_players} players"):
            spec.new_game(players=players)


@pytest.mark.parametrize("name", GAMES)
def test_import_loads_no_ui_library(name):
    package = spec_of(name).package
    code = (f"import sys, railkit.games.{package}, railkit.agents.{package}; "
            "print(any(m.split('.')[0] in ('panel', 'bokeh', 'ipywidgets') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"

"""Steam Rollers conformance: seeded playouts over 1-5 players, every optional module and
every solo level. Games terminate, every listed action is legal and applies, goods are
conserved, scores equal a recount, replay and save/load are exact, text forms round-trip.

The default run plays a few hundred short games; ``-m slow`` adds thousands more.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from railkit.core.game import play
from railkit.games import get_spec
from railkit.games.steam_rollers import SteamRollers, parse
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.rules import DIFFICULTIES
from railkit.agents.steam_rollers import AGENTS, GreedyAgent, RandomAgent

MODULES = [{}, {"coal": True}, {"order_tiles": True}, {"starting_powers": True},
           {"mountains": "medium"}, {"mountains": "hard"},
           {"coal": True, "order_tiles": True, "starting_powers": True, "mountains": "hard", "tile_sides": "b"}]
CONFIGS = ([(p, m, {}) for p in (2, 3, 4, 5) for m in MODULES]
           + [(1, {"mountains": lvl}, {"difficulty": d}) for d in DIFFICULTIES for lvl in ("none", "medium", "hard")])


def conserved(g: SteamRollers) -> None:
    on_cities = Counter(c for v in g.supply.values() for c in v)
    total = g.bag + on_cities
    if g.coal_supply:
        total["black"] += g.coal_supply
    assert total == g.totals, (total, g.totals)
    assert g.bag - g.bag_after_setup == g.delivered + Counter(g.olivia_goods)


def recount(g: SteamRollers) -> None:
    for row in g.summary():
        seat = row["seat"]
        ps = g.ps[seat]
        fresh_network = nw.network_points(g.sheet, dict(ps.tracks))  # no caches
        assert row["network_points"] == fresh_network
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


def run(players, rules, options, seed, agents="random", check_every=1, max_rounds=10):
    r = dict(rules)
    r.setdefault("max_rounds", max_rounds)
    g = SteamRollers(r, players=players, seed=seed, **options)
    cls = RandomAgent if agents == "random" else GreedyAgent
    bots = [cls(seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no legal action in a running game"
        if steps % check_every == 0:
            for a in rng.sample(legal, min(3, len(legal))):
                assert g.why_illegal(a) is None, str(a)
                assert str(parse(str(a))) == str(a)
        seat = g.current_player
        obs = g.observe(seat)
        a = bots[seat].act(obs, legal)
        g.apply(a)
        conserved(g)
        steps += 1
        assert steps < 5000
    recount(g)
    return g


@pytest.mark.parametrize("players, rules, options", CONFIGS,
                         ids=[f"{p}p-{'-'.join(f'{k}={v}' for k, v in m.items()) or 'base'}-{o.get('difficulty', '')}"
                              for p, m, o in CONFIGS])
def test_random_playouts(players, rules, options):
    for seed in range(4):
        g = run(players, rules, options, seed)
        assert g.is_over and g.end_reason in ("cities", "max-rounds", "olivia-region-full")


@pytest.mark.parametrize("players", [1, 2, 3])
def test_greedy_games_end_by_the_rules(players):
    reasons = Counter()
    deliveries = 0
    for seed in range(3):
        g = run(players, {}, {"difficulty": "engineer"} if players == 1 else {}, seed, agents="greedy",
                max_rounds=60, check_every=5)
        reasons[g.end_reason] += 1
        deliveries += sum(r["deliveries"] for r in g.summary())
    assert deliveries > 0
    assert reasons["cities"] + reasons["olivia-region-full"] > 0


def test_replay_save_load_and_undo_are_exact(tmp_path):
    for players, rules, options in [(3, {"coal": True, "order_tiles": True}, {}), (1, {"mountains": "hard"}, {"difficulty": "investor"}),
                                    (4, {"starting_powers": True}, {})]:
        g = run(players, rules, options, seed=5, check_every=50)
        again = g.replay(g.log)
        assert again.summary() == g.summary()
        assert [again.observe(s) for s in range(players)] == [g.observe(s) for s in range(players)]
        path = g.save(tmp_path / "game.json")
        loaded = SteamRollers.load(path)
        assert loaded.summary() == g.summary() and [str(a) for a in loaded.log] == [str(a) for a in g.log]
        data = json.loads(path.read_text())
        assert data["game"] == "steam-rollers" and data["options"] == options
        before = g.observe(0)
        n = len(g.log)
        g.undo(3)
        assert len(g.log) == n - 3
        for a in again.log[n - 3:]:
            g.apply(a)
        assert g.observe(0) == before


def test_seeded_games_are_reproducible():
    a = run(3, {}, {}, seed=9, check_every=99)
    b = run(3, {}, {}, seed=9, check_every=99)
    assert [str(x) for x in a.log] == [str(x) for x in b.log] and a.summary() == b.summary()
    c = run(3, {}, {}, seed=10, check_every=99)
    assert [str(x) for x in a.log] != [str(x) for x in c.log]


def test_observation_is_json_and_hides_the_bag():
    g = SteamRollers({"coal": True}, players=3, seed=1)
    obs = g.observe(1)
    json.dumps(obs)
    assert "bag" not in obs and obs["bag_count"] == sum(g.bag.values())
    assert obs["seat"] == 1 and len(obs["players_view"]) == 3


def test_spec_and_agents():
    spec = get_spec("steam-rollers")
    assert (spec.min_players, spec.max_players) == (1, 5)
    assert set(spec.agents()) == set(AGENTS) == {"random", "greedy", "easy", "medium", "hard", "mcts"}
    g = spec.new_game(spec.make_rules("all-modules"), players=3, seed=2)
    play(g, [spec.make_agent("random", i) for i in range(3)])
    assert g.is_over
    for preset in spec.presets:
        spec.make_rules(preset)


def test_summary_columns():
    g = run(1, {}, {"difficulty": "rail-baron"}, seed=2, check_every=99)
    row = g.summary()[0]
    for col in ("seat", "score", "win", "rank", "turns", "delivery_points", "network_points", "engine_bonus", "tile_vp",
                "deliveries", "engine", "olivia_score", "difficulty"):
        assert col in row
    assert row["difficulty"] == "rail-baron" and isinstance(row["olivia_score"], int)
    for v in row.values():
        assert v is None or isinstance(v, (int, float, str, bool)) or (isinstance(v, list) and all(isinstance(x, str) for x in v))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 5), st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_any_sequence_of_legal_actions_keeps_the_state_sound(players, seed, picks):
    g = SteamRollers({"max_rounds": 8}, players=players, seed=seed)
    for p in picks:
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[p % len(legal)])
        conserved(g)
    recount(g)


@pytest.mark.slow
@pytest.mark.parametrize("players, rules, options", CONFIGS)
def test_many_random_playouts(players, rules, options, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long conformance run: select it with -m slow")
    for seed in range(100, 160):
        run(players, rules, options, seed, check_every=7)


def test_two_thousand_quick_playouts():
    """2,000 short random games on the fast path (6 rounds each), over every player count,
    module and solo level; conservation and the score recount are checked at the end."""
    levels = sorted(DIFFICULTIES)
    for seed in range(2000):
        players = 1 + seed % 5
        if players == 1:
            rules, options = {"mountains": ("none", "medium", "hard")[seed % 3]}, {"difficulty": levels[seed % 6]}
        else:
            rules, options = dict(MODULES[seed % len(MODULES)]), {}
        rules["max_rounds"] = 6
        g = SteamRollers(rules, players=players, seed=seed, **options)
        play(g, [RandomAgent(seed + i) for i in range(players)], checked=False)
        assert g.is_over
        conserved(g)
        recount(g)
